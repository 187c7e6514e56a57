#pragma once
// What every family of the differential fuzzer shares: reproducible random
// choices, strided views inside guarded storage (so that writes outside a
// view's elements show), adversarial data, random tunings, and checks that
// throw a CaseFailure with what went wrong.

#include <host_reference.hpp>

#include <tessel/tuning.hpp>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace tessel_fuzz {

using Space = Kokkos::DefaultExecutionSpace;
using Memory = Space::memory_space;
using Index = std::array<std::size_t, 3>;
using Engine = std::mt19937_64;

struct CaseFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// What the case did so far, printed with a failure.
struct CaseLog {
  std::ostringstream text;
  std::string family;
};

template <class Message>
void expect(bool ok, Message&& message) {
  if (!ok) throw CaseFailure(message());
}

inline std::size_t pick(Engine& engine, std::size_t count) { return engine() % count; }
inline bool chance(Engine& engine, int percent) { return int(engine() % 100) < percent; }

// Extents that hit the boundaries: 0, 1, small primes, around powers of two.
inline std::size_t random_extent(Engine& engine, std::size_t most) {
  static const std::size_t interesting[] = {0, 1, 1, 2, 3, 5, 7, 8, 13, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129,
                                            255, 256, 257, 1023, 1024, 1025, 2047, 2048, 2049, 4095, 4097};
  std::size_t extent;
  do {
    extent = chance(engine, 80) ? interesting[pick(engine, std::size(interesting))] : 1 + pick(engine, most);
  } while (extent > most);
  return extent;
}

// Extents of a rank-Rank view with at most `most_elements` elements.
inline Index random_extents(Engine& engine, int rank, std::size_t most_elements) {
  Index extents{1, 1, 1};
  std::size_t room = most_elements;
  for (int r = 0; r < rank; ++r) {
    const std::size_t share = r + 1 == rank ? room : std::max<std::size_t>(1, std::min<std::size_t>(room, 70));
    extents[r] = random_extent(engine, std::max<std::size_t>(share, 1));
    room = extents[r] == 0 ? most_elements : std::max<std::size_t>(1, room / extents[r]);
  }
  return extents;
}

inline std::size_t element_count(const Index& extents, int rank) {
  std::size_t n = 1;
  for (int r = 0; r < rank; ++r) n *= extents[r];
  return n;
}

template <class T, int Rank>
using data_type = std::conditional_t<Rank == 1, T*, std::conditional_t<Rank == 2, T**, T***>>;

// How a view's elements lie in its storage: offset + sum of index * stride.
struct Placement {
  Index extents{1, 1, 1};
  Index strides{0, 0, 0};
  std::size_t offset = 0;
  std::size_t storage = 0;  // elements of storage, guards included
  std::string name;

  std::size_t at(const Index& index) const {
    return offset + index[0] * strides[0] + index[1] * strides[1] + index[2] * strides[2];
  }
};

// A random placement: LayoutLeft or LayoutRight order, or dims in a random
// order with gaps (the strides of subviews of larger parents); `spacing`
// multiplies the fastest stride (2: room for an interleaved twin).
inline Placement random_placement(Engine& engine, int rank, const Index& extents, std::size_t spacing = 1) {
  Placement placement;
  placement.extents = extents;
  std::array<int, 3> order{0, 1, 2};
  const int kind = int(pick(engine, 4));
  if (kind == 1) std::reverse(order.begin(), order.begin() + rank);
  if (kind >= 2) std::shuffle(order.begin(), order.begin() + rank, engine);
  static const char* names[] = {"Left", "Right", "Stride(permuted)", "Stride(permuted, gaps)"};
  placement.name = names[kind];
  // With gaps, the fastest dim has a stride too (rank-1 views strided).
  std::size_t stride = spacing * (kind == 3 ? 1 + pick(engine, 3) : 1);
  for (int k = 0; k < rank; ++k) {
    const int r = order[k];
    placement.strides[r] = stride;
    std::size_t gap = kind == 3 ? pick(engine, 3) : 0;
    stride = stride * std::max<std::size_t>(extents[r], 1) + gap * spacing;
    // A singleton's stride is meaningless; make it odd now and then.
    if (extents[r] == 1 && chance(engine, 30)) placement.strides[r] = 1 + pick(engine, 1000);
  }
  const std::size_t guard = 1 + pick(engine, 4);
  placement.offset = guard;
  std::size_t last = 0;
  for (int r = 0; r < rank; ++r)
    if (extents[r] > 0) last += (extents[r] - 1) * placement.strides[r];
  placement.storage = guard + last + spacing + guard;
  return placement;
}

