// segmented_sort and segmented_sort_by_key: every bin (short, medium, long)
// and its boundaries +-1, for each key type, both orders, keys alone and
// with values, with the default tuning and tiny ones. The boundaries are the
// bins' own (detail/segmented/segmented_sort.hpp) and those of the short
// bin's rank sort (detail/sort/rank_sort.hpp).
#include <segmented_test_support.hpp>

#include <tessel/detail/segmented/segmented_sort.hpp>
#include <tessel/detail/sort/rank_sort.hpp>

namespace {

using namespace tessel_test::segmented;

// Lengths around every bin boundary of `tuning` (short, tile) and of the
// short bin's sorts (rank sort's block of keys and longest row), each +-1,
// shuffled, with empty and one-record segments among them.
Matrix boundary_matrix(const tessel::TuningParameters& tuning, int tile, std::uint64_t seed) {
  Matrix matrix;
  const std::size_t short_length = std::size_t(std::max(1, tuning.segmented.short_length));
  for (std::size_t base : {std::size_t(0), std::size_t(1), std::size_t(tessel::detail::rank_sort_vector),
                           std::size_t(std::max(1, tuning.segmented.rank_length)), short_length, std::size_t(tile),
                           std::size_t(4 * tile)})
    for (std::size_t delta : {0, 1, 2}) {
      const std::size_t length = base + delta >= 1 ? base + delta - 1 : 0;
      matrix.lengths.push_back(length);
      matrix.lengths.push_back(length);
    }
  std::mt19937_64 engine(seed);
  std::shuffle(matrix.lengths.begin(), matrix.lengths.end(), engine);
  matrix.lead = 3;
  matrix.trail = 5;
  return matrix;
}

// The medium bin's tile (its longest segment) for radix-sortable keys in
// their default order.
template <class Space>
int tile_of(const tessel::TuningParameters& tuning, std::size_t key_bytes, std::size_t value_bytes) {
  return tessel::detail::medium_bin(tessel::detail::launch_tuning(Space(), tuning), key_bytes, value_bytes, true,
                                    false)
      .tile.elements;
}

template <class Space, class Key>
void check_every_bin(std::uint64_t seed) {
  std::vector<tessel::TuningParameters> tunings{tessel::Tuning<Space>{}};
  // The short bin's two sorts side by side: rank sort up to 12 records
  // (on CPUs, keys of at most 4 bytes; elsewhere the rank length is
  // ignored), insertion sort up to 24; and insertion sort alone.
  tessel::TuningParameters mixed = tessel::Tuning<Space>{};
  mixed.segmented.short_length = 24;
  mixed.segmented.rank_length = 12;
  tessel::TuningParameters insertion = tessel::Tuning<Space>{};
  insertion.segmented.rank_length = 0;
  tunings.push_back(mixed);
  tunings.push_back(insertion);
  for (auto tuning : tiny_sort_tunings(tessel::Tuning<Space>{})) {
    tuning.segmented.short_length = int(seed % 5);  // 0 and 1 leave the short bin empty
    tunings.push_back(tuning);
  }
  for (const auto& tuning : tunings)
    for (bool by_key : {false, true})
      for (bool descending : {false, true}) {
        SegmentedCase c;
        c.tuning = tuning;
        c.by_key = by_key;
        c.options.order = descending ? tessel::Order::descending : tessel::Order::ascending;
        c.pattern = seed % 2 ? Pattern::special : Pattern::duplicates;
        c.seed = seed++;
        const int tile = tile_of<Space>(tuning, sizeof(Key), by_key ? 8 : 0);
        check_matrix<Space, Key, std::int64_t>(boundary_matrix(tuning, tile, c.seed), c,
                                               describe_sort(tuning) + " by_key " + std::to_string(by_key));
      }
}

template <class Space>
class SegmentedSortBins : public ::testing::Test {};
TYPED_TEST_SUITE(SegmentedSortBins, tessel_test::TestSpaces);

TYPED_TEST(SegmentedSortBins, EveryBinAndBoundaryFloat) { check_every_bin<TypeParam, float>(1); }
TYPED_TEST(SegmentedSortBins, EveryBinAndBoundaryDouble) { check_every_bin<TypeParam, double>(2); }
TYPED_TEST(SegmentedSortBins, EveryBinAndBoundaryInt32) { check_every_bin<TypeParam, std::int32_t>(3); }
TYPED_TEST(SegmentedSortBins, EveryBinAndBoundaryUint64) { check_every_bin<TypeParam, std::uint64_t>(4); }
TYPED_TEST(SegmentedSortBins, EveryBinAndBoundaryInt8) { check_every_bin<TypeParam, std::int8_t>(5); }

}  // namespace
