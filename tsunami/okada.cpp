#include "tsunami/okada.hpp"

#include <cmath>
#include <numbers>
#include <sstream>
#include <stdexcept>

#include "io/error.hpp"

namespace tridg::okada {

namespace {

// |cos(dip)| below this is treated as a vertical fault (cos = 0, sin = +-1 exactly) and the
// paper's cos(dip) = 0 forms of I1..I5 are used. The general forms cancel terms of order
// 1 / cos(dip)^2 (I3 through I4, I1 through I5), so their round-off grows like
// 1e-15 / cos(dip)^2 while the error of the vertical forms grows like cos(dip); 1e-5 (a dip
// within 6e-4 degrees of 90) keeps both near 1e-5 of the slip.
constexpr double kVerticalCos = 1e-5;
// Relative size (of R) below which q, xi, R + eta and R + xi count as zero.
constexpr double kZero = 1e-14;

struct Dip {
  double c, s;
};

Dip make_dip(double dip_rad) {
  Dip d{std::cos(dip_rad), std::sin(dip_rad)};
  if (std::abs(d.c) < kVerticalCos) d = {0.0, d.s > 0 ? 1.0 : -1.0};
  return d;
}

// The integrands of equations (25)-(27) at one corner (xi, eta) of the Chinnery sum, before the
// factors -U1/2pi, -U2/2pi and U3/2pi: strike-slip, dip-slip and tensile, each (x, y, z).
struct Corner {
  double ss[3] = {0, 0, 0}, ds[3] = {0, 0, 0}, tf[3] = {0, 0, 0};
};

// kVerticalOnly: only the z components (the uplift), the others left 0.
template <bool kVerticalOnly> Corner corner(double xi, double eta, double q, Dip dp, double a) {
  Corner k;
  const double cd = dp.c, sd = dp.s;
  const double R = std::sqrt(xi * xi + eta * eta + q * q);
  if (R == 0) return k; // a corner of a fault reaching the surface: singular, left out
  const double tiny = kZero * R;
  const double yt = eta * cd + q * sd; // y~
  const double dt = eta * sd - q * cd; // d~
  const double X = std::sqrt(xi * xi + q * q);

  // q = 0: atan(xi eta / (q R)) = 0.
  const double theta = std::abs(q) <= tiny ? 0.0 : std::atan(xi * eta / (q * R));
  // R + eta = 0: terms with R + eta in a denominator vanish, ln(R + eta) -> -ln(R - eta).
  double inv_re = 0, ln_re = 0;
  if (R + eta <= tiny) {
    ln_re = -std::log(R - eta);
  } else {
    inv_re = 1.0 / (R + eta);
    ln_re = std::log(R + eta);
  }
  // R + xi = 0 (only where q = eta = 0): the same rule for the 1/(R + xi) terms.
  const double inv_rx = R + xi <= tiny ? 0.0 : 1.0 / (R + xi);
  const double rd = R + dt;

  double I1, I2, I3, I4, I5;
  if (cd == 0) {
    I1 = -0.5 * a * xi * q / (rd * rd);
    I3 = 0.5 * a * (eta / rd + yt * q / (rd * rd) - ln_re);
    I4 = -a * q / rd;
    I5 = -a * xi * sd / rd;
  } else {
    I5 = std::abs(xi) <= tiny
             ? 0.0
             : a * 2.0 / cd *
                   std::atan((eta * (X + q * cd) + X * (R + X) * sd) / (xi * (R + X) * cd));
    I4 = a / cd * (std::log(rd) - sd * ln_re);
    I3 = a * (yt / (cd * rd) - ln_re) + sd / cd * I4;
    I1 = a * (-xi / (cd * rd)) - sd / cd * I5;
  }
  I2 = a * (-ln_re) - I3;

  const double rre = inv_re / R;   // 1 / (R (R + eta))
  const double rrx = inv_rx / R;   // 1 / (R (R + xi))
  const double xqr = xi * q * rre; // xi q / (R (R + eta))

  k.ss[2] = dt * q * rre + q * sd * inv_re + I4 * sd;
  k.ds[2] = dt * q * rrx + sd * theta - I5 * sd * cd;
  k.tf[2] = yt * q * rrx + cd * (xqr - theta) - I5 * sd * sd;
  if constexpr (!kVerticalOnly) {
    k.ss[0] = xqr + theta + I1 * sd;
    k.ss[1] = yt * q * rre + q * cd * inv_re + I2 * sd;
    k.ds[0] = q / R - I3 * sd * cd;
    k.ds[1] = yt * q * rrx + cd * theta - I1 * sd * cd;
    k.tf[0] = q * q * rre - I3 * sd * sd;
    k.tf[1] = -dt * q * rrx - sd * (xqr - theta) - I1 * sd * sd;
  }
  return k;
}

// Equations (25)-(27) summed over the four corners (Chinnery's notation), the dip given by its
// cosine and sine.
template <bool kVerticalOnly = false>
OkadaDisplacement rectangle(double x, double y, double d, Dip dp, double L, double W, double u1,
                            double u2, double u3, double poisson) {
  const double a = 1.0 - 2.0 * poisson; // mu / (lambda + mu)
  const double p = y * dp.c + d * dp.s;
  const double q = y * dp.s - d * dp.c;
  const Corner c[4] = {
      corner<kVerticalOnly>(x, p, q, dp, a), corner<kVerticalOnly>(x, p - W, q, dp, a),
      corner<kVerticalOnly>(x - L, p, q, dp, a), corner<kVerticalOnly>(x - L, p - W, q, dp, a)};
  const double sign[4] = {1, -1, -1, 1};
  double ss[3] = {0, 0, 0}, ds[3] = {0, 0, 0}, tf[3] = {0, 0, 0};
  for (int i = 0; i < 4; ++i)
    for (int j = kVerticalOnly ? 2 : 0; j < 3; ++j) {
      ss[j] += sign[i] * c[i].ss[j];
      ds[j] += sign[i] * c[i].ds[j];
      tf[j] += sign[i] * c[i].tf[j];
    }
  const double k = 1.0 / (2.0 * std::numbers::pi);
  double u[3];
  for (int j = 0; j < 3; ++j) u[j] = k * (-u1 * ss[j] - u2 * ds[j] + u3 * tf[j]);
  return {u[0], u[1], u[2]};
}

} // namespace

PreparedSubfault prepare_subfault(const Subfault& f) {
  constexpr double deg = std::numbers::pi / 180.0;
  PreparedSubfault p{};
  const Dip dp = make_dip(f.dip * deg);
  p.sin_strike = std::sin(f.strike * deg);
  p.cos_strike = std::cos(f.strike * deg);
  p.cos_dip = dp.c;
  p.sin_dip = dp.s;
  p.L = f.length;
  p.W = f.width;
  // Distance up-dip from the deep edge to the anchor, in the fault plane.
  const double up_dip = f.anchor == FaultAnchor::centroid ? 0.5 * f.width : f.width;
  // Along strike (sin, cos) and the paper's +y (up-dip horizontal direction) (-cos, sin).
  p.ox = f.x - 0.5 * f.length * p.sin_strike + up_dip * dp.c * p.cos_strike;
  p.oy = f.y - 0.5 * f.length * p.cos_strike - up_dip * dp.c * p.sin_strike;
  p.d = f.depth + up_dip * dp.s;
  const double rake = f.rake * deg;
  p.u1 = f.slip * std::cos(rake);
  p.u2 = f.slip * std::sin(rake);
  p.u3 = f.opening;
  return p;
}

SurfaceDisplacement prepared_displacement(const PreparedSubfault& p, double x, double y,
                                          double poisson) {
  const double dx = x - p.ox, dy = y - p.oy;
  const double xo = dx * p.sin_strike + dy * p.cos_strike;
  const double yo = -dx * p.cos_strike + dy * p.sin_strike;
  const OkadaDisplacement u =
      rectangle(xo, yo, p.d, Dip{p.cos_dip, p.sin_dip}, p.L, p.W, p.u1, p.u2, p.u3, poisson);
  return {u.ux * p.sin_strike - u.uy * p.cos_strike, u.ux * p.cos_strike + u.uy * p.sin_strike,
          u.uz};
}

double prepared_uplift(const PreparedSubfault& p, double x, double y, double poisson) {
  const double dx = x - p.ox, dy = y - p.oy;
  const double xo = dx * p.sin_strike + dy * p.cos_strike;
  const double yo = -dx * p.cos_strike + dy * p.sin_strike;
  return rectangle<true>(xo, yo, p.d, Dip{p.cos_dip, p.sin_dip}, p.L, p.W, p.u1, p.u2, p.u3,
                         poisson)
      .uz;
}

OkadaDisplacement okada_rectangle(double x, double y, double d, double dip_rad, double L, double W,
                                  double u1, double u2, double u3, double poisson) {
  return rectangle(x, y, d, make_dip(dip_rad), L, W, u1, u2, u3, poisson);
}

void check_subfault(const Subfault& f, const std::string& where) {
  auto bad = [&](const std::string& what) {
    fail(ExitCode::bad_case, where + ": subfault " + what);
  };
  const double values[] = {f.x,   f.y,    f.depth, f.length,  f.width,       f.strike,
                           f.dip, f.rake, f.slip,  f.opening, f.rupture_time};
  for (double v : values)
    if (!std::isfinite(v)) bad("has a value that is not a finite number");
  using L = SubfaultLimits;
  auto range = [&](const char* name, double v, double lo, double hi, const char* unit) {
    if (v < lo || v > hi) {
      std::ostringstream os;
      os << name << " = " << v << " " << unit << " is outside [" << lo << ", " << hi << "]";
      bad(os.str());
    }
  };
  range("depth", f.depth, 0, L::depth, "m");
  range("length", f.length, L::size_min, L::size_max, "m");
  range("width", f.width, L::size_min, L::size_max, "m");
  range("strike", f.strike, -L::angle, L::angle, "degrees");
  range("dip", f.dip, 0, 90, "degrees");
  range("rake", f.rake, -L::angle, L::angle, "degrees");
  range("slip", f.slip, -L::slip, L::slip, "m");
  range("opening", f.opening, -L::slip, L::slip, "m");
  range("rupture time", f.rupture_time, 0, L::rupture_time, "s");
  const double up_dip = f.anchor == FaultAnchor::centroid ? 0.5 * f.width : 0.0;
  const double top = f.depth - up_dip * std::sin(f.dip * std::numbers::pi / 180.0);
  if (top < -1e-9 * f.width) {
    std::ostringstream os;
    os << "reaches above the surface (top edge at depth " << top << " m)";
    bad(os.str());
  }
}

SurfaceDisplacement subfault_displacement(const Subfault& f, double x, double y, double poisson) {
  return prepared_displacement(prepare_subfault(f), x, y, poisson);
}

void sum_displacement(std::span<const Subfault> faults, std::span<const double> xs,
                      std::span<const double> ys, std::span<SurfaceDisplacement> out,
                      const SumOptions& options) {
  if (xs.size() != ys.size() || xs.size() != out.size())
    throw std::invalid_argument("sum_displacement: xs, ys and out differ in size");
  std::vector<PreparedSubfault> prepared;
  prepared.reserve(faults.size());
  for (const Subfault& f : faults)
    if (f.rupture_time <= options.time) prepared.push_back(prepare_subfault(f));
  for (std::size_t i = 0; i < xs.size(); ++i) {
    SurfaceDisplacement s;
    for (const PreparedSubfault& p : prepared) {
      const SurfaceDisplacement u = prepared_displacement(p, xs[i], ys[i], options.poisson);
      s.east += u.east;
      s.north += u.north;
      s.up += u.up;
    }
    out[i] = s;
  }
}

std::array<double, 2> lonlat_to_local(double lon, double lat, double lon0, double lat0) {
  constexpr double deg = std::numbers::pi / 180.0;
  const double phi = lat * deg, phi0 = lat0 * deg, dl = (lon - lon0) * deg;
  // Unit vector of the point in the reference's east, north, up frame.
  const double e = std::cos(phi) * std::sin(dl);
  const double n = std::cos(phi0) * std::sin(phi) - std::sin(phi0) * std::cos(phi) * std::cos(dl);
  const double u = std::sin(phi0) * std::sin(phi) + std::cos(phi0) * std::cos(phi) * std::cos(dl);
  const double s = std::hypot(e, n);    // sin of the central angle
  const double c = std::atan2(s, u);    // the central angle
  const double k = s > 0 ? c / s : 1.0; // equidistant scaling
  return {kEarthRadius * k * e, kEarthRadius * k * n};
}

} // namespace tridg::okada
