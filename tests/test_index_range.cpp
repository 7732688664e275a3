// The 32-bit indices of the explicit kernels: a mesh whose largest indexed array would pass
// 2^31 - 1 entries on one process is refused with a line that names the mesh, the array and the
// largest count that fits; one that just fits is accepted.
#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <string>

#include "core/dg_tables.hpp"
#include "io/error.hpp"
#include "mesh_checks.hpp"
#include "physics/shallow_water/bed_layout.hpp"
#include "solver/index_range.hpp"

using namespace tridg;

namespace {

constexpr std::int64_t kLimit = std::numeric_limits<std::int32_t>::max();

// Counts only: the check reads the sizes, not the arrays.
MeshArrays counts(std::int64_t elems, int n_aux, int n_edge_aux) {
  MeshArrays a;
  a.n_elems = int(elems);
  a.n_edges = int(elems * 3 / 2); // a large mesh has about 1.5 edges per element
  a.n_bedges = 0;
  a.n_aux = n_aux;
  a.n_edge_aux = n_edge_aux;
  return a;
}

void check(const MeshArrays& a, int vars, int modes, int edge_points) {
  check_index_range(a, vars, modes, edge_points, "big.h5");
}

// The line a refused mesh gets (exit code bad_mesh).
std::string refusal(const MeshArrays& a, int vars, int modes, int edge_points) {
  return test::user_error_of([&] { check(a, vars, modes, edge_points); });
}

} // namespace

TEST_CASE("index range: shallow water at p = 3 on the sphere, the bed's rows decide") {
  // 176 rows per element: 12,201,611 elements fit, one more does not.
  constexpr SwAuxLayout L = sw_aux_layout<3>();
  const int rows = L.rows_geographic(), edge_rows = sw_edge_aux_rows_geographic(L.nf);
  CHECK(rows == 176);
  const std::int64_t most = kLimit / rows;
  const MeshArrays fits = counts(most, rows, edge_rows);
  CHECK(largest_indexed_array(fits, 3, Order<3>::NP, Order<3>::NF).name ==
        "the physics' data per element");
  CHECK_NOTHROW(check(fits, 3, Order<3>::NP, Order<3>::NF));
  const std::string e = refusal(counts(most + 1, rows, edge_rows), 3, Order<3>::NP, Order<3>::NF);
  MESSAGE(e);
  CHECK(e.find("big.h5: 12201612 elements are too many for one process") == 0);
  CHECK(e.find("2147483712 values") != std::string::npos); // 176 x 12,201,612
  CHECK(e.find("at most 12201611 elements") != std::string::npos);
}

TEST_CASE("index range: Euler at p = 4, the state decides") {
  constexpr int vars = 4, modes = Order<4>::NP, edge_points = Order<4>::NF;
  const std::int64_t most = kLimit / (vars * modes); // 60 values per element: 35,791,394
  CHECK_NOTHROW(check(counts(most, 0, 0), vars, modes, edge_points));
  const MeshArrays over = counts(most + 1, 0, 0);
  CHECK(largest_indexed_array(over, vars, modes, edge_points).name == "the state");
  const std::string e = refusal(over, vars, modes, edge_points);
  CHECK(e.find("the state would hold 2147483700 values") != std::string::npos);
}

TEST_CASE("index range: the edges' fluxes decide on a mesh with many edges per element") {
  // 2 variables at 2 points per edge against 3 modes per element: 4 values per edge.
  MeshArrays a = counts(1000, 0, 0);
  a.n_edges = int(kLimit / 4) + 1;
  CHECK(largest_indexed_array(a, 2, 3, 2).name == "the edges' fluxes");
  CHECK(refusal(a, 2, 3, 2).find("the edges' fluxes") != std::string::npos);
}
