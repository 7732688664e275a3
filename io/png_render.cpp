#include "io/png_render.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>

#include "io/atomic_file.hpp"
#include "io/error.hpp"
#include "io/output_plot.hpp"

namespace tridg {

namespace fs = std::filesystem;

namespace {

std::string shell_quote(const std::string& s) {
  std::string o = "'";
  for (char c : s) o += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return o + "'";
}

} // namespace

GmshPicture::GmshPicture(std::string png, int width, int height, bool keep)
    : png_(std::move(png)), width_(width), height_(height), keep_(keep) {
  gmsh_ = find_program("gmsh");
  xvfb_ = find_program("xvfb-run");
  if (gmsh_.empty())
    fail(ExitCode::io_error,
         "cannot render: the program 'gmsh' is not on PATH (Debian: apt-get install gmsh)");
  if (xvfb_.empty())
    fail(ExitCode::io_error, "cannot render: the program 'xvfb-run' is not on PATH (Debian: "
                             "apt-get install xvfb xauth)");
  if (fs::path(png_).extension() != ".png")
    fail(ExitCode::bad_case, png_ + ": the picture's name must end in .png");
  std::error_code ec;
  const fs::path abs = fs::absolute(png_);
  if (!fs::is_directory(abs.parent_path(), ec))
    fail(ExitCode::io_error,
         png_ + ": the folder " + abs.parent_path().string() + " does not exist");
  std::string tmpl = (fs::temp_directory_path() / "tridg-plot-XXXXXX").string();
  if (!::mkdtemp(tmpl.data()))
    fail(ExitCode::io_error,
         "cannot create a temporary folder in " + fs::temp_directory_path().string());
  dir_ = tmpl;
}

GmshPicture::~GmshPicture() {
  std::error_code e;
  if (keep_)
    spdlog::info("kept the Gmsh files in {}", dir_.string());
  else
    fs::remove_all(dir_, e);
}

std::string GmshPicture::axes(const std::string& x, const std::string& y, int digits) {
  std::string s = "General.SmallAxes = 0;\nGeneral.Axes = 2;\n";
  s += fmt::format("General.AxesLabelX = \"{}\";\nGeneral.AxesLabelY = \"{}\";\n",
                   gmsh_script_text(x), gmsh_script_text(y));
  s +=
      fmt::format("General.AxesFormatX = \"%.{0}g\";\nGeneral.AxesFormatY = \"%.{0}g\";\n", digits);
  s += "General.AxesTicsX = 6;\nGeneral.AxesTicsY = 6;\n";
  return s;
}

void GmshPicture::render(const std::string& script) const {
  std::string geo = "General.Terminal = 0;\nGeneral.MenuWidth = 0;\n";
  geo +=
      fmt::format("General.GraphicsWidth = {};\nGeneral.GraphicsHeight = {};\n", width_, height_);
  // Printed into a temporary name, copied into place below.
  geo += script + "Print \"out.png\";\nExit;\n";
  write_text_file((dir_ / "script.geo").string(), geo);
  const fs::path png_tmp = dir_ / "out.png";
  const std::string cmd =
      fmt::format("cd {} && {} -a -s {} {} -nopopup script.geo > gmsh.log 2>&1 < /dev/null",
                  shell_quote(dir_.string()), shell_quote(xvfb_),
                  shell_quote(fmt::format("-screen 0 {}x{}x24", width_ + 64, height_ + 256)),
                  shell_quote(gmsh_));
  spdlog::debug("running: {}", cmd);
  const int rc = std::system(cmd.c_str());
  std::error_code ec;
  if (rc != 0 || !fs::exists(png_tmp, ec) || fs::file_size(png_tmp, ec) == 0) {
    std::string last;
    std::ifstream log(dir_ / "gmsh.log");
    for (std::string line; std::getline(log, line);)
      if (!line.empty()) last = line;
    fail(ExitCode::io_error, "gmsh did not render " + png_ + " (exit status " + std::to_string(rc) +
                                 (last.empty() ? "" : "; it said: " + last) + ")");
  }
  TempFile out(fs::absolute(png_).string()); // removed again if the copy fails
  fs::copy_file(png_tmp, out.tmp(), fs::copy_options::overwrite_existing, ec);
  if (ec) fail(ExitCode::io_error, png_ + ": cannot write: " + ec.message());
  out.commit();
}

} // namespace tridg
