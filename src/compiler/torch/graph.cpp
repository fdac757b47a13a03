// Graph IR helpers and the print_readable() renderer (node names, stack comments, deletions).
#include "torch/graph.hpp"
#include "torch/symbols/sym_expr.hpp"
#include "torch/symbols/sym_mono.hpp"

#include <algorithm>
#include <functional>

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace tparse::compiler {

int Graph::placeholder_count() const {
  int n = 0;
  for (auto& x : nodes) n += x.op == "placeholder";
  return n;
}
int Graph::call_count() const {
  int n = 0;
  for (auto& x : nodes) n += x.op.rfind("call", 0) == 0;
  return n;
}
int Graph::call_function_count() const {
  int n = 0;
  for (auto& x : nodes) n += x.op == "call_function";
  return n;
}

static const std::set<std::string>& reserved_names() {
  static const std::set<std::string> r = {"sum", "max", "min", "abs", "pow", "input", "len", "float",
                                          "int", "list", "tuple", "round", "all", "any", "type",
                                          "getattr", "id", "range", "str", "bool", "dict", "set",
                                          "slice", "iter", "next", "map", "filter", "zip", "hash",
                                          "format", "print", "divmod", "sorted", "reversed", "object"};
  return r;
}

// FX's _Namespace.create_name: a candidate `x_1` is base `x` numbered 1; a taken (or builtin) name counts on from
// the base's last number (`x_1` taken: `x_2`), and the base remembers the number it reached
std::string Graph::unique_name(const std::string& candidate) {
  std::string base = candidate;
  long long num = -1;
  if (size_t u = candidate.rfind('_'); u != std::string::npos && u + 1 < candidate.size() && u > 0 &&
      candidate.find_first_not_of("0123456789", u + 1) == std::string::npos && candidate.size() - u < 18) {
    base = candidate.substr(0, u);
    num = std::stoll(candidate.substr(u + 1));
  }
  std::string n = num < 0 ? base : fmt::format("{}_{}", base, num);
  if (num <= 0) num = name_count[base];
  while (used_names.count(n) || reserved_names().count(n)) n = fmt::format("{}_{}", base, ++num);
  used_names.insert(n);
  name_count[base] = static_cast<int>(num);
  return n;
}

void Graph::rename(int node, const std::string& var) {
  Node& n = nodes[node];
  // (a static tensor's get_attr too: TensorVariable.set_name_hint renames any proxy but a placeholder)
  if (n.renamed || (n.op != "call_function" && n.op != "call_method" && n.op != "call_module" && !(n.op == "get_attr" && n.has_meta))) return;
  // FX's Node._rename keeps a name equal to the candidate (`cos, sin = torch.cos(t), torch.sin(t)`: `cos`, not `cos_1`)
  if (n.name == var) {
    renames.push_back({node, n.name, "", "", 0});
    n.renamed = true;
    return;
  }
  const std::string old = n.name;
  std::string base = var;
  if (size_t u = var.rfind('_'); u != std::string::npos && u > 0 && u + 1 < var.size() &&
      var.find_first_not_of("0123456789", u + 1) == std::string::npos)
    base = var.substr(0, u);
  const int prev = name_count.count(base) ? name_count[base] : 0;
  n.name = unique_name(var);
  renames.push_back({node, old, base, n.name, prev});
  n.renamed = true;
}

void Graph::undo_renames(size_t mark) {
  while (renames.size() > mark) {
    const Renamed& r = renames.back();
    if (r.node >= 0 && static_cast<size_t>(r.node) < nodes.size()) {
      nodes[static_cast<size_t>(r.node)].name = r.old_name;
      nodes[static_cast<size_t>(r.node)].renamed = false;
    }
    if (!r.new_name.empty()) {
      used_names.erase(r.new_name);
      name_count[r.base] = r.prev_count;
    }
    renames.pop_back();
  }
}

// OutputGraph.remove_unused_graphargs' miniature DCE (torch/_dynamo/output_graph.py): walking the nodes in
// reverse, a node without users that is an `operator.getitem` (or get_attr) is erased; its operands lose a user.
void Graph::remove_unused_getitems() {
  std::vector<int> users(nodes.size(), 0);
  std::function<void(const Arg&, int)> count = [&](const Arg& a, int d) {
    if (a.node >= 0 && static_cast<size_t>(a.node) < users.size()) users[static_cast<size_t>(a.node)] += d;
    for (const auto& x : a.seq) count(x, d);
  };
  for (const auto& n : nodes) {
    for (const auto& a : n.args) count(a, 1);
    for (const auto& [k, a] : n.kwargs) count(a, 1);
  }
  for (int o : outputs) if (o >= 0 && static_cast<size_t>(o) < users.size()) ++users[static_cast<size_t>(o)];
  std::vector<bool> erased(nodes.size(), false);
  for (size_t i = nodes.size(); i-- > 0;) {
    const Node& n = nodes[i];
    // (a sym op whose operand is a list or tuple, `torch.sym_sum((7, s38))`, is no symnode computation: it stays)
    const bool seq_arg = std::any_of(n.args.begin(), n.args.end(), [](const Arg& a) { return a.is_seq; });
    if (users[i] == 0 && ((n.op == "call_function" && (n.target == "getitem" || (n.sym_compute && !seq_arg))) || n.accessor)) {
      erased[i] = true;
      for (const auto& a : n.args) count(a, -1);
      for (const auto& [k, a] : n.kwargs) count(a, -1);
    }
  }
  // then remove_unused_graphargs: a tensor input no node uses (read only for its metadata, `p.requires_grad`) goes;
  // a symbol's placeholder nothing uses stays only as the first binding of a symbol that a remaining tensor input's
  // annotation mentions (torch's recheck: later bindings of the same symbol go: `s17` after `s77: "Sym(s17)"`; the
  // size of an input no op uses goes with it: numpy_ndarray_breaks' recompiled graph of numpy nodes)
  std::set<std::string> used_symbols;
  auto mention = [&](const std::vector<Dim>& ds) {
    for (const Dim& d : ds) {
      const std::string& e = d.sym;
      for (size_t k = 0; k < e.size();) {
        if (!std::isalpha(static_cast<unsigned char>(e[k])) && e[k] != '_') { ++k; continue; }
        size_t j = k;
        while (j < e.size() && (std::isalnum(static_cast<unsigned char>(e[j])) || e[j] == '_')) ++j;
        used_symbols.insert(e.substr(k, j - k));
        k = j;
      }
    }
  };
  std::vector<size_t> recheck;
  for (size_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i].op != "placeholder") continue;
    // (a dynamic int input, `L_cfg_a_: "Sym(s14)"`, binds its symbol too: read only by a branch it goes)
    if (nodes[i].is_sym || (!nodes[i].has_meta && nodes[i].sym_type.size() > 5)) {
      if (users[i] == 0) recheck.push_back(i);
    } else if (users[i] == 0 && nodes[i].has_meta) {
      erased[i] = true;
    } else if (nodes[i].has_meta) {
      mention(nodes[i].meta.shape);
      mention(nodes[i].meta.stride);
      if (!nodes[i].offset_sym.empty()) used_symbols.insert(nodes[i].offset_sym);
    }
  }
  for (size_t i : recheck) {
    const Node& p = nodes[i];
    std::string sym = canon(p.is_sym ? p.name : p.sym_type.substr(4, p.sym_type.size() - 5));
    if (!used_symbols.count(sym)) erased[i] = true;
    else used_symbols.erase(sym);
  }
  erase(erased);
}

