// findall's flag tile (detail/findall/findall_impl.hpp) is the tile of
// one-byte elements its tuning gives, TuningParameters::tile: the family
// test Findall.AdversarialPatternsAroundTileBoundaries (test_findall.cpp)
// takes its sizes around that tile's multiples, for the same tunings.
#include <scan_test_support.hpp>

#include <tessel/detail/findall/findall_impl.hpp>

namespace {

using namespace tessel_test;

template <class Space>
class FindallTile : public ::testing::Test {};
TYPED_TEST_SUITE(FindallTile, TestSpaces);

TYPED_TEST(FindallTile, FlagTileIsTheTileOfOneByteElements) {
  for (const auto& tuning : findall_tunings<TypeParam>())
    EXPECT_EQ(tessel::detail::flag_tile(tuning).elements(), tuning.tile(1, true).elements()) << describe(tuning);
}

}  // namespace
