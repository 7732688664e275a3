#include "physics/shallow_water/boundaries.hpp"

#include "io/time_series.hpp"
#include "solver/boundary_setup.hpp"

namespace tridg {

double read_water_level(const Config& cfg, const Config& b, std::vector<double>& table) {
  if (b.has("file") == b.has("level"))
    b.error("level", "give either level = <number> or file = \"<time series>\"");
  if (b.has("level")) return b.get_double_in("level", Config::Interval::closed(-1e4, 1e4));
  const TimeSeries ts = read_time_series(cfg.case_relative(b.get_string("file")));
  // [n, t..., eta...]: interpolated in time on the device by the boundary kernel
  // (physics/shallow_water/bc_level.hpp).
  table.push_back(double(ts.t.size()));
  table.insert(table.end(), ts.t.begin(), ts.t.end());
  table.insert(table.end(), ts.v.begin(), ts.v.end());
  return b.get_double("still_level", 0.0);
}

void read_sw_boundaries(const Config& cfg, const Mesh& mesh, int order,
                        Problem<SwBoundary<double>>& pb) {
  BoundaryReader<SwBoundary<double>> reader(cfg, mesh, order,
                                            {"wall", "level", "absorbing", "outflow", "initial"});
  reader.for_each([&](const Config& b, const std::string& type, SwBoundary<double>& bc,
                      std::vector<double>& table) {
    if (type == "wall") {
      bc.kind = SwBcKind::wall;
    } else if (type == "outflow") {
      bc.kind = SwBcKind::outflow;
    } else if (type == "initial") {
      // The initial state held at the boundary (a steady flow's exact state, for example).
      bc.kind = SwBcKind::initial;
      table = reader.tabulate<3>(bc, [&](double x, double y, double* u) { pb.initial(x, y, u); });
    } else if (type == "absorbing") {
      bc.kind = SwBcKind::absorbing;
      bc.absorbing.level = b.get_double_in("level", Config::Interval::closed(-1e4, 1e4), 0.0);
    } else { // level
      bc.kind = SwBcKind::level;
      bc.level.level = read_water_level(cfg, b, table);
    }
  });
  pb.boundaries = reader.boundaries();
  pb.bc_tables = reader.tables();
}

} // namespace tridg
