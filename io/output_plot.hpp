#pragma once
// Headless pictures of a solution field through Gmsh: a temporary .msh with one view and a .geo
// script that sets the view up and prints a PNG, run as `xvfb-run -a gmsh script.geo`.
#include <array>
#include <optional>
#include <string>

namespace tridg {

struct PlotOptions {
  std::string input; // solution .h5
  std::string field = "rho";
  std::string output; // .png; empty: <input stem>_<field>.png beside the input
  std::optional<std::array<double, 2>> range; // colour range; default: the data's
  std::optional<std::array<double, 4>> crop;  // x0, x1, y0, y1
  int width = 1200, height = 0;               // height 0: from the aspect ratio
  bool cell = false;                          // element averages instead of the exact node values
  bool keep = false; // keep the temporary .msh/.geo (their folder is printed)
};

// Renders and returns the PNG's path. Errors: UserError(bad_case) for a bad file or field,
// UserError(io_error) when gmsh or xvfb-run is missing or fails.
std::string render_plot(const PlotOptions& opt);

// Where `program` is on PATH, or "" when it is not.
std::string find_program(const std::string& program);

// `text` as it may stand inside a quoted string of a Gmsh script: only letters, digits and
// " _.,=()+-" are kept, anything else becomes '_', so that a name from a file (a field's) can
// neither end the string nor start a command.
std::string gmsh_script_text(const std::string& text);

} // namespace tridg
