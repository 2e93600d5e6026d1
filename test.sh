#!/usr/bin/env bash
# Sets up what the tests need (once) and runs them all: the unit and parity
# tests (`cargo test`), and a check that the committed images are exactly
# what tools/make-images draws.
set -euo pipefail
cd "$(dirname "$0")"
scripts/ensure-deps.sh --test
cargo test --release
cargo run --release --quiet --manifest-path tools/make-images/Cargo.toml -- --check images/
echo "test.sh: all tests passed"
