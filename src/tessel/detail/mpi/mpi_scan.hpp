#ifndef TESSEL_DETAIL_MPI_SCAN_HPP
#define TESSEL_DETAIL_MPI_SCAN_HPP

// Distributed scans of a rank-1 array split in blocks over the ranks: a local
// tessel scan, one MPI_Allgather of the rank totals, and one local pass that
// applies the total of the lower ranks. The operator is never given a neutral
// element: rank 0 (and every rank whose lower ranks are all empty) keeps its
// local inclusive scan, and empty ranks pass their predecessors' prefix on.
// The totals are folded on the execution space, so an operator that is only
// callable on the device works.

#include <tessel/detail/mpi/mpi_comm.hpp>
#include <tessel/detail/core/team.hpp>
#include <tessel/detail/scan/scan_views.hpp>

namespace tessel::detail::mpi {

// A rank's total; empty ranks have none.
template <class T>
struct RankTotal {
  T value;
  int has;
};

// prefix() = start ∘ total(r0) ∘ total(r1) ∘ ... over the ranks below `rank`
// that have a total, in rank order (`start` only where has_start).
template <class T, class Op, class MemorySpace>
struct FoldLowerTotals {
  Kokkos::View<const RankTotal<T>*, MemorySpace> totals;
  Kokkos::View<T, MemorySpace> prefix;
  T start;
  bool has_start;
  int rank;
  Op op;

  KOKKOS_FUNCTION void operator()(index_type) const {
    T folded = start;
    bool has = has_start;
    for (int r = 0; r < rank; ++r) {
      if (!totals(r).has) continue;
      folded = has ? static_cast<T>(op(folded, totals(r).value)) : totals(r).value;
      has = true;
    }
    prefix() = folded;
  }
};

// dst(i) = prefix ∘ local(i) (inclusive), or prefix for i = 0 and
// prefix ∘ local(i - 1) after it (exclusive; local is then a separate view).
template <class Dst, class Local, class Op>
struct ApplyPrefix {
  using T = typename Dst::non_const_value_type;
  Dst dst;
  Local local;
  Kokkos::View<const T, typename Dst::memory_space> prefix;
  Op op;
  bool shift;

  KOKKOS_FUNCTION void operator()(index_type i) const {
    if (!shift)
      dst(i) = op(prefix(), local(i));
    else
      dst(i) = i == 0 ? prefix() : static_cast<T>(op(prefix(), local(i - 1)));
  }
};

// Gathers every rank's total (the last element of `scanned`, a local
// inclusive scan) and folds those below this rank on exec into a scalar view;
// returns whether there was anything to fold (start included).
template <class Exec, class Scanned, class Op, class T = typename Scanned::non_const_value_type>
bool lower_prefix(const char* function, const Communicator& c, const Exec& exec, const Scanned& scanned, Op op,
                  const T* start, const Kokkos::View<T, typename Exec::memory_space>& prefix) {
  const index_type n = static_cast<index_type>(scanned.extent(0));
  RankTotal<T> mine{};
  mine.has = n > 0;
  if (n > 0) {
    Kokkos::View<T, Kokkos::HostSpace> last("tessel::mpi::scan::total");
    Kokkos::deep_copy(exec, last, Kokkos::subview(scanned, n - 1));
    exec.fence();
    mine.value = last();
  }
  const std::vector<RankTotal<T>> all = allgather(function, c, mine);
  bool any_lower = start != nullptr;
  for (int r = 0; r < c.rank; ++r) any_lower = any_lower || all[r].has;
  if (!any_lower) return false;
  using MemorySpace = typename Exec::memory_space;
  Kokkos::View<RankTotal<T>*, MemorySpace> totals(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("tessel::mpi::scan::totals")), c.size);
  Kokkos::deep_copy(exec, totals,
                    Kokkos::View<const RankTotal<T>*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(all.data(), all.size()));
  Kokkos::parallel_for("tessel::mpi::scan::fold_totals", range_policy(exec, 1),
                       FoldLowerTotals<T, Op, MemorySpace>{totals, prefix, start ? *start : T{}, start != nullptr,
                                                          c.rank, op});
  exec.fence();  // `all` and `totals` go out of scope
  return true;
}

