#!/usr/bin/env bash
# Tests the comparison kit (tools/compare.py) end to end, as a learner uses
# it, on the copy of the Python original named by $REFERENCE (CI passes the
# copy it keeps; a learner passes theirs):
#
#   1. the kit's unit tests (tests/compare/test_kit.py);
#   2. the tutorial's layout: a copy of the original, alone in a folder (so
#      the port's images are used): everything must match, and the folder
#      must be left exactly as it was;
#   3. Sweigart's layout: a variant made now by make_sweigart.py (set-up in
#      main(), no prints, 4row_red.png ... beside the file) with other
#      artwork (tests/fixtures/odd-images): everything must match, with the
#      learner's images (every AI position; three scripts that between them
#      play two games, a human win, a computer win, Esc, mistakes and a
#      close, to keep the run short);
#   4. a wrong copy (make_mutant.py): the kit must say what differs (exit 1),
#      and its code page is made from a fixture of Rust twins; and a copy
#      that raises an exception: the kit carries on and names the line;
#   5. each report opened from disk in headless Chromium (check_report.py:
#      screenshots, pixels, the DOM);
#   6. the one-line errors (exit 2): not the game, a missing image, no port,
#      a full --out folder, no pygame, no Pygments, --live with no display;
#   7. --live under Xvfb: two windows, where they were asked for.
#
# Prints PASS or FAIL per check and exits 1 if any failed. The screenshots
# are kept in $SHOTS (default: a folder it names at the end). Needs the
# release binary (cargo build --release), python3 with pygame and Pygments,
# chromium, Xvfb, xdotool and ImageMagick.
set -uo pipefail
cd "$(dirname "$0")/../.."
export PYTHONDONTWRITEBYTECODE=1 PYGAME_HIDE_SUPPORT_PROMPT=1
started=$(date +%s)

REFERENCE=${REFERENCE:-}
BIN=target/release/fourinrow
if [ -z "$REFERENCE" ]; then
    echo "compare test: FAIL: REFERENCE is not set: run REFERENCE=path/to/fourinrow.py tests/compare/run.sh"
    exit 1
fi
if [ ! -f "$REFERENCE" ]; then
    echo "compare test: FAIL: no Python original at REFERENCE=$REFERENCE"
    exit 1
fi
REFERENCE=$(realpath "$REFERENCE")
for tool in python3 Xvfb xdotool import; do
    command -v "$tool" >/dev/null || { echo "compare test: FAIL: $tool is missing (scripts/ensure-deps.sh --test installs it)"; exit 1; }
