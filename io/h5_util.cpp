#include "io/h5_util.hpp"

#include <algorithm>
#include <filesystem>
#include <limits>
#include <new>

#include "io/h5_traits.hpp"

namespace tridg::h5 {

using detail::dims_text;
using detail::sane_number_type;
using detail::Traits;

namespace {

Handle fixed_string_type(std::size_t size) {
  Handle t(H5Tcopy(H5T_C_S1), H5Tclose);
  H5Tset_size(t.get(), std::max<std::size_t>(size, 1));
  H5Tset_strpad(t.get(), H5T_STR_NULLPAD);
  return t;
}

} // namespace

Handle& Handle::operator=(Handle&& o) noexcept {
  if (this != &o) {
    reset();
    id_ = o.id_;
    close_ = o.close_;
    o.id_ = -1;
  }
  return *this;
}

bool Handle::reset() {
  bool ok = true;
  if (id_ >= 0 && close_) ok = close_(id_) >= 0;
  id_ = -1;
  return ok;
}

void silence_errors() {
  static const bool once = [] {
    H5dont_atexit();
    return true;
  }();
  (void)once;
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
}

std::string error_reason() {
  struct Found {
    std::string minor, desc;
    bool any = false;
  } found;
  // Upward: the first entry is the innermost, where the failure happened.
  H5Ewalk2(
      H5E_DEFAULT, H5E_WALK_UPWARD,
      [](unsigned, const H5E_error2_t* e, void* data) -> herr_t {
        auto* f = static_cast<Found*>(data);
        if (f->any) return 0;
        f->any = true;
        char msg[256] = {};
        if (H5Eget_msg(e->min_num, nullptr, msg, sizeof msg) > 0) f->minor = msg;
        if (e->desc) f->desc = e->desc;
        return 0;
      },
      &found);
  H5Eclear2(H5E_DEFAULT);
  if (!found.any) return "";
  // System errors carry "..., error message = 'No space left on device', ..." in the text.
  const std::string key = "error message = '";
  const std::size_t at = found.desc.find(key);
  std::string why = found.minor.empty() ? std::string("HDF5 error") : found.minor;
  if (at != std::string::npos) {
    const std::size_t end = found.desc.find('\'', at + key.size());
    why +=
        " (" +
        found.desc.substr(at + key.size(), end == std::string::npos ? 80 : end - at - key.size()) +
        ")";
  } else if (!found.desc.empty()) {
    why += " (" + found.desc.substr(0, 160) + ")";
  }
  for (char& c : why)
    if (c == '\n' || c == '\r') c = ' ';
  return why;
}

File File::create(const std::string& path, ExitCode code, const std::string& shown) {
  silence_errors();
  const std::string& name = shown.empty() ? path : shown;
  Handle f(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), H5Fclose);
  if (!f.valid()) {
    const std::string why = error_reason();
    tridg::fail(code, name + ": cannot create the file" +
                          (why.empty() ? std::string(" (does the folder exist and is it writable?)")
                                       : ": " + why));
  }
  return File(std::move(f), name, code);
}

File File::open(const std::string& path, bool writable, ExitCode code) {
  silence_errors();
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) tridg::fail(code, path + ": no such file");
  if (!std::filesystem::is_regular_file(path, ec)) tridg::fail(code, path + ": not a regular file");
  if (H5Fis_hdf5(path.c_str()) <= 0) tridg::fail(code, path + ": not an HDF5 file");
  Handle f(H5Fopen(path.c_str(), writable ? H5F_ACC_RDWR : H5F_ACC_RDONLY, H5P_DEFAULT), H5Fclose);
  if (!f.valid()) tridg::fail(code, path + ": cannot open the HDF5 file (corrupt or locked?)");
  return File(std::move(f), path, code);
}

void File::fail(const std::string& what) const {
  tridg::fail(code_, path_ + ": " + what);
}

void File::fail_h5(const std::string& what) const {
  const std::string why = error_reason();
  fail(what + (why.empty() ? std::string() : ": " + why));
}

