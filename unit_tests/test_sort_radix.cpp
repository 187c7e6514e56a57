// RadixSort: every key type and both orders through every path (in scratch,
// one team per slice, several teams per slice), both ranking variants, chunk
// sizes 32 and 64, tiny digits (many passes); along dims; errors; workspace
// reuse; the plan's decisions. Checked bit for bit against std::stable_sort
// in the total order (radix sort is stable).
#include <sort_test_support.hpp>

#include <tessel/detail/sort/radix/radix_plan.hpp>

#include <cstdlib>
#include <cstring>
#include <numeric>

namespace {

using namespace tessel_test;

template <class Case>
class RadixTypes : public ::testing::Test {};
using TypeCases = CasesFor<std::int8_t, std::uint8_t, std::int16_t, std::uint16_t, std::int32_t, std::uint32_t,
                           std::int64_t, std::uint64_t, float, double>;
TYPED_TEST_SUITE(RadixTypes, TypeCases);

template <class Space>
class Radix : public ::testing::Test {};
TYPED_TEST_SUITE(Radix, TestSpaces);

struct RadixCase {
  tessel::TuningParameters tuning;
  std::string name;
};

// The default tuning, then tunings that force each path and variant on
// small inputs: every slice in scratch or none, slices split among teams of
// a few records, tiny digits (many passes), both ranking variants, chunks of
// 32 and 64 and of 3 (many chunks per team range), teams of 1 and 4 threads
// (4 where the space runs them), and a chunk of 1000 that a team of 4 ranks
// in runs of 250 records by two or three sub-digits. Teams of several
// threads meet about 18 barriers per chunk, which oversubscribed CI threads
// make slow: they get the wider chunks only.
struct RankingCase {
  bool atomics;
  int chunk;
  int team;
};
inline std::vector<RadixCase> radix_cases(const tessel::TuningParameters& base) {
  std::vector<RadixCase> cases{{base, "default"}};
  for (const RankingCase& ranking : {RankingCase{true, 32, 1}, RankingCase{false, 32, 1}, RankingCase{false, 64, 1},
                                     RankingCase{true, 3, 1}, RankingCase{false, 3, 1}, RankingCase{true, 32, 4},
                                     RankingCase{false, 64, 4}, RankingCase{true, 1000, 4}}) {
    tessel::TuningParameters tuning = base;
    tuning.radix.scratch_atomics = ranking.atomics;
    tuning.radix.chunk_size = ranking.chunk;
    tuning.team_size = ranking.team;
    const std::string variant = std::string(ranking.atomics ? "atomics" : "portable") + " chunk " +
                                std::to_string(ranking.chunk) + " team " + std::to_string(ranking.team);
    tuning.radix.bits = 8;
    tuning.radix.scratch_slice = 1 << 20;
    tuning.scratch_bytes = 1 << 20;
    cases.push_back({tuning, variant + " in scratch"});
    tuning.radix.scratch_slice = 0;
    tuning.radix.bits = ranking.chunk == 3 ? 3 : 11;
    cases.push_back({tuning, variant + " team per slice, " + std::to_string(tuning.radix.bits) + "-bit digits"});
    const bool in_order = tessel::detail::radix_in_order(ranking.team, ranking.atomics);
    if (in_order) {
      // Every pass counted in the first read (3-bit digits: more passes than
      // the unrolled counts).
      tessel::TuningParameters every = tuning;
      every.radix.every_pass_length = 2;
      cases.push_back({every, variant + " team per slice, every pass, " + std::to_string(every.radix.bits) +
                                  "-bit digits"});
      // Write-combining lines on every scatter (on hosts that compile
      // them): lines mostly partial, counted ahead and every pass.
      tessel::TuningParameters lines = tuning;
      lines.radix.lines_length = 1;
      cases.push_back({lines, variant + " team per slice, lines, " + std::to_string(lines.radix.bits) + "-bit digits"});
      lines.radix.every_pass_length = 2;
      cases.push_back({lines, variant + " team per slice, lines, every pass"});
    }
    tuning.radix.team_slice = 16;
    tuning.radix.block_elements = 5;
    tuning.radix.bits = ranking.chunk == 3 ? 6 : 11;
    cases.push_back({tuning, variant + " teams per slice, " + std::to_string(tuning.radix.bits) + "-bit digits"});
    // A lone slice split by its top digit into buckets first, a team
    // sorting each (on threaded spaces, buckets longer than a thread's
    // share are split among teams again).
    tessel::TuningParameters buckets = tuning;
    buckets.radix.buckets_key_bytes = 2;
    cases.push_back({buckets, variant + " buckets, " + std::to_string(tuning.radix.bits) + "-bit digits"});
    if (in_order) {
      // Buckets counted every pass: by the digits below the split's alone
      // where no key may be a NaN (radix_digits_below).
      buckets.radix.every_pass_length = 2;
      cases.push_back({buckets, variant + " buckets, every pass"});
      // Blocks of one slice share lines of the output.
      tuning.radix.lines_length = 1;
      cases.push_back({tuning, variant + " teams per slice, lines"});
    }
  }
  return cases;
}

template <class Space, class T>
void check_whole(const std::vector<T>& input, bool descending, const tessel::TuningParameters& tuning,
                 const std::string& what) {
  Kokkos::View<T*, typename Space::memory_space> view("tessel_test::keys", input.size());
  fill_view(view, [&](auto, std::size_t flat) { return input[flat]; });
  tessel::sort(Space(), view, sort_options<tessel::RadixSort>(-1, descending), tuning);
  auto host = to_host(view);
  const std::vector<T> got(host.data(), host.data() + host.extent(0));
  expect_sorted_slice(input, got, descending, true, what);
}

TYPED_TEST(RadixTypes, WholeViewsEveryPathStableAndExact) {
  using Space = typename TypeParam::space;
  using T = typename TypeParam::value;
  const auto cases = radix_cases(tessel::Tuning<Space>{});
  for (bool descending : {false, true})
    for (const auto& c : cases)
      for (std::size_t n : {0, 1, 2, 3, 17, 100, 1025, 3000})
        for (Pattern pattern : {Pattern::random, Pattern::duplicates, Pattern::sorted, Pattern::reversed,
                                Pattern::organ_pipe, Pattern::special}) {
          // The ordered patterns once, on the default tuning; every tuning
          // sees random, duplicate and special keys.
          const bool ordered = pattern != Pattern::random && pattern != Pattern::duplicates && pattern != Pattern::special;
          if (ordered && &c != &cases.front()) continue;
          check_whole<Space>(make_keys<T>(n, pattern, n + 11), descending, c.tuning,
                             c.name + (descending ? " descending " : " ascending ") + pattern_name(pattern) + " n " +
                                 std::to_string(n));
        }
}

// Keys that share digits: only some passes are needed, and which ones
// differs between slices.
TYPED_TEST(RadixTypes, PassesWithOneDigitAreSkippedCorrectly) {
  using Space = typename TypeParam::space;
  using T = typename TypeParam::value;
  for (const auto& c : radix_cases(tessel::Tuning<Space>{}))
    for (int shift : {0, 3, 8, int(sizeof(T) * 8) - 1}) {
      std::vector<T> input(700);
      std::mt19937_64 engine(shift);
      for (auto& key : input) {
        // One varying bit at `shift`, everything else the same.
        using U = tessel::detail::ordered_unsigned_t<T>;
        const U bits = U(U(0x5a) | (U(engine() & 1) << shift));
        std::memcpy(&key, &bits, sizeof(T));
      }
      for (bool descending : {false, true})
        check_whole<Space>(input, descending, c.tuning, c.name + " varying bit " + std::to_string(shift));
      std::vector<T> constant(50, input[0]);
      check_whole<Space>(constant, false, c.tuning, c.name + " constant");
    }
}

// Where records may hold NaNs, radix sorts project keys without the NaN
// test once they know there are none:
//  - a team of one thread that counts every pass in its first read finds
//    NaNs from the counts of the last pass: keys whose last digit is at
//    most -inf's or at least +inf's are read again with the NaN test;
//  - slices split among teams: the first count's teams report NaNs, and
//    the passes take the order without the test when none did.
// A lone NaN of either sign among finite keys, in any block, must be found;
// infinities and the largest finite keys without a NaN must sort the same.
template <class Case>
class RadixFloats : public ::testing::Test {};
using FloatCases = CasesFor<float, double>;
TYPED_TEST_SUITE(RadixFloats, FloatCases);

TYPED_TEST(RadixFloats, NansFoundBeforeThePassesThatSkipTheirTest) {
  using Space = typename TypeParam::space;
  using T = typename TypeParam::value;
  for (int path = 0; path < 3; ++path)  // one team, teams per slice, buckets by the top digit
    for (int bits : {3, 8, 11}) {
      const bool split = path > 0;
      tessel::TuningParameters tuning = tessel::Tuning<Space>{};
      tuning.radix.buckets_key_bytes = path == 2 ? 2 : 0;
      tuning.radix.scratch_slice = 0;
      tuning.team_size = 1;
      tuning.radix.scratch_atomics = true;  // with one thread: ranking in order (radix_in_order)
      tuning.radix.every_pass_length = 2;
      tuning.radix.bits = bits;
      ASSERT_EQ(tessel::detail::radix_counting(tuning, 2), tessel::detail::RadixCounting::every_pass);
      // One team for the slice, or blocks of at most 16 records.
      tuning.radix.team_slice = split ? 16 : 1 << 30;
      tuning.radix.block_elements = 5;
      for (std::size_t n : {2, 3, 500, 3000})
        for (int kind = 0; kind < lone_nan_kinds; ++kind) {
          const std::vector<T> keys = lone_nan_keys<T>(n, kind);
          for (bool descending : {false, true})
            check_whole<Space>(keys, descending, tuning,
                               std::string(path == 2 ? "buckets, " : split ? "teams per slice, " : "one team, ") +
                                   std::to_string(bits) +
                                   "-bit digits, case " + std::to_string(kind) + " n " + std::to_string(n) +
                                   (descending ? " descending" : " ascending"));
        }
    }
}

template <class Space, int Rank, class LayoutType, class T>
void check_dims(const std::array<std::size_t, 3>& extents, const RadixCase& c) {
  for (int dim = 0; dim < Rank; ++dim)
    for (bool descending : {false, true}) {
      auto test_view = make_view<T, Rank, LayoutType, Space>(extents);
      const auto values = make_keys<T>(extents[0] * extents[1] * extents[2],
                                       std::is_floating_point_v<T> ? Pattern::special : Pattern::duplicates, 5 + dim);
      fill_view(test_view.view, [&](auto, std::size_t flat) { return values[flat]; });
      const auto before = host_copy(test_view.view);
      tessel::sort(Space(), test_view.view, sort_options<tessel::RadixSort>(dim, descending), c.tuning);
      const auto inputs = host_slices(before, dim);
      const auto outputs = host_slices(to_host(test_view.view), dim);
      ASSERT_EQ(inputs.size(), outputs.size());
      std::ostringstream what;
      what << c.name << ' ' << typeid(T).name() << " rank " << Rank << ' ' << typeid(LayoutType).name() << ' '
           << extents[0] << 'x' << extents[1] << 'x' << extents[2] << " dim " << dim
           << (descending ? " descending" : " ascending");
      for (std::size_t s = 0; s < inputs.size(); ++s)
        expect_sorted_slice(inputs[s], outputs[s], descending, true, what.str() + " slice " + std::to_string(s));
    }
}

// Every dim of 2D and 3D views in every layout, contiguous slices after
// singleton extents, empty and singleton slices, every path.
TYPED_TEST(Radix, AlongEveryDimEveryLayoutEveryPath) {
  using Space = TypeParam;
  const std::vector<std::array<std::size_t, 3>> shapes2{{0, 4, 1}, {1, 1, 1}, {1, 50, 1}, {50, 1, 1}, {16, 40, 1},
                                                        {300, 7, 1}, {7, 1300, 1}};
  const std::vector<std::array<std::size_t, 3>> shapes3{{2, 3, 4}, {5, 1, 40}, {1, 33, 1}, {0, 2, 2}, {9, 70, 3}};
  const auto cases = radix_cases(tessel::Tuning<Space>{});
  for (const auto& c : cases) {
    for (const auto& extents : shapes2) {
      check_dims<Space, 2, Kokkos::LayoutLeft, float>(extents, c);
      check_dims<Space, 2, Kokkos::LayoutRight, std::int16_t>(extents, c);
      check_dims<Space, 2, Kokkos::LayoutStride, double>(extents, c);
    }
    for (const auto& extents : shapes3) {
      check_dims<Space, 3, Kokkos::LayoutLeft, std::uint64_t>(extents, c);
      check_dims<Space, 3, Kokkos::LayoutRight, float>(extents, c);
      check_dims<Space, 3, Kokkos::LayoutStride, std::int32_t>(extents, c);
    }
  }
}

// Stability through the values: equal keys keep their input positions, in
// both orders, on every path.
// Descending through the overloads that take a workspace with the tuning.
TYPED_TEST(Radix, SortByKeyAndSortpermAreStable) {
  using Space = TypeParam;
  tessel::SortWorkspace<typename Space::memory_space> workspace;
  for (const auto& c : radix_cases(tessel::Tuning<Space>{}))
    for (bool descending : {false, true})
      for (std::size_t n : {1, 2, 40, 1000, 2500}) {
        const auto keys_in = make_keys<float>(n, Pattern::special, n);
        const std::vector<std::size_t> order = stable_order(keys_in, descending);
        const auto options = sort_options<tessel::RadixSort>(-1, descending);
        Kokkos::View<float*, typename Space::memory_space> keys("tessel_test::keys", n);
        Kokkos::View<std::int32_t*, typename Space::memory_space> values("tessel_test::values", n);
        fill_view(keys, [&](auto, std::size_t flat) { return keys_in[flat]; });
        fill_view(values, [&](auto, std::size_t flat) { return std::int32_t(flat); });
        if (descending) tessel::sort_by_key(Space(), keys, values, options, workspace, c.tuning);
        else tessel::sort_by_key(Space(), keys, values, options, c.tuning);
        Kokkos::View<std::uint16_t*, typename Space::memory_space> perm("tessel_test::perm", n);
        fill_view(keys, [&](auto, std::size_t flat) { return keys_in[flat]; });
        if (descending) tessel::sortperm(Space(), perm, keys, options, workspace, c.tuning);
        else tessel::sortperm(Space(), perm, keys, options, c.tuning);
        const auto got_keys = to_host(keys);
        const auto got_values = to_host(values);
        const auto got_perm = to_host(perm);
        for (std::size_t i = 0; i < n; ++i) {
          ASSERT_EQ(std::size_t(got_values(i)), order[i]) << c.name << " sort_by_key n " << n << " at " << i;
          ASSERT_EQ(std::size_t(got_perm(i)), order[i]) << c.name << " sortperm n " << n << " at " << i;
          ASSERT_TRUE(same_bits(got_keys(i), keys_in[i])) << c.name << " sortperm changed its keys at " << i;
        }
      }
}

TYPED_TEST(Radix, SortpermAndByKeyAlongDimsOfMixedLayouts) {
  using Space = TypeParam;
  using Memory = typename Space::memory_space;
  for (const auto& c : radix_cases(tessel::Tuning<Space>{}))
    for (auto extents : std::vector<std::array<std::size_t, 2>>{{30, 7}, {7, 300}, {1, 5}, {0, 3}})
      for (int dim = 0; dim < 2; ++dim) {
        Kokkos::View<std::int64_t**, Kokkos::LayoutLeft, Memory> keys("tessel_test::keys", extents[0], extents[1]);
        Kokkos::View<std::int32_t**, Kokkos::LayoutRight, Memory> perm("tessel_test::perm", extents[0], extents[1]);
        Kokkos::View<double**, Kokkos::LayoutRight, Memory> values("tessel_test::values", extents[0], extents[1]);
        const auto input = make_keys<std::int64_t>(keys.size(), Pattern::duplicates, dim + 3);
        fill_view(keys, [&](auto, std::size_t flat) { return input[flat]; });
        fill_view(values, [&](auto, std::size_t flat) { return double(flat); });
        const auto before = host_copy(keys);
        const auto values_before = host_copy(values);
        const auto options = sort_options<tessel::RadixSort>(dim, dim == 1);
        tessel::sortperm(Space(), perm, keys, options, c.tuning);
        tessel::sort_by_key(Space(), keys, values, options, c.tuning);
        const auto key_slices = host_slices(before, dim);
        const auto value_slices = host_slices(values_before, dim);
        const auto perm_slices = host_slices(to_host(perm), dim);
        const auto sorted_slices = host_slices(to_host(keys), dim);
        const auto moved_slices = host_slices(to_host(values), dim);
        for (std::size_t s = 0; s < key_slices.size(); ++s) {
          std::vector<std::size_t> order(key_slices[s].size());
          std::iota(order.begin(), order.end(), std::size_t(0));
          std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return dim == 1 ? key_slices[s][b] < key_slices[s][a] : key_slices[s][a] < key_slices[s][b];
          });
          for (std::size_t i = 0; i < order.size(); ++i) {
            ASSERT_EQ(std::size_t(perm_slices[s][i]), order[i]) << c.name << " sortperm dim " << dim << " slice " << s;
            ASSERT_EQ(sorted_slices[s][i], key_slices[s][order[i]]) << c.name << " keys dim " << dim << " slice " << s;
            ASSERT_TRUE(same_bits(moved_slices[s][i], value_slices[s][order[i]]))
                << c.name << " values dim " << dim << " slice " << s;
          }
        }
      }
}

