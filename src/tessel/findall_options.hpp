#ifndef TESSEL_FINDALL_OPTIONS_HPP
#define TESSEL_FINDALL_OPTIONS_HPP

// Options of findall, count_if and copy_if (tessel/findall.hpp): the tiles
// they count and compact, as ScanOptions sets the scans' tiles.

namespace tessel {

struct FindallOptions {
  // Threads per team; 0 takes Tuning<Exec>::team_size.
  int block_size = 0;
  // Elements per run of a tile; 0 takes the most Tuning<Exec> fits in its
  // scratch budget (larger values raise the budget as ScanOptions' do).
  int items_per_thread = 0;
};

}  // namespace tessel

#endif