void File::close() {
  if (!file_.valid()) return;
  // Close even when the flush failed: no identifier may outlive an error (HDF5 would try to flush
  // it again at library shutdown).
  const bool flushed = H5Fflush(file_.get(), H5F_SCOPE_GLOBAL) >= 0;
  const std::string why = flushed ? std::string() : error_reason();
  const bool closed = file_.reset();
  if (!flushed || !closed) {
    const std::string why2 = why.empty() ? error_reason() : why;
    fail("writing the file failed" + (why2.empty() ? std::string(" (disk full?)") : ": " + why2));
  }
}

bool File::exists(const std::string& name) const {
  // H5Lexists fails rather than answering "no" when an intermediate group is missing, so walk
  // the path one component at a time.
  std::size_t pos = 0;
  while (true) {
    pos = name.find('/', pos + 1);
    const std::string prefix = name.substr(0, pos);
    if (!prefix.empty() && prefix != "/" && H5Lexists(id(), prefix.c_str(), H5P_DEFAULT) <= 0)
      return false;
    if (pos == std::string::npos) return true;
  }
}

bool File::has_attr(const std::string& object, const std::string& name) const {
  if (object != "/" && !exists(object)) return false;
  return H5Aexists_by_name(id(), object.c_str(), name.c_str(), H5P_DEFAULT) > 0;
}

void File::write_raw(const std::string& name, hid_t file_type, hid_t mem_type, const void* data,
                     const std::vector<hsize_t>& dims) {
  Handle lcpl(H5Pcreate(H5P_LINK_CREATE), H5Pclose);
  H5Pset_create_intermediate_group(lcpl.get(), 1);
  Handle space(H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr), H5Sclose);
  if (!space.valid()) fail_h5("cannot describe dataset '" + name + "' of shape " + dims_text(dims));
  Handle ds(
      H5Dcreate2(id(), name.c_str(), file_type, space.get(), lcpl.get(), H5P_DEFAULT, H5P_DEFAULT),
      H5Dclose);
  if (!ds.valid()) fail_h5("cannot create dataset '" + name + "'");
  hsize_t n = 1;
  for (hsize_t d : dims) n *= d;
  if (n == 0) return; // nothing to write; some HDF5 versions reject a null buffer
  // In a file of several ranks rank 0 writes the data; the others take part with nothing.
  Handle file_space(H5Dget_space(ds.get()), H5Sclose);
  Handle mem_space(H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr), H5Sclose);
  if (parallel_rank_ > 0) {
    H5Sselect_none(file_space.get());
    H5Sselect_none(mem_space.get());
  }
  const Handle xfer = transfer();
  if (H5Dwrite(ds.get(), mem_type, mem_space.get(), file_space.get(), xfer.get(), data) < 0)
    fail_h5("cannot write dataset '" + name + "'");
}

template <class T>
void File::write(const std::string& name, const T* data, const std::vector<hsize_t>& dims) {
  write_raw(name, Traits<T>::file(), Traits<T>::mem(), data, dims);
}

void File::write_strings(const std::string& name, const std::vector<std::string>& v) {
  std::size_t len = 1;
  for (const auto& s : v) len = std::max(len, s.size());
  std::vector<char> buf(v.size() * len, '\0');
  for (std::size_t i = 0; i < v.size(); ++i) std::copy(v[i].begin(), v[i].end(), &buf[i * len]);
  Handle t = fixed_string_type(len);
  write_raw(name, t.get(), t.get(), buf.data(), {static_cast<hsize_t>(v.size())});
}

Handle File::open_dataset(const std::string& name) const {
  if (!exists(name)) fail("dataset '" + name + "' is missing (not a tridg file, or damaged)");
  Handle ds(H5Dopen2(id(), name.c_str(), H5P_DEFAULT), H5Dclose);
  if (!ds.valid()) fail("cannot open dataset '" + name + "'");
  return ds;
}

