#pragma once
// What the segmented-sort tests share: CRS matrices of chosen segment
// lengths (power-law rows among them) and the check of a sorted matrix
// against a per-segment stable host sort.
#include <sort_test_support.hpp>

#include <tessel/segmented_sort.hpp>

#include <numeric>

namespace tessel_test::segmented {

using namespace tessel_test;

using namespace tessel_test;

// Orders by the last decimal digit only: many ties, so stability shows.
struct LastDigitLess {
  KOKKOS_INLINE_FUNCTION bool operator()(std::int32_t a, std::int32_t b) const {
    return ((a % 10) + 10) % 10 < ((b % 10) + 10) % 10;
  }
};

struct FloatLess {
  KOKKOS_INLINE_FUNCTION bool operator()(float a, float b) const { return a < b; }
};

// Segments of `lengths` after `lead` untouched entries, then `trail` more.
struct Matrix {
  std::vector<std::size_t> lengths;
  std::size_t lead = 0;
  std::size_t trail = 0;
  std::size_t total() const { return lead + std::accumulate(lengths.begin(), lengths.end(), std::size_t(0)) + trail; }
};

template <class Offset>
std::vector<Offset> offsets_of(const Matrix& matrix) {
  std::vector<Offset> offsets{static_cast<Offset>(matrix.lead)};
  for (std::size_t length : matrix.lengths) offsets.push_back(static_cast<Offset>(offsets.back() + length));
  return offsets;
}

template <class T, class Space>
Kokkos::View<T*, typename Space::memory_space> device_vector(const std::vector<T>& host, const char* label) {
  Kokkos::View<T*, typename Space::memory_space> view(std::string(label), host.size());
  fill_view(view, [&](auto, std::size_t flat) { return host[flat]; });
  return view;
}

// Column 1 of an n x 2 matrix: a rank-1 LayoutStride view with stride 2.
template <class T, class Space>
auto strided_vector(std::size_t n, const char* label) {
  Kokkos::View<T**, Kokkos::LayoutRight, typename Space::memory_space> storage(std::string(label), n, 2);
  return Kokkos::subview(storage, Kokkos::ALL, 1);
}

struct SegmentedCase {
  tessel::SortOptions options;
  tessel::TuningParameters tuning;
  bool by_key = false;
  Pattern pattern = Pattern::random;
  std::uint64_t seed = 1;
  // Integer keys of segment s differ only in their (5 s + 3) % (bits + 1)
  // lowest bits (above them, bits of the segment's own), so that segments
  // of one call need different digits.
  bool spans_by_segment = false;
};

template <class Key, class Offset>
void narrow_spans(std::vector<Key>& keys, const std::vector<Offset>& offsets, std::uint64_t seed) {
  if constexpr (std::is_integral_v<Key>) {
    using Unsigned = std::make_unsigned_t<Key>;
    constexpr int width = int(sizeof(Key) * 8);
    std::mt19937_64 engine(seed);
    for (std::size_t s = 0; s + 1 < offsets.size(); ++s) {
      const int bits = int((5 * s + 3) % (width + 1));
      const Unsigned mask = bits >= width ? Unsigned(~Unsigned(0)) : Unsigned((Unsigned(1) << bits) - 1);
      const Unsigned high = Unsigned(Unsigned(engine()) & Unsigned(~mask));
      for (std::size_t i = std::size_t(offsets[s]); i < std::size_t(offsets[s + 1]); ++i)
        keys[i] = Key(Unsigned(high | Unsigned(Unsigned(keys[i]) & mask)));
    }
  }
}

// The views check_matrix sorts: keys and values contiguous or strided (column
// 1 of an n x 2 matrix), and whether segmented_sort of keys alone is compiled
// beside segmented_sort_by_key. Template arguments, not fields of the case:
// each choice compiles every segmented sort again (one test program took
// 518 s to compile at -O3 when all four layout pairs and both calls were
// compiled for every key type).
template <bool StridedKeys = false, bool StridedValues = false, bool KeysAlone = true>
struct Views {
  static constexpr bool strided_keys = StridedKeys, strided_values = StridedValues, keys_alone = KeysAlone;
};
using PairsOnly = Views<false, false, false>;

// Sorts `matrix` as `c` says, in views as `ViewsOf` says, and checks every
// element against a per-segment stable host sort (values are input
// positions); outside every segment nothing may change.
template <class Space, class Key, class Offset, class ViewsOf = Views<>, class Less = std::nullptr_t>
void check_matrix(const Matrix& matrix, const SegmentedCase& c, const std::string& what, Less less = nullptr) {
  constexpr bool with_less = !std::is_same_v<Less, std::nullptr_t>;
  const std::size_t n = matrix.total();
  auto keys_in = make_keys<Key>(n, c.pattern, c.seed);
  const auto offsets_in = offsets_of<Offset>(matrix);
  if (c.spans_by_segment) narrow_spans(keys_in, offsets_in, c.seed);
  const auto offsets = device_vector<Offset, Space>(offsets_in, "tessel_test::offsets");
  const bool descending = c.options.order == tessel::Order::descending;
  const bool stable = !std::holds_alternative<tessel::BitonicSort>(c.options.algorithm);

  auto run = [&](const auto& keys, const auto& values) {
    fill_view(keys, [&](auto, std::size_t flat) { return keys_in[flat]; });
    fill_view(values, [&](auto, std::size_t flat) { return std::int64_t(flat); });
    if (c.by_key) {
      if constexpr (with_less) tessel::segmented_sort_by_key(Space(), offsets, keys, values, less, c.options);
      else tessel::segmented_sort_by_key(Space(), offsets, keys, values, c.options, c.tuning);
    } else if constexpr (ViewsOf::keys_alone) {
      if constexpr (with_less) tessel::segmented_sort(Space(), offsets, keys, less, c.options);
      else tessel::segmented_sort(Space(), offsets, keys, c.options, c.tuning);
    } else {
      FAIL() << what << ": keys alone need check_matrix's Views<..., true>";
    }
    const auto got = to_host(keys);
    const auto from = to_host(values);
    auto before = [&](std::size_t a, std::size_t b) {
      if constexpr (with_less) return descending ? less(keys_in[b], keys_in[a]) : less(keys_in[a], keys_in[b]);
      else return descending ? total_less(keys_in[b], keys_in[a]) : total_less(keys_in[a], keys_in[b]);
    };
    std::vector<bool> inside(n, false);
    for (std::size_t s = 0; s + 1 < offsets_in.size(); ++s) {
      const std::size_t begin = offsets_in[s], end = offsets_in[s + 1];
      std::vector<std::size_t> order(end - begin);
      std::iota(order.begin(), order.end(), begin);
      std::stable_sort(order.begin(), order.end(), before);
      for (std::size_t i = begin; i < end; ++i) {
        inside[i] = true;
        const std::size_t expected = order[i - begin];
        const std::string where = what + ": segment " + std::to_string(s) + ", position " + std::to_string(i);
        if (stable) {
          ASSERT_TRUE(same_bits(got(i), keys_in[expected]))
              << where << " is " << bits_of(got(i)) << ", expected " << bits_of(keys_in[expected]);
        } else if (c.by_key) {
          ASSERT_FALSE(before(expected, std::size_t(from(i))) || before(std::size_t(from(i)), expected))
              << where << " is out of order";
        } else {
          // Unstable keys alone: equal in the total order (integer keys here,
          // whose equal keys are the same bits).
          ASSERT_TRUE(total_equal(got(i), keys_in[expected])) << where << " is out of order";
        }
        if (c.by_key) {
          const auto source = std::size_t(from(i));
          ASSERT_TRUE(source >= begin && source < end) << where << ": value from outside the segment";
          ASSERT_TRUE(same_bits(got(i), keys_in[source])) << where << ": pair broken";
          if (stable) {
            ASSERT_EQ(source, expected) << where << ": unstable";
          }
        }
      }
      if (c.by_key && !stable) {
        std::vector<std::int64_t> seen;
        for (std::size_t i = begin; i < end; ++i) seen.push_back(from(i));
        std::sort(seen.begin(), seen.end());
        for (std::size_t i = begin; i < end; ++i) ASSERT_EQ(seen[i - begin], std::int64_t(i)) << what << ": not a permutation";
      }
    }
    for (std::size_t i = 0; i < n; ++i) {
      if (inside[i]) continue;
      ASSERT_TRUE(same_bits(got(i), keys_in[i])) << what << ": key " << i << " outside every segment changed";
      ASSERT_EQ(from(i), std::int64_t(i)) << what << ": value " << i << " outside every segment changed";
    }
  };
  const auto keys = [&] {
    if constexpr (ViewsOf::strided_keys) return strided_vector<Key, Space>(n, "tessel_test::keys");
    else return Kokkos::View<Key*, typename Space::memory_space>("tessel_test::keys", n);
  }();
  const auto values = [&] {
    if constexpr (ViewsOf::strided_values) return strided_vector<std::int64_t, Space>(n, "tessel_test::values");
    else return Kokkos::View<std::int64_t*, typename Space::memory_space>("tessel_test::values", n);
  }();
  run(keys, values);
}

inline Matrix power_law_matrix(std::size_t rows, std::size_t longest, std::uint64_t seed) {
  Matrix matrix;
  std::mt19937_64 engine(seed);
  for (std::size_t r = 0; r < rows; ++r) {
    const double u = std::uniform_real_distribution<double>(0.0, 1.0)(engine);
    matrix.lengths.push_back(std::min(longest, std::size_t(1.0 / (u * u + 1.0 / double(longest)))));
  }
  return matrix;
}

}  // namespace tessel_test::segmented
