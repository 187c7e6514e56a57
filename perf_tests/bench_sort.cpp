// Sorts: 16M floats along dim 0 of LayoutLeft views in slices of 16 to 4M
// and whole, and 16M int64 / double whole, each against per-slice std::sort,
// std::stable_sort and Kokkos::sort on the same data.

#include <bench_support.hpp>

#include <tessel/sort.hpp>

#include <Kokkos_Sort.hpp>

#include <algorithm>
#include <random>

namespace tessel_perf {
namespace {

template <class T>
std::vector<T> random_keys(std::int64_t n) {
  std::mt19937_64 engine(11);
  std::vector<T> keys(n);
  for (auto& key : keys) {
    if constexpr (std::is_floating_point_v<T>)
      key = std::uniform_real_distribution<T>(-1, 1)(engine);
    else
      key = static_cast<T>(engine());
  }
  return keys;
}

// `length`-element slices along dim 0 of a LayoutLeft matrix of n elements
// (length == n: the whole array).
template <class T, class Algorithm>
void register_slices(std::int64_t n, std::int64_t length, const char* algorithm_name) {
  using Matrix = Kokkos::View<T**, Kokkos::LayoutLeft, Space::memory_space>;
  const std::int64_t slices = n / length;
  const std::string shape = length == n ? "1d:" + std::to_string(n) : "dim0:" + std::to_string(length) + "x" +
                                                                          std::to_string(slices);
  const std::int64_t bytes = 2 * n * std::int64_t(sizeof(T));
  auto data = [=] {
    auto keys = std::make_shared<std::vector<T>>(random_keys<T>(n));
    Matrix matrix(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("bench::keys")), length, slices);
    auto host = Kokkos::create_mirror_view(matrix);
    auto reset = [=] {
      std::copy(keys->begin(), keys->end(), host.data());
      Kokkos::deep_copy(matrix, host);
    };
    return std::make_pair(matrix, reset);
  };
  for_each_tessel_space([&](auto space, const std::string& tessel) {
    register_timed_with_reset(name("sort", tessel + "-" + algorithm_name, type_name<T>(), shape), n, bytes, [=] {
      auto [matrix, reset] = data();
      auto workspace = std::make_shared<tessel::SortWorkspace<Space::memory_space>>();
      tessel::SortOptions options;
      options.dim = 0;
      options.algorithm = Algorithm{};
      return std::make_pair(reset, [=] { tessel::sort(space, matrix, options, *workspace); });
    });
  });
  if (std::string(algorithm_name) != "auto") return;  // baselines once per shape
  register_timed_with_reset(name("sort", "kokkos", type_name<T>(), shape), n, bytes, [=] {
    auto [matrix, reset] = data();
    return std::make_pair(reset, [=] {
      for (std::int64_t s = 0; s < slices; ++s) Kokkos::sort(Kokkos::subview(matrix, Kokkos::ALL(), s));
    });
  });
  if constexpr (Kokkos::SpaceAccessibility<Kokkos::HostSpace, Space::memory_space>::accessible) {
    register_timed_with_reset(name("sort", "std-sort", type_name<T>(), shape), n, bytes, [=] {
      auto [matrix, reset] = data();
      return std::make_pair(reset, [=] {
        for (std::int64_t s = 0; s < slices; ++s) std::sort(&matrix(0, s), &matrix(0, s) + length);
      });
    });
    register_timed_with_reset(name("sort", "std-stable_sort", type_name<T>(), shape), n, bytes, [=] {
      auto [matrix, reset] = data();
      return std::make_pair(reset, [=] {
        for (std::int64_t s = 0; s < slices; ++s) std::stable_sort(&matrix(0, s), &matrix(0, s) + length);
      });
    });
  }
}

template <class T>
void register_shape(std::int64_t n, std::int64_t length) {
  register_slices<T, tessel::AutoSort>(n, length, "auto");
  register_slices<T, tessel::MergeSort>(n, length, "merge");
  register_slices<T, tessel::BitonicSort>(n, length, "bitonic");
}

}  // namespace

void register_sort_benchmarks() {
  const std::int64_t n = 16777216;
  for (std::int64_t length : {16LL, 1024LL, 16384LL, 262144LL, 4194304LL, 16777216LL}) register_shape<float>(n, length);
  register_shape<double>(n, n);
  register_shape<std::int64_t>(n, n);
  // Small cases for quick runs.
  register_shape<float>(10000, 100);
  register_shape<float>(10000, 10000);
}

}  // namespace tessel_perf
