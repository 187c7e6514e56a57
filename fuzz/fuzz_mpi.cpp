// tessel_fuzz_mpi: a distributed differential fuzzer of tessel::mpi, run under
// mpirun with 2 to 4 ranks. Every rank draws the same case from the seed and
// its index: the function, the types, the operator or the sort algorithm and
// order, each rank's block (empty ones included) and the global data. Each
// rank calls tessel::mpi on its block; the gathered result is checked against
// a host reference of the whole array, bit for bit.
//
//   mpirun -n 3 tessel_fuzz_mpi [--seconds S] [--cases N] [--seed K] [--case I] [--verbose]
#include "fuzz_settings.hpp"
#include "fuzz_support.hpp"

#include <tessel/mpi.hpp>

#include <chrono>
#include <iostream>
#include <map>

namespace {

using tessel_fuzz::CaseFailure;
using tessel_fuzz::chance;
using tessel_fuzz::Engine;
using tessel_fuzz::pick;
using Memory = tessel_fuzz::Memory;
using Space = tessel_fuzz::Space;

// Affine maps x -> a x + b of unsigned 32-bit integers under composition:
// associative, not commutative, and with no identity tessel knows of.
struct Affine {
  std::uint32_t a, b;
};
struct Compose {
  KOKKOS_INLINE_FUNCTION Affine operator()(const Affine& first, const Affine& then) const {
    return {first.a * then.a, then.a * first.b + then.b};
  }
};
struct Positive {
  KOKKOS_INLINE_FUNCTION bool operator()(float x) const { return x > 0.0f; }
};

struct Ranks {
  int rank = 0, count = 1;
};

// The block of every rank: some empty, some of a few elements, some long.
std::vector<std::int64_t> draw_blocks(Engine& engine, int ranks) {
  std::vector<std::int64_t> blocks(static_cast<std::size_t>(ranks));
  for (auto& block : blocks) {
    if (chance(engine, 20)) block = 0;
    else if (chance(engine, 30)) block = std::int64_t(1 + pick(engine, 8));
    else block = std::int64_t(1 + pick(engine, chance(engine, 20) ? 40000 : 3000));
  }
  return blocks;
}

template <class T>
std::vector<T> draw_values(Engine& engine, std::size_t n) {
  if constexpr (std::is_same_v<T, Affine>) {
    std::vector<Affine> values(n);
    for (auto& value : values) value = {std::uint32_t(engine()) | 1u, std::uint32_t(engine())};
    return values;
  } else {
    return tessel_fuzz::adversarial<T>(engine, n, tessel_fuzz::random_data(engine));
  }
}

template <class T>
Kokkos::View<T*, Memory> device_block(const std::vector<T>& global, std::int64_t first, std::int64_t length) {
  Kokkos::View<T*, Memory> view("tessel_fuzz_mpi::block", std::size_t(length));
  auto host = Kokkos::create_mirror_view(view);
  for (std::int64_t i = 0; i < length; ++i) host(i) = global[std::size_t(first + i)];
  Kokkos::deep_copy(view, host);
  return view;
}

// Every rank's view, gathered in rank order on every rank.
template <class View>
std::vector<typename View::non_const_value_type> gather(const Ranks& ranks, const View& view) {
  using T = typename View::non_const_value_type;
  auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), view);
  const int bytes = int(host.extent(0) * sizeof(T));
  std::vector<int> counts(std::size_t(ranks.count)), displacements(std::size_t(ranks.count), 0);
  MPI_Allgather(&bytes, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
  for (std::size_t r = 1; r < counts.size(); ++r) displacements[r] = displacements[r - 1] + counts[r - 1];
  std::vector<T> all(std::size_t(displacements.back() + counts.back()) / sizeof(T));
  MPI_Allgatherv(host.data(), bytes, MPI_BYTE, all.data(), counts.data(), displacements.data(), MPI_BYTE,
                 MPI_COMM_WORLD);
  return all;
}

