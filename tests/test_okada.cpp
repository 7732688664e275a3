// Okada (1985) surface displacements of rectangular dislocations: the paper's check list,
// symmetries, decay and superposition; the longitude/latitude helper; the SRCMOD .fsp reader.
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <functional>
#include <numbers>
#include <string>
#include <vector>

#include "io/error.hpp"
#include "test_support.hpp"
#include "tsunami/fsp_reader.hpp"
#include "tsunami/okada.hpp"

using namespace tridg;
using namespace tridg::okada;

namespace {

constexpr double kDeg = std::numbers::pi / 180.0;

// Equal to the four significant digits Okada's Table 2 gives (half a unit in the last digit);
// the table's zeros must be zero to round-off.
void check_published(double computed, double published) {
  INFO("computed " << computed << ", published " << published);
  if (published == 0) {
    CHECK(std::abs(computed) < 1e-12);
    return;
  }
  const double unit = std::pow(10.0, std::floor(std::log10(std::abs(published))) - 3);
  CHECK(std::abs(computed - published) <= 0.5 * unit * (1 + 1e-9));
}

void check_published(const OkadaDisplacement& u, const double (&table)[3]) {
  check_published(u.ux, table[0]);
  check_published(u.uy, table[1]);
  check_published(u.uz, table[2]);
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const UserError& e) {
    CHECK(e.code() == ExitCode::bad_case);
    return e.what();
  }
  return "";
}

} // namespace

TEST_CASE("Okada 1985 Table 2: finite rectangular source check values (lambda = mu)") {
  // Case 2: x = 2, y = 3, d = 4, dip = 70, L = 3, W = 2.
  {
    const double ss[3] = {-8.689e-3, -4.298e-3, -2.747e-3};
    const double ds[3] = {-4.682e-3, -3.527e-2, -3.564e-2};
    const double tf[3] = {-2.660e-4, 1.056e-2, 3.214e-3};
    check_published(okada_rectangle(2, 3, 4, 70 * kDeg, 3, 2, 1, 0, 0), ss);
    check_published(okada_rectangle(2, 3, 4, 70 * kDeg, 3, 2, 0, 1, 0), ds);
    check_published(okada_rectangle(2, 3, 4, 70 * kDeg, 3, 2, 0, 0, 1), tf);
  }
  // Case 3: x = 0, y = 0, d = 4, dip = 90 (cos(dip) = 0; q = 0 and xi = 0 at corners).
  {
    const double ss[3] = {0, 5.253e-3, 0};
    const double ds[3] = {0, 0, 0};
    const double tf[3] = {1.223e-2, 0, -1.606e-2};
    check_published(okada_rectangle(0, 0, 4, 90 * kDeg, 3, 2, 1, 0, 0), ss);
    check_published(okada_rectangle(0, 0, 4, 90 * kDeg, 3, 2, 0, 1, 0), ds);
    check_published(okada_rectangle(0, 0, 4, 90 * kDeg, 3, 2, 0, 0, 1), tf);
  }
  // Case 4: x = 0, y = 0, d = 4, dip = -90 (R + eta = 0 at corners).
  {
    const double ss[3] = {0, -1.303e-3, 0};
    const double ds[3] = {0, 0, 0};
    const double tf[3] = {3.507e-3, 0, -7.740e-3};
    check_published(okada_rectangle(0, 0, 4, -90 * kDeg, 3, 2, 1, 0, 0), ss);
    check_published(okada_rectangle(0, 0, 4, -90 * kDeg, 3, 2, 0, 1, 0), ds);
    check_published(okada_rectangle(0, 0, 4, -90 * kDeg, 3, 2, 0, 0, 1), tf);
  }
}