// Storage filled with a guard pattern, and the strided view into it.
template <class T, int Rank>
struct GuardedView {
  using view_type = Kokkos::View<data_type<T, Rank>, Kokkos::LayoutStride, Memory>;
  Kokkos::View<T*, Memory> storage;
  view_type view;
  Placement placement;
};

template <class T, int Rank>
typename GuardedView<T, Rank>::view_type view_into(const Kokkos::View<T*, Memory>& storage, const Placement& placement) {
  Kokkos::LayoutStride layout;
  for (int r = 0; r < Rank; ++r) {
    layout.dimension[r] = placement.extents[r];
    layout.stride[r] = placement.strides[r];
  }
  return typename GuardedView<T, Rank>::view_type(storage.data() + placement.offset, layout);
}

template <class T>
T guard_value() {
  T value;
  std::memset(static_cast<void*>(&value), 0xA5, sizeof(T));
  return value;
}

// A view whose elements get value(index) and whose other storage holds the
// guard pattern.
template <class T, int Rank, class Value>
GuardedView<T, Rank> guarded_view(const Placement& placement, Value&& value) {
  GuardedView<T, Rank> result;
  result.placement = placement;
  result.storage = Kokkos::View<T*, Memory>(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("fuzz")),
                                            placement.storage);
  std::vector<T> host(placement.storage, guard_value<T>());
  const Index& e = placement.extents;
  for (std::size_t i = 0; i < (Rank > 0 ? e[0] : 1); ++i)
    for (std::size_t j = 0; j < (Rank > 1 ? e[1] : 1); ++j)
      for (std::size_t k = 0; k < (Rank > 2 ? e[2] : 1); ++k) host[placement.at({i, j, k})] = value(Index{i, j, k});
  Kokkos::deep_copy(result.storage, Kokkos::View<T*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>(
                                        host.data(), host.size()));
  result.view = view_into<T, Rank>(result.storage, placement);
  return result;
}

template <class T>
std::vector<T> host_storage(const Kokkos::View<T*, Memory>& storage) {
  std::vector<T> host(storage.extent(0));
  Kokkos::deep_copy(Kokkos::View<T*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>(host.data(), host.size()),
                    storage);
  return host;
}

// Calls body(index) for every index of a rank-`rank` box, (i, j, k) order.
template <class Body>
void for_each_index(int rank, const Index& extents, Body&& body) {
  for (std::size_t i = 0; i < extents[0]; ++i)
    for (std::size_t j = 0; j < (rank > 1 ? extents[1] : 1); ++j)
      for (std::size_t k = 0; k < (rank > 2 ? extents[2] : 1); ++k) body(Index{i, j, k});
}

// The slices along dim as lists of indices, numbered by (i, j, k).
inline std::vector<std::vector<Index>> slices_of(int rank, const Index& extents, int dim) {
  std::vector<std::vector<Index>> slices;
  Index bound{1, 1, 1};
  for (int r = 0; r < rank; ++r) bound[r] = r == dim ? 1 : extents[r];
  if (extents[dim] == 0) return slices;
  for_each_index(rank, bound, [&](Index start) {
    std::vector<Index> slice;
    for (std::size_t p = 0; p < extents[dim]; ++p) {
      start[dim] = p;
      slice.push_back(start);
    }
    slices.push_back(std::move(slice));
  });
  return slices;
}

// Every storage element outside the view's elements is as it was.
template <class T>
void expect_guards_intact(const std::vector<T>& before, const std::vector<T>& after, const Placement& placement,
                          int rank, const char* name) {
  std::vector<bool> inside(before.size(), false);
  for_each_index(rank, placement.extents, [&](const Index& index) { inside[placement.at(index)] = true; });
  for (std::size_t e = 0; e < before.size(); ++e)
    if (!inside[e])
      expect(tessel_test::same_bits(before[e], after[e]),
             [&] { return std::string(name) + ": storage outside the view changed at element " + std::to_string(e); });
}

// Nothing changed at all (inputs, and everything after a rejected call).
template <class T>
void expect_unchanged(const std::vector<T>& before, const std::vector<T>& after, const char* name) {
  for (std::size_t e = 0; e < before.size(); ++e)
    expect(tessel_test::same_bits(before[e], after[e]),
           [&] { return std::string(name) + " changed at storage element " + std::to_string(e); });
}

// Adversarial data of one type. narrow: random keys within a span of 2^20
// to 2^27 from a random base, as a row's column indices are (the rank sort
// ranks spans below 2^25 by unique keys); floats in [1, 1 + 2^-k).
enum class Data { random, duplicates, sorted, reversed, special, narrow };

inline const char* data_name(Data data) {
  static const char* names[] = {"random", "duplicates", "sorted", "reversed", "special", "narrow"};
  return names[int(data)];
}

