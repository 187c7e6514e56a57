// Argument checks: messages name the function and the offending value.
#include <test_helpers.hpp>

#include <tessel/detail/core/checks.hpp>

namespace {

using Matrix = Kokkos::View<float**, Kokkos::HostSpace>;
using Vector = Kokkos::View<float*, Kokkos::HostSpace>;

template <class Function>
std::string message_of(Function&& function) {
  try {
    function();
  } catch (const std::invalid_argument& error) {
    return error.what();
  }
  return "no std::invalid_argument thrown";
}

TEST(Checks, DimMessagesNameFunctionAndValue) {
  EXPECT_EQ(message_of([] { tessel::detail::checked_dim<Matrix>("tessel::sort", 2); }),
            "tessel::sort: dim 2 is out of range for a rank-2 view");
  EXPECT_EQ(message_of([] { tessel::detail::checked_dim<Matrix>("tessel::sort", -2); }),
            "tessel::sort: dim -2 is out of range for a rank-2 view");
  EXPECT_NE(message_of([] { tessel::detail::checked_dim<Matrix>("tessel::sort", -1); }).find("dim must be given"),
            std::string::npos);
  EXPECT_EQ(tessel::detail::checked_dim<Vector>("f", -1), 0);
  EXPECT_EQ(tessel::detail::checked_dim<Vector>("f", 0), 0);
  EXPECT_EQ(message_of([] { tessel::detail::checked_dim<Vector>("f", 1); }),
            "f: dim 1 is out of range for a rank-1 view");
  EXPECT_EQ(tessel::detail::checked_dim<Matrix>("f", 1), 1);
}

TEST(Checks, ExtentMismatchNamesBothViews) {
  Matrix a("a", 3, 4), b("b", 3, 5);
  EXPECT_EQ(message_of([&] { tessel::detail::check_same_extents("tessel::sort_by_key", "keys", a, "values", b); }),
            "tessel::sort_by_key: values has extent 5 in dimension 1 but keys has extent 4");
  EXPECT_NO_THROW(tessel::detail::check_same_extents("f", "a", a, "a", a));
}

TEST(Checks, PartialOverlapIsAnErrorButTheSameViewIsNot) {
  Vector storage("storage", 100);
  auto first = Kokkos::subview(storage, std::make_pair(0, 50));
  auto shifted = Kokkos::subview(storage, std::make_pair(10, 60));
  auto apart = Kokkos::subview(storage, std::make_pair(50, 100));
  EXPECT_NO_THROW(tessel::detail::check_no_partial_overlap("f", "src", first, "dst", first));
  EXPECT_NO_THROW(tessel::detail::check_no_partial_overlap("f", "src", first, "dst", apart));
  EXPECT_NE(message_of([&] { tessel::detail::check_no_partial_overlap("f", "src", first, "dst", shifted); })
                .find("f: dst overlaps src"),
            std::string::npos);
  // Same memory, other strides: a transposed alias is not "the same view".
  Kokkos::View<float**, Kokkos::LayoutLeft, Kokkos::HostSpace> left(storage.data(), 10, 10);
  Kokkos::View<float**, Kokkos::LayoutRight, Kokkos::HostSpace> right(storage.data(), 10, 10);
  EXPECT_THROW(tessel::detail::check_no_partial_overlap("f", "src", left, "dst", right), std::invalid_argument);
}

}  // namespace
