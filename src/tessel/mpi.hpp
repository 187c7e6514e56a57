#ifndef TESSEL_MPI_HPP
#define TESSEL_MPI_HPP

// tessel::mpi: scans, findall and sorts of one global rank-1 array split in
// blocks over the ranks of a communicator (rank r holds block r). Link
// tessel::mpi (TESSEL_ENABLE_MPI=ON, find_package(tessel COMPONENTS mpi)).
// The only tessel header that includes <mpi.h>. Every function is collective:
// all ranks of `comm` call it with the same types and options. Arguments are
// checked on every rank and agreed on in one MPI_Allreduce before anything
// moves: a bad argument on one rank throws on every rank (the others name
// that rank), never a hang. A null communicator throws std::invalid_argument.

#include <mpi.h>

#include <tessel/detail/mpi/mpi_scan.hpp>
#include <tessel/detail/mpi/mpi_sort.hpp>
#include <tessel/findall.hpp>
#include <tessel/sort.hpp>

namespace tessel::mpi {

// How data reaches MPI. Views in memory the host cannot read (GPUs) are copied
// through host buffers around each exchange unless `device_aware` says the MPI
// library takes device pointers (CUDA-aware Open MPI, Cray MPICH with GPU
// support, ...).
struct CommOptions {
  bool device_aware = false;
};

}  // namespace tessel::mpi

namespace tessel::detail::mpi {

template <class Exec, class... Args>
auto scan_arguments(Args&... args) {
  const auto parsed = arguments<Exec, ScanOptions, NoValues, false>(args...);
  static_assert(!std::decay_t<decltype(parsed)>::has_callable,
                "tessel::mpi scans take ([ScanOptions], [tuning]) after op (and init)");
  return parsed;
}

template <class Exec, class Keys, class Values, class... Args>
auto sort_call(const char* function, MPI_Comm comm, const Exec& exec, const Keys& keys, const Values& values,
               Args&... args) {
  const auto parsed = arguments<Exec, SortOptions, UseDefaultOrder, true, tessel::mpi::CommOptions>(args...);
  static_assert(!std::decay_t<decltype(parsed)>::has_callable,
                "tessel::mpi sorts take ([SortOptions], [SortWorkspace], [tuning], [CommOptions]) after the views");
  return sample_sort(function, comm, exec, keys, values, parsed.options(), parsed.workspace(), parsed.tuning(),
                     parsed.extra().device_aware);
}

}  // namespace tessel::detail::mpi

