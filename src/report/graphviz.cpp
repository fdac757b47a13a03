// Graphviz bridge (see graphviz.hpp): agmemread + gvLayout + gvRenderData, all in memory.
#include "graphviz.hpp"

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include <cstdio>
#include <cstdlib>
#include <mutex>

namespace tparse::report {

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

void dot_escape(std::string& out, std::string_view s, size_t max = 60) {
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

struct Graph {
  Agraph_t* g = nullptr;
  ~Graph() {
    if (g) {
      gvFreeLayout(gvc(), g);
      agclose(g);
    }
  }
};

bool load_and_layout(const fx::Graph& fg, Graph& out, std::string& error) {
  std::string dot = fx_to_dot(fg);
  out.g = agmemread(dot.c_str());
  if (!out.g) {
    error = "graphviz could not read the DOT text";
    return false;
  }
  if (gvLayout(gvc(), out.g, "dot") != 0) {
    error = "graphviz dot layout failed";
    return false;
  }
  return true;
}

}  // namespace

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

Layout layout_fx_graph(const fx::Graph& fg) {
  Layout L;
  std::lock_guard<std::mutex> lk(gv_mutex());
  Graph G;
  if (!load_and_layout(fg, G, L.error)) return L;
  // Attach "pos"/"width"/"height"/"bb" attributes, as `dot -Tdot` would.
  attach_attrs(G.g);
  auto num2 = [](const char* s, double& a, double& b) { return s && std::sscanf(s, "%lf,%lf", &a, &b) == 2; };
  double llx = 0, lly = 0, urx = 0, ury = 0;
  if (const char* bb = agget(G.g, const_cast<char*>("bb"))) std::sscanf(bb, "%lf,%lf,%lf,%lf", &llx, &lly, &urx, &ury);
  L.width = urx - llx, L.height = ury - lly;
  auto flip = [&](double y) { return ury - y; };  // graphviz: origin bottom-left
  for (Agnode_t* n = agfstnode(G.g); n; n = agnxtnode(G.g, n)) {
    LayoutNode ln;
    const char* name = agnameof(n);
    ln.id = name && name[0] == 'n' ? std::atoi(name + 1) : -1;
    double x = 0, y = 0;
    num2(agget(n, const_cast<char*>("pos")), x, y);
    ln.x = x - llx, ln.y = flip(y);
    if (const char* w = agget(n, const_cast<char*>("width"))) ln.width = std::atof(w) * 72;
    if (const char* h = agget(n, const_cast<char*>("height"))) ln.height = std::atof(h) * 72;
    L.nodes.push_back(ln);
    for (Agedge_t* e = agfstout(G.g, n); e; e = agnxtout(G.g, e)) {
      LayoutEdge le;
      le.from = ln.id;
      const char* hn = agnameof(aghead(e));
      le.to = hn && hn[0] == 'n' ? std::atoi(hn + 1) : -1;
      // "e,x,y s,x,y x1,y1 x2,y2 ..." : keep the plain points.
      if (const char* pos = agget(e, const_cast<char*>("pos"))) {
        std::string p(pos);
        size_t i = 0;
        while (i < p.size()) {
          size_t sp = p.find(' ', i);
          std::string tok = p.substr(i, sp == std::string::npos ? std::string::npos : sp - i);
          if (!tok.empty() && tok[0] != 'e' && tok[0] != 's') {
            double a = 0, b = 0;
            if (num2(tok.c_str(), a, b)) le.points.emplace_back(a - llx, flip(b));
          }
          if (sp == std::string::npos) break;
          i = sp + 1;
        }
      }
      L.edges.push_back(std::move(le));
    }
  }
  L.ok = true;
  return L;
}

std::string fx_to_svg(const fx::Graph& fg, std::string* error) {
  std::lock_guard<std::mutex> lk(gv_mutex());
  Graph G;
  std::string err;
  if (!load_and_layout(fg, G, err)) {
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

}  // namespace tparse::report
