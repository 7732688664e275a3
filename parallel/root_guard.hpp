#pragma once
// Rank 0 writing a file while the other ranks keep streaming rows to it (parallel/stream_rows.hpp):
// its first failure is kept and its later writes skipped, so that every rank finishes the
// collectives; finish() then throws that failure on every rank.
#include <functional>
#include <optional>

#include "io/error.hpp"
#include "parallel/comm.hpp"

namespace tridg::par {

class RootGuard {
public:
  // Runs `f` on rank 0 (nothing on the others) unless an earlier one failed there.
  void run(const std::function<void()>& f) {
    if (!root() || failed_) return;
    try {
      f();
    } catch (const UserError& e) {
      failed_.emplace(e);
    }
  }
  // Collective.
  void finish() {
    on_root([&] {
      if (failed_) throw *failed_;
    });
  }

private:
  std::optional<UserError> failed_;
};

} // namespace tridg::par
