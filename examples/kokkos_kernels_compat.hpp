#pragma once
// The one place where Kokkos Kernels versions differ for tessel's example and
// benchmarks: where sort_crs_matrix lives.
//  - 4.x: KokkosSparse::sort_crs_matrix(exec, row_map, entries, values) in
//    KokkosSparse_SortCrs.hpp;
//  - 3.x (Debian 12's 3.4): KokkosKernels::Impl::sort_crs_matrix<Exec>(...) in
//    KokkosKernels_SparseUtils.hpp.

#if __has_include(<KokkosSparse_SortCrs.hpp>)
#include <KokkosSparse_SortCrs.hpp>
#define TESSEL_KK_SORT_CRS_4 1
#else
#include <KokkosKernels_SparseUtils.hpp>
#endif

namespace tessel_kk {

template <class Exec, class RowMap, class Entries, class Values>
void sort_crs_matrix(const Exec& exec, const RowMap& row_map, const Entries& entries, const Values& values) {
#if defined(TESSEL_KK_SORT_CRS_4)
  KokkosSparse::sort_crs_matrix(exec, row_map, entries, values);
#else
  (void)exec;
  KokkosKernels::Impl::sort_crs_matrix<Exec, RowMap, Entries, Values>(row_map, entries, values);
#endif
}

}  // namespace tessel_kk