// With the default tuning, and with one that splits whole views into
// buckets by their top digit (the overload that takes both a workspace and
// a tuning).
TYPED_TEST(Radix, WorkspaceIsReusedAcrossSizes) {
  using Space = TypeParam;
  tessel::SortOptions options = sort_options<tessel::RadixSort>(-1, false);
  tessel::TuningParameters buckets = tessel::Tuning<Space>{};
  buckets.radix.buckets_key_bytes = 2;
  for (bool split : {false, true}) {
    tessel::SortWorkspace<typename Space::memory_space> workspace;
    std::size_t high = 0;
    for (int round = 0; round < 2; ++round)
      for (std::size_t n : {5000, 100, 20000, 7}) {
        const auto input = make_keys<std::uint32_t>(n, Pattern::random, n + round);
        Kokkos::View<std::uint32_t*, typename Space::memory_space> keys("tessel_test::keys", n);
        fill_view(keys, [&](auto, std::size_t flat) { return input[flat]; });
        if (split) tessel::sort(Space(), keys, options, workspace, buckets);
        else tessel::sort(Space(), keys, options, workspace);
        const auto host = to_host(keys);
        const std::string what = std::string(split ? "buckets, " : "") + "workspace round " + std::to_string(round) +
                                 " n " + std::to_string(n);
        expect_sorted_slice(input, std::vector<std::uint32_t>(host.data(), host.data() + n), false, true, what);
        if (round == 0) high = std::max(high, workspace.size());
        else EXPECT_EQ(workspace.size(), high) << what << ": the second round of the same sizes grew the workspace";
      }
  }
}

