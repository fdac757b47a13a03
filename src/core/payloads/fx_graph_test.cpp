// FX print_readable parser tests: a hand-written Dynamo graph, a multi-line AOT signature, and the
// real graphs of bundled traces (every node's inputs must be defined earlier; output present).
#include <doctest/doctest.h>

#include "fx_graph.hpp"
#include "core/ingest.hpp"
#include "core/test_support.hpp"

using namespace tparse;

static const char* kDynamo =
    "class GraphModule(torch.nn.Module):\n"
    "    def forward(self, L_self_modules_lin_parameters_weight_: \"f32[32, 32][32, 1]cuda:0\", L_x_: \"f32[8, 32][32, 1]cuda:0\"):\n"
    "        l_self_modules_lin_parameters_weight_ = L_self_modules_lin_parameters_weight_\n"
    "        l_x_ = L_x_\n"
    "        \n"
    "        # File: /home/user/zoo/models.py:151 in forward, code: y = self.lin(x).relu()\n"
    "        linear: \"f32[8, 32][32, 1]cuda:0\" = torch._C._nn.linear(l_x_, l_self_modules_lin_parameters_weight_, None);  l_x_ = None\n"
    "        y: \"f32[8, 32][32, 1]cuda:0\" = linear.relu();  linear = None\n"
    "        z = y + l_x_\n"
    "        sub = self.sub(z)\n"
    "        c = self._tensor_constant0\n"
    "        g = z[0]\n"
    "        return (y, g)\n"
    "        \n"
    "    class sub(torch.nn.Module):\n"
    "        def forward(self, a):\n"
    "            return (a,)\n";

TEST_CASE("a Dynamo graph: placeholders renamed, op kinds, types, sources, edges") {
  fx::Graph g = fx::parse_fx_graph(kDynamo);
  REQUIRE(g.ok);
  CHECK(g.name == "GraphModule");
  REQUIRE(g.nodes.size() == 9);
  CHECK(g.nodes[0].name == "l_self_modules_lin_parameters_weight_");
  CHECK(g.nodes[0].target == "L_self_modules_lin_parameters_weight_");
  CHECK(g.nodes[0].op == fx::OpKind::Placeholder);
  CHECK(g.nodes[1].type == "f32[8, 32][32, 1]cuda:0");
  const fx::Node& lin = g.nodes[2];
  CHECK(lin.name == "linear");
  CHECK(lin.op == fx::OpKind::CallFunction);
  CHECK(lin.target == "torch._C._nn.linear");
  CHECK(lin.file == "/home/user/zoo/models.py");
  CHECK(lin.line == 151);
  CHECK(lin.function == "forward");
  CHECK(lin.code == "y = self.lin(x).relu()");
  CHECK(lin.inputs == std::vector<int32_t>{1, 0});
  CHECK(lin.text_line == 7);
  CHECK(g.nodes[3].op == fx::OpKind::CallMethod);
  CHECK(g.nodes[3].target == "relu");
  CHECK(g.nodes[3].inputs == std::vector<int32_t>{2});
  CHECK(g.nodes[4].target == "add");
  CHECK(g.nodes[4].inputs == std::vector<int32_t>{3, 1});
  CHECK(g.nodes[5].op == fx::OpKind::CallModule);
  CHECK(g.nodes[5].target == "sub");
  CHECK(g.nodes[6].op == fx::OpKind::GetAttr);
  CHECK(g.nodes[7].target == "getitem");
  CHECK(g.nodes[8].op == fx::OpKind::Output);
  CHECK(g.nodes[8].inputs == std::vector<int32_t>{3, 7});
  CHECK(std::string(fx::op_kind_name(g.nodes[8].op)) == "output");
  // Edges = inputs; the nested class after the forward is not parsed as part of it.
  size_t n_inputs = 0;
  for (auto& n : g.nodes) n_inputs += n.inputs.size();
  CHECK(g.edges.size() == n_inputs);
}

