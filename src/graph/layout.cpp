// Graphviz bridge (see layout.hpp): agmemread + gvLayout + gvRenderData, all in memory.
#include "layout.hpp"

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include <dlfcn.h>

#include <chrono>
#include <cstdlib>
#include <mutex>
#include <fmt/format.h>

#include <functional>
#include <sstream>
#include <unordered_map>

#include "layout_cache.hpp"

namespace tparse::graph {

namespace {

std::mutex& gv_mutex() {
  static std::mutex m;
  return m;
}

#ifndef TPARSE_GV_PLUGIN_DIR
#define TPARSE_GV_PLUGIN_DIR "/usr/lib/x86_64-linux-gnu/graphviz"
#endif

/// One GVC for the process, created under the lock. With TPARSE_GV_ESTIMATE=1 only Graphviz's
/// core (SVG) and dot layout plugins are loaded: label sizes then come from Graphviz's estimated
/// (Arial) font metrics, which skips fontconfig's start and a pango call per label (issue 24), but
/// boxes come out ~10% too narrow for the sans-serif fonts browsers fall back to (checked in
/// Chromium here), so pango stays the default.
GVC_t* gvc() {
  static GVC_t* g = [] {
    agseterr(AGMAX);  // keep graphviz quiet on stderr
    static lt_symlist_t builtins[3] = {};
    const char* lib[2][2] = {{"libgvplugin_dot_layout.so.6", "gvplugin_dot_layout_LTX_library"},
                             {"libgvplugin_core.so.6", "gvplugin_core_LTX_library"}};
    bool ok = layout_estimated_metrics();
    for (int i = 0; ok && i < 2; ++i) {
      void* h = dlopen((std::string(TPARSE_GV_PLUGIN_DIR) + "/" + lib[i][0]).c_str(), RTLD_NOW | RTLD_LOCAL);
      void* sym = h ? dlsym(h, lib[i][1]) : nullptr;
      if (!sym) ok = false;
      builtins[i] = {lib[i][1], sym};
    }
    return ok ? gvContextPlugins(builtins, 0) : gvContext();
  }();
  return g;
}

/// Bounded effort on big graphs: network simplex (ranking and x positions) is most of dot's time
/// on FX graphs; nslimit / nslimit1 = 1 cap its iterations at the node count. Set only where the
/// DOT text does not set them itself.
void bound_effort(Agraph_t* g) {
  if (agnnodes(g) < 40) return;
  for (const char* a : {"nslimit", "nslimit1"}) {
    char* v = agget(g, const_cast<char*>(a));
    if (!v || !*v) agsafeset(g, const_cast<char*>(a), "1", "");
  }
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
  bound_effort(out.g);
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

namespace {

/// A Layout as text for the layout cache: "%a" hex floats, so positions come back exact.
std::string encode_layout(const Layout& L) {
  std::string o = fmt::format("L {:a} {:a} {} {} {}\n", L.width, L.height, L.nodes.size(), L.edges.size(), L.clusters.size());
  for (const auto& n : L.nodes) o += fmt::format("{} {:a} {:a} {:a} {:a}\n", n.id, n.x, n.y, n.width, n.height);
  for (const auto& e : L.edges) {
    o += fmt::format("{} {} {:a} {:a} {}", e.from, e.to, e.label_x, e.label_y, e.points.size());
    for (auto [x, y] : e.points) o += fmt::format(" {:a} {:a}", x, y);
    o += "\n";
  }
  for (const auto& c : L.clusters) o += fmt::format("{} {:a} {:a} {:a} {:a}\n", c.id, c.x0, c.y0, c.x1, c.y1);
  return o;
}

bool decode_layout(const std::string& s, Layout& L) {
  std::istringstream in(s);
  std::string tag, w, h;
  size_t nn = 0, ne = 0, nc = 0;
  auto num = [](const std::string& t) { return std::strtod(t.c_str(), nullptr); };
  if (!(in >> tag >> w >> h >> nn >> ne >> nc) || tag != "L" || nn > s.size() || ne > s.size() || nc > s.size()) return false;
  L.width = num(w), L.height = num(h);
  std::string a, b, c, d;
  L.nodes.resize(nn);
  for (auto& n : L.nodes) {
    if (!(in >> n.id >> a >> b >> c >> d)) return false;
    n.x = num(a), n.y = num(b), n.width = num(c), n.height = num(d);
  }
  L.edges.resize(ne);
  for (auto& e : L.edges) {
    size_t np = 0;
    if (!(in >> e.from >> e.to >> a >> b >> np) || np > s.size()) return false;
    e.label_x = num(a), e.label_y = num(b);
    e.points.resize(np);
    for (auto& p : e.points) {
      if (!(in >> a >> b)) return false;
      p = {num(a), num(b)};
    }
  }
  L.clusters.resize(nc);
  for (auto& cl : L.clusters) {
    if (!(in >> cl.id >> a >> b >> c >> d)) return false;
    cl.x0 = num(a), cl.y0 = num(b), cl.x1 = num(c), cl.y1 = num(d);
  }
  L.ok = true;
  return true;
}

}  // namespace

Layout layout_dot(const std::string& dot) {
  // Laid out before (this process or an earlier run, e.g. the report's viewer): from the cache.
  std::string key = LayoutCache::key("pos", dot);
  if (auto hit = LayoutCache::instance().get(key)) {
    Layout C;
    if (decode_layout(*hit, C)) return C;
  }
  Layout L = layout_uncached(dot);
  if (L.ok) LayoutCache::instance().put(key, encode_layout(L));
  return L;
}

Layout layout_uncached(const std::string& dot) {
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
      else if (ED_xlabel(e) && ED_xlabel(e)->set) std::tie(le.label_x, le.label_y) = flip(ED_xlabel(e)->pos);
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

namespace {
std::mutex pending_mu;
bool deferring = false;
std::vector<PendingDrawing> pending;
std::unordered_map<std::string, size_t> pending_index;
}  // namespace

void set_svg_deferral(bool on) {
  std::lock_guard<std::mutex> lk(pending_mu);
  deferring = on;
}

std::vector<PendingDrawing> take_pending_drawings() {
  std::lock_guard<std::mutex> lk(pending_mu);
  pending_index.clear();
  return std::move(pending);
}

std::string pending_placeholder(const std::string& key) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"420\" height=\"36\" " + std::string(kPendingMark) + key +
         "\"><text x=\"4\" y=\"22\" font-family=\"sans-serif\" font-size=\"13\">Drawing in progress (tparse draws it in the "
         "background): reload in a moment.</text></svg>";
}

std::string fill_placeholders(std::string_view text, const std::function<std::optional<std::string>(const std::string&)>& svg_of,
                              size_t* left) {
  std::string out;
  size_t pos = 0, missing = 0;
  const std::string mark = kPendingMark;
  for (;;) {
    size_t m = text.find(mark, pos);
    if (m == std::string_view::npos) break;
    size_t start = text.rfind("<svg", m);
    size_t kb = m + mark.size(), ke = text.find('"', kb);
    size_t end = ke == std::string_view::npos ? ke : text.find("</svg>", ke);
    if (start == std::string_view::npos || start < pos || end == std::string_view::npos) break;
    end += 6;
    std::string key(text.substr(kb, ke - kb));
    std::optional<std::string> svg = svg_of(key);
    out.append(text.substr(pos, start - pos));
    if (!svg) {
      ++missing;
      out.append(text.substr(start, end - start));
    } else if (start == 0 && end == text.size()) {
      out += *svg;  // a whole .svg file: Graphviz's output as is
    } else {
      size_t s = svg->find("<svg");  // inline: the svg element, as the report inlines it
      out.append(s == std::string::npos ? *svg : svg->substr(s));
    }
    pos = end;
  }
  out.append(text.substr(pos));
  if (left) *left = missing;
  return out;
}

std::string svg_of_dot(const std::string& dot, std::string* error) {
  // Drawn before, in this process or an earlier run: no Graphviz call (layout_cache.hpp).
  std::string key = LayoutCache::key("svg", dot);
  static std::mutex memo_mu;
  static std::unordered_map<std::string, std::string> memo;
  static size_t memo_bytes = 0;
  {
    std::lock_guard<std::mutex> lk(memo_mu);
    auto it = memo.find(key);
    if (it != memo.end()) return it->second;
  }
  auto remember = [&](const std::string& svg) {
    std::lock_guard<std::mutex> lk(memo_mu);
    if (memo_bytes + svg.size() <= (64u << 20) && memo.emplace(key, svg).second) memo_bytes += svg.size();
  };
  if (auto hit = LayoutCache::instance().get(key)) {
    remember(*hit);
    return *hit;
  }
  {
    std::lock_guard<std::mutex> lk(pending_mu);
    if (deferring) {  // drawn later by `tparse draw-pending`; a placeholder names it meanwhile
      if (pending_index.emplace(key, pending.size()).second) pending.push_back({key, dot});
      return pending_placeholder(key);
    }
  }
  std::string svg = svg_uncached(dot, error);
  if (!svg.empty()) {
    LayoutCache::instance().put(key, svg);
    remember(svg);
  }
  return svg;
}

std::string svg_uncached(const std::string& dot, std::string* error) {
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