// Rows of a LayoutLeft matrix (strided slices) are staged, sorted and
// staged back in batches: enough rows here for several batches and a
// partial last one, in both orders; keys alone and with double values
// (staged slices of 4 KiB and more start an odd number of lines apart:
// 1040 floats and 1032 doubles here).
TYPED_TEST(Radix, StridedRowsInSeveralStageBatches) {
  using Space = TypeParam;
  using Records = tessel::detail::Records<tessel::detail::SliceLayout<float, false>, tessel::detail::NoValues>;
  const std::size_t length = 1024;
  const tessel::TuningParameters tuning = tessel::Tuning<Space>{};
  const auto units = tessel::detail::radix_units(Space(), tuning);
  // 1300 rows on CPUs; a GPU's batch keeps its many teams busy and is
  // longer, so the rows follow it (2.5 batches and one row).
  const auto full = tessel::detail::radix_stage_batch_for<Records>(tessel::detail::index_type(1) << 40, length, units);
  const std::size_t rows = std::max<std::size_t>(1300, std::size_t(full) * 5 / 2 + 1);
  const auto batch = tessel::detail::radix_stage_batch_for<Records>(rows, length, units);
  ASSERT_LT(batch, tessel::detail::index_type(rows)) << "too few rows for several batches";
  ASSERT_NE(tessel::detail::index_type(rows) % batch, 0) << "no partial last batch";
  std::vector<std::vector<float>> input(rows);
  for (std::size_t r = 0; r < rows; ++r)
    input[r] = make_keys<float>(length, r % 7 ? Pattern::random : Pattern::special, r);
  for (bool descending : {false, true}) {
    Kokkos::View<float**, Kokkos::LayoutLeft, typename Space::memory_space> keys("tessel_test::keys", rows, length);
    auto host = Kokkos::create_mirror_view(keys);
    for (std::size_t r = 0; r < rows; ++r)
      for (std::size_t i = 0; i < length; ++i) host(r, i) = input[r][i];
    Kokkos::deep_copy(keys, host);
    tessel::sort(Space(), keys, sort_options<tessel::RadixSort>(1, descending));
    Kokkos::deep_copy(host, keys);
    for (std::size_t r = 0; r < rows; ++r) {
      std::vector<float> got(length);
      for (std::size_t i = 0; i < length; ++i) got[i] = host(r, i);
      expect_sorted_slice(input[r], got, descending, true, "row " + std::to_string(r));
    }
    // The same rows by key, each value its position in its row: values of
    // the keys' layout, and contiguous rows of values beside strided keys.
    auto by_key = [&](auto values_layout, const char* label) {
      using ValuesLayout = decltype(values_layout);
      for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t i = 0; i < length; ++i) host(r, i) = input[r][i];
      Kokkos::deep_copy(keys, host);
      Kokkos::View<double**, ValuesLayout, typename Space::memory_space> values("tessel_test::values", rows, length);
      auto values_host = Kokkos::create_mirror_view(values);
      for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t i = 0; i < length; ++i) values_host(r, i) = double(i);
      Kokkos::deep_copy(values, values_host);
      tessel::sort_by_key(Space(), keys, values, sort_options<tessel::RadixSort>(1, descending));
      Kokkos::deep_copy(host, keys);
      Kokkos::deep_copy(values_host, values);
      for (std::size_t r = 0; r < rows; ++r) {
        const std::vector<std::size_t> order = stable_order(input[r], descending);
        for (std::size_t i = 0; i < length; ++i) {
          ASSERT_EQ(values_host(r, i), double(order[i])) << label << ", row " << r << " at " << i;
          ASSERT_TRUE(same_bits(host(r, i), input[r][order[i]])) << label << ", row " << r << " at " << i;
        }
      }
    };
    by_key(Kokkos::LayoutLeft{}, "by key, LayoutLeft values");
    by_key(Kokkos::LayoutRight{}, "by key, LayoutRight values");
  }
}