template <class T>
bool same(const T& a, const T& b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

template <class T>
void expect_same(const std::vector<T>& got, const std::vector<T>& expected, const char* what) {
  if (got.size() != expected.size())
    throw CaseFailure(std::string(what) + ": " + std::to_string(got.size()) + " elements, expected " +
                      std::to_string(expected.size()));
  for (std::size_t i = 0; i < got.size(); ++i)
    if (!same(got[i], expected[i])) throw CaseFailure(std::string(what) + ": differs at global index " + std::to_string(i));
}

template <class T, class Op>
void scan_case(Engine& engine, const Ranks& ranks, const std::vector<std::int64_t>& blocks, std::int64_t first,
               Op op, const char* type, std::ostream& log) {
  std::int64_t total = 0;
  for (auto block : blocks) total += block;
  const auto global = draw_values<T>(engine, std::size_t(total));
  const bool exclusive = chance(engine, 50);
  const T init = draw_values<T>(engine, 1)[0];
  const bool in_place = chance(engine, 30);
  log << (exclusive ? " exclusive_scan" : " inclusive_scan") << " of " << type << (in_place ? ", in place" : "");
  const std::int64_t length = blocks[std::size_t(ranks.rank)];
  const auto src = device_block(global, first, length);
  const auto dst = in_place ? src : Kokkos::View<T*, Memory>("tessel_fuzz_mpi::dst", std::size_t(length));
  if (exclusive)
    tessel::mpi::exclusive_scan(MPI_COMM_WORLD, Space(), src, dst, op, init);
  else
    tessel::mpi::inclusive_scan(MPI_COMM_WORLD, Space(), src, dst, op);
  Space().fence();
  std::vector<T> expected(global.size());
  for (std::size_t i = 0; i < global.size(); ++i) {
    if (exclusive)
      expected[i] = i == 0 ? init : op(expected[i - 1], global[i - 1]);
    else
      expected[i] = i == 0 ? global[0] : op(expected[i - 1], global[i]);
  }
  expect_same(gather(ranks, dst), expected, "the gathered scan");
}

void findall_case(Engine& engine, const Ranks& ranks, const std::vector<std::int64_t>& blocks, std::int64_t first,
                  std::ostream& log) {
  std::int64_t total = 0;
  for (auto block : blocks) total += block;
  const auto global = draw_values<float>(engine, std::size_t(total));
  log << " findall of floats > 0";
  const auto view = device_block(global, first, blocks[std::size_t(ranks.rank)]);
  const auto indices = tessel::mpi::findall(MPI_COMM_WORLD, Space(), view, Positive{});
  Space().fence();
  std::vector<std::int64_t> expected;
  for (std::size_t i = 0; i < global.size(); ++i)
    if (global[i] > 0.0f) expected.push_back(std::int64_t(i));
  expect_same(gather(ranks, indices), expected, "the gathered indices");
}

// A global sort: each rank's part has N / P elements (one more on the first
// N % P ranks), and the parts in rank order are the stable sort of the whole
// array; BitonicSort makes it a sorted permutation, not necessarily stable.
template <class Key>
void sort_case(Engine& engine, const Ranks& ranks, const std::vector<std::int64_t>& blocks, std::int64_t first,
               bool by_key, const char* type, std::ostream& log) {
  std::int64_t total = 0;
  for (auto block : blocks) total += block;
  const auto global = draw_values<Key>(engine, std::size_t(total));
  tessel::SortOptions options;
  options.order = chance(engine, 50) ? tessel::Order::ascending : tessel::Order::descending;
  static const char* names[] = {"AutoSort", "MergeSort", "RadixSort", "BitonicSort"};
  const std::size_t algorithm = pick(engine, 4);
  const tessel::SortAlgorithm algorithms[] = {tessel::AutoSort{}, tessel::MergeSort{}, tessel::RadixSort{},
                                              tessel::BitonicSort{}};
  options.algorithm = algorithms[algorithm];
  const bool stable = algorithm != 3;
  const bool descending = options.order == tessel::Order::descending;
  log << (by_key ? " sort_by_key of " : " sort of ") << type << ", " << names[algorithm]
      << (descending ? ", descending" : ", ascending");

  const std::int64_t length = blocks[std::size_t(ranks.rank)];
  const auto keys = device_block(global, first, length);
  std::vector<std::int64_t> positions(global.size());
  for (std::size_t i = 0; i < positions.size(); ++i) positions[i] = std::int64_t(i);
  Kokkos::View<Key*, Memory> sorted_keys;
  Kokkos::View<std::int64_t*, Memory> sorted_positions;
  if (by_key) {
    const auto values = device_block(positions, first, length);
    std::tie(sorted_keys, sorted_positions) = tessel::mpi::sort_by_key(MPI_COMM_WORLD, Space(), keys, values, options);
  } else {
    sorted_keys = tessel::mpi::sort(MPI_COMM_WORLD, Space(), keys, options);
  }
  Space().fence();

  const std::int64_t part = total / ranks.count + (ranks.rank < total % ranks.count ? 1 : 0);
  if (std::int64_t(sorted_keys.extent(0)) != part)
    throw CaseFailure("rank " + std::to_string(ranks.rank) + " holds " + std::to_string(sorted_keys.extent(0)) +
                      " keys, expected " + std::to_string(part));
  auto before = [&](std::int64_t a, std::int64_t b) {
    const Key x = global[std::size_t(a)], y = global[std::size_t(b)];
    return descending ? tessel_test::total_less(y, x) : tessel_test::total_less(x, y);
  };
  std::stable_sort(positions.begin(), positions.end(), before);
  std::vector<Key> expected_keys(positions.size());
  for (std::size_t i = 0; i < positions.size(); ++i) expected_keys[i] = global[std::size_t(positions[i])];
  auto got_keys = gather(ranks, sorted_keys);
  std::vector<std::int64_t> got_positions = by_key ? gather(ranks, sorted_positions) : positions;
  if (!stable) {
    // Keys in order, and the same (key, position) records: compare as multisets.
    for (std::size_t i = 1; i < got_keys.size(); ++i)
      if (descending ? tessel_test::total_less(got_keys[i - 1], got_keys[i])
                     : tessel_test::total_less(got_keys[i], got_keys[i - 1]))
        throw CaseFailure("the gathered keys are out of order at global index " + std::to_string(i));
    auto bits_then_position = [&](const std::vector<Key>& k, std::vector<std::int64_t>& p) {
      std::vector<std::size_t> order(k.size());
      for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
      std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const int c = std::memcmp(&k[a], &k[b], sizeof(Key));
        return c != 0 ? c < 0 : p[a] < p[b];
      });
      std::vector<Key> keys_out(k.size());
      std::vector<std::int64_t> positions_out(k.size());
      for (std::size_t i = 0; i < order.size(); ++i) {
        keys_out[i] = k[order[i]];
        positions_out[i] = p[order[i]];
      }
      p = positions_out;
      return keys_out;
    };
    got_keys = bits_then_position(got_keys, got_positions);
    expected_keys = bits_then_position(expected_keys, positions);
  }
  expect_same(got_keys, expected_keys, "the gathered keys");
  if (by_key) expect_same(got_positions, positions, "the gathered values");
}

