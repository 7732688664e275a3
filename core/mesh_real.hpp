#pragma once
// The real type of the mesh data a physics reads at a point, for each real type of its state:
// the state's own type, except for dual numbers (core/dual.hpp), whose mesh data stay plain
// doubles. So the Jacobian evaluates the point functions on the same mesh arrays as the residual.

namespace tridg {

template <int N> struct Dual;

template <class Real> struct MeshRealOf { using type = Real; };
template <int N> struct MeshRealOf<Dual<N>> { using type = double; };
template <class Real> using MeshReal = typename MeshRealOf<Real>::type;

} // namespace tridg
