#!/usr/bin/env bash
# Sets up what fourinrow needs (once) and plays. Options go to the game:
#   ./play.sh --difficulty 3 --seed 7     (see ./play.sh --help)
set -euo pipefail
cd "$(dirname "$0")"
scripts/ensure-deps.sh
exec cargo run --release --quiet -- "$@"
