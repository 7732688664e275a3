#pragma once
// XDMF 3 sidecars that let ParaView (and VisIt) read tridg's HDF5 snapshots: the viewable
// sub-cell mesh of /viz with every field as node values (exact DG values) and cell values
// (element averages). Layout in docs/output_format.md.
#include <cstdint>
#include <string>
#include <vector>

namespace tridg {

struct XdmfGrid {
  std::string h5_file; // relative to the .xdmf, so an output folder can be moved as a whole
  double time = 0;
  std::int64_t step = 0;
  std::int64_t n_nodes = 0, n_tris = 0; // of /viz
  std::vector<std::string> fields;      // names under /viz/point and /viz/cell
};

// The <Grid> element of one snapshot.
std::string xdmf_grid(const XdmfGrid& g, int indent);
// One snapshot: solution_0003.xdmf beside solution_0003.h5.
void write_xdmf(const std::string& path, const XdmfGrid& g);
// All snapshots of a run as a temporal collection, in the order given.
void write_xdmf_series(const std::string& path, const std::vector<XdmfGrid>& grids);

} // namespace tridg
