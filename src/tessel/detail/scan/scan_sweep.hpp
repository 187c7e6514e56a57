#ifndef TESSEL_DETAIL_SCAN_SWEEP_HPP
#define TESSEL_DETAIL_SCAN_SWEEP_HPP

// Scan of strided slices that are neighbours in memory (rows of a LayoutLeft
// matrix, columns of a LayoutRight one) by CPU threads: a thread takes a block
// of neighbouring slices and sweeps along them a position at a time, each
// step combining one stretch of the source, one element per slice, into a
// row of running values and writing that stretch of the target. Every access
// runs along memory and the step vectorises, as in a user's loop over such a
// matrix in memory order. The batched kernel's lanes read slices along their
// stride, which no prefetcher follows: 4.9x slower (docs/notes/scan.md).

#include <tessel/detail/scan/scan_runs.hpp>

#include <algorithm>
#include <type_traits>

namespace tessel::detail {

template <class SrcLayout, class DstLayout, class Partials>
struct SweepScanKernel {
  using value_type = typename Partials::value_type;
  using source_type = std::remove_cv_t<typename SrcLayout::value_type>;

  SrcLayout src;
  DstLayout dst;
  Partials partials;
  typename Partials::partial_type carry_init;
  bool exclusive;
  index_type block;  // slices per team

  template <class Member>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    // Level 1: the host spaces' level 0 holds 32 KiB (Kokkos 3.4), too
    // few running values for wide rows (scan.sweep_bytes).
    value_type* running = static_cast<value_type*>(
        team.team_scratch(1).get_shmem_aligned(std::size_t(block) * sizeof(value_type), alignof(value_type)));
    const index_type first = index_type(team.league_rank()) * block;
    const index_type last = first + block < src.count ? first + block : src.count;
    // Slices are neighbours within one run of the inner dim; a block that
    // reaches into the next (a 3D view's next outer index) sweeps each part
    // on its own.
    for (index_type s = first; s < last;) {
      const index_type next_run = (s / src.inner_extent + 1) * src.inner_extent;
      const index_type end = next_run < last ? next_run : last;
      sweep(src.slice(s).first, dst.slice(s).first, static_cast<int>(end - s), running);
      s = end;
    }
  }

  // Slices in[l + p * src.stride] for l < lanes into out likewise. Out of
  // line on the host: inlined into Kokkos' OpenMP team loop, GCC 12 kept the
  // step's row pointer and bound on the stack, 1.7x slower (docs/notes/scan.md).
  TESSEL_HOST_NOINLINE KOKKOS_FUNCTION void sweep(const source_type* in, value_type* out, int lanes,
                                                  value_type* running) const {
    // Position 0: an inclusive scan's first output is x0 bit for bit, an
    // exclusive one's the init (see scan_lanes).
    for (int l = 0; l < lanes; ++l) {
      const value_type x = static_cast<value_type>(in[l]);  // read first: in may be out
      if (exclusive) {
        const value_type init = Partials::value(carry_init);
        out[l] = init;
        running[l] = partials.apply(init, x);
      } else {
        out[l] = x;
        running[l] = x;
      }
    }
    for (index_type p = 1; p < src.length; ++p) {
      const source_type* row_in = in + p * src.stride;
      value_type* row_out = out + p * dst.stride;
      if constexpr (std::is_same_v<source_type, value_type>) {
        // In place: one pointer, so that the compiler's overlap test of the
        // step's pointers does not send every step to its scalar loop.
        if (static_cast<const void*>(row_in) == static_cast<const void*>(row_out)) {
          step(row_out, row_out, lanes, running);
          continue;
        }
      }
      step(row_in, row_out, lanes, running);
    }
  }

  template <class In>
  KOKKOS_INLINE_FUNCTION void step(const In* row_in, value_type* row_out, int lanes, value_type* running) const {
    if (exclusive) {
      for (int l = 0; l < lanes; ++l) {
        const value_type x = static_cast<value_type>(row_in[l]);
        row_out[l] = running[l];
        running[l] = partials.apply(running[l], x);
      }
    } else {
      for (int l = 0; l < lanes; ++l) {
        const value_type x = static_cast<value_type>(row_in[l]);
        const value_type sum = partials.apply(running[l], x);
        running[l] = sum;
        row_out[l] = sum;
      }
    }
  }
};

// Teams share the slices only where each then sweeps at least this many
// bytes of every position: two threads each reading part of every short row
// read slower than one reading whole rows: two threads won 1.26x on rows of
// 16 KiB and lost on rows of 8 KiB (docs/notes/scan.md).
inline constexpr std::size_t sweep_share_bytes = std::size_t(8) << 10;

// Slices per team: blocks of neighbouring slices, for at most `units`
// teams, each of whole cache lines (neighbouring threads then do not write
// the same line), of at most TuningParameters::scan.sweep_bytes of running
// values and within the level-1 scratch the space offers. 0: the sweep does
// not apply (teams of several threads, slices apart in memory in either
// view, or not even one running value in the budget). Host spaces and
// strided layouts only: scan_batched instantiates it for no others.
template <class Exec, class SrcLayout, class DstLayout, class Value>
index_type sweep_block(const SrcLayout& src, const DstLayout& dst, int team_size, index_type units,
                       const TuningParameters& tuning) {
  static_assert(is_host_space<Exec> && !SrcLayout::contiguous && !DstLayout::contiguous,
                "the sweep runs on host spaces, along strided slices");
  if (team_size != 1 || src.inner_stride != 1 || dst.inner_stride != 1) return 0;
  const std::size_t offered = static_cast<std::size_t>(Kokkos::TeamPolicy<Exec>::scratch_size_max(1));
  const std::size_t budget = offered > alignof(Value) ? offered - alignof(Value) : 0;
  const index_type room = index_type(std::min(tuning.scan.sweep_bytes, budget) / sizeof(Value));
  const index_type line = sizeof(Value) >= 64 ? 1 : index_type(64 / sizeof(Value));
  const index_type most = room >= line ? room / line * line : room;
  const index_type share = std::max<index_type>(index_type(sweep_share_bytes / sizeof(Value)), 1);
  const index_type teams = std::clamp<index_type>(src.count / share, 1, std::max<index_type>(units, 1));
  index_type block = (src.count + teams - 1) / teams;
  block = (block + line - 1) / line * line;
  return std::min(block, most);
}

template <class Exec, class SrcLayout, class DstLayout, class Partials>
void scan_sweep(const char* function, const Exec& exec, const SrcLayout& src, const DstLayout& dst,
                const Partials& partials, const typename Partials::partial_type& carry_init, bool exclusive,
                index_type block) {
  using value_type = typename Partials::value_type;
  const index_type teams = (src.count + block - 1) / block;
  const auto policy = make_team_policy(function, exec, teams, 1, 0, scratch_for<value_type>(std::size_t(block)));
  Kokkos::parallel_for("tessel::scan::sweep", policy,
                       SweepScanKernel<SrcLayout, DstLayout, Partials>{src, dst, partials, carry_init, exclusive, block});
}

}  // namespace tessel::detail

#endif
