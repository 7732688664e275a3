#include "physics/linear_shallow_water/boundaries.hpp"

#include "physics/shallow_water/boundaries.hpp"
#include "solver/boundary_setup.hpp"

namespace tridg {

void read_lsw_boundaries(const Config& cfg, const Mesh& mesh, int order,
                         Problem<LswBoundary<double>>& pb) {
  BoundaryReader<LswBoundary<double>> reader(cfg, mesh, order,
                                             {"wall", "level", "absorbing", "outflow"});
  reader.for_each([&](const Config& b, const std::string& type, LswBoundary<double>& bc,
                      std::vector<double>& table) {
    if (type == "wall") {
      bc.kind = LswBcKind::wall;
    } else if (type == "outflow") {
      bc.kind = LswBcKind::outflow;
    } else if (type == "absorbing") {
      bc.kind = LswBcKind::absorbing;
      bc.absorbing.level = b.get_double_in("level", Config::Interval::closed(-1e4, 1e4), 0.0);
    } else { // level
      bc.kind = LswBcKind::level;
      bc.level.level = read_water_level(cfg, b, table);
    }
  });
  pb.boundaries = reader.boundaries();
  pb.bc_tables = reader.tables();
}

} // namespace tridg
