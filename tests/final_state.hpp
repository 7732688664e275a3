#pragma once
// The state a run wrote to a solution file (final.h5, a snapshot, a checkpoint), for tests that
// compare two runs bit for bit.
#include <cstdint>
#include <filesystem>
#include <vector>

#include "differing_bits.hpp"
#include "io/h5_util.hpp"

namespace tridg_test {

struct Final {
  std::vector<double> coeffs;
  double time = 0;
  std::int64_t step = 0, output_index = 0;
};

inline Final read_final(const std::filesystem::path& p) {
  const tridg::h5::File f = tridg::h5::File::open(p.string());
  Final r;
  std::vector<hsize_t> dims;
  r.coeffs = f.read<double>("solution/coefficients", dims);
  r.time = f.attr_double("solution", "time");
  r.step = f.attr_int("solution", "step");
  r.output_index = f.attr_int("solution", "output_index");
  return r;
}

} // namespace tridg_test
