#!/usr/bin/env bash
# Two builds of afterflow, part by part: each part of run.sh is run for the older build and then
# for this one, on the same generated vaults, so that the two runs of a part are minutes apart
# and each has its floors measured beside it. Compare the ratios to the floors (the machine's load
# moves between runs; the load average is printed at the start of each).
#
#   BEFORE=path/to/old/afterflow Benchmarks/before-after.sh                 index exports wide live moods
#   BEFORE=… SIZES=100000 Benchmarks/before-after.sh index exports           chosen parts
#   BEFORE=… AFTER=path/to/new/afterflow GENERATOR=path/to/afterflow-bench …  nothing built
#
# BEFORE should be built as run.sh builds (release, `--static-swift-stdlib` on Linux).
set -euo pipefail
cd "$(dirname "$0")/.."
: "${BEFORE:?BEFORE=path/to/the/older/afterflow}"
parts=${*:-index exports wide live moods}
for part in $parts; do
  echo "# $part, before: \`$BEFORE\`"
  echo
  ONLY=$part AFTERFLOW=$BEFORE Benchmarks/run.sh
  echo "# $part, after: this build"
  echo
  ONLY=$part AFTERFLOW=${AFTER:-} Benchmarks/run.sh
done
