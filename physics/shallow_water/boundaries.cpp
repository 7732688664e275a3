#include "physics/shallow_water/boundaries.hpp"

#include "io/time_series.hpp"
#include "solver/boundary_setup.hpp"

namespace tridg {

void read_sw_boundaries(const Config& cfg, const Mesh& mesh, int order, Problem<3>& pb) {
  BoundaryReader<3> reader(cfg, mesh, order, {"wall", "level", "absorbing", "outflow", "initial"});
  reader.for_each([&](const Config& b, const std::string& type, BoundaryParams<double, 3>& bc,
                      std::vector<double>& table) {
    if (type == "wall") {
      bc.kind = BcKind::wall;
    } else if (type == "outflow") {
      bc.kind = BcKind::outflow;
    } else if (type == "initial") {
      // The initial state held at the boundary (a steady flow's exact state, for example).
      bc.kind = BcKind::tabulated;
      table = reader.tabulate(bc, [&](double x, double y, double* u) { pb.initial(x, y, u); });
    } else if (type == "absorbing") {
      bc.kind = BcKind::absorbing;
      bc.level = b.get_double_in("level", Config::Interval::closed(-1e4, 1e4), 0.0);
    } else { // level
      bc.kind = BcKind::inflow;
      if (b.has("file") == b.has("level"))
        b.error("level", "give either level = <number> or file = \"<time series>\"");
      if (b.has("level")) {
        bc.level = b.get_double_in("level", Config::Interval::closed(-1e4, 1e4));
      } else {
        const TimeSeries ts = read_time_series(cfg.case_relative(b.get_string("file")));
        // [n, t..., eta...]: interpolated in time on the device by the boundary kernel
        // (physics/shallow_water/bc_level.hpp).
        table.push_back(double(ts.t.size()));
        table.insert(table.end(), ts.t.begin(), ts.t.end());
        table.insert(table.end(), ts.v.begin(), ts.v.end());
        bc.level = b.get_double("still_level", 0.0); // absorbing about it after the series
      }
    }
  });
  pb.boundaries = reader.boundaries();
  pb.bc_tables = reader.tables();
}

} // namespace tridg
