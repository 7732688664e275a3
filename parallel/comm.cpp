#include "parallel/comm.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

#if TRIDG_HAVE_MPI
#include <mpi.h>
#endif

namespace tridg::par {

namespace {

// Rows (of `width` values, back to back) put at the rows `index` names of a table of n_rows.
std::vector<double> place_rows(const double* rows, const std::int32_t* index, std::size_t n,
                               int width, std::int64_t n_rows) {
  std::vector<double> out(std::size_t(n_rows) * width);
  for (std::size_t i = 0; i < n; ++i)
    std::copy(rows + i * width, rows + (i + 1) * width,
              out.begin() + std::size_t(index[i]) * width);
  return out;
}

} // namespace

#if TRIDG_HAVE_MPI

namespace {

// The solver's traffic and the error agreement each get their own communicator, so that a
// failing rank's barrier never matches a collective of the solver.
MPI_Comm g_comm = MPI_COMM_NULL, g_error_comm = MPI_COMM_NULL;
int g_rank = 0, g_size = 1, g_local = 0, g_local_size = 1;
bool g_started = false;

// The communicators return their errors (MPI_ERRORS_RETURN, set in Session) instead of aborting
// inside the call, so that a failed call ends the run through the error path of every other
// failure: one line and ExitCode::parallel.
void check(int rc, const char* what) {
  if (rc == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING];
  int len = 0;
  if (MPI_Error_string(rc, text, &len) != MPI_SUCCESS) len = 0;
  fail(ExitCode::parallel,
       std::string("MPI failed in ") + what + ": " +
           (len > 0 ? std::string(text, std::size_t(len)) : "error " + std::to_string(rc)));
}

// Rows are sent in a datatype of one row's bytes: the exchange serves double and float states
// alike, and the counts stay row (element) counts, which fit an int where a halo's bytes (a row
// is the element's whole state, 60 values at p = 4 for Euler) need not.
class MpiHaloTransport final : public HaloTransport {
public:
  MpiHaloTransport(std::vector<int> ranks, std::vector<int> send, std::vector<int> recv,
                   bool device_pointers)
      : ranks_(std::move(ranks)), send_(std::move(send)), recv_(std::move(recv)),
        device_(device_pointers) {
    reqs_.resize(2 * ranks_.size());
  }
  ~MpiHaloTransport() override {
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (row_bytes_ && !finalized) MPI_Type_free(&row_);
  }
  MpiHaloTransport(const MpiHaloTransport&) = delete;
  MpiHaloTransport& operator=(const MpiHaloTransport&) = delete;
  void begin(const void* send, void* recv, std::size_t row_bytes) override {
    use_rows_of(row_bytes);
    std::size_t so = 0, ro = 0;
    for (std::size_t i = 0; i < ranks_.size(); ++i) {
      check(MPI_Irecv(static_cast<char*>(recv) + ro, recv_[i], row_, ranks_[i], 7, g_comm,
                      &reqs_[2 * i]),
            "MPI_Irecv");
      check(MPI_Isend(static_cast<const char*>(send) + so, send_[i], row_, ranks_[i], 7, g_comm,
                      &reqs_[2 * i + 1]),
            "MPI_Isend");
      so += std::size_t(send_[i]) * row_bytes;
      ro += std::size_t(recv_[i]) * row_bytes;
    }
  }
  void end() override {
    check(MPI_Waitall(int(reqs_.size()), reqs_.data(), MPI_STATUSES_IGNORE), "MPI_Waitall");
  }
  double max(double local) override { return max_all(local); }
  bool device_pointers() const override { return device_; }

private:
  // The row datatype, made at the first exchange and again only if the row size changes.
  void use_rows_of(std::size_t row_bytes) {
    if (row_bytes == row_bytes_) return;
    if (row_bytes > std::size_t(INT32_MAX)) fail(ExitCode::internal, "a halo row exceeds 2 GiB");
    if (row_bytes_) MPI_Type_free(&row_);
    row_bytes_ = 0; // freed: a failed remake below must not leave it to be freed again
    check(MPI_Type_contiguous(int(row_bytes), MPI_BYTE, &row_), "MPI_Type_contiguous");
    check(MPI_Type_commit(&row_), "MPI_Type_commit");
    row_bytes_ = row_bytes;
  }
  std::vector<int> ranks_, send_, recv_;
  std::vector<MPI_Request> reqs_;
  bool device_;
  MPI_Datatype row_ = MPI_DATATYPE_NULL;
  std::size_t row_bytes_ = 0;
};

} // namespace

bool built_with_mpi() {
  return true;
}

namespace {

// Whether an MPI launcher (mpirun, mpiexec, srun) started this process: a plain `tridg run` then
// stays a process of its own, without the cost of a singleton MPI start.
bool launched_by_mpi() {
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMI_RANK", "PMIX_RANK",
                        "MV2_COMM_WORLD_SIZE", "TRIDG_MPI_INIT"})
    if (std::getenv(v)) return true;
  return false;
}

} // namespace

