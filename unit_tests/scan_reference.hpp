#pragma once
// The host reference of scans, shared by the unit tests and the fuzzer: the
// sequential left fold, and pools of floating-point values whose scans are
// exact in any grouping, so that results compare bit for bit.

#include <host_reference.hpp>

#include <tessel/operators.hpp>

#include <Kokkos_Core.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>
#include <type_traits>

namespace tessel_test {

// Whether an execution space runs on the host: its memory is the host's.
template <class Space>
inline constexpr bool runs_on_host =
    Kokkos::SpaceAccessibility<Kokkos::HostSpace, typename Space::memory_space>::accessible;

// A scan's output against the left fold: bit for bit, except that NVIDIA
// GPUs' floating-point arithmetic returns the canonical NaN (0x7fffffff,
// 0x7fffffffffffffff) whatever NaNs its operands hold (the PTX ISA keeps no
// payloads). Where the host's fold of Plus or Multiplies gives a NaN, a space
// that does not run on the host may give that canonical NaN, except at a
// slice's start (`starts_slice`), whose output is a copy, no operator's
// result: x0 (inclusive) or init (exclusive).
template <class Space, class Op, class T>
bool same_scan_result(const T& got, const T& expected, bool starts_slice = false) {
  if (same_bits(got, expected)) return true;
  if (starts_slice) return false;
  if constexpr (std::is_floating_point_v<T> && !runs_on_host<Space> &&
                (std::is_same_v<Op, tessel::Plus> || std::is_same_v<Op, tessel::Multiplies>)) {
    using Bits = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
    Bits bits;
    std::memcpy(&bits, &got, sizeof bits);
    return std::isnan(expected) && bits == (~Bits(0) >> 1);
  } else {
    return false;
  }
}

// Complex results part by part.
template <class Space, class Op, class R>
bool same_scan_result(const Kokkos::complex<R>& got, const Kokkos::complex<R>& expected, bool starts_slice = false) {
  return same_scan_result<Space, Op>(got.real(), expected.real(), starts_slice) &&
         same_scan_result<Space, Op>(got.imag(), expected.imag(), starts_slice);
}

// The sequential left fold: out = x0, op(x0, x1), ... or init, op(init, x0), ...
template <class T, class Op>
std::vector<T> left_fold(const std::vector<T>& in, Op op, const std::optional<T>& init) {
  std::vector<T> out(in.size());
  if (in.empty()) return out;
  T accumulator = init ? *init : in[0];
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (init) {
      out[i] = accumulator;
      accumulator = static_cast<T>(op(accumulator, in[i]));
    } else {
      if (i > 0) accumulator = static_cast<T>(op(accumulator, in[i]));
      out[i] = accumulator;
    }
  }
  return out;
}

template <class T>
T from_bits(std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t> bits) {
  T value;
  std::memcpy(&value, &bits, sizeof(T));
  return value;
}

// Every special value of the type, signalling NaNs too, and small numbers:
// Min and Max only compare, so every bit must survive.
template <class T>
std::vector<T> comparison_values() {
  auto values = special_values<T>();
  values.push_back(sizeof(T) == 4 ? from_bits<T>(0x7f800001u) : from_bits<T>(0x7ff0000000000001ull));
  for (int k = -3; k <= 3; ++k) values.push_back(T(k));
  values.push_back(T(-7.5));
  return values;
}

// Values whose sums are exact in any grouping: small integers and halves,
// signed zeros, one infinity sign and one NaN payload, quiet and signalling
// (two NaNs' sum may carry either payload, which no scan order decides; a
// sum quiets the signalling one into the quiet one). The signalling NaN is
// last, so that the tests' pattern 2 starts with it: an inclusive scan must
// copy it, not add it to anything.
template <class T>
std::vector<T> exact_sum_values() {
  std::vector<T> values{T(0), -T(0), T(1), T(-2), T(5), T(7), T(-0.5), std::numeric_limits<T>::infinity()};
  values.push_back(sizeof(T) == 4 ? from_bits<T>(0xffc01234u) : from_bits<T>(0xfff8000000001234ull));
  values.push_back(sizeof(T) == 4 ? from_bits<T>(0xff801234u) : from_bits<T>(0xfff0000000001234ull));
  return values;
}

// Denormals alone: their sums are exact (fixed point) in any grouping.
template <class T>
std::vector<T> denormal_values() {
  const T smallest = std::numeric_limits<T>::denorm_min();
  return {-T(0), smallest, T(3) * smallest, T(-2) * smallest, T(0), T(1000) * smallest};
}

// Products exact in any grouping: signs and zeros, one NaN payload, quiet
// and signalling (last, as above), no infinity (0 * inf).
template <class T>
std::vector<T> exact_product_values() {
  std::vector<T> values{T(1), T(-1), T(0), -T(0), T(1), T(-1), T(1)};
  values.push_back(sizeof(T) == 4 ? from_bits<T>(0x7fc0abcdu) : from_bits<T>(0x7ff800000000abcdull));
  values.push_back(sizeof(T) == 4 ? from_bits<T>(0x7f80abcdu) : from_bits<T>(0x7ff000000000abcdull));
  return values;
}

}  // namespace tessel_test
