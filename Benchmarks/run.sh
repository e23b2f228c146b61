#!/usr/bin/env bash
# Measures Afterflow on generated vaults, beside floors measured in the same run on the same files:
# `cat` of every file and `find` with a stat of every file. Prints Markdown for docs/PERFORMANCE.md.
#
#   Benchmarks/run.sh                 10,000 and 100,000 sessions
#   SIZES=10000 Benchmarks/run.sh     one size
set -euo pipefail
cd "$(dirname "$0")/.."

SIZES=${SIZES:-"10000 100000"}
RUNS=${RUNS:-7}
OUT=${OUT:-bench-vaults}

need() { command -v "$1" >/dev/null 2>&1 || { echo "Benchmarks need $1: apt-get install -y $2" >&2; exit 1; }; }
if ! command -v hyperfine >/dev/null 2>&1 || [ ! -x /usr/bin/time ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt-get install -y -qq hyperfine time >/dev/null
  fi
fi
need hyperfine hyperfine
[ -x /usr/bin/time ] || { echo "Benchmarks need GNU time: apt-get install -y time" >&2; exit 1; }

swift build -c release >/dev/null
BIN=.build/release/afterflow
BENCH=.build/release/afterflow-bench

echo "## Run of $(date -u +%Y-%m-%dT%H:%MZ)"
echo
echo "Machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -sr), $(swift --version 2>/dev/null | head -1)"
echo

for n in $SIZES; do
  vault="$OUT/$n"
  if [ ! -f "$vault/.generated" ]; then
    rm -rf "$vault"
    "$BENCH" generate "$vault" "$n" 1 >/dev/null
    touch "$vault/.generated"
  fi
  files=$(find "$vault/sessions" -name '*.md' | wc -l)
  bytes=$(du -sb "$vault/sessions" | cut -f1)
  echo "### $n sessions ($files files, $((bytes / 1000000)) MB)"
  echo
  echo '```'
  "$BENCH" parse "$vault" "$RUNS"
  echo '```'
  echo
  index="$vault/.afterflow/index.sqlite"
  ten=$(find "$vault/sessions" -name '*.md' | sort | head -10 | tr '\n' ' ')
  # One --prepare a command, in order: the cold index starts with no database; the refresh after
  # touching 10 files gives them a new modification time first.
  hyperfine --style none --warmup 1 --runs "$RUNS" --export-json /tmp/afterflow-bench-$n.json \
    --prepare true --prepare true --prepare "rm -f $index $index-wal $index-shm" --prepare true \
    --prepare true --prepare "touch $ten" --prepare true --prepare true --prepare true --prepare true \
    --prepare true --prepare true \
    -n "floor: cat every file" "find $vault/sessions -name '*.md' -print0 | xargs -0 cat > /dev/null" \
    -n "floor: find with stat" "find $vault -name '*.md' -printf '%s %T@\n' > /dev/null" \
    -n "afterflow index (cold, no database)" "$BIN index --vault $vault > /dev/null" \
    -n "afterflow index --rebuild" "$BIN index --rebuild --vault $vault > /dev/null" \
    -n "afterflow index (nothing changed)" "$BIN index --vault $vault > /dev/null" \
    -n "afterflow index (10 files touched)" "$BIN index --vault $vault > /dev/null" \
    -n "afterflow list (every session)" "$BIN list --vault $vault > /dev/null" \
    -n "afterflow list --limit 20" "$BIN list --limit 20 --vault $vault > /dev/null" \
    -n "afterflow list --search ocean" "$BIN list --search ocean --vault $vault > /dev/null" \
    -n "afterflow search ocean" "$BIN search ocean --vault $vault > /dev/null" \
    -n "afterflow stats" "$BIN stats --vault $vault > /dev/null" \
    -n "afterflow check" "$BIN check --vault $vault > /dev/null 2>&1" >/dev/null
  python3 - /tmp/afterflow-bench-$n.json <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
floors = {r["command"]: r["median"] for r in results if r["command"].startswith("floor")}
cat, find = floors["floor: cat every file"], floors["floor: find with stat"]
print("| command | median | min | max | × cat floor | × find floor |")
print("|:---|---:|---:|---:|---:|---:|")
for r in results:
    ms = lambda s: f"{s * 1000:.0f} ms" if s < 10 else f"{s:.1f} s"
    print(f"| `{r['command']}` | {ms(r['median'])} | {ms(r['min'])} | {ms(r['max'])} | {r['median'] / cat:.2f} | {r['median'] / find:.2f} |")
PY
  echo
  rm -f "$index" "$index-wal" "$index-shm"
  /usr/bin/time -f '%M' -o /tmp/afterflow-peak "$BIN" index --vault "$vault" >/dev/null 2>&1 || true
  echo "Peak memory of a cold \`afterflow index\`: $(( $(tail -1 /tmp/afterflow-peak) / 1024 )) MB"
  echo
  /usr/bin/time -f '%M' -o /tmp/afterflow-peak "$BIN" list --vault "$vault" >/dev/null 2>&1 || true
  echo "Peak memory of \`afterflow list\` (every session): $(( $(tail -1 /tmp/afterflow-peak) / 1024 )) MB"
  echo
done
