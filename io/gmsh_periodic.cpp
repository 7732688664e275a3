#include "io/gmsh_periodic.hpp"

#include <fstream>
#include <sstream>

namespace tridg {

std::vector<PeriodicLink> msh2_periodic_links(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string line;
  if (!std::getline(in, line) || line.rfind("$MeshFormat", 0) != 0) return {};
  if (!std::getline(in, line) || line.empty() || line[0] != '2') return {};
  while (std::getline(in, line))
    if (line.rfind("$Periodic", 0) == 0) break;
  if (!in) return {};
  std::vector<PeriodicLink> links;
  std::size_t n_entities = 0;
  if (!(in >> n_entities)) return {};
  for (std::size_t i = 0; i < n_entities; ++i) {
    int dim = 0;
    long slave = 0, master = 0;
    std::string token;
    if (!(in >> dim >> slave >> master >> token)) return {};
    PeriodicLink link;
    if (token == "Affine") {
      std::getline(in, line);
      std::istringstream values(line);
      double v = 0;
      while (values >> v) link.affine.push_back(v);
      if (link.affine.size() != 16) link.affine.clear();
      if (!(in >> token)) return {};
    }
    std::size_t n = 0;
    try {
      n = std::stoul(token);
    } catch (...) {
      return {};
    }
    for (std::size_t j = 0; j < n; ++j) {
      std::size_t s = 0, m = 0;
      if (!(in >> s >> m)) return {};
      link.pairs.push_back({s, m});
    }
    if (dim <= 1) links.push_back(std::move(link));
  }
  return links;
}

} // namespace tridg