TEST_CASE("Okada: the geographic subfault reproduces the paper's frame for every anchor") {
  // Strike 90 (east): the paper's x is east and its y north; its origin (start of the deep
  // edge) at (0, 0) and depth 4 puts the centroid at (L/2, W/2 cos(dip)), depth 4 - W/2 sin(dip).
  const double dip = 70, L = 3, W = 2, c = std::cos(dip * kDeg), s = std::sin(dip * kDeg);
  Subfault centroid{.x = L / 2,
                    .y = 0.5 * W * c,
                    .depth = 4 - 0.5 * W * s,
                    .length = L,
                    .width = W,
                    .strike = 90,
                    .dip = dip,
                    .rake = 90,
                    .slip = 1};
  Subfault top = centroid;
  top.anchor = FaultAnchor::top_centre;
  top.y = W * c;
  top.depth = 4 - W * s;
  for (const Subfault& f : {centroid, top}) {
    const SurfaceDisplacement u = subfault_displacement(f, 2, 3);
    CHECK(u.east == doctest::Approx(-4.682e-3).epsilon(1e-3));
    CHECK(u.north == doctest::Approx(-3.527e-2).epsilon(1e-3));
    CHECK(u.up == doctest::Approx(-3.564e-2).epsilon(1e-3));
  }
  // Rotating the whole set-up about the origin rotates the horizontal displacement with it.
  for (double strike : {0.0, 33.0, 200.0}) {
    const double a = (strike - 90) * kDeg; // clockwise rotation from the strike-90 set-up
    auto rot = [&](double x, double y) {
      return std::array<double, 2>{x * std::cos(a) + y * std::sin(a),
                                   -x * std::sin(a) + y * std::cos(a)};
    };
    Subfault g = centroid;
    g.strike = strike;
    g.rake = 30;
    g.opening = 0.3;
    const auto c0 = rot(centroid.x, centroid.y);
    g.x = c0[0];
    g.y = c0[1];
    Subfault g0 = centroid;
    g0.rake = 30;
    g0.opening = 0.3;
    const SurfaceDisplacement u0 = subfault_displacement(g0, 2, 3);
    const auto p = rot(2, 3);
    const SurfaceDisplacement u = subfault_displacement(g, p[0], p[1]);
    const auto ur = rot(u0.east, u0.north);
    CHECK(u.east == doctest::Approx(ur[0]).epsilon(1e-12));
    CHECK(u.north == doctest::Approx(ur[1]).epsilon(1e-12));
    CHECK(u.up == doctest::Approx(u0.up).epsilon(1e-12));
  }
}

TEST_CASE("Okada: symmetries of vertical faults") {
  // A vertical fault striking north through the origin, centroid at 10 km depth.
  Subfault f{.x = 0,
             .y = 0,
             .depth = 10e3,
             .length = 40e3,
             .width = 15e3,
             .strike = 0,
             .dip = 90,
             .rake = 90,
             .slip = 2};
  const double xs[] = {1e3, 5e3, 12e3, 30e3, 90e3};
  const double ys[] = {-60e3, -15e3, 0, 7e3, 25e3};
  double largest = 0;
  // Dip slip: uz is antisymmetric about the fault plane (x = 0).
  for (double x : xs)
    for (double y : ys) {
      const double a = subfault_displacement(f, x, y).up, b = subfault_displacement(f, -x, y).up;
      largest = std::max(largest, std::abs(a));
      CHECK(a + b == doctest::Approx(0).scale(1e-12 * f.slip));
    }
  CHECK(largest > 0.05 * f.slip);
  // On the plane itself it vanishes.
  CHECK(std::abs(subfault_displacement(f, 0, 3e3).up) < 1e-12);
  // Strike slip: uz is antisymmetric along strike about the centre (and across the plane).
  f.rake = 0;
  largest = 0;
  for (double x : xs)
    for (double y : ys) {
      const double a = subfault_displacement(f, x, y).up;
      largest = std::max(largest, std::abs(a));
      CHECK(a + subfault_displacement(f, x, -y).up == doctest::Approx(0).scale(1e-12 * f.slip));
      CHECK(a + subfault_displacement(f, -x, y).up == doctest::Approx(0).scale(1e-12 * f.slip));
    }
  CHECK(largest > 0.01 * f.slip);
  // Dips just short of 90 degrees (the general formulas, then the vertical forms) agree with
  // the vertical fault.
  Subfault v = f;
  v.rake = 60;
  for (double dip : {90 - 1e-3, 90 - 5e-4}) {
    Subfault g = v;
    g.dip = dip;
    for (double x : xs) {
      const SurfaceDisplacement a = subfault_displacement(g, x, 4e3);
      const SurfaceDisplacement b = subfault_displacement(v, x, 4e3);
      CHECK(a.up == doctest::Approx(b.up).scale(f.slip).epsilon(1e-4));
      CHECK(a.east == doctest::Approx(b.east).scale(f.slip).epsilon(1e-4));
      CHECK(a.north == doctest::Approx(b.north).scale(f.slip).epsilon(1e-4));
    }
  }
}

