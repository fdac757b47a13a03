// TraceWriter implementation (md5 via libmd).
#include "trace/trace_writer.hpp"

#include <fmt/format.h>
#include <md5.h>

#include <cstdint>
#include <cstdlib>

namespace tparse::compiler {

std::string md5_hex(const std::string& s) {
  MD5_CTX c;
  MD5Init(&c);
  MD5Update(&c, reinterpret_cast<const unsigned char*>(s.data()), s.size());
  char buf[MD5_DIGEST_STRING_LENGTH];
  MD5End(&c, buf);
  return std::string(buf);
}

std::string json_escape(const std::string& s, bool ensure_ascii) {
  // As Python's json.dumps (ensure_ascii): non-ASCII is one \uXXXX per code point (surrogate pairs
  // above U+FFFF), not per UTF-8 byte; a byte that starts no valid sequence is escaped as itself.
  // Without ensure_ascii non-ASCII bytes pass through as they are.
  std::string o = "\"";
  for (size_t i = 0; i < s.size(); ++i) {
    auto c = static_cast<unsigned char>(s[i]);
    switch (c) {
      case '"': o += "\\\""; continue;
      case '\\': o += "\\\\"; continue;
      case '\n': o += "\\n"; continue;
      case '\t': o += "\\t"; continue;
      case '\r': o += "\\r"; continue;
      case '\b': o += "\\b"; continue;
      case '\f': o += "\\f"; continue;
      default: break;
    }
    if (c < 0x20) { o += fmt::format("\\u{:04x}", c); continue; }
    if (c < 0x80 || !ensure_ascii) { o += static_cast<char>(c); continue; }
    size_t n = c >= 0xF0 && c < 0xF5 ? 4 : c >= 0xE0 && c < 0xF0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
    bool ok = n > 0 && i + n <= s.size();
    uint32_t cp = n == 4 ? c & 0x07 : n == 3 ? c & 0x0F : c & 0x1F;
    for (size_t k = 1; ok && k < n; ++k) {
      auto b = static_cast<unsigned char>(s[i + k]);
      ok = (b & 0xC0) == 0x80;
      cp = (cp << 6) | (b & 0x3F);
    }
    if (!ok) { o += fmt::format("\\u{:04x}", c); continue; }
    if (cp >= 0x10000) {
      cp -= 0x10000;
      o += fmt::format("\\u{:04x}\\u{:04x}", 0xD800 + (cp >> 10), 0xDC00 + (cp & 0x3FF));
    } else {
      o += fmt::format("\\u{:04x}", cp);
    }
    i += n - 1;
  }
  return o + "\"";
}

std::string TraceWriter::prefix(const std::string& site) {
  clock_us_ += 1000;
  long long ms = clock_us_ / 1000;
  int sec = static_cast<int>(16 + ms / 1000) % 60;
  int min = static_cast<int>(41 + (16 + ms / 1000) / 60) % 60;
  return fmt::format("V1122 07:{:02}:{:02}.{:03}000 412 {}] ", min, sec, ms % 1000, site);
}

int TraceWriter::intern(const std::string& s) {
  auto it = strings_.find(s);
  if (it != strings_.end()) return it->second;
  int id = static_cast<int>(strings_.size());
  strings_[s] = id;
  out_ += prefix("torch/_logging/structured.py:28") +
          fmt::format("{{\"str\": [{}, {}]}}\n", json_escape(s), id);
  return id;
}

std::string TraceWriter::stack_json(const std::vector<StackFrame>& st) {
  std::string s = "[";
  for (size_t i = 0; i < st.size(); ++i) {
    int id = intern(st[i].filename);
    s += fmt::format("{}{{\"line\": {}, \"name\": {}, \"filename\": {}", i ? ", " : "", st[i].line,
                     json_escape(st[i].name), id);
    if (st[i].loc) s += ", \"loc\": " + json_escape(*st[i].loc);
    s += "}";
  }
  return s + "]";
}

void TraceWriter::emit(const std::string& site, const std::string& name, const std::string& meta_json,
                       TraceCtx ctx, const std::optional<std::string>& payload) {
  std::string line = prefix(site) + "{" + json_escape(name) + ": " + meta_json;
  if (ctx.frame_id >= 0)
    line += fmt::format(", \"frame_id\": {}, \"frame_compile_id\": {}", ctx.frame_id, ctx.frame_compile_id);
  if (ctx.attempt >= 0) line += fmt::format(", \"attempt\": {}", ctx.attempt);
  if (payload) line += ", \"has_payload\": \"" + md5_hex(*payload) + "\"";
  line += "}\n";
  out_ += line;
  if (payload) {
    size_t start = 0;
    while (true) {
      size_t nl = payload->find('\n', start);
      out_ += "\t" + payload->substr(start, nl == std::string::npos ? std::string::npos : nl - start) + "\n";
      if (nl == std::string::npos) break;
      start = nl + 1;
    }
  }
}

}  // namespace tparse::compiler
