// Creation family: factories (torch.zeros/ones/randn/arange/full/tensor/eye/linspace), *_like,
// Tensor.new_*, torch.meshgrid, torch.polar / torch.complex, torch.sparse_coo_tensor, windows, torch.fft (counts.cpp: bincount, histc, histogram).
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <functional>
#include <map>

#include "dynamo/messages.hpp"
#include "runtime/interp.hpp"
#include "torch/ops/rules.hpp"
#include "torch/values/values.hpp"
#include "torch/symbols/sym_mono.hpp"

namespace tparse::compiler {
std::string legacy_type_dtype(const std::string& type_name) {
  static const std::map<std::string, std::string> legacy = {
      {"FloatTensor", "float32"}, {"DoubleTensor", "float64"}, {"HalfTensor", "float16"}, {"BFloat16Tensor", "bfloat16"},
      {"LongTensor", "int64"},    {"IntTensor", "int32"},      {"ShortTensor", "int16"}, {"CharTensor", "int8"},
      {"ByteTensor", "uint8"},    {"BoolTensor", "bool"}};
  auto it = legacy.find(type_name);
  return it == legacy.end() ? std::string() : it->second;
}
}  // namespace tparse::compiler

namespace tparse::compiler::ops {

Dim window_out(const Dim& in, long long add, long long div, long long plus);  // conv.cpp: (in + add) // div + plus

static std::vector<Dim> shape_arg(OpCall& c, const std::vector<V>& args, size_t from) {
  std::vector<V> xs;
  if (args.size() == from + 1 && (args[from]->k == VK::Tuple || args[from]->k == VK::List)) xs = args[from]->items;
  else xs.assign(args.begin() + static_cast<long>(from), args.end());
  std::vector<Dim> s;
  for (auto& x : xs) {
    // a one-element tensor as a size: the fake tensor's int() runs aten._local_scalar_dense, whose value
    // depends on the data: Dynamo breaks the graph before the factory (fastspeech2's torch.zeros((b, max_len, d)))
    // (a 0-d integer tensor input of the frame is a SymInt: OpCall::int_value)
    if (x->k == VK::Tensor && c.I.tracing() && !x->t->shape.empty())
      c.I.graph_break("Data dependent operator", msg_data_dependent_op("aten._local_scalar_dense.default"), c.loc);
    V n = x->k == VK::Tensor && x->t->shape.empty() ? c.int_value(x) : x;  // eagerly its __index__
    if (n->k != VK::Int) c.fail(fmt::format("size must be an int, not {}", type_name(x)));
    s.push_back(Dim{n->i, n->sym});
  }
  return s;
}

// The shape and dtype torch.tensor gives Python data: nested lists' lengths; float32 if any leaf is a
// float, else int64 if any is an int, else bool (a numpy stub ndarray: its own shape and dtype).
static void data_shape(const V& d, TensorInfo& t, bool dtype_given) {
  std::vector<long long> nd;
  std::string ndt;
  if (values::ndarray_info(d, nd, ndt)) {
    for (long long x : nd) t.shape.push_back(Dim{x, ""});
    if (!dtype_given) t.dtype = ndt;
    // a transposed array keeps its layout: the copy is empty_like's, memory format preserved (numpy_power_newaxis_
    // transpose_eager: torch.tensor(np.transpose(a)) is [3, 6] of strides [1, 3])
    std::vector<long long> st;
    if (values::ndarray_strides(d, st) && st.size() == nd.size()) {
      t.stride.clear();
      for (long long x : st) t.stride.push_back(Dim{x, ""});
    }
    return;
  }
  std::function<void(V)> walk = [&](V x) {
    if (x->k == VK::List || x->k == VK::Tuple) { t.shape.push_back(Dim{static_cast<long long>(x->items.size()), ""}); if (!x->items.empty()) walk(x->items[0]); }
    // a list of ndarrays (a replay buffer's observations): each array's dims follow (`torch.tensor(s_lst)`: [T, 4])
    std::vector<long long> ind;
    std::string idt;
    if (x->k == VK::Instance && values::ndarray_info(x, ind, idt)) for (long long n : ind) t.shape.push_back(Dim{n, ""});
    if (x->k == VK::Tensor) for (auto& d : x->t->shape) t.shape.push_back(d);  // (an ndarray here: `t.numpy()` of a tensor)
  };
  walk(d);
  int kind = -1;  // 0 bool, 1 int, 2 float
  std::function<void(V)> leaves = [&](V x) {
    if (x->k == VK::List || x->k == VK::Tuple) { for (auto& y : x->items) leaves(y); return; }
    int k = x->k == VK::Bool ? 0 : x->k == VK::Int ? 1 : x->k == VK::Float ? 2 : -1;
    if (x->k == VK::Tensor) k = x->t->dtype == "bool" ? 0 : x->t->dtype.find("int") != std::string::npos ? 1 : 2;
    std::vector<long long> ind;
    std::string idt;
    if (x->k == VK::Instance && values::ndarray_info(x, ind, idt)) k = idt == "bool" ? 0 : idt.find("int") != std::string::npos ? 1 : 2;
    kind = std::max(kind, k);
  };
  leaves(d);
  if (!dtype_given && kind == 0) t.dtype = "bool";
  if (!dtype_given && kind == 1) t.dtype = "int64";
}

static double num(const V& v) { return v->k == VK::Float ? v->f : v->k == VK::Bool ? v->b : static_cast<double>(v->i); }

V factory(OpCall& c) {
  auto& args = c.args;
  const std::string& name = c.name;
  TensorInfo t;
  if (V d = c.kw("dtype")) if (d->k == VK::DType) t.dtype = d->s;
  if (V d = c.kw("device")) if (d->k == VK::Str || d->k == VK::Device) t.device = tensor_device(d->s);  // None: the default
  if (V r = c.kw("requires_grad")) t.requires_grad = t.user_leaf = r->k == VK::Bool && r->b;
  bool dtype_given = c.kw("dtype") && c.kw("dtype")->k == VK::DType;
  // the legacy typed constructors torch.FloatTensor(*sizes) (uninitialized, that shape) and
  // torch.FloatTensor(sequence) (the data), each of its own dtype (torch/csrc/utils/tensor_new.cpp legacy_new)
  if (const std::string ldt = legacy_constructor_dtype(name); !ldt.empty()) {  // torch.Tensor(...): the class
    t.dtype = ldt;
    std::vector<long long> nd;
    std::string ndt;
    // legacy_new_from_sequence's TypeError for a tensor of another type, in TensorOptions' words; in a compiled frame
    // torch raises it wrapped in a TorchRuntimeError at compile time (PyTorch-GAN's UNIT)
    auto other_type = [&](const std::string& got) {
      auto meta = [](const std::string& d) -> std::string {
        static const std::map<std::string, std::string> names = {
            {"float32", "float"}, {"float64", "double"}, {"float16", "c10::Half"}, {"bfloat16", "c10::BFloat16"},
            {"int64", "long int"}, {"int32", "int"}, {"int16", "short int"}, {"int8", "signed char"}, {"uint8", "unsigned char"}, {"bool", "bool"}};
        auto it = names.find(d);
        return fmt::format("TensorOptions(dtype={}, device=cpu, layout=Strided, requires_grad=false (default), pinned_memory=false "
                           "(default), memory_format=(nullopt))", it == names.end() ? d : it->second);
      };
      c.I.raise_fake("TypeError", fmt::format("expected {} (got {})", meta(t.dtype), meta(got)), c.loc);
    };
    // an ndarray a frame reads (a dict input's `samples["acts"]`) is a tensor of its dtype to Dynamo: another type
    // than the constructor's is that TypeError (rainbow-is-all-you-need's `torch.LongTensor(samples["acts"])` of float32;
    // torch.Tensor itself aliases it, whatever its dtype, as below)
    if (args.size() == 1 && c.I.tracing() && name != "Tensor" && args[0]->k != VK::Tensor && values::ndarray_info(args[0], nd, ndt) && ndt != t.dtype)
      other_type(ndt);
    // torch.Tensor(t) (the class itself) of a tensor in a frame: the fake constructor aliases it, whatever its dtype
    // (PSMNet's disparityregression built in forward, `torch.Tensor(np.reshape(np.array(range(16)), ...))` of a
    // traced int64 ndarray: `tensor: "i64[1, 16, 1, 1]" = torch.Tensor(wrapped_reshape)`, real torch 2.11)
    // (the compiled graph's replay too)
    const bool in_frame = c.I.stack_.back()->ctx && c.I.stack_.back()->ctx->mode != Mode::Eager;
    if (name == "Tensor" && args.size() == 1 && args[0]->k == VK::Tensor && in_frame) t.dtype = args[0]->t->dtype;
    const bool eager_ndarray = args.size() == 1 && args[0]->k == VK::Tensor && args[0]->t->np_array && !in_frame;
    if (eager_ndarray) {
      // eagerly a tensor standing for an ndarray (a compiled frame's numpy result, TAGNN's `targets` handed back) is
      // the array to the constructor: its data in the constructor's dtype, whatever the array's (no TypeError)
      t.shape = args[0]->t->shape;
    } else if (args.size() == 1 && args[0]->k == VK::Tensor && args[0]->t->np_array && args[0]->t->dtype == t.dtype) {
      // an ndarray traced in the frame, of the constructor's dtype (SASRec's `torch.LongTensor(log_seqs).to(dev)`):
      // the constructor's node over it (`long_tensor: "i64[2, 6]" = torch.LongTensor(l_log_seqs_)`); another dtype is
      // the tensor case's TypeError below (np_random_array_frame's FloatTensor of a float64 draw)
      t.shape = args[0]->t->shape;
    } else if (args.size() == 1 && args[0]->k == VK::Tensor) {
      // FloatTensor(tensor): the tensor itself, when its type is already that (legacy_new_from_sequence: a tensor
      // of another type is an error there; ECBSR's `nn.Parameter(torch.FloatTensor(scale))` of a float32 tensor)
      // (another dtype: other_type's TypeError)
      if (args[0]->t->dtype != t.dtype) other_type(args[0]->t->dtype);
      // (new_with_tensor's alias: in a frame Dynamo records the constructor's node over it, KGCN's
      // `torch.LongTensor(self.adj_ent[e])` of int64 tensors, real torch 2.11)
      if (!c.I.tracing()) return args[0];
      t.shape = args[0]->t->shape;
      t.stride = args[0]->t->stride;
      t.requires_grad = args[0]->t->requires_grad;
    } else if (args.size() == 1 && args[0]->k == VK::Tuple && args[0]->size_tuple && c.I.tracing() &&
               std::all_of(args[0]->items.begin(), args[0]->items.end(), [](const V& x) { return x->k == VK::Int && x->sym.empty(); })) {
      // in a frame Dynamo hands a static torch.Size on as its numbers: the fake constructor takes them as data, a 1-D
      // tensor of rank-many elements (pixel-cnn-pp's `torch.FloatTensor(logit_probs.size())` is f32[4] there, and the
      // sum that follows fails to broadcast: torch 2.11's TorchRuntimeError)
      data_shape(args[0], t, true);
    } else if (args.size() == 1 && args[0]->k == VK::Tuple && args[0]->size_tuple) {
      t.shape = shape_arg(c, args, 0);  // a torch.Size is the shape (legacy_new: `FloatTensor(std.size())`), not data
    } else if (args.size() == 1 && (args[0]->k == VK::List || args[0]->k == VK::Tuple || values::ndarray_info(args[0], nd, ndt))) {
      data_shape(args[0], t, true);  // the data, in the constructor's dtype
    } else if (args.empty()) {
      t.shape = {Dim{0, ""}};  // no sizes: an empty 1-D tensor, torch.Size([0]) (lstm-crf's `torch.cat((LongTensor(), x), 1)`)
    } else {
      t.shape = shape_arg(c, args, 0);
    }
    // FX names the node _snake_case(target.__name__): `tensor` for torch.Tensor, `float_tensor` for FloatTensor
    std::string base;
    for (size_t i = 0; i < name.size(); ++i) {
      unsigned char ch = static_cast<unsigned char>(name[i]);
      if (i > 0 && std::isupper(ch) && std::islower(static_cast<unsigned char>(name[i - 1]))) base += '_';
      base += static_cast<char>(std::tolower(ch));
    }
    V out = c.I.emit("call_function", "torch." + name, base, false, args, c.kwargs, t, c.loc);
    if (eager_ndarray && out && out->k == VK::Tensor) {
      if (const std::vector<double>* src = values::data(c.I, args[0])) {
        std::vector<double> conv = *src;
        for (double& x : conv) values::fit(t.dtype, x);
        values::attach(c.I, out, std::move(conv));
      }
      return out;
    }
    if (args.size() == 1 && args[0]->k == VK::Tensor && out && out->k == VK::Tensor && !out->vals) out->vals = args[0]->vals;
    return out;
  }
  if (name == "arange") {
    // torch.arange(start=0, end, step=1): ceil((end - start) / step) values; int64 unless a float is given
    std::vector<V> a;
    // a one-element tensor bound (vits' sequence_mask: `torch.arange(length.max())`) is its number: in a frame the
    // fake arange reads it (_local_scalar_dense, GB0033, resumable at the call); eagerly its value, else a guess
    auto number_of = [&](V x) -> V {
      if (x->k != VK::Tensor) return x;
      if (c.int_input(x)) return c.int_value(x);  // (a 0-d integer tensor input of the frame: a SymInt, no break)
      Activation& act = *c.I.stack_.back();
      if (act.ctx && act.ctx->mode != Mode::Eager) c.I.graph_break("Data dependent operator", msg_data_dependent_op("aten._local_scalar_dense.default"), c.loc);
      bool flt = x->t->dtype.find("float") != std::string::npos;
      double v = 1;
      if (const std::vector<double>* xs = values::of(c.I, x); xs && xs->size() == 1) {
        v = (*xs)[0];
        values::used(c.I, x);
      }
      else if (x->t->fill) v = *x->t->fill;
      else c.I.note_unmodelled(c.loc, "torch.arange() bound from a tensor whose value the compiler does not know (taken as 1)");
      return flt ? mk_float(v) : mk_int(static_cast<long long>(v));
    };
    for (auto& x : args) {
      V y = number_of(x);
      if (y->k == VK::Int || y->k == VK::Float) a.push_back(y);
    }
    if (V e = c.kw("end")) a.push_back(number_of(e));
    if (V st = c.kw("start")) a.insert(a.begin(), number_of(st));
    if (V st = c.kw("step")) {  // by keyword (levit's `torch.arange(0, n, step = 2)`)
      if (a.size() == 1) a.insert(a.begin(), mk_int(0));
      if (a.size() == 2) a.push_back(number_of(st));
    }
    if (a.empty()) c.fail("arange() needs an end");
    double s = 0, e = 0, st = 1;
    if (a.size() == 1) e = num(a[0]); else { s = num(a[0]); e = num(a[1]); if (a.size() > 2) st = num(a[2]); }
    if (st == 0) c.fail("arange(): step must be nonzero");
    long long n = std::max<long long>(0, static_cast<long long>(std::ceil((e - s) / st)));
    bool any_float = false;
    for (auto& x : a) any_float = any_float || x->k == VK::Float;
    // a SymInt end keeps its symbol: arange(s27) is i64[s27], arange(a, b) is [b - a] (sympy's form)
    std::string sym;
    bool ints = std::all_of(a.begin(), a.end(), [](const V& x) { return x->k == VK::Int; });
    if (ints && a.size() == 1) sym = a[0]->sym;
    else if (ints && (a.size() == 2 || (a.size() == 3 && a[2]->i == 1)) && (!a[0]->sym.empty() || !a[1]->sym.empty()))
      sym = c.I.sym_expr("-", a[1], a[0]);
    else if (ints && a.size() == 3 && a[2]->sym.empty() && (!a[0]->sym.empty() || !a[1]->sym.empty())) {
      // another constant step: torch._refs.arange's integer length (end - start + step - sign(step)) // step; a step of
      // -1 is start - end (parakeet's relative positions `arange(L - 1, -L, -1)`: 2*L - 1), a step k > 1 a floor division
      if (a[2]->i == -1) sym = c.I.sym_expr("-", a[0], a[1]);
      else if (a[2]->i > 1) {
        const std::string span = c.I.sym_expr("-", a[1], a[0]);
        sym = window_out(Dim{n, span}, a[2]->i - 1, a[2]->i, 0).sym;
      }
    }
    // a SymFloat end (of start 0, step 1): torch._refs.arange's length is math.ceil of a float division, sympy's
    // `CeilToInt(FloatTrueDiv(end, 1.0))` (sam2's RoPE: `torch.arange(end_x * end_y)` of math.sqrt sizes; program
    // rope_sqrt_shape)
    const bool start0 = a.size() == 1 || (a[0]->k == VK::Int && a[0]->sym.empty() && a[0]->i == 0);
    const bool step1 = a.size() < 3 || (a[2]->k == VK::Int && a[2]->sym.empty() && a[2]->i == 1);
    if (V end = a.size() == 1 ? a[0] : a[1]; end->k == VK::Float && !end->sym.empty() && start0 && step1 && c.I.tracing())
      sym = fmt::format("CeilToInt(FloatTrueDiv({}, 1.0))", end->sym);
    t.shape = {Dim{n, sym}};
    if (!dtype_given) t.dtype = any_float ? "float32" : "int64";
  } else if (name == "randint") {
    // randint(high, size) / randint(low, high, size), any of them by keyword (ddim: randint(low=0, high=n, size=(b,)))
    // a tensor bound is an int to the argument parser, read by .item(): in a frame a data-dependent break at the call
    // (ECAPA-TDNN's SpecAugment `torch.randint(0, max(1, D - mask_len.max()), ...)`, GB0033)
    std::vector<V> bounds;
    if (c.kw("size")) bounds.assign(args.begin(), args.end());
    else if (args.size() >= 2) bounds.assign(args.begin(), args.end() - 1);
    for (const char* k : {"low", "high"}) if (V b = c.kw(k)) bounds.push_back(b);
    for (const V& b : bounds)
      if (b->k == VK::Tensor && c.I.tracing() && !c.int_input(b))
        c.I.graph_break("Data dependent operator", msg_data_dependent_op("aten._local_scalar_dense.default"), c.loc);
    if (V size = c.kw("size")) t.shape = shape_arg(c, {size}, 0);
    else if (args.size() < 2) c.fail("randint(low, high, size)");
    else t.shape = shape_arg(c, args, args.size() == 2 ? 1 : 2);
    if (!dtype_given) t.dtype = "int64";
  } else if (name == "randperm") {
    if (args.empty() || args[0]->k != VK::Int) c.fail("randperm(n)");
    t.shape = {Dim{args[0]->i, args[0]->sym}};
    if (!dtype_given) t.dtype = "int64";
  } else if (name == "full") {  // full(size, fill_value), either by keyword (dia: torch.full(size=..., fill_value=...))
    V sz = c.arg(0, "size"), fv = c.arg(1, "fill_value");
    if (!sz || !fv) c.fail("full() needs size and fill_value");
    t.shape = shape_arg(c, {sz}, 0);
    // a tensor fill value in a frame: Dynamo's handle_full makes it `torch.empty(size, **kwargs)` then `.fill_(value)`
    // (YOLOv8's `torch.full((h * w, 1), stride, ...)` of a stride read from a tensor)
    if (fv->k == VK::Tensor && c.I.tracing()) {
      KW kw;
      for (const auto& [k, v] : c.kwargs) if (k != "size" && k != "fill_value") kw.push_back({k, v});
      V e = c.I.emit("call_function", "torch.empty", "empty", false, {sz}, kw, t, c.loc);
      std::vector<V> fa{fv};
      KW none_kw;
      return c.I.tensor_method(e, "fill_", fa, none_kw, c.loc);
    }
    t.fill = num(fv);
    if (fv->k == VK::Int && !dtype_given) t.dtype = "int64";
    if (fv->k == VK::Bool && !dtype_given) t.dtype = "bool";
  } else if (name == "scalar_tensor") {  // a 0-dim tensor of the value (float32 unless dtype=)
    if (args.empty()) c.fail("scalar_tensor(s)");
    t.fill = num(args[0]);
  } else if (name == "tensor" || name == "as_tensor") {
    V d = c.arg(0, "data");
    if (!d) c.fail(name + "() missing 1 required positional argument: 'data'");
    if (d->k == VK::Tensor) { t.shape = d->t->shape; if (!dtype_given) t.dtype = d->t->dtype; }
    if (d->k != VK::Tensor) data_shape(d, t, dtype_given);
    if (d->k == VK::Int || d->k == VK::Float) t.fill = num(d);
    // a numpy float64 scalar keeps its dtype (`torch.tensor(np.log(0.01))`: f64, SAC's log_alpha)
    if (d->k == VK::Float && d->np_float && !dtype_given) t.dtype = "float64";
    // a list holding a SymInt / SymFloat: Dynamo traces torch._refs.tensor instead (real torch 2.11: CoTracker's
    // `torch.tensor([2 / max(s - 1, 1) for s in sizes])`, programs float_items_nested, repeat_interleave_loop)
    std::function<bool(const V&)> symbolic = [&](const V& v) {
      if (!v) return false;
      if ((v->k == VK::Int || v->k == VK::Float) && !v->sym.empty()) return true;
      if (v->k == VK::Float && v->sym_node >= 0) return true;
      if (v->k == VK::List || v->k == VK::Tuple)
        for (auto& x : v->items) if (symbolic(x)) return true;
      return false;
    };
    if (name == "tensor" && c.I.tracing() && (d->k == VK::List || d->k == VK::Tuple) && symbolic(d)) c.target = "torch._refs.tensor";
  } else if (name == "eye") {
    if (args.empty() || args[0]->k != VK::Int) c.fail("eye(n, m=None)");
    t.shape = {Dim{args[0]->i, args[0]->sym}, args.size() > 1 && args[1]->k == VK::Int ? Dim{args[1]->i, args[1]->sym} : Dim{args[0]->i, args[0]->sym}};
  } else if (name == "linspace" || name == "logspace") {
    V steps = c.int_value(args.size() > 2 ? args[2] : c.kw("steps"));
    if (!steps || steps->k != VK::Int) c.fail(fmt::format("{}(start, end, steps)", name));
    // `int steps` in the schema (not SymInt): a symbolic count is guarded to its value (guard_int: the size's symbol
    // is specialized, range_refined_to_singleton) and the result is static (perceiver's fourier positions, FNO grids)
    if (!steps->sym.empty()) c.I.specialize_symbol(steps->sym, c.loc);
    t.shape = {Dim{steps->i, ""}};
  } else {
    V size = args.empty() ? c.kw("size") : nullptr;  // torch.zeros(size=(n, m)): the size keyword
    t.shape = size ? shape_arg(c, {size}, 0) : shape_arg(c, args, 0);
    if (name == "zeros") t.fill = 0.0;
    if (name == "ones") t.fill = 1.0;
  }
  return c.I.emit("call_function", c.target == "torch._refs.tensor" ? c.target : "torch." + name, name, false, args, c.kwargs, t, c.loc);
}

V like_factory(OpCall& c) {
  const std::string& name = c.name;
  TensorInfo t;
  const TensorInfo& src = c.t();
  t.shape = src.shape;
  t.dtype = src.dtype;
  t.device = src.device;
  if (V d = c.kw("dtype")) if (d->k == VK::DType) t.dtype = d->s;
  if (V r = c.kw("requires_grad")) t.requires_grad = t.user_leaf = r->k == VK::Bool && r->b;
  // memory_format defaults to torch.preserve_format: the input's layout (a permuted input gives a permuted
  // result); torch.contiguous_format gives row-major strides
  if (auto st = memory_format_strides(c, src, true)) t.stride = *st;
  if (name == "zeros_like") t.fill = 0.0;
  if (name == "ones_like") t.fill = 1.0;
  if (name == "full_like") {
    V fv = c.arg(0, "fill_value");  // rest: the arguments after the input
    if (!fv) c.fail("full_like() missing 1 required positional argument: 'fill_value'");
    t.fill = num(fv);
  }
  return c.I.emit("call_function", "torch." + name, name, false, c.args, c.kwargs, t, c.loc);
}

V new_factory(OpCall& c) {
  const std::string& name = c.name;
  TensorInfo o = c.like();
  std::vector<V> xs;
  // Tensor.new(...): sizes (ints, SymInts, a torch.Size) as new_empty, or data (a list, a plain tuple, a tensor) as
  // new_tensor; new() is an empty tensor of shape [0]
  const bool data_new = name == "new" && c.rest.size() == 1 &&
                        (c.rest[0]->k == VK::List || (c.rest[0]->k == VK::Tuple && !c.rest[0]->size_tuple) || c.rest[0]->k == VK::Tensor);
  if (name == "new_tensor" || data_new) {  // data, like torch.tensor with this tensor's dtype/device
    V d = c.arg(0, "data");
    if (!d) c.fail("new_tensor(data)");
    o.shape.clear();
    std::function<void(V)> walk = [&](V x) {
      if (x->k == VK::List || x->k == VK::Tuple) { o.shape.push_back(Dim{static_cast<long long>(x->items.size()), ""}); if (!x->items.empty()) walk(x->items[0]); }
    };
    if (d->k == VK::Tensor) o.shape = d->t->shape; else walk(d);
  } else {
    if (name == "new" && c.rest.empty()) xs.push_back(mk_int(0));  // new(): torch.Size([0])
    if (!c.rest.empty() && (c.rest[0]->k == VK::Tuple || c.rest[0]->k == VK::List)) xs = c.rest[0]->items;
    else if (V sz = c.kw("size"); c.rest.empty() && sz && (sz->k == VK::Tuple || sz->k == VK::List)) xs = sz->items;  // new_ones(size=...)
    else for (auto& r : c.rest) if (r->k == VK::Int || (r->k == VK::Tensor && r->t->shape.empty())) xs.push_back(r);
    if (name == "new_full" && xs.empty() && !c.rest.empty()) xs = c.rest[0]->items;
    o.shape.clear();
    for (auto& x : xs) {
      if (x->k == VK::Tensor) x = c.int_value(x);  // a 0-d integer tensor as a size: its __index__ (Longformer's chunks_count + 1)
      if (x->k != VK::Int) c.fail(fmt::format("{}: size must be ints", name));
      o.shape.push_back(Dim{x->i, x->sym});  // a SymInt size stays symbolic
    }
  }
  o.requires_grad = false;
  if (name == "new_ones") o.fill = 1.0;
  if (name == "new_zeros") o.fill = 0.0;
  for (auto& [k, v] : c.kwargs) if (k == "dtype" && v->k == VK::DType) o.dtype = v->s;
  return c.out(o);
}

// torch.meshgrid(*tensors, indexing='ij'|'xy'): N 1-D tensors of sizes n1..nN give N tensors of shape
// (n1, ..., nN); 'xy' swaps the first two output dims. One call node, then getitem per result.
V meshgrid(OpCall& c) {
  std::vector<V> ts = c.args;
  if (ts.size() == 1 && (ts[0]->k == VK::List || ts[0]->k == VK::Tuple)) ts = ts[0]->items;
  if (ts.empty()) c.fail("meshgrid expects at least one tensor");
  std::vector<Dim> s;
  TensorInfo o;
  for (auto& x : ts) {
    if (x->k != VK::Tensor || x->t->shape.size() > 1) c.fail("meshgrid: expects 0-D or 1-D tensors");
    s.push_back(x->t->shape.empty() ? Dim{1, ""} : x->t->shape[0]);
    o.dtype = x->t->dtype;
    o.device = x->t->device;
    o.requires_grad = o.requires_grad || x->t->requires_grad;
  }
  V ix = c.kw("indexing");
  if (ix && ix->k == VK::Str && ix->s == "xy" && s.size() >= 2) std::swap(s[0], s[1]);
  o.shape = s;
  V whole = c.I.emit("call_function", "torch.functional.meshgrid", "meshgrid", false, c.args, c.kwargs, o, c.loc);
  // each grid is its input expanded: stride 1 along its own dim (dims 0/1 swapped under 'xy'), 0 elsewhere
  bool xy = ix && ix->k == VK::Str && ix->s == "xy" && s.size() >= 2;
  std::vector<TensorInfo> grids(ts.size(), o);
  for (size_t k = 0; k < ts.size(); ++k) {
    size_t at = xy && k < 2 ? 1 - k : k;
    grids[k].stride.assign(s.size(), Dim{0, ""});
    grids[k].stride[at] = Dim{ts[k]->t->stride.empty() ? 1 : ts[k]->t->stride[0].v, ""};
  }
  return c.I.tuple_result(whole, grids, {});
}

// torch.broadcast_tensors(*tensors) (torch/functional.py, as meshgrid): every tensor expanded to the common shape,
// a broadcast dim stride 0 (rotary embeddings' axial frequencies)
V broadcast_tensors(OpCall& c) {
  std::vector<V> ts = c.args;
  if (ts.size() == 1 && (ts[0]->k == VK::List || ts[0]->k == VK::Tuple)) ts = ts[0]->items;
  if (ts.empty()) return mk_tuple({});
  std::vector<Dim> s;
  for (auto& x : ts) {
    if (x->k != VK::Tensor) c.fail("broadcast_tensors expects tensors");
    s = s.empty() ? x->t->shape : broadcast(c.I, s, x->t->shape, c.loc);
  }
  TensorInfo o = *ts[0]->t;
  o.shape = s;
  o.fill.reset();
  o.is_param = o.is_buffer = false;
  o.stride = contiguous_strides(s);
  V whole = c.I.emit("call_function", "torch.functional.broadcast_tensors", "broadcast_tensors", false, c.args, c.kwargs, o, c.loc);
  std::vector<TensorInfo> parts;
  for (auto& x : ts) {
    TensorInfo p = *x->t;
    p.fill.reset();
    p.is_param = p.is_buffer = false;
    std::vector<Dim> st = p.stride.size() == p.shape.size() ? p.stride : contiguous_strides(p.shape);
    const size_t off = s.size() - p.shape.size();
    p.stride.assign(s.size(), Dim{0, ""});
    for (size_t i = 0; i < p.shape.size(); ++i)
      if (!(p.shape[i].v == 1 && s[off + i].v != 1)) p.stride[off + i] = st[i];
    p.shape = s;
    parts.push_back(p);
  }
  V r = c.I.tuple_result(whole, parts, {});
  // Dynamo wraps the result as a tuple of getitem proxies at once (the unused ones go in remove_unused_graphargs)
  for (size_t i = 0; i < parts.size(); ++i) c.I.materialize_item(r, i);
  return r;
}

// torch.diag(x, diagonal=0): a vector becomes the square matrix with it on that diagonal (n + |k| rows); a matrix
// gives its diagonal (yolov5 / v7's conv + batch-norm fuse: torch.diag(bn.weight / std)).
V diag(OpCall& c) {
  const TensorInfo& t = c.t();
  V kv = c.arg(0, "diagonal");
  long long k = kv && kv->k == VK::Int ? kv->i : 0;
  TensorInfo o = c.like();
  o.stride.clear();
  o.fill.reset();
  if (t.shape.size() == 1) {
    long long n = t.shape[0].v + (k < 0 ? -k : k);
    o.shape = {Dim{n, ""}, Dim{n, ""}};
  } else if (t.shape.size() == 2) {
    long long r = t.shape[0].v, col = t.shape[1].v;
    long long n = k >= 0 ? std::min(r, col - k) : std::min(r + k, col);
    o.shape = {Dim{std::max(0LL, n), ""}};
  } else {
    c.fail("diag(): Supports 1D or 2D tensors. Got " + std::to_string(t.shape.size()) + "D");
  }
  o.stride = contiguous_strides(o.shape);
  return c.out(o);
}

// torch.diag_embed(x, offset, dim1, dim2): a new (zeroed, contiguous) tensor of one more dim, the last dim of x laid
// on the diagonal of dims dim1 and dim2 (of the result: defaults -2, -1), each of size n + |offset|
V diag_embed(OpCall& c) {
  const TensorInfo& t = c.t();
  if (t.shape.empty()) c.fail("diag_embed(): input must be at least 1-dimensional");
  auto iv = [&](size_t i, const char* n, long long d) { V v = c.arg(i, n); return v && v->k == VK::Int ? v->i : d; };
  const long long off = iv(0, "offset", 0);
  const size_t rank = t.shape.size() + 1;
  long long d1 = c.dim(iv(1, "dim1", -2), rank), d2 = c.dim(iv(2, "dim2", -1), rank);
  if (d1 == d2) c.fail("diagonal dimensions cannot be identical " + std::to_string(d1) + ", " + std::to_string(d2));
  Dim n = t.shape.back();
  if (off != 0) n = Dim{n.v + (off < 0 ? -off : off), ""};
  TensorInfo o = c.like();
  o.fill.reset();
  o.shape.clear();
  size_t k = 0;
  for (size_t i = 0; i < rank; ++i) o.shape.push_back(static_cast<long long>(i) == d1 || static_cast<long long>(i) == d2 ? n : t.shape[k++]);
  o.stride = contiguous_strides(o.shape);
  return c.out(o);
}

// torch.fft: fft / ifft (n, dim) keep the kind complex, rfft gives n // 2 + 1 complex bins, irfft n real samples
// (default 2 * (m - 1)); the n-dim and 2-d forms over `dim` (default: all dims / the last two) with sizes `s`;
// fftshift / ifftshift keep the tensor's shape (s4's FFT convolution, fnet).
V fft(OpCall& c) {
  const TensorInfo& t = c.t();
  std::string n = c.name.substr(4);  // fft.<n>
  const bool shift = n == "fftshift" || n == "ifftshift";
  const bool real_in = n.rfind("rfft", 0) == 0, real_out = n.rfind("irfft", 0) == 0;
  const bool multi = n.back() == 'n' || n.back() == '2';
  const size_t rank = t.shape.size();
  TensorInfo o = c.like();
  o.fill.reset();
  if (shift) return c.out(o);
  auto cplx = [](const std::string& d) { return d == "float64" ? std::string("complex128") : d.rfind("complex", 0) == 0 ? d : std::string("complex64"); };
  auto real = [](const std::string& d) { return d == "complex128" ? std::string("float64") : d.rfind("complex", 0) == 0 ? std::string("float32") : d; };
  o.dtype = real_out ? real(t.dtype) : cplx(t.dtype);
  std::vector<long long> dims;
  std::vector<V> sizes;
  if (!multi) {
    V d = c.arg(1, "dim");
    dims.push_back(c.dim(d && d->k == VK::Int ? d->i : -1, rank));
    V nn = c.arg(0, "n");
    sizes.push_back(nn && nn->k == VK::Int ? nn : nullptr);
  } else {
    V s = c.arg(0, "s"), d = c.arg(1, "dim");
    if (d && (d->k == VK::Tuple || d->k == VK::List)) {
      for (auto& x : d->items) dims.push_back(c.dim(x->i, rank));
    } else if (d && d->k == VK::Int) {
      dims.push_back(c.dim(d->i, rank));
    } else if (n.back() == '2') {
      dims = {static_cast<long long>(rank) - 2, static_cast<long long>(rank) - 1};
    } else {
      size_t k = s && (s->k == VK::Tuple || s->k == VK::List) ? s->items.size() : rank;
      for (size_t i = rank - k; i < rank; ++i) dims.push_back(static_cast<long long>(i));
    }
    for (size_t i = 0; i < dims.size(); ++i)
      sizes.push_back(s && (s->k == VK::Tuple || s->k == VK::List) && i < s->items.size() ? s->items[i] : nullptr);
  }
  for (size_t i = 0; i < dims.size(); ++i) {
    Dim& d = o.shape[static_cast<size_t>(dims[i])];
    const bool last = i + 1 == dims.size();
    // (symbolic sizes stay symbolic, as the meta functions compute them: r2c's `n//2 + 1` bins, c2r's given n or
    // `2*(m - 1)`; FourierGNN's irfft(n=N*L) of a dynamic batch, later specialized by a matmul)
    if (sizes[i] && sizes[i]->k == VK::Int && sizes[i]->i != -1) d = Dim{sizes[i]->i, sizes[i]->sym};
    if (real_in && last) {
      std::optional<std::string> e = d.is_sym() ? sym_floordiv(d.sym, 2, 1) : std::nullopt;
      d = Dim{d.v / 2 + 1, e ? *e : ""};
    } else if (real_out && last && !(sizes[i] && sizes[i]->k == VK::Int && sizes[i]->i != -1)) {
      std::optional<std::string> e = d.is_sym() ? sym_floordiv(d.sym, 1, -1) : std::nullopt;
      d = e ? dim_mul(Dim{2, ""}, Dim{d.v - 1, *e}) : Dim{2 * (d.v - 1), ""};
    }
  }
  o.stride = contiguous_strides(o.shape);
  // a complex input (c2c: fft / ifft, c2r: irfft / hfft) goes through the meta's _exec_fft: the batch dims ordered by
  // the input's strides (largest outermost), the transformed dims innermost, laid out densely in that order and
  // permuted back (FITS' irfft(dim=1) of [4, 9, 3] is [4, 16, 3][48, 1, 16]); a real input's r2c stays contiguous
  if (t.dtype.rfind("complex", 0) == 0 && t.stride.size() == rank && rank > 1) {
    std::vector<size_t> order;
    for (size_t i = 0; i < rank; ++i)
      if (std::find(dims.begin(), dims.end(), static_cast<long long>(i)) == dims.end()) order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return t.stride[a].v > t.stride[b].v; });
    for (long long d : dims) order.push_back(static_cast<size_t>(d));
    std::vector<Dim> st(rank);
    Dim acc{1, ""};
    for (size_t k = order.size(); k-- > 0;) {
      st[order[k]] = acc;
      acc = dim_mul(acc, o.shape[order[k]]);
    }
    o.stride = st;
  }
  return c.out(o);
}