Session::Session(int& argc, char**& argv) {
  int inited = 0;
  MPI_Initialized(&inited);
  if (inited || !launched_by_mpi()) return;
  // Only the main thread calls MPI; OpenMP threads never do.
  int provided = 0;
  if (MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
    std::fprintf(stderr, "tridg: error: MPI could not be started (MPI_Init_thread failed)\n");
    std::_Exit(int(ExitCode::parallel));
  }
  g_started = true;
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  // OpenMP threads run beside the main thread's MPI calls: a library that promises less than
  // that is refused before any work, by every rank alike.
  if (provided < MPI_THREAD_FUNNELED) {
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
      std::fprintf(stderr,
                   "tridg: error: the MPI library provides thread level %d, below "
                   "MPI_THREAD_FUNNELED (%d) that tridg's OpenMP threads need\n",
                   provided, MPI_THREAD_FUNNELED);
    MPI_Finalize();
    std::_Exit(int(ExitCode::parallel));
  }
  // Duplicates inherit the error handler: every call on them returns its error to check().
  MPI_Comm_dup(MPI_COMM_WORLD, &g_comm);
  MPI_Comm_dup(MPI_COMM_WORLD, &g_error_comm);
  MPI_Comm_rank(g_comm, &g_rank);
  MPI_Comm_size(g_comm, &g_size);
  MPI_Comm node;
  MPI_Comm_split_type(g_comm, MPI_COMM_TYPE_SHARED, g_rank, MPI_INFO_NULL, &node);
  MPI_Comm_rank(node, &g_local);
  MPI_Comm_size(node, &g_local_size);
  MPI_Comm_free(&node);
}

Session::~Session() {
  if (!g_started) return;
  MPI_Comm_free(&g_comm);
  MPI_Comm_free(&g_error_comm);
  MPI_Finalize();
}

int rank() {
  return g_rank;
}
int size() {
  return g_size;
}
int local_rank() {
  return g_local;
}
int local_size() {
  return g_local_size;
}

double max_all(double local) {
  if (g_size == 1) return local;
  double r = 0;
  check(MPI_Allreduce(&local, &r, 1, MPI_DOUBLE, MPI_MAX, g_comm), "MPI_Allreduce");
  return r;
}

double sum_all(double local) {
  if (g_size == 1) return local;
  double r = 0;
  check(MPI_Allreduce(&local, &r, 1, MPI_DOUBLE, MPI_SUM, g_comm), "MPI_Allreduce");
  return r;
}

double min_all(double local) {
  if (g_size == 1) return local;
  double r = 0;
  check(MPI_Allreduce(&local, &r, 1, MPI_DOUBLE, MPI_MIN, g_comm), "MPI_Allreduce");
  return r;
}

std::int64_t sum_all(std::int64_t local) {
  if (g_size == 1) return local;
  std::int64_t r = 0;
  check(MPI_Allreduce(&local, &r, 1, MPI_INT64_T, MPI_SUM, g_comm), "MPI_Allreduce");
  return r;
}

std::int64_t min_all(std::int64_t local) {
  if (g_size == 1) return local;
  std::int64_t r = 0;
  check(MPI_Allreduce(&local, &r, 1, MPI_INT64_T, MPI_MIN, g_comm), "MPI_Allreduce");
  return r;
}

