// Reading and writing parts of datasets: a rank's rows of a whole-mesh table.
#include <algorithm>

#include "io/h5_traits.hpp"
#include "io/h5_util.hpp"

namespace tridg::h5 {

using detail::dims_text;
using detail::Traits;

namespace {

// Indices closer than this are read in one piece (the rows between them read and dropped).
constexpr std::int64_t kGap = 32;

// A hyperslab of `dims`: [first, first + count) along `axis`, everything along the others.
Handle block_space(const std::vector<hsize_t>& dims, int axis, hsize_t first, hsize_t count) {
  Handle space(H5Screate_simple(int(dims.size()), dims.data(), nullptr), H5Sclose);
  std::vector<hsize_t> start(dims.size(), 0), cnt = dims;
  start[std::size_t(axis)] = first;
  cnt[std::size_t(axis)] = count;
  H5Sselect_hyperslab(space.get(), H5S_SELECT_SET, start.data(), nullptr, cnt.data(), nullptr);
  return space;
}

} // namespace

std::vector<hsize_t> File::shape(const std::string& name) const {
  Handle ds = open_dataset(name);
  Handle space(H5Dget_space(ds.get()), H5Sclose);
  const int rank = H5Sget_simple_extent_ndims(space.get());
  if (rank < 0 || rank > 8) fail("dataset '" + name + "' has an unreadable shape");
  std::vector<hsize_t> dims(std::size_t(rank), 0);
  if (rank > 0) H5Sget_simple_extent_dims(space.get(), dims.data(), nullptr);
  return dims;
}

template <class T>
std::vector<hsize_t> File::checked_shape(const Handle& ds, const std::string& name) const {
  Handle type(H5Dget_type(ds.get()), H5Tclose);
  if (H5Tget_class(type.get()) != (Traits<T>::floating ? H5T_FLOAT : H5T_INTEGER) ||
      !detail::sane_number_type(type.get()))
    fail("dataset '" + name + "' should hold " +
         (Traits<T>::floating ? "floating-point" : "integer") + " values");
  return shape(name);
}

template <class T>
std::vector<T> File::read_at(const std::string& name, int axis,
                             const std::vector<std::int64_t>& at) const {
  Handle ds = open_dataset(name);
  const std::vector<hsize_t> dims = checked_shape<T>(ds, name);
  if (axis < 0 || std::size_t(axis) >= dims.size())
    fail("dataset '" + name + "' of shape " + dims_text(dims) + " has no dimension " +
         std::to_string(axis));
  const std::int64_t len = std::int64_t(dims[std::size_t(axis)]);
  std::size_t outer = 1, inner = 1;
  for (int d = 0; d < axis; ++d) outer *= dims[std::size_t(d)];
  for (std::size_t d = std::size_t(axis) + 1; d < dims.size(); ++d) inner *= dims[d];
  const std::size_t n = at.size();
  std::vector<T> out(outer * n * inner);
  std::vector<T> buf;
  for (std::size_t i = 0; i < n;) {
    // One run of indices with small gaps, read as one block.
    std::size_t j = i + 1;
    while (j < n && at[j] - at[j - 1] <= kGap) ++j;
    const std::int64_t first = at[i], last = at[j - 1] + 1;
    for (std::size_t k = i; k < j; ++k)
      if (at[k] < 0 || at[k] >= len || (k > i && at[k] <= at[k - 1]))
        fail("index " + std::to_string(at[k]) + " outside dataset '" + name + "' of shape " +
             dims_text(dims) + " (or indices not ascending)");
    const hsize_t count = hsize_t(last - first);
    buf.resize(outer * count * inner);
    Handle file_space = block_space(dims, axis, hsize_t(first), count);
    std::vector<hsize_t> mdims = dims;
    mdims[std::size_t(axis)] = count;
    Handle mem_space(H5Screate_simple(int(mdims.size()), mdims.data(), nullptr), H5Sclose);
    if (H5Dread(ds.get(), Traits<T>::mem(), mem_space.get(), file_space.get(), H5P_DEFAULT,
                buf.data()) < 0)
      fail("cannot read dataset '" + name + "' (file damaged?)");
    for (std::size_t o = 0; o < outer; ++o)
      for (std::size_t k = i; k < j; ++k) {
        const T* src = &buf[(o * count + std::size_t(at[k] - first)) * inner];
        std::copy(src, src + inner, &out[(o * n + k) * inner]);
      }
    i = j;
  }
  return out;
}

template <class T> void File::create(const std::string& name, const std::vector<hsize_t>& dims) {
  Handle lcpl(H5Pcreate(H5P_LINK_CREATE), H5Pclose);
  H5Pset_create_intermediate_group(lcpl.get(), 1);
  Handle space(H5Screate_simple(int(dims.size()), dims.data(), nullptr), H5Sclose);
  if (!space.valid()) fail_h5("cannot describe dataset '" + name + "' of shape " + dims_text(dims));
  Handle ds(H5Dcreate2(id(), name.c_str(), Traits<T>::file(), space.get(), lcpl.get(), H5P_DEFAULT,
                       H5P_DEFAULT),
            H5Dclose);
  if (!ds.valid()) fail_h5("cannot create dataset '" + name + "'");
}

template <class T>
void File::write_block(const std::string& name, int axis, hsize_t first, hsize_t count,
                       const T* data) {
  if (count == 0) return;
  Handle ds = open_dataset(name);
  const std::vector<hsize_t> dims = shape(name);
  if (axis < 0 || std::size_t(axis) >= dims.size() || first + count > dims[std::size_t(axis)])
    fail("block outside dataset '" + name + "' of shape " + dims_text(dims));
  Handle file_space = block_space(dims, axis, first, count);
  std::vector<hsize_t> mdims = dims;
  mdims[std::size_t(axis)] = count;
  Handle mem_space(H5Screate_simple(int(mdims.size()), mdims.data(), nullptr), H5Sclose);
  if (H5Dwrite(ds.get(), Traits<T>::mem(), mem_space.get(), file_space.get(), H5P_DEFAULT, data) <
      0)
    fail_h5("cannot write dataset '" + name + "'");
}

#define TRIDG_H5_SLAB(T)                                                                           \
  template std::vector<T> File::read_at<T>(const std::string&, int,                                \
                                           const std::vector<std::int64_t>&) const;                \
  template void File::create<T>(const std::string&, const std::vector<hsize_t>&);                  \
  template void File::write_block<T>(const std::string&, int, hsize_t, hsize_t, const T*);
TRIDG_H5_SLAB(double)
TRIDG_H5_SLAB(float)
TRIDG_H5_SLAB(std::int32_t)
TRIDG_H5_SLAB(std::int64_t)
#undef TRIDG_H5_SLAB

} // namespace tridg::h5
