// Test utility: reads the members of a .tar.xz archive in place (liblzma + the ustar/pax/GNU header
// layout), so tests can walk ../shared's Python corpus without unpacking it.
#pragma once

#include <lzma.h>

#include <cstdint>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>

namespace tparse::compiler::testing {

/// The decompressed bytes of an .xz file; "" (and `err` set) on failure.
inline std::string xz_decompress(const std::string& path, std::string& err) {
  std::ifstream f(path, std::ios::binary);
  if (!f) { err = "cannot open " + path; return ""; }
  std::stringstream ss;
  ss << f.rdbuf();
  std::string in = ss.str();
  lzma_stream strm = LZMA_STREAM_INIT;
  if (lzma_stream_decoder(&strm, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK) { err = "lzma init failed"; return ""; }
  std::string out;
  std::string buf(1 << 20, '\0');
  strm.next_in = reinterpret_cast<const uint8_t*>(in.data());
  strm.avail_in = in.size();
  lzma_ret r = LZMA_OK;
  while (r == LZMA_OK) {
    strm.next_out = reinterpret_cast<uint8_t*>(buf.data());
    strm.avail_out = buf.size();
    r = lzma_code(&strm, LZMA_FINISH);
    out.append(buf.data(), buf.size() - strm.avail_out);
  }
  lzma_end(&strm);
  if (r != LZMA_STREAM_END) { err = "xz data is corrupt (lzma error " + std::to_string(r) + ")"; return ""; }
  return out;
}

/// Calls `fn(name, content)` for each regular file of a tar image (ustar prefix, pax `path`, GNU `L`).
inline void tar_each(const std::string& tar, const std::function<void(const std::string&, const std::string&)>& fn) {
  size_t pos = 0;
  std::string long_name;
  auto field = [&](size_t off, size_t n) {
    std::string s = tar.substr(pos + off, n);
    return s.substr(0, s.find('\0'));
  };
  while (pos + 512 <= tar.size()) {
    if (tar[pos] == '\0') break;  // end-of-archive blocks
    std::string name = field(0, 100), prefix = field(345, 155);
    unsigned long long size = std::strtoull(field(124, 12).c_str(), nullptr, 8);
    char type = tar[pos + 156];
    if (field(257, 5) == "ustar" && !prefix.empty()) name = prefix + "/" + name;
    size_t data = pos + 512;
    if (data + size > tar.size()) break;
    std::string body = tar.substr(data, size);
    if (type == 'L') long_name = body.substr(0, body.find('\0'));
    else if (type == 'x') {  // pax: "len key=value\n" records
      for (size_t p = 0; p < body.size();) {
        size_t sp = body.find(' ', p);
        if (sp == std::string::npos) break;
        size_t len = std::strtoull(body.c_str() + p, nullptr, 10);
        if (len == 0) break;
        std::string rec = body.substr(sp + 1, p + len - sp - 2);
        if (rec.rfind("path=", 0) == 0) long_name = rec.substr(5);
        p += len;
      }
    } else if (type == '0' || type == '\0') {
      fn(long_name.empty() ? name : long_name, body);
      long_name.clear();
    } else {
      long_name.clear();
    }
    pos = data + (size + 511) / 512 * 512;
  }
}

}  // namespace tparse::compiler::testing
