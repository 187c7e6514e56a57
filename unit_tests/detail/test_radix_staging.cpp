// The staging of strided slices by the radix sort: without scratch where
// either side's step is wide enough (a page is, which
// Radix.StridedSlicesPagesApartWithPartialBlocks in test_sort_radix.cpp
// relies on), in batches of rows, and at pitches an odd number of lines
// apart.
#include <sort_test_support.hpp>

#include <tessel/detail/sort/radix/radix_kernels.hpp>
#include <tessel/detail/sort/radix/radix_sort.hpp>
#include <tessel/detail/sort/sort_algorithms.hpp>

#include <cstdlib>
#include <cstring>
#include <numeric>

namespace {

using namespace tessel_test;

template <class Space>
class Radix : public ::testing::Test {};
TYPED_TEST_SUITE(Radix, TestSpaces);

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

// Slices at least a page apart are staged without scratch whatever the CPU:
// Radix.StridedSlicesPagesApartWithPartialBlocks (test_sort_radix.cpp)
// sorts slices (2 x 603 + 1) floats apart, 4828 bytes, for that path.
TEST(RadixPlan, SlicesAPageApartAreStagedWithoutScratch) {
  EXPECT_LE(tessel::detail::stage_direct_stride_bytes, std::size_t(4096));
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

}  // namespace