void Graph::remove_empty_grad_toggles() {
  // `_set_grad_enabled(x)` directly followed by `_set_grad_enabled(not x)`: a grad-mode switch around nothing
  // (a lazily computed value already cached under no_grad, torch.distributions' sample); torch 2.11's graph has
  // neither (their names stay taken: later toggles are _2, _3)
  auto toggle = [&](size_t i) {
    const Node& n = nodes[i];
    return n.op == "call_function" && n.target == "torch._C._set_grad_enabled" && n.args.size() == 1 ? n.args[0].lit : std::string();
  };
  bool changed = true;
  while (changed) {
    changed = false;
    std::vector<bool> erased(nodes.size(), false);
    for (size_t i = 0; i + 1 < nodes.size(); ++i) {
      std::string a = toggle(i), b = toggle(i + 1);
      if (!a.empty() && !b.empty() && a != b && !erased[i]) {
        erased[i] = erased[i + 1] = true;
        changed = true;
        ++i;
      }
    }
    if (changed) erase(erased);
  }
}

void Graph::erase(const std::vector<bool>& erased) {
  if (std::find(erased.begin(), erased.end(), true) == erased.end()) return;
  std::vector<int> remap(nodes.size(), -1);
  std::vector<Node> kept;
  for (size_t i = 0; i < nodes.size(); ++i)
    if (!erased[i]) { remap[i] = static_cast<int>(kept.size()); kept.push_back(std::move(nodes[i])); }
  std::function<void(Arg&)> fix = [&](Arg& a) {
    // (an index past the graph is a stale reference from a dropped trace: it names nothing now)
    if (a.node >= 0) a.node = a.node < static_cast<int>(remap.size()) ? remap[static_cast<size_t>(a.node)] : -1;
    for (auto& x : a.seq) fix(x);
  };
  for (auto& n : kept) {
    for (auto& a : n.args) fix(a);
    for (auto& [k, a] : n.kwargs) fix(a);
  }
  for (auto& o : outputs) o = remap[static_cast<size_t>(o)];
  std::erase(outputs, -1);  // (an output whose node went: nothing left to return for it)
  auto fix_map = [&](auto& m) {
    for (auto it = m.begin(); it != m.end();) {
      if (erased[static_cast<size_t>(it->second)]) { it = m.erase(it); continue; }
      it->second = remap[static_cast<size_t>(it->second)];
      ++it;
    }
  };
  fix_map(tensor_node);
  fix_map(symint_node);
  fix_map(sym_proxy);
  nodes = std::move(kept);
}

