// Level views of a module hierarchy; see view_graph.hpp.
#include "view_graph.hpp"

#include <algorithm>
#include <map>
#include <unordered_map>

#include "layout.hpp"

namespace tparse::graph {

namespace {

bool open(const std::vector<char>& expanded, int32_t g) {
  return g >= 0 && static_cast<size_t>(g) < expanded.size() && expanded[static_cast<size_t>(g)];
}

struct Builder {
  const fx::Graph& g;
  const Hierarchy& h;
  const std::vector<char>& expanded;
  bool runs;
  ViewGraph v;
  std::vector<int32_t> item_of_group;

  int32_t add(ViewItem it) {
    v.items.push_back(std::move(it));
    return static_cast<int32_t>(v.items.size() - 1);
  }
  /// Shows the contents of group `gi` inside `cluster`.
  void show(int32_t gi, int32_t cluster) {
    const Group& gr = h.groups[static_cast<size_t>(gi)];
    const auto& ch = gr.children;
    for (size_t k = 0; k < ch.size();) {
      int32_t c = ch[k];
      const Group& cg = h.groups[static_cast<size_t>(c)];
      if (open(expanded, c)) {
        v.clusters.push_back({c, cluster});
        show(c, static_cast<int32_t>(v.clusters.size() - 1));
        ++k;
        continue;
      }
      size_t e = k + 1;
      if (runs)
        while (e < ch.size() && !open(expanded, ch[e]) && h.groups[static_cast<size_t>(ch[e])].signature == cg.signature) ++e;
      ViewItem it;
      it.kind = e - k >= 2 ? ViewItem::Kind::Run : ViewItem::Kind::Group;
      it.group = c;
      it.cluster = cluster;
      it.nodes = cg.total_nodes;
      for (size_t j = k; j < e; ++j) {
        if (it.kind == ViewItem::Kind::Run) it.members.push_back(ch[j]);
        it.odd = it.odd || h.groups[static_cast<size_t>(ch[j])].odd_one_out;
      }
      int32_t id = add(std::move(it));
      for (size_t j = k; j < e; ++j) item_of_group[static_cast<size_t>(ch[j])] = id;
      k = e;
    }
    for (int32_t ni : gr.nodes) {
      ViewItem it;
      it.kind = ViewItem::Kind::Op;
      it.node = ni;
      it.group = gi;
      it.cluster = cluster;
      it.nodes = 1;
      v.item_of_node[static_cast<size_t>(ni)] = add(std::move(it));
    }
  }
};

ViewItem end_item(ViewItem::Kind k) {
  ViewItem it;
  it.kind = k;
  return it;
}

}  // namespace

std::string shape_of(const std::string& type) {
  size_t e = type.find(']');
  return e == std::string::npos ? type : type.substr(0, e + 1);
}

ViewGraph build_view(const fx::Graph& g, const Hierarchy& h, int32_t focus, const std::vector<char>& expanded, bool runs) {
  Builder b{g, h, expanded, runs, {}, std::vector<int32_t>(h.groups.size(), -1)};
  b.v.focus = focus;
  b.v.item_of_node.assign(g.nodes.size(), -1);
  if (focus < 0 || static_cast<size_t>(focus) >= h.groups.size() || h.node_group.size() != g.nodes.size()) return b.v;
  b.show(focus, -1);
  // Nodes inside collapsed modules map to the box of their topmost collapsed ancestor. That box
  // depends only on the node's group: one ancestor walk per group (-2: not yet walked), not per node.
  std::vector<int32_t> box(h.groups.size(), -2);
  auto box_of = [&](int32_t gi) {
    int32_t& r = box[static_cast<size_t>(gi)];
    if (r != -2) return r;
    int32_t item = -1, a = gi;
    for (; a >= 0 && a != focus; a = h.groups[static_cast<size_t>(a)].parent)
      if (b.item_of_group[static_cast<size_t>(a)] >= 0) item = b.item_of_group[static_cast<size_t>(a)];
    return r = (item >= 0 && a == focus) ? item : -1;  // the walk reached focus: h.contains(focus, ...)
  };
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    if (b.v.item_of_node[i] >= 0 || h.node_group[i] < 0) continue;
    if (int32_t item = box_of(h.node_group[i]); item >= 0) b.v.item_of_node[i] = item;
  }
  int32_t in = -1, out = -1;
  std::unordered_map<uint64_t, size_t> index;  // (from item, to item) -> edge; edges stay in first-use order
  for (auto [u, w] : g.edges) {
    int32_t a = b.v.item_of_node[static_cast<size_t>(u)], c = b.v.item_of_node[static_cast<size_t>(w)];
    if (a < 0 && c < 0) continue;
    if (a < 0) {
      if (in < 0) in = b.add(end_item(ViewItem::Kind::Inputs));
      a = in;
    }
    if (c < 0) {
      if (out < 0) out = b.add(end_item(ViewItem::Kind::Outputs));
      c = out;
    }
    if (a == c) continue;
    auto [it, fresh] = index.try_emplace((static_cast<uint64_t>(static_cast<uint32_t>(a)) << 32) | static_cast<uint32_t>(c), b.v.edges.size());
    if (fresh) b.v.edges.push_back({a, c, 0, {}});
    ViewEdge& e = b.v.edges[it->second];
    ++e.count;
    if (e.shapes.size() >= 3) continue;
    std::string s = shape_of(g.nodes[static_cast<size_t>(u)].type);
    if (!s.empty() && std::find(e.shapes.begin(), e.shapes.end(), s) == e.shapes.end()) e.shapes.push_back(s);
  }
  return b.v;
}

