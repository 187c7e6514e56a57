// findall on 16M floats at several densities: tessel against the host loop a
// user writes (push_back) and a compaction with Kokkos::parallel_scan.

#include <bench_support.hpp>

#include <tessel/findall.hpp>

#include <random>
#include <vector>

namespace tessel_perf {
namespace {

struct Below {
  float threshold;
  KOKKOS_INLINE_FUNCTION bool operator()(float x) const { return x < threshold; }
};

void register_density(std::int64_t n, int percent) {
  using Vector = Kokkos::View<float*, Space::memory_space>;
  const float threshold = percent / 100.0f;
  const std::string shape = "1d:" + std::to_string(n) + "@" + std::to_string(percent) + "%";
  // Reads the input once; writes 8-byte positions for the selected share.
  const std::int64_t bytes = n * std::int64_t(sizeof(float)) + std::int64_t(n * threshold) * 8;
  auto data = [n] {
    Vector values("bench::values", n);
    auto host = Kokkos::create_mirror_view(values);
    std::mt19937 engine(7);
    std::uniform_real_distribution<float> uniform(0.0f, 1.0f);
    for (std::int64_t i = 0; i < n; ++i) host(i) = uniform(engine);
    Kokkos::deep_copy(values, host);
    return values;
  };
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
  if constexpr (Kokkos::SpaceAccessibility<Kokkos::HostSpace, Space::memory_space>::accessible) {
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

}  // namespace

void register_findall_benchmarks() {
  for (int percent : {1, 10, 25, 50, 90}) {
    register_density(10000, percent);
    register_density(16777216, percent);
  }
  // Sizes 10^4 to 10^8 at two densities.
  for (int percent : {10, 50})
    for (std::int64_t n : {100000LL, 1000000LL, 10000000LL, 100000000LL}) register_density(n, percent);
}

}  // namespace tessel_perf