template <class T>
std::vector<T> File::read(const std::string& name, std::vector<hsize_t>& dims) const {
  Handle ds = open_dataset(name);
  Handle type(H5Dget_type(ds.get()), H5Tclose);
  const H5T_class_t cls = H5Tget_class(type.get());
  if (cls != (Traits<T>::floating ? H5T_FLOAT : H5T_INTEGER) || !sane_number_type(type.get()))
    fail("dataset '" + name + "' should hold " +
         (Traits<T>::floating ? "floating-point" : "integer") + " values");
  Handle space(H5Dget_space(ds.get()), H5Sclose);
  const int rank = H5Sget_simple_extent_ndims(space.get());
  if (rank < 0 || rank > 8) fail("dataset '" + name + "' has an unreadable shape");
  dims.assign(static_cast<std::size_t>(rank), 0);
  if (rank > 0) H5Sget_simple_extent_dims(space.get(), dims.data(), nullptr);
  hsize_t n = 1;
  for (hsize_t d : dims) {
    if (d != 0 && n > std::numeric_limits<std::int32_t>::max() / d)
      fail("dataset '" + name + "' of shape " + dims_text(dims) + " is too large");
    n *= d;
  }
  std::vector<T> v;
  try {
    v.resize(n);
  } catch (const std::bad_alloc&) {
    fail("dataset '" + name + "' of shape " + dims_text(dims) + " does not fit in memory");
  }
  if (n > 0 && H5Dread(ds.get(), Traits<T>::mem(), H5S_ALL, H5S_ALL, H5P_DEFAULT, v.data()) < 0)
    fail("cannot read dataset '" + name + "' (file damaged?)");
  return v;
}

template <class T>
std::vector<T> File::read_rows(const std::string& name, const std::vector<hsize_t>& trailing,
                               std::size_t& rows) const {
  std::vector<hsize_t> dims;
  std::vector<T> v = read<T>(name, dims);
  bool ok = dims.size() == trailing.size() + 1;
  for (std::size_t i = 0; ok && i < trailing.size(); ++i) ok = dims[i + 1] == trailing[i];
  if (!ok) {
    std::vector<hsize_t> want{0};
    want.insert(want.end(), trailing.begin(), trailing.end());
    std::string w = dims_text(want);
    w.replace(1, 1, "n");
    fail("dataset '" + name + "' has shape " + dims_text(dims) + ", expected " + w);
  }
  rows = static_cast<std::size_t>(dims[0]);
  return v;
}

std::vector<std::string> File::read_strings(const std::string& name) const {
  Handle ds = open_dataset(name);
  Handle type(H5Dget_type(ds.get()), H5Tclose);
  if (H5Tget_class(type.get()) != H5T_STRING || H5Tis_variable_str(type.get()) > 0)
    fail("dataset '" + name + "' should hold fixed-length strings");
  Handle space(H5Dget_space(ds.get()), H5Sclose);
  if (H5Sget_simple_extent_ndims(space.get()) != 1)
    fail("dataset '" + name + "' should be one-dimensional");
  hsize_t n = 0;
  H5Sget_simple_extent_dims(space.get(), &n, nullptr);
  const std::size_t len = H5Tget_size(type.get());
  if (len == 0 || len > 4096 || n > (1u << 20)) fail("dataset '" + name + "' has a bad size");
  std::vector<char> buf(n * len, '\0');
  Handle mem = fixed_string_type(len);
  if (n > 0 && H5Dread(ds.get(), mem.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, buf.data()) < 0)
    fail("cannot read dataset '" + name + "'");
  std::vector<std::string> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    const char* s = &buf[i * len];
    out[i].assign(s, std::find(s, s + len, '\0'));
  }
  return out;
}

void File::write_attr(const std::string& object, const std::string& name, hid_t type,
                      const void* value) {
  if (has_attr(object, name)) H5Adelete_by_name(id(), object.c_str(), name.c_str(), H5P_DEFAULT);
  Handle space(H5Screate(H5S_SCALAR), H5Sclose);
  Handle a(H5Acreate_by_name(id(), object.c_str(), name.c_str(), type, space.get(), H5P_DEFAULT,
                             H5P_DEFAULT, H5P_DEFAULT),
           H5Aclose);
  if (!a.valid()) fail_h5("cannot create attribute '" + name + "' on '" + object + "'");
  Handle mem(H5Tget_class(type) == H5T_STRING ? H5Tcopy(type)
                                              : H5Tget_native_type(type, H5T_DIR_DEFAULT),
             H5Tclose);
  if (H5Awrite(a.get(), mem.get(), value) < 0) fail_h5("cannot write attribute '" + name + "'");
}

void File::set_attr(const std::string& object, const std::string& name, std::int64_t value) {
  write_attr(object, name, H5T_STD_I64LE, &value);
}

void File::set_attr(const std::string& object, const std::string& name, double value) {
  write_attr(object, name, H5T_IEEE_F64LE, &value);
}

