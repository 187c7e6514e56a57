// segmented_sort and segmented_sort_by_key: every bin (short, medium, long)
// and its boundaries +-1, for each key type, both orders, keys alone and
// with values, with the default tuning and tiny ones.
#include <segmented_test_support.hpp>

namespace {

using namespace tessel_test::segmented;

template <class Space>
class SegmentedSortBins : public ::testing::Test {};
TYPED_TEST_SUITE(SegmentedSortBins, tessel_test::TestSpaces);

TYPED_TEST(SegmentedSortBins, EveryBinAndBoundaryFloat) { check_every_bin<TypeParam, float>(1); }
TYPED_TEST(SegmentedSortBins, EveryBinAndBoundaryDouble) { check_every_bin<TypeParam, double>(2); }
TYPED_TEST(SegmentedSortBins, EveryBinAndBoundaryInt32) { check_every_bin<TypeParam, std::int32_t>(3); }
TYPED_TEST(SegmentedSortBins, EveryBinAndBoundaryUint64) { check_every_bin<TypeParam, std::uint64_t>(4); }
TYPED_TEST(SegmentedSortBins, EveryBinAndBoundaryInt8) { check_every_bin<TypeParam, std::int8_t>(5); }

}  // namespace
