#pragma once
// Reader of SRCMOD finite-source models in the .fsp text format.
//
// Header lines start with '%'. Their "KEY = value" pairs are read wherever they appear:
// STRK (or STRIKE) and DIP [degrees], RAKE [degrees] (used when the table has no RAKE column),
// Dx and Dz [km] (subfault length along strike and width down dip), Nsbfs (the declared number
// of subfaults), and from the "Loc" line LAT, LON, DEP of the hypocentre. A later value
// replaces an earlier one, so the segment headers of multi-segment models apply to the rows
// after them. The column line is the '%' line naming LAT, LON and SLIP; data rows are the
// lines that do not start with '%': LAT LON X==EW Y==NS Z SLIP [RAKE] [TRUP] [...], with X, Y
// [km] east and north of the epicentre, Z the depth [km] and SLIP [m] (cm when the header
// says "SLIP in cm"). Z locates the subfault's centre, or its top centre when the header line
// "Coordinates are given for ..." says "top".
//
// Every row must have one value per column, all finite. At most kMaxFspSubfaults rows are
// read, and a declared Nsbfs above it is refused. Where Nsbfs is declared once, the number of
// rows must equal it; each Nsbfs followed by rows must equal the number of those rows, and a
// count directly followed by another one is a total that the sum of the rows must equal.
// Errors throw UserError(bad_case) naming file:line.
#include <cstddef>
#include <string>
#include <vector>

#include "tsunami/okada.hpp"

namespace tridg {

inline constexpr std::size_t kMaxFspSubfaults = 100000;
// Files larger than this are refused before reading [bytes].
inline constexpr std::size_t kMaxFspBytes = std::size_t(64) << 20;

struct FspModel {
  // Positions x, y [m] east and north of the epicentre (the file's X, Y), depth [m], length
  // Dx and width Dz [m], strike, dip, rake, slip [m], rupture time [s] (0 without TRUP).
  std::vector<okada::Subfault> subfaults;
  std::vector<double> lon, lat;                      // of each subfault's anchor point [degrees]
  double hypo_lon = 0, hypo_lat = 0, hypo_depth = 0; // [degrees, degrees, m] (0 if not given)
  bool has_hypocentre = false;
  bool has_rupture_time = false; // a TRUP column was present
  okada::FaultAnchor anchor = okada::FaultAnchor::centroid;
};

FspModel read_fsp(const std::string& path);

// Replaces the subfaults' x, y by their longitude/latitude in local metres about (lon0, lat0)
// (okada::lonlat_to_local), so that a model lies in the frame of a mesh.
void place_about(FspModel& model, double lon0, double lat0);

} // namespace tridg
