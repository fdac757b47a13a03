// Specialization of a symbol mid-trace. When Dynamo needs a Python int from a SymInt (`range(n)`) or a
// branch decides `n == 12`, the ShapeEnv replaces the symbol by its value from then on
// (symbolic_shape_specialization, reason range_refined_to_singleton). The graph keeps what was traced
// before: the size reads (`size = l_x_.size()`, `getitem_1: "Sym(12)" = size[1]`) and SymInt arithmetic
// (`mul: "Sym(12)" = 1 * getitem_1`) that the replacement pass would have folded into the input symbol's
// placeholder stay, because their expressions are constants now; annotations print the value; the symbol's
// placeholder goes when unused, and the frame's tensor guards become static in that dimension.
// The tracer makes those nodes as shadows (graph.hpp) and Graph::specialize lets them in at the end.
#include <fmt/format.h>

#include <cmath>

#include <algorithm>
#include <cctype>
#include <functional>
#include <limits>

#include "runtime/interp.hpp"
#include "torch/symbols/sym_expr.hpp"
#include "torch/graph.hpp"
#include "torch/symbols/sym_mono.hpp"
#include "torch/symbols/sym_bool.hpp"
#include "torch/keep_alive.hpp"

namespace tparse::compiler {

const Activation& guard_frame(const Interp& I, Location loc) {
  size_t k = I.stack_.size();
  while (k > 1 && I.stack_[k - 1]->file != loc.file && I.is_stub(I.stack_[k - 1]->file)) --k;
  return *I.stack_[k - 1];
}

void Interp::specialize_symbol(const std::string& expr_in, Location loc, bool evaluate_expr, const char* site) {
  if (!tracing()) return;
  FrameCtx& ctx = *stack_.back()->ctx;
  // a sum of sizes whose other symbols are already specialized is linear in the one left (ShapeEnv's replacements:
  // `s40 + s7 + 1024` once s40 is 16 is `s7 + 1040`, solved for s7: XMem's fuser conv over a cat of a key readout
  // and a hidden state)
  std::string expr = expr_in;
  if (auto fs0 = sym_free_symbols(expr_in); fs0.size() > 1 && expr_in.find(" == ") == std::string::npos &&
                                            expr_in.find(" != ") == std::string::npos && !sym_float_expr(expr_in)) {
    const std::string reduced = sym_with_values(expr_in, ctx.specialized);
    if (sym_free_symbols(reduced).size() == 1 && parse_linear(reduced)) expr = reduced;
  }
  auto fs = sym_free_symbols(expr);
  // Eq(expr, value) solves for the symbol when expr is linear in one symbol (ShapeEnv._maybe_guard_rel,
  // try_solve); with more symbols, or under a floor division or modulus (`(s70 + 255)//256`, whose guard
  // only narrows s70's range), it stays a guard
  // (a function of it: `TruncToInt(OpaqueUnaryFn_log2(...))`, mamba.py's `range(int(math.log2(L)) - 2)`, too)
  bool solvable = false;
  std::string side = expr;  // (of a decided equality `s27 == 12`, the side with the symbol)
  for (const char* rel : {" == ", " != "})
    if (size_t at = expr.find(rel); at != std::string::npos)
      side = sym_free_symbols(expr.substr(0, at)).empty() ? expr.substr(at + 4) : expr.substr(0, at);
  // a SymFloat (`IntTrueDiv(s27, 7)`: H / 7; `FloatTrueDiv(ToFloat(s51), 100000.0)`) evaluated: try_solve cannot invert
  // a true division, so no replacement; a guard on its value (video-swin's `int(np.ceil(H / 7))`, DrQ-v2's
  // `np.clip(step / duration, 0.0, 1.0)`: torch._numpy's as_tensor of the SymFloat)
  if (sym_float_expr(side)) {
    sym_equal_guard(side, loc, evaluate_expr, site);
    return;
  }
  if (auto lin = parse_linear(side); lin && fs.size() == 1) {
    solvable = true;
    for (const auto& term : lin->terms) solvable = solvable && term.first.size() == 1 && sym_bare_symbol(term.first[0]);
  }
  for (const char* op : {"//", "Mod(", "%", "**", "Max(", "Min(", "sqrt", "/"})
    if (expr.find(op) != std::string::npos) solvable = false;
  if (!solvable) {
    // (a sum of sizes with several symbols: ShapeEnv._maybe_guard_rel replaces the one of the largest hint by an
    // expression of the others, so it is known once they are: XMem's fuser conv, `s40 + s7 + 1024 == 1072` before
    // s40 = 16)
    if (auto lin = parse_linear(side); lin && fs.size() > 1 && side == expr) {
      bool unit = true;
      for (const auto& term : lin->terms) unit = unit && term.first.size() == 1 && sym_bare_symbol(term.first[0]);
      for (const char* op : {"//", "Mod(", "%", "**", "Max(", "Min(", "sqrt", "/"}) unit = unit && side.find(op) == std::string::npos;
      if (unit) ctx.deferred_linear.push_back(side);
    }
    // (a decided equality guards its symbolic side's value: `(1 + self.training_steps) % 2 == 0`)
    sym_equal_guard(side, loc, evaluate_expr, site);
    return;
  }
  if (ctx.specialized.count(fs[0])) return;
  auto info = ctx.sym_info.find(fs[0]);
  if (info == ctx.sym_info.end()) return;  // not an input size of this frame
  ctx.specialized[fs[0]] = info->second.second;
  const Activation& act = guard_frame(*this, loc);
  const int line = loc.line > 0 && loc.file == act.file ? loc.line : act.cur_line;
  std::vector<StackFrame> us{StackFrame{line, act.fn ? act.fn->name : "<module>", path_of(act.file), code_line(act.file, line, true)}};
  auto record = [&](const std::string& sym, const std::string& src, const char* reason) {
    writer_.emit("torch/fx/experimental/symbolic_shapes.py:7098", "symbolic_shape_specialization",
                 fmt::format("{{\"symbol\": \"{}\", \"sources\": [{}], \"value\": \"{}\", \"reason\": \"{}\", "
                             "\"user_stack\": {}}}",
                             sym, json_escape(src), info->second.second, reason, writer_.stack_json(us)),
                 TraceCtx{ctx.frame_id, ctx.frame_compile_id, ctx.attempt});
  };
  record(fs[0], info->second.first, "range_refined_to_singleton");
  // a symbol an op replaced by this one (ShapeEnv.replacements: `t.reshape(B, ...)` unified x's batch with t's) is that
  // value too (ShapeEnv._find, reason "find"): every tensor over it is static from here
  for (const auto& [from, to] : ctx.graph.replacements) {
    if (from == fs[0] || ctx.graph.canon(from) != fs[0] || ctx.specialized.count(from)) continue;
    auto fi = ctx.sym_info.find(from);
    if (fi == ctx.sym_info.end()) continue;
    ctx.specialized[from] = info->second.second;
    record(from, fi->second.first, "find");
  }
  fold_graph_values(ctx.graph, ctx.specialized);
  // a deferred sum now linear in one symbol is that symbol's value (ShapeEnv._find through the replacement)
  std::vector<std::string> now;
  std::erase_if(ctx.deferred_linear, [&](const std::string& e) {
    const std::string reduced = sym_with_values(e, ctx.specialized);
    const size_t n = sym_free_symbols(reduced).size();
    if (n == 1) now.push_back(reduced);
    return n <= 1;
  });
  for (const std::string& e : now) specialize_symbol(e, loc);
}

// A symbol's source as a recompile reason prints it: `L['x'].size()[1]` -> `x.size()[1]`
static std::string reason_source(std::string src) {
  if (src.rfind("L['", 0) == 0) {
    size_t e = src.find("']");
    src = src.substr(3, e - 3) + src.substr(e + 2);
  }
  return src;
}

void Interp::contiguity_guard(const TensorInfo& t, Location loc) {
  if (!tracing() || t.stride.size() != t.shape.size()) return;
  if (std::none_of(t.shape.begin(), t.shape.end(), [](const Dim& d) { return d.is_sym(); })) return;
  FrameCtx& ctx = *stack_.back()->ctx;
  std::string expected = "1";  // the product of the sizes inside, as an expression
  long long hint = 1;
  for (size_t i = t.shape.size(); i-- > 0;) {
    const Dim& x = t.shape[i];
    const Dim& y = t.stride[i];
    if (!x.is_sym() && x.v == 1) continue;  // (a size that is 1: its stride is not checked)
    const std::string ys = y.is_sym() ? y.sym : std::to_string(y.v);
    const std::string xs = x.is_sym() ? x.sym : std::to_string(x.v);
    if (ys != expected) {
      // a constant stride against a symbolic expected stride: equal by the hints, Eq(expected, stride) specializes its
      // symbol (the later uses are numbers: CORL's second block slices its mask [:12]); else Ne(expected, stride), the
      // check's answer (False) kept. A symbolic stride is left
      if (y.is_sym() || sym_free_symbols(expected).empty()) return;
      if (y.v == hint) {
        if (sym_free_symbols(expected).size() == 1) specialize_symbol(expected, loc);
        return;
      }
      auto tree = parse_sym(expected);
      if (!tree) return;
      std::map<std::string, std::string> srcs;
      for (const std::string& s : sym_free_symbols(expected)) {
        if (ctx.specialized.count(s)) return;
        auto info = ctx.sym_info.find(s);
        if (info == ctx.sym_info.end()) return;
        srcs[s] = reason_source(info->second.first);
      }
      for (const auto& g : ctx.sym_eqs) if (g.ne && g.expr == expected && g.value == y.v) return;
      const Activation& act = guard_frame(*this, loc);
      const int line = loc.line > 0 && loc.file == act.file ? loc.line : act.cur_line;
      std::string text = fmt::format("({}) != {}  {} (_prims_common/__init__.py:283 in check_contiguous_sizes_strides)",
                                     sym_python(*tree, srcs), y.v, guard_comment(Location{line, 0, act.file}));
      CacheEntry::SymEq eq{expected, srcs, y.v, text};
      eq.ne = true;
      ctx.sym_eqs.push_back(eq);
      return;
    }
    expected = expected == "1" ? xs : fmt::format("({})*({})", expected, xs);
    hint *= x.v;
  }
}

void Interp::sym_equal_guard(const std::string& expr, Location loc, bool evaluate_expr, const char* site) {
  FrameCtx& ctx = *stack_.back()->ctx;
  auto tree = parse_sym(expr);
  if (!tree) return;
  if (pin_float_expr(expr, std::nullopt, loc, site)) return;
  const bool real = sym_float_expr(expr);
  std::map<std::string, long long> values;
  std::map<std::string, std::string> srcs;
  for (const std::string& s : sym_free_symbols(expr)) {
    if (auto sp = ctx.specialized.find(s); sp != ctx.specialized.end()) { values[s] = sp->second; continue; }
    auto info = ctx.sym_info.find(s);
    if (info == ctx.sym_info.end()) return;  // not only input sizes of this frame
    values[s] = info->second.second;
    srcs[s] = reason_source(info->second.first);
  }
  CacheEntry::SymEq eq{expr, srcs, 0, ""};
  eq.real = real;
  std::string value;  // the guarded value as the guard prints it (a float: Python's repr)
  if (real) {
    auto fv = sym_eval_real(expr, values);
    if (!fv) return;
    eq.fvalue = *fv;
    value = py_repr(mk_float(*fv));
  } else {
    auto v = sym_eval(*tree, values);
    if (!v) return;
    eq.value = *v;
    value = std::to_string(*v);
  }
  if (srcs.empty()) return;
  for (const auto& g : ctx.sym_eqs) if (g.expr == expr) return;
  const Activation& act = guard_frame(*this, loc);
  const int line = loc.line > 0 && loc.file == act.file ? loc.line : act.cur_line;
  if (!site) site = evaluate_expr ? "_dynamo/variables/tensor.py:1951 in evaluate_expr" : "_dynamo/utils.py:3907 in run_node";
  // (a float's guard prints its side in parentheses, a relation's operand below a division's precedence:
  // `(x.size()[1] / 7) == 1.4285714285714286`)
  const std::string lhs = real ? "(" + sym_python(*tree, srcs) + ")" : sym_python(*tree, srcs);
  eq.text = fmt::format("{} == {}  {} ({})", lhs, value, guard_comment(Location{line, 0, act.file}), site);
  ctx.sym_eqs.push_back(eq);
}

bool replacement_keeps_range(const FrameCtx& ctx, const std::string& bare, const std::string& target) {
  // a symbol's least value: a size's is 2 (0 and 1 specialize), an int input's unbounded
  constexpr long long kUnbounded = std::numeric_limits<long long>::min();
  auto least = [&](const std::string& s) -> long long {
    auto it = ctx.sym_info.find(s);
    if (it == ctx.sym_info.end()) return kUnbounded;
    const std::string& src = it->second.first;
    return src.find(".size()") != std::string::npos || src.find(".stride()") != std::string::npos ? 2 : kUnbounded;
  };
  const long long want = least(bare);
  if (want == kUnbounded) return true;
  auto lin = parse_linear(target);
  if (!lin) return false;
  long long lo = lin->c;
  for (const auto& [syms, coef] : lin->terms) {
    if (coef < 0) return false;  // unbounded above, so the term is unbounded below
    long long m = coef;
    for (const std::string& f : syms) {
      const long long l = least(f);
      if (l == kUnbounded || l < 0) return false;
      m *= l;
    }
    lo += m;
  }
  return lo >= want;
}

// A branch that decided `A == B` with symbols on both sides (CGCNN's `assert sum(len(m) for m in idx) == x.shape[0]`):
// ShapeEnv._maybe_guard_rel solves Eq(A, B) for its free symbols in order of (hint, name), the largest first, and
// replaces the first it can solve for: a bare symbol that has the largest hint stands for the other side from then on
// (`s27` -> `s42 + s49 + s83 + 7`); two bare symbols of one value, the later name for the earlier. Otherwise a guard.
void sym_equal_replacement(Interp& I, const std::string& a, const std::string& b) {
  if (!I.tracing()) return;
  FrameCtx& ctx = *I.stack_.back()->ctx;
  Graph& g = ctx.graph;
  const std::string ca = g.canon(a), cb = g.canon(b);
  if (ca == cb) return;
  const bool ba = sym_bare_symbol(ca), bb = sym_bare_symbol(cb);
  auto hint = [&](const std::string& s) -> long long {
    auto it = ctx.sym_info.find(s);
    return it == ctx.sym_info.end() ? -1 : it->second.second;
  };
  if (ba && bb) {
    if (hint(ca) < 0 || hint(cb) < 0) return;
    const auto ka = std::make_pair(hint(ca), ca), kb = std::make_pair(hint(cb), cb);
    g.replacements[std::max(ka, kb).second] = std::min(ka, kb).second;
    return;
  }
  if (ba == bb) return;
  const std::string& bare = ba ? ca : cb;
  const std::string& other = ba ? cb : ca;
  auto lin = parse_linear(other);
  if (!lin || hint(bare) < 0) return;
  for (const auto& term : lin->terms)
    if (term.first.size() != 1 || term.second != 1 || !sym_bare_symbol(term.first[0])) return;  // solvable with integer terms
  for (const std::string& f : sym_free_symbols(other))
    if (f == bare || hint(f) < 0 || std::make_pair(hint(f), f) > std::make_pair(hint(bare), bare)) return;
  if (!replacement_keeps_range(ctx, bare, other)) return;
  g.replacements[bare] = other;
}

void Interp::sym_relation_guard(const std::string& expr, bool holds, Location loc) {
  if (!tracing()) return;
  FrameCtx& ctx = *stack_.back()->ctx;
  // `<symbol> <op> <int>` or `<int> <op> <symbol>`, the symbol an input size of this frame
  auto rel = parse_sym_relation(expr);
  if (!rel) return;
  std::string op = rel->op;
  const std::string &l = rel->lhs, &r = rel->rhs;
  // an (in)equality: a decided equality is a replacement or a specialization (truthy); one found unequal guards
  // Ne(a, b) (`x.shape != (2, 6)` at another width; sizes of two inputs that differ: `x.size()[1] != y.size()[1]`)
  if (op == "==" || op == "!=") {
    if ((op == "==") == holds) return;
    op = "!=";
  }
  const auto is_int = sym_int_literal;
  auto bare = [](const std::string& x) { return sym_free_symbols(x).size() == 1 && sym_free_symbols(x)[0] == x; };
  auto short_src = reason_source;
  if (bare(l) && bare(r) && l != r) {  // two input sizes compared: the guard relates them (`G.size()[0] > G.size()[1]`)
    if (ctx.specialized.count(l) || ctx.specialized.count(r)) return;
    auto il = ctx.sym_info.find(l), ir = ctx.sym_info.find(r);
    if (il == ctx.sym_info.end() || ir == ctx.sym_info.end()) return;
    if (!holds && op != "!=") op = negate_sym_op(op);
    std::string a = short_src(il->second.first), b = short_src(ir->second.first);
    for (auto& g : ctx.sym_rels) if (g.src == a && g.src2 == b && g.op == op) return;
    const Activation& act = guard_frame(*this, loc);
    const int line = loc.line > 0 && loc.file == act.file ? loc.line : act.cur_line;
    std::string text = fmt::format("{} {} {}  {} (_dynamo/variables/tensor.py:1951 in evaluate_expr)", a, op, b,
                                   guard_comment(Location{line, 0, act.file}));
    CacheEntry::SymRel rel{a, 0, true, text, "", ""};
    rel.src2 = b;
    rel.op = op;
    ctx.sym_rels.push_back(rel);
    return;
  }
  bool sym_left = bare(l) && is_int(r);
  bool sym_right = bare(r) && is_int(l);
  if (!sym_left && !sym_right) {
    // an expression of sizes against a number (`batch_idx % 100 == 0` of a dynamic int: Mod(s0, 100)): ShapeEnv keeps
    // the decided relation as a guard on the expression (Ne(Mod(s0, 100), 0)), whose failure recompiles (real torch
    // 2.11: PyTorch-VAE's CategoricalVAE anneals every 100 batches)
    const bool left = is_int(r) && !is_int(l), right = is_int(l) && !is_int(r);
    if (!left && !right) return;
    const std::string expr = left ? l : r;
    auto tree = parse_sym(expr);
    if (!tree) return;
    std::map<std::string, std::string> srcs;
    for (const std::string& f : sym_free_symbols(expr)) {
      auto in = ctx.sym_info.find(f);
      if (in == ctx.sym_info.end() || ctx.specialized.count(f)) return;
      srcs[f] = short_src(in->second.first);
    }
    if (srcs.empty()) return;
    if (right) op = flip_sym_op(op);
    if (!holds && op != "!=") op = negate_sym_op(op);
    const long long c = std::stoll(left ? r : l);
    CacheEntry::SymEq eq{expr, srcs, c, ""};
    if (op == "!=") eq.ne = true;
    else eq.op = op;
    for (const auto& g : ctx.sym_eqs) if (g.expr == expr && g.value == c && g.ne == eq.ne && g.op == eq.op) return;
    const Activation& act = guard_frame(*this, loc);
    const int line = loc.line > 0 && loc.file == act.file ? loc.line : act.cur_line;
    eq.text = fmt::format("{} {} {}  {} (_dynamo/variables/tensor.py:1951 in evaluate_expr)", sym_python(*tree, srcs), op, c,
                          guard_comment(Location{line, 0, act.file}));
    ctx.sym_eqs.push_back(eq);
    return;
  }
  std::string sym = sym_left ? l : r;
  long long c = std::stoll(sym_left ? r : l);
  if (ctx.specialized.count(sym)) return;
  auto info = ctx.sym_info.find(sym);
  if (info == ctx.sym_info.end()) return;
  // as `sym op c`: flip a constant-first relation, negate a relation that does not hold, then tighten strict
  // integer relations (sympy: Gt(s, 4) -> 5 <= s; Le(s, 4) stays s <= 4)
  if (op == "!=") {  // `x.size()[1] != 6`
    std::string src = short_src(info->second.first);
    for (auto& g : ctx.sym_rels) if (g.src == src && g.src2.empty() && g.op == "!=" && g.bound == c) return;
    const Activation& act = guard_frame(*this, loc);
    const int line = loc.line > 0 && loc.file == act.file ? loc.line : act.cur_line;
    CacheEntry::SymRel rel{src, c, true, fmt::format("{} != {}  {} (_dynamo/variables/tensor.py:1951 in evaluate_expr)", src, c,
                                                     guard_comment(Location{line, 0, act.file})), "", "!="};
    ctx.sym_rels.push_back(rel);
    return;
  }
  if (sym_right) op = flip_sym_op(op);
  if (!holds) op = negate_sym_op(op);
  bool lower = op == ">" || op == ">=";
  long long bound = op == ">" ? c + 1 : op == "<" ? c - 1 : c;
  std::string src = short_src(info->second.first);
  for (auto& g : ctx.sym_rels) if (g.src == src && g.src2.empty() && g.op.empty() && g.lower == lower && g.bound == bound) return;
  std::string text = lower ? fmt::format("{} <= {}", bound, src) : fmt::format("{} <= {}", src, bound);
  const Activation& act = guard_frame(*this, loc);
  const int line = loc.line > 0 && loc.file == act.file ? loc.line : act.cur_line;
  text += "  " + guard_comment(Location{line, 0, act.file}) + " (_dynamo/variables/tensor.py:1951 in evaluate_expr)";
  ctx.sym_rels.push_back(CacheEntry::SymRel{src, bound, lower, text, "", ""});
}

void Graph::specialize(const std::map<std::string, long long>& values) {
  auto constant = [&](const std::string& expr) { return sym_all_specialized(expr, values); };
  auto expr_of = [](const Node& n) {
    return n.sym_type.size() > 5 ? n.sym_type.substr(4, n.sym_type.size() - 5) : std::string();
  };
  std::vector<char> active(shadows.size(), 0);
  std::function<bool(int)> activate;
  std::function<void(Arg&)> resolve = [&](Arg& a) {
    for (auto& x : a.seq) resolve(x);
    if (a.shadow >= 0 && static_cast<size_t>(a.shadow) < shadows.size()) {
      // a rebuilt size whose symbols are all specialized: the read's own proxy stands for it
      if (int rd = a.own_read >= 0 ? a.own_read : shadows[static_cast<size_t>(a.shadow)].read;
          rd >= 0 && constant(expr_of(shadows[static_cast<size_t>(a.shadow)].node)))
        a.shadow = rd;
      bool direct = a.node < 0 && a.lit.empty() && !a.is_seq;
      if (direct || constant(expr_of(shadows[static_cast<size_t>(a.shadow)].node))) {
        if (activate(a.shadow)) {
          a.node = -1;
          a.lit.clear();
          return;
        }
        if (direct) {  // a read of a tensor that never entered the graph: its value
          const Node& sn = shadows[static_cast<size_t>(a.shadow)].node;
          a.lit = std::to_string(sn.sym_hint);
          a.shadow = -1;
          return;
        }
      }
      a.shadow = -1;
    }
    // no Dynamo proxy known for the value: the input symbol prints as its value
    if (a.node >= 0 && static_cast<size_t>(a.node) < nodes.size() && nodes[static_cast<size_t>(a.node)].is_sym) {
      auto v = values.find(nodes[static_cast<size_t>(a.node)].name);
      if (v != values.end()) { a.node = -1; a.lit = std::to_string(v->second); }
    } else if (a.node < 0 && !a.is_seq && values.count(a.lit)) {
      a.lit = std::to_string(values.at(a.lit));
    }
  };
  activate = [&](int k) {
    if (active[static_cast<size_t>(k)]) return true;
    Shadow& sh = shadows[static_cast<size_t>(k)];
    if (sh.node.accessor) {
      auto it = tensor_node.find(sh.tensor.get());
      if (it == tensor_node.end()) return false;
      sh.node.args[0] = Arg{it->second, ""};
    }
    active[static_cast<size_t>(k)] = 1;
    for (auto& a : sh.node.args) resolve(a);
    for (auto& [n, a] : sh.node.kwargs) resolve(a);
    return true;
  };
  for (size_t i = 0; i < nodes.size(); ++i) {
    for (auto& a : nodes[i].args) resolve(a);
    for (auto& [n, a] : nodes[i].kwargs) resolve(a);
  }
  for (auto [at, k] : output_shadow)
    if (static_cast<size_t>(at) < outputs.size() && static_cast<size_t>(k) < shadows.size() &&
        constant(expr_of(shadows[static_cast<size_t>(k)].node)) && activate(k))
      outputs[static_cast<size_t>(at)] = -2 - k;
  output_shadow.clear();
  // (a size rebuilt at its read whose symbols all specialized later is a number when the pass runs: not rebuilt)
  for (size_t k = 0; k < shadows.size(); ++k)
    if (shadows[k].forced && !constant(expr_of(shadows[k].node))) activate(static_cast<int>(k));
  // merge: each active shadow goes before the node that was next when it was made
  std::vector<int> remap(nodes.size(), -1), shadow_at(shadows.size(), -1);
  std::vector<Node> merged;
  size_t k = 0;
  std::vector<size_t> order;  // shadows by position, creation order within one position
  for (size_t s = 0; s < shadows.size(); ++s) if (active[s]) order.push_back(s);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return shadows[a].pos < shadows[b].pos; });
  for (size_t i = 0; i <= nodes.size(); ++i) {
    while (k < order.size() && shadows[order[k]].pos <= i) {
      shadow_at[order[k]] = static_cast<int>(merged.size());
      merged.push_back(shadows[order[k]].node);
      ++k;
    }
    if (i < nodes.size()) { remap[i] = static_cast<int>(merged.size()); merged.push_back(std::move(nodes[i])); }
  }
  std::function<void(Arg&)> fix = [&](Arg& a) {
    if (a.node >= 0) a.node = a.node < static_cast<int>(remap.size()) ? remap[static_cast<size_t>(a.node)] : -1;
    else if (a.shadow >= 0 && static_cast<size_t>(a.shadow) < shadow_at.size() && a.lit.empty() && !a.is_seq)
      a.node = shadow_at[static_cast<size_t>(a.shadow)];
    a.shadow = -1;
    for (auto& x : a.seq) fix(x);
  };
  for (auto& n : merged) {
    for (auto& a : n.args) fix(a);
    for (auto& [nm, a] : n.kwargs) fix(a);
  }
  // (an output -2 - k is shadow k: a size rebuilt for the frame's return)
  for (auto& o : outputs) o = o >= 0 ? remap[static_cast<size_t>(o)] : shadow_at[static_cast<size_t>(-2 - o)];
  for (auto& [p, i] : tensor_node) i = remap[static_cast<size_t>(i)];
  for (auto& [p, i] : symint_node) i = remap[static_cast<size_t>(i)];
  for (auto& [e, i] : sym_proxy) i = remap[static_cast<size_t>(i)];
  nodes = std::move(merged);
  shadows.clear();
  reified_shadow.clear();
  symint_shadow.clear();
  // annotations: the specialized symbols print as their values
  for (auto& n : nodes) {
    if (!n.sym_type.empty() && constant(expr_of(n))) {
      // a SymFloat prints as sympy's Float: 15 significant digits, trailing zeros kept (48 / 8: 6.00000000000000)
      if (n.sym_fhint && std::isfinite(*n.sym_fhint) && std::fabs(*n.sym_fhint) < 1e15) {
        const double x = *n.sym_fhint;
        const int int_digits = std::fabs(x) < 1 ? 0 : static_cast<int>(std::floor(std::log10(std::fabs(x)))) + 1;
        n.sym_type = fmt::format("Sym({:.{}f})", x, std::max(0, 15 - int_digits));
      } else {
        // a SymBool (a relation: `Eq(s77, 1)`, `s77 > 0`) prints as sympy's true / false (program symbool_not_static)
        const std::string e = expr_of(n);
        const bool relation = e.rfind("Eq(", 0) == 0 || e.rfind("Ne(", 0) == 0 || parse_sym_relation(e).has_value();
        n.sym_type = relation ? fmt::format("Sym({})", n.sym_hint ? "True" : "False") : fmt::format("Sym({})", n.sym_hint);
      }
    }
    if (n.has_meta) { fold_specialized(n.meta.shape, values); fold_specialized(n.meta.stride, values); }
  }
  // the placeholders of specialized symbols, where nothing uses them now (remove_unused_graphargs)
  std::vector<int> users(nodes.size(), 0);
  std::function<void(const Arg&)> count = [&](const Arg& a) {
    if (a.node >= 0) ++users[static_cast<size_t>(a.node)];
    for (auto& x : a.seq) count(x);
  };
  for (auto& n : nodes) {
    for (auto& a : n.args) count(a);
    for (auto& [nm, a] : n.kwargs) count(a);
  }
  std::vector<bool> erased(nodes.size(), false);
  for (size_t i = 0; i < nodes.size(); ++i)
    if (nodes[i].is_sym && values.count(nodes[i].name) && users[i] == 0) erased[i] = true;
  erase(erased);
}

}  // namespace tparse::compiler