done
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
[ -x "$CHROMIUM" ] || { echo "compare test: FAIL: no $CHROMIUM (apt-get install chromium, or set CHROMIUM)"; exit 1; }
python3 -c 'import pygame, pygments' 2>/dev/null || { echo "compare test: FAIL: needs pip install pygame==2.6.1 pygments"; exit 1; }
[ -x "$BIN" ] || { echo "compare test: FAIL: no $BIN: run cargo build --release first"; exit 1; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/compare-test.XXXXXX")
SHOTS=${SHOTS:-$WORK/shots}
mkdir -p "$SHOTS"
XVFB_PID="" LIVE_PID=""
checks=0 failures=0
pass() { checks=$((checks + 1)); printf 'PASS  %s\n' "$*"; }
fail() { checks=$((checks + 1)); failures=$((failures + 1)); printf 'FAIL  %s\n' "$*"; }
step() { printf '\n--- %s (%ds)\n' "$*" "$(( $(date +%s) - started ))"; }
cleanup() {
    [ -n "$LIVE_PID" ] && kill "$LIVE_PID" 2>/dev/null
    [ -n "$XVFB_PID" ] && kill "$XVFB_PID" 2>/dev/null
    wait 2>/dev/null
    if [ "$failures" -gt 0 ] || [ -n "${KEEP:-}" ]; then
        echo "compare test: work files in $WORK"
    elif [[ "$SHOTS" == "$WORK"/* ]]; then
        find "$WORK" -mindepth 1 -maxdepth 1 ! -path "$SHOTS" -exec rm -rf {} +
    else
        rm -rf "$WORK"
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

COMPARE=(nice -n 5 python3 tools/compare.py)

# snapshot DIR: every file's path and hash, and every folder: to see that
# the kit left a learner's folder as it was.
snapshot() { (cd "$1" && find . | sort && find . -type f -exec sha1sum {} + | sort); }

# run_kit NAME EXPECTED_STATUS ARGS...: runs the kit, output in $WORK/NAME.out.
run_kit() {
    local name=$1 want=$2 rc=0 t0
    shift 2
    t0=$(date +%s)
    "${COMPARE[@]}" "$@" >"$WORK/$name.out" 2>"$WORK/$name.err" || rc=$?
    LAST=$(tail -n 1 "$WORK/$name.out")
    if [ "$rc" -eq "$want" ]; then
        pass "$name: exit status $rc in $(( $(date +%s) - t0 )) s; last line: $LAST"
    else
        fail "$name: exit status $rc, expected $want; stderr: $(head -c 400 "$WORK/$name.err")"
    fi
}

# summary REPORT EXPR: a Python expression on the report's summary.json (as s).
summary() { python3 -c "import json,sys; s=json.load(open(sys.argv[1]+'/summary.json')); print(repr(($2)))" "$1"; }

step "unit tests"
if REFERENCE=$REFERENCE SDL_VIDEODRIVER=dummy python3 -m unittest discover -s tests/compare 2>"$WORK/unit.err"; then
    pass "unit tests: $(tail -n 3 "$WORK/unit.err" | grep '^Ran')"
else
    fail "unit tests:"; cat "$WORK/unit.err"
fi

PY=$(python3 -c 'import platform; print(platform.python_version())')

step "the tutorial's layout"
mkdir -p "$WORK/tutorial"
cp "$REFERENCE" "$WORK/tutorial/fourinrow.py"
before=$(snapshot "$WORK/tutorial")
run_kit tutorial 0 "$WORK/tutorial/fourinrow.py" --out "$WORK/report-tutorial"
scripts=$(summary "$WORK/report-tutorial" "sum(not x['extras'] for x in s['scripts'])")
positions=$(summary "$WORK/report-tutorial" "s['ai']['total']")
expect="compare: Python $PY: ai $positions/$positions positions, frames $scripts/$scripts scripts identical"
[ "$LAST" = "$expect" ] && [ "$positions" -ge 300 ] && pass "tutorial: $expect" || fail "tutorial: last line '$LAST'"
[ "$(summary "$WORK/report-tutorial" "s['setup_in'], s['images']['learners']")" = "(None, False)" ] \
    && pass "tutorial: module-level set-up found; no images beside it, so the port's were used" \
    || fail "tutorial: summary says $(summary "$WORK/report-tutorial" "s['setup_in'], s['images']")"
[ "$(snapshot "$WORK/tutorial")" = "$before" ] && pass "tutorial: the learner's folder is unchanged" \
    || fail "tutorial: the learner's folder changed"
[ "$(summary "$WORK/report-tutorial" "s['python'], s['port_python']")" = "('$PY', '${PY%.*}')" ] \
    && pass "tutorial: the port computed Python ${PY%.*}'s sum(), the version that ran the game" \
    || fail "tutorial: summary says $(summary "$WORK/report-tutorial" "s['python'], s['port_python']")"
left=$(summary "$WORK/report-tutorial" "[x.split()[0] for x in s['left_out']]")
[ "$left" = "['docs/screenshots/gobang-show-wins.json', 'docs/screenshots/lab.json', 'docs/screenshots/two-player.json']" ] \
    && pass "tutorial: the scripts for --preset lab and --two-player, and Gobang's, left out, and said so" \
    || fail "tutorial: left out $left"
grep -q '^frames \[1/[0-9]* scripts, [0-9]*/[0-9]* frames, .*\] tests/scripts/.*x.*, difficulty .* frames: ' "$WORK/tutorial.out" \
    && grep -q '^ai \[[0-9]*/[0-9]* positions, ' "$WORK/tutorial.out" \
    && pass "tutorial: progress as it goes, with counts and the time left" \
    || fail "tutorial: no progress lines: $(head -5 "$WORK/tutorial.out")"
extras=$(summary "$WORK/report-tutorial" "[x['slug'] for x in s['scripts'] if x['extras']]")
[ "$extras" = "['docs-hint']" ] && pass "tutorial: hint.json (keys for the extras) reported apart, not counted" \
    || fail "tutorial: extras are $extras"
size=$(du -sm "$WORK/report-tutorial" | cut -f1)
[ "$size" -le 60 ] && pass "tutorial: the report is $size MB" || fail "tutorial: the report is $size MB (limit 60)"

step "Sweigart's layout, with other artwork"
python3 tests/compare/make_sweigart.py "$REFERENCE" "$WORK/sweigart" --images tests/fixtures/odd-images >/dev/null
before=$(snapshot "$WORK/sweigart")
run_kit sweigart 0 "$WORK/sweigart/fourinarow.py" --out "$WORK/report-sweigart" \
    --script human-wins-5x5 --script computer-wins-escape --script mistakes-and-quit
expect3="compare: Python $PY: ai $positions/$positions positions, frames 3/3 scripts identical"
[ "$LAST" = "$expect3" ] && pass "sweigart: $expect3" || fail "sweigart: last line '$LAST'"
[ "$(summary "$WORK/report-sweigart" "s['setup_in'], s['caption'], s['images']['learners']")" = "('main', 'Four in a Row', True)" ] \
    && pass "sweigart: set-up in main() found; its own images (4row_red.png ... beside it) used" \
    || fail "sweigart: summary says $(summary "$WORK/report-sweigart" "s['setup_in'], s['caption'], s['images']")"
[ "$(snapshot "$WORK/sweigart")" = "$before" ] && pass "sweigart: the learner's folder is unchanged" \
    || fail "sweigart: the learner's folder changed"

step "--quick, and --overwrite of a report"
started_quick=$(date +%s)
run_kit quick 0 "$WORK/tutorial/fourinrow.py" --out "$WORK/report-tutorial" --overwrite --quick
took=$(( $(date +%s) - started_quick ))
[[ "$LAST" =~ ^compare:\ Python\ $PY:\ ai\ 40/40\ positions,\ frames\ 1/1\ scripts\ identical\ \(quick ]] \
    && grep -q '^compare: left out: 320 of the 360 AI positions' "$WORK/quick.out" \
    && pass "quick: $LAST, in $took s, saying what it left out" || fail "quick: last line '$LAST'"
[ "$(summary "$WORK/report-tutorial" "len(s['scripts'])")" = 1 ] \
    && pass "quick: --overwrite replaced the earlier report" || fail "quick: the report was not replaced"
ls -a "$WORK" | grep -q '\.part-\|\.old-' && fail "quick: left a .part or .old folder" \
    || pass "quick: nothing left beside the report"

step "a wrong copy"
python3 tests/compare/make_mutant.py "$REFERENCE" "$WORK/mutant/fourinrow.py" >/dev/null
run_kit mutant 1 "$WORK/mutant/fourinrow.py" --out "$WORK/report-mutant" --script human-wins-5x5 \
    --positions 60 --rust-src tests/compare/fixtures/rust-src
if [[ "$LAST" =~ ^compare:\ Python\ [0-9.]+:\ ai\ ([0-9]+)/60\ positions,\ frames\ 0/1\ scripts\ identical$ ]] && [ "${BASH_REMATCH[1]}" -lt 60 ]; then
    pass "mutant: found out: $LAST"
else
    fail "mutant: last line '$LAST'"
fi

# A copy whose getComputerMove raises: the kit must carry on and say where.
python3 tests/compare/make_mutant.py --raises "$REFERENCE" "$WORK/raises/fourinrow.py" >/dev/null
run_kit raises 1 "$WORK/raises/fourinrow.py" --out "$WORK/report-raises" --script quit-during-animation --positions 5
line=$(grep '^frames ' "$WORK/raises.out")
[[ "$line" =~ failed:\ game,\ after\ 0\ frames:\ ZeroDivisionError:\ .*\(line\ [0-9]+,\ in\ getComputerMove\) ]] \
    && pass "raises: the exception and its line are reported: $line" || fail "raises: $line"

step "the reports in a browser"
check() {  # NAME ARGS...: check_report.py, its lines folded into ours
    local name=$1 line
    shift
    while IFS= read -r line; do
        case $line in
            PASS*) pass "$name: ${line#PASS  }" ;;
            FAIL*) fail "$name: ${line#FAIL  }" ;;
        esac
    done < <(CHROMIUM=$CHROMIUM python3 tests/compare/check_report.py "$@" --port "$BIN" --shots "$SHOTS/$name" 2>&1)
}
# Once src/ marks its twins (`/// Python: name(args)` first in a doc comment),
# every function of the original must have one on the code page.
marked=$(python3 -c "import sys; sys.path.insert(0, 'tools'); from sidebyside.twins import find_twins
print(len({t.python_name for t in find_twins('src') if t.is_function and '.' not in t.python_name}))")
if [ "$marked" -gt 0 ]; then
    PAIRED=drawBoard,getNewBoard,getPotentialMoves,getHumanMove,animateComputerMoving,getComputerMove
    PAIRED=$PAIRED,getLowestEmptySpace,makeMove,animateDroppingToken,isValidMove,isBoardFull,isWinner,main,runGame
else
    PAIRED=""
    echo "NOTE  src/ marks no function twins yet (no doc comment begins '/// Python: name(args)'): the code page's pairs are checked on the fixture only"
fi
check tutorial "$WORK/report-tutorial" --script tests-tie-4x4 --script docs-hint --paired "$PAIRED"
check sweigart "$WORK/report-sweigart" --script tests-human-wins-5x5
check mutant "$WORK/report-mutant" --expect differs --script tests-human-wins-5x5 \
    --paired getNewBoard,getPotentialMoves,isValidMove,isBoardFull

step "one-line errors"
# expect_error NAME PATTERN ARGS...: exit status 2, one line on stderr matching PATTERN.
expect_error() {
    local name=$1 pattern=$2 rc=0 err
    shift 2
    err=$("$@" 2>&1 >/dev/null) || rc=$?
    if [ "$rc" -eq 2 ] && [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] && [[ "$err" =~ $pattern ]]; then
        pass "error, $name: $err"
    else
        fail "error, $name: status $rc, stderr: $err"
    fi
}
printf 'def main():\n    pass\n' >"$WORK/other.py"
expect_error "not the game" "other.py: not the Four in a Row game: no drawBoard\(\), getNewBoard\(\), getPotentialMoves\(\)" \
    python3 tools/compare.py "$WORK/other.py" --out "$WORK/never"
mkdir -p "$WORK/sixof7/images"
cp "$REFERENCE" "$WORK/sixof7/fourinrow.py"
for f in images/*.png; do [ "$(basename "$f")" = 4rowtie.png ] || cp "$f" "$WORK/sixof7/images/"; done
expect_error "a missing image" "loads 'images/4rowtie.png', which is missing: looked for .*/sixof7/images/4rowtie.png" \
    python3 tools/compare.py "$WORK/sixof7/fourinrow.py" --out "$WORK/never"
expect_error "no port at --port" "/nonexistent/fourinrow: no such file" \
    python3 tools/compare.py "$REFERENCE" --port /nonexistent/fourinrow --out "$WORK/never"
mkdir -p "$WORK/unbuilt/tools"                 # a clone where cargo build has not run
cp -r tools/compare.py tools/sidebyside "$WORK/unbuilt/tools/"
expect_error "the port not built" "target/release/fourinrow: no such file: run cargo build --release first" \
    python3 "$WORK/unbuilt/tools/compare.py" "$REFERENCE" --out "$WORK/never"
mkdir -p "$WORK/full" && touch "$WORK/full/notes.txt"
expect_error "--out not empty" "full: not empty; give --out another folder, or --overwrite" \
    python3 tools/compare.py "$REFERENCE" --out "$WORK/full"
expect_error "--overwrite of a folder that is no report" "full: not empty and not a report of this tool" \
    python3 tools/compare.py "$REFERENCE" --out "$WORK/full" --overwrite
[ -f "$WORK/full/notes.txt" ] && pass "--overwrite left a folder that is no report alone" || fail "--overwrite removed notes.txt"
echo '{}' >"$WORK/full/summary.json"            # a summary.json of the user's own is no marker
expect_error "--overwrite of a folder with a summary.json" "full: not empty and not a report of this tool" \
    python3 tools/compare.py "$REFERENCE" --out "$WORK/full" --overwrite
[ -f "$WORK/full/notes.txt" ] && pass "--overwrite left a folder with a summary.json alone" || fail "--overwrite removed notes.txt"
expect_error "/dev/zero as the program" "/dev/zero: not a regular file" \
    python3 tools/compare.py /dev/zero --out "$WORK/never"
head -c 2000000 /dev/zero | tr '\0' '#' >"$WORK/huge.py"
expect_error "a program of 2 MB" "huge.py: over 1000 kB: not the game" \
    python3 tools/compare.py "$WORK/huge.py" --out "$WORK/never"
python3 -c "print('x = ' + '(' * 100000 + ')' * 100000)" >"$WORK/nested.py"
expect_error "a deeply nested expression" "nested.py: .*(too deeply nested|not valid Python)" \
    python3 tools/compare.py "$WORK/nested.py" --out "$WORK/never"
mkdir -p "$WORK/hangs"
{ echo 'import time'; echo 'time.sleep(3600)'; cat "$REFERENCE"; } >"$WORK/hangs/fourinrow.py"
expect_error "a program that hangs at import" "hangs/fourinrow.py: its set-up .* took over 3(\.0)? s; stopped it" \
    env FOURINROW_COMPARE_SET_UP_TIMEOUT=3 python3 tools/compare.py "$WORK/hangs/fourinrow.py" --out "$WORK/hung"
[ ! -e "$WORK/hung" ] && ! ls -a "$WORK" | grep -q '^\.hung\.' && pass "the hung run left no --out behind" \
    || fail "the hung run left $(ls -a "$WORK" | grep hung)"
mkdir -p "$WORK/readonly" && chmod 555 "$WORK/readonly"
if [ "$(id -u)" != 0 ]; then
    expect_error "--out in a read-only folder" "readonly: may not write there" \
        python3 tools/compare.py "$REFERENCE" --out "$WORK/readonly/report"
fi
expect_error "no pygame" "^pygame is not installed: pip install pygame==2.6.1$" \
    python3 -S tools/compare.py "$REFERENCE"
mkdir -p "$WORK/nopygments/pygments"           # a stand-in that fails as a missing package does
echo 'raise ImportError("No module named pygments")' >"$WORK/nopygments/pygments/__init__.py"
expect_error "no Pygments" "^Pygments is not installed: pip install pygments$" \
    env PYTHONPATH="$WORK/nopygments" python3 tools/compare.py "$REFERENCE"
expect_error "--live with no display" "^--live needs a display, and DISPLAY is not set" \
    env -u DISPLAY -u WAYLAND_DISPLAY python3 tools/compare.py "$REFERENCE" --live --script tie-4x4

step "--live under Xvfb"
Xvfb -displayfd 3 -screen 0 1400x600x24 -nolisten tcp -noreset 3>"$WORK/display" 2>"$WORK/xvfb.log" &
XVFB_PID=$!
for _ in $(seq 100); do [ -s "$WORK/display" ] && break; sleep 0.1; done
export DISPLAY=":$(head -1 "$WORK/display")"
unset WAYLAND_DISPLAY
python3 tools/compare.py "$WORK/tutorial/fourinrow.py" --live --script quit-during-animation >"$WORK/live.out" 2>&1 &
LIVE_PID=$!
line=""
for _ in $(seq 300); do
    line=$(grep -m1 'Python (pid' "$WORK/live.out") && break
    sleep 0.1
done
if [[ "$line" =~ Python\ \(pid\ ([0-9]+)\)\ at\ ([0-9]+),([0-9]+),\ Rust\ \(pid\ ([0-9]+)\)\ at\ ([0-9]+),([0-9]+) ]]; then
    ppid_=${BASH_REMATCH[1]} px=${BASH_REMATCH[2]} py=${BASH_REMATCH[3]}
    rpid=${BASH_REMATCH[4]} rx=${BASH_REMATCH[5]} ry=${BASH_REMATCH[6]}
    pass "live: started: $line"
    # where_is PID: the position of that process's window, once it has one.
    where_is() {
        local wid="" X Y WIDTH HEIGHT SCREEN WINDOW
        for _ in $(seq 100); do
            wid=$(xdotool search --pid "$1" 2>/dev/null | head -1) && [ -n "$wid" ] && break
            sleep 0.1
        done
        [ -n "$wid" ] || return 1
        eval "$(xdotool getwindowgeometry --shell "$wid")"
        echo "$X,$Y"
    }
    pwhere=$(where_is "$ppid_") rwhere=$(where_is "$rpid")
    [ "$pwhere" = "$px,$py" ] && pass "live: the Python's window is at $pwhere, as asked" \
        || fail "live: the Python's window is at '$pwhere', not $px,$py"
    if target/release/fourinrow --help | grep -q -- --window-pos; then
        [ "$rwhere" = "$rx,$ry" ] && pass "live: the port's window is at $rwhere, as asked" \
            || fail "live: the port's window is at '$rwhere', not $rx,$ry"
    else
        echo "NOTE  live: this port has no --window-pos yet: its window is at $rwhere (asked for $rx,$ry); not checked"
    fi
    titles() { local w; for w in $(xdotool search --pid "$1" 2>/dev/null); do xdotool getwindowname "$w"; done | paste -sd'|'; }
    ptitle=$(titles "$ppid_") rtitle=$(titles "$rpid")
    [[ "$ptitle" == *"Python: your program (left)"* && "$rtitle" == *"Rust: the port (right)"* ]] \
        && pass "live: each window says whose it is: '$ptitle', '$rtitle'" \
        || fail "live: window titles '$ptitle' and '$rtitle'"
    sleep 1
    import -window root "$SHOTS/live.png"
    blue=$(python3 -c "
import os, sys; os.environ['PYGAME_HIDE_SUPPORT_PROMPT'] = '1'; import pygame
shot = pygame.image.load(sys.argv[1])
print(' '.join('%d,%d,%d' % tuple(shot.get_at((x + 5, y + 5)))[:3] for x, y in ((int(sys.argv[2]), int(sys.argv[3])),)))
" "$SHOTS/live.png" "$px" "$py")
    [ "$blue" = "0,50,255" ] && pass "live: the Python's window shows the game (background $blue)" \
        || fail "live: the Python's window shows $blue at its corner, not the game's blue"
else
    fail "live: no start line in 30 s: $(head -c 400 "$WORK/live.out")"
fi
rc=0
wait "$LIVE_PID" || rc=$?
LIVE_PID=""
if [ "$rc" -eq 0 ] && grep -q 'Python drew 253 frames (quit); Rust done' "$WORK/live.out"; then
    pass "live: both played the script to its end: $(tail -n 1 "$WORK/live.out")"
else
    fail "live: exit status $rc: $(tail -n 3 "$WORK/live.out")"
fi

echo
echo "compare test: $checks checks, $failures failed, $(( $(date +%s) - started )) s; screenshots in $SHOTS"
[ "$failures" -eq 0 ]