namespace {

// Counts and displacements of a variable-size collective; counts must fit an int.
std::vector<int> displacements(const std::vector<std::int64_t>& counts, const char* what) {
  std::vector<int> d(counts.size() + 1, 0);
  std::int64_t total = 0;
  for (std::size_t r = 0; r < counts.size(); ++r) {
    d[r] = int(total);
    total += counts[r];
    if (total > INT32_MAX)
      fail(ExitCode::internal, std::string(what) + " of more than 2^31 values");
  }
  d.back() = int(total);
  return d;
}

} // namespace

std::vector<std::int64_t> allgather(const std::vector<std::int64_t>& mine) {
  if (g_size == 1) return mine;
  long long n = static_cast<long long>(mine.size());
  std::vector<long long> n_all(g_size);
  check(MPI_Allgather(&n, 1, MPI_LONG_LONG, n_all.data(), 1, MPI_LONG_LONG, g_comm),
        "MPI_Allgather");
  const std::vector<std::int64_t> counts(n_all.begin(), n_all.end());
  const std::vector<int> d = displacements(counts, "MPI_Allgatherv");
  std::vector<int> c(counts.begin(), counts.end());
  std::vector<std::int64_t> out(std::size_t(d.back()));
  check(MPI_Allgatherv(mine.data(), int(n), MPI_INT64_T, out.data(), c.data(), d.data(),
                       MPI_INT64_T, g_comm),
        "MPI_Allgatherv");
  return out;
}

std::vector<std::vector<std::int64_t>> exchange(const std::vector<std::vector<std::int64_t>>& to) {
  if (int(to.size()) != g_size) fail(ExitCode::internal, "exchange: one list per rank expected");
  if (g_size == 1) return to;
  std::vector<long long> sc(g_size), rc(g_size);
  for (int r = 0; r < g_size; ++r) sc[r] = static_cast<long long>(to[r].size());
  check(MPI_Alltoall(sc.data(), 1, MPI_LONG_LONG, rc.data(), 1, MPI_LONG_LONG, g_comm),
        "MPI_Alltoall");
  const std::vector<int> sd = displacements({sc.begin(), sc.end()}, "MPI_Alltoallv"),
                         rd = displacements({rc.begin(), rc.end()}, "MPI_Alltoallv");
  std::vector<int> si(sc.begin(), sc.end()), ri(rc.begin(), rc.end());
  std::vector<std::int64_t> send(std::size_t(sd.back())), recv(std::size_t(rd.back()));
  for (int r = 0; r < g_size; ++r) std::copy(to[r].begin(), to[r].end(), send.begin() + sd[r]);
  check(MPI_Alltoallv(send.data(), si.data(), sd.data(), MPI_INT64_T, recv.data(), ri.data(),
                      rd.data(), MPI_INT64_T, g_comm),
        "MPI_Alltoallv");
  std::vector<std::vector<std::int64_t>> out(g_size);
  for (int r = 0; r < g_size; ++r) out[r].assign(recv.begin() + rd[r], recv.begin() + rd[r + 1]);
  return out;
}

std::vector<std::vector<char>> gather_bytes(const std::vector<char>& mine) {
  if (g_size == 1) return {mine};
  long long n = static_cast<long long>(mine.size());
  std::vector<long long> n_all(g_size);
  check(MPI_Gather(&n, 1, MPI_LONG_LONG, n_all.data(), 1, MPI_LONG_LONG, 0, g_comm), "MPI_Gather");
  std::vector<int> d, c;
  if (g_rank == 0) {
    d = displacements({n_all.begin(), n_all.end()}, "MPI_Gatherv");
    c.assign(n_all.begin(), n_all.end());
  }
  std::vector<char> all(g_rank == 0 ? std::size_t(d.back()) : 0);
  check(MPI_Gatherv(mine.data(), int(n), MPI_BYTE, all.data(), c.data(), d.data(), MPI_BYTE, 0,
                    g_comm),
        "MPI_Gatherv");
  if (g_rank != 0) return {};
  std::vector<std::vector<char>> out(g_size);
  for (int r = 0; r < g_size; ++r) out[r].assign(all.begin() + d[r], all.begin() + d[r + 1]);
  return out;
}

