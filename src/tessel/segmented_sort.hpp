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
// integers, float and double in the total order of tessel::sort, or any
// trivially copyable type with a `less` (not with RadixSort). Workspace: for
// segments longer than one tile, two buffers of records as long as the
// longest segment of each team that runs at once (one team per thread on
// CPUs: twice the longest segment on one thread), or what tessel::sort
// needs for a segment long enough to be split among teams.
template <class Exec, class Offsets, class Keys>
void segmented_sort(const Exec& exec, const Offsets& offsets, const Keys& keys, const SortOptions& options = {}) {
  detail::segmented_sort_views("tessel::segmented_sort", exec, offsets, keys, detail::NoValues{},
                               detail::UseDefaultOrder{}, false, options, static_cast<detail::NoWorkspace*>(nullptr),
                               Tuning<Exec>{});
}

template <class Exec, class Offsets, class Keys, class MemorySpace>
void segmented_sort(const Exec& exec, const Offsets& offsets, const Keys& keys, const SortOptions& options,
                    SortWorkspace<MemorySpace>& workspace) {
  detail::static_check_workspace<Exec, MemorySpace>();
  detail::segmented_sort_views("tessel::segmented_sort", exec, offsets, keys, detail::NoValues{},
                               detail::UseDefaultOrder{}, false, options, &workspace, Tuning<Exec>{});
}

// With `less`, a strict weak order callable on the device.
template <class Exec, class Offsets, class Keys, class Less>
void segmented_sort(const Exec& exec, const Offsets& offsets, const Keys& keys, Less less,
                    const SortOptions& options = {}) {
  detail::segmented_sort_views("tessel::segmented_sort", exec, offsets, keys, detail::NoValues{}, less, true,
                               options, static_cast<detail::NoWorkspace*>(nullptr), Tuning<Exec>{});
}

template <class Exec, class Offsets, class Keys>
void segmented_sort(const Exec& exec, const Offsets& offsets, const Keys& keys, const SortOptions& options,
                    const TuningParameters& tuning) {
  detail::segmented_sort_views("tessel::segmented_sort", exec, offsets, keys, detail::NoValues{},
                               detail::UseDefaultOrder{}, false, options, static_cast<detail::NoWorkspace*>(nullptr),
                               tuning);
}

// Sorts every segment of keys and permutes values (same extent) with it.
template <class Exec, class Offsets, class Keys, class Values>
void segmented_sort_by_key(const Exec& exec, const Offsets& offsets, const Keys& keys, const Values& values,
                           const SortOptions& options = {}) {
  detail::segmented_sort_views("tessel::segmented_sort_by_key", exec, offsets, keys, values,
                               detail::UseDefaultOrder{}, false, options, static_cast<detail::NoWorkspace*>(nullptr),
                               Tuning<Exec>{});
}

template <class Exec, class Offsets, class Keys, class Values, class MemorySpace>
void segmented_sort_by_key(const Exec& exec, const Offsets& offsets, const Keys& keys, const Values& values,
                           const SortOptions& options, SortWorkspace<MemorySpace>& workspace) {
  detail::static_check_workspace<Exec, MemorySpace>();
  detail::segmented_sort_views("tessel::segmented_sort_by_key", exec, offsets, keys, values,
                               detail::UseDefaultOrder{}, false, options, &workspace, Tuning<Exec>{});
}

template <class Exec, class Offsets, class Keys, class Values, class Less>
void segmented_sort_by_key(const Exec& exec, const Offsets& offsets, const Keys& keys, const Values& values,
                           Less less, const SortOptions& options = {}) {
  detail::segmented_sort_views("tessel::segmented_sort_by_key", exec, offsets, keys, values, less, true, options,
                               static_cast<detail::NoWorkspace*>(nullptr), Tuning<Exec>{});
}

template <class Exec, class Offsets, class Keys, class Values>
void segmented_sort_by_key(const Exec& exec, const Offsets& offsets, const Keys& keys, const Values& values,
                           const SortOptions& options, const TuningParameters& tuning) {
  detail::segmented_sort_views("tessel::segmented_sort_by_key", exec, offsets, keys, values,
                               detail::UseDefaultOrder{}, false, options, static_cast<detail::NoWorkspace*>(nullptr),
                               tuning);
}

}  // namespace tessel

#endif