namespace {

SymLin linear_mul(const SymLin& a, const SymLin& b) {
  SymLin r;
  auto parts = [](const SymLin& x) {
    std::vector<std::pair<std::vector<std::string>, long long>> p = x.terms;
    if (x.c != 0) p.push_back({{}, x.c});
    return p;
  };
  for (const auto& [sa, ka] : parts(a))
    for (const auto& [sb, kb] : parts(b)) {
      SymLin t;
      std::vector<std::string> syms = sa;
      syms.insert(syms.end(), sb.begin(), sb.end());
      std::sort(syms.begin(), syms.end());
      if (syms.empty()) t.c = ka * kb;
      else t.terms.push_back({syms, ka * kb});
      r = linear_add(r, t, 1);
    }
  return r;
}

// `e` with each symbol of `flat` written as what it stands for, as sympy evaluates the result again: a replaced
// symbol joins the others of its monomial (`s27*s64` with s64 -> s27 is `s27**2`: transformers' padding mask expanded
// over [b, 1, s, s], real torch 2.11), and one that stands for a sum is multiplied out (`64*s82` with s82 -> s88 + 1 is
// `64*s88 + 64`); an expression of another form takes a sum in parentheses
std::string substitute_expanded(const std::string& e, const std::map<std::string, std::string>& flat) {
  const std::string text = sym_substitute(e, flat);
  if (text == e) return e;
  std::map<std::string, std::string> wrapped = flat;
  for (auto& [k, v] : wrapped) if (!sym_bare_symbol(v) && v.find(' ') != std::string::npos) v = "(" + v + ")";
  auto lin = parse_linear(e);
  if (!lin) return sym_substitute(e, wrapped);
  SymLin out;
  out.c = lin->c;
  for (const auto& [syms, k] : lin->terms) {
    SymLin acc;
    acc.c = k;
    for (const std::string& x : syms) {
      std::optional<SymLin> v;
      if (auto it = flat.find(x); it != flat.end()) v = parse_linear(it->second);
      else if (sym_bare_symbol(x)) v = parse_linear(x);
      else v = SymLin{{{{sym_substitute(x, wrapped)}, 1}}, 0};  // an atom (`Max(0, 2047 - s71)`): its inside replaced
      if (!v) return text;  // (not a sum of monomials: the plain substitution)
      acc = linear_mul(acc, *v);
    }
    out = linear_add(out, acc, 1);
  }
  std::string r = linear_str(out);
  return r.empty() ? std::to_string(out.c) : r;
}

}  // namespace

