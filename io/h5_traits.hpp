#pragma once
// The HDF5 types of the element types io/h5_util.hpp reads and writes (shared by its sources).
#include <hdf5.h>

#include <cstdint>
#include <string>
#include <vector>

namespace tridg::h5::detail {

// Memory type, portable file type and kind of one supported element type.
template <class T> struct Traits;
template <> struct Traits<double> {
  static hid_t mem() { return H5T_NATIVE_DOUBLE; }
  static hid_t file() { return H5T_IEEE_F64LE; }
  static constexpr bool floating = true;
};
template <> struct Traits<float> {
  static hid_t mem() { return H5T_NATIVE_FLOAT; }
  static hid_t file() { return H5T_IEEE_F32LE; }
  static constexpr bool floating = true;
};
template <> struct Traits<std::int8_t> {
  static hid_t mem() { return H5T_NATIVE_INT8; }
  static hid_t file() { return H5T_STD_I8LE; }
  static constexpr bool floating = false;
};
template <> struct Traits<std::int32_t> {
  static hid_t mem() { return H5T_NATIVE_INT32; }
  static hid_t file() { return H5T_STD_I32LE; }
  static constexpr bool floating = false;
};
template <> struct Traits<std::int64_t> {
  static hid_t mem() { return H5T_NATIVE_INT64; }
  static hid_t file() { return H5T_STD_I64LE; }
  static constexpr bool floating = false;
};

inline std::string dims_text(const std::vector<hsize_t>& dims) {
  std::string s = "(";
  for (std::size_t i = 0; i < dims.size(); ++i) {
    if (i) s += " x ";
    s += std::to_string(dims[i]);
  }
  return s + ")";
}

// Whether a stored number type is one HDF5 can convert safely: a damaged file can declare a
// precision or offset beyond the type's bytes, and HDF5 1.10's conversion then reads past its
// buffer instead of failing.
inline bool sane_number_type(hid_t type) {
  const H5T_class_t cls = H5Tget_class(type);
  if (cls != H5T_INTEGER && cls != H5T_FLOAT) return true; // strings are checked by their readers
  const std::size_t size = H5Tget_size(type);
  const std::size_t bits = 8 * size, precision = H5Tget_precision(type);
  const int offset = H5Tget_offset(type);
  if (size == 0 || size > 16 || precision == 0 || offset < 0 ||
      std::size_t(offset) + precision > bits)
    return false;
  if (cls == H5T_FLOAT) {
    std::size_t spos = 0, epos = 0, esize = 0, mpos = 0, msize = 0;
    if (H5Tget_fields(type, &spos, &epos, &esize, &mpos, &msize) < 0) return false;
    if (spos >= bits || epos + esize > bits || mpos + msize > bits || esize == 0 || esize > 32)
      return false;
  }
  return true;
}

} // namespace tridg::h5::detail
