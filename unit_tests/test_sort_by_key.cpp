// sort_by_key, sortperm, comparators, workspaces and errors.
#include <sort_test_support.hpp>

namespace {

using namespace tessel_test;

template <class Space>
class SortByKey : public ::testing::Test {};
TYPED_TEST_SUITE(SortByKey, TestSpaces);

template <class Algorithm>
bool is_stable() {
  return std::is_same_v<Algorithm, tessel::MergeSort> || std::is_same_v<Algorithm, tessel::RadixSort>;
}

// Values are the keys' input positions: a stable sort must keep equal keys'
// positions increasing, and every algorithm must keep each pair together.
template <class Space, class Algorithm>
void check_by_key(std::size_t n, bool descending, const tessel::TuningParameters& tuning) {
  const auto keys_in = make_keys<double>(n, Pattern::duplicates, n);
  Kokkos::View<double*, typename Space::memory_space> keys("tessel_test::keys", n);
  Kokkos::View<std::int64_t*, typename Space::memory_space> values("tessel_test::values", n);
  fill_view(keys, [&](auto, std::size_t flat) { return keys_in[flat]; });
  fill_view(values, [&](auto, std::size_t flat) { return std::int64_t(flat); });
  tessel::sort_by_key(Space(), keys, values, sort_options<Algorithm>(-1, descending), tuning);
  auto got_keys = to_host(keys);
  auto got_values = to_host(values);
  const std::vector<std::size_t> order = stable_order(keys_in, descending);
  std::vector<bool> seen(n, false);
  for (std::size_t i = 0; i < n; ++i) {
    const std::int64_t from = got_values(i);
    ASSERT_TRUE(from >= 0 && std::size_t(from) < n && !seen[from]) << "values are not a permutation at " << i;
    seen[from] = true;
    ASSERT_TRUE(same_bits(got_keys(i), keys_in[from])) << "pair broken at " << i;
    ASSERT_TRUE(total_equal(got_keys(i), keys_in[order[i]])) << "not sorted at " << i;
    if (is_stable<Algorithm>()) {
      ASSERT_EQ(std::size_t(from), order[i]) << "unstable at " << i;
    }
  }
}

TYPED_TEST(SortByKey, StableMergeKeepsEqualKeysInOrderBothWays) {
  using Space = TypeParam;
  for (bool descending : {false, true}) {
    for (std::size_t n : {1, 2, 31, 1000, 1025, 4000}) check_by_key<Space, tessel::MergeSort>(n, descending, tessel::Tuning<Space>{});
    for (const auto& tuning : tiny_sort_tunings(tessel::Tuning<Space>{}))
      for (std::size_t n : {9, 50, 111}) check_by_key<Space, tessel::MergeSort>(n, descending, tuning);
  }
}

TYPED_TEST(SortByKey, BitonicKeepsPairsTogether) {
  using Space = TypeParam;
  for (bool descending : {false, true}) {
    for (std::size_t n : {1, 3, 31, 1000, 1025, 4000}) check_by_key<Space, tessel::BitonicSort>(n, descending, tessel::Tuning<Space>{});
    for (const auto& tuning : tiny_sort_tunings(tessel::Tuning<Space>{}))
      for (std::size_t n : {9, 50}) check_by_key<Space, tessel::BitonicSort>(n, descending, tuning);
  }
}

template <class Space, class Algorithm, class Perm>
void check_sortperm_dims(const tessel::TuningParameters& tuning) {
  for (auto extents : std::vector<std::array<std::size_t, 3>>{{30, 7, 1}, {7, 300, 1}, {1, 5, 1}, {0, 3, 1}}) {
    for (int dim = 0; dim < 2; ++dim)
      for (bool descending : {false, true}) {
        Kokkos::View<float**, Kokkos::LayoutLeft, typename Space::memory_space> keys("tessel_test::keys", extents[0],
                                                                                    extents[1]);
        const auto values = make_keys<float>(keys.size(), Pattern::special, dim + 7);
        fill_view(keys, [&](auto, std::size_t flat) { return values[flat]; });
        const auto before = host_copy(keys);
        Kokkos::View<Perm**, Kokkos::LayoutRight, typename Space::memory_space> perm("tessel_test::perm", extents[0],
                                                                                    extents[1]);
        tessel::sortperm(Space(), perm, keys, sort_options<Algorithm>(dim, descending), tuning);
        auto after = to_host(keys);
        for (std::size_t i = 0; i < after.span(); ++i) ASSERT_TRUE(same_bits(after.data()[i], before.data()[i])) << "keys changed";
        const auto key_slices = host_slices(before, dim);
        const auto perm_slices = host_slices(to_host(perm), dim);
        for (std::size_t s = 0; s < key_slices.size(); ++s) {
          std::vector<float> permuted;
          std::vector<bool> seen(key_slices[s].size(), false);
          for (Perm p : perm_slices[s]) {
            ASSERT_TRUE(p >= 0 && std::size_t(p) < seen.size() && !seen[p]) << "perm is not a permutation";
            seen[p] = true;
            permuted.push_back(key_slices[s][p]);
          }
          expect_sorted_slice(key_slices[s], permuted, descending, is_stable<Algorithm>(),
                              "sortperm dim " + std::to_string(dim) + " slice " + std::to_string(s));
        }
      }
  }
}

TYPED_TEST(SortByKey, SortpermAlongDims) {
  using Space = TypeParam;
  check_sortperm_dims<Space, tessel::MergeSort, int>(tessel::Tuning<Space>{});
  check_sortperm_dims<Space, tessel::BitonicSort, std::int64_t>(tessel::Tuning<Space>{});
  check_sortperm_dims<Space, tessel::MergeSort, std::int16_t>(tiny_sort_tunings(tessel::Tuning<Space>{})[3]);
}

// Slices of up to Tuning::merge.rank_length records that one-thread teams
// sort whole in their tiles are ranked (rank_sort.hpp); others, and all
// with a rank length of 0, are insertion-sorted whole up to
// insertion_cached (16, team_sort.hpp) records and in runs that are then
// merged beyond. Every key type's path through the ranks (float and
// int32: 32-bit compares with ties; int64 keys of a narrow range: unique
// keys; double keys of a wide range: declined, insertion-sorted), lengths
// around the insertion run and rank_sort's capacity, rank lengths that
// include and exclude them, both orders, slices contiguous (dim 0) and
// strided (dim 1), values of the other layout. Each slice must be the
// host's stable sort, keys bit for bit, values following their keys.
template <class Space, class Key>
void check_ranked_slices(Pattern pattern) {
  for (int rank_length : {0, 16, 64, 1000})
    for (std::size_t length : {1, 2, 15, 16, 17, 31, 63, 64, 65})
      for (int dim : {0, 1})
        for (bool descending : {false, true}) {
          const std::size_t slices = 23;
          const std::size_t rows = dim == 0 ? length : slices, columns = dim == 0 ? slices : length;
          Kokkos::View<Key**, Kokkos::LayoutLeft, typename Space::memory_space> keys("tessel_test::keys", rows, columns);
          Kokkos::View<std::int32_t**, Kokkos::LayoutRight, typename Space::memory_space> values("tessel_test::values",
                                                                                                rows, columns);
          const auto input = make_keys<Key>(rows * columns, pattern, length * 131 + dim);
          fill_view(keys, [&](auto, std::size_t flat) { return input[flat]; });
          fill_view(values, [&](auto index, std::size_t) { return std::int32_t(index[dim]); });
          const auto before = host_slices(to_host(keys), dim);
          tessel::TuningParameters tuning = tessel::Tuning<Space>{};
          tuning.merge.rank_length = rank_length;
          tessel::sort_by_key(Space(), keys, values, sort_options<tessel::MergeSort>(dim, descending), tuning);
          const auto got_keys = host_slices(to_host(keys), dim);
          const auto got_values = host_slices(to_host(values), dim);
          for (std::size_t s = 0; s < slices; ++s) {
            std::vector<std::int32_t> order(length);
            std::iota(order.begin(), order.end(), 0);
            std::stable_sort(order.begin(), order.end(), [&](std::int32_t a, std::int32_t b) {
              return descending ? total_less(before[s][b], before[s][a]) : total_less(before[s][a], before[s][b]);
            });
            for (std::size_t i = 0; i < length; ++i) {
              ASSERT_EQ(got_values[s][i], order[i]) << "rank length " << rank_length << ", length " << length << ", dim "
                                                    << dim << ", slice " << s << ", position " << i;
              ASSERT_TRUE(same_bits(got_keys[s][i], before[s][order[i]])) << "length " << length << " slice " << s;
            }
          }
        }
}

TYPED_TEST(SortByKey, ShortSlicesByRanksFollowTheStableReference) {
  using Space = TypeParam;
  check_ranked_slices<Space, float>(Pattern::special);
  check_ranked_slices<Space, std::int32_t>(Pattern::random);
  check_ranked_slices<Space, std::int64_t>(Pattern::duplicates);
  check_ranked_slices<Space, double>(Pattern::duplicates);
}

struct Descending {
  KOKKOS_INLINE_FUNCTION bool operator()(double a, double b) const { return b < a; }
};

struct Particle {
  int cell;
  float energy;
};
struct ByCell {
  KOKKOS_INLINE_FUNCTION bool operator()(const Particle& a, const Particle& b) const { return a.cell < b.cell; }
};

TYPED_TEST(SortByKey, ComparatorOnAStruct) {
  using Space = TypeParam;
  const std::size_t n = 3000;
  std::mt19937 engine(4);
  std::vector<Particle> particles(n);
  for (std::size_t i = 0; i < n; ++i) particles[i] = Particle{int(engine() % 40), float(i)};
  for (bool descending : {false, true}) {
    Kokkos::View<Particle*, typename Space::memory_space> view("tessel_test::particles", n);
    fill_view(view, [&](auto, std::size_t flat) { return particles[flat]; });
    tessel::SortOptions options;
    options.algorithm = tessel::MergeSort{};
    options.order = descending ? tessel::Order::descending : tessel::Order::ascending;
    tessel::sort(Space(), view, ByCell{}, options);
    auto expected = particles;
    std::stable_sort(expected.begin(), expected.end(), [&](const Particle& a, const Particle& b) {
      return descending ? b.cell < a.cell : a.cell < b.cell;
    });
    auto got = to_host(view);
    for (std::size_t i = 0; i < n; ++i) {
      ASSERT_EQ(got(i).cell, expected[i].cell) << i;
      ASSERT_EQ(got(i).energy, expected[i].energy) << "not stable at " << i;
    }
    fill_view(view, [&](auto, std::size_t flat) { return particles[flat]; });
    options.algorithm = tessel::BitonicSort{};
    tessel::sort(Space(), view, ByCell{}, options);
    got = to_host(view);
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(got(i).cell, expected[i].cell) << i;
  }
}

TYPED_TEST(SortByKey, WorkspaceIsReused) {
  using Space = TypeParam;
  tessel::SortWorkspace<typename Space::memory_space> workspace;
  Kokkos::View<float**, Kokkos::LayoutLeft, typename Space::memory_space> matrix("tessel_test::m", 5000, 4);
  Kokkos::View<int**, Kokkos::LayoutLeft, typename Space::memory_space> perm("tessel_test::p", 5000, 4);
  tessel::SortOptions options;
  options.dim = 0;
  options.algorithm = tessel::MergeSort{};
  // The first sort and sortperm size the workspace; the ones after reuse it,
  // and every round's results are checked: new random keys each time.
  auto check_round = [&](int round) {
    const auto keys = make_keys<float>(5000 * 4, Pattern::special, 40 + round);
    fill_view(matrix, [&](auto, std::size_t flat) { return keys[flat]; });
    const auto before = host_slices(to_host(matrix), 0);
    tessel::sortperm(Space(), perm, matrix, options, workspace);
    const auto perms = host_slices(to_host(perm), 0);
    tessel::sort(Space(), matrix, options, workspace);
    const auto sorted = host_slices(to_host(matrix), 0);
    for (std::size_t s = 0; s < before.size(); ++s) {
      expect_sorted_slice(before[s], sorted[s], false, true, "round " + std::to_string(round));
      const auto expected = reference_sorted(before[s], false);
      for (std::size_t p = 0; p < expected.size(); ++p)
        ASSERT_TRUE(same_bits(before[s][std::size_t(perms[s][p])], expected[p])) << "round " << round << " perm at " << p;
    }
  };
  check_round(0);
  const std::size_t size = workspace.size();
  const auto* data = workspace.data();
  EXPECT_GT(size, 0u) << "slices longer than a tile need a workspace";
  for (int round = 1; round < 4; ++round) {
    check_round(round);
    if (::testing::Test::HasFatalFailure()) return;
  }
  EXPECT_EQ(workspace.data(), data) << "the workspace was reallocated";
  EXPECT_EQ(workspace.size(), size);
}

// 16-byte records with a user block_size: the tile shrinks until it fits the
// scratch the space offers, for every team size (with 4 threads on OpenMP
// these threw length_error for any input, even 5 elements).
TYPED_TEST(SortByKey, TilesFitTheScratchForEveryBlockSize) {
  using Space = TypeParam;
  for (int block : {1, 4, 16, 64, 1024})
    for (bool bitonic : {false, true})
      for (std::size_t n : {5, 3000}) {
        const std::string what = "block_size " + std::to_string(block) + (bitonic ? " bitonic" : " merge") +
                                 " n " + std::to_string(n);
        tessel::SortOptions options;
        if (bitonic) options.algorithm = tessel::BitonicSort{block};
        else options.algorithm = tessel::MergeSort{block};
        const auto input = make_keys<double>(n, Pattern::duplicates, n + block);
        Kokkos::View<double*, typename Space::memory_space> keys("tessel_test::keys", n);
        Kokkos::View<std::int64_t*, typename Space::memory_space> values("tessel_test::values", n), perm("tessel_test::perm", n);
        fill_view(keys, [&](auto, std::size_t flat) { return input[flat]; });
        tessel::sortperm(Space(), perm, keys, options);
        fill_view(values, [](auto, std::size_t flat) { return std::int64_t(flat); });
        tessel::sort_by_key(Space(), keys, values, options);
        const auto got_keys = to_host(keys);
        const auto got_values = to_host(values);
        const auto got_perm = to_host(perm);
        const auto expected = reference_sorted(input, false);
        for (std::size_t i = 0; i < n; ++i) {
          ASSERT_TRUE(same_bits(got_keys(i), expected[i])) << what << " key at " << i;
          ASSERT_TRUE(same_bits(input[std::size_t(got_values(i))], got_keys(i))) << what << " value at " << i;
          ASSERT_TRUE(same_bits(input[std::size_t(got_perm(i))], expected[i])) << what << " perm at " << i;
        }
      }
}

TYPED_TEST(SortByKey, BadArgumentsThrowBeforeWriting) {
  using Space = TypeParam;
  Kokkos::View<double**, typename Space::memory_space> keys("tessel_test::k", 6, 5), other("tessel_test::o", 5, 6);
  Kokkos::View<std::int8_t**, typename Space::memory_space> small_perm("tessel_test::p", 300, 2);
  Kokkos::View<double**, typename Space::memory_space> tall("tessel_test::t", 300, 2);
  fill_view(keys, [](auto, std::size_t flat) { return double(30 - flat); });
  auto expect_invalid = [&](auto&& call, const std::string& text) {
    expect_invalid_and_untouched<Space>(call, keys, text);
  };
  expect_invalid([&] { tessel::sort(Space(), keys); }, "tessel::sort: dim must be given for a rank-2 view");
  expect_invalid([&] { tessel::sort(Space(), keys, tessel::SortOptions{2}); },
                 "tessel::sort: dim 2 is out of range for a rank-2 view");
  expect_invalid([&] { tessel::sort_by_key(Space(), keys, other, tessel::SortOptions{0}); },
                 "tessel::sort_by_key: values has extent 5 in dimension 0 but keys has extent 6");
  tessel::SortOptions radix{1};
  radix.algorithm = tessel::RadixSort{};
  expect_invalid([&] { tessel::sort(Space(), keys, Descending{}, radix); },
                 "RadixSort does not take a comparator");
  tessel::SortOptions negative{0};
  negative.algorithm = tessel::MergeSort{-2};
  expect_invalid([&] { tessel::sort(Space(), keys, negative); }, "block_size -2 is negative");
  // Positions past what perm's type holds: length_error naming the value,
  // perm and keys untouched.
  fill_view(small_perm, [](auto, std::size_t flat) { return std::int8_t(flat % 90); });
  fill_view(tall, [](auto, std::size_t flat) { return double(1000 - flat); });
  const auto perm_before = host_copy(small_perm);
  const auto tall_before = host_copy(tall);
  try {
    tessel::sortperm(Space(), small_perm, tall, tessel::SortOptions{0});
    ADD_FAILURE() << "no std::length_error";
  } catch (const std::length_error& error) {
    EXPECT_EQ(std::string(error.what()),
              "tessel::sortperm: positions up to 299 do not fit perm's value type (at most 127)");
  }
  const auto perm_after = to_host(small_perm);
  const auto tall_after = to_host(tall);
  for (std::size_t i = 0; i < 300; ++i)
    for (std::size_t j = 0; j < 2; ++j) {
      ASSERT_EQ(perm_after(i, j), perm_before(i, j)) << "perm changed";
      ASSERT_TRUE(same_bits(tall_after(i, j), tall_before(i, j))) << "keys changed";
    }
  expect_invalid([&] { tessel::sort_by_key(Space(), keys, keys, tessel::SortOptions{0}); }, "values is the keys view");
}

}  // namespace
