// A tiny streaming JSON writer (objects, arrays, escaped strings) into a std::string. Used for
// summary.json, compile_directory.json and every --json output; no DOM, no dependencies.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/intern.hpp"

namespace tparse {

/// Appends s to out as a JSON string literal (with quotes), escaping controls and invalid UTF-8.
void json_escape(std::string& out, std::string_view s);

class JsonWriter {
 public:
  explicit JsonWriter(bool pretty = true) : pretty_(pretty) {}
  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  JsonWriter& key(std::string_view k);
  JsonWriter& value(std::string_view s);
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
  JsonWriter& value(const IStr& s) { return value(std::string_view(s)); }
  JsonWriter& value(int64_t v);
  JsonWriter& value(int v) { return value(static_cast<int64_t>(v)); }
  JsonWriter& value(uint64_t v);
  JsonWriter& value(double v);
  JsonWriter& value(bool v);
  JsonWriter& null();
  /// Inserts already-serialised JSON.
  JsonWriter& raw(std::string_view json);
  template <typename T>
  JsonWriter& kv(std::string_view k, const T& v) {
    key(k);
    return value(v);
  }
  /// Writes an integer, or null when negative (the model's "absent").
  JsonWriter& opt(std::string_view k, int64_t v) {
    key(k);
    return v < 0 ? null() : value(v);
  }
  const std::string& str() const { return out_; }
  std::string take() { return std::move(out_); }
  /// Streaming: once `threshold` bytes are buffered, the next key, value or container start hands
  /// them to `flush` and empties the buffer, so a multi-rank summary.json (140 MB at 16384 ranks)
  /// never sits in memory whole; take() then returns only the rest. No hook: one string, as before.
  using Flush = std::function<void(std::string_view)>;
  /// The buffered bytes that trigger a flush (tests lower it to flush at every step).
  inline static size_t stream_threshold = size_t{1} << 22;
  void set_flush(Flush flush) {
    flush_ = std::move(flush);
    threshold_ = stream_threshold;
  }

 private:
  void comma();
  void newline();
  std::string out_;
  Flush flush_;
  size_t threshold_ = 0;
  std::vector<bool> first_;  // per open container: no element written yet
  bool pretty_;
  bool after_key_ = false;
};

}  // namespace tparse
