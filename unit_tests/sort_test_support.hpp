#pragma once
// What the sort tests share: adversarial data, the host reference (the
// total order through ordered bits), checks that a result is a sorted
// bitwise permutation, and tunings that force multi-pass paths.

#include <host_reference.hpp>
#include <test_helpers.hpp>

#include <tessel/sort.hpp>

#include <algorithm>
#include <cstring>
#include <limits>
#include <map>
#include <numeric>
#include <random>
#include <vector>

namespace tessel_test {


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

// The positions of `keys` in stable sorted order: where a stable sort
// takes each output from.
template <class T>
std::vector<std::size_t> stable_order(const std::vector<T>& keys, bool descending) {
  std::vector<std::size_t> order(keys.size());
  std::iota(order.begin(), order.end(), std::size_t(0));
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return descending ? total_less(keys[b], keys[a]) : total_less(keys[a], keys[b]);
  });
  return order;
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
        tuning.merge.runs_per_thread = 2;
        tuning.merge.items_per_thread = items;
        tuning.merge.tiles_per_team = per_team;
        tuning.scratch_bytes = 1 << 16;
        tunings.push_back(tuning);
      }
  return tunings;
}

inline std::string describe_sort(const tessel::TuningParameters& tuning) {
  std::ostringstream text;
  text << "tuning{team " << tuning.team_size << ", sort runs/thread " << tuning.merge.runs_per_thread << ", items "
       << tuning.merge.items_per_thread << ", merge tiles/team " << tuning.merge.tiles_per_team << "}";
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

// Sorts that compare floating-point keys without the NaN test once they
// know there is no NaN must find a lone one of either sign (a negative NaN
// would sort first without the test). Keys uniform in [-1000, 1000) with,
// at a random position, by `kind` (0 to lone_nan_kinds - 1): nothing, one
// negative NaN, one positive NaN, both infinities (no NaN), the extreme
// finite keys (no NaN), a negative NaN beside -inf.
inline constexpr int lone_nan_kinds = 6;

template <class T>
std::vector<T> lone_nan_keys(std::size_t n, int kind) {
  using U = unsigned_bits_t<T>;
  const U sign = U(1) << (sizeof(U) * 8 - 1);
  const U quiet = sizeof(T) == 4 ? U(0x7fc00000u) : U(0x7ff8000000000000ull);
  const auto from_bits = [](U bits) {
    T key;
    std::memcpy(&key, &bits, sizeof(T));
    return key;
  };
  const T inf = std::numeric_limits<T>::infinity();
  std::mt19937_64 engine(n + kind);
  std::vector<T> keys(n);
  for (auto& key : keys) key = std::uniform_real_distribution<T>(-1000, 1000)(engine);
  const std::size_t at = engine() % n;
  switch (kind) {
    case 0: break;
    case 1: keys[at] = from_bits(quiet | sign | U(7)); break;
    case 2: keys[at] = from_bits(quiet | U(3)); break;
    case 3: keys[at] = -inf; keys[(at + 1) % n] = inf; break;
    case 4: keys[at] = std::numeric_limits<T>::lowest(); keys[(at + 1) % n] = std::numeric_limits<T>::max(); break;
    default: keys[at] = from_bits(sign | quiet); keys[(at + 1) % n] = -inf; break;
  }
  return keys;
}

}  // namespace tessel_test
