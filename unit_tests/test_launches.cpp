// Kernel launches per call, counted through Kokkos Tools' begin callbacks.
// Every call launches a number of kernels that depends on the passes its
// lengths need, never on how many slices or segments there are: each shape is
// called with few and with many slices of the same length, and the two counts
// must match. TESSEL_PRINT_LAUNCHES=1 prints the table of docs/launches.md.
#include <test_helpers.hpp>
#include <tools_callbacks.hpp>

#include <tessel/tessel.hpp>

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <mutex>

namespace {

std::mutex launches_mutex;
int tessel_launches = 0;
int all_launches = 0;

void count_launch(const char* name, std::uint32_t, std::uint64_t*) {
  std::lock_guard<std::mutex> lock(launches_mutex);
  ++all_launches;
  if (std::string(name).rfind("tessel::", 0) == 0) ++tessel_launches;
}

struct Launches {
  int tessel = 0;
  int all = 0;
};

// The launches of `body`'s second run (the first grows the backends' buffers).
Launches launches_of(const std::function<void()>& body) {
  body();
  Kokkos::fence();
  tessel_launches = all_launches = 0;
  {
    const tessel_test::ScopedToolsCallbacks counting(count_launch);
    body();
    Kokkos::fence();
  }
  return {tessel_launches, all_launches};
}

bool print_table() {
  const char* flag = std::getenv("TESSEL_PRINT_LAUNCHES");
  return flag != nullptr && flag[0] == '1';
}

using Space = Kokkos::DefaultExecutionSpace;
using Matrix = Kokkos::View<float**, Kokkos::LayoutRight, Space::memory_space>;
using Column = Kokkos::View<float*, Space::memory_space>;

// Fills with seeded values in [-1000, 1000), as a host reference would.
template <class View>
void fill(const View& view, std::uint64_t seed) {
  const auto host = Kokkos::create_mirror_view(view);
  const std::size_t n = host.span();
  const auto values = tessel_test::random_values<float>(n, seed, -1000.f, 1000.f);
  for (std::size_t i = 0; i < n; ++i) host.data()[i] = values[i];
  Kokkos::deep_copy(view, host);
}

// `call` on `slices` slices of `length` (a LayoutRight matrix along `dim`,
// refilled before each run so that the sorts always see unsorted data).
Launches along_dim(int dim, int slices, int length, const std::function<void(const Matrix&)>& call) {
  const Matrix matrix("tessel_test::matrix", dim == 1 ? slices : length, dim == 1 ? length : slices);
  fill(matrix, 7);
  return launches_of([&] { call(matrix); });
}

struct Row {
  std::string family;
  std::string shape;
  Launches few;
  Launches many;
};
std::vector<Row> table;

void record(const std::string& family, const std::string& shape, Launches few, Launches many) {
  table.push_back({family, shape, few, many});
  EXPECT_EQ(few.tessel, many.tessel) << family << ", " << shape << ": launches grow with the slices";
  if (print_table())
    std::printf("| %s | %s | %d | %d |\n", family.c_str(), shape.c_str(), few.tessel, few.all - few.tessel);
}

// One shape along dims 0 and 1: `few` and `many` slices of `length`.
void along_dims(const std::string& family, const std::function<void(const Matrix&, int)>& call, int length,
                int few, int many) {
  for (int dim : {0, 1}) {
    const auto run = [&](int slices) {
      return along_dim(dim, slices, length, [&](const Matrix& matrix) { call(matrix, dim); });
    };
    record(family, "dim " + std::to_string(dim) + ", slices of " + std::to_string(length), run(few), run(many));
  }
}

tessel::SortOptions sort_options(tessel::SortAlgorithm algorithm, int dim) {
  tessel::SortOptions options;
  options.algorithm = algorithm;
  options.dim = dim;
  return options;
}

const std::vector<std::pair<std::string, tessel::SortAlgorithm>>& algorithms() {
  static const std::vector<std::pair<std::string, tessel::SortAlgorithm>> list = {
      {"AutoSort", tessel::AutoSort{}},
      {"MergeSort", tessel::MergeSort{}},
      {"BitonicSort", tessel::BitonicSort{}},
      {"RadixSort", tessel::RadixSort{}}};
  return list;
}

TEST(Launches, ScansDoNotGrowWithSlices) {
  for (int length : {37, 3000, 200000}) {
    const int few = length > 100000 ? 2 : 4, many = length > 100000 ? 8 : 64;
    along_dims(
        "inclusive_scan",
        [](const Matrix& m, int dim) { tessel::inclusive_scan(Space(), m, m, tessel::Plus{}, {dim}); }, length,
        few, many);
  }
  for (int n : {1000, 1 << 20}) {
    const Column column("tessel_test::column", n);
    fill(column, 3);
    const auto call = [&] { tessel::exclusive_scan(Space(), column, column, tessel::Plus{}, 0.f); };
    const Launches once = launches_of(call);
    record("exclusive_scan", "whole, " + std::to_string(n), once, once);
  }
}

struct Positive {
  KOKKOS_INLINE_FUNCTION bool operator()(float x) const { return x > 0; }
};

TEST(Launches, CompactionsDoNotGrowWithLength) {
  for (int n : {1000, 1 << 20}) {
    const Column column("tessel_test::column", n), out("tessel_test::out", n);
    fill(column, 5);
    const Positive positive;
    record("findall", "whole, " + std::to_string(n), launches_of([&] { tessel::findall(Space(), column, positive); }),
           launches_of([&] { tessel::findall(Space(), column, positive); }));
    record("copy_if", "whole, " + std::to_string(n),
           launches_of([&] { tessel::copy_if(Space(), column, out, positive); }),
           launches_of([&] { tessel::copy_if(Space(), column, out, positive); }));
  }
}

TEST(Launches, SortsDoNotGrowWithSlices) {
  for (const auto& [name, algorithm] : algorithms()) {
    for (int length : {37, 3000, 40000}) {
      const int few = length > 10000 ? 2 : 4, many = length > 10000 ? 6 : 64;
      along_dims(
          "sort, " + name,
          [&, algorithm = algorithm](const Matrix& m, int dim) { tessel::sort(Space(), m, sort_options(algorithm, dim)); },
          length, few, many);
    }
    for (int n : {1000, 1 << 19}) {
      const Column column("tessel_test::column", n);
      const auto call = [&, algorithm = algorithm] {
        fill(column, 11);
        tessel::sort(Space(), column, sort_options(algorithm, 0));
      };
      const Launches once = launches_of(call);
      record("sort, " + name, "whole, " + std::to_string(n), once, once);
    }
  }
}

// CRS rows of one length, `rows` of them.
Launches segmented(const tessel::SortAlgorithm& algorithm, int rows, int length) {
  Kokkos::View<int*, Space::memory_space> offsets("tessel_test::offsets", rows + 1);
  const auto offsets_host = Kokkos::create_mirror_view(offsets);
  for (int row = 0; row <= rows; ++row) offsets_host(row) = row * length;
  Kokkos::deep_copy(offsets, offsets_host);
  const Column keys("tessel_test::keys", std::size_t(rows) * length);
  Kokkos::View<int*, Space::memory_space> values("tessel_test::values", std::size_t(rows) * length);
  tessel::SortOptions options;
  options.algorithm = algorithm;
  return launches_of([&] {
    fill(keys, 13);
    tessel::segmented_sort_by_key(Space(), offsets, keys, values, options);
  });
}

TEST(Launches, SegmentedSortsDoNotGrowWithSegments) {
  for (const auto& [name, algorithm] : algorithms()) {
    for (int length : {5, 300, 20000, 150000}) {
      const int few = length > 100000 ? 2 : 4, many = length > 100000 ? 4 : 16;
      record("segmented_sort_by_key, " + name, "rows of " + std::to_string(length), segmented(algorithm, few, length),
             segmented(algorithm, many, length));
    }
  }
}

}  // namespace
