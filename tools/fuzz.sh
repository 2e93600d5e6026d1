#!/usr/bin/env bash
# Fuzzes every parser and loader that reads a user's file, with cargo-fuzz
# (libFuzzer, AddressSanitizer): load_png, parse_record, parse_script,
# parse_board, read_lines, parse_book (fuzz/fuzz_targets/, their checks in
# fuzz/checks.rs).
#
#   tools/fuzz.sh [SECONDS]    each target for SECONDS (default 300), after
#                              running each of its inputs once
#   tools/fuzz.sh --replay     every input once through its target, no fuzzing
#
# Each target starts from its committed inputs (fuzz/inputs/TARGET/, and
# tests/scripts/ for parse_script) and from what earlier runs found
# (fuzz/corpus/TARGET/, not committed). A crash is saved under
# fuzz/artifacts/TARGET/ and fails the run; replay it with
#   RUSTC_BOOTSTRAP=1 cargo fuzz run TARGET fuzz/artifacts/TARGET/crash-...
# then minimise it (cargo fuzz tmin), fix the fault, and add the input to
# fuzz/inputs/TARGET/ (or to tests/common/bad.rs, which makes most of them).
#
# Needs cargo-fuzz (`cargo install cargo-fuzz`). cargo fuzz wants a nightly
# compiler; RUSTC_BOOTSTRAP=1 lets a stable one accept its flags.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"

seconds=300
replay=no
case "${1:-}" in
    --replay) replay=yes ;;
    "") ;;
    *[!0-9]*) echo "usage: tools/fuzz.sh [SECONDS | --replay]" >&2; exit 2 ;;
    *) seconds=$1 ;;
esac
if ! command -v cargo-fuzz >/dev/null 2>&1; then
    echo "tools/fuzz.sh: needs cargo-fuzz: cargo install cargo-fuzz" >&2
    exit 1
fi
export RUSTC_BOOTSTRAP=1
targets=(load_png parse_record parse_script parse_board read_lines parse_book)

started=$(date +%s)
cargo fuzz build
echo "fuzz: built the targets in $(( $(date +%s) - started )) s"

failed=()
for target in "${targets[@]}"; do
    dirs=("inputs/$target")
    [ "$target" = parse_script ] && dirs+=(../tests/scripts)
    t0=$(date +%s)
    if [ "$replay" = yes ]; then
        # -runs=0 runs the corpus once and stops.
        flags=(-runs=0)
    else
        mkdir -p "corpus/$target"
        dirs=("corpus/$target" "${dirs[@]}")
        # A hang is an input that takes over 10 s; a malloc over 2 GB fails too.
        flags=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1)
    fi
    if cargo fuzz run "$target" "${dirs[@]}" -- "${flags[@]}" >"/tmp/fourinrow-fuzz-$target.log" 2>&1; then
        runs=$(grep -o 'Done [0-9]* runs' "/tmp/fourinrow-fuzz-$target.log" | tail -1 || true)
        echo "fuzz: $target passed (${runs:-ran}, $(( $(date +%s) - t0 )) s)"
    else
        failed+=("$target")
        echo "fuzz: $target FAILED ($(( $(date +%s) - t0 )) s); the end of /tmp/fourinrow-fuzz-$target.log:"
        grep -v '^ *#[0-9]* *0x\|^ *at \|^ *[0-9]*: ' "/tmp/fourinrow-fuzz-$target.log" | tail -25
    fi
done
echo "fuzz: ${#targets[@]} targets, $(( ${#targets[@]} - ${#failed[@]} )) passed, in $(( $(date +%s) - started )) s"
[ "${#failed[@]}" -eq 0 ]
