// JsonWriter implementation; see json_writer.hpp.
#include "json_writer.hpp"

#include <cmath>
#include <iterator>
#include <fmt/format.h>

#include "core/read/utf8.hpp"

namespace tparse {

namespace {
/// 1 for bytes json_escape must look at (quote, backslash, controls, DEL, non-ASCII), 0 for bytes
/// copied as they are: plain runs are appended in one go.
struct JsonEscTable {
  bool special[256] = {};
  constexpr JsonEscTable() {
    for (int c = 0; c < 256; ++c) special[c] = c == '"' || c == '\\' || c < 0x20 || c >= 0x7f;
  }
};
constexpr JsonEscTable kJsonEsc;
}  // namespace

void json_escape(std::string& out, std::string_view s) {
  out.push_back('"');
  size_t i = 0;
  while (i < s.size()) {
    size_t run = i;
    while (run < s.size() && !kJsonEsc.special[static_cast<unsigned char>(s[run])]) ++run;
    out.append(s.data() + i, run - i);
    if (run >= s.size()) break;
    i = run;
    auto c = static_cast<unsigned char>(s[i]);
    if (c == '"') out += "\\\"";
    else if (c == '\\') out += "\\\\";
    else if (c == '\n') out += "\\n";
    else if (c == '\t') out += "\\t";
    else if (c == '\r') out += "\\r";
    else if (c < 0x20 || c == 0x7f) out += fmt::format("\\u{:04x}", c);
    else if (c < 0x80) out.push_back(static_cast<char>(c));
    else {
      // One well-formed UTF-8 sequence, or one maximal ill-formed subpart -> U+FFFD (utf8.hpp).
      bool ok;
      size_t n = utf8_step(s, i, ok);
      if (ok) out.append(s.substr(i, n));
      else out += "\\ufffd";
      i += n;
      continue;
    }
    ++i;
  }
  out.push_back('"');
}

void JsonWriter::newline() {
  if (!pretty_) return;
  out_.push_back('\n');
  out_.append(first_.size() * 2, ' ');
}

void JsonWriter::comma() {
  if (flush_ && out_.size() >= threshold_) {
    flush_(out_);
    out_.clear();
  }
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!first_.empty()) {
    if (!first_.back()) out_.push_back(',');
    first_.back() = false;
    newline();
  }
}

JsonWriter& JsonWriter::begin_object() {
  comma();
  out_.push_back('{');
  first_.push_back(true);
  return *this;
}
JsonWriter& JsonWriter::end_object() {
  bool empty = first_.back();
  first_.pop_back();
  if (!empty) newline();
  out_.push_back('}');
  return *this;
}
JsonWriter& JsonWriter::begin_array() {
  comma();
  out_.push_back('[');
  first_.push_back(true);
  return *this;
}
JsonWriter& JsonWriter::end_array() {
  bool empty = first_.back();
  first_.pop_back();
  if (!empty) newline();
  out_.push_back(']');
  return *this;
}
JsonWriter& JsonWriter::key(std::string_view k) {
  comma();
  json_escape(out_, k);
  out_ += pretty_ ? ": " : ":";
  after_key_ = true;
  return *this;
}
JsonWriter& JsonWriter::value(std::string_view s) {
  comma();
  json_escape(out_, s);
  return *this;
}
JsonWriter& JsonWriter::value(int64_t v) {
  comma();
  out_ += std::to_string(v);
  return *this;
}
JsonWriter& JsonWriter::value(uint64_t v) {
  comma();
  out_ += std::to_string(v);
  return *this;
}
JsonWriter& JsonWriter::value(double v) {
  comma();
  if (!std::isfinite(v)) out_ += "null";
  else fmt::format_to(std::back_inserter(out_), "{}", v);  // no temporary string
  return *this;
}
JsonWriter& JsonWriter::value(bool v) {
  comma();
  out_ += v ? "true" : "false";
  return *this;
}
JsonWriter& JsonWriter::null() {
  comma();
  out_ += "null";
  return *this;
}
JsonWriter& JsonWriter::raw(std::string_view json) {
  comma();
  out_.append(json);
  return *this;
}

}  // namespace tparse
