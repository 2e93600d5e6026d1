#!/usr/bin/env bash
# Times `fourinrow solve` beside Pascal Pons' c4solver on the same positions,
# in one run, as a user runs them: `cut -d' ' -f1 SET | PROGRAM`, whole
# processes, no opening book on either side. Prints a Markdown table.
#
#   tools/solver-bench.sh --pons PATH/TO/c4solver [--fourinrow PATH] [SET.txt ...]
#
# SET files hold `MOVES SCORE` lines (7x6). Without any, the repository's own
# test sets are used (tests/fixtures/solver/). `--fourinrow` defaults to target/release/fourinrow,
# built first if it is missing. Exits 2, with an error line, on a wrong path.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
pons=""
ours=""
sets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --pons) pons="${2:-}"; shift 2 || { echo "solver-bench: --pons needs a path" >&2; exit 2; } ;;
        --pons=*) pons="${1#--pons=}"; shift ;;
        --fourinrow) ours="${2:-}"; shift 2 || { echo "solver-bench: --fourinrow needs a path" >&2; exit 2; } ;;
        --fourinrow=*) ours="${1#--fourinrow=}"; shift ;;
        -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "solver-bench: unknown option '$1'" >&2; exit 2 ;;
        *) sets+=("$1"); shift ;;
    esac
done
if [ -z "$pons" ]; then
    echo "solver-bench: --pons PATH/TO/c4solver is required" >&2
    exit 2
fi
if [ ! -x "$pons" ] || [ -d "$pons" ]; then
    echo "solver-bench: $pons: not an executable file" >&2
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
exec python3 "$here/solver_bench_time.py" "$pons" "$ours" "${sets[@]}"
