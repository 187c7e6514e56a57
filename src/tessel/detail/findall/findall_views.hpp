#ifndef TESSEL_DETAIL_FINDALL_FINDALL_VIEWS_HPP
#define TESSEL_DETAIL_FINDALL_FINDALL_VIEWS_HPP

// The checked entries behind findall, count_if and copy_if.

#include <tessel/detail/core/arguments.hpp>
#include <tessel/detail/core/checks.hpp>
#include <tessel/detail/findall/findall_impl.hpp>
#include <tessel/detail/scan/scan_views.hpp>
#include <tessel/findall_options.hpp>
#include <tessel/tuning.hpp>

namespace tessel {

namespace detail {

template <class Exec, class View>
constexpr void static_check_rank1() {
  static_check_view<Exec, View>();
  static_assert(view_rank<View> == 1, "tessel::findall, count_if and copy_if take rank-1 views");
}

template <class Exec, class View, class Pred>
Kokkos::View<std::int64_t*, typename View::memory_space> findall_with(const char* function, const Exec& exec,
                                                                       const View& view, Pred pred, bool is_mask,
                                                                       const TuningParameters& tuning) {
  static_check_rank1<Exec, View>();
  using Result = Kokkos::View<std::int64_t*, typename View::memory_space>;
  Result result;
  visit_slices(view, SliceNumbering{}, [&](const auto& layout) {
    compact(function, exec, layout.slice(0), layout.length, pred, is_mask, tuning, [&](index_type count) {
      result = Result(Kokkos::view_alloc(exec, Kokkos::WithoutInitializing, std::string("tessel::findall::indices")),
                      count);
      return IndexWriter{result.data()};
    });
  });
  return result;
}

template <class Exec, class View>
Kokkos::View<std::int64_t*, typename View::memory_space> findall_mask_with(const Exec& exec, const View& mask,
                                                                            const TuningParameters& tuning) {
  static_assert(std::is_integral_v<typename View::non_const_value_type>,
                "tessel::findall: a mask must hold bool or integer values");
  return findall_with("tessel::findall", exec, mask, NonZero{}, true, tuning);
}

template <class Exec, class Src, class Dst, class Pred>
std::int64_t copy_if_with(const Exec& exec, const Src& src, const Dst& dst, Pred pred,
                          const TuningParameters& tuning) {
  constexpr const char* function = "tessel::copy_if";
  static_check_rank1<Exec, Src>();
  static_check_rank1<Exec, Dst>();
  static_check_writable<Dst>();
  check_no_partial_overlap(function, "src", src, "dst", dst);
  if (src.span() > 0 && same_mapping(src, dst))
    throw_invalid(function, "dst is src; copy_if does not compact in place");
  return visit_slices(src, dst, SliceNumbering{}, [&](const auto& src_layout, const auto& dst_layout) {
    const auto from = src_layout.slice(0);
    const auto to = dst_layout.slice(0);
    return compact(function, exec, from, src_layout.length, pred, false, tuning, [&](index_type count) {
      if (static_cast<index_type>(dst.extent(0)) < count)
        throw_invalid(function, "dst has extent ", dst.extent(0), " but ", count, " elements are selected");
      return ValueWriter<decltype(from), decltype(to)>{from, to};
    });
  });
}

// The public calls' tails: ([pred], [options], [tuning]); the options
// applied to the tuning as a scan's are.
template <class Exec, class... Args>
auto findall_arguments(Args&... args) {
  return arguments<Exec, FindallOptions, NonZero, false>(args...);
}

template <class Exec, class Parsed>
TuningParameters findall_tuning(const char* function, const Parsed& parsed) {
  const FindallOptions options = parsed.options();
  ScanOptions tiles;
  tiles.block_size = options.block_size;
  tiles.items_per_thread = options.items_per_thread;
  return tuned_for_scan<Exec>(function, parsed.tuning(), tiles);
}

// findall(exec, view, [pred], [options], [tuning]): without a pred, view is a mask.
template <class Exec, class View, class... Args>
Kokkos::View<std::int64_t*, typename View::memory_space> findall_call(const Exec& exec, const View& view,
                                                                       Args&... args) {
  const auto parsed = findall_arguments<Exec>(args...);
  const TuningParameters tuning = findall_tuning<Exec>("tessel::findall", parsed);
  if constexpr (std::decay_t<decltype(parsed)>::has_callable)
    return findall_with("tessel::findall", exec, view, parsed.callable(), false, tuning);
  else
    return findall_mask_with(exec, view, tuning);
}

template <class Exec, class View, class Pred, class... Args>
std::int64_t count_if_call(const Exec& exec, const View& view, const Pred& pred, Args&... args) {
  const auto parsed = findall_arguments<Exec>(args...);
  static_assert(!std::decay_t<decltype(parsed)>::has_callable,
                "tessel::count_if takes (exec, view, pred, [options], [tuning])");
  static_check_rank1<Exec, View>();
  return count_selected("tessel::count_if", exec, view, pred, findall_tuning<Exec>("tessel::count_if", parsed));
}

template <class Exec, class Src, class Dst, class Pred, class... Args>
std::int64_t copy_if_call(const Exec& exec, const Src& src, const Dst& dst, const Pred& pred, Args&... args) {
  const auto parsed = findall_arguments<Exec>(args...);
  static_assert(!std::decay_t<decltype(parsed)>::has_callable,
                "tessel::copy_if takes (exec, src, dst, pred, [options], [tuning])");
  return copy_if_with(exec, src, dst, pred, findall_tuning<Exec>("tessel::copy_if", parsed));
}

}  // namespace detail

}  // namespace tessel

#endif
