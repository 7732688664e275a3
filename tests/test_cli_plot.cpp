// `tridg plot`: a PNG of the requested size from a solution file through headless Gmsh, clear
// errors for an unknown field and when gmsh or xvfb-run is missing.
#include <doctest/doctest.h>

#include <cstdint>

#include "cli_run.hpp"
#include "io/output_plot.hpp"

using namespace tridg_test;

namespace {

// Width and height from a PNG's IHDR chunk; 0, 0 when the file is no PNG.
std::pair<std::uint32_t, std::uint32_t> png_size(const std::string& d) {
  if (d.size() < 24 || d.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0 || d.compare(12, 4, "IHDR") != 0)
    return {0, 0};
  auto be = [&](std::size_t i) {
    return std::uint32_t(std::uint8_t(d[i])) << 24 | std::uint32_t(std::uint8_t(d[i + 1])) << 16 |
           std::uint32_t(std::uint8_t(d[i + 2])) << 8 | std::uint32_t(std::uint8_t(d[i + 3]));
  };
  return {be(16), be(20)};
}

} // namespace

TEST_CASE("plot renders a field to PNG, or says clearly why not") {
  TempDir d("cli_plot");
  REQUIRE(run_tridg("run " + quote(source_path("cases/sod.toml")) +
                        " --set mesh.size=4 --set time.end=0.05 --set output.gmsh=false -q -o " +
                        quote((d / "o").string()),
                    d.path)
              .code == 0);
  const std::string h5 = quote((d / "o" / "final.h5").string());

  const CmdResult unknown = run_tridg("plot " + h5 + " -f rhoo", d.path);
  CHECK(unknown.code == 3);
  CHECK(unknown.last_line().find("did you mean 'rho'") != std::string::npos);
  CHECK(unknown.last_line().find("mach") != std::string::npos); // lists the fields

  const CmdResult no_tools = run_tridg("plot " + h5, d.path, "PATH=/nonexistent");
  CHECK(no_tools.code == 5);
  CHECK(no_tools.last_line().find("'gmsh'") != std::string::npos);

  const CmdResult size = run_tridg("plot " + h5 + " --size 12x", d.path);
  CHECK(size.code == 3);
  CHECK(size.last_line().find("--size") != std::string::npos);

  if (std::system("command -v gmsh > /dev/null && command -v xvfb-run > /dev/null") != 0) {
    MESSAGE("gmsh or xvfb-run is missing: rendering is not tested");
    return;
  }
  const fs::path png = d / "rho.png";
  const CmdResult r =
      run_tridg("plot " + h5 + " -f rho --size 640x240 -o " + quote(png.string()), d.path);
  INFO(r.err);
  REQUIRE(r.code == 0);
  CHECK(png_size(read_file(png)) == std::pair<std::uint32_t, std::uint32_t>{640, 240});
  // Default name beside the input, a crop, a fixed range and cell values.
  const CmdResult c =
      run_tridg("plot " + h5 + " -f mach --crop 0.3,0.7,0,0.1 --range 0,1 --cell", d.path);
  INFO(c.err);
  CHECK(c.code == 0);
  CHECK(png_size(read_file(d / "o" / "final_mach.png")).first == 1200);
  const CmdResult outside = run_tridg("plot " + h5 + " --crop 5,6,5,6", d.path);
  CHECK(outside.code == 3);
  CHECK(outside.last_line().find("--crop") != std::string::npos);
}

TEST_CASE("a field's name from a file reaches Gmsh's script and the PNG's name harmless") {
  // Names are checked against the file's list, but the file may come from anyone.
  const std::string evil = "a\"; SystemCall \"touch x\"; b=\"../../y";
  const std::string safe = tridg::gmsh_script_text(evil);
  CHECK(safe.find_first_of("\";/\\\n") == std::string::npos);
  CHECK(safe.size() == evil.size());
  CHECK(tridg::gmsh_script_text("max_height(t=1.5)") == "max_height(t=1.5)");
}
