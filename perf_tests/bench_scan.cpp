// Scans: tessel against std::inclusive_scan (whole arrays), the per-slice
// loop a user would write and, for strided rows, the loop in memory order
// (along dims), and Kokkos' own scans
// (Kokkos::parallel_scan over the whole array; a team-level
// Kokkos::parallel_scan per slice along dims).

#include <bench_support.hpp>
#include <cub_baselines.hpp>

#include <tessel/scan.hpp>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <random>
#include <stdexcept>

// copy-stream: GCC-compatible host compilers on x86-64 (a target attribute
// and __builtin_cpu_supports), not in the passes of GPU compilers.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__CUDACC__) && !defined(__HIPCC__) && \
    !defined(SYCL_LANGUAGE_VERSION)
#define TESSEL_BENCH_STREAM_COPY
#include <immintrin.h>
#endif

#if defined(TESSEL_BENCH_HAVE_TBB)
#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_scan.h>
#endif

namespace tessel_perf {
namespace {

constexpr bool host_accessible = Kokkos::SpaceAccessibility<Kokkos::HostSpace, Space::memory_space>::accessible;

template <class View>
void fill_random(const View& view) {
  auto host = Kokkos::create_mirror_view(view);
  std::mt19937_64 engine(42);
  auto* data = host.data();
  for (std::size_t i = 0; i < host.span(); ++i) data[i] = static_cast<typename View::value_type>(engine() % 16);
  Kokkos::deep_copy(view, host);
}

// A plain parallel copy in `space`: a function, as nvcc rejects device
// lambdas defined in the generic lambda that walks the spaces.
template <class Exec, class Vector>
void parallel_copy(const Exec& space, const Vector& src, const Vector& dst) {
  Kokkos::parallel_for(
      "bench::copy", Kokkos::RangePolicy<Exec>(space, 0, src.extent(0)),
      KOKKOS_LAMBDA(std::int64_t i) { dst(i) = src(i); });
}

#if defined(TESSEL_BENCH_STREAM_COPY)
// The bound of a scan that writes with non-temporal stores (tessel's whole
// scans above TuningParameters::scan.stream_bytes): a parallel copy of the
// same bytes with such stores, which neither read the target's lines first
// nor leave them in the caches. No scan of memory-bound sizes can beat it on
// as many threads, so "copy-stream" over "tessel@Serial" bounds what a second
// thread can give. (Not where the caches hold the arrays: its stores still
// go to memory.) Host spaces of x86-64 only, with the widest stores the CPU
// has of the two: 16M floats on one Zen 4 core, 16-byte stores took 4.3-4.6
// ms, 32-byte ones 3.0-3.3 ms (tessel's scan 3.6-3.7 ms).
__attribute__((target("avx"))) inline void stream_copy_32(const char* from, char* to, std::int64_t bytes) {
  for (std::int64_t at = 0; at < bytes; at += 32)
    _mm256_stream_si256(reinterpret_cast<__m256i*>(to + at),
                        _mm256_loadu_si256(reinterpret_cast<const __m256i*>(from + at)));
}

inline void stream_copy_16(const char* from, char* to, std::int64_t bytes) {
  for (std::int64_t at = 0; at < bytes; at += 16)
    _mm_stream_si128(reinterpret_cast<__m128i*>(to + at), _mm_loadu_si128(reinterpret_cast<const __m128i*>(from + at)));
}

template <class Exec, class Vector>
void parallel_stream_copy(const Exec& space, const Vector& src, const Vector& dst) {
  const std::int64_t bytes = std::int64_t(src.extent(0) * sizeof(typename Vector::value_type));
  const auto* from = reinterpret_cast<const char*>(src.data());
  auto* to = reinterpret_cast<char*>(dst.data());
  if (reinterpret_cast<std::uintptr_t>(to) % 32 != 0)
    throw std::runtime_error("bench::copy_stream: target not 32-byte aligned");
  static const bool wide = __builtin_cpu_supports("avx");
  // One contiguous part per thread, fenced once: a fence waits for the
  // stores in flight, and one per 64 KiB made one Zen 4 core copy 16M floats
  // in 3.5 ms instead of 3.0.
  const std::int64_t parts = space.concurrency(), part_bytes = (bytes / parts + 31) / 32 * 32;
  Kokkos::parallel_for(
      "bench::copy_stream", Kokkos::RangePolicy<Exec>(space, 0, parts), [=](std::int64_t part) {
        const std::int64_t first = std::min(bytes, part * part_bytes), end = std::min(bytes, first + part_bytes);
        const std::int64_t whole = (end - first) / 32 * 32;  // a multiple of both store widths
        if (wide)
          stream_copy_32(from + first, to + first, whole);
        else
          stream_copy_16(from + first, to + first, whole);
        _mm_sfence();
        std::memcpy(to + first + whole, from + first + whole, std::size_t(end - first - whole));
      });
}
#endif

template <class T>
void register_whole(std::int64_t n) {
  using Vector = Kokkos::View<T*, Space::memory_space>;
  const std::string shape = "1d:" + std::to_string(n);
  const std::int64_t bytes = 2 * n * std::int64_t(sizeof(T));
  auto data = [n] {
    Vector src("bench::src", n), dst("bench::dst", n);
    fill_random(src);
    return std::make_pair(src, dst);
  };
  for_each_tessel_space([&](auto space, const std::string& implementation) {
    register_timed(name("scan", implementation, type_name<T>(), shape), n, bytes, [=] {
      const auto src_and_dst = data();
      auto src = src_and_dst.first;
      auto dst = src_and_dst.second;
      return [=] { tessel::inclusive_scan(space, src, dst, tessel::Plus{}); };
    });
    // The bound a scan aims at: a plain parallel copy of the same bytes in
    // the same space ("copy", "copy@Serial").
    const std::string copy = "copy" + implementation.substr(std::string("tessel").size());
    register_timed(name("scan", copy, type_name<T>(), shape), n, bytes, [=] {
      const auto src_and_dst = data();
      auto src = src_and_dst.first;
      auto dst = src_and_dst.second;
      return [=] { parallel_copy(space, src, dst); };
    });
#if defined(TESSEL_BENCH_STREAM_COPY)
    if constexpr (Kokkos::SpaceAccessibility<Kokkos::HostSpace, typename decltype(space)::memory_space>::accessible) {
      const std::string stream = "copy-stream" + implementation.substr(std::string("tessel").size());
      register_timed(name("scan", stream, type_name<T>(), shape), n, bytes, [=] {
        const auto src_and_dst = data();
        auto src = src_and_dst.first;
        auto dst = src_and_dst.second;
        return [=] { parallel_stream_copy(space, src, dst); };
      });
    }
#endif
  });
  register_timed(name("scan", "kokkos", type_name<T>(), shape), n, bytes, [=] {
    const auto src_and_dst = data();
    auto src = src_and_dst.first;
    auto dst = src_and_dst.second;
    return [=] {
      Kokkos::parallel_scan(
          "bench::kokkos_parallel_scan", Kokkos::RangePolicy<Space>(0, n),
          KOKKOS_LAMBDA(std::int64_t i, T & update, bool final) {
            update += src(i);
            if (final) dst(i) = update;
          });
    };
  });
#if defined(TESSEL_PERF_CUB)
  if constexpr (std::is_arithmetic_v<T>) cub_baselines::scan<T>(shape, n, data);
#endif
  if constexpr (host_accessible) {
    register_timed(name("scan", "std", type_name<T>(), shape), n, bytes, [=] {
      const auto src_and_dst = data();
      auto src = src_and_dst.first;
      auto dst = src_and_dst.second;
      return [=] { std::inclusive_scan(src.data(), src.data() + n, dst.data()); };
    });
  }
#if defined(TESSEL_BENCH_HAVE_TBB)
  // Threaded backends: TBB's scan on as many threads.
  if constexpr (host_accessible && !std::is_same_v<Space, Kokkos::Serial>) {
    register_timed(name("scan", "tbb-parallel_scan", type_name<T>(), shape), n, bytes, [=] {
      const auto src_and_dst = data();
      auto src = src_and_dst.first;
      auto dst = src_and_dst.second;
      return [=, joined = std::make_shared<TbbWorkersJoined>()] {
        const ProcessCpus cpus;
        tbb::global_control threads(tbb::global_control::max_allowed_parallelism, std::size_t(Space().concurrency()));
        const T* in = src.data();
        T* out = dst.data();
        tbb::parallel_scan(
            tbb::blocked_range<std::int64_t>(0, n), T(0),
            [=](const tbb::blocked_range<std::int64_t>& range, T sum, bool final) {
              for (std::int64_t i = range.begin(); i < range.end(); ++i) {
                sum += in[i];
                if (final) out[i] = sum;
              }
              return sum;
            },
            [](T a, T b) { return a + b; });
      };
    });
  }
#endif
}

template <class T>
void register_along_dim(std::int64_t rows, std::int64_t columns, int dim) {
  using Matrix = Kokkos::View<T**, Kokkos::LayoutLeft, Space::memory_space>;
  const std::string shape = "dim" + std::to_string(dim) + ":" + std::to_string(rows) + "x" + std::to_string(columns);
  const std::int64_t n = rows * columns, bytes = 2 * n * std::int64_t(sizeof(T));
  const std::int64_t slices = dim == 0 ? columns : rows, length = dim == 0 ? rows : columns;
  auto data = [rows, columns] {
    Matrix src("bench::src", rows, columns), dst("bench::dst", rows, columns);
    fill_random(src);
    return std::make_pair(src, dst);
  };
  for_each_tessel_space([&](auto space, const std::string& implementation) {
    register_timed(name("scan", implementation, type_name<T>(), shape), n, bytes, [=] {
      const auto src_and_dst = data();
      auto src = src_and_dst.first;
      auto dst = src_and_dst.second;
      return [=] { tessel::inclusive_scan(space, src, dst, tessel::Plus{}, tessel::ScanOptions{dim}); };
    });
  });
  register_timed(name("scan", "kokkos", type_name<T>(), shape), n, bytes, [=] {
    const auto src_and_dst = data();
    auto src = src_and_dst.first;
    auto dst = src_and_dst.second;
    return [=] {
      using Member = Kokkos::TeamPolicy<Space>::member_type;
      Kokkos::parallel_for(
          "bench::kokkos_team_scan", Kokkos::TeamPolicy<Space>(Space(), static_cast<int>(slices), Kokkos::AUTO),
          KOKKOS_LAMBDA(const Member& team) {
            const std::int64_t s = team.league_rank();
            Kokkos::parallel_scan(Kokkos::TeamThreadRange(team, length), [&](std::int64_t p, T& update, bool final) {
              const T x = dim == 0 ? src(p, s) : src(s, p);
              update += x;
              if (final) (dim == 0 ? dst(p, s) : dst(s, p)) = update;
            });
          });
    };
  });
#if defined(TESSEL_PERF_CUB)
  if (dim == 0) cub_baselines::scan_dim0<T>(shape, rows, columns, data);
#endif
  if constexpr (host_accessible) {
    // The loop a user writes: one slice after the other.
    register_timed(name("scan", "loop", type_name<T>(), shape), n, bytes, [=] {
      const auto src_and_dst = data();
      auto src = src_and_dst.first;
      auto dst = src_and_dst.second;
      return [=] {
        for (std::int64_t s = 0; s < slices; ++s) {
          T running = 0;
          for (std::int64_t p = 0; p < length; ++p) {
            running += dim == 0 ? src(p, s) : src(s, p);
            (dim == 0 ? dst(p, s) : dst(s, p)) = running;
          }
        }
      };
    });
    // Rows (strided in LayoutLeft) as a user who walks the matrix in memory
    // order scans them: each column is the previous column of results plus
    // this one, a loop the compiler vectorises.
    if (dim == 1)
      register_timed(name("scan", "loop-memory-order", type_name<T>(), shape), n, bytes, [=] {
        const auto src_and_dst = data();
        auto src = src_and_dst.first;
        auto dst = src_and_dst.second;
        return [=] {
          const T* in = src.data();
          T* out = dst.data();
          const std::int64_t in_column = src.stride(1), out_column = dst.stride(1);
          for (std::int64_t i = 0; i < rows; ++i) out[i] = in[i];
          for (std::int64_t j = 1; j < columns; ++j) {
            const T* column = in + j * in_column;
            const T* previous = out + (j - 1) * out_column;
            T* result = out + j * out_column;
            for (std::int64_t i = 0; i < rows; ++i) result[i] = previous[i] + column[i];
          }
        };
      });
  }
}

template <class T>
void register_type() {
  for (std::int64_t n : {10000LL, 100000LL, 1000000LL, 10000000LL, 16777216LL, 100000000LL}) register_whole<T>(n);
  // Square, tall-skinny and wide-skinny LayoutLeft matrices of 10^4 to 10^8
  // elements, and the 4096 x 4096 of the README's table.
  for (std::int64_t side : {100LL, 1000LL, 4096LL, 10000LL})
    for (int dim : {0, 1}) register_along_dim<T>(side, side, dim);
  for (std::int64_t n : {10000LL, 1000000LL, 100000000LL})
    for (int dim : {0, 1}) {
      register_along_dim<T>(n / 16, 16, dim);
      register_along_dim<T>(16, n / 16, dim);
    }
}

}  // namespace

void register_scan_benchmarks() {
  register_type<float>();
  register_type<double>();
  register_type<std::int64_t>();
  // Complex sums, whole arrays: tessel's tile paths take Plus's exact
  // neutral element (-0.0, -0.0), where a class without one would carry
  // optional partials.
  for (std::int64_t n : {10000LL, 1000000LL, 16777216LL}) register_whole<Kokkos::complex<double>>(n);
}

}  // namespace tessel_perf
