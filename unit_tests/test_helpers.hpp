#pragma once
// Shared helpers of the unit tests: typed-test cases, seeded data, views in
// every layout, and host access to slices for the std reference.

#include <host_reference.hpp>
#include <tessel_test_spaces.hpp>

#include <Kokkos_Core.hpp>
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

namespace tessel_test {

// ---- typed-test cases: every enabled execution space x value types --------

template <class Space, class Value>
struct Case {
  using space = Space;
  using value = Value;
};

template <class Tuple>
struct ToTypes;
template <class... Cases>
struct ToTypes<std::tuple<Cases...>> {
  using type = ::testing::Types<Cases...>;
};

template <class Spaces, class... Values>
struct CasesOf;
template <class... Spaces, class... Values>
struct CasesOf<SpaceList<Spaces...>, Values...> {
  template <class Space>
  using row = std::tuple<Case<Space, Values>...>;
  using type = typename ToTypes<decltype(std::tuple_cat(std::declval<row<Spaces>>()...))>::type;
};

template <class... Values>
using CasesFor = typename CasesOf<EnabledSpaces, Values...>::type;

// ---- seeded data ----------------------------------------------------------

template <class T>
std::vector<T> random_values(std::size_t n, std::uint64_t seed, T low, T high) {
  std::mt19937_64 engine(seed);
  std::vector<T> values(n);
  for (auto& value : values) {
    if constexpr (std::is_floating_point_v<T>) {
      value = std::uniform_real_distribution<T>(low, high)(engine);
    } else {
      using wide = std::conditional_t<std::is_signed_v<T>, long long, unsigned long long>;
      value = static_cast<T>(std::uniform_int_distribution<wide>(low, high)(engine));
    }
  }
  return values;
}

// ---- views in every layout --------------------------------------------------

template <class T, int Rank>
using data_type = std::conditional_t<Rank == 1, T*, std::conditional_t<Rank == 2, T**, T***>>;

// A view of rank 1-3 in LayoutLeft, LayoutRight or LayoutStride. A
// LayoutStride view is a window into a larger allocation, with gaps between
// elements and its dimensions in another memory order than LayoutLeft or
// LayoutRight (for rank 3: dim 1 fastest, then dim 2, then dim 0).
template <class T, int Rank, class LayoutType, class Space>
struct TestView {
  using memory_space = typename Space::memory_space;
  using view_type = Kokkos::View<data_type<T, Rank>, LayoutType, memory_space>;
  Kokkos::View<T*, memory_space> storage;  // what a LayoutStride view points into
  view_type view;
};

template <class T, int Rank, class LayoutType, class Space>
TestView<T, Rank, LayoutType, Space> make_view(std::array<std::size_t, 3> extents,
                                               const std::string& label = "tessel_test::view") {
  using result_type = TestView<T, Rank, LayoutType, Space>;
  result_type result;
  if constexpr (!std::is_same_v<LayoutType, Kokkos::LayoutStride>) {
    using view_type = typename result_type::view_type;
    if constexpr (Rank == 1) result.view = view_type(label, extents[0]);
    if constexpr (Rank == 2) result.view = view_type(label, extents[0], extents[1]);
    if constexpr (Rank == 3) result.view = view_type(label, extents[0], extents[1], extents[2]);
  } else {
    const std::array<int, 3> order = Rank == 3 ? std::array<int, 3>{1, 2, 0}
                                     : Rank == 2 ? std::array<int, 3>{1, 0, 0}
                                                 : std::array<int, 3>{0, 0, 0};
    Kokkos::LayoutStride layout;
    std::size_t stride = 2;
    for (int k = 0; k < Rank; ++k) {
      layout.dimension[order[k]] = extents[order[k]];
      layout.stride[order[k]] = stride;
      stride = stride * std::max<std::size_t>(extents[order[k]], 1) + 1;
    }
    result.storage = Kokkos::View<T*, typename result_type::memory_space>(label, stride + 1);
    result.view = typename result_type::view_type(result.storage.data() + 1, layout);
  }
  return result;
}

// ---- host access ------------------------------------------------------------

template <class View>
auto& element(const View& view, const std::array<std::size_t, 3>& index) {
  constexpr int rank = static_cast<int>(View::rank);
  if constexpr (rank == 1) return view(index[0]);
  else if constexpr (rank == 2) return view(index[0], index[1]);
  else return view(index[0], index[1], index[2]);
}

// Calls body(index) for every multi-index of `view` whose dim-th entry is 0:
// the first element of every slice along dim.
template <class View, class Body>
void for_each_slice_start(const View& view, int dim, Body&& body) {
  constexpr int rank = static_cast<int>(View::rank);
  std::array<std::size_t, 3> extent{1, 1, 1};
  for (int r = 0; r < rank; ++r) extent[r] = r == dim ? 1 : view.extent(r);
  for (std::size_t i = 0; i < extent[0]; ++i)
    for (std::size_t j = 0; j < extent[1]; ++j)
      for (std::size_t k = 0; k < extent[2]; ++k) body(std::array<std::size_t, 3>{i, j, k});
}

// The slices of a host view along dim, each as a std::vector.
template <class View>
std::vector<std::vector<typename View::non_const_value_type>> host_slices(const View& view, int dim) {
  if (dim < 0 || dim >= static_cast<int>(View::rank)) throw std::invalid_argument("host_slices: dim out of range");
  std::vector<std::vector<typename View::non_const_value_type>> slices;
  if (view.extent(dim) == 0) return slices;
  for_each_slice_start(view, dim, [&](std::array<std::size_t, 3> index) {
    std::vector<typename View::non_const_value_type> slice;
    for (std::size_t p = 0; p < view.extent(dim); ++p) {
      index[dim] = p;
      slice.push_back(element(view, index));
    }
    slices.push_back(std::move(slice));
  });
  return slices;
}

// Kokkos copies between memory spaces only views that are contiguous and of
// one layout, and a test view may be neither (a LayoutStride window, rows of
// a matrix). A view the host cannot read therefore passes through a
// contiguous LayoutRight view in its own memory space; one it can read is
// used as it is. Every helper below indexes by (i, j, k), so the layout of
// what it returns does not matter.
template <class View>
constexpr bool host_readable = Kokkos::SpaceAccessibility<Kokkos::HostSpace, typename View::memory_space>::accessible;

template <class View>
auto contiguous_like(const View& view) {
  using Contiguous =
      Kokkos::View<typename View::non_const_data_type, Kokkos::LayoutRight, typename View::memory_space>;
  const auto alloc = Kokkos::view_alloc(Kokkos::WithoutInitializing, view.label() + "_contiguous");
  constexpr int rank = static_cast<int>(View::rank);
  if constexpr (rank == 1) return Contiguous(alloc, view.extent(0));
  else if constexpr (rank == 2) return Contiguous(alloc, view.extent(0), view.extent(1));
  else return Contiguous(alloc, view.extent(0), view.extent(1), view.extent(2));
}

// Fills a view from a host function of the multi-index.
template <class View, class Fill>
void fill_view(const View& view, Fill&& fill) {
  auto fill_host = [&](const auto& host) {
    constexpr int rank = static_cast<int>(View::rank);
    std::array<std::size_t, 3> extent{1, 1, 1};
    for (int r = 0; r < rank; ++r) extent[r] = view.extent(r);
    std::size_t flat = 0;
    for (std::size_t i = 0; i < extent[0]; ++i)
      for (std::size_t j = 0; j < extent[1]; ++j)
        for (std::size_t k = 0; k < extent[2]; ++k)
          element(host, {i, j, k}) = fill(std::array<std::size_t, 3>{i, j, k}, flat++);
  };
  if constexpr (host_readable<View>) {
    Kokkos::fence();  // what the space still runs may read or write the view
    fill_host(view);
  } else {
    const auto staged = contiguous_like(view);
    const auto host = Kokkos::create_mirror_view(staged);
    fill_host(host);
    Kokkos::deep_copy(staged, host);
    Kokkos::deep_copy(view, staged);
  }
}

// The view's contents on the host: the view itself where it is host memory.
// For a snapshot that must not change with the view, take host_copy.
template <class View>
auto to_host(const View& view) {
  if constexpr (host_readable<View>) {
    return Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), view);
  } else {
    const auto staged = contiguous_like(view);
    Kokkos::deep_copy(staged, view);
    return Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), staged);
  }
}

// A copy on the host that later writes to the view do not change.
template <class View>
auto host_copy(const View& view) {
  if constexpr (host_readable<View>) {
    auto copy = Kokkos::create_mirror(Kokkos::HostSpace(), view);
    Kokkos::deep_copy(copy, view);
    return copy;
  } else {
    return to_host(view);  // a new host allocation already
  }
}

// Exceptions leave dst as it was.
template <class Space, class Function, class View>
void expect_invalid_and_untouched(Function&& function, const View& dst, const std::string& expected_text) {
  const auto before = host_copy(dst);
  try {
    function();
    ADD_FAILURE() << "no std::invalid_argument thrown";
  } catch (const std::invalid_argument& error) {
    EXPECT_NE(std::string(error.what()).find(expected_text), std::string::npos) << error.what();
  }
  auto after = to_host(dst);
  for (std::size_t i = 0; i < after.span(); ++i)
    ASSERT_TRUE(same_bits(after.data()[i], before.data()[i])) << "dst changed at " << i;
}

}  // namespace tessel_test
