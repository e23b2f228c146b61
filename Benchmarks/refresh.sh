#!/usr/bin/env bash
# The no-change refresh, `list --limit 20` and `check` of a generated vault, two builds side by
# side in one hyperfine run, with the `find`-with-stat floor and the process start beside them
# (issue 25, branch refresh). Each build gets its own copy of the vault (`cp -a`), so that each
# keeps its own index.
#
#   BEFORE=/path/to/old/afterflow AFTER=.build-rel/release/afterflow \
#   VAULT=/tmp/costs3-vaults/10000 RUNS=25 Benchmarks/refresh.sh
#
# VAULT is made by `afterflow-bench generate DIR 10000 1`. Prints a Markdown table of medians
# and their ratio to the `find` floor, and the load average before and after.
set -euo pipefail
: "${BEFORE:?the build to compare against}" "${AFTER:?the build measured}" "${VAULT:?a generated vault}"
RUNS=${RUNS:-25}
work=${WORK:-/tmp/afterflow-refresh-bench}
mkdir -p "$work"
for side in before after; do
  [ -d "$work/$side" ] || cp -a "$VAULT" "$work/$side"
done
# Bring each index up to date (and the summary saved) before timing.
"$BEFORE" index --vault "$work/before" > /dev/null
"$AFTER" index --vault "$work/after" > /dev/null
"$AFTER" index --vault "$work/after" > /dev/null
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
hyperfine -N -w 3 -r "$RUNS" --export-json "$work/times.json" \
  -n "floor: find with stat" "find $work/after -name *.md -printf %s%T@\n" \
  -n "floor: afterflow --version (after)" "$AFTER --version" \
  -n "index, before" "$BEFORE index --vault $work/before" \
  -n "index, after" "$AFTER index --vault $work/after" \
  -n "list --limit 20, before" "$BEFORE list --limit 20 --vault $work/before" \
  -n "list --limit 20, after" "$AFTER list --limit 20 --vault $work/after" \
  -n "check, before" "$BEFORE check --vault $work/before" \
  -n "check, after" "$AFTER check --vault $work/after" > /dev/null
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$work/times.json" <<'PY'
import json, statistics, sys
results = json.load(open(sys.argv[1]))["results"]
find = statistics.median(next(r for r in results if r["command"].startswith("floor: find"))["times"])
print("| command | median | min | max | × find |")
print("|:---|---:|---:|---:|---:|")
for r in results:
    m = statistics.median(r["times"])
    print(f"| {r['command']} | {m * 1000:.1f} ms | {min(r['times']) * 1000:.1f} ms | {max(r['times']) * 1000:.1f} ms | {m / find:.2f} |")
PY
