// Two GPUs through MPI: the run on two ranks, one GPU each, ends with the bits of the run on
// one GPU (a GPU performs each edge's and element's arithmetic the same way whatever part it is
// in), also when each rank reads and refines its own part of a partitioned file. Needs a machine
// with two GPUs; with one, both ranks share it, which tests the same.
#include <doctest/doctest.h>

#include "../compiled_orders.hpp"
#include "../final_state.hpp"
#include "../mpi_run.hpp"

using namespace tridg_test;

namespace {

struct Case {
  const char* toml;
  const char* mesh;
  const char* extra;
};

// Runs `c` on one GPU with the whole prepared mesh and on two with `two_mesh` (the same, or its
// partition) and compares the final states; `msh` compares the Gmsh files too.
void check_two_gpus(const Case& c, const TempDir& d, const std::string& two_mesh, bool msh) {
  const std::string whole = source_path(std::string("meshes/prepared/") + c.mesh + ".h5");
  const std::string args = "run " + quote(source_path(std::string("cases/") + c.toml + ".toml")) +
                           " --device cuda -q " + c.extra +
                           (msh ? "" : " --set output.gmsh=false") + " --mesh ";
  const CmdResult one =
      run_tridg(args + quote(whole) + " -o " + quote((d / "one").string()), d.path);
  INFO(one.err);
  REQUIRE(one.code == 0);
  const CmdResult two = run_tridg(args + quote(two_mesh.empty() ? whole : two_mesh) + " -o " +
                                      quote((d / "two").string()),
                                  d.path, kMpiEnv, ranks(2));
  INFO(two.err);
  REQUIRE(two.code == 0);
  const Final a = read_final(d / "one" / "final.h5"), b = read_final(d / "two" / "final.h5");
  REQUIRE(a.coeffs.size() == b.coeffs.size());
  CHECK(a.step == b.step);
  CHECK(differing_bits(a.coeffs, b.coeffs) == 0);
  if (msh) CHECK(read_file(d / "one" / "final.msh") == read_file(d / "two" / "final.msh"));
}

} // namespace

TEST_CASE("two GPUs through MPI give the bits of one") {
  const Case cases[] = {
      {"isentropic_vortex", "isentropic_vortex", "--set time.end=0.5 -p 2"},
      {"double_mach", "double_mach", "--set time.end=0.02"},
      {"dam_break_dry", "dam_break", "--set time.end=0.5 -p 2"},
      {"thacker_bowl", "thacker", "--set time.end=0.3"},
      {"monai", "monai", "--set time.end=1.0"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.toml);
    TempDir d(std::string("gpu_mpi_") + c.toml);
    check_two_gpus(c, d, "", false);
  }
}

TEST_CASE("two GPUs through MPI give the bits of one at p = 3 and 4") {
  // The high orders' own kernels (the edges by side, the tensor-core element stage) over the
  // parts' edge and element ranges.
  for (int p : {3, 4}) {
    TRIDG_SKIP_ORDER(p, continue);
    CAPTURE(p);
    const std::string extra = "--set time.end=0.05 -p " + std::to_string(p);
    TempDir d("gpu_mpi_vortex_p" + std::to_string(p));
    check_two_gpus({"isentropic_vortex", "isentropic_vortex", extra.c_str()}, d, "", false);
  }
}

TEST_CASE("two GPUs reading their own parts give the bits of one") {
  const Case cases[] = {
      {"double_mach", "double_mach", "--set time.end=0.01 --refine 1"},
      {"monai", "monai", "--set time.end=1.0"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.toml);
    TempDir d(std::string("gpu_parts_") + c.toml);
    const fs::path parts = d / "parts.h5";
    REQUIRE(run_tridg("partition " +
                          quote(source_path(std::string("meshes/prepared/") + c.mesh + ".h5")) +
                          " -n 2 -o " + quote(parts.string()),
                      d.path)
                .code == 0);
    check_two_gpus(c, d, parts.string(), true);
  }
}
