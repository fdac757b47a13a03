// Graph panel data: the core's FX parser on a real Dynamo graph, laid out by Graphviz dot.
#include <doctest/doctest.h>

#include "core/ingest.hpp"
#include "core/test_support.hpp"
#include "graph/module_calls.hpp"
#include "model/graph_model.hpp"
#include "model/logic.hpp"

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

TEST_CASE("ChatGLM3: search opens a node's modules; any member of a 28 x run opens in place" * doctest::test_suite("needs_shared")) {
  auto dir = tparse::testing::shared_testdata() / "realmodels" / "chatglm3" / "real-torch-2.11" / "trace";
  REQUIRE(std::filesystem::exists(dir));
  auto t = load_trace({dir.string()});
  auto ci = find_compile(t.model, "[0/0]");
  REQUIRE(ci);
  const Compile& c = t.model.compiles[static_cast<size_t>(*ci)];
  std::string text = t.payloads.get(c.artifacts[static_cast<size_t>(c.graph_artifact)].payload);
  fx::Graph g = fx::parse_fx_graph(text);
  graph::Hierarchy h = graph::hierarchy_for(g, nullptr, "");
  int32_t layers = h.find("transformer.encoder.layers");
  REQUIRE(layers >= 0);
  // The 18th "output = residual + output" of the text ends layer 17 (GLMBlock.forward, in order).
  int32_t node = -1, seen = 0;
  for (size_t i = 0; i < g.nodes.size() && node < 0; ++i)
    if (g.nodes[i].code == "output = residual + output" && (i == 0 || g.nodes[i - 1].code != g.nodes[i].code) && seen++ == 17)
      node = static_cast<int32_t>(i);
  REQUIRE(node >= 0);
  // What the panel opens with: the chain of single submodules (transformer) open, nothing else.
  std::vector<char> open(h.groups.size(), 0);
  open[static_cast<size_t>(h.find("transformer"))] = 1;
  graph::ViewGraph before = graph::build_view(g, h, 0, open);
  CHECK(before.item_of_node[static_cast<size_t>(node)] >= 0);
  CHECK(before.items[static_cast<size_t>(before.item_of_node[static_cast<size_t>(node)])].kind != graph::ViewItem::Kind::Op);
  // Search: the node's modules open, the node is its own op box, and layer 17 is a cluster with
  // the identical layers around it still drawn as two runs (0..16 and 18..27).
  open_ancestors(h, node, open);
  graph::ViewGraph v = graph::build_view(g, h, 0, open);
  int32_t item = v.item_of_node[static_cast<size_t>(node)];
  REQUIRE(item >= 0);
  CHECK(v.items[static_cast<size_t>(item)].kind == graph::ViewItem::Kind::Op);
  CHECK(v.items[static_cast<size_t>(item)].node == node);
  int32_t l17 = h.find("transformer.encoder.layers.17");
  bool cluster17 = false;
  std::vector<size_t> run_sizes;
  for (const auto& cl : v.clusters) cluster17 = cluster17 || cl.group == l17;
  for (const auto& it : v.items)
    if (it.kind == graph::ViewItem::Kind::Run) run_sizes.push_back(it.members.size());
  CHECK(cluster17);
  CHECK(run_sizes == std::vector<size_t>{17, 10});
  // Picking layer 5 from the 28 x box's menu (the panel's toggle(member, true)): it opens, the run
  // splits around it, and every node of layer 5 is drawn.
  std::vector<char> pick(h.groups.size(), 0);
  pick[static_cast<size_t>(h.find("transformer"))] = pick[static_cast<size_t>(h.find("transformer.encoder"))] =
      pick[static_cast<size_t>(layers)] = 1;
  graph::ViewGraph r = graph::build_view(g, h, 0, pick);
  REQUIRE(r.items.size() > 0);
  std::vector<int32_t> members;
  for (const auto& it : r.items)
    if (it.kind == graph::ViewItem::Kind::Run) members = it.members;
  REQUIRE(members.size() == 28);
  pick[static_cast<size_t>(members[5])] = 1;
  graph::ViewGraph r5 = graph::build_view(g, h, 0, pick);
  run_sizes.clear();
  for (const auto& it : r5.items)
    if (it.kind == graph::ViewItem::Kind::Run) run_sizes.push_back(it.members.size());
  CHECK(run_sizes == std::vector<size_t>{5, 22});
  for (size_t i = 0; i < g.nodes.size(); ++i)
    if (h.contains(members[5], h.node_group[i])) CHECK(r5.item_of_node[i] >= 0);
  // The panel's "find node" box: an exact name first, else name / op / code containing the text,
  // Enter again for the next. Found by its op, layer 3's attention opens down to CoreAttention
  // (named by the guards): the node is an op box inside the core_attention cluster.
  CHECK(find_node(g, "output_7") == [&] {
    for (size_t i = 0; i < g.nodes.size(); ++i)
      if (g.nodes[i].name == "output_7") return static_cast<int32_t>(i);
    return -2;
  }());
  std::vector<int32_t> sdpa;  // every scaled_dot_product_attention, from the text's targets
  for (size_t i = 0; i < g.nodes.size(); ++i)
    if (g.nodes[i].target.find("scaled_dot_product_attention") != std::string::npos) sdpa.push_back(static_cast<int32_t>(i));
  REQUIRE(sdpa.size() == 28);
  int32_t hit = -1;
  for (int k = 0; k < 4; ++k) hit = find_node(g, "scaled_dot_product_attention", hit);
  CHECK(hit == sdpa[3]);
  CHECK(find_node(g, "no node has this text") == -1);
  std::string guards;
  for (const auto& a : c.artifacts)
    if (a.kind == "dynamo_cpp_guards_str") guards = t.payloads.get(a.payload);
  graph::Hierarchy hg = graph::hierarchy_for(g, nullptr, guards);
  std::vector<char> opened(hg.groups.size(), 0);
  open_ancestors(hg, hit, opened);
  graph::ViewGraph vf = graph::build_view(g, hg, 0, opened);
  int32_t fi = vf.item_of_node[static_cast<size_t>(hit)];
  REQUIRE(fi >= 0);
  CHECK(vf.items[static_cast<size_t>(fi)].kind == graph::ViewItem::Kind::Op);
  REQUIRE(vf.items[static_cast<size_t>(fi)].cluster >= 0);
  CHECK(hg.groups[static_cast<size_t>(vf.clusters[static_cast<size_t>(vf.items[static_cast<size_t>(fi)].cluster)].group)].path ==
        "transformer.encoder.layers.3.self_attention.core_attention");
}
