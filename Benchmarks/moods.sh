# Moods between sessions (issue 13), sourced by run.sh with ONLY=moods (or all): ten years of three
# check-ins a day (about 11,000 files), a PHQ-9 and a GAD-7 each month and a session each month,
# generated once. The issue's targets: `afterflow mood` saving one check-in, process start
# included, under 20 ms; `moods --trend` under 60 ms; `export fhir` of everything under 1 s. The
# floors are measured in the same run: `true` and `cat` of one check-in (a process that starts and
# reads one file), and `cat` of every check-in and assessment. The check-in is written at a fixed
# minute and removed before each run; the index is brought up to date before the reads.
moods="$OUT/moods"
if [ ! -f "$moods/.generated" ]; then
  rm -rf "$moods"
  "$BENCH" moods "$moods" >/dev/null
  touch "$moods/.generated"
fi
checkins=$(find "$moods/moods" -name '*.md' | wc -l)
measures=$(find "$moods/assessments" -name '*.md' | wc -l)
sessions=$(find "$moods/sessions" -name '*.md' | wc -l)
one=$(find "$moods/moods" -name '*.md' | sort | tail -1)
new="$moods/moods/2025/2025-06-01-1200"
echo "### Moods: ten years of check-ins ($checkins check-ins, $measures assessments, $sessions sessions)"
echo
rm -f "$new"*.md
"$BIN" index --vault "$moods" >/dev/null 2>&1
# Without a shell (-N): at a few milliseconds, a shell's start-up would blur the figures.
hyperfine -N --style none --warmup 3 --runs "$RUNS" --export-json /tmp/afterflow-bench-mood.json \
  --prepare "rm -f $new.md" \
  -n "floor: true" "true" \
  -n "floor: cat one check-in" "cat $one" \
  -n "afterflow mood (one check-in saved)" "$BIN mood 7 'Walked by the sea with my sister' --date '2025-06-01 12:00' --vault $moods" >/dev/null
table /tmp/afterflow-bench-mood.json "floor: cat one check-in"
echo
rm -f "$new"*.md
"$BIN" index --vault "$moods" >/dev/null 2>&1
hyperfine --style none --warmup 1 --runs "$RUNS" --export-json /tmp/afterflow-bench-moods-read.json \
  -n "floor: cat every check-in and assessment" "find $moods/moods $moods/assessments -name '*.md' -print0 | xargs -0 cat > /dev/null" \
  -n "afterflow moods --trend" "$BIN moods --trend --vault $moods > /dev/null" \
  -n "afterflow assessments" "$BIN assessments --vault $moods > /dev/null" \
  -n "afterflow export fhir (everything)" "$BIN export fhir --vault $moods > /dev/null" >/dev/null
table /tmp/afterflow-bench-moods-read.json "floor: cat every check-in and assessment"
echo
bytes=$("$BIN" export fhir --vault "$moods" 2>/dev/null | wc -c)
echo "The bundle: $((bytes / 1000000)) MB."
echo
/usr/bin/time -f '%M' -o /tmp/afterflow-peak "$BIN" export fhir --vault "$moods" >/dev/null 2>&1 || true
echo "Peak memory of \`afterflow export fhir\`: $(( $(tail -1 /tmp/afterflow-peak) / 1024 )) MB"
echo