// torch.polar(abs, angle) / torch.complex(real, imag): broadcast, complex dtype (float32 -> complex64).
V polar(OpCall& c) {
  V a = c.args.size() > 0 ? c.args[0] : nullptr, b = c.args.size() > 1 ? c.args[1] : nullptr;
  if (!a || !b || a->k != VK::Tensor || b->k != VK::Tensor) c.fail(fmt::format("torch.{}(a, b) expects two tensors", c.name));
  TensorInfo o = *a->t;
  o.fill.reset();
  o.stride.clear();
  o.is_param = false;
  o.is_buffer = false;
  o.shape = broadcast(c.I, a->t->shape, b->t->shape, c.loc);
  o.dtype = a->t->dtype == "float64" ? "complex128" : "complex64";
  o.requires_grad = a->t->requires_grad || b->t->requires_grad;
  return c.I.emit("call_function", "torch." + c.name, c.name, false, c.args, c.kwargs, o, c.loc);
}

}  // namespace tparse::compiler::ops

namespace tparse::compiler::ops {

// hann_window / hamming_window / blackman_window / bartlett_window / kaiser_window(window_length)
V window(OpCall& c) {
  if (c.args.empty() || c.args[0]->k != VK::Int) c.fail(fmt::format("{}(window_length)", c.name));
  TensorInfo t;
  t.shape = {Dim{c.args[0]->i, ""}};
  if (V d = c.kw("dtype")) if (d->k == VK::DType) t.dtype = d->s;
  return c.I.emit("call_function", "torch." + c.name, c.name, false, c.args, c.kwargs, t, c.loc);
}

// torch.fft.rfftfreq(n, d=1.0): [n//2 + 1] frequencies, fftfreq(n): [n] (pathformer's FFT band selection); the
// default float dtype unless `dtype=`
V fftfreq(OpCall& c) {
  V n = c.is_fn && !c.args.empty() ? c.args[0] : c.kw("n");
  if (n && n->k == VK::Tensor) n = c.int_value(n);
  if (!n || n->k != VK::Int || n->i < 0) c.fail(fmt::format("{}(n): n must be a non-negative int", c.name));
  TensorInfo t;
  const bool real = c.name == "fft.rfftfreq";
  t.shape = {Dim{real ? n->i / 2 + 1 : n->i, ""}};
  if (V d = c.kw("dtype")) if (d->k == VK::DType) t.dtype = d->s;
  return c.out(t);
}

// torch.normal(mean, std[, size]): the broadcast of tensor mean/std, else `size`;
// torch.multinomial(input [.., n], num_samples): int64 [.., num_samples]; torch.poisson/bernoulli: input's shape
V sample(OpCall& c) {
  TensorInfo t;
  if (c.name == "normal") {
    V m = c.args.size() > 0 ? c.args[0] : c.kw("mean"), s = c.args.size() > 1 ? c.args[1] : c.kw("std");
    V size = c.args.size() > 2 ? c.args[2] : c.kw("size");
    if (size) t.shape = shape_arg(c, {size}, 0);
    for (auto& x : {m, s}) if (x && x->k == VK::Tensor) { t.shape = broadcast(c.I, t.shape, x->t->shape, c.loc); t.dtype = x->t->dtype; }
  } else if (c.name == "multinomial") {
    // (torch.multinomial(input, n) or input.multinomial(n): attention-learn-to-route's `probs.multinomial(1)`)
    V in = c.is_fn ? (c.args.empty() ? nullptr : c.args[0]) : c.self;
    V n = c.is_fn ? (c.args.size() > 1 ? c.args[1] : c.kw("num_samples")) : (c.rest.empty() ? c.kw("num_samples") : c.rest[0]);
    if (!in || in->k != VK::Tensor || !n || n->k != VK::Int || in->t->shape.empty() || in->t->shape.size() > 2) c.fail("multinomial(input [1-D or 2-D], num_samples)");
    t.shape = in->t->shape;
    t.shape.back() = Dim{n->i, ""};
    t.dtype = "int64";
  } else {
    if (c.args.empty() || c.args[0]->k != VK::Tensor) c.fail(fmt::format("{}(input)", c.name));
    t = *c.args[0]->t;
    t.fill.reset();
    t.stride.clear();
    t.is_param = t.is_buffer = false;
  }
  if (V d = c.kw("dtype")) if (d->k == VK::DType) t.dtype = d->s;
  if (!c.is_fn) return c.out(t);
  return c.I.emit("call_function", "torch." + c.name, c.name, false, c.args, c.kwargs, t, c.loc);
}

}  // namespace tparse::compiler::ops
