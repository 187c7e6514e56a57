#ifndef TESSEL_TESSEL_HPP
#define TESSEL_TESSEL_HPP

// Everything tessel offers except the MPI component (tessel/mpi.hpp).

#include <tessel/findall.hpp>
#include <tessel/findall_options.hpp>
#include <tessel/operators.hpp>
#include <tessel/scan.hpp>
#include <tessel/segmented_sort.hpp>
#include <tessel/sort.hpp>
#include <tessel/sort_options.hpp>
#include <tessel/tuning.hpp>

#endif
