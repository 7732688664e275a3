// Damaged rasters read through GDAL, as bathymetry and as the initial surface: truncated and
// byte-flipped copies of the benchmark's GeoTIFF (data/okushiri/HNO1993.tif) and of an ESRI
// ASCII grid, and rasters that declare a huge grid, given to `tridg run`. Every variant must end
// with a documented exit code and a one-line error, or run; none may crash or hang, and nothing
// may be written beside the raster (GDAL's .aux.xml). The variants come from a fixed seed.
#include <doctest/doctest.h>

#include <random>
#include <set>

#include "cli_run.hpp"
#include "fuzz_loop.hpp"
#include "io/raster.hpp"

using namespace tridg_test;

namespace {

// Flips within the first 4 kB hit the header and the tag directory.
const Mutation mutate = truncate_or_flip(4096);

// A one-step run on the geographic box (139-140 E, 42-43 N) whose surface or bed is `raster`.
std::string case_text(const std::string& raster, bool surface) {
  return "[physics]\ntype = \"shallow_water\"\n[mesh]\nfile = " +
         quote(source_path("meshes/geographic_box.geo")) +
         "\ncoordinates = \"geographic\"\n[discretization]\norder = 1\n[time]\nscheme = "
         "\"ssprk2\"\nsteps = 1\n[bathymetry]\n" +
         (surface ? std::string("depth = \"100\"\n")
                  : "file = \"" + raster + "\"\nvalues = \"depth\"\n") +
         "[initial]\ntype = \"level\"\n" +
         (surface ? "surface = \"" + raster + "\"\nsurface_outside = 0\n" : std::string()) +
         "[boundary.wall]\ntype = \"wall\"\n[output]\ninterval = 0\nhdf5 = false\ngmsh = false\n";
}

void fuzz(const TempDir& d, const std::string& original, const std::string& name, bool surface,
          int count, unsigned seed) {
  write_file(d / "case.toml", case_text(name, surface));
  fuzz_variants(d, original, name,
                "run " + quote((d / "case.toml").string()) + " -o " + quote((d / "out").string()),
                count, {0, 3}, seed, mutate,
                [&] { CHECK_FALSE(fs::exists(d / (name + ".aux.xml"))); });
}

} // namespace

TEST_CASE("fuzz: damaged GeoTIFF and ESRI ASCII rasters as surface and bed") {
  if (!tridg::have_gdal()) return; // every raster is then one error (tests/test_grid_raster.cpp)
  TempDir d("fuzz_raster");
  fuzz(d, read_file(source_path("data/okushiri/HNO1993.tif")), "s.tif", true, 12, 11);
  std::string asc = "ncols 12\nnrows 12\nxllcorner 138.9\nyllcorner 41.9\ncellsize 0.1\n"
                    "NODATA_value -9999\n";
  for (int j = 0; j < 12; ++j) {
    for (int i = 0; i < 12; ++i) asc += std::to_string(100 + i + j) + " ";
    asc += "\n";
  }
  fuzz(d, asc, "b.asc", false, 12, 12);
}

TEST_CASE("fuzz: rasters that declare a huge grid or hold nothing are clean errors") {
  if (!tridg::have_gdal()) return;
  TempDir d("fuzz_raster_huge");
  // 90,000 x 90,000 cells declared in a few bytes: refused before any allocation.
  write_file(d / "huge.asc", "ncols 90000\nnrows 90000\nxllcorner 0\nyllcorner 0\ncellsize 1\n1\n");
  write_file(d / "case.toml", case_text("huge.asc", false));
  CmdResult r = run_tridg("run " + quote((d / "case.toml").string()), d.path);
  INFO(r.err);
  CHECK(r.code == 3);
  // Only nodata over the mesh.
  std::string asc = "ncols 3\nnrows 3\nxllcorner 138.9\nyllcorner 41.9\ncellsize 0.5\n"
                    "NODATA_value -9999\n";
  for (int k = 0; k < 9; ++k) asc += "-9999 ";
  write_file(d / "empty.asc", asc + "\n");
  write_file(d / "case.toml", case_text("empty.asc", false));
  r = run_tridg("run " + quote((d / "case.toml").string()), d.path);
  CHECK(r.code == 3);
  CHECK(r.last_line().find("empty.asc: holds no value (only missing ones) over the mesh") !=
        std::string::npos);
  // A directory and a FIFO given as the raster.
  fs::create_directory(d / "dir.tif");
  write_file(d / "case.toml", case_text("dir.tif", true));
  r = run_tridg("run " + quote((d / "case.toml").string()), d.path);
  CHECK(r.code == 3);
  CHECK(r.last_line().find("dir.tif: cannot open the file") != std::string::npos);
}
