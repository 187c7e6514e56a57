#ifndef TESSEL_DETAIL_RADIX_LINES_HPP
#define TESSEL_DETAIL_RADIX_LINES_HPP

// Write-combining lines for the scatter of a lone thread (teams of one
// thread: Serial, OpenMP) over ranges longer than the caches. With 2048
// digits, a destination's cache line leaves L1 before it is full, and each
// line the scatter starts waits on a read for ownership (docs/notes/radix.md).
// Records gather instead in a line of radix_line_bytes per digit in team
// scratch; a full line goes out with non-temporal stores, which skip that read.
// Compiled for x86-64 hosts (movnti, SSE2) where tessel's host SIMD code is
// (GCC, no device compiler); elsewhere the scatter writes records in place.

#include <tessel/detail/simd/scan_vector.hpp>
#include <tessel/detail/core/slices.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#if defined(TESSEL_DETAIL_VECTOR_SCAN) && defined(__x86_64__) && defined(__SSE2__)
#define TESSEL_DETAIL_RADIX_LINES
#include <emmintrin.h>
#endif

namespace tessel::detail {

#if defined(TESSEL_DETAIL_RADIX_LINES)
inline constexpr bool radix_lines_compiled = true;
#else
inline constexpr bool radix_lines_compiled = false;
#endif

// Bytes of keys a digit's line holds: 256 sorted 16M random 32-bit keys
// 10 % faster than 128 (docs/notes/radix.md).
inline constexpr std::size_t radix_line_bytes = 256;

template <class Key>
inline constexpr index_type radix_line_records = index_type(radix_line_bytes / sizeof(Key));

// Where the lines of `radix` digits lie in their team scratch, from its
// first 64-byte boundary: keys, values beside them, and where each digit's
// positions start, each 64-byte aligned. Sizes the scratch (bytes) and
// carves it (scatter_through_lines) alike.
struct RadixLinesLayout {
  std::size_t values = 0, starts = 0, bytes = 0;

