// libFuzzer target: the recompile-reasons parser — split_recompile_reasons (a JSON list of
// strings, or one bare string) and parse_failed_guard on every reason it yields.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/payloads/text_parsers.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  bool list = false;
  for (const auto& r : tparse::split_recompile_reasons(text, list)) (void)tparse::parse_failed_guard(r);
  (void)tparse::parse_failed_guard(text);  // a bare reason (compilation_metrics.recompile_reason)
  return 0;
}
