#pragma once
// Small RAII layer over the HDF5 C API: every identifier is closed on every path, and every failure
// becomes a one-line UserError that names the file. Used by the prepared mesh file and the solution
// output.
#include <hdf5.h>

#include <cstdint>
#include <string>
#include <vector>

#include "io/error.hpp"

namespace tridg::h5 {

// Owns one HDF5 identifier and closes it with the matching H5?close function.
class Handle {
public:
  using Closer = herr_t (*)(hid_t);
  Handle() = default;
  Handle(hid_t id, Closer close) : id_(id), close_(close) {}
  ~Handle() { reset(); }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  Handle(Handle&& o) noexcept : id_(o.id_), close_(o.close_) { o.id_ = -1; }
  Handle& operator=(Handle&& o) noexcept;

  hid_t get() const { return id_; }
  bool valid() const { return id_ >= 0; }
  // Closes now; returns false when HDF5 reports an error (e.g. a failed flush).
  bool reset();

private:
  hid_t id_ = -1;
  Closer close_ = nullptr;
};

// Turns off HDF5's own printing of error stacks: tridg reports errors itself, on one line. The
// first call (before any other HDF5 call) also keeps HDF5 from registering its library shutdown
// at exit: a file whose close failed (disk full) stays half-closed inside HDF5 1.10, and that
// shutdown crashes on it. Every file is closed explicitly, so nothing is lost.
void silence_errors();

// The reason HDF5 gives for its last failure (the innermost entry of its error stack, with the
// system's error text when it names one), or "" when it recorded none; clears the stack.
std::string error_reason();

// An open HDF5 file plus the context needed for error messages. Dataset and attribute names may be
// paths ("groups/first"); intermediate groups are created on write. Supported element types for
// write/read: double, float, std::int8_t, std::int32_t, std::int64_t.
class File {
public:
  // Creates (truncates) a file for writing; errors carry `code` (default: io_error) and name
  // `shown` instead of `path` when given (the final name of a file written under a temporary
  // one).
  static File create(const std::string& path, ExitCode code = ExitCode::io_error,
                     const std::string& shown = "");
  // Opens an existing file; errors carry `code` (default: bad_mesh).
  static File open(const std::string& path, bool writable = false,
                   ExitCode code = ExitCode::bad_mesh);
  // Whether this build's HDF5 writes one file from several MPI ranks (io/h5_parallel.cpp).
  static bool parallel_available();
  // Creates a file together with every rank of `comm` (the address of an MPI_Comm; parallel
  // HDF5 only). Every call on it is then collective, with the same arguments on every rank;
  // whole datasets (write, write_strings) take rank 0's data, write_at each rank's own rows.
  static File create_parallel(const std::string& path, const void* comm, int rank,
                              ExitCode code = ExitCode::io_error, const std::string& shown = "");

  hid_t id() const { return file_.get(); }
  const std::string& path() const { return path_; }
  ExitCode error_code() const { return code_; }
  // Throws UserError(error_code(), "<path>: <what>").
  [[noreturn]] void fail(const std::string& what) const;
  // The same with HDF5's reason for the failure appended (": <reason>").
  [[noreturn]] void fail_h5(const std::string& what) const;
  // Flushes and closes, reporting a failure as an error (the destructor closes silently).
  void close();

  bool exists(const std::string& name) const;
  bool has_attr(const std::string& object, const std::string& name) const;

  // Writes a dataset of shape `dims` (row-major, product(dims) elements at `data`).
  template <class T>
  void write(const std::string& name, const T* data, const std::vector<hsize_t>& dims);
  template <class T> void write(const std::string& name, const std::vector<T>& v) {
    write(name, v.data(), {static_cast<hsize_t>(v.size())});
  }
  void write_strings(const std::string& name, const std::vector<std::string>& v);

  // Reads a whole dataset; `dims` receives its shape. Fails cleanly when the dataset is missing,
  // has the wrong kind of element (integer vs floating point) or cannot be read.
  template <class T> std::vector<T> read(const std::string& name, std::vector<hsize_t>& dims) const;
  // Reads a dataset whose shape must be (rows, cols...) with the given trailing dimensions;
  // returns rows through `rows`.
  template <class T>
  std::vector<T> read_rows(const std::string& name, const std::vector<hsize_t>& trailing,
                           std::size_t& rows) const;
  std::vector<std::string> read_strings(const std::string& name) const;

  // Parts of whole-mesh tables (io/h5_slab.cpp), so that a rank reads and writes only its part.
  // The shape of a dataset.
  std::vector<hsize_t> shape(const std::string& name) const;
  // The slices of a dataset along dimension `axis` at the ascending, distinct indices `at`: the
  // dataset's shape with that dimension replaced by at.size(), row-major. Neighbouring indices
  // are read together.
  template <class T>
  std::vector<T> read_at(const std::string& name, int axis,
                         const std::vector<std::int64_t>& at) const;
  // Creates a dataset of shape `dims` for write_block to fill.
  template <class T> void create(const std::string& name, const std::vector<hsize_t>& dims);
  // Writes slices [first, first + count) along `axis` of a dataset made by create (`data`: the
  // block, row-major, the other dimensions whole).
  template <class T>
  void write_block(const std::string& name, int axis, hsize_t first, hsize_t count, const T* data);
  // Writes the slices at the ascending, distinct indices `at` along `axis` of a dataset made by
  // create (`data`: the dataset's shape with that dimension at.size(), row-major); in a parallel
  // file every rank writes its own, in one collective call.
  template <class T>
  void write_at(const std::string& name, int axis, const std::vector<std::int64_t>& at,
                const T* data);

  // Attributes on an object ("/" for the file itself).
  void set_attr(const std::string& object, const std::string& name, std::int64_t value);
  void set_attr(const std::string& object, const std::string& name, double value);
  void set_attr(const std::string& object, const std::string& name, const std::string& value);
  void set_attr(const std::string& object, const std::string& name, const char* value) {
    set_attr(object, name, std::string(value));
  }
  std::int64_t attr_int(const std::string& object, const std::string& name) const;
  double attr_double(const std::string& object, const std::string& name) const;
  std::string attr_string(const std::string& object, const std::string& name) const;

private:
  File(Handle h, std::string path, ExitCode code)
      : file_(std::move(h)), path_(std::move(path)), code_(code) {}
  // The transfer properties of a write: collective in a parallel file.
  Handle transfer() const;
  void write_raw(const std::string& name, hid_t file_type, hid_t mem_type, const void* data,
                 const std::vector<hsize_t>& dims);
  Handle open_dataset(const std::string& name) const;
  // The dataset's shape, after checking that its elements are of T's kind.
  template <class T>
  std::vector<hsize_t> checked_shape(const Handle& ds, const std::string& name) const;
  Handle open_attr(const std::string& object, const std::string& name) const;
  void write_attr(const std::string& object, const std::string& name, hid_t type,
                  const void* value);

  Handle file_;
  std::string path_;
  ExitCode code_ = ExitCode::io_error;
  int parallel_rank_ = -1; // this rank in a file created by create_parallel, else -1
};

} // namespace tridg::h5
