// Allocations per call, counted through Kokkos Tools' allocation callback.
// A sort given a SortWorkspace of sort_workspace_bytes (or
// sortperm_workspace_bytes) allocates nothing, and a second call of the
// same shape allocates nothing at all (Kokkos' own scratch included), for
// every algorithm, whole and along dims 0 and 1, short and long slices.
#include <test_helpers.hpp>
#include <tools_callbacks.hpp>

#include <tessel/findall.hpp>
#include <tessel/scan.hpp>
#include <tessel/sort.hpp>

#include <algorithm>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

namespace {

std::mutex allocations_mutex;
std::vector<std::string> allocations;

void record_allocation(Kokkos::Profiling::SpaceHandle, const char* label, const void*, std::uint64_t) {
  std::lock_guard<std::mutex> lock(allocations_mutex);
  allocations.emplace_back(label);
}

// The labels of what `body` allocated.
std::vector<std::string> allocations_of(const std::function<void()>& body) {
  Kokkos::fence();
  allocations.clear();
  {
    const tessel_test::ScopedToolsCallbacks recording(nullptr, record_allocation);
    body();
    Kokkos::fence();
  }
  return allocations;
}

std::string joined(const std::vector<std::string>& labels) {
  std::string text;
  for (const auto& label : labels) text += (text.empty() ? "" : ", ") + label;
  return text;
}

using Space = Kokkos::DefaultExecutionSpace;
using Matrix = Kokkos::View<std::int32_t**, Kokkos::LayoutRight, Space::memory_space>;
using Column = Kokkos::View<std::int32_t*, Space::memory_space>;
using Workspace = tessel::SortWorkspace<Space::memory_space>;

struct Greater {
  KOKKOS_INLINE_FUNCTION bool operator()(std::int32_t a, std::int32_t b) const { return b < a; }
};

template <class View>
void fill(const View& view, std::uint64_t seed) {
  const auto host = Kokkos::create_mirror_view(view);
  const auto values = tessel_test::random_values<std::int32_t>(host.span(), seed, -1000, 1000);
  std::copy(values.begin(), values.end(), host.data());
  Kokkos::deep_copy(view, host);
}

// Every slice of `keys` (rank 1 or 2, along `dim`) is ascending by `before`.
template <class View, class Before>
void expect_sorted(const View& keys, int dim, Before before) {
  const auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, keys);
  const int along = dim < 0 ? 0 : dim;
  const std::size_t slices = View::rank == 1 ? 1 : host.extent(1 - along);
  for (std::size_t s = 0; s < slices; ++s)
    for (std::size_t i = 1; i < host.extent(along); ++i) {
      const auto at = [&](std::size_t k) {
        if constexpr (View::rank == 1) return host(k);
        else return along == 0 ? host(k, s) : host(s, k);
      };
      ASSERT_FALSE(before(at(i), at(i - 1))) << "slice " << s << ", element " << i;
    }
}

tessel::SortOptions options_of(tessel::SortAlgorithm algorithm, int dim) {
  tessel::SortOptions options;
  options.algorithm = algorithm;
  options.dim = dim;
  return options;
}

const std::vector<std::pair<const char*, tessel::SortAlgorithm>> algorithms = {
    {"AutoSort", tessel::AutoSort{}},
    {"MergeSort", tessel::MergeSort{}},
    {"BitonicSort", tessel::BitonicSort{}},
    {"RadixSort", tessel::RadixSort{}}};

// The shapes: whole views, and matrices sorted along dims 0 and 1 with
// short slices (one tile) and long ones (several tiles; radix sorts that
// split them among teams).
struct Shape {
  std::size_t rows, columns;
  int dim;
};
const std::vector<Shape> shapes = {{100000, 0, -1}, {20, 3000, 1}, {3000, 20, 0}, {4, 60000, 1}, {60000, 4, 0}};

