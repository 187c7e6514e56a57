#pragma once
// The command line of the fuzzers (tessel_fuzz, tessel_fuzz_mpi) and the
// engine of one case, drawn from the seed and the case's index alone so that
// every case replays on its own.

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <random>
#include <string>

namespace tessel_fuzz {

struct Settings {
  double seconds = 60;
  long long cases = -1;
  std::uint64_t seed = 1;
  long long only = -1;
  bool verbose = false;
};

// --seconds S, --cases N, --seed K, --case I, --verbose; Kokkos' own
// arguments (--kokkos-...) are left to Kokkos.
inline Settings parse(const char* program, int argc, char* argv[]) {
  Settings settings;
  for (int a = 1; a < argc; ++a) {
    const std::string argument = argv[a];
    auto value = [&](const char* name) -> const char* {
      const std::string prefix = std::string(name) + "=";
      if (argument.compare(0, prefix.size(), prefix) == 0) return argv[a] + prefix.size();
      if (argument == name && a + 1 < argc) return argv[++a];
      return nullptr;
    };
    if (argument.compare(0, 8, "--kokkos") == 0) continue;
    if (const char* seconds = value("--seconds")) settings.seconds = std::stod(seconds);
    else if (const char* cases = value("--cases")) settings.cases = std::stoll(cases);
    else if (const char* seed = value("--seed")) settings.seed = std::stoull(seed);
    else if (const char* only = value("--case")) settings.only = std::stoll(only);
    else if (argument == "--verbose") settings.verbose = true;
    else {
      std::cerr << program << ": unknown argument " << argument << "\n";
      std::exit(2);
    }
  }
  return settings;
}

inline std::mt19937_64 case_engine(std::uint64_t seed, long long index) {
  std::seed_seq sequence{std::uint32_t(seed), std::uint32_t(seed >> 32), std::uint32_t(index),
                         std::uint32_t(std::uint64_t(index) >> 32)};
  return std::mt19937_64(sequence);
}

}  // namespace tessel_fuzz
