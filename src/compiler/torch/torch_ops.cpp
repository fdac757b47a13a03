// Tensor operations: shape/dtype rules for the supported torch functions and Tensor methods, and
// graph recording (one FX node per op while a frame is being traced).
#include <fmt/format.h>

#include <cmath>

#include "runtime/interp.hpp"
#include "dynamo/messages.hpp"

namespace tparse::compiler {

using KW = std::vector<std::pair<std::string, V>>;

static V kw_get(const KW& kw, const std::string& n) {
  for (auto& [k, v] : kw) if (k == n) return v;
  return nullptr;
}

void Interp::graph_break(const std::string& gb_type, const std::string& msg, Location loc, bool dd) {
  GraphBreak gb;
  gb.gb_type = gb_type;
  gb.msg = msg;
  gb.loc = loc;
  gb.fn_name = stack_.back()->fn ? stack_.back()->fn->name : "<module>";
  // raised inside a bundled stub (a logger method, warnings.warn): Dynamo sees the user's call, not
  // the stub's body, so the break is located at the innermost user frame's line
  size_t k = stack_.size();
  while (k > 1 && is_stub(stack_[k - 1]->file)) --k;
  if (k < stack_.size()) {
    gb.loc = Location{stack_[k - 1]->cur_line, 0, stack_[k - 1]->file};
    gb.fn_name = stack_[k - 1]->fn ? stack_[k - 1]->fn->name : "<module>";
  }
  gb.data_dependent = dd;
  throw gb;
}

void Interp::stamp_node(Node& n, Location loc) const {
  const Activation& act = *stack_.back();
  n.fn_name = act.in_genexpr ? "<genexpr>" : act.fn ? act.fn->name : "<module>";
  // the line of the expression (a call or operator spanning lines of one statement), as Python's
  // instruction positions give it; otherwise the statement's line
  bool in_stmt = act.cur_stmt && loc.file == act.file && loc.line >= act.cur_line && loc.line <= std::max(act.cur_stmt->end_line, act.cur_line);
  n.line = in_stmt ? loc.line : act.cur_line;
  n.code = code_line(act.file, n.line, true);
  n.file = path_of(act.file);
}

int Interp::node_of(const V& t) {
  Activation& act = *stack_.back();
  FrameCtx& ctx = *act.ctx;
  auto it = ctx.graph.tensor_node.find(t.get());
  if (it != ctx.graph.tensor_node.end()) return it->second;
  auto src_it = ctx.sources.find(t.get());
  std::string src = src_it != ctx.sources.end() ? src_it->second : fmt::format("tmp{}", ctx.graph.nodes.size());
  // L['self']._modules['lin']._parameters['weight'] -> L_self_modules_lin_parameters_weight_
  bool global = src.rfind("G['", 0) == 0;
  std::string full = global ? src : "L['" + src.substr(0, src.find_first_of(".[")) + "']" + src.substr(std::min(src.size(), src.find_first_of(".[")));
  std::string ident;
  bool last_us = false;
  for (char c : full) {
    bool ok = std::isalnum(static_cast<unsigned char>(c));
    if (ok) { ident += c; last_us = false; }
    else if (!last_us) { ident += '_'; last_us = true; }
  }
  if (!ident.empty() && ident.back() != '_') ident += '_';
  if (src.find("._") != std::string::npos || src.find("_modules") != std::string::npos) {}
  Node n;
  n.op = "placeholder";
  n.placeholder_src = ident;
  std::string lower = ident;
  lower[0] = 'l';
  if (global) { lower = ident; for (auto& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }
  n.name = ctx.graph.unique_name(lower);
  n.meta = *t->t;
  n.has_meta = true;
  // symbolic placeholders for dynamic dims come first
  for (auto& d : t->t->shape) {
    if (!d.is_sym()) continue;
    bool have = false;
    for (auto& x : ctx.graph.nodes) have = have || (x.is_sym && x.name == d.sym);
    if (!have) {
      Node s;
      s.op = "placeholder";
      s.is_sym = true;
      s.name = d.sym;
      ctx.graph.nodes.push_back(s);
    }
  }
  ctx.graph.nodes.push_back(n);
  int id = static_cast<int>(ctx.graph.nodes.size()) - 1;
  if (src_it != ctx.sources.end()) {
    size_t cut = std::min(src.size(), src.find_first_of(".["));
    describe_input(ctx, *t->t, global ? "___as_tensor(" + src + ")" : "L['" + src.substr(0, cut) + "']" + src.substr(cut));
  }
  ctx.graph.tensor_node[t.get()] = id;
  if (src_it != ctx.sources.end() && !global) {  // a tensorified global is guarded by LAMBDA_GUARDs
    TensorGuard g;
    g.src = src;
    g.t = *t->t;
    g.where = guard_comment(Location{stack_.back()->cur_line, 0});
    ctx.tguards.push_back(g);
  }
  return id;
}

Arg Interp::to_arg(const V& v) {
  Arg a;
  switch (v->k) {
    case VK::Tensor: a.node = node_of(v); return a;
    case VK::List: case VK::Tuple:
      if (v->k == VK::Tuple && v->sym_node >= 0) for (size_t i = 0; i < v->items.size(); ++i) materialize_item(v, i);
      if (v->size_tuple && tracing()) {  // a torch.Size holding a SymInt is built in the graph
        bool symbolic = false;
        for (auto& x : v->items) symbolic = symbolic || !x->sym.empty();
        if (symbolic) { a.node = size_node(v); return a; }
      }
      a.is_seq = true;
      a.is_tuple = v->k == VK::Tuple;
      for (auto& x : v->items) a.seq.push_back(to_arg(x));
      return a;
    case VK::Slice:
      a.lit = fmt::format("slice({}, {}, {})", py_repr(v->items[0]), py_repr(v->items[1]), py_repr(v->items[2]));
      return a;
    case VK::Int:
      a.lit = py_repr(v);  // a SymInt prints as its expression (s70)
      return a;
    case VK::Float:
      if (v->sym_node >= 0) { a.node = v->sym_node; return a; }
      a.lit = py_repr(v);
      return a;
    case VK::Builtin:
      if (v->s == "Ellipsis") { a.lit = "Ellipsis"; return a; }
      a.lit = py_repr(v);
      return a;
    default: a.lit = py_repr(v); return a;
  }
}

V Interp::emit(const std::string& op, const std::string& target, const std::string& base, bool infix,
               const std::vector<V>& args, const KW& kwargs, TensorInfo out, Location loc) {
  if (out.stride.size() != out.shape.size()) out.stride = contiguous_strides(out.shape);
  if (!grad_enabled_) out.requires_grad = false;
  V res = mk_tensor(out);
  if (!tracing()) return res;
  Activation& act = *stack_.back();
  Graph& g = act.ctx->graph;
  Node n;
  n.op = op;
  n.target = target;
  n.infix = infix;
  for (auto& a : args) n.args.push_back(to_arg(a));
  for (auto& [k, v] : kwargs) n.kwargs.push_back({k, to_arg(v)});
  n.name = g.unique_name(base);
  n.meta = *res->t;
  n.has_meta = true;
  stamp_node(n, loc);
  g.nodes.push_back(n);
  g.tensor_node[res.get()] = static_cast<int>(g.nodes.size()) - 1;
  return res;
}

// ---- shape helpers ----

std::vector<Dim> broadcast(Interp& I, const std::vector<Dim>& a, const std::vector<Dim>& b, Location loc) {
  size_t n = std::max(a.size(), b.size());
  std::vector<Dim> r(n);
  for (size_t i = 0; i < n; ++i) {
    const Dim* x = i + a.size() >= n ? &a[i + a.size() - n] : nullptr;
    const Dim* y = i + b.size() >= n ? &b[i + b.size() - n] : nullptr;
    if (!x) { r[i] = *y; continue; }
    if (!y) { r[i] = *x; continue; }
    if (x->v == y->v) { r[i] = x->is_sym() ? *x : *y; continue; }
    if (x->v == 1 && !x->is_sym()) { r[i] = *y; continue; }
    if (y->v == 1 && !y->is_sym()) { r[i] = *x; continue; }
    auto shp = [](const std::vector<Dim>& s) { std::string o = "["; for (size_t k = 0; k < s.size(); ++k) o += (k ? ", " : "") + s[k].str(); return o + "]"; };
    I.error(loc, fmt::format("shape mismatch: cannot broadcast {} and {}", shp(a), shp(b)));
  }
  return r;
}

static std::string promote(const std::string& a, const std::string& b) {
  if (a == b) return a;
  auto rank = [](const std::string& d) { return d == "bool" ? 0 : d.find("int") != std::string::npos ? 1 : d == "float16" || d == "bfloat16" ? 2 : d == "float32" ? 3 : 4; };
  return rank(a) >= rank(b) ? a : b;
}

static TensorInfo like(const TensorInfo& t) {
  TensorInfo o;
  o.shape = t.shape;
  o.dtype = t.dtype;
  o.device = t.device;
  o.requires_grad = t.requires_grad;
  return o;
}

static std::vector<Dim> shape_arg(Interp& I, const std::vector<V>& args, size_t from, Location loc) {
  std::vector<V> xs;
  if (args.size() == from + 1 && (args[from]->k == VK::Tuple || args[from]->k == VK::List)) xs = args[from]->items;
  else xs.assign(args.begin() + static_cast<long>(from), args.end());
  std::vector<Dim> s;
  for (auto& x : xs) {
    if (x->k != VK::Int) I.error(loc, fmt::format("size must be an int, not {}", type_name(x)));
    s.push_back(Dim{x->i, x->sym});
  }
  return s;
}

V Interp::tensor_binop(const std::string& op, V a, V b, Location loc, bool reflected) {
  static const std::map<std::string, std::string> names = {
      {"+", "add"}, {"-", "sub"}, {"*", "mul"}, {"/", "truediv"}, {"//", "floordiv"}, {"%", "mod"}, {"@", "matmul"},
      {"**", "pow"}, {"<", "lt"}, {">", "gt"}, {"<=", "le"}, {">=", "ge"}, {"==", "eq"}, {"!=", "ne"},
      {"&", "and_"}, {"|", "or_"}, {"neg", "neg"}, {"pos", "pos"},
      {"+=", "iadd"}, {"-=", "isub"}, {"*=", "imul"}, {"/=", "itruediv"}};
  auto it = names.find(op);
  if (it == names.end()) error(loc, fmt::format("unsupported tensor operator {}", op));
  TensorInfo& ta = *a->t;
  if (op == "neg" || op == "pos") {
    TensorInfo o = like(ta);
    if (ta.fill) o.fill = op == "neg" ? -*ta.fill : *ta.fill;
    return emit("call_function", op == "neg" ? "-" : "+", it->second, true, {a}, {}, o, loc);
  }
  if (b->k != VK::Tensor && b->k != VK::Int && b->k != VK::Float && b->k != VK::Bool)
    error(loc, fmt::format("unsupported operand type(s) for {}: 'Tensor' and '{}'", op, type_name(b)));
  TensorInfo o = like(ta);
  if (op == "@") {
    if (b->k != VK::Tensor) error(loc, "matmul needs two tensors");
    auto& x = ta.shape; auto& y = b->t->shape;
    if (x.empty() || y.empty()) error(loc, "both arguments to matmul need to be at least 1D");
    const Dim& k1 = x.back();
    const Dim& k2 = y.size() >= 2 ? y[y.size() - 2] : y[0];
    if (k1.v != k2.v) error(loc, fmt::format("shape mismatch in matmul: {} vs {} (mat1 cols {} != mat2 rows {})", meta_str(ta), meta_str(*b->t), k1.str(), k2.str()));
    std::vector<Dim> bx(x.begin(), x.end() - std::min<size_t>(2, x.size()));
    std::vector<Dim> by(y.begin(), y.end() - std::min<size_t>(2, y.size()));
    o.shape = broadcast(*this, bx, by, loc);
    if (x.size() >= 2) o.shape.push_back(x[x.size() - 2]);
    if (y.size() >= 2) o.shape.push_back(y.back());
    o.requires_grad = ta.requires_grad || b->t->requires_grad;
    if (ta.fill && b->t->fill) o.fill = *ta.fill * *b->t->fill * static_cast<double>(k1.v);
    std::vector<V> args = reflected ? std::vector<V>{b, a} : std::vector<V>{a, b};
    return emit("call_function", "@", "matmul", true, args, {}, o, loc);
  }
  std::optional<double> fb;
  if (b->k == VK::Tensor) {
    o.shape = broadcast(*this, ta.shape, b->t->shape, loc);
    o.dtype = promote(ta.dtype, b->t->dtype);
    o.requires_grad = ta.requires_grad || b->t->requires_grad;
    fb = b->t->fill;
  } else {
    fb = b->k == VK::Float ? b->f : b->k == VK::Bool ? b->b : static_cast<double>(b->i);
    if (b->k == VK::Float && ta.dtype.find("float") == std::string::npos) o.dtype = "float32";
  }
  bool cmp = op == "<" || op == ">" || op == "<=" || op == ">=" || op == "==" || op == "!=";
  const bool inplace = op == "+=" || op == "-=" || op == "*=" || op == "/=";
  const std::string bop = inplace ? op.substr(0, 1) : op;  // the arithmetic of an in-place operator
  if (cmp) { o.dtype = "bool"; o.requires_grad = false; }
  if (bop == "/" && o.dtype.find("float") == std::string::npos) o.dtype = "float32";
  if (ta.fill && fb) {
    double x = reflected ? *fb : *ta.fill, y = reflected ? *ta.fill : *fb;
    double r = 0;
    if (bop == "+") r = x + y; else if (bop == "-") r = x - y; else if (bop == "*") r = x * y;
    else if (bop == "/") r = y == 0 ? INFINITY : x / y; else if (op == "**") r = std::pow(x, y);
    else if (op == "<") r = x < y; else if (op == ">") r = x > y; else if (op == "<=") r = x <= y;
    else if (op == ">=") r = x >= y; else if (op == "==") r = x == y; else if (op == "!=") r = x != y;
    o.fill = r;
  }
  std::vector<V> args = reflected ? std::vector<V>{b, a} : std::vector<V>{a, b};
  return emit("call_function", op, it->second, true, args, {}, o, loc);
}

static std::string f_target(const std::string& fname) {
  static const std::set<std::string> cnn = {"linear", "gelu", "scaled_dot_product_attention", "pad", "one_hot"};
  if (cnn.count(fname)) return "torch._C._nn." + fname;
  return "torch.nn.functional." + fname;
}

V Interp::torch_fn(const std::string& full, std::vector<V>& args, KW& kwargs, Location loc) {
  bool is_f = full.rfind("F.", 0) == 0;
  std::string name = is_f ? full.substr(2) : full.rfind("torch.", 0) == 0 ? full.substr(6) : full;
  Activation& act = *stack_.back();
  bool in_compiled = act.ctx && act.ctx->mode != Mode::Eager;
  if (full == "torch.compile") {
    auto opts = std::make_shared<CompileOpts>();
    if (V d = kw_get(kwargs, "dynamic")) { if (d->k == VK::Bool) { opts->dynamic_false = !d->b; opts->dynamic_true = d->b; } }
    if (V f = kw_get(kwargs, "fullgraph")) opts->fullgraph = f->k == VK::Bool && f->b;
    if (args.empty()) {
      auto p = mk_builtin("torch.compile.partial");
      p->copts = opts;
      return p;
    }
    auto c = std::make_shared<Obj>();
    c->k = VK::Compiled;
    c->func = args[0];
    c->copts = opts;
    return c;
  }
  if (full == "torch.compile.partial") {
    error(loc, "internal: partial");
  }
  if (full == "torch.compiler.disable" || full == "torch._dynamo.disable") {
    if (args.empty()) return mk_builtin("torch.compiler.disable");
    auto f = std::make_shared<Obj>(*args[0]);
    f->disabled = true;
    return f;
  }
  // Dynamo folds is_compiling() to True while tracing; eager code (and a skipped frame) sees False
  if (full == "torch.compiler.is_compiling" || full == "torch._dynamo.is_compiling") return mk_bool(in_compiled);
  if (full == "torch._dynamo.graph_break") {
    if (in_compiled) graph_break("Call to `torch._dynamo.graph_break()`", msg_graph_break_call(), loc);
    return none();
  }
  if (full == "torch._dynamo.mark_dynamic") {
    for (auto& d : iterate(args.at(1)->k == VK::Int ? mk_list({args[1]}) : args[1], loc)) args[0]->t->marked_dynamic.insert(static_cast<int>(d->i));
    return none();
  }
  if (full == "torch.manual_seed" || full == "torch._dynamo.reset" || full == "torch.set_float32_matmul_precision" || full == "torch.set_grad_enabled") return none();
  if (full == "torch.is_tensor") return mk_bool(!args.empty() && args[0]->k == VK::Tensor);
  if (full == "torch.cuda.is_available") return mk_bool(false);
  if (full == "nn.Parameter") {
    TensorInfo t = *args.at(0)->t;
    t.is_param = true;
    t.requires_grad = true;
    return mk_tensor(t);
  }
  // creation
  static const std::set<std::string> creation = {"randn", "rand", "zeros", "ones", "empty", "full", "arange", "randint", "tensor", "zeros_like", "ones_like", "randn_like", "full_like", "empty_like", "eye", "linspace"};
  if (!is_f && creation.count(name)) {
    TensorInfo t;
    if (V d = kw_get(kwargs, "dtype")) t.dtype = d->s;
    if (V d = kw_get(kwargs, "device")) if (d->k == VK::Str || d->k == VK::Device) t.device = d->s;  // None: the default device
    if (V r = kw_get(kwargs, "requires_grad")) t.requires_grad = r->k == VK::Bool && r->b;
    if (name == "arange") {
      long long a = 0, b = 0, st = 1;
      if (args.size() == 1) b = args[0]->i; else { a = args.at(0)->i; b = args.at(1)->i; if (args.size() > 2) st = args[2]->i; }
      t.shape = {Dim{std::max<long long>(0, (b - a + st - 1) / st), ""}};
      if (!kw_get(kwargs, "dtype")) t.dtype = "int64";
    } else if (name == "randint") {
      if (args.size() < 2) error(loc, "randint(low, high, size)");
      t.shape = shape_arg(*this, args, args.size() == 2 ? 1 : 2, loc);
      if (!kw_get(kwargs, "dtype")) t.dtype = "int64";
    } else if (name == "full") {
      t.shape = shape_arg(*this, {args.at(0)}, 0, loc);
      V fv = args.at(1);
      t.fill = fv->k == VK::Float ? fv->f : static_cast<double>(fv->i);
      if (fv->k == VK::Int && !kw_get(kwargs, "dtype")) t.dtype = "int64";
    } else if (name == "tensor") {
      V d = args.at(0);
      std::function<void(V)> walk = [&](V x) { if (x->k == VK::List || x->k == VK::Tuple) { t.shape.push_back(Dim{static_cast<long long>(x->items.size()), ""}); if (!x->items.empty()) walk(x->items[0]); } else if (x->k == VK::Int && !kw_get(kwargs, "dtype")) t.dtype = "int64"; };
      walk(d);
      if (d->k == VK::Int || d->k == VK::Float) t.fill = d->k == VK::Int ? d->i : d->f;
    } else if (name.size() > 5 && name.substr(name.size() - 5) == "_like") {
      TensorInfo src = *args.at(0)->t;
      t.shape = src.shape;
      if (!kw_get(kwargs, "dtype")) t.dtype = src.dtype;
      if (name == "zeros_like") t.fill = 0.0;
      if (name == "ones_like") t.fill = 1.0;
      if (name == "full_like") t.fill = args.at(1)->k == VK::Float ? args[1]->f : args[1]->i;
      std::string target = "torch." + name;
      return emit("call_function", target, name, false, args, kwargs, t, loc);
    } else {
      t.shape = shape_arg(*this, args, 0, loc);
      if (name == "zeros") t.fill = 0.0;
      if (name == "ones") t.fill = 1.0;
    }
    return emit("call_function", "torch." + name, name, false, args, kwargs, t, loc);
  }
  if (name == "einsum" && !is_f) return einsum(args, kwargs, loc);
  if (args.empty() || args[0]->k != VK::Tensor) {
    if ((name == "cat" || name == "stack") && !args.empty()) {}
    else if (name == "where" && args.size() == 3) {}
    else error(loc, fmt::format("unknown or unsupported function '{}'", is_f ? "torch.nn.functional." + name : "torch." + name));
  }
  std::string target = is_f ? f_target(name) : "torch." + name;
  std::vector<V> a = args;
  return tensor_method(a.empty() ? nullptr : a[0], "fn:" + target + ":" + name, args, kwargs, loc);
}

V Interp::tensorified_global(const std::string& name, V v, Location loc) {
  Activation& act = *stack_.back();
  FrameCtx& ctx = *act.ctx;
  auto done = ctx.sym_globals.find(name);
  if (done != ctx.sym_globals.end()) return done->second;
  std::string src = "G['" + name + "']";
  ValueGuard g;
  g.src = src;
  g.kind = "float_dyn";
  g.value = v;
  g.code = fmt::format("___check_type_id({}, 10720960), type=<class 'float'>", src);
  std::string line = code_line(loc.file, loc.line, true);
  g.comment = fmt::format("# {}  # {}:{} in {} (HINT: type float)", line, short_path(loc.file), loc.line, act.fn ? act.fn->name : "<module>");
  ctx.vguards.push_back(g);
  // the graph input: ___as_tensor(G['SCALE']) as a 0-dim float64 tensor, then .item() -> SymFloat
  TensorInfo ti;
  ti.dtype = "float64";
  V t = mk_tensor(ti);
  ctx.sources[t.get()] = src;
  int ph = node_of(t);
  Node n;
  n.op = "call_method";
  n.target = "item";
  n.name = ctx.graph.unique_name("item");
  n.args.push_back(Arg{ph, ""});
  n.sym_type = fmt::format("Sym(zf{})", 37 + 16 * static_cast<int>(ctx.sym_globals.size()));
  n.line = loc.line;
  n.fn_name = act.in_genexpr ? "<genexpr>" : act.fn ? act.fn->name : "<module>";
  n.code = line;
  ctx.graph.nodes.push_back(n);
  auto f = mk_float(v->f);
  f->sym_node = static_cast<int>(ctx.graph.nodes.size()) - 1;
  ctx.sym_globals[name] = f;
  return f;
}

}  // namespace tparse::compiler
