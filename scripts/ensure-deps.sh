#!/usr/bin/env bash
# Makes sure this machine can build fourinrow: a Rust toolchain and the
# SDL2, SDL2_image and SDL2_ttf development libraries. On Debian and Ubuntu
# it installs the missing packages with apt-get (through sudo when not
# root); elsewhere it says what to install. With `--test`, it also installs
# what the real-window tests use (Xvfb, xdotool, ImageMagick).
# Used by ./play.sh and ./test.sh; safe to run again.
set -euo pipefail

want_test_tools=no
[ "${1:-}" = "--test" ] && want_test_tools=yes

say() { printf 'fourinrow setup: %s\n' "$*" >&2; }

if ! command -v cargo >/dev/null 2>&1; then
    say "no Rust toolchain found: install it from https://rustup.rs (then open a new shell) and run this again."
    exit 1
fi

packages=(libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev)
if [ "$want_test_tools" = yes ]; then
    packages+=(xvfb xdotool imagemagick x11-utils)
fi

if command -v apt-get >/dev/null 2>&1 && command -v dpkg-query >/dev/null 2>&1; then
    missing=()
    for p in "${packages[@]}"; do
        if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$p")
        fi
    done
    if [ "${#missing[@]}" -gt 0 ]; then
        if [ "$(id -u)" -eq 0 ]; then
            sudo=()
        elif command -v sudo >/dev/null 2>&1; then
            sudo=(sudo)
        else
            say "missing packages: ${missing[*]}; install them as root (apt-get install ${missing[*]}) and run this again."
            exit 1
        fi
        say "installing ${missing[*]}"
        "${sudo[@]}" apt-get update -qq
        DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
    fi
    exit 0
fi

# Not Debian or Ubuntu: carry on if the libraries are already there.
if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists sdl2 SDL2_image SDL2_ttf; then
    exit 0
fi
case "$(uname -s)" in
    Darwin)
        say "install the SDL2 libraries with Homebrew:  brew install sdl2 sdl2_image sdl2_ttf"
        say "then let the linker find them:  export LIBRARY_PATH=\"\$(brew --prefix)/lib:\${LIBRARY_PATH:-}\"" ;;
    *)
        if command -v dnf >/dev/null 2>&1; then
            say "install the SDL2 libraries:  sudo dnf install SDL2-devel SDL2_image-devel SDL2_ttf-devel"
        elif command -v pacman >/dev/null 2>&1; then
            say "install the SDL2 libraries:  sudo pacman -S sdl2 sdl2_image sdl2_ttf"
        else
            say "install the development files of SDL2, SDL2_image and SDL2_ttf with your package manager"
        fi ;;
esac
say "(could not confirm they are installed: no apt-get, and pkg-config does not list sdl2, SDL2_image, SDL2_ttf)"
exit 1
