#!/usr/bin/env bash
# Sets up what the tests need (once) and runs them all: the unit and parity
# tests (`cargo test`), a check that the committed images are exactly what
# tools/make-images draws, and the end-to-end test of the real window
# (tests/e2e/run.sh: the release binary under Xvfb, driven with xdotool).
# docs/testing.md says what each of them checks.
set -euo pipefail
cd "$(dirname "$0")"
scripts/ensure-deps.sh --test
# The test profile is optimised (Cargo.toml) and keeps overflow checks on.
cargo test
cargo run --release --quiet --manifest-path tools/make-images/Cargo.toml -- --check images/
cargo build --release
if command -v Xvfb >/dev/null 2>&1 && command -v xdotool >/dev/null 2>&1; then
    tests/e2e/run.sh
    echo "test.sh: all tests passed"
else
    echo "test.sh: SKIPPED the end-to-end window test (tests/e2e/run.sh): it needs Xvfb and xdotool" \
         "(scripts/ensure-deps.sh --test installs them on Debian and Ubuntu)"
    echo "test.sh: all other tests passed"
fi
