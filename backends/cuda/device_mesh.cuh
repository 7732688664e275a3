#pragma once
// A mesh's arrays in device memory and the kernels' view of them (the explicit step's backend
// and the implicit schemes' device solver).
#include "backends/backend.hpp"
#include "backends/convert.hpp"
#include "backends/cuda/cuda_check.cuh"
#include "io/error.hpp"

namespace tridg {

template <class Real> class DeviceMesh {
public:
  // The vertex patches (elem_node, node_elem) only with `vertex_patches`: only the limiter walks
  // them.
  void upload(const MeshArrays& mesh, bool vertex_patches) {
    geom_.upload(to_real<Real>(mesh.geom));
    edge_geom_.upload(to_real<Real>(mesh.edge_geom));
    bnd_xy_.upload(to_real<Real>(mesh.bnd_xy));
    elem_face_.upload(mesh.elem_face);
    edge_elem_.upload(mesh.edge_elem);
    edge_side_.upload(mesh.edge_side);
    if (vertex_patches) {
      elem_node_.upload(mesh.elem_node);
      node_elem_start_.upload(mesh.node_elem_start);
      node_elem_.upload(mesh.node_elem);
    }
    set_aux(mesh.aux, mesh.edge_aux);
    view_.n_elems = mesh.n_elems;
    view_.n_edges = mesh.n_edges;
    view_.n_bedges = mesh.n_bedges;
    view_.geom = geom_.get();
    view_.elem_face = elem_face_.get();
    view_.edge_elem = edge_elem_.get();
    view_.edge_side = edge_side_.get();
    view_.edge_geom = edge_geom_.get();
    view_.bnd_xy = bnd_xy_.get();
    view_.elem_node = elem_node_.get();
    view_.node_elem_start = node_elem_start_.get();
    view_.node_elem = node_elem_.get();
    view_.n_aux = mesh.n_aux;
    view_.n_edge_aux = mesh.n_edge_aux;
  }
  // New values of the physics' data, of the sizes uploaded first: the arrays (and a captured
  // graph's pointers to them) stay.
  void set_aux(const std::vector<double>& aux, const std::vector<double>& edge_aux) {
    if (view_.geom && (aux.size() != aux_.size() || edge_aux.size() != edge_aux_.size()))
      fail(ExitCode::internal, "set_aux: the physics' data changed size");
    aux_.upload(to_real<Real>(aux));
    edge_aux_.upload(to_real<Real>(edge_aux));
    view_.aux = aux_.get();
    view_.edge_aux = edge_aux_.get();
  }
  const MeshView<Real>& view() const { return view_; }
  std::size_t bytes() const {
    return geom_.bytes() + edge_geom_.bytes() + bnd_xy_.bytes() + aux_.bytes() + edge_aux_.bytes() +
           elem_face_.bytes() + edge_elem_.bytes() + elem_node_.bytes() + node_elem_start_.bytes() +
           node_elem_.bytes() + edge_side_.bytes();
  }

private:
  DeviceArray<Real> geom_, edge_geom_, bnd_xy_, aux_, edge_aux_;
  DeviceArray<int> elem_face_, edge_elem_, elem_node_, node_elem_start_, node_elem_;
  DeviceArray<unsigned char> edge_side_;
  MeshView<Real> view_;
};

} // namespace tridg
