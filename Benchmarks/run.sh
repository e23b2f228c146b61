#!/usr/bin/env bash
# Measures Afterflow on generated vaults, beside what its users would otherwise run (jrnl, a
# python-frontmatter script, ripgrep, pandoc, a Python FHIR bundle builder, a plain Python weekly
# average) and beside the floors of the same work (`cat`, `find` with stat, `cmark`), measured in
# the same run on the same files. Prints Markdown for docs/PERFORMANCE.md. `make bench` installs
# the peers (`make bench-deps`) and runs it.
#
#   Benchmarks/run.sh                 the table (Benchmarks/compare.py): every figure a ratio to its
#                                     peer or floor, at two sizes, the growth from one to the other,
#                                     peak memory, and a profile of the slowest ratio of each group
#   SIZES="1000 3000" PRACTICE="4 8" YEARS="1 2" RUNS=3 Benchmarks/run.sh
#                                     the same table on small vaults, for a quick look
#   ONLY=all Benchmarks/run.sh        every detailed part below, one after the other
#   ONLY=index Benchmarks/run.sh      the generated vaults' index and commands alone (at SIZES)
#   ONLY=exports Benchmarks/run.sh    the exports and the import alone
#   ONLY=wide Benchmarks/run.sh       `set` on one file with 100,000 front-matter keys alone
#   ONLY=practice Benchmarks/run.sh   a therapist's practice alone: trial, progress, its report, index
#   ONLY=live Benchmarks/run.sh       the live logger on the practice: keypress to fsync'd line, start-up
#   ONLY=moods Benchmarks/run.sh      ten years of check-ins alone: mood, moods --trend, export fhir
#   ONLY=costs Benchmarks/run.sh      issue 25's rows alone: show at 10,000, export trials csv at 1x and 10x
#   BEFORE=path/to/afterflow          with ONLY=costs: another build measured beside this one, same run
#   SCRATCH=.build-x                  build in another scratch folder
#   AFTERFLOW=path/to/afterflow       measure that build of afterflow instead of building it (an
#                                     older one, for a before/after; the generator is still built)
#   GENERATOR=path/to/afterflow-bench with AFTERFLOW: nothing is built (both given ready-made)
#   BENCH_VENV=Benchmarks/.venv       where `make bench-deps` put jrnl and the Python peers
set -euo pipefail
cd "$(dirname "$0")/.."

SIZES=${SIZES:-"10000 100000"}
TABLE_RUNS=${RUNS:-15}
RUNS=${RUNS:-7}
OUT=${OUT:-bench-vaults}
ONLY=${ONLY:-table}
SCRATCH=${SCRATCH:-.build}

need() { command -v "$1" >/dev/null 2>&1 || { echo "Benchmarks need $1: apt-get install -y $2" >&2; exit 1; }; }
if ! command -v hyperfine >/dev/null 2>&1 || [ ! -x /usr/bin/time ] || ! command -v cmark >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt-get install -y -qq hyperfine time cmark >/dev/null
  fi
fi
need hyperfine hyperfine
need cmark cmark
[ -x /usr/bin/time ] || { echo "Benchmarks need GNU time: apt-get install -y time" >&2; exit 1; }

# Built as `make install` builds it: on Linux with the Swift runtime linked in statically, at a
# fixed address, its own symbols not exported, a static executable (see the Makefile's RELEASE_FLAGS).
STATIC=""; [ "$(uname -s)" = Linux ] && STATIC="--static-swift-stdlib -Xlinker --no-export-dynamic -Xswiftc -static-executable -Xlinker -no-pie"
# Product by product: afterflow-oembed links FoundationNetworking, which a static build cannot link
# without libcurl's development files, and no benchmark runs it.
products="afterflow afterflow-bench"; [ -n "${AFTERFLOW:-}" ] && products=afterflow-bench
[ -n "${AFTERFLOW:-}" ] && [ -n "${GENERATOR:-}" ] && products=""
for product in $products; do
  swift build -c release $STATIC --scratch-path "$SCRATCH" --product "$product" >/dev/null
