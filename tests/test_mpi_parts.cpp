// Ranks that each read only their own part of a partitioned prepared mesh file (tridg
// partition), refine it on their own and write their rows of the outputs (through parallel HDF5
// where the build has it, or through rank 0): a run on 2 or 3 ranks writes the files one
// process writes for the whole mesh, bit for bit (mesh, nodes,
// coefficients, viewable fields, the Gmsh file, gauges and maxima), also after refining the
// parts of a periodic mesh twice; a checkpoint written so continues on another number of ranks;
// a damaged part list is a clean error on every rank.
#include <doctest/doctest.h>

#include <cstring>

#include "compiled_orders.hpp"
#include "final_state.hpp"
#include "mpi_run.hpp"

using namespace tridg_test;

namespace {

template <class T> std::vector<T> dataset(const fs::path& file, const std::string& name) {
  const tridg::h5::File f = tridg::h5::File::open(file.string());
  std::vector<hsize_t> dims;
  return f.read<T>(name, dims);
}

template <class T>
void check_same_dataset(const fs::path& a, const fs::path& b, const std::string& name) {
  CAPTURE(name);
  const std::vector<T> va = dataset<T>(a, name), vb = dataset<T>(b, name);
  REQUIRE(va.size() == vb.size());
  CHECK(std::memcmp(va.data(), vb.data(), va.size() * sizeof(T)) == 0);
}

// Two snapshot files of the same mesh with the same contents, bit for bit.
void check_same_snapshot(const fs::path& a, const fs::path& b) {
  for (const char* n :
       {"mesh/nodes", "solution/coefficients", "solution/cell_average", "viz/nodes"})
    check_same_dataset<double>(a, b, n);
  for (const char* n : {"mesh/triangles", "viz/triangles"})
    check_same_dataset<std::int32_t>(a, b, n);
  const std::vector<std::string> fields =
      tridg::h5::File::open(a.string()).read_strings("viz/fields");
  CHECK(fields == tridg::h5::File::open(b.string()).read_strings("viz/fields"));
  for (const std::string& f : fields) {
    check_same_dataset<float>(a, b, "viz/point/" + f);
    check_same_dataset<float>(a, b, "viz/cell/" + f);
  }
  const Final fa = read_final(a), fb = read_final(b);
  CHECK(fa.step == fb.step);
  CHECK(fa.time == fb.time);
  CHECK(fa.output_index == fb.output_index);
}

std::string run_args(const std::string& name, const std::string& mesh, const std::string& extra,
                     const fs::path& out) {
  return "run " + quote(source_path("cases/" + name + ".toml")) + " --mesh " + quote(mesh) + " " +
         extra + " -q -o " + quote(out.string());
}

// Writes the partition of a prepared mesh into n parts to `to`.
void partition(const std::string& mesh, int n, const fs::path& to, const fs::path& cwd) {
  REQUIRE(run_tridg("partition " + quote(source_path("meshes/prepared/" + mesh + ".h5")) + " -n " +
                        std::to_string(n) + " -o " + quote(to.string()),
                    cwd)
              .code == 0);
}

} // namespace

