#!/bin/sh
# Builds the fuzz targets with libFuzzer and the address sanitizer and runs each one.
#
#   Tests/Fuzz/run.sh fuzz [SECONDS]   `make fuzz`: each target for SECONDS (default 60), new
#                                      inputs kept in its corpus, which is then minimised
#   Tests/Fuzz/run.sh smoke [SECONDS]  `make test`: each target over its corpus and then mutating
#                                      it for SECONDS (default 5); the corpus is left as it is
#   FUZZ_ONLY="editor trial-line" Tests/Fuzz/run.sh ...   only those targets
#
# One target by hand: FUZZ_TARGET=editor .build/fuzz/debug/afterflow-fuzz Tests/Fuzz/Crashes/editor/*
#
# Run from the repository's root. A crash (a violated property, a trap, a sanitizer report, a
# timeout) is saved as Tests/Fuzz/Crashes/TARGET/crash-HASH, which the main package's
# FuzzRegressionTests replay on every `swift test`; the run then fails. Where the toolchain has no
# libFuzzer (Apple's Xcode toolchain, for one), it says so and runs nothing.
set -u
mode=${1:-fuzz}
case "$mode" in
    fuzz) seconds=${2:-60} ;;
    smoke) seconds=${2:-5} ;;
    *) echo "usage: Tests/Fuzz/run.sh fuzz|smoke [SECONDS]" >&2; exit 2 ;;
esac
SWIFT=${SWIFT:-swift}
case "$SWIFT" in */*) SWIFTC=${SWIFTC:-$(dirname "$SWIFT")/swiftc} ;; *) SWIFTC=${SWIFTC:-swiftc} ;; esac
root=Tests/Fuzz
scratch=.build/fuzz
bin=$scratch/debug/afterflow-fuzz
# Swift's own crash backtracer reads the stack in a way the address sanitizer reports as a bug of
# its own; libFuzzer prints the stack instead. Leak checks are off: the Swift runtime's caches
# hold memory for the life of the process by design.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}

probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
printf '@_cdecl("LLVMFuzzerTestOneInput") public func f(_ d: UnsafePointer<UInt8>?, _ n: Int) -> CInt { 0 }\n' > "$probe/probe.swift"
if ! (cd "$probe" && "$SWIFTC" -sanitize=fuzzer,address -parse-as-library probe.swift -o probe) > "$probe/log" 2>&1; then
    echo "fuzz: SKIPPED: this Swift toolchain cannot build with -sanitize=fuzzer,address (libFuzzer is part of"
    echo "      swift.org's Linux toolchains, not of Xcode's). What swiftc said:"
    grep -v "Cannot export local symbol" "$probe/log" | head -5 | sed 's/^/      /'
    exit 0
fi

started=$(date +%s)
echo "fuzz: building the targets with -sanitize=fuzzer,address (in $scratch)..."
if ! $SWIFT build -c debug -Xswiftc -sanitize=fuzzer,address --product afterflow-fuzz \
        --package-path "$root" --scratch-path "$scratch" > "$probe/build.log" 2>&1; then
    grep -v "Cannot export local symbol" "$probe/build.log" | tail -30
    echo "fuzz: the build failed"
    exit 1
fi
built=$(date +%s)
echo "fuzz: built in $((built - started)) s"

failed=0
summary="$probe/summary"
printf '%-14s %8s %12s %8s %9s %8s\n' target seconds inputs corpus "corpus KB" crashes > "$summary"
for dir in "$root"/Corpus/*/; do
    target=$(basename "$dir")
    # FUZZ_ONLY="editor trial-line" runs only those.
    case " ${FUZZ_ONLY:-$target} " in *" $target "*) ;; *) continue ;; esac
    crashes="$root/Crashes/$target"
    mkdir -p "$crashes"
    before=$(ls "$crashes" | wc -l)
    new="$probe/new-$target"
    mkdir -p "$new"
    log="$probe/$target.log"
    t0=$(date +%s)
    # New inputs go to the first folder (a scratch one); the corpus is read from the second.
    FUZZ_TARGET=$target "$bin" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$crashes/" "$new" "$dir" > "$log" 2>&1
    status=$?
    t1=$(date +%s)
    if [ "$mode" = fuzz ]; then
        # The corpus and what this run found, minimised to a smallest set of inputs that reaches
        # every edge of code any of them reaches (hit counts aside), so that it stays small.
        merged="$probe/merged-$target"
        mkdir -p "$merged"
        if FUZZ_TARGET=$target "$bin" -merge=1 -set_cover_merge=1 -use_counters=0 -timeout=20 "$merged" "$dir" "$new" > "$log.merge" 2>&1 \
                && [ "$(ls "$merged" | wc -l)" -gt 0 ]; then
            rm -f "$dir"* && cp "$merged"/* "$dir"
        else
            echo "fuzz: $target: minimising the corpus failed; it is left as it was (see below)"
            tail -5 "$log.merge"
        fi
    fi
    executed=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    after=$(ls "$crashes" | wc -l)
    found=$((after - before))
    if [ "$status" -ne 0 ] || [ "$found" -gt 0 ]; then
        failed=1
        echo "fuzz: $target FAILED (exit $status); libFuzzer said:"
        grep -v "^INFO\|^#[0-9]" "$log" | grep -E "Fatal error|ERROR|SUMMARY|Test unit written|^[a-z-]+: |deadly" | head -20 | sed 's/^/    /'
    fi
    printf '%-14s %8s %12s %8s %9s %8s\n' "$target" "$((t1 - t0))" "${executed:-?}" "$(ls "$dir" | wc -l)" \
        "$(cat "$dir"* 2>/dev/null | wc -c | awk '{printf "%d", $1 / 1024}')" "$found" >> "$summary"
    rmdir "$crashes" 2>/dev/null
done
echo
cat "$summary"
echo "(inputs: libFuzzer's stat::number_of_executed_units; corpus: files in Tests/Fuzz/Corpus/TARGET; total $(($(date +%s) - started)) s)"
if [ "$failed" -ne 0 ]; then
    echo "fuzz: a property failed; the inputs are in Tests/Fuzz/Crashes/ and FuzzRegressionTests replays them (swift test --filter FuzzRegressionTests)"
    exit 1
fi
