// Graphviz bridge (see layout.hpp): agmemread + gvLayout + gvRenderData, all in memory.
#include "layout.hpp"

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include <chrono>
#include <cstdlib>
#include <mutex>

namespace tparse::graph {

namespace {

std::mutex& gv_mutex() {
  static std::mutex m;
  return m;
}

/// One GVC for the process (plugin loading is the slow part); created under the lock.
GVC_t* gvc() {
  static GVC_t* g = [] {
    agseterr(AGMAX);  // keep graphviz quiet on stderr
    return gvContext();
  }();
  return g;
}

struct Graph {
  Agraph_t* g = nullptr;
  bool laid_out = false;
  ~Graph() {
    if (g) {
      if (laid_out) gvFreeLayout(gvc(), g);
      agclose(g);
    }
  }
};

bool load_and_layout(const std::string& dot, Graph& out, std::string& error) {
  out.g = agmemread(dot.c_str());
  if (!out.g) {
    error = "graphviz could not read the DOT text";
    return false;
  }
  if (gvLayout(gvc(), out.g, "dot") != 0) {
    error = "graphviz dot layout failed";
    return false;
  }
  out.laid_out = true;
  return true;
}

int32_t id_of(const char* name, char prefix) {
  return name && name[0] == prefix ? std::atoi(name + 1) : -1;
}

}  // namespace

void dot_escape(std::string& out, std::string_view s, size_t max) {
  size_t n = 0;
  for (char c : s) {
    if (++n > max) {
      out += "...";
      break;
    }
    if (c == '"' || c == '\\') out.push_back('\\');
    if (c == '\n' || c == '\r') {
      out += "\\n";
      continue;
    }
    out.push_back(c);
  }
}

const char* fill_of(fx::OpKind k) {
  switch (k) {
    case fx::OpKind::Placeholder: return "#dbeafe";
    case fx::OpKind::Output: return "#fde68a";
    case fx::OpKind::CallModule: return "#e9d5ff";
    case fx::OpKind::GetAttr: return "#e5e7eb";
    case fx::OpKind::CallMethod: return "#d1fae5";
    case fx::OpKind::CallFunction: return "#ffffff";
  }
  return "#ffffff";
}

std::string fx_to_dot(const fx::Graph& g) {
  std::string out = "digraph fx {\n  graph [rankdir=TB, nodesep=0.25, ranksep=0.35];\n"
                    "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=10, height=0.3];\n"
                    "  edge [color=\"#6b7280\", arrowsize=0.6];\n";
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    const fx::Node& n = g.nodes[i];
    out += "  n" + std::to_string(i) + " [label=\"";
    dot_escape(out, n.name);
    if (n.op != fx::OpKind::Placeholder && n.op != fx::OpKind::Output && n.target != n.name) {
      out += "\\n";
      dot_escape(out, n.target);
    }
    if (!n.type.empty()) {
      out += "\\n";
      dot_escape(out, n.type, 40);
    }
    out += "\", fillcolor=\"";
    out += fill_of(n.op);
    out += "\", tooltip=\"";
    dot_escape(out, std::string(fx::op_kind_name(n.op)) + (n.file.empty() ? "" : " " + n.file + ":" + std::to_string(n.line)), 200);
    out += "\"];\n";
  }
  for (auto [a, b] : g.edges) out += "  n" + std::to_string(a) + " -> n" + std::to_string(b) + ";\n";
  out += "}\n";
  return out;
}

Layout layout_dot(const std::string& dot) {
  Layout L;
  std::lock_guard<std::mutex> lk(gv_mutex());
  Graph G;
  auto t0 = std::chrono::steady_clock::now();
  if (!load_and_layout(dot, G, L.error)) return L;
  L.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  boxf bb = GD_bb(G.g);
  L.width = bb.UR.x - bb.LL.x, L.height = bb.UR.y - bb.LL.y;
  auto flip = [&](pointf p) { return std::pair<double, double>(p.x - bb.LL.x, bb.UR.y - p.y); };
  for (Agnode_t* n = agfstnode(G.g); n; n = agnxtnode(G.g, n)) {
    LayoutNode ln;
    ln.id = id_of(agnameof(n), 'n');
    auto [x, y] = flip(ND_coord(n));
    ln.x = x, ln.y = y, ln.width = ND_width(n) * 72.0, ln.height = ND_height(n) * 72.0;
    L.nodes.push_back(ln);
    for (Agedge_t* e = agfstout(G.g, n); e; e = agnxtout(G.g, e)) {
      LayoutEdge le;
      le.from = ln.id;
      le.to = id_of(agnameof(aghead(e)), 'n');
      if (ED_spl(e) && ED_spl(e)->size > 0) {
        const bezier& bz = ED_spl(e)->list[0];
        for (int k = 0; k < bz.size; ++k) le.points.push_back(flip(bz.list[k]));
        if (bz.eflag) le.points.push_back(flip(bz.ep));
      }
      if (ED_label(e) && ED_label(e)->set) std::tie(le.label_x, le.label_y) = flip(ED_label(e)->pos);
      L.edges.push_back(std::move(le));
    }
  }
  auto clusters = [&](auto&& self, Agraph_t* sg) -> void {
    for (int i = 1; i <= GD_n_cluster(sg); ++i) {
      Agraph_t* c = GD_clust(sg)[i];
      const char* nm = agnameof(c);
      LayoutCluster lc;
      lc.id = nm && std::string_view(nm).rfind("cluster_", 0) == 0 ? std::atoi(nm + 8) : -1;
      boxf b = GD_bb(c);
      auto [x0, y1] = flip(b.LL);
      auto [x1, y0] = flip(b.UR);
      lc.x0 = x0, lc.y0 = y0, lc.x1 = x1, lc.y1 = y1;
      L.clusters.push_back(lc);
      self(self, c);
    }
  };
  clusters(clusters, G.g);
  L.ok = true;
  return L;
}

std::string svg_of_dot(const std::string& dot, std::string* error) {
  std::lock_guard<std::mutex> lk(gv_mutex());
  Graph G;
  std::string err;
  if (!load_and_layout(dot, G, err)) {
    if (error) *error = err;
    return {};
  }
  char* data = nullptr;
  unsigned int len = 0;
  if (gvRenderData(gvc(), G.g, "svg", &data, &len) != 0 || !data) {
    if (error) *error = "graphviz svg render failed";
    return {};
  }
  std::string svg(data, len);
  gvFreeRenderData(data);
  return svg;
}

Layout layout_fx_graph(const fx::Graph& g) { return layout_dot(fx_to_dot(g)); }
std::string fx_to_svg(const fx::Graph& g, std::string* error) { return svg_of_dot(fx_to_dot(g), error); }

}  // namespace tparse::graph
