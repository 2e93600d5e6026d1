#!/usr/bin/env bash
# Makes the README's screenshots with the program itself: each replay script
# in docs/screenshots/ is played headless with the options below, and its
# last frame is kept as docs/screenshots/NAME.png (docs/screenshot.png for
# the game itself).  Run from the project's root after `cargo build --release`.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=target/release/fourinrow
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
shoot() {  # NAME OUTPUT OPTIONS...
    local name=$1 out=$2
    shift 2
    SDL_VIDEODRIVER=dummy "$bin" --replay "docs/screenshots/$name.json" "$@" --dump-frames "$work/$name" >/dev/null
    cp "$(ls "$work/$name"/frame-*.png | tail -n 1)" "$out"
    echo "$out"
}
shoot game docs/screenshot.png
shoot game docs/screenshots/explain.png --explain --moves
shoot hint docs/screenshots/hint.png
shoot two-player docs/screenshots/two-player.png --two-player
shoot lab docs/screenshots/lab.png --preset lab --moves
