#pragma once
// The processes of a run (MPI ranks) as the rest of tridg sees them. A build without MPI, or a
// run started without mpirun, is one rank, and every function here is then a no-op or the
// identity, so the serial code paths stay as they were.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "backends/halo.hpp"
#include "io/error.hpp"

namespace tridg::par {

// Whether this build was compiled with MPI (TRIDG_MPI).
bool built_with_mpi();

// Starts MPI when the build has it; a second call does nothing. Ends with the returned guard.
class Session {
public:
  Session(int& argc, char**& argv);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;
};

int rank();
int size();
inline bool root() {
  return rank() == 0;
}
// The rank among those on the same machine (picks the GPU), and how many ranks run there.
int local_rank();
int local_size();

double max_all(double local);
double min_all(double local);
double sum_all(double local);
std::int64_t sum_all(std::int64_t local);
std::int64_t min_all(std::int64_t local);
void broadcast(std::vector<std::int32_t>& v); // from rank 0, resized on the others
void broadcast(std::string& s);               // from rank 0
// The communicator of the solver's ranks (the address of an MPI_Comm), for libraries that take
// one (parallel HDF5); null without MPI.
const void* communicator();

// Every rank's values, concatenated in rank order, on every rank.
std::vector<std::int64_t> allgather(const std::vector<std::int64_t>& mine);

// Personalised exchange: to[r] goes to rank r; the result's entry r is what rank r sent here.
std::vector<std::vector<std::int64_t>> exchange(const std::vector<std::vector<std::int64_t>>& to);

// Every rank's bytes on rank 0 (entry r from rank r); the other ranks get an empty list.
std::vector<std::vector<char>> gather_bytes(const std::vector<char>& mine);

// Every rank's rows of `width` doubles, placed at row `index[i]` of the result on every rank.
// `rows` holds index.size() rows back to back; the result has n_rows rows.
std::vector<double> allgather_rows(const std::vector<double>& rows,
                                   const std::vector<std::int32_t>& index, int width,
                                   std::int64_t n_rows);

// The same rows placed on rank 0 alone; the other ranks get an empty vector. A row index given
// by two ranks is an error of the caller (each row has one owner).
std::vector<double> gather_rows(const std::vector<double>& rows,
                                const std::vector<std::int32_t>& index, int width,
                                std::int64_t n_rows);

// Runs `f` on rank 0 only (a file it writes, a folder it creates) and gives its UserError, if
// any, to every rank: all ranks then throw the same error, and none waits for a rank that left.
void on_root(const std::function<void()>& f);

// Runs `f` on every rank; when it fails on any, every rank throws the UserError of the lowest
// rank that failed (a check each rank makes of its own part: one message, and none waits).
void together(const std::function<void()>& f);

// After a UserError on this rank: whether every rank reached the same point within 20 s (an
// error all ranks found in the same input; ranks oversubscribed on a loaded machine can lag
// each other by seconds, and a shorter wait reported such an error twice). Then rank 0 alone
// reports it and all ranks exit normally; otherwise this rank reports and ends all ranks with
// `code`.
bool all_ranks_failed();
[[noreturn]] void abort_all(ExitCode code);
// After rank 0 reported such an error: waits (at most 20 s) until every rank is here, so that
// none exits (on which an MPI launcher ends the others) before rank 0 has written the message.
void error_reported();

// The exchange of ghost rows with the neighbour ranks `ranks`, to which rows_send[i] rows are
// sent and from which rows_recv[i] are received (backends/halo.hpp). `device_pointers`: the
// backend's DeviceAwareMpi said yes, and hands over its device memory.
std::unique_ptr<HaloTransport> make_halo_transport(const std::vector<int>& ranks,
                                                   const std::vector<int>& rows_send,
                                                   const std::vector<int>& rows_recv,
                                                   bool device_pointers);

} // namespace tridg::par
