#ifndef TESSEL_DETAIL_SORT_SORT_VIEWS_HPP
#define TESSEL_DETAIL_SORT_SORT_VIEWS_HPP

// The one checked entry behind sort, sort_by_key and sortperm.

#include <tessel/detail/core/arguments.hpp>
#include <tessel/detail/sort/sort_dispatch.hpp>
#include <tessel/sort_options.hpp>
#include <tessel/tuning.hpp>

#include <algorithm>
#include <optional>

namespace tessel {

namespace detail {

// Calls body(workspace pointer) with at least `bytes` of workspace: the
// caller's, grown if needed, or a temporary one.
template <class Exec, class Workspace, class Body>
void with_workspace(const Exec& exec, std::size_t bytes, Workspace* workspace, Body&& body) {
  if (bytes == 0) return body(static_cast<unsigned char*>(nullptr));
  if (workspace) {
    workspace->reserve(bytes);
    return body(workspace->data());
  }
  const auto temporary = allocate<unsigned char>(exec, "tessel::sort::workspace", index_type(bytes));
  body(temporary.data());
}

// The type of what travels with the keys: values or positions.
template <class View>
struct carried_value {
  using type = typename View::non_const_value_type;
};
template <>
struct carried_value<NoValues> {
  using type = char;
};

// The one implementation behind sort, sort_by_key and sortperm. Values is a
// view or NoValues; Perm a view (sortperm) or NoValues. With `bytes_needed`,
// checks the arguments and stores the workspace bytes the call needs instead
// of sorting (sort_workspace_bytes).
template <class Exec, class Keys, class Values, class Perm, class Less, class Workspace>
void sort_views(const char* function, const Exec& exec, const Keys& keys, const Values& values, const Perm& perm,
                const Less& less, bool has_less, const SortOptions& options, Workspace* workspace,
                TuningParameters tuning, std::size_t* bytes_needed = nullptr) {
  constexpr bool by_key = !std::is_same_v<Values, NoValues>;
  constexpr bool permutation = !std::is_same_v<Perm, NoValues>;
  static_check_view<Exec, Keys>();
  if constexpr (!permutation) static_check_writable<Keys>();
  if constexpr (by_key) {
    static_check_view<Exec, Values>();
    static_check_writable<Values>();
  }
  if constexpr (permutation) {
    static_check_view<Exec, Perm>();
    static_check_writable<Perm>();
    static_assert(std::is_integral_v<typename Perm::non_const_value_type>, "tessel::sortperm: perm must hold integers");
  }
  // The documented order of the errors: dim, extents, overlap, then sizes.
  const int dim = checked_dim<Keys>(function, options.dim);
  if constexpr (by_key) {
    check_same_extents(function, "keys", keys, "values", values);
    check_no_partial_overlap(function, "keys", keys, "values", values);
    if (keys.span() > 0 && same_mapping(keys, values)) throw_invalid(function, "values is the keys view");
  }
  if constexpr (permutation) {
    check_same_extents(function, "keys", keys, "perm", perm);
    check_no_partial_overlap(function, "keys", keys, "perm", perm);
    if (keys.span() > 0 && same_mapping(keys, perm)) throw_invalid(function, "perm is the keys view");
  }
  const index_type length = static_cast<index_type>(keys.extent(dim));
  if constexpr (permutation) {
    using P = typename Perm::non_const_value_type;
    if (length > 0 && static_cast<unsigned long long>(length - 1) >
                          static_cast<unsigned long long>(std::numeric_limits<P>::max()))
      throw_length(function, "positions up to ", length - 1, " do not fit perm's value type (at most ",
                   +std::numeric_limits<P>::max(), ")");
  }

  using Key = typename Keys::non_const_value_type;
  using Value = typename carried_value<std::conditional_t<by_key, Values, Perm>>::type;
  const SortKeys sort_keys{std::is_arithmetic_v<Key> && !has_less, view_rank<Keys> == 1, sizeof(Key),
                           by_key || permutation ? sizeof(Value) : 0, is_host_space<Exec>};
  const SortKind kind = choose_sort(function, options, has_less, sort_keys, length, tuning);
  // The team size the kernels will have decides the tiles, and with them the
  // workspace.
  tuning = sort_launch_tuning(exec, tuning);
  const auto order = key_order<Key>(less, options.order == Order::descending);
  if (bytes_needed) *bytes_needed = 0;
  std::optional<ScopedRegion> region;
  if (!bytes_needed) region.emplace(function);

  // values and perm follow the keys' numbering of the slices.
  const SliceNumbering numbering = slice_numbering(keys, dim);
  auto run = [&](index_type count, const auto& source, const auto& target, bool in_place) {
    using Source = std::decay_t<decltype(source)>;
    using Target = std::decay_t<decltype(target)>;
    const std::size_t bytes =
        sort_workspace_bytes<Source, Target>(count, length, kind, in_place, tuning, radix_units(exec, tuning));
    if (bytes_needed) {
      *bytes_needed = std::max(*bytes_needed, bytes);
      return;
    }
    with_workspace(exec, bytes, workspace, [&](unsigned char* space) {
      run_sort(function, exec, count, length, kind, source, target, in_place, order, tuning, space);
    });
  };
  if constexpr (by_key) {
    visit_slices(keys, values, numbering, [&](const auto& key_slices, const auto& value_slices) {
      const auto both = records(key_slices, value_slices);
      run(key_slices.count, both, both, true);
    });
  } else if constexpr (permutation) {
    visit_slices(keys, perm, numbering, [&](const auto& key_slices, const auto& perm_slices) {
      run(key_slices.count, records(key_slices, Positions<Value>{}), records(Discard<Key>{}, perm_slices), false);
    });
  } else {
    visit_slices(keys, numbering, [&](const auto& key_slices) {
      const auto alone = records(key_slices, NoValues{});
      run(key_slices.count, alone, alone, true);
    });
  }
}

// The public sorts' tails: ([less], [options], [workspace], [tuning]).
template <class Exec, class... Args>
auto sort_arguments(Args&... args) {
  return arguments<Exec, SortOptions, UseDefaultOrder, true>(args...);
}

// sort, sort_by_key and sortperm of their parsed tail.
template <class Exec, class Keys, class Values, class Perm, class... Args>
void sort_call(const char* function, const Exec& exec, const Keys& keys, const Values& values, const Perm& perm,
               Args&... args) {
  const auto parsed = sort_arguments<Exec>(args...);
  sort_views(function, exec, keys, values, perm, parsed.callable(), parsed.has_callable, parsed.options(),
             parsed.workspace(), parsed.tuning());
}

// sort_workspace_bytes and sortperm_workspace_bytes of their parsed tail.
template <class Exec, class Keys, class Values, class Perm, class... Args>
std::size_t sort_bytes_of(const char* function, const Exec& exec, const Keys& keys, const Values& values,
                          const Perm& perm, Args&... args) {
  const auto parsed = arguments<Exec, SortOptions, UseDefaultOrder, false>(args...);
  std::size_t bytes = 0;
  sort_views(function, exec, keys, values, perm, parsed.callable(), parsed.has_callable, parsed.options(),
             static_cast<NoWorkspace*>(nullptr), parsed.tuning(), &bytes);
  return bytes;
}

// A view first after the keys is sort_by_key's values.
template <class Exec, class Keys>
std::size_t sort_bytes_call(const char* function, const Exec& exec, const Keys& keys) {
  return sort_bytes_of(function, exec, keys, NoValues{}, NoValues{});
}

template <class Exec, class Keys, class First, class... Rest>
std::size_t sort_bytes_call(const char* function, const Exec& exec, const Keys& keys, First& first, Rest&... rest) {
  if constexpr (Kokkos::is_view<std::remove_cv_t<First>>::value)
    return sort_bytes_of(function, exec, keys, first, NoValues{}, rest...);
  else
    return sort_bytes_of(function, exec, keys, NoValues{}, NoValues{}, first, rest...);
}

template <class Exec, class Perm, class Keys, class... Args>
std::size_t sortperm_bytes_call(const char* function, const Exec& exec, const Perm& perm, const Keys& keys,
                                Args&... args) {
  return sort_bytes_of(function, exec, keys, NoValues{}, perm, args...);
}

}  // namespace detail

}  // namespace tessel

#endif