std::string Graph::canon(std::string s) const {
  for (auto it = replacements.find(s); it != replacements.end(); it = replacements.find(s)) s = it->second;
  if (sym_bare_symbol(s)) return s;
  std::map<std::string, std::string> inner;
  for (const std::string& f : sym_free_symbols(s))
    if (replacements.count(f)) inner[f] = canon(f);
  return inner.empty() ? s : substitute_expanded(s, inner);
}

void Graph::apply_replacements(const std::map<std::string, long long>& specialized) {
  // (a specialized symbol is its value in every expression the pass reads: `b*t` of b specialized to 1 is t)
  bool specialized_in_compute = false;
  for (const Node& n : nodes)
    if ((n.sym_compute || n.reified) && n.sym_type.size() > 5)
      for (const std::string& f : sym_free_symbols(n.sym_type.substr(4, n.sym_type.size() - 5)))
        specialized_in_compute = specialized_in_compute || specialized.count(f);
  std::map<std::string, std::string> flat;
  for (auto& [k, v] : replacements) flat[k] = canon(k);
  if (specialized_in_compute)
    for (auto& [k, v] : specialized) flat.emplace(k, std::to_string(v));
  auto resimplify = [&](const std::string& before) { return substitute_expanded(before, flat); };
  auto dims = [&](std::vector<Dim>& ds) { for (auto& d : ds) if (d.is_sym()) d.sym = resimplify(d.sym); };
  for (auto& n : nodes) {
    if (n.has_meta) { dims(n.meta.shape); dims(n.meta.stride); }
    if (n.sym_type.size() > 5) n.sym_type = "Sym(" + resimplify(n.sym_type.substr(4, n.sym_type.size() - 5)) + ")";
  }
  // the replacement pass runs on the finished graph: a SymInt node reads a replaced symbol through the placeholder
  // of the symbol that stays (`-s25`, not `-s34`, once k's placeholder s25 exists), and a SymInt node whose
  // expression an earlier one computes is that earlier node (the second `-k.shape[1]` of a shared size reuses
  // `neg`; rotary embeddings slicing one table for q and k)
  std::map<std::string, int> own;  // a symbol -> the placeholder named after it
  for (size_t i = 0; i < nodes.size(); ++i)
    if (nodes[i].op == "placeholder" && nodes[i].is_sym) own.emplace(nodes[i].name, static_cast<int>(i));
  std::vector<int> same(nodes.size(), -1);
  // expression -> the node computing it first, whatever its target (runtime_assert.py's hash consing by sympy expression:
  // a layer's `slen + 1` sym_sum is the mask's `kv_length` add once ShapeEnv proved the two caches' lengths equal)
  std::map<std::string, int> first;
  // (a symbol's placeholder is its expression's proxy first: a SymInt node computing the bare symbol is that
  // placeholder; runtime_assert.py's expr_to_proxy of the placeholders' symbols)
  for (const auto& [sym, at] : own) first.emplace("Sym(" + sym + ")", at);
  std::function<void(Arg&)> fix = [&](Arg& a) {
    if (a.node >= 0 && same[static_cast<size_t>(a.node)] >= 0) a.node = same[static_cast<size_t>(a.node)];
    if (a.node >= 0 && nodes[static_cast<size_t>(a.node)].op == "placeholder" && nodes[static_cast<size_t>(a.node)].is_sym) {
      const std::string& nm = nodes[static_cast<size_t>(a.node)].name;
      if (auto c = own.find(canon(nm)); c != own.end() && c->first != nm) a.node = c->second;
    }
    for (auto& x : a.seq) fix(x);
  };
  std::vector<bool> erased(nodes.size(), false);
  for (size_t i = 0; i < nodes.size(); ++i) {
    Node& n = nodes[i];
    for (auto& a : n.args) fix(a);
    for (auto& [k, a] : n.kwargs) fix(a);
    // (a size of an intermediate tensor the pass rebuilt is no node of its own once its expression, with the
    // replacements, is an earlier node's: it is that node)
    if (!(n.sym_compute || n.reified) || n.op != "call_function" || n.sym_type.size() <= 5) continue;
    // (a number is no expression the pass maps to a proxy: GPT-Neo's `key_length - query_length`, `Sym(0)`, is a node
    // per layer)
    if (sym_free_symbols(n.sym_type.substr(4, n.sym_type.size() - 5)).empty()) continue;
    auto [it, fresh] = first.emplace(n.sym_type, static_cast<int>(i));
    if (fresh) continue;  // (a graph output too: the output is then that earlier node)
    same[i] = it->second;
    erased[i] = true;
  }
  for (auto& o : outputs) if (o >= 0 && same[static_cast<size_t>(o)] >= 0) o = same[static_cast<size_t>(o)];
  auto redirect = [&](auto& m) {
    for (auto& [k, v] : m) if (v >= 0 && same[static_cast<size_t>(v)] >= 0) v = same[static_cast<size_t>(v)];
  };
  redirect(symint_node);
  redirect(sym_proxy);
  erase(erased);
}

