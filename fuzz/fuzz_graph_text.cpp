// libFuzzer target: the FX print_readable graph-text parser the report and the viewer draw from.
// Checks the invariants the drawing code relies on: every edge and input names an existing node.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/payloads/fx_graph.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  tparse::fx::Graph g = tparse::fx::parse_fx_graph(text);
  const auto n = static_cast<int32_t>(g.nodes.size());
  for (const auto& [a, b] : g.edges)
    if (a < 0 || a >= n || b < 0 || b >= n) abort();
  for (const auto& node : g.nodes) {
    for (int32_t k : node.inputs)
      if (k < 0 || k >= n) abort();
    (void)tparse::fx::op_kind_name(node.op);
  }
  return 0;
}
