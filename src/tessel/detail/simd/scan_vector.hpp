#ifndef TESSEL_DETAIL_SCAN_VECTOR_HPP
#define TESSEL_DETAIL_SCAN_VECTOR_HPP

// Plus scans of contiguous slices of 4- and 8-byte arithmetic types on a lone
// host thread, in SIMD registers: a scalar chain waits on each addition's
// latency; summing windows (scan_vector_loops.inc) advances it by 8 floats per
// addition. GCC host builds only, in 16-byte vectors (scan_vector_gcc16.hpp);
// x86-64 CPUs with AVX2 or AVX-512 take the 32- or 64-byte loop, chosen at
// run time (1.4x for 1M floats each; docs/notes/simd.md). Plus is regrouped,
// with -0.0 shifted in, so signed zeros, infinities and NaNs come out as a
// sequential sum gives them; integers are added as unsigned (wrapping) lanes.

#include <tessel/detail/core/partials.hpp>
#include <tessel/detail/core/slices.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>

#if defined(__GNUC__) && !defined(__clang__) && !defined(__INTEL_LLVM_COMPILER) && !defined(__CUDACC__) && \
    !defined(__HIPCC__) && !defined(SYCL_LANGUAGE_VERSION)
#define TESSEL_DETAIL_VECTOR_SCAN
#include <tessel/detail/simd/scan_vector_gcc16.hpp>
#if defined(__x86_64__)
#define TESSEL_DETAIL_VECTOR_SCAN_AVX2
#include <tessel/detail/simd/scan_vector_avx2.hpp>
#include <tessel/detail/simd/scan_vector_avx512.hpp>
#endif
#endif

namespace tessel::detail {

// The types vector_plus_scan takes.
template <class T>
inline constexpr bool vector_plus_type =
    (std::is_floating_point_v<T> || (std::is_integral_v<T> && !std::is_same_v<T, bool>)) &&
    (sizeof(T) == 4 || sizeof(T) == 8) && !std::is_same_v<T, long double>;

#if defined(TESSEL_DETAIL_VECTOR_SCAN)
inline constexpr bool vector_scan_compiled = true;

// The lanes T is added in: integers as their unsigned counterparts.
template <class T>
using plus_lane_type =
    typename std::conditional_t<std::is_integral_v<T>, std::make_unsigned<T>, std::common_type<T>>::type;

// vector_plus_scan in 16-byte vectors: the loop for every GCC target, and
// the one x86-64 CPUs without AVX2 run (scan_vector_gcc16.hpp).
template <class T>
inline T vector16_plus_scan(const T* in, T* out, index_type count, T carry, bool exclusive, bool stream = false) {
  return vector16::plus_scan<plus_lane_type<T>>(in, out, count, carry, exclusive, stream && vector16::streams);
}

// The scan of in[0, count) after `carry` into out; an exclusive scan writes
// each inclusive result one position later, the carry first. Returns the
// total after the last element. `stream`: non-temporal stores where the
// target has them, for outputs larger than the caches: a plain store first
// reads the line it fills (16M floats 1.16x faster; docs/notes/simd.md).
template <class T>
inline T vector_plus_scan(const T* in, T* out, index_type count, T carry, bool exclusive, bool stream = false) {
#if defined(TESSEL_DETAIL_VECTOR_SCAN_AVX2)
  if (avx512::preferred()) return avx512::plus_scan<plus_lane_type<T>>(in, out, count, carry, exclusive, stream);
  if (avx2::available()) return avx2::plus_scan<plus_lane_type<T>>(in, out, count, carry, exclusive, stream);
#endif
  return vector16_plus_scan(in, out, count, carry, exclusive, stream);
}

// The Plus reduction of in[0, count), regrouped as above, where the CPU runs
// AVX2 or AVX-512; false where it does not (the caller reduces as it would otherwise).
template <class T>
inline bool vector_plus_reduce(const T* in, index_type count, T& total) {
#if defined(TESSEL_DETAIL_VECTOR_SCAN_AVX2)
  if (avx512::preferred()) {
    total = avx512::plus_reduce<plus_lane_type<T>>(in, count);
    return true;
  }
  if (avx2::available()) {
    total = avx2::plus_reduce<plus_lane_type<T>>(in, count);
    return true;
  }
#endif
  (void)in, (void)count, (void)total;
  return false;
}
#else
inline constexpr bool vector_scan_compiled = false;
#endif

// Whether scan_chain takes vector_plus_scan: Plus of contiguous slices whose
// input, output and scanned types are the same.
template <class Partials, class Source, class Target, class T = typename Partials::value_type>
inline constexpr bool vector_plus_scan_applies =
    vector_scan_compiled && std::is_same_v<std::remove_cv_t<decltype(Partials::op)>, Plus> && vector_plus_type<T> &&
    (std::is_same_v<Source, ContiguousSlice<T>> || std::is_same_v<Source, ContiguousSlice<const T>>) &&
    std::is_same_v<Target, ContiguousSlice<T>>;

// Whether reduce_straight may take vector_plus_reduce: Plus of a contiguous
// slice of the scanned type.
template <class Partials, class Source, class T = typename Partials::value_type>
inline constexpr bool vector_plus_reduce_applies =
    vector_scan_compiled && std::is_same_v<std::remove_cv_t<decltype(Partials::op)>, Plus> && vector_plus_type<T> &&
    (std::is_same_v<Source, ContiguousSlice<T>> || std::is_same_v<Source, ContiguousSlice<const T>>);

}  // namespace tessel::detail

#endif
