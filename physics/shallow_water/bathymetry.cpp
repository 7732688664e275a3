#include "physics/shallow_water/bathymetry.hpp"

#include <filesystem>

#include "io/expression.hpp"
#include "io/xyz_grid.hpp"
#include "solver/boundary_setup.hpp"

namespace tridg {

Bathymetry::Bathymetry(double b0) : f_([b0](double, double) { return b0; }) {
  what_ = "flat bed at " + std::to_string(b0);
}

Bathymetry Bathymetry::from_function(std::function<double(double, double)> f, std::string what) {
  Bathymetry b;
  b.f_ = std::move(f);
  b.what_ = std::move(what);
  return b;
}

Bathymetry Bathymetry::read(const Config& t, const Config& root) {
  namespace fs = std::filesystem;
  const int given = int(t.has("elevation")) + int(t.has("depth")) + int(t.has("file"));
  if (given != 1)
    t.error(t.has("file") ? "file" : "elevation",
            "give exactly one of elevation = \"expression\", depth = \"expression\" or "
            "file = \"grid.xyz\"");
  Bathymetry b;
  if (t.has("file")) {
    const fs::path f = t.get_string("file");
    const fs::path path =
        f.is_absolute() ? f : (fs::path(root.source()).parent_path() / f).lexically_normal();
    const std::string values = t.get_choice("values", {"depth", "elevation"}, "depth");
    auto grid = std::make_shared<XyzGrid>(read_xyz_grid(path.string()));
    const double sign = values == "depth" ? -1.0 : 1.0;
    b.f_ = [grid, sign](double x, double y) { return sign * (*grid)(x, y); };
    b.what_ = path.string() + " (" + std::to_string(grid->xs.size()) + " x " +
              std::to_string(grid->ys.size()) + " grid, " + values + ")";
    return b;
  }
  const bool depth = t.has("depth");
  const std::string key = depth ? "depth" : "elevation";
  auto e = std::make_shared<Expression>(t.get_expression(key), std::vector<std::string>{"x", "y"},
                                        t.where(key), case_constants(root));
  const double sign = depth ? -1.0 : 1.0;
  b.f_ = [e, sign](double x, double y) {
    const double xy[2] = {x, y};
    return sign * e->eval(xy);
  };
  b.what_ = key + " = " + e->text();
  return b;
}

} // namespace tridg
