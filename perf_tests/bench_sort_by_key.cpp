// sort_by_key (float keys, int32 values: an index carried along) and
// sortperm (float keys, int32 positions), whole and along dim 0 of LayoutLeft
// matrices: tessel against what users write on the host (std::sort of
// key-value pairs; std::iota and std::sort of positions by key, per slice)
// and Kokkos::Experimental::sort_by_key where the Kokkos version has it
// (4.3 on, whole arrays).

#include <bench_support.hpp>
#include <cub_baselines.hpp>

#include <tessel/sort.hpp>

#if KOKKOS_VERSION >= 40300
#include <Kokkos_Sort.hpp>
#endif

#include <algorithm>
#include <functional>
#include <memory>
#include <numeric>
#include <random>
#include <utility>
#include <vector>

namespace tessel_perf {
namespace {

using Keys = DeviceMatrix<float>;
using Indices = DeviceMatrix<std::int32_t>;

// `slices` slices of `length` keys, along dim 0; one slice: the whole array.
std::string slice_shape(std::int64_t length, std::int64_t slices) {
  return slices == 1 ? "1d:" + std::to_string(length)
                     : "dim0:" + std::to_string(length) + "x" + std::to_string(slices);
}

// The keys and an index view of the same shape; reset() restores the random
// keys, and the values 0, 1, ... within each slice.
struct KeyData {
  Keys keys;
  Indices indices;
  std::function<void()> reset;
};

KeyData key_data(std::int64_t length, std::int64_t slices) {
  const std::int64_t n = length * slices;
  const auto next_keys = rotating_inputs<float>(n, 13, [n](std::uint64_t seed) {
    std::vector<float> random(static_cast<std::size_t>(n));
    std::mt19937_64 engine(seed);
    for (auto& key : random) key = std::uniform_real_distribution<float>(-1, 1)(engine);
    return random;
  });
  KeyData data{Keys(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("bench::keys")), length, slices),
               Indices(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("bench::indices")), length, slices),
               {}};
  auto keys = Kokkos::create_mirror_view(data.keys);
  auto indices = Kokkos::create_mirror_view(data.indices);
  data.reset = [=, device_keys = data.keys, device_indices = data.indices] {
    const std::vector<float>& random = next_keys();
    std::copy(random.begin(), random.end(), keys.data());
    for (std::int64_t s = 0; s < slices; ++s)
      for (std::int64_t i = 0; i < length; ++i) indices(i, s) = std::int32_t(i);
    Kokkos::deep_copy(device_keys, keys);
    Kokkos::deep_copy(device_indices, indices);
  };
  return data;
}

void register_shape(std::int64_t length, std::int64_t slices) {
  const std::int64_t n = length * slices;
  const std::string shape = slice_shape(length, slices);
  const std::int64_t bytes = 2 * n * std::int64_t(sizeof(float) + sizeof(std::int32_t));
  tessel::SortOptions options;
  options.dim = 0;
  for_each_tessel_space([&](auto space, const std::string& tessel) {
    register_timed_with_reset(name("sort_by_key", tessel, "float+int32", shape), n, bytes, [=] {
      auto data = key_data(length, slices);
      auto workspace = std::make_shared<tessel::SortWorkspace<Space::memory_space>>();
      return std::make_pair(data.reset,
                            [=] { tessel::sort_by_key(space, data.keys, data.indices, options, *workspace); });
    });
    register_timed_with_reset(name("sortperm", tessel, "float", shape), n, bytes, [=] {
      auto data = key_data(length, slices);
      auto workspace = std::make_shared<tessel::SortWorkspace<Space::memory_space>>();
      return std::make_pair(data.reset, [=] { tessel::sortperm(space, data.indices, data.keys, options, *workspace); });
    });
  });
#if KOKKOS_VERSION >= 40300
  if (slices == 1)
    register_timed_with_reset(name("sort_by_key", "kokkos", "float+int32", shape), n, bytes, [=] {
      auto data = key_data(length, slices);
      auto keys = Kokkos::subview(data.keys, Kokkos::ALL(), 0);
      auto values = Kokkos::subview(data.indices, Kokkos::ALL(), 0);
      return std::make_pair(data.reset, [=] { Kokkos::Experimental::sort_by_key(Space(), keys, values); });
    });
#endif
#if defined(TESSEL_PERF_CUB)
  cub_baselines::sort_pairs(shape, length, slices, [=] {
    const KeyData data = key_data(length, slices);
    return std::make_tuple(data.keys, data.indices, data.reset);
  });
#endif
  if constexpr (Kokkos::SpaceAccessibility<Kokkos::HostSpace, Space::memory_space>::accessible) {
    register_timed_with_reset(name("sort_by_key", "std-sort-pairs", "float+int32", shape), n, bytes, [=] {
      auto data = key_data(length, slices);
      auto pairs = std::make_shared<std::vector<std::pair<float, std::int32_t>>>(std::size_t(length));
      return std::make_pair(data.reset, [=] {
        for (std::int64_t s = 0; s < slices; ++s) {
          for (std::int64_t i = 0; i < length; ++i) (*pairs)[i] = {data.keys(i, s), data.indices(i, s)};
          std::sort(pairs->begin(), pairs->end(), [](const auto& a, const auto& b) { return a.first < b.first; });
          for (std::int64_t i = 0; i < length; ++i) std::tie(data.keys(i, s), data.indices(i, s)) = (*pairs)[i];
        }
      });
    });
    register_timed_with_reset(name("sortperm", "std-sort-indices", "float", shape), n, bytes, [=] {
      auto data = key_data(length, slices);
      return std::make_pair(data.reset, [=] {
        for (std::int64_t s = 0; s < slices; ++s) {
          std::int32_t* perm = &data.indices(0, s);
          const float* keys = &data.keys(0, s);
          std::iota(perm, perm + length, 0);
          std::sort(perm, perm + length, [keys](std::int32_t a, std::int32_t b) { return keys[a] < keys[b]; });
        }
      });
    });
  }
}

}  // namespace

void register_sort_by_key_benchmarks() {
  for (std::int64_t n : {10000LL, 1000000LL, 16777216LL, 100000000LL}) register_shape(n, 1);
  register_shape(16384, 1024);
  register_shape(16, 65536);
  register_shape(100, 100);
}

}  // namespace tessel_perf
