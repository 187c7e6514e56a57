#ifndef TESSEL_SCAN_OPTIONS_HPP
#define TESSEL_SCAN_OPTIONS_HPP

// Options of the scans (tessel/scan.hpp).

namespace tessel {

struct ScanOptions {
  // The extent slices run along; -1 (or 0) for a whole rank-1 view.
  int dim = -1;
  // Threads per team; 0 takes Tuning<Exec>::team_size.
  int block_size = 0;
  // Elements per run of a tile; 0 takes the most Tuning<Exec> fits in its
  // scratch budget. A larger value than the budget holds raises the budget up
  // to what the execution space offers; past that, runs are shortened to fit.
  int items_per_thread = 0;
};

}  // namespace tessel

#endif
