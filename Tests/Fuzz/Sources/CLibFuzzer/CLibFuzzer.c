// Only a header: libFuzzer itself is linked in by -sanitize=fuzzer.