namespace tessel::mpi {

// After the views and operator, every function takes the options and tuning
// of its family, each left out or given in this order: scans ([ScanOptions],
// [tuning]) (options.dim -1 or 0), findall ([FindallOptions], [tuning]),
// sorts ([SortOptions], [SortWorkspace], [tuning], [CommOptions]). Options
// may be braced lists. The workspace and tuning serve the local sorts.

// dst gets the global inclusive scan x0, x0∘x1, ... of the blocks in rank
// order. `op` is associative; it need not be commutative nor have a neutral
// element. src and dst may be the same view. One MPI_Allgather of the rank
// totals (one value per rank).
template <class Exec, class Src, class Dst, class Op, class... Args>
void inclusive_scan(MPI_Comm comm, const Exec& exec, const Src& src, const Dst& dst, Op op, Args&&... args) {
  const auto parsed = detail::mpi::scan_arguments<Exec>(args...);
  detail::mpi::inclusive_scan(comm, exec, src, dst, op, parsed.options(),
                              parsed.tuning_or(detail::default_scan_tuning(exec)));
}

template <class Exec, class Src, class Dst, class Op, class... Args>
void inclusive_scan(MPI_Comm comm, const Exec& exec, const Src& src, const Dst& dst, Op op, const ScanOptions& options,
                    Args&&... args) {
  inclusive_scan(comm, exec, src, dst, op, ScanOptions(options), args...);
}

// dst gets init, init∘x0, init∘x0∘x1, ... over the global array.
template <class Exec, class Src, class Dst, class Op, class T, class... Args>
void exclusive_scan(MPI_Comm comm, const Exec& exec, const Src& src, const Dst& dst, Op op, T init, Args&&... args) {
  const auto parsed = detail::mpi::scan_arguments<Exec>(args...);
  detail::mpi::exclusive_scan(comm, exec, src, dst, op, init, parsed.options(),
                              parsed.tuning_or(detail::default_scan_tuning(exec)));
}

template <class Exec, class Src, class Dst, class Op, class T, class... Args>
void exclusive_scan(MPI_Comm comm, const Exec& exec, const Src& src, const Dst& dst, Op op, T init,
                    const ScanOptions& options, Args&&... args) {
  exclusive_scan(comm, exec, src, dst, op, init, ScanOptions(options), args...);
}

// The global indices (this rank's local index plus the sizes of the lower
// ranks' blocks) at which pred holds, in increasing order.
template <class Exec, class View, class Pred, class... Args>
Kokkos::View<std::int64_t*, typename View::memory_space> findall(MPI_Comm comm, const Exec& exec, const View& view,
                                                                 Pred pred, Args&&... args) {
  constexpr const char* function = "tessel::mpi::findall";
  static_assert(detail::view_rank<View> == 1, "tessel::mpi::findall takes rank-1 views");
  const detail::mpi::Communicator c = detail::mpi::communicator(function, comm);
  detail::mpi::agree(function, c, detail::mpi::Fingerprint().text(function).type<typename View::non_const_value_type>(),
                     [&] { detail::findall_tuning<Exec>(function, detail::findall_arguments<Exec>(args...)); });
  const std::int64_t offset = detail::mpi::exclusive_sum(function, c, std::int64_t(view.extent(0)));
  const auto indices = tessel::findall(exec, view, pred, args...);
  if (offset != 0)
    Kokkos::parallel_for("tessel::mpi::findall::offset",
                         detail::range_policy(exec, detail::index_type(indices.extent(0))),
                         detail::mpi::AddOffset<decltype(indices)>{indices, offset});
  return indices;
}

template <class Exec, class View, class Pred, class... Args>
Kokkos::View<std::int64_t*, typename View::memory_space> findall(MPI_Comm comm, const Exec& exec, const View& view,
                                                                 Pred pred, const FindallOptions& options,
                                                                 Args&&... args) {
  return findall(comm, exec, view, pred, FindallOptions(options), args...);
}

// The global sort of the blocks: returns this rank's part of the sorted
// sequence (every key on rank r precedes every key on rank r + 1); rank r
// gets N / P elements, N / P + 1 for the first N % P ranks. The input is not
// written. options.dim must be -1 or 0; order and algorithm apply to the
// local sorts (AutoSort, MergeSort and RadixSort make the global sort stable:
// equal keys keep rank order, then input order).
template <class Exec, class View, class... Args>
View sort(MPI_Comm comm, const Exec& exec, const View& view, Args&&... args) {
  return detail::mpi::sort_call("tessel::mpi::sort", comm, exec, view, detail::NoValues{}, args...);
}

template <class Exec, class View, class... Args>
View sort(MPI_Comm comm, const Exec& exec, const View& view, const SortOptions& options, Args&&... args) {
  return detail::mpi::sort_call("tessel::mpi::sort", comm, exec, view, detail::NoValues{}, options, args...);
}

// As sort, with each value moving with its key.
template <class Exec, class Keys, class Values, class... Args>
std::pair<Keys, Values> sort_by_key(MPI_Comm comm, const Exec& exec, const Keys& keys, const Values& values,
                                    Args&&... args) {
  return detail::mpi::sort_call("tessel::mpi::sort_by_key", comm, exec, keys, values, args...);
}

template <class Exec, class Keys, class Values, class... Args>
std::pair<Keys, Values> sort_by_key(MPI_Comm comm, const Exec& exec, const Keys& keys, const Values& values,
                                    const SortOptions& options, Args&&... args) {
  return detail::mpi::sort_call("tessel::mpi::sort_by_key", comm, exec, keys, values, options, args...);
}

}  // namespace tessel::mpi

#endif
