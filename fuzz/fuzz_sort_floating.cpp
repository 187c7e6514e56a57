// Sort cases with float and double keys: NaNs of both signs and several
// payloads, signed zeros, infinities, denormals.
#include "fuzz_sort.hpp"

namespace tessel_fuzz {

void fuzz_sort_floating(Engine& engine, CaseLog& log) {
  log.family = "sort";
  if (chance(engine, 50)) {
    log.text << "float keys";
    sort_keys_of<float>(engine, log);
  } else {
    log.text << "double keys";
    sort_keys_of<double>(engine, log);
  }
}

}  // namespace tessel_fuzz