done
BIN=${AFTERFLOW:-$SCRATCH/release/afterflow}
BENCH=${GENERATOR:-$SCRATCH/release/afterflow-bench}

# A generated vault of $2 sessions in $1, made once.
vault_of() {
  if [ ! -f "$1/.generated" ]; then
    rm -rf "$1"
    "$BENCH" generate "$1" "$2" 1 >/dev/null
    touch "$1/.generated"
  fi
}

# Markdown table of a hyperfine JSON file: each command's median, min and max, and its ratio to the
# command named by $2 (a floor measured in the same run).
table() {
  python3 - "$1" "$2" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
floor = next(r["median"] for r in results if r["command"] == sys.argv[2])
print(f"| command | median | min | max | × {sys.argv[2]} |")
print("|:---|---:|---:|---:|---:|")
for r in results:
    ms = lambda s: f"{s * 1000:.0f} ms" if s < 10 else f"{s:.1f} s"
    print(f"| `{r['command']}` | {ms(r['median'])} | {ms(r['min'])} | {ms(r['max'])} | {r['median'] / floor:.2f} |")
PY
}

echo "## Run of $(date -u +%Y-%m-%dT%H:%MZ)"
echo
echo "afterflow: \`$BIN\`; load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "Machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -sr), $(swift --version 2>/dev/null | head -1)"
echo

if [ "$ONLY" = table ]; then
  venv=${BENCH_VENV:-Benchmarks/.venv}
  if [ ! -x "$venv/bin/jrnl" ] || ! command -v pandoc >/dev/null 2>&1 || ! command -v rg >/dev/null 2>&1; then
    echo "The table needs its peers (jrnl, python-frontmatter, pandoc, ripgrep): run make bench-deps first." >&2
    exit 1
  fi
  python3 Benchmarks/compare.py --bin "$BIN" --bench "$BENCH" --out "$OUT" --python "$venv/bin/python" \
    --sizes "${SIZES:-10000 100000}" --practice "${PRACTICE:-40 400}" --years "${YEARS:-10 100}" --runs "$TABLE_RUNS" \
    ${NO_PROFILE:+--no-profile}
  exit 0
fi

[ "$ONLY" = table ] || [ "$ONLY" = exports ] || [ "$ONLY" = wide ] || [ "$ONLY" = practice ] || [ "$ONLY" = live ] || [ "$ONLY" = moods ] || [ "$ONLY" = costs ] && SIZES=""
for n in $SIZES; do
  vault="$OUT/$n"
  vault_of "$vault" "$n"
  files=$(find "$vault/sessions" -name '*.md' | wc -l)
  bytes=$(du -sb "$vault/sessions" | cut -f1)
  echo "### $n sessions ($files files, $((bytes / 1000000)) MB)"
  echo
  echo '```'
  "$BENCH" parse "$vault" "$RUNS"
  echo '```'
  echo
  index="$vault/.afterflow/index.sqlite"
  ten=$(find "$vault/sessions" -name '*.md' | sort | sed -n '1,10p' | tr '\n' ' ')
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

