#ifndef TESSEL_DETAIL_MPI_SORT_HPP
#define TESSEL_DETAIL_MPI_SORT_HPP

// Distributed sample sort of a rank-1 array split in blocks over the ranks:
// every rank sorts a copy of its block (the input is never written); regular
// samples of the sorted blocks, weighted by size, give P - 1 splitters; one
// MPI_Alltoallv sends each rank the elements between its splitters, which it
// sorts again; a second moves the boundaries so that rank r holds exactly
// elements [r N / P, (r + 1) N / P). Splitters are (key, rank, position)
// triples, a strict total order: duplicated keys split like distinct ones,
// and a stable local sort keeps equal keys in global input order.

#include <tessel/detail/mpi/mpi_comm.hpp>
#include <tessel/detail/sort/sort_data.hpp>
#include <tessel/detail/sort/sort_order.hpp>
#include <tessel/detail/core/team.hpp>
#include <tessel/detail/sort/sort_views.hpp>

#include <algorithm>
#include <utility>

namespace tessel::detail::mpi {

// Samples per rank: more cost gathering (P times this on every rank), fewer
// leave more for the rebalancing exchange to move.
inline constexpr index_type samples_per_rank = 256;

// The value type a sort carries: NoValues (detail/sort/sort_data.hpp) for keys only.
template <class Values>
struct carried {
  using type = typename Values::non_const_value_type;
};
template <>
struct carried<NoValues> {
  using type = NoValues;
};

// The type of the values returned: a writable view like the argument's.
template <class Values>
struct returned_values {
  using type = typename Values::non_const_type;
};
template <>
struct returned_values<NoValues> {
  using type = NoValues;
};

template <class Projected>
struct Sample {
  Projected key;
  std::int64_t rank;
  std::int64_t position;
};

template <class Keys, class Order>
struct TakeSamples {
  using Projected = typename Order::projected;
  Keys keys;
  Kokkos::View<Sample<Projected>*, typename Keys::memory_space> samples;
  Order order;
  index_type n, count;
  int rank;

  // Sample j sits in the middle of the j-th of `count` equal parts.
  KOKKOS_FUNCTION void operator()(index_type j) const {
    const index_type position = ((2 * j + 1) * n) / (2 * count);
    samples(j) = Sample<Projected>{order.project(keys(position)), rank, position};
  }
};

// How many of this rank's sorted keys precede each splitter in the
// (key, rank, position) order.
template <class Keys, class Order>
struct CountBelow {
  using Projected = typename Order::projected;
  Keys keys;
  Kokkos::View<const Sample<Projected>*, typename Keys::memory_space> splitters;
  Kokkos::View<index_type*, typename Keys::memory_space> below;
  Order order;
  index_type n;
  int rank;

  KOKKOS_FUNCTION void operator()(index_type b) const {
    const Sample<Projected> s = splitters(b);
    if (s.rank == rank) {
      below(b) = s.position;
      return;
    }
    // Keys equal to the splitter's precede it when this rank is lower.
    const bool equal_first = rank < s.rank;
    index_type lo = 0, hi = n;
    while (lo < hi) {
      const index_type mid = lo + (hi - lo) / 2;
      const Projected key = order.project(keys(mid));
      if (equal_first ? !order.before(s.key, key) : order.before(key, s.key))
        lo = mid + 1;
      else
        hi = mid;
    }
    below(b) = lo;
  }
};

template <class T, class MemorySpace>
using Buffer = Kokkos::View<T*, MemorySpace>;

template <class MemorySpace>
inline constexpr bool host_accessible = Kokkos::SpaceAccessibility<Kokkos::HostSpace, MemorySpace>::accessible;

// MPI_Alltoallv of device (or host) buffers; staged through host copies when
// MPI cannot read the memory space.
template <class T, class MemorySpace, class Exec>
void exchange(const char* function, const Communicator& c, const Exec& exec, const Buffer<T, MemorySpace>& send,
              const std::vector<std::int64_t>& send_counts, const std::vector<std::int64_t>& receive_counts,
              const Buffer<T, MemorySpace>& receive, bool device_aware) {
  exec.fence();  // the send buffer is complete
  if (host_accessible<MemorySpace> || device_aware) {
    alltoallv(function, c, send.data(), send_counts, receive_counts, receive.data());
    return;
  }
  const auto host_send = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), send);
  const auto host_receive = Kokkos::create_mirror_view(Kokkos::HostSpace(), receive);
  alltoallv(function, c, host_send.data(), send_counts, receive_counts, host_receive.data());
  Kokkos::deep_copy(exec, receive, host_receive);
  exec.fence();
}

// Keys, and values unless they are NoValues, as contiguous buffers.
template <class Key, class Value, class MemorySpace>
struct Records {
  static constexpr bool has_values = !std::is_same_v<Value, NoValues>;
  Buffer<Key, MemorySpace> keys;
  std::conditional_t<has_values, Buffer<Value, MemorySpace>, NoValues> values;