namespace tparse::compiler {

// A SymFloat expression of tensorified floats (zf symbols) evaluated to a Python number (math.log of one, a float an op
// needs): the shape env guards the expression's value, so the floats it rests on are pinned, and another value of one
// recompiles with `(0.5 + 0.5*___as_tensor(___stack3).item()) == 1.1459...` (AGD's `math.log(0.5 * (1 +
// math.sqrt(1 + 4*G)))` on a resume's stack float, real torch 2.11: a recompile per step). False where the expression
// rests on other symbols too (sizes: sym_equal_guard's).
bool Interp::pin_float_expr(const std::string& expr, std::optional<double> value, Location loc, const char* site) {
  FrameCtx& ctx = *stack_.back()->ctx;
  if (!sym_free_symbols(expr).empty()) return false;  // (sizes too)
  // the rounding of one float to an int (`CeilToInt(zf37)`, a range() of it): the guard is on that integer, so the
  // float stays unspecialized, another value of the same ceiling passes (real torch 2.11: neural ODE's
  // `math.ceil(___as_tensor(L['___stack1']).item()) == 4`)
  for (const auto& [fn, py] : {std::pair<const char*, const char*>{"CeilToInt(", "ceil"}, {"FloorToInt(", "floor"}, {"TruncToInt(", "trunc"}}) {
    const std::string f = fn;
    if (expr.rfind(f, 0) != 0 || expr.back() != ')') continue;
    const std::string inner = expr.substr(f.size(), expr.size() - f.size() - 1);
    auto it = ctx.float_srcs.find(inner);
    if (it == ctx.float_srcs.end()) break;
    for (auto& g : ctx.vguards) {
      if (g.kind != "float_dyn" || g.src != it->second || g.pinned || !g.round_fn.empty() || !g.value) continue;
      g.round_fn = py;
      g.round_value = ValueGuard::rounded(py, g.value->f);
      const Activation& act = guard_frame(*this, loc);
      const int line = loc.line > 0 && loc.file == act.file ? loc.line : act.cur_line;
      g.round_text = fmt::format("math.{}(___as_tensor({}).item()) == {}  {}", py, g.src, g.round_value,
                                 guard_comment(Location{line, 0, act.file}));
    }
    return true;
  }
  std::vector<std::string> fs;  // its zf<N> symbols
  for (size_t i = 0; i < expr.size();) {
    if (!(std::isalpha(static_cast<unsigned char>(expr[i])) || expr[i] == '_')) { ++i; continue; }
    size_t j = i;
    while (j < expr.size() && (std::isalnum(static_cast<unsigned char>(expr[j])) || expr[j] == '_')) ++j;
    const std::string id = expr.substr(i, j - i);
    if (id.size() > 2 && id.rfind("zf", 0) == 0 && id.find_first_not_of("0123456789", 2) == std::string::npos) fs.push_back(id);
    i = j;
  }
  std::map<std::string, std::string> srcs;
  for (const std::string& s : fs) {
    auto it = ctx.float_srcs.find(s);
    if (it == ctx.float_srcs.end()) return false;
    srcs[s] = "___as_tensor(" + it->second + ").item()";
  }
  if (srcs.empty()) return false;
  std::string text;
  if (value) {
    const Activation& act = guard_frame(*this, loc);
    const int line = loc.line > 0 && loc.file == act.file ? loc.line : act.cur_line;
    if (!site) site = "_dynamo/utils.py:3895 in run_node";  // (a call_function node's: math.log)
    // (the symbols read as their sources; sympy's own expanded order is not modelled: `0.5*(x + 1.0)`)
    std::string lhs;
    for (size_t i = 0; i < expr.size();) {
      size_t j = i;
      while (j < expr.size() && (std::isalnum(static_cast<unsigned char>(expr[j])) || expr[j] == '_')) ++j;
      if (j == i) { lhs += expr[i++]; continue; }
      const std::string id = expr.substr(i, j - i);
      lhs += srcs.count(id) ? srcs[id] : id;
      i = j;
    }
    text = fmt::format("({}) == {}  {} ({})", lhs, py_repr(mk_float(*value)), guard_comment(Location{line, 0, act.file}), site);
  }
  for (auto& g : ctx.vguards)
    for (const auto& [sym, src] : ctx.float_srcs)
      if (g.kind == "float_dyn" && srcs.count(sym) && g.src == src && !g.pinned) {
        g.pinned = true;
        g.pin_text = text;
      }
  return true;
}

}  // namespace tparse::compiler
