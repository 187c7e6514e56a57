// Every sort takes ([less], [options], [workspace], [tuning]) after its views,
// each part left out or given, in that order (and options as a braced list):
// every combination is called and checked against a host reference, and
// the options, the less and the workspace given must be the ones used (the
// order they ask for; the workspace grown).
#include <test_helpers.hpp>

#include <tessel/sort.hpp>

#include <algorithm>
#include <functional>
#include <numeric>
#include <string>
#include <vector>

namespace {

using Space = Kokkos::DefaultExecutionSpace;
using Keys = Kokkos::View<std::int32_t*, Space::memory_space>;
using Workspace = tessel::SortWorkspace<Space::memory_space>;

struct Greater {
  KOKKOS_INLINE_FUNCTION bool operator()(std::int32_t a, std::int32_t b) const { return b < a; }
};

constexpr std::size_t n = 3000;  // longer than one merge-sort tile: the sort needs a workspace
const std::vector<std::int32_t> input = tessel_test::random_values<std::int32_t>(n, 5, -200, 200);

std::vector<std::int32_t> to_host(const Keys& view) {
  std::vector<std::int32_t> host(view.extent(0));
  Kokkos::deep_copy(Kokkos::View<std::int32_t*, Kokkos::HostSpace>(host.data(), host.size()), view);
  return host;
}

Keys to_device(const std::vector<std::int32_t>& host) {
  Keys view("tessel_test::keys", host.size());
  Kokkos::deep_copy(view, Kokkos::View<const std::int32_t*, Kokkos::HostSpace>(host.data(), host.size()));
  return view;
}

// The options of every call: descending merge sort. With the Greater less,
// descending is its reverse: ascending.
tessel::SortOptions options() {
  tessel::SortOptions o;
  o.order = tessel::Order::descending;
  o.algorithm = tessel::MergeSort{};
  return o;
}

tessel::TuningParameters tiny() {
  tessel::TuningParameters t = tessel::Tuning<Space>{};
  t.team_size = 3;
  t.merge.runs_per_thread = 2;
  t.merge.items_per_thread = 2;  // tiles of 12 records
  return t;
}

// The stable order of the input that a call with (less?, options?) gives:
// positions, ascending by default; options reverse it; the less reverses it.
std::vector<std::size_t> expected_order(bool less, bool with_options) {
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t(0));
  const bool descending = less != with_options;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return descending ? input[b] < input[a] : input[a] < input[b];
  });
  return order;
}

// `call(keys, values, perm, workspace)` for the given tail; checks keys (or
// perm) and values against the expected order, and the workspace grown when
// one is given.
void check(const std::string& tail, bool less, bool with_options, bool with_workspace,
           const std::function<void(const Keys&, const Keys&, const Keys&, Workspace&)>& call) {
  SCOPED_TRACE(tail);
  const auto order = expected_order(less, with_options);
  std::vector<std::int32_t> positions(n);
  std::iota(positions.begin(), positions.end(), 0);
  const Keys keys = to_device(input), values = to_device(positions), perm("tessel_test::perm", n);
  Workspace workspace;
  call(keys, values, perm, workspace);
  const auto sorted = to_host(keys), carried = to_host(values), permutation = to_host(perm);
  const bool sortperm = tail.rfind("sortperm", 0) == 0;
  const bool by_key = tail.rfind("sort_by_key", 0) == 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (sortperm) {
      ASSERT_EQ(input[std::size_t(permutation[i])], input[order[i]]) << i;
      ASSERT_EQ(sorted[i], input[i]) << "sortperm wrote the keys at " << i;
    } else {
      ASSERT_EQ(sorted[i], input[order[i]]) << i;
      if (by_key) {
        ASSERT_EQ(carried[i], std::int32_t(order[i])) << "value " << i;  // MergeSort is stable
      }
    }
  }
  EXPECT_EQ(workspace.size() > 0, with_workspace) << "the workspace given is not the one used";
}

