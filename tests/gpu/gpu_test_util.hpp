#pragma once
// Shared by the GPU tests: one case run on a chosen backend, and the comparison of two states.
#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "../test_support.hpp"
#include "solver/run.hpp"

namespace tridg::gpu_test {

inline RunResult run_on(const std::string& device, const std::string& case_file,
                        const std::string& mesh, int order, int refine,
                        std::vector<std::string> sets, const std::string& precision = "double",
                        bool limit_in_stage = true, bool overlap_launches = true) {
  RunOptions o;
  o.precision = precision;
  o.limit_in_stage = limit_in_stage;
  o.overlap_launches = overlap_launches;
  o.case_path = test::source_path(case_file);
  o.mesh_path = test::source_path(mesh);
  o.order = order;
  o.refine = refine;
  o.device = device;
  // One folder per process and run: tests run in parallel under ctest -j.
  static int counter = 0;
  o.output_dir =
      (std::filesystem::temp_directory_path() /
       ("tridg_gpu_" + device + "_" + std::to_string(::getpid()) + "_" + std::to_string(counter++)))
          .string();
  return test::run_quiet(o, std::move(sets));
}

// max |a - b| / max |b|
inline double max_rel_diff(const std::vector<double>& a, const std::vector<double>& b) {
  REQUIRE(a.size() == b.size());
  double num = 0, den = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    num = std::max(num, std::abs(a[i] - b[i]));
    den = std::max(den, std::abs(b[i]));
  }
  return num / den;
}

// sum |a - b| / sum |b| over the coefficients of variable v (n_modes modes per element).
inline double rel_l1_diff(const std::vector<double>& a, const std::vector<double>& b, int v,
                          int n_modes, std::size_t n_elems) {
  REQUIRE(a.size() == b.size());
  double num = 0, den = 0;
  for (std::size_t i = v * n_modes * n_elems; i < (v + 1) * n_modes * n_elems; ++i) {
    num += std::abs(a[i] - b[i]);
    den += std::abs(b[i]);
  }
  return num / den;
}

} // namespace tridg::gpu_test
