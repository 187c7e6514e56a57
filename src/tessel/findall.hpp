#ifndef TESSEL_FINDALL_HPP
#define TESSEL_FINDALL_HPP

// Stream compaction of rank-1 views: findall, count_if, copy_if.

#include <tessel/detail/findall/findall_views.hpp>
#include <tessel/findall_options.hpp>
#include <tessel/tuning.hpp>

#include <cstdint>

namespace tessel {

// After their views and pred, each takes ([options], [tuning]), either left
// out: FindallOptions (the tiles; also as a braced list) and a whole
// TuningParameters in place of Tuning<Exec>. Each allocates its tiles' counts
// and flags ("tessel::findall::tile_counts", "flags"; findall also its result,
// "indices") on every call; count_if and copy_if return their count
// to the host, and findall waits for it (it sizes the result).

// The positions i, in increasing order, at which pred(view(i)) holds, in a
// view of exactly that many elements; the positions are written
// asynchronously on exec. Without a pred, `view` is a mask (bool or
// integers): the positions at which mask(i) != 0.
template <class Exec, class View, class... Args>
Kokkos::View<std::int64_t*, typename View::memory_space> findall(const Exec& exec, const View& view, Args&&... args) {
  return detail::findall_call(exec, view, args...);
}

template <class Exec, class View, class... Args>
Kokkos::View<std::int64_t*, typename View::memory_space> findall(const Exec& exec, const View& view,
                                                                  const FindallOptions& options, Args&&... args) {
  return detail::findall_call(exec, view, options, args...);
}

template <class Exec, class View, class Pred, class... Args, detail::callable_argument_t<FindallOptions, Pred> = 0>
Kokkos::View<std::int64_t*, typename View::memory_space> findall(const Exec& exec, const View& view, Pred pred,
                                                                  const FindallOptions& options, Args&&... args) {
  return detail::findall_call(exec, view, pred, options, args...);
}

// How many elements pred holds for (returned to the host).
template <class Exec, class View, class Pred, class... Args>
std::int64_t count_if(const Exec& exec, const View& view, Pred pred, Args&&... args) {
  return detail::count_if_call(exec, view, pred, args...);
}

template <class Exec, class View, class Pred, class... Args>
std::int64_t count_if(const Exec& exec, const View& view, Pred pred, const FindallOptions& options, Args&&... args) {
  return detail::count_if_call(exec, view, pred, options, args...);
}

// Copies the elements pred holds for, in order, to the front of dst and
// returns how many. A dst shorter than that count throws
// std::invalid_argument before anything is written; src and dst must not
// overlap.
template <class Exec, class Src, class Dst, class Pred, class... Args>
std::int64_t copy_if(const Exec& exec, const Src& src, const Dst& dst, Pred pred, Args&&... args) {
  return detail::copy_if_call(exec, src, dst, pred, args...);
}

template <class Exec, class Src, class Dst, class Pred, class... Args>
std::int64_t copy_if(const Exec& exec, const Src& src, const Dst& dst, Pred pred, const FindallOptions& options,
                     Args&&... args) {
  return detail::copy_if_call(exec, src, dst, pred, options, args...);
}

}  // namespace tessel

#endif