std::string group_title(const Hierarchy& h, int32_t focus, int32_t group) {
  if (group == 0) return "(graph)";
  std::string r = h.relative(focus, group);
  return r.empty() ? h.groups[static_cast<size_t>(group)].path : r;
}

std::string item_label(const fx::Graph& g, const Hierarchy& h, const ViewGraph& v, const ViewItem& it, bool op_names) {
  switch (it.kind) {
    case ViewItem::Kind::Inputs: return "inputs";
    case ViewItem::Kind::Outputs: return "outputs";
    case ViewItem::Kind::Op: {
      const fx::Node& n = g.nodes[static_cast<size_t>(it.node)];
      std::string what = n.op == fx::OpKind::Placeholder ? "input" : n.op == fx::OpKind::Output ? "output"
                         : n.op == fx::OpKind::CallMethod ? "." + n.target : n.target;
      if (n.op == fx::OpKind::Placeholder) {  // parameters by their own name
        size_t p = n.name.rfind("_parameters_");
        if (p == std::string::npos) p = n.name.rfind("_buffers_");
        if (p != std::string::npos) what = n.name.substr(n.name.find('_', p + 1) + 1);
        if (!what.empty() && what.back() == '_') what.pop_back();
      }
      std::string l = op_names && n.op != fx::OpKind::Placeholder ? n.name + "\n" + what : what;
      std::string s = shape_of(n.type);
      return s.empty() ? l : l + "\n" + s;
    }
    case ViewItem::Kind::Group: {
      const Group& gr = h.groups[static_cast<size_t>(it.group)];
      std::string l = group_title(h, v.focus, it.group) + "\n" + std::to_string(gr.total_nodes) + " nodes";
      if (gr.twins > 1) l += ", " + std::to_string(gr.twins) + " x same graph";
      if (gr.odd_one_out) l += "\nDIFFERS from its siblings";
      return l;
    }
    case ViewItem::Kind::Run: {
      std::string l = group_title(h, v.focus, it.members.front()) + " .. " + h.groups[static_cast<size_t>(it.members.back())].name +
                      "\n" + std::to_string(it.members.size()) + " x same graph, " + std::to_string(it.nodes) + " nodes each";
      return l;
    }
  }
  return {};
}