// Strided slices pages apart that a lone thread stages without scratch:
// neighbouring slices side by side (rows of a LayoutLeft matrix, moved in
// AVX2 blocks where the CPU has it) or not (LayoutStride, two elements
// apart: element by element), with positions and slices left over after
// the last whole block. Every element is checked, and the gaps of the
// LayoutStride storage are left alone.
TYPED_TEST(Radix, StridedSlicesPagesApartWithPartialBlocks) {
  using Space = TypeParam;
  const std::size_t length = 1019, across = 603;  // 1019 = 63 x 16 + 11 positions; 603 = 75 x 8 + 3 slices
  const auto check = [&](auto test_view, int dim, const char* label) {
    auto view = test_view.view;
    std::vector<std::vector<float>> input(across);
    for (std::size_t s = 0; s < across; ++s) input[s] = make_keys<float>(length, s % 5 ? Pattern::random : Pattern::special, s);
    const auto at = [&](auto& v, std::size_t s, std::size_t i) -> float& { return dim == 1 ? v(s, i) : v(i, s); };
    std::vector<float> storage_before;
    if (test_view.storage.size() != 0) {
      // Gaps: a value no input holds; first, since a host mirror may be
      // the view itself.
      auto storage = Kokkos::create_mirror_view(test_view.storage);
      for (std::size_t e = 0; e < storage.size(); ++e) storage(e) = -12345.0f;
      Kokkos::deep_copy(test_view.storage, storage);
    }
    fill_view(view, [&](const std::array<std::size_t, 3>& index, std::size_t) {
      return dim == 1 ? input[index[0]][index[1]] : input[index[1]][index[0]];
    });
    if (test_view.storage.size() != 0) {
      auto storage = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), test_view.storage);
      storage_before.assign(storage.data(), storage.data() + storage.size());
    }
    tessel::sort(Space(), view, sort_options<tessel::RadixSort>(dim, false));
    const auto host = to_host(view);
    for (std::size_t s = 0; s < across; ++s) {
      std::vector<float> got(length);
      for (std::size_t i = 0; i < length; ++i) got[i] = at(host, s, i);
      expect_sorted_slice(input[s], got, false, true, std::string(label) + ", slice " + std::to_string(s));
    }
    if (!storage_before.empty()) {
      auto storage = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), test_view.storage);
      std::size_t gaps = 0;
      for (std::size_t e = 0; e < storage.size(); ++e)
        if (storage_before[e] == -12345.0f) {
          ++gaps;
          ASSERT_EQ(storage(e), -12345.0f) << label << ": gap " << e << " written";
        }
      ASSERT_GT(gaps, std::size_t(0)) << label;
    }
  };
  // Rows of across x 4 bytes (2412) apart.
  check(make_view<float, 2, Kokkos::LayoutLeft, Space>({across, length, 1}), 1, "LayoutLeft rows");
  // Along dim 0: (2 x 603 + 1) x 4 bytes apart, neighbouring slices 8 bytes.
  auto strided = make_view<float, 2, Kokkos::LayoutStride, Space>({length, across, 1});
  ASSERT_EQ(strided.view.stride(1), 2u);
  ASSERT_GE(strided.view.stride(0) * sizeof(float), tessel::detail::stage_direct_stride_bytes);
  check(strided, 0, "LayoutStride, slices two elements apart");
}

