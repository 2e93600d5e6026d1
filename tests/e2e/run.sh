#!/usr/bin/env bash
# End-to-end test of the real game: target/release/fourinrow in a real X
# window (its own Xvfb), driven with real X input (xdotool), checked on
# screenshots (ImageMagick's `import -window`). Prints one PASS/FAIL line
# per check, with what it measured; exits 1 if any check failed.
#
# Three games, each with its own process:
#   A, 7x6, difficulty 0: the computer's first move (animated, then one black
#      token in the bottom row); idle CPU while the game waits for the human
#      (at most 10% of a core); a drag from the red pile onto a column (the
#      red token lands in its lowest cell); closing the window while the
#      computer's token is moving (exit status 0 within 0.5 s).
#   B, 4x4, difficulty 0: a column is filled, then a drop on it is ignored
#      (the frame stays the same, no computer move follows); the game is
#      played to its end (the right result panel covers the board); a click
#      starts the next game (an empty board, apart from the computer's token
#      if it starts); closing the window while the game waits for the human.
#   C, 7x6, difficulty 6: closing the window while the computer thinks.
#   D, 7x6, --engine solver --no-book with a 20 s budget: the solver thinks on a thread
#      of its own, and closing the window meanwhile quits at once.
# Peak memory (VmHWM) is read before each close.
#
# Difficulty 0 makes every column a best move, so the seeded generator picks
# the computer's columns; the game prints each choice (lines `-1`, the best
# moves, the column), which tells the test where its token goes. Cells are
# read at their centres (tests/e2e/e2e.py); the board is polled with a
# timeout rather than waited for with fixed sleeps.
#
# Needs Xvfb, xdotool, ImageMagick, python3 (scripts/ensure-deps.sh --test)
# and the release binary (cargo build --release). FOURINROW_BIN overrides
# the binary; E2E_KEEP=1 keeps the screenshots and game output.
set -uo pipefail
cd "$(dirname "$0")/../.."

BIN=${FOURINROW_BIN:-target/release/fourinrow}
QUIT_LIMIT_MS=500    # closing the window must end the process within this
IDLE_LIMIT_PCT=10    # CPU while waiting for the human, % of one core
RSS_LIMIT_KB=102400  # peak resident memory

for tool in Xvfb xdotool import python3; do
    command -v "$tool" >/dev/null || { echo "e2e: $tool is missing (scripts/ensure-deps.sh --test installs it)"; exit 2; }
done
[ -x "$BIN" ] || { echo "e2e: no $BIN: run cargo build --release first"; exit 2; }
# The interpreter itself, not a wrapper (pyenv's shims take half a second a call).
E2E=("$(python3 -c 'import sys; print(sys.executable)')" tests/e2e/e2e.py)

checks=0 failures=0
pass() { checks=$((checks + 1)); printf 'PASS  %s\n' "$*"; }
fail() { checks=$((checks + 1)); failures=$((failures + 1)); printf 'FAIL  %s\n' "$*"; }
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
started=$(now_ms)

