#ifndef TESSEL_DETAIL_PARTIALS_HPP
#define TESSEL_DETAIL_PARTIALS_HPP

// Partial results of a scan (run totals, team totals, tile aggregates and
// carries). With a known neutral element a partial is a plain value; without
// one it is an optional value, and an empty partial combines as "nothing", so
// the operator never sees a value that is not in the input.

#include <tessel/operators.hpp>

#include <type_traits>

namespace tessel::detail {

template <class T>
struct Optional {
  T value{};  // first, as Intel's OpenCL once miscompiled the other order
  bool present = false;
};

// Operators whose result on Value does not depend on how the operands are
// grouped or ordered (up to floating-point rounding for Plus and
// Multiplies, which every parallel scan regroups anyway; Plus on complex
// numbers adds each part as it adds floats). Min and Max only on integers:
// on floats their choice between -0.0 and +0.0, or of a NaN, depends on the
// order.
template <class Op, class Value>
inline constexpr bool reorderable =
    ((std::is_same_v<Op, Plus> || std::is_same_v<Op, Multiplies>) && std::is_arithmetic_v<Value>) ||
    (std::is_same_v<Op, Plus> && floating_complex<Value>) ||
    ((std::is_same_v<Op, Min> || std::is_same_v<Op, Max> || std::is_same_v<Op, BitAnd> || std::is_same_v<Op, BitOr> ||
      std::is_same_v<Op, BitXor>) &&
     std::is_integral_v<Value>);

// Combines values and partials with `op`, in order, never commuting them.
template <class Op, class Value, bool UseIdentity = has_identity_element<Op, Value>>
struct Partials {
  using value_type = Value;
  using partial_type = Value;
  // A reduction may then keep independent accumulators over neighbouring
  // elements (see reduce_unordered).
  static constexpr bool reorderable = detail::reorderable<Op, Value>;
  Op op;

  KOKKOS_INLINE_FUNCTION Value apply(const Value& a, const Value& b) const {
    return static_cast<Value>(op(a, b));
  }
  KOKKOS_INLINE_FUNCTION static partial_type empty() { return identity_element<Op, Value>::value(); }
  KOKKOS_INLINE_FUNCTION static partial_type make(const Value& value) { return value; }
  KOKKOS_INLINE_FUNCTION static bool present(const partial_type&) { return true; }
  KOKKOS_INLINE_FUNCTION static const Value& value(const partial_type& partial) { return partial; }
  KOKKOS_INLINE_FUNCTION partial_type combine(const partial_type& a, const partial_type& b) const {
    return apply(a, b);
  }
};

template <class Op, class Value>
struct Partials<Op, Value, false> {
  using value_type = Value;
  static constexpr bool reorderable = false;
  using partial_type = Optional<Value>;
  Op op;

  KOKKOS_INLINE_FUNCTION Value apply(const Value& a, const Value& b) const {
    return static_cast<Value>(op(a, b));
  }
  KOKKOS_INLINE_FUNCTION static partial_type empty() { return partial_type{}; }
  KOKKOS_INLINE_FUNCTION static partial_type make(const Value& value) {
    partial_type partial;
    partial.value = value;
    partial.present = true;
    return partial;
  }
  KOKKOS_INLINE_FUNCTION static bool present(const partial_type& partial) { return partial.present; }
  KOKKOS_INLINE_FUNCTION static const Value& value(const partial_type& partial) { return partial.value; }
  KOKKOS_INLINE_FUNCTION partial_type combine(const partial_type& a, const partial_type& b) const {
    if (!a.present) return b;
    if (!b.present) return a;
    return make(apply(a.value, b.value));
  }
};

}  // namespace tessel::detail

#endif