// Lone threads stage strided slices without scratch from a step of one
// AVX2 block row (32 bytes) on where AVX2 moves every component in blocks
// (4- and 8-byte elements on a CPU that has it), from 2 KiB on otherwise;
// through scratch below. The widest step of either side decides.
TEST(RadixPlan, StagingWithoutScratchFollowsTheWidestStep) {
  using tessel::detail::records;
  using tessel::detail::records_stride_bytes;
  using tessel::detail::stage_directly;
  std::vector<float> keys(1);
  std::vector<double> values(1);
  std::vector<std::int16_t> shorts(1);
  const auto rows = [](auto* data, tessel::detail::index_type stride) {
    tessel::detail::SliceLayout<std::remove_pointer_t<decltype(data)>, false> layout;
    layout.data = data;
    layout.stride = stride;
    return layout;
  };
  const auto packed = [](auto* data) { return tessel::detail::packed_slices(data, 1, 1); };
  const auto far_keys = records(rows(keys.data(), 1300), tessel::detail::NoValues{});
  const auto near_keys = records(rows(keys.data(), 300), tessel::detail::NoValues{});
  const auto block_keys = records(rows(keys.data(), 8), tessel::detail::NoValues{});
  const auto narrow_keys = records(rows(keys.data(), 7), tessel::detail::NoValues{});
  const auto packed_keys = records(packed(keys.data()), tessel::detail::NoValues{});
  const auto far_values = records(packed(keys.data()), rows(values.data(), 300));
  const auto near_values = records(packed(keys.data()), rows(values.data(), 4));
  const auto packed_records = records(packed(keys.data()), packed(values.data()));
  const auto near_shorts = records(rows(shorts.data(), 300), tessel::detail::NoValues{});
  const auto far_shorts = records(rows(shorts.data(), 1100), tessel::detail::NoValues{});
  const auto packed_shorts = records(packed(shorts.data()), tessel::detail::NoValues{});
  EXPECT_EQ(records_stride_bytes(far_keys), 5200u);
  EXPECT_EQ(records_stride_bytes(near_keys), 1200u);
  EXPECT_EQ(records_stride_bytes(far_values), 2400u);
  EXPECT_EQ(records_stride_bytes(records(rows(keys.data(), 300), rows(values.data(), 300))), 2400u);
  EXPECT_EQ(records_stride_bytes(packed_records), 0u);
  bool blocks = false;
#if defined(TESSEL_DETAIL_VECTOR_SCAN_AVX2)
  blocks = tessel::detail::avx2::available();
#endif
  // 5200 and 2400 bytes pass either bar; either side decides.
  EXPECT_TRUE(stage_directly(far_keys, packed_keys));
  EXPECT_TRUE(stage_directly(packed_keys, far_keys));
  EXPECT_TRUE(stage_directly(far_values, packed_records));
  EXPECT_TRUE(stage_directly(packed_records, far_values));
  EXPECT_FALSE(stage_directly(packed_records, packed_records));
  // 1200, 32 bytes (a block's row of floats and of doubles): the AVX2 bar.
  EXPECT_EQ(stage_directly(near_keys, packed_keys), blocks);
  EXPECT_EQ(stage_directly(packed_keys, near_keys), blocks);
  EXPECT_EQ(stage_directly(block_keys, packed_keys), blocks);
  EXPECT_EQ(stage_directly(packed_records, near_values), blocks);
  // 28 bytes: below either bar.
  EXPECT_FALSE(stage_directly(narrow_keys, packed_keys));
  EXPECT_FALSE(stage_directly(packed_keys, narrow_keys));
  // 2-byte elements move one by one: 600 bytes stay in scratch, 2200 do not.
  EXPECT_FALSE(stage_directly(near_shorts, packed_shorts));
  EXPECT_TRUE(stage_directly(far_shorts, packed_shorts));
}

// Rows of LayoutLeft matrices a few lines wide, which lone threads with
// AVX2 stage directly: steps of one block row (8 floats, 4 doubles), of two
// blocks stored as whole lines (16 floats), of two blocks, a single one and
// three slices left over (27 floats), of two blocks and three left over (11
// doubles), and of a tile of 128 slices and two more (130 doubles).
// Keys alone and by key with int64 values; every element checked bit for
// bit, the values against a stable host sort.
template <class Space, class Key>
void sort_narrow_rows(std::size_t rows, std::size_t length) {
  std::vector<std::vector<Key>> input(rows);
  for (std::size_t r = 0; r < rows; ++r)
    input[r] = make_keys<Key>(length, r % 3 ? Pattern::random : Pattern::special, r + 7 * length);
  Kokkos::View<Key**, Kokkos::LayoutLeft, typename Space::memory_space> keys("tessel_test::keys", rows, length);
  Kokkos::View<std::int64_t**, Kokkos::LayoutLeft, typename Space::memory_space> values("tessel_test::values", rows,
                                                                                         length);
  auto host = Kokkos::create_mirror_view(keys);
  auto values_host = Kokkos::create_mirror_view(values);
  const std::string shape = std::to_string(rows) + " rows of " + std::to_string(length);
  for (bool by_key : {false, true}) {
    for (std::size_t r = 0; r < rows; ++r)
      for (std::size_t i = 0; i < length; ++i) {
        host(r, i) = input[r][i];
        values_host(r, i) = std::int64_t(i);
      }
    Kokkos::deep_copy(keys, host);
    Kokkos::deep_copy(values, values_host);
    if (by_key) tessel::sort_by_key(Space(), keys, values, sort_options<tessel::RadixSort>(1, false));
    else tessel::sort(Space(), keys, sort_options<tessel::RadixSort>(1, false));
    Kokkos::deep_copy(host, keys);
    Kokkos::deep_copy(values_host, values);
    for (std::size_t r = 0; r < rows; ++r) {
      const std::vector<std::size_t> order = stable_order(input[r], false);
      const std::string where = shape + (by_key ? ", by key" : "") + ", row " + std::to_string(r);
      for (std::size_t i = 0; i < length; ++i) {
        ASSERT_TRUE(same_bits(host(r, i), input[r][order[i]])) << where << " at " << i;
        ASSERT_EQ(values_host(r, i), by_key ? std::int64_t(order[i]) : std::int64_t(i)) << where << " at " << i;
      }
    }
  }
}

TYPED_TEST(Radix, NarrowStridedRowsStagedInBlocks) {
  using Space = TypeParam;
  for (std::size_t rows : {8, 16, 27}) sort_narrow_rows<Space, float>(rows, 1013);
  for (std::size_t rows : {4, 11, 130}) sort_narrow_rows<Space, double>(rows, 1013);
}

// At namespace scope, not in the test: nvcc cannot name a test's local
// types and lambdas in the kernels it instantiates for CUDA.
struct DoubleLess {
  KOKKOS_INLINE_FUNCTION bool operator()(double a, double b) const { return a < b; }
};
struct IntPair {
  int a, b;
  KOKKOS_INLINE_FUNCTION bool operator<(const IntPair& other) const { return a < other.a; }
};

TYPED_TEST(Radix, BadArgumentsThrowBeforeWriting) {
  using Space = TypeParam;
  const auto input = make_keys<double>(300, Pattern::random, 1);
  Kokkos::View<double*, typename Space::memory_space> keys("tessel_test::keys", input.size());
  fill_view(keys, [&](auto, std::size_t flat) { return input[flat]; });
  auto expect_invalid = [&](auto&& call, const std::string& text) {
    expect_invalid_and_untouched<Space>(call, keys, text);
  };
  tessel::SortOptions radix = sort_options<tessel::RadixSort>(-1, false);
  expect_invalid([&] { tessel::sort(Space(), keys, DoubleLess{}, radix); },
                 "RadixSort does not take a comparator");
  radix.algorithm = tessel::RadixSort{0, 0, -1};
  expect_invalid([&] { tessel::sort(Space(), keys, radix); }, "chunk_size -1 is negative");
  radix.algorithm = tessel::RadixSort{0, -3, 0};
  expect_invalid([&] { tessel::sort(Space(), keys, radix); }, "items_per_thread -3 is negative");
  Kokkos::View<IntPair*, typename Space::memory_space> pairs("tessel_test::pairs", 4);
  radix.algorithm = tessel::RadixSort{};
  expect_invalid_and_untouched<Space>([&] { tessel::sort(Space(), pairs, radix); }, pairs,
                                      "RadixSort sorts integer, float and double keys");
}

