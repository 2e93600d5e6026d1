#!/usr/bin/env bash
# Makes sure this machine can build fourinrow: a Rust toolchain and the
# SDL2, SDL2_image and SDL2_ttf development libraries. On Debian and Ubuntu
# it installs the missing packages with apt-get (through sudo when not
# root); elsewhere it says what to install. Used by ./play.sh, ./test.sh
# and .ci/run; safe to run again.
#
#   scripts/ensure-deps.sh          what the build needs
#   scripts/ensure-deps.sh --test   also what the end-to-end window test
#                                   needs (Xvfb, xdotool, ImageMagick,
#                                   python3); where they cannot be
#                                   installed it says so loudly and goes on
#                                   (./test.sh then skips that test, loudly)
#   scripts/ensure-deps.sh --ci     the same, plus python3's venv for the
#                                   parity scripts and g++ for the fuzz
#                                   targets, and anything missing is an
#                                   error: CI never skips a test
set -euo pipefail

mode=build
case "${1:-}" in
    --test) mode=test ;;
    --ci) mode=ci ;;
    "") ;;
    *) echo "usage: scripts/ensure-deps.sh [--test | --ci]" >&2; exit 2 ;;
esac

say() { printf 'fourinrow setup: %s\n' "$*" >&2; }
loud() { printf '\n*** fourinrow setup: %s\n\n' "$*" >&2; }

if ! command -v cargo >/dev/null 2>&1; then
    say "no Rust toolchain found: install it from https://rustup.rs (then open a new shell) and run this again."
    exit 1
fi

packages=(libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev)
# The commands the end-to-end test runs, and the Debian packages that hold them.
tools=(Xvfb xdotool import python3)
if [ "$mode" != build ]; then
    packages+=(xvfb xdotool imagemagick x11-utils python3)
fi
if [ "$mode" = ci ]; then
    # The parity scripts' venv; g++ for libFuzzer, which the fuzz targets build.
    packages+=(python3-venv g++)
fi

# The test tools that are not on this machine.
missing_tools() {
    local t
    for t in "${tools[@]}"; do
        command -v "$t" >/dev/null 2>&1 || printf '%s ' "$t"
    done
}

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
else
    # Not Debian or Ubuntu: the libraries must be there already.
    if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists sdl2 SDL2_image SDL2_ttf; then
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
    fi
fi

if [ "$mode" != build ]; then
    absent=$(missing_tools)
    if [ -n "$absent" ]; then
        if [ "$mode" = ci ]; then
            say "the end-to-end test needs these, still missing after the set-up: ${absent}(CI does not skip it)."
            exit 1
        fi
        loud "the end-to-end window test cannot run, missing: ${absent}(install Xvfb, xdotool, ImageMagick and python3 with your package manager). ./test.sh will SKIP it."
    fi
fi
if [ "$mode" = ci ] && ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
    say "python3 cannot make a venv (Debian: apt-get install python3-venv); the parity scripts need one for pygame."
    exit 1
fi
exit 0
