// Parameter anchors in AOT graphs, on titan_per_block_train (torch 2.11, forward + backward). The
// expected module of each gradient output and of each op reading a parameter comes from the raw
// payload text (the Dynamo graph's `def forward(self, L_...` order, the `PlainAOTInput(idx=K)`
// comments), with a string rule of its own, not from the code under test.
#include <doctest/doctest.h>

#include <iostream>
#include <map>
#include <regex>
#include <set>

#include "aot_anchors.hpp"
#include "core/ingest.hpp"
#include "core/test_support.hpp"
#include "module_calls.hpp"

using namespace tparse;

namespace {

/// "L_self_modules_mlp_modules_2_parameters_weight_" -> "mlp.2"; "" for a root parameter; "?" otherwise.
std::string expected_module(const std::string& ph) {
  std::smatch m;
  static const std::regex re(R"(^L_self_(?:modules_(.*)_)?(?:parameters|buffers)_\w+$)");
  if (!std::regex_match(ph, m, re)) return "?";
  std::string s = m[1];
  for (size_t p; (p = s.find("_modules_")) != std::string::npos;) s.replace(p, 9, ".");
  return s;
}

}  // namespace

TEST_CASE("AOT anchors: bad PlainAOTInput indices and a graph without modules change nothing") {
  fx::Graph dg = fx::parse_fx_graph(
      "class GraphModule(torch.nn.Module):\n    def forward(self, L_self_modules_lin_parameters_weight_: \"f32[4, 4]\", L_x_: \"f32[4]\"):\n"
      "        l_self_modules_lin_parameters_weight_ = L_self_modules_lin_parameters_weight_\n        l_x_ = L_x_\n"
      "        y: \"f32[4]\" = torch._C._nn.linear(l_x_, l_self_modules_lin_parameters_weight_);  l_x_ = None\n        return (y,)\n");
  std::string text =
      "class GraphModule(torch.nn.Module):\n    def forward(\n        self,\n"
      "        primals_1: \"f32[4, 4]\",  # PlainAOTInput(idx=99999999999999)\n"
      "        primals_2: \"f32[4]\",  # PlainAOTInput(idx=-1)\n    ):\n"
      "        t: \"f32[4, 4]\" = torch.ops.aten.t.default(primals_1)\n"
      "        mm: \"f32[4]\" = torch.ops.aten.mv.default(t, primals_2)\n"
      "        return (\n            mm,  # GradAOTOutput(grad_of=PlainAOTInput(idx=7))\n        )\n";
  fx::Graph g = fx::parse_fx_graph(text);
  REQUIRE(g.ok);
  CHECK(graph::input_modules(dg) == std::vector<std::string>{"lin", "\x01"});
  graph::Hierarchy h = graph::build_hierarchy_aligned(g, dg, graph::build_hierarchy(dg));
  std::vector<int32_t> before = h.node_group;
  graph::anchor_aot_parameters(h, g, text, dg);
  CHECK(h.node_group == before);
  // The same graph with idx=0: the transpose and the product read the `lin` weight.
  std::string good = text;
  good.replace(good.find("99999999999999"), 14, "0");
  fx::Graph g2 = fx::parse_fx_graph(good);
  graph::Hierarchy h2 = graph::build_hierarchy_aligned(g2, dg, graph::build_hierarchy(dg));
  CHECK(h2.source.empty());  // no `# File:` line matched: everything in the root so far
  CHECK(graph::anchor_aot_parameters(h2, g2, good, dg) == 2);
  CHECK(h2.source == "parameter anchors");
  for (size_t i = 0; i < g2.nodes.size(); ++i)
    if (g2.nodes[i].name == "t" || g2.nodes[i].name == "mm") CHECK(h2.groups[static_cast<size_t>(h2.node_group[i])].path == "lin");
}

