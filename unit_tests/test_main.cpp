#include <Kokkos_Core.hpp>
#include <gtest/gtest.h>

#include <tessel/detail/kokkos_compat.hpp>

int main(int argc, char* argv[]) {
  ::testing::InitGoogleTest(&argc, argv);
  auto arguments = tessel::detail::kokkos_arguments(argc, argv);
  std::vector<char*> pointers;
  for (auto& argument : arguments) pointers.push_back(argument.data());
  int kokkos_argc = static_cast<int>(pointers.size());
  Kokkos::initialize(kokkos_argc, pointers.data());
  const int result = RUN_ALL_TESTS();
  Kokkos::finalize();
  return result;
}