TEST_CASE("Okada: far-field decay, superposition, rupture time") {
  const Subfault f{.x = 0,
                   .y = 0,
                   .depth = 20e3,
                   .length = 60e3,
                   .width = 30e3,
                   .strike = 30,
                   .dip = 15,
                   .rake = 95,
                   .slip = 5};
  // Far away a finite source acts as a point source: the displacement falls like 1/r^2.
  const double dir[2] = {std::cos(0.7), std::sin(0.7)};
  auto mag = [&](double r) {
    const SurfaceDisplacement u = subfault_displacement(f, r * dir[0], r * dir[1]);
    return std::sqrt(u.east * u.east + u.north * u.north + u.up * u.up);
  };
  const double m1 = mag(2e6), m2 = mag(4e6);
  CHECK(m1 < 1e-3 * f.slip);
  CHECK(m1 / m2 == doctest::Approx(4).epsilon(0.02));
  // r^2 |u| settles to the point-source constant (round-off does not grow with r).
  CHECK(1e16 * mag(1e8) == doctest::Approx(1e14 * mag(1e7)).epsilon(0.01));

  // Two half-length subfaults side by side are the full fault.
  const double sx = std::sin(f.strike * kDeg), sy = std::cos(f.strike * kDeg);
  Subfault a = f, b = f;
  a.length = b.length = f.length / 2;
  a.x = f.x - 0.25 * f.length * sx;
  a.y = f.y - 0.25 * f.length * sy;
  b.x = f.x + 0.25 * f.length * sx;
  b.y = f.y + 0.25 * f.length * sy;
  b.rupture_time = 30;
  const std::vector<Subfault> halves = {a, b};
  std::vector<double> xs, ys;
  for (double x = -150e3; x <= 150e3; x += 37e3)
    for (double y = -150e3; y <= 150e3; y += 41e3) {
      xs.push_back(x);
      ys.push_back(y);
    }
  std::vector<SurfaceDisplacement> sum(xs.size()), early(xs.size());
  sum_displacement(halves, xs, ys, sum);
  sum_displacement(halves, xs, ys, early, {.poisson = 0.25, .time = 10});
  double largest = 0;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    const SurfaceDisplacement w = subfault_displacement(f, xs[i], ys[i]);
    largest = std::max(largest, std::abs(w.up));
    CHECK(sum[i].up == doctest::Approx(w.up).scale(1e-12 * f.slip));
    CHECK(sum[i].east == doctest::Approx(w.east).scale(1e-12 * f.slip));
    CHECK(sum[i].north == doctest::Approx(w.north).scale(1e-12 * f.slip));
    // Before b's rupture time only a contributes.
    CHECK(early[i].up == subfault_displacement(a, xs[i], ys[i]).up);
  }
  CHECK(largest > 0.1 * f.slip);
}