// Fields of RadixSort reach the kernels: block_size, items_per_thread and
// chunk_size that would fail to fit or rank wrongly show up as wrong results.
TYPED_TEST(Radix, AlgorithmFieldsOverrideTheTuning) {
  using Space = TypeParam;
  tessel::TuningParameters tuning = tessel::Tuning<Space>{};
  tuning.radix.scratch_slice = 0;
  tuning.radix.team_slice = 64;
  for (int chunk : {32, 64})
    for (int items : {1, 7}) {
      const auto input = make_keys<float>(3000, Pattern::special, chunk + items);
      Kokkos::View<float*, typename Space::memory_space> keys("tessel_test::keys", input.size());
      fill_view(keys, [&](auto, std::size_t flat) { return input[flat]; });
      tessel::SortOptions options;
      options.algorithm = tessel::RadixSort{2, items, chunk};
      tessel::sort(Space(), keys, options, tuning);
      const auto host = to_host(keys);
      expect_sorted_slice(input, std::vector<float>(host.data(), host.data() + input.size()), false, true,
                          "chunk " + std::to_string(chunk) + " items " + std::to_string(items));
    }
}

// RadixSort's chunk_size may ask up to 32768 records, more than some spaces'
// scratch holds beside any counters (32 KiB on the host spaces): such a
// chunk is shortened, and the sort is the one any chunk gives. Whole views
// past the chunk, with and without the buckets by the top digit.
TYPED_TEST(Radix, ChunksPastTheSpacesScratchAreShortened) {
  using Space = TypeParam;
  for (int chunk : {4096, 8192, 32768})
    for (std::int64_t buckets : {std::int64_t(0), std::int64_t(2)}) {
      tessel::TuningParameters tuning = tessel::Tuning<Space>{};
      tuning.radix.buckets_key_bytes = buckets;
      const auto input = make_keys<double>(40000, Pattern::special, chunk + int(buckets));
      Kokkos::View<double*, typename Space::memory_space> keys("tessel_test::keys", input.size());
      fill_view(keys, [&](auto, std::size_t flat) { return input[flat]; });
      tessel::SortOptions options;
      options.algorithm = tessel::RadixSort{0, 0, chunk};
      tessel::sort(Space(), keys, options, tuning);
      const auto host = to_host(keys);
      expect_sorted_slice(input, std::vector<double>(host.data(), host.data() + input.size()), false, true,
                          "chunk " + std::to_string(chunk) + ", buckets from " + std::to_string(buckets) + " bytes");
    }
  const tessel::TuningParameters launched =
      tessel::detail::sort_launch_tuning(Space(), tessel::TuningParameters(tessel::Tuning<Space>{}));
  EXPECT_EQ(launched.radix.chunk_size, tessel::Tuning<Space>{}.radix.chunk_size) << "the default chunk fits";
}

TEST(RadixPlan, DigitsOfEveryKeyWidth) {
  using tessel::detail::radix_digits;
  EXPECT_EQ(radix_digits(1, 11).passes, 1);
  EXPECT_EQ(radix_digits(1, 11).radix, 256);
  EXPECT_EQ(radix_digits(2, 11).passes, 2);
  EXPECT_EQ(radix_digits(2, 11).mask(1), 0x1fu);
  EXPECT_EQ(radix_digits(4, 11).passes, 3);
  EXPECT_EQ(radix_digits(4, 8).passes, 4);
  EXPECT_EQ(radix_digits(8, 11).passes, 6);
  EXPECT_EQ(radix_digits(8, 11).mask(5), 0x1ffu);  // 64 - 55 = 9 bits
  EXPECT_TRUE(radix_digits(4, 8).needed(2, 0x10000));
  EXPECT_FALSE(radix_digits(4, 8).needed(1, 0x10000));
}

// A bucket's digits below its split's top digit: the passes that start
// below the split's shift, the last of them at full width.
TEST(RadixPlan, DigitsBelowABucketsTopDigit) {
  using tessel::detail::radix_digits;
  using tessel::detail::radix_digits_below;
  const auto below = radix_digits_below(radix_digits(4, 11), 22);
  EXPECT_EQ(below.passes, 2);
  EXPECT_EQ(below.radix, 2048);
  EXPECT_EQ(below.mask(1), 0x7ffu);
  EXPECT_EQ(radix_digits_below(radix_digits(4, 8), 22).passes, 3);  // bits 16-23 straddle the split
  EXPECT_EQ(radix_digits_below(radix_digits(4, 8), 22).mask(2), 0xffu);
  EXPECT_EQ(radix_digits_below(radix_digits(8, 10), 55).passes, 6);
  EXPECT_EQ(radix_digits_below(radix_digits(8, 10), 55).key_bits, 60);
  EXPECT_EQ(radix_digits_below(radix_digits(4, 11), 32).passes, 3);  // nothing above: unchanged
  EXPECT_EQ(radix_digits_below(radix_digits(4, 11), 32).key_bits, 32);
}

// Where every path is taken, and that no team ever counts more than 2^31 elements
// (its counters are 32-bit), however long the slice.
TEST(RadixPlan, PathsAndPositionWidths) {
  using namespace tessel::detail;
  tessel::TuningParameters tuning;
  tuning.scratch_bytes = 32 * 1024;
  tuning.radix.bits = 8;
  tuning.radix.scratch_slice = 1024;
  tuning.radix.block_elements = 4096;
  EXPECT_EQ(plan_radix(1000, 1000, 4, 0, tuning, 64).path, RadixPath::in_scratch);
  EXPECT_EQ(plan_radix(1000, 5000, 4, 0, tuning, 64).path, RadixPath::team_per_slice);
  // Few long slices on a wide space: split.
  const RadixPlan few = plan_radix(2, 1 << 20, 4, 0, tuning, 64);
  EXPECT_EQ(few.path, RadixPath::teams_per_slice);
  EXPECT_EQ(few.blocks_per_slice, 128);  // 4 slices per unit: 256 teams
  // One unit of concurrency: one team sorts the whole slice...
  EXPECT_EQ(plan_radix(1, index_type(1) << 30, 4, 0, tuning, 1).path, RadixPath::team_per_slice);
  // ...unless it has 2^31 elements or more.
  for (index_type length : {(index_type(1) << 31) + 1, (index_type(1) << 32) + 1, index_type(1) << 40}) {
    const RadixPlan huge = plan_radix(1, length, 1, 0, tuning, 1);
    EXPECT_EQ(huge.path, RadixPath::teams_per_slice) << length;
    EXPECT_LE(huge.block, radix_team_elements_max) << length;
    EXPECT_GE(huge.block * huge.blocks_per_slice, length) << length;
  }
  // In scratch only when both buffers and the histograms fit.
  EXPECT_EQ(plan_radix(10, 1000, 8, 8, tuning, 1).path, RadixPath::team_per_slice);
}

