#!/usr/bin/env bash
# The index rebuild of a practice ten times run.sh's default (400 clients, two years of weekly
# trial sessions: about 42,000 files) beside `cat` of all its .md files, in the same hyperfine
# run (issue 22's Speed section: within 3× `cat`). Prints Markdown for docs/PERFORMANCE.md.
#
#   BIN=.build-rel/release/afterflow DIR=/tmp/bench-vaults Benchmarks/index-tenfold.sh
#   BIN=... DIR=... RUNS=9 ROUNDS=3 Benchmarks/index-tenfold.sh
#
# BIN is the afterflow to measure (a release build, as `make install` makes it); DIR an absolute
# folder where the practice is made once (`afterflow-bench practice DIR/practice-10x 400`, then
# checked) and kept. BENCH names the generator (default: afterflow-bench on the PATH, else
# /work/bench-bins/afterflow-bench). Each of ROUNDS hyperfine runs times, RUNS times each:
#   - `cat`: find … -exec cat {} + > /dev/null, every .md file of the practice;
#   - `index --rebuild` (the database is dropped and made again, as run.sh times it);
#   - `index` with no database (its files removed before each run: the cold index).
# One warm-up each, so the files are in the page cache for all three. The load average is printed
# before and after each round; the figures are the medians.
set -euo pipefail

BIN=${BIN:?set BIN to the afterflow binary to measure}
DIR=${DIR:?set DIR to an absolute folder for the practice}
RUNS=${RUNS:-7}
ROUNDS=${ROUNDS:-3}
BENCH=${BENCH:-$(command -v afterflow-bench || echo /work/bench-bins/afterflow-bench)}
command -v hyperfine >/dev/null 2>&1 || { echo "Benchmarks need hyperfine: apt-get install -y hyperfine" >&2; exit 1; }
case "$DIR" in /*) ;; *) echo "DIR must be an absolute path" >&2; exit 1 ;; esac

practice="$DIR/practice-10x"
if [ ! -f "$practice/.generated" ]; then
  rm -rf "$practice"
  mkdir -p "$DIR"
  "$BENCH" practice "$practice" 400 >/dev/null
  if ! "$BENCH" check-practice "$practice" >&2; then
    echo "The generated practice has problems (above); nothing was measured on it." >&2
    exit 1
  fi
  touch "$practice/.generated"
fi
index="$practice/.afterflow/index.sqlite"
files=$(find "$practice" -name '*.md' | wc -l)
bytes=$(find "$practice" -name '*.md' -exec cat {} + | wc -c)

echo "Practice: \`$practice\`, $files .md files, $((bytes / 1000000)) MB; afterflow: \`$BIN\`"
echo "Machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -sr)"
echo
echo "| round | load before | \`cat\` | \`index --rebuild\` | × \`cat\` | \`index\` (no database) | × \`cat\` | load after |"
echo "|---:|:---|---:|---:|---:|---:|---:|:---|"
"$BIN" index --vault "$practice" >/dev/null 2>&1
for round in $(seq 1 "$ROUNDS"); do
  before=$(cut -d' ' -f1-3 /proc/loadavg)
  json="/tmp/afterflow-bench-index-tenfold-$round.json"
  hyperfine --style none --warmup 1 --runs "$RUNS" --export-json "$json" \
    --prepare true --prepare true --prepare "rm -f $index $index-wal $index-shm" \
    -n "cat" "find $practice -name '*.md' -exec cat {} + > /dev/null" \
    -n "index --rebuild" "$BIN index --rebuild --vault $practice > /dev/null 2>&1" \
    -n "index (no database)" "$BIN index --vault $practice > /dev/null 2>&1" >/dev/null
  after=$(cut -d' ' -f1-3 /proc/loadavg)
  python3 - "$json" "$round" "$before" "$after" <<'PY'
import json, sys
r = {x["command"]: x["median"] for x in json.load(open(sys.argv[1]))["results"]}
ms = lambda s: f"{s * 1000:,.0f} ms"
cat, rebuild, cold = r["cat"], r["index --rebuild"], r["index (no database)"]
print(f"| {sys.argv[2]} | {sys.argv[3]} | {ms(cat)} | {ms(rebuild)} | {rebuild / cat:.2f} | {ms(cold)} | {cold / cat:.2f} | {sys.argv[4]} |")
PY
done
