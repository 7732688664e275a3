#include "io/geo_guard.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <vector>

#include "io/error.hpp"
#include "io/msh_check.hpp"

namespace tridg {

namespace {

namespace fs = std::filesystem;

constexpr std::size_t max_geo_bytes = 16u << 20; // a .geo is a few kB
constexpr int max_include_depth = 16;
// Gmsh stops reading a string at 1023 characters, or at a NUL byte, and reads the rest as code;
// such strings and bytes are refused, so that this scanner and Gmsh see the same tokens.
constexpr std::size_t max_string = 1000;

struct Token {
  enum Kind { ident, string, number, punct, end } kind;
  std::string text;
  int line;
};

// Gmsh's .geo lexer (Parser/Gmsh.l), as far as it matters here: identifiers, "strings" and
// 'strings' without escapes, numbers, one-character punctuation ('>>' is one token), // and /* */
// comments skipped.
std::vector<Token> tokenize(const std::string& s) {
  std::vector<Token> out;
  std::size_t i = 0;
  int line = 1;
  const auto at = [&](std::size_t k) { return k < s.size() ? s[k] : '\0'; };
  while (i < s.size()) {
    const char c = s[i];
    if (c == '\n') {
      ++line, ++i;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '/' && at(i + 1) == '/') {
      while (i < s.size() && s[i] != '\n') ++i;
    } else if (c == '/' && at(i + 1) == '*') {
      i += 2;
      while (i < s.size() && !(s[i] == '*' && at(i + 1) == '/')) line += s[i++] == '\n';
      i += 2;
    } else if (c == '"' || c == '\'') {
      // As Gmsh reads strings: up to the same quote, no escapes, newlines included.
      const int start = line;
      std::string text;
      ++i;
      while (i < s.size() && s[i] != c) {
        text += s[i];
        line += s[i++] == '\n';
      }
      ++i;
      if (text.size() > max_string) {
        out.push_back({Token::punct, "\"", start}); // scan() refuses it
        continue;
      }
      out.push_back({Token::string, std::move(text), start});
    } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      std::size_t j = i;
      while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_')) ++j;
      out.push_back({Token::ident, s.substr(i, j - i), line});
      i = j;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      std::size_t j = i;
      while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '.')) ++j;
      out.push_back({Token::number, s.substr(i, j - i), line});
      i = j;
    } else if (c == '>' && at(i + 1) == '>') {
      out.push_back({Token::punct, ">>", line});
      i += 2;
    } else {
      out.push_back({Token::punct, std::string(1, c), line});
      ++i;
    }
  }
  out.push_back({Token::end, "", line});
  return out;
}

// Commands refused outright, with the reason.
const char* refused_reason(const std::string& name) {
  static const std::pair<const char*, const char*> table[] = {
      {"SystemCall", "runs a shell command"},
      {"System", "runs a shell command"},
      {"NonBlockingSystemCall", "runs a shell command"},
      {"Shell", "runs a shell command"},
      {"OnelabRun", "runs a program"},
      {"Save", "writes a file"},
      {"Print", "writes a file"},
      {"CreateDir", "creates a folder"},
      {"DeleteFile", "deletes a file"},
      {"RenameFile", "renames a file"},
      {"Exit", "ends the process"},
      {"Abort", "ends the process"},
      {"Sleep", "stalls the process"},
      {"SendToServer", "talks to another program"},
      {"Plugin", "runs a post-processing plugin, which can write files"},
      {"Mesh", "meshes while the file is read (tridg meshes the geometry itself: remove it)"},
      {"RefineMesh", "meshes while the file is read (tridg meshes the geometry itself: remove it)"},
      {"OptimizeMesh",
       "meshes while the file is read (tridg meshes the geometry itself: remove it)"},
  };
  for (const auto& [n, why] : table)
    if (name == n) return why;
  return nullptr;
}

bool reads_file(const std::string& name) {
  return name == "Include" || name == "Merge" || name == "MergeWithBoundingBox" ||
         name == "ShapeFromFile" || name == "OpenFile";
}

// Option names that name a program or a file Gmsh may run or write.
bool risky_option(const std::string& name) {
  for (const char* w : {"File", "Path", "Executable", "Editor", "Browser", "Command", "Solver"})
    if (name.find(w) != std::string::npos) return true;
  return false;
}

class Scanner {
public:
  Scanner(const fs::path& top, std::int64_t max_elements) : max_elements_(max_elements) {
    std::error_code ec;
    root_ = fs::weakly_canonical(fs::absolute(top, ec).parent_path(), ec);
  }

