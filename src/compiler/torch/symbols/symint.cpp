// SymInts in dynamic frames: sizes read from tensors with symbolic dims keep their symbol through
// unpacking, slicing, torch.Size arithmetic and int arithmetic, and reach the graph as Dynamo
// writes them (`x.reshape(s70, -1, 4)`, `cache[slice(None, s70, None)]`, `size_2 = torch.Size([s70, 1, 4, 16])`).
// Names: every size read that yields a symbol takes a `size` name (Dynamo's size proxy, later removed
// as dead code), so the torch.Size nodes are numbered as in real graphs (size_2, size_4, ...).
#include <fmt/format.h>

#include <optional>

#include <functional>
#include <map>

#include "runtime/interp.hpp"
#include "torch/keep_alive.hpp"
#include "torch/symbols/sym_mono.hpp"
#include "torch/symbols/sym_expr.hpp"
#include "torch/symbols/reify_read.hpp"
#include "torch/symbols/sym_bool.hpp"

namespace tparse::compiler {

bool grad_source(const std::string& src) { return src.size() > 5 && src.compare(src.size() - 5, 5, ".grad") == 0; }

// A graph input wrapped before any use: the placeholder goes again when nothing uses it (compile_graph.cpp)
void Interp::wrap_prunable(const V& t) {
  const int id = node_of(t);
  Graph& g = stack_.back()->ctx->graph;
  if (id >= 0 && g.nodes[static_cast<size_t>(id)].op == "placeholder") g.nodes[static_cast<size_t>(id)].prunable = true;
}

void Interp::realize(const V& t) {
  if (!tracing() || t->k != VK::Tensor) return;
  FrameCtx& ctx = *stack_.back()->ctx;
  if (ctx.graph.tensor_node.count(t.get()) || realize_optimizer_state(t)) return;
  auto src = ctx.sources.find(t.get());

  // a gradient read from a wrapped tensor (GradSource: `dp = p.grad; if dp is None`) is a graph input where it is
  // first read (LARS' grad before the momentum state it meets next)
  if (src != ctx.sources.end() && grad_source(src->second)) {
    wrap_prunable(t);
    return;
  }
  // only the frame's own tensor arguments (an item of its *args tuple too: `args[0]`, a module call's input);
  // module buffers read for .dtype/.device stay out of the graph
  if (src == ctx.sources.end() || src->second.find('.') != std::string::npos) return;
  // a module global (`G['cls']`): a graph input where it is first read, `cls.expand(...)` before the arguments
  if (src->second.rfind("G['", 0) == 0 && src->second.find("']") + 2 == src->second.size()) {
    node_of(t);
    return;
  }
  if (size_t br = src->second.find('['); br != std::string::npos && src->second.compare(0, br, "args") != 0) {
    // an item of a list / tuple / dict argument (`xs[0].device`, `p.grad` of `for p in params`): Dynamo wraps it, a
    // graph input here (LARS' parameters before their gradients), TENSOR_MATCH on its sizes; one no node uses goes
    // again (remove_unused_graphargs) and keeps its guard (DINO's MultiCropWrapper recompiles when xs[0]'s batch
    // changes; real torch 2.11)
    wrap_prunable(t);
    return;
  }
  node_of(t);
}

void Interp::realize_identity(const V& t) {
  realize(t);
  if (!tracing() || t->k != VK::Tensor) return;
  FrameCtx& ctx = *stack_.back()->ctx;
  if (ctx.graph.tensor_node.count(t.get())) return;
  auto src = ctx.sources.find(t.get());
  if (src == ctx.sources.end() || src->second.find('.') == std::string::npos || src->second.rfind("G[", 0) == 0) return;
  for (const char* reg : {"._parameters[", "._buffers[", "._modules[", ".grad"})
    if (src->second.find(reg) != std::string::npos) return;
  // (Florence2's resume building its output record: `encoder_outputs.last_hidden_state is not None` guards that
  // tensor, real torch 2.11 recompiles on its size)
  wrap_prunable(t);
}


V Interp::size_of(const V& t, long long dim, long long dim_written, Location loc) {
  // a tensor the frame reaches from a source and reads only for its size (whisper's
  // `next(iter(kv_cache.values())).shape[1]`) is still wrapped: an input with its TENSOR_MATCH guard, so another size
  // recompiles (the placeholder is pruned when nothing uses it)
  if (tracing() && stack_.back()->ctx->mode == Mode::Record && stack_.back()->ctx->sources.count(t.get()) &&
      !stack_.back()->ctx->graph.tensor_node.count(t.get()))
    node_of(t);
  const TensorInfo& ti = *t->t;
  // a dimension whose symbol was specialized earlier in this frame is a constant now (no node)
  const std::map<std::string, long long>* spec = tracing() ? &stack_.back()->ctx->specialized : nullptr;
  auto live = [spec](const Dim& d) { return d.is_sym() && !(spec && sym_all_specialized(d.sym, *spec)); };
  // (one of its symbols specialized: the rest as sympy simplifies it, `(s38//s91)` once s91 is 1 is s38)
  auto one = [&live, spec](const Dim& d) {
    V v = mk_int(d.v);
    if (live(d)) v->sym = spec ? sym_with_values(d.sym, *spec) : d.sym;
    if (sym_free_symbols(v->sym).empty()) v->sym.clear();
    return v;
  };
  bool symbolic = false;
  if (dim >= static_cast<long long>(ti.shape.size())) error(Location{}, fmt::format("size({}) of a tensor of {} dimensions", dim, ti.shape.size()));
  if (dim >= 0) symbolic = live(ti.shape[static_cast<size_t>(dim)]);
  else for (auto& d : ti.shape) symbolic = symbolic || live(d);
  V r;
  std::vector<V> xs;
  int acc_shadow = -1;  // the whole read's `size()` shadow
  if (dim >= 0) r = one(ti.shape[static_cast<size_t>(dim)]);
  else for (auto& d : ti.shape) xs.push_back(one(d));
  // a frame input's whole size() while some dim is still free: its fake tensor's sizes are the SymInts it was wrapped
  // with, and a dim whose symbol was specialized since is a SymInt whose expression is now a number, a SymNodeVariable
  // with its getitem proxy (`getitem_3: "Sym(8)" = size_1[3]`, used as is), not a constant (real torch 2.11:
  // TensorVariable._method_size_stride, Non-local 3D's `y.view(b, c, *x.size()[2:])` after conv3d's channel check)
  if (dim < 0 && symbolic && spec && tracing() && stack_.back()->ctx->sources.count(t.get()))
    for (size_t i = 0; i < xs.size(); ++i)
      if (ti.shape[i].is_sym() && xs[i]->sym.empty()) xs[i]->sym = ti.shape[i].sym;
  if (symbolic && tracing()) {
    Graph& g = stack_.back()->ctx->graph;
    // (at the read's own line inside a statement of several, as CPython's positions give it: gaussian_diffusion's
    // `extract(table, t, x.shape) * x` on the second line of a `return (...)`)
    Location at = loc.line > 0 ? loc : Location{stack_.back()->cur_line, 0, stack_.back()->file};
    // Dynamo's proxies for the read, as shadows: `x.shape` is `size = x.size()` and an operator.getitem per
    // dimension (wrap_fx_proxy of a torch.Size), `x.size(d)` one call; its replacement pass folds them into
    // the input symbols, and they are dead code unless a specialization keeps them (specialize.cpp)
    auto shadow = [&](Node n, const V& tensor) {
      stamp_node(n, at);
      g.shadows.push_back(Shadow{std::move(n), g.nodes.size(), tensor});
      return static_cast<int>(g.shadows.size()) - 1;
    };
    auto sym_of = [](Node& n, const V& v) {
      n.sym_type = "Sym(" + v->sym + ")";
      n.sym_hint = v->i;
    };
    Node acc;
    acc.op = "call_method";
    acc.target = "size";
    acc.accessor = true;
    acc.args.push_back(Arg{});
    if (dim >= 0) acc.args.push_back(Arg{-1, std::to_string(dim_written == kDimAsRead ? dim : dim_written)});
    acc.name = g.unique_name("size");
    if (dim >= 0) sym_of(acc, r);
    int a = shadow(acc, t);
    if (dim < 0) acc_shadow = a;
    if (dim >= 0) {
      g.symint_shadow[r.get()] = a;
      keep_graph_value(r);
    } else {
      for (size_t i = 0; i < ti.shape.size(); ++i) {
        Node gi;
        gi.op = "call_function";
        gi.target = "getitem";
        Arg src;
        src.shadow = a;
        gi.args = {src, Arg{-1, std::to_string(i)}};
        gi.name = g.unique_name("getitem");
        if (xs[i]->sym.empty()) continue;
        sym_of(gi, xs[i]);
        g.symint_shadow[xs[i].get()] = shadow(gi, nullptr);
        keep_graph_value(xs[i]);
      }
    }
    // insert_deferred_runtime_asserts rebuilds a compound size of an intermediate tensor from the input
    // symbols where it is read (`mul_12 = 64 * s77`); unused, it is dead code
    if (dim >= 0) reify_sym(r->sym, at);
    else for (auto& x : xs) if (!x->sym.empty()) reify_sym(x->sym, at);
    // a read of sizes that are sums (`.shape` or one dim): insert_deferred_runtime_asserts rebuilds every size read of
    // an intermediate tensor from the input symbols at the read, and remove_unused_graphargs' DCE then drops dead
    // binary sym ops but never a `torch.sym_sum([...])` (its list argument is no symnode argument): each rebuilt sum
    // stays, used or not (ResNeSt's `batch, rchannel = x.shape[:2]`: the H and W nodes follow, dead; improved-diffusion's
    // len(h.shape); FastSpeech2's `pos_tensor.size(3) + 1` of 2*s - 1, ijepa's `len(x)` of a cat)
    std::vector<V> reads = dim < 0 ? xs : std::vector<V>{r};
    for (auto& x : reads) {
      if (!sym_is_sum(x->sym)) continue;
      int k = -1;
      if (auto it = g.reified_shadow.find(x->sym); it != g.reified_shadow.end()) k = it->second;  // (a sibling's)
      else if (auto a = reify_at_read(*this, x, g.symint_shadow.count(x.get()) ? g.symint_shadow[x.get()] : -1)) k = a->shadow;
      if (k >= 0) {
        g.shadows[static_cast<size_t>(k)].forced = true;
        g.shadows[static_cast<size_t>(k)].node.sym_compute = false;  // no dead-code removal for it
      }
    }
  }
  if (dim >= 0) return r;
  V tup = mk_tuple(xs);
  tup->size_tuple = true;
  // passed whole to an op (`v.expand(x.shape)`), the read is Dynamo's SizeVariable, whose proxy is the `size()` call
  if (acc_shadow >= 0) stack_.back()->ctx->size_reads[tup.get()] = {tup, acc_shadow};
  return tup;
}

int Interp::size_node(const V& size_tuple) {
  Activation& act = *stack_.back();
  Graph& g = act.ctx->graph;
  // a SizeVariable without a proxy of its own builds its `torch.Size([...])` node at each use (Normal.sample's
  // `loc.expand(shape), scale.expand(shape)`: size_1, size_2; program sym_size_expand_twice)
  Node n;
  n.op = "call_function";
  n.target = "torch.Size";
  Arg list;
  list.is_seq = true;
  for (auto& x : size_tuple->items) list.seq.push_back(sym_arg(x));
  n.args.push_back(list);
  n.name = g.unique_name("size");
  stamp_node(n, Location{act.cur_line, 0, act.file});
  g.nodes.push_back(n);
  int id = static_cast<int>(g.nodes.size()) - 1;
  return id;
}

std::string Interp::sym_expr(const std::string& op, const V& a, const V& b) {
  std::string x = a->sym.empty() ? py_repr(a) : a->sym, y = b->sym.empty() ? py_repr(b) : b->sym;
  // identities sympy folds whatever x is: x + 0, x - 0, 0 + x (`Min(256, s70) - 0` is the sym_min's expression)
  if ((op == "+" || op == "-") && b->sym.empty() && b->k == VK::Int && b->i == 0) return x;
  if (op == "+" && a->sym.empty() && a->k == VK::Int && a->i == 0) return y;
  // sums as sympy collects them: `s70 - s70` is 0 (a constant: ""), `2*s70 - 1`, `s70 + 32`
  if (op == "+" || op == "-") {
    auto la = parse_linear(x), lb = parse_linear(y);
    if (la && lb) return linear_str(linear_add(*la, *lb, op == "-" ? -1 : 1));
  }
  if (op == "*" && (a->sym.empty() || b->sym.empty())) {  // a number distributes over a sum (sympy's Mul)
    auto l = parse_linear(a->sym.empty() ? y : x);
    long long k = a->sym.empty() ? a->i : b->i;
    if (l && (a->sym.empty() ? a : b)->k == VK::Int) return linear_str(linear_scale(*l, k));
  }
  if (op == "//" && b->sym.empty() && b->k == VK::Int && b->i > 0) {
    // (s//a) - k*((s//(a*k))) is Mod((s//a), k), within [0, k - 1]: divided by d >= k it is 0, as torch's sympy finds
    // (UNet's `diffX // 2`, where diffX = x2.size(3) - x1.size(3) after a pooling and a stride-2 transposed conv)
    auto atom = [](const std::string& f, std::string& sym, long long& d) {
      if (sym_bare_symbol(f)) {  // a plain symbol is (s//1)
        sym = f;
        d = 1;
        return true;
      }
      size_t p = f.find("//");
      if (f.size() < 6 || f.front() != '(' || f.back() != ')' || p == std::string::npos) return false;
      sym = f.substr(1, p - 1);
      d = std::stoll(f.substr(p + 2, f.size() - p - 3));
      return d > 0;
    };
    auto l = parse_linear(x);
    if (l && l->c == 0 && l->terms.size() == 2) {
      const auto* pos = l->terms[0].second > 0 ? &l->terms[0] : &l->terms[1];
      const auto* neg = l->terms[0].second > 0 ? &l->terms[1] : &l->terms[0];
      std::string sa, sb;
      long long da = 0, db = 0, k = -neg->second;
      if (pos->second == 1 && k > 0 && pos->first.size() == 1 && neg->first.size() == 1 && atom(pos->first[0], sa, da) &&
          atom(neg->first[0], sb, db) && sa == sb && db == da * k && b->i >= k)
        return "0";
    }
  }
  if (op == "*" || op == "//") {  // monomials stay canonical (`4*s77`; `(64*s77)//s77` is 64)
    auto ma = parse_mono(x), mb = parse_mono(y);
    if (ma && mb) {
      if (op == "*") return mono_str(mono_mul(*ma, *mb));
      if (auto q = mono_div(*ma, *mb)) return q->syms.empty() ? "" : mono_str(*q);
    }
  }
  if (op == "*" && (sym_is_sum(x) || sym_is_sum(y))) return sym_product(x, y);  // `(a + 1)*(b + 1)`, sympy's order
  // a function of symbols times itself is sympy's power (`OpaqueUnaryFn_sqrt(ToFloat(s34))**2`: program rope_sqrt_shape)
  if (op == "*" && !a->sym.empty() && x == y && sym_call_atom(x, "")) return x + "**2";
  if (op == "*") return a->sym.empty() ? x + "*" + y : b->sym.empty() ? y + "*" + x : x + "*" + y;
  if (op == "//" && b->sym.empty() && b->k == VK::Int && b->i > 0)
    if (auto e = sym_floordiv(x, b->i, 0)) return *e;  // `(s53//2)`, not `((s53)//2)`
  // FloorDiv.eval: a floor division of a floor division by a number divides once by the product
  // (`(s27//2) // -2` is `(s27//(-4))`: timm's SAME padding of a strided conv)
  if (op == "//" && b->sym.empty() && b->k == VK::Int && b->i != 0 && sym_floor_atom(x)) {
    const std::string inner = x.substr(1, x.size() - 2);
    auto parts = split_top(inner, "//");
    if (parts.size() == 2) {
      std::string d = parts[1];
      while (d.size() > 2 && d.front() == '(' && d.back() == ')') d = d.substr(1, d.size() - 2);
      const bool num = !d.empty() && d.find_first_not_of("-0123456789") == std::string::npos && d.size() < 12;
      if (num) {
        const long long prod = std::stoll(d) * b->i;
        return "(" + parts[0] + "//" + (prod < 0 ? "(" + std::to_string(prod) + ")" : std::to_string(prod)) + ")";
      }
    }
  }
  if (op == "//") {
    // PythonPrinter's FloorDiv: each side parenthesized unless an atom (a symbol, a number, a function call such as
    // Max(...)); a floor division is no atom: `((s27 + 1)//((s55//8)))` (FocalNet's window count)
    auto wrap = [](const std::string& e) {
      if (std::all_of(e.begin(), e.end(), [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; })) return e;
      return sym_call_atom(e) ? e : "(" + e + ")";  // (one call, `Max(1, s27)`)
    };
    return "(" + wrap(x) + "//" + wrap(y) + ")";
  }
  // (_sympy_mod: Mod of two nonnegative sides, else PythonMod; a side that may be negative, `-2*s27**2`, is one
  // whose printed form is negated or whose lower bound is below 0: compressive-transformer's relative shift)
  if (op == "%") {
    auto maybe_negative = [](const std::string& e) {
      if (!e.empty() && e[0] == '-') return true;
      auto t = parse_sym(e);
      auto lb = t ? sym_lower_bound(*t) : std::nullopt;
      return lb && *lb < 0;
    };
    return (maybe_negative(x) || maybe_negative(y) ? "PythonMod(" : "Mod(") + x + ", " + y + ")";
  }
  // a Mod atom inside a sum is parenthesized, as sympy prints it (SwinIR's `4 - (Mod(s53, 4))`)
  auto atom = [](const std::string& e) {  // (`Mod(a) + ...`: no atom)
    return sym_call_atom(e, "Mod") || sym_call_atom(e, "PythonMod") ? "(" + e + ")" : e;
  };
  if (op == "+" || op == "-") return atom(x) + " " + op + " " + atom(y);
  return x + " " + op + " " + y;
}

static bool plain_symbol(const std::string& e) { return sym_bare_symbol(e); }  // an input's symbol, not computed

void Interp::sym_compute_node(const std::string& op, const V& a, const V& b, const V& r, Location loc) {
  static const std::map<std::string, std::string> names = {
      {"+", "add"}, {"-", "sub"}, {"*", "mul"}, {"//", "floordiv"}, {"%", "mod"}, {"**", "pow"}};
  auto nm = names.find(op);
  if (nm == names.end()) return;
  sym_node(nm->second, op, true, {a, b}, r, loc);
}

void Interp::sym_node(const std::string& name, const std::string& target, bool infix, const std::vector<V>& args,
                      const V& r, Location loc) {
  if (!tracing() || (r->k != VK::Int && !((r->k == VK::Float || r->k == VK::Bool) && !r->sym.empty()))) return;  // a SymInt / SymFloat / SymBool
  Activation& act = *stack_.back();
  Graph& g = act.ctx->graph;
  Node n;
  n.op = "call_function";
  n.target = target;
  n.infix = infix;
  n.sym_compute = true;
  for (const auto& a : args) n.args.push_back(a->k == VK::Tuple || a->k == VK::List ? to_arg(a) : sym_arg(a));
  n.name = g.unique_name(name);
  n.sym_type = "Sym(" + (r->sym.empty() ? std::to_string(r->i) : r->k == VK::Bool ? sym_relation_sympy(r->sym) : r->sym) + ")";
  if (r->k == VK::Float) r->sym_node = static_cast<int>(g.nodes.size());  // a tensor op's operand (torch_ops.cpp)
  n.sym_hint = r->k == VK::Bool ? r->b : r->i;
  if (r->k == VK::Float) n.sym_fhint = r->f;
  keep_graph_value(r);
  stamp_node(n, loc);
  if (!r->sym.empty()) {
    // folded by the replacement pass (the input symbol's placeholder, or an earlier node of the expression);
    // Dynamo's node is kept as a shadow for a specialization (specialize.cpp)
    bool folded = plain_symbol(r->sym);
    auto it = g.sym_proxy.find(r->sym);
    if (!folded && it != g.sym_proxy.end()) {
      g.symint_node[r.get()] = it->second;
      if (r->k == VK::Float) r->sym_node = it->second;  // (not the next node: a SymFloat operand is its earlier node)
      folded = true;
    }
    // the same expression as an operand that is a size read's shadow (`padded.shape[-1] - 0`, a size the pass
    // cannot rebuild): the pass maps the node onto that read, whose proxy the result then is (program pad_reflect_shape)
    int same_read = -1;
    if (!folded)
      for (const auto& x : args)
        if (x->k == VK::Int && x->sym == r->sym && !g.symint_node.count(x.get()))
          if (auto sh = g.symint_shadow.find(x.get()); sh != g.symint_shadow.end()) same_read = sh->second;
    // an expression a size read rebuilt earlier (`x.shape[1]` of ((s23//8))*((s25//8)) + 1 rebuilt `s23 // 8`): the
    // pass keeps that first proxy, the frame's own `w // 8` later is replaced by it (DINO's interpolate_pos_encoding)
    if (!folded && same_read < 0)
      if (auto rs = g.reified_shadow.find(r->sym); rs != g.reified_shadow.end()) {
        same_read = rs->second;
        act.ctx->direct_shadows = true;
      }
    if (folded || same_read >= 0) {
      g.shadows.push_back(Shadow{n, g.nodes.size(), nullptr});
      g.symint_shadow[r.get()] = same_read >= 0 ? same_read : static_cast<int>(g.shadows.size()) - 1;
      return;
    }
  }
  g.nodes.push_back(n);
  int id = static_cast<int>(g.nodes.size()) - 1;
  if (!r->sym.empty()) g.sym_proxy[r->sym] = id;
  g.symint_node[r.get()] = id;
}

V Interp::numel_of(const V& t) {
  const TensorInfo& ti = *t->t;
  const std::map<std::string, long long>* spec = tracing() ? &stack_.back()->ctx->specialized : nullptr;
  long long n = 1;
  bool symbolic = false;
  for (auto& d : ti.shape) {
    n *= d.v;
    symbolic = symbolic || (d.is_sym() && !(spec && sym_all_specialized(d.sym, *spec)));
  }
  V r = mk_int(n);
  if (!symbolic || !tracing()) return r;
  // Tensor.numel() of a dynamic tensor: a call_method node whose value is the product of the sizes (`Sym(8*s77)`);
  // only the expression is built here, the hint is n
  V acc = mk_int(1);
  for (auto& d : ti.shape) {
    V x = mk_int(d.v);
    if (d.is_sym()) x->sym = d.sym;
    std::string e = acc->sym.empty() && acc->i == 1 ? x->sym : sym_expr("*", acc, x);
    acc = mk_int(acc->i * x->i);
    acc->sym = e;
  }
  r->sym = acc->sym;
  Activation& act = *stack_.back();
  Graph& g = act.ctx->graph;
  // torch 2.11 keeps the call only on a graph input (`numel = l_x_.numel();  l_x_ = numel = None`); on a tensor
  // the graph computed (diffusers' Upsample2D: `hidden_states.numel() * scale_factor > pow(2, 31)`) no call
  // remains: the value is its expression (device runs of both shapes)
  int src = node_of(t);
  if (src < 0 || g.nodes[static_cast<size_t>(src)].op != "placeholder") {
    // of a tensor the graph computed, insert_deferred_runtime_asserts rebuilds the value from the input symbols at the
    // call, as it does a size read: a product is a dead binary op that DCE drops, a sum is a `torch.sym_sum([...])`
    // that stays (MPT's cache: `self.keys.numel()` after the update's cat is `torch.sym_sum([64, numel])`)
    if (sym_is_sum(r->sym) && !g.reified_shadow.count(r->sym))
      if (auto a = reify_at_read(*this, r, -1); a && a->shadow >= 0) {
        g.shadows[static_cast<size_t>(a->shadow)].forced = true;
        g.shadows[static_cast<size_t>(a->shadow)].node.sym_compute = false;  // no dead-code removal for it
      }
    return r;
  }
  // and only for an expression no node of the graph has bound yet: a second numel() of that input (transformers'
  // DynamicLayer.get_seq_length, three times per decoding step) or of a tensor of the same size reuses the first
  // node (device probe: three x.numel() leave one `numel = l_x_.numel()`; `z = x + 1; z.numel()` adds to that one)
  if (auto bound = g.sym_proxy.find(r->sym); bound != g.sym_proxy.end()) {
    g.symint_node[r.get()] = bound->second;
    keep_graph_value(r);
    return r;
  }
  Node node;
  node.op = "call_method";
  node.target = "numel";
  node.args.push_back(Arg{src, ""});
  node.name = g.unique_name("numel");
  node.sym_type = "Sym(" + r->sym + ")";
  node.sym_hint = r->i;
  stamp_node(node, Location{act.cur_line, 0, act.file});
  g.nodes.push_back(node);
  int id = static_cast<int>(g.nodes.size()) - 1;
  if (!g.sym_proxy.count(r->sym)) g.sym_proxy[r->sym] = id;
  g.symint_node[r.get()] = id;
  keep_graph_value(r);
  return r;
}

void Interp::sym_method_node(const std::string& name, const std::string& method, const V& self, const V& r, Location loc) {
  if (!tracing()) return;
  Graph& g = stack_.back()->ctx->graph;
  size_t before = g.nodes.size();
  sym_node(name, method, false, {self}, r, loc);
  if (g.nodes.size() > before) g.nodes.back().op = "call_method";  // printed `self.method()`
}

std::string Interp::symfloat_expr(const std::string& op, const V& a, const V& b) {
  // sympy's print of a float expression: an int operand is ToFloat(...) or a float literal, a number multiplies
  // from the left (`0.5*ToFloat(s77)`) and adds on the right (`... + 1.0`), a power is FloatPow(base, exp)
  auto fl = [](const V& v) -> std::string {
    if (!v->sym.empty()) return v->k == VK::Float ? v->sym : "ToFloat(" + v->sym + ")";
    return sympy_float_str(v->k == VK::Float ? v->f : static_cast<double>(v->k == VK::Bool ? v->b : v->i));
  };
  auto wrap = [](const std::string& e) { return e.find(' ') == std::string::npos ? e : "(" + e + ")"; };
  std::string x = fl(a), y = fl(b);
  if (op == "**") return "FloatPow(" + x + ", " + y + ")";
  // sympy's Add: a zero term leaves the other as it is (`0 + p` of a defaultdict(int)'s first `+=`), and like terms
  // collect, `X + X` is `2*X`, `2*X + X` is `3*X` (XMem's `losses['p'] += p / b / (t-1)`, real torch 2.11)
  auto zero = [](const V& v) { return v->sym.empty() && ((v->k == VK::Int && v->i == 0) || (v->k == VK::Float && v->f == 0.0)); };
  if (op == "+" && zero(a) && !b->sym.empty()) return y;
  if ((op == "+" || op == "-") && zero(b) && !a->sym.empty()) return x;
  if (op == "+" && !a->sym.empty() && !b->sym.empty()) {
    // (a term as coefficient and atom: `3*(FloatTrueDiv(...))` is (3, FloatTrueDiv(...)); an atom alone is (1, atom))
    auto term = [](const std::string& e, long long& k) -> std::string {
      k = 1;
      size_t star = e.find("*(");
      if (star != std::string::npos && star > 0 && e.back() == ')' &&
          e.find_first_not_of("0123456789") == star) {
        k = std::stoll(e.substr(0, star));
        return e.substr(star + 2, e.size() - star - 3);
      }
      return e;
    };
    long long ka = 1, kb = 1;
    const std::string ta = term(x, ka), tb = term(y, kb);
    if (ta == tb && (sym_call_atom(ta, "FloatTrueDiv") || sym_call_atom(ta, "IntTrueDiv")))
      return std::to_string(ka + kb) + "*(" + ta + ")";
  }
  // torch's IntTrueDiv / FloatTrueDiv print below Add (their `precedence = 35`): a term of a sum is parenthesized
  // (`1.0 - (FloatTrueDiv(0.0001, zf9 + 0.0001))`)
  auto low = [](const std::string& e) {
    return sym_call_atom(e, "FloatTrueDiv") || sym_call_atom(e, "IntTrueDiv") ? "(" + e + ")" : e;
  };
  if (op == "+" || op == "-") x = low(x), y = low(y);
  if (op == "*" && !a->sym.empty() && x == y && sym_call_atom(x, "")) return x + "**2";  // (sympy's Pow)
  if (op == "*") return b->sym.empty() ? y + "*" + wrap(x) : a->sym.empty() ? x + "*" + wrap(y) : wrap(x) + "*" + wrap(y);
  if (op == "+" && a->sym.empty()) return y + " + " + x;
  return x + " " + op + " " + y;
}

std::string Interp::truediv_expr(const V& a, const V& b) {
  // SymNode.truediv as sympy prints it: ints divide as IntTrueDiv, a float on either side makes both floats
  auto expr = [](const V& v) { return v->sym.empty() ? py_repr(v) : v->sym; };
  if (a->k == VK::Int && b->k == VK::Int) return "IntTrueDiv(" + expr(a) + ", " + expr(b) + ")";
  auto fl = [&](const V& v) {
    if (v->k == VK::Float) return expr(v);
    return v->sym.empty() ? py_repr(mk_float(static_cast<double>(v->i))) : "ToFloat(" + v->sym + ")";
  };
  return "FloatTrueDiv(" + fl(a) + ", " + fl(b) + ")";
}

int Interp::reify_sym(const std::string& expr, Location loc) {
  FrameCtx& ctx = *stack_.back()->ctx;
  Graph& g = ctx.graph;
  auto it = g.sym_proxy.find(expr);
  if (it != g.sym_proxy.end()) return it->second;
  auto in = ctx.int_inputs.find(expr);
  if (in != ctx.int_inputs.end()) {
    // a dynamic int input becomes a graph input where the trace first uses it: `L_n_: "Sym(s86)"`, then
    // `l_n_ = L_n_` (the placeholder takes the source's name as a tensor input's does)
    const std::string& src = in->second;
    // (Dynamo's name is re.sub("[^a-zA-Z0-9]+", "_", source.name()): `L['n']` -> L_n_, `L['self'].it` -> L_self_it)
    size_t br = src.find_first_of(".[");
    std::string full = "L['" + src.substr(0, br) + "']" + (br == std::string::npos ? "" : src.substr(br)), ident;
    for (char c : full) {
      if (std::isalnum(static_cast<unsigned char>(c))) ident += c;
      else if (ident.empty() || ident.back() != '_') ident += '_';
    }
    Node n;
    n.op = "placeholder";
    n.placeholder_src = ident;
    std::string lower = ident;  // (the local is the source name lower-cased, as a tensor's: `l_t_ = L_T_`)
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    n.name = g.unique_name(lower);
    n.sym_type = "Sym(" + expr + ")";
    n.sym_hint = ctx.sym_info.count(expr) ? ctx.sym_info[expr].second : 0;
    g.nodes.push_back(n);
    int id = static_cast<int>(g.nodes.size()) - 1;
    g.sym_proxy[expr] = id;
    return id;
  }
  // FloorDiv(s, k), a window's output size (`(s53//2)` after max_pool2d(x, 2)): `floordiv = s53 // 2`
  // a symbolic divisor is its own node first (TSM's view split: `(s77//((s77//4)))` is `s77 // floordiv`)
  if (auto t = expr.size() > 5 && expr.front() == '(' ? parse_sym(expr) : std::nullopt;
      t && t->k == SymTree::K::FloorDiv && t->kids[0].k == SymTree::K::Sym) {
    const std::string& num = t->kids[0].text;
    std::optional<Arg> den;
    if (t->kids.size() == 1) den = Arg{-1, std::to_string(t->n)};
    else if (t->kids[1].k == SymTree::K::Sym || t->kids[1].k == SymTree::K::FloorDiv)
      if (int d = reify_sym(t->kids[1].text, loc); d >= 0) den = Arg{d, ""};
    if (den) {
      Node n;
      n.op = "call_function";
      n.target = "//";
      n.infix = true;
      n.sym_compute = true;
      n.reified = true;  // named when the graph is done, as torch names the nodes it rebuilds from sympy
      auto ph = g.sym_proxy.find(num);  // the symbol's placeholder: a use of it (its deletion follows the last)
      n.args = {ph != g.sym_proxy.end() ? Arg{ph->second, ""} : Arg{-1, num}, *den};
      n.sym_type = "Sym(" + expr + ")";
      stamp_node(n, loc);
      g.nodes.push_back(n);
      int id = static_cast<int>(g.nodes.size()) - 1;
      g.sym_proxy[expr] = id;
      return id;
    }
  }
  auto m = parse_mono(expr);
  if (!m || m->syms.empty() || (m->c == 1 && m->syms.size() == 1)) return -1;
  // sympy's Mul(64, s77) lowered left to right: `64 * s77`, then `* s91`; a floor-division factor is its node
  auto factor = [&](const std::string& f) {
    if (f.front() == '(') { int id = reify_sym(f, loc); if (id >= 0) return Arg{id, ""}; }
    if (auto ph = g.sym_proxy.find(f); ph != g.sym_proxy.end()) return Arg{ph->second, ""};  // a use of its placeholder
    return Arg{-1, f};
  };
  // (a repeated symbol is sympy's Pow: `pow_1 = s27 ** 2`, then `2 * pow_1`; real torch 2.11's rebuilt
  // `2*s27**2` of compressive-transformer's relative shift)
  std::vector<std::pair<std::string, int>> groups;
  for (const std::string& f : m->syms) {
    if (!groups.empty() && groups.back().first == f) ++groups.back().second;
    else groups.push_back({f, 1});
  }
  if (m->c == 1 && groups.size() == 1 && groups[0].second == 1) return -1;
  auto node = [&](const char* op, Arg a, Arg b, const std::string& type) {
    Node n;
    n.op = "call_function";
    n.target = op;
    n.infix = true;
    n.sym_compute = true;
    n.reified = true;
    n.args = {std::move(a), std::move(b)};
    n.sym_type = "Sym(" + type + ")";
    stamp_node(n, loc);
    g.nodes.push_back(n);
    return static_cast<int>(g.nodes.size()) - 1;
  };
  auto group_arg = [&](const std::pair<std::string, int>& gr) {
    if (gr.second == 1) return factor(gr.first);
    const std::string pe = mono_str(SymMono{1, std::vector<std::string>(static_cast<size_t>(gr.second), gr.first)});
    if (auto p = g.sym_proxy.find(pe); p != g.sym_proxy.end()) return Arg{p->second, ""};
    const int pid = node("**", factor(gr.first), Arg{-1, std::to_string(gr.second)}, pe);
    g.sym_proxy[pe] = pid;
    return Arg{pid, ""};
  };
  Arg cur = m->c == 1 ? group_arg(groups[0]) : Arg{-1, std::to_string(m->c)};
  SymMono part{m->c == 1 ? 1 : m->c, {}};
  if (m->c == 1) part.syms.insert(part.syms.end(), static_cast<size_t>(groups[0].second), groups[0].first);
  int id = cur.node;
  for (size_t i = m->c == 1 ? 1 : 0; i < groups.size(); ++i) {
    SymMono more{1, std::vector<std::string>(static_cast<size_t>(groups[i].second), groups[i].first)};
    Arg rhs = group_arg(groups[i]);
    part = mono_mul(part, more);
    id = node("*", cur, rhs, mono_str(part));
    cur = Arg{id, ""};
  }
  g.sym_proxy[expr] = id;
  return id;
}


Arg Interp::sym_arg(const V& v) {
  Arg a;
  // a tensorified float's item (its node in this graph: an index from a dropped speculative trace is stale)
  if (v->k == VK::Float && v->sym_node >= 0 && tracing() &&
      static_cast<size_t>(v->sym_node) < stack_.back()->ctx->graph.nodes.size()) { a.node = v->sym_node; return a; }
  if ((v->k == VK::Int || (v->k == VK::Float && !v->sym.empty())) && tracing()) {
    Graph& g = stack_.back()->ctx->graph;
    auto sh = g.symint_shadow.find(v.get());
    if (sh != g.symint_shadow.end()) a.shadow = sh->second;
    auto it = g.symint_node.find(v.get());
    if (it != g.symint_node.end()) { a.node = it->second; return a; }
    // a value folded onto a size read's rebuilt expression (sym_node): that proxy, not a node of its own
    if (a.shadow >= 0 && static_cast<size_t>(a.shadow) < g.shadows.size() && g.shadows[static_cast<size_t>(a.shadow)].node.reified) {
      stack_.back()->ctx->direct_shadows = true;
      return a;
    }
    if (!v->sym.empty()) {
      // a symbol the ShapeEnv replaced is its replacement's placeholder, where the graph has one (shape_arg_forms)
      if (auto c = g.canon(v->sym); c != v->sym && g.sym_proxy.count(c)) { a.node = g.sym_proxy[c]; return a; }
      // an input symbol is its placeholder (registered in sym_proxy where it is made); a compound size is rebuilt
      int id = reify_sym(v->sym, Location{stack_.back()->cur_line, 0, stack_.back()->file});
      if (id >= 0) { a.node = id; return a; }
      // a sum with floor divisions (a strided conv's `(((s53 - 3)//2)) + 1`): rebuilt where the size was read
      if (auto r = reify_at_read(*this, v, a.shadow)) {
        Arg out = *r;
        out.own_read = a.shadow;
        return out;
      }
      // a size the pass cannot rebuild from the input symbols (CeilToInt, IntTrueDiv: audiocraft's reflect-padded
      // length read back): Dynamo's own proxy stays, the read's `size = padded.size()` and its getitem
      if (a.shadow >= 0) {
        stack_.back()->ctx->direct_shadows = true;
        return a;
      }
    }
  }
  a.lit = py_repr(v);  // an int, or a symbol without a placeholder, prints as itself
  return a;
}


}  // namespace tparse::compiler
