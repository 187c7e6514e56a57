#pragma once
// The sorts tessel's are measured against, on host arrays: std::sort,
// pdqsort, vqsort (Highway, run-time dispatch), ips4o, TBB's parallel_sort,
// and a plain LSD radix sort with 11-bit digits, the loop a user could write
// in an afternoon and the bar radix sort must clear.

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#if defined(TESSEL_BENCH_HAVE_PDQSORT)
#include <pdqsort.h>
#endif
#if defined(TESSEL_BENCH_HAVE_IPS4O)
#include <ips4o.hpp>
#endif
#if defined(TESSEL_BENCH_HAVE_HWY)
#include <hwy/contrib/sort/vqsort.h>
#endif
#if defined(TESSEL_BENCH_HAVE_TBB)
#include <tbb/global_control.h>
#include <tbb/parallel_sort.h>
#endif

namespace tessel_perf {

// Keys as unsigned integers in their order: floats flip their sign bit
// (positive) or every bit (negative), signed integers their sign bit.
template <class T>
auto lsd_ordered(T key) {
  using U = std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>;
  U bits = 0;
  std::memcpy(&bits, &key, sizeof(T));
  constexpr U sign = U(1) << (sizeof(U) * 8 - 1);
  if constexpr (std::is_floating_point_v<T>) return (bits & sign) ? U(~bits) : U(bits | sign);
  else if constexpr (std::is_signed_v<T>) return U(bits ^ sign);
  else return bits;
}

// One read counts every digit; then one scatter per digit, ping-ponging
// through `buffer`.
template <class T>
void lsd_radix_sort(T* keys, std::size_t n, std::vector<T>& buffer) {
  constexpr int bits = 11, radix = 1 << bits, passes = (int(sizeof(T)) * 8 + bits - 1) / bits;
  buffer.resize(n);
  std::vector<std::size_t> counts(std::size_t(passes) * radix, 0);
  for (std::size_t i = 0; i < n; ++i) {
    const auto u = lsd_ordered(keys[i]);
    for (int p = 0; p < passes; ++p) ++counts[p * radix + ((u >> (p * bits)) & (radix - 1))];
  }
  T* from = keys;
  T* to = buffer.data();
  for (int p = 0; p < passes; ++p) {
    std::size_t* offsets = &counts[std::size_t(p) * radix];
    std::size_t sum = 0;
    for (int d = 0; d < radix; ++d) {
      const std::size_t c = offsets[d];
      offsets[d] = sum;
      sum += c;
    }
    for (std::size_t i = 0; i < n; ++i) to[offsets[(lsd_ordered(from[i]) >> (p * bits)) & (radix - 1)]++] = from[i];
    std::swap(from, to);
  }
  if (from != keys) std::copy(from, from + n, keys);
}

}  // namespace tessel_perf
