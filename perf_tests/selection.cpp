// tessel_perf's own flags: which sizes and types a run measures.

#include <bench_support.hpp>

#include <algorithm>
#include <sstream>

#include <unistd.h>

namespace tessel_perf {

Selection& selection() {
  static Selection chosen;
  return chosen;
}

namespace {

// The benchmark name's third part: family/implementation/type/shape.
std::string type_of(const std::string& benchmark_name) {
  const auto first = benchmark_name.find('/');
  const auto second = benchmark_name.find('/', first + 1);
  const auto third = benchmark_name.find('/', second + 1);
  if (first == std::string::npos || second == std::string::npos || third == std::string::npos) return "";
  return benchmark_name.substr(second + 1, third - second - 1);
}

// Half of what the space can hold: the host's memory, or the GPU's free memory.
std::int64_t default_max_bytes() {
#if defined(KOKKOS_ENABLE_CUDA)
  std::size_t free = 0, total = 0;
  if (cudaMemGetInfo(&free, &total) == cudaSuccess) return std::int64_t(free / 2);
#endif
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? std::int64_t(pages) * page / 2 : std::numeric_limits<std::int64_t>::max();
}

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

}  // namespace

// A benchmark's buffers are about twice what one run reads and writes
// (inputs kept for resets, workspaces).
bool Selection::accepts(const std::string& benchmark_name, std::int64_t items, std::int64_t bytes) const {
  if (items < min_items || items > max_items || 2 * bytes > max_bytes) return false;
  return types.empty() || std::find(types.begin(), types.end(), type_of(benchmark_name)) != types.end();
}

std::string parse_selection(std::vector<std::string>& arguments) {
  Selection& chosen = selection();
  chosen.max_bytes = default_max_bytes();
  std::string error;
  auto kept = arguments.begin();
  for (auto argument = arguments.begin(); argument != arguments.end(); ++argument) {
    const std::string& a = *argument;
    if (a == "--preset=quick" || a == "--preset=full") {
      chosen.max_items = a == "--preset=quick" ? (std::int64_t(1) << 20) : std::numeric_limits<std::int64_t>::max();
    } else if (starts_with(a, "--sizes=")) {
      std::istringstream text(a.substr(8));
      double low = 0, high = 0;
      char colon = 0;
      if (!(text >> low >> colon >> high) || colon != ':' || low > high)
        error = "--sizes takes MIN:MAX (elements, 1e4:1e8 for instance), not '" + a.substr(8) + "'";
      chosen.min_items = std::int64_t(low);
      chosen.max_items = std::int64_t(high);
    } else if (starts_with(a, "--types=")) {
      std::istringstream text(a.substr(8));
      for (std::string type; std::getline(text, type, ',');) chosen.types.push_back(type);
    } else if (starts_with(a, "--max-bytes=")) {
      chosen.max_bytes = std::int64_t(std::stod(a.substr(12)));
    } else if (starts_with(a, "--preset")) {
      error = "--preset takes quick or full: --preset=quick";
    } else {
      *kept++ = a;
    }
  }
  arguments.erase(kept, arguments.end());
  return error;
}

}  // namespace tessel_perf
