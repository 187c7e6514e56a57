#ifndef TESSEL_DETAIL_RADIX_SORT_HPP
#define TESSEL_DETAIL_RADIX_SORT_HPP

// The driver of radix sort over `count` slices of `length` records: stages
// strided slices into packed ones, runs the path plan_radix picks, and says
// how much workspace that takes.

#include <tessel/detail/sort/radix/radix_buckets.hpp>
#include <tessel/detail/sort/radix/radix_grid.hpp>
#include <tessel/detail/sort/radix/radix_kernels.hpp>
#include <tessel/detail/sort/sort_algorithms.hpp>
#include <tessel/operators.hpp>

namespace tessel::detail {

// Scratch tiles of StageKernel: stage_tile_slices neighbouring slices by as
// many positions as the scratch budget holds, at most 256.
inline StageTile stage_tile(const TuningParameters& tuning, std::size_t record_bytes) {
  StageTile tile{stage_tile_slices, 1};
  const std::size_t fit = tuning.scratch_bytes / (std::size_t(tile.slices) * record_bytes + 32);
  tile.positions = static_cast<int>(std::clamp<std::size_t>(fit, 1, 256));
  return tile;
}

// Workspace of the sort of packed (or unstaged) slices into Target.
template <class Source, class Target>
std::size_t radix_unstaged_bytes(index_type count, index_type length, const TuningParameters& tuning,
                                 index_type units) {
  const RadixPlan plan = radix_plan_for<Source>(count, length, tuning, units);
  std::size_t bytes = 0;
  if (plan.path == RadixPath::team_per_slice)
    bytes = ping_pong_bytes<Source>(radix_slice_teams(plan, count, units), length);
  if (plan.path == RadixPath::teams_per_slice)
    bytes = ping_pong_bytes<Source>(count, length) +
            WorkspaceCursor::bytes<index_type>(RadixBlockGrid(plan, count, length, tuning).counters + 1);
  if (radix_buckets_target<Target> &&
      radix_buckets_wanted(tuning, count, length, sizeof(typename Source::key_type)))
    bytes = std::max(bytes, radix_buckets_bytes<Source>(length, tuning, units));
  return bytes;
}

template <class Source>
index_type radix_stage_batch_for(index_type count, index_type length, index_type units) {
  return radix_stage_batch(count, length, record_size_of<Source>(), units, stage_tile_slices);
}

// Strided slices: one batch staged, and the sort of a full batch or of the
// last one, whichever takes more.
template <class Source, class Target>
std::size_t radix_workspace_bytes(index_type count, index_type length, const TuningParameters& tuning,
                                  index_type units) {
  using Key = typename Source::key_type;
  using Value = typename Source::value_type;
  if (count == 0 || length <= 1) return 0;
  if (!(strided_records<Source> || strided_records<Target>))
    return radix_unstaged_bytes<Source, Target>(count, length, tuning, units);
  const index_type batch = radix_stage_batch_for<Source>(count, length, units);
  using Staged = PackedRecords<Key, Value, Source::has_values>;  // sorted in place
  std::size_t sorting = radix_unstaged_bytes<Staged, Staged>(batch, length, tuning, units);
  if (count % batch != 0)
    sorting = std::max(sorting, radix_unstaged_bytes<Staged, Staged>(count % batch, length, tuning, units));
  return packed_records_bytes<Key, Value, Source::has_values>(batch, length, /*staged=*/true) + sorting;
}

// The passes of radix_sort_blocks after the first count, by `order`.
// Each pass reads its records twice (a count, then the scatter); counting
// the next pass in each scatter instead was slower (docs/notes/radix.md).
template <class Exec, class Source, class Target, class Order, class Buffers>
void radix_block_passes(const char* function, const Exec& exec, index_type count, index_type length,
                        const Source& source, const Target& target, bool in_place, const Order& order,
                        const TuningParameters& tuning, const RadixPlan& plan, const RadixBlockGrid& grid,
                        std::uint64_t differing, index_type* counts, const Buffers& buffers_0,
                        const Buffers& buffers_1) {
  const RadixDigits& digits = plan.digits;
  int active[64];
  int k = 0;
  for (int p = 0; p < digits.passes; ++p)
    if (digits.needed(p, differing)) active[k++] = p;
  bool counted = k > 0 && active[0] == 0;

  const auto copy = [&](const auto& from, const auto& to) { copy_records(exec, from, to, count, length); };
  const auto pass = [&](const auto& from, const auto& to, int p) {
    const auto digit = radix_digit(order, digits, p);
    if (!counted) radix_count_blocks(function, exec, from, digit, plan, grid, tuning, counts);
    counted = false;
    radix_scan_counts(exec, grid, counts);
    radix_scatter_blocks(function, exec, from, to, digit, plan, grid, tuning, counts);
  };
  if (k == 0) {
    if (!in_place) copy(source, target);
    return;
  }
  if (k == 1) {
    if (in_place) {
      copy(source, buffers_0);
      pass(buffers_0, target, active[0]);
    } else {
      pass(source, target, active[0]);
    }
    return;
  }
  pass(source, buffers_0, active[0]);
  for (int i = 1; i + 1 < k; ++i) {
    if (i % 2 == 1) pass(buffers_0, buffers_1, active[i]);
    else pass(buffers_1, buffers_0, active[i]);
  }
  if (k % 2 == 0) pass(buffers_0, target, active[k - 1]);
  else pass(buffers_1, target, active[k - 1]);
}

// What the first read of a split slice found: the bits in which keys
// differ from their slice's first key, and whether any is a NaN (true
// where the order does not tell NaNs apart).
struct RadixFirstRead {
  std::uint64_t differing = 0;
  bool nans = true;
};

// The first read of the split path (RadixFirstCountKernel): the counts of
// pass `pass`'s digit of every block into `counts` (grid.counters of them,
// and one more for the teams that found NaNs).
template <class Exec, class Source, class Order>
RadixFirstRead radix_first_count(const char* function, const Exec& exec, const Source& source, const Order& order,
                                 const RadixDigits& digits, int pass, const RadixBlockGrid& grid,
                                 const TuningParameters& tuning, index_type* counts) {
  const Kokkos::View<index_type, typename Exec::memory_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>> nans(
      counts + grid.counters);
  if constexpr (without_nans<Order>::differs) Kokkos::deep_copy(exec, nans, index_type(0));
  RadixFirstRead read;
  using FirstCount = RadixFirstCountKernel<Exec, Source, Order>;
  Kokkos::parallel_reduce(
      "tessel::sort::radix_count",
      make_team_policy(function, exec, grid.teams, tuning.team_size,
                       RadixCountKernel<Source, Order>::scratch_bytes(digits, grid.chunk)),
      FirstCount{{source, radix_digit(order, digits, pass), grid.blocks, digits.radix, counts, grid.chunk,
                  tuning.radix.scratch_atomics},
                 nans.data()},
      Kokkos::BOr<std::uint64_t>(read.differing));
  if constexpr (without_nans<Order>::differs) {
    index_type found = 0;
    Kokkos::deep_copy(found, nans);
    read.nans = found != 0;
  }
  return read;
}

// Long slices, several teams each: per needed pass a count, one scan over
// all counts and a scatter; source -> buffer -> ... -> target.
template <class Exec, class Source, class Target, class Order>
void radix_sort_blocks(const char* function, const Exec& exec, index_type count, index_type length,
                       const Source& source, const Target& target, bool in_place, const Order& order,
                       const TuningParameters& tuning, const RadixPlan& plan, WorkspaceCursor& cursor) {
  using Key = typename Source::key_type;
  using Value = typename Source::value_type;
  constexpr bool has_values = Source::has_values;
  const RadixDigits& digits = plan.digits;
  const RadixBlockGrid grid(plan, count, length, tuning);
  const auto buffers_0 = packed_records<Key, Value, has_values>(cursor, count, length);
  const auto buffers_1 = packed_records<Key, Value, has_values>(cursor, count, length);
  index_type* counts = cursor.take<index_type>(grid.counters + 1);  // the last: NaNs found (RadixFirstCountKernel)
  // Pass 0's counts come with the differing bits; they serve if pass 0 is
  // needed.
  const RadixFirstRead read = radix_first_count(function, exec, source, order, digits, 0, grid, tuning, counts);
  const std::uint64_t differing = read.differing;
  // Records without NaNs: every pass projects without the NaN test (the
  // first pass's counts and the differing bits are the same by either
  // order; docs/notes/radix.md).
  if constexpr (without_nans<Order>::differs) {
    if (!read.nans) {
      radix_block_passes(function, exec, count, length, source, target, in_place, without_nans<Order>::of(order),
                         tuning, plan, grid, differing, counts, buffers_0, buffers_1);
      return;
    }
  }
  radix_block_passes(function, exec, count, length, source, target, in_place, order, tuning, plan, grid, differing,
                     counts, buffers_0, buffers_1);
}

// Sorts slices that are read and written along memory (see StageKernel
// otherwise); `buckets`: a lone long slice may be split by its top digit
// first (radix_buckets.hpp).
template <class Exec, class Source, class Target, class Order>
void radix_sort_unstaged(const char* function, const Exec& exec, index_type count, index_type length,
                         const Source& source, const Target& target, bool in_place, const Order& order,
                         const TuningParameters& tuning, WorkspaceCursor& cursor, bool buckets) {
  using Key = typename Source::key_type;
  using Value = typename Source::value_type;
  constexpr bool has_values = Source::has_values;
  if constexpr (radix_buckets_target<Target>) {
    if (buckets && radix_buckets_wanted(tuning, count, length, sizeof(Key)) &&
        radix_sort_buckets(function, exec, length, source, target, in_place, order, tuning,
                           cursor.take<unsigned char>(0)))
      return;
  }
  const index_type units = radix_units(exec, tuning);
  const RadixPlan plan = radix_plan_for<Source>(count, length, tuning, units);
  const int chunk = radix_chunk_records(tuning.radix.chunk_size, length);
  if (plan.path == RadixPath::teams_per_slice) {
    radix_sort_blocks(function, exec, count, length, source, target, in_place, order, tuning, plan, cursor);
    return;
  }
  using Kernel = SliceRadixKernel<Source, Target, Order>;
  Kernel kernel{source,   target, order, plan.digits, count, length, in_place, plan.path == RadixPath::in_scratch,
                {},       chunk,  tuning.radix.scratch_atomics, plan.counting, plan.lines};
  const index_type teams = radix_slice_teams(plan, count, units);
  if (!kernel.in_scratch) {
    kernel.workspace[0] = packed_records<Key, Value, has_values>(cursor, teams, length);
    kernel.workspace[1] = packed_records<Key, Value, has_values>(cursor, teams, length);
  }
  Kokkos::parallel_for(
      "tessel::sort::radix_slices",
      make_team_policy(function, exec, teams, tuning.team_size,
                       Kernel::scratch_bytes(kernel.in_scratch, length, plan.digits, chunk, plan.counting),
                       Kernel::lines_scratch_bytes(kernel.lines, plan.digits)),
      kernel);
}

template <class Exec, class From, class To>
void stage_records(const char* function, const Exec& exec, index_type count, index_type length, const From& from,
                   index_type from_first, const To& to, index_type to_first, const TuningParameters& tuning) {
  using Kernel = StageKernel<From, To>;
  const bool direct = tuning.team_size == 1 && stage_directly(from, to);
  StageTile tile = stage_tile(tuning, record_size_of<From>());
  // Lone threads copy whole lines (16 positions: 64 bytes of 4-byte
  // elements, whole AVX2 blocks of 4- and 8-byte ones).
  if (direct) tile.positions = stage_direct_tile_positions;
  const index_type along = (length + tile.positions - 1) / tile.positions;
  const index_type across = (count + tile.slices - 1) / tile.slices;
  Kokkos::parallel_for(
      "tessel::sort::radix_stage",
      make_team_policy(function, exec, along * across, tuning.team_size, direct ? 0 : Kernel::scratch_bytes(tile)),
      Kernel{from, to, count, length, tile, along, from_first, to_first, direct});
}

template <class Exec, class Source, class Target, class Order>
void radix_sort_slices(const char* function, const Exec& exec, index_type count, index_type length,
                       const Source& source, const Target& target, bool in_place, const Order& order,
                       const TuningParameters& tuning, unsigned char* workspace) {
  WorkspaceCursor cursor(workspace);
  if constexpr (strided_records<Source> || strided_records<Target>) {
    using Key = typename Source::key_type;
    using Value = typename Source::value_type;
    const index_type batch = radix_stage_batch_for<Source>(count, length, radix_units(exec, tuning));
    const auto staged = packed_records<Key, Value, Source::has_values>(cursor, batch, length, /*staged=*/true);
    for (index_type first = 0; first < count; first += batch) {
      const index_type n = std::min(batch, count - first);
      WorkspaceCursor sorting = cursor;  // every batch sorts in the same room
      stage_records(function, exec, n, length, source, first, staged, 0, tuning);
      radix_sort_unstaged(function, exec, n, length, staged, staged, true, order, tuning, sorting, true);
      stage_records(function, exec, n, length, staged, 0, target, first, tuning);
    }
  } else {
    radix_sort_unstaged(function, exec, count, length, source, target, in_place, order, tuning, cursor, true);
  }
}

}  // namespace tessel::detail

#endif
