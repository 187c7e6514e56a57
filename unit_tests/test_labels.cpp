// Every kernel tessel launches and every allocation it makes carries a label
// beginning with "tessel::", so that Kokkos Tools profilers name them.
#include <test_helpers.hpp>

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
  Kokkos::Tools::Experimental::set_begin_parallel_for_callback(record_kernel);
  Kokkos::Tools::Experimental::set_begin_parallel_reduce_callback(record_kernel);
  Kokkos::Tools::Experimental::set_begin_parallel_scan_callback(record_kernel);
  Kokkos::Tools::Experimental::set_allocate_data_callback(record_allocation);
  body();
  Kokkos::fence();
  Kokkos::Tools::Experimental::set_begin_parallel_for_callback(nullptr);
  Kokkos::Tools::Experimental::set_begin_parallel_reduce_callback(nullptr);
  Kokkos::Tools::Experimental::set_begin_parallel_scan_callback(nullptr);
  Kokkos::Tools::Experimental::set_allocate_data_callback(nullptr);
  bool any_tessel_kernel = false;
  for (const auto& name : kernel_names) {
    // Kokkos' own kernels (view initialisation, deep_copy) carry its prefix.
    EXPECT_TRUE(starts_with(name, "tessel::") || starts_with(name, "Kokkos::")) << "kernel '" << name << "'";
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
  Kokkos::View<double**, Kokkos::LayoutLeft> matrix("tessel_test::matrix", 300, 40);
  for (bool lookback : {false, true}) {
    tessel::TuningParameters tuning = tessel::Tuning<Space>{};
    tuning.scan_lookback = lookback;
    expect_labelled("whole view", [&] { tessel::inclusive_scan(Space(), values, values, tessel::Plus{}, {}, tuning); });
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

TEST(Labels, SortsLabelKernelsAndWorkspaces) {
  using Space = Kokkos::DefaultExecutionSpace;
  Kokkos::View<float**, Kokkos::LayoutLeft> matrix("tessel_test::matrix", 20000, 3);
  Kokkos::View<int**, Kokkos::LayoutLeft> perm("tessel_test::perm", 20000, 3);
  for (tessel::SortAlgorithm algorithm : {tessel::SortAlgorithm{tessel::MergeSort{}}, tessel::SortAlgorithm{tessel::BitonicSort{}}}) {
    tessel::SortOptions options;
    options.dim = 0;
    options.algorithm = algorithm;
    expect_labelled("sort", [&] { tessel::sort(Space(), matrix, options); });
    expect_labelled("sort_by_key", [&] { tessel::sort_by_key(Space(), matrix, perm, options); });
    expect_labelled("sortperm", [&] { tessel::sortperm(Space(), perm, matrix, options); });
  }
}

}  // namespace
