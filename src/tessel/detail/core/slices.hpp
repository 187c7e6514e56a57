#ifndef TESSEL_DETAIL_SLICES_HPP
#define TESSEL_DETAIL_SLICES_HPP

// Every "along dim" algorithm sees its input as `count` slices of `length`
// elements. A slice layout maps (slice, position) to an element. All 64-bit
// index arithmetic that depends on the view's other extents (a division and a
// modulo) happens once per slice in `slice(s)`; inside a slice, a contiguous
// slice is indexed by offset alone and a strided one by one multiply.

#include <tessel/detail/base/kokkos_compat.hpp>

#include <cstdint>
#include <type_traits>
#include <utility>

namespace tessel::detail {

using index_type = std::int64_t;

template <class T>
struct ContiguousSlice {
  T* first;
  KOKKOS_FORCEINLINE_FUNCTION T& operator[](index_type position) const { return first[position]; }
  KOKKOS_FORCEINLINE_FUNCTION ContiguousSlice offset(index_type position) const { return {first + position}; }
};

template <class T>
struct StridedSlice {
  T* first;
  index_type stride;
  KOKKOS_FORCEINLINE_FUNCTION T& operator[](index_type position) const {
    return first[position * stride];
  }
  KOKKOS_FORCEINLINE_FUNCTION StridedSlice offset(index_type position) const {
    return {first + position * stride, stride};
  }
};

// The element type of a slice (a slice object or a raw pointer).
template <class Slice>
using slice_element_t = std::remove_cv_t<std::remove_reference_t<decltype(std::declval<const Slice&>()[0])>>;

// Slices along memory (slice objects or raw pointers), and strided ones.
template <class Slice>
struct is_contiguous_slice : std::false_type {};
template <class T>
struct is_contiguous_slice<T*> : std::true_type {};
template <class T>
struct is_contiguous_slice<ContiguousSlice<T>> : std::true_type {};
template <class Slice>
struct is_strided_slice : std::false_type {};
template <class T>
struct is_strided_slice<StridedSlice<T>> : std::true_type {};

template <class T, bool Contiguous>
struct SliceLayout {
  using value_type = T;
  using slice_type = std::conditional_t<Contiguous, ContiguousSlice<T>, StridedSlice<T>>;
  static constexpr bool contiguous = Contiguous;

  T* data = nullptr;
  index_type count = 0;         // number of slices
  index_type length = 0;        // elements per slice
  index_type stride = 1;        // distance between neighbouring elements of a slice
  // Slices are numbered with the other dimension of smaller stride ("inner")
  // varying fastest, so that neighbouring slices are near in memory.
  index_type inner_extent = 1;
  index_type inner_stride = 0;
  index_type outer_stride = 0;

  KOKKOS_INLINE_FUNCTION index_type offset(index_type slice_index) const {
    return (slice_index % inner_extent) * inner_stride + (slice_index / inner_extent) * outer_stride;
  }

  KOKKOS_INLINE_FUNCTION slice_type slice(index_type slice_index) const {
    if constexpr (Contiguous) {
      return slice_type{data + offset(slice_index)};
    } else {
      return slice_type{data + offset(slice_index), stride};
    }
  }

