#ifndef TESSEL_DETAIL_SEGMENTED_SEGMENTED_VIEWS_HPP
#define TESSEL_DETAIL_SEGMENTED_SEGMENTED_VIEWS_HPP

// The one checked entry behind segmented_sort and segmented_sort_by_key.

#include <tessel/detail/segmented/segmented_sort.hpp>
#include <tessel/detail/sort/sort_views.hpp>

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
  using Key = typename Keys::non_const_value_type;
  using Value = typename carried_value<Values>::type;
  const SortKeys sort_keys{std::is_arithmetic_v<Key> && !has_less, true, sizeof(Key), by_key ? sizeof(Value) : 0,
                           is_host_space<Exec>};
  // The algorithm's fields are checked whatever the sizes, no segments included.
  TuningParameters checked = tuning;
  choose_sort(function, options, has_less, sort_keys, static_cast<index_type>(keys.extent(0)), checked);
  check_offsets(function, exec, offsets, static_cast<index_type>(keys.extent(0)));

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

template <class Exec, class Offsets, class Keys, class Values, class... Args>
void segmented_sort_call(const char* function, const Exec& exec, const Offsets& offsets, const Keys& keys,
                         const Values& values, Args&... args) {
  const auto parsed = sort_arguments<Exec>(args...);
  segmented_sort_views(function, exec, offsets, keys, values, parsed.callable(), parsed.has_callable,
                       parsed.options(), parsed.workspace(), parsed.tuning());
}

}  // namespace detail

}  // namespace tessel

#endif
