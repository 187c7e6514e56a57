#ifndef TESSEL_DETAIL_SCAN_RUNS_HPP
#define TESSEL_DETAIL_SCAN_RUNS_HPP

// Thread-level steps of the tile scans: a thread scans its runs in scratch,
// `Lanes` runs advanced in lockstep, then applies the prefix each run gets
// from everything before it.

#include <tessel/detail/partials.hpp>
#include <tessel/detail/team.hpp>
#include <tessel/tuning.hpp>

namespace tessel::detail {

// Runs one thread advances together. A run is a chain of dependent
// operations; on a CPU, eight independent chains keep the floating-point
// pipelines full where one chain waits on each result (a float add takes
// four cycles). A GPU thread gets that parallelism from its neighbours.
template <class Exec>
inline constexpr int lockstep_lanes = is_host_space<Exec> ? 8 : 1;

// Inclusive scan, in place, of `active` (at most Lanes) runs of `items`
// elements each, the first at `first`, the others `run_stride` apart. With
// WriteBack false the runs are only reduced. The run totals go to `totals`.
template <int Lanes, bool WriteBack, class Partials>
KOKKOS_INLINE_FUNCTION void scan_runs_in_lockstep(const Partials& partials,
                                                  typename Partials::value_type* first,
                                                  int run_stride, int items, int active,
                                                  typename Partials::value_type* totals) {
  using value_type = typename Partials::value_type;
  if (active == Lanes) {
    value_type accumulator[Lanes];
    for (int lane = 0; lane < Lanes; ++lane) accumulator[lane] = first[lane * run_stride];
    for (int item = 1; item < items; ++item) {
      for (int lane = 0; lane < Lanes; ++lane) {
        value_type& element = first[lane * run_stride + item];
        accumulator[lane] = partials.apply(accumulator[lane], element);
        if constexpr (WriteBack) element = accumulator[lane];
      }
    }
    for (int lane = 0; lane < Lanes; ++lane) totals[lane] = accumulator[lane];
    return;
  }
  for (int lane = 0; lane < active; ++lane) {
    value_type* run = first + lane * run_stride;
    value_type accumulator = run[0];
    for (int item = 1; item < items; ++item) {
      accumulator = partials.apply(accumulator, run[item]);
      if constexpr (WriteBack) run[item] = accumulator;
    }
    totals[lane] = accumulator;
  }
}

// Turns a run's local inclusive scan into its final values: each element
// combined with `prefix` (what precedes the run) for inclusive scans, or,
// for exclusive scans, the element's predecessor combined with it (the first
// element gets `prefix` itself, which then always holds at least `init`).
template <class Partials>
KOKKOS_INLINE_FUNCTION void apply_run_prefix(const Partials& partials,
                                             typename Partials::value_type* run, int items,
                                             const typename Partials::partial_type& prefix,
                                             bool exclusive) {
  if (!Partials::present(prefix)) return;  // inclusive, nothing before the run
  const auto& value = Partials::value(prefix);
  if (exclusive) {
    for (int item = items - 1; item > 0; --item) run[item] = partials.apply(value, run[item - 1]);
    run[0] = value;
  } else {
    for (int item = 0; item < items; ++item) run[item] = partials.apply(value, run[item]);
  }
}

// Scans the runs [first_run, last_run) a thread owns in a tile whose runs
// hold `items_per_run` elements and whose first `valid` elements are input;
// runs past `valid` are empty and the one it cuts is short. Returns the
// combination of the thread's run totals (empty if it owns no input).
template <int Lanes, bool WriteBack, class Partials>
KOKKOS_INLINE_FUNCTION typename Partials::partial_type scan_thread_runs(
    const Partials& partials, typename Partials::value_type* tile, int run_stride,
    int items_per_run, int valid, RunRange runs) {
  using value_type = typename Partials::value_type;
  typename Partials::partial_type total = Partials::empty();
  value_type totals[Lanes];
  const int full_runs = valid / items_per_run;
  for (int group = runs.first; group < runs.last; group += Lanes) {
    const int in_group = runs.last - group < Lanes ? runs.last - group : Lanes;
    int full = full_runs - group;
    full = full < 0 ? 0 : (full > in_group ? in_group : full);
    scan_runs_in_lockstep<Lanes, WriteBack>(partials, tile + group * run_stride, run_stride,
                                            items_per_run, full, totals);
    for (int lane = 0; lane < full; ++lane) total = partials.combine(total, Partials::make(totals[lane]));
    if (full < in_group) {
      const int short_items = valid - (group + full) * items_per_run;
      if (short_items > 0) {
        scan_runs_in_lockstep<1, WriteBack>(partials, tile + (group + full) * run_stride,
                                            run_stride, short_items, 1, totals);
        total = partials.combine(total, Partials::make(totals[0]));
      }
      break;
    }
  }
  return total;
}

// Applies the prefixes to the runs a thread scanned with scan_thread_runs,
// `prefix` being what precedes its first run.
template <class Partials>
KOKKOS_INLINE_FUNCTION void apply_thread_prefixes(const Partials& partials,
                                                  typename Partials::value_type* tile,
                                                  int run_stride, int items_per_run, int valid,
                                                  RunRange runs,
                                                  typename Partials::partial_type prefix,
                                                  bool exclusive) {
  for (int run = runs.first; run < runs.last; ++run) {
    int items = valid - run * items_per_run;
    if (items <= 0) break;
    if (items > items_per_run) items = items_per_run;
    typename Partials::value_type* elements = tile + run * run_stride;
    const auto run_total = Partials::make(elements[items - 1]);  // before it changes
    apply_run_prefix(partials, elements, items, prefix, exclusive);
    prefix = partials.combine(prefix, run_total);
  }
}

}  // namespace tessel::detail

#endif