TEST_CASE("Okada: subfault checks") {
  Subfault f{.depth = 10e3, .length = 10e3, .width = 20e3, .dip = 45, .slip = 1};
  CHECK(error_of([&] { check_subfault(f, "here"); }).empty());
  Subfault g = f;
  g.depth = 5e3; // centroid 5 km deep, top edge 2 km above the surface
  CHECK(error_of([&] { check_subfault(g, "here"); }).find("above the surface") !=
        std::string::npos);
  g = f;
  g.dip = 91;
  CHECK(error_of([&] { check_subfault(g, "here"); }).find("dip") != std::string::npos);
  g = f;
  g.slip = std::nan("");
  CHECK(error_of([&] { check_subfault(g, "here"); }).find("here: subfault") == 0);
  // The ranges of the case file's keys hold for subfaults from any file (an .fsp accepted a slip
  // of 1e6 m, a depth of 1e6 km, a strike of 1e308, a length of 1e-297 m).
  const std::pair<double Subfault::*, double> wrong[] = {
      {&Subfault::slip, 1e6},           {&Subfault::depth, 1e9},     {&Subfault::strike, 1e308},
      {&Subfault::rake, -1e308},        {&Subfault::length, 1e-297}, {&Subfault::width, 2e7},
      {&Subfault::rupture_time, 1e308}, {&Subfault::opening, -2e3}};
  for (const auto& [member, value] : wrong) {
    g = f;
    g.*member = value;
    CAPTURE(value);
    CHECK(error_of([&] { check_subfault(g, "here"); }).find("is outside") != std::string::npos);
  }
}

TEST_CASE("Okada: longitude/latitude to local metres") {
  const double m_per_deg = kEarthRadius * kDeg;
  auto p = lonlat_to_local(140, 38, 140, 38);
  CHECK(p[0] == 0);
  CHECK(p[1] == 0);
  p = lonlat_to_local(140, 39, 140, 38); // one degree north: exact on the sphere
  CHECK(p[0] == doctest::Approx(0).scale(1e-6));
  CHECK(p[1] == doctest::Approx(m_per_deg).epsilon(1e-12));
  p = lonlat_to_local(1, 0, 0, 0); // one degree east on the equator
  CHECK(p[0] == doctest::Approx(m_per_deg).epsilon(1e-12));
  // Small offsets at latitude 60: a degree of longitude is half as long.
  p = lonlat_to_local(10.001, 60, 10, 60);
  CHECK(p[0] == doctest::Approx(0.5 * 0.001 * m_per_deg).epsilon(1e-6));
  // The distance from the reference is the great-circle distance.
  p = lonlat_to_local(145, 35, 140, 38);
  const double c = std::acos(std::sin(38 * kDeg) * std::sin(35 * kDeg) +
                             std::cos(38 * kDeg) * std::cos(35 * kDeg) * std::cos(5 * kDeg));
  CHECK(std::hypot(p[0], p[1]) == doctest::Approx(kEarthRadius * c).epsilon(1e-12));
}