TEST_CASE("an AOT graph with one parameter a line and trailing comments") {
  const char* t =
      "class <lambda>(torch.nn.Module):\n"
      "    def forward(\n"
      "        self,\n"
      "        arg0_1: \"i64[2, 8][8, 1]cuda:0\",  # PlainAOTInput(idx=0)\n"
      "        arg1_1: \"f32[512, 64][64, 1]cuda:0\",  # PlainAOTInput(idx=1)\n"
      "    ):\n"
      "        # File: /x.py:549 in forward, code: a = b\n"
      "        view: \"i64[2, 8][8, 1]cuda:0\" = torch.ops.aten.view.default(arg0_1, [-1, 8]);  arg0_1 = None\n"
      "        embedding: \"f32[2, 8, 64]\" = torch.ops.aten.embedding.default(arg1_1, view);  view = None\n"
      "        return (embedding,)\n";
  fx::Graph g = fx::parse_fx_graph(t);
  REQUIRE(g.ok);
  CHECK(g.name == "<lambda>");
  REQUIRE(g.nodes.size() == 5);
  CHECK(g.nodes[0].name == "arg0_1");
  CHECK(g.nodes[1].type == "f32[512, 64][64, 1]cuda:0");
  CHECK(g.nodes[2].target == "torch.ops.aten.view.default");
  CHECK(g.nodes[3].inputs == std::vector<int32_t>{1, 2});
  CHECK(g.nodes[2].line == 549);
}

TEST_CASE("garbage and empty text never crash") {
  CHECK_FALSE(fx::parse_fx_graph("").ok);
  CHECK_FALSE(fx::parse_fx_graph("hello\nworld").ok);
  fx::Graph g = fx::parse_fx_graph("def forward(self, a\n   x = (((\n   return ");
  CHECK(g.nodes.size() <= 3);
}

TEST_CASE("real graphs of bundled traces parse into consistent nodes") {
  for (const char* c : {"hf_gpt2_tiny", "print_break", "titan_per_block_train"}) {
    auto lt = load_trace({(testing::testdata() / "torch-2.11" / c / "trace").string()});
    int graphs = 0;
    for (const auto& comp : lt.model.compiles)
      for (const auto& a : comp.artifacts) {
        if (a.kind != "dynamo_output_graph" && a.kind.rfind("aot_", 0) != 0) continue;
        std::string text = lt.payloads.get(a.payload);
        if (text.find("def forward") == std::string::npos) continue;
        fx::Graph g = fx::parse_fx_graph(text);
        INFO(c, " ", a.kind);
        REQUIRE(g.ok);
        ++graphs;
        REQUIRE(!g.nodes.empty());
        CHECK(g.nodes.back().op == fx::OpKind::Output);
        size_t ops = 0;
        for (size_t k = 0; k < g.nodes.size(); ++k) {
          for (int32_t in : g.nodes[k].inputs) CHECK(in < static_cast<int32_t>(k));
          if (g.nodes[k].op == fx::OpKind::CallFunction || g.nodes[k].op == fx::OpKind::CallMethod) ++ops;
        }
        CHECK(ops > 0);
        // Every "name: " statement line of the text that starts a node is found as a node.
        if (a.kind == "dynamo_output_graph" && comp.metrics && comp.metrics->graph_node_count > 0)
          CHECK(static_cast<int64_t>(g.nodes.size()) == comp.metrics->graph_node_count);
      }
    CHECK(graphs > 0);
  }
}

TEST_CASE("string literals: brackets, separators and escaped quotes inside them are not code") {
  const char* text =
      "class GraphModule(torch.nn.Module):\n"
      "    def forward(self, a: \"f32[2]\", b: \"f32[2]\"):\n"
      "        x: \"f32[2]\" = torch.ops.aten.foo.default(a, 'b\\'(; = [', \"q\\\\\", b);  a = None\n"
      "        y: \"f32[2]\" = torch.ops.aten.bar.default(x, \")\");  x = None\n"
      "        z = torch.ops.aten.baz.default(y, 'open(\n"
      "        return (y,)\n";
  fx::Graph g = fx::parse_fx_graph(text);
  REQUIRE(g.ok);
  REQUIRE(g.nodes.size() == 6);
  CHECK(g.nodes[2].name == "x");
  CHECK(g.nodes[2].args == "(a, 'b\\'(; = [', \"q\\\\\", b)");
  CHECK(g.nodes[2].inputs == std::vector<int32_t>{0, 1});
  CHECK(g.nodes[3].name == "y");
  CHECK(g.nodes[3].inputs == std::vector<int32_t>{2});
  CHECK(g.nodes[4].name == "z");  // an unterminated literal runs to the end of its line
  CHECK(g.nodes[4].inputs == std::vector<int32_t>{3});
  CHECK(g.nodes[5].op == fx::OpKind::Output);
}