template <class T>
std::vector<T> adversarial(Engine& engine, std::size_t n, Data data) {
  std::vector<T> values(n);
  const auto specials = tessel_test::special_values<T>();
  const int span_bits = 20 + int(pick(engine, 8));
  const std::uint64_t base = engine();
  for (auto& value : values) {
    if (data == Data::special && chance(engine, 70)) {
      value = specials[pick(engine, specials.size())];
    } else if (data == Data::duplicates) {
      value = static_cast<T>(pick(engine, 4));
    } else if (data == Data::narrow) {
      if constexpr (std::is_floating_point_v<T>)
        value = T(1) + std::ldexp(std::uniform_real_distribution<T>(0, 1)(engine), -int(pick(engine, 8)));
      else  // in unsigned arithmetic, wrapped to T's range
        value = static_cast<T>(static_cast<std::make_unsigned_t<T>>(base + pick(engine, std::uint64_t(1) << span_bits)));
    } else if constexpr (std::is_floating_point_v<T>) {
      value = std::uniform_real_distribution<T>(-1000, 1000)(engine);
    } else {
      value = static_cast<T>(engine());
    }
  }
  if (data == Data::sorted || data == Data::reversed) {
    std::sort(values.begin(), values.end(), tessel_test::total_less<T>);
    if (data == Data::reversed) std::reverse(values.begin(), values.end());
  }
  return values;
}

inline Data random_data(Engine& engine) { return Data(pick(engine, 6)); }

// The space's own tuning, or a tiny one whose tiles hold a few elements, so
// that every multi-tile, multi-team and multi-pass path runs on small inputs.
inline tessel::TuningParameters random_tuning(Engine& engine, std::ostream& log) {
  tessel::TuningParameters tuning = tessel::Tuning<Space>{};
  if (chance(engine, 25)) {
    log << " tuning default";
    return tuning;
  }
  static const int teams[] = {1, 2, 3, 4, 8, 64};
  tuning.team_size = teams[pick(engine, std::size(teams))];
  tuning.runs_per_thread = 1 + int(pick(engine, 9));
  tuning.max_items_per_thread = chance(engine, 20) ? 64 : 1 + int(pick(engine, 5));
  tuning.pad_runs = chance(engine, 50);
  tuning.vector_load_bytes = pick(engine, 2) * 4;
  tuning.scan.lookback = chance(engine, 50);
  tuning.scan.tiles_per_team = 1 + int(pick(engine, 3));
  tuning.scan.straight = chance(engine, 50);
  static const double reduce_ahead[] = {0.0, 0.05, 0.4, 2.0};
  tuning.scan.reduce_ahead = reduce_ahead[pick(engine, std::size(reduce_ahead))];
  static const std::size_t stream_bytes[] = {0, 1000, std::size_t(32) << 20};
  tuning.scan.stream_bytes = stream_bytes[pick(engine, std::size(stream_bytes))];
  tuning.scan.stream_chunk_bytes = 1 + pick(engine, 200);
  static const std::size_t inline_bytes[] = {0, 0, 0, 1000, std::size_t(1) << 40};
  tuning.scan.inline_bytes = inline_bytes[pick(engine, std::size(inline_bytes))];
  tuning.findall.tiles_per_team = 1 + int(pick(engine, 3));
  tuning.scan.batched_teams_per_thread = chance(engine, 50) ? 0 : (chance(engine, 50) ? 1 : 1 << 30);
  tuning.merge.runs_per_thread = 1 + int(pick(engine, 3));
  tuning.merge.items_per_thread = 1 + int(pick(engine, 4));
  tuning.merge.tiles_per_team = 1 + int(pick(engine, 3));
  tuning.radix.bits = 1 + int(pick(engine, 12));
  static const int chunks[] = {1, 3, 32, 64, 300, 1024};
  tuning.radix.chunk_size = chunks[pick(engine, std::size(chunks))];
  tuning.radix.scratch_atomics = chance(engine, 50);
  static const int scratch_slices[] = {0, 64, 1024};
  tuning.radix.scratch_slice = scratch_slices[pick(engine, std::size(scratch_slices))];
  static const std::int64_t team_slices[] = {4, 100, std::int64_t(1) << 31};
  tuning.radix.team_slice = team_slices[pick(engine, std::size(team_slices))];
  static const std::int64_t blocks[] = {1, 7, 4096};
  tuning.radix.block_elements = blocks[pick(engine, std::size(blocks))];
  static const std::int64_t every_pass_lengths[] = {1, 100, std::int64_t(1) << 22};
  tuning.radix.every_pass_length = every_pass_lengths[pick(engine, std::size(every_pass_lengths))];
  static const int short_lengths[] = {0, 5, 16, 64};
  tuning.segmented.short_length = short_lengths[pick(engine, std::size(short_lengths))];
  static const int rank_lengths[] = {0, 8, 30, 64};
  tuning.segmented.rank_length = rank_lengths[pick(engine, std::size(rank_lengths))];
  static const int tile_rank_lengths[] = {0, 8, 30, 64, 100};  // 100: beyond rank_sort_capacity
  tuning.merge.rank_length = tile_rank_lengths[pick(engine, std::size(tile_rank_lengths))];
  // Budgets from a few elements to more than the space offers.
  static const std::size_t budgets[] = {64, 200, 1000, 4096, 1 << 16, std::size_t(1) << 24};
  tuning.scratch_bytes = budgets[pick(engine, std::size(budgets))];
  // Picked last, so that the earlier picks of a seed stay as they were.
  static const std::int64_t buckets_key_bytes[] = {0, 2, 100, std::int64_t(1) << 22};
  tuning.radix.buckets_key_bytes = buckets_key_bytes[pick(engine, std::size(buckets_key_bytes))];
  // The sweep of strided neighbours: off, blocks of one or a few slices
  // (which reach across a 3D view's runs of neighbours), or the budget's.
  static const std::size_t sweep_bytes[] = {0, 8, 24, std::size_t(32) << 10};
  tuning.scan.sweep_bytes = sweep_bytes[pick(engine, std::size(sweep_bytes))];
  log << " tuning{team " << tuning.team_size << ", runs/thread " << tuning.runs_per_thread << ", items "
      << tuning.max_items_per_thread << ", pad " << tuning.pad_runs << ", lookback " << tuning.scan.lookback
      << ", tiles/team " << tuning.scan.tiles_per_team << ", straight " << tuning.scan.straight
      << ", reduce ahead " << tuning.scan.reduce_ahead << ", stream above " << tuning.scan.stream_bytes << " in chunks of "
      << tuning.scan.stream_chunk_bytes << ", inline up to " << tuning.scan.inline_bytes << ", findall tiles " << tuning.findall.tiles_per_team
      << ", batch " << tuning.scan.batched_teams_per_thread << ", sweep " << tuning.scan.sweep_bytes << ", sort runs " << tuning.merge.runs_per_thread
      << ", sort items " << tuning.merge.items_per_thread << ", merge tiles " << tuning.merge.tiles_per_team
      << ", radix bits " << tuning.radix.bits << ", chunk " << tuning.radix.chunk_size << ", atomics "
      << tuning.radix.scratch_atomics << ", radix scratch slice " << tuning.radix.scratch_slice << ", team slice "
      << tuning.radix.team_slice << ", block " << tuning.radix.block_elements << ", every pass from "
      << tuning.radix.every_pass_length << ", buckets from key bytes " << tuning.radix.buckets_key_bytes << ", segmented short "
      << tuning.segmented.short_length << ", rank " << tuning.segmented.rank_length << ", tile rank "
      << tuning.merge.rank_length << ", scratch "
      << tuning.scratch_bytes << "}";
  return tuning;
}