# Exports and import. The issue's targets: CSV export of 10,000 sessions under 0.5 s; HTML of 1,000
# sessions at most twice the time of the `cmark` command over the same files; import of 10,000
# rows under 3 s. The index is brought up to date before timing, as any earlier command leaves it.
if [ "$ONLY" = all ] || [ "$ONLY" = exports ]; then
  big="$OUT/10000"
  small="$OUT/1000"
  vault_of "$big" 10000
  vault_of "$small" 1000
  "$BIN" index --vault "$big" >/dev/null
  "$BIN" index --vault "$small" >/dev/null
  echo "### Exports and import"
  echo
  hyperfine --style none --warmup 1 --runs "$RUNS" --export-json /tmp/afterflow-bench-csv.json \
    -n "floor: cat every file" "find $big/sessions -name '*.md' -print0 | xargs -0 cat > /dev/null" \
    -n "afterflow export csv (10,000)" "$BIN export csv --vault $big > /dev/null 2>&1" \
    -n "afterflow export csv --full (10,000)" "$BIN export csv --full --vault $big > /dev/null 2>&1" >/dev/null
  table /tmp/afterflow-bench-csv.json "floor: cat every file"
  echo
  # The floor is one cmark process over all 1,000 files (what cmark takes to parse and render the
  # same Markdown, front matter included, with no start-up per file); cmark run once per file is
  # shown beside it for scale.
  hyperfine --style none --warmup 1 --runs "$RUNS" --export-json /tmp/afterflow-bench-html.json \
    -n "floor: cmark over all files" "find $small/sessions -name '*.md' -print0 | xargs -0 cat | cmark > /dev/null" \
    -n "cmark once per file" "find $small/sessions -name '*.md' -print0 | xargs -0 -n1 cmark > /dev/null" \
    -n "afterflow export html (1,000)" "$BIN export html --vault $small > /dev/null" >/dev/null
  table /tmp/afterflow-bench-html.json "floor: cmark over all files"
  echo
  # Import: 10,000 rows (every session of the 10,000 vault, drafts too) into an empty vault made
  # before each run; the floor extracts the same 10,000 session files into an empty folder. Each
  # run gets a folder never used before (through a symbolic link): removing 10,000 files just
  # before creating 10,000 more sends ext4 down a slow path for recently freed inodes, which
  # would time the file system's housekeeping rather than the import.
  csv="$OUT/import-10000.csv"
  "$BIN" export csv --vault "$big" --status draft,needs-reflection,complete > "$csv" 2>/dev/null
  rows=$(( $(python3 -c "import csv,sys; print(sum(1 for _ in csv.reader(open(sys.argv[1], newline=''))))" "$csv") - 1 ))
  tar -C "$big" -cf "$OUT/sessions-10000.tar" sessions
  rm -rf "$OUT"/run-*
  hyperfine --style none --runs "$RUNS" --export-json /tmp/afterflow-bench-import.json \
    -n "floor: untar the 10,000 files" \
      --prepare "d=run-untar-\$(date +%s%N); mkdir -p $OUT/\$d && ln -sfn \$d $OUT/run-target" \
      "tar -C $OUT/run-target/ -xf $OUT/sessions-10000.tar" \
    -n "afterflow import csv ($rows rows)" \
      --prepare "d=run-import-\$(date +%s%N); $BIN init $OUT/\$d --no-git --time-zone America/Los_Angeles > /dev/null && ln -sfn \$d $OUT/run-target" \
      "$BIN import csv $csv --vault $OUT/run-target > /dev/null" >/dev/null
  table /tmp/afterflow-bench-import.json "floor: untar the 10,000 files"
  echo
  rm -rf "$OUT"/run-*
  for cmd in "export csv --vault $big" "export html --vault $small"; do
    /usr/bin/time -f '%M' -o /tmp/afterflow-peak "$BIN" $cmd >/dev/null 2>&1 || true
    echo "Peak memory of \`afterflow ${cmd% --vault*}\`: $(( $(tail -1 /tmp/afterflow-peak) / 1024 )) MB"
    echo
  done
fi

# One session with 100,000 keys of the user's own: `set` reads, checks (duplicate keys among them),
# edits and writes it, and the index reads it again; `index --rebuild` reads it once. The file is
# put back before each run (the index, which compares contents, does not read it again for
# that); the floor copies it.
if [ "$ONLY" = all ] || [ "$ONLY" = wide ]; then
  wide="$OUT/wide-100000"
  if [ ! -f "$wide/.generated" ]; then
    rm -rf "$wide"
    "$BENCH" wide "$wide" 100000
    touch "$wide/.generated"
  fi
  file="$wide/sessions/2024/2024-12-10-psilocybin.md"
  cp "$file" "$OUT/wide-100000.md"
  "$BIN" index --vault "$wide" >/dev/null
  echo "### One session with 100,000 front-matter keys ($(( $(wc -c < "$file") / 1000000 )) MB)"
  echo
  hyperfine --style none --warmup 1 --runs "$RUNS" --export-json /tmp/afterflow-bench-wide.json \
    --prepare "cp $OUT/wide-100000.md $file" \
    -n "floor: cp the file" "cp $OUT/wide-100000.md $file.copy" \
    -n "afterflow set mood_after=8" "$BIN set 5E55A7E0 mood_after=8 --vault $wide > /dev/null" \
    -n "afterflow index --rebuild" "$BIN index --rebuild --vault $wide > /dev/null 2>&1" >/dev/null
  table /tmp/afterflow-bench-wide.json "floor: cp the file"
  echo
  cp "$OUT/wide-100000.md" "$file"
  rm -f "$file.copy"
