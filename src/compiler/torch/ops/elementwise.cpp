// Elementwise and binary families: dtype casts and device moves, unary math and activations (same
// shape), predicates (bool results), broadcasting binary ops (the operator rules of tensor_binop),
// torch.where, the in-place `x_` methods, and `t[idx] = v` (operator.setitem).
#include <fmt/format.h>

#include <cmath>
#include <map>
#include <optional>
#include <set>

#include "dynamo/messages.hpp"
#include "torch/autograd/reach.hpp"
#include "torch/interop/numpy_traced.hpp"
#include "runtime/interp.hpp"
#include "runtime/interp_helpers.hpp"
#include "torch/ops/rules.hpp"
#include "torch/values/values.hpp"

namespace tparse::compiler::ops {

static std::optional<double> finite_check(const std::string& n, const TensorInfo& t);  // (below)

V cast(OpCall& c) {
  const TensorInfo& t = c.t();
  const std::string& name = c.name;
  // the legacy type names: `x.type()` is a string, no node (Dynamo answers it as a constant), `x.type("torch.FloatTensor")`
  // a cast (YOLO heads' `grid.type(x.type())`)
  static const std::map<std::string, std::string> legacy = {
      {"float32", "FloatTensor"}, {"float64", "DoubleTensor"}, {"float16", "HalfTensor"}, {"bfloat16", "BFloat16Tensor"},
      {"int64", "LongTensor"}, {"int32", "IntTensor"}, {"int16", "ShortTensor"}, {"int8", "CharTensor"}, {"uint8", "ByteTensor"},
      {"bool", "BoolTensor"}, {"complex64", "ComplexFloatTensor"}, {"complex128", "ComplexDoubleTensor"}};
  if (name == "type" && c.rest.empty() && c.kwargs.empty()) {
    auto it = legacy.find(t.dtype);
    if (it == legacy.end()) c.fail("Tensor.type() of this dtype");
    return mk_str(std::string(t.device.rfind("cuda", 0) == 0 ? "torch.cuda." : "torch.") + it->second);
  }
  TensorInfo o = c.like();
  static const std::map<std::string, std::string> to = {{"float", "float32"}, {"half", "float16"}, {"double", "float64"}, {"long", "int64"},
                                                        {"int", "int32"}, {"bool", "bool"}, {"bfloat16", "bfloat16"}, {"short", "int16"},
                                                        {"byte", "uint8"}, {"char", "int8"}};
  if (auto it = to.find(name); it != to.end()) o.dtype = it->second;
  if (name == "detach") o.requires_grad = false;
  // a sparse COO layout (a frame that reads one cannot wrap it: GB0015, run_frame.cpp sparse_input; LightGCN's
  // `self.Graph = A.to_sparse().coalesce()`, program to_sparse_attr_in_compiled)
  o.sparse = t.sparse;  // (a cast, clone or detach of a sparse COO tensor keeps its layout)
  if (name == "to_sparse") o.sparse = true;
  if (name == "to_dense") o.sparse = false;
  if (name == "type_as") o.dtype = c.rest.at(0)->t->dtype;
  if (name == "to" || name == "type") for (auto& a : c.rest) {
    if (a->k == VK::DType) o.dtype = a->s;
    if (name == "type" && (a->k == VK::Str || a->k == VK::Builtin))  // "torch.FloatTensor" / torch.cuda.HalfTensor itself
      for (auto& [d, n] : legacy)
        if (a->s == "torch." + n || a->s == "torch.cuda." + n) { o.dtype = d; if (a->s.rfind("torch.cuda.", 0) == 0) o.device = "cuda"; }
    if (a->k == VK::Tensor) { o.dtype = a->t->dtype; o.device = a->t->device; }  // x.to(other): other's dtype and device
    if (name == "to" && (a->k == VK::Device || (a->k == VK::Str && !a->s.empty()))) o.device = tensor_device(a->s);
  }
  if (name == "to") if (V d = c.kw("dtype")) if (d->k == VK::DType) o.dtype = d->s;
  if (name == "to") if (V d = c.kw("device")) if (d->k == VK::Device || d->k == VK::Str) o.device = tensor_device(d->s);
  if (name == "cuda") o.device = c.rest.empty() || c.rest[0]->k != VK::Int ? "cuda:0" : "cuda:" + std::to_string(c.rest[0]->i);
  if (name == "cpu") o.device = "cpu";
  if (name == "clone" || name == "contiguous" || name == "to") o.fill = t.fill;
  // contiguous(): row-major; a copy (clone, a dtype change) keeps the input's layout, made dense (preserve_format)
  // (a conversion to the same dtype is the tensor itself: its strides as they are, `x[:, 0].type(torch.float32)`)
  bool copy = name == "clone" || o.dtype != t.dtype;
  // a conversion that changes nothing gives the same (fake) tensor back, an nn.Buffer's marks included
  if ((name == "to" || name == "type") && !copy) o.nn_buffer = t.nn_buffer;
  o.stride = name == "contiguous" ? std::vector<Dim>{} : copy ? preserve_format_strides(t) : t.stride;
  if (name == "contiguous" || name == "clone" || name == "to")  // `memory_format=` (contiguous's default: row-major)
    if (auto st = memory_format_strides(c, t, false)) o.stride = *st;
  // contiguous() of a tensor that already is (the strides of its size-1 dims do not count, as is_contiguous
  // reads them) is the tensor itself, strides as they are (FocalNet at 1x1: [35, 1, 35, 35])
  // (judged by the hints where sizes are symbolic: `8*Max(1, (s0//4))*Max(1, (s53//4))` is contiguous for
  // [2, 8, ((s0//4))*((s53//4))] though written otherwise than contiguous_strides writes it: VAR's AttnBlock)
  auto contiguous_by_hints = [&]() {
    const std::vector<Dim> want = contiguous_strides(t.shape);
    for (size_t i = 0; i < t.shape.size(); ++i)
      if (t.shape[i].v != 1 && t.stride[i].v != want[i].v) return false;
    return true;
  };
  if (name == "contiguous" && !c.kw("memory_format") && t.stride.size() == t.shape.size() && (is_contiguous_layout(t) || contiguous_by_hints()))
    o.stride = t.stride;
  if (!c.I.tracing() && (name == "contiguous" || name == "to" || name == "float" || name == "cuda" || name == "cpu") && o.dtype == t.dtype &&
      o.device == t.device && name != "contiguous")
    return c.self;
  // Tensor.numpy() in a frame: TensorVariable.method_numpy records a view of the tensor as the ndarray,
  // `view_as(t, t)` (tacotron2's `input_lengths.cpu().numpy()`)
  if (name == "numpy" && c.I.tracing()) {
    V r = c.I.emit("call_method", "view_as", "view_as", false, {c.self, c.self}, {}, o, c.loc);
    r->t->np_array = true;  // NumpyNdarrayVariable: its methods and operators are torch._numpy's from here
    return r;
  }
  // eagerly, of data tparse does not know (known data became numpy's array in dispatch.cpp): a tensor standing in for
  // the ndarray, its numpy methods and operators torch._numpy's rules run eagerly (numpy_traced.cpp)
  if (name == "numpy") {
    V r = c.out(o);
    r->t->np_array = true;
    return r;
  }
  return c.out(o);
}

// a tensor among the op's other arguments (positional or keyword) that requires grad
static bool other_arg_requires_grad(const OpCall& c) {
  auto rg = [](const V& x) { return x && x->k == VK::Tensor && x->t->requires_grad; };
  return std::any_of(c.rest.begin(), c.rest.end(), rg) ||
         std::any_of(c.kwargs.begin(), c.kwargs.end(), [&](const auto& kv) { return rg(kv.second); });
}

V unary(OpCall& c) {
  const TensorInfo& t = c.t();
  const std::string& name = c.name;
  const size_t rank = c.rank();
  TensorInfo o = c.like();
  if ((name == "clamp" || name == "clip") && c.I.tracing()) {
    // a number for one bound and a 0-d tensor for the other: the arg parser binds clamp(Tensor, Scalar?, Scalar?) and
    // turns the tensor into a Scalar, an item() (PyTorch-VAE's `torch.clamp(c, 0, self.C_max.data[0])`): GB0033
    V lo = c.arg(0, "min"), hi = c.arg(1, "max");
    auto number = [](const V& v) { return v && (v->k == VK::Int || v->k == VK::Float || v->k == VK::Bool); };
    auto scalar_tensor = [](const V& v) { return v && v->k == VK::Tensor && v->t->shape.empty(); };
    if ((number(lo) && scalar_tensor(hi)) || (scalar_tensor(lo) && number(hi)))
      c.I.graph_break("Data dependent operator", msg_data_dependent_op("aten._local_scalar_dense.default"), c.loc);
  }
  if ((name == "batch_norm" || name == "instance_norm") && rank >= 2) {
    // F.batch_norm's _verify_batch_size / F.instance_norm's _verify_spatial_size in training (instance_norm's
    // use_input_stats, True by default): one value per channel (batch_norm: N * spatial; instance_norm: spatial) is a
    // ValueError, raised from the sizes whatever the data (PyTorch-GAN's MUNIT at a 1x1 bottleneck)
    V tr = c.arg(4, name == "batch_norm" ? "training" : "use_input_stats");
    const bool training = tr ? (tr->k == VK::Bool ? tr->b : tr->k == VK::Int ? tr->i != 0 : false) : name == "instance_norm";
    long long n = name == "batch_norm" ? t.shape[0].v : 1;
    for (size_t i = 2; i < rank; ++i) n *= t.shape[i].v;
    if (training && n == 1) {
      std::string sz;
      for (size_t i = 0; i < rank; ++i) sz += (i ? ", " : "") + std::to_string(t.shape[i].v);
      c.I.raise_exc("ValueError", fmt::format("Expected more than 1 {} when training, got input size torch.Size([{}])",
                                              name == "batch_norm" ? "value per channel" : "spatial element", sz), c.loc);
    }
  }
  if (name == "masked_fill" || name == "masked_scatter") {
    V mask = c.arg(0, "mask");
    if (!mask || mask->k != VK::Tensor) c.fail(fmt::format("{} expects a mask tensor", name));
    if (mask->t->shape.size() > rank) c.fail(fmt::format("{}: mask has more dimensions than the tensor", name));
    broadcast(c.I, t.shape, mask->t->shape, c.loc);  // the mask broadcasts to the tensor
  }
  if (name == "pow" || name == "clamp" || name == "float_power") {
    V e = c.arg(0, name == "pow" || name == "float_power" ? "exponent" : "min");
    if (t.fill && e && e->k != VK::Tensor && name == "pow") o.fill = std::pow(*t.fill, e->k == VK::Float ? e->f : e->i);
    if (e && e->k == VK::Tensor && name != "clamp") o.shape = broadcast(c.I, t.shape, e->t->shape, c.loc);
    if (name == "float_power") o.dtype = "float64";
  }
  // clamp of an integer tensor with a float bound is a float tensor (result_type: the default float dtype; charformer's
  // `total_el.clamp(min=1.0)` of mask counts)
  if ((name == "clamp" || name == "clip" || name == "clamp_min" || name == "clamp_max") && t.dtype.find("int") != std::string::npos) {
    V lo = c.arg(0, name == "clamp_max" ? "max" : "min");
    V hi = name == "clamp" || name == "clip" ? c.arg(1, "max") : nullptr;
    if ((lo && lo->k == VK::Float) || (hi && hi->k == VK::Float)) o.dtype = "float32";
  }
  if (name == "abs" && t.fill) o.fill = std::fabs(*t.fill);
  if (name == "abs" && t.dtype.rfind("complex", 0) == 0) o.dtype = real_of(t.dtype);  // a complex magnitude is real
  // cumsum / cumprod / softmax / log_softmax(dtype=...): the result's dtype (transformers' MoE offsets:
  // `torch.cumsum(tokens_per_expert, dim=0, dtype=torch.int32)` of histc's float counts); an integer cumsum is int64
  if (name == "cumsum" || name == "cumprod" || name == "softmax" || name == "log_softmax") {
    V dt = c.kw("dtype");
    if (dt && dt->k == VK::DType) o.dtype = dt->s;
    else if ((name == "cumsum" || name == "cumprod") && (t.dtype.find("int") != std::string::npos || t.dtype == "bool")) o.dtype = "int64";
  }
  if (name == "relu" && t.fill) o.fill = std::max(0.0, *t.fill);
  if (name == "exp" && t.fill) o.fill = std::exp(*t.fill);
  if (name == "neg" && t.fill) o.fill = -*t.fill;
  if (name == "isnan") {
    o.dtype = "bool";
    o.fill = finite_check(name, t);
  }
  if (name == "glu") {  // halves the split dim (default -1)
    V d = c.arg(0, "dim");
    long long dd = c.dim(d && d->k == VK::Int ? d->i : -1, rank);
    if (o.shape[static_cast<size_t>(dd)].v % 2) c.fail("glu: the halved dimension must be even");
    o.shape[static_cast<size_t>(dd)].v /= 2;
    o.shape[static_cast<size_t>(dd)].sym.clear();
  }
  // float results of integer inputs (torch's documented "int -> default float" ops)
  static const std::set<std::string> to_float = {"sqrt", "rsqrt", "exp", "log", "sin", "cos", "tanh", "sigmoid", "erf", "exp2", "expm1",
                                                  "log1p", "log2", "log10", "tan", "atan", "asin", "acos", "sinh", "cosh", "logit", "softmax", "log_softmax",
                                                  "sinc", "erfinv", "digamma", "lgamma", "special.logit", "special.expit"};
  // (torch.special's one-input functions: a float result, all but special.round, which keeps the dtype)
  const bool special_float = name.rfind("special.", 0) == 0 && name != "special.round";
  if ((to_float.count(name) || special_float) && (o.dtype.find("int") != std::string::npos || o.dtype == "bool")) o.dtype = "float32";
  if ((name == "softmax" || name == "log_softmax") ) if (V dt = c.kw("dtype")) if (dt->k == VK::DType) o.dtype = dt->s;
  // F.softmax / log_softmax / softmin without dim: functional.py's _get_softmax_dim warns (UserWarning) each call;
  // shown eagerly it runs warnings.py's Python (stubs/warnings.py: frames under the callback)
  if (c.is_fn && !c.I.tracing() && c.target == "torch.nn.functional." + name &&
      (name == "softmax" || name == "log_softmax" || name == "softmin")) {
    V d = c.arg(0, "dim");
    if (!d || d->k == VK::None)
      c.I.show_warning("Implicit dimension choice for " + name + " has been deprecated. Change the call to include dim=X as an argument.", c.loc);
  }
  if (name == "cumsum" || name == "softmax" || name == "log_softmax" || name == "cumprod" || name == "softmin") {
    V d = c.arg(0, "dim");
    if (d && d->k == VK::Int) c.dim(d->i, rank);
    if ((name == "cumsum" || name == "cumprod") && (o.dtype.find("int") != std::string::npos || o.dtype == "bool")) o.dtype = "int64";
  }
  if ((name == "tril" || name == "triu") && rank < 2) c.fail(fmt::format("{}: input tensor must have at least 2 dimensions", name));
  if (o.shape == t.shape) o.stride = elementwise_strides(o.shape, {&t});  // TensorIterator: the input's layout, dense
  // softmax's meta allocates a contiguous output whatever the input's layout (TORCH_META_FUNC(_softmax)'s
  // set_output_raw_strided with no strides; program softmax_out_contiguous: CycleMLP's permuted reweight)
  if (name == "softmax" || name == "log_softmax" || name == "softmin") o.stride = contiguous_strides(o.shape);
  // dropout that does not train returns its input (F.dropout / _VF.dropout with training=False): its strides as they
  // are, symbolic forms included (`32*((s77//s29))`, not a recomputed `32*Max(1, ...)`: mar's timm blocks)
  if (name.rfind("dropout", 0) == 0 || name == "alpha_dropout") {
    V tr = c.arg(1, "training");
    // (F.dropout's eval path is `input.clone()` in aten: a dense input keeps its strides, a non-dense one — a strided
    // slice `h[:, 0, :]` — is laid out anew: program dropout_eval_is_clone_strides, ELECTRA's classification head)
    if (tr && tr->k == VK::Bool && !tr->b && t.stride.size() == t.shape.size())
      o.stride = is_dense_layout(t) ? t.stride : preserve_format_strides(t);
  }
  // a tensor argument that requires grad makes the result require grad: batch_norm / instance_norm's weight and bias
  // (MADDPG's BatchNorm1d on an input of no grad: its affine parameters get gradients, the optimizer's step reads them)
  o.requires_grad = o.requires_grad || other_arg_requires_grad(c);
  return c.out(o);
}

/// isnan / isinf / isneginf / isposinf / isfinite of a tensor as a uniform fill: of its fill when it has one; of data
/// tparse does not know, the data is taken as finite numbers (a model's NaN / inf check, EGNN's `if
/// torch.any(torch.isnan(vel)):` reset, is false on the data it is written for; real torch 2.11 takes that branch
/// only on diverged data)
static std::optional<double> finite_check(const std::string& n, const TensorInfo& t) {
  const bool is_fp = t.dtype.find("float") != std::string::npos || t.dtype == "bfloat16" || t.dtype.rfind("complex", 0) == 0;
  const double x = t.fill ? *t.fill : 0.0;  // (integer and bool data are always finite)
  if (!t.fill && !is_fp) return n == "isfinite" ? 1.0 : 0.0;
  if (n == "isnan") return std::isnan(x) ? 1.0 : 0.0;
  if (n == "isinf") return std::isinf(x) ? 1.0 : 0.0;
  if (n == "isneginf") return std::isinf(x) && x < 0 ? 1.0 : 0.0;
  if (n == "isposinf") return std::isinf(x) && x > 0 ? 1.0 : 0.0;
  return std::isfinite(x) ? 1.0 : 0.0;
}

V predicate(OpCall& c) {
  TensorInfo o = c.like();
  o.stride = elementwise_strides(o.shape, {&c.t()});
  if (c.name != "__invert__" && c.name != "bitwise_not") o.dtype = "bool";
  o.requires_grad = false;
  o.fill.reset();
  if (const std::string& n = c.name; n == "isinf" || n == "isneginf" || n == "isposinf" || n == "isfinite") o.fill = finite_check(n, c.t());
  return c.out(o);
}

V binary(OpCall& c) {
  static const std::map<std::string, std::string> bin = {
      {"add", "+"}, {"sub", "-"}, {"mul", "*"}, {"div", "/"}, {"matmul", "@"}, {"mm", "@"}, {"spmm", "@"}, {"bmm", "@"}, {"mv", "@"}, {"maximum", "+"},
      {"minimum", "+"}, {"eq", "=="}, {"gt", ">"}, {"lt", "<"}, {"ne", "!="}, {"ge", ">="}, {"le", "<="}, {"subtract", "-"}, {"rsub", "-"},
      {"multiply", "*"}, {"divide", "/"}, {"true_divide", "/"}, {"floor_divide", "//"}, {"remainder", "%"}, {"fmod", "%"},
      {"greater", ">"}, {"less", "<"}, {"greater_equal", ">="}, {"less_equal", "<="}, {"not_equal", "!="}, {"isclose", "=="},
      {"logical_and", "=="}, {"logical_or", "=="}, {"logical_xor", "=="}, {"bitwise_and", "&"}, {"bitwise_or", "|"},
      {"bitwise_xor", "&"}, {"bitwise_left_shift", "&"}, {"bitwise_right_shift", "&"}, {"atan2", "/"}, {"hypot", "+"}, {"xlogy", "*"},
      {"fmax", "+"}, {"fmin", "+"}, {"copysign", "*"}, {"heaviside", "+"}, {"lerp", "+"}, {"addcmul", "+"}, {"addcdiv", "+"}, {"max", "+"}, {"min", "+"},
      {"cross", "*"}, {"linalg.cross", "*"}};  // (cross: the operands' broadcast shape, as torch.linalg.cross)
  V other = c.arg(0, c.name == "lerp" ? "end" : c.name == "addcmul" || c.name == "addcdiv" ? "tensor1" : "other");
  if (!other) c.fail(fmt::format("{}() missing argument 'other'", c.name));
  if (bin.at(c.name) == "@" && c.self && c.self->k == VK::Tensor && other->k == VK::Tensor)
    same_matmul_dtypes(c.I, *c.self->t, *other->t, c.loc);
  // (in a frame, shapes that cannot broadcast are the fake tensor's TorchRuntimeError, raised by broadcast before the
  // eager shape rule below would stop the run: VampPrior's `eps.mul(std)`, real torch 2.11)
  if (c.I.tracing() && c.self && c.self->k == VK::Tensor && other->k == VK::Tensor && bin.at(c.name) != "@") {
    const std::vector<Dim>& x = c.self->t->shape;
    const std::vector<Dim>& y = other->t->shape;
    bool clash = false;
    for (size_t k = 1; k <= std::min(x.size(), y.size()) && !clash; ++k) {
      const Dim& dx = x[x.size() - k];
      const Dim& dy = y[y.size() - k];
      clash = !dx.is_sym() && !dy.is_sym() && dx.v != 1 && dy.v != 1 && dx.v != dy.v;
    }
    if (clash) broadcast(c.I, x, y, c.loc);
  }
  // the shape with the operator rule in eager mode (no node), then one node for the call
  auto st = c.I.stack_.back()->ctx;
  c.I.stack_.back()->ctx = nullptr;
  V shaped;
  try {
    // (div with a rounding mode keeps an integer dtype: floor division's type rule)
    V rm = c.name == "div" || c.name == "divide" ? c.kw("rounding_mode") : nullptr;
    const bool rounded = rm && rm->k == VK::Str && (rm->s == "floor" || rm->s == "trunc");
    shaped = c.I.binop(rounded ? "//" : bin.at(c.name), c.self, other, c.loc);
    // three-tensor forms: lerp(end, weight), addcmul/addcdiv(tensor1, tensor2) broadcast all three
    V third = c.name == "lerp" ? c.arg(1, "weight") : c.name == "addcmul" || c.name == "addcdiv" ? c.arg(1, "tensor2") : nullptr;
    if (third && third->k == VK::Tensor) shaped = c.I.binop("+", shaped, third, c.loc);
  } catch (...) { c.I.stack_.back()->ctx = st; throw; }
  c.I.stack_.back()->ctx = st;
  // (the shape rule ran without the frame: the sizes the op needs equal are unified now, as ShapeEnv replaces one
  // symbol by the other: `torch.bmm(q, k.transpose(1, 2))` of two batches)
  if (c.I.tracing() && c.self && c.self->k == VK::Tensor && other->k == VK::Tensor) {
    const std::vector<Dim>& x = c.self->t->shape;
    const std::vector<Dim>& y = other->t->shape;
    if (bin.at(c.name) == "@") {
      broadcast(c.I, std::vector<Dim>(x.begin(), x.end() - std::min<size_t>(2, x.size())),
                std::vector<Dim>(y.begin(), y.end() - std::min<size_t>(2, y.size())), c.loc);
      // (the contraction dims are equal too: `torch.bmm(adj, h)` replaces h's node-count symbol by adj's, DGI)
      if (!x.empty() && !y.empty()) broadcast(c.I, {x.back()}, {y.size() >= 2 ? y[y.size() - 2] : y[0]}, c.loc);
    }
    else
      broadcast(c.I, x, y, c.loc);
  }
  TensorInfo o = *shaped->t;
  o.sparse = false;  // (torch.spmm / mm of a sparse matrix and a dense one: dense)
  // only aten's add / sub / mul / div take FakeTensor's fast binary path (the operator rule's strides); the others
  // (maximum, atan2, ...) lay their output out as TensorIterator / torch._refs do
  static const std::set<std::string> fast = {"add", "sub", "mul", "div", "subtract", "multiply", "divide", "true_divide"};
  if (!fast.count(c.name) && bin.at(c.name) != "@" && other->k == VK::Tensor && c.self && c.self->k == VK::Tensor &&
      !(c.name == "lerp" || c.name == "addcmul" || c.name == "addcdiv"))
    o.stride = elementwise_strides(o.shape, {c.self->t.get(), other->t.get()});
  if (c.name.rfind("logical_", 0) == 0) o.dtype = "bool";
  if (c.name == "atan2" && o.dtype.find("float") == std::string::npos) o.dtype = "float32";
  return c.out(o);
}

// torch.where(cond, input, other): broadcast of the three; torch.where(cond) is nonzero(as_tuple=True).
V where(OpCall& c) {
  if (c.args.size() == 1) {
    V cond = c.args[0];
    if (cond->k != VK::Tensor) c.fail("where(condition): condition must be a tensor");
    Activation& act = *c.I.stack_.back();
    if (act.ctx && act.ctx->mode != Mode::Eager) c.I.graph_break("Dynamic shape operator", msg_nonzero("aten.nonzero.default"), c.loc);
    long long n = values::true_count(c.I, cond, c.loc, "torch.where(condition)");
    TensorInfo one;
    one.shape = {Dim{n, ""}};
    one.dtype = "int64";
    one.device = cond->t->device;
    std::vector<V> xs;
    for (size_t i = 0; i < cond->t->shape.size(); ++i) xs.push_back(mk_tensor(one));
    return mk_tuple(xs);
  }
  if (c.is_fn && c.args.size() != 3) c.fail("where(condition, input, other) takes 1 or 3 arguments");
  if (!c.is_fn && c.rest.size() != 2) c.fail("Tensor.where(condition, other)");
  // Tensor.where(condition, other) is torch.where(condition, self, other)
  V cond = c.is_fn ? c.args.at(0) : c.rest[0], a = c.is_fn ? c.args.at(1) : c.self, b = c.is_fn ? c.args.at(2) : c.rest[1];
  if (cond->k != VK::Tensor) c.fail("where(): condition must be a tensor");
  // the condition must be bool: eagerly a uint8 mask (as torch < 1.2 took: pytorch-crf's documented ByteTensor masks)
  // is still taken with a deprecation warning, another dtype raises; in a frame the fake kernel's check
  // (_refs.where) takes only bool, which ends the compile as a TorchRuntimeError
  if (cond->t->dtype != "bool" && (c.I.tracing() || cond->t->dtype != "uint8")) {
    if (c.I.tracing()) c.I.raise_fake("RuntimeError", "expected predicate to be bool, got torch." + cond->t->dtype, c.loc);
    c.I.raise_exc("RuntimeError", "where expected condition to be a boolean tensor, but got a tensor with dtype " +
                                      dtype_c10(cond->t->dtype), c.loc);
  }
  TensorInfo o;
  o.device = cond->t->device;
  std::vector<Dim> s = cond->t->shape;
  std::string dt;
  for (auto& x : {a, b}) {
    if (x->k == VK::Tensor) {
      s = broadcast(c.I, s, x->t->shape, c.loc);  // shape only: no graph node (a `+` here used to record two)
      dt = dt.empty() ? x->t->dtype : promote_dtype(dt, x->t->dtype);
      o.requires_grad = o.requires_grad || x->t->requires_grad;
    }
  }
  if (dt.empty()) dt = (a->k == VK::Float || b->k == VK::Float) ? "float32" : "int64";
  o.dtype = dt;
  o.shape = s;
  // its layout is the elementwise one over (condition, input, other): an expanded operand's zero strides decide
  // nothing (funnel's relative_token_type_attention: [64, 128, 8, 1], not contiguous)
  std::vector<const TensorInfo*> ops;
  for (const V& x : {cond, a, b}) if (x->k == VK::Tensor) ops.push_back(x->t.get());
  o.stride = elementwise_strides(o.shape, ops);
  if (!c.is_fn) return c.out(o);
  return c.I.emit("call_function", "torch.where", "where", false, c.args, c.kwargs, o, c.loc);
}

// at::assert_no_internal_overlap: a write into a tensor some elements of which share one memory location (a dim of
// size > 1 with stride 0, an expand's) is an error, eager and fake alike (PointNetLK's
// `a0 = torch.eye(4).view(1, 4, 4).expand(B, 4, 4); a0[:, 0:3, 3] = p0_m`, real torch 2.11)
// `at_run_time`: the TensorIterator in-place ops, whose fake kernels do not check (a compiled frame traces them and
// its graph raises the plain RuntimeError when it runs; real torch 2.11)
static void check_no_internal_overlap(OpCall& c, const TensorInfo& t, bool at_run_time = false) {
  if (t.stride.size() != t.shape.size()) return;
  static const char* msg = "unsupported operation: more than one element of the written-to tensor refers to a single memory location. "
                           "Please clone() the tensor before performing the operation.";
  for (size_t i = 0; i < t.shape.size(); ++i)
    if (t.stride[i].v == 0 && !t.stride[i].is_sym() && t.shape[i].v > 1) {
      if (at_run_time && c.I.tracing()) {
        FrameCtx& ctx = *c.I.stack_.back()->ctx;
        if (!ctx.run_error.set) ctx.run_error = {"RuntimeError", msg, c.loc, true};
        return;
      }
      c.I.raise_fake("RuntimeError", msg, c.loc);
    }
}

// in-place methods keep the shape; the graph records the method on the same tensor
V inplace(OpCall& c) {
  TensorInfo& t = *c.self->t;
  const std::string& op = c.name;
  // an op tagged inplace_view read off a tensor with a source (an input, a parameter, a buffer): TensorVariable's
  // getattr returns a DelayGraphBreakVariable, a break at the call (GB0148; residual-flows' `self.v.resize_(n)` on a
  // buffer, real torch 2.11); an intermediate's is traced
  static const std::set<std::string> inplace_view = {"resize_", "resize_as_", "as_strided_", "detach_", "squeeze_", "unsqueeze_",
                                                     "swapaxes_", "swapdims_", "t_", "transpose_"};
  if (c.I.tracing() && inplace_view.count(op)) {
    FrameCtx& ctx = *c.I.stack_.back()->ctx;
    if (auto src = ctx.sources.find(c.self.get()); src != ctx.sources.end()) {
      const std::string name = local_source(src->second) + "." + op;
      c.I.graph_break("Unsupported function call (delayed)",
                      msg_delayed_call(name, "Getting an inplace view on a graph input is not supported",
                                       "source: AttrSource(base=" + local_source(src->second) + ", member='" + op + "')"),
                      c.loc);
    }
  }
  // TensorVariable.method_resize_ / method_resize_as_: Dynamo does not trace them at all, on an intermediate too (GB0126 /
  // GB0127 at the call; real torch 2.11: awd-lstm's embedded_dropout `weight.data.new().resize_((n, 1)).bernoulli_(p)`)
  if (c.I.tracing() && (op == "resize_" || op == "resize_as_")) {
    std::string args;
    for (const V& x : c.rest) args += (args.empty() ? "" : ", ") + variable_repr(x);
    if (c.rest.size() == 1) args += ",";
    std::string kws;
    for (const auto& [k, v] : c.kwargs) kws += (kws.empty() ? "'" : ", '") + k + "': " + variable_repr(v);
    const std::string type = op == "resize_" ? "Unsupported Tensor.resize_() call" : "Unsupported Tensor.resize_as_() call";
    c.I.graph_break(type, gb_message(type, "Dynamo currently does not support tracing `Tensor." + op + "()`.", {},
                                     fmt::format("call_method TensorVariable() {} ({}) {{{}}}", op, args, kws), op == "resize_" ? "GB0126" : "GB0127"),
                    c.loc);
  }
  c.I.check_leaf_inplace(t, c.loc);
  // (the TensorIterator writes: arithmetic and copy_; fill_ / zero_ / the samplers do not check)
  static const std::set<std::string> checked = {"add_", "sub_", "mul_", "div_", "copy_", "addcmul_", "addcdiv_", "pow_", "clamp_",
                                                "neg_", "exp_", "log_", "sqrt_", "abs_", "sigmoid_", "tanh_", "relu_"};
  if (checked.count(op)) check_no_internal_overlap(c, t, true);
  TensorInfo o = c.like();
  o.stride = t.stride;  // the same memory: an in-place op keeps the tensor's layout (`empty_like(permuted).fill_(1)`)
  // written from a tensor that requires grad, it requires grad (autograd rebases its history; under no_grad below it
  // keeps its own: Tacotron's `self.cumulative += self.attention` on zeros made in a frame)
  o.requires_grad = o.requires_grad || other_arg_requires_grad(c);
  const std::string& name = c.name;
  if (name == "unsqueeze_") {
    V dim = c.arg(0, "dim");  // `unsqueeze_(1)` or `unsqueeze_(dim=1)` (DeepCTR's OutterProductLayer)
    if (!dim || dim->k != VK::Int) c.fail("unsqueeze_(dim)");
    long long d = dim->i < 0 ? dim->i + static_cast<long long>(t.shape.size()) + 1 : dim->i;
    o.shape.insert(o.shape.begin() + d, Dim{1, ""});
    o.stride.clear();
  }
  // transpose_ / swapaxes_ / swapdims_(d0, d1), t_(): the tensor's own sizes and strides swap (Tacotron's encoder
  // `x.transpose_(1, 2)`); t_ of a tensor of fewer than two dims is itself
  if (name == "transpose_" || name == "swapaxes_" || name == "swapdims_" || name == "t_") {
    const long long nd = static_cast<long long>(t.shape.size());
    long long d0 = 0, d1 = 1;
    if (name == "t_") {
      if (nd > 2) c.fail(fmt::format("t_() expects a tensor with <= 2 dimensions, but self is {}D", nd));
      if (nd < 2) d1 = 0;
    } else {
      V a0 = c.arg(0, name == "transpose_" ? "dim0" : "axis0"), a1 = c.arg(1, name == "transpose_" ? "dim1" : "axis1");
      if (!a0) a0 = c.arg(0, "dim0");
      if (!a1) a1 = c.arg(1, "dim1");
      if (!a0 || !a1 || a0->k != VK::Int || a1->k != VK::Int) c.fail(name + "(dim0, dim1)");
      d0 = c.dim(a0->i, t.shape.size());
      d1 = c.dim(a1->i, t.shape.size());
    }
    std::swap(o.shape[static_cast<size_t>(d0)], o.shape[static_cast<size_t>(d1)]);
    if (o.stride.size() == o.shape.size()) std::swap(o.stride[static_cast<size_t>(d0)], o.stride[static_cast<size_t>(d1)]);
  }
  // resize_(*sizes) / resize_as_(other): the tensor takes the sizes, contiguous (its data is kept up to the smaller
  // count: the values below go stale as any in-place write's)
  if (name == "resize_" || name == "resize_as_") {
    std::vector<Dim> shape;
    if (name == "resize_as_") {
      V other = c.arg(0, "the_template");
      if (!other || other->k != VK::Tensor) c.fail("resize_as_(the_template)");
      shape = other->t->shape;
    } else {
      std::vector<V> xs = c.rest;
      if (xs.size() == 1 && (xs[0]->k == VK::Tuple || xs[0]->k == VK::List)) xs = xs[0]->items;
      for (const V& x : xs) {
        if (x->k != VK::Int) c.fail("resize_(sizes)");
        if (x->i < 0) c.fail(fmt::format("Trying to create tensor with negative dimension {}", x->i));
        shape.push_back(x->sym.empty() ? Dim{x->i, ""} : Dim{x->i, x->sym});
      }
    }
    o.shape = shape;
    o.stride.clear();
  }
  if (name == "squeeze_") {
    std::vector<Dim> s;
    V d = c.arg(0, "dim");
    for (size_t i = 0; i < t.shape.size(); ++i)
      if (!(t.shape[i].v == 1 && !t.shape[i].is_sym() && (!d || c.dim(d->i, t.shape.size()) == static_cast<long long>(i)))) s.push_back(t.shape[i]);
    if (d) o.shape = s;
    if (d) o.stride.clear();
  }
  // Tensor.set_(source): the tensor takes source's storage, sizes and strides; set_() is an empty tensor. The dtypes
  // must agree (GRU4Rec's `weight_ih.set_(torch.tensor(np.vstack(m)))` of float64 numpy weights raises)
  if (name == "set_") {
    V src = c.arg(0, "source");
    if (src && src->k == VK::Tensor) {
      if (src->t->dtype != t.dtype) {
        auto cname = [](const std::string& d) -> std::string {
          static const std::map<std::string, std::string> n = {{"float64", "double"}, {"float32", "float"}, {"float16", "c10::Half"},
                                                               {"bfloat16", "c10::BFloat16"}, {"int64", "long int"}, {"int32", "int"},
                                                               {"int16", "short int"}, {"int8", "signed char"}, {"uint8", "unsigned char"}, {"bool", "bool"}};
          auto it = n.find(d);
          return it == n.end() ? d : it->second;
        };
        c.I.raise_exc("RuntimeError", fmt::format("Could not set tensor of type {} to a tensor of type {}", cname(src->t->dtype), cname(t.dtype)), c.loc);
      }
      o.shape = src->t->shape;
      o.stride = src->t->stride;
    } else {
      o.shape = {Dim{0, ""}};
      o.stride = {Dim{1, ""}};
    }
  }
  // an in-place op cannot change the tensor's shape: the other operand must broadcast to it
  V other = c.rest.empty() ? nullptr : c.rest[0];
  if (other && other->k == VK::Tensor && name != "unsqueeze_" && name != "squeeze_" && name != "set_" && name != "resize_as_" &&
      name != "index_fill_" && name != "index_copy_" &&
      name != "index_add_" && name != "scatter_" && name != "scatter_add_" && name != "scatter_reduce_" && name != "masked_scatter_") {
    std::vector<Dim> b = broadcast(c.I, t.shape, other->t->shape, c.loc);
    if (b.size() != t.shape.size()) c.fail(fmt::format("{}: output with shape {} doesn't match the broadcast shape", name, dims_str(t)));
  }
  // a tensor of one known value (fill) keeps it only where the write cannot change it: a layout op, or a fill of that
  // very value; fill_ makes a new one; any other write leaves it unknown (FCOS's `zeros_like(areas, dtype=bool)
  // .scatter_(-1, idx, 1)`: one True per row, not all False)
  static const std::set<std::string> layout_only = {"unsqueeze_", "squeeze_", "transpose_", "t_", "swapaxes_", "swapdims_",
                                                    "share_memory_", "detach_", "requires_grad_"};
  auto number = [&](size_t i) -> std::optional<double> {
    if (i >= c.rest.size() || !c.rest[i]) return std::nullopt;
    const V& x = c.rest[i];
    if (x->k == VK::Int) return static_cast<double>(x->i);
    if (x->k == VK::Float) return x->f;
    if (x->k == VK::Bool) return x->b ? 1.0 : 0.0;
    if (x->k == VK::Tensor && x->t->fill) return x->t->fill;
    return std::nullopt;
  };
  if (name == "zero_") o.fill = 0.0;
  else if (name == "fill_") o.fill = number(0);
  else if (o.fill && !layout_only.count(name)) {
    const std::optional<double> v = name == "masked_fill_" ? number(1) : name == "index_fill_" || name == "scatter_" ? number(2)
                                    : name == "copy_" ? number(0) : std::nullopt;
    if (!v || *v != *o.fill) o.fill.reset();
  }
  V r = c.out(o);
  // the tensor itself changed; a parameter or buffer stays one (`fused.weight.copy_(w)` in a conv-bn fuse)
  const bool param = t.is_param, buffer = t.is_buffer, grad = t.requires_grad, had_fn = t.grad_fn;
  const bool reshaped = t.shape != r->t->shape || t.stride != r->t->stride;
  auto old_edge = t.grad_edge;
  const std::optional<long long> nonzero = t.nonzero;  // (values::before_call's count for this very write: a one-hot scatter_)
  t = *r->t;
  t.nonzero = nonzero;
  if (!t.grad_edge) t.grad_edge = old_edge;  // (written under no_grad: the tensor's ancestry stays)
  // a shape-changing in-place op (`p.unsqueeze_(1)`) mutates the fake tensor the producing node's metadata is: that
  // node's annotation shows the new shape and strides (torch 2.11: dtype_inplace_forms)
  if (reshaped && c.I.tracing()) {
    Graph& g = c.I.stack_.back()->ctx->graph;
    if (auto it = g.tensor_node.find(c.self.get()); it != g.tensor_node.end() && g.nodes[static_cast<size_t>(it->second)].has_meta) {
      g.nodes[static_cast<size_t>(it->second)].meta.shape = t.shape;
      g.nodes[static_cast<size_t>(it->second)].meta.stride = t.stride;
    }
  }
  t.is_param = param;
  t.is_buffer = buffer;
  // under no_grad an in-place op leaves requires_grad as it was (init code's `with torch.no_grad(): p.copy_(w)` keeps
  // a parameter trainable); with grad on, a tensor written from one that requires grad requires it too
  t.requires_grad = c.I.grad_enabled() ? grad || t.requires_grad : grad;
  t.grad_fn = had_fn || (t.requires_grad && !grad);  // written from a tensor that requires grad: no leaf any more
  if (!c.I.tracing()) return c.self;
  // Dynamo's result of an in-place method is a variable of its own, the method's node: a name bound to it reads that
  // node (`random_tensor = x.new_empty(s).bernoulli_(p)`, timm's DropPath), the tensor's other names keep theirs;
  // unread, FX drops it at once (`masked_fill_ = None`). Both share the tensor's metadata.
  r->t = c.self->t;
  r->vals = c.self->vals;
  values::shares_storage(r, c.self);  // (the write made before this made both stale: FCOS's chained zeros_like().scatter_)
  return r;
}

// `t[idx] = v` (a KV cache write `cache[:, :, pos] = k`): Dynamo records operator.setitem(t, idx, v),
// printed by FX as `t[idx] = v;  setitem = t`; the value must broadcast to the indexed region.
V setitem(OpCall& c) {
  V idx = c.rest.at(0), val = c.rest.at(1);
  // numpy's own array stored eagerly (HRNet's `preds[i] = transform_preds(...)` into an array standing in for unknown
  // data): torch converts it as torch.as_tensor would, its values with it
  if (!c.I.tracing())
    if (V u = np_traced::from_ndarray(c.I, val)) val = c.rest[1] = u;
  KW none_kw;
  std::vector<V> gi{idx};
  bool masked = false;  // a bool-mask index selects a data-dependent count: the value's size is not checked
  for (auto& x : idx->k == VK::Tuple ? idx->items : std::vector<V>{idx}) masked = masked || (x->k == VK::Tensor && x->t->dtype == "bool");
  // a 0-d integer tensor index is an int to torch's indexing (item()): in a frame the fake tensor's
  // _local_scalar_dense is data-dependent, GB0033 at the store, as at a subscript (index.cpp; programs
  // setitem_0d_tensor_index_break, zero_dim_tensor_index_setitem: SSD's `best_truth_idx[best_prior_idx[j]] = j`)
  if (c.I.tracing()) {
    // a SymInt among a tuple index's items (`gen_seq[:, step] = best_k_idx` of a dynamic step): the setitem node's
    // fake run reads it through __index__, a guard that specializes it (each new step recompiles), as getitem's does
    // (index.cpp; real torch 2.11: jadore801120's beam search, `step == 3` at Translator.py:81)
    if (idx->k == VK::Tuple)
      for (auto& x : idx->items)
        if (x->k == VK::Int && !x->sym.empty()) c.I.specialize_symbol(x->sym, c.loc);
    FrameCtx& ctx = *c.I.stack_.back()->ctx;
    for (auto& x : idx->k == VK::Tuple ? idx->items : std::vector<V>{idx}) {
      if (x->k != VK::Tensor || !x->t->shape.empty() || x->t->dtype.find("int") == std::string::npos || x->t->dtype == "uint8") continue;
      const bool input = ctx.sources.count(x.get()) &&
                         (!ctx.graph.tensor_node.count(x.get()) ||
                          ctx.graph.nodes[static_cast<size_t>(ctx.graph.tensor_node.at(x.get()))].op == "placeholder");
      if (!input) c.I.graph_break("Data dependent operator", msg_data_dependent_op("aten._local_scalar_dense.default"), c.loc);
    }
  }
  // the indexed region's shape (no node: computed eagerly); a masked write needs none (`x[x < 0] = 0` is one
  // in-place node whatever the mask holds)
  V region;
  if (!masked) {
    auto st = c.I.stack_.back()->ctx;
    c.I.stack_.back()->ctx = nullptr;
    try { region = c.I.tensor_method(c.self, "__getitem__", gi, none_kw, c.loc); } catch (...) { c.I.stack_.back()->ctx = st; throw; }
    c.I.stack_.back()->ctx = st;
  }
  if (region && region->k == VK::Tensor) check_no_internal_overlap(c, *region->t);
  if (val->k == VK::Tensor && !masked) {
    // the value broadcasts to the region: trailing dims equal or 1, extra leading dims of size 1
    const auto& rs = region->t->shape;
    const auto& vs = val->t->shape;
    bool ok = true;
    for (size_t i = 0; i < vs.size(); ++i) {
      const Dim& v = vs[vs.size() - 1 - i];
      if (i >= rs.size()) { ok = ok && v.v == 1; continue; }
      ok = ok && (v.v == 1 || v.v == rs[rs.size() - 1 - i].v);
    }
    if (!ok) c.fail(fmt::format("shape mismatch: value tensor of shape {} cannot be broadcast to indexing result of shape {}", dims_str(*val->t), dims_str(*region->t)));
  } else if (val->k != VK::Tensor && val->k != VK::Int && val->k != VK::Float && val->k != VK::Bool) {
    c.fail(fmt::format("can't assign a {} to a tensor", type_name(val)));
  }
  // the tensor is no longer one constant (`m = torch.ones(..., dtype=bool); m[:, :2] = False`): its fill is gone
  // unless the write stores that very value (VideoMAE's token mask: `(~m).sum()` was 0)
  if (c.self->t->fill) {
    std::optional<double> v;
    if (val->k == VK::Int) v = static_cast<double>(val->i);
    else if (val->k == VK::Float) v = val->f;
    else if (val->k == VK::Bool) v = val->b ? 1.0 : 0.0;
    else if (val->k == VK::Tensor && val->t->fill) v = *val->t->fill;
    if (!v || *v != *c.self->t->fill) c.self->t->fill.reset();
  }
  // a value that requires grad written into the tensor makes it part of the autograd graph (CopySlices): a backward
  // through it reaches the value's leaves (FNO's `out_ft[:, :, :m] = compl_mul2d(x, self.weights1)`; program
  // setitem_grad_flow_to_param)
  // (a target that requires grad already gains the value's ancestry too: saint's `e[mask == 0] = t[mask == 0]`)
  if (val->k == VK::Tensor && val->t->requires_grad && c.I.grad_enabled()) {
    auto info = std::make_shared<TensorInfo>(*c.self->t);
    info->requires_grad = true;
    info->grad_fn = true;
    info->grad_edge = grad_edge_over({c.self, val}, {});
    c.self->t = info;
  }
  if (!c.I.tracing()) return none();
  TensorInfo o = c.like();
  std::vector<V> all{c.self, idx, val};
  c.I.emit("call_function", "setitem", "setitem", true, all, {}, o, c.loc);
  Node& n = c.I.stack_.back()->ctx->graph.nodes.back();
  n.has_meta = false;  // operator.setitem returns None: no example value
  n.dead_result = true;
  return none();
}

}  // namespace tparse::compiler::ops

namespace tparse::compiler::ops {

// torch.isin(elements, test_elements): bool of the elements' shape
V isin(OpCall& c) {
  V e = c.args.empty() ? c.kw("elements") : c.args[0];
  if (!e) c.fail("isin(elements, test_elements)");
  TensorInfo o;
  if (e->k == VK::Tensor) { o.shape = e->t->shape; o.device = e->t->device; }
  o.dtype = "bool";
  return c.I.emit("call_function", "torch.isin", "isin", false, c.args, c.kwargs, o, c.loc);
}

}  // namespace tparse::compiler::ops
