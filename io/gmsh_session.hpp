#pragma once
// A Gmsh API session as tridg uses it (mesh reading, region meshing): quiet, nothing saved,
// errors kept in Gmsh's logger, always finalised.
#include <gmsh.h>
#include <stdlib.h>

#include <cstdlib>

#include <string>
#include <vector>

namespace tridg {

// HOME set to `path` while one lives, then as it was (or unset again), whatever is thrown.
class HomeElsewhere {
public:
  explicit HomeElsewhere(const char* path) {
    const char* home = std::getenv("HOME");
    had_ = home != nullptr;
    if (had_) saved_ = home;
    ::setenv("HOME", path, 1);
  }
  ~HomeElsewhere() {
    if (had_)
      ::setenv("HOME", saved_.c_str(), 1);
    else
      ::unsetenv("HOME");
  }
  HomeElsewhere(const HomeElsewhere&) = delete;
  HomeElsewhere& operator=(const HomeElsewhere&) = delete;

private:
  bool had_ = false;
  std::string saved_;
};

// One Gmsh API session: initialised quietly, always finalised, whatever is thrown.
class GmshSession {
public:
  GmshSession() {
    {
      // Gmsh's FLTK reads and rewrites $HOME/.fltk/fltk.org/fltk.prefs while Gmsh initialises:
      // with HOME naming something that is not a folder, it can create nothing there (a run
      // writes only into its output folder). tridg's own threads are idle here.
      const HomeElsewhere home("/dev/null");
      gmsh::initialize(0, nullptr, false);
    }
    try {
      // Gmsh writes to the terminal by default; tridg reports errors itself, on one line.
      gmsh::option::setNumber("General.Terminal", 0);
      gmsh::option::setNumber("General.Verbosity", 2);
      // Gmsh's default (2) throws from inside its .geo parser on a syntax error, which leaves
      // the parser's input buffer half read and breaks every later parse in this process.
      // Errors are taken from the logger instead.
      gmsh::option::setNumber("General.AbortOnError", 0);
      // Nothing saved behind tridg's back, no questions asked. (No configuration files are read:
      // initialize() above is told not to.)
      for (const char* name : {"General.SaveOptions", "General.SaveSession", "General.NoPopup"}) {
        try {
          gmsh::option::setNumber(name, std::string(name) == "General.NoPopup" ? 1 : 0);
        } catch (...) {
        }
      }
      gmsh::logger::start();
    } catch (...) {
      gmsh::finalize();
      throw;
    }
  }
  ~GmshSession() {
    try {
      gmsh::logger::stop();
    } catch (...) {
    }
    try {
      gmsh::finalize();
    } catch (...) {
    }
  }
  GmshSession(const GmshSession&) = delete;
  GmshSession& operator=(const GmshSession&) = delete;

  // The first error Gmsh logged in this session (the later ones tend to be consequences).
  static std::string first_error() {
    std::vector<std::string> log;
    try {
      gmsh::logger::get(log);
    } catch (...) {
    }
    for (const auto& line : log)
      if (line.rfind("Error: ", 0) == 0) return line.substr(7);
    return {};
  }
};

} // namespace tridg
