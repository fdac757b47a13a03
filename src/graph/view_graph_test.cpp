// Level views on the real ChatGLM3 trace: the 28 identical layers become one box with a count,
// a layer shows its four submodules with aggregated edges, an expanded layer becomes a cluster,
// and each level lays out in well under a second with Graphviz (layout.hpp).
#include <doctest/doctest.h>

#include "core/ingest.hpp"
#include "core/test_support.hpp"
#include "layout.hpp"
#include "view_graph.hpp"

using namespace tparse;

namespace {
struct Glm {
  fx::Graph g;
  graph::Hierarchy h;
  bool ok = false;
};
Glm load_glm() {
  Glm r;
  auto dir = testing::shared_testdata() / "realmodels" / "chatglm3" / "real-torch-2.11" / "trace";
  if (!std::filesystem::exists(dir)) return r;
  LoadedTrace lt = load_trace({dir.string()});
  for (const auto& c : lt.model.compiles)
    if (c.graph_artifact >= 0) {
      r.g = fx::parse_fx_graph(lt.payloads.get(c.artifacts[static_cast<size_t>(c.graph_artifact)].payload));
      r.h = graph::build_hierarchy(r.g);
      r.ok = true;
      break;
    }
  return r;
}
const graph::ViewItem* item_of_group(const graph::ViewGraph& v, int32_t g) {
  for (const auto& it : v.items)
    if (it.group == g && it.kind != graph::ViewItem::Kind::Op) return &it;
  return nullptr;
}
}  // namespace

TEST_CASE("ChatGLM3 levels: runs of identical layers, aggregated edges, expanded clusters, fast layouts") {
  Glm m = load_glm();
  if (!m.ok) return;
  const auto& h = m.h;
  int32_t layers = h.find("transformer.encoder.layers"), l3 = h.find("transformer.encoder.layers.3");
  REQUIRE(layers >= 0);
  REQUIRE(l3 >= 0);
  // encoder.layers: one run box standing for all 28 layers (nothing else lives there).
  graph::ViewGraph v = graph::build_view(m.g, h, layers, {});
  size_t runs = 0;
  for (const auto& it : v.items)
    if (it.kind == graph::ViewItem::Kind::Run) {
      ++runs;
      CHECK(it.members.size() == 28);
      CHECK(it.nodes == h.groups[static_cast<size_t>(l3)].total_nodes);
      CHECK(graph::item_label(m.g, h, v, it, true).find("28 x same graph") != std::string::npos);
    }
  CHECK(runs == 1);
  // Without runs: 28 boxes in a chain, each layer feeding the next.
  graph::ViewGraph flat = graph::build_view(m.g, h, layers, {}, false);
  const graph::ViewItem* b3 = item_of_group(flat, l3);
  const graph::ViewItem* b4 = item_of_group(flat, h.find("transformer.encoder.layers.4"));
  REQUIRE(b3);
  REQUIRE(b4);
  int32_t i3 = static_cast<int32_t>(b3 - flat.items.data()), i4 = static_cast<int32_t>(b4 - flat.items.data());
  bool chain = false;
  for (const auto& e : flat.edges)
    if (e.from == i3 && e.to == i4) chain = std::find(e.shapes.begin(), e.shapes.end(), "f32[8, 1, 64]") != e.shapes.end();
  CHECK(chain);  // hidden states [seq 8, batch 1, hidden 64] cross from layer 3 to layer 4
  // The shapes are drawn on that edge (an external label: placed, and in the SVG).
  std::string flat_dot = graph::view_to_dot(m.g, h, flat);
  graph::Layout FL = graph::layout_uncached(flat_dot);
  REQUIRE(FL.ok);
  bool placed = false;
  for (const auto& e : FL.edges) placed |= e.from == i3 && e.to == i4 && (e.label_x > 0 || e.label_y > 0);
  CHECK(placed);
  CHECK(graph::svg_of_dot(flat_dot).find("f32[8, 1, 64]") != std::string::npos);
  // A layer: its four submodules as boxes, the residual adds as ops, inputs and outputs.
  graph::ViewGraph lv = graph::build_view(m.g, h, l3, {});
  int boxes = 0, ops = 0, ends = 0;
  for (const auto& it : lv.items) {
    boxes += it.kind == graph::ViewItem::Kind::Group;
    ops += it.kind == graph::ViewItem::Kind::Op;
    ends += it.kind == graph::ViewItem::Kind::Inputs || it.kind == graph::ViewItem::Kind::Outputs;
  }
  CHECK(boxes == 4);
  CHECK(ends == 2);
  CHECK(ops == static_cast<int>(h.groups[static_cast<size_t>(l3)].nodes.size()));
  for (size_t i = 0; i < m.g.nodes.size(); ++i)  // every node of layer 3 is drawn somewhere in its view
    if (h.contains(l3, h.node_group[i])) CHECK(lv.item_of_node[i] >= 0);
  // Expanding layer 3 from the root of the encoder: a cluster for it, its four boxes inside.
  std::vector<char> open(h.groups.size(), 0);
  open[static_cast<size_t>(layers)] = open[static_cast<size_t>(l3)] = 1;
  graph::ViewGraph ex = graph::build_view(m.g, h, h.find("transformer.encoder"), open);
  REQUIRE(ex.clusters.size() == 2);
  CHECK(ex.clusters[1].group == l3);
  int inside = 0;
  for (const auto& it : ex.items) inside += it.cluster == 1 && it.kind == graph::ViewItem::Kind::Group;
  CHECK(inside == 4);
  // Layouts: every level from the root down to an op-level module, each well under a second.
  for (int32_t focus : {0, h.find("transformer"), layers, l3, h.find("transformer.encoder.layers.3.self_attention")}) {
    REQUIRE(focus >= 0);
    graph::ViewGraph fv = graph::build_view(m.g, h, focus, {});
    graph::Layout L = graph::layout_dot(graph::view_to_dot(m.g, h, fv));
    INFO(h.groups[static_cast<size_t>(focus)].path);
    REQUIRE(L.ok);
    CHECK(L.nodes.size() == fv.items.size());
    CHECK(L.seconds < 0.5);
  }
  graph::Layout LE = graph::layout_dot(graph::view_to_dot(m.g, h, ex));
  REQUIRE(LE.ok);
  CHECK(LE.clusters.size() == 2);
  CHECK(LE.seconds < 0.5);
}

TEST_CASE("view DOT escapes names and carries links") {
  fx::Graph g = fx::parse_fx_graph(
      "class GraphModule(torch.nn.Module):\n    def forward(self, L_self_modules_a_parameters_weight_: \"f32[4]\", L_x_: \"f32[4]\"):\n"
      "        l_self_modules_a_parameters_weight_ = L_self_modules_a_parameters_weight_\n        l_x_ = L_x_\n"
      "        # File: /m.py:3 in forward, code: y = self.a(x)\n"
      "        mul: \"f32[4]\" = l_self_modules_a_parameters_weight_ * l_x_\n        return (mul,)\n");
  graph::Hierarchy h = graph::build_hierarchy(g);
  REQUIRE(h.find("a") > 0);
  graph::ViewGraph v = graph::build_view(g, h, 0, {});
  graph::DotOptions o;
  o.url = [](const graph::ViewItem& it) { return it.kind == graph::ViewItem::Kind::Group ? std::string("m\"1.html") : std::string(); };
  std::string dot = graph::view_to_dot(g, h, v, o);
  CHECK(dot.find("URL=\"m\\\"1.html\"") != std::string::npos);
  CHECK(graph::layout_dot(dot).ok);
}
