#pragma once
// A picture Gmsh draws headless (`tridg plot`): the caller writes its views into a temporary
// folder and a script that merges and sets them up; `xvfb-run -a gmsh script.geo` prints it as a
// PNG, which is copied into place (a failure leaves no half-written picture). The folder is
// removed afterwards unless kept. It runs the gmsh program, not the Gmsh SDK, so it is built
// without the SDK too (unlike io/gmsh_*.cpp).
#include <filesystem>
#include <string>

namespace tridg {

class GmshPicture {
public:
  // Checks that gmsh and xvfb-run are on PATH (UserError(io_error) if not), that `png` ends in
  // .png (bad_case) and that its folder exists (io_error); makes the temporary folder.
  GmshPicture(std::string png, int width, int height, bool keep);
  ~GmshPicture();
  GmshPicture(const GmshPicture&) = delete;
  GmshPicture& operator=(const GmshPicture&) = delete;

  // A file of the temporary folder (a view's, to merge by its name).
  std::filesystem::path file(const std::string& name) const { return dir_ / name; }
  // Runs `script` (Gmsh commands after the window's size is set; it must not print or exit)
  // and writes the picture. UserError(io_error) when Gmsh fails, with its last line.
  void render(const std::string& script) const;

  // Script text for axes with numbers around the views, labelled `x` and `y` (made harmless
  // for the script), numbers to `digits` significant digits.
  static std::string axes(const std::string& x, const std::string& y, int digits);

private:
  std::string png_, gmsh_, xvfb_;
  int width_, height_;
  bool keep_;
  std::filesystem::path dir_;
};

} // namespace tridg
