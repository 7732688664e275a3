#pragma once
// The initial sea surface of a tsunami from a grid, as source models publish it (the
// Okushiri benchmark's HNO1993, say): [initial] surface = "file", for shallow water and linear
// shallow water, on the plane and the sphere.
#include <functional>
#include <optional>
#include <string>

#include "io/config.hpp"
#include "io/grid_source.hpp"

namespace tridg {

struct InitialSurface {
  std::function<double(double, double)> eta; // the surface elevation [m]; thread-safe
  std::string description;
};

// Reads `surface` (a raster, or gridded "x y z" text; relative to the case file),
// `surface_variable` (a NetCDF variable) and `surface_outside` (the elevation where the raster has
// no value; without it such a point is an error naming it) from the [initial] table `ic`, over
// `area`, and logs what it read. nullopt when `surface` is absent. Throws UserError(bad_case),
// also when `eta` is given beside `surface`.
std::optional<InitialSurface> read_initial_surface(const Config& ic, const Config& root,
                                                   const GridArea& area);

} // namespace tridg
