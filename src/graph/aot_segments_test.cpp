// Dynamo-node runs and "module unknown" on the real titan trace (testdata/torch-2.11/titan_module_truth,
// torch 2.11, our own 2-block program): with its `# File:` lines, every op of `return x + s.mlp(x)`
// sits in its Dynamo node's module; with that statement's `# File:` line taken out (as when torch
// records no stack for a node), the ops no parameter names are "module unknown", and the drawing
// and the ops table say so, while the linears' ops are still placed by their parameters.
#include <doctest/doctest.h>

#include "aot_segments.hpp"
#include "core/ingest.hpp"
#include "core/test_support.hpp"
#include "module_calls.hpp"
#include "view_graph.hpp"

using namespace tparse;

namespace {

struct Titan {
  std::string fwd, dyn, guards;
};

Titan titan_first() {
  Titan t;
  LoadedTrace lt = load_trace({(testing::testdata() / "torch-2.11" / "titan_module_truth" / "trace").string()});
  for (const auto& c : lt.model.compiles) {
    for (const auto& a : c.artifacts) {
      if (a.kind == "aot_forward_graph" && t.fwd.empty()) t.fwd = lt.payloads.get(a.payload);
      if (a.kind == "dynamo_output_graph" && t.dyn.empty()) t.dyn = lt.payloads.get(a.payload);
      if (a.kind == "dynamo_cpp_guards_str" && t.guards.empty()) t.guards = lt.payloads.get(a.payload);
    }
    if (!t.fwd.empty()) break;
  }
  return t;
}

int32_t node(const fx::Graph& g, const std::string& name) {
  for (size_t i = 0; i < g.nodes.size(); ++i)
    if (g.nodes[i].name == name) return static_cast<int32_t>(i);
  return -1;
}

}  // namespace

TEST_CASE("AOT forward: a statement of three modules cut into its Dynamo nodes' runs") {
  Titan t = titan_first();
  REQUIRE(!t.fwd.empty());
  fx::Graph g = fx::parse_fx_graph(t.fwd), d = fx::parse_fx_graph(t.dyn);
  graph::Hierarchy h = graph::hierarchy_for(g, &d, t.guards, t.fwd);
  auto path = [&](const char* n) {
    int32_t i = node(g, n);
    REQUIRE(i >= 0);
    return h.groups[static_cast<size_t>(h.node_group[static_cast<size_t>(i)])].path;
  };
  // The statement's Dynamo nodes in the trace's Dynamo graph: input_1 = linear (mlp.0's weight),
  // input_2 = gelu(input_1), input_3 = linear (mlp.2's weight). The AOT ops below read, in order:
  // mlp.0's weight (addmm_2), then erf of view_9 (GELU's decomposition), then mlp.2's weight.
  CHECK(path("addmm_2") == "mlp.0");
  CHECK(path("view_9") == "mlp.0");  // the linear's value: the same shape as input_1
  for (const char* n : {"mul_2", "mul_3", "erf", "add_3", "mul_4"}) {
    CAPTURE(n);
    CHECK(path(n) == "mlp.1");
  }
  CHECK(path("view_10") == "mlp.2");
  CHECK(path("addmm_3") == "mlp.2");
  for (size_t i = 0; i < g.nodes.size(); ++i) CHECK(h.guessed[i] != 2);
}

TEST_CASE("AOT forward without the statement's # File: line: module unknown, said in the drawing") {
  Titan t = titan_first();
  REQUIRE(!t.fwd.empty());
  const std::string line = "# File: /home/user/ddpmod/truth_cases.py:23 in forward, code: return x + s.mlp(x)";
  size_t at = t.fwd.find(line);
  REQUIRE(at != std::string::npos);
  std::string text = t.fwd;
  text.replace(at, line.size(), "# (no stack recorded)");
  fx::Graph g = fx::parse_fx_graph(text), d = fx::parse_fx_graph(t.dyn);
  graph::Hierarchy h = graph::hierarchy_for(g, &d, t.guards, text);
  int32_t erf = node(g, "erf"), addmm = node(g, "addmm_2");
  REQUIRE(erf >= 0);
  REQUIRE(addmm >= 0);
  CHECK(g.nodes[static_cast<size_t>(erf)].file.empty());
  CHECK(h.guessed[static_cast<size_t>(erf)] == 2);  // no statement, no parameter: unknown
  CHECK(std::string(graph::module_note(h, erf)).find("module unknown") != std::string::npos);
  // The linear still reads mlp.0's weight (PlainAOTInput): placed, not unknown.
  CHECK(h.groups[static_cast<size_t>(h.node_group[static_cast<size_t>(addmm)])].path == "mlp.0");
  CHECK(h.guessed[static_cast<size_t>(addmm)] == 0);
  graph::ViewGraph v = graph::build_view(g, h, h.node_group[static_cast<size_t>(erf)], {});
  std::string dot = graph::view_to_dot(g, h, v);
  CHECK(dot.find("erf (module unknown: the trace does not say") != std::string::npos);
}