std::string view_to_dot(const fx::Graph& g, const Hierarchy& h, const ViewGraph& v, const DotOptions& opt) {
  std::string out = "digraph view {\n  graph [rankdir=TB, nodesep=0.3, ranksep=0.4, fontname=\"Helvetica\", fontsize=11];\n"
                    "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=10, height=0.3];\n"
                    "  edge [color=\"#6b7280\", arrowsize=0.6, fontname=\"Helvetica\", fontsize=8, fontcolor=\"#4b5563\"];\n";
  // Dense levels (AOT / inductor graphs put hundreds of ops in one module): dot's crossing
  // minimisation and spline routing dominate, so bound them (an inductor post-grad level of 186
  // ops: 2.2 s -> 0.17 s). Levels up to kDenseLevel items lay out as before.
  if (v.items.size() > kDenseLevel) out += "  graph [mclimit=0.1, nslimit=1, nslimit1=1, searchsize=10, splines=line];\n";
  auto node_line = [&](size_t k) {
    const ViewItem& it = v.items[k];
    std::string s = "n" + std::to_string(k) + " [label=\"";
    dot_escape(s, item_label(g, h, v, it, opt.op_names), 160);
    s += "\"";
    switch (it.kind) {
      case ViewItem::Kind::Group:
        s += std::string(", shape=box, style=\"filled\", fillcolor=\"") + (it.odd ? "#fecaca" : "#e0e7ff") + "\", penwidth=" + (it.odd ? "2.5, color=\"#dc2626\"" : "1.2");
        break;
      case ViewItem::Kind::Run:
        s += std::string(", shape=box3d, style=\"filled\", fillcolor=\"#c7d2fe\", penwidth=") + (it.odd ? "2.5, color=\"#dc2626\"" : "1.2");
        break;
      case ViewItem::Kind::Inputs:
      case ViewItem::Kind::Outputs: s += ", shape=ellipse, fillcolor=\"#f3f4f6\""; break;
      case ViewItem::Kind::Op: {
        const fx::Node& n = g.nodes[static_cast<size_t>(it.node)];
        // An op whose module is a guess from its neighbours: dashed, and the tooltip says so; one
        // whose module is unknown: dashed grey, "module unknown".
        std::string note = module_note(h, it.node);
        bool unknown = !note.empty() && h.guessed[static_cast<size_t>(it.node)] == 2;
        s += std::string(note.empty() ? "" : unknown ? ", style=\"rounded,filled,dashed\", color=\"#6b7280\"" : ", style=\"rounded,filled,dashed\"") +
             ", fillcolor=\"" + fill_of(n.op) + "\", tooltip=\"";
        dot_escape(s, n.name + (n.file.empty() ? "" : " " + n.file + ":" + std::to_string(n.line)) + note, 260);
        s += "\"";
        break;
      }
    }
    if (opt.url) {
      std::string u = opt.url(it);
      if (!u.empty()) {
        s += ", URL=\"";
        dot_escape(s, u, 300);
        s += "\", target=\"_top\"";
      }
    }
    return s + "];\n";
  };
  // Clusters nest: emit each cluster's items and child clusters inside it.
  auto emit = [&](auto&& self, int32_t cluster, int indent) -> void {
    std::string pad(static_cast<size_t>(indent) * 2, ' ');
    for (size_t k = 0; k < v.items.size(); ++k)
      if (v.items[k].cluster == cluster) out += pad + node_line(k);
    for (size_t c = 0; c < v.clusters.size(); ++c) {
      if (v.clusters[c].parent != cluster) continue;
      out += pad + "subgraph cluster_" + std::to_string(c) + " {\n" + pad + "  label=\"";
      dot_escape(out, group_title(h, v.focus, v.clusters[c].group), 80);
      out += "\"; style=\"rounded\"; color=\"#6366f1\";\n";
      self(self, static_cast<int32_t>(c), indent + 1);
      out += pad + "}\n";
    }
  };
  emit(emit, -1, 1);
  for (const ViewEdge& e : v.edges) {
    out += "  n" + std::to_string(e.from) + " -> n" + std::to_string(e.to);
    std::string label;
    if (e.count > 1) label = std::to_string(e.count) + " x ";
    for (size_t k = 0; k < e.shapes.size(); ++k) label += (k ? ", " : "") + e.shapes[k];
    // Labels only where they stay readable: the module level, not inside expanded op clusters.
    bool between_boxes = v.items[static_cast<size_t>(e.from)].kind != ViewItem::Kind::Op ||
                         v.items[static_cast<size_t>(e.to)].kind != ViewItem::Kind::Op;
    // Graphviz's dot crashes (double free) on some labelled edges inside clusters: with clusters the
    // counts and shapes go into the edge tooltip instead of a label. Elsewhere the label is an
    // xlabel, placed after the layout: a `label` is a virtual node in every rank the edge crosses,
    // and on a module level of an AOT graph (38 edges out of one module box, 56 into the output)
    // those made spline routing 5x the cost of the rest (268 ms -> 50 ms) and the drawing a knot.
    if (!label.empty() && between_boxes) {
      out += v.clusters.empty() ? " [xlabel=\"" : " [tooltip=\"";
      dot_escape(out, label, 80);
      out += "\"]";
    }
    out += ";\n";
  }
  return out + "}\n";
}

}  // namespace tparse::graph
