// Offsets past 2^31 entries: the state's view, the edges' flux layout and the physics' rows per
// element and per edge address the entry they name on meshes whose arrays hold more than 2^31
// values (where 32-bit offsets wrapped round), at the sizes that used to be refused: shallow
// water at p = 3 on the sphere past 12.2M elements, Euler at p = 4 past 35.8M. The arrays are
// reserved address space that is only backed where a test writes, so no test needs the memory.
#include <doctest/doctest.h>
#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "core/dg_tables.hpp"
#include "core/row_offset.hpp"
#include "kernels/dg_views.hpp"
#include "kernels/flux_layout.hpp"
#include "physics/linear_shallow_water/depth_layout.hpp"
#include "physics/shallow_water/bed_layout.hpp"
#include "physics/shallow_water/cell.hpp"

using namespace tridg;

namespace {

constexpr std::int64_t kInt = std::numeric_limits<std::int32_t>::max();

// n values of T in address space, backed by memory only where written (zero elsewhere); without
// the right to write (mapping refused), only the addresses are checked.
template <class T> class Reserved {
public:
  explicit Reserved(std::int64_t n) : bytes_(std::size_t(n) * sizeof(T)) {
    void* p = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    writable_ = p != MAP_FAILED;
    if (!writable_)
      p = mmap(nullptr, bytes_, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    REQUIRE_MESSAGE(p != MAP_FAILED, "cannot reserve ", bytes_, " bytes of address space");
    p_ = static_cast<T*>(p);
  }
  ~Reserved() { munmap(p_, bytes_); }
  Reserved(const Reserved&) = delete;
  Reserved& operator=(const Reserved&) = delete;
  T* get() const { return p_; }
  bool writable() const { return writable_; }

private:
  std::size_t bytes_;
  T* p_ = nullptr;
  bool writable_ = false;
};

} // namespace

TEST_CASE("row_offset: the exact offset past 2^31") {
  // The last entry of the 176 rows per element of shallow water at p = 3 on the sphere, on one
  // element more than 32-bit offsets reached.
  const int n = 12'201'612, row = 175, k = n - 1;
  const std::int64_t want = std::int64_t(row) * std::int64_t(n) + std::int64_t(k);
  CHECK(want > kInt);
  CHECK(row_offset(row, n, k) == want);
  CHECK(row_offset(0, n, k) == k);
  CHECK(row_offset(1, kInt, kInt) == 2 * kInt); // the largest counts, still exact
}

TEST_CASE("StateView: Euler at p = 4 on 36M elements, past 2^31 values") {
  constexpr int M = 4, NP = Order<4>::NP;
  const int n = 36'000'000; // 60 values per element: 2.16e9 in all
  Reserved<double> mem(std::int64_t(M) * NP * n);
  const StateView<double> U{mem.get(), n};
  const int v = M - 1, j = NP - 1, k = n - 1;
  const std::int64_t want = (std::int64_t(v) * NP + j) * n + k;
  CHECK(want > kInt);
  CHECK(&U.at(v, j, NP, k) - mem.get() == want);
  CHECK(&U.at(v, 0, NP, 0) - mem.get() == std::int64_t(v) * NP * n);
  if (mem.writable()) {
    U.at(v, j, NP, k) = 1.25;
    CHECK(mem.get()[want] == 1.25);
  }
}

TEST_CASE("flux layout: by variable and by edge past 2^31 values") {
  const int n_edges = 1'000'000'000; // below the edges' bound, 2^30 - 1
  SUBCASE("by variable (p = 1, shallow water)") {
    constexpr int P = 1, M = 3, NF = Order<P>::NF;
    static_assert(!kFluxByEdge<P, M, double>);
    const int v = M - 1, q = NF - 1, e = n_edges - 1;
    const std::int64_t want = (std::int64_t(v) * NF + q) * n_edges + e;
    CHECK(want > kInt);
    CHECK(flux_index<P, M, double>(n_edges, v, q, e) == want);
    Reserved<double> F(std::int64_t(M) * NF * n_edges);
    if (F.writable()) {
      const double f[M] = {1, 2, 3};
      store_point_flux<P, M>(F.get(), n_edges, q, e, 0.5, f);
      CHECK(F.get()[want] == 1.5);
      double back[M];
      load_point_flux<P, M>(F.get(), n_edges, q, e, back);
      for (int w = 0; w < M; ++w) CHECK(back[w] == 0.5 * f[w]);
    }
  }
  SUBCASE("by edge (p = 2, Euler)") {
    constexpr int P = 2, M = 4, NF = Order<P>::NF;
    static_assert(kFluxByEdge<P, M, double>);
    const int v = M - 1, q = NF - 1, e = n_edges - 1;
    const std::int64_t want = (std::int64_t(e) * NF + q) * M + v;
    CHECK(want > kInt);
    CHECK(flux_index<P, M, double>(n_edges, v, q, e) == want);
    Reserved<double> F(std::int64_t(M) * NF * n_edges);
    if (F.writable()) {
      const double f[M] = {1, 2, 3, 4};
      store_point_flux<P, M>(F.get(), n_edges, q, e, 2.0, f);
      CHECK(F.get()[want] == 8.0);
      // Read from the right element's side: the last point reversed and the sign flipped.
      CHECK(side_flux_in<P, M>(F.get(), n_edges, 2 * e + 1, v, 0) == -8.0);
    }
  }
}

TEST_CASE("shallow water at p = 3 on the sphere: the rows of the 50Mth element") {
  // 176 rows per element on the default --max-elements: past 2^31 from row 43 on.
  constexpr SwAuxLayout L = sw_aux_layout<3>();
  const int E = 50'000'000, k = E - 1, rows = L.rows_geographic();
  CHECK(std::int64_t(L.wet_depth()) * E > kInt);
  Reserved<double> aux(std::int64_t(rows) * E);
  REQUIRE(aux.writable());
  // A shore cell: its level comes from the sorted samples and their prefix sums, the rows past
  // 2^31. The same column in an array of one element must give the same cell.
  std::vector<double> column(std::size_t(rows), 0.0);
  column[std::size_t(L.wet_depth())] = 10.0; // deeper than the water: a shore cell
  for (int i = 0; i < L.ns; ++i) {
    const double w = 1.0 / L.ns, b = 0.1 * i;
    column[std::size_t(L.sorted_b() + i)] = b;
    column[std::size_t(L.cum_w() + i)] = w * (i + 1);
    column[std::size_t(L.cum_wb() + i)] = (i ? column[std::size_t(L.cum_wb() + i - 1)] : 0) + w * b;
  }
  for (int r = 0; r < rows; ++r) aux.get()[row_offset(r, E, k)] = column[std::size_t(r)];
  const SwConstants<double> st;
  const double mean[3] = {0.3, 0.0, 0.0};
  const SwCell<double> big = sw_cell(st, L, aux.get(), E, k, mean);
  const SwCell<double> one = sw_cell(st, L, column.data(), 1, 0, mean);
  CHECK(one.kind == sw_shore);
  CHECK(big.kind == one.kind);
  CHECK(big.level == one.level);
  CHECK(big.level > 0.0);
}

TEST_CASE("the edges' rows past 2^31: shallow water's bed, linear shallow water's depth") {
  const int n_edges = 1'000'000'000, e = n_edges - 1;
  constexpr int nf = Order<3>::NF;
  Reserved<double> edge_aux(std::int64_t(sw_edge_aux_rows_geographic(nf)) * n_edges);
  REQUIRE(edge_aux.writable());
  const int q = nf - 1;
  const std::int64_t star = (std::int64_t(2) * nf + q) * n_edges + e;
  const std::int64_t depth = std::int64_t(q) * n_edges + e;
  CHECK(star > kInt);
  edge_aux.get()[star] = -4.5;
  edge_aux.get()[depth] = 7.0;
  CHECK(sw_bed_star(edge_aux.get(), n_edges, nf, e, q) == -4.5);
  CHECK(lsw_edge_depth(edge_aux.get(), n_edges, e, q) == 7.0);
  edge_aux.get()[(std::int64_t(5) * nf + q) * n_edges + e] = 0.75;
  CHECK(sw_edge_w1(edge_aux.get(), n_edges, nf, e, q, true) == 0.75);
}