WORK=$(mktemp -d "${TMPDIR:-/tmp}/fourinrow-e2e.XXXXXX")
XVFB_PID="" GAME_PID="" SHOWN=""
cleanup() {
    if [ -n "$GAME_PID" ]; then kill "$GAME_PID" 2>/dev/null; wait "$GAME_PID" 2>/dev/null; fi
    if [ -n "$XVFB_PID" ]; then kill "$XVFB_PID" 2>/dev/null; wait "$XVFB_PID" 2>/dev/null; fi
    if [ "$failures" -gt 0 ] || [ -n "${E2E_KEEP:-}" ]; then
        echo "e2e: screenshots and game output are in $WORK"
    else
        rm -rf "$WORK"
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Our own X server, on a display number it picks itself (-displayfd). With
# -noreset it does not reset when its last client goes: a game started during
# a reset could fail to connect. SDL_VIDEODRIVER=x11: no quiet fallback.
Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp -noreset 3>"$WORK/display" 2>"$WORK/xvfb.log" &
XVFB_PID=$!
for _ in $(seq 100); do [ -s "$WORK/display" ] && break; sleep 0.1; done
[ -s "$WORK/display" ] || { fail "Xvfb did not start (see $WORK/xvfb.log)"; exit 1; }
export DISPLAY=":$(head -1 "$WORK/display")" SDL_VIDEODRIVER=x11
unset WAYLAND_DISPLAY
echo "e2e: $BIN on Xvfb $DISPLAY"

# ---- the game under test -------------------------------------------------

# start_game NAME COLS ROWS OPTION...: starts the game as a child of this
# shell (GAME_PID, its stdout in OUT) and finds its window (WID, at WX, WY).
start_game() {
    local name=$1
    COLS=$2 ROWS=$3
    shift 3
    XM=$(( (640 - COLS * 50) / 2 )) YM=$(( (480 - ROWS * 50) / 2 ))
    EMPTY=$(printf "%${COLS}s" "" | tr ' ' '.')
    EMPTY=$(for _ in $(seq "$ROWS"); do printf '%s/' "$EMPTY"; done)
    EMPTY=${EMPTY%/}
    BOARD=$EMPTY
    OUT=$WORK/$name.out
    "$BIN" --width "$COLS" --height "$ROWS" "$@" >"$OUT" 2>"$WORK/$name.err" &
    GAME_PID=$!
    WID=""
    local deadline=$(( $(now_ms) + 10000 ))
    while kill -0 "$GAME_PID" 2>/dev/null && [ "$(now_ms)" -lt "$deadline" ]; do
        WID=$(xdotool search --name '^four in row$' 2>/dev/null | head -1)
        [ -n "$WID" ] && break
        sleep 0.1
    done
    if [ -z "$WID" ]; then
        local rc=0 why="no window within 10 s"
        if ! kill -0 "$GAME_PID" 2>/dev/null; then
            wait "$GAME_PID" || rc=$?
            why="exited with status $rc before showing a window"
        fi
        fail "game $name: $why; stderr: $(head -c 300 "$WORK/$name.err")"
        stop_game
        return 1
    fi
    local X Y WIDTH HEIGHT SCREEN WINDOW
    eval "$(xdotool getwindowgeometry --shell "$WID")"
    WX=$X WY=$Y
}

# Kills the game if it still runs (after a failed check).
stop_game() {
    if [ -n "$GAME_PID" ]; then kill "$GAME_PID" 2>/dev/null; wait "$GAME_PID" 2>/dev/null; fi
    GAME_PID=""
}

lines() { wc -l <"$OUT"; }
# The column of the computer's Nth move (from 1), from its printed lines.
computer_column() { sed -n "$(( 3 * $1 ))p" "$OUT"; }

# wait_lines N SECONDS: until the game has printed N lines.
wait_lines() {
    local deadline=$(( $(now_ms) + $2 * 1000 ))
    until [ "$(lines)" -ge "$1" ]; do
        [ "$(now_ms)" -ge "$deadline" ] && return 1
        sleep 0.05
    done
}

# read_board: a screenshot's board into SHOWN (and $WORK/last.ppm).
read_board() { SHOWN=$("${E2E[@]}" board "$WID" "$COLS" "$ROWS" "$WORK/last.ppm"); }

# wait_board BOARD SECONDS: until the window shows BOARD (then BOARD is it).
wait_board() {
    local deadline=$(( $(now_ms) + $2 * 1000 ))
    while read_board; [ "$SHOWN" != "$1" ]; do
        [ "$(now_ms)" -ge "$deadline" ] && return 1
        sleep 0.1
    done
    BOARD=$1
}

# drag COLUMN: presses on the red pile's centre (50, 430), moves in four
# steps to above the column (y 60), lets go.
drag() {
    local tx=$(( XM + $1 * 50 + 25 )) ty=60 i
    local steps=(mousemove $((WX + 50)) $((WY + 430)) sleep 0.1 mousedown 1 sleep 0.1)
    for i in 1 2 3 4; do
        steps+=(mousemove $((WX + 50 + (tx - 50) * i / 4)) $((WY + 430 + (ty - 430) * i / 4)) sleep 0.05)
    done
    xdotool "${steps[@]}" sleep 0.1 mouseup 1
}

# close_window WHAT: closes the window as its close button does, and times
# how long the process takes to exit (e2e.py polls /proc); one check.
close_window() {
    local what=$1 us rc=0 rss ms
    rss=$(awk '/^VmHWM/ {print $2}' "/proc/$GAME_PID/status")
    us=$("${E2E[@]}" close "$WID" "$GAME_PID")
    wait "$GAME_PID" || rc=$?
    GAME_PID=""
    ms=$(awk -v us="$us" 'BEGIN { printf "%.1f", us / 1000 }')
    if [ "$rc" -eq 0 ] && [ "$us" -ge 0 ] && [ "$us" -lt $(( QUIT_LIMIT_MS * 1000 )) ]; then
        pass "close $what: exit status 0, $ms ms after the close was sent (limit $QUIT_LIMIT_MS ms)"
    else
        fail "close $what: exit status $rc, $ms ms after the close was sent (-1: still running after 5 s; limit $QUIT_LIMIT_MS ms)"
    fi
    if [ "$rss" -le "$RSS_LIMIT_KB" ]; then
        pass "peak RSS before that close: $(( rss / 1024 )) MiB ($rss kB VmHWM, limit $(( RSS_LIMIT_KB / 1024 )) MiB)"
    else
        fail "peak RSS before that close: $rss kB VmHWM (limit $RSS_LIMIT_KB kB)"
    fi
}

# human_move COLUMN: drags onto the column; unless that ends the game,
# waits for the computer's reply (which checks the red token first).
human_move() {
    local col=$1 n
    n=$(( $(lines) / 3 + 1 ))    # the computer's next move
    BOARD=$("${E2E[@]}" drop "$BOARD" "$col" R)
    drag "$col"
    [ "$("${E2E[@]}" outcome "$BOARD")" != none ] || computer_move "$n"
}

# computer_move N: waits for the computer's Nth move to be printed and
# (unless it ends the game) for its token to land.
computer_move() {
    local n=$1 col after
    if ! wait_lines $(( 3 * n )) 10; then
        fail "computer's move $n never came (window shows $SHOWN)"
        return 1
    fi
    col=$(computer_column "$n")
    # It is printed before its token sets off, so the board is unchanged then.
    if ! wait_board "$BOARD" 3; then
        fail "before the computer's move $n: window shows $SHOWN, expected $BOARD"
        return 1
    fi
    after=$("${E2E[@]}" drop "$BOARD" "$col" B)
    [ "$("${E2E[@]}" outcome "$after")" != none ] && { BOARD=$after; return 0; }
    if ! wait_board "$after" 15; then
        fail "computer's move $n (column $col) did not land: window shows $SHOWN, expected $after"
        return 1
    fi
}

# ---- game A: 7x6 --------------------------------------------------------

game_a() {
    local col t0 t1 row after hz ticks0 ticks1 ns0 ns1 pct drag_col=3
    start_game a 7 6 --difficulty 0 --seed 3 || return

    # The computer starts: its column is printed, then its token travels.
    if ! wait_lines 3 10; then fail "computer's first move: nothing printed in 10 s"; stop_game; return; fi
    col=$(computer_column 1)
    read_board
    if [ "$SHOWN" != "$EMPTY" ]; then
        fail "computer's first move: board not empty while its token travels: $SHOWN"; stop_game; return
    fi
    t0=$(now_ms)
    after=$("${E2E[@]}" drop "$EMPTY" "$col" B)
    if wait_board "$after" 15; then
        t1=$(now_ms)
        pass "computer's first move: board empty while its token travels, then one black token in column $col's bottom cell ($(( t1 - t0 )) ms after it was printed)"
    else
        fail "computer's first move (column $col): window shows $SHOWN, expected $after"; stop_game; return
    fi

    # Idle: waiting for the human's first move (help arrow shown).
    sleep 0.5
    hz=$(getconf CLK_TCK)
    ticks0=$(awk '{print $14 + $15}' "/proc/$GAME_PID/stat"); ns0=$(date +%s%N)
    sleep 5
    ticks1=$(awk '{print $14 + $15}' "/proc/$GAME_PID/stat"); ns1=$(date +%s%N)
    pct=$(awk -v t=$(( ticks1 - ticks0 )) -v hz="$hz" -v ns=$(( ns1 - ns0 )) \
        'BEGIN { printf "%.1f", 100 * t / hz / (ns / 1e9) }')
    if awk -v p="$pct" -v l="$IDLE_LIMIT_PCT" 'BEGIN { exit !(p <= l) }'; then
        pass "idle CPU while waiting for the human: $pct% of a core over $(( (ns1 - ns0) / 1000000 )) ms (limit $IDLE_LIMIT_PCT%)"
    else
        fail "idle CPU while waiting for the human: $pct% of a core (limit $IDLE_LIMIT_PCT%)"
    fi

    # A drag from the red pile onto a column.
    after=$("${E2E[@]}" drop "$BOARD" $drag_col R)
    row=$(( $(tr '/' '\n' <<<"$BOARD" | cut -c$(( drag_col + 1 )) | grep -c '[.]') - 1 ))
    drag $drag_col
    if wait_lines 6 10 && wait_board "$after" 3; then
        pass "drag from the red pile onto column $drag_col: red token in its lowest cell (row $row), then the computer moves"
    else
        fail "drag onto column $drag_col: window shows $SHOWN, expected $after; $(lines) lines printed"; stop_game; return
    fi
    BOARD=$after

    # Close while the computer's token travels (it was printed just now).
    col=$(computer_column 2)
    sleep 0.3
    read_board
    if [ "$SHOWN" != "$BOARD" ]; then
        fail "computer's second move (column $col) landed or the board changed too early: $SHOWN"; stop_game; return
    fi
    close_window "during the computer's animation"
}

# ---- game B: 4x4 --------------------------------------------------------

B_SEED=8

game_b() {
    local full col n kind fractions before t0 t1 result moves=0 expect
    start_game b 4 4 --difficulty 0 --seed "$B_SEED" || return
    computer_move 1 || { stop_game; return; }
    full=$(computer_column 1)

    # Fill the computer's first column (black at the bottom, so no four of red).
    while [ "$("${E2E[@]}" drop "$BOARD" "$full" R)" != full ]; do
        human_move "$full" || { stop_game; return; }
        moves=$((moves + 1))
        if [ "$("${E2E[@]}" outcome "$BOARD")" != none ]; then
            fail "filling column $full: the game ended first ($BOARD); pick another B_SEED"; stop_game; return
        fi
    done

    # A drop on the full column: nothing changes, no computer move follows.
    xdotool mousemove $((WX + XM + full * 50 + 25)) $((WY + 60))
    sleep 0.2
    read_board; cp "$WORK/last.ppm" "$WORK/before-full-drop.ppm"
    before=$(lines)
    drag "$full"
    sleep 2
    n=$("${E2E[@]}" diff "$WID" "$WORK/before-full-drop.ppm")
    if [ "$n" -eq 0 ] && [ "$(lines)" -eq "$before" ]; then
        pass "drop on full column $full ($BOARD) ignored: the frame is unchanged 2 s later, no computer move"
    else
        fail "drop on full column $full: $n pixels changed, $(( $(lines) - before )) lines printed"; stop_game; return
    fi

    # Play on to the end of the game.
    while [ "$("${E2E[@]}" outcome "$BOARD")" = none ]; do
        cp "$WORK/last.ppm" "$WORK/board-only.ppm"
        col=$("${E2E[@]}" pick "$BOARD")
        human_move "$col" || { stop_game; return; }
        moves=$((moves + 1))
    done
    result=$("${E2E[@]}" outcome "$BOARD")
    case $result in red) expect=human ;; black) expect=computer ;; *) expect=tie ;; esac
    t0=$(now_ms)
    while read -r kind fractions < <("${E2E[@]}" panel "$WID" "$WORK/board-only.ppm"); [ "$kind" != "$expect" ]; do
        if [ $(( $(now_ms) - t0 )) -gt 15000 ]; then
            fail "game end ($result, $BOARD): no $expect panel; panel check says $kind ($fractions)"; stop_game; return
        fi
        sleep 0.2
    done
    pass "game played to its end after $moves human moves: $result ($BOARD); the $expect panel covers the board ($fractions)"

    # A click on the result screen starts the next game.
    before=$(lines)
    xdotool mousemove $((WX + 320)) $((WY + 240)) sleep 0.1 click 1
    t0=$(now_ms)
    BOARD=$EMPTY
    if ! wait_board "$EMPTY" 5; then
        fail "click on the result screen: no empty board, window shows $SHOWN"; stop_game; return
    fi
    t1=$(now_ms)
    # A computer that starts has printed its move before the game's first frame.
    if [ "$(lines)" -gt "$before" ]; then
        computer_move $(( before / 3 + 1 )) || { stop_game; return; }
        pass "click on the result screen: next game, empty board within $(( t1 - t0 )) ms; the computer starts, its token lands in column $(computer_column $(( before / 3 + 1 )))"
    else
        pass "click on the result screen: next game, empty board within $(( t1 - t0 )) ms; the human starts"
    fi

    sleep 0.5
    close_window "while the game waits for the human"
}

