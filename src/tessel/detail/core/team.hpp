#ifndef TESSEL_DETAIL_TEAM_HPP
#define TESSEL_DETAIL_TEAM_HPP

// Team-level building blocks shared by every tile kernel: the launch policy,
// scratch carving, the striped loop over a tile, and a team scan of one
// partial per thread that needs no neutral element.

#include <tessel/detail/core/checks.hpp>
#include <tessel/detail/core/slices.hpp>
#include <tessel/tuning.hpp>

#include <algorithm>
#include <cassert>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace tessel::detail {

template <class Exec>
using team_member_t = typename Kokkos::TeamPolicy<Exec>::member_type;

// A workspace of `size` elements on exec's memory space, labelled for Kokkos
// Tools; filled with zero bytes when `zeroed` (counters and flags; elements
// of a type that is not trivially copyable are value-initialised instead),
// left uninitialised otherwise. Memory the host reaches is zeroed by the
// calling thread: Kokkos would fill it in a launch, which on OpenMP wakes
// every thread (about 3 us, as much as a whole scan's launch;
// docs/notes/openmp.md) to clear a few words. (The label must be a
// std::string: Kokkos 3.4 takes a const char* for a pointer to user memory.)
template <class T, class Exec>
Kokkos::View<T*, typename Exec::memory_space> allocate(const Exec& exec, const std::string& label,
                                                       index_type size, bool zeroed = false) {
  using view_type = Kokkos::View<T*, typename Exec::memory_space>;
  constexpr bool host_zeroes =
      Kokkos::SpaceAccessibility<Kokkos::HostSpace, typename Exec::memory_space>::accessible &&
      std::is_trivially_copyable_v<T>;
  if (zeroed && !host_zeroes) return view_type(Kokkos::view_alloc(exec, label), size);
  view_type view(Kokkos::view_alloc(exec, Kokkos::WithoutInitializing, label), size);
  if constexpr (host_zeroes) {
    if (zeroed && size > 0) std::memset(static_cast<void*>(view.data()), 0, sizeof(T) * std::size_t(size));
  }
  return view;
}

// A workspace of `size` records of tessel's own (flags and totals published
// between teams, segment descriptions). Kokkos 3.4 frees a View of a class
// type with a launch over its elements (ViewValueFunctor's destroy), even a
// View made WithoutInitializing: one more launch per call, about 4 us on
// OpenMP (docs/notes/openmp.md). Plain records are held in a View of bytes,
// which is freed without one; records of a user's type that is not trivially
// copyable (a scan's partials) are constructed and destroyed by Kokkos.
template <class T>
constexpr bool plain_records = std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>;

template <class T, class MemorySpace>
struct RecordWorkspace {
  Kokkos::View<unsigned char*, MemorySpace> bytes;  // plain_records
  Kokkos::View<T*, MemorySpace> records;            // the others
  T* data() const { return plain_records<T> ? reinterpret_cast<T*>(bytes.data()) : records.data(); }
};

template <class T, class Exec>
RecordWorkspace<T, typename Exec::memory_space> allocate_records(const Exec& exec, const std::string& label,
                                                                 index_type size, bool zeroed = false) {
  RecordWorkspace<T, typename Exec::memory_space> workspace;
  if constexpr (plain_records<T>) {
    workspace.bytes = allocate<unsigned char>(exec, label, size * index_type(sizeof(T)), zeroed);
    // Kokkos aligns every allocation's data to 64 bytes, which the records'
    // cache lines of their own (alignas(64)) rely on.
    static_assert(alignof(T) <= 64, "Kokkos aligns allocations to 64 bytes");
    assert(reinterpret_cast<std::uintptr_t>(workspace.bytes.data()) % alignof(T) == 0);
  } else {
    workspace.records = allocate<T>(exec, label, size, /*zeroed=*/true);  // constructed
  }
  return workspace;
}

// Bytes of team scratch that `count` objects of type T take, with room for the
// alignment get_shmem_aligned may add.
template <class T>
constexpr std::size_t scratch_for(std::size_t count) {
  return count * sizeof(T) + alignof(T);
}

