#ifndef TESSEL_SEGMENTED_SORT_HPP
#define TESSEL_SEGMENTED_SORT_HPP

// Segmented sorts over CRS offsets: every segment [offsets(s), offsets(s+1))
// of a rank-1 view is sorted on its own, in place, stably (whatever
// algorithm the options name: short and medium segments always take a
// stable sort in registers or scratch). This is sorting the column indices of
// every row of a CRS matrix, the values carried along.
//
// offsets: a rank-1 view of n + 1 nondecreasing integers of any type with
// 0 <= offsets(0) and offsets(n) <= keys.extent(0); an empty offsets view is
// a matrix of no rows. Keys outside every segment are left untouched. Bad
// offsets, found by one reduction before anything is written, give
// std::invalid_argument.
//
// Keys: integers, float and double in the total order of tessel::sort, or
// any trivially copyable type with a `less` (not with RadixSort). Workspace:
// for segments longer than one tile, two buffers of records as long as the
// longest segment of each team that runs at once (one team per thread on
// CPUs: twice the longest segment on one thread), or what tessel::sort
// needs for a segment long enough to be split among teams.

#include <tessel/detail/segmented/segmented_sort.hpp>
#include <tessel/sort.hpp>

namespace tessel {
namespace detail {

template <class Exec, class Offsets, class Keys, class Values, class Less, class Workspace>
void segmented_sort_views(const char* function, const Exec& exec, const Offsets& offsets, const Keys& keys,
                          const Values& values, const Less& less, bool has_less, const SortOptions& options,
                          Workspace* workspace, const TuningParameters& tuning) {
  constexpr bool by_key = !std::is_same_v<Values, NoValues>;
  static_check_view<Exec, Offsets>();
  static_assert(view_rank<Offsets> == 1 && std::is_integral_v<typename Offsets::non_const_value_type>,
                "tessel::segmented_sort: offsets must be a rank-1 view of integers");
  static_check_view<Exec, Keys>();
  static_check_writable<Keys>();
  static_assert(view_rank<Keys> == 1, "tessel::segmented_sort: keys must be a rank-1 view");
  checked_dim<Keys>(function, options.dim);
  if constexpr (by_key) {
    static_check_view<Exec, Values>();
    static_check_writable<Values>();
    check_same_extents(function, "keys", keys, "values", values);
    check_no_partial_overlap(function, "keys", keys, "values", values);
    if (keys.span() > 0 && same_mapping(keys, values)) throw_invalid(function, "values is the keys view");
    if (views_overlap(offsets, values)) throw_invalid(function, "offsets overlaps values");
  }
  if (views_overlap(offsets, keys)) throw_invalid(function, "offsets overlaps keys");
  check_offsets(function, exec, offsets, static_cast<index_type>(keys.extent(0)));

  using Key = typename Keys::non_const_value_type;
  using Value = typename carried_value<Values>::type;
  const SortKeys sort_keys{std::is_arithmetic_v<Key> && !has_less, true, sizeof(Key), by_key ? sizeof(Value) : 0,
                           is_host_space<Exec>};
  const auto order = key_order<Key>(less, options.order == Order::descending);
  ScopedRegion region(function);
  auto workspace_for = [&](std::size_t bytes, auto&& body) { with_workspace(exec, bytes, workspace, body); };
  if constexpr (by_key) {
    visit_slices(keys, values, SliceNumbering{}, [&](const auto& key_slices, const auto& value_slices) {
      sort_segments(function, exec, offsets, records(key_slices, value_slices), order, options, has_less,
                    sort_keys, tuning, workspace_for);
    });
  } else {
    visit_slices(keys, SliceNumbering{}, [&](const auto& key_slices) {
      sort_segments(function, exec, offsets, records(key_slices, NoValues{}), order, options, has_less, sort_keys,
                    tuning, workspace_for);
    });
  }
}

}  // namespace detail

// Sorts every segment [offsets(s), offsets(s+1)) of keys, in place.
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
