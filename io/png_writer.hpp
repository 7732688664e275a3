#pragma once
// An 8-bit RGB PNG from a pixel buffer (zlib deflate), written atomically.
#include <cstdint>
#include <string>
#include <vector>

namespace tridg {

// rgb: height rows of width pixels, 3 bytes each, top row first. UserError(io_error) on failure.
void write_png(const std::string& path, int width, int height,
               const std::vector<std::uint8_t>& rgb);

} // namespace tridg
