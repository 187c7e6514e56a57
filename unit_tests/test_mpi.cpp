// tessel::mpi under mpirun -n 1..4: every rank holds a block of one global
// array (uneven sizes, empty ranks among them); the result is gathered and
// compared on every rank with a std reference over the gathered input.
// Expectations never return early: every rank reaches every collective.

#include <host_reference.hpp>
#include <sort_test_support.hpp>
#include <test_helpers.hpp>

#include <tessel/mpi.hpp>

#include <numeric>

namespace {

using Space = Kokkos::DefaultExecutionSpace;
using Memory = Space::memory_space;
using namespace tessel_test;

int rank_of(MPI_Comm comm = MPI_COMM_WORLD) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  return rank;
}
int size_of(MPI_Comm comm = MPI_COMM_WORLD) {
  int size = 0;
  MPI_Comm_size(comm, &size);
  return size;
}

// Every rank's vector, concatenated in rank order (plain MPI, not tessel's).
template <class T>
std::vector<T> gather_all(const std::vector<T>& mine) {
  const int size = size_of();
  int count = static_cast<int>(mine.size() * sizeof(T));
  std::vector<int> counts(size), displacements(size);
  MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
  int total = 0;
  for (int r = 0; r < size; ++r) {
    displacements[r] = total;
    total += counts[r];
  }
  std::vector<T> all(total / sizeof(T));
  MPI_Allgatherv(mine.data(), count, MPI_BYTE, all.data(), counts.data(), displacements.data(), MPI_BYTE,
                 MPI_COMM_WORLD);
  return all;
}

// The elements of the ranks below this one, which hold n each.
std::size_t elements_below(std::size_t n) {
  const auto sizes = gather_all(std::vector<std::size_t>{n});
  std::size_t below = 0;
  for (int r = 0; r < rank_of(); ++r) below += sizes[r];
  return below;
}

// Local sizes: uneven, with empty ranks (rank 1 of 3 or more ranks, and the
// last of 4). `scale` sets the order of magnitude.
std::size_t local_size(std::size_t scale) {
  const int rank = rank_of(), size = size_of();
  if (size >= 3 && rank == 1) return 0;
  if (size == 4 && rank == 3) return 0;
  return scale + (scale / 3) * static_cast<std::size_t>(rank) + 7 * static_cast<std::size_t>(rank);
}

template <class View>
std::vector<typename View::non_const_value_type> to_vector(const View& view) {
  const auto host = host_copy(view);
  std::vector<typename View::non_const_value_type> values(view.extent(0));
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = host(i);
  return values;
}

template <class View>
void from_vector(const View& view, const std::vector<typename View::non_const_value_type>& values) {
  fill_view(view, [&](std::array<std::size_t, 3> index, std::size_t) { return values[index[0]]; });
}

// A rank-1 view of n elements in the given layout (a strided window for
// LayoutStride).
template <class T, class Layout>
auto block_view(std::size_t n) {
  return make_view<T, 1, Layout, Space>({n, 1, 1}, "tessel_test::mpi::block");
}

template <class T>
struct Tag {
  using type = T;
};

// body(Tag<A>, Tag<B>) for every ordered pair of the three layouts.
template <class Body>
void for_each_layout_pair(Body&& body) {
  auto with_second = [&](auto first) {
    body(first, Tag<Kokkos::LayoutRight>{});
    body(first, Tag<Kokkos::LayoutLeft>{});
    body(first, Tag<Kokkos::LayoutStride>{});
  };
  with_second(Tag<Kokkos::LayoutRight>{});
  with_second(Tag<Kokkos::LayoutLeft>{});
  with_second(Tag<Kokkos::LayoutStride>{});
}

