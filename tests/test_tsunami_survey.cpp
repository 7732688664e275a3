// Surveyed tsunami heights against a run ([gauges.survey]): the survey file, Aida's fit per
// team, and the highest water surface within a radius in metres on a geographic mesh, at the
// positions as given and shifted by one offset per team.
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "compiled_orders.hpp"
#include "grid_test_util.hpp"
#include "io/config.hpp"
#include "io/json.hpp"
#include "solver/run_settings.hpp"
#include "test_sw_util.hpp"
#include "tsunami/gauge_settings.hpp"
#include "tsunami/survey.hpp"

using namespace tridg;
using namespace tridg::gridtest;
using namespace tridg::swtest;

namespace {

std::string read_all(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

} // namespace

TEST_CASE("survey: the file's columns by name, quoted notes, and named errors") {
  Scratch dir("survey");
  const std::string p = dir.file("s.csv");
  write(p, "team,name,lat_deg,lon_deg,height_m,note\n"
           "a,a_1,42.1,139.5,5.5,\"a note, with a comma\"\n"
           "\n"
           "b,b_1,42.2,139.4,12,\r\n");
  const std::vector<SurveyPoint> s = read_survey(p);
  REQUIRE(s.size() == 2);
  CHECK(s[0].team == "a");
  CHECK(s[0].x == 139.5); // longitude from lon_deg, whatever the column order
  CHECK(s[0].y == 42.1);
  CHECK(s[0].observed == 5.5);
  CHECK(s[1].name == "b_1");
  CHECK(s[1].observed == 12);
  write(p, "team,name,lon,lat\n");
  CHECK(error_of([&] { read_survey(p); }) ==
        p + ": the header names no column height_m or observed");
  write(p, "team,name,lon,lat,observed\na,a_1,139.5,x,3\n");
  CHECK(error_of([&] { read_survey(p); }) == p + ":2: the latitude (y) 'x' is not a finite number");
  write(p, "team,name,lon,lat,observed\na,a_1,139.5,42\n");
  CHECK(error_of([&] { read_survey(p); }) == p + ":2: 4 fields, the header needs 5");
  // A missing-value code such as 999.99 m must not pass as a height... 10 km does not.
  write(p, "team,name,lon,lat,observed\na,a_1,139.5,42,1e4\n");
  CHECK(error_of([&] { read_survey(p); }) == p + ":2: the height 10000 is not in (0, 10000) m");
  write(p, "team,name,lon,lat,observed\n,a_1,139.5,42,3\n");
  CHECK(error_of([&] { read_survey(p); }) == p + ":2: a point needs a team and a name");
  write(p, "team,name,lon,lat,observed\n");
  CHECK(error_of([&] { read_survey(p); }) == p + ": no survey point");
  CHECK(error_of([&] { read_survey(dir.path()); }) == dir.path() + ": cannot open the file");
}

TEST_CASE("survey: Aida's fit over all points and per team; points not reached count apart") {
  std::vector<SurveyPoint> pts(5);
  const char* teams[5] = {"a", "a", "b", "b", "b"};
  const double obs[5] = {4, 6, 1, 2, 8}, comp[5] = {2, 3, 1, 2, NAN};
  for (int i = 0; i < 5; ++i) {
    pts[std::size_t(i)].team = teams[i];
    pts[std::size_t(i)].observed = obs[i];
  }
  const auto f = survey_fits(pts, std::vector<double>(comp, comp + 5));
  CHECK(f.at("a").K == doctest::Approx(2.0).epsilon(1e-15)); // every ratio 2
  CHECK(f.at("a").kappa == doctest::Approx(1.0).epsilon(1e-15));
  CHECK(f.at("b").K == doctest::Approx(1.0).epsilon(1e-15));
  CHECK(f.at("b").n == 2);
  CHECK(f.at("b").skipped == 1);
  // All four reached: log ratios ln 2, ln 2, 0, 0: K = 2^(1/2), kappa = 2^(1/2) as well.
  CHECK(f.at("all").K == doctest::Approx(std::sqrt(2.0)).epsilon(1e-14));
  CHECK(f.at("all").kappa == doctest::Approx(std::sqrt(2.0)).epsilon(1e-14));
  CHECK(f.at("all").n == 4);
}

TEST_CASE("survey: the highest water surface near each point, as given and shifted per team") {
  TRIDG_SKIP_ORDER(1, return )
  Scratch dir("survey_run");
  // The lake at rest on the sphere: water everywhere around the island stands at 0.5 m. Team a
  // has a point in open water and one beyond the mesh that its offset brings into the box; team
  // b's point lies on the island's top (100 m), which no water reaches even when shifted.
  write(dir.file("survey.csv"), "team,name,lon,lat,observed\n"
                                "a,a_sea,139.1,42.1,1.0\n"
                                "a,a_far,140.5,42.1,2.0\n"
                                "b,b_top,139.5,42.5,3.0\n");
  std::string text = read_all(source_path("cases/lake_at_rest_geographic.toml"));
  const std::string mesh = source_path("meshes/geographic_box.geo");
  text.replace(text.find("../meshes/geographic_box.geo"), 28, mesh);
  text += "\n[gauges.survey]\nfile = \"survey.csv\"\nradius = 3000.0\n"
          "offsets = { a = [-0.9, 0.0], b = [0.001, 0.0] }\n"
          // The same open water as a named run-up, by the ground it covers and by its surface.
          "[gauges.runup.sea_ground]\npoint = [139.1, 42.1]\nradius = 3000.0\n"
          "[gauges.runup.sea_surface]\npoint = [139.1, 42.1]\nradius = 3000.0\n"
          "measure = \"surface\"\n";
  write(dir.file("case.toml"), text);
  // Two steps of the lake at rest: the backend's maxima hold the still water.
  test::run_cpu_quiet(dir.file("case.toml"), 1, 0, {"time.steps=2"}, dir.path());
  const std::string given = read_all(dir.file("runup_survey.csv"));
  const std::string shifted = read_all(dir.file("runup_survey_offset.csv"));
  MESSAGE(given << shifted);
  CHECK(given == "team,name,lon,lat,observed,computed\n"
                 "a,a_sea,139.100000,42.100000,1.000,0.500\n"
                 "a,a_far,140.500000,42.100000,2.000,\n"
                 "b,b_top,139.500000,42.500000,3.000,\n");
  CHECK(shifted == "team,name,lon,lat,observed,computed\n"
                   "a,a_sea,138.200000,42.100000,1.000,\n"
                   "a,a_far,139.600000,42.100000,2.000,0.500\n"
                   "b,b_top,139.501000,42.500000,3.000,\n");
  const std::string summary = read_all(dir.file("gauges_summary.json"));
  CHECK(contains(summary, "\"survey\""));
  CHECK(contains(summary, "\"offsets\""));
  // The level stands at 0.5 m over a bed below it: the surface is the level to round-off, the
  // ground covered lies below it by at least the minimum depth.
  const Json runup = Json::parse(summary).at("runup");
  CHECK(runup.at("sea_surface").at("elevation").get<double>() ==
        doctest::Approx(0.5).epsilon(1e-12));
  CHECK(runup.at("sea_ground").at("elevation").get<double>() <= 0.5 - 1e-3);
  CHECK(contains(summary, "\"measure\": \"surface\""));
}

TEST_CASE(
    "gauges: inputs are checked before the run: a missing record file or column, NaN points") {
  Scratch dir("gauge_inputs");
  const std::string head = "[gauges]\ninterval = 1\npoints = { a = [0.5, 0.5] }\n";
  auto err = [&](const std::string& text) {
    write(dir.file("case.toml"), text);
    const Config cfg = Config::load(dir.file("case.toml"));
    return error_of([&] { read_gauge_settings(cfg.table("gauges"), cfg); });
  };
  CHECK(contains(err(head + "measured = { file = \"none.csv\", time = \"t\", a = \"x\" }\n"),
                 "none.csv"));
  write(dir.file("m.csv"), "t,x\n0,1\n1,2\n");
  CHECK(err(head + "measured = { file = \"m.csv\", time = \"t\", a = \"x\" }\n") == "");
  CHECK(contains(err(head + "measured = { file = \"m.csv\", time = \"t\", a = \"y\" }\n"), "y"));
  CHECK(contains(err(head + "measured = { file = \"m.csv\", time = \"s\", a = \"x\" }\n"), "s"));
  CHECK(contains(err("[gauges]\ninterval = 1\npoints = { a = [nan, 0.5] }\n"),
                 "gauges.points.a: needs two finite numbers [x, y]"));
  CHECK(contains(
      err("[gauges]\ninterval = 1\n[gauges.runup.r]\npoint = [0.5, 0.5]\nradius = 1\nmeasure = "
          "\"height\"\n"),
      "gauges.runup.r.measure"));
  CHECK(contains(err("[gauges]\ninterval = 1\n[gauges.runup.r]\npoint = [0.5, inf]\nradius = 1\n"),
                 "gauges.runup.r.point: needs two finite numbers [x, y]"));
  // The backend tracks a few run-up rules (distinct min_depth and measure): points may share
  // them freely, but more distinct ones than it holds are refused before the run.
  std::string many = "[gauges]\ninterval = 1\n";
  for (int i = 0; i <= kMaxReachRules; ++i)
    many += "[gauges.runup.r" + std::to_string(i) +
            "]\npoint = [0.5, 0.5]\nradius = 1\nmin_depth = " + std::to_string(0.01 * (i + 1)) +
            "\n";
  CHECK(contains(err(many), "distinct (min_depth, measure) pairs"));
  std::string shared = "[gauges]\ninterval = 1\n";
  for (int i = 0; i <= 2 * kMaxReachRules; ++i)
    shared += "[gauges.runup.r" + std::to_string(i) +
              "]\npoint = [0.5, 0.5]\nradius = 1\nmin_depth = 0.01\n";
  CHECK(err(shared) == "");
}
