#pragma once
// Binds the case file's [boundary.NAME] tables to the mesh's boundary groups, for any physics: the
// physics' case reader maps each type name to a condition of its own.
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "core/quadrature.hpp"
#include "io/config.hpp"
#include "io/error.hpp"
#include "io/expression.hpp"
#include "io/mesh.hpp"
#include "kernels/boundary.hpp"
#include "solver/projection.hpp"

namespace tridg {

// The case's [constants] table (empty without one).
inline Expression::Constants case_constants(const Config& cfg) {
  return cfg.has("constants") ? read_constants(cfg.table("constants"), {"x", "y", "t"})
                              : Expression::Constants{};
}

// Bc: the physics' boundary groups in double (its Boundary<double>).
template <class Bc> class BoundaryReader {
public:
  using Handler = std::function<void(const Config& b, const std::string& type, Bc& bc,
                                     std::vector<double>& table)>;

  BoundaryReader(const Config& cfg, const Mesh& mesh, int order, std::vector<std::string> types)
      : cfg_(cfg), mesh_(mesh), order_(order), types_(std::move(types)) {
    types_.push_back("periodic");
  }

  // Calls `h` for every boundary group of the mesh with its [boundary.NAME] table; checks that
  // the case names no group the mesh lacks (periodic ones aside, which the mesh has matched).
  void for_each(const Handler& h) {
    if (!mesh_.groups.empty() && !cfg_.has("boundary"))
      fail(ExitCode::mismatch,
           cfg_.source() + ": no [boundary.*] tables, but the mesh has the groups " + group_list());
    std::set<std::string> seen;
    for (const BoundaryGroup& g : mesh_.groups) {
      const std::string key = "boundary." + g.name;
      if (!cfg_.has(key))
        fail(ExitCode::mismatch, cfg_.source() + ": the mesh has the boundary group '" + g.name +
                                     "' but the case has no [boundary." + g.name +
                                     "] (case groups: " + case_list() + ")");
      const Config b = cfg_.table(key);
      const std::string type = b.get_choice("type", types_);
      if (type == "periodic")
        b.error("type", "the mesh group '" + g.name + "' is not periodic in the mesh (declare " +
                            "Periodic Curve in the .geo)");
      Bc bc;
      bc.first = g.first;
      bc.count = g.count;
      std::vector<double> table;
      group_ = &g;
      h(b, type, bc, table);
      group_ = nullptr;
      bcs_.push_back(bc);
      tables_.push_back(std::move(table));
      seen.insert(g.name);
    }
    if (cfg_.has("boundary"))
      for (const std::string& name : cfg_.table("boundary").keys()) {
        if (seen.count(name)) continue;
        const Config b = cfg_.table("boundary." + name);
        if (b.get_string("type", "") == "periodic" && mesh_.n_periodic_edges > 0) continue;
        fail(ExitCode::mismatch,
             cfg_.source() + ":" + std::to_string(cfg_.line("boundary." + name)) + ": [boundary." +
                 name + "] names no boundary group of the mesh (mesh groups: " + group_list() +
                 ")");
      }
  }

  // Ghost states of M variables at the Gauss points of the group's edges, [M][NF][count]; marks
  // the group's table as per point.
  template <int M> std::vector<double> tabulate(BoundaryEdges& bc, const PointFunction& f) const {
    bc.per_point = true;
    const LineRule lr = gauss_legendre(order_ + 1);
    const int nf = order_ + 1;
    std::vector<double> t(static_cast<std::size_t>(M) * nf * bc.count);
    double u[M];
    for (int i = 0; i < bc.count; ++i) {
      const Edge& e = mesh_.edges[bc.first + i];
      for (int q = 0; q < nf; ++q) {
        const double x = mesh_.x[e.n0] + lr.t[q] * (mesh_.x[e.n1] - mesh_.x[e.n0]);
        const double y = mesh_.y[e.n0] + lr.t[q] * (mesh_.y[e.n1] - mesh_.y[e.n0]);
        f(x, y, u);
        for (int v = 0; v < M; ++v) t[(std::size_t(v) * nf + q) * bc.count + i] = u[v];
      }
    }
    return t;
  }

  // The group whose table the handler of for_each is reading (a part may hold none of its edges).
  const BoundaryGroup& group() const { return *group_; }
  const std::vector<Bc>& boundaries() const { return bcs_; }
  const std::vector<std::vector<double>>& tables() const { return tables_; }

private:
  std::string group_list() const {
    std::string s;
    for (const auto& g : mesh_.groups) s += (s.empty() ? "" : ", ") + g.name;
    return s.empty() ? "none" : s;
  }
  std::string case_list() const {
    std::string s;
    if (cfg_.has("boundary"))
      for (const auto& k : cfg_.table("boundary").keys()) s += (s.empty() ? "" : ", ") + k;
    return s.empty() ? "none" : s;
  }

  Config cfg_;
  const Mesh& mesh_;
  int order_;
  std::vector<std::string> types_;
  const BoundaryGroup* group_ = nullptr;
  std::vector<Bc> bcs_;
  std::vector<std::vector<double>> tables_;
};

} // namespace tridg
