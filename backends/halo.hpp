#pragma once
// What a backend needs to run one part of a partitioned mesh: which of its elements and edges
// can be computed before the neighbours' data arrive, and the exchange of the ghost elements'
// coefficients. The backends see only this interface; parallel/ implements it over MPI.
//
// A part's local numbering (parallel/local_mesh.hpp): elements [0, n_inner) are owned and touch
// no ghost (not through an edge, not through a vertex); [n_inner, n_owned) are owned and do;
// [n_owned, n_elems) are the ghosts, copies of the neighbours' elements. Edges [0, n_local_edges)
// (boundary edges first, then edges between two owned elements) need no ghost; the edges after
// them join an owned element to a ghost.
#include <cstddef>
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
  // Whether begin() accepts device pointers (CUDA-aware MPI); otherwise a GPU backend stages
  // the rows through pinned host memory.
  virtual bool device_pointers() const = 0;
};

struct HaloLayout {
  int n_owned = 0, n_inner = 0, n_local_edges = 0;
  std::vector<int> send_elems, recv_elems; // local element indices
  HaloTransport* transport = nullptr;
};

// Which elements or edges a launch covers. A run on one part uses `all`; a part of a partitioned
// mesh launches the `local` part while the exchange is under way and the `halo` part after it.
enum class Part { all, local, halo };

struct Range {
  int first = 0, last = 0;
};

// Elements a launch of `part` updates: all owned ones, those that touch no ghost, the others.
inline Range element_range(const HaloLayout* h, int n_elems, Part part) {
  if (!h) return {0, n_elems};
  if (part == Part::local) return {0, h->n_inner};
  if (part == Part::halo) return {h->n_inner, h->n_owned};
  return {0, h->n_owned};
}

// Interior edges (after the boundary ones) of `part`: all, those between owned elements, those
// that touch a ghost.
inline Range interior_edge_range(const HaloLayout* h, int n_bedges, int n_edges, Part part) {
  if (!h || part == Part::all) return {n_bedges, n_edges};
  if (part == Part::local) return {n_bedges, h->n_local_edges};
  return {h->n_local_edges, n_edges};
}

} // namespace tridg
