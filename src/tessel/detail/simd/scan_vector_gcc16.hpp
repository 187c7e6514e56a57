#ifndef TESSEL_DETAIL_SCAN_VECTOR_GCC16_HPP
#define TESSEL_DETAIL_SCAN_VECTOR_GCC16_HPP

// The Plus scan of scan_vector.hpp in 16-byte vectors of GCC's vector
// extensions, which every GCC target lowers (SSE2 on x86-64, NEON on
// AArch64): the loop for every target, and the one x86-64 CPUs without AVX2
// run. It is the loop of the AVX2 and AVX-512 scans
// (scan_vector_loops.inc), compiled for the build's own target, with these
// primitives. Only GCC compiles it (scan_vector.hpp).

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#define TESSEL_VECTOR_TARGET

namespace tessel::detail::vector16 {

using Vec [[gnu::vector_size(16)]] = long long;
inline constexpr std::size_t vector_bytes = 16;

#include <tessel/detail/simd/scan_vector_lanes.inc>

// Targets without multiply-add units of their own for vectors: the adders.
template <class L>
inline Vec add_on_fma(Vec a, Vec b) {
  return add<L>(a, b);
}

// Whether stream_store writes past the caches: on SSE2 targets.
#if defined(__SSE2__)
inline constexpr bool streams = true;
template <class T>
inline void stream_store(T* to, Vec x) {
  __m128i bits;
  std::memcpy(&bits, &x, sizeof bits);
  _mm_stream_si128(reinterpret_cast<__m128i*>(to), bits);
}
inline void stream_fence() { _mm_sfence(); }
#else
inline constexpr bool streams = false;
template <class T>
inline void stream_store(T* to, Vec x) {
  store(to, x);
}
inline void stream_fence() {}
#endif

// [before's last K lanes, x[0], ..., x[last - K]]. Four lanes shifted by one
// take two shuffles of one SSE2 shufps each: GCC lowered the single shuffle
// lane by lane, which measured 2x slower.
template <class L, int K>
inline Vec shift_across(Vec before, Vec x) {
  constexpr int n = int(vector_bytes / sizeof(L));
  using Lanes [[gnu::vector_size(vector_bytes)]] = L;
  using Indices [[gnu::vector_size(vector_bytes)]] = std::conditional_t<sizeof(L) == 8, long long, int>;
  Lanes a, b, shifted;
  std::memcpy(&a, &before, sizeof a);
  std::memcpy(&b, &x, sizeof b);
  if constexpr (n == 4 && K == 1) {
    shifted = __builtin_shuffle(__builtin_shuffle(a, b, Indices{3, 3, 4, 4}), b, Indices{0, 2, 5, 6});
  } else if constexpr (n == 4) {
    static_assert(K == 2);
    shifted = __builtin_shuffle(a, b, Indices{2, 3, 4, 5});
  } else {
    static_assert(n == 2 && K == 1);
    shifted = __builtin_shuffle(a, b, Indices{1, 2});
  }
  std::memcpy(&x, &shifted, sizeof x);
  return x;
}

#include <tessel/detail/simd/scan_vector_loops.inc>

}  // namespace tessel::detail::vector16

#undef TESSEL_VECTOR_TARGET

#endif
