#include "tsunami/fsp_reader.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "io/error.hpp"

namespace tridg {

namespace {

std::vector<std::string> tokens(const std::string& s) {
  std::istringstream is(s);
  std::vector<std::string> t;
  std::string w;
  while (is >> w) t.push_back(w);
  return t;
}

// A finite number taking the whole token, or nothing.
std::optional<double> number(const std::string& t) {
  if (t.empty()) return std::nullopt;
  char* end = nullptr;
  const double v = std::strtod(t.c_str(), &end);
  if (end != t.c_str() + t.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

std::string upper(std::string s) {
  for (char& c : s) c = char(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

class Reader {
public:
  explicit Reader(std::string path) : path_(std::move(path)) {}

  [[noreturn]] void error(std::size_t line, const std::string& msg) const {
    fail(ExitCode::bad_case, path_ + ":" + std::to_string(line) + ": " + msg);
  }

  FspModel read() {
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto size = fs::file_size(path_, ec);
    if (ec || !fs::is_regular_file(path_, ec))
      fail(ExitCode::bad_case, path_ + ": cannot read the .fsp file");
    if (size > kMaxFspBytes)
      fail(ExitCode::bad_case, path_ + ": " + std::to_string(size) +
                                   " bytes; .fsp files of at most " + std::to_string(kMaxFspBytes) +
                                   " bytes are read");
    std::ifstream in(path_);
    if (!in) fail(ExitCode::bad_case, path_ + ": cannot read the .fsp file");
    std::string text;
    std::size_t line = 0;
    while (std::getline(in, text)) {
      ++line;
      if (!text.empty() && text.back() == '\r') text.pop_back();
      const auto first = text.find_first_not_of(" \t");
      if (first == std::string::npos) continue;
      if (text[first] == '%')
        header(line, text.substr(first + 1));
      else
        row(line, text);
    }
    finish();
    return std::move(model_);
  }

private:
  void header(std::size_t line, const std::string& body) {
    std::string spaced;
    for (char c : body) spaced += c == '=' ? std::string(" = ") : std::string(1, c);
    const std::vector<std::string> t = tokens(spaced);
    const std::string up = upper(body);
    if (up.find("COORDINATES ARE GIVEN FOR") != std::string::npos)
      model_.anchor = up.find("TOP") != std::string::npos ? okada::FaultAnchor::top_centre
                                                          : okada::FaultAnchor::centroid;
    if (up.find("SLIP IN CM") != std::string::npos) slip_unit_ = 0.01;
    // The column line: names such as LAT LON X==EW Y==NS Z SLIP RAKE TRUP.
    const std::vector<std::string> raw = tokens(body);
    bool has_lat = false, has_lon = false, has_slip = false;
    for (const auto& w : raw) {
      has_lat |= w == "LAT";
      has_lon |= w == "LON";
      has_slip |= w == "SLIP";
    }
    if (has_lat && has_lon && has_slip) {
      columns(line, raw);
      return;
    }
    for (std::size_t i = 0; i + 2 < t.size(); ++i) {
      if (t[i + 1] != "=") continue;
      const std::string key = t[i];
      const std::string val = t[i + 2];
      auto value = [&]() {
        const auto v = number(val);
        if (!v) error(line, "the value of " + key + " is not a finite number: '" + val + "'");
        return *v;
      };
      if (key == "STRK" || key == "STRIKE")
        strike_ = value();
      else if (key == "DIP")
        dip_ = value();
      else if (key == "RAKE")
        rake_ = value();
      else if (key == "Dx" || key == "DX")
        dx_ = value();
      else if (key == "Dz" || key == "DZ")
        dz_ = value();
      else if (key == "Nsbfs" || key == "NSBFS")
        count(line, value());
      else if (key == "LAT" && !hypo_lat_) // the first (the "Loc" line's) is the hypocentre
        hypo_lat_ = value();
      else if (key == "LON" && !hypo_lon_)
        hypo_lon_ = value();
      else if (key == "DEP" && !hypo_dep_)
        hypo_dep_ = value();
    }
  }

  void count(std::size_t line, double n) {
    if (n < 0 || n != std::floor(n))
      error(line, "Nsbfs must be a whole number >= 0, not " + std::to_string(n));
    if (n > double(kMaxFspSubfaults))
      error(line, "Nsbfs = " + std::to_string(static_cast<long long>(std::min(n, 9e18))) +
                      " subfaults; at most " + std::to_string(kMaxFspSubfaults) + " are read");
    close_block();
    declared_.push_back({static_cast<std::size_t>(n), line, 0});
  }

  // Checks the rows since the last count against it when a new count (or the end) comes.
  void close_block() {
    if (declared_.empty()) return;
    Block& b = declared_.back();
    if (b.rows == 0) return; // possibly a total: checked at the end
    if (b.rows != b.n)
      error(b.line, "Nsbfs = " + std::to_string(b.n) + " but " + std::to_string(b.rows) +
                        " subfault rows follow");
  }

  void columns(std::size_t line, const std::vector<std::string>& names) {
    cols_ = names;
    col_lat_ = col_lon_ = col_x_ = col_y_ = col_z_ = col_slip_ = col_rake_ = col_trup_ = -1;
    for (std::size_t i = 0; i < names.size(); ++i) {
      const std::string& w = names[i];
      const int k = int(i);
      if (w == "LAT")
        col_lat_ = k;
      else if (w == "LON")
        col_lon_ = k;
      else if (w == "X" || w.rfind("X==", 0) == 0)
        col_x_ = k;
      else if (w == "Y" || w.rfind("Y==", 0) == 0)
        col_y_ = k;
      else if (w == "Z")
        col_z_ = k;
      else if (w == "SLIP")
        col_slip_ = k;
      else if (w == "RAKE")
        col_rake_ = k;
      else if (w == "TRUP")
        col_trup_ = k;
    }
    std::string missing;
    const std::pair<const char*, int> need[] = {{"LAT", col_lat_}, {"LON", col_lon_},
                                                {"X", col_x_},     {"Y", col_y_},
                                                {"Z", col_z_},     {"SLIP", col_slip_}};
    for (const auto& [name, c] : need)
      if (c < 0) missing += std::string(missing.empty() ? "" : ", ") + name;
    if (!missing.empty()) error(line, "the column line lacks " + missing);
    model_.has_rupture_time = col_trup_ >= 0;
  }

  void row(std::size_t line, const std::string& text) {
    if (cols_.empty())
      error(line, "a data row before the column line (% LAT LON X==EW Y==NS Z SLIP ...)");
    const std::vector<std::string> t = tokens(text);
    if (t.size() != cols_.size())
      error(line, "expected " + std::to_string(cols_.size()) + " values (one per column), found " +
                      std::to_string(t.size()));
    std::vector<double> v(t.size());
    for (std::size_t i = 0; i < t.size(); ++i) {
      const auto x = number(t[i]);
      if (!x) error(line, "the " + cols_[i] + " value is not a finite number: '" + t[i] + "'");
      v[i] = *x;
    }
    if (model_.subfaults.size() >= kMaxFspSubfaults)
      error(line, "more than " + std::to_string(kMaxFspSubfaults) + " subfault rows");
    if (!strike_ || !dip_ || !dx_ || !dz_)
      error(line, "the header must give STRK, DIP, Dx and Dz before the first subfault row");
    if (col_rake_ < 0 && !rake_) error(line, "no RAKE column and no RAKE in the header");
    okada::Subfault f;
    f.x = 1000.0 * v[col_x_];
    f.y = 1000.0 * v[col_y_];
    f.depth = 1000.0 * v[col_z_];
    f.length = 1000.0 * *dx_;
    f.width = 1000.0 * *dz_;
    f.strike = *strike_;
    f.dip = *dip_;
    f.rake = col_rake_ >= 0 ? v[col_rake_] : *rake_;
    f.slip = slip_unit_ * v[col_slip_];
    f.rupture_time = col_trup_ >= 0 ? v[col_trup_] : 0.0;
    f.anchor = model_.anchor;
    if (v[col_lat_] < -90 || v[col_lat_] > 90) error(line, "LAT outside [-90, 90]");
    if (f.rupture_time < 0) error(line, "TRUP < 0");
    okada::check_subfault(f, path_ + ":" + std::to_string(line));
    model_.subfaults.push_back(f);
    model_.lat.push_back(v[col_lat_]);
    model_.lon.push_back(v[col_lon_]);
    if (!declared_.empty()) ++declared_.back().rows;
  }

  void finish() {
    if (model_.subfaults.empty())
      fail(ExitCode::bad_case, path_ + ": no subfault rows (expected a column line "
                                       "'% LAT LON X==EW Y==NS Z SLIP ...' and rows under it)");
    close_block();
    // A count with no rows of its own is a total over all rows.
    for (const Block& b : declared_)
      if (b.rows == 0 && b.n != model_.subfaults.size())
        error(b.line, "Nsbfs = " + std::to_string(b.n) + " but the file has " +
                          std::to_string(model_.subfaults.size()) + " subfault rows");
    if (hypo_lat_ && hypo_lon_) {
      model_.has_hypocentre = true;
      model_.hypo_lat = *hypo_lat_;
      model_.hypo_lon = *hypo_lon_;
      model_.hypo_depth = hypo_dep_ ? 1000.0 * *hypo_dep_ : 0.0;
    }
  }

  struct Block {
    std::size_t n, line, rows;
  };

  std::string path_;
  FspModel model_;
  std::optional<double> strike_, dip_, rake_, dx_, dz_, hypo_lat_, hypo_lon_, hypo_dep_;
  double slip_unit_ = 1.0;
  std::vector<std::string> cols_;
  int col_lat_ = -1, col_lon_ = -1, col_x_ = -1, col_y_ = -1, col_z_ = -1, col_slip_ = -1,
      col_rake_ = -1, col_trup_ = -1;
  std::vector<Block> declared_;
};

} // namespace

FspModel read_fsp(const std::string& path) {
  return Reader(path).read();
}

void place_about(FspModel& model, double lon0, double lat0) {
  for (std::size_t i = 0; i < model.subfaults.size(); ++i) {
    const auto xy = okada::lonlat_to_local(model.lon[i], model.lat[i], lon0, lat0);
    model.subfaults[i].x = xy[0];
    model.subfaults[i].y = xy[1];
  }
}

} // namespace tridg
