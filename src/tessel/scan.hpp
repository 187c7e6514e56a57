#ifndef TESSEL_SCAN_HPP
#define TESSEL_SCAN_HPP

// Inclusive and exclusive scans of whole rank-1 views and along any dim of
// rank 1-3 views, with any associative operator. After the operator (and
// init), ([options], [tuning]), each may be left out. Allocations: none
// where every slice fits one team's tile; slices split among teams allocate
// per call their chunks' carries ("tessel::scan::chunk_aggregates", or
// "chunk_counter" and "chunk_status" with look-back, or "block_totals" and
// "block_tickets" for whole scans on threaded CPUs), a few words per chunk.

#include <tessel/detail/scan/scan_views.hpp>
#include <tessel/operators.hpp>
#include <tessel/scan_options.hpp>
#include <tessel/tuning.hpp>

#include <algorithm>
#include <cstdint>

namespace tessel {

// For every slice along options.dim: dst = x0, x0∘x1, x0∘x1∘x2, ...
// `op` must be associative; it need not be commutative nor have a neutral
// element. src and dst may be the same view.
template <class Exec, class Src, class Dst, class Op>
void inclusive_scan(const Exec& exec, const Src& src, const Dst& dst, Op op,
                    const ScanOptions& options, const TuningParameters& tuning) {
  detail::scan_views<Exec, Src, Dst, Op, typename Dst::non_const_value_type>(
      "tessel::inclusive_scan", exec, src, dst, op, nullptr, options, tuning);
}

template <class Exec, class Src, class Dst, class Op>
void inclusive_scan(const Exec& exec, const Src& src, const Dst& dst, Op op,
                    const ScanOptions& options = {}) {
  inclusive_scan(exec, src, dst, op, options, detail::default_scan_tuning(exec));
}

// A tuning without options (a template, so that a braced list is only ever
// the options).
template <class Exec, class Src, class Dst, class Op, class Tuned, class = detail::tuning_argument_t<Tuned>>
void inclusive_scan(const Exec& exec, const Src& src, const Dst& dst, Op op, const Tuned& tuning) {
  inclusive_scan(exec, src, dst, op, ScanOptions{}, tuning);
}

// For every slice along options.dim: dst = init∘x0, init∘x0∘x1, ... (as
// Kokkos' std algorithms' and std::inclusive_scan's `init`). One pass more
// than the scan without init.
template <class Exec, class Src, class Dst, class Op, class T, class = detail::not_scan_options_t<T>>
void inclusive_scan(const Exec& exec, const Src& src, const Dst& dst, Op op, T init,
                    const ScanOptions& options, const TuningParameters& tuning) {
  detail::inclusive_scan_from("tessel::inclusive_scan", exec, src, dst, op, init, options, tuning);
}

template <class Exec, class Src, class Dst, class Op, class T, class = detail::not_scan_options_t<T>>
void inclusive_scan(const Exec& exec, const Src& src, const Dst& dst, Op op, T init,
                    const ScanOptions& options = {}) {
  inclusive_scan(exec, src, dst, op, init, options, detail::default_scan_tuning(exec));
}

template <class Exec, class Src, class Dst, class Op, class T, class Tuned, class = detail::not_scan_options_t<T>,
          class = detail::tuning_argument_t<Tuned>>
void inclusive_scan(const Exec& exec, const Src& src, const Dst& dst, Op op, T init, const Tuned& tuning) {
  inclusive_scan(exec, src, dst, op, init, ScanOptions{}, tuning);
}

// For every slice along options.dim: dst = init, init∘x0, init∘x0∘x1, ...
template <class Exec, class Src, class Dst, class Op, class T>
void exclusive_scan(const Exec& exec, const Src& src, const Dst& dst, Op op, T init,
                    const ScanOptions& options, const TuningParameters& tuning) {
  detail::scan_views("tessel::exclusive_scan", exec, src, dst, op, &init, options, tuning);
}

template <class Exec, class Src, class Dst, class Op, class T>
void exclusive_scan(const Exec& exec, const Src& src, const Dst& dst, Op op, T init,
                    const ScanOptions& options = {}) {
  exclusive_scan(exec, src, dst, op, init, options, detail::default_scan_tuning(exec));
}

template <class Exec, class Src, class Dst, class Op, class T, class Tuned, class = detail::tuning_argument_t<Tuned>>
void exclusive_scan(const Exec& exec, const Src& src, const Dst& dst, Op op, T init, const Tuned& tuning) {
  exclusive_scan(exec, src, dst, op, init, ScanOptions{}, tuning);
}

}  // namespace tessel

#endif
