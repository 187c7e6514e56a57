// main of the MPI tests: MPI first, then Kokkos. Every rank runs every test;
// a rank whose expectations fail exits non-zero, and so does mpirun.
#include <Kokkos_Core.hpp>
#include <gtest/gtest.h>
#include <mpi.h>

#include <tessel/detail/base/kokkos_compat.hpp>

#include <cstring>

int main(int argc, char* argv[]) {
  bool listing = false;
  for (int i = 1; i < argc; ++i) listing = listing || std::strcmp(argv[i], "--gtest_list_tests") == 0;
  ::testing::InitGoogleTest(&argc, argv);
  if (listing) return RUN_ALL_TESTS();
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  // One report is enough to read; failures still print on the rank that saw them.
  if (rank != 0) {
    auto& listeners = ::testing::UnitTest::GetInstance()->listeners();
    delete listeners.Release(listeners.default_result_printer());
    listeners.Append(new ::testing::EmptyTestEventListener);
  }
  auto arguments = tessel::detail::kokkos_arguments(argc, argv);
  std::vector<char*> pointers;
  for (auto& argument : arguments) pointers.push_back(argument.data());
  int kokkos_argc = static_cast<int>(pointers.size());
  Kokkos::initialize(kokkos_argc, pointers.data());
  int result = RUN_ALL_TESTS();
  Kokkos::finalize();
  int any = 0;
  MPI_Allreduce(&result, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Finalize();
  return any;
}
