// tessel::mpi under mpirun, weak scaling: every rank holds the same number of
// elements. Baselines are what an MPI code writes by hand: a local
// std::inclusive_scan plus MPI_Exscan of the rank totals, and for the sort a
// gather to rank 0, std::sort there and a scatter back.
// All ranks run the same benchmarks with a fixed number of iterations (so
// that they enter every collective together); each iteration's time is the
// slowest rank's.

#include <bench_support.hpp>

#include <tessel/mpi.hpp>

#include <algorithm>
#include <memory>
#include <numeric>
#include <random>
#include <vector>

namespace tessel_perf {
namespace {

int world_size() {
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  return size;
}
int world_rank() {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return rank;
}

// Like register_timed, with every rank's iteration timed between barriers
// and reported as the slowest rank's time.
template <class Setup>
void register_collective(const std::string& benchmark_name, std::int64_t per_rank, std::int64_t bytes_per_rank,
                         Setup setup) {
  if (!selection().accepts(benchmark_name, per_rank, bytes_per_rank)) return;
  const std::int64_t iterations = per_rank >= (1 << 22) ? 5 : per_rank >= (1 << 16) ? 20 : 50;
  benchmark::RegisterBenchmark(benchmark_name.c_str(), [=](benchmark::State& state) {
    auto run = setup();
    run();  // buffers allocated and touched once, as in a loop of calls
    for (auto _ : state) {
      Space().fence();
      MPI_Barrier(MPI_COMM_WORLD);
      const auto start = std::chrono::steady_clock::now();
      run();
      Space().fence();
      const double mine = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      double slowest = 0;
      MPI_Allreduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
      state.SetIterationTime(slowest);
    }
    const std::int64_t ranks = world_size();
    state.counters["ranks"] = double(ranks);
    state.SetItemsProcessed(state.iterations() * per_rank * ranks);
    state.SetBytesProcessed(state.iterations() * bytes_per_rank * ranks);
  })->UseManualTime()->Iterations(iterations)->Unit(benchmark::kMillisecond);
}

template <class T>
std::vector<T> local_block(std::int64_t n) {
  std::mt19937_64 engine(1000 + world_rank());
  std::vector<T> values(n);
  for (auto& value : values) {
    if constexpr (std::is_floating_point_v<T>)
      value = std::uniform_real_distribution<T>(-1, 1)(engine);
    else
      value = static_cast<T>(engine() % 64);
  }
  return values;
}

template <class T>
Kokkos::View<T*, Space::memory_space> device_copy(const std::vector<T>& values) {
  Kokkos::View<T*, Space::memory_space> view("bench::mpi", values.size());
  Kokkos::deep_copy(view, Kokkos::View<const T*, Kokkos::HostSpace>(values.data(), values.size()));
  return view;
}

template <class T>
MPI_Datatype mpi_type() {
  if constexpr (std::is_same_v<T, double>) return MPI_DOUBLE;
  else if constexpr (std::is_same_v<T, float>) return MPI_FLOAT;
  else if constexpr (std::is_same_v<T, std::int64_t>) return MPI_INT64_T;
  else return MPI_INT32_T;
}

template <class T>
void register_scan(std::int64_t n) {
  const std::string shape = "per-rank:" + std::to_string(n);
  const std::int64_t bytes = 2 * n * std::int64_t(sizeof(T));
  register_collective(name("mpi_scan", "tessel", type_name<T>(), shape), n, bytes, [n] {
    const auto src = device_copy(local_block<T>(n));
    const Kokkos::View<T*, Space::memory_space> dst("bench::mpi::dst", n);
    return [=] { tessel::mpi::inclusive_scan(MPI_COMM_WORLD, Space(), src, dst, tessel::Plus{}); };
  });
  register_collective(name("mpi_scan", "std+MPI_Exscan", type_name<T>(), shape), n, bytes, [n] {
    auto src = std::make_shared<std::vector<T>>(local_block<T>(n));
    auto dst = std::make_shared<std::vector<T>>(n);
    return [=] {
      std::inclusive_scan(src->begin(), src->end(), dst->begin());
      T total = n > 0 ? dst->back() : T(0), below = 0;
      MPI_Exscan(&total, &below, 1, mpi_type<T>(), MPI_SUM, MPI_COMM_WORLD);
      if (world_rank() > 0)
        for (auto& x : *dst) x += below;
    };
  });
}

template <class T>
void register_sort(std::int64_t n) {
  const std::string shape = "per-rank:" + std::to_string(n);
  const std::int64_t bytes = 2 * n * std::int64_t(sizeof(T));
  register_collective(name("mpi_sort", "tessel", type_name<T>(), shape), n, bytes, [n] {
    const auto keys = device_copy(local_block<T>(n));
    return [=] { benchmark::DoNotOptimize(tessel::mpi::sort(MPI_COMM_WORLD, Space(), keys).data()); };
  });
  register_collective(name("mpi_sort", "gather-std-sort", type_name<T>(), shape), n, bytes, [n] {
    auto keys = std::make_shared<std::vector<T>>(local_block<T>(n));
    auto all = std::make_shared<std::vector<T>>(world_rank() == 0 ? n * world_size() : 0);
    auto part = std::make_shared<std::vector<T>>(n);
    return [=] {
      MPI_Gather(keys->data(), int(n), mpi_type<T>(), all->data(), int(n), mpi_type<T>(), 0, MPI_COMM_WORLD);
      if (world_rank() == 0) std::sort(all->begin(), all->end());
      MPI_Scatter(all->data(), int(n), mpi_type<T>(), part->data(), int(n), mpi_type<T>(), 0, MPI_COMM_WORLD);
    };
  });
}

}  // namespace

void register_mpi_benchmarks() {
  for (const std::int64_t n : {std::int64_t(10000), std::int64_t(1) << 20, std::int64_t(1) << 24}) {
    register_scan<double>(n);
    register_scan<std::int64_t>(n);
    register_sort<float>(n);
    register_sort<std::int32_t>(n);
    register_sort<double>(n);
  }
}

}  // namespace tessel_perf
