#ifndef TESSEL_DETAIL_LIMITS_HPP
#define TESSEL_DETAIL_LIMITS_HPP

// Bounds of arithmetic types as constants that kernels may read. nvcc rejects
// calls of std::numeric_limits' functions (constexpr, but host-only) from
// device code unless every user passes --expt-relaxed-constexpr; it does let
// device code read namespace-scope constexpr scalars.

#include <limits>

namespace tessel::detail {

// +infinity where T has one, else its largest finite value.
template <class T>
inline constexpr T greatest_value =
    std::numeric_limits<T>::has_infinity ? std::numeric_limits<T>::infinity() : std::numeric_limits<T>::max();

// -infinity where T has one, else its lowest finite value.
template <class T>
inline constexpr T least_value =
    std::numeric_limits<T>::has_infinity ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::lowest();

}  // namespace tessel::detail

#endif