// `sort(keys, other, options, workspace)` in a workspace of `bytes(keys,
// other, options)` allocates nothing of tessel's, and a second call of the
// same shape nothing at all; `sort` leaves the keys ascending.
template <class Bytes, class Sort>
void expect_no_allocations(const char* call, Bytes bytes, Sort sort, bool with_less) {
  for (const auto& [name, algorithm] : algorithms) {
    if (with_less && std::holds_alternative<tessel::RadixSort>(algorithm)) continue;
    for (const Shape& shape : shapes) {
      SCOPED_TRACE(std::string(call) + ", " + name + ", " + std::to_string(shape.rows) + "x" +
                   std::to_string(shape.columns) + " along dim " + std::to_string(shape.dim));
      const tessel::SortOptions options = options_of(algorithm, shape.dim);
      const auto run = [&](auto keys, auto other) {
        Workspace workspace(bytes(keys, other, options));
        const std::size_t size = workspace.size();
        for (int round = 0; round < 2; ++round) {
          fill(keys, 11 + round);
          const auto labels = allocations_of([&] { sort(keys, other, options, workspace); });
          std::vector<std::string> tessels;
          for (const auto& label : labels)
            if (label.rfind("tessel::", 0) == 0) tessels.push_back(label);
          EXPECT_TRUE(tessels.empty()) << "round " << round << " allocated " << joined(tessels);
          if (round == 1) {
            EXPECT_TRUE(labels.empty()) << "the second call allocated " << joined(labels);
          }
          EXPECT_EQ(workspace.size(), size) << "sort_workspace_bytes was too small";
        }
        expect_sorted(keys, shape.dim, [](std::int32_t a, std::int32_t b) { return a < b; });
      };
      if (shape.dim < 0) run(Column("tessel_test::keys", shape.rows), Column("tessel_test::other", shape.rows));
      else
        run(Matrix("tessel_test::keys", shape.rows, shape.columns),
            Matrix("tessel_test::other", shape.rows, shape.columns));
    }
  }
}

// The count sees what a sort allocates: a merge sort longer than a tile
// without a workspace allocates one, with a workspace too small grows it.
TEST(Allocations, AreCounted) {
  const Space exec;
  const Column keys("tessel_test::keys", 5000);
  const tessel::SortOptions options = options_of(tessel::MergeSort{}, -1);
  tessel::sort(exec, keys, options);  // lets the backend grow its own buffers first
  fill(keys, 1);
  EXPECT_EQ(joined(allocations_of([&] { tessel::sort(exec, keys, options); })), "tessel::sort::workspace");
  Workspace workspace(tessel::sort_workspace_bytes(exec, keys, options) - 1);
  fill(keys, 2);
  EXPECT_EQ(joined(allocations_of([&] { tessel::sort(exec, keys, options, workspace); })), "tessel::sort::workspace");
  expect_sorted(keys, -1, [](std::int32_t a, std::int32_t b) { return a < b; });
}

TEST(Allocations, SortsInASizedWorkspace) {
  const Space exec;
  expect_no_allocations(
      "sort", [&](const auto& keys, const auto&, const auto& options) {
        return tessel::sort_workspace_bytes(exec, keys, options);
      },
      [&](const auto& keys, const auto&, const auto& options, Workspace& workspace) {
        tessel::sort(exec, keys, options, workspace);
      },
      false);
}

TEST(Allocations, SortsByKeyInASizedWorkspace) {
  const Space exec;
  expect_no_allocations(
      "sort_by_key", [&](const auto& keys, const auto& values, const auto& options) {
        return tessel::sort_workspace_bytes(exec, keys, values, options);
      },
      [&](const auto& keys, const auto& values, const auto& options, Workspace& workspace) {
        tessel::sort_by_key(exec, keys, values, options, workspace);
      },
      false);
}

TEST(Allocations, SortpermsInASizedWorkspace) {
  const Space exec;
  expect_no_allocations(
      "sortperm", [&](const auto& keys, const auto& perm, const auto& options) {
        return tessel::sortperm_workspace_bytes(exec, perm, keys, options);
      },
      [&](const auto& keys, const auto& perm, const auto& options, Workspace& workspace) {
        tessel::sortperm(exec, perm, keys, options, workspace);
        tessel::sort(exec, keys, options, workspace);  // sorted keys, to check (sort needs less than sortperm)
      },
      false);
}

