#ifndef TESSEL_SORT_HPP
#define TESSEL_SORT_HPP

// Sorts of whole rank-1 views and along any dim of rank 1-3 views: keys
// only, keys with values, and permutations; merge sort (stable), bitonic
// sort and radix sort (stable; integer, float and double keys), AutoSort
// choosing among them.
//
// Order: floating-point keys follow the total order
// -inf < ... < -0.0 < +0.0 < ... < +inf < NaN (every NaN after +inf, whatever
// its sign or payload); Order::descending is its exact reverse. A `less` may
// replace the order for any trivially copyable type (merge and bitonic sort).
// The result is a bitwise permutation of the input.
//
// Workspace: merge sort of slices longer than one tile (Tuning's sort tile,
// 2048 float keys on CPUs, 1792 on GPUs) needs 2 * n * (sizeof(key) +
// sizeof(value)) bytes, n the number of elements; bitonic sort needs none,
// except for sortperm (n * (sizeof(key) + sizeof(perm value))); radix sort
// needs 2n records where slices do not fit a team's scratch, 3n for strided
// slices, and the counts of every block where long slices are split. Pass a
// SortWorkspace to keep it between calls: it grows when a sort needs more and
// is reused otherwise, so a loop of sorts allocates nothing.

#include <tessel/detail/sort/sort_dispatch.hpp>
#include <tessel/sort_options.hpp>
#include <tessel/tuning.hpp>

namespace tessel {

template <class MemorySpace = Kokkos::DefaultExecutionSpace::memory_space>
class SortWorkspace {
 public:
  SortWorkspace() = default;
  explicit SortWorkspace(std::size_t bytes) { reserve(bytes); }
  // Grows the workspace to at least `bytes` (its contents are not kept).
  void reserve(std::size_t bytes) {
    if (bytes > storage_.extent(0))
      storage_ = Kokkos::View<unsigned char*, MemorySpace>(
          Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("tessel::sort::workspace")), bytes);
  }
  std::size_t size() const { return storage_.extent(0); }
  unsigned char* data() const { return storage_.data(); }

 private:
  Kokkos::View<unsigned char*, MemorySpace> storage_;
};

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
// view or NoValues; Perm a view (sortperm) or NoValues.
template <class Exec, class Keys, class Values, class Perm, class Less, class Workspace>
void sort_views(const char* function, const Exec& exec, const Keys& keys, const Values& values, const Perm& perm,
                const Less& less, bool has_less, const SortOptions& options, Workspace* workspace,
                TuningParameters tuning) {
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
  ScopedRegion region(function);

  // values and perm follow the keys' numbering of the slices.
  const SliceNumbering numbering = slice_numbering(keys, dim);
  auto run = [&](index_type count, const auto& source, const auto& target, bool in_place) {
    using Source = std::decay_t<decltype(source)>;
    using Target = std::decay_t<decltype(target)>;
    const std::size_t bytes =
        sort_workspace_bytes<Source, Target>(count, length, kind, in_place, tuning, radix_units(exec, tuning));
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

// Stands for "no workspace given": a temporary one is allocated.
struct NoWorkspace {
  void reserve(std::size_t) {}
  unsigned char* data() const { return nullptr; }
};

template <class Exec, class MemorySpace>
constexpr void static_check_workspace() {
  static_assert(Kokkos::SpaceAccessibility<Exec, MemorySpace>::accessible,
                "tessel sorts: the execution space cannot access the workspace's memory space");
}

}  // namespace detail

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
