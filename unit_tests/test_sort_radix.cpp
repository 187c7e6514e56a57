// RadixSort: every key type and both orders through every path (in scratch,
// one team per slice, several teams per slice), both ranking variants, chunk
// sizes 32 and 64, tiny digits (many passes); along dims; errors; workspace
// reuse. Checked bit for bit against std::stable_sort in the total order
// (radix sort is stable). The plan's decisions, and the staging of strided
// rows in batches: detail/test_radix_internals.cpp.
#include <sort_test_support.hpp>

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
    // Teams of one thread with scratch atomics rank in order: they alone
    // count every pass at once and write through lines.
    const bool in_order = ranking.atomics && ranking.team == 1;
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
        using U = unsigned_bits_t<T>;
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
      tuning.radix.bits = bits;  // every pass counted at once (RadixTuning.NanTestTuningsCountEveryPass)
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
  ASSERT_EQ(strided.view.stride(0), 2 * across + 1);
  // A page apart at least (RadixPlan.SlicesAPageApartAreStagedWithoutScratch).
  ASSERT_GE(strided.view.stride(0) * sizeof(float), 4096u);
  check(strided, 0, "LayoutStride, slices two elements apart");
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
// past the chunk, with and without the buckets by the top digit. (The
// default chunk fits and is kept: RadixTuning.DefaultChunkFitsTheSpacesScratch.)
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
}

}  // namespace
