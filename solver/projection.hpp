#pragma once
// L2 projection onto the basis and integrals of the discrete solution.
#include <functional>
#include <vector>

#include "io/mesh.hpp"

namespace tridg {

// A state-valued function of position: writes `nvar` values for point (x, y).
using PointFunction = std::function<void(double x, double y, double* values)>;

// Coefficients C[var][mode][elem] of the L2 projection (rule of degree 2p + 2). With
// `thread_safe` f is called from several threads (an expression evaluator is not safe).
std::vector<double> project(const Mesh& mesh, int p, int nvar, const PointFunction& f,
                            bool thread_safe = false);

// Domain integral of each variable of the discrete solution; with `area`, of the variable times
// area(x, y) (the area element of the mesh's coordinates, such as R^2 cos(lat) on a geographic
// mesh, called from several threads at once), by a rule of degree 2p + 2.
// Over this process's own elements (io/mesh.hpp: all of them, or a part's own).
std::vector<double> integrals(const Mesh& mesh, int p, int nvar, const std::vector<double>& c,
                              const std::function<double(double, double)>& area = {});

// The squared L2 error of each variable against `exact` over this process's own elements (rule
// of degree 2p + 4); the error is the square root of its sum over all processes.
std::vector<double> l2_error_squares(const Mesh& mesh, int p, int nvar,
                                     const std::vector<double>& c, const PointFunction& exact);
// L2 error of each variable against `exact` over the whole of a mesh held by one process.
std::vector<double> l2_errors(const Mesh& mesh, int p, int nvar, const std::vector<double>& c,
                              const PointFunction& exact);

// Value of each variable of element k at reference point (r, s).
void evaluate(int p, int nvar, int n_elems, const std::vector<double>& c, int k, double r, double s,
              double* values);

} // namespace tridg