TEST(Allocations, SortsWithALessInASizedWorkspace) {
  const Space exec;
  expect_no_allocations(
      "sort_by_key with a less", [&](const auto& keys, const auto& values, const auto& options) {
        return tessel::sort_workspace_bytes(exec, keys, values, Greater{}, options);
      },
      [&](const auto& keys, const auto& values, const auto& options, Workspace& workspace) {
        tessel::sort_by_key(exec, keys, values, Greater{}, options, workspace, tessel::Tuning<Space>{});
        tessel::sort(exec, keys, options, workspace);  // ascending again, to check the keys
      },
      true);
}

// What tessel allocated in a call, but for labels in `stated` (those its
// header names). Kokkos' own buffers (unlabelled, grown on first use) are
// the backend's.
std::vector<std::string> unstated(const std::vector<std::string>& labels, const std::vector<std::string>& stated) {
  std::vector<std::string> others;
  for (const auto& label : labels)
    if (label.rfind("tessel::", 0) == 0 && std::find(stated.begin(), stated.end(), label) == stated.end())
      others.push_back(label);
  return others;
}

struct Negative {
  KOKKOS_INLINE_FUNCTION bool operator()(std::int32_t x) const { return x < 0; }
};

// Scans allocate only what scan.hpp states, whole and along dims 0 and 1.
TEST(Allocations, ScansAllocateWhatTheirHeaderStates) {
  const Space exec;
  const std::vector<std::string> stated = {"tessel::scan::chunk_counter", "tessel::scan::chunk_status",
                                           "tessel::scan::chunk_aggregates", "tessel::scan::block_totals",
                                           "tessel::scan::block_tickets"};
  for (const Shape& shape : shapes) {
    SCOPED_TRACE(std::to_string(shape.rows) + "x" + std::to_string(shape.columns) + " along dim " +
                 std::to_string(shape.dim));
    tessel::ScanOptions options;
    options.dim = shape.dim;
    const auto run = [&](auto src, auto dst) {
      fill(src, 4);
      for (int round = 0; round < 2; ++round) {
        const auto labels = allocations_of([&] {
          tessel::inclusive_scan(exec, src, dst, tessel::Plus{}, options);
          tessel::exclusive_scan(exec, src, dst, tessel::Max{}, std::int32_t(0), options);
          tessel::inclusive_scan(exec, src, dst, tessel::Min{}, std::int32_t(5), options);
        });
        EXPECT_TRUE(unstated(labels, stated).empty()) << "round " << round << ": " << joined(labels);
      }
    };
    if (shape.dim < 0) run(Column("tessel_test::src", shape.rows), Column("tessel_test::dst", shape.rows));
    else
      run(Matrix("tessel_test::src", shape.rows, shape.columns), Matrix("tessel_test::dst", shape.rows, shape.columns));
  }
}

// findall, count_if and copy_if allocate only what findall.hpp states.
TEST(Allocations, CompactionsAllocateWhatTheirHeaderStates) {
  const Space exec;
  const std::vector<std::string> counts = {"tessel::findall::tile_counts", "tessel::findall::flags"};
  std::vector<std::string> with_result = counts;
  with_result.push_back("tessel::findall::indices");
  for (const std::size_t n : {std::size_t(10), std::size_t(100000)}) {
    SCOPED_TRACE(n);
    const Column src("tessel_test::src", n), dst("tessel_test::dst", n);
    fill(src, 6);
    for (int round = 0; round < 2; ++round) {
      EXPECT_TRUE(unstated(allocations_of([&] { tessel::findall(exec, src, Negative{}); }), with_result).empty());
      const auto counted = allocations_of([&] {
        tessel::count_if(exec, src, Negative{});
        tessel::copy_if(exec, src, dst, Negative{});
      });
      EXPECT_TRUE(unstated(counted, counts).empty()) << joined(counted);
    }
  }
}

}  // namespace
