#include "tsunami/gauges.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <filesystem>
#include <limits>
#include <memory>
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

GaugeObserver::GaugeObserver(GaugeSettings s, const Mesh& mesh,
                             std::shared_ptr<const GaugeModel> model, std::string output_dir)
    : s_(std::move(s)), mesh_(mesh), model_(std::move(model)), dir_(std::move(output_dir)),
      rule_(gauge_maxima_rule(s_)), runup_points_(s_, mesh, rule_) {
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
    if (elem_.back() >= 0 &&
        std::find(sampled_.begin(), sampled_.end(), elem_.back()) == sampled_.end())
      sampled_.push_back(elem_.back());
  }
  eta_.resize(s_.points.size());
  h_ = u_ = v_ = eta_;
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

void GaugeObserver::write_maxima(const ElementMaxima& mx) {
  // Each element's centre, size, bed and the maxima the backend tracked there, from the rank
  // that owns it, written by rank 0 in the whole mesh's order.
  constexpr int w = 7;
  std::vector<std::int64_t> at;
  std::vector<double> rows;
  for (int k = 0; k < mesh_.n_elems(); ++k) {
    if (!mx.owns(k) || k >= mesh_.n_owned()) continue;
    const ElementMap em = element_map(mesh_, k);
    const double xc = em.xc(), yc = em.yc();
    const double radius =
        std::max({std::hypot(em.x0 - xc, em.y0 - yc), std::hypot(em.x1 - xc, em.y1 - yc),
                  std::hypot(em.x2 - xc, em.y2 - yc)});
    at.push_back(mesh_.elem_gid(k));
    const std::size_t col = mx.column(k);
    rows.insert(rows.end(), {xc, yc, radius, model_->bed_mean(k), mx.level[col], mx.depth[col],
                             mx.arrival[col]});
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
    // The maxima are over every step, not over the samples (kept above for the gauges' files).
    m->set_attr("/", "every_step", std::int64_t(1));
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

void GaugeObserver::finish(const OwnedState& c, const ElementMaxima& mx, double t,
                           std::int64_t step) {
  if (finished_) return;
  finished_ = true;
  observe(c, t, step);
  runup_ = runup_points_.find(mx); // collective
  if (s_.hdf5) write_maxima(mx);   // collective
  if (!par::root()) return;        // rank 0 writes the other files
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
    const RunupResult& st = runup_[i];
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
