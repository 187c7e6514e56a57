// <tessel/findall.hpp> alone: findall (pred and mask), count_if, copy_if,
// FindallOptions.
#include <tessel/findall.hpp>

#include <alone/alone_support.hpp>

namespace {
struct Negative {
  KOKKOS_INLINE_FUNCTION bool operator()(std::int32_t x) const { return x < 0; }
};
// A functor: nvcc rejects device lambdas in a test body.
struct MaskNegatives {
  Kokkos::View<bool*, tessel_alone::Space::memory_space> mask;
  Kokkos::View<std::int32_t*, tessel_alone::Space::memory_space> view;
  KOKKOS_INLINE_FUNCTION void operator()(int i) const { mask(i) = view(i) < 0; }
};
}  // namespace

TEST(HeaderAlone, Findall) {
  using namespace tessel_alone;
  const auto input = numbers();
  const auto view = device(input);
  std::vector<std::int64_t> positions;
  std::vector<std::int32_t> negatives;
  for (std::size_t i = 0; i < input.size(); ++i)
    if (input[i] < 0) {
      positions.push_back(std::int64_t(i));
      negatives.push_back(input[i]);
    }
  EXPECT_EQ(host(tessel::findall(Space(), view, Negative{})), positions);
  EXPECT_EQ(host(tessel::findall(Space(), view, Negative{}, tessel::FindallOptions{}, tessel::Tuning<Space>{})),
            positions);
  Kokkos::View<bool*, Space::memory_space> mask("tessel_test::alone::mask", input.size());
  Kokkos::parallel_for(Kokkos::RangePolicy<Space>(0, input.size()), MaskNegatives{mask, view});
  EXPECT_EQ(host(tessel::findall(Space(), mask)), positions);
  EXPECT_EQ(tessel::count_if(Space(), view, Negative{}), std::int64_t(positions.size()));
  Kokkos::View<std::int32_t*, Space::memory_space> dst("tessel_test::alone::dst", input.size());
  const std::int64_t count = tessel::copy_if(Space(), view, dst, Negative{}, {});
  ASSERT_EQ(count, std::int64_t(negatives.size()));
  auto copied = host(dst);
  copied.resize(std::size_t(count));
  EXPECT_EQ(copied, negatives);
}