TEST_CASE("ranks reading their own parts write the files of one process, bit for bit") {
  struct Case {
    const char* name;
    const char* mesh;
    const char* extra;
    int order;
  };
  const Case cases[] = {
      // shocks and the vertex-based limiter, each part refined once
      {"double_mach", "double_mach", "--set time.end=0.004 --refine 1", 1},
      // a doubly periodic mesh, each part refined twice, p = 2
      {"isentropic_vortex", "isentropic_vortex", "--set time.end=0.2 -p 2 --refine 2", 2},
      // wetting and drying, a water level from a time series, gauges, maxima, run-up
      {"monai", "monai", "--set time.end=0.1", 1},
  };
  for (const Case& c : cases) {
    CAPTURE(c.name);
    TRIDG_SKIP_ORDER(c.order, continue);
    TempDir d(std::string("parts_") + c.name);
    const std::string whole = source_path(std::string("meshes/prepared/") + c.mesh + ".h5");
    const CmdResult one = run_tridg(run_args(c.name, whole, c.extra, d / "one"), d.path);
    INFO(one.err);
    REQUIRE(one.code == 0);
    for (int n : {2, 3}) {
      CAPTURE(n);
      const fs::path parts = d / ("parts" + std::to_string(n) + ".h5");
      partition(c.mesh, n, parts, d.path);
      const fs::path out = d / ("ranks" + std::to_string(n));
      // Three ranks send their rows to rank 0 even where every rank could write its own through
      // parallel HDF5 (the default of such builds): both ways write the same file.
      const std::string how = n == 3 ? " --set output.parallel_hdf5=false" : "";
      const CmdResult r = run_tridg(run_args(c.name, parts.string(), c.extra + how, out), d.path,
                                    kMpiEnv, ranks(n));
      INFO(r.err);
      REQUIRE(r.code == 0);
      check_same_snapshot(d / "one" / "final.h5", out / "final.h5");
      CHECK(read_file(d / "one" / "final.msh") == read_file(out / "final.msh"));
      if (fs::exists(d / "one" / "gauges.csv")) {
        CHECK(read_file(out / "gauges.csv") == read_file(d / "one" / "gauges.csv"));
        CHECK(read_file(out / "gauges_summary.json") ==
              read_file(d / "one" / "gauges_summary.json"));
        for (const char* m : {"x", "y", "radius", "bed", "max_eta", "max_depth", "arrival_time"})
          check_same_dataset<double>(d / "one" / "max_inundation.h5", out / "max_inundation.h5", m);
      }
    }
  }
}

TEST_CASE("a checkpoint of ranks reading their parts continues on another number of ranks") {
  TempDir d("parts_restart");
  const std::string whole = source_path("meshes/prepared/double_mach.h5");
  const std::string extra = "--set time.end=0.01 --set output.interval=0.005 --refine 1 "
                            "--set output.gmsh=false";
  REQUIRE(run_tridg(run_args("double_mach", whole, extra, d / "whole"), d.path).code == 0);
  partition("double_mach", 2, d / "p2.h5", d.path);
  partition("double_mach", 3, d / "p3.h5", d.path);
  const CmdResult two = run_tridg(run_args("double_mach", (d / "p2.h5").string(), extra, d / "two"),
                                  d.path, kMpiEnv, ranks(2));
  INFO(two.err);
  REQUIRE(two.code == 0);
  // The snapshot of two ranks is the one process's snapshot.
  check_same_snapshot(d / "whole" / "solution_0001.h5", d / "two" / "solution_0001.h5");
  const CmdResult three =
      run_tridg(run_args("double_mach", (d / "p3.h5").string(), extra, d / "three") +
                    " --restart " + quote((d / "two" / "solution_0001.h5").string()),
                d.path, kMpiEnv, ranks(3));
  INFO(three.err);
  REQUIRE(three.code == 0);
  check_same_snapshot(d / "whole" / "final.h5", d / "three" / "final.h5");
  // One process continues from it too.
  const CmdResult one = run_tridg(run_args("double_mach", whole, extra, d / "one") + " --restart " +
                                      quote((d / "two" / "solution_0001.h5").string()),
                                  d.path);
  INFO(one.err);
  REQUIRE(one.code == 0);
  check_same_snapshot(d / "whole" / "final.h5", d / "one" / "final.h5");
}

TEST_CASE("a damaged part list ends every rank with the mesh error") {
  TempDir d("parts_damaged");
  partition("double_mach", 3, d / "p3.h5", d.path);
  {
    // Part 0's first element listed twice: one element owned by two ranks.
    tridg::h5::File f = tridg::h5::File::open((d / "p3.h5").string(), true);
    std::vector<hsize_t> dims;
    std::vector<std::int32_t> owned = f.read<std::int32_t>("partition/owned", dims);
    owned[1] = owned[0];
    f.write_block<std::int32_t>("partition/owned", 0, 0, 2, owned.data());
    f.close();
  }
  const CmdResult r =
      run_tridg(run_args("double_mach", (d / "p3.h5").string(), "--set time.end=0.001", d / "out"),
                d.path, kMpiEnv, ranks(3));
  CHECK(r.code == 2);
  CHECK(tridg_error(r).find("p3.h5") != std::string::npos);
  CHECK(tridg_error(r).find("out of order or out of range") != std::string::npos);
  CHECK(!r.crashed());
}
