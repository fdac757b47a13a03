// A pure parser of FX `print_readable` text (dynamo_output_graph, aot_*_graph, inductor
// pre/post-grad graph payloads) into nodes and edges. Used by the report (Graphviz drawing) and
// the viewer (ImGui drawing); it never touches the log, only a payload string.
//
// What it understands, line by line:
//   class GraphModule(torch.nn.Module):                 -> Graph::name
//       def forward(self, L_x_: "f32[8, 32][32, 1]cuda:0", ...):   (one line or one param a line)
//           l_x_ = L_x_                                 -> renames the placeholder (Dynamo style)
//           # File: /m.py:151 in forward, code: y = ... -> source of the following nodes
//           linear: "f32[8, 32][32, 1]" = torch._C._nn.linear(l_x_, w);  l_x_ = None
//           return (y,)                                 -> the output node
// Nested submodule classes (cond/while branches) after the forward are skipped.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tparse::fx {

enum class OpKind : uint8_t { Placeholder, CallFunction, CallMethod, CallModule, GetAttr, Output };
const char* op_kind_name(OpKind k);  ///< "placeholder", "call_function", ...

struct Node {
  std::string name;      ///< FX node name ("linear", "l_x_", "output")
  OpKind op = OpKind::CallFunction;
  std::string target;    ///< "torch._C._nn.linear", "relu" (method), "lin" (module), "add" (a + b)
  std::string args;      ///< the argument text as printed (without the trailing "; x = None")
  std::vector<int32_t> inputs;  ///< indices of nodes named in args, in first-use order, no repeats
  std::string type;      ///< annotation: "f32[8, 32][32, 1]cuda:0", "Sym(s0)", "" when absent
  std::string file;      ///< from the "# File: path:line in fn" comment ("" when none)
  int64_t line = -1;
  std::string function;  ///< "forward"
  std::string code;      ///< the user source line after "code: "
  int32_t text_line = 0; ///< 1-based line in the payload text
};

struct Graph {
  std::string name;      ///< class name ("GraphModule", "<lambda>")
  std::vector<Node> nodes;                       ///< in program order; node id = index
  std::vector<std::pair<int32_t, int32_t>> edges;  ///< (producer, consumer) node ids
  bool ok = false;       ///< a forward was found
};

/// Parses print_readable text. Never throws; unknown lines are ignored.
Graph parse_fx_graph(std::string_view text);

}  // namespace tparse::fx
