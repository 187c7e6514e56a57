#ifndef TESSEL_DETAIL_SORT_PLACES_HPP
#define TESSEL_DETAIL_SORT_PLACES_HPP

// Where the i-th team (or item) of a merge or bitonic sort launch works: which
// slice, which piece of it, and the slice's length. UniformPlaces: slices of
// one length, `per_slice` pieces each (the sorts along dims). ListedPlaces:
// segments of their own lengths listed on the device, segment s holding pieces
// [first[s], first[s + 1]), so that one launch covers many segments (the
// segmented sorts' long bin) instead of one launch per segment.

#include <tessel/detail/core/slices.hpp>

namespace tessel::detail {

struct Place {
  index_type slice;
  index_type piece;
  index_type length;
};

struct UniformPlaces {
  index_type per_slice = 1;
  index_type length = 0;
  KOKKOS_INLINE_FUNCTION Place locate(index_type i) const { return {i / per_slice, i % per_slice, length}; }
};

struct ListedPlaces {
  const index_type* first = nullptr;    // count + 1 entries, strictly increasing
  const index_type* lengths = nullptr;  // count entries
  index_type count = 0;
  KOKKOS_INLINE_FUNCTION Place locate(index_type i) const {
    index_type low = 0, high = count;  // the last s with first[s] <= i
    while (high - low > 1) {
      const index_type middle = low + (high - low) / 2;
      if (first[middle] <= i) low = middle;
      else high = middle;
    }
    return {low, i - first[low], lengths[low]};
  }
};

// Segments of a one-slice layout (a rank-1 view, or a packed buffer) as
// slices: slice s starts `begins[s]` elements into it.
template <class Layout>
struct ListedSlices {
  using value_type = typename Layout::value_type;
  using slice_type = typename Layout::slice_type;
  slice_type whole;
  const index_type* begins = nullptr;
  KOKKOS_INLINE_FUNCTION slice_type slice(index_type s) const { return whole.offset(begins[s]); }
};

}  // namespace tessel::detail

#endif
