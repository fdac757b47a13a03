// Helpers for tests: where the bundled and shared test data live, and a tiny trace-line builder
// that frames records exactly as PyTorch does (glog prefix, JSON envelope, TAB payload, md5).
#pragma once

#include <cstdio>
#include <filesystem>
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/md5.h>
#include <string>
#include <string_view>
#include <vector>

#include <doctest/doctest.h>

#include "core/read/record_reader.hpp"

namespace tparse::testing {

/// A whole file as a string, decompressed when it is gzip (the corpus programs' truth traces are stored as .log.gz);
/// "" when unreadable.
inline std::string read_maybe_gz(const std::filesystem::path& p) {
  std::string err, out;
  bool gz = false;
  auto src = open_source(p.string(), err, gz);
  if (!src) return out;
  char buf[1 << 16];
  for (long n; (n = src->read(buf, sizeof buf)) > 0;) out.append(buf, static_cast<size_t>(n));
  return out;
}

inline std::filesystem::path testdata() { return TPARSE_TESTDATA; }
inline std::filesystem::path shared_testdata() { return std::filesystem::path(TPARSE_SHARED) / "testdata"; }
inline bool have_shared() { return std::filesystem::exists(shared_testdata() / "torch-2.11"); }

/// The doctest main of every test binary. Cases that read ../shared are in the doctest suite
/// "needs_shared"; CMake (tparse_add_tests) runs them as their own ctest entry NAME_shared with
/// --tparse-needs-shared, which exits 77 (ctest SKIP_RETURN_CODE: reported as skipped, never as
/// passed) when ../shared/testdata is absent.
inline int doctest_main(int argc, char** argv) {
  std::vector<const char*> args;
  bool needs_shared = false;
  for (int i = 0; i < argc; ++i) {
    if (std::string_view(argv[i]) == "--tparse-needs-shared") needs_shared = true;
    else args.push_back(argv[i]);
  }
  if (needs_shared && !have_shared()) {
    std::printf("skipped: %s absent (these cases read ../shared)\n", (shared_testdata() / "torch-2.11").string().c_str());
    return 77;
  }
  doctest::Context ctx;
  ctx.applyCommandLine(static_cast<int>(args.size()), args.data());
  return ctx.run();
}

inline std::string md5_hex(std::string_view s) {
  unsigned char d[MD5_DIGEST_LENGTH];
  MD5(reinterpret_cast<const unsigned char*>(s.data()), s.size(), d);
  std::string hex;
  for (unsigned char b : d) {
    hex.push_back("0123456789abcdef"[b >> 4]);
    hex.push_back("0123456789abcdef"[b & 15]);
  }
  return hex;
}

/// One trace record: `envelope_json` must be an object WITHOUT has_payload; when payload is given
/// the has_payload key (md5) is appended and the payload lines follow, TAB-prefixed.
inline std::string rec(std::string envelope_json, const std::string* payload = nullptr,
                       std::string_view emitter = "torch/_dynamo/convert_frame.py:276") {
  std::string line = "V1122 07:41:16.042000 412 " + std::string(emitter) + "] ";
  if (payload) {
    envelope_json.pop_back();  // drop '}'
    envelope_json += ", \"has_payload\": \"" + md5_hex(*payload) + "\"}";
  }
  line += envelope_json + "\n";
  if (payload) {
    size_t pos = 0;
    for (;;) {
      size_t nl = payload->find('\n', pos);
      line += "\t" + payload->substr(pos, nl == std::string::npos ? std::string::npos : nl - pos) + "\n";
      if (nl == std::string::npos) break;
      pos = nl + 1;
    }
  }
  return line;
}
inline std::string rec(std::string envelope_json, const std::string& payload) { return rec(std::move(envelope_json), &payload); }

}  // namespace tparse::testing
