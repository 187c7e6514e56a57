// findall, count_if and copy_if on floats at several densities: tessel
// against the host loops a user writes (push_back, std::count_if,
// std::copy_if), the usual Kokkos compaction (parallel_scan) and count
// (parallel_reduce), and Kokkos' std algorithms where the Kokkos version has
// them (4.0 on).

#include <bench_support.hpp>
#include <cub_baselines.hpp>

#include <tessel/findall.hpp>

#if KOKKOS_VERSION >= 40000
#include <Kokkos_StdAlgorithms.hpp>
#endif

#include <algorithm>
#include <random>
#include <vector>

namespace tessel_perf {
namespace {

struct Below {
  float threshold;
  KOKKOS_INLINE_FUNCTION bool operator()(float x) const { return x < threshold; }
};

using Vector = Kokkos::View<float*, Space::memory_space>;
constexpr bool host_accessible = Kokkos::SpaceAccessibility<Kokkos::HostSpace, Space::memory_space>::accessible;

// n uniform floats in [0, 1): `percent` % of them are below percent / 100.
Vector uniform_values(std::int64_t n) {
  Vector values("bench::values", n);
  auto host = Kokkos::create_mirror_view(values);
  std::mt19937 engine(7);
  std::uniform_real_distribution<float> uniform(0.0f, 1.0f);
  for (std::int64_t i = 0; i < n; ++i) host(i) = uniform(engine);
  Kokkos::deep_copy(values, host);
  return values;
}

std::string density_shape(std::int64_t n, int percent) {
  return "1d:" + std::to_string(n) + "@" + std::to_string(percent) + "%";
}

void register_density(std::int64_t n, int percent) {
  const float threshold = percent / 100.0f;
  const std::string shape = density_shape(n, percent);
  // Reads the input once; writes 8-byte positions for the selected share.
  const std::int64_t bytes = n * std::int64_t(sizeof(float)) + std::int64_t(n * threshold) * 8;
  auto data = [n] { return uniform_values(n); };
  for_each_tessel_space([&](auto space, const std::string& implementation) {
    register_timed(name("findall", implementation, "float", shape), n, bytes, [=] {
      auto values = data();
      return [=] { benchmark::DoNotOptimize(tessel::findall(space, values, Below{threshold}).data()); };
    });
  });
  register_timed(name("findall", "kokkos", "float", shape), n, bytes, [=] {
    auto values = data();
    Kokkos::View<std::int64_t*, Space::memory_space> positions("bench::positions", n);
    return [=] {
      // The usual Kokkos compaction: one parallel_scan whose final pass writes
      // the selected positions, then a view of exactly the count.
      std::int64_t count = 0;
      Kokkos::parallel_scan(
          "bench::kokkos_compaction", Kokkos::RangePolicy<Space>(0, n),
          KOKKOS_LAMBDA(std::int64_t i, std::int64_t & offset, bool final) {
            if (values(i) < threshold) {
              if (final) positions(offset) = i;
              ++offset;
            }
          },
          count);
      Kokkos::View<std::int64_t*, Space::memory_space> result(
          Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("bench::result")), count);
      Kokkos::deep_copy(result, Kokkos::subview(positions, std::make_pair(std::int64_t(0), count)));
      benchmark::DoNotOptimize(result.data());
    };
  });
#if defined(TESSEL_PERF_CUB)
  cub_baselines::findall(shape, n, threshold, data);
#endif
  if constexpr (host_accessible) {
    register_timed(name("findall", "loop", "float", shape), n, bytes, [=] {
      auto values = data();
      return [=] {
        std::vector<std::int64_t> positions;
        for (std::int64_t i = 0; i < n; ++i)
          if (values(i) < threshold) positions.push_back(i);
        benchmark::DoNotOptimize(positions.data());
      };
    });
  }
}

// count_if (reads n floats) and copy_if (reads them, writes the selected).
void register_count_and_copy(std::int64_t n, int percent) {
  const float threshold = percent / 100.0f;
  const std::string shape = density_shape(n, percent);
  const std::int64_t read = n * std::int64_t(sizeof(float));
  const std::int64_t copied = read + std::int64_t(n * threshold) * std::int64_t(sizeof(float));
  auto data = [n] { return std::make_pair(uniform_values(n), Vector("bench::selected", n)); };
  for_each_tessel_space([&](auto space, const std::string& implementation) {
    register_timed(name("count_if", implementation, "float", shape), n, read, [=] {
      auto values = data().first;
      return [=] { benchmark::DoNotOptimize(tessel::count_if(space, values, Below{threshold})); };
    });
    register_timed(name("copy_if", implementation, "float", shape), n, copied, [=] {
      const auto values_and_selected = data();
      auto values = values_and_selected.first;
      auto selected = values_and_selected.second;
      return [=] { benchmark::DoNotOptimize(tessel::copy_if(space, values, selected, Below{threshold})); };
    });
  });
  register_timed(name("count_if", "kokkos", "float", shape), n, read, [=] {
    auto values = data().first;
    return [=] {
      std::int64_t count = 0;
      Kokkos::parallel_reduce(
          "bench::kokkos_count", Kokkos::RangePolicy<Space>(0, n),
          KOKKOS_LAMBDA(std::int64_t i, std::int64_t & sum) { sum += values(i) < threshold ? 1 : 0; }, count);
      benchmark::DoNotOptimize(count);
    };
  });
  register_timed(name("copy_if", "kokkos", "float", shape), n, copied, [=] {
    const auto values_and_selected = data();
    auto values = values_and_selected.first;
    auto selected = values_and_selected.second;
    return [=] {
      std::int64_t count = 0;
      Kokkos::parallel_scan(
          "bench::kokkos_copy_if", Kokkos::RangePolicy<Space>(0, n),
          KOKKOS_LAMBDA(std::int64_t i, std::int64_t & offset, bool final) {
            if (values(i) < threshold) {
              if (final) selected(offset) = values(i);
              ++offset;
            }
          },
          count);
      benchmark::DoNotOptimize(count);
    };
  });
#if KOKKOS_VERSION >= 40000
  register_timed(name("count_if", "kokkos-std", "float", shape), n, read, [=] {
    auto values = data().first;
    return [=] { benchmark::DoNotOptimize(Kokkos::Experimental::count_if(Space(), values, Below{threshold})); };
  });
  register_timed(name("copy_if", "kokkos-std", "float", shape), n, copied, [=] {
    const auto values_and_selected = data();
    auto values = values_and_selected.first;
    auto selected = values_and_selected.second;
    return [=] {
      benchmark::DoNotOptimize(Kokkos::Experimental::copy_if(Space(), values, selected, Below{threshold}));
    };
  });
#endif
#if defined(TESSEL_PERF_CUB)
  cub_baselines::count_and_copy(shape, n, threshold, [=] { return data().first; });
#endif
  if constexpr (host_accessible) {
    register_timed(name("count_if", "std", "float", shape), n, read, [=] {
      auto values = data().first;
      return [=] {
        benchmark::DoNotOptimize(std::count_if(values.data(), values.data() + n, Below{threshold}));
      };
    });
    register_timed(name("copy_if", "std", "float", shape), n, copied, [=] {
      const auto values_and_selected = data();
      auto values = values_and_selected.first;
      auto selected = values_and_selected.second;
      return [=] {
        benchmark::DoNotOptimize(std::copy_if(values.data(), values.data() + n, selected.data(), Below{threshold}));
      };
    });
  }
}

}  // namespace

void register_findall_benchmarks() {
  for (int percent : {10, 50})
    for (std::int64_t n : {10000LL, 1000000LL, 16777216LL, 100000000LL}) register_count_and_copy(n, percent);
  for (int percent : {1, 10, 25, 50, 90}) {
    register_density(10000, percent);
    register_density(16777216, percent);
  }
  // Sizes 10^4 to 10^8 at two densities.
  for (int percent : {10, 50})
    for (std::int64_t n : {100000LL, 1000000LL, 10000000LL, 100000000LL}) register_density(n, percent);
}

}  // namespace tessel_perf
