// The output files: the viewable sub-cell mesh, exact sampling of the DG polynomial, derived
// Euler fields, the HDF5 round trip and its checks, the XDMF and Gmsh texts, and that h5py reads
// what a run writes.
#include <doctest/doctest.h>

#include <cmath>
#include <regex>

#include "cli_run.hpp"
#include "io/error.hpp"
#include "io/output_msh.hpp"
#include "io/output_viz.hpp"
#include "io/solution_h5.hpp"
#include "io/xdmf_writer.hpp"
#include "physics/euler/output.hpp"
#include "solver/output_sample.hpp"
#include "solver/projection.hpp"

using namespace tridg;
using namespace tridg_test;

namespace {

// The unit square as two triangles, plus a third, skewed one to the right.
Mesh small_mesh() {
  Mesh m;
  m.x = {0, 1, 1, 0, 2};
  m.y = {0, 0, 1, 1, 0.5};
  m.tri = {{0, 1, 2}, {0, 2, 3}, {1, 4, 2}};
  return m;
}

double signed_area(const std::vector<double>& xy, const std::int32_t* t) {
  const double ax = xy[2 * t[1]] - xy[2 * t[0]], ay = xy[2 * t[1] + 1] - xy[2 * t[0] + 1];
  const double bx = xy[2 * t[2]] - xy[2 * t[0]], by = xy[2 * t[2] + 1] - xy[2 * t[0] + 1];
  return 0.5 * (ax * by - ay * bx);
}

std::size_t count(const std::string& s, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t p = s.find(part); p != std::string::npos; p = s.find(part, p + 1)) ++n;
  return n;
}

} // namespace

TEST_CASE("the sub-cell lattice tiles each element with n^2 counter-clockwise triangles") {
  const Mesh m = small_mesh();
  for (int n : {1, 2, 3, 6}) {
    CHECK(lattice_points(n).size() == std::size_t((n + 1) * (n + 2) / 2));
    CHECK(lattice_triangles(n).size() == std::size_t(n * n));
    const VizMesh v = make_viz_mesh(m, n);
    CHECK(v.n_tris() == 3 * n * n);
    CHECK(v.n_nodes() == 3 * (n + 1) * (n + 2) / 2);
    // Every sub-triangle is positive and they add up to the mesh's area (1 + 0.5).
    double area = 0, smallest = 1;
    for (std::int64_t t = 0; t < v.n_tris(); ++t) {
      const double a = signed_area(v.xy, &v.tri[3 * t]);
      smallest = std::min(smallest, a);
      area += a;
    }
    CHECK(smallest > 0);
    CHECK(area == doctest::Approx(1.5).epsilon(1e-14));
  }
  CHECK(viz_subdivision(0) == 1);
  CHECK(viz_subdivision(1) == 1);
  CHECK(viz_subdivision(4) == 4);
}

TEST_CASE("sampling evaluates the DG polynomial exactly at the lattice nodes") {
  const Mesh m = small_mesh();
  const int p = 2;
  // A quadratic: its projection at p = 2 is itself.
  auto f = [](double x, double y) { return 1 + x * x - 0.5 * x * y + 0.25 * y; };
  const std::vector<double> c = project(m, p, 4, [&](double x, double y, double* u) {
    u[0] = 2 + f(x, y);
    u[1] = u[0] * 0.5;                         // u = 0.5
    u[2] = -u[0] * 0.25;                       // v = -0.25
    u[3] = 2.5 + 0.5 * u[0] * (0.25 + 0.0625); // p = 1
  });
  const VizMesh v = make_viz_mesh(m, viz_subdivision(p));
  const auto fields =
      sample_fields(m, v, p, {"rho", "rhou", "rhov", "E"}, c, euler_output_fields(1.4));
  REQUIRE(fields.size() == 8);
  CHECK(fields[4].name == "u");
  CHECK(fields[7].name == "mach");
  for (std::int64_t i = 0; i < v.n_nodes(); ++i) {
    const double rho = 2 + f(v.xy[2 * i], v.xy[2 * i + 1]);
    // Values are stored as float: 1e-6 relative covers rounding of sums of O(1) terms.
    CHECK(fields[0].point[i] == doctest::Approx(rho).epsilon(1e-6));
    CHECK(fields[4].point[i] == doctest::Approx(0.5).epsilon(1e-6));
    CHECK(fields[5].point[i] == doctest::Approx(-0.25).epsilon(1e-6));
    CHECK(fields[6].point[i] == doctest::Approx(1.0).epsilon(1e-5));
    CHECK(fields[7].point[i] ==
          doctest::Approx(std::sqrt(0.3125) / std::sqrt(1.4 / rho)).epsilon(1e-5));
  }
  // Cell values are the element averages: for element 0 the average of rho over the triangle.
  const double avg0 = std::sqrt(2.0) * c[0];
  for (int s = 0; s < v.tris_per_elem; ++s) CHECK(fields[0].cell[s] == float(avg0));
}