  void scan(const fs::path& file, const std::string& shown, int depth) {
    const std::string text = read(file, shown);
    if (const auto nul = text.find('\0'); nul != std::string::npos) {
      const Token at{Token::punct, "\\0",
                     1 + int(std::count(text.begin(), text.begin() + long(nul), '\n'))};
      refuse(shown, at, "(a NUL byte) would end a string or comment early");
    }
    const std::vector<Token> t = tokenize(text);
    for (std::size_t i = 0; i + 1 < t.size(); ++i) {
      if (t[i].kind == Token::punct && t[i].text == "\"")
        refuse(shown, t[i], fmt::format("starts a string longer than {} characters", max_string));
      if (t[i].kind != Token::ident) continue;
      const std::string& name = t[i].text;
      const Token& next = t[i + 1];
      // `Print.Width = 1` is an option, `Save = 2` a variable: neither runs anything.
      const bool option_or_variable = next.text == "." || next.text == "=";
      if (i > 0 && t[i - 1].text == ".") {
        if (risky_option(name) && next.text == "=")
          refuse(shown, t[i],
                 fmt::format("sets option '{}.{}', which names a program or a file",
                             i >= 2 ? t[i - 2].text : std::string(), name));
        continue;
      }
      if (name == "Solver" && next.text == ".")
        refuse(shown, t[i], "sets a solver option, which names a program to run");
      if (option_or_variable && name != "Plugin") continue;
      if (name == "Mesh" && i > 0 && t[i - 1].text == "Background") continue; // a size field
      if (const char* why = refused_reason(name)) refuse(shown, t[i], why);
      if ((name == "Printf" || name == "Sprintf") && next.text != "(")
        refuse(shown, t[i], "without parentheses cannot be checked for a redirection to a file");
      if (name == "Printf" || name == "Sprintf") {
        // Printf("...", ...) > "file": the redirection follows the closing parenthesis.
        int paren = 0;
        std::size_t j = i + 1;
        for (; j < t.size() && t[j].kind != Token::end; ++j) {
          if (t[j].text == "(") ++paren;
          if (t[j].text == ")" && --paren == 0) break;
        }
        if (j + 1 < t.size() && (t[j + 1].text == ">" || t[j + 1].text == ">>"))
          refuse(shown, t[i], "writes to a file (> or >>)");
      }
      if (reads_file(name)) {
        // Include "name"; or ShapeFromFile("name"): only a plain name can be checked.
        const bool plain = next.kind == Token::string && t[i + 2].text == ";";
        const bool call = next.text == "(" && t[i + 2].kind == Token::string && i + 3 < t.size() &&
                          t[i + 3].text == ")";
        if (!plain && !call)
          refuse(shown, t[i],
                 "reads a file whose name is computed; only a plain \"name\" can be "
                 "checked");
        include(file, shown, t[i], plain ? next.text : t[i + 2].text, depth);
      }
    }
  }

private:
  [[noreturn]] void refuse(const std::string& shown, const Token& at, const std::string& why) {
    fail(ExitCode::bad_case,
         fmt::format("{}:{}: '{}' {}; refused (use --trust-geo for files you trust)", shown,
                     at.line, at.text, why));
  }

  std::string read(const fs::path& file, const std::string& shown) {
    std::error_code ec;
    if (!fs::is_regular_file(file, ec)) fail(ExitCode::bad_mesh, shown + ": not a regular file");
    const auto size = fs::file_size(file, ec);
    if (ec || size > max_geo_bytes)
      fail(ExitCode::bad_mesh,
           fmt::format("{}: a .geo file larger than {} MiB is refused (is it the right file?)",
                       shown, max_geo_bytes >> 20));
    std::ifstream in(file, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  }

  void include(const fs::path& from, const std::string& shown, const Token& cmd,
               const std::string& name, int depth) {
    std::error_code ec;
    fs::path p(name);
    if (p.is_relative()) p = from.parent_path() / p;
    const fs::path real = fs::weakly_canonical(fs::absolute(p, ec), ec);
    const auto [end, ignored] = std::mismatch(root_.begin(), root_.end(), real.begin(), real.end());
    (void)ignored;
    if (ec || end != root_.end())
      refuse(shown, cmd, fmt::format("reads '{}', which is outside the mesh file's folder", name));
    if (!fs::is_regular_file(real, ec))
      refuse(shown, cmd, fmt::format("reads '{}', which is not a regular file", name));
    std::string ext = real.extension().string();
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    check_no_option_file(real.string());
    if (ext == ".msh") check_msh_counts(real.string(), max_elements_); // Gmsh trusts its counts
    // Gmsh merges a file it does not recognise by its extension (and a .pos view) with the .geo
    // parser: only mesh and CAD formats are data; everything else is scanned as a program.
    static const std::set<std::string> data = {".msh", ".brep", ".step", ".stp", ".iges",
                                               ".igs", ".stl",  ".med",  ".unv", ".vtk",
                                               ".bdf", ".nas",  ".mesh", ".off", ".ply2"};
    if (cmd.text != "Include" && data.count(ext)) return;
    if (depth >= max_include_depth || !active_.insert(real.string()).second)
      refuse(shown, cmd, fmt::format("reads '{}' again (a loop, or too deep)", name));
    scan(real, name, depth + 1);
    active_.erase(real.string());
  }

  fs::path root_;
  std::int64_t max_elements_;
  std::set<std::string> active_; // files being scanned, outermost first: catches loops
};

} // namespace

void check_no_option_file(const std::string& path) {
  std::error_code ec;
  if (fs::exists(fs::path(path + ".opt"), ec) || fs::is_symlink(fs::path(path + ".opt"), ec))
    fail(ExitCode::bad_mesh,
         path + ".opt: Gmsh would read this option file beside " +
             fs::path(path).filename().string() +
             " on its own, and option files can run commands; remove or rename it");
}

void check_geo_safe(const std::string& path, std::int64_t max_elements) {
  Scanner(path, max_elements).scan(path, path, 0);
}

} // namespace tridg