fi

# A therapist's practice: 40 clients with 3-6 goals each and two years of weekly trial sessions of
# 20-80 trials (about 4,000 files and 200,000 trials), generated once and checked. The issue's
# targets: `afterflow trial` appending one trial, process start included, under 15 ms (beside `cat`
# of that one file: a process that reads it); `progress` of one client under 50 ms and its HTML
# report under 200 ms (beside `cat` of that client's files); `index --rebuild` within 3x the `cat`
# floor of every file. A command this build does not have yet is skipped with a message, so that
# the rest still runs. The trial is appended to the client's newest session, which is put back
# before each run.
practice="$OUT/practice"
make_practice() {
  if [ ! -f "$practice/.generated" ]; then
    rm -rf "$practice"
    "$BENCH" practice "$practice" >/dev/null
    if ! "$BENCH" check-practice "$practice" >&2; then
      echo "The generated practice has problems (above); nothing was measured on it." >&2
      exit 1
    fi
    touch "$practice/.generated"
  fi
}
if [ "$ONLY" = all ] || [ "$ONLY" = practice ]; then
  make_practice
  has() { "$BIN" "$@" --help >/dev/null 2>&1; }
  skipped() { echo "Skipped \`afterflow $1\`: $2"; echo; }
  # Whether a command runs once without failing; if not, says why and it is skipped.
  runs() {
    if bash -c "$2" 2>/tmp/afterflow-bench-error; then return 0; fi
    skipped "$1" "it failed: $(head -1 /tmp/afterflow-bench-error)"
    return 1
  }
  files=$(find "$practice/clients" -name '*.md' | wc -l)
  bytes=$(du -sb "$practice/clients" | cut -f1)
  client=$(ls "$practice/clients" | head -1)
  client_files=$(find "$practice/clients/$client" -name '*.md' | wc -l)
  session=$(find "$practice/clients/$client/sessions" -name '*.md' | sort | tail -1)
  goal=$(sed -n 's/^- [0-9:]* \([A-Za-z0-9_-]*\) .*/\1/p' "$session" | head -1)
  cp "$session" "$OUT/practice-session.md"
  html=/tmp/afterflow-bench-progress.html
  "$BIN" index --vault "$practice" >/dev/null 2>&1 || true
  echo "### A practice: 40 clients, two years of weekly trial sessions ($files files, $((bytes / 1000000)) MB)"
  echo
  echo "One client: \`$client\`, $client_files files; the trial goes to \`${session#"$practice"/}\` (goal \`$goal\`)."
  echo

  hyperfine --style none --warmup 1 --runs "$RUNS" --export-json /tmp/afterflow-bench-practice-index.json \
    -n "floor: cat every file" "find $practice/clients -name '*.md' -print0 | xargs -0 cat > /dev/null" \
    -n "afterflow index --rebuild" "$BIN index --rebuild --vault $practice > /dev/null 2>&1" >/dev/null
  table /tmp/afterflow-bench-practice-index.json "floor: cat every file"
  echo

  # Without a shell (-N): at a few milliseconds, a shell's start-up would blur the figures.
  # The newest session has ended (the generator ends them), so the trial goes into it on purpose.
  trial="$BIN trial $client $goal success --cue minimal --session $session --vault $practice"
  if ! has trial; then
    skipped trial "this build has no such command yet."
  elif runs trial "$trial > /dev/null"; then
    hyperfine -N --style none --warmup 1 --runs "$RUNS" --export-json /tmp/afterflow-bench-practice-trial.json \
      --prepare "cp $OUT/practice-session.md $session" \
      -n "floor: cat the session file" "cat $session" \
      -n "afterflow trial (one trial appended)" "$trial" >/dev/null
    table /tmp/afterflow-bench-practice-trial.json "floor: cat the session file"
    echo
  fi
  cp "$OUT/practice-session.md" "$session"

  cases=()
  progress="$BIN progress $client --vault $practice > /dev/null"
  if ! has progress; then
    skipped progress "this build has no such command yet."
  elif runs progress "$progress"; then
    cases+=(-n "afterflow progress $client" "$progress")
  fi
  report="rm -f $html && $BIN export progress $client --format html -o $html --vault $practice > /dev/null"
  if ! has export progress; then
    skipped "export progress" "this build has no such command yet."
  elif runs "export progress" "$report"; then
    cases+=(-n "afterflow export progress $client --format html" "$BIN export progress $client --format html -o $html --vault $practice > /dev/null 2>&1")
  fi
  if [ ${#cases[@]} -gt 0 ]; then
    hyperfine --style none --warmup 1 --runs "$RUNS" --export-json /tmp/afterflow-bench-practice-client.json \
      --prepare "rm -f $html" \
      -n "floor: cat the client's files" "find $practice/clients/$client -name '*.md' -print0 | xargs -0 cat > /dev/null" \
      "${cases[@]}" >/dev/null
    table /tmp/afterflow-bench-practice-client.json "floor: cat the client's files"
    echo
  fi
  rm -f "$html"

  # Billing over the whole practice: every session's minutes and units, from the index.
  units="$BIN units --format csv --vault $practice > /dev/null"
  if ! has units; then
    skipped units "this build has no such command yet."
  elif runs units "$units"; then
    hyperfine --style none --warmup 1 --runs "$RUNS" --export-json /tmp/afterflow-bench-practice-units.json \
      -n "floor: cat every file" "find $practice/clients -name '*.md' -print0 | xargs -0 cat > /dev/null" \
      -n "afterflow units --format csv (every session)" "$units" >/dev/null
    table /tmp/afterflow-bench-practice-units.json "floor: cat every file"
    echo
  fi
fi

# The live logger (issue 12) on a copy of the practice, through a real pseudo-terminal: keypress to
# fsync'd line over LIVE_TRIALS trials in one session (target: p99 under 50 ms), and start to first
# trial loggable (target: under 1 s), beside a pty round trip, an append + fsync and a process start
# measured in the same run (Benchmarks/live-log.py).
if [ "$ONLY" = all ] || [ "$ONLY" = live ]; then
  make_practice
  live="$OUT/practice-live"
  rm -rf "$live" && cp -a "$practice" "$live"
  "$BIN" index --vault "$live" >/dev/null 2>&1 || true
  client=$(ls "$live/clients" | head -1)
  echo "### The live logger: \`afterflow log $client\` on a copy of the practice"
  echo
  python3 Benchmarks/live-log.py "$live" "${LIVE_TRIALS:-1000}" "$BIN" "$client" "${RUNS}"
  echo
  rm -rf "$live"
fi

if [ "$ONLY" = all ] || [ "$ONLY" = moods ]; then
  source Benchmarks/moods.sh
fi

# Issue 25, costs that follow the work: `show` of one session of 10,000 by its id (beside `cat` of
# its file: a process that reads it), and `export trials csv` of the practice and of ten times the
# practice (400 clients; beside `cat` of every file), with the export's peak memory. BEFORE names
# another build (the one before the change), measured in the same run on the same files; its
# output must be byte for byte the same.
if [ "$ONLY" = costs ]; then
  load() { cut -d' ' -f1-3 /proc/loadavg; }
  # "before / after: N×" from a hyperfine JSON file whose commands are X and "before: X".
  against_before() {
    [ -n "${BEFORE:-}" ] || return 0
    python3 - "$1" <<'PY'
import json, sys
results = {r["command"]: r["median"] for r in json.load(open(sys.argv[1]))["results"]}
for name, median in results.items():
    if name.startswith("before: ") and name[8:] in results:
        print(f"Median before / after, same run: {median / results[name[8:]]:.2f}×")
        print()
PY
  }
  echo "Load average at the start: $(load)"
  echo
  big="$OUT/10000"
  vault_of "$big" 10000
  "$BIN" index --vault "$big" >/dev/null
  file=$(find "$big/sessions" -name '*.md' | sort | sed -n '5000p')
  ref=$(sed -n 's/^id: *//p' "$file" | head -1 | cut -c1-8)
  cases=(-n "afterflow show $ref" "$BIN show $ref --vault $big")
  [ -n "${BEFORE:-}" ] && cases+=(-n "before: afterflow show $ref" "$BEFORE show $ref --vault $big")
  hyperfine -N --style none --warmup 2 --runs "$RUNS" --export-json /tmp/afterflow-bench-costs-show.json \
    -n "floor: cat the session file" "cat $file" "${cases[@]}" >/dev/null
  echo "### \`show\` of one session of 10,000 (\`${file#"$big"/}\`)"
  echo
  table /tmp/afterflow-bench-costs-show.json "floor: cat the session file"
  echo
  against_before /tmp/afterflow-bench-costs-show.json
  make_practice
  tenfold="$OUT/practice-10x"
  if [ ! -f "$tenfold/.generated" ]; then
    rm -rf "$tenfold"
    "$BENCH" practice "$tenfold" 400 >/dev/null
    touch "$tenfold/.generated"
  fi
  for p in "$practice" "$tenfold"; do
    name=$(basename "$p")
    "$BIN" export trials csv --vault "$p" > "/tmp/afterflow-bench-$name.csv" 2>/dev/null
    size=$(wc -c < "/tmp/afterflow-bench-$name.csv")
    cases=(-n "afterflow export trials csv" "$BIN export trials csv --vault $p > /dev/null")
    if [ -n "${BEFORE:-}" ]; then
      "$BEFORE" export trials csv --vault "$p" > "/tmp/afterflow-bench-$name-before.csv" 2>/dev/null
      if cmp -s "/tmp/afterflow-bench-$name.csv" "/tmp/afterflow-bench-$name-before.csv"; then same="the same bytes as before"; else same="**output differs from before**"; fi
      cases+=(-n "before: afterflow export trials csv" "$BEFORE export trials csv --vault $p > /dev/null")
    fi
    hyperfine --style none --warmup 1 --runs "$RUNS" --export-json "/tmp/afterflow-bench-costs-$name.json" \
      -n "floor: cat every file" "find $p/clients -name '*.md' -print0 | xargs -0 cat > /dev/null" "${cases[@]}" >/dev/null
    echo "### \`export trials csv\` of \`$name\` ($(find "$p/clients" -name '*.md' | wc -l) files, $((size / 1000000)) MB of CSV${same:+, $same})"
    echo
    table "/tmp/afterflow-bench-costs-$name.json" "floor: cat every file"
    echo
    against_before "/tmp/afterflow-bench-costs-$name.json"
    for bin in "$BIN" ${BEFORE:+"$BEFORE"}; do
      /usr/bin/time -f '%M' -o /tmp/afterflow-peak "$bin" export trials csv --vault "$p" >/dev/null 2>&1 || true
      echo "Peak memory of \`$([ "$bin" = "$BIN" ] || echo "before: ")afterflow export trials csv\`: $(( $(tail -1 /tmp/afterflow-peak) / 1024 )) MB"
      echo
    done
    rm -f "/tmp/afterflow-bench-$name.csv" "/tmp/afterflow-bench-$name-before.csv"
  done
  echo "Load average at the end: $(load)"
fi
