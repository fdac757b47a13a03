// libFuzzer target: the text parsers for graph-break reasons, recompile reasons and tracebacks.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/text_parsers.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  tparse::GraphBreak gb;
  tparse::parse_graph_break_text(text, gb);
  bool list = false;
  for (const auto& r : tparse::split_recompile_reasons(text, list)) (void)tparse::parse_failed_guard(r);
  (void)tparse::parse_python_traceback(text);
  (void)tparse::parse_compile_id(text.substr(0, 40));
  return 0;
}
