#!/usr/bin/env bash
# Sets up what the tests need (once) and runs them all: the unit and
# integration tests (`cargo test`), a check that the committed images are
# exactly what tools/make-images draws, and the end-to-end test of the real
# window (tests/e2e/run.sh: the release binary under Xvfb, driven with
# xdotool). docs/testing.md says what each of them checks.
#
# Where Xvfb, xdotool, ImageMagick or python3 cannot be installed, the
# end-to-end test is skipped, and the last line says so. With
# FOURINROW_CI=1 (as .ci/run sets it) nothing is skipped: missing tools are
# an error.
set -euo pipefail
cd "$(dirname "$0")"
ci=${FOURINROW_CI:-}
if [ -n "$ci" ]; then
    scripts/ensure-deps.sh --ci
else
    scripts/ensure-deps.sh --test
fi
# The test profile is optimised (Cargo.toml) and keeps overflow checks on.
cargo test
cargo run --release --quiet --manifest-path tools/make-images/Cargo.toml -- --check images/
cargo build --release
missing=()
for tool in Xvfb xdotool import python3; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ "${#missing[@]}" -eq 0 ]; then
    tests/e2e/run.sh
    echo "test.sh: all tests passed, the end-to-end window test included"
elif [ -n "$ci" ]; then
    echo "test.sh: FAILED: the end-to-end window test needs ${missing[*]}" >&2
    exit 1
else
    echo
    echo "*** test.sh: SKIPPED the end-to-end window test (tests/e2e/run.sh): ${missing[*]} missing."
    echo "*** Install Xvfb, xdotool, ImageMagick and python3 to run it (scripts/ensure-deps.sh --test"
    echo "*** does it on Debian and Ubuntu)."
    echo "*** test.sh: every other test passed; the window itself was NOT tested."
fi
