#include <Kokkos_Core.hpp>
#include <gtest/gtest.h>

#include <tessel/detail/base/kokkos_compat.hpp>

#include <cstring>

int main(int argc, char* argv[]) {
  // Listing the tests (gtest_discover_tests at build time) needs no Kokkos,
  // and whatever Kokkos' initialisation prints would be read as test names.
  bool listing = false;
  for (int i = 1; i < argc; ++i) listing = listing || std::strcmp(argv[i], "--gtest_list_tests") == 0;
  ::testing::InitGoogleTest(&argc, argv);
  if (listing) return RUN_ALL_TESTS();
  auto arguments = tessel::detail::kokkos_arguments(argc, argv);
  std::vector<char*> pointers;
  for (auto& argument : arguments) pointers.push_back(argument.data());
  int kokkos_argc = static_cast<int>(pointers.size());
  Kokkos::initialize(kokkos_argc, pointers.data());
  const int result = RUN_ALL_TESTS();
  Kokkos::finalize();
  return result;
}
