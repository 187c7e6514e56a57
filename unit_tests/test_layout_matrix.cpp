// Every function that takes several views, with every ordered pair of
// layouts (LayoutLeft, LayoutRight, LayoutStride with permuted strides, and a
// subview of a rank-4 parent whose strides are in neither order), at ranks 2
// and 3, along every dim, with extents all different and with singleton
// extents. The reference indexes every view by (i, j, k), never by memory
// order, so a call that numbered the slices of two views differently fails.
#include <scan_test_support.hpp>
#include <sort_test_support.hpp>

#include <tessel/scan.hpp>
#include <tessel/sort.hpp>

namespace {

using namespace tessel_test;

using Index = std::array<std::size_t, 3>;

// The layouts a view type can take at run time: LayoutStride views come as
// permuted strides with gaps (make_view) or as a subview of a rank-4 parent.
enum class Shape { plain, rank4_subview };

template <class T, int Rank, class LayoutType, class Space>
struct MatrixView {
  TestView<T, Rank, LayoutType, Space> test_view;
  Kokkos::View<T****, Kokkos::LayoutLeft, typename Space::memory_space> parent;
  typename TestView<T, Rank, LayoutType, Space>::view_type view;
};

// A rank-Rank LayoutStride subview of a rank-4 LayoutLeft parent: dims taken
// in the order 2, 0, 3 (parent strides 1, e0*?, ...), with index 1 fixed in
// parent dim 1, so the view's strides are in neither LayoutLeft's nor
// LayoutRight's order and have gaps.
template <class T, int Rank, class Space>
auto rank4_subview(Kokkos::View<T****, Kokkos::LayoutLeft, typename Space::memory_space>& parent, Index extents) {
  const std::size_t e0 = extents[0], e1 = Rank > 1 ? extents[1] : 1, e2 = Rank > 2 ? extents[2] : 1;
  // parent(a, b, c, d): view (i, j, k) = parent(j, 1, i, k) for rank 3,
  // parent(j, 1, i, 0) for rank 2.
  parent = Kokkos::View<T****, Kokkos::LayoutLeft, typename Space::memory_space>("tessel_test::parent", e1 + 1, 3,
                                                                                  e0 + 2, e2);
  if constexpr (Rank == 2) {
    auto sub = Kokkos::subview(parent, std::make_pair(std::size_t(0), e1), 1, std::make_pair(std::size_t(0), e0), 0);
    // sub is (j, i); transpose through LayoutStride to (i, j).
    Kokkos::LayoutStride layout;
    layout.dimension[0] = e0;
    layout.stride[0] = sub.stride(1);
    layout.dimension[1] = e1;
    layout.stride[1] = sub.stride(0);
    return Kokkos::View<T**, Kokkos::LayoutStride, typename Space::memory_space>(sub.data(), layout);
  } else {
    auto sub = Kokkos::subview(parent, std::make_pair(std::size_t(0), e1), 1, std::make_pair(std::size_t(0), e0),
                               Kokkos::ALL());
    Kokkos::LayoutStride layout;
    layout.dimension[0] = e0;
    layout.stride[0] = sub.stride(1);
    layout.dimension[1] = e1;
    layout.stride[1] = sub.stride(0);
    layout.dimension[2] = e2;
    layout.stride[2] = sub.stride(2);
    return Kokkos::View<T***, Kokkos::LayoutStride, typename Space::memory_space>(sub.data(), layout);
  }
}

template <class T, int Rank, class LayoutType, class Space>
MatrixView<T, Rank, LayoutType, Space> matrix_view(Index extents, Shape shape) {
  MatrixView<T, Rank, LayoutType, Space> result;
  if constexpr (std::is_same_v<LayoutType, Kokkos::LayoutStride>) {
    if (shape == Shape::rank4_subview) {
      result.view = rank4_subview<T, Rank, Space>(result.parent, extents);
      return result;
    }
  }
  result.test_view = make_view<T, Rank, LayoutType, Space>(extents);
  result.view = result.test_view.view;
  return result;
}

const char* layout_name(Kokkos::LayoutLeft, Shape) { return "Left"; }
const char* layout_name(Kokkos::LayoutRight, Shape) { return "Right"; }
const char* layout_name(Kokkos::LayoutStride, Shape shape) {
  return shape == Shape::plain ? "Stride(permuted)" : "Stride(rank-4 subview)";
}

template <int Rank>
std::vector<Index> matrix_extents() {
  if constexpr (Rank == 2) return {{5, 7, 1}, {1, 6, 1}, {6, 1, 1}};
  else return {{4, 3, 5}, {1, 4, 3}, {3, 1, 4}, {4, 3, 1}};
}

template <class Left>
std::vector<Shape> shapes_of() {
  if constexpr (std::is_same_v<Left, Kokkos::LayoutStride>) return {Shape::plain, Shape::rank4_subview};
  else return {Shape::plain};
}

// Distinct keys per view (a shuffled sequence through -0.0), so that
// every algorithm has one correct answer.
std::vector<float> distinct_keys(std::size_t n, std::uint64_t seed) {
  std::vector<float> keys(n);
  for (std::size_t i = 0; i < n; ++i) keys[i] = float(i) - float(n / 2);
  std::shuffle(keys.begin(), keys.end(), std::mt19937_64(seed));
  for (auto& key : keys)
    if (key == 0) key = -0.0f;  // the sign of zero must survive
  return keys;
}

template <class Space>
class LayoutMatrix : public ::testing::Test {};
TYPED_TEST_SUITE(LayoutMatrix, TestSpaces);

// ---- scans ---------------------------------------------------------------------

template <class Space, int Rank, class SrcLayout, class DstLayout>
void scan_pair(const std::vector<tessel::TuningParameters>& tunings) {
  for (Shape src_shape : shapes_of<SrcLayout>())
    for (Shape dst_shape : shapes_of<DstLayout>())
      for (const Index& extents : matrix_extents<Rank>())
        for (int dim = 0; dim < Rank; ++dim)
          for (bool exclusive : {false, true})
            for (const auto& tuning : tunings) {
              auto src = matrix_view<std::int64_t, Rank, SrcLayout, Space>(extents, src_shape);
              auto dst = matrix_view<std::int64_t, Rank, DstLayout, Space>(extents, dst_shape);
              fill_view(src.view, [](const Index& index, std::size_t flat) {
                return std::int64_t(flat * 7919 % 1000) - 500 + std::int64_t(index[1]);
              });
              const std::optional<std::int64_t> init = exclusive ? std::optional<std::int64_t>(-3) : std::nullopt;
              std::ostringstream what;
              what << (exclusive ? "exclusive" : "inclusive") << " scan " << layout_name(SrcLayout{}, src_shape)
                   << " -> " << layout_name(DstLayout{}, dst_shape) << " rank " << Rank << " extents " << extents[0]
                   << 'x' << extents[1] << 'x' << extents[2] << " dim " << dim << ' ' << describe(tuning);
              check_scan<Space>(src.view, dst.view, dim, tessel::Plus{}, init, tuning, what.str());
              if (::testing::Test::HasFatalFailure()) return;
            }
}

// In place: one view, every layout.
template <class Space, int Rank, class LayoutType>
void scan_in_place(const std::vector<tessel::TuningParameters>& tunings) {
  for (Shape shape : shapes_of<LayoutType>())
    for (const Index& extents : matrix_extents<Rank>())
      for (int dim = 0; dim < Rank; ++dim)
        for (const auto& tuning : tunings) {
          auto view = matrix_view<std::int64_t, Rank, LayoutType, Space>(extents, shape);
          fill_view(view.view, [](const Index&, std::size_t flat) { return std::int64_t(flat * 31 % 97) - 40; });
          std::ostringstream what;
          what << "in-place scan " << layout_name(LayoutType{}, shape) << " rank " << Rank << " dim " << dim;
          check_scan<Space>(view.view, view.view, dim, tessel::Plus{}, std::optional<std::int64_t>(5), tuning,
                            what.str());
          if (::testing::Test::HasFatalFailure()) return;
        }
}

// ---- sort_by_key and sortperm ----------------------------------------------------

// Every slice along dim, as the (i, j, k) of its elements in order.
std::vector<std::vector<Index>> slices_by_index(int rank, const Index& extents, int dim) {
  std::vector<std::vector<Index>> slices;
  Index bound{1, 1, 1};
  for (int r = 0; r < rank; ++r) bound[r] = r == dim ? 1 : extents[r];
  for (std::size_t i = 0; i < bound[0]; ++i)
    for (std::size_t j = 0; j < bound[1]; ++j)
      for (std::size_t k = 0; k < bound[2]; ++k) {
        std::vector<Index> slice;
        for (std::size_t p = 0; p < extents[dim]; ++p) {
          Index index{i, j, k};
          index[dim] = p;
          slice.push_back(index);
        }
        slices.push_back(std::move(slice));
      }
  return slices;
}

std::int32_t index_code(const Index& index) { return std::int32_t(index[0] * 10000 + index[1] * 100 + index[2]); }

template <class Space, int Rank, class KeyLayout, class OtherLayout>
void sort_pair(const std::vector<tessel::TuningParameters>& tunings) {
  for (Shape key_shape : shapes_of<KeyLayout>())
    for (Shape other_shape : shapes_of<OtherLayout>())
      for (const Index& extents : matrix_extents<Rank>())
        for (int dim = 0; dim < Rank; ++dim)
          for (int algorithm : {0, 1, 2})
            for (const auto& tuning : tunings) {
              std::size_t n = 1;
              for (int r = 0; r < Rank; ++r) n *= extents[r];
              const auto key_data = distinct_keys(n, n * 13 + dim);
              tessel::SortOptions options;
              options.dim = dim;
              options.order = dim % 2 == 0 ? tessel::Order::ascending : tessel::Order::descending;
              const char* names[] = {" merge ", " bitonic ", " radix "};
              if (algorithm == 0) options.algorithm = tessel::MergeSort{};
              if (algorithm == 1) options.algorithm = tessel::BitonicSort{};
              if (algorithm == 2) options.algorithm = tessel::RadixSort{};
              const bool descending = options.order == tessel::Order::descending;
              std::ostringstream what;
              what << layout_name(KeyLayout{}, key_shape) << " keys, " << layout_name(OtherLayout{}, other_shape)
                   << " values/perm, rank " << Rank << " extents " << extents[0] << 'x' << extents[1] << 'x'
                   << extents[2] << " dim " << dim << names[algorithm] << describe_sort(tuning);
              SCOPED_TRACE(what.str());

              // sort_by_key: values are the (i, j, k) codes of the keys' input positions.
              auto keys = matrix_view<float, Rank, KeyLayout, Space>(extents, key_shape);
              auto values = matrix_view<std::int32_t, Rank, OtherLayout, Space>(extents, other_shape);
              fill_view(keys.view, [&](const Index&, std::size_t flat) { return key_data[flat]; });
              fill_view(values.view, [](const Index& index, std::size_t) { return index_code(index); });
              const auto keys_before = host_copy(keys.view);
              tessel::sort_by_key(Space(), keys.view, values.view, options, tuning);
              const auto got_keys = to_host(keys.view);
              const auto got_values = to_host(values.view);

              // sortperm on the unsorted keys.
              auto perm_keys = matrix_view<float, Rank, KeyLayout, Space>(extents, key_shape);
              auto perm = matrix_view<std::int32_t, Rank, OtherLayout, Space>(extents, other_shape);
              fill_view(perm_keys.view, [&](const Index&, std::size_t flat) { return key_data[flat]; });
              tessel::sortperm(Space(), perm.view, perm_keys.view, options, tuning);
              const auto got_perm = to_host(perm.view);

              for (const auto& slice : slices_by_index(Rank, extents, dim)) {
                std::vector<Index> expected = slice;  // positions in sorted order
                std::stable_sort(expected.begin(), expected.end(), [&](const Index& a, const Index& b) {
                  const float x = element(keys_before, a), y = element(keys_before, b);
                  return descending ? total_less(y, x) : total_less(x, y);
                });
                for (std::size_t p = 0; p < slice.size(); ++p) {
                  const float want = element(keys_before, expected[p]);
                  ASSERT_TRUE(same_bits(element(got_keys, slice[p]), want))
                      << "key at slice position " << p << " is " << bits_of(element(got_keys, slice[p]))
                      << ", expected " << bits_of(want);
                  ASSERT_EQ(element(got_values, slice[p]), index_code(expected[p])) << "value at position " << p;
                  ASSERT_EQ(std::size_t(element(got_perm, slice[p])), expected[p][dim]) << "perm at position " << p;
                }
              }
            }
}

template <class Space, int Rank, class A>
void every_second(const std::vector<tessel::TuningParameters>& scan_tunings,
                  const std::vector<tessel::TuningParameters>& sort_tunings) {
  scan_pair<Space, Rank, A, Kokkos::LayoutLeft>(scan_tunings);
  scan_pair<Space, Rank, A, Kokkos::LayoutRight>(scan_tunings);
  scan_pair<Space, Rank, A, Kokkos::LayoutStride>(scan_tunings);
  scan_in_place<Space, Rank, A>(scan_tunings);
  sort_pair<Space, Rank, A, Kokkos::LayoutLeft>(sort_tunings);
  sort_pair<Space, Rank, A, Kokkos::LayoutRight>(sort_tunings);
  sort_pair<Space, Rank, A, Kokkos::LayoutStride>(sort_tunings);
}

template <class Space, int Rank>
void every_pair() {
  // The default tuning and a tiny one, so that multi-tile and multi-team
  // paths (and batched slices) see the mixed layouts too.
  const tessel::Tuning<Space> base;
  std::vector<tessel::TuningParameters> scan_tunings{base};
  tessel::TuningParameters tiny_scan = base;
  tiny_scan.team_size = 3;
  tiny_scan.runs_per_thread = 2;
  tiny_scan.max_items_per_thread = 2;
  tiny_scan.scan.tiles_per_team = 2;
  scan_tunings.push_back(tiny_scan);
  // Slices batched on lone threads: strided neighbours swept in blocks of
  // three (across a 3D view's runs of neighbours), each view's own stride.
  tessel::TuningParameters swept = base;
  swept.scan.batched_teams_per_thread = 0;
  swept.runs_per_thread = 1;  // batched from one slice on
  swept.scan.sweep_bytes = 3 * sizeof(std::int64_t);
  scan_tunings.push_back(swept);
  std::vector<tessel::TuningParameters> sort_tunings{base};
  tessel::TuningParameters tiny_sort = base;
  tiny_sort.team_size = 3;
  tiny_sort.merge.runs_per_thread = 1;
  tiny_sort.merge.items_per_thread = 2;
  // Radix sort's paths: slices in scratch or not, split among teams.
  tiny_sort.radix.scratch_slice = 0;
  tiny_sort.radix.team_slice = 8;
  tiny_sort.radix.block_elements = 3;
  tiny_sort.radix.bits = 5;
  sort_tunings.push_back(tiny_sort);
  every_second<Space, Rank, Kokkos::LayoutLeft>(scan_tunings, sort_tunings);
  every_second<Space, Rank, Kokkos::LayoutRight>(scan_tunings, sort_tunings);
  every_second<Space, Rank, Kokkos::LayoutStride>(scan_tunings, sort_tunings);
}

TYPED_TEST(LayoutMatrix, Rank2EveryPairEveryDim) { every_pair<TypeParam, 2>(); }
TYPED_TEST(LayoutMatrix, Rank3EveryPairEveryDim) { every_pair<TypeParam, 3>(); }

}  // namespace
