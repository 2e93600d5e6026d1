#!/usr/bin/env bash
# Measures what README.md's "Speed" section reports, on this machine:
#
#   1. the search alone, in process, both engines (benches/engines.rs);
#   2. the whole `fourinrow analyze` process, fast engine (perf stat -r 20);
#   3. the Python game's own getPotentialMoves, called in process (median
#      of 3 calls; tools/sidebyside/timing.py, which runs the program the
#      way tools/compare.py does).
#
# Usage: tools/measure-speed.sh --python PATH/TO/fourinrow.py [--quick] [OUT_DIR]
#
# PATH/TO/fourinrow.py is the Python game to time: the tutorial's
# fourinrow.py, or Sweigart's fourinarow.py with its set-up in main().
# OUT_DIR (default /tmp/fourinrow-speed) receives bench.md, process.txt and
# python.jsonl; `python3 tools/speed-table.py OUT_DIR` makes them into the
# README's tables. The whole run takes 5 to 10 minutes.
#
# --quick makes a short run (a minute or two) that only shows that every
# part works: difficulties 1 to 3, a fifth of a second per bench case,
# perf stat -r 3, and the Python at difficulties 1 and 2, one call each.
# SLOW=1 in the environment adds the runs that take minutes each: the
# faithful engine at difficulty 5 and the Python at difficulty 4, both on
# the empty 7x6 board, and the Python at difficulty 3 on 12x9.
#
# Needs perf (apt-get install linux-perf, or linux-tools-$(uname -r)) and
# Python 3.11 with pygame (pip install pygame==2.6.1). On a machine shared
# with other work, run it with a higher priority, so that every side is
# timed alike: sudo nice -n -10 tools/measure-speed.sh --python ...
set -euo pipefail
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
fail() { echo "measure-speed.sh: $*" >&2; exit 2; }

python="" out="" quick=0
while [ $# -gt 0 ]; do
    case $1 in
        -h | --help) usage; exit 0 ;;
        --python) [ $# -ge 2 ] || fail "--python needs a path: --python PATH/TO/fourinrow.py"
                  python=$2; shift 2 ;;
        --python=*) python=${1#--python=}; shift ;;
        --quick) quick=1; shift ;;
        -*) fail "unknown option $1 (see --help)" ;;
        *) [ -z "$out" ] || fail "one OUT_DIR only (see --help)"; out=$1; shift ;;
    esac
done
[ -n "$python" ] || fail "--python PATH/TO/fourinrow.py is missing: the Python game to time beside the port (see --help)"
[ -f "$python" ] || fail "$python: no such file (give --python the Python game's .py file)"
python=$(realpath "$python")
out=$(realpath -m "${out:-/tmp/fourinrow-speed}")
command -v perf >/dev/null || fail "perf is missing: apt-get install linux-perf (or linux-tools-\$(uname -r))"
cd "$(dirname "$0")/.."
export PYTHONDONTWRITEBYTECODE=1
timing=(python3 tools/sidebyside/timing.py --python "$python")
"${timing[@]}" --check >/dev/null    # a wrong path or program stops here, in one line
mkdir -p "$out"

if [ "$quick" = 1 ]; then
    bench=(--max 3 --budget 0.2) difficulties=(1 2 3) runs=3 python_difficulties=(1 2) repeat=1
else
    bench=(--budget 2) difficulties=(1 2 3 4 5) runs=20 python_difficulties=(1 2 3) repeat=3
fi

# The positions of benches/engines.rs, black to move.
positions_7x6=(
    "......./......./......./......./......./......."
    "......./......./......./......./......./...R..."
    "......./......./......./......./...B.../...R..."
    "......./......./......./......./...R.../..BRB.."
    "......./......./...B.../..RR.../..BBR../.RBRBBR"
    "......./......./...B.../..RRB../RBBBRRR/BRBRBBR"
)
position_12x9="............/............/............/............/............/............/............/............/.....BR....."

echo "== load before: $(cut -d' ' -f1-3 /proc/loadavg), niceness $(nice)"

cargo build --release --quiet
echo "== 1. search in process (cargo bench --bench engines -- ${bench[*]})"
cargo bench --quiet --bench engines -- "${bench[@]}" | tee "$out/bench.md"
if [ "${SLOW:-0}" = 1 ]; then
    cargo bench --quiet --bench engines -- --min 5 --max 5 --faithful-max 5 --budget 0 "7x6 empty" |
        tee "$out/bench-faithful-5.md"
fi

echo "== 2. whole process, fast engine (perf stat -r $runs; -r 3 for 12x9 at 5)"
: >"$out/process.txt"
for board in "${positions_7x6[@]}" "$position_12x9"; do
    for difficulty in "${difficulties[@]}"; do
        n=$runs
        if [ "$board" = "$position_12x9" ] && [ "$difficulty" = 5 ]; then n=3; fi
        stats=$( { perf stat -r "$n" target/release/fourinrow analyze --difficulty "$difficulty" \
            "$board" >/dev/null; } 2>&1 |
            awk '/task-clock/ {cpu = $1 " ms cpu"} /time elapsed/ {el = $1 " s elapsed " $2 " " $3} END {print el ", " cpu}')
        echo "$board difficulty $difficulty ($n runs): $stats" | tee -a "$out/process.txt"
    done
done
echo "== the same process doing no search (--version), for its start-up"
perf stat -r "$runs" target/release/fourinrow --version 2>&1 >/dev/null | grep -E "elapsed" |
    tee -a "$out/process.txt"

echo "== 3. the Python game: $python (getPotentialMoves, median of $repeat)"
: >"$out/python.jsonl"
for difficulty in "${python_difficulties[@]}"; do
    "${timing[@]}" --difficulty "$difficulty" --repeat "$repeat" "${positions_7x6[@]}" |
        tee -a "$out/python.jsonl"
done
"${timing[@]}" --difficulty 1 --repeat "$repeat" "$position_12x9" | tee -a "$out/python.jsonl"
"${timing[@]}" --difficulty 2 --repeat "$repeat" "$position_12x9" | tee -a "$out/python.jsonl"
if [ "${SLOW:-0}" = 1 ]; then
    "${timing[@]}" --difficulty 4 --repeat 1 "${positions_7x6[0]}" | tee -a "$out/python.jsonl"
    "${timing[@]}" --difficulty 3 --repeat 1 "$position_12x9" | tee -a "$out/python.jsonl"
fi
echo "== load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "results in $out (python3 tools/speed-table.py $out makes the tables)"
