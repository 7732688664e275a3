#include "io/grid_stack.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "io/error.hpp"

namespace tridg {

GridStack::GridStack(std::vector<GridLayer> layers, GridFill fill)
    : layers_(std::move(layers)), fill_(fill) {
  if (layers_.empty()) fail(ExitCode::bad_case, "bathymetry: no grids given");
  std::stable_sort(layers_.begin(), layers_.end(), [](const GridLayer& a, const GridLayer& b) {
    if (a.priority != b.priority) return a.priority > b.priority;
    return a.spacing < b.spacing;
  });
}

double GridStack::operator()(double x, double y) const {
  for (const GridLayer& l : layers_) {
    const double v = l.value(x, y);
    if (!std::isnan(v)) return v;
  }
  switch (fill_.kind) {
  case GridFill::Kind::value:
    return fill_.value;
  case GridFill::Kind::nearest: {
    const double v = layers_.back().nearest(x, y);
    if (!std::isnan(v)) return v;
    break;
  }
  case GridFill::Kind::none:
    break;
  }
  std::string tried;
  for (const GridLayer& l : layers_) tried += (tried.empty() ? "" : ", ") + l.name;
  fail(ExitCode::bad_case,
       fmt::format("bathymetry: no grid has a value at ({}, {}) (tried {}){}", x, y, tried,
                   fill_.kind == GridFill::Kind::none
                       ? "; add a grid that covers it or set fill = \"nearest\" or fill = "
                         "ELEVATION in [bathymetry]"
                       : ""));
}

} // namespace tridg
