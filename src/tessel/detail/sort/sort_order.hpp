#ifndef TESSEL_DETAIL_SORT_ORDER_HPP
#define TESSEL_DETAIL_SORT_ORDER_HPP

// The order every sort follows. Floating-point keys use a total order:
// -inf < ... < -0.0 < +0.0 < ... < +inf < NaN, every NaN (whatever its sign
// bit or payload) equal to the others and after +inf. Keys are compared
// through their bit patterns turned into unsigned integers whose order is
// that total order (the same transform a radix sort uses); elements are only
// ever moved, so the result is a bitwise permutation of the input.

#include <tessel/detail/base/kokkos_compat.hpp>
#include <tessel/detail/base/limits.hpp>

#include <cstdint>
#include <limits>
#include <type_traits>

namespace tessel::detail {

template <class T>
struct ordered_unsigned {
  using type = std::make_unsigned_t<T>;
};
template <>
struct ordered_unsigned<float> {
  using type = std::uint32_t;
};
template <>
struct ordered_unsigned<double> {
  using type = std::uint64_t;
};
template <>
struct ordered_unsigned<bool> {
  using type = unsigned char;
};

template <class T>
using ordered_unsigned_t = typename ordered_unsigned<T>::type;

// The unsigned integer whose order is the total order of `key`: floats get
// their sign bit flipped (positive) or all bits flipped (negative), NaNs all
// become the largest value; signed integers get their sign bit flipped.
// With NaNs false the key is known not to be a NaN, and the test is skipped.
template <class T, bool NaNs = true>
KOKKOS_INLINE_FUNCTION ordered_unsigned_t<T> ordered_bits(const T& key) {
  using U = ordered_unsigned_t<T>;
  constexpr U sign = U(1) << (sizeof(U) * 8 - 1);
  if constexpr (std::is_floating_point_v<T>) {
    // Without branches, which a sort could not predict: negative keys flip
    // every bit, others the sign bit; NaNs (magnitude above infinity's
    // bits) become all ones.
    const U bits = bit_cast<U>(key);
    const U negative = static_cast<U>(U(0) - (bits >> (sizeof(U) * 8 - 1)));
    const U ordered = static_cast<U>(bits ^ (negative | sign));
    if constexpr (!NaNs) return ordered;
    constexpr T positive_infinity = greatest_value<T>;  // a local: device code may not bind a reference to the global
    const U infinity = bit_cast<U>(positive_infinity);
    const U nan = static_cast<U>(U(0) - U((bits & static_cast<U>(~sign)) > infinity));
    return static_cast<U>(ordered | nan);
  } else if constexpr (std::is_signed_v<T>) {
    return static_cast<U>(static_cast<U>(key) ^ sign);
  } else {
    return static_cast<U>(key);
  }
}

// Whether `key` is a NaN, from its bits (any sign, any payload).
template <class T>
KOKKOS_INLINE_FUNCTION bool is_nan_key(const T& key) {
  if constexpr (std::is_floating_point_v<T>) {
    using U = ordered_unsigned_t<T>;
    constexpr U sign = U(1) << (sizeof(U) * 8 - 1);
    constexpr T positive_infinity = greatest_value<T>;
    return (bit_cast<U>(key) & static_cast<U>(~sign)) > bit_cast<U>(positive_infinity);
  } else {
    return false;
  }
}

// How the sorts compare keys. An order projects each key once to a value
// (`project`) and compares projections (`before`, strict): once per key, not
// per comparison, as floating point's total order goes through its bit
// pattern. `descending` reverses the order exactly, so that equal keys stay
// equal and stable sorts keep them in input order.
// The default order: the total order of arithmetic keys, `<` otherwise.
// NaNs false: the same order for keys known to hold no NaN (radix sort
// checks in its first pass), whose projection skips the NaN test.
template <class Key, bool NaNs = true>
struct DefaultOrder {
  static constexpr bool projects = std::is_arithmetic_v<Key>;
  using projected = std::conditional_t<projects, ordered_unsigned_t<std::conditional_t<projects, Key, int>>, Key>;
  // Whether projections are unsigned integers and `before` is their `<`
  // (rank_sort then compares them, or unique keys made from them, in vector
  // registers).
  static constexpr bool projects_to_unsigned = projects;
  bool descending = false;

  KOKKOS_INLINE_FUNCTION projected project(const Key& key) const {
    if constexpr (projects)
      // Descending complements: an exclusive or with a mask that loops can
      // hoist, where a select was tested for every key.
      return static_cast<projected>(ordered_bits<Key, NaNs>(key) ^ static_cast<projected>(projected(0) - projected(descending)));
    else
      return key;
  }
  KOKKOS_INLINE_FUNCTION bool before(const projected& a, const projected& b) const {
    if constexpr (projects)
      return a < b;
    else
      return descending ? b < a : a < b;
  }
};

// The order to use once a slice is known to hold no NaN: NaN-free floating
// point default orders, the order itself otherwise.
template <class Order>
struct without_nans {
  static constexpr bool differs = false;
  KOKKOS_INLINE_FUNCTION static Order of(const Order& order) { return order; }
};
template <class Key>
struct without_nans<DefaultOrder<Key, true>> {
  static constexpr bool differs = std::is_floating_point_v<Key>;
  KOKKOS_INLINE_FUNCTION static DefaultOrder<Key, false> of(const DefaultOrder<Key, true>& order) {
    return DefaultOrder<Key, false>{order.descending};
  }
  // The projections, by the NaN-free order, of the two infinities, least
  // first: every other key that is no NaN projects between them, and every
  // NaN outside (ascending: positive NaNs above +inf's, negative ones below
  // -inf's; descending: the complements).
  KOKKOS_INLINE_FUNCTION static void infinities(const DefaultOrder<Key, true>& order, std::uint64_t& least,
                                                std::uint64_t& greatest) {
    const DefaultOrder<Key, false> plain = of(order);
    constexpr Key positive = greatest_value<Key>, negative = least_value<Key>;  // locals: see ordered_bits
    const std::uint64_t up = static_cast<std::uint64_t>(plain.project(positive));
    const std::uint64_t down = static_cast<std::uint64_t>(plain.project(negative));
    least = up < down ? up : down;
    greatest = up < down ? down : up;
  }
};

// A user's strict weak order `less`.
template <class Key, class Less>
struct ComparatorOrder {
  using projected = Key;
  static constexpr bool projects_to_unsigned = false;
  Less less;
  bool descending = false;

  KOKKOS_INLINE_FUNCTION const Key& project(const Key& key) const { return key; }
  KOKKOS_INLINE_FUNCTION bool before(const Key& a, const Key& b) const { return descending ? less(b, a) : less(a, b); }
};

// Stands for "no comparator given": keys follow DefaultOrder.
struct UseDefaultOrder {};

// The order a sort of Key follows: the default order, or the user's `less`
// (Less is UseDefaultOrder when none was given); reversed when descending.
template <class Key, class Less>
auto key_order(const Less& less, bool descending) {
  if constexpr (std::is_same_v<Less, UseDefaultOrder>)
    return DefaultOrder<Key>{descending};
  else
    return ComparatorOrder<Key, Less>{less, descending};
}

// Compares raw keys through an order.
template <class Order, class Key>
KOKKOS_INLINE_FUNCTION bool key_before(const Order& order, const Key& a, const Key& b) {
  return order.before(order.project(a), order.project(b));
}

}  // namespace tessel::detail

#endif
