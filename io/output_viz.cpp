#include "io/output_viz.hpp"

#include <algorithm>

namespace tridg {

namespace {

int lattice_index(int n, int i, int j) {
  return j * (n + 1) - j * (j - 1) / 2 + i;
}

} // namespace

std::vector<std::array<double, 2>> lattice_points(int n) {
  std::vector<std::array<double, 2>> pts;
  for (int j = 0; j <= n; ++j)
    for (int i = 0; i <= n - j; ++i) pts.push_back({double(i) / n, double(j) / n});
  return pts;
}

std::vector<std::array<int, 3>> lattice_triangles(int n) {
  std::vector<std::array<int, 3>> t;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n - j; ++i) {
      t.push_back({lattice_index(n, i, j), lattice_index(n, i + 1, j), lattice_index(n, i, j + 1)});
      if (i + j < n - 1)
        t.push_back({lattice_index(n, i + 1, j), lattice_index(n, i + 1, j + 1),
                     lattice_index(n, i, j + 1)});
    }
  return t;
}

int viz_subdivision(int order) {
  return std::max(1, order);
}

VizMesh make_viz_mesh(const Mesh& mesh, int subdivision) {
  VizMesh v;
  v.subdivision = subdivision;
  v.n_elems = mesh.n_elems();
  const auto pts = lattice_points(subdivision);
  const auto tris = lattice_triangles(subdivision);
  v.nodes_per_elem = int(pts.size());
  v.tris_per_elem = int(tris.size());
  v.xy.resize(2 * std::size_t(v.n_elems) * pts.size());
  v.tri.resize(3 * std::size_t(v.n_elems) * tris.size());
  for (int k = 0; k < v.n_elems; ++k) {
    const auto& t = mesh.tri[k];
    const double x0 = mesh.x[t[0]], y0 = mesh.y[t[0]];
    const double ax = mesh.x[t[1]] - x0, ay = mesh.y[t[1]] - y0;
    const double bx = mesh.x[t[2]] - x0, by = mesh.y[t[2]] - y0;
    const std::size_t base = std::size_t(k) * pts.size();
    for (std::size_t q = 0; q < pts.size(); ++q) {
      const auto [r, s] = pts[q];
      v.xy[2 * (base + q)] = x0 + ax * r + bx * s;
      v.xy[2 * (base + q) + 1] = y0 + ay * r + by * s;
    }
    for (std::size_t q = 0; q < tris.size(); ++q)
      for (int c = 0; c < 3; ++c)
        v.tri[3 * (std::size_t(k) * tris.size() + q) + c] = std::int32_t(base + tris[q][c]);
  }
  return v;
}

} // namespace tridg
