// tessel_fuzz: a differential fuzzer of tessel's public API. Draws random
// calls of every family (scans, sorts, segmented sorts, findall and friends) and checks each
// against a host reference, bit for bit where the operation is exact. Every
// case is reproducible alone from the seed and its index.
//
//   tessel_fuzz [--seconds S] [--cases N] [--seed K] [--case I] [--verbose]
//               [Kokkos options, e.g. --kokkos-num-threads=4]
//
// Runs cases 0, 1, 2, ... until S seconds (default 60) or N cases have run;
// --case I runs case I alone. Exits 1 if any case failed, printing each
// failure with the command that reproduces it, and names each case that
// took more than 10 s.
#include "fuzz_settings.hpp"
#include "fuzz_support.hpp"

#include <tessel/detail/base/kokkos_compat.hpp>

#include <chrono>
#include <iostream>
#include <map>

namespace {

// Case `index` of `seed` draws from its own engine, so it replays alone.
bool run_case(std::uint64_t seed, long long index, bool verbose, std::map<std::string, long long>& counts) {
  tessel_fuzz::Engine engine = tessel_fuzz::case_engine(seed, index);
  tessel_fuzz::CaseLog log;
  try {
    switch (tessel_fuzz::pick(engine, 9)) {
      case 0: case 1: case 2: tessel_fuzz::fuzz_scan(engine, log); break;
      case 3: case 4: tessel_fuzz::fuzz_sort_integers(engine, log); break;
      case 5: case 6: tessel_fuzz::fuzz_sort_floating(engine, log); break;
      case 7: tessel_fuzz::fuzz_segmented(engine, log); break;
      default: tessel_fuzz::fuzz_findall(engine, log); break;
    }
  } catch (const std::exception& error) {
    std::cout << "FAILED case " << index << " (" << log.family << "): " << error.what() << "\n  case: "
              << log.text.str() << "\n  reproduce: tessel_fuzz --seed " << seed << " --case " << index
              << std::endl;  // flushed: a later case that crashes or hangs must not take this report with it
    return false;
  }
  ++counts[log.family];
  if (verbose) std::cout << "case " << index << " (" << log.family << "):" << log.text.str() << "\n";
  return true;
}

}  // namespace

int main(int argc, char* argv[]) {
  auto arguments = tessel::detail::kokkos_arguments(argc, argv);
  std::vector<char*> pointers;
  for (auto& argument : arguments) pointers.push_back(argument.data());
  int kokkos_argc = int(pointers.size());
  Kokkos::initialize(kokkos_argc, pointers.data());
  int failures = 0;
  long long ran = 0;
  {
    const tessel_fuzz::Settings settings = tessel_fuzz::parse("tessel_fuzz", argc, argv);
    std::map<std::string, long long> counts;
    const auto start = std::chrono::steady_clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    if (settings.only >= 0) {
      failures += !run_case(settings.seed, settings.only, true, counts);
      ran = 1;
    } else {
      for (long long index = 0; settings.cases < 0 || index < settings.cases; ++index) {
        const double before = elapsed();
        if (settings.cases < 0 && before >= settings.seconds) break;
        failures += !run_case(settings.seed, index, settings.verbose, counts);
        ++ran;
        // Named, so that a run which overshoots its seconds says which case
        // held it (threads oversubscribed on few cores make a case with a
        // barrier per record take minutes: 100 s instead of 0.15 s).
        if (const double took = elapsed() - before; took > 10)
          std::cout << "slow case " << index << ": " << took << " s" << std::endl;
        if (failures >= 10) break;
      }
    }
    std::cout << "tessel_fuzz on " << tessel_fuzz::Space::name() << ", seed " << settings.seed << ": " << ran
              << " cases in " << elapsed() << " s (";
    for (const auto& [family, count] : counts) std::cout << family << ' ' << count << ", ";
    std::cout << "failed " << failures << ")\n";
    std::cout << (ran - failures) << " passed, " << failures << " failed\n";
  }
  Kokkos::finalize();
  return failures == 0 ? 0 : 1;
}
