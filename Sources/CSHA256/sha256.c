// SHA-256's compression with x86-64's SHA extensions (SHA-NI): four rounds per pair of
// `sha256rnds2`, the message schedule by `sha256msg1` / `sha256msg2`. The state is kept as the
// instructions want it: one register holds a, b, e, f and the other c, d, g, h.
#include "CSHA256.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <cpuid.h>
#include <immintrin.h>

int afterflow_sha256_accelerated(void) {
    unsigned int a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    // SSSE3 (ecx bit 9) and SSE4.1 (ecx bit 19) for the shuffles and the blend.
    if (!(c & (1u << 9)) || !(c & (1u << 19))) return 0;
    if (__get_cpuid_max(0, 0) < 7) return 0;
    __cpuid_count(7, 0, a, b, c, d);
    return (b & (1u << 29)) ? 1 : 0;  // leaf 7, ebx bit 29: SHA
}

static const uint32_t K[64] = {
    0x428A2F98, 0x71374491, 0xB5C0FBCF, 0xE9B5DBA5, 0x3956C25B, 0x59F111F1, 0x923F82A4, 0xAB1C5ED5,
    0xD807AA98, 0x12835B01, 0x243185BE, 0x550C7DC3, 0x72BE5D74, 0x80DEB1FE, 0x9BDC06A7, 0xC19BF174,
    0xE49B69C1, 0xEFBE4786, 0x0FC19DC6, 0x240CA1CC, 0x2DE92C6F, 0x4A7484AA, 0x5CB0A9DC, 0x76F988DA,
    0x983E5152, 0xA831C66D, 0xB00327C8, 0xBF597FC7, 0xC6E00BF3, 0xD5A79147, 0x06CA6351, 0x14292967,
    0x27B70A85, 0x2E1B2138, 0x4D2C6DFC, 0x53380D13, 0x650A7354, 0x766A0ABB, 0x81C2C92E, 0x92722C85,
    0xA2BFE8A1, 0xA81A664B, 0xC24B8B70, 0xC76C51A3, 0xD192E819, 0xD6990624, 0xF40E3585, 0x106AA070,
    0x19A4C116, 0x1E376C08, 0x2748774C, 0x34B0BCB5, 0x391C0CB3, 0x4ED8AA4A, 0x5B9CCA4F, 0x682E6FF3,
    0x748F82EE, 0x78A5636F, 0x84C87814, 0x8CC70208, 0x90BEFFFA, 0xA4506CEB, 0xBEF9A3F7, 0xC67178F2,
};

__attribute__((target("sha,sse4.1")))
void afterflow_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks) {
    // Big-endian words: reverse the bytes of each 32-bit lane.
    const __m128i order = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    // Lanes named from the highest: DCBA is a in the lowest lane, as loaded.
    __m128i tmp = _mm_loadu_si128((const __m128i *)&state[0]);     // DCBA
    __m128i state1 = _mm_loadu_si128((const __m128i *)&state[4]);  // HGFE
    tmp = _mm_shuffle_epi32(tmp, 0xB1);                             // CDAB
    state1 = _mm_shuffle_epi32(state1, 0x1B);                       // EFGH
    __m128i state0 = _mm_alignr_epi8(tmp, state1, 8);               // ABEF
    state1 = _mm_blend_epi16(state1, tmp, 0xF0);                    // CDGH

    for (; blocks > 0; blocks--, data += 64) {
        const __m128i save0 = state0, save1 = state1;
        __m128i m[4];
        // Rounds 4g to 4g+3. m[g % 4] holds the words of group g: loaded for the first four,
        // then made by msg1 (two groups ahead) and msg2 (one group ahead).
#if defined(__clang__)
#pragma clang loop unroll(full)
#endif
        for (int g = 0; g < 16; g++) {
            if (g < 4) m[g] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * g)), order);
            __m128i msg = _mm_add_epi32(m[g & 3], _mm_loadu_si128((const __m128i *)&K[4 * g]));
            state1 = _mm_sha256rnds2_epu32(state1, state0, msg);
            if (g >= 3 && g <= 14) {
                __m128i next = _mm_add_epi32(m[(g + 1) & 3], _mm_alignr_epi8(m[g & 3], m[(g - 1) & 3], 4));
                m[(g + 1) & 3] = _mm_sha256msg2_epu32(next, m[g & 3]);
            }
            msg = _mm_shuffle_epi32(msg, 0x0E);
            state0 = _mm_sha256rnds2_epu32(state0, state1, msg);
            if (g >= 1 && g <= 12) m[(g - 1) & 3] = _mm_sha256msg1_epu32(m[(g - 1) & 3], m[g & 3]);
        }
        state0 = _mm_add_epi32(state0, save0);
        state1 = _mm_add_epi32(state1, save1);
    }

    tmp = _mm_shuffle_epi32(state0, 0x1B);        // FEBA
    state1 = _mm_shuffle_epi32(state1, 0xB1);     // DCHG
    state0 = _mm_blend_epi16(tmp, state1, 0xF0);  // DCBA
    state1 = _mm_alignr_epi8(state1, tmp, 8);     // HGFE
    _mm_storeu_si128((__m128i *)&state[0], state0);
    _mm_storeu_si128((__m128i *)&state[4], state1);
}

#else

// No SHA instructions used on this architecture: the Swift code hashes.
int afterflow_sha256_accelerated(void) { return 0; }

void afterflow_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks) {
    (void)state;
    (void)data;
    (void)blocks;
}

#endif