TEST_CASE("Euler's derived fields stay finite for non-physical states") {
  const DerivedFields d = euler_output_fields(1.4);
  double out[4];
  const double vacuum[4] = {0, 0, 0, 0};
  d.eval(0, 0, 0, vacuum, out);
  for (double x : out) CHECK(std::isfinite(x));
  const double negative_p[4] = {1, 2, 0, 1}; // kinetic energy above the total
  d.eval(0, 0, 0, negative_p, out);
  CHECK(out[2] < 0);
  CHECK(out[3] == 0);
}

TEST_CASE("a snapshot round-trips through HDF5 and is refused for another mesh") {
  TempDir d("output_h5");
  const Mesh m = small_mesh();
  Snapshot s;
  s.physics = "euler";
  s.order = 1;
  s.var_names = {"rho", "rhou", "rhov", "E"};
  s.time = 0.125;
  s.step = 42;
  s.output_index = 3;
  s.case_toml = "[time]\nend = 1.0\n";
  s.build_info = "test build";
  s.cell_data = {{"bathymetry", {1.0, 2.0, 3.0}}};
  for (int i = 0; i < 4 * 3 * 3; ++i) s.coeffs.push_back(0.1 * i + 1e-17 * i * i);
  const VizMesh v = make_viz_mesh(m, 1);
  std::vector<VizField> fields(1);
  fields[0].name = "rho";
  fields[0].point.assign(std::size_t(v.n_nodes()), 1.5f);
  fields[0].cell.assign(std::size_t(v.n_tris()), 2.5f);
  const std::string path = (d / "s.h5").string();
  write_snapshot_h5(path, m, s, {&v, &fields});
  CHECK_FALSE(fs::exists(path + ".tmp"));

  const Snapshot r = read_snapshot_h5(path, m);
  CHECK(r.coeffs == s.coeffs); // bit for bit
  CHECK(r.time == s.time);
  CHECK(r.step == 42);
  CHECK(r.output_index == 3);
  CHECK(r.case_toml == s.case_toml);
  CHECK(r.build_info == "test build");
  CHECK(r.var_names == s.var_names);

  const SnapshotInfo info = read_snapshot_info(path);
  CHECK(info.viz_nodes == 9);
  CHECK(info.viz_tris == 3);
  CHECK(info.fields == std::vector<std::string>{"rho"});

  const VizSnapshot vs = read_viz_h5(path, "rho");
  CHECK(vs.field.point[4] == 1.5f);
  CHECK(vs.field.cell[2] == 2.5f);
  try {
    read_viz_h5(path, "rhoo");
    FAIL("no error for an unknown field");
  } catch (const UserError& e) {
    CHECK(e.code() == ExitCode::bad_case);
    CHECK(std::string(e.what()).find("did you mean 'rho'") != std::string::npos);
  }

  Mesh moved = m;
  moved.x[4] = 2.5;
  Mesh other = m;
  std::swap(other.tri[2][0], other.tri[2][1]);
  for (const Mesh* bad : {&moved, &other}) {
    try {
      read_snapshot_h5(path, *bad);
      FAIL("no error for another mesh");
    } catch (const UserError& e) {
      CHECK(e.code() == ExitCode::mismatch);
      CHECK(std::string(e.what()).find("another mesh") != std::string::npos);
    }
  }
}

