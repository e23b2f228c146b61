#!/usr/bin/env bash
# Behaviour data (issue 22): `record` (one event), `summary`, `agreement` and the progress report
# of a client with every measure, beside floors measured in the same run. Prints Markdown for
# docs/PERFORMANCE.md. The issue's targets: `record` under 15 ms with start-up; `summary` and
# `agreement` under 50 ms; the progress report with every measure under 250 ms for a client with
# two years of weekly sessions.
#
#   BIN=.build/release/afterflow PRACTICE=bench-vaults/practice Benchmarks/behaviour.sh
#   BIN=... PRACTICE=... RUNS=5 Benchmarks/behaviour.sh
#
# BIN is the afterflow to measure; PRACTICE a practice vault (run.sh's, made with
# `afterflow-bench practice`), or any vault: the script adds to it, once, a client `bx-b` with a
# goal of each measure (count, duration, latency, interval, abc, task) and two years of weekly
# 45-minute sessions (104), every fifth with a second observer's record. `record` appends to the
# newest session, put back from a copy before each run. Without shell start-up (-N) for the
# short commands, as run.sh measures `trial`. Needs hyperfine and python3.
set -euo pipefail

BIN=${BIN:?set BIN to the afterflow binary to measure}
PRACTICE=${PRACTICE:?set PRACTICE to the vault to measure on}
RUNS=${RUNS:-7}
command -v hyperfine >/dev/null 2>&1 || { echo "Benchmarks need hyperfine: apt-get install -y hyperfine" >&2; exit 1; }
command -v python3 >/dev/null 2>&1 || { echo "Benchmarks need python3" >&2; exit 1; }

# Markdown table of a hyperfine JSON file, each command's median beside the floor named by $2.
table() {
  python3 - "$1" "$2" <<'EOF'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
floor = next(r["median"] for r in results if r["command"] == sys.argv[2])
ms = lambda s: f"{s * 1000:.1f} ms"
print("| command | median | min | max | × floor |")
print("|---|---|---|---|---|")
for r in results:
    print(f"| `{r['command']}` | {ms(r['median'])} | {ms(r['min'])} | {ms(r['max'])} | {r['median'] / floor:.2f} |")
EOF
}

client="$PRACTICE/clients/bx-b"
if [ ! -f "$client/.generated" ]; then
  rm -rf "$client"
  python3 - "$client" <<'EOF'
