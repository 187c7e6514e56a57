#ifndef TESSEL_DETAIL_SCAN_VECTOR_AVX512_HPP
#define TESSEL_DETAIL_SCAN_VECTOR_AVX512_HPP

// The Plus scan of scan_vector.hpp in 64-byte AVX-512 registers (AVX-512F
// and BW), compiled with GCC's target attribute and chosen at run time where
// the CPU has them, ahead of the AVX2 loop whose loops it shares
// (scan_vector_loops.inc), except on CPUs that split 512-bit instructions in
// two (preferred()). Both loops are bound by their instructions, and a 64-byte
// register takes twice the lanes per instruction (each shift into the vector
// before is one valignd): 1M floats 1.36x faster (docs/notes/simd.md).
// Results equal the AVX2 loop's up to the grouping of float additions.

#include <cpuid.h>
#include <immintrin.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#define TESSEL_VECTOR_TARGET __attribute__((target("avx512f,avx512bw")))

namespace tessel::detail::avx512 {

using Vec = __m512i;
inline constexpr std::size_t vector_bytes = 64;

#include <tessel/detail/simd/scan_vector_lanes.inc>

// add<L>(a, b) issued as a * 1 + b, as in scan_vector_avx2.hpp: the same
// sum, run by the multiply-add units.
template <class L>
TESSEL_VECTOR_TARGET inline Vec add_on_fma(Vec a, Vec b) {
  if constexpr (std::is_same_v<L, float>) {
    return _mm512_castps_si512(
        _mm512_fmadd_ps(_mm512_castsi512_ps(a), _mm512_set1_ps(1.0f), _mm512_castsi512_ps(b)));
  } else if constexpr (std::is_same_v<L, double>) {
    return _mm512_castpd_si512(
        _mm512_fmadd_pd(_mm512_castsi512_pd(a), _mm512_set1_pd(1.0), _mm512_castsi512_pd(b)));
  } else {
    return add<L>(a, b);
  }
}

template <class T>
TESSEL_VECTOR_TARGET inline void stream_store(T* to, Vec x) {
  _mm512_stream_si512(reinterpret_cast<Vec*>(to), x);
}
TESSEL_VECTOR_TARGET inline void stream_fence() { _mm_sfence(); }

// [before's last K lanes, x[0], ..., x[last - K]]: one valignd across the
// two vectors, through its masked form with every lane selected: GCC 12's
// unmasked form passes _mm512_undefined_epi32() as the masked-off source,
// which -Wmaybe-uninitialized reports at -O1 and above (a false positive),
// so a user building with -Wall -Werror could not compile tessel. The same
// instruction comes out: a full mask never reads the source.
template <class L, int K>
TESSEL_VECTOR_TARGET inline Vec shift_across(Vec before, Vec x) {
  return _mm512_mask_alignr_epi32(x, __mmask16(0xffff), x, before, 16 - K * int(sizeof(L)) / 4);
}

#include <tessel/detail/simd/scan_vector_loops.inc>

// Whether this CPU runs AVX-512F and BW (and its operating system saves the
// registers: GCC's check reads that too). Never where TESSEL_DISABLE_AVX512
// is defined: for clusters whose CPUs lower the clock of the whole core for
// a while after 512-bit instructions, which would slow what runs around the
// scans.
inline bool available() {
#if defined(TESSEL_DISABLE_AVX512)
  return false;
#elif defined(__AVX512F__) && defined(__AVX512BW__)
  return true;
#else
  static const bool has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") != 0 && __builtin_cpu_supports("avx512bw") != 0;
  }();
  return has;
#endif
}

// Whether this CPU runs 512-bit instructions as two 256-bit halves: AMD's
// family 0x19 with AVX-512 (Zen 4; Zen 3, the same family, has none). There
// this loop gains nothing over AVX2's (1M floats 7 % slower;
// docs/notes/simd.md); Zen 5 (family 0x1a) runs them whole, and there it won.
inline bool splits_512_bit_vectors() {
  static const bool splits = [] {
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (!__get_cpuid(0, &a, &b, &c, &d)) return false;
    const bool amd = b == 0x68747541u && d == 0x69746e65u && c == 0x444d4163u;  // "AuthenticAMD"
    if (!amd || !__get_cpuid(1, &a, &b, &c, &d)) return false;
    const unsigned base = (a >> 8) & 0xfu;
    const unsigned family = base == 0xfu ? base + ((a >> 20) & 0xffu) : base;
    return family == 0x19u;
  }();
  return splits;
}

// Whether the scans and reductions take this loop rather than AVX2's.
inline bool preferred() { return available() && !splits_512_bit_vectors(); }

}  // namespace tessel::detail::avx512

#undef TESSEL_VECTOR_TARGET

#endif
