#pragma once
// The agglomerated levels below the p-multigrid's cell means (implicit.mg_agglomerate): groups
// of neighbouring elements, then groups of groups, each level's operator the Galerkin product
// R A P with piecewise-constant P (an aggregate's value on each of its members) and R = P^T.
// Those sums of blocks are all a coarse operator needs, so no coarse Jacobian is assembled. The
// cell means alone leave the long-range coupling to smoothing sweeps, whose reach is one element
// per sweep; every level down halves to quarters the distance in unknowns (bench/NOTES.md).
//
// Only the pattern is built here, once per mesh, on the host and in a fixed order: the same
// aggregates and the same order of every sum on the host and on the device.
#include <algorithm>
#include <cstddef>
#include <vector>

namespace tridg {

// A square block-sparse pattern: row i's blocks are rowptr[i] .. rowptr[i+1], its diagonal block
// first, then its other columns in ascending order.
struct CsrPattern {
  int n = 0;
  std::vector<int> rowptr, col;
  int nnz() const { return int(col.size()); }
};

// Groups of a level's rows: of[i] the group of row i; group g's rows are members[start[g] ..
// start[g+1]] in ascending order.
struct Aggregates {
  int n_coarse = 0;
  std::vector<int> of, start, members;
};

// Greedy aggregation on the graph of a pattern: a row whose neighbours are all free starts a
// group with them; a row left over joins its first grouped neighbour's group.
inline Aggregates aggregate(const CsrPattern& g) {
  Aggregates a;
  a.of.assign(g.n, -1);
  for (int i = 0; i < g.n; ++i) {
    bool free = a.of[i] < 0;
    for (int z = g.rowptr[i] + 1; free && z < g.rowptr[i + 1]; ++z) free = a.of[g.col[z]] < 0;
    if (!free) continue;
    for (int z = g.rowptr[i]; z < g.rowptr[i + 1]; ++z) a.of[g.col[z]] = a.n_coarse;
    ++a.n_coarse;
  }
  // Such a row had a grouped neighbour when it was passed over, and groups only grow.
  std::vector<int> joined = a.of;
  for (int i = 0; i < g.n; ++i)
    if (a.of[i] < 0)
      for (int z = g.rowptr[i] + 1; z < g.rowptr[i + 1] && joined[i] < 0; ++z)
        joined[i] = a.of[g.col[z]];
  a.of = std::move(joined);
  a.start.assign(a.n_coarse + 1, 0);
  for (int i = 0; i < g.n; ++i) ++a.start[a.of[i] + 1];
  for (int c = 0; c < a.n_coarse; ++c) a.start[c + 1] += a.start[c];
  a.members.resize(g.n);
  std::vector<int> fill(a.start.begin(), a.start.end() - 1);
  for (int i = 0; i < g.n; ++i) a.members[fill[a.of[i]]++] = i;
  return a;
}

// One agglomerated level: its groups of the level above, its pattern, and for each of its
// blocks the blocks of the level above that sum to it, src[src_start[z] .. src_start[z+1]].
struct AgglomeratedLevel {
  Aggregates groups;
  CsrPattern pattern;
  std::vector<int> src_start, src;
};

inline AgglomeratedLevel coarsen(const CsrPattern& fine) {
  AgglomeratedLevel L;
  L.groups = aggregate(fine);
  const Aggregates& a = L.groups;
  CsrPattern& p = L.pattern;
  p.n = a.n_coarse;
  p.rowptr.assign(1, 0);
  L.src_start.assign(1, 0);
  std::vector<int> cols;
  for (int c = 0; c < a.n_coarse; ++c) {
    cols.assign(1, c);
    for (int m = a.start[c]; m < a.start[c + 1]; ++m)
      for (int z = fine.rowptr[a.members[m]]; z < fine.rowptr[a.members[m] + 1]; ++z)
        cols.push_back(a.of[fine.col[z]]);
    std::sort(cols.begin() + 1, cols.end());
    cols.erase(std::unique(cols.begin() + 1, cols.end()), cols.end());
    cols.erase(std::remove(cols.begin() + 1, cols.end(), c), cols.end());
    for (const int cc : cols) {
      p.col.push_back(cc);
      for (int m = a.start[c]; m < a.start[c + 1]; ++m)
        for (int z = fine.rowptr[a.members[m]]; z < fine.rowptr[a.members[m] + 1]; ++z)
          if (a.of[fine.col[z]] == cc) L.src.push_back(z);
      L.src_start.push_back(int(L.src.size()));
    }
    p.rowptr.push_back(p.nnz());
  }
  return L;
}

// The cell means' pattern from the Jacobian's slots (col[k][slot], slot 0 the element itself, -1
// for none), and for each of its blocks the slots that sum to it, k 4 + slot (a periodic mesh
// may give two faces of one element the same neighbour, or the element itself).
struct SlotPattern {
  CsrPattern pattern;
  std::vector<int> src_start, src;
};

inline SlotPattern slot_pattern(const std::vector<int>& col4, int n) {
  SlotPattern s;
  s.pattern.n = n;
  s.pattern.rowptr.assign(1, 0);
  s.src_start.assign(1, 0);
  for (int k = 0; k < n; ++k) {
    std::vector<std::pair<int, int>> row; // (column, slot), the diagonal first
    for (int slot = 0; slot < 4; ++slot) {
      const int c = col4[std::size_t(k) * 4 + slot];
      if (c >= 0) row.emplace_back(c == k ? -1 : c, slot);
    }
    std::sort(row.begin(), row.end());
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (i == 0 || row[i].first != row[i - 1].first) {
        if (i > 0) s.src_start.push_back(int(s.src.size()));
        s.pattern.col.push_back(row[i].first < 0 ? k : row[i].first);
      }
      s.src.push_back(k * 4 + row[i].second);
    }
    s.src_start.push_back(int(s.src.size()));
    s.pattern.rowptr.push_back(s.pattern.nnz());
  }
  return s;
}

// Levels down from the cell means until a level has at most kCoarsestRows rows or stops
// shrinking by a quarter.
constexpr int kCoarsestRows = 64;

inline std::vector<AgglomeratedLevel> agglomerate(const CsrPattern& means) {
  std::vector<AgglomeratedLevel> levels;
  for (;;) {
    const CsrPattern& fine = levels.empty() ? means : levels.back().pattern;
    if (fine.n <= kCoarsestRows) break;
    AgglomeratedLevel L = coarsen(fine);
    if (4 * L.pattern.n > 3 * fine.n) break;
    levels.push_back(std::move(L));
  }
  return levels;
}

} // namespace tridg
