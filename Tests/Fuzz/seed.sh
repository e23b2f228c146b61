#!/bin/sh
# Seeds the fuzz corpora from the repository's own files: every Markdown fixture and the example
# vault's documents (document, editor), the import fixtures and the example vault's exports
# (sessions-csv, trials-csv), and the example vault's `## Trials` lines (trial-line). Run once
# from the repository's root after `swift build`; `make fuzz` then grows and minimises them.
set -eu
corpus=Tests/Fuzz/Corpus
bin=.build/debug/afterflow
[ -x "$bin" ] || { echo "seed.sh: build afterflow first (swift build)"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -R ExampleVault "$work/vault"

put() {  # put TARGET FILE: the file under its content's hash
    name=$(sha1sum "$2" | cut -c1-40)
    cp "$2" "$corpus/$1/$name"
}
chunks() {  # chunks TARGET FILE LINES: the header with each run of LINES rows after it
    head -n 1 "$2" > "$work/header"
    tail -n +2 "$2" | split -l "$3" - "$work/chunk."
    for c in "$work"/chunk.*; do cat "$work/header" "$c" > "$c.csv"; put "$1" "$c.csv"; rm "$c" "$c.csv"; done
}

for t in document editor sessions-csv trials-csv trial-line; do mkdir -p "$corpus/$t"; done
find Tests/AfterflowKitTests/Fixtures ExampleVault -name '*.md' -size -8k | while IFS= read -r f; do
    put document "$f"
    put editor "$f"
done
for f in Tests/AfterflowKitTests/Fixtures/import/*.csv; do put sessions-csv "$f"; done
"$bin" export csv --vault "$work/vault" > "$work/app.csv"
"$bin" export csv --full --vault "$work/vault" > "$work/full.csv"
chunks sessions-csv "$work/app.csv" 8
chunks sessions-csv "$work/full.csv" 8
"$bin" export trials csv --vault "$work/vault" > "$work/trials.csv"
chunks trials-csv "$work/trials.csv" 40
grep -h '^[-*] ' $(grep -rl '^## Trials' ExampleVault Tests/AfterflowKitTests/Fixtures) > "$work/lines" || true
split -l 20 "$work/lines" "$work/lines."
for c in "$work"/lines.*; do put trial-line "$c"; done
for t in document editor sessions-csv trials-csv trial-line; do
    echo "$t: $(ls "$corpus/$t" | wc -l) seeds, $(du -sk "$corpus/$t" | cut -f1) KB"
done
