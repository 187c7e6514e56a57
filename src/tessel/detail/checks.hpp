#ifndef TESSEL_DETAIL_CHECKS_HPP
#define TESSEL_DETAIL_CHECKS_HPP

// Argument checks shared by every public function. They run before anything is
// launched or written, and their messages name the function and the value.

#include <tessel/detail/kokkos_compat.hpp>

#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>

namespace tessel::detail {

template <class Exec, class View>
constexpr void static_check_view() {
  static_assert(Kokkos::is_view<View>::value, "tessel: the argument must be a Kokkos::View");
  static_assert(view_rank<View> >= 1 && view_rank<View> <= 3,
                "tessel: views of rank 1 to 3 are supported");
  static_assert(Kokkos::SpaceAccessibility<Exec, typename View::memory_space>::accessible,
                "tessel: the execution space cannot access the memory space of the view");
}

template <class View>
constexpr void static_check_writable() {
  static_assert(!std::is_const<typename View::value_type>::value,
                "tessel: the output view must not have a const value type");
}

template <class... Parts>
[[noreturn]] void throw_invalid(const char* function, const Parts&... parts) {
  std::ostringstream message;
  message << function << ": ";
  (message << ... << parts);
  throw std::invalid_argument(message.str());
}

template <class... Parts>
[[noreturn]] void throw_length(const char* function, const Parts&... parts) {
  std::ostringstream message;
  message << function << ": ";
  (message << ... << parts);
  throw std::length_error(message.str());
}

// Turns the user's dim into the extent slices run along. Rank-1 views are one
// slice and accept -1 or 0; higher ranks need an explicit dim in range.
template <class View>
int checked_dim(const char* function, int dim) {
  constexpr int rank = view_rank<View>;
  if (rank == 1 && (dim == -1 || dim == 0)) return 0;
  if (dim == -1)
    throw_invalid(function, "dim must be given for a rank-", rank,
                  " view (0 to ", rank - 1, "); -1 means the whole view only for rank 1");
  if (dim < 0 || dim >= rank)
    throw_invalid(function, "dim ", dim, " is out of range for a rank-", rank, " view");
  return dim;
}

template <class ViewA, class ViewB>
void check_same_extents(const char* function, const char* name_a, const ViewA& a,
                        const char* name_b, const ViewB& b) {
  static_assert(view_rank<ViewA> == view_rank<ViewB>, "tessel: the views must have the same rank");
  for (int r = 0; r < view_rank<ViewA>; ++r) {
    if (a.extent(r) != b.extent(r))
      throw_invalid(function, name_b, " has extent ", b.extent(r), " in dimension ", r,
                    " but ", name_a, " has extent ", a.extent(r));
  }
}

// Byte range [first, last) that a view's elements occupy.
template <class View>
void memory_range(const View& view, const char*& first, const char*& last) {
  first = reinterpret_cast<const char*>(view.data());
  last = first + view.span() * sizeof(typename View::value_type);
}

template <class ViewA, class ViewB>
bool same_mapping(const ViewA& a, const ViewB& b) {
  if (static_cast<const void*>(a.data()) != static_cast<const void*>(b.data())) return false;
  if (sizeof(typename ViewA::value_type) != sizeof(typename ViewB::value_type)) return false;
  for (int r = 0; r < view_rank<ViewA>; ++r)
    if (a.extent(r) != b.extent(r) || (a.extent(r) > 1 && a.stride(r) != b.stride(r))) return false;
  return true;
}

// A view may be used as both input and output only if it is the very same view
// (in place); any other overlap would let a kernel read what it already wrote.
template <class ViewA, class ViewB>
void check_no_partial_overlap(const char* function, const char* name_a, const ViewA& a,
                              const char* name_b, const ViewB& b) {
  if (a.span() == 0 || b.span() == 0) return;
  if (same_mapping(a, b)) return;
  const char *a_first, *a_last, *b_first, *b_last;
  memory_range(a, a_first, a_last);
  memory_range(b, b_first, b_last);
  if (a_first < b_last && b_first < a_last)
    throw_invalid(function, name_b, " overlaps ", name_a,
                  " without being the same view; pass the same view to work in place");
}

}  // namespace tessel::detail

#endif