// Buckets by the top digit: only a lone slice of at least
// radix.buckets_key_bytes of keys, split into blocks for its count and scatter
// whatever the units, with the split path's digits (no wider than 8-byte
// counters in scratch allow).
TEST(RadixPlan, BucketsOfALoneLongSlice) {
  using namespace tessel::detail;
  tessel::TuningParameters tuning;
  tuning.scratch_bytes = 32 * 1024;
  tuning.radix.bits = 11;
  tuning.radix.block_elements = 4096;
  tuning.radix.buckets_key_bytes = 0;
  EXPECT_FALSE(radix_buckets_wanted(tuning, 1, index_type(1) << 30, 4));
  tuning.radix.buckets_key_bytes = 4 << 20;
  EXPECT_TRUE(radix_buckets_wanted(tuning, 1, 1 << 20, 4));
  EXPECT_FALSE(radix_buckets_wanted(tuning, 1, (1 << 20) - 1, 4));
  EXPECT_TRUE(radix_buckets_wanted(tuning, 1, 1 << 19, 8));  // wider keys: as many bytes in fewer records
  EXPECT_FALSE(radix_buckets_wanted(tuning, 1, (1 << 19) - 1, 8));
  EXPECT_TRUE(radix_buckets_wanted(tuning, 1, 1 << 22, 1));
  EXPECT_FALSE(radix_buckets_wanted(tuning, 2, 1 << 22, 4));
  tuning.radix.buckets_key_bytes = 2;
  EXPECT_TRUE(radix_buckets_wanted(tuning, 1, 2, 1));
  EXPECT_FALSE(radix_buckets_wanted(tuning, 1, 1, 8));  // one record: nothing to split
  for (index_type units : {1, 2, 64}) {
    const RadixPlan plan = plan_radix_buckets(1 << 22, 4, 4, tuning, units);
    EXPECT_EQ(plan.path, RadixPath::teams_per_slice) << units;
    EXPECT_GE(plan.blocks_per_slice, std::min<index_type>(radix_busy_teams(units), (1 << 22) / 4096)) << units;
    EXPECT_GE(plan.block * plan.blocks_per_slice, 1 << 22) << units;
    EXPECT_EQ(plan.digits.bits, 11) << units;  // 2048 counters of 8 bytes fit 32 KiB
  }
  tuning.scratch_bytes = 8 * 1024;
  EXPECT_LT(plan_radix_buckets(1 << 22, 4, 0, tuning, 1).digits.bits, 11);
}

// The buckets' workspace holds the sort of every bucket that teams share,
// which radix_sort_buckets runs in it after the split with the bucket's own
// plan: for every shorter length, what the sort of one slice of that length
// takes (without buckets, as it is called) fits in what radix_buckets_bytes
// gives the whole slice. Tunings of small chunks and scratch budgets, where
// a shorter slice gets wider digits than the whole one (the fuzzer found
// such a bucket's counts written past the workspace).
template <class Key, class Value, bool HasValues>
void expect_shared_buckets_fit(const char* kind) {
  using namespace tessel::detail;
  using Records = PackedRecords<Key, Value, HasValues>;
  for (int bits : {3, 7, 11})
    for (std::size_t scratch : {600, 1000, 4000, 32768})
      for (int chunk : {1, 3, 64, 300})
        for (index_type team_slice : {4, 64})
          for (index_type block : {1, 7, 100})
            for (index_type units : {1, 2, 4}) {
              tessel::TuningParameters tuning;
              tuning.radix.bits = bits;
              tuning.scratch_bytes = scratch;
              tuning.radix.chunk_size = chunk;
              tuning.radix.team_slice = team_slice;
              tuning.radix.block_elements = block;
              tuning.radix.scratch_slice = 0;
              tuning.radix.buckets_key_bytes = 2;
              tessel::TuningParameters alone = tuning;  // the buckets' sorts split no further
              alone.radix.buckets_key_bytes = 0;
              for (index_type length : {2, 3, 5, 8, 13, 20, 33, 64, 65, 100, 257, 1000}) {
                const std::size_t given = radix_buckets_bytes<Records>(length, tuning, units);
                for (index_type bucket = 2; bucket < length; ++bucket)
                  ASSERT_LE((radix_unstaged_bytes<Records, Records>(1, bucket, alone, units)), given)
                      << kind << ": a bucket of " << bucket << " of " << length << " records, radix bits " << bits
                      << ", scratch " << scratch << ", chunk " << chunk << ", team slice " << team_slice
                      << ", block " << block << ", units " << units;
              }
            }
}

TEST(RadixPlan, SharedBucketsFitTheBucketsWorkspace) {
  expect_shared_buckets_fit<std::int8_t, std::int32_t, true>("int8 keys, int32 values");
  expect_shared_buckets_fit<std::uint16_t, std::int32_t, false>("uint16 keys");
  expect_shared_buckets_fit<double, std::int64_t, true>("double keys, int64 values");
}

// Write-combining lines: lone threads that rank in order, over slices or
// blocks of at least radix.lines_length records, where lines are compiled.
TEST(RadixPlan, LinesForLongRangesOfLoneThreads) {
  using namespace tessel::detail;
  tessel::TuningParameters tuning = HostTuning{};
  const index_type from = tuning.radix.lines_length;
  ASSERT_GT(from, 0);
  EXPECT_EQ(plan_radix(1, from, 4, 0, tuning, 1).lines, radix_lines_compiled);
  EXPECT_EQ(plan_radix(3, from, 8, 8, tuning, 1).lines, radix_lines_compiled);
  EXPECT_FALSE(plan_radix(1, from - 1, 4, 0, tuning, 1).lines);
  // Blocks of a slice split among teams: their length decides.
  tuning.radix.block_elements = from;
  const RadixPlan split = plan_radix(1, 4 * from, 4, 0, tuning, 2);
  EXPECT_EQ(split.path, RadixPath::teams_per_slice);
  EXPECT_EQ(split.lines, radix_lines_compiled && split.block >= from);
  EXPECT_FALSE(plan_radix(1, 4 * from - 4, 4, 0, tuning, 8).lines);  // blocks shorter than `from`
  tessel::TuningParameters off = tuning;
  off.radix.lines_length = 0;
  EXPECT_FALSE(plan_radix(1, from, 4, 0, off, 1).lines);
  off = tuning;
  off.team_size = 4;  // ranks in chunks
  EXPECT_FALSE(plan_radix(1, from, 4, 0, off, 1).lines);
  off = tuning;
  off.radix.scratch_atomics = false;
  EXPECT_FALSE(plan_radix(1, from, 4, 0, off, 1).lines);
}

// Teams of several threads rank in chunks whose scratch the plan counts: a
// GPU tuning's chunks of 1024 records leave a slice of 1024 doubles with
// int32 values room to be sorted in scratch (the chunk's counters serve at
// most 128 threads: 4 KiB), and a longer slice takes the workspace.
TEST(RadixPlan, GpuChunksLeaveRoomForSlicesInScratch) {
  using namespace tessel::detail;
  tessel::TuningParameters gpu = GpuTuning(40 * 1024);
  gpu.team_size = 128;
  EXPECT_EQ(gpu.radix.chunk_size, 1024);
  const RadixPlan doubles = plan_radix(1000, 1024, 8, 4, gpu, 100);
  EXPECT_EQ(doubles.path, RadixPath::in_scratch);
  EXPECT_LE(radix_slice_scratch(1024, 8, 4, doubles.digits, 1024, doubles.counting), gpu.scratch_bytes);
  EXPECT_NE(plan_radix(1000, 1025, 8, 4, gpu, 100).path, RadixPath::in_scratch);
  // A chunk never takes more scratch than its slice needs.
  EXPECT_EQ(radix_chunk_records(1024, 100), 100);
  EXPECT_EQ(radix_chunk_records(1 << 20), radix_chunk_max);
  EXPECT_LT(radix_chunk_bytes(radix_chunk_records(1024, 100)), radix_chunk_bytes(1024));
}

