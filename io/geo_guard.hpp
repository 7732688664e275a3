#pragma once
// A .geo file is a program: Gmsh runs shell commands (SystemCall), writes files (Save, Print,
// Printf > "file") and reads any file (Include, Merge) while it reads one. Before a .geo is handed
// to Gmsh, check_geo_safe scans it and every file it includes, and refuses all of that.
#include <cstdint>
#include <string>

namespace tridg {

// Throws UserError(bad_case) "<file>:<line>: '<command>' <why>; refused (use --trust-geo for
// files you trust)" for the first command that runs a program, writes or deletes a file, stops or
// stalls the process, meshes while reading, or reads a file that is not a regular file in the
// folder of `path` (or below it). Included .geo files are scanned the same way; merged .msh files
// get check_msh_counts(max_elements).
void check_geo_safe(const std::string& path, std::int64_t max_elements);

// Gmsh reads NAME.opt beside every file NAME it opens or merges, on its own, and an option file
// can run commands like a .geo. Throws UserError(bad_mesh) when `path` has such a sidecar.
void check_no_option_file(const std::string& path);

} // namespace tridg