void Graph::name_reified() {
  for (auto& n : nodes)
    if (n.reified && n.name.empty()) n.name = unique_name(n.target == "//" ? "floordiv" : n.target == "torch.sym_sum" ? "sym_sum" : n.target == "**" ? "pow" : "mul");
}

void Graph::rollback(size_t cp) {
  const size_t n = cp & 0xffffffffu, ns = cp >> 32;
  if (ns < shadows.size()) {
    shadows.resize(ns);
    for (auto it = symint_shadow.begin(); it != symint_shadow.end();) {
      if (it->second >= static_cast<int>(ns)) it = symint_shadow.erase(it);
      else ++it;
    }
    std::erase_if(reified_shadow, [ns](const auto& kv) { return kv.second >= static_cast<int>(ns); });
  }
  if (n >= nodes.size()) return;
  nodes.resize(n);
  auto drop = [n](auto& m) {
    for (auto it = m.begin(); it != m.end();) {
      if (it->second >= static_cast<int>(n)) it = m.erase(it);
      else ++it;
    }
  };
  drop(tensor_node);
  drop(symint_node);
  drop(sym_proxy);
}

std::string meta_str(const TensorInfo& t) {
  std::string s = dtype_short(t.dtype) + "[";
  for (size_t i = 0; i < t.shape.size(); ++i) s += (i ? ", " : "") + t.shape[i].str();
  s += "][";
  for (size_t i = 0; i < t.stride.size(); ++i) s += (i ? ", " : "") + t.stride[i].str();
  s += "]" + t.device;
  return s;
}

static std::string arg_str(const Graph& g, const Arg& a) {
  if (a.node >= 0) return g.nodes[a.node].name;
  if (!a.is_seq) return a.lit;
  if (a.is_slice && a.seq.size() == 3)
    return "slice(" + arg_str(g, a.seq[0]) + ", " + arg_str(g, a.seq[1]) + ", " + arg_str(g, a.seq[2]) + ")";
  std::string s = a.is_tuple ? "(" : "[";
  for (size_t i = 0; i < a.seq.size(); ++i) s += (i ? ", " : "") + arg_str(g, a.seq[i]);
  if (a.is_tuple && a.seq.size() == 1) s += ",";
  return s + (a.is_tuple ? ")" : "]");
}

static void collect_uses(const Arg& a, std::vector<int>& out) {
  if (a.node >= 0) out.push_back(a.node);
  for (auto& x : a.seq) collect_uses(x, out);
}

namespace {
std::string print_graph(const Graph& g, const std::string& file, const std::string& cls, const std::string& ind);
}

std::string print_readable(const Graph& g, const std::string& file) { return print_graph(g, file, "GraphModule", ""); }

