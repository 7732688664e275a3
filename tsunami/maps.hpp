#pragma once
// `tridg maps` and the maps of `tridg plot`: a shallow-water run's per-element maxima
// (max_inundation.h5: highest surface, deepest water, arrival time, bed) resampled onto a
// regular longitude-latitude (or x-y) grid, and drawn as a map with the coastline.
#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "io/map_grid.hpp"

namespace tridg {

struct MapOptions {
  std::string input;                        // max_inundation.h5, or the run's folder
  double spacing = 0;                       // grid spacing; 0: the median element size
  std::optional<std::array<double, 4>> box; // x0, x1, y0, y1; default: the elements' extent
  std::int64_t max_points = 25'000'000;     // refuse grids of more nodes than this
};

// Each grid node takes the values of the element whose centroid is nearest, within 1.5 times
// the local element size (found through a k-d tree); farther nodes are outside the mesh and
// get NaN. Fields: max_height (highest surface above the still level, NaN where never wet),
// max_depth (deepest water, NaN where never wet), inundation_depth (max_depth where the bed is
// above the still level), arrival_time (NaN where the wave never arrived) and bed.
// UserError(bad_case) for a missing or wrong file, a box outside the data or too many nodes.
MapGrid resample_maxima(const MapOptions& opt);

// Draws `field` of a map grid through Gmsh (io/png_render.hpp), `width` pixels wide, at the
// ground's shape (longitudes shortened by the cosine of the middle latitude), with the
// coastline (the zero contour of `bed`) in black, places without a value white, axes numbered
// in degrees (or metres) and a colour bar with its values below, titled with the field and its
// units; range: the field's, unless given. Returns the range used. UserError(io_error) without
// gmsh or xvfb-run.
std::array<double, 2> draw_map(const MapGrid& g, const std::string& field, const std::string& png,
                               int width, std::optional<std::array<double, 2>> range);

} // namespace tridg
