#pragma once
// What a backend needs to run one part of a partitioned mesh: which of its elements and edges
// can be computed before the neighbours' data arrive, and the exchange of the ghost elements'
// coefficients. The backends see only this interface; parallel/ implements it over MPI.
//
// A part's local numbering (parallel/local_mesh.hpp). Elements: [0, n_inner) are owned and all
// their edges join two owned elements (they are updated while the exchange travels);
// [n_inner, n_owned) are the other owned ones; then the ghosts, copies of the neighbours'
// elements. With the vertex-based limiter the ghosts come in three layers: [n_owned, n_limit)
// share a vertex with an owned element, [n_limit, n_update) share a vertex with the first layer,
// [n_update, n_elems) share an edge with the second. A part then updates its owned elements and
// the first two layers and limits its owned elements and the first layer, with the arithmetic
// of their owners: the next stage finds every limited value it reads in the part but those of
// layers 2 and 3, which its exchange brings. One exchange per stage, none before the limiter.
// Without that limiter the ghosts are the elements that share an edge with an owned one, and
// only owned elements are updated (n_limit = n_update = n_owned).
// Edges: [0, n_bedges) the updated elements' boundary edges, grouped; [n_bedges,
// n_local_edges) those between two owned elements; then the others an updated element needs.
#include <cstddef>
#include <string>
#include <vector>

namespace tridg {

// Moves rows of bytes between the parts: the rows of the elements in send_elems to the
// neighbours, the neighbours' rows into the slots of recv_elems (both grouped by neighbour, in
// the order both sides agree on).
class HaloTransport {
public:
  virtual ~HaloTransport() = default;
  // Starts the exchange; `send` holds the packed rows, `recv` receives them. Both stay untouched
  // by the caller until end().
  virtual void begin(const void* send, void* recv, std::size_t row_bytes) = 0;
  virtual void end() = 0;
  // The largest value over all parts (the time-step rate).
  virtual double max(double local) = 0;
  // Whether begin() accepts device pointers (DeviceAwareMpi); otherwise a GPU backend stages
  // the rows through pinned host memory.
  virtual bool device_pointers() const = 0;
};

// What a backend finds of the MPI library: whether it passes the backend's device memory itself
// (text "yes", else why not), and what that ability is called.
struct DeviceAwareMpi {
  std::string name; // "CUDA-aware MPI"
  std::string text;
  bool yes() const { return text == "yes"; }
};

struct HaloLayout {
  int n_owned = 0, n_inner = 0, n_limit = 0, n_update = 0, n_local_edges = 0;
  std::vector<int> send_elems, recv_elems; // local element indices
  HaloTransport* transport = nullptr;
};

// Which elements or edges a launch covers. A run on one part uses `all`; a part of a partitioned
// mesh launches the `local` part while the exchange is under way and the `halo` part after it.
enum class Part { all, local, halo };

struct Range {
  int first = 0, last = 0;
};

// Elements a launch of `part` updates: those that need no ghost, the others of the part's
// updated range; `all` (one part only) every element.
inline Range update_range(const HaloLayout* h, int n_elems, Part part) {
  if (!h) return {0, n_elems};
  if (part == Part::local) return {0, h->n_inner};
  if (part == Part::halo) return {h->n_inner, h->n_update};
  return {0, h->n_update};
}

// Elements the limiter covers, and those whose rate sets the time step (the owned ones).
inline Range limit_range(const HaloLayout* h, int n_elems) {
  return {0, h ? h->n_limit : n_elems};
}
inline Range owned_range(const HaloLayout* h, int n_elems) {
  return {0, h ? h->n_owned : n_elems};
}

// Interior edges (after the boundary ones) of `part`: all, those between owned elements, the
// others. The boundary edges belong to `all` and `halo`: on a part they include the ghosts'.
inline Range interior_edge_range(const HaloLayout* h, int n_bedges, int n_edges, Part part) {
  if (!h || part == Part::all) return {n_bedges, n_edges};
  if (part == Part::local) return {n_bedges, h->n_local_edges};
  return {h->n_local_edges, n_edges};
}
inline bool has_boundary_edges(Part part) {
  return part != Part::local;
}

} // namespace tridg