template <class T, class Member>
KOKKOS_INLINE_FUNCTION T* take_scratch(const Member& team, std::size_t count) {
  return static_cast<T*>(team.team_shmem().get_shmem_aligned(count * sizeof(T), alignof(T)));
}

// `bytes` of the team's level-1 scratch (make_team_policy's slow_scratch_bytes).
template <class Member>
KOKKOS_INLINE_FUNCTION unsigned char* take_slow_scratch(const Member& team, std::size_t bytes) {
  return static_cast<unsigned char*>(team.team_scratch(1).get_shmem(bytes));
}

struct TeamSizeProbe {
  template <class Member>
  KOKKOS_INLINE_FUNCTION void operator()(const Member&) const {}
};

// The most threads per team `exec` runs for a plain kernel.
template <class Exec>
int max_team_size(const Exec& exec) {
  Kokkos::TeamPolicy<Exec> policy(exec, 1, 1);
  return policy.team_size_max(TeamSizeProbe{}, Kokkos::ParallelForTag());
}

// The team size kernels launch with when the tuning asks for `requested`:
// capped by what the space offers (a single thread on Serial).
template <class Exec>
int launch_team_size(const Exec& exec, int requested) {
  const int most = max_team_size(exec);
  return requested < 1 ? 1 : (requested > most ? most : requested);
}

// The level-0 team scratch `Exec` offers per team, in bytes.
template <class Exec>
std::size_t scratch_offered() {
  return static_cast<std::size_t>(Kokkos::TeamPolicy<Exec>::scratch_size_max(0));
}

// The tuning as it will launch on `exec`: the team size capped by what the
// space runs, and the scratch budget by what it offers, so that the tiles cut
// from the budget always fit (a user's budget may ask for more).
template <class Exec>
TuningParameters launch_tuning(const Exec& exec, TuningParameters tuning) {
  tuning.team_size = launch_team_size(exec, tuning.team_size);
  tuning.scratch_bytes = std::min(tuning.scratch_bytes, scratch_offered<Exec>());
  return tuning;
}

// The launch policy of every tessel team kernel: `league` teams of `team_size`
// threads, each with `scratch_bytes` of level-0 scratch and `slow_scratch_bytes`
// of level 1 (larger, slower on GPUs; the host spaces' is the same memory).
template <class Exec>
Kokkos::TeamPolicy<Exec> make_team_policy(const char* function, const Exec& exec, index_type league,
                                          int team_size, std::size_t scratch_bytes,
                                          std::size_t slow_scratch_bytes = 0) {
  if (league > INT_MAX)
    throw_length(function, "the input needs ", league, " teams, more than the ", INT_MAX,
                 " one launch can hold");
  const std::size_t scratch_max = scratch_offered<Exec>();
  if (scratch_bytes > scratch_max)
    throw_length(function, "a tile needs ", scratch_bytes, " bytes of team scratch but the ",
                 "execution space offers ", scratch_max, "; lower items_per_thread or block_size");
  const std::size_t slow_max = static_cast<std::size_t>(Kokkos::TeamPolicy<Exec>::scratch_size_max(1));
  if (slow_scratch_bytes > slow_max)
    throw_length(function, "a team needs ", slow_scratch_bytes, " bytes of level-1 team scratch but the ",
                 "execution space offers ", slow_max, "; set radix.lines_length to 0");
  Kokkos::TeamPolicy<Exec> policy(exec, static_cast<int>(league), team_size);
  policy.set_scratch_size(0, Kokkos::PerTeam(scratch_bytes));
  if (slow_scratch_bytes > 0) policy.set_scratch_size(1, Kokkos::PerTeam(slow_scratch_bytes));
  return policy;
}

// Every flat range tessel launches counts with 64-bit indices: a space's
// default index type may be 32-bit (unsigned int on CUDA), and more than 2^32
// iterations would wrap.
template <class Exec>
using RangePolicy64 = Kokkos::RangePolicy<Exec, Kokkos::IndexType<index_type>>;

template <class Exec>
RangePolicy64<Exec> range_policy(const Exec& exec, index_type count) {
  return RangePolicy64<Exec>(exec, 0, count);
}