  KOKKOS_INLINE_FUNCTION static std::size_t up(std::size_t offset) { return (offset + 63) / 64 * 64; }
  KOKKOS_INLINE_FUNCTION RadixLinesLayout(int radix, std::size_t key_bytes, std::size_t value_bytes) {
    const std::size_t records = std::size_t(radix) * (radix_line_bytes / key_bytes);
    values = up(records * key_bytes);
    starts = up(values + records * value_bytes);
    bytes = starts + std::size_t(radix) * sizeof(index_type) + 64;  // 64: the first boundary's distance
  }
};

KOKKOS_INLINE_FUNCTION std::size_t radix_lines_scratch(int radix, std::size_t key_bytes, std::size_t value_bytes) {
  return RadixLinesLayout(radix, key_bytes, value_bytes).bytes;
}

template <class T>
KOKKOS_FORCEINLINE_FUNCTION T* memory_of(T* data) {
  return data;
}
template <class T>
KOKKOS_FORCEINLINE_FUNCTION T* memory_of(const ContiguousSlice<T>& slice) {
  return slice.first;
}

// Whether a scatter into `To` can go through lines: its keys and values
// lie along memory.
template <class Records>
using keys_member_t = decltype(std::declval<const Records&>().keys);
template <class Records>
using values_member_t = decltype(std::declval<const Records&>().values);
template <class To>
inline constexpr bool radix_lines_target = radix_lines_compiled && is_contiguous_slice<keys_member_t<To>>::value &&
                                           (!To::has_values || is_contiguous_slice<values_member_t<To>>::value);

#if defined(TESSEL_DETAIL_RADIX_LINES)
// The element type of the lines of values (char where there are none).
template <class To, bool HasValues>
struct line_values {
  using type = char;
};
template <class To>
struct line_values<To, true> {
  using type = slice_element_t<values_member_t<To>>;
};

// A store that bypasses the caches where the element is a 4- or 8-byte
// word; a plain store otherwise.
template <class T>
inline void stream_store(T* to, const T& value) {
  if constexpr (sizeof(T) == 4 && std::is_trivially_copyable_v<T>) {
    int bits;
    std::memcpy(&bits, &value, 4);
    _mm_stream_si32(reinterpret_cast<int*>(to), bits);
  } else if constexpr (sizeof(T) == 8 && std::is_trivially_copyable_v<T>) {
    long long bits;
    std::memcpy(&bits, &value, 8);
    _mm_stream_si64(reinterpret_cast<long long*>(to), bits);
  } else {
    *to = value;
  }
}

// Writes `count` elements from `line` to `to` with stores that bypass the
// caches: 16 bytes at a time where `to` is 16-byte aligned (whole lines of
// keys always are) and the elements 4- or 8-byte words, element by element
// otherwise.
template <class T>
inline void stream_line(T* to, const T* line, index_type count) {
  if constexpr ((sizeof(T) == 4 || sizeof(T) == 8) && std::is_trivially_copyable_v<T>) {
    const std::size_t bytes = std::size_t(count) * sizeof(T);
    if (reinterpret_cast<std::uintptr_t>(to) % 16 == 0 && reinterpret_cast<std::uintptr_t>(line) % 16 == 0 &&
        bytes % 16 == 0) {
      auto* out = reinterpret_cast<__m128i*>(to);
      const auto* in = reinterpret_cast<const __m128i*>(line);
      for (std::size_t v = 0; v < bytes / 16; ++v) _mm_stream_si128(out + v, _mm_load_si128(in + v));
      return;
    }
  }
  for (index_type e = 0; e < count; ++e) stream_store(to + e, line[e]);
}

// Writes a whole line of keys, Bytes of them (a multiple of 16), from
// `line` to `to`, both 16-byte aligned, with stores that bypass the caches;
// inline and of a fixed length, unlike stream_line, because a scatter
// writes one every radix_line_bytes of keys.
template <std::size_t Bytes, class T>
inline void stream_whole_line(T* to, const T* line) {
  static_assert(Bytes % 16 == 0 && std::is_trivially_copyable_v<T>);
  auto* out = reinterpret_cast<__m128i*>(to);
  const auto* in = reinterpret_cast<const __m128i*>(line);
  for (std::size_t v = 0; v < Bytes / 16; ++v) _mm_stream_si128(out + v, _mm_load_si128(in + v));
}

// Writes records [begin, end) of `from` to `to` at offsets[digit] + rank,
// advancing offsets, as team_scatter does in order, through the lines in
// `storage` (radix_lines_scratch bytes). `next`: see team_scatter. A line
// covers whole cache lines of the output: its positions are counted from the
// output's address. A leaner loop, faster alone, made the whole sort slower
// (docs/notes/radix.md).
template <bool CountNext, class Counter, class From, class To, class Digit, class NextDigit>
void scatter_through_lines(unsigned char* storage, int radix, Counter* offsets, const From& from, const To& to,
                           index_type begin, index_type end, const Digit& digit, std::uint32_t* next,
                           const NextDigit& next_digit) {
  constexpr bool has_values = From::has_values && To::has_values;
  using Key = slice_element_t<keys_member_t<To>>;
  using Value = typename line_values<To, has_values>::type;
  constexpr index_type per_line = radix_line_records<Key>;
  static_assert(radix_line_bytes % sizeof(Key) == 0, "a line holds whole keys");
  const RadixLinesLayout layout(radix, sizeof(Key), has_values ? sizeof(Value) : 0);
  unsigned char* base = storage + (64 - reinterpret_cast<std::uintptr_t>(storage) % 64) % 64;
  Key* key_lines = reinterpret_cast<Key*>(base);
  Value* value_lines = reinterpret_cast<Value*>(base + layout.values);
  index_type* starts = reinterpret_cast<index_type*>(base + layout.starts);
  Key* out_keys = memory_of(to.keys);
  Value* out_values = nullptr;
  if constexpr (has_values) out_values = memory_of(to.values);
  // Position q sits in slot (q + shift) % per_line of its digit's line,
  // where it sits in its cache line of the output.
  const index_type shift = index_type((reinterpret_cast<std::uintptr_t>(out_keys) / sizeof(Key)) % per_line);
  for (int d = 0; d < radix; ++d) starts[d] = index_type(offsets[d]);
  const auto flush = [&](int d, index_type first, index_type last) {
    const Key* keys = key_lines + d * per_line;
    const Value* values = value_lines + d * per_line;
    if (last - first == per_line) {  // a whole line: slot 0 is position `first`, at a line of the output
      stream_whole_line<radix_line_bytes>(out_keys + first, keys);
      if constexpr (has_values) stream_line(out_values + first, values, per_line);
      return;
    }
    for (index_type q = first; q < last; ++q) {
      const index_type slot = (q + shift) & (per_line - 1);
      stream_store(out_keys + q, keys[slot]);
      if constexpr (has_values) stream_store(out_values + q, values[slot]);
    }
  };
  // Locals: stores to the lines and counters could otherwise alias
  // `from`'s members and the digits' shifts and masks, which would then be
  // loaded again for every record.
  const auto in_keys = from.keys;
  const auto in_values = from.values;
  const Digit by_value = digit;
  const NextDigit next_by_value = next_digit;
  for (index_type i = begin; i < end; ++i) {
    const auto key = in_keys[i];
    const std::uint64_t projected = static_cast<std::uint64_t>(by_value.order.project(key));
    if constexpr (CountNext) ++next[next_by_value.of_projected(projected)];
    const int d = by_value.of_projected(projected);
    const index_type q = index_type(offsets[d]++);
    const index_type slot = (q + shift) & (per_line - 1);
    key_lines[d * per_line + slot] = key;
    if constexpr (has_values) value_lines[d * per_line + slot] = in_values[i];
    if (slot == per_line - 1) {
      const index_type first = q + 1 - per_line;
      flush(d, first < starts[d] ? starts[d] : first, q + 1);
    }
  }
  for (int d = 0; d < radix; ++d) {
    const index_type last = index_type(offsets[d]);
    const index_type first = last - ((last + shift) & (per_line - 1));
    flush(d, first < starts[d] ? starts[d] : first, last);
  }
  // Non-temporal stores are weakly ordered: they reach memory before
  // anything written after this, the team's release of the output.
  _mm_sfence();
}
#endif

}  // namespace tessel::detail

#endif
