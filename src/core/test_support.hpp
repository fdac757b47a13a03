// Helpers for tests: where the bundled and shared test data live, and a tiny trace-line builder
// that frames records exactly as PyTorch does (glog prefix, JSON envelope, TAB payload, md5).
#pragma once

#include <filesystem>
#include <md5.h>
#include <string>
#include <string_view>

namespace tparse::testing {

inline std::filesystem::path testdata() { return TPARSE_TESTDATA; }
inline std::filesystem::path shared_testdata() { return std::filesystem::path(TPARSE_SHARED) / "testdata"; }
inline bool have_shared() { return std::filesystem::exists(shared_testdata() / "torch-2.11"); }

inline std::string md5_hex(std::string_view s) {
  MD5_CTX c;
  MD5Init(&c);
  MD5Update(&c, reinterpret_cast<const uint8_t*>(s.data()), s.size());
  char hex[MD5_DIGEST_STRING_LENGTH];
  MD5End(&c, hex);
  return std::string(hex, 32);
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
