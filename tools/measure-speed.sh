#!/usr/bin/env bash
# Measures what README.md's "Speed" section reports, on this machine:
#
#   1. the search alone, in process, both engines (benches/engines.rs);
#   2. the whole `fourinrow analyze` process, fast engine (perf stat -r 20);
#   3. the Python original's getPotentialMoves (shared/parity/oracle.py time).
#
# Usage: tools/measure-speed.sh [OUT_DIR]   (default /tmp/fourinrow-speed)
# Needs perf (apt-get install linux-perf, or linux-tools-$(uname -r)) and
# pygame 2.6.1 for the Python side. SLOW=1 adds the runs that take minutes
# each: the faithful engine at difficulty 5 and the Python original at
# difficulty 4, both on the empty 7x6 board, and the Python original at
# difficulty 3 on 12x9.
#
# On a machine shared with other work, run it as root with a higher
# priority, so that every side is timed alike: nice -n -10 tools/measure-speed.sh
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-/tmp/fourinrow-speed}
parity=${PARITY:-../shared/parity}
mkdir -p "$out"

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
echo "== 1. search in process (cargo bench --bench engines)"
cargo bench --quiet --bench engines -- --budget 2 | tee "$out/bench.md"
if [ "${SLOW:-0}" = 1 ]; then
    cargo bench --quiet --bench engines -- --min 5 --max 5 --faithful-max 5 --budget 0 "7x6 empty" |
        tee "$out/bench-faithful-5.md"
fi

echo "== 2. whole process, fast engine (perf stat -r 20; -r 3 for 12x9 at 5)"
: >"$out/process.txt"
for board in "${positions_7x6[@]}" "$position_12x9"; do
    for difficulty in 1 2 3 4 5; do
        runs=20
        if [ "$board" = "$position_12x9" ] && [ "$difficulty" = 5 ]; then runs=3; fi
        stats=$( { perf stat -r "$runs" target/release/fourinrow analyze --difficulty "$difficulty" \
            "$board" >/dev/null; } 2>&1 |
            awk '/task-clock/ {cpu = $1 " ms cpu"} /time elapsed/ {el = $1 " s elapsed " $2 " " $3} END {print el ", " cpu}')
        echo "$board difficulty $difficulty ($runs runs): $stats" | tee -a "$out/process.txt"
    done
done
echo "== the same process doing no search (--version), for its start-up"
perf stat -r 20 target/release/fourinrow --version 2>&1 >/dev/null | grep -E "elapsed" |
    tee -a "$out/process.txt"

echo "== 3. the Python original (oracle.py time, median of 3)"
: >"$out/python.jsonl"
for difficulty in 1 2 3; do
    python3 "$parity/oracle.py" time --difficulty "$difficulty" --repeat 3 "${positions_7x6[@]}" |
        tee -a "$out/python.jsonl"
done
python3 "$parity/oracle.py" time --difficulty 1 --repeat 3 "$position_12x9" | tee -a "$out/python.jsonl"
python3 "$parity/oracle.py" time --difficulty 2 --repeat 3 "$position_12x9" | tee -a "$out/python.jsonl"
if [ "${SLOW:-0}" = 1 ]; then
    python3 "$parity/oracle.py" time --difficulty 4 --repeat 1 "${positions_7x6[0]}" |
        tee -a "$out/python.jsonl"
    python3 "$parity/oracle.py" time --difficulty 3 --repeat 1 "$position_12x9" |
        tee -a "$out/python.jsonl"
fi
echo "== load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "results in $out"