TEST_CASE("titan backward graph: gradients and parameter readers in their modules") {
  auto dir = testing::shared_testdata() / "torch-2.11" / "titan_per_block_train" / "trace";
  if (!std::filesystem::exists(dir)) return;
  LoadedTrace lt = load_trace({dir.string()});
  int checked = 0;
  for (const auto& c : lt.model.compiles) {
    if (c.graph_artifact < 0) continue;
    std::string dtext = lt.payloads.get(c.artifacts[static_cast<size_t>(c.graph_artifact)].payload);
    // Dynamo inputs in order, from the text of `def forward(self, ...)`.
    std::vector<std::string> inputs;
    std::string sig = dtext.substr(dtext.find("def forward(self, "), dtext.find("):", dtext.find("def forward(")) - dtext.find("def forward("));
    static const std::regex arg(R"((L_\w+): ")");
    for (std::sregex_iterator it(sig.begin(), sig.end(), arg), e; it != e; ++it) inputs.push_back((*it)[1]);
    REQUIRE(inputs.size() == 11);
    fx::Graph dg = fx::parse_fx_graph(dtext);
    for (const auto& a : c.artifacts) {
      if (a.kind != "aot_backward_graph" && a.kind != "aot_forward_graph") continue;
      std::string text = lt.payloads.get(a.payload);
      fx::Graph g = fx::parse_fx_graph(text);
      REQUIRE(g.ok);
      std::map<std::string, int32_t> id;
      for (size_t i = 0; i < g.nodes.size(); ++i) id[g.nodes[i].name] = static_cast<int32_t>(i);
      graph::Hierarchy before = graph::build_hierarchy_aligned(g, dg, graph::build_hierarchy(dg));
      graph::Hierarchy h = graph::hierarchy_for(g, &dg, "", text);
      auto path = [&](const std::string& nm) { return h.groups[static_cast<size_t>(h.node_group[static_cast<size_t>(id.at(nm))])].path; };
      // Expected, from the text: primals_N -> input index K (signature comment) -> module.
      std::map<std::string, std::string> primal_module;
      static const std::regex ph(R"((primals_\d+): "[^"]*",\s+# PlainAOTInput\(idx=(\d+)\))");
      for (std::sregex_iterator it(text.begin(), text.end(), ph), e; it != e; ++it)
        primal_module[(*it)[1]] = expected_module(inputs.at(static_cast<size_t>(std::stoi((*it)[2]))));
      int expected = 0, right = 0;
      auto expect = [&](const std::string& nm, const std::string& mod) {
        if (mod == "?") return;
        ++expected;
        INFO(a.kind << " " << nm);
        CHECK(path(nm) == mod);
        right += path(nm) == mod;
      };
      // Gradient outputs: `name,  # GradAOTOutput(grad_of=PlainAOTInput(idx=K))`.
      static const std::regex grad(R"((\w+),\s+# GradAOTOutput\(grad_of=PlainAOTInput\(idx=(\d+)\)\))");
      for (std::sregex_iterator it(text.begin(), text.end(), grad), e; it != e; ++it)
        expect((*it)[1], expected_module(inputs.at(static_cast<size_t>(std::stoi((*it)[2])))));
      // Ops whose arguments name exactly one parameter primal (and no other primal).
      static const std::regex op(R"(\n\s+(\w+)(?:: "[^"]*")? = torch\.ops\.[^(]+\(([^\n]*))");
      static const std::regex prim(R"(primals_\d+)");
      for (std::sregex_iterator it(text.begin(), text.end(), op), e; it != e; ++it) {
        std::string args = (*it)[2];
        args = args.substr(0, args.find(";  "));
        std::set<std::string> ps;
        for (std::sregex_iterator p(args.begin(), args.end(), prim), pe; p != pe; ++p) ps.insert(p->str());
        if (ps.size() == 1 && primal_module.count(*ps.begin())) expect((*it)[1], primal_module[*ps.begin()]);
      }
      CHECK(expected >= 8);
      CHECK(right == expected);
      // Share of ops inside a module (not the whole block) before and after.
      auto in_module = [&](const graph::Hierarchy& hh, const std::string& prefix) {
        int n = 0;
        for (size_t i = 0; i < g.nodes.size(); ++i)
          if (g.nodes[i].op != fx::OpKind::Placeholder && g.nodes[i].op != fx::OpKind::Output &&
              hh.groups[static_cast<size_t>(hh.node_group[i])].path.rfind(prefix, 0) == 0 &&
              !hh.groups[static_cast<size_t>(hh.node_group[i])].path.empty())
            ++n;
        return n;
      };
      MESSAGE(a.kind << " " << g.nodes.size() << " nodes: in a module " << in_module(before, "") << " -> " << in_module(h, "")
                     << ", in attn " << in_module(before, "attn") << " -> " << in_module(h, "attn") << ", in mlp "
                     << in_module(before, "mlp") << " -> " << in_module(h, "mlp"));
      if (a.kind == "aot_backward_graph") CHECK(in_module(h, "") > in_module(before, ""));
      // Lines 69..83 of models.py are the attention's forward: its own `self.qkv(x)` (69) to
      // `self.out(...)` (83), per the Dynamo text's `# File:` lines and parameter names. The
      // backward runs them in reverse order; every op under those lines is in `attn` or below.
      int attn_lines = 0;
      for (size_t i = 0; i < g.nodes.size(); ++i)
        if (g.nodes[i].line >= 69 && g.nodes[i].line <= 83 && g.nodes[i].file.find("models.py") != std::string::npos) {
          ++attn_lines;
          INFO(a.kind << " " << g.nodes[i].name << " line " << g.nodes[i].line);
          CHECK(h.groups[static_cast<size_t>(h.node_group[i])].path.rfind("attn", 0) == 0);
        }
      CHECK(attn_lines >= 20);
      ++checked;
    }
  }
  CHECK(checked == 4);
}