  template <class Exec>
  static Records allocate(const Exec& exec, index_type n) {
    Records r;
    r.keys = detail::allocate<Key>(exec, "tessel::mpi::sort::keys", n);
    if constexpr (has_values) r.values = detail::allocate<Value>(exec, "tessel::mpi::sort::values", n);
    return r;
  }
  index_type size() const { return static_cast<index_type>(keys.extent(0)); }

  template <class Exec, class Workspace>
  void sort(const Exec& exec, const SortOptions& options, Workspace* workspace, const TuningParameters& tuning) const {
    const auto carried = [&] {
      if constexpr (has_values) return values;
      else return NoValues{};
    }();
    sort_views(has_values ? "tessel::mpi::sort_by_key" : "tessel::mpi::sort", exec, keys, carried, NoValues{},
               UseDefaultOrder{}, false, options, workspace, tuning);
  }

  // Sends send_counts[q] records to rank q; what arrives goes into
  // receive(total), the records it returns (new buffers, or the caller's).
  template <class Exec, class Receive>
  Records exchange_with(const char* function, const Communicator& c, const Exec& exec,
                        const std::vector<std::int64_t>& send_counts, bool device_aware, Receive&& receive) const {
    const std::vector<std::int64_t> receive_counts = alltoall_counts(function, c, send_counts);
    agree_counts_fit(function, c, send_counts, receive_counts);
    std::int64_t total = 0;
    for (const std::int64_t count : receive_counts) total += count;
    const Records received = receive(index_type(total));
    mpi::exchange(function, c, exec, keys, send_counts, receive_counts, received.keys, device_aware);
    if constexpr (has_values)
      mpi::exchange(function, c, exec, values, send_counts, receive_counts, received.values, device_aware);
    return received;
  }
};

// P - 1 splitters from every rank's samples: sample s of a rank with n
// elements and k samples stands for n / k of them; splitter b is the first
// sample at which the weight so far reaches b N / P.
template <class Projected, class Order>
std::vector<Sample<Projected>> choose_splitters(std::vector<Sample<Projected>> samples,
                                                const std::vector<std::int64_t>& sizes, const Order& order) {
  const int ranks = static_cast<int>(sizes.size());
  std::vector<Sample<Projected>> splitters;
  if (samples.empty()) return splitters;
  std::sort(samples.begin(), samples.end(), [&](const Sample<Projected>& a, const Sample<Projected>& b) {
    if (order.before(a.key, b.key)) return true;
    if (order.before(b.key, a.key)) return false;
    return a.rank != b.rank ? a.rank < b.rank : a.position < b.position;
  });
  double total = 0;
  for (const std::int64_t size : sizes) total += double(size);
  auto weight = [&](const Sample<Projected>& s) {
    const double n = double(sizes[s.rank]);
    return n / double(std::min<std::int64_t>(sizes[s.rank], samples_per_rank));
  };
  double so_far = 0;
  std::size_t s = 0;
  for (int b = 1; b < ranks; ++b) {
    const double target = total * b / ranks;
    while (s + 1 < samples.size() && so_far + weight(samples[s]) < target) so_far += weight(samples[s++]);
    splitters.push_back(samples[s]);
  }
  return splitters;
}

// Send counts that cut this rank's sorted records at the splitters.
template <class Exec, class Keys, class Order>
std::vector<std::int64_t> bucket_counts(const char* function, const Communicator& c, const Exec& exec,
                                        const Keys& keys, const Order& order) {
  using Projected = typename Order::projected;
  using MemorySpace = typename Exec::memory_space;
  const index_type n = static_cast<index_type>(keys.extent(0));
  const index_type count = std::min(n, samples_per_rank);
  Kokkos::View<Sample<Projected>*, MemorySpace> samples("tessel::mpi::sort::samples", count);
  Kokkos::parallel_for("tessel::mpi::sort::take_samples", range_policy(exec, count),
                       TakeSamples<Keys, Order>{keys, samples, order, n, count, c.rank});
  const auto host_samples = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), samples);
  const std::vector<Sample<Projected>> mine(host_samples.data(), host_samples.data() + count);
  const std::vector<Sample<Projected>> splitters =
      choose_splitters(allgatherv(function, c, mine), allgather(function, c, std::int64_t(n)), order);

  std::vector<index_type> cuts(static_cast<std::size_t>(c.size) + 1, n);
  cuts[0] = 0;
  if (!splitters.empty()) {
    Kokkos::View<Sample<Projected>*, MemorySpace> device_splitters("tessel::mpi::sort::splitters", splitters.size());
    Kokkos::deep_copy(exec, device_splitters,
                      Kokkos::View<const Sample<Projected>*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(
                          splitters.data(), splitters.size()));
    Kokkos::View<index_type*, MemorySpace> below("tessel::mpi::sort::below", splitters.size());
    Kokkos::parallel_for("tessel::mpi::sort::count_below", range_policy(exec, index_type(splitters.size())),
                         CountBelow<Keys, Order>{keys, device_splitters, below, order, n, c.rank});
    const auto host_below = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), below);
    for (std::size_t b = 0; b < splitters.size(); ++b) cuts[b + 1] = host_below(b);
  }
  std::vector<std::int64_t> counts(static_cast<std::size_t>(c.size));
  for (int q = 0; q < c.size; ++q) counts[q] = cuts[q + 1] - cuts[q];
  return counts;
}

