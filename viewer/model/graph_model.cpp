// Graph panel data: layouts through the shared Graphviz bridge (src/graph); see graph_model.hpp.
#include "model/graph_model.hpp"

#include "graph/layout.hpp"

namespace tparse::viewer {

void split_annotation(const std::string& a, std::string& dtype, std::string& shape, std::string& stride,
                      std::string& device) {
  dtype = shape = stride = device = "";
  size_t b = a.find('[');
  if (b == std::string::npos) {
    dtype = a;
    return;
  }
  dtype = a.substr(0, b);
  size_t e = a.find(']', b);
  if (e == std::string::npos) return;
  shape = a.substr(b, e - b + 1);
  if (e + 1 < a.size() && a[e + 1] == '[') {
    size_t e2 = a.find(']', e + 1);
    if (e2 != std::string::npos) {
      stride = a.substr(e + 1, e2 - e);
      device = a.substr(e2 + 1);
    }
  } else {
    device = a.substr(e + 1);
  }
}

std::string node_caption(const fx::Node& n) {
  switch (n.op) {
    case fx::OpKind::Placeholder: return "input";
    case fx::OpKind::Output: return "output";
    case fx::OpKind::CallMethod: return "." + n.target;
    default: return n.target;
  }
}

namespace {
GraphLayout convert(const graph::Layout& L, size_t n_items, size_t n_clusters) {
  GraphLayout out;
  if (!L.ok) {
    out.error = L.error.empty() ? "graphviz layout failed" : L.error;
    return out;
  }
  out.width = L.width, out.height = L.height;
  out.nodes.resize(n_items);
  for (const auto& n : L.nodes)
    if (n.id >= 0 && static_cast<size_t>(n.id) < n_items) out.nodes[static_cast<size_t>(n.id)] = {n.x, n.y, n.width, n.height};
  for (const auto& e : L.edges) out.edges.push_back(e.points);
  out.clusters.resize(n_clusters);
  for (const auto& c : L.clusters)
    if (c.id >= 0 && static_cast<size_t>(c.id) < n_clusters) out.clusters[static_cast<size_t>(c.id)] = {c.x0, c.y0, c.x1, c.y1};
  return out;
}
}  // namespace

GraphLayout layout_fx_graph(const fx::Graph& fx, size_t max_nodes) {
  GraphLayout out;
  if (fx.nodes.empty()) {
    out.error = fx.ok ? "empty graph" : "no FX graph found in this payload (expected a GraphModule with def forward)";
    return out;
  }
  if (fx.nodes.size() > max_nodes) {
    out.error = "graph has " + std::to_string(fx.nodes.size()) + " nodes; layout skipped (see the text view)";
    return out;
  }
  return convert(graph::layout_fx_graph(fx), fx.nodes.size(), 0);
}

GraphLayout layout_view(const fx::Graph& g, const graph::Hierarchy& h, const graph::ViewGraph& v) {
  return convert(graph::layout_dot(graph::view_to_dot(g, h, v)), v.items.size(), v.clusters.size());
}

std::string view_key(const std::vector<char>& expanded) {
  std::string k;
  for (size_t i = 0; i < expanded.size(); ++i)
    if (expanded[i]) k += std::to_string(i) + ",";
  return k;
}

int32_t hit_cluster(const GraphLayout& l, double x, double y) {
  int32_t best = -1;
  double area = 0;
  for (size_t i = 0; i < l.clusters.size(); ++i) {
    const auto& c = l.clusters[i];
    double a = (c.x1 - c.x0) * (c.y1 - c.y0);
    if (x >= c.x0 && x <= c.x1 && y >= c.y0 && y <= c.y1 && (best < 0 || a < area)) best = static_cast<int32_t>(i), area = a;
  }
  return best;
}

int32_t hit_node(const GraphLayout& l, double x, double y) {
  for (size_t i = 0; i < l.nodes.size(); ++i) {
    const auto& b = l.nodes[i];
    if (x >= b.x - b.w / 2 && x <= b.x + b.w / 2 && y >= b.y - b.h / 2 && y <= b.y + b.h / 2) return static_cast<int32_t>(i);
  }
  return -1;
}

void open_ancestors(const graph::Hierarchy& h, int32_t node, std::vector<char>& expanded) {
  if (node < 0 || static_cast<size_t>(node) >= h.node_group.size()) return;
  if (expanded.size() < h.groups.size()) expanded.resize(h.groups.size(), 0);
  for (int32_t a = h.node_group[static_cast<size_t>(node)]; a > 0; a = h.groups[static_cast<size_t>(a)].parent)
    expanded[static_cast<size_t>(a)] = 1;
}

int32_t find_node(const fx::Graph& g, std::string_view q, int32_t after) {
  const size_t N = g.nodes.size();
  if (q.empty() || N == 0) return -1;
  for (size_t i = 0; i < N; ++i)
    if (g.nodes[i].name == q) return static_cast<int32_t>(i);
  size_t start = after < 0 ? 0 : static_cast<size_t>(after) + 1;
  for (size_t k = 0; k < N; ++k) {
    size_t i = (start + k) % N;
    const fx::Node& n = g.nodes[i];
    if (n.name.find(q) != std::string::npos || n.target.find(q) != std::string::npos || n.code.find(q) != std::string::npos)
      return static_cast<int32_t>(i);
  }
  return -1;
}

}  // namespace tparse::viewer
