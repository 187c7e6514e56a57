// Sorts: 16M floats and int64 along dim 0 of LayoutLeft views in slices of
// 16 to 4M and whole, whole arrays of 10^4 to 10^8 int32 / uint32 / int64 /
// float / double, rows of LayoutLeft matrices, every tessel algorithm
// against per-slice std::sort, std::stable_sort and Kokkos::sort and, for
// whole arrays, pdqsort, vqsort, ips4o, TBB, a plain LSD radix loop and
// tessel's radix sort without its buckets by the top digit
// (tessel-radix-lsd), on the same data.

#include <bench_support.hpp>
#include <cub_baselines.hpp>
#include <sort_baselines.hpp>

#include <tessel/sort.hpp>

#include <Kokkos_Sort.hpp>

#include <algorithm>
#include <random>

namespace tessel_perf {
namespace {

template <class T>
std::vector<T> random_keys(std::int64_t n, std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  std::vector<T> keys(n);
  for (auto& key : keys) {
    if constexpr (std::is_floating_point_v<T>)
      key = std::uniform_real_distribution<T>(-1, 1)(engine);
    else
      key = static_cast<T>(engine());
  }
  return keys;
}

// Registers the host baselines of one shape: std::sort and std::stable_sort
// per slice, and for whole arrays pdqsort, vqsort, ips4o, TBB's
// parallel_sort (on as many threads as the space) and the plain LSD radix
// loop.
template <class T, class Matrix, class Data>
void register_host_baselines(const std::string& shape, std::int64_t n, std::int64_t length, std::int64_t bytes,
                             Data data) {
  const std::int64_t slices = n / length;
  // make_sort_one() is called once per benchmark run: what its sorter holds
  // ends with the run.
  auto each_slice_made = [=](auto make_sort_one) {
    return [=] {
      const auto matrix_and_reset = data();
      auto matrix = matrix_and_reset.first;
      auto reset = matrix_and_reset.second;
      return std::make_pair(reset, [=, sort_one = make_sort_one()] {
        for (std::int64_t s = 0; s < slices; ++s) sort_one(&matrix(0, s), &matrix(0, s) + length);
      });
    };
  };
  auto each_slice = [=](auto sort_one) { return each_slice_made([=] { return sort_one; }); };
  register_timed_with_reset(name("sort", "std-sort", type_name<T>(), shape), n, bytes,
                            each_slice([](T* first, T* last) { std::sort(first, last); }));
  // The stable sort a merge sort replaces.
  register_timed_with_reset(name("sort", "std-stable_sort", type_name<T>(), shape), n, bytes,
                            each_slice([](T* first, T* last) { std::stable_sort(first, last); }));
  if (length != n) return;
#if defined(TESSEL_BENCH_HAVE_PDQSORT)
  register_timed_with_reset(name("sort", "pdqsort", type_name<T>(), shape), n, bytes,
                            each_slice([](T* first, T* last) { pdqsort(first, last); }));
#endif
#if defined(TESSEL_BENCH_HAVE_IPS4O)
  register_timed_with_reset(name("sort", "ips4o", type_name<T>(), shape), n, bytes,
                            each_slice([](T* first, T* last) { ips4o::sort(first, last); }));
#endif
#if defined(TESSEL_BENCH_HAVE_HWY)
  register_timed_with_reset(name("sort", "vqsort", type_name<T>(), shape), n, bytes, each_slice([](T* first, T* last) {
                              static const hwy::Sorter sorter;
                              sorter(first, std::size_t(last - first), hwy::SortAscending());
                            }));
#endif
#if defined(TESSEL_BENCH_HAVE_TBB)
  if constexpr (!std::is_same_v<Space, Kokkos::Serial>)
    register_timed_with_reset(name("sort", "tbb-parallel_sort", type_name<T>(), shape), n, bytes,
                              each_slice_made([] {
                                return [joined = std::make_shared<TbbWorkersJoined>()](T* first, T* last) {
                                  const ProcessCpus cpus;
                                  tbb::global_control threads(tbb::global_control::max_allowed_parallelism,
                                                              std::size_t(Space().concurrency()));
                                  tbb::parallel_sort(first, last);
                                };
                              }));
#endif
  auto buffer = std::make_shared<std::vector<T>>();
  register_timed_with_reset(name("sort", "lsd-radix11", type_name<T>(), shape), n, bytes,
                            each_slice([=](T* first, T* last) { lsd_radix_sort(first, std::size_t(last - first), *buffer); }));
}

// `length`-element slices of n elements: along dim 0 of a LayoutLeft matrix
// (contiguous; length == n: the whole array), or with `rows` along dim 1 of
// one (strided: the rows of a matrix). `lsd`: radix sort without the
// buckets by the top digit (radix.buckets_key_bytes 0), every pass over the
// whole slice: the path tessel took before, beside the default.
template <class T, class Algorithm>
void register_slices(std::int64_t n, std::int64_t length, const char* algorithm_name, bool rows = false,
                     bool lsd = false) {
  using Matrix = Kokkos::View<T**, Kokkos::LayoutLeft, Space::memory_space>;
  const std::int64_t slices = n / length;
  const std::string shape = length == n ? "1d:" + std::to_string(n)
                                        : std::string(rows ? "rows:" : "dim0:") + std::to_string(length) + "x" +
                                              std::to_string(slices);
  const std::int64_t bytes = 2 * n * std::int64_t(sizeof(T));
  auto data = [=] {
    const auto next_keys = rotating_inputs<T>(n, 11, [n](std::uint64_t seed) { return random_keys<T>(n, seed); });
    Matrix matrix(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("bench::keys")), rows ? slices : length,
                  rows ? length : slices);
    auto host = Kokkos::create_mirror_view(matrix);
    auto reset = [=] {
      const std::vector<T>& keys = next_keys();
      std::copy(keys.begin(), keys.end(), host.data());
      Kokkos::deep_copy(matrix, host);
    };
    return std::make_pair(matrix, reset);
  };
  for_each_tessel_space([&](auto space, const std::string& tessel) {
    register_timed_with_reset(name("sort", tessel + "-" + algorithm_name, type_name<T>(), shape), n, bytes, [=] {
      const auto matrix_and_reset = data();
      auto matrix = matrix_and_reset.first;
      auto reset = matrix_and_reset.second;
      auto workspace = std::make_shared<tessel::SortWorkspace<Space::memory_space>>();
      tessel::SortOptions options;
      options.dim = rows ? 1 : 0;
      options.algorithm = Algorithm{};
      tessel::TuningParameters tuning = tessel::Tuning<std::decay_t<decltype(space)>>{};
      if (lsd) tuning.radix.buckets_key_bytes = 0;
      return std::make_pair(reset, [=] { tessel::sort(space, matrix, options, *workspace, tuning); });
    });
  });
  if (std::string(algorithm_name) != "auto" || rows) return;  // baselines once per shape
  register_timed_with_reset(name("sort", "kokkos", type_name<T>(), shape), n, bytes, [=] {
    const auto matrix_and_reset = data();
    auto matrix = matrix_and_reset.first;
    auto reset = matrix_and_reset.second;
    return std::make_pair(reset, [=] {
      for (std::int64_t s = 0; s < slices; ++s) Kokkos::sort(Kokkos::subview(matrix, Kokkos::ALL(), s));
    });
  });
#if defined(TESSEL_PERF_CUB)
  cub_baselines::sort<T>(shape, length, slices, data);
#endif
  if constexpr (Kokkos::SpaceAccessibility<Kokkos::HostSpace, Space::memory_space>::accessible)
    register_host_baselines<T, Matrix>(shape, n, length, bytes, data);
}

template <class T>
void register_shape(std::int64_t n, std::int64_t length) {
  register_slices<T, tessel::AutoSort>(n, length, "auto");
  register_slices<T, tessel::MergeSort>(n, length, "merge");
  register_slices<T, tessel::BitonicSort>(n, length, "bitonic");
  register_slices<T, tessel::RadixSort>(n, length, "radix");
  if (length == n) register_slices<T, tessel::RadixSort>(n, length, "radix-lsd", false, true);
}

}  // namespace