void File::set_attr(const std::string& object, const std::string& name, const std::string& value) {
  Handle t = fixed_string_type(value.size());
  std::string padded = value.empty() ? std::string(1, '\0') : value;
  write_attr(object, name, t.get(), padded.data());
}

Handle File::open_attr(const std::string& object, const std::string& name) const {
  if (!has_attr(object, name)) fail("attribute '" + name + "' is missing on '" + object + "'");
  Handle a(H5Aopen_by_name(id(), object.c_str(), name.c_str(), H5P_DEFAULT, H5P_DEFAULT), H5Aclose);
  if (!a.valid()) fail("cannot open attribute '" + name + "'");
  return a;
}

std::int64_t File::attr_int(const std::string& object, const std::string& name) const {
  Handle a = open_attr(object, name);
  Handle type(H5Aget_type(a.get()), H5Tclose);
  Handle space(H5Aget_space(a.get()), H5Sclose);
  if (H5Tget_class(type.get()) != H5T_INTEGER || H5Sget_simple_extent_npoints(space.get()) != 1 ||
      !sane_number_type(type.get()))
    fail("attribute '" + name + "' should be one integer");
  std::int64_t v = 0;
  if (H5Aread(a.get(), H5T_NATIVE_INT64, &v) < 0) fail("cannot read attribute '" + name + "'");
  return v;
}

double File::attr_double(const std::string& object, const std::string& name) const {
  Handle a = open_attr(object, name);
  Handle type(H5Aget_type(a.get()), H5Tclose);
  Handle space(H5Aget_space(a.get()), H5Sclose);
  const H5T_class_t cls = H5Tget_class(type.get());
  if ((cls != H5T_FLOAT && cls != H5T_INTEGER) || H5Sget_simple_extent_npoints(space.get()) != 1 ||
      !sane_number_type(type.get()))
    fail("attribute '" + name + "' should be one number");
  double v = 0;
  if (H5Aread(a.get(), H5T_NATIVE_DOUBLE, &v) < 0) fail("cannot read attribute '" + name + "'");
  return v;
}

std::string File::attr_string(const std::string& object, const std::string& name) const {
  Handle a = open_attr(object, name);
  Handle type(H5Aget_type(a.get()), H5Tclose);
  Handle space(H5Aget_space(a.get()), H5Sclose);
  if (H5Tget_class(type.get()) != H5T_STRING || H5Sget_simple_extent_npoints(space.get()) != 1)
    fail("attribute '" + name + "' should be one string");
  if (H5Tis_variable_str(type.get()) > 0) {
    char* p = nullptr;
    Handle mem(H5Tcopy(H5T_C_S1), H5Tclose);
    H5Tset_size(mem.get(), H5T_VARIABLE);
    if (H5Aread(a.get(), mem.get(), &p) < 0) fail("cannot read attribute '" + name + "'");
    std::string s = p ? p : "";
    H5free_memory(p);
    return s;
  }
  const std::size_t len = H5Tget_size(type.get());
  if (len == 0 || len > (1u << 20)) fail("attribute '" + name + "' has a bad size");
  std::vector<char> buf(len, '\0');
  Handle mem = fixed_string_type(len);
  if (H5Aread(a.get(), mem.get(), buf.data()) < 0) fail("cannot read attribute '" + name + "'");
  return std::string(buf.data(), std::find(buf.begin(), buf.end(), '\0') - buf.begin());
}

#define TRIDG_H5_INSTANTIATE(T)                                                                    \
  template void File::write<T>(const std::string&, const T*, const std::vector<hsize_t>&);         \
  template std::vector<T> File::read<T>(const std::string&, std::vector<hsize_t>&) const;          \
  template std::vector<T> File::read_rows<T>(const std::string&, const std::vector<hsize_t>&,      \
                                             std::size_t&) const;
TRIDG_H5_INSTANTIATE(double)
TRIDG_H5_INSTANTIATE(float)
TRIDG_H5_INSTANTIATE(std::int8_t)
TRIDG_H5_INSTANTIATE(std::int32_t)
TRIDG_H5_INSTANTIATE(std::int64_t)
#undef TRIDG_H5_INSTANTIATE

} // namespace tridg::h5