TEST_CASE("the XDMF sidecar and the Gmsh file describe the viewable mesh and every field") {
  TempDir d("output_text");
  const Mesh m = small_mesh();
  const VizMesh v = make_viz_mesh(m, 2);
  std::vector<VizField> fields;
  for (const char* n : {"rho", "p"}) {
    VizField f{n, {}, {}};
    for (std::int64_t i = 0; i < v.n_nodes(); ++i) f.point.push_back(float(i));
    f.cell.assign(std::size_t(v.n_tris()), 0.5f);
    fields.push_back(f);
  }
  XdmfGrid g{"s.h5", 0.5, 7, v.n_nodes(), v.n_tris(), {"rho", "p"}};
  write_xdmf((d / "s.xdmf").string(), g);
  write_xdmf_series((d / "t.xdmf").string(), {g, g});
  const std::string x = read_file(d / "s.xdmf");
  CHECK(count(x, "<Attribute ") == 4);
  CHECK(count(x, "Center=\"Node\"") == 2);
  CHECK(count(x, "Center=\"Cell\"") == 2);
  CHECK(x.find("NumberOfElements=\"12\"") != std::string::npos);
  CHECK(x.find("Dimensions=\"18 2\"") != std::string::npos);
  CHECK(x.find("s.h5:/viz/point/rho") != std::string::npos);
  CHECK(x.find("s.h5:/viz/cell/p") != std::string::npos);
  CHECK(x.find("<Time Value=\"0.5\"/>") != std::string::npos);
  const std::string t = read_file(d / "t.xdmf");
  CHECK(count(t, "CollectionType=\"Temporal\"") == 1);
  CHECK(count(t, "<Grid Name=\"step 7\"") == 2);

  write_msh((d / "s.msh").string(), v, fields, {0.5, 3});
  const std::string msh = read_file(d / "s.msh");
  CHECK(msh.rfind("$MeshFormat\n4.1 0 8\n", 0) == 0);
  CHECK(count(msh, "$ElementNodeData") == 2);
  CHECK(msh.find("$Nodes\n1 18 1 18\n") != std::string::npos);
  CHECK(msh.find("$Elements\n1 12 1 12\n2 1 2 12\n") != std::string::npos);
  CHECK(msh.find("\"p\"\n1\n0.5\n3\n3\n1\n12\n") != std::string::npos);
  // Sub-triangle 1 of element 0 (lattice nodes 1, 4, 3) carries the node values 1, 4, 3.
  CHECK(msh.find("\n2 3 1 4 3\n") != std::string::npos);
  CHECK_FALSE(fs::exists(d / "s.msh.tmp"));
}

TEST_CASE("a run writes files h5py reads, with mesh, coefficients, case and build info") {
  TempDir d("output_h5py");
  write_file(d / "case.toml", square_case("\n[output]\ninterval = 0.01\n", "end = 0.02"));
  const CmdResult r = run_tridg(
      "run " + quote((d / "case.toml").string()) + " -o " + quote((d / "o").string()), d.path);
  REQUIRE(r.code == 0);
  for (const char* f : {"solution_0000.h5", "solution_0002.xdmf", "solution_0002.msh", "final.h5",
                        "final.xdmf", "final.msh", "time_series.xdmf", "summary.json"})
    CHECK(fs::exists(d / "o" / f));
  CHECK_FALSE(fs::exists(d / "o" / "solution_0003.h5"));
  // The summary table on stderr.
  CHECK(r.err.find("run summary") != std::string::npos);
  CHECK(r.err.find("files written") != std::string::npos);
  check_with_h5py(d, R"py(import sys, h5py
f = h5py.File(sys.argv[1], "r")
c = f["solution/coefficients"]
n = f["mesh/triangles"].shape[0]
assert c.shape == (4, 3, n), c.shape
assert abs(f["solution"].attrs["time"] - 0.02) < 1e-15
assert f["solution"].attrs["physics"] == b"euler"
assert b"[initial]" in f.attrs["case"]
assert b"orders" in f.attrs["build_info"]
names = [x.decode() for x in f["viz/fields"][()]]
assert names == ["rho", "rhou", "rhov", "E", "u", "v", "p", "mach"], names
rho = f["viz/point/rho"][()]
assert rho.shape == (f["viz/nodes"].shape[0],)
assert abs(rho.mean() - 1.0) < 1e-5, rho.mean()
print("ok")
)py",
                  d / "o" / "final.h5");
}

TEST_CASE("a shallow-water run shows velocity, water surface and bathymetry") {
  // The lake at rest over an emerged bump: in the deep water the surface eta = h + b is the
  // still level 0 (shore cells, kept at p = 0, show their mean depth over the bed instead),
  // velocities are 0 everywhere, and the bathymetry field holds the bed's element averages.
  TempDir d("output_sw");
  const CmdResult r =
      run_tridg("run " + quote(source_path("cases/lake_at_rest.toml")) +
                    " --device cpu --set time.steps=2 -o " + quote((d / "o").string()),
                d.path);
  REQUIRE(r.code == 0);
  check_with_h5py(d, R"py(import sys, h5py, numpy as np
f = h5py.File(sys.argv[1], "r")
names = [x.decode() for x in f["viz/fields"][()]]
assert names == ["h", "hu", "hv", "u", "v", "eta", "bathymetry"], names
h = f["viz/point/h"][()]
eta = f["viz/point/eta"][()]
b = f["viz/cell/bathymetry"][()]
deep = h > 0.1
assert deep.sum() > 0 and (h < 1e-9).sum() > 0, "the bump must emerge"
assert np.abs(eta[deep]).max() < 1e-12, np.abs(eta[deep]).max()
assert np.abs(f["viz/point/u"][()]).max() < 1e-6
assert b.max() > 0.1 and b.min() < -0.15, (b.min(), b.max())
print("ok")
)py",
                  d / "o" / "final.h5");
}
