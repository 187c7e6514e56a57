#ifndef TESSEL_DETAIL_SORT_DATA_HPP
#define TESSEL_DETAIL_SORT_DATA_HPP

// What the sort kernels read and write: keys and, optionally, values that
// travel with them, through one implementation. Keys-only sorts carry
// NoValues; sortperm reads its values as each element's position in its
// slice and discards the sorted keys.

#include <tessel/detail/core/slices.hpp>

#include <type_traits>

namespace tessel::detail {

struct NoValues {
  using value_type = char;
  struct slice_type {};
  KOKKOS_INLINE_FUNCTION slice_type slice(index_type) const { return {}; }
};

// The position of each element within its slice.
template <class T>
struct Positions {
  using value_type = T;
  struct slice_type {
    KOKKOS_INLINE_FUNCTION T operator[](index_type position) const { return static_cast<T>(position); }
  };
  KOKKOS_INLINE_FUNCTION slice_type slice(index_type) const { return {}; }
};

// A target that drops what is written to it.
template <class T>
struct Discard {
  using value_type = T;
  struct ignore {
    template <class U>
    KOKKOS_INLINE_FUNCTION const ignore& operator=(const U&) const {
      return *this;
    }
  };
  struct slice_type {
    KOKKOS_INLINE_FUNCTION ignore operator[](index_type) const { return {}; }
  };
  KOKKOS_INLINE_FUNCTION slice_type slice(index_type) const { return {}; }
};

template <class Keys, class Values>
struct Records {
  using keys_type = Keys;
  using values_type = Values;
  using key_type = std::remove_const_t<typename Keys::value_type>;
  using value_type = std::remove_const_t<typename Values::value_type>;
  static constexpr bool has_values = !std::is_same_v<Values, NoValues>;
  Keys keys;
  Values values;
};

template <class Keys, class Values>
Records<Keys, Values> records(const Keys& keys, const Values& values) {
  return Records<Keys, Values>{keys, values};
}

// A team's keys and values in scratch.
template <class Key, class Value, bool HasValues>
struct ScratchRecords {
  static constexpr bool has_values = HasValues;
  Key* keys;
  Value* values;  // null when HasValues is false: never dereference it then

  // The value at i, or a dummy when keys travel alone (values is null then).
  KOKKOS_INLINE_FUNCTION Value value_at(int i) const {
    if constexpr (HasValues) return values[i];
    else return Value{};
  }
  // The records from position `first` on.
  KOKKOS_INLINE_FUNCTION ScratchRecords from(int first) const {
    if constexpr (HasValues) return {keys + first, values + first};
    else return {keys + first, values};
  }
};

// The bytes one record takes in a tile: its key and, if it has one, its value.
template <class Key, class Value, bool HasValues>
constexpr std::size_t record_bytes() {
  return sizeof(Key) + (HasValues ? sizeof(Value) : 0);
}

template <class Records>
constexpr std::size_t record_size_of() {
  return record_bytes<typename Records::key_type, typename Records::value_type, Records::has_values>();
}

}  // namespace tessel::detail

#endif
