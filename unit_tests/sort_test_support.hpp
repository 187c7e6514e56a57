#pragma once
// What the sort tests share: adversarial data, the host reference (the
// total order through ordered bits), checks that a result is a sorted
// bitwise permutation, and tunings that force multi-pass paths.

#include <test_helpers.hpp>

#include <tessel/sort.hpp>

#include <algorithm>
#include <map>

namespace tessel_test {

// The total order of the API on the host, independently of tessel's code:
// NaNs (any sign, any payload) last and equal, -0.0 before +0.0.
template <class T>
bool total_less(const T& a, const T& b) {
  if constexpr (std::is_floating_point_v<T>) {
    const bool a_nan = std::isnan(a), b_nan = std::isnan(b);
    if (a_nan || b_nan) return !a_nan && b_nan;
    if (a == 0 && b == 0) return std::signbit(a) && !std::signbit(b);
    return a < b;
  } else {
    return a < b;
  }
}

template <class T>
bool total_equal(const T& a, const T& b) {
  return !total_less(a, b) && !total_less(b, a);
}

enum class Pattern { random, duplicates, sorted, reversed, organ_pipe, special };

inline const char* pattern_name(Pattern pattern) {
  switch (pattern) {
    case Pattern::random: return "random";
    case Pattern::duplicates: return "duplicates";
    case Pattern::sorted: return "sorted";
    case Pattern::reversed: return "reversed";
    case Pattern::organ_pipe: return "organ pipe";
    default: return "special values";
  }
}

// Special values of floating point: NaNs of both signs and several payloads,
// signed zeros, infinities, denormals, extremes.
template <class T>
std::vector<T> special_values() {
  std::vector<T> values;
  if constexpr (std::is_floating_point_v<T>) {
    using U = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
    const U quiet = sizeof(T) == 4 ? U(0x7fc00000u) : U(0x7ff8000000000000ull);
    const U sign = U(1) << (sizeof(U) * 8 - 1);
    for (U payload : {U(0), U(1), U(12345)}) {
      T nan, negative_nan;
      const U bits = quiet | payload, negative_bits = bits | sign;
      std::memcpy(&nan, &bits, sizeof(T));
      std::memcpy(&negative_nan, &negative_bits, sizeof(T));
      values.push_back(nan);
      values.push_back(negative_nan);
    }
    values.insert(values.end(), {T(0), -T(0), std::numeric_limits<T>::infinity(), -std::numeric_limits<T>::infinity(),
                                 std::numeric_limits<T>::denorm_min(), -std::numeric_limits<T>::denorm_min(),
                                 std::numeric_limits<T>::min(), std::numeric_limits<T>::max(),
                                 std::numeric_limits<T>::lowest(), T(1), T(-1)});
  } else {
    // push_back: GCC 12 warns falsely (-Wstringop-overflow) on inserting an
    // initializer list into an empty vector of integers.
    for (T value : {std::numeric_limits<T>::min(), std::numeric_limits<T>::max(), T(0), T(1)}) values.push_back(value);
    if constexpr (std::is_signed_v<T>) values.push_back(T(-1));
  }
  return values;
}

template <class T>
std::vector<T> make_keys(std::size_t n, Pattern pattern, std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  std::vector<T> keys(n);
  if (pattern == Pattern::special) {
    const auto specials = special_values<T>();
    for (auto& key : keys) key = specials[engine() % specials.size()];
    return keys;
  }
  for (auto& key : keys) {
    if constexpr (std::is_floating_point_v<T>)
      key = pattern == Pattern::duplicates ? T(engine() % 5) - 2 : std::uniform_real_distribution<T>(-100, 100)(engine);
    else
      key = pattern == Pattern::duplicates ? static_cast<T>(engine() % 5) : static_cast<T>(engine());
  }
  if (pattern == Pattern::sorted || pattern == Pattern::reversed || pattern == Pattern::organ_pipe) {
    std::sort(keys.begin(), keys.end(), total_less<T>);
    if (pattern == Pattern::reversed) std::reverse(keys.begin(), keys.end());
    if (pattern == Pattern::organ_pipe) std::reverse(keys.begin() + keys.size() / 2, keys.end());
  }
  return keys;
}

// Stable host reference of one slice.
template <class T>
std::vector<T> reference_sorted(std::vector<T> keys, bool descending) {
  if (descending)
    std::stable_sort(keys.begin(), keys.end(), [](const T& a, const T& b) { return total_less(b, a); });
  else
    std::stable_sort(keys.begin(), keys.end(), total_less<T>);
  return keys;
}

template <class T>
std::string bits_of(const T& value) {
  std::ostringstream text;
  text << value;
  if constexpr (std::is_floating_point_v<T>) {
    std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t> bits;
    std::memcpy(&bits, &value, sizeof(T));
    text << " (0x" << std::hex << bits << ")";
  }
  return text.str();
}

// A stable sort must give the reference bit for bit; an unstable one a
// sorted bitwise permutation of the input (equal NaNs may trade places).
template <class T>
void expect_sorted_slice(const std::vector<T>& input, const std::vector<T>& got, bool descending, bool stable,
                         const std::string& what) {
  ASSERT_EQ(got.size(), input.size()) << what;
  const auto expected = reference_sorted(input, descending);
  if (stable) {
    for (std::size_t i = 0; i < got.size(); ++i)
      ASSERT_TRUE(same_bits(got[i], expected[i]))
          << what << ": position " << i << " is " << bits_of(got[i]) << ", expected " << bits_of(expected[i]);
    return;
  }
  for (std::size_t i = 0; i < got.size(); ++i)
    ASSERT_TRUE(total_equal(got[i], expected[i]))
        << what << ": position " << i << " is " << bits_of(got[i]) << ", expected " << bits_of(expected[i]);
  std::map<std::string, int> histogram;
  for (const auto& value : input) ++histogram[bits_of(value)];
  for (const auto& value : got) --histogram[bits_of(value)];
  for (const auto& [bits, difference] : histogram) ASSERT_EQ(difference, 0) << what << ": " << bits << " lost or gained";
}

// Tunings whose tiles hold a handful of records, so that every merge pass,
// bitonic global step and multi-team path runs on small inputs.
inline std::vector<tessel::TuningParameters> tiny_sort_tunings(const tessel::TuningParameters& base) {
  std::vector<tessel::TuningParameters> tunings;
  for (int team : {1, 3, 4})
    for (int items : {2, 3})
      for (int per_team : {1, 3}) {
        tessel::TuningParameters tuning = base;
        tuning.team_size = team;
        tuning.sort_runs_per_thread = 2;
        tuning.sort_items_per_thread = items;
        tuning.merge_tiles_per_team = per_team;
        tuning.scratch_bytes = 1 << 16;
        tunings.push_back(tuning);
      }
  return tunings;
}

inline std::string describe_sort(const tessel::TuningParameters& tuning) {
  std::ostringstream text;
  text << "tuning{team " << tuning.team_size << ", sort runs/thread " << tuning.sort_runs_per_thread << ", items "
       << tuning.sort_items_per_thread << ", merge tiles/team " << tuning.merge_tiles_per_team << "}";
  return text.str();
}

template <class Algorithm>
tessel::SortOptions sort_options(int dim, bool descending) {
  tessel::SortOptions options;
  options.dim = dim;
  options.order = descending ? tessel::Order::descending : tessel::Order::ascending;
  options.algorithm = Algorithm{};
  return options;
}

}  // namespace tessel_test
