#ifndef TESSEL_SCAN_HPP
#define TESSEL_SCAN_HPP

// Inclusive and exclusive scans of whole rank-1 views and along any dim of
// rank 1-3 views, with any associative operator.

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

}  // namespace tessel

#endif
