// libFuzzer target: the inductor provenance mapping (core/payloads/provenance.hpp) on untrusted text. The
// input is split at 0x01 bytes into the mappings JSON, the pre-grad graph, the post-grad graph and
// the generated code (the first byte's low bit picks AOTInductor C++); the kernel stack traces
// reader gets the whole input. Checks the property the report's page relies on: every link names a
// line that exists in its pane's text, and links are stored once.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "core/payloads/provenance.hpp"

namespace {
int32_t line_count(std::string_view s) {
  if (s.empty()) return 0;
  int32_t n = 1;
  for (char c : s) n += c == '\n';
  return n;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const bool cpp = data[0] & 1;
  std::string_view in(reinterpret_cast<const char*>(data) + 1, size - 1);
  std::vector<std::string_view> part;
  for (size_t b = 0; part.size() < 3;) {
    size_t e = in.find('\x01', b);
    if (e == std::string_view::npos) break;
    part.push_back(in.substr(b, e - b));
    b = e + 1;
    if (part.size() == 3) part.push_back(in.substr(b));
  }
  while (part.size() < 4) part.push_back(part.empty() ? in : std::string_view());
  tparse::ProvenanceMap m = tparse::map_provenance(part[0], part[1], part[2], part[3], cpp);
  const int32_t lines[3] = {line_count(part[1]), line_count(part[2]), line_count(part[3])};
  for (size_t i = 0; i < m.links.size(); ++i) {
    const auto& l = m.links[i];
    if (l.a_line < 1 || l.a_line > lines[static_cast<int>(l.a_pane)]) std::abort();
    if (l.b_line < 1 || l.b_line > lines[static_cast<int>(l.b_pane)]) std::abort();
    for (size_t j = 0; j < i && m.links.size() < 512; ++j)
      if (m.links[j] == l) std::abort();  // "deduplicated"
  }
  (void)tparse::kernel_stack_traces(in);
  (void)tparse::graph_line_node(in.substr(0, 256));
  (void)tparse::kernel_base_name(in.substr(0, 128));
  return 0;
}
