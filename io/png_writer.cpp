#include "io/png_writer.hpp"

#include <zlib.h>

#include <cerrno>
#include <cstdio>
#include <memory>

#include "io/atomic_file.hpp"
#include "io/error.hpp"

namespace tridg {

namespace {

void put32(std::vector<std::uint8_t>& v, std::uint32_t x) {
  for (int s = 24; s >= 0; s -= 8) v.push_back(std::uint8_t(x >> s));
}

// One chunk: length, type, data, CRC of type and data.
void chunk(std::vector<std::uint8_t>& out, const char* type, const std::vector<std::uint8_t>& d) {
  put32(out, std::uint32_t(d.size()));
  const std::size_t start = out.size();
  out.insert(out.end(), type, type + 4);
  out.insert(out.end(), d.begin(), d.end());
  put32(out, std::uint32_t(crc32(0, out.data() + start, uInt(out.size() - start))));
}

} // namespace

void write_png(const std::string& path, int width, int height,
               const std::vector<std::uint8_t>& rgb) {
  if (width <= 0 || height <= 0 || rgb.size() != std::size_t(width) * height * 3)
    fail(ExitCode::internal, "write_png: the pixels do not match the size");
  // Each row starts with its filter byte (0: none).
  std::vector<std::uint8_t> raw;
  raw.reserve((std::size_t(width) * 3 + 1) * height);
  for (int y = 0; y < height; ++y) {
    raw.push_back(0);
    raw.insert(raw.end(), rgb.begin() + std::size_t(y) * width * 3,
               rgb.begin() + std::size_t(y + 1) * width * 3);
  }
  uLongf zlen = compressBound(uLong(raw.size()));
  std::vector<std::uint8_t> z(zlen);
  if (compress2(z.data(), &zlen, raw.data(), uLong(raw.size()), 6) != Z_OK)
    fail(ExitCode::internal, "write_png: deflate failed");
  z.resize(zlen);
  std::vector<std::uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  std::vector<std::uint8_t> ihdr;
  put32(ihdr, std::uint32_t(width));
  put32(ihdr, std::uint32_t(height));
  ihdr.insert(ihdr.end(), {8, 2, 0, 0, 0}); // 8 bits, RGB, deflate, no filter, no interlace
  chunk(png, "IHDR", ihdr);
  chunk(png, "IDAT", z);
  chunk(png, "IEND", {});
  TempFile tmp(path);
  errno = 0;
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(tmp.tmp().c_str(), "wb"),
                                                    &std::fclose);
  if (!f) fail(ExitCode::io_error, path + ": cannot write (" + errno_text(errno) + ")");
  const bool ok = std::fwrite(png.data(), 1, png.size(), f.get()) == png.size();
  if (!ok || std::fclose(f.release()) != 0)
    fail(ExitCode::io_error, path + ": write failed (" + errno_text(errno) + ")");
  tmp.commit();
}

} // namespace tridg
