#ifndef TESSEL_DETAIL_SCAN_SCAN_VIEWS_HPP
#define TESSEL_DETAIL_SCAN_SCAN_VIEWS_HPP

// The one checked entry behind the scans, and the default scan tuning of an
// instance.

#include <tessel/detail/core/checks.hpp>
#include <tessel/detail/scan/scan_slices.hpp>
#include <tessel/operators.hpp>
#include <tessel/scan_options.hpp>
#include <tessel/tuning.hpp>

#include <type_traits>

namespace tessel {

namespace detail {

template <class Exec>
TuningParameters tuned_for_scan(const char* function, TuningParameters tuning, const ScanOptions& options) {
  if (options.block_size < 0)
    throw_invalid(function, "block_size ", options.block_size, " is negative");
  if (options.items_per_thread < 0)
    throw_invalid(function, "items_per_thread ", options.items_per_thread, " is negative");
  if (options.block_size > 0) tuning.team_size = options.block_size;
  if (options.items_per_thread > 0) {
    // Up to all the scratch the space offers; a tile that would need more
    // gets shorter runs (see TuningParameters::tile), so it always fits.
    tuning.max_items_per_thread = options.items_per_thread;
    tuning.scratch_bytes = std::max(tuning.scratch_bytes, scratch_offered<Exec>());
  }
  return tuning;
}

// The default tuning of a space's instance that runs `concurrency` threads.
// A threaded host space's tuning cuts whole scans into chunks for several
// threads (ThreadedHostTuning::scan.tiles_per_team), each fixed up after
// its scan; an instance on one thread (OMP_NUM_THREADS=1) takes the chunks
// of a single-thread space instead, one chain per slice: 2.2x faster for 4M
// doubles (docs/notes/tuning-defaults.md). A tuning passed in is taken as
// it is.
inline TuningParameters scan_tuning_for_threads(TuningParameters tuning, std::int64_t concurrency) {
  if (concurrency == 1)
    tuning.scan.tiles_per_team = std::max(tuning.scan.tiles_per_team, HostTuning{}.scan.tiles_per_team);
  return tuning;
}

template <class Exec>
TuningParameters default_scan_tuning(const Exec& exec) {
  return scan_tuning_for_threads(Tuning<Exec>{}, static_cast<std::int64_t>(exec.concurrency()));
}

// Whether an argument may be an inclusive scan's `init` (not its options).
template <class T>
using not_scan_options_t = std::enable_if_t<!std::is_same_v<std::decay_t<T>, ScanOptions> &&
                                            !std::is_base_of_v<TuningParameters, std::decay_t<T>>>;

// Whether an argument is a tuning (Tuning<Exec> or any TuningParameters).
template <class T>
using tuning_argument_t = std::enable_if_t<std::is_base_of_v<TuningParameters, std::decay_t<T>>>;

// `init` is null for inclusive scans.
template <class Exec, class Src, class Dst, class Op, class Init>
void scan_views(const char* function, const Exec& exec, const Src& src, const Dst& dst, Op op,
                const Init* init, const ScanOptions& options, const TuningParameters& tuning) {
  static_check_view<Exec, Src>();
  static_check_view<Exec, Dst>();
  static_check_writable<Dst>();
  using value_type = typename Dst::non_const_value_type;
  static_assert(std::is_convertible_v<typename Src::non_const_value_type, value_type>,
                "tessel scans: src's value type must convert to dst's");
  static_assert(std::is_convertible_v<decltype(op(std::declval<value_type>(), std::declval<value_type>())),
                                      value_type>,
                "tessel scans: op(dst value, dst value) must convert to dst's value type");
  const int dim = checked_dim<Src>(function, options.dim);
  check_same_extents(function, "src", src, "dst", dst);
  check_no_partial_overlap(function, "src", src, "dst", dst);
  const TuningParameters tuned = tuned_for_scan<Exec>(function, tuning, options);

  using Combine = Partials<Op, value_type>;
  const Combine partials{op};
  const auto carry_init =
      init ? Combine::make(static_cast<value_type>(*init)) : Combine::empty();
  ScopedRegion region(function);
  const SliceNumbering numbering = slice_numbering(src, dim);  // dst follows src's numbering
  visit_slices(src, dst, numbering, [&](const auto& src_slices, const auto& dst_slices) {
    scan_slices(function, exec, src_slices, dst_slices, partials, carry_init, init != nullptr, tuned);
  });
}

// init∘y of every element y of `slices` (`count` x `length`).
template <class Slices, class Op, class T>
struct PrependInit {
  Slices slices;
  Op op;
  T init;
  index_type count;
  index_type length;
  KOKKOS_INLINE_FUNCTION void operator()(index_type i) const {
    auto& element = count == 1 ? slices.slice(0)[i] : slices.slice(i / length)[i % length];
    element = static_cast<T>(op(init, element));
  }
};

// An inclusive scan from `init`: init∘x0, init∘x0∘x1, ... as
// init∘(x0∘...∘xi), the inclusive scan then one pass over dst (the same
// result by associativity; exact wherever the operator is).
template <class Exec, class Src, class Dst, class Op, class Init>
void inclusive_scan_from(const char* function, const Exec& exec, const Src& src, const Dst& dst, Op op,
                         const Init& init, const ScanOptions& options, const TuningParameters& tuning) {
  using value_type = typename Dst::non_const_value_type;
  static_assert(std::is_convertible_v<Init, value_type>, "tessel::inclusive_scan: init must convert to dst's value type");
  ScopedRegion region(function);
  scan_views<Exec, Src, Dst, Op, value_type>(function, exec, src, dst, op, nullptr, options, tuning);
  if (dst.size() == 0) return;
  const int dim = checked_dim<Src>(function, options.dim);
  visit_slices(dst, slice_numbering(dst, dim), [&](const auto& slices) {
    using Slices = std::decay_t<decltype(slices)>;
    Kokkos::parallel_for("tessel::inclusive_scan::init", range_policy(exec, slices.count * slices.length),
                         PrependInit<Slices, Op, value_type>{slices, op, static_cast<value_type>(init), slices.count,
                                                             slices.length});
  });
}

}  // namespace detail

}  // namespace tessel

#endif
