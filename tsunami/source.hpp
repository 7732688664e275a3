#pragma once
// The seafloor displacement of an earthquake, from the [source] table of a shallow-water case.
// It acts at t = 0: the bed and the water above it rise together by the vertical displacement,
// so the sea surface takes the seafloor's shape and the depth is unchanged (the water column is
// incompressible and the rupture is fast against the tsunami). Subfaults come from
// [source.subfaults.NAME] tables or a SRCMOD .fsp file and are summed with Okada's (1985)
// formulas (okada.hpp). Positions are in the mesh's coordinates: metres, or on a geographic
// mesh longitude and latitude (each subfault then acts in the plane tangent at its anchor
// point, with great-circle distances).
#include <optional>
#include <string>
#include <vector>

#include "io/config.hpp"
#include "physics/shallow_water/geographic.hpp"
#include "tsunami/okada.hpp"

namespace tridg {

struct SeafloorSource {
  std::vector<okada::Subfault> faults;
  double poisson = 0.25;
  std::string description;
  // timing = "rupture": each subfault slips at its rupture time (okada::Subfault::rupture_time)
  // instead of all at t = 0.
  bool timed = false;
  // Geographic mesh: the subfaults' x, y are the longitude and latitude of their anchors.
  bool geographic = false;
  double radius = 6371000.0;
  // Vertical displacement of the seafloor at (x, y) [m], positive up. Fast once prepare() has
  // run on the current `faults`; the same bits either way.
  double uplift(double x, double y) const;
  // Reduces each subfault once to what every point needs (okada::PreparedSubfault, and on a
  // geographic mesh the anchor's latitude's sine and cosine): a mesh's set-up evaluates the
  // uplift at millions of points. read_seafloor_source, until and slipped_between call it.
  void prepare();
  // The source of the subfaults that have slipped by time t (all of them unless timed).
  SeafloorSource until(double t) const;
  // The source of the subfaults that slip in (t0, t1].
  SeafloorSource slipped_between(double t0, double t1) const;
  // The distinct rupture times after t = 0, ascending (none unless timed).
  std::vector<double> later_times() const;

private:
  // prepare()'s results, one per subfault, and the subfaults they were made from: used only
  // while those are still `faults` (a caller may have changed them since).
  std::vector<okada::Subfault> prepared_from_;
  std::vector<okada::PreparedSubfault> prepared_;
  std::vector<GeoPoint> anchors_;
};

// The source of [source], or none when the case has no such table. Throws UserError(bad_case)
// naming the key or file.
std::optional<SeafloorSource> read_seafloor_source(const Config& cfg);

} // namespace tridg
