// SHA-256's block function with the processor's SHA instructions (x86-64's SHA-NI), for
// Support/SHA256.swift: our own code, no library. Elsewhere (arm64, or an x86-64 without them)
// afterflow_sha256_accelerated() answers 0 and the portable Swift code does the work.
#ifndef AFTERFLOW_CSHA256_H
#define AFTERFLOW_CSHA256_H

#include <stddef.h>
#include <stdint.h>

/// 1 when this processor has the instructions afterflow_sha256_blocks needs, else 0.
int afterflow_sha256_accelerated(void);

/// Runs SHA-256's compression over `blocks` whole 64-byte blocks at `data`, updating `state`
/// (the eight words a, b, … h). Only to be called when afterflow_sha256_accelerated() is 1.
void afterflow_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks);

#endif
