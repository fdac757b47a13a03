// Graphviz bridge tests (layout.hpp): DOT with stable ids, a layout with one position per node and one route
// per edge, and an SVG that names the graph's nodes.
#include <doctest/doctest.h>

#include "core/payloads/fx_graph.hpp"
#include "layout.hpp"

using namespace tparse;

static const char* kGraph =
    "class GraphModule(torch.nn.Module):\n"
    "    def forward(self, L_x_: \"f32[8, 32][32, 1]cuda:0\", L_w_: \"f32[32, 32]\"):\n"
    "        l_x_ = L_x_\n"
    "        l_w_ = L_w_\n"
    "        linear: \"f32[8, 32]\" = torch._C._nn.linear(l_x_, l_w_, None)\n"
    "        y: \"f32[8, 32]\" = linear.relu()\n"
    "        return (y,)\n";

TEST_CASE("DOT ids are node indices; layout and SVG cover every node and edge") {
  fx::Graph g = fx::parse_fx_graph(kGraph);
  REQUIRE(g.nodes.size() == 5);
  std::string dot = graph::fx_to_dot(g);
  CHECK(dot.find("n2 [label=\"linear\\ntorch._C._nn.linear\\nf32[8, 32]\"") != std::string::npos);
  CHECK(dot.find("n0 -> n2;") != std::string::npos);
  CHECK(dot.find("n3 -> n4;") != std::string::npos);

  graph::Layout L = graph::layout_fx_graph(g);
  REQUIRE(L.ok);
  REQUIRE(L.nodes.size() == g.nodes.size());
  CHECK(L.edges.size() == g.edges.size());
  CHECK(L.width > 0);
  CHECK(L.height > 0);
  double y_in = -1, y_out = -1;
  for (const auto& n : L.nodes) {
    CHECK(n.width > 0);
    if (n.id == 0) y_in = n.y;
    if (n.id == 4) y_out = n.y;
  }
  CHECK(y_in < y_out);  // top-to-bottom: inputs above the output
  for (const auto& e : L.edges) CHECK(e.points.size() >= 2);

  std::string err;
  std::string svg = graph::fx_to_svg(g, &err);
  CHECK(err.empty());
  CHECK(svg.find("<svg") != std::string::npos);
  CHECK(svg.find("linear") != std::string::npos);
  CHECK(svg.find("<title>n2</title>") != std::string::npos);
}

TEST_CASE("names that need DOT escaping do not break the layout") {
  fx::Graph g;
  g.ok = true;
  fx::Node a;
  a.name = "a\"b\\c";
  a.type = "x\ny";
  g.nodes.push_back(a);
  CHECK(graph::layout_fx_graph(g).ok);
}