namespace {

// A small single-segment model in the SRCMOD layout: 2 x 2 subfaults of 10 km x 5 km.
std::string fsp_text(const std::string& nsbfs = "4", const std::string& rows_override = "",
                     bool trup = true) {
  std::string t =
      "% ------------------------- FINITE-SOURCE RUPTURE MODEL --------------------------\n"
      "%\n"
      "% Event : TEST EVENT 2000/01/01 [Nobody (2000)]\n"
      "% EventTAG: s2000TESTxx01NOBO\n"
      "%\n"
      "% Loc  : LAT = 38.10  LON = 142.80  DEP = 20.0\n"
      "% Size : LEN = 20 km  WID = 10 km  Mw = 7.0  Mo = 4.0e+19 Nm\n"
      "% Mech : STRK = 200  DIP = 12  RAKE = 88  Htop = 14.0 km\n"
      "% Rupt : HypX = 10 km  Hypz = 5 km  avTr = 5.0 s  avVr = 2.5 km/s\n"
      "%\n"
      "% Invs : Nx  =   2  Nz  =   2 Fmin = 0.002 Hz  Fmax = 0.5 Hz\n"
      "% Invs : Dx  =  10.00 km  Dz  =   5.00 km\n"
      "% Invs : Ntw =   1  Nsg =   1     (# of time-windows,# of fault segments)\n"
      "%\n"
      "% SOURCE MODEL PARAMETERS\n"
      "% Nsbfs = " +
      nsbfs +
      " subfaults\n"
      "% X,Y,Z coordinates in km; SLIP in m\n"
      "% Coordinates are given for center of each subfault or segment: |'|\n"
      "% Origin of local coordinate system at epicenter: X (EW) = 0, Y (NS) = 0\n"
      "% -------------------------------------------------------------------------------\n";
  t += trup ? "%   LAT       LON     X==EW    Y==NS      Z     SLIP    RAKE   TRUP\n"
            : "%   LAT       LON     X==EW    Y==NS      Z     SLIP    RAKE\n";
  t += "% -------------------------------------------------------------------------------\n";
  if (!rows_override.empty()) return t + rows_override;
  const char* rows[] = {"  38.1400  142.8200   1.7500   4.4500  15.0400   1.2000  85.0",
                        "  38.0550  142.7850  -1.3134  -5.0038  15.0400   2.5000  90.0",
                        "  38.1500  142.8300   2.6233   5.5597  19.9300   0.8000  91.0",
                        "  38.0650  142.7950  -0.4377  -3.8918  19.9300   3.1000  87.5"};
  const char* trups[] = {"   2.10", "   1.50", "   3.20", "   0.00"};
  for (int i = 0; i < 4; ++i) t += std::string(rows[i]) + (trup ? trups[i] : "") + "\n";
  return t;
}

void write(const std::string& path, const std::string& text) {
  std::ofstream(path) << text;
}

// `text` with the first `from` replaced by `to` (which must be there).
void replace_first(std::string& text, const std::string& from, const std::string& to) {
  const std::size_t i = text.find(from);
  REQUIRE(i != std::string::npos);
  text = text.substr(0, i) + to + text.substr(i + from.size());
}

} // namespace

TEST_CASE(".fsp reader: a small model") {
  test::ScratchDir dir("fsp");
  const std::string path = dir.file("model.fsp");
  write(path, fsp_text());
  const FspModel m = read_fsp(path);
  REQUIRE(m.subfaults.size() == 4);
  CHECK(m.has_rupture_time);
  CHECK(m.has_hypocentre);
  CHECK(m.hypo_lat == 38.10);
  CHECK(m.hypo_lon == 142.80);
  CHECK(m.hypo_depth == doctest::Approx(20e3));
  CHECK(m.anchor == FaultAnchor::centroid);
  const Subfault& f = m.subfaults[1];
  CHECK(f.x == doctest::Approx(-1313.4));
  CHECK(f.y == doctest::Approx(-5003.8));
  CHECK(f.depth == doctest::Approx(15040));
  CHECK(f.length == doctest::Approx(10e3));
  CHECK(f.width == doctest::Approx(5e3));
  CHECK(f.strike == 200);
  CHECK(f.dip == 12);
  CHECK(f.rake == 90);
  CHECK(f.slip == 2.5);
  CHECK(f.rupture_time == 1.5);
  CHECK(m.lat[1] == 38.055);
  CHECK(m.lon[1] == 142.785);
  // Without RAKE and TRUP columns: the header's rake, rupture time 0; top-centre anchors.
  std::string t = fsp_text("4", "", false);
  replace_first(t, "RAKE\n", "    \n");
  for (const char* r : {"  85.0\n", "  90.0\n", "  91.0\n", "  87.5\n"}) replace_first(t, r, "\n");
  replace_first(t, "for center", "for top-center");
  write(path, t);
  const FspModel n = read_fsp(path);
  REQUIRE(n.subfaults.size() == 4);
  CHECK_FALSE(n.has_rupture_time);
  CHECK(n.anchor == FaultAnchor::top_centre);
  CHECK(n.subfaults[2].rake == 88);
  CHECK(n.subfaults[2].rupture_time == 0);
  CHECK(n.subfaults[2].anchor == FaultAnchor::top_centre);
  // Placed about the hypocentre by longitude/latitude: close to the file's own X, Y.
  FspModel p = m;
  place_about(p, m.hypo_lon, m.hypo_lat);
  for (std::size_t i = 0; i < 4; ++i) {
    CHECK(p.subfaults[i].x == doctest::Approx(m.subfaults[i].x).epsilon(1e-3));
    CHECK(p.subfaults[i].y == doctest::Approx(m.subfaults[i].y).epsilon(1e-3));
  }
  // The model gives a finite uplift pattern.
  std::vector<double> xs = {0, 20e3, -30e3}, ys = {0, 10e3, 40e3};
  std::vector<SurfaceDisplacement> u(3);
  sum_displacement(m.subfaults, xs, ys, u);
  for (const auto& d : u) CHECK(std::isfinite(d.up));
}

