#pragma once
// Host references shared by the unit tests and the fuzzer, independent of
// tessel's code and of GoogleTest: the total order of the sorts, the special
// values of floating point, and a printable form that shows the bits.

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

namespace tessel_test {

// The total order of the API on the host, independently of tessel's code:
// NaNs (any sign, any payload) last and equal, -0.0 before +0.0.
template <class T>
bool total_less(const T& a, const T& b) {
  if constexpr (std::is_floating_point_v<T>) {
    const bool a_nan = std::isnan(a), b_nan = std::isnan(b);
    if (a_nan || b_nan) return !a_nan && b_nan;
    if (a == 0 && b == 0) return std::signbit(a) && !std::signbit(b);
    return a < b;
  } else {
    return a < b;
  }
}

template <class T>
bool total_equal(const T& a, const T& b) {
  return !total_less(a, b) && !total_less(b, a);
}

// The unsigned integer of T's size: a key's bits, read and written through
// memcpy.
template <class T>
using unsigned_bits_t =
    std::conditional_t<sizeof(T) == 1, std::uint8_t,
                       std::conditional_t<sizeof(T) == 2, std::uint16_t,
                                          std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>>>;

// Special values of floating point: NaNs of both signs and several payloads,
// signed zeros, infinities, denormals, extremes.
template <class T>
std::vector<T> special_values() {
  std::vector<T> values;
  if constexpr (std::is_floating_point_v<T>) {
    using U = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
    const U quiet = sizeof(T) == 4 ? U(0x7fc00000u) : U(0x7ff8000000000000ull);
    const U sign = U(1) << (sizeof(U) * 8 - 1);
    for (U payload : {U(0), U(1), U(12345)}) {
      T nan, negative_nan;
      const U bits = quiet | payload, negative_bits = bits | sign;
      std::memcpy(&nan, &bits, sizeof(T));
      std::memcpy(&negative_nan, &negative_bits, sizeof(T));
      values.push_back(nan);
      values.push_back(negative_nan);
    }
    values.insert(values.end(), {T(0), -T(0), std::numeric_limits<T>::infinity(), -std::numeric_limits<T>::infinity(),
                                 std::numeric_limits<T>::denorm_min(), -std::numeric_limits<T>::denorm_min(),
                                 std::numeric_limits<T>::min(), std::numeric_limits<T>::max(),
                                 std::numeric_limits<T>::lowest(), T(1), T(-1)});
  } else {
    // push_back: GCC 12 warns falsely (-Wstringop-overflow) on inserting an
    // initializer list into an empty vector of integers.
    for (T value : {std::numeric_limits<T>::min(), std::numeric_limits<T>::max(), T(0), T(1)}) values.push_back(value);
    if constexpr (std::is_signed_v<T>) values.push_back(T(-1));
  }
  return values;
}

// Bitwise equality, so that NaNs and signed zeros compare exactly.
template <class T>
bool same_bits(const T& a, const T& b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

template <class T>
std::string bits_of(const T& value) {
  std::ostringstream text;
  if constexpr (std::is_integral_v<T>) text << +value;  // int8_t as a number
  else text << value;
  if constexpr (std::is_floating_point_v<T>) {
    std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t> bits;
    std::memcpy(&bits, &value, sizeof(T));
    text << " (0x" << std::hex << bits << ")";
  }
  return text.str();
}
}  // namespace tessel_test
