#!/usr/bin/env bash
# Times `fourinrow solve` beside other Connect Four solvers on the same
# positions, in one run, as a user runs them: `cut -d' ' -f1 SET | PROGRAM`,
# whole processes. Prints a Markdown table: each program's mean and median
# time a position, and whether its scores equal the first program's.
#
#   tools/solver-bench.sh [--pons PATH/TO/c4solver] [--bitbully PYTHON] [--c4ai]
#                         [--fourinrow PATH] [SET.txt ...]
#
# The programs, in this order: Pascal Pons' c4solver (with --pons; no
# opening book), fourinrow solve --no-book, fourinrow solve (its built-in
# opening book), and with --bitbully (a python3 that has the PyPI packages
# bitbully and bitbully-databases) BitBully with its 12-ply book and
# without a book, through tools/bitbully_solve.py, and with --c4ai
# benjaminrall's connect-four-ai crate with its depth-8 book and without,
# through tools/c4ai-solve (built first; its own crate, not fourinrow's).
# SET files hold `MOVES SCORE` lines (7x6). Without any, the repository's own
# test sets are used (tests/fixtures/solver/). `--fourinrow` defaults to target/release/fourinrow,
# built first if it is missing. Exits 2, with an error line, on a wrong path.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
pons=""
ours=""
bitbully=""
c4ai=""
sets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --pons) pons="${2:-}"; shift 2 || { echo "solver-bench: --pons needs a path" >&2; exit 2; } ;;
        --pons=*) pons="${1#--pons=}"; shift ;;
        --bitbully) bitbully="${2:-}"; shift 2 || { echo "solver-bench: --bitbully needs a python" >&2; exit 2; } ;;
        --bitbully=*) bitbully="${1#--bitbully=}"; shift ;;
        --c4ai) c4ai=yes; shift ;;
        --fourinrow) ours="${2:-}"; shift 2 || { echo "solver-bench: --fourinrow needs a path" >&2; exit 2; } ;;
        --fourinrow=*) ours="${1#--fourinrow=}"; shift ;;
        -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "solver-bench: unknown option '$1'" >&2; exit 2 ;;
        *) sets+=("$1"); shift ;;
    esac
done
if [ -n "$pons" ] && { [ ! -x "$pons" ] || [ -d "$pons" ]; }; then
    echo "solver-bench: $pons: not an executable file" >&2
    exit 2
fi
if [ -n "$bitbully" ] && ! "$bitbully" -c 'import bitbully, bitbully_databases' 2>/dev/null; then
    echo "solver-bench: $bitbully cannot import bitbully and bitbully_databases (pip install bitbully bitbully-databases)" >&2
    exit 2
fi
if [ -z "$ours" ]; then
    ours="$root/target/release/fourinrow"
    [ -x "$ours" ] || (cd "$root" && cargo build --release --quiet)
fi
if [ ! -x "$ours" ] || [ -d "$ours" ]; then
    echo "solver-bench: $ours: not an executable file" >&2
    exit 2
fi
if [ ${#sets[@]} -eq 0 ]; then
    for name in end-easy middle-easy middle-medium begin-easy begin-medium begin-hard; do
        f="$root/tests/fixtures/solver/$name.txt"
        [ -f "$f" ] && sets+=("$f")
    done
fi
if [ ${#sets[@]} -eq 0 ]; then
    echo "solver-bench: no test sets found; name SET.txt files on the command line" >&2
    exit 2
fi
for set in "${sets[@]}"; do
    if [ ! -f "$set" ] || [ ! -r "$set" ]; then
        echo "solver-bench: $set: no such readable file" >&2
        exit 2
    fi
done
# Each program is one command line, quoted for the shell-like split of the timer.
q() { printf '%q' "$1"; }
programs=()
if [ -n "$pons" ]; then programs+=(--program c4solver "$(q "$pons")"); fi
programs+=(--program "fourinrow --no-book" "$(q "$ours") solve --no-book")
programs+=(--program "fourinrow" "$(q "$ours") solve")
if [ -n "$bitbully" ]; then
    bb="$(q "$bitbully") $(q "$here/bitbully_solve.py")"
    programs+=(--program "BitBully 12-ply book" "$bb")
    programs+=(--program "BitBully --no-book" "$bb --no-book")
fi
if [ -n "$c4ai" ]; then
    (cd "$here/c4ai-solve" && cargo build --release --quiet)
    c4="$(q "$here/c4ai-solve/target/release/c4ai-solve")"
    programs+=(--program "connect-four-ai depth-8 book" "$c4")
    programs+=(--program "connect-four-ai --no-book" "$c4 --no-book")
fi
exec python3 "$here/solver_bench_time.py" "${programs[@]}" "${sets[@]}"