void register_sort_benchmarks() {
  // The seed's table (seeds/radix-sort-along-dims.txt): 16M keys along dim 0
  // in slices of 16 to 4M, and whole.
  const std::int64_t n = 16777216;
  for (std::int64_t length : {16LL, 64LL, 256LL, 1024LL, 16384LL, 262144LL, 4194304LL, 16777216LL}) register_shape<float>(n, length);
  for (std::int64_t length : {16384LL, 262144LL, 4194304LL, 16777216LL}) register_shape<std::int64_t>(n, length);
  register_shape<std::int32_t>(n, n);
  register_shape<double>(n, n);
  register_shape<float>(1048576, 16);
  // Rows of a LayoutLeft matrix (strided slices) against its columns above.
  register_slices<float, tessel::RadixSort>(n, 262144, "radix", true);
  register_slices<float, tessel::MergeSort>(n, 262144, "merge", true);
  register_slices<float, tessel::RadixSort>(n, 16384, "radix", true);
  register_slices<float, tessel::RadixSort>(n, 1024, "radix", true);
  // Small cases for quick runs.
  register_shape<float>(10000, 100);
  register_shape<float>(10000, 10000);
  // Whole arrays of the types users sort, 10^4 to 10^8 (16M is above).
  for (std::int64_t size : {10000LL, 100000LL, 1000000LL, 10000000LL, 100000000LL}) {
    if (size != 10000) register_shape<float>(size, size);
    register_shape<std::int32_t>(size, size);
    register_shape<std::uint32_t>(size, size);
    register_shape<std::int64_t>(size, size);
    register_shape<double>(size, size);
  }
}

}  // namespace tessel_perf
