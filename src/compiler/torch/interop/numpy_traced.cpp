// numpy inside a compiled frame (torch._numpy as Dynamo traces it): wrapped-function, wrapped-method,
// wrapped-operator and attribute nodes whose values are ndarrays. Header: numpy_traced.hpp.
#include "torch/interop/numpy_traced.hpp"

#include <fmt/format.h>

#include <cmath>
#include <functional>
#include <map>
#include <optional>
#include <set>

#include "dynamo/messages.hpp"
#include "frontend/diag.hpp"
#include "runtime/interp.hpp"
#include "runtime/values/keys.hpp"
#include "torch/values/values.hpp"

namespace tparse::compiler::np_traced {

bool is_np(const V& v) { return v && v->k == VK::Tensor && v->t && v->t->np_array; }

std::string wrapper_target(const Graph& g, const std::string& base) {
  int n = 0;
  for (const Node& x : g.nodes) {
    if (x.op != "call_function" || x.target.rfind(base, 0) != 0) continue;
    std::string rest = x.target.substr(base.size());
    bool suffix = rest.size() > 1 && rest[0] == '_' && rest.find_first_not_of("0123456789", 1) == std::string::npos;
    n += rest.empty() || suffix;
  }
  return n == 0 ? base : fmt::format("{}_{}", base, n);
}

namespace {

bool number(const V& v) { return v && (v->k == VK::Int || v->k == VK::Float || v->k == VK::Bool) && v->sym.empty() && v->sym_node < 0; }

bool any_of_kind(const V& v, const std::function<bool(const V&)>& f) {
  if (!v) return false;
  if (f(v)) return true;
  if (v->k == VK::List || v->k == VK::Tuple)
    for (const V& x : v->items) if (any_of_kind(x, f)) return true;
  return false;
}

/// Runs torch ops for their result's type only: the nodes, names and renames they make are undone.
struct Shadow {
  Interp& I;
  Graph& g;
  size_t cp, renames;
  std::map<std::string, int> names;
  std::set<std::string> used;
  std::vector<V> copies;
  explicit Shadow(Interp& in)
      : I(in), g(in.stack_.back()->ctx->graph), cp(g.checkpoint()), renames(g.renames.size()), names(g.name_count), used(g.used_names) {}
  /// a numpy value as a plain tensor (its node stands for it while the shadow runs)
  V plain(const V& v) {
    if (is_np(v)) {
      V c = mk_tensor(*v->t);
      c->t->np_array = false;
      c->vals = v->vals;  // (the real run's values, for with_values)
      if (auto it = g.tensor_node.find(v.get()); it != g.tensor_node.end()) g.tensor_node[c.get()] = it->second;
      copies.push_back(c);
      return c;
    }
    if (v && (v->k == VK::List || v->k == VK::Tuple) && any_of_kind(v, is_np)) {
      std::vector<V> xs;
      for (const V& x : v->items) xs.push_back(plain(x));
      return v->k == VK::List ? mk_list(xs) : mk_tuple(xs);
    }
    return v;
  }
  ~Shadow() {
    g.rollback(cp);
    g.undo_renames(renames);
    g.name_count = names;
    g.used_names = used;
    for (const V& c : copies) g.tensor_node.erase(c.get());
  }
};

/// The result of `fn(*args, **kwargs)` on plain copies, or nullptr when torch's ops refused it.
V run_shadow(Interp& I, const V& fn, const std::vector<V>& args, const KW& kwargs, Location loc) {
  Shadow s(I);
  std::vector<V> a;
  for (const V& x : args) a.push_back(s.plain(x));
  KW kw;
  for (const auto& [k, v] : kwargs) kw.push_back({k, s.plain(v)});
  try {
    V r = I.call(fn, a, kw, loc);
    return r && r->k == VK::Tensor ? r : nullptr;
  } catch (CompileError&) {
  } catch (PyException& e) {
    // torch's fake kernels refused the op torch._numpy runs (its rollaxis hands the axes to Tensor.view as a shape):
    // the frame's TorchRuntimeError, as the wrapped function fails the same way in Dynamo's fake run
    if (e.fake) throw;
  } catch (GraphBreak&) {
  }
  return nullptr;
}

/// `res` (a traced ndarray) with the values the shadow run computed, when known: the frame runs on the call's real
/// inputs, so eager code after a break reads them (NTM's `np.cumsum([0] + lengths)` slice bounds once its frame is
/// skipped). Dynamo's decisions in the frame read the fake constant (fill, fake_const), never these.
V with_values(Interp& I, V res, const V& shadow) {
  if (res && res->k == VK::Tensor && shadow && shadow->k == VK::Tensor)
    if (const std::vector<double>* d = values::data(I, shadow)) values::attach(I, res, *d);
  return res;
}

/// the numpy value a shadow result stands for: numpy's defaults, ours to mark
TensorInfo as_ndarray(const TensorInfo& r) {
  TensorInfo o = r;
  o.np_array = true;
  o.requires_grad = false;
  o.is_param = o.is_buffer = o.nn_buffer = false;
  o.stride.clear();  // torch._numpy's results are new tensors (contiguous) unless a view: emit fills row-major
  return o;
}

/// Outside a frame (eager code after a break, a cached frame's run, `.numpy()` of unknown data): a numpy value as a
/// plain tensor, for torch's ops to give the result's type
V plain_eager(Interp& I, const V& v0) {
  V v = v0;
  if (V t = from_ndarray(I, v)) v = t;  // numpy's own array beside one standing in (its values when known)
  if (is_np(v)) {
    V c = mk_tensor(*v->t);
    c->t->np_array = false;
    c->vals = v->vals;
    return c;
  }
  if (v && (v->k == VK::List || v->k == VK::Tuple) && any_of_kind(v, [](const V& x) { return is_np(x) || from_ndarray(x); })) {
    std::vector<V> xs;
    for (const V& x : v->items) xs.push_back(plain_eager(I, x));
    return v->k == VK::List ? mk_list(xs) : mk_tuple(xs);
  }
  return v;
}

/// an eager result as the ndarray it stands for (a copy: a plain tensor of the caller's stays plain)
V eager_ndarray(const V& r) {
  if (!r || r->k != VK::Tensor || !r->t) return r;
  V c = std::make_shared<Obj>(*r);
  c->t = std::make_shared<TensorInfo>(as_ndarray(*r->t));
  c->t->stride = r->t->stride.size() == r->t->shape.size() ? r->t->stride : contiguous_strides(r->t->shape);
  return c;
}

V emit_wrapped(Interp& I, const std::string& base, const std::vector<V>& args, const KW& kwargs, TensorInfo o, Location loc) {
  Graph& g = I.stack_.back()->ctx->graph;
  std::string target = wrapper_target(g, "torch__dynamo_utils_" + base);
  o.np_array = true;
  // of constants only (`np.log2(16)`), the fake tensor holds its value: a Python number read from it is known (GB0208
  // where a frame needs one); one computed from a graph input (a module's numpy scalar) is data (GB0033)
  bool konst = true;
  for (const V& a : args) konst = konst && (!a || a->k != VK::Tensor || a->t->fake_const);
  // (FakeTensorMode keeps a constant of one element only, CONSTANT_NUMEL_LIMIT: `np.array([96, 128])` holds none)
  long long numel = 1;
  for (const Dim& d : o.shape) numel *= d.v;
  V r = I.emit("call_function", target, base, false, args, kwargs, o, loc);
  r->t->np_array = true;
  r->t->fake_const = konst && numel <= 1;
  return r;
}

/// the innermost user line (the stub's own frames are numpy's C code to Dynamo)
Location user_loc(Interp& I) {
  size_t k = I.stack_.size();
  while (k > 1 && I.is_stub(I.stack_[k - 1]->file)) --k;
  return Location{I.stack_[k - 1]->cur_line, 0, I.stack_[k - 1]->file};
}

/// a node no shape rule covers: the first ndarray's type, noted
V guessed(Interp& I, const std::string& base, const std::string& what, const std::vector<V>& args, const KW& kwargs, Location loc) {
  I.note_unmodelled(user_loc(I), what + " inside a compiled frame (shape guessed)");
  TensorInfo o;
  o.dtype = "float64";
  for (const V& a : args) if (is_np(a) || (a && a->k == VK::Tensor)) { o = *a->t; break; }
  o.approx = true;
  ++I.guesses_;
  return emit_wrapped(I, base, args, kwargs, as_ndarray(o), loc);
}

/// the numpy stub's dtype objects (np.float32) print as their names in a node ('float32'), as Dynamo passes them
V dtype_name(const V& v) {
  if (v && v->k == VK::Instance && v->cls && v->cls->s == "_dtype")
    if (auto it = v->attrs.find("name"); it != v->attrs.end() && it->second->k == VK::Str) return it->second;
  return v;
}

std::optional<double> num_of(const V& v) {
  if (!v) return std::nullopt;
  if (v->k == VK::Float) return v->f;
  if (v->k == VK::Int) return static_cast<double>(v->i);
  if (v->k == VK::Bool) return v->b ? 1.0 : 0.0;
  if (is_np(v) && v->t->shape.empty()) return v->t->fill;
  return std::nullopt;
}

/// A SymInt / SymFloat (a size of a dynamic input): the numpy function runs on its hint
bool sym_number(const V& v) { return v && (v->k == VK::Int || v->k == VK::Float) && !v->sym.empty(); }

/// What a 0-d result made from the converted operands holds for the fake run: a constant (the value tparse computes),
/// NaN (torch 2.11's fake as_tensor of a SymFloat with a dtype: `x * nan` in the graph), or no constant (data dependent)
enum class Converted { Constant, NaN, Symbolic };

/// torch._numpy's conversions of a SymInt / SymFloat argument (real torch 2.11: program numpy_symbolic_scalars):
/// - an ArrayLike parameter (np.ceil, np.clip, a sequence of np.prod) goes through _try_convert_to_tensor's
///   torch.as_tensor: a SymInt is specialized (`np.ceil(H)` pins H), a SymFloat guarded on its value and kept
///   (`(x.size()[1] / 7) == 1.4285714285714286`: video-swin's `np.ceil(H / 7)`, DrQ-v2's `np.clip(step / duration, ...)`
///   compiling again for each step);
/// - a binary ufunc (an ndarray operator too) takes ArrayLikeOrScalar: beside an array NEP 50 makes the scalar a
///   tensor of the array's dtype. A SymInt made a float tensor is specialized (KAIR's `np.ceil(h / 8) * 8 - h`), one
///   made an integer tensor stays symbolic (`length / self.hop_length`: program numpy_int_attr_pad), a SymFloat is not
///   guarded. Two scalars are converted as an ArrayLike (`np.maximum(H, 3)` pins H). arange keeps its scalars.
Converted guard_operands(Interp& I, const std::string& fn, bool binary_ufunc, const std::vector<V>& args, const KW& kwargs) {
  static const char* site = "_numpy/_util.py:177 in _try_convert_to_tensor";
  const Location at = user_loc(I);
  if (fn == "arange") {  // (its scalars go to torch.arange as they are)
    for (const V& a : args) if (sym_number(a)) return Converted::Symbolic;
    return Converted::Constant;
  }
  if (binary_ufunc && args.size() == 2 && (args[0]->k == VK::Tensor) != (args[1]->k == VK::Tensor)) {
    const V& arr = args[0]->k == VK::Tensor ? args[0] : args[1];
    const V& other = args[0]->k == VK::Tensor ? args[1] : args[0];
    if (!sym_number(other)) return Converted::Constant;
    if (other->k == VK::Float) return Converted::NaN;
    const std::string& dt = arr->t->dtype;
    if (dt.find("float") == std::string::npos && dt.find("complex") == std::string::npos) return Converted::Symbolic;
    I.specialize_symbol(other->sym, at);
    return Converted::Constant;
  }
  // (as_tensor of a sequence of more than one number is a fake tensor with no constant, FakeTensorMode's
  // CONSTANT_NUMEL_LIMIT: `int(np.prod(size[:-1]))` of two static sizes is data dependent, awni/speech's LinearND)
  bool many = false;
  auto one = [&](const V& a) {
    if (!a) return;
    if (sym_number(a)) I.specialize_symbol(a->sym, at, false, site);
    if (a->k == VK::Tuple || a->k == VK::List) {
      many = many || a->items.size() > 1;
      for (const V& x : a->items)  // (as_tensor of a sequence: `np.prod(x.shape)` of dynamic sizes)
        if (sym_number(x)) I.specialize_symbol(x->sym, at, false, site);
    }
  };
  // which parameters are ArrayLike: the array operand first (`np.tile(A, reps)` converts A, not reps: SASRec's
  // `np.tile(np.arange(1, n + 1), [B, 1])` keeps B dynamic, program numpy_longtensor_input); every operand of clip / where
  // / linspace; none of a creation function's shape (np.zeros(shape), full's fill_value is one)
  static const std::set<std::string> shape_first = {"zeros", "ones", "empty", "full", "eye", "identity", "tri"};
  static const std::set<std::string> all_operands = {"clip", "where", "linspace", "logspace", "geomspace", "interp"};
  if (fn == "full" && args.size() > 1) one(args[1]);
  for (size_t i = 0; i < args.size(); ++i)
    if (!shape_first.count(fn) && (i == 0 || all_operands.count(fn))) one(args[i]);
  for (const auto& [k, v] : kwargs)
    if (k == "a" || k == "x" || k == "min" || k == "max" || k == "a_min" || k == "a_max" || k == "fill_value") one(v);
  return many ? Converted::Symbolic : Converted::Constant;
}

/// A numpy value whose data the fake run does not hold (tparse may still know it: a frame input's, one computed from a
/// symbolic size), so item() of it is data dependent; the mark is the attribute below
const char* const kNoFakeConstant = "__tparse_np_no_constant__";
bool no_fake_constant(const V& v) { return v && v->attrs.count(kNoFakeConstant); }

Converted convert_guards(Interp& I, const std::string& fn, bool binary_ufunc, const std::vector<V>& args, const KW& kwargs) {
  const Converted c = guard_operands(I, fn, binary_ufunc, args, kwargs);
  // (an array the frame takes as an input is no constant of the fake run, whatever tparse knows of its data: DAC's
  // `math.ceil(length / self.hop_length)` of a numpy integer attribute is data dependent, program numpy_int_attr_pad;
  // nor is anything computed from one)
  const Graph& g = I.stack_.back()->ctx->graph;
  for (const V& a : args) {
    if (!is_np(a)) continue;
    if (no_fake_constant(a)) return Converted::Symbolic;
    if (auto n = g.tensor_node.find(a.get()); n != g.tensor_node.end() && g.nodes[static_cast<size_t>(n->second)].op == "placeholder")
      return Converted::Symbolic;
  }
  return c;
}

/// the result node of a conversion: NaN for the fake run's SymFloat constant; marked when the fake run holds no constant
V converted(V r, Converted conv) {
  if (!r || r->k != VK::Tensor) return r;
  if (conv == Converted::NaN && r->t->shape.empty()) r->t->fill = std::nan("");
  if (conv == Converted::Symbolic) r->attrs[kNoFakeConstant] = mk_bool(true);
  return r;
}

/// the binary ufuncs (ArrayLikeOrScalar operands)
bool is_binary_ufunc(const std::string& fn) {
  static const std::set<std::string> names = {
      "add", "subtract", "multiply", "divide", "true_divide", "floor_divide", "power", "float_power", "remainder", "mod",
      "fmod", "divmod", "maximum", "minimum", "fmax", "fmin", "arctan2", "hypot", "copysign", "nextafter", "ldexp",
      "logaddexp", "logaddexp2", "equal", "not_equal", "less", "less_equal", "greater", "greater_equal", "logical_and",
      "logical_or", "logical_xor", "bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift", "gcd", "lcm",
      "heaviside", "matmul"};
  return names.count(fn) > 0;
}

}  // namespace

V call(Interp& I, const std::vector<V>& bargs, Location loc) {
  if (bargs.size() < 5) I.error(loc, "__tparse_np_call__(name, impl, number_fn, args, kwargs)");
  const std::string name = bargs[0]->s;
  const V& impl = bargs[1];
  const V& numfn = bargs[2];
  std::vector<V> args = bargs[3]->items;
  KW kwargs;
  for (auto& [k, v] : bargs[4]->dict) kwargs.push_back({k->s, v});
  if (!I.tracing()) {  // the frame runs eagerly now (after a break, or a cached frame's run): the value, still an ndarray
    std::vector<V> plain;
    for (const V& a : args) plain.push_back(plain_eager(I, a));
    KW kw;
    for (const auto& [k, v] : kwargs) kw.push_back({k, plain_eager(I, v)});
    return eager_ndarray(I.call(impl, plain, kw, loc));
  }
  // the functions whose result's size is the data's (np.where of one argument, nonzero, argwhere, flatnonzero,
  // unique): torch._numpy runs aten.nonzero / _unique2 on fake tensors, a dynamic output shape, GB0036 at the call
  // (Real-Time-Voice-Cloning's `np.where(mask_matrix[j])[0]`)
  if ((name == "where" && args.size() == 1 && kwargs.empty()) || name == "nonzero" || name == "argwhere" || name == "flatnonzero")
    I.graph_break("Dynamic shape operator", msg_nonzero("aten.nonzero.default"), loc);
  // arange's bounds: torch._numpy reads a 0-d array argument as a Python number (item()); a traced one whose value the
  // fake tensor does not hold (FakeTensorMode keeps constants of one element only: `np.array(image.shape[2:])` has
  // two) is GB0033 at the call (yhenon's RetinaNet Anchors: `np.arange(0, shape[1])`)
  if (name == "arange")
    for (const V& a : args)
      if (is_np(a) && a->t->shape.empty() && (!a->t->fake_const || no_fake_constant(a)))
        I.graph_break("Data dependent operator", msg_data_dependent_op("aten._local_scalar_dense.default"), loc);
  if (name == "unique") I.graph_break("Dynamic shape operator", msg_nonzero("aten._unique2.default"), loc);
  if ((name == "array" || name == "asarray") && !args.empty() && nested_array_sequence(args[0])) array_of_tensors_break(I, args[0], loc);
  const Converted conv = convert_guards(I, name, is_binary_ufunc(name), args, kwargs);
  // numbers, or 0-d ndarrays this frame made whose value is known: the value is computed, the node keeps it
  if (numfn && numfn->k != VK::None && kwargs.empty() && !args.empty()) {
    std::vector<V> nums;
    bool any_array = false, ok = true;
    for (const V& a : args) {
      if (is_np(a) && a->t->shape.empty() && a->t->fill) { any_array = true; nums.push_back(mk_float(*a->t->fill)); continue; }
      // a symbolic number: its hint (guarded above)
      if (sym_number(a)) { nums.push_back(a->k == VK::Int ? mk_int(a->i) : mk_float(a->f)); continue; }
      // a sequence of plain numbers (`np.prod(x.shape[1:])` of static sizes: wrapped_prod((4, 4, 4)) is 64)
      if ((a->k == VK::Tuple || a->k == VK::List) &&
          std::all_of(a->items.begin(), a->items.end(), [&](const V& x) { return number(x) && !sym_number(x); })) {
        nums.push_back(a);
        continue;
      }
      if (!number(a)) { ok = false; break; }
      nums.push_back(a);
    }
    if (ok) {
      V r = I.call(numfn, nums, {}, loc);
      if (number(r)) {
        TensorInfo ti;
        ti.dtype = r->k == VK::Float || any_array ? "float64" : r->k == VK::Int ? "int64" : "bool";
        // (torch._numpy rounds an integer in place: np.ceil(8) is an int64 8, numpy's float64 8.0)
        static const std::set<std::string> rounding = {"ceil", "floor", "trunc", "rint", "fix", "round", "around"};
        if (rounding.count(name) && !any_array &&
            std::all_of(nums.begin(), nums.end(), [](const V& x) { return x->k == VK::Int || x->k == VK::Bool; }))
          ti.dtype = "int64";
        ti.fill = *num_of(r);
        return converted(emit_wrapped(I, "wrapped_" + name, args, kwargs, ti, loc), conv);
      }
    }
  }
  V r = run_shadow(I, impl, args, kwargs, loc);
  if (!r) return guessed(I, "wrapped_" + name, "numpy." + name + "()", args, kwargs, loc);
  TensorInfo o = as_ndarray(*r->t);
  // a 0-d result of known values holds its value (`np.clip(H / 7, 0.0, 10.0)` once H / 7 is guarded)
  if (o.shape.empty() && !o.fill)
    if (const std::vector<double>* d = values::data(I, r); d && d->size() == 1) o.fill = (*d)[0];
  return converted(with_values(I, emit_wrapped(I, "wrapped_" + name, args, kwargs, o, loc), r), conv);
}

V to_tensor(Interp& I, const V& self, const KW& kwargs, Location loc) {
  TensorInfo o = *self->t;
  o.np_array = false;
  o.approx = self->t->approx;
  for (const auto& [k, v] : kwargs)
    if (k == "dtype" && v && v->k == VK::DType) o.dtype = v->s;
  V r = I.emit("call_function", "torch.as_tensor", "as_tensor", false, {self}, kwargs, o, loc);
  r->t->np_array = false;
  // (the array's data, in the tensor's dtype: what the graph then computes from it is known)
  if (const std::vector<double>* d = values::data(I, self); d && r && r->k == VK::Tensor && !r->vals) values::attach(I, r, *d);
  return r;
}

V from_ndarray(const V& v) {
  if (!v || v->k != VK::Instance || !v->cls || v->cls->s != "ndarray") return nullptr;
  auto sh = v->attrs.find("shape"), dt = v->attrs.find("_tparse_dtype");
  if (sh == v->attrs.end() || dt == v->attrs.end() || sh->second->k != VK::Tuple || dt->second->k != VK::Str) return nullptr;
  TensorInfo t;
  for (const V& d : sh->second->items) {
    if (d->k != VK::Int) return nullptr;
    t.shape.push_back(Dim{d->i, ""});
  }
  t.dtype = dt->second->s;
  t.np_array = true;
  t.stride = contiguous_strides(t.shape);
  // a view with a negative stride (`np.sort(x)[::-1]`): torch.from_numpy refuses it; numpy's str of its numbers, rows
  // nested (`[9 9 8 7]`), is the break's debug context
  if (auto neg = v->attrs.find("_tparse_negstride"); neg != v->attrs.end() && neg->second->k == VK::Bool && neg->second->b) {
    auto fl = v->attrs.find("_tparse_flat");
    std::vector<std::string> xs;
    if (fl != v->attrs.end() && fl->second->k == VK::List)
      for (const V& x : fl->second->items) xs.push_back(x->k == VK::Int ? std::to_string(x->i) : x->k == VK::Float ? py_repr(x) : "?");
    std::function<std::string(size_t, size_t&)> rows = [&](size_t d, size_t& at) {
      std::string o = "[";
      for (long long k = 0; k < t.shape[d].v; ++k) {
        if (d + 1 < t.shape.size()) o += (k ? "\n" + std::string(d + 1, ' ') : "") + rows(d + 1, at);
        else o += (k ? " " : "") + (at < xs.size() ? xs[at++] : std::string("?"));
      }
      return o + "]";
    };
    size_t at = 0;
    t.np_refused = t.shape.empty() ? (xs.empty() ? "?" : xs[0]) : rows(0, at);
  }
  return mk_tensor(t);
}

V from_np_bool(Interp& I, const V& v) {
  if (!v || v->k != VK::Bool || !v->np_bool) return nullptr;
  TensorInfo t;
  t.dtype = "bool";
  t.np_array = true;
  V r = mk_tensor(t);
  values::attach(I, r, {v->b ? 1.0 : 0.0});
  return r;
}

V scalar_input(Interp& I, const V& v) {
  const bool is_int = v && v->k == VK::Int && v->np_int, is_float = v && v->k == VK::Float && v->np_float;
  if ((!is_int && !is_float) || I.stack_.empty() || !I.stack_.back()->ctx || I.stack_.back()->ctx->mode == Mode::Eager) return nullptr;
  FrameCtx& ctx = *I.stack_.back()->ctx;
  auto src = ctx.sources.find(v.get());
  if (src == ctx.sources.end()) return nullptr;
  V& in = ctx.np_scalar_inputs[src->second];
  if (!in) {
    TensorInfo t;
    // (of the scalar's width: np.float32 of a float32 array's mean is a 0-d float32 array)
    t.dtype = is_float ? (v->np_bits == 32 ? "float32" : "float64") : (v->np_bits == 32 ? "int32" : "int64");
    t.fill = is_float ? v->f : static_cast<double>(v->i);
    t.np_array = true;  // (an ndarray to torch._numpy; a plain tensor operand takes it as a tensor)
    in = mk_tensor(t);
    values::attach(I, in, {is_float ? v->f : static_cast<double>(v->i)});
    ctx.sources.of(in) = src->second;
    // (the frame entry's value guard on the scalar, `opt == 0`, is this input's tensor guard and item guard now)
    std::erase_if(ctx.vguards, [&](const ValueGuard& g) { return g.src == src->second && g.value.get() == v.get(); });
  }
  return in;
}

V from_ndarray(Interp& I, const V& v) {
  V t = from_ndarray(v);
  std::vector<double> data;
  if (t && values::from_data(I, v, data)) values::attach(I, t, std::move(data));
  return t;
}

void coerce_operands(Interp& I, V& a, V& b) {
  if ((a->k == VK::Tensor) == (b->k == VK::Tensor)) return;
  const V& t = a->k == VK::Tensor ? a : b;
  V& other = a->k == VK::Tensor ? b : a;
  if (V u = from_ndarray(I, other)) {
    u->t->np_array = t->t->np_array;
    other = u;
  }
}

void non_tensor_break(Interp& I, const std::string& target, const std::string& type, Location loc) {
  std::string msg = gb_message("torch.* op returned non-Tensor",
                               "torch.* ops that return a non-Tensor cannot be traced into the Dynamo FX graph output\n", {},
                               fmt::format("example_value type: {}; op: call_function; target: {}", type, target), "GB0208");
  I.graph_break("torch.* op returned non-Tensor", msg, loc);
}

V method(Interp& I, const V& self, const std::string& name, std::vector<V>& args, KW& kwargs, Location loc, bool& handled) {
  handled = true;
  static const std::set<std::string> tensor_side = {"__len__", "size", "tolist", "__iter__"};
  if (tensor_side.count(name)) { handled = false; return nullptr; }
  std::vector<V> all{self};
  for (const V& a : args) all.push_back(dtype_name(a));
  for (auto& kv : kwargs) kv.second = dtype_name(kv.second);
  if (!I.tracing()) {
    // eagerly: torch._numpy's method on a plain copy, its result the ndarray (a Python number from item(): the tensor's)
    if (name == "item") { handled = false; return nullptr; }
    V np = I.import_module("numpy._traced", loc);
    V table = I.getattr(np, "METHODS", loc);
    V* impl = table->k == VK::Dict ? dict_find(*table, mk_str(name == "__getitem__" ? "getitem" : name)) : nullptr;
    if (!impl) { handled = false; return nullptr; }
    std::vector<V> plain;
    for (const V& a : all) plain.push_back(plain_eager(I, a));
    KW kw;
    for (const auto& [k, v] : kwargs) kw.push_back({k, plain_eager(I, v)});
    V r = I.call(*impl, plain, kw, loc);
    V nd = eager_ndarray(r);
    if (name == "__getitem__" && nd && nd->k == VK::Tensor) nd->t->stride = r->t->stride;  // a view keeps the layout
    return nd;
  }
  if (name == "item") {
    // a value known at trace time (made from constants: `np.ceil(np.log(L)).astype('int')`): the fake item() gives a
    // number, which the wrapped method may not return ("torch.* op returned non-Tensor"); one made from an input
    // array's data (`np.argmin(np.abs(ticks - r))`): the fake _local_scalar_dense cannot know it (data dependent)
    if ((!self->vals && !self->t->fill) || no_fake_constant(self))
      I.graph_break("Data dependent operator", msg_data_dependent_op("aten._local_scalar_dense.default"), loc);
    bool integral = self->t->dtype.find("int") != std::string::npos || self->t->dtype == "bool";
    non_tensor_break(I, "<Wrapped method <original item>>", self->t->dtype == "bool" ? "bool" : integral ? "int" : "float", loc);
  }
  // a boolean-mask read (`rad[idx]` of `idx = rad <= 1`): torch._numpy indexes the tensor with it, aten.nonzero, whose
  // output shape depends on the data (GB0036; contextual-attention inpainting's compute_color)
  if (name == "__getitem__" && !args.empty()) {
    std::vector<V> idx = args[0]->k == VK::Tuple ? args[0]->items : std::vector<V>{args[0]};
    for (const V& x : idx)
      if (x && x->k == VK::Tensor && !x->t->shape.empty() && (x->t->dtype == "bool" || x->t->dtype == "uint8"))
        I.graph_break("Dynamic shape operator", msg_nonzero("aten.nonzero.default"), loc);
  }
  // `a[i] = v`: numpy_method_wrapper(__setitem__), torch._numpy's ndarray.__setitem__ writes the array's tensor in
  // place and returns None: the shape stays (AlphaZero's board planes `sq[0][rows, cols] = 1.0`); its data is the
  // write's from here
  if (name == "__setitem__") {
    emit_wrapped(I, "wrapped___setitem__", all, kwargs, as_ndarray(*self->t), loc);
    I.stack_.back()->ctx->graph.nodes.back().has_meta = false;  // (its example value is None: no annotation)
    values::mutated(I, self);
    return none();
  }
  // `a[i]`: numpy_operator_wrapper(operator.getitem), the others numpy_method_wrapper(name)
  const std::string base = name == "__getitem__" ? "wrapped_getitem" : "wrapped_" + name;
  V np = I.import_module("numpy._traced", loc);
  V table = I.getattr(np, "METHODS", loc);
  V* impl = nullptr;
  if (table->k == VK::Dict) impl = dict_find(*table, mk_str(name == "__getitem__" ? "getitem" : name));
  if (!impl) return guessed(I, base, "ndarray." + name + "()", all, kwargs, loc);
  V r = run_shadow(I, *impl, all, kwargs, loc);
  if (!r) return guessed(I, base, "ndarray." + name + "()", all, kwargs, loc);
  TensorInfo o = as_ndarray(*r->t);
  // a known 0-d value survives a cast (`np.ceil(np.log(L)).astype('int')`: 3)
  if (name == "astype" && self->t->shape.empty() && self->t->fill) {
    double f = *self->t->fill;
    o.fill = o.dtype.find("int") != std::string::npos ? std::trunc(f) : o.dtype == "bool" ? double(f != 0) : f;
  }
  if (name == "__getitem__") o.stride = r->t->stride;  // a view keeps the array's layout
  return converted(with_values(I, emit_wrapped(I, base, all, kwargs, o, loc), r), no_fake_constant(self) ? Converted::Symbolic : Converted::Constant);
}

V to_number(Interp& I, const V& self, const std::string& kind, Location loc) {
  if (!is_np(self) || !self->t->shape.empty() || !I.tracing()) return nullptr;
  // the fake item() (real torch 2.11, program numpy_symbolic_scalars): a value with no constant behind it (made from a
  // symbolic size: `int(np.array(3) - H)`) is data dependent; an integer constant is a Python int the wrapped method
  // may not return (`float(np.ceil(H))` of an int64 array, `int(np.maximum(H, 3))`); a float constant is read
  if ((!self->vals && !self->t->fill) || no_fake_constant(self))
    I.graph_break("Data dependent operator", msg_data_dependent_op("aten._local_scalar_dense.default"), loc);
  if (self->t->fill && (self->t->dtype.find("int") != std::string::npos || self->t->dtype == "bool"))
    non_tensor_break(I, "<Wrapped method <original item>>", self->t->dtype == "bool" ? "bool" : "int", loc);
  TensorInfo o = *self->t;
  V item = emit_wrapped(I, "wrapped_item", {self}, {}, o, loc);
  Graph& g = I.stack_.back()->ctx->graph;
  const int node = g.tensor_node.at(item.get());
  g.tensor_node.erase(item.get());
  // a value the run knows (computed from numbers and sizes' hints): Dynamo's item() of it is that number (the sizes it
  // came from were guarded where numpy took them: convert_guards); the graph keeps `wrapped_item` unused and
  // `torch.sym_int(0.0)` (KAIR's `int(np.ceil(h / 8) * 8 - h)`)
  if (self->t->fill) {
    const double known = *self->t->fill;
    g.nodes[static_cast<size_t>(node)].has_meta = false;
    g.nodes[static_cast<size_t>(node)].dead_result = true;
    // (the Python number's cast stays as a dead node: `sym_int = torch.sym_int(0.0)`, `sym_float = torch.sym_float(-7.0)`)
    TensorInfo none_t;
    const bool to_float = kind == "float";
    V cast = I.emit("call_function", to_float ? "torch.sym_float" : "torch.sym_int", to_float ? "sym_float" : "sym_int", false,
                    {mk_float(known)}, {}, none_t, loc);
    g.tensor_node.erase(cast.get());
    g.nodes.back().has_meta = false;
    g.nodes.back().dead_result = true;
    if (to_float) return mk_float(known);
    return mk_int(static_cast<long long>(known));
  }
  // else a guess the run lists: an unbacked float
  double v = 0;
  I.note_unmodelled(user_loc(I), "int() / float() of a numpy value the compiler does not know (taken as 0)");
  static int unbacked = 0;
  V f = mk_float(v);
  f->sym = fmt::format("zuf{}", unbacked++);
  f->sym_node = node;
  g.nodes[static_cast<size_t>(node)].has_meta = false;
  g.nodes[static_cast<size_t>(node)].sym_type = "Sym(" + f->sym + ")";
  g.sym_proxy[f->sym] = node;
  if (kind == "float") return f;
  V r = mk_int(static_cast<long long>(v));
  r->sym = "TruncToInt(" + f->sym + ")";
  I.sym_node("sym_int", "torch.sym_int", false, {f}, r, loc);
  return r;
}

V attr(Interp& I, const V& self, const std::string& name, Location loc, bool& handled) {
  handled = true;
  const TensorInfo& t = *self->t;
  auto static_dims = [&] {
    for (const Dim& d : t.shape) if (d.is_sym()) return false;
    return true;
  };
  if (name == "ndim") return mk_int(static_cast<long long>(t.shape.size()));
  if (name == "itemsize") {
    return mk_int(dtype_size(t.dtype));
  }
  if (name == "shape" && static_dims()) {
    std::vector<V> xs;
    for (const Dim& d : t.shape) xs.push_back(mk_int(d.v));
    return mk_tuple(xs);
  }
  if (name == "shape" && I.tracing()) {
    // a symbolic shape is read through Dynamo's numpy_attr_wrapper (`numpy_attr_wrapper(l_a_, 'shape')`, its tuple's
    // SymInts then the sizes': the node stays, unused); the sizes themselves as a tensor's
    I.add_call("torch__dynamo_utils_numpy_attr_wrapper", "numpy_attr_wrapper", {I.to_arg(self), Arg{-1, "'shape'"}}, loc);
  }
  if (name == "size" && static_dims()) {
    long long n = 1;
    for (const Dim& d : t.shape) n *= d.v;
    return mk_int(n);
  }
  if (name == "T" || name == "real" || name == "imag") {
    // numpy_attr_wrapper is one function: its global keeps its name
    TensorInfo o = t;
    if (name == "T") {
      o.shape.assign(t.shape.rbegin(), t.shape.rend());
      if (t.stride.size() == t.shape.size()) o.stride.assign(t.stride.rbegin(), t.stride.rend());
    } else {
      if (t.dtype == "complex64") o.dtype = "float32";
      if (t.dtype == "complex128") o.dtype = "float64";
    }
    o.np_array = true;
    V r = I.emit("call_function", "torch__dynamo_utils_numpy_attr_wrapper", "numpy_attr_wrapper", false, {self, mk_str(name)}, {}, o, loc);
    r->t->np_array = true;
    return r;
  }
  (void)loc;
  handled = false;
  return nullptr;
}

V binop(Interp& I, const std::string& op, const V& a, const V& b0, bool reflected, Location loc) {
  if (!is_np(a)) return nullptr;
  V b = b0;
  if (V t = from_ndarray(I, b)) b = t;  // numpy's own array with one standing in for another (eager code)
  if (b && !is_np(b) && !number(b) && !sym_number(b)) return nullptr;  // with a torch tensor: the tensor's operator
  if (!I.tracing()) {  // eagerly: torch's operator on plain copies, an ndarray again (numpy's true division: float64)
    V pa = plain_eager(I, a), pb = b ? plain_eager(I, b) : nullptr;
    V r = !b ? I.tensor_binop(op, pa, nullptr, loc, false) : I.tensor_binop(op, pa, pb, loc, reflected);
    if (!r || r->k != VK::Tensor) return r;
    V nd = eager_ndarray(r);
    if (op == "/" && nd->t->dtype == "float32" && a->t->dtype != "float32" && !(b && b->k == VK::Tensor && b->t->dtype == "float32"))
      nd->t->dtype = "float64";
    return nd;
  }
  static const std::map<std::string, std::string> names = {
      {"+", "add"}, {"-", "sub"}, {"*", "mul"}, {"/", "truediv"}, {"//", "floordiv"}, {"%", "mod"}, {"**", "pow"},
      {"<", "lt"}, {">", "gt"}, {"<=", "le"}, {">=", "ge"}, {"==", "eq"}, {"!=", "ne"}, {"@", "matmul"},
      {"&", "and_"}, {"|", "or_"}, {"neg", "neg"}, {"invert", "invert"}, {"pos", "pos"},
      // in place (`k /= np.sum(k)`, score_sde's FIR kernel): operator.itruediv through the same wrapper
      {"+=", "iadd"}, {"-=", "isub"}, {"*=", "imul"}, {"/=", "itruediv"}, {"//=", "ifloordiv"}, {"%=", "imod"}, {"**=", "ipow"}};
  auto it = names.find(op);
  if (it == names.end()) return nullptr;
  std::vector<V> args = !b ? std::vector<V>{a} : reflected ? std::vector<V>{b, a} : std::vector<V>{a, b};
  const Converted conv = convert_guards(I, it->second, true, args, {});
  const std::string base = "wrapped_" + it->second;
  // a known 0-d value: computed (the node keeps it, as np.log(16) does)
  TensorInfo o;
  bool cmp = it->second == "lt" || it->second == "gt" || it->second == "le" || it->second == "ge" || it->second == "eq" || it->second == "ne";
  std::optional<double> x = num_of(args[0]), y = args.size() > 1 ? num_of(args[1]) : std::nullopt;
  const bool zero_d = a->t->shape.empty() && (!b || number(b) || sym_number(b) || b->t->shape.empty());
  if (zero_d && x && (y || !b)) {
    const std::string n = op.size() > 1 && op.back() == '=' && op != "==" && op != "<=" && op != ">=" && op != "!=" ? it->second.substr(1) : it->second;
    double X = *x, Y = y ? *y : 0, r = 0;
    r = n == "add" ? X + Y : n == "sub" ? X - Y : n == "mul" ? X * Y : n == "truediv" ? X / Y : n == "floordiv" ? std::floor(X / Y)
      : n == "mod" ? X - std::floor(X / Y) * Y : n == "pow" ? std::pow(X, Y) : n == "lt" ? X < Y : n == "gt" ? X > Y
      : n == "le" ? X <= Y : n == "ge" ? X >= Y : n == "eq" ? X == Y : n == "ne" ? X != Y : n == "neg" ? -X : X;
    o.fill = r;
  }
  // the type: torch's operator on plain copies; numpy's true division of integers is float64
  V r;
  {
    Shadow s(I);
    V pa = s.plain(a), pb = b ? s.plain(b) : nullptr;
    try {
      r = !b ? I.tensor_binop(op, pa, nullptr, loc, false) : I.tensor_binop(op, pa, pb, loc, reflected);
    } catch (CompileError&) {
      r = nullptr;
    }
  }
  if (!r || r->k != VK::Tensor) return guessed(I, base, "numpy operator " + op, args, {}, loc);
  TensorInfo ro = as_ndarray(*r->t);
  // (a 0-d array with a Python number keeps torch's default float: `100 / pad_to` of a module's numpy integer is f32 in
  // torch 2.11, programs numpy_int_attr_pad, numpy_int_scalar_attr_arith)
  const bool zero_d_with_number = a->t->shape.empty() && b && b->k != VK::Tensor;
  if (it->second == "truediv" && ro.dtype == "float32" && a->t->dtype != "float32" && !(b && b->k == VK::Tensor && b->t->dtype == "float32") &&
      !zero_d_with_number)
    ro.dtype = "float64";
  if (cmp) ro.dtype = "bool";
  ro.fill = o.fill;
  return converted(with_values(I, emit_wrapped(I, base, args, {}, ro, loc), r), conv);
}

}  // namespace tparse::compiler::np_traced