// Send counts that give rank q exactly elements [start(q), start(q + 1)) of
// the sorted sequence, start(q) = q N / P rounded as evenly as possible.
inline std::vector<std::int64_t> rebalance_counts(const std::vector<std::int64_t>& sizes, int rank) {
  const std::int64_t ranks = static_cast<std::int64_t>(sizes.size());
  std::int64_t total = 0, offset = 0;
  for (std::int64_t q = 0; q < ranks; ++q) {
    if (q < rank) offset += sizes[q];
    total += sizes[q];
  }
  auto start = [&](std::int64_t q) { return q * (total / ranks) + std::min(q, total % ranks); };
  std::vector<std::int64_t> counts(static_cast<std::size_t>(ranks));
  const std::int64_t begin = offset, end = offset + sizes[rank];
  for (std::int64_t q = 0; q < ranks; ++q)
    counts[q] = std::max<std::int64_t>(0, std::min(end, start(q + 1)) - std::max(begin, start(q)));
  return counts;
}

template <class View>
typename View::non_const_type allocate_result(const std::string& label, index_type n) {
  using Result = typename View::non_const_type;
  static_assert(!Result::traits::memory_traits::is_unmanaged,
                "tessel::mpi::sort returns new views: pass a managed view type");
  const auto properties = Kokkos::view_alloc(Kokkos::WithoutInitializing, label);
  if constexpr (std::is_same_v<typename Result::array_layout, Kokkos::LayoutStride>)
    return Result(properties, Kokkos::LayoutStride(n, 1));
  else
    return Result(properties, n);
}

// The rank's part of the sorted sequence, as views of the argument types.
template <class Exec, class Keys, class Values, class Workspace>
auto sample_sort(const char* function, MPI_Comm comm, const Exec& exec, const Keys& keys, const Values& values,
                 const SortOptions& options, Workspace* workspace, const TuningParameters& tuning,
                 bool device_aware) {
  using Key = typename Keys::non_const_value_type;
  constexpr bool has_values = !std::is_same_v<Values, NoValues>;
  using Value = typename carried<Values>::type;
  using MemorySpace = typename Exec::memory_space;
  using Local = Records<Key, Value, MemorySpace>;
  static_assert(Kokkos::is_view<Keys>::value && view_rank<Keys> == 1,
                "tessel::mpi::sort takes rank-1 views: each rank's block of one global array");
  static_check_view<Exec, Keys>();
  if constexpr (has_values) {
    static_check_view<Exec, Values>();
    static_assert(view_rank<Values> == 1, "tessel::mpi::sort_by_key: values must be a rank-1 view");
  }

  const Communicator c = communicator(function, comm);
  const Fingerprint print = Fingerprint()
                                .text(function)
                                .template type<Key>()
                                .template type<Value>()
                                .value(static_cast<std::uint64_t>(options.order))
                                .value(options.algorithm.index())
                                .value(device_aware);
  const index_type n = static_cast<index_type>(keys.extent(0));
  Local local;
  // The local sort runs inside the agreement: whatever it rejects (an
  // algorithm's fields, a dim) is rejected on every rank.
  agree(function, c, print, [&] {
    checked_dim<Keys>(function, options.dim);
    if constexpr (has_values) check_same_extents(function, "keys", keys, "values", values);
    local = Local::allocate(exec, n);
    Kokkos::deep_copy(exec, local.keys, keys);
    if constexpr (has_values) Kokkos::deep_copy(exec, local.values, values);
    local.sort(exec, options, workspace, tuning);
  });
  const auto order = key_order<Key>(UseDefaultOrder{}, options.order == Order::descending);
  const Local bucketed = local.exchange_with(function, c, exec, bucket_counts(function, c, exec, local.keys, order),
                                             device_aware, [&](index_type m) { return Local::allocate(exec, m); });
  local = Local{};  // frees the first copy before the next exchange
  bucketed.sort(exec, options, workspace, tuning);

  // The rebalancing exchange writes straight into the views returned.
  const std::vector<std::int64_t> sizes = allgather(function, c, std::int64_t(bucketed.size()));
  typename Keys::non_const_type result_keys;
  typename returned_values<Values>::type result_values;
  bucketed.exchange_with(function, c, exec, rebalance_counts(sizes, c.rank), device_aware, [&](index_type m) {
    Local into;
    result_keys = allocate_result<Keys>("tessel::mpi::sort::result_keys", m);
    into.keys = Buffer<Key, MemorySpace>(result_keys.data(), m);  // contiguous: allocate_result gives stride 1
    if constexpr (has_values) {
      result_values = allocate_result<Values>("tessel::mpi::sort::result_values", m);
      into.values = Buffer<Value, MemorySpace>(result_values.data(), m);
    }
    return into;
  });
  if constexpr (has_values)
    return std::pair<Keys, Values>(result_keys, result_values);
  else
    return Keys(result_keys);
}

}  // namespace tessel::detail::mpi

#endif