void run_case(Engine& engine, const Ranks& ranks, std::ostream& log, std::string& family) {
  const auto blocks = draw_blocks(engine, ranks.count);
  std::int64_t first = 0;
  for (int r = 0; r < ranks.rank; ++r) first += blocks[std::size_t(r)];
  log << " blocks";
  for (auto block : blocks) log << ' ' << block;
  switch (pick(engine, 9)) {
    case 0: family = "scan"; scan_case<std::uint64_t>(engine, ranks, blocks, first, tessel::Plus{}, "uint64 Plus", log); break;
    case 1: family = "scan"; scan_case<std::int32_t>(engine, ranks, blocks, first, tessel::Max{}, "int32 Max", log); break;
    case 2: family = "scan"; scan_case<float>(engine, ranks, blocks, first, tessel::Min{}, "float Min", log); break;
    case 3: family = "scan"; scan_case<Affine>(engine, ranks, blocks, first, Compose{}, "affine maps", log); break;
    case 4: family = "findall"; findall_case(engine, ranks, blocks, first, log); break;
    case 5: family = "sort"; sort_case<float>(engine, ranks, blocks, first, false, "float", log); break;
    case 6: family = "sort"; sort_case<std::int64_t>(engine, ranks, blocks, first, false, "int64", log); break;
    case 7: family = "sort_by_key"; sort_case<double>(engine, ranks, blocks, first, true, "double", log); break;
    default: family = "sort_by_key"; sort_case<std::uint16_t>(engine, ranks, blocks, first, true, "uint16", log); break;
  }
}

}  // namespace

int main(int argc, char* argv[]) {
  MPI_Init(&argc, &argv);
  Ranks ranks;
  MPI_Comm_rank(MPI_COMM_WORLD, &ranks.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks.count);
  Kokkos::initialize(argc, argv);
  int failures = 0;
  {
    const tessel_fuzz::Settings settings = tessel_fuzz::parse("tessel_fuzz_mpi", argc, argv);
    const auto start = std::chrono::steady_clock::now();
    std::map<std::string, long long> counts;
    long long ran = 0;
    for (long long index = settings.only >= 0 ? settings.only : 0;; ++index) {
      // Rank 0 decides whether another case runs, so that every rank stops together.
      int go = settings.only >= 0 ? ran == 0
                                  : (settings.cases < 0 || index < settings.cases) &&
                                        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() <
                                            settings.seconds &&
                                        failures < 10;
      MPI_Bcast(&go, 1, MPI_INT, 0, MPI_COMM_WORLD);
      if (!go) break;
      Engine engine = tessel_fuzz::case_engine(settings.seed, index);
      std::ostringstream log;
      std::string family = "?";
      int failed = 0;
      try {
        run_case(engine, ranks, log, family);
      } catch (const std::exception& error) {
        failed = 1;
        std::cout << "FAILED case " << index << " (" << family << ") on rank " << ranks.rank << " of " << ranks.count
                  << ": " << error.what() << "\n  case:" << log.str() << "\n  reproduce: mpirun -n " << ranks.count
                  << " tessel_fuzz_mpi --seed " << settings.seed << " --case " << index << std::endl;
      }
      int any = 0;
      MPI_Allreduce(&failed, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
      failures += any;
      ++ran;
      ++counts[family];
      if (settings.verbose && ranks.rank == 0) std::cout << "case " << index << ":" << log.str() << "\n";
    }
    if (ranks.rank == 0) {
      std::cout << "tessel_fuzz_mpi on " << Space::name() << ", " << ranks.count << " ranks, seed " << settings.seed
                << ": " << ran << " cases in "
                << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() << " s (";
      for (const auto& [family, count] : counts) std::cout << family << ' ' << count << ", ";
      std::cout << "failed " << failures << ")\n" << (ran - failures) << " passed, " << failures << " failed\n";
    }
  }
  Kokkos::finalize();
  MPI_Finalize();
  return failures == 0 ? 0 : 1;
}