// AutoSort along a dim on a host: slices of up to merge.rank_length records
// of keys in their default order go to merge sort, whose one-thread teams
// rank them whole (merge_sort_ranks); longer ones to radix sort as before.
// Without ranks (merge.rank_length 0, teams of several threads, a device
// space, whose kernels do not compile them) slices of 64 go to radix sort; a
// comparator never takes ranks.
TEST(AutoSort, ShortSlicesOfDefaultOrderKeysAreRanked) {
  using namespace tessel::detail;
  const tessel::TuningParameters host = HostTuning{};
  const tessel::SortOptions options;  // AutoSort
  auto choose = [&](index_type length, tessel::TuningParameters tuning, bool has_less = false,
                    bool host_space = true) {
    return choose_sort("test", options, has_less, SortKeys{!has_less, false, 4, 4, host_space}, length, tuning);
  };
  for (index_type length : {2, 8, 16, 33, 64}) {
    EXPECT_EQ(choose(length, host), SortKind::merge) << length;
    EXPECT_TRUE(merge_sort_ranks(length, sort_tile(host, 8, false), true, host)) << length;
  }
  EXPECT_FALSE(merge_sort_ranks(65, sort_tile(host, 8, false), true, host));
  EXPECT_EQ(choose(1024, host), SortKind::radix);
  tessel::TuningParameters unranked = host;
  unranked.merge.rank_length = 0;
  EXPECT_FALSE(merge_sort_ranks(64, sort_tile(unranked, 8, false), true, unranked));
  EXPECT_EQ(choose(64, unranked), SortKind::radix);
  tessel::TuningParameters teams = host;
  teams.team_size = 4;
  EXPECT_FALSE(merge_sort_ranks(16, sort_tile(teams, 8, false), true, teams));
  EXPECT_FALSE(merge_sort_ranks(16, sort_tile(host, 8, false), false, host));
  EXPECT_NE(choose(64, host, true), SortKind::radix);
  EXPECT_EQ(choose(64, host, false, /*host_space=*/false), SortKind::radix);
}

// How one-team paths count: every pass at once from radix.every_pass_length
// records on (in order only), with digits narrowed until every histogram
// fits the scratch; one pass ahead below it; per pass in teams of several
// threads. Narrower digits never take more counters (the medium bin of the
// segmented sort sizes its scratch for its widest digits).
TEST(RadixPlan, CountingAndItsCounters) {
  using namespace tessel::detail;
  tessel::TuningParameters tuning = HostTuning{};
  const index_type every = tuning.radix.every_pass_length;
  const RadixPlan floats = plan_radix(1, every, 4, 0, tuning, 1);
  EXPECT_EQ(floats.path, RadixPath::team_per_slice);
  EXPECT_EQ(floats.counting, RadixCounting::every_pass);
  EXPECT_EQ(floats.digits.bits, 11);
  const RadixPlan wide = plan_radix(1, every, 8, 0, tuning, 1);
  EXPECT_EQ(wide.counting, RadixCounting::every_pass);
  EXPECT_EQ(wide.digits.bits, 10);  // 6 x 2048 counters would not fit 32 KiB
  EXPECT_LE(team_radix_scratch(wide.digits, tuning.radix.chunk_size, wide.counting), tuning.scratch_bytes);
  EXPECT_EQ(plan_radix(1, every - 1, 8, 0, tuning, 1).counting, RadixCounting::ahead);
  EXPECT_EQ(plan_radix(1, every - 1, 8, 0, tuning, 1).digits.bits, 11);
  tuning.team_size = 4;
  EXPECT_EQ(plan_radix(1, every, 4, 0, tuning, 1).counting, RadixCounting::per_pass);
  tuning.team_size = 1;
  tuning.radix.scratch_atomics = false;
  EXPECT_EQ(plan_radix(1, every, 4, 0, tuning, 1).counting, RadixCounting::per_pass);
  for (std::size_t key_bytes : {1, 2, 4, 8})
    for (RadixCounting counting : {RadixCounting::every_pass, RadixCounting::ahead, RadixCounting::per_pass})
      for (int bits = 1; bits < 16; ++bits)
        EXPECT_LE(team_radix_counters(radix_digits(key_bytes, bits), counting),
                  team_radix_counters(radix_digits(key_bytes, bits + 1), counting))
            << key_bytes << " bytes, " << bits << " bits";
}

// Staged slices of 4 KiB and more start an odd number of 64-byte lines
// apart; shorter ones, and types whose size does not divide a line, are
// packed.
TEST(RadixPlan, StagedSlicesStartAnOddNumberOfLinesApart) {
  using tessel::detail::staged_pitch;
  EXPECT_EQ(staged_pitch(1024, 4), 1040);    // 64 lines -> 65
  EXPECT_EQ(staged_pitch(16384, 4), 16400);  // 1024 -> 1025
  EXPECT_EQ(staged_pitch(1024, 8), 1032);    // 128 -> 129
  EXPECT_EQ(staged_pitch(1100, 4), 1104);    // 68.75 -> 69
  EXPECT_EQ(staged_pitch(1536, 4), 1552);    // 96 -> 97
  EXPECT_EQ(staged_pitch(4096, 1), 4160);    // 64 -> 65
  EXPECT_EQ(staged_pitch(1000, 4), 1000);    // under 4 KiB
  EXPECT_EQ(staged_pitch(3, 8), 3);
  EXPECT_EQ(staged_pitch(2000, 12), 2000);   // 12 bytes do not divide a line
}

// Slices sorted one team each through the workspace share it out: at most
// radix_slices_per_unit teams per unit, each sorting every league_size-th
// slice through its own buffers; slices in scratch take a team each.
TEST(RadixPlan, SliceTeamsReuseTheirBuffers) {
  using namespace tessel::detail;
  tessel::TuningParameters tuning = HostTuning{};
  const RadixPlan workspace = plan_radix(1000, 100000, 4, 0, tuning, 2);
  ASSERT_EQ(workspace.path, RadixPath::team_per_slice);
  EXPECT_EQ(radix_slice_teams(workspace, 1000, 2), 2 * radix_slices_per_unit);
  EXPECT_EQ(radix_slice_teams(workspace, 3, 2), 3);
  EXPECT_EQ(radix_slice_teams(workspace, 1000, 0), radix_slices_per_unit);
  const RadixPlan scratch = plan_radix(1000, 100, 4, 0, tuning, 2);
  ASSERT_EQ(scratch.path, RadixPath::in_scratch);
  EXPECT_EQ(radix_slice_teams(scratch, 1000, 2), 1000);
}

}  // namespace
