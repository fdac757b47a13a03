// Reads the FX graph Dynamo printed into a dynamo_output_graph payload (GraphModule.print_readable
// code) and classifies its nodes the way torch._dynamo.explain counts them: call_function nodes
// are "ops" (explain's Op Count), call_method / call_module nodes are counted separately.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tparse::analysis {

struct GraphOps {
  /// call_function targets as explain prints them (repr of node.target), in graph order:
  /// "<built-in function linear>", "<built-in function mul>", "cond", "aten.mm.default",
  /// "<function relu at 0x…>" (the address is not in the trace), "<built-in method tanh of type
  /// object at 0x…>".
  std::vector<std::string> call_functions;
  int64_t call_methods = 0;
  int64_t call_modules = 0;
  int64_t placeholders = 0;
  /// count_calls: what counters["stats"]["calls_captured"] adds for this graph.
  int64_t calls() const { return static_cast<int64_t>(call_functions.size()) + call_methods + call_modules; }
};

/// Parses the top-level GraphModule.forward of a dynamo_output_graph payload. Nested subgraph
/// classes (torch.cond branches, checkpoint bodies) are not part of the top-level node list and
/// are skipped, as explain skips them.
GraphOps parse_graph_ops(std::string_view payload);

/// The repr explain prints for a call_function callee as FX wrote it ("torch._C._nn.linear").
std::string target_repr(std::string_view callee);

}  // namespace tparse::analysis