# still_thinking WHAT: 1.5 s on, the game has printed nothing and runs at
# least two threads (THREADS, read from /proc), or the check fails with
# "WHAT (N lines printed, M threads)", the game is stopped, and it returns 1.
still_thinking() {
    sleep 1.5
    THREADS=$(awk '/^Threads/ {print $2}' "/proc/$GAME_PID/status")
    if [ "$(lines)" -ne 0 ] || [ "$THREADS" -lt 2 ]; then
        fail "$1 ($(lines) lines printed, $THREADS threads)"
        stop_game; return 1
    fi
}

# ---- game C: deep search ------------------------------------------------

game_c() {
    start_game c 7 6 --difficulty 6 --engine faithful --seed 1 || return
    still_thinking "difficulty 6: expected the computer still thinking on its thread after 1.5 s" || return
    close_window "while the computer thinks (difficulty 6, 1.5 s in)"
}

# ---- game D: the solver ------------------------------------------------

game_d() {
    # Without the opening book, which would answer the first move at once.
    start_game d 7 6 --engine solver --no-book --budget 20 --seed 1 || return
    still_thinking "solver: expected it still thinking on its thread after 1.5 s" || return
    pass "solver: still thinking 1.5 s in, on a thread of its own ($THREADS threads, nothing printed yet)"
    close_window "while the solver thinks (a 20 s budget, 1.5 s in)"
}

game_a
game_b
game_c
game_d

echo "e2e: $checks checks, $failures failed, $(( ($(now_ms) - started) / 1000 )) s"
[ "$failures" -eq 0 ]
