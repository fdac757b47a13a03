// libFuzzer target: the other human-text parsers — graph-break reasons (with the gb message block
// and gb id), Python tracebacks, and compile ids ("0/1", "[0/1_2]", "!3/0/1").
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/model/model.hpp"
#include "core/payloads/text_parsers.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  tparse::GraphBreak gb;
  tparse::parse_graph_break_text(text, gb);
  tparse::GraphBreak gb2;
  tparse::parse_gb_message(text, gb2);
  (void)tparse::find_gb_id(text);
  (void)tparse::parse_python_traceback(text);
  (void)tparse::parse_compile_id(text.substr(0, 64));
  return 0;
}