import os, sys, uuid, datetime, random
root = sys.argv[1]
rnd = random.Random(22)
ns = uuid.UUID("6f1c2a8e-5b3d-4c1a-9f0e-2d7b8c9a1e34")
def uid(*parts): return str(uuid.uuid5(ns, "/".join(parts))).upper()
client_id = uid("bx-b")
os.makedirs(f"{root}/goals"); os.makedirs(f"{root}/sessions")
first = datetime.date(2023, 1, 2)
open(f"{root}/client.md", "w").write(f"""---
type: client
id: {client_id}
name: Bea Xu
born: 2016-04-04
created: {first}T09:00:00-08:00
updated: {first}T09:00:00-08:00
---

## Notes

Generated for Benchmarks/behaviour.sh: a goal of each measure, two years of weekly sessions.
""")
goals = {
    "hitting": "measure: count", "tantrum": "measure: duration", "name-response": "measure: latency",
    "on-task": "measure: interval\nmethod: partial\ninterval: 10s", "incidents": "measure: abc",
    "handwash": "measure: task\nsteps: [turn on water, wet hands, soap, scrub, rinse, dry]\nchaining: total\nmastery: 80% x 3",
}
for short, keys in goals.items():
    open(f"{root}/goals/{short}.md", "w").write(f"""---
type: goal
id: {uid("bx-b", short)}
client: {client_id}
title: {short.replace("-", " ").capitalize()}
category: behavior
{keys}
phase: active
phases: [baseline {first}, active {first + datetime.timedelta(weeks=8)}]
started: {first}
created: {first}T09:00:00-08:00
updated: {first}T09:00:00-08:00
---
""")
levels = ["independent", "minimal", "moderate", "maximal"]
def t(s): return f"{9 + s // 3600:02d}:{s // 60 % 60:02d}:{s % 60:02d}"
for week in range(104):
    day = first + datetime.timedelta(weeks=week)
    lines = []
    for s in sorted(rnd.sample(range(60, 2640), rnd.randint(2, 12))): lines.append((s, f"hitting count"))
    for start in (300, 1500):
        lines.append((start, "tantrum start")); lines.append((start + rnd.randint(30, 200), "tantrum stop"))
    for cue in (600, 1200, 1800, 2400):
        lines.append((cue, "name-response cue")); lines.append((cue + rnd.randint(1, 9), "name-response response"))
    for n in range(1, 31): lines.append((900 + 10 * n, f"on-task interval {n} {rnd.choice('+-')}"))
    for s in (700, 2000): lines.append((s, "incidents abc demand hitting escape"))
    for n in range(1, 7): lines.append((2100 + 15 * n, f"handwash step {n} + {rnd.choice(levels)}"))
    lines.sort(key=lambda x: x[0])
    year = day.year
    os.makedirs(f"{root}/sessions/{year}", exist_ok=True)
    sid = uid("bx-b", str(day))
    def write(path, id, extra, body):
        open(path, "w").write(f"""---
type: trials
id: {id}
client: {client_id}
date: {day}T09:00:00-08:00
end: {day}T09:45:00-08:00
{extra}recorded_on: terminal
created: {day}T09:00:00-08:00
updated: {day}T09:45:00-08:00
---

## Notes

## Trials

""" + "\n".join(f"- {t(s)} {w}" for s, w in body) + "\n")
    write(f"{root}/sessions/{year}/{day}-0900.md", sid, "observer: JR\n", lines)
    if week % 5 == 0:
        other = [(s, w) for s, w in lines if w != "hitting count" or rnd.random() > 0.2]
        write(f"{root}/sessions/{year}/{day}-0900-jd.md", uid("bx-b", str(day), "jd"),
              f"observer: JD\nrole: reliability\nprimary: {sid}\n", other)
open(f"{root}/.generated", "w").close()
EOF
fi

newest=$(find "$client/sessions" -name '*-0900.md' | sort | tail -1)
checked=$(find "$client/sessions" -name '*-0900-jd.md' | sort | tail -1)
primary="${checked%-jd.md}.md"
copy=$(mktemp)
cp "$newest" "$copy"
"$BIN" index --vault "$PRACTICE" >/dev/null 2>&1
files=$(find "$client" -name '*.md' | wc -l)
echo "### Behaviour data: one client with every measure, two years of weekly sessions ($files files)"
echo

record="$BIN record bx-b hitting --session $newest --at 09:44:00 --vault $PRACTICE"
summary="$BIN summary $newest --vault $PRACTICE"
agreement="$BIN agreement $primary --vault $PRACTICE"
hyperfine -N --style none --warmup 2 --runs "$RUNS" --export-json /tmp/afterflow-bench-behaviour-short.json \
  --prepare "cp $copy $newest" \
  -n "floor: cat the session file" "cat $newest" \
  -n "afterflow record (one count)" "$record" \
  -n "afterflow summary (every measure)" "$summary" \
  -n "afterflow agreement" "$agreement" >/dev/null
cp "$copy" "$newest"
table /tmp/afterflow-bench-behaviour-short.json "floor: cat the session file"
echo

html=/tmp/afterflow-bench-behaviour.html
hyperfine --style none --warmup 1 --runs "$RUNS" --export-json /tmp/afterflow-bench-behaviour-report.json \
  --prepare "rm -f $html" \
  -n "floor: cat the client's files" "find $client -name '*.md' -print0 | xargs -0 cat > /dev/null" \
  -n "afterflow progress bx-b" "$BIN progress bx-b --vault $PRACTICE > /dev/null" \
  -n "afterflow export progress bx-b --format html" "$BIN export progress bx-b --format html -o $html --vault $PRACTICE > /dev/null 2>&1" >/dev/null
rm -f "$html" "$copy"
table /tmp/afterflow-bench-behaviour-report.json "floor: cat the client's files"
echo
