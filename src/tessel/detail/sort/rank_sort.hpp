#ifndef TESSEL_DETAIL_RANK_SORT_HPP
#define TESSEL_DETAIL_RANK_SORT_HPP

// A CPU thread's stable sort of one short sequence in place, without a
// branch that depends on the keys: every record's place is the number of
// records that precede it in the order, counted by comparing it with every
// other record; then each record is written to its place. An insertion sort
// of random keys mispredicts about once per record (its inner loop's exit)
// and moves every record n / 4 times on average; this moves it once, and its
// n^2 comparisons run in vector registers, 4 or more keys at a time.

#include <tessel/detail/sort/sort_order.hpp>

#include <cstdint>
#include <type_traits>

namespace tessel::detail {

// The longest sequence rank_sort takes: the records are copied to the stack
// first. The measurements behind it: docs/notes/tuning-defaults.md.
inline constexpr int rank_sort_capacity = 64;
// Keys are compared in blocks of this many (two SSE vectors of 32-bit keys,
// one AVX2 vector); the projections are padded to a whole block.
inline constexpr int rank_sort_vector = 8;
// Bits of a record's index in a sequence: rank_sort_capacity is 2^6.
inline constexpr int rank_index_bits = 6;
static_assert((1 << rank_index_bits) >= rank_sort_capacity);
// Sequences whose projections span less than this (the largest minus the
// least) are ranked by unique keys: the offset from the least above the
// index, which must stay a positive int32 (SSE2 compares signed 32-bit
// integers only).
inline constexpr std::uint32_t rank_unique_span = std::uint32_t(1) << (31 - rank_index_bits);

// Whether rank_sort takes keys in this order: projections to unsigned
// integers ordered by `<` (the default order of arithmetic keys). Keys with
// a user's `less` are insertion-sorted.
template <class KeyOrder>
inline constexpr bool rank_sortable = KeyOrder::projects_to_unsigned;

// Whether keys whose projections span rank_unique_span or more can still be
// ranked: by 32-bit compares with a tie term. Wider projections have no
// vector comparison on every x86 CPU (SSE2 lacks 64-bit compares), and scalar
// comparisons took 3.3x as long as an insertion sort, so rank_sort declines
// them (docs/notes/merge.md).
template <class KeyOrder>
inline constexpr bool rank_ties_vectorise = sizeof(typename KeyOrder::projected) <= 4;

// Storage for up to N objects of a trivially copyable type that need not be
// default-constructible (values).
template <class T, int N>
struct LocalArray {
  alignas(T) unsigned char bytes[N * sizeof(T)];
  KOKKOS_INLINE_FUNCTION T& operator[](int i) { return reinterpret_cast<T*>(bytes)[i]; }
};

// Stable sort of records [0, count) of `records` (keys[i], values[i],
// has_values), count <= rank_sort_capacity, rank_sortable<KeyOrder>; false
// (nothing written) when it declines: projections wider than 4 bytes that
// span rank_unique_span or more. Record j precedes record i when its key is
// smaller, or equal and j < i.
template <class Records, class KeyOrder>
KOKKOS_INLINE_FUNCTION bool rank_sort(const Records& records, int count, const KeyOrder& order) {
  static_assert(rank_sortable<KeyOrder>);
  using key_type = std::decay_t<decltype(records.keys[0])>;
  using projected_type = typename KeyOrder::projected;
  constexpr int vector = rank_sort_vector;
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
  LocalArray<Record, rank_sort_capacity> copies;
  projected_type projections[rank_sort_capacity + vector];
  std::int32_t uniques[rank_sort_capacity + vector];
  int ranks[rank_sort_capacity + vector];
  // One read of the row, not a separate pass for the span (slower; see
  // docs/notes/merge.md): copies, projections and their span.
  projected_type least = projected_type(~projected_type(0)), most = 0;
  for (int i = 0; i < count; ++i) {
    copies[i].key = records.keys[i];
    if constexpr (Records::has_values) copies[i].value = records.values[i];
    projections[i] = order.project(copies[i].key);
    least = projections[i] < least ? projections[i] : least;
    most = projections[i] > most ? projections[i] : most;
  }
  const bool unique = projected_type(most - least) < rank_unique_span;
  if (!unique && !rank_ties_vectorise<KeyOrder>) return false;
  // The padding's ranks are never used; it is set so that nothing reads an
  // indeterminate value. A loop of constant length compiles to vector
  // stores (one from `count` to the block's end became a call to memset).
  for (int i = 0; i < vector; ++i) projections[count + i] = 0;
  const int padded = (count + vector - 1) / vector * vector;
  // When the keys span less than rank_unique_span (column indices within a
  // row mostly do), each record gets a unique key: its projection's offset
  // from the least, above its index. One signed 32-bit compare per pair then
  // decides, for keys of any width; the tie term costs two more compares, an
  // `and` and an `or`. The loops run over j outside and i inside, so that the
  // inner (vectorised) loop adds to every record's rank at once, with no sum
  // across a vector and no remainder (docs/notes/merge.md).
  if (unique) {
    for (int i = 0; i < padded; ++i)
      uniques[i] = std::int32_t((std::uint32_t(projections[i] - least) << rank_index_bits) | std::uint32_t(i));
    for (int i = 0; i < padded; ++i) ranks[i] = int(uniques[0] < uniques[i]);
    for (int j = 1; j < count; ++j) {
      const std::int32_t key = uniques[j];
      for (int i = 0; i < padded; ++i) ranks[i] += int(key < uniques[i]);
    }
  } else if constexpr (rank_ties_vectorise<KeyOrder>) {
    auto precedes = [&](int j, projected_type key, int i) {
      return int(key < projections[i]) | (int(key == projections[i]) & int(j < i));
    };
    for (int i = 0; i < padded; ++i) ranks[i] = precedes(0, projections[0], i);
    for (int j = 1; j < count; ++j) {
      const projected_type key = projections[j];
      for (int i = 0; i < padded; ++i) ranks[i] += precedes(j, key, i);
    }
  }
  for (int i = 0; i < count; ++i) {
    records.keys[ranks[i]] = copies[i].key;
    if constexpr (Records::has_values) records.values[ranks[i]] = copies[i].value;
  }
  return true;
}

}  // namespace tessel::detail

#endif
