// Files that several MPI ranks write together (parallel HDF5 through MPI-IO), and writes of a
// rank's own rows of a whole-mesh dataset. Builds with a serial HDF5 have the row writes only.
#include <vector>

#include "io/h5_traits.hpp"
#include "io/h5_util.hpp"

#ifdef H5_HAVE_PARALLEL
#include <mpi.h>
#endif

namespace tridg::h5 {

using detail::dims_text;
using detail::Traits;

bool File::parallel_available() {
#ifdef H5_HAVE_PARALLEL
  return true;
#else
  return false;
#endif
}

File File::create_parallel(const std::string& path, const void* comm, int rank, ExitCode code,
                           const std::string& shown) {
  const std::string& name = shown.empty() ? path : shown;
#ifdef H5_HAVE_PARALLEL
  silence_errors();
  Handle fapl(H5Pcreate(H5P_FILE_ACCESS), H5Pclose);
  H5Pset_fapl_mpio(fapl.get(), *static_cast<const MPI_Comm*>(comm), MPI_INFO_NULL);
  Handle f(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, fapl.get()), H5Fclose);
  if (!f.valid()) {
    const std::string why = error_reason();
    tridg::fail(code, name + ": cannot create the file" + (why.empty() ? "" : ": " + why));
  }
  File file(std::move(f), name, code);
  file.parallel_rank_ = rank;
  return file;
#else
  (void)comm;
  (void)rank;
  (void)code;
  tridg::fail(ExitCode::internal, name + ": this build's HDF5 writes no file from several ranks");
#endif
}

Handle File::transfer() const {
  Handle p(H5Pcreate(H5P_DATASET_XFER), H5Pclose);
#ifdef H5_HAVE_PARALLEL
  if (parallel_rank_ >= 0) H5Pset_dxpl_mpio(p.get(), H5FD_MPIO_COLLECTIVE);
#endif
  return p;
}

template <class T>
void File::write_at(const std::string& name, int axis, const std::vector<std::int64_t>& at,
                    const T* data) {
  Handle ds = open_dataset(name);
  const std::vector<hsize_t> dims = shape(name);
  if (axis < 0 || std::size_t(axis) >= dims.size())
    fail("dataset '" + name + "' of shape " + dims_text(dims) + " has no dimension " +
         std::to_string(axis));
  Handle file_space(H5Dget_space(ds.get()), H5Sclose);
  H5Sselect_none(file_space.get());
  // One hyperslab per run of consecutive indices, the other dimensions whole.
  std::vector<hsize_t> start(dims.size(), 0), count = dims;
  for (std::size_t i = 0; i < at.size();) {
    std::size_t j = i + 1;
    while (j < at.size() && at[j] == at[j - 1] + 1) ++j;
    if (at[i] < 0 || hsize_t(at[j - 1]) >= dims[std::size_t(axis)] || (i > 0 && at[i] <= at[i - 1]))
      fail("rows outside dataset '" + name + "' of shape " + dims_text(dims) +
           " (or not ascending)");
    start[std::size_t(axis)] = hsize_t(at[i]);
    count[std::size_t(axis)] = hsize_t(j - i);
    H5Sselect_hyperslab(file_space.get(), H5S_SELECT_OR, start.data(), nullptr, count.data(),
                        nullptr);
    i = j;
  }
  std::vector<hsize_t> mdims = dims;
  mdims[std::size_t(axis)] = hsize_t(at.size());
  Handle mem_space(H5Screate_simple(int(mdims.size()), mdims.data(), nullptr), H5Sclose);
  if (at.empty()) H5Sselect_none(mem_space.get());
  const Handle xfer = transfer();
  if (H5Dwrite(ds.get(), Traits<T>::mem(), mem_space.get(), file_space.get(), xfer.get(), data) < 0)
    fail_h5("cannot write dataset '" + name + "'");
}

#define TRIDG_H5_AT(T)                                                                             \
  template void File::write_at<T>(const std::string&, int, const std::vector<std::int64_t>&,       \
                                  const T*);
TRIDG_H5_AT(double)
TRIDG_H5_AT(float)
TRIDG_H5_AT(std::int32_t)
#undef TRIDG_H5_AT

} // namespace tridg::h5
