// Dispatch of torch calls through the op table: torch.X / F.X (Interp::torch_fn) and Tensor methods
// (Interp::tensor_method; `fn:<graph target>:<name>` is the function form nn modules use), and the
// tuple results of (values, indices) calls with their getitem nodes.
#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "dynamo/messages.hpp"
#include "torch/keep_alive.hpp"
#include "runtime/interp.hpp"
#include "runtime/interp_helpers.hpp"
#include "torch/interop/numpy_traced.hpp"
#include "torch/op_table.hpp"
#include "torch/arg_parser_warnings.hpp"
#include "torch/sequence_args.hpp"
#include "torch/values/values.hpp"
#include "torch/values/values_layout.hpp"
#include "dynamo/messages.hpp"

namespace tparse::compiler {

// Graph target of torch.fft.X / torch.linalg.X / torch.special.X: those modules re-export their C bindings
// (fft = _add_docstr(_fft.fft_fft, ...)), which FX prints as torch._C._fft.fft_X (explain: <built-in function fft_X>)
std::string c_binding_target(const std::string& target) {
  static const std::pair<const char*, const char*> subs[] = {
      {"torch.fft.", "torch._C._fft.fft_"}, {"torch.linalg.", "torch._C._linalg.linalg_"}, {"torch.special.", "torch._C._special.special_"}};
  for (auto& [from, to] : subs)
    if (target.rfind(from, 0) == 0 && target.find('.', std::char_traits<char>::length(from)) == std::string::npos)
      return to + target.substr(std::char_traits<char>::length(from));
  // Python functions of torch/functional.py (in-graph functions of trace_rules): the node names their module
  // (ConvNeXt-V2's GRN `torch.norm(x, p=2, dim=(1, 2), keepdim=True)` is `torch.functional.norm(...)`)
  static const std::set<std::string> functional_py = {"torch.norm", "torch.block_diag", "torch.cartesian_prod",
                                                      "torch.atleast_1d", "torch.atleast_2d", "torch.atleast_3d",
                                                      "torch.chain_matmul", "torch.cdist"};
  if (functional_py.count(target)) return "torch.functional." + target.substr(6);
  return target;
}

// Graph target of F.X: the C bindings torch.nn.functional re-exports print as torch._C._nn.X
static std::string f_target(const std::string& fname) {
  static const std::set<std::string> cnn = {"linear", "gelu", "scaled_dot_product_attention", "pad", "one_hot", "softplus"};
  if (cnn.count(fname)) return "torch._C._nn." + fname;
  if (fname == "logsigmoid") return "torch._C._nn.log_sigmoid";
  // functional.py: avg_pool1d = _add_docstr(torch.avg_pool1d, ...), avg_pool2d / avg_pool3d = torch._C._nn's
  if (fname == "avg_pool2d" || fname == "avg_pool3d") return "torch._C._nn." + fname;
  if (fname == "avg_pool1d") return "torch.avg_pool1d";
  // functional.py re-exports these torch functions themselves (conv1d = _add_docstr(torch.conv1d, ...))
  // (and adaptive_avg_pool1d = _add_docstr(torch.adaptive_avg_pool1d, ...): focalnet's pooler, explain truth), as are
  // pixel_shuffle / pixel_unshuffle / channel_shuffle / bilinear / pdist / cosine_similarity / pairwise_distance
  static const std::set<std::string> same = {"conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d", "conv_transpose3d",
                                             "adaptive_avg_pool1d", "pixel_shuffle", "pixel_unshuffle", "channel_shuffle", "bilinear",
                                             "pdist", "cosine_similarity", "pairwise_distance"};
  if (same.count(fname)) return "torch." + fname;  // functional.py: logsigmoid = torch._C._nn.log_sigmoid
  return "torch.nn.functional." + fname;
}

V Interp::tensor_view_attr(V self, const std::string& name, Location loc) {
  const TensorInfo& t = *self->t;
  TensorInfo o = t;
  o.is_param = o.is_buffer = false;
  o.fill.reset();
  o.marked_dynamic.clear();
  std::vector<Dim> st = t.stride.size() == t.shape.size() ? t.stride : contiguous_strides(t.shape);
  size_t r = t.shape.size();
  bool cplx = t.dtype.rfind("complex", 0) == 0;
  if (name == "data") {  // TensorVariable.method_attr_data: torch._C._autograd._get_data_attr(t), no grad
    o.requires_grad = false;
    o.stride = st;
    V res = emit("call_function", "torch._C._autograd._get_data_attr", "_get_data_attr", false, {self}, {}, o, loc);
    values::shares_storage(res, self);  // the same storage: a write through `.data` is a write of the tensor
    if (const std::vector<double>* v = values::of(*this, self)) {  // (linked: an in-place write through it writes self's)
      std::vector<long long> offs(v->size());
      for (size_t i = 0; i < offs.size(); ++i) offs[i] = static_cast<long long>(i);
      values::attach_view(*this, res, *v, self, std::move(offs));
    }
    return res;
  }
  if (name == "T") {  // all dimensions reversed (2-D: the transpose)
    std::reverse(o.shape.begin(), o.shape.end());
    std::reverse(st.begin(), st.end());
  } else if (name == "H") {
    if (r != 2) error(loc, fmt::format("tensor.H is only supported on matrices (2-D tensors). Got {}-D tensor.", r));
    std::swap(o.shape[0], o.shape[1]);
    std::swap(st[0], st[1]);
  } else if (name == "mT" || name == "mH") {
    if (r < 2) error(loc, fmt::format("tensor.{} is only supported on matrices or batches of matrices. Got {}-D tensor.", name, r));
    std::swap(o.shape[r - 2], o.shape[r - 1]);
    std::swap(st[r - 2], st[r - 1]);
  } else {  // real / imag: a float view of a complex tensor, every stride doubled
    if (name == "imag" && !cplx) error(loc, "imag is not implemented for tensors with non-complex dtypes.");
    if (cplx) {
      o.dtype = t.dtype == "complex128" ? "float64" : t.dtype == "complex32" ? "float16" : "float32";
      for (auto& d : st) d = Dim{d.v * 2, d.sym.empty() ? "" : "2*" + d.sym};
    }
  }
  o.stride = st;
  V res = emit("call_function", "getattr", "getattr", false, {self, mk_str(name)}, {}, o, loc);
  values::shares_storage(res, self);  // a view: writes through it are writes of the tensor
  values::mark_attr_view(res, self);
  // the known values of a real tensor, its dims permuted (rtdl's quantile bins iterated as `q.T`)
  if (const std::vector<double>* v = name != "real" && name != "imag" && !cplx ? values::of(*this, self) : nullptr) {
    std::vector<size_t> perm(r);
    for (size_t i = 0; i < r; ++i) perm[i] = i;
    if (name == "T") std::reverse(perm.begin(), perm.end());
    else if (r >= 2) std::swap(perm[r - 2], perm[r - 1]);
    values::attach(*this, res, values::layout::permuted(*v, values::layout::shape_of(self), perm));
  }
  return res;
}

// A torch function called with requires_grad=True inside a frame: Dynamo makes the tensor, then refuses it (torch.py
// TorchInGraphFunctionVariable: GB0225, "Attempted to use tensor creation function with requires_grad=True"; the
// mixture-of-experts' `torch.zeros_like(logits, requires_grad=True)`): the graph breaks at the call
static void check_requires_grad_kw(Interp& I, const std::string& name, const std::vector<V>& args, const KW& kwargs, Location loc) {
  if (!I.tracing()) return;
  V rg;
  for (auto& [k, v] : kwargs) if (k == "requires_grad") rg = v;
  if (!rg || rg->k != VK::Bool || !rg->b) return;
  std::string a = "[", kw = "{";
  for (size_t i = 0; i < args.size(); ++i) a += (i ? ", " : "") + variable_repr(args[i]);
  for (size_t i = 0; i < kwargs.size(); ++i) kw += fmt::format("{}'{}': {}", i ? ", " : "", kwargs[i].first, variable_repr(kwargs[i].second));
  I.graph_break("Attempted to use tensor creation function with requires_grad=True",
                msg_factory_requires_grad(fmt::format("<built-in method {} of type object at 0x7f0000000000>", name), a + "]", kw + "}"), loc);
}

// A comparison of symbolic sizes is a SymBool (interp_arith.cpp compare); an ATen builtin taking a bool
// refuses it when Dynamo runs the call on fake tensors: TypeError, graph break GB0112 (real torch 2.11:
// whisper's `is_causal=mask is not None and n_ctx > 1` once the sequence length is dynamic).
static void check_symbool_args(Interp& I, const OpDef* def, const std::string& target, const std::string& name,
                               const std::vector<V>& rest, const KW& kwargs, Location loc) {
  if (!I.tracing()) return;
  auto callee = [&] {
    if (target.rfind("torch._C.", 0) == 0) return fmt::format("<built-in function {}>", name);
    return fmt::format("<built-in method {} of type object at 0x7f0000000000>", name);
  };
  auto params = [&] {  // the schema's parameter names after the input
    std::vector<std::string> ps;
    std::string cur;
    for (char ch : def->schema + ",") {
      if (ch == ',') {
        size_t b = cur.find_first_not_of(' '), e = cur.find('=');
        std::string p = b == std::string::npos ? "" : cur.substr(b, (e == std::string::npos ? cur.size() : e) - b);
        while (!p.empty() && p.back() == ' ') p.pop_back();
        if (!p.empty() && p != "*") ps.push_back(p);
        cur.clear();
      } else {
        cur += ch;
      }
    }
    return ps;
  };
  for (size_t i = 0; i < rest.size(); ++i)
    if (rest[i]->k == VK::Bool && !rest[i]->sym.empty()) {
      auto ps = params();
      I.graph_break("TypeError when making fake tensor call", msg_symbool_arg(callee(), name, i < ps.size() ? ps[i] : "?"), loc);
    }
  for (const auto& [k, v] : kwargs)
    if (v->k == VK::Bool && !v->sym.empty()) I.graph_break("TypeError when making fake tensor call", msg_symbool_arg(callee(), name, k), loc);
}

namespace {
/// torch's Python argument parser takes numpy's names for two parameters (python_arg_parser.cpp
/// numpy_compatibility_arg_names): `keepdims=` is `keepdim=` and `axis=` is `dim=` (stylegan2's
/// `stddev.mean([2, 3, 4], keepdims=True)`)
void numpy_kwarg_names(KW& kwargs, Interp::WrittenArgs& written) {
  written = Interp::WrittenArgs{};
  for (auto& [k, v] : kwargs) {
    const std::string was = k;
    if (k == "keepdims") k = "keepdim";
    else if (k == "axis") k = "dim";
    if (k != was) written.renamed.push_back({k, was});
  }
}
struct ClearWritten {
  Interp::WrittenArgs& w;
  ~ClearWritten() { w = Interp::WrittenArgs{}; }
};
}  // namespace

/// Parameters a kernel reads as a plain int (torch's schema `int`, converted by guard_int), verified against torch
/// 2.11's traces: a symbolic size passed there is guarded to its value (its symbol specialized, or an equality guard
/// on the expression: `x.chunk(n // 4)` recompiles when n // 4 changes). Not every `int` of a schema: torch.tril's
/// diagonal reaches a Python decomposition symbolically and is not guarded (program int_param_expr_guard).
/// `dtype=bool` (a Python type, DeepSeek-V3's gate mask): torch maps bool / int / float / complex to torch.bool /
/// int64 / float64 / complex128, and Dynamo's node shows the dtype (`new_ones(4, 2, dtype = torch.bool)`)
static void python_type_dtype(KW& kwargs, std::vector<V>* positional = nullptr) {
  static const std::map<std::string, std::string> types = {{"bool", "bool"}, {"int", "int64"}, {"float", "float64"}, {"complex", "complex128"}};
  auto as_dtype = [&](V& v) {
    if (!v || v->k != VK::Builtin || v->self) return;
    if (auto it = types.find(v->s); it != types.end()) {
      auto d = std::make_shared<Obj>();
      d->k = VK::DType;
      d->s = it->second;
      v = d;
    }
  };
  for (auto& [k, v] : kwargs)
    if (k == "dtype") as_dtype(v);
  // `t.to(bool)`: a Python type given for the dtype is torch's (BuiltinVariable.as_proxy: bool -> torch.bool)
  if (positional)
    for (V& v : *positional) as_dtype(v);
}

static void guard_int_params(OpCall& c) {
  static const std::map<std::string, std::vector<std::pair<size_t, const char*>>> ints = {{"chunk", {{0, "chunks"}}}};
  auto it = ints.find(c.name);
  if (it == ints.end() || !c.I.tracing()) return;
  for (const auto& [i, kw] : it->second) {
    V v = c.arg(i, kw);
    if (v && v->k == VK::Int && !v->sym.empty()) c.I.specialize_symbol(v->sym, c.loc);
  }
}

// An aten parameter typed `float` (not Scalar) takes a SymFloat by guarding its value (guard_float): a tensorified float
// passed there is specialized, its item node typed by the number (`Sym(0.125000000000000)`) and another value of its
// source recompiles (real torch 2.11: sdpa's `scale` of a module float that automatic dynamic unspecialized, program
// module_float_attr_automatic_dynamic). Positions are in the arguments after the input.
static void guard_float_params(OpCall& c) {
  static const std::map<std::string, std::vector<std::pair<size_t, const char*>>> floats = {
      {"scaled_dot_product_attention", {{3, "dropout_p"}, {5, "scale"}}},
      {"dropout", {{0, "p"}}},
      {"layer_norm", {{3, "eps"}}},
      {"group_norm", {{3, "eps"}}},
      {"rms_norm", {{2, "eps"}}},
      {"batch_norm", {{5, "momentum"}, {6, "eps"}}},
      {"bernoulli_", {{0, "p"}}}, {"bernoulli", {{0, "p"}}}};
  auto it = floats.find(c.name);
  if (it == floats.end() || !c.I.tracing()) return;
  FrameCtx& ctx = *c.I.stack_.back()->ctx;
  for (const auto& [i, kw] : it->second) {
    V v = c.arg(i, kw);
    if (!v || v->k != VK::Float || v->sym_node < 0 || static_cast<size_t>(v->sym_node) >= ctx.graph.nodes.size()) continue;
    auto src = ctx.float_srcs.find(v->sym);
    if (src == ctx.float_srcs.end()) {
      // a SymFloat computed from tensorified floats (awd-lstm's LockedDropout `bernoulli_(1 - dropout)`): the shape env
      // guards the expression's value, pinning the floats it rests on (`(1.0 + ((-1)*___as_tensor(dropout).item())) ==
      // 0.7`, real torch 2.11: a recompile per new value)
      c.I.pin_float_expr(v->sym, v->f, c.loc, c.is_fn ? nullptr : "_dynamo/utils.py:3907 in run_node");
      continue;
    }
    // sympy's Float: 15 significant digits, trailing zeros kept
    const double a = std::fabs(v->f);
    const int decimals = a == 0 ? 15 : std::max(0, 14 - static_cast<int>(std::floor(std::log10(a))));
    ctx.graph.nodes[static_cast<size_t>(v->sym_node)].sym_type = fmt::format("Sym({:.{}f})", v->f, decimals);
    for (auto& g : ctx.vguards)
      if (g.kind == "float_dyn" && g.src == src->second) g.pinned = true;
  }
}

// torch.add / sub / mul / div / ... of two Python numbers: the Scalar overloads wrap them as 0-d tensors; the result is
// int64 for integers (div only with a rounding mode), float32 (the default dtype) for a float, bool for a comparison.
// In a frame the call is a node of the two numbers and, both constants (no SymInt), the FakeTensor is a constant too.
V Interp::scalar_binary_fn(const std::string& name, std::vector<V>& args, KW& kwargs, Location loc) {
  static const std::map<std::string, std::string> ops = {
      {"add", "+"}, {"sub", "-"}, {"subtract", "-"}, {"mul", "*"}, {"multiply", "*"}, {"div", "/"}, {"divide", "/"},
      {"true_divide", "/"}, {"floor_divide", "//"}, {"remainder", "%"}, {"eq", "=="}, {"ne", "!="}, {"lt", "<"},
      {"le", "<="}, {"gt", ">"}, {"ge", ">="}};
  auto it = ops.find(name);
  if (it == ops.end()) return nullptr;
  std::string op = it->second;
  for (auto& [k, v] : kwargs) {
    if (k != "rounding_mode" || (op != "/" && v->k != VK::None)) return nullptr;
    if (v->k == VK::Str && (v->s == "floor" || v->s == "trunc")) op = v->s == "floor" ? "//" : "trunc";
    else if (v->k != VK::None) return nullptr;
  }
  // in a frame, a SymInt among the numbers of torch.add / sub / mul / div: Dynamo will not const-prop a tensor of
  // SymInt data and breaks the graph (real torch 2.11: fake_constant_div_sizes after the size went dynamic)
  if (tracing() && (name == "add" || name == "sub" || name == "mul" || name == "div") && (!args[0]->sym.empty() || !args[1]->sym.empty())) {
    std::string a, k;
    for (const V& x : args) a += (a.empty() ? "" : ", ") + (x->sym.empty() ? variable_repr(x) : std::string("SymNodeVariable()"));
    for (auto& [kn, kv] : kwargs) k += (k.empty() ? "" : ", ") + fmt::format("'{}': {}", kn, variable_repr(kv));
    graph_break("Attempted to call torch in-graph function on only torch.SymInt arguments", msg_symint_only_torch_fn(name, a, k), loc);
  }
  auto num = [](const V& v) { return v->k == VK::Float ? v->f : v->k == VK::Bool ? double(v->b) : static_cast<double>(v->i); };
  const bool fl = args[0]->k == VK::Float || args[1]->k == VK::Float;
  const bool cmp = op == "<" || op == ">" || op == "<=" || op == ">=" || op == "==" || op == "!=";
  TensorInfo o;
  o.dtype = cmp ? "bool" : (fl || op == "/") ? "float32" : (args[0]->k == VK::Bool && args[1]->k == VK::Bool && op == "*") ? "bool" : "int64";
  // (computed as the values of eager tensors are, in the operands' common dtype: int64 unless a float takes part)
  double r = 0;
  if (!values::arith(op, num(args[0]), num(args[1]), fl ? "float64" : "int64", r)) raise_exc("RuntimeError", "ZeroDivisionError", loc);
  V res = emit("call_function", c_binding_target("torch." + name), name, false, args, kwargs, o, loc);
  if (res && res->k == VK::Tensor) {
    values::attach(*this, res, {r});  // (a SymInt's hint: this run's value)
    res->t->fake_const = args[0]->sym.empty() && args[1]->sym.empty();  // of a SymInt the FakeTensor is no constant
  }
  return res;
}

// Dynamo's `args=[...]`, `kwargs={...}` of a graph break's context: each value's VariableTracker repr
static std::pair<std::string, std::string> call_reprs(const std::vector<V>& args, const KW& kwargs) {
  std::string as, ks;
  for (size_t i = 0; i < args.size(); ++i) as += (i ? ", " : "") + variable_repr(args[i]);
  for (size_t i = 0; i < kwargs.size(); ++i) ks += fmt::format("{}'{}': {}", i ? ", " : "", kwargs[i].first, variable_repr(kwargs[i].second));
  return {as, ks};
}

// An op's rule between the value hooks. A sparse result breaks. The `out=` tensor's dtype is the result's, and its
// shape before the call: torch resizes it to the result's, which Dynamo refuses after tracing the op
// (variables/torch.py: resizing an out variant's graph input is not supported) — a break at the call, the op then run
// eagerly (Sentence-VAE's `torch.arange(0, n, out=self.tensor())` into an empty tensor).
V Interp::run_rule(OpCall& c) {
  // an `out=` variant records no autograd: with grad on, an input that requires grad is autograd's RuntimeError (in a
  // frame the fake tensor call's, a TorchRuntimeError; real torch 2.11: program out_tensor_shape_mismatch_breaks'
  // `torch.add(y, 1, out=buf)` of a Linear's output)
  if (V o = c.kw("out"); o && o->k == VK::Tensor && grad_enabled_) {
    std::function<bool(const V&)> needs_grad = [&](const V& v) {
      if (!v) return false;
      if (v->k == VK::Tensor) return v->t->requires_grad;
      if (v->k == VK::List || v->k == VK::Tuple) return std::any_of(v->items.begin(), v->items.end(), needs_grad);
      return false;
    };
    bool any = needs_grad(c.self) || std::any_of(c.args.begin(), c.args.end(), needs_grad);
    for (const auto& [k, v] : c.kwargs) any = any || (k != "out" && needs_grad(v));
    if (any)
      raise_fake("RuntimeError", fmt::format("{}(): functions with out=... arguments don't support automatic differentiation, but one of the "
                                             "arguments requires grad.", c.name), c.loc);
  }
  std::optional<TensorInfo> out_before;
  if (tracing())
    if (V o = c.kw("out"); o && o->k == VK::Tensor) out_before = *o->t;
  values::before_call(c);
  V r = c.def->rule(c);
  // the result is the `out=` tensor: its dtype, not the op's own (`torch.arange(0, n, out=torch.Tensor())` is float)
  if (V o = c.kw("out"); o && o->k == VK::Tensor && r && r->k == VK::Tensor && r != o) r->t->dtype = o->t->dtype;
  // (sizes compared by value: a size symbol equal to the result's number is the same size to the shape env)
  auto values_of = [](const TensorInfo& t) {
    std::vector<long long> v;
    for (const Dim& d : t.shape) v.push_back(d.v);
    return v;
  };
  // a sparse result has no VariableTracker (builder.py handle_traced_output, GB0277): a break at the call, run eagerly
  // (GRAN's `adj[bb].to_sparse()` in its sampling loop)
  if (tracing() && r && r->k == VK::Tensor && r->t->sparse && r != c.self)
    graph_break("Attempted to wrap sparse Tensor with VariableTracker", msg_sparse_output(values_of(*r->t)), c.loc);
  if (out_before && r && r->k == VK::Tensor && values_of(*r->t) != values_of(*out_before)) {
    const auto [as, ks] = call_reprs(c.args, c.kwargs);
    graph_break("Shape mismatch with out= tensor variant", msg_out_shape_mismatch(c.name, as, ks, dims_str(*out_before), dims_str(*r->t)), c.loc);
  }
  values::after_call(c, r);
  return r;
}

// A traced call's argument as proxy_args_kwargs names it: a value the frame read from a source is a
// LazyVariableTracker around what it realized to; a function made outside the traced code is read from a source (a
// global, a closure cell), one made in it a NestedUserFunctionVariable
static std::string proxy_arg_repr(const Interp& I, const V& a) {
  const FrameCtx* ctx = I.stack_.empty() ? nullptr : I.stack_.back()->ctx.get();
  bool sourced = ctx && ctx->sources.count(a.get());
  std::string inner;
  if (a->k == VK::Tensor) inner = "TensorVariable()";
  else if (a->k == VK::Tuple) inner = fmt::format("{}(length={})", a->size_tuple ? "SizeVariable" : "TupleVariable", a->items.size());
  else if (a->k == VK::List) inner = fmt::format("ListVariable(length={})", a->items.size());
  else if (a->k == VK::Instance && a->cls && a->builtin_nn.empty()) inner = fmt::format("UserDefinedObjectVariable({})", a->cls->s);
  else if (a->k == VK::Func && a->fn) {
    const FuncDef* in = I.stack_.back()->fn.get();
    if (in && a->fn->loc.file == in->loc.file && a->fn->loc.line >= in->loc.line && a->fn->loc.line <= in->end_line) return "NestedUserFunctionVariable()";
    inner = "UserFunctionVariable()";
    sourced = true;
  } else {
    return I.tracker_repr(a);
  }
  return sourced ? "LazyVariableTracker(realized: " + inner + ")" : inner;
}

// GB0055: a call Dynamo makes a graph node of, one of whose arguments has no proxy (a torch.Generator, a Python
// function handed to an in-graph torch function): `call_function args: <args> <kwargs' values>` (utils.py
// proxy_args_kwargs); a method's lists its receiver first
void Interp::proxy_args_break(const V& self, const std::vector<V>& args, const std::vector<std::pair<std::string, V>>& kwargs, Location loc) {
  std::string pos, kws;
  // (appended plainly: GCC 12's -Wrestrict misreads `"" + std::string&&`)
  auto add = [&](std::string& to, const V& a) { if (!to.empty()) to += ' '; to += proxy_arg_repr(*this, a); };
  if (self) add(pos, self);
  for (const V& a : args) add(pos, a);
  for (const auto& [k, a] : kwargs) add(kws, a);
  const char* type = "Failed to convert args/kwargs to proxy";
  graph_break(type, gb_message(type, "Missing `as_proxy()` implementation for some arg/kwarg.\n", {},
                               (self ? "call_method args: " : "call_function args: ") + pos + " " + kws, "GB0055"), loc);
}

// A torch.Generator among a traced op's arguments: Dynamo holds it as a UserDefinedObjectVariable with no as_proxy(),
// so proxy_args_kwargs fails, GB0055 at the call (real torch 2.11: entropix's `torch.rand(p.shape, generator=g)`)
static void generator_arg_break(Interp& I, const std::vector<V>& args, const std::vector<std::pair<std::string, V>>& kwargs, const V& self, Location loc) {
  if (!I.tracing()) return;
  auto is_gen = [&](const V& v) {
    return v && v->k == VK::Instance && v->cls && v->cls->s == "Generator" && v->cls->fn && v->cls->fn->loc.file >= 0 &&
           I.path_of(v->cls->fn->loc.file) == "<tparse-stubs>/__tparse_torch__.py";
  };
  bool any = false;
  for (const V& a : args) any = any || is_gen(a);
  for (const auto& [k, a] : kwargs) any = any || is_gen(a);
  if (any) I.proxy_args_break(self, args, kwargs, loc);
}

V Interp::torch_fn(const std::string& full, std::vector<V>& args, KW& kwargs, Location loc) {
  generator_arg_break(*this, args, kwargs, nullptr, loc);
  numpy_kwarg_names(kwargs, written_);
  const ClearWritten clear_written{written_};  // (the record is for this call's node only)
  bool is_f = full.rfind("F.", 0) == 0;
  std::string name = is_f ? full.substr(2) : full.rfind("torch.", 0) == 0 ? full.substr(6) : full;
  // an ndarray traced in the frame made a tensor (`torch.from_numpy(a)`): Dynamo's `torch.as_tensor(a)` node
  // (a cached frame's run gets the same traced ndarray from the stub, as Dynamo is "compiling" there too: no node)
  if (!is_f && (name == "from_numpy" || name == "as_tensor" || name == "asarray") && !args.empty() && np_traced::is_np(args[0]))
    return np_traced::to_tensor(*this, args[0], kwargs, loc);
  // a legacy typed constructor of a list holding a traced tensor (WaveGrad's `torch.FloatTensor([self.levels[t + 1]])`):
  // Dynamo calls the class on fake tensors, which store each element through its data: the fake tensor's error fails
  // the compile (TorchRuntimeError, gb4315) and the caller gets it (real torch 2.11: program floattensor_of_traced_scalar)
  if (!is_f && tracing() && !args.empty() && !legacy_constructor_dtype(name).empty()) {
    std::function<bool(const V&)> holds_tensor = [&](const V& v) {
      if (!v) return false;
      // (a numpy scalar too: VariableBuilder wraps np.int64 as a 0-d tensor, TAGNN's `torch.Tensor(alias_inputs)` of
      // lists of `np.where(...)[0][0]`, real torch 2.11)
      if (v->k == VK::Tensor || is_np_scalar(v)) return true;
      if (v->k == VK::List || v->k == VK::Tuple) return std::any_of(v->items.begin(), v->items.end(), holds_tensor);
      return false;
    };
    if ((args[0]->k == VK::List || args[0]->k == VK::Tuple) && holds_tensor(args[0]))
      raise_fake("RuntimeError",
                 "The tensor has a non-zero number of elements, but its data is not allocated yet.\nIf you're using "
                 "torch.compile/export/fx, it is likely that we are erroneously tracing into a custom kernel. To fix this, "
                 "please wrap the custom kernel into an opaque custom op. Please see the following for details: "
                 "https://pytorch.org/tutorials/advanced/custom_ops_landing_page.html\nIf you're using Caffe2, Caffe2 uses a "
                 "lazy allocation, so you will need to call mutable_data() or raw_mutable_data() to actually allocate memory.",
                 loc);
  }
  // eagerly torch.from_numpy(a) is a tensor of a's data and dtype, as torch.as_tensor(a) (a sampler's timesteps)
  if (!is_f && name == "from_numpy" && !tracing() && args.size() == 1) {
    std::vector<long long> nd;
    std::string ndt;
    if (values::ndarray_info(args[0], nd, ndt)) return call(mk_builtin("torch.as_tensor"), args, kwargs, loc);
  }
  // torch.sparse.mm(sparse, dense): a dense product, shaped as mm (in a frame the sparse operand already broke the
  // graph where it was read: GB0015)
  if (!is_f && name == "sparse.mm") name = "mm";
  const OpDef* def = find_op(is_f ? kF : kTorch, name);
  if (!def && !args.empty() && args[0]->k == VK::Tensor)  // a tensor op with no shape rule
    error(loc, fmt::format("unsupported tensor operation '{}'", is_f ? f_target(name) : "torch." + name));
  if (!def) error(loc, fmt::format("unknown or unsupported function '{}'", is_f ? "torch.nn.functional." + name : "torch." + name));
  // functions of no input tensor (factories, list-taking, Python results) get the whole call
  bool needs_input = def->family != Family::Value && def->family != Family::Creation && def->family != Family::Join && name != "where" &&
                     name != "einsum" && name != "searchsorted" && name != "bucketize" && name != "polar" && name != "complex" && name != "meshgrid";
  if (def->family == Family::Creation && name.size() > 5 && name.substr(name.size() - 5) == "_like") needs_input = true;
  if (name == "bincount" || name.rfind("sparse.", 0) == 0 || name == "split" || name == "chunk" || name == "unbind" || name == "tensor_split" || name == "split_with_sizes") needs_input = true;
  auto is_number = [](const V& v) { return v->k == VK::Int || v->k == VK::Float || v->k == VK::Bool; };
  if (name == "pow" && args.size() >= 2 && is_number(args[0]) && args[1]->k == VK::Tensor) {
    // pow.Scalar(Scalar self, Tensor exponent): the exponent's shape; a float base makes an integer exponent float
    std::vector<V> none;
    OpCall c{*this, def, args[1], true, "torch.pow", name, args, none, kwargs, loc};
    TensorInfo o = c.like();
    if (args[0]->k == VK::Float && (o.dtype.find("int") != std::string::npos || o.dtype == "bool")) o.dtype = "float32";
    if (args[0]->k != VK::Float && o.dtype == "bool") o.dtype = "int64";
    V r = c.out(o);
    if (values::eager(*this)) values::pow_scalar_base(*this, args[0], args[1], r);
    return r;
  }
  // the input tensor by keyword (`F.conv2d(input=x, weight=w)`, stylegan2's conv2d_gradfix): as the first argument
  // (sdpa's first parameter is `query`: diffusers' attention dispatch passes every argument by keyword)
  const char* first_param = name == "scaled_dot_product_attention" ? "query" : "input";
  if (needs_input && (args.empty() || args[0]->k != VK::Tensor))
    for (auto it = kwargs.begin(); it != kwargs.end(); ++it)
      if (it->first == first_param && it->second->k == VK::Tensor) {
        written_.first = it->second.get();
        written_.first_name = it->first;
        args.insert(args.begin(), it->second);
        kwargs.erase(it);
        break;
      }
  // a binary torch function of two Python numbers (`torch.div(h.size(1), 2 * w, rounding_mode="trunc")`, Longformer's
  // chunking): a 0-d tensor, a node of those constants in a frame, its value a FakeTensor constant
  if (needs_input && !is_f && def->family == Family::Binary && args.size() == 2 && is_number(args[0]) && is_number(args[1]))
    if (V r = scalar_binary_fn(name, args, kwargs, loc)) return r;
  // None as the input, eagerly: the argument parser's TypeError (a gradient that is None: samplernn's
  // `hardtanh(p.grad, min, max, inplace=True)` for a parameter the step did not use)
  if (needs_input && !args.empty() && args[0]->k == VK::None && !tracing()) {
    V ip = nullptr;
    for (const auto& [k, v] : kwargs) if (k == "inplace") ip = v;
    const bool inplace = ip && ip->k == VK::Bool && ip->b;
    raise_exc("TypeError", fmt::format("{}{}(): argument 'input' (position 1) must be Tensor, not NoneType", name, inplace ? "_" : ""), loc);
  }
  if (needs_input && (args.empty() || args[0]->k != VK::Tensor))
    error(loc, fmt::format("unknown or unsupported function '{}'", is_f ? "torch.nn.functional." + name : "torch." + name));
  std::string target = !def->target.empty() ? def->target : is_f ? f_target(name) : c_binding_target("torch." + name);
  std::vector<V> rest(args.begin() + (args.empty() || !needs_input ? 0 : 1), args.end());
  check_symbool_args(*this, def, target, name, rest, kwargs, loc);
  if (!is_f) check_requires_grad_kw(*this, name, args, kwargs, loc);
  python_type_dtype(kwargs);
  OpCall c{*this, def, needs_input ? args[0] : (!args.empty() && args[0]->k == VK::Tensor ? args[0] : nullptr), true, target, name, args, rest, kwargs, loc};
  // a non-contiguous `out=` tensor (a view: `out=grad_w[i]` of a transposed weight) Dynamo refuses (variables/torch.py:
  // functionalization cannot keep its strides): a break at the call (transformers' MoE fallback backward)
  if (tracing() && !is_f)
    if (V o = c.kw("out"); o && o->k == VK::Tensor && !is_contiguous_layout(*o->t)) {
      const auto [as, ks] = call_reprs(args, kwargs);
      graph_break("Attempted to call op with non-contiguous `out=` tensor", msg_noncontiguous_out(name, as, ks), loc);
    }
  guard_int_params(c);
  guard_sourced_number_lists(c);
  guard_float_params(c);
  return run_rule(c);
}

// Dynamo rewrites three in-place methods with a scalar keyword in a frame (variables/tensor.py, method_add_ /
// method_addcmul_ / method_addcdiv_, config.enable_dynamo_decompositions): `t.add_(o, alpha=a)` is torch.mul(o, a) and
// t.add_(that); `t.addcmul_(a, b, value=v)` inlines `t.add_(a * b * v)` (operator nodes); `t.addcdiv_(a, b,
// value=v)` is torch.div(a, b), torch.mul(that, v), t.add_(that). An optimizer's step is made of them (SGD's
// `param.add_(grad, alpha=-lr)`, Adam's `exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)`), and an
// EMA's `p.mul_(d).add_(q, alpha=1 - d)`.
V Interp::dynamo_decomposed_method(V self, const std::string& name, std::vector<V>& rest, KW& kwargs, Location loc) {
  if (name != "add_" && name != "addcmul_" && name != "addcdiv_") return nullptr;
  // the deprecated scalar-first overloads (`add_(Number, T)`, `addcmul_(Number, T, T)`: RAdam's
  // `exp_avg_sq.mul_(beta2).addcmul_(1 - beta2, grad, grad)`) do not fit the handler's signature: its TypeError is
  // graph break GB0117 (real torch 2.11: program deprecated_scalar_first_inplace_overloads)
  if (rest.size() > (name == "add_" ? 1u : 2u)) {
    std::string vts;
    for (const V& a : rest) vts += (vts.empty() ? "" : ", ") + tracker_repr(a);
    graph_break("Unhandled args for method",
                msg_unhandled_method_args(name, fmt::format("call_method TensorVariable() {} [{}] {{}}", name, vts)), loc);
  }
  const char* key = name == "add_" ? "alpha" : "value";
  V scalar;
  for (auto& [k, v] : kwargs)
    if (k == key) scalar = v;
  if (!scalar || scalar->k == VK::None || kwargs.size() != 1) return nullptr;
  if (rest.size() != (name == "add_" ? 1u : 2u)) return nullptr;
  V sum;
  KW none;
  if (name == "add_") {
    std::vector<V> a = {rest[0], scalar};
    sum = torch_fn("torch.mul", a, none, loc);
  } else if (name == "addcmul_") {
    sum = binop("*", binop("*", rest[0], rest[1], loc), scalar, loc);
  } else {
    std::vector<V> a = {rest[0], rest[1]};
    V q = torch_fn("torch.div", a, none, loc);
    std::vector<V> b = {q, scalar};
    sum = torch_fn("torch.mul", b, none, loc);
  }
  std::vector<V> one = {sum};
  return tensor_method(self, "add_", one, none, loc);
}

V Interp::tensor_method(V self, const std::string& mname, std::vector<V>& args, KW& kwargs, Location loc) {
  // an ndarray's method: numpy_method_wrapper in a frame; eagerly torch._numpy's method (a stand-in for an ndarray)
  if (np_traced::is_np(self) && mname.rfind("fn:", 0) != 0) {
    realize(self);
    bool handled = false;
    V r = np_traced::method(*this, self, mname, args, kwargs, loc, handled);
    if (handled) return r;
  }
  generator_arg_break(*this, args, kwargs, self, loc);
  numpy_kwarg_names(kwargs, written_);
  const ClearWritten clear_written{written_};  // (the record is for this call's node only)
  bool is_fn = mname.rfind("fn:", 0) == 0;
  std::string target, name = mname;
  std::vector<V> rest;  // args after the tensor
  if (is_fn) {
    size_t p = mname.find(':', 3);
    target = mname.substr(3, p - 3);
    name = mname.substr(p + 1);
    rest.assign(args.begin() + (args.empty() ? 0 : 1), args.end());
  } else {
    rest = args;
  }
  // eagerly `t.numpy()` of known data is numpy's array of it (NCSNv2's `sigmas.cpu().numpy()` iterated for step sizes);
  // of data tparse does not know it stays a tensor standing in for the array (its numbers are guesses there)
  if (!is_fn && name == "numpy" && !tracing() && self->k == VK::Tensor)
    if (const std::vector<double>* v = values::of(*this, self)) {
      static const std::map<std::string, std::string> np_dtype = {
          {"float32", "float32"}, {"float64", "float64"}, {"int64", "int64"}, {"int32", "int32"}, {"bool", "bool"}};
      if (auto dt = np_dtype.find(self->t->dtype); dt != np_dtype.end()) {
        V np = import_module("numpy", loc);
        std::vector<V> a{values::py_list(self, *v)};
        KW kw{{"dtype", mk_str(dt->second)}};
        return call(getattr(np, "array", loc), a, kw, loc);
      }
    }
  // Tensor.new(*sizes) / new(size): Dynamo's method_new turns it into new_empty when the sizes are Python ints (a
  // torch.Size too); eagerly the same uninitialized tensor of this dtype and device (tacotron2's `x.data.new(B, n)`).
  // Other forms stay a `new` node (new_factory): data (`seq[0].new([eos_id])`), SymInt sizes, or none
  if (!is_fn && name == "new" && !rest.empty()) {
    bool ints = std::all_of(rest.begin(), rest.end(), [](const V& a) { return a->k == VK::Int && a->sym.empty(); });
    bool size = rest.size() == 1 && rest[0]->k == VK::Tuple && rest[0]->size_tuple;  // (a plain tuple is data)
    if (ints || size) name = "new_empty";
  }
  // a torch.nn.functional target names F's op first (F.unfold is im2col, torch's / Tensor's unfold a view)
  const OpDef* def = is_fn && target.rfind("torch.nn.functional.", 0) == 0 ? find_op(kF, name) : nullptr;
  if (!def) def = find_op(is_fn ? (kTorch | kF) : kMethod, name);
  if (!self || self->k != VK::Tensor) error(loc, fmt::format("{}: expected a tensor argument", name));
  if (!is_fn) realize(self);
  if (!is_fn && tracing())
    if (V r = dynamo_decomposed_method(self, name, rest, kwargs, loc)) return r;
  if (!is_fn && !tracing()) warn_deprecated_overload(*this, name, rest, loc);
  if (!is_fn && name == "register_hook" && tracing())
    if (V r = intermediate_hook(self, loc)) return r;

  // Tensor.resize_(*sizes) / resize_as_(other) run eagerly: the tensor takes the new shape, contiguous, in place (its
  // values stale; WassersteinGAN's `input.resize_as_(real_cpu).copy_(real_cpu)` of a smaller last batch recompiles)
  if (!is_fn && (name == "resize_" || name == "resize_as_") && !tracing() && !rest.empty()) {
    std::vector<Dim> shape;
    if (name == "resize_as_") {
      if (rest[0]->k != VK::Tensor) error(loc, "resize_as_(): argument 'the_template' must be Tensor");
      shape = rest[0]->t->shape;
    } else {
      std::vector<V> xs = rest.size() == 1 && (rest[0]->k == VK::Tuple || rest[0]->k == VK::List) ? rest[0]->items : rest;
      for (const V& x : xs) {
        if (x->k != VK::Int) error(loc, "resize_(): sizes must be ints");
        shape.push_back(Dim{x->i, ""});
      }
    }
    values::mutated(*this, self);
    self->t->shape = shape;
    self->t->stride = contiguous_strides(shape);
    self->t->fill.reset();
    return self;
  }
  if (!def) error(loc, fmt::format("unsupported tensor operation '{}'", is_fn ? target : "Tensor." + name));
  if (is_fn) check_symbool_args(*this, def, target, name, rest, kwargs, loc);
  if (is_fn && target.rfind("torch.nn.functional.", 0) != 0) check_requires_grad_kw(*this, name, args, kwargs, loc);
  python_type_dtype(kwargs, !is_fn && name == "to" ? &rest : nullptr);
  if (!is_fn && name == "to") python_type_dtype(kwargs, &args);
  OpCall c{*this, def, self, is_fn, target, name, args, rest, kwargs, loc};
  guard_int_params(c);
  guard_sourced_number_lists(c);
  guard_float_params(c);
  return run_rule(c);
}

V Interp::tuple_result(V whole, const std::vector<TensorInfo>& parts_in, const std::vector<std::string>& fields) {
  std::vector<TensorInfo> parts = parts_in;
  if (!grad_enabled_) for (auto& p : parts) p.requires_grad = false;  // as emit() does for single results
  for (auto& p : parts) p.grad_fn = p.requires_grad;  // (an op's parts: requires_grad came from an input)
  for (auto& p : parts) p.grad_edge = p.requires_grad && whole && whole->k == VK::Tensor ? whole->t->grad_edge : nullptr;
  std::vector<V> xs;
  if (!tracing()) {
    for (auto& p : parts) xs.push_back(mk_tensor(p));
  } else {
    Graph& g = stack_.back()->ctx->graph;
    int wn = g.tensor_node.count(whole.get()) ? g.tensor_node[whole.get()] : static_cast<int>(g.nodes.size()) - 1;
    g.nodes[static_cast<size_t>(wn)].has_meta = false;  // a tuple: printed without a type
    g.tensor_node.erase(whole.get());  // the tuple node stands for no tensor (the address may be reused once `whole` dies)
    for (auto& p : parts) xs.push_back(mk_tensor(p));
    V r = mk_tuple(xs);
    r->sym_node = wn;
    for (size_t i = 0; i < fields.size() && i < xs.size(); ++i) r->attrs[fields[i]] = xs[i];
    // wrap_fx_proxy unpacks a tuple result at once: one getitem per part right after the call (unused ones go with
    // the dead code; torch.topk's `.indices` read later is `getitem_1` there: gpt-oss' MLPBlock)
    for (size_t i = 0; i < xs.size(); ++i) materialize_item(r, i);
    return r;
  }
  V r = mk_tuple(xs);
  for (size_t i = 0; i < fields.size() && i < xs.size(); ++i) r->attrs[fields[i]] = xs[i];  // .values / .indices
  return r;
}

void Interp::materialize_item(const V& tuple, size_t i) {
  if (tuple->k != VK::Tuple || tuple->sym_node < 0 || i >= tuple->items.size() || !tracing()) return;
  Graph& g = stack_.back()->ctx->graph;
  const V& item = tuple->items[i];
  if (item->k != VK::Tensor) return;  // a None part (multi_head_attention_forward without weights)
  if (g.tensor_node.count(item.get()) || tuple->sym_node >= static_cast<int>(g.nodes.size())) return;
  const Node whole = g.nodes[static_cast<size_t>(tuple->sym_node)];  // (a copy: add_call grows the node list)
  const int at = add_call("getitem", "getitem", {Arg{tuple->sym_node, "", false, false, {}}, Arg{-1, std::to_string(i), false, false, {}}}, Location{});
  Node& n = g.nodes[static_cast<size_t>(at)];
  n.meta = *item->t;
  if (n.meta.stride.size() != n.meta.shape.size()) n.meta.stride = contiguous_strides(n.meta.shape);
  n.has_meta = true;
  n.line = whole.line;  // (the tuple's own line and frame)
  n.fn_name = whole.fn_name;
  n.code = whole.code;
  n.file = whole.file;
  g.tensor_node[item.get()] = at;
  keep_graph_value(item);
}

// Tensor.register_hook on an intermediate that requires grad, in a frame: torch 2.11 wraps it as an autograd.Function
// whose backward runs the hook, an autograd_function_apply over the tensor whose [0] output stands for the tensor from
// then on (real torch 2.11: MuZero's `hidden_state.register_hook(...)` in its unroll, program
// register_hook_intermediate_hop). The bodies are not modelled (its graph text differs); a graph input's hook is no
// node. The result stands for the RemovableHandle.
V Interp::intermediate_hook(const V& self, Location loc) {
  if (!self || self->k != VK::Tensor || !self->t->requires_grad) return nullptr;
  Graph& g = stack_.back()->ctx->graph;
  auto it = g.tensor_node.find(self.get());
  if (it == g.tensor_node.end()) return nullptr;
  const std::string& op = g.nodes[static_cast<size_t>(it->second)].op;
  if (op == "placeholder" || op == "get_attr") return nullptr;
  V whole = emit("call_function", "torch.ops.higher_order.autograd_function_apply", "autograd_function_apply", false, {self}, {}, *self->t, loc);
  Node& hop = g.nodes.back();
  hop.kwargs.push_back({"non_differentiable_idx", Arg{-1, "[]", false, false, {}}});
  hop.kwargs.push_back({"saved_for_backward_idx", Arg{-1, "[]", false, false, {}}});
  hop.has_meta = false;  // (a tuple)
  g.tensor_node.erase(whole.get());
  V res = hop_results(static_cast<int>(g.nodes.size()) - 1, {self}, self, true, loc);
  g.tensor_node[self.get()] = g.tensor_node[res.get()];
  return hook_handle(self, none(), "__tparse_tensor_hooks__");  // (a list the tensor does not hold: remove() is a no-op)
}

}  // namespace tparse::compiler
