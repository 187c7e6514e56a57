#ifndef TESSEL_DETAIL_MPI_COMM_HPP
#define TESSEL_DETAIL_MPI_COMM_HPP

// What every distributed algorithm shares: the collective agreement on the
// arguments (so that a bad argument on one rank becomes an exception on every
// rank, never a hang), an MPI datatype for any trivially copyable type, and
// the exchanges of small host arrays. Included only by <tessel/mpi.hpp>,
// after <mpi.h>: that header is the only one that includes MPI.

#ifndef MPI_VERSION
#error "include <tessel/mpi.hpp>, not tessel/detail/mpi/mpi_comm.hpp"
#endif

#include <tessel/detail/core/checks.hpp>

#include <algorithm>
#include <cstdint>
#include <exception>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <vector>

namespace tessel::detail::mpi {

// An MPI error is a failure of the transport, not of the caller's arguments.
inline void check_mpi(const char* function, int code, const char* call) {
  if (code == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(code, text, &length);
  throw std::runtime_error(std::string(function) + ": " + call + " failed: " + std::string(text, length));
}

struct Communicator {
  MPI_Comm comm;
  int rank;
  int size;
};

// Checks what can be checked alone (no collective can run on a null
// communicator or before MPI_Init) and returns the rank and size.
inline Communicator communicator(const char* function, MPI_Comm comm) {
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (!initialized || finalized)
    throw std::logic_error(std::string(function) + ": MPI is not initialised (or already finalised)");
  if (comm == MPI_COMM_NULL) throw_invalid(function, "the communicator is MPI_COMM_NULL");
  int inter = 0;
  check_mpi(function, MPI_Comm_test_inter(comm, &inter), "MPI_Comm_test_inter");
  if (inter) throw_invalid(function, "an inter-communicator is not supported; pass an intra-communicator");
  Communicator result{comm, 0, 1};
  check_mpi(function, MPI_Comm_rank(comm, &result.rank), "MPI_Comm_rank");
  check_mpi(function, MPI_Comm_size(comm, &result.size), "MPI_Comm_size");
  return result;
}

// FNV-1a over the names of the argument types and the options every rank must
// share: ranks that disagree are caught before any data moves.
class Fingerprint {
 public:
  template <class T>
  Fingerprint& type() {
    return text(typeid(T).name()).value(sizeof(T));
  }
  Fingerprint& text(const char* text) {
    for (; *text; ++text) byte(static_cast<unsigned char>(*text));
    return byte(0);
  }
  Fingerprint& value(std::uint64_t value) {
    for (int i = 0; i < 8; ++i) byte(static_cast<unsigned char>(value >> (8 * i)));
    return *this;
  }
  std::int64_t get() const { return static_cast<std::int64_t>(hash_ >> 1); }

 private:
  Fingerprint& byte(unsigned char b) {
    hash_ = (hash_ ^ b) * 1099511628211ull;
    return *this;
  }
  std::uint64_t hash_ = 14695981039346656037ull;
};

// Runs `check` (the local argument checks, which throw) on every rank, then
// one MPI_Allreduce tells every rank whether any rank failed or the ranks'
// fingerprints differ. A failing rank rethrows its own exception; the others
// throw one of the same kind that names the lowest failing rank. Nothing has
// been written on any rank when this throws.
template <class Check>
void agree(const char* function, const Communicator& c, const Fingerprint& fingerprint, Check&& check) {
  enum : std::int64_t { fine = 0, invalid = 1, length = 2, other = 3 };
  std::int64_t kind = fine;
  std::exception_ptr failure;
  try {
    check();
  } catch (const std::length_error&) {
    kind = length;
    failure = std::current_exception();
  } catch (const std::invalid_argument&) {
    kind = invalid;
    failure = std::current_exception();
  } catch (const std::exception&) {  // an allocation that failed, say: the others must not wait for this rank
    kind = other;
    failure = std::current_exception();
  }
  const std::int64_t print = fingerprint.get();
  // MAX of {kind, lowest failing rank as size - rank, print, -print}.
  std::int64_t local[4] = {kind, kind == fine ? 0 : c.size - c.rank, print, -print};
  std::int64_t global[4];
  check_mpi(function, MPI_Allreduce(local, global, 4, MPI_INT64_T, MPI_MAX, c.comm), "MPI_Allreduce");
  if (failure) std::rethrow_exception(failure);
  if (global[0] != fine) {
    const int failed = c.size - static_cast<int>(global[1]);
    const std::string message = std::string(function) + ": rank " + std::to_string(failed) +
                                " rejected its arguments (its exception names the problem)";
    if (global[0] == length) throw std::length_error(message);
    if (global[0] == invalid) throw std::invalid_argument(message);
    throw std::runtime_error(std::string(function) + ": rank " + std::to_string(failed) + " failed");
  }
  if (global[2] != -global[3])
    throw_invalid(function, "the ranks of the communicator called it with different types or options");
}

// An MPI datatype of sizeof(T) bytes, so that counts are element counts.
template <class T>
class Datatype {
  static_assert(std::is_trivially_copyable_v<T>, "tessel::mpi: values must be trivially copyable");

 public:
  explicit Datatype(const char* function) {
    check_mpi(function, MPI_Type_contiguous(int(sizeof(T)), MPI_BYTE, &type_), "MPI_Type_contiguous");
    check_mpi(function, MPI_Type_commit(&type_), "MPI_Type_commit");
  }
  ~Datatype() { MPI_Type_free(&type_); }
  Datatype(const Datatype&) = delete;
  Datatype& operator=(const Datatype&) = delete;
  MPI_Datatype get() const { return type_; }

 private:
  MPI_Datatype type_ = MPI_DATATYPE_NULL;
};

// Every rank's `value`, in rank order.
template <class T>
std::vector<T> allgather(const char* function, const Communicator& c, const T& value) {
  const Datatype<T> type(function);
  std::vector<T> all(static_cast<std::size_t>(c.size));
  check_mpi(function, MPI_Allgather(&value, 1, type.get(), all.data(), 1, type.get(), c.comm), "MPI_Allgather");
  return all;
}

// Every rank's `mine`, concatenated in rank order.
template <class T>
std::vector<T> allgatherv(const char* function, const Communicator& c, const std::vector<T>& mine) {
  const std::vector<int> counts = allgather(function, c, static_cast<int>(mine.size()));
  std::vector<int> displacements(counts.size());
  int total = 0;
  for (std::size_t r = 0; r < counts.size(); ++r) {
    displacements[r] = total;
    total += counts[r];
  }
  const Datatype<T> type(function);
  std::vector<T> all(static_cast<std::size_t>(total));
  check_mpi(function,
            MPI_Allgatherv(mine.data(), static_cast<int>(mine.size()), type.get(), all.data(), counts.data(),
                           displacements.data(), type.get(), c.comm),
            "MPI_Allgatherv");
  return all;
}

// The sum of `value` over the ranks below this one (0 on rank 0).
inline std::int64_t exclusive_sum(const char* function, const Communicator& c, std::int64_t value) {
  std::int64_t below = 0;
  check_mpi(function, MPI_Exscan(&value, &below, 1, MPI_INT64_T, MPI_SUM, c.comm), "MPI_Exscan");
  return c.rank == 0 ? 0 : below;
}

// MPI counts and displacements are ints: every rank checks what it sends and
// receives, and all throw together before the exchange if any would overflow.
inline void agree_counts_fit(const char* function, const Communicator& c, const std::vector<std::int64_t>& send,
                             const std::vector<std::int64_t>& receive) {
  std::int64_t sent = 0, received = 0;
  for (std::size_t r = 0; r < send.size(); ++r) {
    sent += send[r];
    received += receive[r];
  }
  const std::int64_t local = std::max(sent, received), limit = std::numeric_limits<int>::max();
  std::int64_t largest = 0;
  check_mpi(function, MPI_Allreduce(&local, &largest, 1, MPI_INT64_T, MPI_MAX, c.comm), "MPI_Allreduce");
  if (largest > limit)
    throw_length(function, "a rank would send or receive ", largest, " elements in one exchange; MPI counts stop at ",
                 limit);
}

// Sends send_counts[r] elements from `send` (consecutive runs, in rank order)
// to every rank r; returns what every rank sent here, in rank order, into
// `receive` (resized). The counts must have been agreed (agree_counts_fit).
template <class T>
void alltoallv(const char* function, const Communicator& c, const T* send, const std::vector<std::int64_t>& send_counts,
               const std::vector<std::int64_t>& receive_counts, T* receive) {
  const Datatype<T> type(function);
  std::vector<int> sc(c.size), sd(c.size), rc(c.size), rd(c.size);
  int s = 0, r = 0;
  for (int q = 0; q < c.size; ++q) {
    sc[q] = static_cast<int>(send_counts[q]);
    rc[q] = static_cast<int>(receive_counts[q]);
    sd[q] = s;
    rd[q] = r;
    s += sc[q];
    r += rc[q];
  }
  check_mpi(function,
            MPI_Alltoallv(send, sc.data(), sd.data(), type.get(), receive, rc.data(), rd.data(), type.get(), c.comm),
            "MPI_Alltoallv");
}

inline std::vector<std::int64_t> alltoall_counts(const char* function, const Communicator& c,
                                                 const std::vector<std::int64_t>& send_counts) {
  std::vector<std::int64_t> receive_counts(static_cast<std::size_t>(c.size));
  check_mpi(function,
            MPI_Alltoall(send_counts.data(), 1, MPI_INT64_T, receive_counts.data(), 1, MPI_INT64_T, c.comm),
            "MPI_Alltoall");
  return receive_counts;
}

}  // namespace tessel::detail::mpi

#endif
