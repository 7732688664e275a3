#pragma once
// The fields a linearised shallow-water run adds to every output: the velocity q / H and the
// still depth H ("depth") at the output points (the projected depth), plus H's element averages
// as cell data ("depth_mean").
#include <memory>

#include "io/mesh.hpp"
#include "physics/linear_shallow_water/depth.hpp"
#include "solver/output_fields.hpp"

namespace tridg {

DerivedFields lsw_output_fields(std::shared_ptr<const LswDepth> depth, const Mesh& mesh);

} // namespace tridg
