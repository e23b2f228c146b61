#!/usr/bin/env bash
# `export trials csv` of the practice and of ten times the practice, beside `cat` of every file,
# with another build (BEFORE) in the same hyperfine run, its output compared byte for byte, and the
# peak memory of both (issue 25: ≤ 2× `cat`, < 100 MB). Prints Markdown for docs/PERFORMANCE.md.
#
#   BIN=.build-rel/release/afterflow BEFORE=/work/bench-bins/lspfast \
#     VAULTS="/tmp/v/practice /tmp/v/practice-10x" RUNS=15 Benchmarks/trials-csv.sh
#
# Each of VAULTS is a practice made by `afterflow-bench practice DIR` (ten times: `… DIR 400`).
# The files are read once before timing (one warm-up each), so all three read from the page cache.
set -euo pipefail

BIN=${BIN:?set BIN to the afterflow binary to measure}
BEFORE=${BEFORE:?set BEFORE to the build to compare with}
VAULTS=${VAULTS:?set VAULTS to one or more practices}
RUNS=${RUNS:-15}
command -v hyperfine >/dev/null 2>&1 || { echo "Benchmarks need hyperfine: apt-get install -y hyperfine" >&2; exit 1; }

echo "Machine: $(nproc) cores, $(uname -sr); after: \`$BIN\`, before: \`$BEFORE\`"
echo
echo "| practice | load before | \`cat\` | before | × \`cat\` | after | × \`cat\` | before / after | peak before | peak after | same bytes | load after |"
echo "|:---|:---|---:|---:|---:|---:|---:|---:|---:|---:|:---|:---|"
for p in $VAULTS; do
  name=$(basename "$p")
  "$BIN" export trials csv --vault "$p" > "/tmp/afterflow-trials-csv-after.csv" 2>/dev/null
  "$BEFORE" export trials csv --vault "$p" > "/tmp/afterflow-trials-csv-before.csv" 2>/dev/null
  if cmp -s /tmp/afterflow-trials-csv-after.csv /tmp/afterflow-trials-csv-before.csv; then same=yes; else same="**no**"; fi
  rm -f /tmp/afterflow-trials-csv-after.csv /tmp/afterflow-trials-csv-before.csv
  load_before=$(cut -d' ' -f1-3 /proc/loadavg)
  json="/tmp/afterflow-trials-csv-$name.json"
  hyperfine --style none --warmup 1 --runs "$RUNS" --export-json "$json" \
    -n cat "find $p/clients -name '*.md' -print0 | xargs -0 cat > /dev/null" \
    -n before "$BEFORE export trials csv --vault $p > /dev/null" \
    -n after "$BIN export trials csv --vault $p > /dev/null" >/dev/null
  load_after=$(cut -d' ' -f1-3 /proc/loadavg)
  peaks=()
  for bin in "$BEFORE" "$BIN"; do
    /usr/bin/time -f '%M' -o /tmp/afterflow-trials-csv-peak "$bin" export trials csv --vault "$p" >/dev/null 2>&1 || true
    peaks+=("$(( $(tail -1 /tmp/afterflow-trials-csv-peak) / 1024 )) MB")
  done
  python3 - "$json" "$name" "$load_before" "$load_after" "${peaks[0]}" "${peaks[1]}" "$same" <<'PY'
import json, sys
r = {x["command"]: x["median"] * 1000 for x in json.load(open(sys.argv[1]))["results"]}
name, lb, la, pb, pa, same = sys.argv[2:]
c, b, a = r["cat"], r["before"], r["after"]
print(f"| {name} | {lb} | {c:,.0f} ms | {b:,.0f} ms | {b/c:.2f} | {a:,.0f} ms | {a/c:.2f} | {b/a:.2f}× | {pb} | {pa} | {same} | {la} |")
PY
done
