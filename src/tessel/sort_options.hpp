#ifndef TESSEL_SORT_OPTIONS_HPP
#define TESSEL_SORT_OPTIONS_HPP

// What a sort call can ask for: the dim its slices run along, the order, and
// the algorithm with its launch fields. A field left at 0 is taken from
// tessel::Tuning<Exec>.

#include <variant>

namespace tessel {

// Floating-point keys follow the total order -inf < ... < -0.0 < +0.0 < ...
// < +inf < NaN (every NaN after +inf, whatever its sign or payload);
// descending is its exact reverse.
enum class Order { ascending, descending };

// AutoSort picks by Tuning<Exec>'s cost model; MergeSort (and RadixSort) are
// stable; block_size is the team size (threads per team).

struct AutoSort {};
struct MergeSort {
  int block_size = 0;
};
struct BitonicSort {
  int block_size = 0;
};
struct RadixSort {
  int block_size = 0;
  int items_per_thread = 0;
  int chunk_size = 0;
};
using SortAlgorithm = std::variant<AutoSort, MergeSort, BitonicSort, RadixSort>;

// dim: the extent slices run along (-1 or 0 for a whole rank-1 view).
struct SortOptions {
  int dim = -1;
  Order order = Order::ascending;
  SortAlgorithm algorithm = AutoSort{};
};

}  // namespace tessel

#endif
