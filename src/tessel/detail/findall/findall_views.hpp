#ifndef TESSEL_DETAIL_FINDALL_FINDALL_VIEWS_HPP
#define TESSEL_DETAIL_FINDALL_FINDALL_VIEWS_HPP

// The checked entries behind findall, count_if and copy_if.

#include <tessel/detail/core/checks.hpp>
#include <tessel/detail/findall/findall_impl.hpp>
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

}  // namespace detail

}  // namespace tessel

#endif
