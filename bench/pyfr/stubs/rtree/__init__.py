"""An empty stand-in for rtree, which PyFR's sampler and turbulence plugins import at start-up.
Neither plugin runs in the side-by-side case, so only the names must exist."""
