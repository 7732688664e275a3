// The 32-bit counts of the kernels: a mesh is refused on one process only when its element, edge
// or vertex counts pass what they are numbered in, with a line that names the mesh, the count
// and its bound; the sizes once refused for their largest array (shallow water at p = 3 on the
// sphere past 12.2M elements) are accepted.
#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <string>

#include "io/error.hpp"
#include "mesh_checks.hpp"
#include "physics/shallow_water/bed_layout.hpp"
#include "solver/index_range.hpp"

using namespace tridg;

namespace {

constexpr std::int64_t kInt = std::numeric_limits<std::int32_t>::max();

// Counts only: the check reads the sizes, not the arrays.
MeshArrays counts(std::int64_t elems, int n_aux = 0, int n_edge_aux = 0) {
  MeshArrays a;
  a.n_elems = int(elems);
  a.n_edges = int(elems * 3 / 2); // a large mesh has about 1.5 edges per element
  a.n_nodes = int(elems / 2);
  a.n_bedges = 0;
  a.n_aux = n_aux;
  a.n_edge_aux = n_edge_aux;
  return a;
}

void check(const MeshArrays& a) {
  check_index_range(a, "big.h5");
}

// The line a refused mesh gets (exit code bad_mesh).
std::string refusal(const MeshArrays& a) {
  return test::user_error_of([&] { check(a); });
}

std::int64_t limit_of(const MeshArrays& a, const std::string& name) {
  for (const IntCount& c : int_counts(a))
    if (c.name == name) return c.limit;
  FAIL("no count named ", name);
  return 0;
}

} // namespace

TEST_CASE("index range: shallow water at p = 3 on the sphere past 2^31 values is accepted") {
  // 176 rows per element: 12,201,612 elements passed 2^31 values in the bed's rows, refused
  // before the offsets were 64-bit; the default --max-elements, 50M, holds 8.8e9.
  constexpr SwAuxLayout L = sw_aux_layout<3>();
  const int rows = L.rows_geographic(), edge_rows = sw_edge_aux_rows_geographic(L.nf);
  for (const std::int64_t elems : {kInt / rows + 1, std::int64_t(50'000'000)}) {
    CHECK(std::int64_t(rows) * elems > kInt);
    CHECK_NOTHROW(check(counts(elems, rows, edge_rows)));
  }
}

TEST_CASE("index range: the elements' bound") {
  const MeshArrays a = counts(1000);
  const std::int64_t most = limit_of(a, "elements");
  CHECK(most == kInt / 4); // the --max-elements option's own bound
  MeshArrays fits = counts(most);
  fits.n_edges = 0;
  CHECK_NOTHROW(check(fits));
  MeshArrays over = fits;
  over.n_elems = int(most + 1);
  const std::string e = refusal(over);
  MESSAGE(e);
  CHECK(e.find("big.h5: " + std::to_string(most + 1) + " elements are too many for one process") ==
        0);
  CHECK(e.find("at most " + std::to_string(most)) != std::string::npos);
  CHECK(e.find("tridg partition") != std::string::npos);
}

TEST_CASE("index range: the edges' bound, from the face entries and the GPU's edge lanes") {
  MeshArrays a = counts(1000);
  const std::int64_t most = limit_of(a, "edges");
  // 2 edge + 1 and two lanes per edge rounded up to a block of 1024 both fit in 32 bits.
  CHECK(2 * most + 1 <= kInt);
  CHECK(2 * most + 1023 <= kInt);
  a.n_edges = int(most);
  CHECK_NOTHROW(check(a));
  a.n_edges = int(most + 1);
  const std::string e = refusal(a);
  CHECK(e.find("big.h5: " + std::to_string(most + 1) + " edges are too many") == 0);
  CHECK(e.find("2 edge + 1") != std::string::npos);
}

TEST_CASE("index range: every count is checked against its bound") {
  for (const IntCount& c : int_counts(counts(1000))) {
    CHECK(c.value >= 0);
    CHECK(c.value <= c.limit);
    CHECK(c.limit <= kInt);
  }
}