void broadcast(std::vector<std::int32_t>& v) {
  if (g_size == 1) return;
  long long n = static_cast<long long>(v.size());
  check(MPI_Bcast(&n, 1, MPI_LONG_LONG, 0, g_comm), "MPI_Bcast");
  v.resize(std::size_t(n));
  if (n > INT32_MAX) fail(ExitCode::internal, "broadcast of more than 2^31 entries");
  check(MPI_Bcast(v.data(), int(n), MPI_INT32_T, 0, g_comm), "MPI_Bcast");
}

void broadcast(std::string& s) {
  if (g_size == 1) return;
  long long n = static_cast<long long>(s.size());
  check(MPI_Bcast(&n, 1, MPI_LONG_LONG, 0, g_comm), "MPI_Bcast");
  s.resize(std::size_t(n));
  check(MPI_Bcast(s.data(), int(n), MPI_CHAR, 0, g_comm), "MPI_Bcast");
}

const void* communicator() {
  return g_started ? &g_comm : nullptr;
}

namespace {

// Every rank's rows at their indices, on every rank (all) or on rank 0 alone.
std::vector<double> collect_rows(const std::vector<double>& rows,
                                 const std::vector<std::int32_t>& index, int width,
                                 std::int64_t n_rows, bool all) {
  if (g_size == 1) return place_rows(rows.data(), index.data(), index.size(), width, n_rows);
  int mine = int(index.size());
  std::vector<int> counts(g_size), displs(g_size);
  check(MPI_Allgather(&mine, 1, MPI_INT, counts.data(), 1, MPI_INT, g_comm), "MPI_Allgather");
  std::int64_t total = 0;
  for (int r = 0; r < g_size; ++r) {
    displs[r] = int(total);
    total += counts[r];
  }
  const bool here = all || g_rank == 0;
  std::vector<std::int32_t> all_index(here ? total : 0);
  check(all ? MPI_Allgatherv(index.data(), mine, MPI_INT32_T, all_index.data(), counts.data(),
                             displs.data(), MPI_INT32_T, g_comm)
            : MPI_Gatherv(index.data(), mine, MPI_INT32_T, all_index.data(), counts.data(),
                          displs.data(), MPI_INT32_T, 0, g_comm),
        all ? "MPI_Allgatherv" : "MPI_Gatherv");
  // The rows travel in a datatype of one row, so the counts stay element counts.
  MPI_Datatype row;
  MPI_Type_contiguous(width, MPI_DOUBLE, &row);
  MPI_Type_commit(&row);
  std::vector<double> all_rows(here ? std::size_t(total) * width : 0);
  const int rc = all ? MPI_Allgatherv(rows.data(), mine, row, all_rows.data(), counts.data(),
                                      displs.data(), row, g_comm)
                     : MPI_Gatherv(rows.data(), mine, row, all_rows.data(), counts.data(),
                                   displs.data(), row, 0, g_comm);
  MPI_Type_free(&row);
  check(rc, all ? "MPI_Allgatherv" : "MPI_Gatherv");
  if (!here) return {};
  return place_rows(all_rows.data(), all_index.data(), all_index.size(), width, n_rows);
}

} // namespace

std::vector<double> allgather_rows(const std::vector<double>& rows,
                                   const std::vector<std::int32_t>& index, int width,
                                   std::int64_t n_rows) {
  return collect_rows(rows, index, width, n_rows, true);
}

std::vector<double> gather_rows(const std::vector<double>& rows,
                                const std::vector<std::int32_t>& index, int width,
                                std::int64_t n_rows) {
  return collect_rows(rows, index, width, n_rows, false);
}

void on_root(const std::function<void()>& f) {
  if (g_size == 1) {
    f();
    return;
  }
  int code = 0;
  std::string msg;
  if (g_rank == 0) try {
      f();
    } catch (const UserError& e) {
      code = int(e.code());
      msg = e.what();
    }
  check(MPI_Bcast(&code, 1, MPI_INT, 0, g_comm), "MPI_Bcast");
  if (code == 0) return;
  int n = int(msg.size());
  check(MPI_Bcast(&n, 1, MPI_INT, 0, g_comm), "MPI_Bcast");
  msg.resize(std::size_t(n));
  check(MPI_Bcast(msg.data(), n, MPI_CHAR, 0, g_comm), "MPI_Bcast");
  throw UserError(ExitCode(code), msg);
}

