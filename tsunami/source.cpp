#include "tsunami/source.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "physics/shallow_water/geographic.hpp"
#include "tsunami/fsp_reader.hpp"

namespace tridg {

double SeafloorSource::uplift(double x, double y) const {
  double up = 0;
  if (prepared_from_ != faults) {
    // Not prepared (or `faults` changed since): each subfault reduced at this point.
    SeafloorSource s = *this;
    s.prepare();
    return s.uplift(x, y);
  }
  if (!geographic) {
    for (const okada::PreparedSubfault& f : prepared_)
      up += okada::prepared_uplift(f, x, y, poisson);
    return up;
  }
  // (x, y) in metres east and north of each anchor, on the plane tangent there.
  const GeoPoint here = geo_point(x, y);
  for (std::size_t i = 0; i < prepared_.size(); ++i) {
    double east = 0, north = 0;
    local_offset(anchors_[i], here, radius, east, north);
    up += okada::prepared_uplift(prepared_[i], east, north, poisson);
  }
  return up;
}

void SeafloorSource::prepare() {
  prepared_from_ = faults;
  prepared_.clear();
  anchors_.clear();
  for (const okada::Subfault& f : faults) {
    okada::Subfault g = f;
    if (geographic) {
      anchors_.push_back(geo_point(f.x, f.y));
      g.x = g.y = 0; // the anchor is the origin of its tangent plane
    }
    prepared_.push_back(okada::prepare_subfault(g));
  }
}

SeafloorSource SeafloorSource::until(double t) const {
  SeafloorSource s = *this;
  if (!timed) return s;
  s.faults.clear();
  for (const okada::Subfault& f : faults)
    if (f.rupture_time <= t) s.faults.push_back(f);
  s.prepare();
  return s;
}

SeafloorSource SeafloorSource::slipped_between(double t0, double t1) const {
  SeafloorSource s = *this;
  s.faults.clear();
  for (const okada::Subfault& f : faults)
    if (f.rupture_time > t0 && f.rupture_time <= t1) s.faults.push_back(f);
  s.prepare();
  return s;
}

std::vector<double> SeafloorSource::later_times() const {
  std::vector<double> t;
  if (!timed) return t;
  for (const okada::Subfault& f : faults)
    if (f.rupture_time > 0) t.push_back(f.rupture_time);
  std::sort(t.begin(), t.end());
  t.erase(std::unique(t.begin(), t.end()), t.end());
  return t;
}

namespace {

okada::Subfault read_subfault(const Config& t) {
  okada::Subfault f;
  f.x = t.get_double("x");
  f.y = t.get_double("y");
  // The same closed ranges as okada::check_subfault, which also checks subfaults from .fsp files.
  using L = okada::SubfaultLimits;
  using I = Config::Interval;
  f.depth = t.get_double_in("depth", I::closed(0, L::depth));
  f.length = t.get_double_in("length", I::closed(L::size_min, L::size_max));
  f.width = t.get_double_in("width", I::closed(L::size_min, L::size_max));
  f.strike = t.get_double_in("strike", I::closed(-L::angle, L::angle));
  f.dip = t.get_double_in("dip", I::closed(0, 90));
  f.rake = t.get_double_in("rake", I::closed(-L::angle, L::angle));
  f.slip = t.get_double_in("slip", I::closed(-L::slip, L::slip));
  f.opening = t.get_double_in("opening", I::closed(-L::slip, L::slip), 0.0);
  f.rupture_time = t.get_double_in("rupture_time", I::closed(0, L::rupture_time), 0.0);
  f.anchor = t.get_choice("anchor", {"centroid", "top_centre"}, "centroid") == "centroid"
                 ? okada::FaultAnchor::centroid
                 : okada::FaultAnchor::top_centre;
  return f;
}

} // namespace

std::optional<SeafloorSource> read_seafloor_source(const Config& cfg) {
  if (!cfg.has("source")) return std::nullopt;
  const Config t = cfg.table("source");
  t.get_choice("type", {"okada"}, "okada");
  SeafloorSource s;
  s.poisson = t.get_double_in("poisson", Config::Interval::open(0, 0.5), 0.25);
  s.timed = t.get_choice("timing", {"instant", "rupture"}, "instant") == "rupture";
  const Geographic geo = read_geographic(cfg);
  s.geographic = geo.on;
  s.radius = geo.radius;
  const bool has_fsp = t.has("fsp"), has_tables = t.has("subfaults");
  if (has_fsp == has_tables)
    t.error(has_fsp ? "fsp" : "type",
            "give the subfaults either as [source.subfaults.NAME] tables or as fsp = \"file\"");
  if (has_fsp) {
    const std::string path = cfg.case_relative(t.get_string("fsp"));
    const FspModel m = read_fsp(path);
    s.faults = m.subfaults;
    if (geo.on) {
      // The file's own longitude and latitude of each subfault.
      if (t.has("origin"))
        t.error("origin", "a geographic mesh places the subfaults at the file's LAT and LON");
      for (std::size_t i = 0; i < s.faults.size(); ++i) {
        s.faults[i].x = m.lon[i];
        s.faults[i].y = m.lat[i];
      }
    } else {
      // The file's X, Y are metres from its epicentre; `origin` places the epicentre in the mesh.
      const std::vector<double> o = t.get_doubles("origin", {0.0, 0.0});
      if (o.size() != 2) t.error("origin", "needs two numbers [x, y]");
      for (okada::Subfault& sf : s.faults) {
        sf.x += o[0];
        sf.y += o[1];
      }
    }
    if (m.has_rupture_time && !s.timed)
      spdlog::info("{}: {} has rupture times; all subfaults slip at t = 0 (timing = "
                   "\"rupture\" follows them)",
                   cfg.source(), path);
    if (s.timed && !m.has_rupture_time)
      t.error("timing", path + " has no rupture times (the RUPT column)");
    s.description = std::to_string(s.faults.size()) + " subfaults of " + path;
    for (std::size_t i = 0; i < s.faults.size(); ++i)
      okada::check_subfault(s.faults[i], path + ", subfault " + std::to_string(i + 1));
  } else {
    const Config subs = t.table("subfaults");
    for (const std::string& name : subs.keys()) {
      s.faults.push_back(read_subfault(subs.table(name)));
      okada::check_subfault(s.faults.back(), subs.where(name));
    }
    if (s.faults.empty()) t.error("subfaults", "lists no subfault");
    s.description = std::to_string(s.faults.size()) + " subfault(s) of " + cfg.source();
  }
  s.prepare();
  return s;
}

} // namespace tridg