TEST_CASE(".fsp reader: malformed files give one-line errors naming file:line") {
  test::ScratchDir dir("fsp_bad");
  const std::string path = dir.file("bad.fsp");
  auto error_for = [&](const std::string& text) {
    write(path, text);
    return error_of([&] { read_fsp(path); });
  };
  const std::string ok_row =
      "  38.1400  142.8200   1.7500   4.4500  15.0400   1.2000  85.0   2.1\n";
  std::string e;
  // A row with a missing column.
  e = error_for(fsp_text("1", "  38.1400  142.8200   1.7500   4.4500  15.0400   1.2000  85.0\n"));
  CHECK(e.find(path + ":23: expected 8 values") == 0);
  // NaN and junk values.
  e = error_for(fsp_text("1", "  38.1400  142.8200   nan   4.4500  15.0400   1.2000  85.0  2.1\n"));
  CHECK(e.find(path + ":23: the X==EW value is not a finite number: 'nan'") == 0);
  e = error_for(fsp_text("1", "  38.1400  142.8200   1.75   4.4500  15.0400   1.2x  85.0  2.1\n"));
  CHECK(e.find("the SLIP value is not a finite number") != std::string::npos);
  // A huge declared count.
  e = error_for(fsp_text("1000000000000"));
  CHECK(e.find(path + ":16: Nsbfs = 1000000000000 subfaults; at most") == 0);
  // A count that does not match the rows.
  e = error_for(fsp_text("3"));
  CHECK(e.find(path + ":16: Nsbfs = 3 but 4 subfault rows follow") == 0);
  // A header value that is not a number.
  std::string t = fsp_text();
  replace_first(t, "DIP = 12", "DIP = ab");
  e = error_for(t);
  CHECK(e.find(path + ":8: the value of DIP is not a finite number") == 0);
  // No Dx / Dz in the header.
  t = fsp_text("1", ok_row);
  replace_first(t, "Dx  =", "Qx  =");
  e = error_for(t);
  CHECK(e.find(path + ":23: the header must give STRK, DIP, Dx and Dz") == 0);
  // A column line without Z.
  t = fsp_text("1", ok_row);
  replace_first(t, "  Z  ", "  W  ");
  e = error_for(t);
  CHECK(e.find(path + ":21: the column line lacks Z") == 0);
  // Rows but no column line, no rows at all, a subfault above the surface, no file.
  e = error_for("% STRK = 10 DIP = 10 Dx = 1 Dz = 1\n" + ok_row);
  CHECK(e.find(path + ":2: a data row before the column line") == 0);
  e = error_for(fsp_text("0", "\n"));
  CHECK(e.find(path + ": no subfault rows") == 0);
  e = error_for(fsp_text("1", "  38.1  142.8  1.75  4.45  0.1  1.2  85.0  2.1\n"));
  CHECK(e.find(path + ":23: subfault reaches above the surface") == 0);
  e = error_of([&] { read_fsp(dir.file("missing.fsp")); });
  CHECK(e.find("cannot read") != std::string::npos);
}
