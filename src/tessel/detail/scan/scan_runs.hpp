#ifndef TESSEL_DETAIL_SCAN_RUNS_HPP
#define TESSEL_DETAIL_SCAN_RUNS_HPP

// Thread-level steps of the tile scans: a thread scans its runs, `Lanes` runs
// advanced in lockstep, each starting from a carry (what precedes the run, or
// nothing), and the scanned tile is written out with each run's prefix.

#include <tessel/detail/core/partials.hpp>
#include <tessel/detail/simd/scan_vector.hpp>
#include <tessel/detail/core/team.hpp>
#include <tessel/tuning.hpp>

namespace tessel::detail {

// Runs one thread advances together. A run is a chain of dependent
// operations; on a CPU, eight independent chains keep the floating-point
// pipelines full where one chain waits on each result (a float add takes
// four cycles). A GPU thread gets that parallelism from its neighbours.
// 4 and 16 lanes came within 5 % of 8 over six shapes (docs/notes/scan.md).
template <class Exec>
inline constexpr int lockstep_lanes = is_host_space<Exec> ? 8 : 1;

// Scans `active` (at most Lanes) runs of `items` elements in lockstep:
// `input(lane, item)` reads, `output(lane, item, value)` takes a result
// (nothing with WriteBack false). Each lane starts from carries[lane] (empty:
// the run starts the scan; never for exclusive scans) and leaves there its
// carry including the run: out = carry∘x0, carry∘x0∘x1, ... (inclusive) or
// carry, carry∘x0, ... (exclusive). `fresh`: the carries hold nothing yet, so
// an inclusive run's first output is x0 bit for bit; neutral∘x0 need not be
// (IEEE additions quiet signalling NaNs; NVIDIA GPUs canonicalise NaNs).
template <int Lanes, bool WriteBack, class Partials, class Input, class Output>
KOKKOS_INLINE_FUNCTION void scan_lanes(const Partials& partials, int items, int active, bool exclusive,
                                       typename Partials::partial_type* carries, Input&& input,
                                       Output&& output, bool fresh = false) {
  using value_type = typename Partials::value_type;
  if (items <= 0) return;
  auto step = [&](auto lanes, auto is_exclusive) {
    constexpr int lane_count = decltype(lanes)::value;
    value_type accumulator[Lanes];
    for (int lane = 0; lane < lane_count; ++lane) {
      const value_type first = static_cast<value_type>(input(lane, 0));
      const auto& carry = carries[lane];
      if constexpr (decltype(is_exclusive)::value) {
        if constexpr (WriteBack) output(lane, 0, Partials::value(carry));
        accumulator[lane] = partials.apply(Partials::value(carry), first);
      } else {
        accumulator[lane] = !fresh && Partials::present(carry) ? partials.apply(Partials::value(carry), first) : first;
        if constexpr (WriteBack) output(lane, 0, accumulator[lane]);
      }
    }
    for (int item = 1; item < items; ++item) {
      for (int lane = 0; lane < lane_count; ++lane) {
        const value_type element = static_cast<value_type>(input(lane, item));
        if constexpr (decltype(is_exclusive)::value) {
          if constexpr (WriteBack) output(lane, item, accumulator[lane]);
          accumulator[lane] = partials.apply(accumulator[lane], element);
        } else {
          accumulator[lane] = partials.apply(accumulator[lane], element);
          if constexpr (WriteBack) output(lane, item, accumulator[lane]);
        }
      }
    }
    for (int lane = 0; lane < lane_count; ++lane) carries[lane] = Partials::make(accumulator[lane]);
  };
  using all_lanes = std::integral_constant<int, Lanes>;
  if (active == Lanes) {
    if (exclusive) step(all_lanes{}, std::true_type{});
    else step(all_lanes{}, std::false_type{});
    return;
  }
  if constexpr (Lanes > 1) {
    // A short group: one lane at a time.
    for (int lane = 0; lane < active; ++lane) {
      auto lane_input = [&](int, int item) { return input(lane, item); };
      auto lane_output = [&](int, int item, const value_type& value) { output(lane, item, value); };
      scan_lanes<1, WriteBack>(partials, items, 1, exclusive, carries + lane, lane_input, lane_output, fresh);
    }
  }
}

// Scans the runs [first, last) a thread owns in a tile whose runs hold
// `items_per_run` elements and whose first `valid` elements are input (runs
// past `valid` are empty, the one it cuts is short), each run on its own
// (inclusive, no carry in). `input(run, item)` reads, `output(run, item,
// value)` takes the run-local results. Returns the combination of the
// thread's run totals (empty if it owns no input).
template <int Lanes, bool WriteBack, class Partials, class Input, class Output>
KOKKOS_INLINE_FUNCTION typename Partials::partial_type scan_thread_runs(const Partials& partials, int items_per_run,
                                                                        int valid, RunRange runs, Input&& input,
                                                                        Output&& output) {
  using partial_type = typename Partials::partial_type;
  partial_type total = Partials::empty();
  partial_type carries[Lanes];
  for (int group = runs.first; group < runs.last; group += Lanes) {
    const int in_group = runs.last - group < Lanes ? runs.last - group : Lanes;
    int full = valid / items_per_run - group;
    full = full < 0 ? 0 : (full > in_group ? in_group : full);
    auto group_input = [&](int lane, int item) { return input(group + lane, item); };
    auto group_output = [&](int lane, int item, const auto& value) { output(group + lane, item, value); };
    for (int lane = 0; lane < Lanes; ++lane) carries[lane] = Partials::empty();
    scan_lanes<Lanes, WriteBack>(partials, items_per_run, full, false, carries, group_input, group_output, true);
    for (int lane = 0; lane < full; ++lane) total = partials.combine(total, carries[lane]);
    if (full < in_group) {
      const int short_run = group + full, short_items = valid - short_run * items_per_run;
      if (short_items > 0) {
        carries[0] = Partials::empty();
        auto short_input = [&](int, int item) { return input(short_run, item); };
        auto short_output = [&](int, int item, const auto& value) { output(short_run, item, value); };
        scan_lanes<1, WriteBack>(partials, short_items, 1, false, carries, short_input, short_output, true);
        total = partials.combine(total, carries[0]);
      }
      break;
    }
  }
  return total;
}

// Keeps a hot loop out of line in host builds, where GCC allocates its
// registers better on its own than inlined into a large kernel.
#if defined(__GNUC__) && !defined(__CUDA_ARCH__) && !defined(__HIP_DEVICE_COMPILE__) && !defined(__SYCL_DEVICE_ONLY__)
#define TESSEL_HOST_NOINLINE __attribute__((noinline))
#else
#define TESSEL_HOST_NOINLINE
#endif

// The scan of source[0, count) after `value` into target, in one chain; an
// exclusive scan writes the value before each element. Leaves in `value`
// what follows the last element. Takes the slices by value and is kept out
// of line on the host: inlined into a large kernel, GCC 12 reloaded the
// target pointer before every store (9 % on 16M int64). The chain comes by
// reference and runs in a local: a Kokkos::complex taken by value stayed in a
// stack slot, 3.7x slower (docs/notes/scan.md).
template <class Partials, class Source, class Target>
TESSEL_HOST_NOINLINE KOKKOS_FUNCTION void scan_chain(const Partials partials, const bool exclusive,
                                                     const Source source, const Target target,
                                                     const index_type count, typename Partials::value_type& value,
                                                     const bool stream) {
  using value_type = typename Partials::value_type;
  if constexpr (vector_plus_scan_applies<Partials, Source, Target>) {
    value = vector_plus_scan(source.first, target.first, count, value, exclusive, stream);
  } else {
    value_type running = value;
    if (exclusive) {
      for (index_type i = 0; i < count; ++i) {
        const value_type next = static_cast<value_type>(source[i]);  // read first: source may be target
        target[i] = running;
        running = partials.apply(running, next);
      }
    } else {
      for (index_type i = 0; i < count; ++i) {
        running = partials.apply(running, static_cast<value_type>(source[i]));
        target[i] = running;
      }
    }
    value = running;
  }
}

// Scans source[first, first + count) into target in one chain after
// `running` and returns what follows the last element, as std::inclusive_scan
// does: for a lone thread whose operator is cheap next to the memory traffic
// (TuningParameters::scan.straight). With no neutral element and nothing
// before, the first element starts the chain (an exclusive scan's first
// element is then written by the caller); so does an inclusive scan's slice
// start (first == 0, `running` always empty): its first output is x0 bit for
// bit (see scan_lanes). `stream`: non-temporal stores (scan_stream_applies).
template <class Partials, class Source, class Target>
KOKKOS_INLINE_FUNCTION typename Partials::partial_type scan_straight(
    const Partials& partials, bool exclusive, const Source& source, const Target& target, index_type first,
    index_type count, const typename Partials::partial_type& running, bool stream = false) {
  using value_type = typename Partials::value_type;
  if (count == 0) return running;
  index_type skip = 0;
  value_type value;
  if (Partials::present(running) && (exclusive || first > 0)) {
    value = Partials::value(running);
  } else {
    value = static_cast<value_type>(source[first]);
    if (!exclusive) target[first] = value;
    skip = 1;
  }
  scan_chain(partials, exclusive, source.offset(first + skip), target.offset(first + skip), count - skip, value,
             stream);
  return Partials::make(value);
}

// The combination of input(0) ... input(count - 1) for operators that may be
// regrouped and reordered (Partials::reorderable): sixteen accumulators over
// neighbouring elements, which compilers turn into SIMD, where the runs that
// keep the order are independent chains of scalar operations. Sixteen: a
// 1M-float reduce-then-scan ran 1.7x faster than with one accumulator, and
// no faster with 32 (docs/notes/scan.md).
template <class Partials, class Input>
KOKKOS_INLINE_FUNCTION typename Partials::partial_type reduce_unordered(const Partials& partials, int count,
                                                                        const Input& input) {
  static_assert(Partials::reorderable, "only for operators whose operands may be reordered");
  constexpr int width = 16;
  typename Partials::value_type accumulators[width];
  for (int lane = 0; lane < width; ++lane) accumulators[lane] = Partials::empty();
  int i = 0;
  for (; i + width <= count; i += width)
    for (int lane = 0; lane < width; ++lane) accumulators[lane] = partials.apply(accumulators[lane], input(i + lane));
  for (; i < count; ++i) accumulators[0] = partials.apply(accumulators[0], input(i));
  for (int lane = 1; lane < width; ++lane) accumulators[0] = partials.apply(accumulators[0], accumulators[lane]);
  return accumulators[0];
}

// The prefix of every run a thread owns, given what precedes its first run:
// run_prefixes[run] = prefix ∘ totals of the earlier runs (a run's total is
// its last local result in the tile).
template <class Partials>
KOKKOS_INLINE_FUNCTION void store_run_prefixes(const Partials& partials, const typename Partials::value_type* tile,
                                               int run_stride, int items_per_run, int valid, RunRange runs,
                                               typename Partials::partial_type prefix,
                                               typename Partials::partial_type* run_prefixes) {
  for (int run = runs.first; run < runs.last; ++run) {
    run_prefixes[run] = prefix;
    int items = valid - run * items_per_run;
    if (items <= 0) continue;
    if (items > items_per_run) items = items_per_run;
    prefix = partials.combine(prefix, Partials::make(tile[run * run_stride + items - 1]));
  }
}

// The final value of element `item` of a run from its run-local inclusive
// results: prefix∘local[item] (inclusive), or prefix∘local[item-1] and the
// prefix itself for the first element (exclusive). An empty prefix adds
// nothing; only an exclusive scan's first element, with nothing before it,
// then has no value (what is returned is a placeholder the caller overwrites).
// `starts_slice`: the run is its slice's first, so an inclusive scan's first
// element is the local one, bit for bit (see scan_lanes).
template <class Partials>
KOKKOS_INLINE_FUNCTION typename Partials::value_type finish_element(const Partials& partials,
                                                                    const typename Partials::value_type* run, int item,
                                                                    const typename Partials::partial_type& prefix,
                                                                    bool exclusive, bool starts_slice) {
  if (exclusive) {
    if (item == 0) return Partials::value(prefix);
    return Partials::present(prefix) ? partials.apply(Partials::value(prefix), run[item - 1]) : run[item - 1];
  }
  if (starts_slice && item == 0) return run[0];
  return Partials::present(prefix) ? partials.apply(Partials::value(prefix), run[item]) : run[item];
}

// The combination of source[first, first + count) in any grouping.
template <class Partials, class Source>
KOKKOS_INLINE_FUNCTION typename Partials::partial_type reduce_straight(const Partials& partials, const Source& source,
                                                                       index_type first, index_type count) {
  using value_type = typename Partials::value_type;
  if constexpr (vector_plus_reduce_applies<Partials, Source>) {
    value_type sum;
    if (vector_plus_reduce(source.first + first, count, sum)) return Partials::make(sum);
  }
  typename Partials::partial_type total = Partials::empty();
  constexpr index_type piece = index_type(1) << 30;  // reduce_unordered counts in int
  for (index_type begin = first; begin < first + count; begin += piece) {
    const index_type left = first + count - begin;
    const int length = static_cast<int>(left < piece ? left : piece);
    total = partials.combine(total, reduce_unordered(partials, length, [&](int i) {
                               return static_cast<value_type>(source[begin + i]);
                             }));
  }
  return total;
}

}  // namespace tessel::detail

#endif
