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

// Every sort takes, after its views, ([less], [options], [workspace],
// [tuning]), each left out or given in this order: a strict weak order on
// the device (not with RadixSort), SortOptions (also braced), a SortWorkspace
// that grows to what the call needs (sort_workspace_bytes says how much; a
// loop of same-shape calls then allocates nothing), and a TuningParameters
// in place of Tuning<Exec>. docs/api.md lists them.

// Sorts every slice of `view` along options.dim, in place.
template <class Exec, class View, class... Args>
void sort(const Exec& exec, const View& view, Args&&... args) {
  detail::sort_call("tessel::sort", exec, view, detail::NoValues{}, detail::NoValues{}, args...);
}

// Sorts keys and permutes values (same extents) with them.
template <class Exec, class Keys, class Values, class... Args>
void sort_by_key(const Exec& exec, const Keys& keys, const Values& values, Args&&... args) {
  detail::sort_call("tessel::sort_by_key", exec, keys, values, detail::NoValues{}, args...);
}

// Writes to perm (any integer type, keys' extents) the positions within each
// slice that sort it: keys(perm(i)) is sorted along the slice. keys is not
// changed.
template <class Exec, class Perm, class Keys, class... Args>
void sortperm(const Exec& exec, const Perm& perm, const Keys& keys, Args&&... args) {
  detail::sort_call("tessel::sortperm", exec, keys, detail::NoValues{}, perm, args...);
}

// The same with the options as a braced list: sort(exec, view, {1}, ...).
template <class Exec, class View, class... Args>
void sort(const Exec& exec, const View& view, const SortOptions& options, Args&&... args) {
  detail::sort_call("tessel::sort", exec, view, detail::NoValues{}, detail::NoValues{}, options, args...);
}

template <class Exec, class View, class Less, class... Args, detail::callable_argument_t<SortOptions, Less> = 0>
void sort(const Exec& exec, const View& view, Less less, const SortOptions& options, Args&&... args) {
  detail::sort_call("tessel::sort", exec, view, detail::NoValues{}, detail::NoValues{}, less, options, args...);
}

template <class Exec, class Keys, class Values, class... Args>
void sort_by_key(const Exec& exec, const Keys& keys, const Values& values, const SortOptions& options,
                 Args&&... args) {
  detail::sort_call("tessel::sort_by_key", exec, keys, values, detail::NoValues{}, options, args...);
}

template <class Exec, class Keys, class Values, class Less, class... Args,
          detail::callable_argument_t<SortOptions, Less> = 0>
void sort_by_key(const Exec& exec, const Keys& keys, const Values& values, Less less, const SortOptions& options,
                 Args&&... args) {
  detail::sort_call("tessel::sort_by_key", exec, keys, values, detail::NoValues{}, less, options, args...);
}

template <class Exec, class Perm, class Keys, class... Args>
void sortperm(const Exec& exec, const Perm& perm, const Keys& keys, const SortOptions& options, Args&&... args) {
  detail::sort_call("tessel::sortperm", exec, keys, detail::NoValues{}, perm, options, args...);
}

template <class Exec, class Perm, class Keys, class Less, class... Args,
          detail::callable_argument_t<SortOptions, Less> = 0>
void sortperm(const Exec& exec, const Perm& perm, const Keys& keys, Less less, const SortOptions& options,
              Args&&... args) {
  detail::sort_call("tessel::sortperm", exec, keys, detail::NoValues{}, perm, less, options, args...);
}

// The workspace bytes that sort(exec, keys, ...) or sort_by_key(exec, keys,
// values, ...) needs with the same arguments after the views ([less],
// [options], [tuning]): a SortWorkspace of that size makes the call allocate
// nothing. Checks the arguments as the sort would (and throws as it would).
template <class Exec, class Keys, class... Args>
std::size_t sort_workspace_bytes(const Exec& exec, const Keys& keys, Args&&... args) {
  return detail::sort_bytes_call("tessel::sort_workspace_bytes", exec, keys, args...);
}

template <class Exec, class Keys, class... Args>
std::size_t sort_workspace_bytes(const Exec& exec, const Keys& keys, const SortOptions& options, Args&&... args) {
  return detail::sort_bytes_call("tessel::sort_workspace_bytes", exec, keys, options, args...);
}

template <class Exec, class Keys, class Values, class... Args,
          std::enable_if_t<Kokkos::is_view<Values>::value, int> = 0>
std::size_t sort_workspace_bytes(const Exec& exec, const Keys& keys, const Values& values, const SortOptions& options,
                                 Args&&... args) {
  return detail::sort_bytes_call("tessel::sort_workspace_bytes", exec, keys, values, options, args...);
}

// The same for sortperm(exec, perm, keys, ...).
template <class Exec, class Perm, class Keys, class... Args>
std::size_t sortperm_workspace_bytes(const Exec& exec, const Perm& perm, const Keys& keys, Args&&... args) {
  return detail::sortperm_bytes_call("tessel::sortperm_workspace_bytes", exec, perm, keys, args...);
}

template <class Exec, class Perm, class Keys, class... Args>
std::size_t sortperm_workspace_bytes(const Exec& exec, const Perm& perm, const Keys& keys, const SortOptions& options,
                                     Args&&... args) {
  return detail::sortperm_bytes_call("tessel::sortperm_workspace_bytes", exec, perm, keys, options, args...);
}

}  // namespace tessel

#endif
