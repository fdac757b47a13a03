// Test utility: reads the members of a .tar.xz archive in place (liblzma + the ustar/pax/GNU header
// layout), so tests can walk ../shared's Python corpus without unpacking it.
#pragma once

#include <lzma.h>

#include <cstdint>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>
#include <cstring>

namespace tparse::compiler::testing {

/// The whole decompressed content of an .xz file; empty with `err` set on failure.
inline std::string xz_decompress(const std::string& in, std::string& err) {
  lzma_stream strm = LZMA_STREAM_INIT;
  if (lzma_stream_decoder(&strm, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK) {
    err = "lzma_stream_decoder failed";
    return {};
  }
  std::string out;
  out.resize(in.size() * 8);
  strm.next_in = reinterpret_cast<const uint8_t*>(in.data());
  strm.avail_in = in.size();
  size_t done = 0;
  lzma_ret r = LZMA_OK;
  while (r == LZMA_OK) {
    if (done == out.size()) out.resize(out.size() * 2);
    strm.next_out = reinterpret_cast<uint8_t*>(out.data()) + done;
    strm.avail_out = out.size() - done;
    r = lzma_code(&strm, LZMA_FINISH);
    done = out.size() - strm.avail_out;
  }
  lzma_end(&strm);
  if (r != LZMA_STREAM_END) {
    err = "xz data is corrupt (lzma_code " + std::to_string(static_cast<int>(r)) + ")";
    return {};
  }
  out.resize(done);
  return out;
}

struct TarFile {
  std::string path;
  std::string_view data;
};

/// Regular files of a ustar archive (GNU long names and pax `path=` records honoured).
inline std::vector<TarFile> tar_files(const std::string& tar, std::string& err) {
  std::vector<TarFile> files;
  size_t pos = 0;
  std::string long_name;
  auto octal = [](const char* f, size_t n) {
    size_t v = 0;
    for (size_t i = 0; i < n && f[i]; ++i)
      if (f[i] >= '0' && f[i] <= '7') v = v * 8 + static_cast<size_t>(f[i] - '0');
    return v;
  };
  while (pos + 512 <= tar.size()) {
    const char* h = tar.data() + pos;
    if (h[0] == '\0') break;  // end-of-archive block
    size_t size = octal(h + 124, 12);
    char type = h[156];
    pos += 512;
    if (pos + size > tar.size()) { err = "truncated tar member"; break; }
    std::string_view body(tar.data() + pos, size);
    pos += (size + 511) / 512 * 512;
    if (type == 'L') { long_name.assign(body.data(), strnlen(body.data(), body.size())); continue; }
    if (type == 'x') {  // pax extended header: "len key=value\n" records
      size_t i = 0;
      while (i < body.size()) {
        size_t sp = body.find(' ', i);
        if (sp == std::string_view::npos) break;
        size_t len = std::stoul(std::string(body.substr(i, sp - i)));
        if (len == 0 || i + len > body.size()) break;
        std::string_view rec = body.substr(sp + 1, i + len - sp - 2);
        if (rec.substr(0, 5) == "path=") long_name = std::string(rec.substr(5));
        i += len;
      }
      continue;
    }
    if (type == 'g') continue;
    std::string name = long_name;
    long_name.clear();
    if (name.empty()) {
      std::string prefix(h + 345, strnlen(h + 345, 155));
      name.assign(h, strnlen(h, 100));
      if (!prefix.empty()) name = prefix + "/" + name;
    }
    if (type == '0' || type == '\0') files.push_back({name, body});
  }
  return files;
}

/// The decompressed bytes of the .xz file at `path`; "" (and `err` set) on failure.
inline std::string xz_decompress_file(const std::string& path, std::string& err) {
  std::ifstream f(path, std::ios::binary);
  if (!f) { err = "cannot open " + path; return ""; }
  std::stringstream ss;
  ss << f.rdbuf();
  return xz_decompress(ss.str(), err);
}

/// Calls `fn(name, content)` for each regular file of a tar image.
inline void tar_each(const std::string& tar, const std::function<void(const std::string&, const std::string&)>& fn) {
  std::string err;
  for (const TarFile& f : tar_files(tar, err)) fn(f.path, std::string(f.data));
}

}  // namespace tparse::compiler::testing
