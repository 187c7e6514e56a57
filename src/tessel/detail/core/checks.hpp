#ifndef TESSEL_DETAIL_CHECKS_HPP
#define TESSEL_DETAIL_CHECKS_HPP

// Argument checks shared by every public function. They run before anything is
// launched or written, and their messages name the function and the value.

#include <tessel/detail/base/kokkos_compat.hpp>

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

// Where a view's elements lie: `base` plus sum of index(r) * stride(r) bytes,
// each element `bytes` long. Only dims of extent > 1 are kept (a singleton's
// stride is meaningless), sorted by stride.
struct ElementMap {
  std::uintptr_t base = 0;
  std::uint64_t bytes = 0;
  int dims = 0;
  std::uint64_t extent[3] = {1, 1, 1};
  std::uint64_t stride[3] = {0, 0, 0};
  bool empty = false;

  // One past the last byte of the last element, relative to base.
  std::uint64_t end() const {
    std::uint64_t last = 0;
    for (int d = 0; d < dims; ++d) last += (extent[d] - 1) * stride[d];
    return last + bytes;
  }
  // Whether no two elements overlap and each dim's stride clears everything
  // the faster dims span: then the greedy search in `last_start_at_most` is exact.
  bool nested() const {
    std::uint64_t span = bytes;
    for (int d = 0; d < dims; ++d) {
      if (stride[d] < span) return false;
      span += (extent[d] - 1) * stride[d];
    }
    return true;
  }
  // The largest element start (relative to base) that is at most `offset`
  // (element 0 starts at 0, so there is one). Only for nested maps.
  std::uint64_t last_start_at_most(std::uint64_t offset) const {
    std::uint64_t start = 0;
    for (int d = dims - 1; d >= 0; --d) {
      std::uint64_t index = offset / stride[d];
      if (index > extent[d] - 1) index = extent[d] - 1;
      start += index * stride[d];
      offset -= index * stride[d];
    }
    return start;
  }
};

template <class View>
ElementMap element_map(const View& view) {
  ElementMap map;
  map.base = reinterpret_cast<std::uintptr_t>(view.data());
  map.bytes = sizeof(typename View::value_type);
  for (int r = 0; r < view_rank<View>; ++r) {
    if (view.extent(r) == 0) map.empty = true;
    if (view.extent(r) <= 1) continue;
    int d = map.dims++;
    const std::uint64_t stride = static_cast<std::uint64_t>(view.stride(r)) * map.bytes;
    for (; d > 0 && map.stride[d - 1] > stride; --d) {
      map.stride[d] = map.stride[d - 1];
      map.extent[d] = map.extent[d - 1];
    }
    map.stride[d] = stride;
    map.extent[d] = view.extent(r);
  }
  return map;
}

// Calls body(offset) with the start of every element of `map`, relative to its
// base, until body returns true; returns whether it did.
template <class Body>
bool any_element(const ElementMap& map, Body&& body) {
  for (std::uint64_t k = 0; k < map.extent[2]; ++k)
    for (std::uint64_t j = 0; j < map.extent[1]; ++j)
      for (std::uint64_t i = 0; i < map.extent[0]; ++i)
        if (body(i * map.stride[0] + j * map.stride[1] + k * map.stride[2])) return true;
  return false;
}

inline std::uint64_t greatest_common_divisor(std::uint64_t a, std::uint64_t b) {
  while (b != 0) {
    const std::uint64_t rest = a % b;
    a = b;
    b = rest;
  }
  return a;
}

// Whether any byte of an element of `a` is a byte of an element of `b`,
// decided from the elements the views address (never from span(), which for
// strided views may reach past the last element): two views of separate
// allocations never overlap, wherever the allocator put them, and neither do
// two interleaved columns of one matrix.
inline bool share_bytes(const ElementMap& a, const ElementMap& b) {
  if (a.empty || b.empty) return false;
  // Elements x of a and y of b overlap iff -a.bytes < x - y < b.bytes.
  const std::uint64_t a_end = a.base + a.end(), b_end = b.base + b.end();
  if (a_end <= b.base || b_end <= a.base) return false;
  // Every difference x - y is (a.base - b.base) plus a multiple of the
  // strides' greatest common divisor.
  std::uint64_t divisor = 0;
  for (int d = 0; d < a.dims; ++d) divisor = greatest_common_divisor(divisor, a.stride[d]);
  for (int d = 0; d < b.dims; ++d) divisor = greatest_common_divisor(divisor, b.stride[d]);
  if (divisor > 0) {
    // The smallest difference above -a.bytes in the class of a.base - b.base.
    const std::int64_t shift = static_cast<std::int64_t>(a.base - b.base);  // wraps to the signed distance
    const std::int64_t low = 1 - static_cast<std::int64_t>(a.bytes), d = static_cast<std::int64_t>(divisor);
    const std::int64_t first = low + (((shift - low) % d) + d) % d;
    if (first >= static_cast<std::int64_t>(b.bytes)) return false;
  }
  // Exact search: every element of one view against the other, which must be
  // nested for the search to be exact; two views that alias themselves are
  // taken as overlapping.
  const bool search_b = b.nested();
  if (!search_b && !a.nested()) return true;
  const ElementMap& walked = search_b ? a : b;
  const ElementMap& searched = search_b ? b : a;
  return any_element(walked, [&](std::uint64_t offset) {
    // Elements of `searched` starting in (x - searched.bytes, x + walked.bytes).
    const std::uint64_t x = walked.base + offset;
    const std::uint64_t highest = x + walked.bytes - 1;
    if (highest < searched.base) return false;
    const std::uint64_t start = searched.last_start_at_most(highest - searched.base);
    return searched.base + start + searched.bytes > x;
  });
}

template <class ViewA, class ViewB>
bool same_mapping(const ViewA& a, const ViewB& b) {
  if (static_cast<const void*>(a.data()) != static_cast<const void*>(b.data())) return false;
  // if constexpr: nvcc warns of an unreachable loop after a constant return.
  if constexpr (sizeof(typename ViewA::value_type) != sizeof(typename ViewB::value_type)) {
    return false;
  } else {
    for (int r = 0; r < view_rank<ViewA>; ++r)
      if (a.extent(r) != b.extent(r) || (a.extent(r) > 1 && a.stride(r) != b.stride(r))) return false;
    return true;
  }
}

// Whether the two views share any element's bytes.
template <class ViewA, class ViewB>
bool views_overlap(const ViewA& a, const ViewB& b) {
  return share_bytes(element_map(a), element_map(b));
}

// A view may be used as both input and output only if it is the very same view
// (in place); any other overlap would let a kernel read what it already wrote.
// Views that share no element are accepted, however their ranges interleave.
template <class ViewA, class ViewB>
void check_no_partial_overlap(const char* function, const char* name_a, const ViewA& a,
                              const char* name_b, const ViewB& b) {
  if (same_mapping(a, b)) return;
  if (views_overlap(a, b))
    throw_invalid(function, name_b, " overlaps ", name_a,
                  " without being the same view; pass the same view to work in place");
}

}  // namespace tessel::detail

#endif