// Tiles one team takes in turn: as many as the tuning asks (`wanted`), but
// few enough that each unit of the space's concurrency gets a team.
template <class Exec>
int tiles_per_team(const Exec& exec, index_type tiles, int wanted) {
  const index_type units = std::max<index_type>(static_cast<index_type>(exec.concurrency()), 1);
  const index_type fair = std::max<index_type>((tiles + units - 1) / units, 1);
  return static_cast<int>(std::min<index_type>(std::max(wanted, 1), fair));
}

// Visits every (outer, inner) of an outer x inner block once, striped across
// the team: thread t takes flat indices t, t + team_size, ... so neighbouring
// threads touch neighbouring (outer-major) positions. The flat index is
// advanced incrementally, so no division happens per element. With one thread
// per team it is a plain nested loop, which compilers vectorise.
template <class Member, class Body>
KOKKOS_INLINE_FUNCTION void for_each_striped(const Member& team, int outer, int inner, Body&& body) {
  if (outer <= 0 || inner <= 0) return;
  const int team_size = team.team_size();
  if (team_size == 1) {
    for (int o = 0; o < outer; ++o)
      for (int i = 0; i < inner; ++i) body(o, i);
    return;
  }
  const int rank = team.team_rank();
  int o = rank / inner, i = rank % inner;
  const int step_outer = team_size / inner, step_inner = team_size % inner;
  while (o < outer) {
    body(o, i);
    i += step_inner;
    o += step_outer;
    if (i >= inner) {
      i -= inner;
      ++o;
    }
  }
}

// Visits the first `valid` elements of a tile of runs of `items` elements,
// striped, as (run, item): the full runs, then the short run, so that no
// element needs a bounds check.
template <class Member, class Body>
KOKKOS_INLINE_FUNCTION void for_each_in_tile(const Member& team, int valid, int items, Body&& body) {
  const int full_runs = valid / items, short_items = valid % items;
  for_each_striped(team, full_runs, items, body);
  if (short_items > 0)
    for_each_striped(team, 1, short_items, [&](int, int item) { body(full_runs, item); });
}

// The threads' share of `runs` runs: thread t owns the contiguous range
// [first, last), so that run order follows thread order.
struct RunRange {
  int first;
  int last;
};

template <class Member>
KOKKOS_INLINE_FUNCTION RunRange runs_of_thread(const Member& team, int runs) {
  const int team_size = team.team_size(), rank = team.team_rank();
  const int per_thread = (runs + team_size - 1) / team_size;
  int first = rank * per_thread, last = first + per_thread;
  if (first > runs) first = runs;
  if (last > runs) last = runs;
  return RunRange{first, last};
}

// Exclusive scan of one partial per thread across the team (Kogge-Stone in
// `buffer`, team_size entries). Returns this thread's exclusive prefix (empty
// for thread 0) and stores the team's total in `total`. Needs no neutral
// element and keeps the operands in order.
template <class Member, class Partials>
KOKKOS_INLINE_FUNCTION typename Partials::partial_type team_exclusive_scan(
    const Member& team, const Partials& partials, typename Partials::partial_type* buffer,
    const typename Partials::partial_type& mine, typename Partials::partial_type& total) {
  using partial_type = typename Partials::partial_type;
  const int team_size = team.team_size(), rank = team.team_rank();
  if (team_size == 1) {
    total = mine;
    return Partials::empty();
  }
  buffer[rank] = mine;
  team.team_barrier();
  for (int distance = 1; distance < team_size; distance *= 2) {
    partial_type value = buffer[rank];
    if (rank >= distance) value = partials.combine(buffer[rank - distance], value);
    team.team_barrier();
    buffer[rank] = value;
    team.team_barrier();
  }
  total = buffer[team_size - 1];
  const partial_type prefix = rank > 0 ? buffer[rank - 1] : Partials::empty();
  team.team_barrier();  // the buffer may be reused right after
  return prefix;
}

// Makes `value`, as thread 0 computed it, known to the whole team.
template <class Member, class T>
KOKKOS_INLINE_FUNCTION T team_broadcast(const Member& team, T* slot, const T& value) {
  if (team.team_size() == 1) return value;
  if (team.team_rank() == 0) *slot = value;
  team.team_barrier();
  const T result = *slot;
  team.team_barrier();
  return result;
}

}  // namespace tessel::detail

#endif
