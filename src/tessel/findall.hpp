#ifndef TESSEL_FINDALL_HPP
#define TESSEL_FINDALL_HPP

// Stream compaction of rank-1 views: findall, count_if, copy_if.

#include <tessel/detail/findall/findall_views.hpp>
#include <tessel/tuning.hpp>

#include <cstdint>

namespace tessel {

// The positions i, in increasing order, at which pred(view(i)) holds, in a
// view of exactly that many elements. Waits for the count (it sizes the
// result); the positions are written asynchronously on exec.
// (A TuningParameters is never a predicate: it selects the mask form below.)
template <class Exec, class View, class Pred,
          std::enable_if_t<!std::is_base_of_v<TuningParameters, Pred>, int> = 0>
Kokkos::View<std::int64_t*, typename View::memory_space> findall(const Exec& exec, const View& view, Pred pred) {
  return detail::findall_with("tessel::findall", exec, view, pred, false, Tuning<Exec>{});
}

// The positions i, in increasing order, at which mask(i) != 0 (bool or
// integer masks).
template <class Exec, class View>
Kokkos::View<std::int64_t*, typename View::memory_space> findall(const Exec& exec, const View& mask) {
  return detail::findall_mask_with(exec, mask, Tuning<Exec>{});
}

// How many elements pred holds for (returned to the host).
template <class Exec, class View, class Pred>
std::int64_t count_if(const Exec& exec, const View& view, Pred pred) {
  detail::static_check_rank1<Exec, View>();
  return detail::count_selected("tessel::count_if", exec, view, pred, Tuning<Exec>{});
}

// Copies the elements pred holds for, in order, to the front of dst and
// returns how many. A dst shorter than that count throws
// std::invalid_argument before anything is written; src and dst must not
// overlap.
template <class Exec, class Src, class Dst, class Pred>
std::int64_t copy_if(const Exec& exec, const Src& src, const Dst& dst, Pred pred) {
  return detail::copy_if_with(exec, src, dst, pred, Tuning<Exec>{});
}

// The same with a whole TuningParameters in place of Tuning<Exec>.
template <class Exec, class View, class Pred>
Kokkos::View<std::int64_t*, typename View::memory_space> findall(const Exec& exec, const View& view, Pred pred,
                                                                  const TuningParameters& tuning) {
  return detail::findall_with("tessel::findall", exec, view, pred, false, tuning);
}

template <class Exec, class View>
Kokkos::View<std::int64_t*, typename View::memory_space> findall(const Exec& exec, const View& mask,
                                                                  const TuningParameters& tuning) {
  return detail::findall_mask_with(exec, mask, tuning);
}

template <class Exec, class View, class Pred>
std::int64_t count_if(const Exec& exec, const View& view, Pred pred, const TuningParameters& tuning) {
  detail::static_check_rank1<Exec, View>();
  return detail::count_selected("tessel::count_if", exec, view, pred, tuning);
}

template <class Exec, class Src, class Dst, class Pred>
std::int64_t copy_if(const Exec& exec, const Src& src, const Dst& dst, Pred pred, const TuningParameters& tuning) {
  return detail::copy_if_with(exec, src, dst, pred, tuning);
}

}  // namespace tessel

#endif
