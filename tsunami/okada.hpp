#pragma once
// Surface displacement of rectangular dislocations in an elastic half-space: Okada, Y. (1985),
// "Surface deformation due to shear and tensile faults in a half-space", BSSA 75(4), 1135-1154,
// equations (25)-(30) for the finite rectangular source, evaluated with Chinnery's notation
//   f(xi, eta)|| = f(x, p) - f(x, p - W) - f(x - L, p) + f(x - L, p - W).
//
// Two layers:
//  * okada_rectangle: the paper's own frame. x along strike, y horizontal and perpendicular to
//    it, z up; the fault lies in 0 <= x' <= L and rises up-dip from its deep edge (depth d,
//    the paper's origin, at (0, 0, -d)) towards +y, so it dips towards -y. U1, U2, U3 are the
//    strike-slip, dip-slip and tensile components of the hanging wall's motion relative to
//    the foot wall.
//  * Subfault / subfault_displacement / sum_displacement: geographic use. Local Cartesian
//    metres, x east, y north, displacements east, north, up. Strike is clockwise from north
//    with the fault dipping to the right of it (Aki & Richards), the rake is measured in the
//    fault plane counter-clockwise from the strike direction, and U1 = slip cos(rake),
//    U2 = slip sin(rake), U3 = opening. A positive rake of 90 degrees is a thrust.
//
// Singular cases are handled as the paper prescribes: for cos(dip) = 0 the vertical-fault
// forms of I1..I5 are used (also for |cos(dip)| < 1e-5, where the general forms lose their
// digits to cancellation: near that switch results are good to about 1e-5 of the slip); where q = 0
// the term atan(xi eta / (q R)) is zero; where xi = 0, I5 is zero; where R + eta = 0 the terms with
// R + eta in a denominator are zero and ln(R + eta) becomes -ln(R - eta). Points on the trace of a
// fault that breaks the surface remain singular (the displacement jumps there).
#include <array>
#include <limits>
#include <span>
#include <string>
#include <vector>

namespace tridg::okada {

// Displacement in the paper's frame (ux along strike, uy, uz up), per unit of the dislocation
// components given.
struct OkadaDisplacement {
  double ux = 0, uy = 0, uz = 0;
};

// The surface displacement at (x, y) of the paper's frame of a rectangular fault of length L
// and width W whose deep edge starts at the origin at depth d > 0, dipping at `dip_rad`
// radians, with dislocation (u1, u2, u3). `poisson` is Poisson's ratio (mu / (lambda + mu) =
// 1 - 2 poisson; the paper's check values use lambda = mu, poisson = 0.25).
OkadaDisplacement okada_rectangle(double x, double y, double d, double dip_rad, double L, double W,
                                  double u1, double u2, double u3, double poisson = 0.25);

// Which point of the fault rectangle Subfault::x, y, depth locate.
enum class FaultAnchor {
  centroid,  // the centre of the rectangle (SRCMOD .fsp files, most finite-fault models)
  top_centre // the middle of the upper edge (GeoClaw's default)
};

// One rectangular subfault in local Cartesian metres (x east, y north, depth positive down).
struct Subfault {
  double x = 0, y = 0;     // horizontal position of the anchor point [m]
  double depth = 0;        // depth of the anchor point below the undisturbed surface [m]
  double length = 0;       // along strike [m]
  double width = 0;        // down dip [m]
  double strike = 0;       // degrees clockwise from north; the fault dips to the right of it
  double dip = 0;          // degrees below the horizontal, in [0, 90]
  double rake = 0;         // degrees, hanging wall relative to foot wall, from strike
  double slip = 0;         // [m]
  double opening = 0;      // tensile component [m]
  double rupture_time = 0; // [s] time at which this subfault slips (0 when not known)
  FaultAnchor anchor = FaultAnchor::centroid;
  bool operator==(const Subfault&) const = default;
};

// East, north and up surface displacement [m].
struct SurfaceDisplacement {
  double east = 0, north = 0, up = 0;
};

// The ranges a subfault's values must lie in, whether a case file or an .fsp file gives them
// (check_subfault, and the case's [[source.subfault]] keys): beyond them a value is a typing or
// unit mistake (a slip of 1e6 m, a depth of 1e6 km), not an earthquake.
struct SubfaultLimits {
  static constexpr double depth = 1e6;        // m, anchor depth in [0, depth]
  static constexpr double size_min = 1e-3;    // m, length and width in [size_min, size_max]
  static constexpr double size_max = 1e7;     // m
  static constexpr double angle = 360;        // degrees, strike and rake in [-angle, angle]
  static constexpr double slip = 1e3;         // m, slip and opening in [-slip, slip]
  static constexpr double rupture_time = 1e6; // s, in [0, rupture_time]
};

// Throws UserError(bad_case) naming `where` if the subfault is not a valid source: a value not
// finite or outside SubfaultLimits, dip outside [0, 90] or any part of the rectangle above the
// surface (beyond a tolerance of 1e-9 of its width).
void check_subfault(const Subfault& f, const std::string& where);

// The surface displacement at (x, y) [m] of one subfault.
SurfaceDisplacement subfault_displacement(const Subfault& f, double x, double y,
                                          double poisson = 0.25);

// A subfault reduced to what the formulas need at every point: the origin of the paper's frame
// (the start of the deep edge) in local metres, the depth of that edge, the sines and cosines of
// the strike and dip, the slip's components. A sum over many points (a mesh's quadrature points)
// prepares each subfault once; the displacement is the same, bit for bit, as
// subfault_displacement's.
struct PreparedSubfault {
  double ox = 0, oy = 0, d = 0;
  double sin_strike = 0, cos_strike = 1;
  double cos_dip = 1, sin_dip = 0; // a dip within 6e-4 degrees of 90: exactly 0 and +-1
  double L = 0, W = 0;
  double u1 = 0, u2 = 0, u3 = 0;
};
PreparedSubfault prepare_subfault(const Subfault& f);
SurfaceDisplacement prepared_displacement(const PreparedSubfault& p, double x, double y,
                                          double poisson = 0.25);
// Its vertical component alone (the uplift), with the same bits, in less work.
double prepared_uplift(const PreparedSubfault& p, double x, double y, double poisson = 0.25);

struct SumOptions {
  double poisson = 0.25;
  // Only subfaults with rupture_time <= time contribute (each slips instantaneously at its
  // rupture time); the default includes all of them.
  double time = std::numeric_limits<double>::infinity();
};

// The summed displacement of all `faults` at the points (xs[i], ys[i]) into out[i] (the three
// spans have one size). Linear elasticity: the subfaults superpose.
void sum_displacement(std::span<const Subfault> faults, std::span<const double> xs,
                      std::span<const double> ys, std::span<SurfaceDisplacement> out,
                      const SumOptions& options = {});

// Mean radius of the spherical Earth used by lonlat_to_local [m].
inline constexpr double kEarthRadius = 6371000.0;

// Longitude/latitude [degrees] to local metres (x east, y north) about (lon0, lat0), by the
// azimuthal equidistant projection of a sphere of radius kEarthRadius. Distance and azimuth
// from the reference point are exact on the sphere; other distances at a distance D from it
// are off by at most about (D / R)^2 / 6 relative (0.01% at 160 km, 0.1% at 500 km, 0.4% at
// 1000 km). The sphere itself differs from the WGS84 ellipsoid: its radii of curvature range
// from 6335 km to 6400 km, so distances are off by up to about 0.6% depending on latitude and
// direction.
std::array<double, 2> lonlat_to_local(double lon, double lat, double lon0, double lat0);

} // namespace tridg::okada
