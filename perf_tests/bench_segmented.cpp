// Segmented sorts of CRS rows: int32 column indices with double values
// carried along, in three patterns (crs_patterns.hpp), tessel's
// segmented_sort_by_key against a per-row std::sort loop and Kokkos Kernels'
// sort_crs_matrix on the same data. The rows of 0..63 also with int64
// column indices: global ordinals (Tpetra's), here 2^33 plus the local
// index, as a rank's columns sit far into a global numbering.

#include <bench_support.hpp>
#include <crs_patterns.hpp>
#include <cub_baselines.hpp>

#include <tessel/segmented_sort.hpp>

#if defined(TESSEL_BENCH_HAVE_KOKKOS_KERNELS)
#include <kokkos_kernels_compat.hpp>
#endif

#include <memory>
#include <utility>

namespace tessel_perf {
namespace {

template <class Ordinal>
void register_crs(const std::string& shape, const CrsPattern& pattern) {
  const auto crs = std::make_shared<const CrsPattern>(pattern);
  const std::int64_t n = std::int64_t(crs->entries.size());
  const std::int64_t rows = std::int64_t(crs->row_map.size()) - 1;
  const std::int64_t bytes = 2 * n * std::int64_t(sizeof(Ordinal) + sizeof(double));
  const char* type = sizeof(Ordinal) == 8 ? "int64+double" : "int32+double";
  const Ordinal first_column = sizeof(Ordinal) == 8 ? Ordinal(std::int64_t(1) << 33) : Ordinal(0);
  using Views = CrsViews<Ordinal>;
  // Each benchmark's own views; reset() restores the shuffled rows (values
  // are the entries' input positions).
  auto data = [=] {
    Views views{decltype(Views::row_map)("bench::row_map", rows + 1), decltype(Views::entries)("bench::entries", n),
                decltype(Views::values)("bench::values", n)};
    auto row_map = Kokkos::create_mirror_view(views.row_map);
    std::copy(crs->row_map.begin(), crs->row_map.end(), row_map.data());
    Kokkos::deep_copy(views.row_map, row_map);
    auto entries = Kokkos::create_mirror_view(views.entries);
    auto values = Kokkos::create_mirror_view(views.values);
    auto reset = [=] {
      for (std::int64_t i = 0; i < n; ++i) entries(i) = first_column + Ordinal(crs->entries[std::size_t(i)]);
      for (std::int64_t i = 0; i < n; ++i) values(i) = double(i);
      Kokkos::deep_copy(views.entries, entries);
      Kokkos::deep_copy(views.values, values);
    };
    return std::make_pair(views, reset);
  };
  for_each_tessel_space([&](auto space, const std::string& tessel) {
    register_timed_with_reset(name("segmented_sort", tessel, type, shape), n, bytes, [=] {
      const auto views_and_reset = data();
      auto views = views_and_reset.first;
      auto reset = views_and_reset.second;
      auto workspace = std::make_shared<tessel::SortWorkspace<Space::memory_space>>();
      return std::make_pair(reset, [=] {
        tessel::segmented_sort_by_key(space, views.row_map, views.entries, views.values, tessel::SortOptions{},
                                      *workspace);
      });
    });
  });
  if constexpr (Kokkos::SpaceAccessibility<Kokkos::HostSpace, Space::memory_space>::accessible) {
    // What users write today: each row's pairs sorted by std::sort.
    register_timed_with_reset(name("segmented_sort", "std-sort-rows", type, shape), n, bytes, [=] {
      const auto views_and_reset = data();
      auto views = views_and_reset.first;
      auto reset = views_and_reset.second;
      auto pairs = std::make_shared<std::vector<std::pair<Ordinal, double>>>();
      return std::make_pair(reset, [=] {
        for (std::int64_t r = 0; r < rows; ++r) {
          const std::int64_t begin = views.row_map(r), end = views.row_map(r + 1);
          pairs->clear();
          for (std::int64_t i = begin; i < end; ++i) pairs->emplace_back(views.entries(i), views.values(i));
          std::sort(pairs->begin(), pairs->end(),
                    [](const auto& a, const auto& b) { return a.first < b.first; });
          for (std::int64_t i = begin; i < end; ++i) {
            views.entries(i) = (*pairs)[i - begin].first;
            views.values(i) = (*pairs)[i - begin].second;
          }
        }
      });
    });
  }
#if defined(TESSEL_PERF_CUB)
  cub_baselines::segmented_sort<Ordinal>(shape, type, n, rows, data);
#endif
#if defined(TESSEL_BENCH_HAVE_KOKKOS_KERNELS)
  register_timed_with_reset(name("segmented_sort", "kokkos-kernels", type, shape), n, bytes, [=] {
    const auto views_and_reset = data();
    auto views = views_and_reset.first;
    auto reset = views_and_reset.second;
    return std::make_pair(reset, [=] { tessel_kk::sort_crs_matrix(Space(), views.row_map, views.entries, views.values); });
  });
#endif
}

}  // namespace

void register_segmented_benchmarks() {
  const CrsPattern uniform = uniform_crs(std::int64_t(1) << 24);
  register_crs<std::int32_t>("uniform0-63:16M", uniform);
  register_crs<std::int64_t>("uniform0-63:16M", uniform);
  register_crs<std::int32_t>("laplace3d:100^3", laplace3d_crs(100));
  register_crs<std::int32_t>("power-law:16M", power_law_crs(std::int64_t(1) << 24));
  // Small cases for the smoke run.
  register_crs<std::int32_t>("uniform0-63:10000", uniform_crs(10000));
}

}  // namespace tessel_perf
