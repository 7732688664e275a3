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

} // namespace tridg::h5::detail