// Every rank agrees on whether every rank saw no mismatch.
void expect_all_ranks_match(std::int64_t mismatches, const std::string& what) {
  std::int64_t total = 0;
  MPI_Allreduce(&mismatches, &total, 1, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
  EXPECT_EQ(total, 0) << what << ": mismatches summed over all ranks (this rank: " << mismatches << ")";
}

// Composition of affine maps x -> a x + b on uint32 (exact, wrapping):
// associative, not commutative.
struct Affine {
  std::uint32_t a, b;
};
struct Compose {
  KOKKOS_INLINE_FUNCTION Affine operator()(const Affine& f, const Affine& g) const {
    return Affine{f.a * g.a, f.b * g.a + g.b};  // f, then g
  }
};
// op(x, y) = x: associative, no neutral element (a left-zero semigroup).
struct First {
  KOKKOS_INLINE_FUNCTION std::int64_t operator()(std::int64_t x, std::int64_t) const { return x; }
};

std::vector<Affine> random_affine(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  std::vector<Affine> values(n);
  for (auto& f : values) f = Affine{static_cast<std::uint32_t>(engine()) | 1u, static_cast<std::uint32_t>(engine())};
  return values;
}

template <class SrcLayout, class DstLayout>
void check_scans_of_layouts() {
  const std::size_t n = local_size(300);
  const auto input = random_affine(n, 11 + rank_of());
  const auto src = block_view<Affine, SrcLayout>(n);
  const auto dst = block_view<Affine, DstLayout>(n);
  from_vector(src.view, input);
  const auto all = gather_all(input);
  const std::size_t offset = elements_below(n);
  // Inclusive: x0, x0∘x1, ...
  tessel::mpi::inclusive_scan(MPI_COMM_WORLD, Space(), src.view, dst.view, Compose{});
  Space().fence();
  std::vector<Affine> expected(all.size());
  for (std::size_t i = 0; i < all.size(); ++i) expected[i] = i == 0 ? all[0] : Compose{}(expected[i - 1], all[i]);
  auto got = to_vector(dst.view);
  std::int64_t bad = 0;
  for (std::size_t i = 0; i < n; ++i)
    bad += got[i].a != expected[offset + i].a || got[i].b != expected[offset + i].b;
  expect_all_ranks_match(bad, "inclusive_scan of affine maps");

  // Exclusive from init: init, init∘x0, ...
  const Affine init{3, 5};
  tessel::mpi::exclusive_scan(MPI_COMM_WORLD, Space(), src.view, dst.view, Compose{}, init);
  Space().fence();
  got = to_vector(dst.view);
  bad = 0;
  Affine running = init;
  std::vector<Affine> exclusive(all.size());
  for (std::size_t i = 0; i < all.size(); ++i) {
    exclusive[i] = running;
    running = Compose{}(running, all[i]);
  }
  for (std::size_t i = 0; i < n; ++i)
    bad += got[i].a != exclusive[offset + i].a || got[i].b != exclusive[offset + i].b;
  expect_all_ranks_match(bad, "exclusive_scan of affine maps");
}

TEST(Mpi, ScansEveryPairOfLayouts) {
  for_each_layout_pair([](auto src, auto dst) {
    check_scans_of_layouts<typename decltype(src)::type, typename decltype(dst)::type>();
  });
}

// Large enough for several tiles per rank; in place; an operator without a
// neutral element, so that a prefix invented for rank 0 or an empty rank
// would show.
TEST(Mpi, ScansInPlaceWithoutNeutralElement) {
  const std::size_t n = local_size(20000);
  std::vector<std::int64_t> input(n);
  for (std::size_t i = 0; i < n; ++i) input[i] = static_cast<std::int64_t>(i * 7919 + 13 * rank_of() + 1);
  const auto all = gather_all(input);
  const std::size_t offset = elements_below(n);
  Kokkos::View<std::int64_t*, Memory> data("tessel_test::mpi::data", n);
  from_vector(data, input);
  tessel::mpi::inclusive_scan(MPI_COMM_WORLD, Space(), data, data, First{});
  auto got = to_vector(data);
  std::int64_t bad = 0;
  for (std::size_t i = 0; i < n; ++i) bad += got[i] != all[0];
  expect_all_ranks_match(bad, "inclusive_scan with op(x, y) = x");

  from_vector(data, input);
  tessel::mpi::inclusive_scan(MPI_COMM_WORLD, Space(), data, data, tessel::Plus{});
  got = to_vector(data);
  std::vector<std::int64_t> expected(all.size());
  std::inclusive_scan(all.begin(), all.end(), expected.begin());
  bad = 0;
  for (std::size_t i = 0; i < n; ++i) bad += got[i] != expected[offset + i];
  expect_all_ranks_match(bad, "inclusive_scan with Plus, in place");

  from_vector(data, input);
  tessel::mpi::exclusive_scan(MPI_COMM_WORLD, Space(), data, data, tessel::Plus{}, std::int64_t(-5));
  got = to_vector(data);
  std::exclusive_scan(all.begin(), all.end(), expected.begin(), std::int64_t(-5));
  bad = 0;
  for (std::size_t i = 0; i < n; ++i) bad += got[i] != expected[offset + i];
  expect_all_ranks_match(bad, "exclusive_scan with Plus, in place");
}

// Predicates are functors: nvcc rejects device lambdas in a test body.
struct MultipleOfThree {
  KOKKOS_INLINE_FUNCTION bool operator()(std::int32_t x) const { return x % 3 == 0; }
};
struct Always {
  KOKKOS_INLINE_FUNCTION bool operator()(std::int32_t) const { return true; }
};

TEST(Mpi, FindallGivesGlobalIndices) {
  const std::size_t n = local_size(5000);
  const auto input = random_values<std::int32_t>(n, 77 + rank_of(), -1000, 1000);
  Kokkos::View<std::int32_t*, Memory> view("tessel_test::mpi::findall", n);
  from_vector(view, input);
  const auto indices = tessel::mpi::findall(MPI_COMM_WORLD, Space(), view, MultipleOfThree{});
  const auto all = gather_all(input);
  std::vector<std::int64_t> expected;
  for (std::size_t i = 0; i < all.size(); ++i)
    if (all[i] % 3 == 0) expected.push_back(static_cast<std::int64_t>(i));
  const auto got = gather_all(to_vector(indices));
  EXPECT_EQ(got, expected);
}

template <class T>
std::vector<std::string> bit_patterns(const std::vector<T>& values) {
  std::vector<std::string> bits;
  for (const T& value : values) bits.push_back(bits_of(value));
  std::sort(bits.begin(), bits.end());
  return bits;
}

// The parts hold N / P elements (N / P + 1 on the first N % P ranks) and
// concatenate to the stable reference sort, bit for bit.
template <class T>
void check_global_sort(Pattern pattern, bool descending, const tessel::SortOptions& base) {
  const std::size_t n = local_size(3000);
  const auto input = make_keys<T>(n, pattern, 1000 + 17 * rank_of() + static_cast<int>(pattern));
  Kokkos::View<T*, Memory> keys("tessel_test::mpi::keys", n);
  from_vector(keys, input);
  tessel::SortOptions options = base;
  options.order = descending ? tessel::Order::descending : tessel::Order::ascending;
  const auto part = tessel::mpi::sort(MPI_COMM_WORLD, Space(), keys, options);
  const auto all = gather_all(input);
  const auto expected = reference_sorted(all, descending);
  const auto got_part = to_vector(part);
  const auto got = gather_all(got_part);
  const std::size_t ranks = size_of(), share = all.size() / ranks, extra = all.size() % ranks;
  const std::string what = std::string("sort of ") + pattern_name(pattern) + (descending ? ", descending" : "");
  EXPECT_EQ(got_part.size(), share + (std::size_t(rank_of()) < extra)) << what;
  // Bitonic sort is not stable: NaNs of other payloads may trade places, so
  // it is checked as sorted plus a bitwise permutation of the input.
  const bool stable = !std::holds_alternative<tessel::BitonicSort>(options.algorithm);
  std::int64_t bad = got.size() != expected.size();
  for (std::size_t i = 0; i < std::min(got.size(), expected.size()); ++i)
    bad += stable ? !same_bits(got[i], expected[i]) : !total_equal(got[i], expected[i]);
  if (!stable) bad += bit_patterns(got) != bit_patterns(all);
  expect_all_ranks_match(bad, what);
  const auto after = to_vector(keys);
  std::int64_t changed = 0;
  for (std::size_t i = 0; i < n; ++i) changed += !same_bits(after[i], input[i]);
  expect_all_ranks_match(changed, what + ": input changed");
}

TEST(Mpi, SortRandomDuplicatedSortedAndSpecialKeys) {
  for (const bool descending : {false, true}) {
    for (const Pattern pattern : {Pattern::random, Pattern::duplicates, Pattern::sorted, Pattern::reversed}) {
      check_global_sort<std::int32_t>(pattern, descending, {});
      check_global_sort<double>(pattern, descending, {});
    }
    check_global_sort<float>(Pattern::special, descending, {});
    check_global_sort<std::uint64_t>(Pattern::random, descending, {});
  }
}

TEST(Mpi, SortWithEveryAlgorithm) {
  for (const tessel::SortAlgorithm& algorithm :
       {tessel::SortAlgorithm{tessel::MergeSort{}}, tessel::SortAlgorithm{tessel::BitonicSort{}},
        tessel::SortAlgorithm{tessel::RadixSort{}}}) {
    tessel::SortOptions options;
    options.algorithm = algorithm;
    check_global_sort<float>(Pattern::special, false, options);
    check_global_sort<std::int64_t>(Pattern::duplicates, true, options);
  }
}

TEST(Mpi, SortOfAllEqualKeysIsBalanced) {
  const std::size_t n = local_size(4000);
  Kokkos::View<std::int32_t*, Memory> keys("tessel_test::mpi::equal", n);
  Kokkos::deep_copy(keys, 42);
  const auto part = tessel::mpi::sort(MPI_COMM_WORLD, Space(), keys);
  std::int64_t total = static_cast<std::int64_t>(n), all = 0;
  MPI_Allreduce(&total, &all, 1, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
  const std::int64_t ranks = size_of();
  EXPECT_EQ(std::int64_t(part.extent(0)), all / ranks + (rank_of() < all % ranks));
  const auto got = to_vector(part);
  expect_all_ranks_match(std::count_if(got.begin(), got.end(), [](std::int32_t x) { return x != 42; }),
                         "all-equal keys");
}

// Values are the global input positions: a stable sort keeps them increasing
// among equal keys. Every pair of layouts of keys and values.
template <class KeyLayout, class ValueLayout>
void check_sort_by_key() {
  const std::size_t n = local_size(2000);
  const auto input = make_keys<float>(n, Pattern::duplicates, 500 + rank_of());
  const std::size_t offset = elements_below(n);
  std::vector<std::int64_t> positions(n);
  std::iota(positions.begin(), positions.end(), static_cast<std::int64_t>(offset));
  const auto keys = block_view<float, KeyLayout>(n);
  const auto values = block_view<std::int64_t, ValueLayout>(n);
  from_vector(keys.view, input);
  from_vector(values.view, positions);
  const auto [key_part, value_part] = tessel::mpi::sort_by_key(MPI_COMM_WORLD, Space(), keys.view, values.view);
  const auto all_keys = gather_all(input);
  std::vector<std::int64_t> order(all_keys.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::int64_t a, std::int64_t b) { return total_less(all_keys[a], all_keys[b]); });
  const auto got_keys = gather_all(to_vector(key_part));
  const auto got_values = gather_all(to_vector(value_part));
  std::int64_t bad = got_keys.size() != order.size() || got_values.size() != order.size();
  for (std::size_t i = 0; i < std::min(got_keys.size(), order.size()); ++i)
    bad += !same_bits(got_keys[i], all_keys[order[i]]) || got_values[i] != order[i];
  expect_all_ranks_match(bad, "sort_by_key");
}

TEST(Mpi, SortByKeyEveryPairOfLayouts) {
  for_each_layout_pair([](auto keys, auto values) {
    check_sort_by_key<typename decltype(keys)::type, typename decltype(values)::type>();
  });
}

// Runs `call` on every rank; every rank must throw E, naming `text` on the
// rank that was wrong.
template <class E, class Call>
void expect_every_rank_throws(Call&& call, const std::string& text, bool this_rank_wrong) {
  std::int64_t bad = 0;
  try {
    call();
    bad = 1;
  } catch (const E& error) {
    if (this_rank_wrong && std::string(error.what()).find(text) == std::string::npos) bad = 1;
  } catch (...) {
    bad = 1;
  }
  expect_all_ranks_match(bad, "expected every rank to throw (" + text + ")");
}

TEST(Mpi, BadArgumentsThrowOnEveryRank) {
  const int last = size_of() - 1;
  const bool wrong = rank_of() == last;
  const std::size_t n = 100;
  Kokkos::View<std::int32_t*, Memory> src("tessel_test::mpi::src", n);
  Kokkos::View<std::int32_t*, Memory> dst("tessel_test::mpi::dst", wrong ? n + 1 : n);
  Kokkos::deep_copy(src, 3);
  Kokkos::deep_copy(dst, 9);
  expect_every_rank_throws<std::invalid_argument>(
      [&] { tessel::mpi::inclusive_scan(MPI_COMM_WORLD, Space(), src, dst, tessel::Plus{}); }, "extent", wrong);
  expect_every_rank_throws<std::invalid_argument>(
      [&] { tessel::mpi::exclusive_scan(MPI_COMM_WORLD, Space(), src, dst, tessel::Plus{}, 0); }, "extent", wrong);
  const auto dst_after = to_vector(dst);
  expect_all_ranks_match(std::count_if(dst_after.begin(), dst_after.end(), [](std::int32_t x) { return x != 9; }),
                         "dst written by a rejected scan");

  // Keys and values of different extents on one rank.
  Kokkos::View<double*, Memory> values("tessel_test::mpi::values", wrong ? n - 1 : n);
  expect_every_rank_throws<std::invalid_argument>(
      [&] { tessel::mpi::sort_by_key(MPI_COMM_WORLD, Space(), src, values); }, "extent", wrong);

  // A dim a rank-1 view does not have, on one rank.
  tessel::SortOptions options;
  options.dim = wrong ? 1 : -1;
  expect_every_rank_throws<std::invalid_argument>([&] { tessel::mpi::sort(MPI_COMM_WORLD, Space(), src, options); },
                                                  "dim 1", wrong);

  // Ranks that disagree on the key type (where there are two).
  if (size_of() > 1) {
    Kokkos::View<float*, Memory> floats("tessel_test::mpi::floats", n);
    expect_every_rank_throws<std::invalid_argument>(
        [&] {
          if (rank_of() == 0)
            tessel::mpi::sort(MPI_COMM_WORLD, Space(), floats);
          else
            tessel::mpi::sort(MPI_COMM_WORLD, Space(), src);
        },
        "different types", true);
  }
  const auto src_after = to_vector(src);
  expect_all_ranks_match(std::count_if(src_after.begin(), src_after.end(), [](std::int32_t x) { return x != 3; }),
                         "input written by a rejected call");
}

// Every function takes its family's options and a tuning (the sorts also a
// workspace and CommOptions), as values and as braced lists, and a bad
// option on one rank throws on every rank.
TEST(Mpi, OptionsTuningWorkspaceAndCommOptions) {
  const std::size_t n = local_size(4000);
  const auto input = random_values<std::int64_t>(n, 31 + rank_of(), -1000, 1000);
  const auto all = gather_all(input);
  const std::size_t offset = elements_below(n);
  tessel::TuningParameters tuning = tessel::Tuning<Space>{};
  tuning.team_size = 3;
  tuning.merge.runs_per_thread = 2;
  tuning.merge.items_per_thread = 2;
  Kokkos::View<std::int64_t*, Memory> src("tessel_test::mpi::src", n), dst("tessel_test::mpi::dst", n);
  from_vector(src, input);

  std::vector<std::int64_t> expected(all.size());
  std::inclusive_scan(all.begin(), all.end(), expected.begin());
  tessel::ScanOptions tiles;
  tiles.block_size = 3;
  tiles.items_per_thread = 2;
  tessel::mpi::inclusive_scan(MPI_COMM_WORLD, Space(), src, dst, tessel::Plus{}, tiles, tuning);
  auto got = to_vector(dst);
  std::int64_t bad = 0;
  for (std::size_t i = 0; i < n; ++i) bad += got[i] != expected[offset + i];
  expect_all_ranks_match(bad, "inclusive_scan with options and tuning");

  std::exclusive_scan(all.begin(), all.end(), expected.begin(), std::int64_t(7));
  tessel::mpi::exclusive_scan(MPI_COMM_WORLD, Space(), src, dst, tessel::Plus{}, std::int64_t(7), {-1, 2, 3});
  got = to_vector(dst);
  bad = 0;
  for (std::size_t i = 0; i < n; ++i) bad += got[i] != expected[offset + i];
  expect_all_ranks_match(bad, "exclusive_scan with braced options");

  Kokkos::View<std::int32_t*, Memory> small("tessel_test::mpi::small", n);
  std::vector<std::int32_t> narrow(input.begin(), input.end());
  from_vector(small, narrow);
  std::vector<std::int64_t> multiples;
  for (std::size_t i = 0; i < all.size(); ++i)
    if (all[i] % 3 == 0) multiples.push_back(static_cast<std::int64_t>(i));
  const auto indices = tessel::mpi::findall(MPI_COMM_WORLD, Space(), small, MultipleOfThree{}, {2, 3}, tuning);
  EXPECT_EQ(gather_all(to_vector(indices)), multiples);

  tessel::SortOptions options;
  options.algorithm = tessel::MergeSort{};
  options.order = tessel::Order::descending;
  tessel::SortWorkspace<Memory> workspace;
  const auto part = tessel::mpi::sort(MPI_COMM_WORLD, Space(), src, options, workspace, tuning, tessel::mpi::CommOptions{});
  EXPECT_GT(workspace.size(), 0u) << "the local sorts did not take the workspace";
  const auto sorted = gather_all(to_vector(part));
  auto reference = all;
  std::sort(reference.begin(), reference.end(), std::greater<>());
  EXPECT_EQ(sorted, reference);
  const auto pairs = tessel::mpi::sort_by_key(MPI_COMM_WORLD, Space(), src, dst, {-1, tessel::Order::ascending,
                                                                                  tessel::RadixSort{}}, tuning);
  std::sort(reference.begin(), reference.end());
  EXPECT_EQ(gather_all(to_vector(pairs.first)), reference);

  // A negative block size on the last rank only.
  const bool wrong = rank_of() == size_of() - 1;
  tiles.block_size = wrong ? -1 : 0;
  expect_every_rank_throws<std::invalid_argument>(
      [&] { tessel::mpi::inclusive_scan(MPI_COMM_WORLD, Space(), src, dst, tessel::Plus{}, tiles); }, "block_size",
      wrong);
  expect_every_rank_throws<std::invalid_argument>(
      [&] {
        tessel::mpi::findall(MPI_COMM_WORLD, Space(), small, MultipleOfThree{}, {wrong ? -2 : 0, 0});
      },
      "block_size", wrong);
}

TEST(Mpi, NullCommunicatorThrows) {
  Kokkos::View<std::int32_t*, Memory> view("tessel_test::mpi::view", 10);
  EXPECT_THROW(tessel::mpi::inclusive_scan(MPI_COMM_NULL, Space(), view, view, tessel::Plus{}), std::invalid_argument);
  EXPECT_THROW(tessel::mpi::sort(MPI_COMM_NULL, Space(), view), std::invalid_argument);
  EXPECT_THROW(tessel::mpi::findall(MPI_COMM_NULL, Space(), view, Always{}),
               std::invalid_argument);
}

// A communicator other than MPI_COMM_WORLD: each half of the ranks sorts its
// own array.
TEST(Mpi, SortOnASplitCommunicator) {
  MPI_Comm half;
  MPI_Comm_split(MPI_COMM_WORLD, rank_of() % 2, rank_of(), &half);
  const std::size_t n = 1000 + 10 * rank_of();
  const auto input = make_keys<std::int32_t>(n, Pattern::random, 4242 + rank_of());
  Kokkos::View<std::int32_t*, Memory> keys("tessel_test::mpi::split", n);
  from_vector(keys, input);
  const auto part = to_vector(tessel::mpi::sort(half, Space(), keys));
  // Gather within the half by hand.
  const int size = size_of(half);
  int count = static_cast<int>(input.size()), part_count = static_cast<int>(part.size());
  std::vector<int> counts(size), part_counts(size), displacements(size), part_displacements(size);
  MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, half);
  MPI_Allgather(&part_count, 1, MPI_INT, part_counts.data(), 1, MPI_INT, half);
  std::exclusive_scan(counts.begin(), counts.end(), displacements.begin(), 0);
  std::exclusive_scan(part_counts.begin(), part_counts.end(), part_displacements.begin(), 0);
  std::vector<std::int32_t> all(std::accumulate(counts.begin(), counts.end(), 0)), got(all.size());
  MPI_Allgatherv(input.data(), count, MPI_INT32_T, all.data(), counts.data(), displacements.data(), MPI_INT32_T, half);
  MPI_Allgatherv(part.data(), part_count, MPI_INT32_T, got.data(), part_counts.data(), part_displacements.data(),
                 MPI_INT32_T, half);
  std::sort(all.begin(), all.end());
  expect_all_ranks_match(got != all, "sort on a split communicator");
  MPI_Comm_free(&half);
}

}  // namespace
