#include "tsunami/gauges.hpp"

#include "core/cell_mean.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <filesystem>
#include <limits>
#include <memory>
#include <numbers>
#include <optional>

#include "io/error.hpp"
#include "io/h5_util.hpp"
#include "io/json.hpp"
#include "io/time_series.hpp"
#include "parallel/comm.hpp"
#include "parallel/root_guard.hpp"
#include "parallel/stream_rows.hpp"
#include "solver/mesh_arrays.hpp"
#include "tsunami/aida.hpp"

namespace tridg {

namespace fs = std::filesystem;

namespace {

std::array<double, 2> read_point(const Config& t, const std::string& key) {
  const auto v = t.get_doubles(key);
  if (v.size() != 2 || !std::isfinite(v[0]) || !std::isfinite(v[1]))
    t.error(key, "needs two finite numbers [x, y]");
  return {v[0], v[1]};
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
      u.stage = r.get_choice("measure", {"ground", "surface"}, "ground") == "surface";
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
  if (g.has("survey")) {
    s.survey = read_survey_settings(g.table("survey"), root);
    s.survey_first = s.runups.size();
    const SurveySettings& sv = *s.survey;
    for (int shifted = 0; shifted < (sv.offsets.empty() ? 1 : 2); ++shifted)
      for (const SurveyPoint& p : sv.points) {
        GaugeSettings::Runup u;
        u.name = p.name;
        u.x = p.x;
        u.y = p.y;
        if (shifted)
          if (const auto o = sv.offsets.find(p.team); o != sv.offsets.end()) {
            u.x += o->second[0];
            u.y += o->second[1];
          }
        u.radius = sv.radius;
        u.min_depth = sv.min_depth;
        u.observed = p.observed;
        u.stage = true;
        s.runups.push_back(u);
      }
  }
  if (g.has("measured")) {
    const Config m = g.table("measured");
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
    // The records are read now, so that a missing file or column ends the run before its
    // first step rather than after its last.
    s.measured = read_columns(root.case_relative(m.get_string("file")), 2);
    s.measured->column(s.time_column);
    for (const auto& gc : s.columns) s.measured->column(gc.second);
  }
  return s;
}

GaugeObserver::GaugeObserver(GaugeSettings s, const Mesh& mesh,
                             std::shared_ptr<const GaugeModel> model, std::string output_dir)
    : s_(std::move(s)), mesh_(mesh), model_(std::move(model)), dir_(std::move(output_dir)) {
  for (const auto& p : s_.points) {
    double r = 0, q = 0;
    const int k = locate_point(mesh, p.x, p.y, r, q);
    // On several ranks the element of the lowest whole-mesh number holds the gauge, as the
    // first element one process finds.
    const std::int64_t none = std::numeric_limits<std::int64_t>::max();
    const std::int64_t first = par::min_all(k < 0 ? none : mesh.elem_gid(k));
    if (first == none)
      fail(ExitCode::mismatch, "gauge '" + p.name + "' at (" + std::to_string(p.x) + ", " +
                                   std::to_string(p.y) + ") lies outside the mesh");
    elem_.push_back(k >= 0 && mesh.elem_gid(k) == first ? k : -1);
    ref_.push_back({r, q});
  }
  eta_.resize(s_.points.size());
  h_ = u_ = v_ = eta_;
  const int E = mesh.n_elems();
  max_eta_.assign(E, std::nan(""));
  max_h_.assign(E, 0.0);
  arrival_.assign(E, std::nan(""));
  // Element centres once; on a geographic mesh a point's latitude band rules out most of them
  // before the great-circle distance is taken.
  std::vector<std::array<double, 2>> centre(static_cast<std::size_t>(E));
  for (int k = 0; k < E; ++k) {
    const ElementMap m = element_map(mesh, k);
    centre[std::size_t(k)] = {m.xc(), m.yc()};
  }
  const double metres_per_degree = s_.geo.radius * std::numbers::pi / 180;
  for (const GaugeSettings::Runup& u : s_.runups) {
    RunupState st;
    for (int k = 0; k < E; ++k) {
      const auto [xc, yc] = centre[std::size_t(k)];
      if (s_.geo.on && std::abs(yc - u.y) * metres_per_degree > 1.01 * u.radius) continue;
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
  // Each element's cell and maxima are its own, so the threads' split does not change them; this
  // loop and the run-up's (which reads the cells kept here) are most of a sample's cost.
  cells_.resize(std::size_t(E));
#pragma omp parallel for schedule(static)
  for (int k = 0; k < E; ++k) {
    if (!c.owns(k)) continue; // its owner keeps its maxima
    const GaugeCell cell = cells_[std::size_t(k)] = model_->cell(c, k);
    if (!cell.wet) continue;
    if (!(max_eta_[k] >= cell.level)) max_eta_[k] = cell.level;
    max_h_[k] = std::max(max_h_[k], cell.depth);
    if (std::isnan(arrival_[k]) && cell.level > s_.arrival_level + s_.arrival_threshold)
      arrival_[k] = t;
  }
  sample_runup(c, t);
}

void GaugeObserver::sample_gauges(const OwnedState& c) {
  const std::size_t ng = s_.points.size();
  if (ng == 0) return;
  // Each gauge's values come from the rank that owns its element.
  std::vector<double> rows;
  std::vector<std::int32_t> which;
  for (std::size_t i = 0; i < ng; ++i) {
    if (elem_[i] < 0 || !c.owns(elem_[i])) continue;
    const SwPointValue v = model_->point(c, elem_[i], ref_[i][0], ref_[i][1]);
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
  // This rank's highest reach at each point, the whole-mesh number of its element and where that
  // lies; the first of the highest over all ranks is then what one process visiting the
  // point's elements in order finds.
  constexpr int w = 4;
  std::vector<double> best(w * nr);
  // One point per thread, its elements in order: the first of the highest, as on one thread.
#pragma omp parallel for schedule(dynamic, 4)
  for (std::size_t i = 0; i < nr; ++i) {
    double value = -std::numeric_limits<double>::infinity(), pos = -1;
    std::array<double, 2> at{0, 0};
    for (const int k : runup_[i].elems) {
      if (!c.owns(k)) continue;
      const GaugeCell& cell = cells_[std::size_t(k)];
      if (!(cell.depth >= s_.runups[i].min_depth)) continue;
      // The ground the water covers; a survey point's height is the water surface itself.
      const double reach = s_.runups[i].stage ? cell.level : cell.ground;
      if (reach > value) {
        value = reach;
        pos = double(mesh_.elem_gid(k));
        const ElementMap m = element_map(mesh_, k);
        at = {m.xc(), m.yc()};
      }
    }
    best[w * i] = value;
    best[w * i + 1] = pos;
    best[w * i + 2] = at[0];
    best[w * i + 3] = at[1];
  }
  const int ranks = par::size();
  const std::vector<double> all =
      par::gather_rows(best, {std::int32_t(par::rank())}, int(w * nr), ranks);
  if (!par::root()) return;
  for (std::size_t i = 0; i < nr; ++i) {
    double value = -std::numeric_limits<double>::infinity(), pos = -1;
    std::array<double, 2> at{0, 0};
    for (int r = 0; r < ranks; ++r) {
      const double* b = &all[(std::size_t(r) * nr + i) * w];
      if (b[0] > value || (b[0] == value && b[1] >= 0 && b[1] < pos)) {
        value = b[0];
        pos = b[1];
        at = {b[2], b[3]};
      }
    }
    RunupState& st = runup_[i];
    if (pos >= 0 && value > st.value) {
      st.value = value;
      st.t = t;
      st.at = at;
    }
  }
}

void GaugeObserver::write_maxima(const OwnedState& c) {
  // Each element's centre, size, bed and what the samples found there, from the rank that owns
  // it, written by rank 0 in the whole mesh's order.
  constexpr int w = 7;
  std::vector<std::int64_t> at;
  std::vector<double> rows;
  for (int k = 0; k < mesh_.n_elems(); ++k) {
    if (!c.owns(k) || k >= mesh_.n_owned()) continue;
    const ElementMap em = element_map(mesh_, k);
    const double xc = em.xc(), yc = em.yc();
    const double radius =
        std::max({std::hypot(em.x0 - xc, em.y0 - yc), std::hypot(em.x1 - xc, em.y1 - yc),
                  std::hypot(em.x2 - xc, em.y2 - yc)});
    at.push_back(mesh_.elem_gid(k));
    rows.insert(rows.end(), {xc, yc, radius, model_->bed_mean(k), max_eta_[std::size_t(k)],
                             max_h_[std::size_t(k)], arrival_[std::size_t(k)]});
  }
  const std::int64_t E = mesh_.n_elems_global();
  static const char* const names[w] = {"x",       "y",         "radius",      "bed",
                                       "max_eta", "max_depth", "arrival_time"};
  par::RootGuard guard;
  std::unique_ptr<TempFile> tmp;
  std::optional<h5::File> m;
  guard.run([&] {
    tmp = std::make_unique<TempFile>((fs::path(dir_) / "max_inundation.h5").string());
    m.emplace(h5::File::create(tmp->tmp(), ExitCode::io_error, tmp->final_path()));
    for (const char* n : names) m->create<double>(n, {hsize_t(E)});
  });
  par::stream_rows_to_root<double>(
      at, rows, w, E,
      [&](std::int64_t first, std::int64_t count, const double* b, const std::vector<char>&) {
        guard.run([&] {
          std::vector<double> col(static_cast<std::size_t>(count));
          for (int j = 0; j < w; ++j) {
            for (std::int64_t i = 0; i < count; ++i) col[std::size_t(i)] = b[i * w + j];
            m->write_block<double>(names[j], 0, hsize_t(first), hsize_t(count), col.data());
          }
        });
      });
  guard.run([&] {
    m->set_attr("/", "arrival_threshold", s_.arrival_threshold);
    m->set_attr("/", "arrival_level", s_.arrival_level);
    m->set_attr("/", "samples", std::int64_t(t_.size()));
    m->set_attr("/", "interval", s_.interval);
    m->set_attr("/", "geographic", std::int64_t(s_.geo.on ? 1 : 0));
    m->close();
    tmp->commit();
  });
  guard.finish();
}

void GaugeObserver::compare() {
  if (!s_.measured || t_.size() < 2) return;
  const Columns& m = *s_.measured;
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
      const double meas = s_.scale * mv[i], comp = interpolate_linear(t_, eta_[gi], mt[i]);
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
  if (s_.hdf5) write_maxima(c); // collective
  if (!par::root()) return;     // rank 0 writes the other files
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
  }
  compare();
  Json j;
  j["samples"] = std::int64_t(nt);
  j["interval"] = s_.interval;
  Json named;
  std::vector<double> obs, comp;
  // The named run-up points come before the survey's, which report_survey() reports.
  const std::size_t n_named = s_.survey ? s_.survey_first : runup_.size();
  for (std::size_t i = 0; i < n_named; ++i)
    if (!std::isnan(s_.runups[i].observed)) {
      obs.push_back(s_.runups[i].observed);
      comp.push_back(runup_[i].value);
    }
  for (std::size_t i = 0; i < n_named; ++i) {
    const GaugeSettings::Runup& u = s_.runups[i];
    const RunupState& st = runup_[i];
    if (!std::isfinite(st.value)) {
      spdlog::info("run-up '{}': no water of {:g} or more within {:g}{} of ({:g}, {:g})", u.name,
                   u.min_depth, u.radius, s_.geo.on ? " m" : "", u.x, u.y);
      continue;
    }
    const char* measure = u.stage ? "surface" : "ground";
    spdlog::info("run-up '{}' within {:g}{} of ({:g}, {:g}), highest {}: {:.4f} at t = {:.2f} s "
                 "near ({:.5f}, {:.5f})",
                 u.name, u.radius, s_.geo.on ? " m" : "", u.x, u.y,
                 u.stage ? "water surface over wet ground" : "ground covered", st.value, st.t,
                 st.at[0], st.at[1]);
    Json r;
    r["elevation"] = st.value;
    r["measure"] = measure;
    r["time"] = st.t;
    r["x"] = st.at[0];
    r["y"] = st.at[1];
    if (!std::isnan(u.observed)) r["observed"] = u.observed;
    if (s_.runup_named)
      named[u.name] = r;
    else
      j["runup"] = r;
  }
  if (s_.runup_named) j["runup"] = named;
  report_survey(j);
  if (!obs.empty()) {
    // Aida's agreement over the points with a surveyed run-up (those the water did not reach
    // are counted apart: their ratio has no logarithm).
    const AidaFit f = aida_fit(obs, comp);
    Json a;
    a["K"] = f.K;
    a["kappa"] = f.kappa;
    a["points"] = std::int64_t(f.n);
    a["not_reached"] = std::int64_t(f.skipped);
    j["aida"] = a;
    spdlog::info("run-up against the survey: Aida's K = {:.3f}, kappa = {:.3f} over {} points ({} "
                 "not reached by the water)",
                 f.K, f.kappa, f.n, f.skipped);
  }
  for (const auto& r : cmp_) {
    Json g;
    g["rms"] = r.rms;
    g["peak_computed"] = r.peak_computed;
    g["t_peak_computed"] = r.t_peak_computed;
    g["peak_measured"] = r.peak_measured;
    g["t_peak_measured"] = r.t_peak_measured;
    j[r.gauge] = g;
  }
  write_text_file((fs::path(dir_) / "gauges_summary.json").string(), json_text(j));
}

void GaugeObserver::report_survey(Json& summary) const {
  if (!s_.survey) return;
  const SurveySettings& sv = *s_.survey;
  const std::size_t n = sv.points.size();
  Json out;
  out["file"] = sv.file;
  out["radius"] = sv.radius;
  out["min_depth"] = sv.min_depth;
  for (int shifted = 0; shifted < (sv.offsets.empty() ? 1 : 2); ++shifted) {
    std::vector<double> computed(n);
    const std::size_t first = s_.survey_first + std::size_t(shifted) * n;
    std::string csv = "team,name,lon,lat,observed,computed\n";
    for (std::size_t i = 0; i < n; ++i) {
      const GaugeSettings::Runup& u = s_.runups[first + i];
      const double v = runup_[first + i].value;
      computed[i] = std::isfinite(v) ? v : std::nan("");
      csv += fmt::format("{},{},{:.6f},{:.6f},{:.3f},{}\n", sv.points[i].team, sv.points[i].name,
                         u.x, u.y, u.observed, std::isfinite(v) ? fmt::format("{:.3f}", v) : "");
    }
    const char* file = shifted ? "runup_survey_offset.csv" : "runup_survey.csv";
    write_text_file((fs::path(dir_) / file).string(), csv);
    Json fits;
    for (const auto& [group, f] : survey_fits(sv.points, computed)) {
      Json a;
      a["K"] = f.K;
      a["kappa"] = f.kappa;
      a["reached"] = std::int64_t(f.n);
      a["points"] = std::int64_t(f.n + f.skipped);
      fits[group] = a;
      spdlog::info("survey{} ({}): Aida's K = {:.3f}, kappa = {:.3f} over the {} of {} points "
                   "the water reached (within {:g}{})",
                   shifted ? ", positions offset" : "", group, f.K, f.kappa, f.n, f.n + f.skipped,
                   sv.radius, s_.geo.on ? " m" : "");
    }
    out[shifted ? "offset" : "fits"] = fits;
  }
  if (!sv.offsets.empty()) {
    Json o;
    for (const auto& [team, d] : sv.offsets) o[team] = std::vector<double>{d[0], d[1]};
    out["offsets"] = o;
  }
  summary["survey"] = out;
}

} // namespace tridg
