#ifndef TESSEL_DETAIL_RANK_SORT_HPP
#define TESSEL_DETAIL_RANK_SORT_HPP

// A CPU thread's stable sort of one short sequence in place, without a
// branch that depends on the keys: every record's place is the number of
// records that precede it in the order, counted by comparing it with every
// other record; then each record is written to its place. An insertion sort
// of random keys mispredicts about once per record (its inner loop's exit),
// which on short rows costs more than the n^2 comparisons do, and moves
// every record n / 4 times on average where this moves it once. The
// comparisons of a row of arithmetic keys compile to vector instructions.

#include <tessel/detail/sort_order.hpp>

#include <type_traits>

namespace tessel::detail {

// The longest sequence rank_sort takes on a CPU: the records are copied to
// the stack first. Rows of 0..63 int32 keys with double values, 16M entries,
// one Zen 4 core: see HostTuning::segmented_rank_length.
inline constexpr int rank_sort_capacity = 64;
// Rows of up to this many records are compared in one padded vector loop.
inline constexpr int rank_sort_vector = 8;

// Storage for up to N objects of a trivially copyable type that need not be
// default-constructible (values, user keys).
template <class T, int N>
struct LocalArray {
  alignas(T) unsigned char bytes[N * sizeof(T)];
  KOKKOS_INLINE_FUNCTION T& operator[](int i) { return reinterpret_cast<T*>(bytes)[i]; }
};

// Stable sort of records [0, count) of `records` (keys[i], values[i],
// has_values), count <= rank_sort_capacity. Record j precedes record i when
// its key is before i's, or equal and j < i: for j < i that is "i's key is
// not before j's", for j > i "j's key is before i's".
template <class Records, class KeyOrder>
KOKKOS_INLINE_FUNCTION void rank_sort(const Records& records, int count, const KeyOrder& order) {
  using key_type = std::decay_t<decltype(records.keys[0])>;
  using projected_type = std::decay_t<decltype(order.project(records.keys[0]))>;
  // Rows of at most one vector of unsigned projections ordered by `<` (the
  // default order of arithmetic keys) are padded with the largest value,
  // which precedes no record, to a whole vector: each record is compared
  // with all of them at once. Longer rows compare with those before and
  // after in two simpler loops (a third of the time for rows of 0..63).
  constexpr int vector = rank_sort_vector;
  constexpr bool unsigned_order = KeyOrder::projects_to_unsigned;
  const bool padded = unsigned_order && count <= vector;
  // The records are copied to the stack as (key, value) pairs, with a byte
  // for the value where there is none: GCC turns a copy to a plain array
  // into a `rep movs`, which costs more than a short row's sort.
  struct NoValue {
    char unused;
  };
  using value_type = std::conditional_t<Records::has_values, std::decay_t<decltype(records.value_at(0))>, NoValue>;
  struct Record {
    key_type key;
    value_type value;
  };
  LocalArray<projected_type, rank_sort_capacity + vector> projections;
  LocalArray<Record, rank_sort_capacity> copies;
  int ranks[rank_sort_capacity];
  for (int i = 0; i < count; ++i) {
    copies[i].key = records.keys[i];
    if constexpr (Records::has_values) copies[i].value = records.values[i];
    projections[i] = order.project(copies[i].key);
  }
  // The padding is stored by a loop of `vector` iterations, which compiles
  // to vector stores (a loop from `count` to the vector's end became a call
  // to memset, whose byte stores stall the loads that follow). The
  // comparisons run to `compared`, not to the constant `vector`: GCC 12
  // unrolls that loop into scalar code 1.5x slower.
  const int compared = padded ? vector : 0;
  if constexpr (unsigned_order) {
    if (padded)
      for (int i = 0; i < vector; ++i) projections[count + i] = projected_type(~projected_type(0));
  }
  for (int i = 0; i < count; ++i) {
    const projected_type key = projections[i];
    int rank = 0;
    if constexpr (unsigned_order) {
      for (int j = 0; j < compared; ++j)
        rank += int(projections[j] < key) | (int(projections[j] == key) & int(j < i));
    }
    if (!padded) {
      for (int j = 0; j < i; ++j) rank += !order.before(key, projections[j]);
      for (int j = i + 1; j < count; ++j) rank += order.before(projections[j], key);
    }
    ranks[i] = rank;
  }
  for (int i = 0; i < count; ++i) {
    records.keys[ranks[i]] = copies[i].key;
    if constexpr (Records::has_values) records.values[ranks[i]] = copies[i].value;
  }
}

}  // namespace tessel::detail

#endif