  index_type size() const { return count * length; }
};

// SliceLayouts of strided slices (is_strided_slice of their slice_type).
template <class Layout>
struct is_strided_layout : std::false_type {};
template <class T>
struct is_strided_layout<SliceLayout<T, false>> : std::true_type {};

// `count` contiguous slices of `length` elements, each `pitch` (at least
// `length`; by default `length`) after the one before: the layout of
// tessel's own workspaces.
template <class T>
SliceLayout<T, true> packed_slices(T* data, index_type count, index_type length, index_type pitch = -1) {
  SliceLayout<T, true> layout;
  layout.data = data;
  layout.count = count;
  layout.length = length;
  layout.inner_extent = count > 0 ? count : 1;
  layout.inner_stride = pitch < length ? length : pitch;
  return layout;
}

// Whether the slices of `view` along `dim` are contiguous in memory: dim 0 of
// LayoutLeft, the last dim of LayoutRight, unit-stride LayoutStride dims, and
// any dim after singleton extents (whose strides then collapse to one).
template <class View>
bool contiguous_along(const View& view, int dim) {
  return view.extent(dim) <= 1 || view.stride(dim) == 1;
}

// Which elements form slice `s`, for every view of one call. `dim` runs along
// the slices; the other dims number them, `inner` varying fastest (-1: no
// such dim). The numbering is chosen once per call from one view (see
// slice_numbering) and every view of the call follows it, whatever its own
// layout: two views of different layouts would otherwise number the same
// (i, j, k) differently.
struct SliceNumbering {
  int dim = 0;
  int inner = -1;
  int outer = -1;
};

// The numbering that keeps neighbouring slices of `view` near in memory: the
// other dim with the smaller stride varies fastest (extents of one do not
// count, their stride is meaningless).
template <class View>
SliceNumbering slice_numbering(const View& view, int dim) {
  constexpr int rank = view_rank<View>;
  SliceNumbering numbering;
  numbering.dim = dim;
  int others[2] = {-1, -1};
  int n_others = 0;
  for (int r = 0; r < rank; ++r)
    if (r != dim) others[n_others++] = r;
  if (n_others == 2) {
    auto effective_stride = [&](int r) {
      return view.extent(r) <= 1 ? ~std::size_t(0) : static_cast<std::size_t>(view.stride(r));
    };
    if (effective_stride(others[1]) < effective_stride(others[0])) std::swap(others[0], others[1]);
  }
  numbering.inner = others[0];
  numbering.outer = others[1];
  return numbering;
}

template <class View, bool Contiguous>
SliceLayout<typename View::value_type, Contiguous> make_slices(const View& view, const SliceNumbering& numbering) {
  SliceLayout<typename View::value_type, Contiguous> layout;
  layout.data = view.data();
  layout.length = static_cast<index_type>(view.extent(numbering.dim));
  layout.stride = Contiguous ? 1 : static_cast<index_type>(view.stride(numbering.dim));
  layout.count = 1;
  if (numbering.inner >= 0) {
    layout.inner_extent = static_cast<index_type>(view.extent(numbering.inner));
    layout.inner_stride = static_cast<index_type>(view.stride(numbering.inner));
    layout.count *= layout.inner_extent;
  }
  if (numbering.outer >= 0) {
    layout.outer_stride = static_cast<index_type>(view.stride(numbering.outer));
    layout.count *= static_cast<index_type>(view.extent(numbering.outer));
  }
  if (layout.inner_extent == 0) layout.inner_extent = 1;  // no slices; keep offset() defined
  return layout;
}

// Rank-1 views of LayoutLeft or LayoutRight have one slice, contiguous.
template <class View>
constexpr bool always_contiguous =
    view_rank<View> == 1 && !std::is_same_v<typename View::array_layout, Kokkos::LayoutStride>;

// Calls `body` with the slice layout of `view` under `numbering`: the
// contiguous one where the slices are contiguous in memory, the strided one
// otherwise. Only the layouts that can occur for the view's type are
// instantiated. Every view of a call is visited with the same numbering.
template <class View, class Body>
decltype(auto) visit_slices(const View& view, const SliceNumbering& numbering, Body&& body) {
  if constexpr (always_contiguous<View>) {
    return body(make_slices<View, true>(view, numbering));
  } else {
    if (contiguous_along(view, numbering.dim)) return body(make_slices<View, true>(view, numbering));
    return body(make_slices<View, false>(view, numbering));
  }
}

// Calls `body` with the slice layouts of two views of one call under one
// numbering: both contiguous where both are, both strided otherwise (a
// contiguous slice read with a stride of one). Mixed pairs (a LayoutRight src
// and a LayoutLeft dst along one dim) are rare; kernels of their own would
// double the code of every two-view function of rank 2 and 3
// (docs/notes/build-time.md).
template <class A, class B, class Body>
decltype(auto) visit_slices(const A& a, const B& b, const SliceNumbering& numbering, Body&& body) {
  if constexpr (always_contiguous<A> && always_contiguous<B>) {
    return body(make_slices<A, true>(a, numbering), make_slices<B, true>(b, numbering));
  } else {
    if (contiguous_along(a, numbering.dim) && contiguous_along(b, numbering.dim))
      return body(make_slices<A, true>(a, numbering), make_slices<B, true>(b, numbering));
    return body(make_slices<A, false>(a, numbering), make_slices<B, false>(b, numbering));
  }
}

}  // namespace tessel::detail

#endif
