// FX graph parsing and Graphviz layout; see graph_model.hpp.
#include "graph_model.hpp"

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>
#include <mutex>

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
std::mutex g_gv_mutex;  // Graphviz keeps global state
}

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
  std::lock_guard<std::mutex> lk(g_gv_mutex);
  GVC_t* gvc = gvContext();
  Agraph_t* g = agopen(const_cast<char*>("fx"), Agdirected, nullptr);
  agattr(g, AGRAPH, const_cast<char*>("rankdir"), const_cast<char*>("TB"));
  agattr(g, AGRAPH, const_cast<char*>("nodesep"), const_cast<char*>("0.25"));
  agattr(g, AGRAPH, const_cast<char*>("ranksep"), const_cast<char*>("0.35"));
  agattr(g, AGNODE, const_cast<char*>("shape"), const_cast<char*>("box"));
  agattr(g, AGNODE, const_cast<char*>("fontsize"), const_cast<char*>("12"));
  agattr(g, AGNODE, const_cast<char*>("label"), const_cast<char*>(""));
  std::vector<Agnode_t*> nodes;
  for (size_t i = 0; i < fx.nodes.size(); ++i) {
    std::string id = "n" + std::to_string(i);  // stable ids by index, never names from the trace
    Agnode_t* n = agnode(g, id.data(), 1);
    std::string label = fx.nodes[i].name + "\\n" + node_caption(fx.nodes[i]).substr(0, 48);
    agset(n, const_cast<char*>("label"), label.data());
    nodes.push_back(n);
  }
  for (const auto& [from, to] : fx.edges)
    if (from >= 0 && to >= 0 && static_cast<size_t>(from) < nodes.size() && static_cast<size_t>(to) < nodes.size())
      agedge(g, nodes[static_cast<size_t>(from)], nodes[static_cast<size_t>(to)], nullptr, 1);
  if (gvLayout(gvc, g, "dot") != 0) {
    out.error = "graphviz layout failed";
  } else {
    boxf bb = GD_bb(g);
    out.width = bb.UR.x - bb.LL.x;
    out.height = bb.UR.y - bb.LL.y;
    auto flip = [&](pointf p) { return std::pair<double, double>(p.x - bb.LL.x, bb.UR.y - p.y); };
    for (Agnode_t* n : nodes) {
      auto [x, y] = flip(ND_coord(n));
      out.nodes.push_back({x, y, ND_width(n) * 72.0, ND_height(n) * 72.0});
    }
    for (Agnode_t* n : nodes)
      for (Agedge_t* e = agfstout(g, n); e; e = agnxtout(g, e)) {
        std::vector<std::pair<double, double>> pts;
        if (ED_spl(e) && ED_spl(e)->size > 0) {
          const bezier& bz = ED_spl(e)->list[0];
          for (int k = 0; k < bz.size; ++k) pts.push_back(flip(bz.list[k]));
          if (bz.eflag) pts.push_back(flip(bz.ep));
        }
        out.edges.push_back(std::move(pts));
      }
    gvFreeLayout(gvc, g);
  }
  agclose(g);
  gvFreeContext(gvc);
  return out;
}

int32_t hit_node(const GraphLayout& l, double x, double y) {
  for (size_t i = 0; i < l.nodes.size(); ++i) {
    const auto& b = l.nodes[i];
    if (x >= b.x - b.w / 2 && x <= b.x + b.w / 2 && y >= b.y - b.h / 2 && y <= b.y + b.h / 2) return static_cast<int32_t>(i);
  }
  return -1;
}

}  // namespace tparse::viewer
