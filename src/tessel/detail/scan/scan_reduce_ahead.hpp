#ifndef TESSEL_DETAIL_SCAN_REDUCE_AHEAD_HPP
#define TESSEL_DETAIL_SCAN_REDUCE_AHEAD_HPP

// Whole scans on p > 1 lone host threads (TuningParameters::scan.
// reduce_ahead): the slice is cut into a head H and blocks B1 ... Bp.
// Thread 0 scans H while threads 1 ... p-1 reduce B1 ... Bp-1; then thread j
// scans B(j+1) straight, after the head's total and the totals of B1 ... Bj.
// Only B1 ... Bp-1 are read twice, first by a reduction that costs a fraction
// rho of a scan (the field's value). A head of rho blocks ends the reductions
// on every thread at once: p threads are (p + rho) / (1 + rho) times as fast
// as one, 1.65x for two at rho = 0.55 (docs/notes/scan.md).

#include <tessel/detail/base/kokkos_compat.hpp>
#include <tessel/detail/scan/scan_runs.hpp>
#include <tessel/detail/core/team.hpp>
#include <tessel/tuning.hpp>

namespace tessel::detail {

// One launch does both steps where the target is not the source: each thread
// publishes its total and waits only for those before it, in the order of
// tickets taken at its start, so that threads run one after another (Serial,
// or fewer threads than teams) never wait for one not yet started. A scan in
// place takes two launches: thread j writes B(j+1) while thread j+1 may still
// be reducing it, and only the launch in between orders the two.
enum class ReduceAheadStep {
  ahead,   // H scanned, B1 ... Bp-1 reduced (the first of two launches)
  behind,  // B1 ... Bp scanned (the second)
  both     // the two in one launch, each thread waiting for those before it
};

// A thread's total, published to the threads after it; a cache line each, as
// ChunkStatus, so that one thread's write does not evict another's flag.
template <class Partial>
struct alignas(64) ReduceAheadTotal {
  Partial total;
  int flag;  // 1 once total is written (step both)
};

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
  ReduceAheadTotal<partial_type>* totals;  // H's (after carry_init), then B1's ... Bp-1's
  int* tickets;                            // step both: the next ticket, from 0
  ReduceAheadStep step = ReduceAheadStep::ahead;
  bool stream = false;  // scans write with non-temporal stores (scan_stream_applies)

  template <class Member>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    if (step == ReduceAheadStep::ahead) {
      totals[team.league_rank()].total = ahead(team.league_rank());
      return;
    }
    if (step == ReduceAheadStep::behind) return behind(team.league_rank(), prefix_through(team.league_rank(), false));
    const int j = Kokkos::atomic_fetch_add(tickets, 1);
    totals[j].total = ahead(j);
    Kokkos::memory_fence();
    atomic_store_flag(&totals[j].flag, 1);
    behind(j, prefix_through(j, true));
  }

  // The combination of H, B1 ... Bj: thread j's prefix. `wait`: the other
  // threads' totals may still be on their way (step both; thread j's own is
  // published already).
  KOKKOS_INLINE_FUNCTION partial_type prefix_through(int j, bool wait) const {
    partial_type prefix = total(0, wait);
    for (int before = 1; before <= j; ++before) prefix = partials.combine(prefix, total(before, wait));
    return prefix;
  }

  // Thread j's first step: the scan of H (j = 0), or the reduction of Bj.
  KOKKOS_INLINE_FUNCTION partial_type ahead(int j) const {
    if (j == 0) return scan_straight(partials, exclusive, src.slice(0), dst.slice(0), 0, head, carry_init, stream);
    return reduce_straight(partials, src.slice(0), head + (j - 1) * block, block);
  }

  // Thread j's second step: the scan of B(j+1) after `prefix`, the total of
  // everything before it.
  KOKKOS_INLINE_FUNCTION void behind(int j, const partial_type& prefix) const {
    const index_type first = head + j * block;
    const index_type count = j + 1 == threads ? src.length - first : block;
    scan_straight(partials, exclusive, src.slice(0), dst.slice(0), first, count, prefix, stream);
  }

  KOKKOS_INLINE_FUNCTION partial_type total(int thread, bool wait) const {
    if (!wait) return totals[thread].total;  // the launch before wrote it
    int attempt = 0;
    while (atomic_load_flag(&totals[thread].flag) == 0) spin_wait_hint(attempt++);
    Kokkos::memory_fence();
    return load_published(&totals[thread].total);
  }
};

// Whether a scan of `length` elements of `bytes` bytes each may reduce ahead
// on `threads` threads: the tuning allows it for that size, and every block
// gets at least one element.
inline bool reduce_ahead_applies(const TuningParameters& tuning, index_type length, std::size_t bytes,
                                 std::int64_t threads) {
  return tuning.scan.reduce_ahead > 0 && threads > 1 && length >= 2 * threads &&
         static_cast<std::size_t>(length) <= tuning.scan.reduce_ahead_bytes / bytes;
}

// The scan of one slice (src.count == 1) in `threads` blocks (the
// execution space's concurrency; tests choose others), where
// reduce_ahead_applies, for operators whose reduction may be regrouped
// (Partials::reorderable: an ordered one costs about what a scan does).
// `stream`: outputs larger than scan.stream_bytes, written with
// non-temporal stores as the chunks' are.
template <class Exec, class SrcLayout, class DstLayout, class Partials>
void scan_reduce_ahead(const char* function, const Exec& exec, const SrcLayout& src, const DstLayout& dst,
                       const Partials& partials, const typename Partials::partial_type& carry_init, bool exclusive,
                       double rho, int threads, bool stream) {
  using partial_type = typename Partials::partial_type;
  const index_type length = src.length;
  index_type block = static_cast<index_type>(static_cast<double>(length) / (threads + rho));
  block = block < 1 ? 1 : block;
  const index_type head = length - threads * block;  // at least rho blocks, less a rounding
  const auto totals = allocate_records<ReduceAheadTotal<partial_type>>(exec, "tessel::scan::block_totals", threads, true);
  const auto tickets = allocate<int>(exec, "tessel::scan::block_tickets", 1, true);
  ReduceAheadKernel<SrcLayout, DstLayout, Partials> kernel{
      src, dst, partials, carry_init, exclusive, head, block, threads, totals.data(), tickets.data()};
  kernel.stream = stream;
  const auto policy = make_team_policy(function, exec, threads, 1, 0);
  const bool in_place = static_cast<const void*>(src.data) == static_cast<const void*>(dst.data);
  if (!in_place) {
    kernel.step = ReduceAheadStep::both;
    Kokkos::parallel_for("tessel::scan::reduce_ahead", policy, kernel);
    return;
  }
  Kokkos::parallel_for("tessel::scan::reduce_ahead", policy, kernel);
  kernel.step = ReduceAheadStep::behind;
  Kokkos::parallel_for("tessel::scan::after_reduce_ahead", policy, kernel);
}

}  // namespace tessel::detail

#endif
