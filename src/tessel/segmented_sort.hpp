#ifndef TESSEL_SEGMENTED_SORT_HPP
#define TESSEL_SEGMENTED_SORT_HPP

// Segmented sorts over CRS offsets: every segment [offsets(s), offsets(s+1))
// of a rank-1 view is sorted on its own, in place (stably with MergeSort and
// RadixSort, as tessel::sort): the column indices of every row of a CRS
// matrix, the values carried along. offsets: a rank-1 view of n + 1 nondecreasing
// integers of any type with 0 <= offsets(0) and offsets(n) <= keys.extent(0);
// an empty offsets view is a matrix of no rows. Keys outside every segment
// are left untouched. Bad offsets, found by one reduction before anything is
// written, give std::invalid_argument.

#include <tessel/detail/segmented/segmented_views.hpp>
#include <tessel/sort_options.hpp>
#include <tessel/sort_workspace.hpp>
#include <tessel/tuning.hpp>

namespace tessel {

// Sorts every segment [offsets(s), offsets(s+1)) of keys, in place. Keys:
// as tessel::sort's; after the views, ([less], [options], [workspace],
// [tuning]) as every sort takes them (tessel/sort.hpp). Workspace: two
// buffers of records for the segments longer than a tile, or what
// tessel::sort needs for one long enough to be split among teams. Besides,
// every call allocates a byte per segment, the lists of medium and long
// segments and, with long segments, their bounds and a host copy of them.
template <class Exec, class Offsets, class Keys, class... Args>
void segmented_sort(const Exec& exec, const Offsets& offsets, const Keys& keys, Args&&... args) {
  detail::segmented_sort_call("tessel::segmented_sort", exec, offsets, keys, detail::NoValues{}, args...);
}

// Sorts every segment of keys and permutes values (same extent) with it.
template <class Exec, class Offsets, class Keys, class Values, class... Args>
void segmented_sort_by_key(const Exec& exec, const Offsets& offsets, const Keys& keys, const Values& values,
                           Args&&... args) {
  detail::segmented_sort_call("tessel::segmented_sort_by_key", exec, offsets, keys, values, args...);
}

// The same with the options as a braced list.
template <class Exec, class Offsets, class Keys, class... Args>
void segmented_sort(const Exec& exec, const Offsets& offsets, const Keys& keys, const SortOptions& options,
                    Args&&... args) {
  detail::segmented_sort_call("tessel::segmented_sort", exec, offsets, keys, detail::NoValues{}, options, args...);
}

template <class Exec, class Offsets, class Keys, class Less, class... Args,
          detail::callable_argument_t<SortOptions, Less> = 0>
void segmented_sort(const Exec& exec, const Offsets& offsets, const Keys& keys, Less less,
                    const SortOptions& options, Args&&... args) {
  detail::segmented_sort_call("tessel::segmented_sort", exec, offsets, keys, detail::NoValues{}, less, options,
                              args...);
}

template <class Exec, class Offsets, class Keys, class Values, class... Args>
void segmented_sort_by_key(const Exec& exec, const Offsets& offsets, const Keys& keys, const Values& values,
                           const SortOptions& options, Args&&... args) {
  detail::segmented_sort_call("tessel::segmented_sort_by_key", exec, offsets, keys, values, options, args...);
}

template <class Exec, class Offsets, class Keys, class Values, class Less, class... Args,
          detail::callable_argument_t<SortOptions, Less> = 0>
void segmented_sort_by_key(const Exec& exec, const Offsets& offsets, const Keys& keys, const Values& values,
                           Less less, const SortOptions& options, Args&&... args) {
  detail::segmented_sort_call("tessel::segmented_sort_by_key", exec, offsets, keys, values, less, options,
                              args...);
}

}  // namespace tessel

#endif
