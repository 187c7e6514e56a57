// Sort cases with integer keys of every width and signedness.
#include "fuzz_sort.hpp"

namespace tessel_fuzz {

void fuzz_sort_integers(Engine& engine, CaseLog& log) {
  log.family = "sort";
  switch (pick(engine, 4)) {
    case 0: log.text << "int8 keys"; return sort_keys_of<std::int8_t>(engine, log);
    case 1: log.text << "uint16 keys"; return sort_keys_of<std::uint16_t>(engine, log);
    case 2: log.text << "int32 keys"; return sort_keys_of<std::int32_t>(engine, log);
    default: log.text << "uint64 keys"; return sort_keys_of<std::uint64_t>(engine, log);
  }
}

}  // namespace tessel_fuzz
