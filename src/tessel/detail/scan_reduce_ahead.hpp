#ifndef TESSEL_DETAIL_SCAN_REDUCE_AHEAD_HPP
#define TESSEL_DETAIL_SCAN_REDUCE_AHEAD_HPP

// Whole scans on p > 1 lone host threads (TuningParameters::
// scan_reduce_ahead): the slice is cut into a head H and blocks B1 ... Bp.
// In a first launch thread 0 scans H while threads 1 ... p-1 reduce
// B1 ... Bp-1; in a second, thread j scans B(j+1) straight, after the head's
// total and the totals of B1 ... Bj. Every element is scanned once, straight
// from source to target, and only the blocks B1 ... Bp-1 are read twice, the
// first time by a reduction, which costs a fraction rho of a scan (the
// field's value). A head of rho blocks ends the first launch on every thread
// at once, and p threads are then (p + rho) / (1 + rho) times as fast as
// one: 1.71x for two threads and rho = 0.4. The look-back over chunks
// (scan_tiles.hpp) scans then fixes up every chunk but the first, which on
// two cores of a 2-vCPU EPYC VM with 512 KiB of L2 each measured 1.04-1.32x
// for 1M elements.
// Outputs larger than scan_stream_bytes are written with non-temporal
// stores, as the chunks' are.
// Only for operators whose reduction may be regrouped (Partials::
// reorderable): an ordered reduction costs about what a scan does.

#include <tessel/detail/scan_runs.hpp>
#include <tessel/detail/team.hpp>
#include <tessel/tuning.hpp>

namespace tessel::detail {

template <class SrcLayout, class DstLayout, class Partials>
struct ReduceAheadKernel {
  using partial_type = typename Partials::partial_type;
  SrcLayout src;
  DstLayout dst;
  Partials partials;
  partial_type carry_init;
  bool exclusive;
  index_type head;   // elements of H
  index_type block;  // elements of each of B1 ... Bp-1; Bp takes the rest
  int threads;       // p
  partial_type* totals;  // H's (after carry_init), then B1's ... Bp-1's
  bool second = false;   // which launch
  bool stream = false;   // scans write with non-temporal stores (scan_stream_applies)

  template <class Member>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const int j = team.league_rank();
    const auto source = src.slice(0);
    const auto target = dst.slice(0);
    if (!second) {
      if (j == 0)
        totals[0] = scan_straight(partials, exclusive, source, target, 0, head, carry_init, stream);
      else
        totals[j] = reduce_straight(partials, source, head + (j - 1) * block, block);
      return;
    }
    partial_type prefix = totals[0];
    for (int before = 1; before <= j; ++before) prefix = partials.combine(prefix, totals[before]);
    const index_type first = head + j * block;
    const index_type count = j + 1 == threads ? src.length - first : block;
    scan_straight(partials, exclusive, source, target, first, count, prefix, stream);
  }
};

// Whether a scan of `length` elements of `bytes` bytes each may reduce ahead
// on `threads` threads: the tuning allows it for that size, and every block
// gets at least one element.
inline bool reduce_ahead_applies(const TuningParameters& tuning, index_type length, std::size_t bytes,
                                 std::int64_t threads) {
  return tuning.scan_reduce_ahead > 0 && threads > 1 && length >= 2 * threads &&
         static_cast<std::size_t>(length) <= tuning.scan_reduce_ahead_bytes / bytes;
}

// The scan of one slice (src.count == 1) in `threads` blocks (the
// execution space's concurrency; tests choose others), where
// reduce_ahead_applies.
template <class Exec, class SrcLayout, class DstLayout, class Partials>
void scan_reduce_ahead(const char* function, const Exec& exec, const SrcLayout& src, const DstLayout& dst,
                       const Partials& partials, const typename Partials::partial_type& carry_init, bool exclusive,
                       double rho, int threads, bool stream) {
  using partial_type = typename Partials::partial_type;
  const index_type length = src.length;
  index_type block = static_cast<index_type>(static_cast<double>(length) / (threads + rho));
  block = block < 1 ? 1 : block;
  const index_type head = length - threads * block;  // at least rho blocks, less a rounding
  const auto totals = allocate<partial_type>(exec, "tessel::scan::block_totals", threads);
  ReduceAheadKernel<SrcLayout, DstLayout, Partials> kernel{src,  dst,     partials, carry_init,   exclusive,
                                                           head, block, threads,  totals.data()};
  kernel.stream = stream;
  const auto policy = make_team_policy(function, exec, threads, 1, 0);
  Kokkos::parallel_for("tessel::scan::reduce_ahead", policy, kernel);
  kernel.second = true;
  Kokkos::parallel_for("tessel::scan::after_reduce_ahead", policy, kernel);
}

}  // namespace tessel::detail

#endif
