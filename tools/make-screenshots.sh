#!/usr/bin/env bash
# Makes the README's screenshots with the program itself: each replay script
# in docs/screenshots/ is played headless with the options below, and its
# last frame is kept as docs/screenshots/NAME.png (docs/screenshot.png for
# the game itself).
#
# Usage: tools/make-screenshots.sh [--out DIR]
#
# Run it after `cargo build --release` (it plays target/release/fourinrow).
# --out DIR writes DIR/screenshot.png and DIR/screenshots/NAME.png instead
# of into docs/ (to compare them with the committed ones, say). A usage
# error is one line, with exit status 2; a screenshot the port refuses to
# make is named with the port's reason, the others are still made, and the
# exit status is 1.
set -euo pipefail
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
fail() { echo "make-screenshots.sh: $*" >&2; exit 2; }
out=""
while [ $# -gt 0 ]; do
    case $1 in
        -h | --help) usage; exit 0 ;;
        --out) [ $# -ge 2 ] || fail "--out needs a folder"; out=$(realpath -m "$2"); shift 2 ;;
        *) fail "unknown argument $1 (see --help)" ;;
    esac
done
cd "$(dirname "$0")/.."
out=${out:-docs}
bin=target/release/fourinrow
[ -x "$bin" ] || fail "no $bin: run cargo build --release first"
mkdir -p "$out/screenshots"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
shoot() {  # NAME OUTPUT OPTIONS...: plays docs/screenshots/NAME.json, keeps its last frame
    local name=$1 to=$2 frames error game=()
    shift 2
    case $name in gobang-*) game=(gobang) ;; esac
    # A fresh folder per shot: the port will not dump frames into a folder in use.
    frames="$work/$(basename "$to" .png)"
    if ! error=$(SDL_VIDEODRIVER=dummy "$bin" "${game[@]}" --replay "docs/screenshots/$name.json" "$@" \
                 --dump-frames "$frames" 2>&1 >/dev/null); then
        echo "make-screenshots.sh: $to not made: $(head -n 1 <<<"$error")" >&2
        failed=$((failed + 1))
        return 0
    fi
    cp "$(ls "$frames"/frame-*.png | tail -n 1)" "$to"
    echo "$to"
}
shoot game "$out/screenshot.png"
shoot game "$out/screenshots/explain.png" --explain --moves
shoot hint "$out/screenshots/hint.png"
shoot two-player "$out/screenshots/two-player.png" --two-player
shoot lab "$out/screenshots/lab.png" --preset lab --moves
shoot gobang-show-wins "$out/screenshots/gobang-show-wins.png" --two-player --show-wins
[ "$failed" = 0 ] || { echo "make-screenshots.sh: $failed screenshot(s) not made" >&2; exit 1; }
