#pragma once
// A scratch folder for one test.
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <string>

namespace tridg::test {

// A fresh folder under the system's temporary directory, removed with everything in it at scope
// exit (unique per process and object, so tests run in parallel do not collide).
class ScratchDir {
public:
  explicit ScratchDir(const std::string& tag) {
    static std::atomic<int> counter{0};
    path_ = std::filesystem::temp_directory_path() /
            ("tridg_" + tag + "_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  std::string path() const { return path_.string(); }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

private:
  std::filesystem::path path_;
};

} // namespace tridg::test
