#include "physics/shallow_water/gauges.hpp"

#include "core/cell_mean.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <filesystem>

#include "io/error.hpp"
#include "io/h5_util.hpp"
#include "io/json.hpp"
#include "io/time_series.hpp"
#include "parallel/comm.hpp"
#include "physics/shallow_water/aida.hpp"
#include "solver/mesh_arrays.hpp"

namespace tridg {

namespace fs = std::filesystem;

namespace {

std::array<double, 2> read_point(const Config& t, const std::string& key) {
  const auto v = t.get_doubles(key);
  if (v.size() != 2) t.error(key, "needs two numbers [x, y]");
  return {v[0], v[1]};
}

// Linear interpolation of the series (ts, vs) at t (clamped at the ends).
double interpolate(const std::vector<double>& ts, const std::vector<double>& vs, double t) {
  if (t <= ts.front()) return vs.front();
  if (t >= ts.back()) return vs.back();
  const std::size_t i = std::size_t(std::upper_bound(ts.begin(), ts.end(), t) - ts.begin());
  const double w = (t - ts[i - 1]) / (ts[i] - ts[i - 1]);
  return vs[i - 1] + w * (vs[i] - vs[i - 1]);
}

} // namespace

GaugeSettings read_gauge_settings(const Config& g, const Config& root) {
  GaugeSettings s;
  s.interval = g.get_double_in("interval", 0, 1e300);
  s.hdf5 = g.get_bool("hdf5", true);
  if (g.has("arrival")) {
    const Config a = g.table("arrival");
    s.arrival_threshold = a.get_double_in("threshold", Config::Interval::open(0, 1e300), 0.01);
    s.arrival_level = a.get_double("level", 0.0);
  }
  if (g.has("points")) {
    const Config pts = g.table("points");
    for (const std::string& name : pts.keys()) {
      const auto xy = read_point(pts, name);
      s.points.push_back({name, xy[0], xy[1]});
    }
  }
  s.geo = read_geographic(root);
  if (g.has("runup")) {
    auto read_runup = [&s](const Config& r, const std::string& name) {
      GaugeSettings::Runup u;
      u.name = name;
      const auto xy = read_point(r, "point");
      u.x = xy[0];
      u.y = xy[1];
      u.radius = r.get_double_in("radius", 0, 1e300);
      u.min_depth = r.get_double_in("min_depth", 0, 1e300, 1e-3);
      if (r.has("observed")) u.observed = r.get_double_in("observed", 0, 1e4);
      s.runups.push_back(u);
    };
    const Config r = g.table("runup");
    s.runup_named = !r.has("point");
    if (!s.runup_named) {
      read_runup(r, "runup");
    } else {
      for (const std::string& name : r.keys()) read_runup(r.table(name), name);
      if (s.runups.empty()) r.error("point", "give point = [x, y] or [gauges.runup.NAME] tables");
    }
  }
  if (g.has("measured")) {
    const Config m = g.table("measured");
    const fs::path f = m.get_string("file");
    s.measured_file = (f.is_absolute() ? f : fs::path(root.source()).parent_path() / f)
                          .lexically_normal()
                          .string();
    s.time_column = m.get_string("time");
    s.scale = m.get_double("scale", 1.0);
    s.from = m.get_double("from", 0.0);
    s.until = m.get_double("until", std::numeric_limits<double>::infinity());
    for (const std::string& key : m.keys()) {
      if (key == "file" || key == "time" || key == "scale" || key == "from" || key == "until")
        continue;
      const bool known = std::any_of(s.points.begin(), s.points.end(),
                                     [&](const GaugeSettings::Point& p) { return p.name == key; });
      if (!known) m.error(key, "names no gauge of [gauges.points]");
      s.columns.emplace_back(key, m.get_string(key));
    }
  }
  return s;
}

GaugeObserver::GaugeObserver(GaugeSettings s, const Mesh& mesh, std::shared_ptr<const SwBed> bed,
                             const SwSettings<double>& phys, std::string output_dir)
    : s_(std::move(s)), mesh_(mesh), bed_(std::move(bed)), ph_(phys), dir_(std::move(output_dir)) {
  for (const auto& p : s_.points) {
    double r = 0, q = 0;
    const int k = locate_point(mesh, p.x, p.y, r, q);
    if (k < 0)
      fail(ExitCode::mismatch, "gauge '" + p.name + "' at (" + std::to_string(p.x) + ", " +
                                   std::to_string(p.y) + ") lies outside the mesh");
    elem_.push_back(k);
    ref_.push_back({r, q});
  }
  eta_.resize(s_.points.size());
  h_ = u_ = v_ = eta_;
  const int E = mesh.n_elems();
  max_eta_.assign(E, std::nan(""));
  max_h_.assign(E, 0.0);
  arrival_.assign(E, std::nan(""));
  for (const GaugeSettings::Runup& u : s_.runups) {
    RunupState st;
    for (int k = 0; k < E; ++k) {
      const ElementMap m = element_map(mesh, k);
      const double xc = (m.x0 + m.x1 + m.x2) / 3, yc = (m.y0 + m.y1 + m.y2) / 3;
      const double d = s_.geo.on ? great_circle_distance(u.x, u.y, xc, yc, s_.geo.radius)
                                 : std::hypot(xc - u.x, yc - u.y);
      if (d <= u.radius) st.elems.push_back(k);
    }
    runup_.push_back(std::move(st));
  }
}

double GaugeObserver::runup(const std::string& name) const {
  for (std::size_t i = 0; i < runup_.size(); ++i)
    if (s_.runups[i].name == name) return runup_[i].value;
  return -std::numeric_limits<double>::infinity();
}

GaugeObserver::~GaugeObserver() {
  if (csv_) std::fclose(csv_);
}

double GaugeObserver::next_time(double t) const {
  // Sample times are whole multiples of the interval; a time within 1e-9 of one counts as it.
  const double k = std::floor(t / s_.interval * (1 + 1e-12) + 1e-9) + 1;
  return k * s_.interval;
}

void GaugeObserver::observe(const OwnedState& c, double t, std::int64_t) {
  if (!t_.empty() && t <= t_.back()) return; // the final time may coincide with a sample
  const bool root = par::root();
  if (root && !csv_ && !s_.points.empty()) {
    csv_tmp_ = std::make_unique<TempFile>((fs::path(dir_) / "gauges.csv").string());
    errno = 0;
    csv_ = std::fopen(csv_tmp_->tmp().c_str(), "w");
    if (!csv_)
      fail(ExitCode::io_error,
           csv_tmp_->final_path() + ": cannot write (" + errno_text(errno) + ")");
    std::fprintf(csv_, "time");
    for (const auto& p : s_.points) std::fprintf(csv_, ",%s", p.name.c_str());
    std::fprintf(csv_, "\n");
  }
  t_.push_back(t);
  sample_gauges(c);
  const int E = mesh_.n_elems();
  for (int k = 0; k < E; ++k) {
    if (!c.owns(k)) continue; // its owner keeps its maxima
    const double h = mean(c, 0, k);
    if (!(h > ph_.dry_depth)) continue;
    const SwCell<double> cell = bed_->cell(ph_, k, h, mean(c, 1, k), mean(c, 2, k));
    if (!(max_eta_[k] >= cell.level)) max_eta_[k] = cell.level;
    max_h_[k] = std::max(max_h_[k], h);
    if (std::isnan(arrival_[k]) && cell.level > s_.arrival_level + s_.arrival_threshold)
      arrival_[k] = t;
  }
  sample_runup(c, t);
}

double GaugeObserver::mean(const OwnedState& c, int v, int k) const {
  return cell_mean(c(std::size_t(v) * bed_->layout().np, k));
}

void GaugeObserver::sample_gauges(const OwnedState& c) {
  const std::size_t ng = s_.points.size();
  if (ng == 0) return;
  // Each gauge's values come from the rank that owns its element.
  std::vector<double> rows;
  std::vector<std::int32_t> which;
  for (std::size_t i = 0; i < ng; ++i) {
    if (!c.owns(elem_[i])) continue;
    const SwPointValue v = sw_point_value(ph_, *bed_, c, elem_[i], ref_[i][0], ref_[i][1]);
    rows.insert(rows.end(), {v.eta, v.h, v.u, v.v});
    which.push_back(std::int32_t(i));
  }
  const std::vector<double> all = par::gather_rows(rows, which, 4, std::int64_t(ng));
  if (!par::root()) return;
  std::fprintf(csv_, "%.9g", t_.back());
  for (std::size_t i = 0; i < ng; ++i) {
    eta_[i].push_back(all[4 * i]);
    h_[i].push_back(all[4 * i + 1]);
    u_[i].push_back(all[4 * i + 2]);
    v_[i].push_back(all[4 * i + 3]);
    std::fprintf(csv_, ",%.9g", all[4 * i]);
  }
  std::fprintf(csv_, "\n");
  std::fflush(csv_);
}

void GaugeObserver::sample_runup(const OwnedState& c, double t) {
  const std::size_t nr = runup_.size();
  if (nr == 0) return;
  // This rank's highest reach at each point and its position in the point's element list; the
  // first of the highest over all ranks is then what one process visiting the list finds.
  std::vector<double> best(2 * nr);
  for (std::size_t i = 0; i < nr; ++i) {
    double value = -std::numeric_limits<double>::infinity(), pos = -1;
    const std::vector<int>& elems = runup_[i].elems;
    for (std::size_t j = 0; j < elems.size(); ++j) {
      const int k = elems[j];
      if (!c.owns(k)) continue;
      const double h = mean(c, 0, k);
      if (!(h >= s_.runups[i].min_depth)) continue;
      const SwCell<double> cell = bed_->cell(ph_, k, h, mean(c, 1, k), mean(c, 2, k));
      // A wet cell is under water up to its highest point; a shore cell up to its level.
      const double reach = cell.kind == sw_wet ? bed_->max_at_points(k) : cell.level;
      if (reach > value) {
        value = reach;
        pos = double(j);
      }
    }
    best[2 * i] = value;
    best[2 * i + 1] = pos;
  }
  const int ranks = par::size();
  const std::vector<double> all =
      par::gather_rows(best, {std::int32_t(par::rank())}, int(2 * nr), ranks);
  if (!par::root()) return;
  for (std::size_t i = 0; i < nr; ++i) {
    double value = -std::numeric_limits<double>::infinity(), pos = -1;
    for (int r = 0; r < ranks; ++r) {
      const double v = all[std::size_t(r) * 2 * nr + 2 * i],
                   q = all[std::size_t(r) * 2 * nr + 2 * i + 1];
      if (v > value || (v == value && q >= 0 && q < pos)) {
        value = v;
        pos = q;
      }
    }
    RunupState& st = runup_[i];
    if (pos >= 0 && value > st.value) {
      st.value = value;
      st.t = t;
      const ElementMap m = element_map(mesh_, st.elems[std::size_t(pos)]);
      st.at = {(m.x0 + m.x1 + m.x2) / 3, (m.y0 + m.y1 + m.y2) / 3};
    }
  }
}

void GaugeObserver::gather_maxima(const OwnedState& c) {
  const int E = mesh_.n_elems();
  std::vector<double> rows;
  std::vector<std::int32_t> owned;
  for (int k = 0; k < E; ++k)
    if (c.owns(k)) {
      rows.insert(rows.end(), {max_eta_[k], max_h_[k], arrival_[k]});
      owned.push_back(k);
    }
  const std::vector<double> all = par::gather_rows(rows, owned, 3, E);
  if (all.empty()) return;
  for (int k = 0; k < E; ++k) {
    max_eta_[k] = all[3 * std::size_t(k)];
    max_h_[k] = all[3 * std::size_t(k) + 1];
    arrival_[k] = all[3 * std::size_t(k) + 2];
  }
}

void GaugeObserver::compare() {
  if (s_.measured_file.empty() || t_.size() < 2) return;
  const Columns m = read_columns(s_.measured_file, 2);
  const std::vector<double>& mt = m.data[m.column(s_.time_column)];
  const double t0 = std::max(s_.from, t_.front()), t1 = std::min(s_.until, t_.back());
  for (const auto& [gauge, column] : s_.columns) {
    const std::size_t gi =
        std::size_t(std::find_if(s_.points.begin(), s_.points.end(),
                                 [&](const GaugeSettings::Point& p) { return p.name == gauge; }) -
                    s_.points.begin());
    const std::vector<double>& mv = m.data[m.column(column)];
    GaugeComparison r;
    r.gauge = gauge;
    r.peak_measured = r.peak_computed = -std::numeric_limits<double>::infinity();
    double sum = 0;
    std::size_t n = 0;
    for (std::size_t i = 0; i < mt.size(); ++i) {
      if (mt[i] < t0 || mt[i] > t1) continue;
      const double meas = s_.scale * mv[i], comp = interpolate(t_, eta_[gi], mt[i]);
      sum += (comp - meas) * (comp - meas);
      ++n;
      if (meas > r.peak_measured) {
        r.peak_measured = meas;
        r.t_peak_measured = mt[i];
      }
    }
    for (std::size_t i = 0; i < t_.size(); ++i)
      if (t_[i] >= t0 && t_[i] <= t1 && eta_[gi][i] > r.peak_computed) {
        r.peak_computed = eta_[gi][i];
        r.t_peak_computed = t_[i];
      }
    if (n == 0) continue;
    r.rms = std::sqrt(sum / double(n));
    cmp_.push_back(r);
    spdlog::info("gauge {}: RMS difference {:.3e} over [{:g}, {:g}] s; peak {:.4g} at {:.2f} s "
                 "(measured {:.4g} at {:.2f} s: {:+.1f} %, {:+.2f} s)",
                 gauge, r.rms, t0, t1, r.peak_computed, r.t_peak_computed, r.peak_measured,
                 r.t_peak_measured, 100 * (r.peak_computed / r.peak_measured - 1),
                 r.t_peak_computed - r.t_peak_measured);
  }
}

void GaugeObserver::finish(const OwnedState& c, double t, std::int64_t step) {
  if (finished_) return;
  finished_ = true;
  observe(c, t, step);
  gather_maxima(c);
  if (!par::root()) return; // rank 0 writes the files
  if (csv_) {
    errno = 0;
    const bool ok = std::ferror(csv_) == 0 && std::fflush(csv_) == 0;
    const int e = errno;
    const bool closed = std::fclose(csv_) == 0;
    csv_ = nullptr;
    if (!ok || !closed)
      fail(ExitCode::io_error,
           csv_tmp_->final_path() + ": write failed (" + errno_text(e ? e : errno) + ")");
    csv_tmp_->commit();
  }
  const std::size_t nt = t_.size(), ng = s_.points.size();
  if (s_.hdf5) {
    TempFile gauges_tmp((fs::path(dir_) / "gauges.h5").string());
    h5::File f = h5::File::create(gauges_tmp.tmp(), ExitCode::io_error, gauges_tmp.final_path());
    f.write("time", t_);
    if (ng > 0) {
      std::vector<std::string> names;
      for (const auto& p : s_.points) names.push_back(p.name);
      f.write_strings("names", names);
      std::vector<double> pos;
      for (const auto& p : s_.points) pos.insert(pos.end(), {p.x, p.y});
      f.write("position", pos.data(), {hsize_t(ng), 2});
      auto table = [&](const char* name, const std::vector<std::vector<double>>& v) {
        std::vector<double> a(nt * ng);
        for (std::size_t i = 0; i < nt; ++i)
          for (std::size_t g = 0; g < ng; ++g) a[i * ng + g] = v[g][i];
        f.write(name, a.data(), {hsize_t(nt), hsize_t(ng)});
      };
      table("eta", eta_);
      table("depth", h_);
      table("u", u_);
      table("v", v_);
    }
    f.set_attr("/", "interval", s_.interval);
    f.close();
    gauges_tmp.commit();
    const int E = mesh_.n_elems();
    TempFile max_tmp((fs::path(dir_) / "max_inundation.h5").string());
    h5::File m = h5::File::create(max_tmp.tmp(), ExitCode::io_error, max_tmp.final_path());
    std::vector<double> xc(E), yc(E), radius(E), bed(E);
    for (int k = 0; k < E; ++k) {
      const ElementMap em = element_map(mesh_, k);
      xc[k] = (em.x0 + em.x1 + em.x2) / 3;
      yc[k] = (em.y0 + em.y1 + em.y2) / 3;
      radius[k] = std::max({std::hypot(em.x0 - xc[k], em.y0 - yc[k]),
                            std::hypot(em.x1 - xc[k], em.y1 - yc[k]),
                            std::hypot(em.x2 - xc[k], em.y2 - yc[k])});
      bed[k] = bed_->mean(k);
    }
    m.write("x", xc);
    m.write("y", yc);
    m.write("radius", radius); // centroid to farthest vertex (tridg maps)
    m.write("bed", bed);
    m.write("max_eta", max_eta_);
    m.write("max_depth", max_h_);
    m.write("arrival_time", arrival_);
    m.set_attr("/", "arrival_threshold", s_.arrival_threshold);
    m.set_attr("/", "arrival_level", s_.arrival_level);
    m.set_attr("/", "samples", std::int64_t(nt));
    m.set_attr("/", "interval", s_.interval);
    m.set_attr("/", "geographic", std::int64_t(s_.geo.on ? 1 : 0));
    m.close();
    max_tmp.commit();
  }
  compare();
  Json j;
  j.add("samples", std::int64_t(nt));
  j.add("interval", s_.interval);
  Json named;
  std::vector<double> obs, comp;
  for (std::size_t i = 0; i < runup_.size(); ++i)
    if (!std::isnan(s_.runups[i].observed)) {
      obs.push_back(s_.runups[i].observed);
      comp.push_back(runup_[i].value);
    }
  for (std::size_t i = 0; i < runup_.size(); ++i) {
    const GaugeSettings::Runup& u = s_.runups[i];
    const RunupState& st = runup_[i];
    if (!std::isfinite(st.value)) {
      spdlog::info("run-up '{}': no water of {:g} or more within {:g}{} of ({:g}, {:g})", u.name,
                   u.min_depth, u.radius, s_.geo.on ? " m" : "", u.x, u.y);
      continue;
    }
    spdlog::info("run-up '{}' within {:g}{} of ({:g}, {:g}): {:.4f} at t = {:.2f} s near ({:.5f}, "
                 "{:.5f})",
                 u.name, u.radius, s_.geo.on ? " m" : "", u.x, u.y, st.value, st.t, st.at[0],
                 st.at[1]);
    Json r;
    r.add("elevation", st.value);
    r.add("time", st.t);
    r.add("x", st.at[0]);
    r.add("y", st.at[1]);
    if (!std::isnan(u.observed)) r.add("observed", u.observed);
    if (s_.runup_named)
      named.add(u.name, r);
    else
      j.add("runup", r);
  }
  if (s_.runup_named) j.add("runup", named);
  if (!obs.empty()) {
    // Aida's agreement over the points with a surveyed run-up (those the water did not reach
    // are counted apart: their ratio has no logarithm).
    const AidaFit f = aida_fit(obs, comp);
    Json a;
    a.add("K", f.K);
    a.add("kappa", f.kappa);
    a.add("points", std::int64_t(f.n));
    a.add("not_reached", std::int64_t(f.skipped));
    j.add("aida", a);
    spdlog::info("run-up against the survey: Aida's K = {:.3f}, kappa = {:.3f} over {} points ({} "
                 "not reached by the water)",
                 f.K, f.kappa, f.n, f.skipped);
  }
  for (const auto& r : cmp_) {
    Json g;
    g.add("rms", r.rms);
    g.add("peak_computed", r.peak_computed);
    g.add("t_peak_computed", r.t_peak_computed);
    g.add("peak_measured", r.peak_measured);
    g.add("t_peak_measured", r.t_peak_measured);
    j.add(r.gauge, g);
  }
  write_text_file((fs::path(dir_) / "gauges_summary.json").string(), j.str());
}

} // namespace tridg