template <class Exec, class Src, class Dst>
Fingerprint scan_fingerprint(const char* function) {
  return Fingerprint().text(function).template type<typename Src::non_const_value_type>().template type<
      typename Dst::non_const_value_type>();
}

template <class Exec, class Src, class Dst>
void check_scan_views(const char* function, const Src& src, const Dst& dst) {
  static_check_view<Exec, Src>();
  static_check_view<Exec, Dst>();
  static_check_writable<Dst>();
  static_assert(view_rank<Src> == 1 && view_rank<Dst> == 1,
                "tessel::mpi scans take rank-1 views: each rank's block of one global array");
  check_same_extents(function, "src", src, "dst", dst);
  check_no_partial_overlap(function, "src", src, "dst", dst);
}

// Checks the views and the options (on every rank, before anything moves).
template <class Exec, class Src, class Dst>
void check_scan_arguments(const char* function, const Src& src, const Dst& dst, const ScanOptions& options,
                          const TuningParameters& tuning) {
  check_scan_views<Exec>(function, src, dst);
  checked_dim<Src>(function, options.dim);
  tuned_for_scan<Exec>(function, tuning, options);
}

template <class Exec, class Src, class Dst, class Op>
void inclusive_scan(MPI_Comm comm, const Exec& exec, const Src& src, const Dst& dst, Op op, const ScanOptions& options,
                    const TuningParameters& tuning) {
  constexpr const char* function = "tessel::mpi::inclusive_scan";
  using T = typename Dst::non_const_value_type;
  const Communicator c = communicator(function, comm);
  agree(function, c, scan_fingerprint<Exec, Src, Dst>(function),
        [&] { check_scan_arguments<Exec>(function, src, dst, options, tuning); });
  scan_views<Exec, Src, Dst, Op, T>(function, exec, src, dst, op, nullptr, options, tuning);
  Kokkos::View<T, typename Exec::memory_space> prefix(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("tessel::mpi::scan::prefix")));
  if (!lower_prefix(function, c, exec, dst, op, static_cast<const T*>(nullptr), prefix)) return;
  Kokkos::parallel_for("tessel::mpi::inclusive_scan::apply_prefix", range_policy(exec, index_type(dst.extent(0))),
                       ApplyPrefix<Dst, Dst, Op>{dst, dst, prefix, op, false});
}

// The local inclusive scan goes to a temporary (it gives the rank total
// without a neutral element); dst then takes the prefix and the shifted scan,
// so src and dst may be the same view.
template <class Exec, class Src, class Dst, class Op, class Init>
void exclusive_scan(MPI_Comm comm, const Exec& exec, const Src& src, const Dst& dst, Op op, const Init& init,
                    const ScanOptions& options, const TuningParameters& tuning) {
  constexpr const char* function = "tessel::mpi::exclusive_scan";
  using T = typename Dst::non_const_value_type;
  const Communicator c = communicator(function, comm);
  agree(function, c, scan_fingerprint<Exec, Src, Dst>(function),
        [&] { check_scan_arguments<Exec>(function, src, dst, options, tuning); });
  const index_type n = static_cast<index_type>(dst.extent(0));
  const auto local = allocate<T>(exec, "tessel::mpi::exclusive_scan::local", n);
  scan_views<Exec, Src, decltype(local), Op, T>(function, exec, src, local, op, nullptr, options, tuning);
  Kokkos::View<T, typename Exec::memory_space> prefix(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("tessel::mpi::scan::prefix")));
  const T start = static_cast<T>(init);
  lower_prefix(function, c, exec, local, op, &start, prefix);
  Kokkos::parallel_for("tessel::mpi::exclusive_scan::apply_prefix", range_policy(exec, n),
                       ApplyPrefix<Dst, decltype(local), Op>{dst, local, prefix, op, true});
  exec.fence();  // `local` goes out of scope
}

template <class View>
struct AddOffset {
  View indices;
  std::int64_t offset;
  KOKKOS_FUNCTION void operator()(index_type i) const { indices(i) += offset; }
};

}  // namespace tessel::detail::mpi

#endif
