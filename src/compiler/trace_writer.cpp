// TraceWriter implementation (md5 via libmd).
#include "trace_writer.hpp"

#include <fmt/format.h>
#include <md5.h>

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

std::string json_escape(const std::string& s) {
  std::string o = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': o += "\\\""; break;
      case '\\': o += "\\\\"; break;
      case '\n': o += "\\n"; break;
      case '\t': o += "\\t"; break;
      case '\r': o += "\\r"; break;
      default:
        if (c < 0x20 || c >= 0x80) o += fmt::format("\\u{:04x}", c);
        else o += static_cast<char>(c);
    }
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
