#ifndef TESSEL_SORT_HPP
#define TESSEL_SORT_HPP

// Sorts of whole rank-1 views and along any dim of rank 1-3 views: keys
// only, keys with values, and permutations; merge sort (stable), bitonic
// sort and radix sort (stable; integer, float and double keys), AutoSort
// choosing among them. Floating-point keys follow the total order
// -inf < ... < -0.0 < +0.0 < ... < +inf < NaN (every NaN after +inf, whatever
// its sign or payload); Order::descending is its exact reverse. A `less` may
// replace the order for any trivially copyable type (merge and bitonic sort).
// The result is a bitwise permutation of the input.

#include <tessel/detail/sort/sort_views.hpp>
#include <tessel/segmented_sort.hpp>  // API.md lists the segmented sorts here too
#include <tessel/sort_options.hpp>
#include <tessel/sort_workspace.hpp>
#include <tessel/tuning.hpp>

namespace tessel {

// Sorts every slice of `view` along options.dim, in place.
template <class Exec, class View, class MemorySpace>
void sort(const Exec& exec, const View& view, const SortOptions& options, SortWorkspace<MemorySpace>& workspace) {
  detail::static_check_workspace<Exec, MemorySpace>();
  detail::sort_views("tessel::sort", exec, view, detail::NoValues{}, detail::NoValues{},
                     detail::UseDefaultOrder{}, false, options, &workspace, Tuning<Exec>{});
}

template <class Exec, class View>
void sort(const Exec& exec, const View& view, const SortOptions& options = {}) {
  detail::sort_views("tessel::sort", exec, view, detail::NoValues{}, detail::NoValues{},
                     detail::UseDefaultOrder{}, false, options, static_cast<detail::NoWorkspace*>(nullptr),
                     Tuning<Exec>{});
}

// Sorts with `less`, a strict weak order callable on the device.
template <class Exec, class View, class Less>
void sort(const Exec& exec, const View& view, Less less, const SortOptions& options = {}) {
  detail::sort_views("tessel::sort", exec, view, detail::NoValues{}, detail::NoValues{}, less, true, options,
                     static_cast<detail::NoWorkspace*>(nullptr), Tuning<Exec>{});
}

// Sorts keys and permutes values (same extents) with them.
template <class Exec, class Keys, class Values>
void sort_by_key(const Exec& exec, const Keys& keys, const Values& values, const SortOptions& options = {}) {
  detail::sort_views("tessel::sort_by_key", exec, keys, values, detail::NoValues{}, detail::UseDefaultOrder{}, false,
                     options, static_cast<detail::NoWorkspace*>(nullptr), Tuning<Exec>{});
}

template <class Exec, class Keys, class Values, class MemorySpace>
void sort_by_key(const Exec& exec, const Keys& keys, const Values& values, const SortOptions& options,
                 SortWorkspace<MemorySpace>& workspace) {
  detail::static_check_workspace<Exec, MemorySpace>();
  detail::sort_views("tessel::sort_by_key", exec, keys, values, detail::NoValues{}, detail::UseDefaultOrder{}, false,
                     options, &workspace, Tuning<Exec>{});
}

// Writes to perm (any integer type, keys' extents) the positions within each
// slice that sort it: keys(perm(i)) is sorted along the slice. keys is not
// changed.
template <class Exec, class Perm, class Keys>
void sortperm(const Exec& exec, const Perm& perm, const Keys& keys, const SortOptions& options = {}) {
  detail::sort_views("tessel::sortperm", exec, keys, detail::NoValues{}, perm, detail::UseDefaultOrder{}, false,
                     options, static_cast<detail::NoWorkspace*>(nullptr), Tuning<Exec>{});
}

template <class Exec, class Perm, class Keys, class MemorySpace>
void sortperm(const Exec& exec, const Perm& perm, const Keys& keys, const SortOptions& options,
              SortWorkspace<MemorySpace>& workspace) {
  detail::static_check_workspace<Exec, MemorySpace>();
  detail::sort_views("tessel::sortperm", exec, keys, detail::NoValues{}, perm, detail::UseDefaultOrder{}, false,
                     options, &workspace, Tuning<Exec>{});
}

// With `less`, a strict weak order callable on the device (MergeSort or
// BitonicSort, or AutoSort's choice of them; RadixSort throws).
template <class Exec, class Keys, class Values, class Less>
void sort_by_key(const Exec& exec, const Keys& keys, const Values& values, Less less,
                 const SortOptions& options = {}) {
  detail::sort_views("tessel::sort_by_key", exec, keys, values, detail::NoValues{}, less, true, options,
                     static_cast<detail::NoWorkspace*>(nullptr), Tuning<Exec>{});
}

template <class Exec, class Perm, class Keys, class Less>
void sortperm(const Exec& exec, const Perm& perm, const Keys& keys, Less less, const SortOptions& options = {}) {
  detail::sort_views("tessel::sortperm", exec, keys, detail::NoValues{}, perm, less, true, options,
                     static_cast<detail::NoWorkspace*>(nullptr), Tuning<Exec>{});
}

// The same with a whole TuningParameters in place of Tuning<Exec> (as
// CUB takes a policy): per-call launch parameters, and tests' tiny tiles.
template <class Exec, class View>
void sort(const Exec& exec, const View& view, const SortOptions& options, const TuningParameters& tuning) {
  detail::sort_views("tessel::sort", exec, view, detail::NoValues{}, detail::NoValues{},
                     detail::UseDefaultOrder{}, false, options, static_cast<detail::NoWorkspace*>(nullptr), tuning);
}

template <class Exec, class View, class Less>
void sort(const Exec& exec, const View& view, Less less, const SortOptions& options, const TuningParameters& tuning) {
  detail::sort_views("tessel::sort", exec, view, detail::NoValues{}, detail::NoValues{}, less, true, options,
                     static_cast<detail::NoWorkspace*>(nullptr), tuning);
}

template <class Exec, class Keys, class Values>
void sort_by_key(const Exec& exec, const Keys& keys, const Values& values, const SortOptions& options,
                 const TuningParameters& tuning) {
  detail::sort_views("tessel::sort_by_key", exec, keys, values, detail::NoValues{}, detail::UseDefaultOrder{}, false,
                     options, static_cast<detail::NoWorkspace*>(nullptr), tuning);
}

template <class Exec, class Perm, class Keys>
void sortperm(const Exec& exec, const Perm& perm, const Keys& keys, const SortOptions& options,
              const TuningParameters& tuning) {
  detail::sort_views("tessel::sortperm", exec, keys, detail::NoValues{}, perm, detail::UseDefaultOrder{}, false,
                     options, static_cast<detail::NoWorkspace*>(nullptr), tuning);
}

// And with a workspace: a tuning of the caller's in a loop of sorts that
// allocates nothing.
template <class Exec, class View, class MemorySpace>
void sort(const Exec& exec, const View& view, const SortOptions& options, SortWorkspace<MemorySpace>& workspace,
          const TuningParameters& tuning) {
  detail::static_check_workspace<Exec, MemorySpace>();
  detail::sort_views("tessel::sort", exec, view, detail::NoValues{}, detail::NoValues{},
                     detail::UseDefaultOrder{}, false, options, &workspace, tuning);
}

template <class Exec, class Keys, class Values, class MemorySpace>
void sort_by_key(const Exec& exec, const Keys& keys, const Values& values, const SortOptions& options,
                 SortWorkspace<MemorySpace>& workspace, const TuningParameters& tuning) {
  detail::static_check_workspace<Exec, MemorySpace>();
  detail::sort_views("tessel::sort_by_key", exec, keys, values, detail::NoValues{}, detail::UseDefaultOrder{}, false,
                     options, &workspace, tuning);
}

template <class Exec, class Perm, class Keys, class MemorySpace>
void sortperm(const Exec& exec, const Perm& perm, const Keys& keys, const SortOptions& options,
              SortWorkspace<MemorySpace>& workspace, const TuningParameters& tuning) {
  detail::static_check_workspace<Exec, MemorySpace>();
  detail::sort_views("tessel::sortperm", exec, keys, detail::NoValues{}, perm, detail::UseDefaultOrder{}, false,
                     options, &workspace, tuning);
}

}  // namespace tessel

#endif
