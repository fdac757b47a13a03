// TORCH_TRACE writer: glog-prefixed JSON envelopes, TAB-prefixed payloads, md5 `has_payload`,
// string interning; byte-compatible with what torch._logging's structured trace writes.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tparse::compiler {

struct StackFrame {
  int line = 0;
  std::string name, filename;
  std::optional<std::string> loc;  ///< source text; absent for the synthesized last frame
};

/// Compile-id context of an envelope; frame_id < 0 means none (e.g. `str`).
struct TraceCtx {
  int frame_id = -1, frame_compile_id = 0, attempt = -1;
};

std::string md5_hex(const std::string& s);
std::string json_escape(const std::string& s, bool ensure_ascii = true);  ///< JSON string literal with quotes, as json.dumps

class TraceWriter {
 public:
  /// Appends one record. `name` is the event key, `meta_json` its JSON value.
  void emit(const std::string& site, const std::string& name, const std::string& meta_json,
            TraceCtx ctx, const std::optional<std::string>& payload = std::nullopt);
  /// Interns a filename, emitting a `str` record the first time.
  int intern(const std::string& s);
  std::string stack_json(const std::vector<StackFrame>& st);
  const std::string& text() const { return out_; }
  long long clock_us() const { return clock_us_; }  ///< the fake clock behind the glog prefixes

 private:
  std::string prefix(const std::string& site);
  std::string out_;
  std::map<std::string, int> strings_;
  long long clock_us_ = 0;
};

}  // namespace tparse::compiler