namespace {
std::string print_graph(const Graph& g, const std::string& file, const std::string& cls, const std::string& ind) {
  std::string sig;
  std::string body;
  // last use of each node
  std::vector<int> last_use(g.nodes.size(), -1);
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    std::vector<int> uses;
    for (auto& a : g.nodes[i].args) collect_uses(a, uses);
    for (auto& kv : g.nodes[i].kwargs) collect_uses(kv.second, uses);
    for (int u : uses) last_use[u] = static_cast<int>(i);
  }
  std::string lines;
  for (auto& n : g.nodes) {
    if (n.op != "placeholder") continue;
    if (n.is_sym) { sig += fmt::format(", {}: \"Sym({})\"", n.name, g.canon(n.name)); continue; }
    if (g.is_body) {  // a body's placeholders are named as the outer values they stand for
      sig += n.has_meta ? fmt::format(", {}: \"{}\"", n.name, meta_str(n.meta)) : ", " + n.name;
      continue;
    }
    sig += fmt::format(", {}: \"{}\"", n.placeholder_src, n.has_meta ? meta_str(n.meta) : n.sym_type);
    lines += fmt::format("{}        {} = {}\n", ind, n.name, n.placeholder_src);
  }
  int cur_line = -1;
  std::string cur_file;
  std::string cur_fn;
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    auto& n = g.nodes[i];
    if (n.op == "placeholder" || n.op == "output") continue;
    if (n.line != cur_line || n.fn_name != cur_fn || n.file != cur_file) {
      // a blank line before each comment but at the body's start (a graph without inputs: real torch 2.11's int_of_tensor)
      const char* gap = lines.empty() ? "" : "\n";
      if (n.line <= 0) lines += fmt::format("{}{}        # No stacktrace found for following nodes\n", gap, ind);  // FX's words for a node without one
      else lines += fmt::format("{}{}        # File: {}:{} in {}, code: {}\n", gap, ind, n.file.empty() ? file : n.file, n.line, n.fn_name, n.code);
      cur_line = n.line;
      cur_fn = n.fn_name;
      cur_file = n.file;
    }
    std::string rhs;
    // (every augmented operator: `+=` ... `>>=`, `//=`, `**=`; not the comparisons `<=` / `>=` / `==` / `!=`)
    bool iop = n.infix && n.args.size() == 2 && n.target.size() >= 2 && n.target.back() == '=' && n.target != "<=" && n.target != ">=" &&
               n.target != "==" && n.target != "!=";
    if (iop) {  // operator.iadd: FX writes `a += b;  name = a`
      rhs = arg_str(g, n.args[0]);
    } else if (n.infix && n.args.size() == 2) {
      rhs = fmt::format("{} {} {}", arg_str(g, n.args[0]), n.target, arg_str(g, n.args[1]));
    } else if (n.infix && n.args.size() == 1) {
      rhs = fmt::format("{}{}", n.target, arg_str(g, n.args[0]));
    } else if (n.target == "getattr" && n.op == "call_function" && n.args.size() == 2 && n.args[1].node < 0 &&
               n.args[1].lit.size() > 2 && n.args[1].lit[0] == '\'') {  // torch/fx/graph.py: `x.T`
      rhs = fmt::format("{}.{}", arg_str(g, n.args[0]), n.args[1].lit.substr(1, n.args[1].lit.size() - 2));
    } else if (n.op == "get_attr") {  // a body: `wrap_body_0 = self.wrap_body_0`
      rhs = "self." + n.target;
    } else if (n.target == "getitem") {
      rhs = fmt::format("{}[{}]", arg_str(g, n.args[0]), arg_str(g, n.args[1]));
    } else {
      std::vector<std::string> parts;
      size_t first = 0;
      std::string callee = n.target;
      if (n.op == "call_method") { callee = arg_str(g, n.args[0]) + "." + n.target; first = 1; }
      if (n.op == "call_module") callee = "self." + n.target;
      for (size_t k = first; k < n.args.size(); ++k) parts.push_back(arg_str(g, n.args[k]));
      for (auto& kv : n.kwargs) parts.push_back(kv.first + " = " + arg_str(g, kv.second));
      rhs = callee + "(" + fmt::format("{}", fmt::join(parts, ", ")) + ")";
    }
    std::string ann = n.has_meta ? fmt::format(": \"{}\"", meta_str(n.meta)) : n.sym_type.empty() ? "" : ": \"" + n.sym_type + "\"";
    std::vector<std::string> dead;
    std::vector<int> uses;
    for (auto& a : n.args) collect_uses(a, uses);
    for (auto& kv : n.kwargs) collect_uses(kv.second, uses);
    std::set<int> seen;
    for (int u : uses) {
      if (seen.insert(u).second && last_use[u] == static_cast<int>(i) &&
          std::find(g.outputs.begin(), g.outputs.end(), u) == g.outputs.end())
        dead.push_back(g.nodes[u].name);
    }
    // FX deletes a value no node uses right after it is made (`numel = None`): a result nobody reads
    bool unused = last_use[i] < 0 && n.op != "placeholder" && std::find(g.outputs.begin(), g.outputs.end(), static_cast<int>(i)) == g.outputs.end();
    if (n.dead_result || unused) dead.push_back(n.name);
    std::string tail = dead.empty() ? "" : fmt::format(";  {} = None", fmt::join(dead, " = "));
    if (n.infix && n.target == "setitem" && n.args.size() == 3)  // operator.setitem: `t[idx] = v;  setitem = t`
      lines += fmt::format("{}        {}[{}] = {};  {}{} = {}{}\n", ind, arg_str(g, n.args[0]), arg_str(g, n.args[1]), arg_str(g, n.args[2]), n.name, ann,
                           arg_str(g, n.args[0]), tail);
    else if (iop) lines += fmt::format("{}        {} {} {};  {}{} = {}{}\n", ind, arg_str(g, n.args[0]), n.target, arg_str(g, n.args[1]), n.name, ann, rhs, tail);
    else lines += fmt::format("{}        {}{} = {}{}\n", ind, n.name, ann, rhs, tail);
  }
  auto tuple_of = [](const std::vector<std::string>& xs) {
    return xs.size() == 1 ? "(" + xs[0] + ",)" : "(" + fmt::format("{}", fmt::join(xs, ", ")) + ")";
  };
  std::vector<std::string> outs;
  for (int o : g.outputs) outs.push_back(o == -1 && g.is_body ? "None" : g.nodes[o].name);
  std::string ret = tuple_of(outs);
  if (!g.output_groups.empty()) {  // `((outs, mul, round_1), (matmul,))`
    std::vector<std::string> groups;
    size_t at = 0;
    for (size_t k : g.output_groups) {
      std::vector<std::string> part(outs.begin() + static_cast<long>(std::min(at, outs.size())),
                                    outs.begin() + static_cast<long>(std::min(at + k, outs.size())));
      groups.push_back(tuple_of(part));
      at += k;
    }
    ret = tuple_of(groups);
  }
  body = fmt::format("{}class {}(torch.nn.Module):\n{}    def forward(self{}):\n{}{}        return {}\n", ind, cls, ind, sig, lines, ind, ret);
  // the bodies a get_attr node reads, in order, as nested classes after a blank line each
  for (const Node& n : g.nodes) {
    if (n.op != "get_attr") continue;
    for (const auto& [name, sub] : g.bodies)
      if (name == n.target && sub) body += "\n" + print_graph(*sub, file, name, ind + "    ");
  }
  return body;
}
}  // namespace

std::string sizes_json(const Graph& g) {
  std::string s = "{";
  bool first = true;
  for (auto& n : g.nodes) {
    if (!n.has_meta || n.op == "output") continue;
    s += fmt::format("{}\"{}\": [", first ? "" : ", ", n.name);
    first = false;
    for (size_t i = 0; i < n.meta.shape.size(); ++i) {
      auto& d = n.meta.shape[i];
      s += (i ? ", " : "") + (d.is_sym() ? "\"" + d.sym + "\"" : std::to_string(d.v));
    }
    s += "]";
  }
  return s + "}";
}

}  // namespace tparse::compiler
