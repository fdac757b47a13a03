// Size expressions rebuilt where the frame read them (torch 2.11's replacement pass): a sum-holding size of an
// intermediate tensor, and a bare symbol the ShapeEnv replaced by a sum after the frame had read it.
#include <algorithm>
#include <functional>
#include <map>

#include "torch/symbols/reify_read.hpp"
#include "torch/symbols/sym_expr.hpp"
#include "torch/symbols/sym_mono.hpp"

namespace tparse::compiler {

/// A size of an intermediate tensor whose expression holds a sum (`(((s53 - 3)//2)) + 1`): torch 2.11's replacement
/// pass rebuilds it from the input symbols where it was read (`size = y.shape[-2:]`): `torch.sym_sum([-3, s53])`,
/// `sym_sum // 2`, `torch.sym_sum([1, floordiv])`, a subexpression rebuilt once per graph (program sym_size_reify).
/// The nodes are shadows at the read's place, in the graph from the start (Graph::specialize merges them).
std::optional<Arg> reify_at_read(Interp& I, const V& v, int read_shadow) {
  if (sym_free_symbols(v->sym).empty()) return std::nullopt;  // (a sum of numbers is no size to rebuild)
  auto tree = parse_sym(v->sym);  // a sum, a floor division or a product of such sizes (`T = H * W` of a strided feature map)
  if (!tree || (tree->k != SymTree::K::Add && tree->k != SymTree::K::Mul && tree->k != SymTree::K::FloorDiv)) return std::nullopt;
  FrameCtx& ctx = *I.stack_.back()->ctx;
  Graph& g = ctx.graph;
  // the pass keeps the first proxy of an expression (a later read of an equal size is replaced by it): each
  // expression's earliest read, `h = z.shape[2]` for `z.shape[3]` read later (its getitems cover every dimension)
  auto first_read = [&](const std::string& text) -> const Shadow* {
    const Shadow* best = nullptr;
    const std::string want = "Sym(" + text + ")";
    for (const Shadow& sh : g.shadows)
      if (!sh.node.reified && sh.node.sym_type == want && (!best || sh.pos < best->pos)) best = &sh;
    return best;
  };
  const Shadow* read = first_read(v->sym);
  if (!read && read_shadow >= 0 && static_cast<size_t>(read_shadow) < g.shadows.size()) read = &g.shadows[static_cast<size_t>(read_shadow)];
  const int read_idx = read ? static_cast<int>(read - g.shadows.data()) : -1;
  // (the read's place as a number: `make` below grows g.shadows, which may move the shadow `read` points to)
  const size_t read_pos = read ? read->pos : static_cast<size_t>(-1);
  Node here;
  I.stamp_node(here, Location{I.stack_.back()->cur_line, 0, I.stack_.back()->file});
  // where each part goes: its own earliest read, never after the expression that uses it (a part read before
  // by itself, `b, c, *spatial = x.shape`, is rebuilt there, its product at `qkv.shape[2]`)
  struct Place { size_t pos; Node stamp; };
  std::map<std::string, Place> place;
  std::vector<size_t> read_groups;  // reads whose other dimensions are rebuilt first, in order
  std::function<void(const SymTree&, const Place&)> walk = [&](const SymTree& e, const Place& parent) {
    Place p = parent;
    if (const Shadow* r = first_read(e.text); r && r->pos <= p.pos) {
      p = Place{r->pos, r->node};
      if (r->node.target == "getitem") read_groups.push_back(r->pos);
    }
    if (auto it = place.find(e.text); it == place.end() || p.pos < it->second.pos) place[e.text] = p;
    for (const SymTree& k : e.kids) walk(k, p);
  };
  walk(*tree, read ? Place{read->pos, read->node} : Place{g.nodes.size(), here});
  const Place fallback = read ? Place{read->pos, read->node} : Place{g.nodes.size(), here};
  auto symbol = [&](const std::string& s) -> std::optional<Arg> {
    auto it = g.sym_proxy.find(s);
    if (it == g.sym_proxy.end()) return std::nullopt;
    return Arg{it->second, ""};
  };
  auto cached = [&](const std::string& text) -> std::optional<Arg> {
    Arg a;
    auto it = g.reified_shadow.find(text);
    if (it != g.reified_shadow.end()) {
      a.shadow = it->second;
      return a;
    }
    // a part the frame's own code computed before (`n // 4` of `view(2, n // 4, 4, 8)`): the pass keeps that proxy;
    // (a part it cannot rebuild itself, `CeilToInt(...)`, leaves the whole size to its read: pad_reflect_shape)
    // (torch.sym_max / sym_min of an atom are rebuilt too, `Max(18, s52)`; float functions are not. A user's `%` node:
    // torch rebuilt SwinIR's `s53 + (Mod(4 - (Mod(s53, 4)), 4))` read as torch.sym_sum([s53, mod_1]) (program
    // pad_shape_reify) but kept nemotron_h's reads of the same form: not rebuilt until the rule between them is known)
    std::function<bool(const SymTree&)> rebuildable = [&](const SymTree& e) {
      if (e.k == SymTree::K::Other)
        return (e.text.rfind("Max(", 0) == 0 || e.text.rfind("Min(", 0) == 0) && e.text.find("To") == std::string::npos &&
               e.text.find("TrueDiv") == std::string::npos && e.text.find('.') == std::string::npos;
      return std::all_of(e.kids.begin(), e.kids.end(), rebuildable);
    };
    auto p = g.sym_proxy.find(text);
    if (p != g.sym_proxy.end())
      if (auto t = parse_sym(text); !t || !rebuildable(*t)) return std::nullopt;
    if (p == g.sym_proxy.end() || (read_idx >= 0 && static_cast<size_t>(p->second) >= read_pos)) return std::nullopt;
    return Arg{p->second, ""};
  };
  auto make = [&](Node n, const std::string& text) {
    auto it = place.find(text);
    const Place& p = it != place.end() ? it->second : fallback;
    n.sym_type = "Sym(" + text + ")";
    n.line = p.stamp.line;
    n.fn_name = p.stamp.fn_name;
    n.code = p.stamp.code;
    n.file = p.stamp.file;
    g.shadows.push_back(Shadow{std::move(n), p.pos, nullptr});
    int k = static_cast<int>(g.shadows.size()) - 1;
    g.reified_shadow[text] = k;
    Arg a;
    a.shadow = k;
    return a;
  };
  // the pass visits a read's per-dimension getitems in order: the other dims of those reads that are such sizes
  // are rebuilt first (sympy's product of W and H then names them in H, W order: improved-diffusion's attention)
  const std::vector<size_t> groups = read_groups;  // (walk below adds to read_groups: iterate a copy)
  for (size_t rp : groups) {
    std::vector<std::string> siblings;
    for (const Shadow& sh : g.shadows)
      if (sh.pos == rp && !sh.node.reified && sh.node.target == "getitem" && sh.node.sym_type.size() > 5)
        siblings.push_back(sh.node.sym_type.substr(4, sh.node.sym_type.size() - 5));
    for (const std::string& e : siblings) {
      if (e.find("//") == std::string::npos || g.reified_shadow.count(e)) continue;
      auto t = parse_sym(e);
      if (!t || t->k != SymTree::K::Add) continue;
      walk(*t, Place{rp, g.shadows.front().node});
      for (const Shadow& sh : g.shadows)  // the sibling's own stamp: its read
        if (sh.pos == rp && sh.node.sym_type == "Sym(" + e + ")") { place[e].stamp = sh.node; break; }
      reify_tree(*t, symbol, cached, make);
    }
  }
  auto r = reify_tree(*tree, symbol, cached, make);
  if (!r) return std::nullopt;
  ctx.direct_shadows = true;
  // a specialization of its symbols later in the frame makes the value a constant: torch's graph then keeps the
  // read's own proxy (`getitem_1: "Sym(44)" = size[1]`), not a rebuilt sum of numbers
  if (r->shadow >= 0 && read_idx >= 0 && g.shadows[static_cast<size_t>(r->shadow)].read < 0)
    g.shadows[static_cast<size_t>(r->shadow)].read = read_idx;
  return r;
}

// A bare symbol the ShapeEnv replaced by a sum after the frame had read it (a decoding step's mask length
// `mask.shape[-1]`, used before the attention proved it the grown cache's `s + 1`): the replacement pass rebuilds the
// sum where the size was first read, every use of the symbol's placeholder is that node, and the placeholder goes
// (real torch 2.11: program mask_length_read_then_replaced_by_sum, BigBird in model.generate()). A placeholder the
// frame never read through a size keeps its uses (no read to rebuild at).
void Interp::rebuild_replaced_symbols() {
  FrameCtx& ctx = *stack_.back()->ctx;
  Graph& g = ctx.graph;
  if (g.replacements.empty()) return;
  std::map<int, int> rebuilt;  // placeholder node -> the shadow rebuilding its sum
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    const Node& n = g.nodes[i];
    if (n.op != "placeholder" || !n.is_sym) continue;
    const std::string c = g.canon(n.name);
    if (c == n.name || sym_bare_symbol(c) || !parse_linear(c)) continue;
    const std::string want = "Sym(" + n.name + ")";
    int read = -1;  // the symbol's earliest read
    for (size_t k = 0; k < g.shadows.size(); ++k)
      if (!g.shadows[k].node.reified && g.shadows[k].node.sym_type == want &&
          (read < 0 || g.shadows[k].pos < g.shadows[static_cast<size_t>(read)].pos))
        read = static_cast<int>(k);
    if (read < 0) continue;
    V v = mk_int(g.shadows[static_cast<size_t>(read)].node.sym_hint);
    v->sym = c;
    auto a = reify_at_read(*this, v, read);
    if (a && a->node < 0 && a->shadow >= 0 && a->lit.empty() && !a->is_seq) rebuilt[static_cast<int>(i)] = a->shadow;
  }
  if (rebuilt.empty()) return;
  std::function<void(Arg&)> fix = [&](Arg& a) {
    for (auto& x : a.seq) fix(x);
    if (a.node < 0) return;
    if (auto it = rebuilt.find(a.node); it != rebuilt.end()) {
      a.node = -1;
      a.lit.clear();
      a.shadow = it->second;
    }
  };
  for (auto& n : g.nodes) {
    for (auto& a : n.args) fix(a);
    for (auto& [k, a] : n.kwargs) fix(a);
  }
  for (auto& o : g.outputs)
    if (auto it = rebuilt.find(o); o >= 0 && it != rebuilt.end()) o = -2 - it->second;
  ctx.direct_shadows = true;
}

}  // namespace tparse::compiler