void together(const std::function<void()>& f) {
  if (g_size == 1) {
    f();
    return;
  }
  int code = 0;
  std::string msg;
  try {
    f();
  } catch (const UserError& e) {
    code = int(e.code());
    msg = e.what();
  }
  int mine = code ? g_rank : g_size, first = g_size;
  check(MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, g_comm), "MPI_Allreduce");
  if (first == g_size) return;
  check(MPI_Bcast(&code, 1, MPI_INT, first, g_comm), "MPI_Bcast");
  int n = int(msg.size());
  check(MPI_Bcast(&n, 1, MPI_INT, first, g_comm), "MPI_Bcast");
  msg.resize(std::size_t(n));
  check(MPI_Bcast(msg.data(), n, MPI_CHAR, first, g_comm), "MPI_Bcast");
  throw UserError(ExitCode(code), msg);
}

namespace {

// A barrier that gives up after 20 s (false): a rank that left with its own error must not keep
// the others waiting.
bool timed_error_barrier() {
  MPI_Request req;
  if (MPI_Ibarrier(g_error_comm, &req) != MPI_SUCCESS) return false;
  const auto t0 = std::chrono::steady_clock::now();
  while (std::chrono::steady_clock::now() - t0 < std::chrono::seconds(20)) {
    int done = 0;
    MPI_Test(&req, &done, MPI_STATUS_IGNORE);
    if (done) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return false;
}

} // namespace

bool all_ranks_failed() {
  return g_size == 1 || timed_error_barrier();
}

void error_reported() {
  if (g_size > 1) timed_error_barrier();
}

void abort_all(ExitCode code) {
  std::fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, int(code));
  std::_Exit(int(code));
}

std::unique_ptr<HaloTransport> make_halo_transport(const std::vector<int>& ranks,
                                                   const std::vector<int>& rows_send,
                                                   const std::vector<int>& rows_recv,
                                                   bool device_pointers) {
  return std::make_unique<MpiHaloTransport>(ranks, rows_send, rows_recv, device_pointers);
}

#else // no MPI: one rank

bool built_with_mpi() {
  return false;
}
Session::Session(int&, char**&) {}
Session::~Session() = default;
int rank() {
  return 0;
}
int size() {
  return 1;
}
int local_rank() {
  return 0;
}
int local_size() {
  return 1;
}
double max_all(double local) {
  return local;
}
double sum_all(double local) {
  return local;
}
double min_all(double local) {
  return local;
}
std::int64_t sum_all(std::int64_t local) {
  return local;
}
std::int64_t min_all(std::int64_t local) {
  return local;
}
void broadcast(std::vector<std::int32_t>&) {}
void broadcast(std::string&) {}
const void* communicator() {
  return nullptr;
}
std::vector<std::int64_t> allgather(const std::vector<std::int64_t>& mine) {
  return mine;
}
std::vector<std::vector<std::int64_t>> exchange(const std::vector<std::vector<std::int64_t>>& to) {
  return to;
}
std::vector<std::vector<char>> gather_bytes(const std::vector<char>& mine) {
  return {mine};
}
std::vector<double> allgather_rows(const std::vector<double>& rows,
                                   const std::vector<std::int32_t>& index, int width,
                                   std::int64_t n_rows) {
  return place_rows(rows.data(), index.data(), index.size(), width, n_rows);
}
std::vector<double> gather_rows(const std::vector<double>& rows,
                                const std::vector<std::int32_t>& index, int width,
                                std::int64_t n_rows) {
  return place_rows(rows.data(), index.data(), index.size(), width, n_rows);
}
void on_root(const std::function<void()>& f) {
  f();
}
void together(const std::function<void()>& f) {
  f();
}
bool all_ranks_failed() {
  return true;
}
void error_reported() {}
void abort_all(ExitCode code) {
  std::_Exit(int(code));
}
std::unique_ptr<HaloTransport> make_halo_transport(const std::vector<int>&, const std::vector<int>&,
                                                   const std::vector<int>&, bool) {
  fail(ExitCode::internal, "this build has no MPI");
}

#endif

} // namespace tridg::par
