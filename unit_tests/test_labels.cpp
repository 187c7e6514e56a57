// Every kernel tessel launches and every allocation it makes carries a label
// beginning with "tessel::", so that Kokkos Tools profilers name them.
#include <test_helpers.hpp>
#include <tools_callbacks.hpp>

#include <tessel/tessel.hpp>

#include <mutex>

namespace {

std::mutex recorded_mutex;
std::vector<std::string> kernel_names;
std::vector<std::string> allocation_labels;

void record_kernel(const char* name, std::uint32_t, std::uint64_t*) {
  std::lock_guard<std::mutex> lock(recorded_mutex);
  kernel_names.emplace_back(name);
}
void record_allocation(Kokkos::Profiling::SpaceHandle, const char* label, const void*, std::uint64_t) {
  std::lock_guard<std::mutex> lock(recorded_mutex);
  allocation_labels.emplace_back(label);
}

bool starts_with(const std::string& text, const std::string& prefix) {
  return text.compare(0, prefix.size(), prefix) == 0;
}

// Runs `body` with the callbacks installed and checks what it launched.
template <class Body>
void expect_labelled(const char* what, Body&& body) {
  SCOPED_TRACE(what);
  // A first run lets backends grow their internal scratch buffers (OpenMP
  // allocates those without a label); the recorded run then sees only what
  // tessel launches and allocates.
  body();
  Kokkos::fence();
  kernel_names.clear();
  allocation_labels.clear();
  {
    const tessel_test::ScopedToolsCallbacks recording(record_kernel, record_allocation);
    body();
    Kokkos::fence();
  }
  bool any_tessel_kernel = false;
  for (const auto& name : kernel_names) {
    // Kokkos' own kernels (view initialisation, deep_copy) carry its prefix.
    EXPECT_TRUE(starts_with(name, "tessel::") || starts_with(name, "Kokkos::")) << "kernel '" << name << "'";
    // Nor are tessel's workspaces filled or freed by launches of Kokkos'
    // (View initialisation and destruction): on OpenMP each would wake
    // every thread, about as long as a scan of 10^5 elements (team.hpp).
    EXPECT_FALSE(starts_with(name, "Kokkos::View::")) << "kernel '" << name << "'";
    any_tessel_kernel = any_tessel_kernel || starts_with(name, "tessel::");
  }
  EXPECT_TRUE(any_tessel_kernel) << "no tessel kernel was seen";
  // Kokkos' own allocations (Serial's team scratch) carry its prefix.
  for (const auto& label : allocation_labels)
    EXPECT_TRUE(starts_with(label, "tessel::") || starts_with(label, "Kokkos::")) << "allocation '" << label << "'";
}

TEST(Labels, ScansLabelKernelsAndWorkspaces) {
  using Space = Kokkos::DefaultExecutionSpace;
  Kokkos::View<double*> values("tessel_test::values", 100000);
  Kokkos::View<double*> scanned("tessel_test::scanned", 100000);
  Kokkos::View<double**, Kokkos::LayoutLeft> matrix("tessel_test::matrix", 300, 40);
  // Rows long enough for several chunks each, which look back on threaded
  // spaces.
  Kokkos::View<double**, Kokkos::LayoutRight> wide("tessel_test::wide", 4, 200000);
  for (bool lookback : {false, true}) {
    tessel::TuningParameters tuning = tessel::Tuning<Space>{};
    tuning.scan.lookback = lookback;
    expect_labelled("whole view", [&] { tessel::inclusive_scan(Space(), values, values, tessel::Plus{}, {}, tuning); });
    expect_labelled("whole view, not in place",
                    [&] { tessel::inclusive_scan(Space(), values, scanned, tessel::Plus{}, {}, tuning); });
    expect_labelled("long rows", [&] { tessel::inclusive_scan(Space(), wide, wide, tessel::Plus{}, {1}, tuning); });
    expect_labelled("along dim 0", [&] { tessel::exclusive_scan(Space(), matrix, matrix, tessel::Max{}, 0.0, {0}, tuning); });
    expect_labelled("along dim 1", [&] { tessel::inclusive_scan(Space(), matrix, matrix, tessel::Plus{}, {1}, tuning); });
  }
}

struct Positive {
  KOKKOS_INLINE_FUNCTION bool operator()(double x) const { return x > 0; }
};

TEST(Labels, CompactionLabelsKernelsAndWorkspaces) {
  using Space = Kokkos::DefaultExecutionSpace;
  Kokkos::View<double*> values("tessel_test::values", 100000), out("tessel_test::out", 100000);
  Kokkos::deep_copy(values, 1.0);
  Kokkos::View<bool*> mask("tessel_test::mask", 5000);
  Kokkos::deep_copy(mask, true);
  expect_labelled("findall", [&] { tessel::findall(Space(), values, Positive{}); });
  expect_labelled("findall mask", [&] { tessel::findall(Space(), mask); });
  expect_labelled("count_if", [&] { tessel::count_if(Space(), values, Positive{}); });
  expect_labelled("copy_if", [&] { tessel::copy_if(Space(), values, out, Positive{}); });
}

TEST(Labels, SegmentedSortsLabelKernelsAndWorkspaces) {
  using Space = Kokkos::DefaultExecutionSpace;
  // Rows of 3 (short), 500 (medium) and 100000 (long, radix-sorted by
  // segment lists) elements.
  const std::vector<int> lengths = {3, 500, 100000, 3, 500};
  Kokkos::View<int*> offsets("tessel_test::offsets", lengths.size() + 1);
  const auto offsets_host = Kokkos::create_mirror_view(offsets);
  offsets_host(0) = 0;
  for (std::size_t row = 0; row < lengths.size(); ++row) offsets_host(row + 1) = offsets_host(row) + lengths[row];
  Kokkos::deep_copy(offsets, offsets_host);
  const int n = offsets_host(lengths.size());
  Kokkos::View<float*> keys("tessel_test::keys", n);
  Kokkos::View<int*> values("tessel_test::values", n);
  const auto keys_host = Kokkos::create_mirror_view(keys);
  for (int i = 0; i < n; ++i) keys_host(i) = float((i * 7919) % 1000);
  Kokkos::deep_copy(keys, keys_host);
  expect_labelled("segmented_sort", [&] { tessel::segmented_sort(Space(), offsets, keys); });
  expect_labelled("segmented_sort_by_key", [&] { tessel::segmented_sort_by_key(Space(), offsets, keys, values); });
}

TEST(Labels, SortsLabelKernelsAndWorkspaces) {
  using Space = Kokkos::DefaultExecutionSpace;
  Kokkos::View<float**, Kokkos::LayoutLeft> matrix("tessel_test::matrix", 20000, 3);
  Kokkos::View<int**, Kokkos::LayoutLeft> perm("tessel_test::perm", 20000, 3);
  // Whole: 2M records take several teams per slice on threaded spaces.
  Kokkos::View<float*> whole("tessel_test::whole", 1 << 21);
  Kokkos::View<int*> whole_perm("tessel_test::whole_perm", 1 << 21);
  for (tessel::SortAlgorithm algorithm : {tessel::SortAlgorithm{tessel::MergeSort{}}, tessel::SortAlgorithm{tessel::BitonicSort{}},
                                          tessel::SortAlgorithm{tessel::RadixSort{}}}) {
    tessel::SortOptions options;
    options.dim = 0;
    options.algorithm = algorithm;
    expect_labelled("sort", [&] { tessel::sort(Space(), matrix, options); });
    expect_labelled("sort_by_key", [&] { tessel::sort_by_key(Space(), matrix, perm, options); });
    expect_labelled("sortperm", [&] { tessel::sortperm(Space(), perm, matrix, options); });
  }
  tessel::SortOptions radix;
  radix.algorithm = tessel::RadixSort{};
  expect_labelled("whole sort", [&] { tessel::sort(Space(), whole, radix); });
  expect_labelled("whole sortperm", [&] { tessel::sortperm(Space(), whole_perm, whole, radix); });
}

}  // namespace
