// Graph panel data: the core's FX parser on a real Dynamo graph, laid out by Graphviz dot.
#include <doctest/doctest.h>

#include "core/ingest.hpp"
#include "core/test_support.hpp"
#include "graph_model.hpp"
#include "logic.hpp"

using namespace tparse;
using namespace tparse::viewer;

TEST_CASE("a real Dynamo graph lays out top-down with every node placed") {
  auto t = load_trace({(tparse::testing::testdata() / "torch-2.11" / "print_break" / "trace").string()});
  auto ci = find_compile(t.model, "[1/0]");
  REQUIRE(ci);
  const Compile& c = t.model.compiles[static_cast<size_t>(*ci)];
  REQUIRE(c.graph_artifact >= 0);
  fx::Graph g = fx::parse_fx_graph(t.payloads.get(c.artifacts[static_cast<size_t>(c.graph_artifact)].payload));
  REQUIRE(g.ok);
  GraphLayout l = layout_fx_graph(g);
  REQUIRE(l.ok());
  REQUIRE(l.nodes.size() == g.nodes.size());
  CHECK(l.edges.size() == g.edges.size());
  CHECK(l.width > 0);
  CHECK(l.height > 0);
  // Producers sit above consumers (dot, rankdir TB, y down).
  for (const auto& [from, to] : g.edges) CHECK(l.nodes[static_cast<size_t>(from)].y < l.nodes[static_cast<size_t>(to)].y);
  for (size_t i = 0; i < l.nodes.size(); ++i) {
    CHECK(hit_node(l, l.nodes[i].x, l.nodes[i].y) == static_cast<int32_t>(i));
    for (size_t j = i + 1; j < l.nodes.size(); ++j) {
      bool apart = std::abs(l.nodes[i].x - l.nodes[j].x) * 2 >= (l.nodes[i].w + l.nodes[j].w) - 1 ||
                   std::abs(l.nodes[i].y - l.nodes[j].y) * 2 >= (l.nodes[i].h + l.nodes[j].h) - 1;
      CHECK(apart);
    }
  }
  CHECK(hit_node(l, -1000, -1000) == -1);
  for (const auto& e : l.edges) CHECK(e.size() >= 4);  // a cubic bezier at least
}

TEST_CASE("annotations split into dtype, shape, stride, device; empty graphs refuse layout") {
  std::string d, s, st, dev;
  split_annotation("f32[8, 32][32, 1]cuda:0", d, s, st, dev);
  CHECK(d == "f32");
  CHECK(s == "[8, 32]");
  CHECK(st == "[32, 1]");
  CHECK(dev == "cuda:0");
  split_annotation("Sym(s0)", d, s, st, dev);
  CHECK(d == "Sym(s0)");
  CHECK(s.empty());
  CHECK_FALSE(layout_fx_graph(fx::parse_fx_graph("not a graph")).ok());
  fx::Graph big = fx::parse_fx_graph("class G(torch.nn.Module):\n    def forward(self, x: \"f32[2]\"):\n        y = x + 1\n        return (y,)\n");
  REQUIRE(big.ok);
  CHECK_FALSE(layout_fx_graph(big, 1).ok());  // over the node cap: text view only
  CHECK(node_caption(big.nodes[0]) == "input");
}