inline std::string describe(const Placement& placement, int rank) {
  std::ostringstream text;
  text << placement.name << " extents";
  for (int r = 0; r < rank; ++r) text << (r ? "x" : " ") << placement.extents[r];
  text << " strides";
  for (int r = 0; r < rank; ++r) text << (r ? "," : " ") << placement.strides[r];
  return text.str();
}

// Calls body(std::integral_constant<int, Rank>) for a random rank 1-3.
template <class Body>
void with_random_rank(Engine& engine, Body&& body) {
  switch (pick(engine, 3)) {
    case 0: body(std::integral_constant<int, 1>{}); break;
    case 1: body(std::integral_constant<int, 2>{}); break;
    default: body(std::integral_constant<int, 3>{}); break;
  }
}

// Runs `call`, which must throw Exception, and says so if it does not.
template <class Exception, class Call>
void expect_throws(Call&& call, const char* what) {
  try {
    call();
  } catch (const Exception&) {
    return;
  } catch (const std::exception& other) {
    throw CaseFailure(std::string(what) + ": threw the wrong exception: " + other.what());
  }
  throw CaseFailure(std::string(what) + ": nothing thrown");
}

// The families; each draws and checks one case.
void fuzz_scan(Engine& engine, CaseLog& log);
void fuzz_sort_integers(Engine& engine, CaseLog& log);
void fuzz_sort_floating(Engine& engine, CaseLog& log);
void fuzz_findall(Engine& engine, CaseLog& log);
void fuzz_segmented(Engine& engine, CaseLog& log);

}  // namespace tessel_fuzz