// Every combination of the tail, with the options as a value and as a
// braced list. CALL(views, tail...) is one of sort, sort_by_key, sortperm on
// the views VIEWS names (of k: keys, v: values, p: perm).
#define TESSEL_BODY(...) \
  [&](const Keys& k, const Keys& v, const Keys& p, Workspace& w) { \
    (void)k, (void)v, (void)p, (void)w; \
    __VA_ARGS__; \
  }
#define TESSEL_BRACED {-1, tessel::Order::descending, tessel::MergeSort{}}
#define TESSEL_TEST_TAILS(name)                                                                        \
  const Space exec;                                                                                    \
  const auto o = options();                                                                            \
  const auto t = tiny();                                                                               \
  check(name "()", false, false, false, TESSEL_BODY(CALL(VIEWS)));                                     \
  check(name "(options)", false, true, false, TESSEL_BODY(CALL(VIEWS, o)));                            \
  check(name "({...})", false, true, false, TESSEL_BODY(CALL(VIEWS, TESSEL_BRACED)));                  \
  check(name "(workspace)", false, false, true, TESSEL_BODY(CALL(VIEWS, w)));                          \
  check(name "(tuning)", false, false, false, TESSEL_BODY(CALL(VIEWS, t)));                            \
  check(name "(options, workspace)", false, true, true, TESSEL_BODY(CALL(VIEWS, o, w)));               \
  check(name "({...}, workspace, tuning)", false, true, true, TESSEL_BODY(CALL(VIEWS, TESSEL_BRACED, w, t))); \
  check(name "(options, tuning)", false, true, false, TESSEL_BODY(CALL(VIEWS, o, t)));                 \
  check(name "(workspace, tuning)", false, false, true, TESSEL_BODY(CALL(VIEWS, w, t)));               \
  check(name "(options, workspace, tuning)", false, true, true, TESSEL_BODY(CALL(VIEWS, o, w, t)));    \
  check(name "(less)", true, false, false, TESSEL_BODY(CALL(VIEWS, Greater{})));                       \
  check(name "(less, options)", true, true, false, TESSEL_BODY(CALL(VIEWS, Greater{}, o)));            \
  check(name "(less, {...})", true, true, false, TESSEL_BODY(CALL(VIEWS, Greater{}, TESSEL_BRACED)));  \
  check(name "(less, workspace)", true, false, true, TESSEL_BODY(CALL(VIEWS, Greater{}, w)));          \
  check(name "(less, tuning)", true, false, false, TESSEL_BODY(CALL(VIEWS, Greater{}, t)));            \
  check(name "(less, options, workspace)", true, true, true, TESSEL_BODY(CALL(VIEWS, Greater{}, o, w))); \
  check(name "(less, options, tuning)", true, true, false, TESSEL_BODY(CALL(VIEWS, Greater{}, o, t)));  \
  check(name "(less, workspace, tuning)", true, false, true, TESSEL_BODY(CALL(VIEWS, Greater{}, w, t))); \
  check(name "(less, {...}, workspace, tuning)", true, true, true,                                     \
        TESSEL_BODY(CALL(VIEWS, Greater{}, TESSEL_BRACED, w, t)))

TEST(SortArguments, Sort) {
#define CALL(...) tessel::sort(exec, __VA_ARGS__)
#define VIEWS k
  TESSEL_TEST_TAILS("sort");
#undef VIEWS
#undef CALL
}

TEST(SortArguments, SortByKey) {
#define CALL(...) tessel::sort_by_key(exec, __VA_ARGS__)
#define VIEWS k, v
  TESSEL_TEST_TAILS("sort_by_key");
#undef VIEWS
#undef CALL
}

TEST(SortArguments, Sortperm) {
#define CALL(...) tessel::sortperm(exec, __VA_ARGS__)
#define VIEWS p, k
  TESSEL_TEST_TAILS("sortperm");
#undef VIEWS
#undef CALL
}

}  // namespace
