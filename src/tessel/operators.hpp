#ifndef TESSEL_OPERATORS_HPP
#define TESSEL_OPERATORS_HPP

// Associative operators for the scans, usable on the device, each with its
// neutral element, and the trait through which any operator declares one.

#include <tessel/detail/base/kokkos_compat.hpp>
#include <tessel/detail/base/limits.hpp>

#include <Kokkos_Complex.hpp>

#include <complex>
#include <limits>
#include <type_traits>

namespace tessel {

// The neutral element of `Op` on values of type `T`, where one is known.
// Specialise it for your operator,
//   template <> struct tessel::identity_element<MyOp, double> {
//     KOKKOS_INLINE_FUNCTION static constexpr double value() { return 0.0; }
//   };
// or give the operator a static member template `identity<T>()`. An operator
// without one still scans correctly: partial results are then carried as
// optional values and no neutral element is ever invented.
template <class Op, class T, class Enable = void>
struct identity_element {};

template <class Op, class T>
struct identity_element<Op, T, std::void_t<decltype(Op::template identity<T>())>> {
  KOKKOS_INLINE_FUNCTION static constexpr T value() { return Op::template identity<T>(); }
};

template <class Op, class T, class Enable = void>
inline constexpr bool has_identity_element = false;

template <class Op, class T>
inline constexpr bool has_identity_element<Op, T, std::void_t<decltype(identity_element<Op, T>::value())>> =
    true;

namespace detail {
// Whether T(0) / T(1) is known to be an exact neutral element of Plus and
// Multiplies on T: on arithmetic types alone (the bit operators take only
// integers). A class built from a number says nothing of how its operators
// treat that value: Kokkos::complex<double>(0) turns a sum of -0.0 into +0.0,
// and C++20 builds an aggregate 2x2 Matrix2(1) as {1, 0, 0, 0}, not the
// identity (docs/notes/scan.md). Other types carry optional partials, exact
// for any associative operator; users who know an exact neutral element
// declare it (identity_element).
template <class T>
inline constexpr bool number_is_identity = std::is_arithmetic_v<T>;

// Complex numbers of floating-point parts, which Plus adds part by part:
// (-0.0, -0.0) is an exact neutral element of that sum, as -0.0 is of each
// part's (Multiplies has none: (1, 0) * (a, inf) has a NaN real part).
template <class T>
struct complex_parts {
  static constexpr bool floating = false;
};
template <class R>
struct complex_parts<Kokkos::complex<R>> {
  static constexpr bool floating = std::is_floating_point_v<R>;
  using part = R;
};
template <class R>
struct complex_parts<std::complex<R>> {
  static constexpr bool floating = std::is_floating_point_v<R>;
  using part = R;
};
template <class T>
inline constexpr bool floating_complex = complex_parts<T>::floating;
}  // namespace detail

// Plus's neutral element on floating point is -0.0, not +0.0: -0.0 + x is x
// for every x, -0.0 included, where +0.0 + -0.0 is +0.0. A scan that starts a
// slice or an exclusive scan's init from it therefore keeps signed zeros. On
// complex numbers of floating-point parts it is (-0.0, -0.0).
struct Plus {
  template <class A, class B>
  KOKKOS_INLINE_FUNCTION constexpr auto operator()(const A& a, const B& b) const {
    return a + b;
  }
  template <class T, std::enable_if_t<detail::number_is_identity<T> || detail::floating_complex<T>, int> = 0>
  KOKKOS_INLINE_FUNCTION static constexpr T identity() {
    if constexpr (detail::floating_complex<T>) {
      using R = typename detail::complex_parts<T>::part;
      return T(-R(0), -R(0));
    } else if constexpr (std::is_floating_point_v<T>) {
      return -T(0);
    } else {
      return T(0);
    }
  }
};

// Neutral element T(1) on arithmetic types (detail::number_is_identity).
struct Multiplies {
  template <class A, class B>
  KOKKOS_INLINE_FUNCTION constexpr auto operator()(const A& a, const B& b) const {
    return a * b;
  }
  template <class T, std::enable_if_t<detail::number_is_identity<T>, int> = 0>
  KOKKOS_INLINE_FUNCTION static constexpr T identity() {
    return T(1);
  }
};

namespace detail {
// Whether a is a floating-point NaN (false for every other type).
template <class T>
KOKKOS_INLINE_FUNCTION constexpr bool is_nan(const T& a) {
  if constexpr (std::is_floating_point_v<T>) {
    return a != a;
  } else {
    (void)a;
    return false;
  }
}
}  // namespace detail

// Min and Max return the first argument on ties (Min(-0.0, +0.0) is -0.0,
// Min(+0.0, -0.0) is +0.0) and propagate the first NaN they see, bit for bit.
// Both rules keep them associative on floating point (a plain `b < a ? b : a`
// is not once NaNs occur), so a parallel scan equals the sequential left fold
// exactly. Their neutral elements are the extremes of arithmetic types
// (infinities for floating point), which are exact under these rules; other
// types have none, and scans with them carry optional partials.
struct Min {
  template <class A, class B>
  KOKKOS_INLINE_FUNCTION constexpr auto operator()(const A& a, const B& b) const {
    using Result = std::decay_t<decltype(b < a ? b : a)>;
    if (detail::is_nan(a)) return static_cast<Result>(a);
    if (detail::is_nan(b)) return static_cast<Result>(b);
    return static_cast<Result>(b < a ? b : a);
  }
  template <class T, std::enable_if_t<std::numeric_limits<T>::is_specialized, int> = 0>
  KOKKOS_INLINE_FUNCTION static constexpr T identity() {
    return detail::greatest_value<T>;
  }
};

struct Max {
  template <class A, class B>
  KOKKOS_INLINE_FUNCTION constexpr auto operator()(const A& a, const B& b) const {
    using Result = std::decay_t<decltype(a < b ? b : a)>;
    if (detail::is_nan(a)) return static_cast<Result>(a);
    if (detail::is_nan(b)) return static_cast<Result>(b);
    return static_cast<Result>(a < b ? b : a);
  }
  template <class T, std::enable_if_t<std::numeric_limits<T>::is_specialized, int> = 0>
  KOKKOS_INLINE_FUNCTION static constexpr T identity() {
    return detail::least_value<T>;
  }
};

// The bit operators, on integers: neutral elements ~0 (BitAnd) and 0.
struct BitAnd {
  template <class A, class B>
  KOKKOS_INLINE_FUNCTION constexpr auto operator()(const A& a, const B& b) const {
    return a & b;
  }
  template <class T, std::enable_if_t<std::is_integral_v<T>, int> = 0>
  KOKKOS_INLINE_FUNCTION static constexpr T identity() {
    return static_cast<T>(~T(0));
  }
};

struct BitOr {
  template <class A, class B>
  KOKKOS_INLINE_FUNCTION constexpr auto operator()(const A& a, const B& b) const {
    return a | b;
  }
  template <class T, std::enable_if_t<std::is_integral_v<T>, int> = 0>
  KOKKOS_INLINE_FUNCTION static constexpr T identity() {
    return T(0);
  }
};

struct BitXor {
  template <class A, class B>
  KOKKOS_INLINE_FUNCTION constexpr auto operator()(const A& a, const B& b) const {
    return a ^ b;
  }
  template <class T, std::enable_if_t<std::is_integral_v<T>, int> = 0>
  KOKKOS_INLINE_FUNCTION static constexpr T identity() {
    return T(0);
  }
};

}  // namespace tessel

#endif
