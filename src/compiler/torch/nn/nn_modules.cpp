// Built-in torch.nn modules: construction (parameters with shapes) and forward (the functional op
// Dynamo records when it inlines the module, e.g. Linear -> torch._C._nn.linear).
#include <fmt/format.h>

#include <cmath>

#include <set>

#include "torch/nn/module_guards.hpp"
#include "torch/keep_alive.hpp"
#include "dynamo/messages.hpp"
#include "runtime/interp.hpp"
#include "torch/random/random_rules.hpp"
#include "torch/nn/nn_more.hpp"
#include "torch/nn/packed_sequence.hpp"
#include "torch/ops/rules.hpp"
#include "torch/values/values.hpp"

#include "torch/autograd/reach.hpp"

namespace tparse::compiler {

using KW = std::vector<std::pair<std::string, V>>;

static V kwv(const KW& kw, const std::string& n) {
  for (auto& [k, v] : kw) if (k == n) return v;
  return nullptr;
}

V nn_param(std::vector<Dim> shape) {
  TensorInfo t;
  t.shape = std::move(shape);
  t.is_param = true;
  t.requires_grad = true;
  return mk_tensor(t);
}

void nn_add(const V& inst, const std::string& n, V v) {
  if (!inst->attrs.count(n)) inst->order.push_back(n);
  inst->attrs[n] = std::move(v);
}

V nn_new_instance(const std::string& cls) {
  auto m = std::make_shared<Obj>();
  m->k = VK::Instance;
  m->builtin_nn = cls;
  m->attrs["training"] = mk_bool(true);
  return m;
}

// The built-in layers whose __init__ ends with `self.reset_parameters()` (torch/nn/modules): a subclass's override
// runs there, after the parameters exist (LoRA layers re-initialise their own matrices in it).
void Interp::nn_init_done(const std::string& cls, V inst, Location loc) {
  static const std::set<std::string> resets = {"Linear", "Bilinear", "Embedding", "Conv1d", "Conv2d", "Conv3d",
                                               "ConvTranspose1d", "ConvTranspose2d", "ConvTranspose3d", "LayerNorm",
                                               "RMSNorm", "GroupNorm", "BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "SyncBatchNorm",
                                               "LSTM", "GRU", "RNN"};
  V own = inst && inst->cls ? find_in_class(inst->cls, "reset_parameters") : nullptr;
  rng::module_built(*this, cls, inst, own && own->k == VK::Func);  // its initialisers' draws (torch/random)
  if (!resets.count(cls) || !inst || !inst->cls) return;
  if (own && own->k == VK::Func) call(own, {inst}, {}, loc);
}

V Interp::nn_construct(const std::string& cls, std::vector<V>& args, KW& kwargs, Location loc, V inst) {
  auto arg = [&](size_t i, const char* kw) -> V {
    if (i < args.size()) return args[i];
    if (V v = kwv(kwargs, kw)) return v;
    return nullptr;
  };
  auto need_int = [&](size_t i, const char* kw) -> long long {
    V v = arg(i, kw);
    if (!v || v->k != VK::Int) error(loc, fmt::format("nn.{}: argument '{}' must be an int", cls, kw));
    return v->i;
  };
  inst->attrs["training"] = mk_bool(true);
  // factory_kwargs: `dtype=torch.bfloat16` makes the module's floating parameters and buffers that dtype (gpt-oss'
  // nn.Embedding; an int64 buffer such as num_batches_tracked stays), on every construction path below
  struct FactoryDtype {
    V inst;
    std::string dtype;
    ~FactoryDtype() {
      if (dtype.empty() || !inst) return;
      for (auto& [n, v] : inst->attrs)
        if (v && v->k == VK::Tensor && (v->t->dtype.rfind("float", 0) == 0 || v->t->dtype == "bfloat16")) v->t->dtype = dtype;
    }
  };
  const V fdt = kwv(kwargs, "dtype");
  FactoryDtype factory_dtype{inst, fdt && fdt->k == VK::DType && (fdt->s.rfind("float", 0) == 0 || fdt->s == "bfloat16") ? fdt->s : ""};
  if (cls == "Module") return inst;
  if (cls == "Linear") {
    long long in = need_int(0, "in_features"), out = need_int(1, "out_features");
    V b = arg(2, "bias");
    nn_add(inst, "weight", nn_param({Dim{out, ""}, Dim{in, ""}}));
    nn_add(inst, "bias", given_false(b) ? none() : nn_param({Dim{out, ""}}));
    inst->attrs["in_features"] = mk_int(in);
    inst->attrs["out_features"] = mk_int(out);
    return inst;
  }
  if (cls == "LayerNorm" || cls == "RMSNorm") {
    V s = arg(0, "normalized_shape");
    std::vector<Dim> shape;
    if (s && s->k == VK::Int) shape.push_back(Dim{s->i, ""});
    else if (s) for (auto& x : s->items) shape.push_back(Dim{x->i, ""});
    else error(loc, fmt::format("nn.{}: missing normalized_shape", cls));
    V eps = arg(1, "eps");
    inst->attrs["eps"] = eps ? eps : (cls == "LayerNorm" ? mk_float(1e-5) : none());
    // elementwise_affine=False: weight (and bias) are None; LayerNorm(bias=False) has a weight only
    V ea = arg(2, "elementwise_affine"), bb = cls == "LayerNorm" ? arg(3, "bias") : nullptr;
    bool affine = !(ea && ea->k == VK::Bool && !ea->b), bias = cls == "LayerNorm" && !given_false(bb);
    inst->attrs["elementwise_affine"] = mk_bool(affine);
    nn_add(inst, "weight", affine ? nn_param(shape) : none());
    if (cls == "LayerNorm") nn_add(inst, "bias", affine && bias ? nn_param(shape) : none());
    inst->attrs["normalized_shape"] = mk_tuple([&] { std::vector<V> xs; for (auto& d : shape) xs.push_back(mk_int(d.v)); return xs; }());
    return inst;
  }
  if (cls == "Embedding") {
    long long n = need_int(0, "num_embeddings"), d = need_int(1, "embedding_dim");
    nn_add(inst, "weight", nn_param({Dim{n, ""}, Dim{d, ""}}));
    inst->attrs["num_embeddings"] = mk_int(n);
    inst->attrs["embedding_dim"] = mk_int(d);
    V pad = arg(2, "padding_idx");  // nn.Embedding checks it against num_embeddings and normalizes a negative one
    if (pad && pad->k == VK::Int) {
      if ((pad->i > 0 && pad->i >= n) || (pad->i < 0 && pad->i < -n))
        raise_exc("AssertionError", "Padding_idx must be within num_embeddings", loc);
      if (pad->i < 0) pad = mk_int(pad->i + n);
    }
    inst->attrs["padding_idx"] = pad ? pad : none();
    V mn = arg(3, "max_norm"), nt = arg(4, "norm_type"), sg = arg(5, "scale_grad_by_freq"), sp = arg(6, "sparse");
    inst->attrs["max_norm"] = mn ? mn : none();
    inst->attrs["norm_type"] = nt ? nt : mk_float(2.0);
    inst->attrs["scale_grad_by_freq"] = sg ? sg : mk_bool(false);
    inst->attrs["sparse"] = sp ? sp : mk_bool(false);
    return inst;
  }
  if (cls == "Dropout") {
    V p = arg(0, "p"), ip = arg(1, "inplace");
    inst->attrs["p"] = p ? p : mk_float(0.5);
    inst->attrs["inplace"] = ip ? ip : mk_bool(false);
    return inst;
  }
  if (cls == "ReLU" || cls == "GELU" || cls == "SiLU" || cls == "Tanh" || cls == "Sigmoid" || cls == "Identity" || cls == "Softmax" ||
      cls == "ReLU6" || cls == "Mish" || cls == "LeakyReLU") {
    if (cls == "Softmax") inst->attrs["dim"] = arg(0, "dim") ? arg(0, "dim") : none();
    if (cls == "ReLU" || cls == "ReLU6" || cls == "SiLU" || cls == "Mish") inst->attrs["inplace"] = arg(0, "inplace") ? arg(0, "inplace") : mk_bool(false);
    if (cls == "ReLU6") {  // class ReLU6(Hardtanh): Hardtanh(0.0, 6.0, inplace)
      inst->attrs["min_val"] = mk_float(0.0);
      inst->attrs["max_val"] = mk_float(6.0);
    }
    if (cls == "GELU") inst->attrs["approximate"] = arg(0, "approximate") ? arg(0, "approximate") : mk_str("none");
    if (cls == "LeakyReLU") {
      inst->attrs["negative_slope"] = arg(0, "negative_slope") ? arg(0, "negative_slope") : mk_float(0.01);
      inst->attrs["inplace"] = arg(1, "inplace") ? arg(1, "inplace") : mk_bool(false);
    }
    return inst;
  }
  if (cls == "Conv1d" || cls == "Conv2d" || cls == "Conv3d") {
    size_t nd = static_cast<size_t>(cls[4] - '0');
    long long in = need_int(0, "in_channels"), out = need_int(1, "out_channels");
    auto tuple_of = [&](V v, long long dflt) {  // torch.nn.modules.utils._pair / _single / _triple: an iterable is
      std::vector<V> xs;                        // taken as it is (no length check: `stride=[2]`, which ATen expands)
      if (v && (v->k == VK::Tuple || v->k == VK::List)) xs = v->items;
      else for (size_t i = 0; i < nd; ++i) xs.push_back(v && v->k == VK::Int ? v : mk_int(dflt));
      return mk_tuple(xs);
    };
    V k = tuple_of(arg(2, "kernel_size"), 1);
    V pad = arg(4, "padding");
    inst->attrs["in_channels"] = mk_int(in);
    inst->attrs["out_channels"] = mk_int(out);
    V pm = arg(8, "padding_mode");
    inst->attrs["padding_mode"] = pm && pm->k == VK::Str ? pm : mk_str("zeros");
    inst->attrs["transposed"] = mk_bool(false);
    inst->attrs["output_padding"] = tuple_of(nullptr, 0);
    inst->attrs["kernel_size"] = k;
    inst->attrs["stride"] = tuple_of(arg(3, "stride"), 1);
    inst->attrs["padding"] = pad && pad->k == VK::Str ? pad : tuple_of(pad, 0);
    inst->attrs["dilation"] = tuple_of(arg(5, "dilation"), 1);
    V groups = arg(6, "groups");
    long long g = groups && groups->k == VK::Int ? groups->i : 1;
    inst->attrs["groups"] = mk_int(g);
    // _ConvNd.__init__'s checks, as Python exceptions a model may catch
    auto value_error = [&](const char* m) { raise_exc("ValueError", m, loc); };
    if (g <= 0) value_error("groups must be a positive integer");
    if (in % g != 0) value_error("in_channels must be divisible by groups");
    if (out % g != 0) value_error("out_channels must be divisible by groups");
    std::vector<Dim> ws{Dim{out, ""}, Dim{in / g, ""}};
    for (auto& x : k->items) ws.push_back(Dim{x->i, ""});
    nn_add(inst, "weight", nn_param(ws));
    V b = arg(7, "bias");
    nn_add(inst, "bias", given_false(b) ? none() : nn_param({Dim{out, ""}}));
    return inst;
  }
  // (SyncBatchNorm: the same module; with no process group initialized its forward is F.batch_norm, need_sync False)
  // (`_BatchNorm` / `_NormBase`: the private bases older model code subclasses with its own forward, VNet's
  // ContBatchNorm3d; the same __init__)
  if (cls == "BatchNorm1d" || cls == "BatchNorm2d" || cls == "BatchNorm3d" || cls == "SyncBatchNorm" || cls == "_BatchNorm" || cls == "_NormBase") {
    long long c = need_int(0, "num_features");
    V eps = arg(1, "eps"), mom = arg(2, "momentum"), affine = arg(3, "affine"), track = arg(4, "track_running_stats");
    inst->attrs["eps"] = eps ? eps : mk_float(1e-5);
    inst->attrs["momentum"] = mom ? mom : mk_float(0.1);
    bool aff = !(affine && affine->k == VK::Bool && !affine->b);
    bool trk = !(track && track->k == VK::Bool && !track->b);
    inst->attrs["track_running_stats"] = mk_bool(trk);
    inst->attrs["num_features"] = mk_int(c);  // _NormBase's attributes (rt_detr reads num_features)
    inst->attrs["affine"] = mk_bool(aff);
    nn_add(inst, "weight", aff ? nn_param({Dim{c, ""}}) : none());
    nn_add(inst, "bias", aff ? nn_param({Dim{c, ""}}) : none());
    auto buffer = [&](std::vector<Dim> s, const std::string& dtype, double fill) {  // (zeros / ones, as _NormBase makes them)
      TensorInfo t;
      const size_t n = s.empty() ? 1 : static_cast<size_t>(s[0].v);
      t.shape = std::move(s);
      t.dtype = dtype;
      t.is_buffer = true;
      V b = mk_tensor(t);
      values::attach(*this, b, std::vector<double>(n, fill));
      return b;
    };
    nn_add(inst, "running_mean", trk ? buffer({Dim{c, ""}}, "float32", 0.0) : none());
    nn_add(inst, "running_var", trk ? buffer({Dim{c, ""}}, "float32", 1.0) : none());
    nn_add(inst, "num_batches_tracked", trk ? buffer({}, "int64", 0.0) : none());
    return inst;
  }
  if (cls == "MaxPool1d" || cls == "MaxPool2d" || cls == "MaxPool3d" || cls == "AvgPool1d" || cls == "AvgPool2d" ||
      cls == "AvgPool3d") {
    V k = arg(0, "kernel_size");
    if (!k) error(loc, fmt::format("nn.{}: missing kernel_size", cls));
    V st = arg(1, "stride");
    inst->attrs["kernel_size"] = k;
    inst->attrs["stride"] = st && st->k != VK::None ? st : k;
    inst->attrs["padding"] = arg(2, "padding") ? arg(2, "padding") : mk_int(0);
    if (cls == "AvgPool1d")  // (its __init__ stores _single(...) of each: F.avg_pool1d(x, (5,), (1,), (0,), ...))
      for (const char* n : {"kernel_size", "stride", "padding"})
        if (inst->attrs[n]->k == VK::Int) inst->attrs[n] = mk_tuple({inst->attrs[n]});
    if (cls[0] == 'M') {
      inst->attrs["dilation"] = arg(3, "dilation") ? arg(3, "dilation") : mk_int(1);
      inst->attrs["return_indices"] = arg(4, "return_indices") ? arg(4, "return_indices") : mk_bool(false);
      inst->attrs["ceil_mode"] = arg(5, "ceil_mode") ? arg(5, "ceil_mode") : mk_bool(false);
    } else {
      inst->attrs["ceil_mode"] = arg(3, "ceil_mode") ? arg(3, "ceil_mode") : mk_bool(false);
      inst->attrs["count_include_pad"] = arg(4, "count_include_pad") ? arg(4, "count_include_pad") : mk_bool(true);
      if (cls != "AvgPool1d") inst->attrs["divisor_override"] = arg(5, "divisor_override") ? arg(5, "divisor_override") : none();
    }
    return inst;
  }
  if (cls.starts_with("AdaptiveAvgPool") || cls.starts_with("AdaptiveMaxPool")) {  // 1d / 2d / 3d
    V o = arg(0, "output_size");
    if (!o) error(loc, fmt::format("nn.{}: missing output_size", cls));
    inst->attrs["output_size"] = o;
    return inst;
  }
  if (cls == "Flatten") {
    inst->attrs["start_dim"] = arg(0, "start_dim") ? arg(0, "start_dim") : mk_int(1);
    inst->attrs["end_dim"] = arg(1, "end_dim") ? arg(1, "end_dim") : mk_int(-1);
    return inst;
  }
  if (cls == "LSTM" || cls == "GRU" || cls == "RNN") {
    long long in = need_int(0, "input_size"), hid = need_int(1, "hidden_size");
    auto opt = [&](size_t i, const char* kw, V d) { V v = arg(i, kw); return v ? v : d; };
    inst->attrs["input_size"] = mk_int(in);
    inst->attrs["hidden_size"] = mk_int(hid);
    inst->attrs["num_layers"] = opt(2, "num_layers", mk_int(1));
    inst->attrs["bias"] = opt(3, "bias", mk_bool(true));
    inst->attrs["batch_first"] = opt(4, "batch_first", mk_bool(false));
    inst->attrs["dropout"] = opt(5, "dropout", mk_float(0.0));
    inst->attrs["bidirectional"] = opt(6, "bidirectional", mk_bool(false));
    long long gates = cls == "LSTM" ? 4 : cls == "GRU" ? 3 : 1;
    // RNNBase.__init__: per layer and direction weight_ih_l{k}[_reverse], weight_hh_l{k}[_reverse] and, with bias,
    // bias_ih / bias_hh, in that order; _flat_weights_names lists them, _all_weights groups them per layer and
    // direction (d2l's init_seq2seq walks _flat_weights_names)
    auto truthy_attr = [&](const char* n) { V v = inst->attrs[n]; return v->k == VK::Bool ? v->b : v->k == VK::Int ? v->i != 0 : false; };
    const long long layers = inst->attrs["num_layers"]->k == VK::Int ? inst->attrs["num_layers"]->i : 1;
    const long long dirs = truthy_attr("bidirectional") ? 2 : 1;
    const bool bias = truthy_attr("bias");
    std::vector<V> flat_names, flat, all;
    for (long long k = 0; k < layers; ++k)
      for (long long d = 0; d < dirs; ++d) {
        const std::string sfx = fmt::format("_l{}{}", k, d ? "_reverse" : "");
        const long long layer_in = k == 0 ? in : hid * dirs;
        std::vector<std::pair<std::string, V>> ps = {{"weight_ih" + sfx, nn_param({Dim{gates * hid, ""}, Dim{layer_in, ""}})},
                                                     {"weight_hh" + sfx, nn_param({Dim{gates * hid, ""}, Dim{hid, ""}})}};
        if (bias) {
          ps.push_back({"bias_ih" + sfx, nn_param({Dim{gates * hid, ""}})});
          ps.push_back({"bias_hh" + sfx, nn_param({Dim{gates * hid, ""}})});
        }
        std::vector<V> group;
        for (auto& [n, v] : ps) {
          nn_add(inst, n, v);
          flat_names.push_back(mk_str(n));
          flat.push_back(v);
          group.push_back(mk_str(n));
        }
        all.push_back(mk_list(group));
      }
    inst->attrs["_flat_weights_names"] = mk_list(flat_names);
    inst->attrs["_flat_weights"] = mk_list(flat);
    inst->attrs["_flat_weight_refs"] = mk_list(flat);  // (weakrefs in torch: the weights _init_flat_weights saw)
    inst->attrs["_all_weights"] = mk_list(all);
    return inst;
  }
  if (cls == "MultiheadAttention") {
    long long e = need_int(0, "embed_dim"), h = need_int(1, "num_heads");
    if (h <= 0 || e % h != 0) error(loc, "nn.MultiheadAttention: embed_dim must be divisible by num_heads");
    inst->attrs["embed_dim"] = mk_int(e);
    inst->attrs["num_heads"] = mk_int(h);
    inst->attrs["head_dim"] = mk_int(e / h);
    V bf = kwv(kwargs, "batch_first");
    inst->attrs["batch_first"] = bf ? bf : mk_bool(false);
    V dp = kwv(kwargs, "dropout");
    if (!dp && args.size() > 2) dp = args[2];
    inst->attrs["dropout"] = dp ? dp : mk_float(0.0);
    V kd = kwv(kwargs, "kdim"), vd = kwv(kwargs, "vdim");
    inst->attrs["kdim"] = kd && kd->k == VK::Int ? kd : mk_int(e);
    inst->attrs["vdim"] = vd && vd->k == VK::Int ? vd : mk_int(e);
    inst->attrs["_qkv_same_embed_dim"] = mk_bool(inst->attrs["kdim"]->i == e && inst->attrs["vdim"]->i == e);
    V bkv = kwv(kwargs, "add_bias_kv");
    if (bkv && bkv->k == VK::Bool && bkv->b) note_unmodelled(loc, "nn.MultiheadAttention(add_bias_kv=True)");
    V za = kwv(kwargs, "add_zero_attn");
    inst->attrs["add_zero_attn"] = za ? za : mk_bool(false);
    if (inst->attrs["_qkv_same_embed_dim"]->b) {
      nn_add(inst, "in_proj_weight", nn_param({Dim{3 * e, ""}, Dim{e, ""}}));
    } else {  // kdim / vdim of their own: three projection weights (TGN's temporal attention over edge features)
      nn_add(inst, "q_proj_weight", nn_param({Dim{e, ""}, Dim{e, ""}}));
      nn_add(inst, "k_proj_weight", nn_param({Dim{e, ""}, Dim{inst->attrs["kdim"]->i, ""}}));
      nn_add(inst, "v_proj_weight", nn_param({Dim{e, ""}, Dim{inst->attrs["vdim"]->i, ""}}));
      nn_add(inst, "in_proj_weight", none());
    }
    V b = kwv(kwargs, "bias");
    if (!b && args.size() > 3) b = args[3];
    bool bias = !given_false(b);
    nn_add(inst, "in_proj_bias", bias ? nn_param({Dim{3 * e, ""}}) : none());
    // out_proj: NonDynamicallyQuantizableLinear(e, e, bias), a Linear subclass (Python of ours, __tparse_torch__)
    V out = call(getattr(import_module("__tparse_torch__", loc), "NonDynamicallyQuantizableLinear", loc),
                 {mk_int(e), mk_int(e), mk_bool(bias)}, {}, loc);
    nn_add(inst, "out_proj", out);
    return inst;
  }
  if (cls == "Sequential" && args.size() == 1 && args[0]->k == VK::Dict) {  // Sequential(OrderedDict([...]))
    for (auto& kv : args[0]->dict) nn_add(inst, py_str(kv.first), kv.second);
    return inst;
  }
  if (cls == "Sequential" || cls == "ModuleList") {
    std::vector<V> mods = cls == "Sequential" ? args : (args.empty() ? std::vector<V>{} : iterate(args[0], loc));
    for (size_t i = 0; i < mods.size(); ++i) nn_add(inst, std::to_string(i), mods[i]);
    return inst;
  }
  if (cls == "ModuleDict") {
    if (!args.empty()) for (auto& kv : args[0]->dict) nn_add(inst, py_str(kv.first), kv.second);
    return inst;
  }
  if (cls == "ParameterList" || cls == "ParameterDict") {
    // ParameterList(values) / ParameterDict(parameters): entries registered as parameters under "0", "1", ... or their
    // keys; a plain tensor becomes a Parameter (ParameterList.__setitem__ / ParameterDict.__setitem__)
    auto as_param = [](const V& v) {
      if (v->k == VK::Tensor && !v->t->is_param) {
        V p = mk_tensor(*v->t);
        p->vals = v->vals;
        p->t->is_param = true;
        p->t->requires_grad = true;
        return p;
      }
      return v;
    };
    V src = !args.empty() ? args[0] : nullptr;
    for (auto& [k, v] : kwargs) if (k == "values" || k == "parameters") src = v;
    if (src && src->k != VK::None) {
      if (cls == "ParameterList") {
        std::vector<V> xs = iterate(src, loc);
        for (size_t i = 0; i < xs.size(); ++i) nn_add(inst, std::to_string(i), as_param(xs[i]));
      } else if (src->k == VK::Dict) {
        for (auto& kv : src->dict) nn_add(inst, py_str(kv.first), as_param(kv.second));
      } else {
        for (auto& kv : iterate(src, loc)) {
          std::vector<V> pair = iterate(kv, loc);
          if (pair.size() != 2) error(loc, "ParameterDict: an iterable of (key, parameter) pairs");
          nn_add(inst, py_str(pair[0]), as_param(pair[1]));
        }
      }
    }
    return inst;
  }
  if (nn_construct_more(*this, cls, args, kwargs, loc, inst)) return inst;
  if (nn_lazy_class(cls)) {
    // torch.nn.modules.lazy: the arguments wait for the first call, which infers the input's size, builds the
    // parameters and turns the module into its cls_to_become (LazyConv2d -> Conv2d); until then no parameters
    inst->attrs[kLazyArgs] = mk_tuple(args);
    auto d = std::make_shared<Obj>();
    d->k = VK::Dict;
    for (auto& [k, v] : kwargs) d->dict.push_back({mk_str(k), v});
    inst->attrs[kLazyKwargs] = d;
    return inst;
  }
  error(loc, fmt::format("unsupported module torch.nn.{}", cls));
}

// _NormBase._check_input_dim and the batch norms' overrides (torch/nn/modules/batchnorm.py): the input's rank, as
// ValueError with torch's message; the private bases raise NotImplementedError (VNet's `super()._check_input_dim`)
void Interp::nn_check_input_dim(const std::string& cls, const V& input, Location loc) {
  if (cls == "_BatchNorm" || cls == "_NormBase") raise_observed("NotImplementedError", "", loc);
  if (!input || input->k != VK::Tensor) return;
  const size_t d = input->t->shape.size();
  if (cls == "BatchNorm1d" && d != 2 && d != 3) raise_observed("ValueError", fmt::format("expected 2D or 3D input (got {}D input)", d), loc);
  if (cls == "BatchNorm2d" && d != 4) raise_observed("ValueError", fmt::format("expected 4D input (got {}D input)", d), loc);
  if (cls == "BatchNorm3d" && d != 5) raise_observed("ValueError", fmt::format("expected 5D input (got {}D input)", d), loc);
  if (cls == "SyncBatchNorm" && d < 2) raise_observed("ValueError", fmt::format("expected at least 2D input (got {}D input)", d), loc);
}

V Interp::nn_forward(V mod, std::vector<V>& args, KW& kwargs, Location loc) {
  // torch.nn's forwards name their first parameter `input`: `self.norm(input=x)` passes it by keyword
  if (args.empty())
    for (auto it = kwargs.begin(); it != kwargs.end(); ++it)
      if (it->first == "input") {
        args.push_back(it->second);
        kwargs.erase(it);
        break;
      }
  if (mod->attrs.count(kLazyArgs)) nn_materialize_lazy(mod, args, loc);
  const std::string& cls = mod->builtin_nn;
  // _BatchNorm / _InstanceNorm.forward start with `self._check_input_dim(input)`: the input is wrapped before the
  // module's buffers and parameters (real torch 2.11: program module_size_checks, L_x_ before G_bn_buffers_...)
  if ((cls.rfind("BatchNorm", 0) == 0 || cls.rfind("InstanceNorm", 0) == 0) && tracing() && !args.empty() &&
      args[0]->k == VK::Tensor && stack_.back()->ctx->sources.count(args[0].get()))
    node_of(args[0]);
  auto x = [&]() -> V {
    if (args.empty() || args[0]->k != VK::Tensor) error(loc, fmt::format("nn.{} expects a tensor input", cls));
    return args[0];
  };
  auto attr = [&](const std::string& n) { return getattr(mod, n, loc); };
  auto float_attr = [&](const std::string& n, bool checked = true, const char* rel = nullptr, int line = 0, const char* code = nullptr) {
    return nn_float_attr(mod, n, loc, checked, rel, line, code);
  };
  auto a_or = [&](const char* n, V d) { auto it = mod->attrs.find(n); return it == mod->attrs.end() ? d : it->second; };
  if (auto u = mod->attrs.find("_tparse_unmodelled"); u != mod->attrs.end()) {
    // built from an unknown value (nn.Linear(cfg.opaque, 64)): its layout is unknown, so its forward is an
    // unknown op of its input's shape, and the run goes on approximate
    std::vector<V> a = args;
    return unknown_op("torch.nn." + cls, false, a, kwargs, loc, "a module built from an unmodelled value");
  }
  if (prof_.nn_call_module() && tracing()) return nn_call_module(mod, args, kwargs, loc);
  auto fn = [&](const std::string& target, const std::string& fname, std::vector<V> a, KW kw) {
    std::vector<V> all = a;
    std::string m = "fn:" + target + ":" + fname;
    return tensor_method(a[0], m, all, kw, loc);
  };
  if (cls == "Linear") return fn("torch._C._nn.linear", "linear", {x(), attr("weight"), attr("bias")}, {});
  // (under dynamic=True the eps float is an unspecialized input, as BatchNorm's: VAN / FocalNet's LayerNorms)
  if (cls == "LayerNorm") return fn("torch.nn.functional.layer_norm", "layer_norm", {x(), mod->attrs["normalized_shape"], attr("weight"), attr("bias"), float_attr("eps", true, "nn/modules/normalization.py", 230, "input, self.normalized_shape, self.weight, self.bias, self.eps")}, {});
  if (cls == "RMSNorm") {  // nn.RMSNorm.forward calls F.rms_norm: the node is torch's frame there
    V r = fn("torch.rms_norm", "rms_norm", {x(), mod->attrs["normalized_shape"], attr("weight"), float_attr("eps")}, {});
    torch_frame(r, "nn/functional.py", 2954, "rms_norm", ops::kRmsNormCode);
    return r;
  }
  if (cls == "Embedding") {  // nn.Embedding.forward passes its padding_idx (normalized) and the defaults
    V pad = mod->attrs.count("padding_idx") ? mod->attrs["padding_idx"] : none();
    V in = x(), w = attr("weight");
    // the input is wrapped before the unspecialized norm_type that F.embedding's arguments read after it
    if (tracing() && stack_.back()->ctx->sources.count(in.get())) node_of(in);
    return fn("torch.nn.functional.embedding", "embedding", {in, w, pad, a_or("max_norm", none()),
                                                            mod->attrs.count("norm_type") ? float_attr("norm_type", a_or("max_norm", none())->k != VK::None) : mk_float(2.0),
                                                            a_or("scale_grad_by_freq", mk_bool(false)), a_or("sparse", mk_bool(false))}, {});
  }
  // a module's forward in torch's source reads `self.training`: Dynamo guards it there (a train / eval switch recompiles)
  auto guard_training = [&](const std::string& rel, int line, const std::string& torch_code) {
    guard_nn_attr(*this, mod, "training", fmt::format("# {}  # {}:{} in forward", torch_code, rel, line), torch_forward_frame(rel, line, torch_code));
  };
  if (cls == "Dropout") {
    bool training = mod->attrs["training"]->b;
    guard_training("nn/modules/dropout.py", 73, "return F.dropout(input, self.p, self.training, self.inplace)");
    V xin = x();
    return fn("torch.nn.functional.dropout", "dropout", {xin, float_attr("p", true, "nn/modules/dropout.py", 73, "return F.dropout(input, self.p, self.training, self.inplace)"), mk_bool(training), a_or("inplace", mk_bool(false))}, {});
  }
  if (cls == "ReLU") return fn("torch.nn.functional.relu", "relu", {x()}, {{"inplace", a_or("inplace", mk_bool(false))}});
  // class ReLU6(Hardtanh): Hardtanh.forward is F.hardtanh(input, self.min_val, self.max_val, self.inplace)
  // (min_val / max_val: unspecialized floats under dynamic=True that nothing checks, `Sym(zf55)`)
  if (cls == "ReLU6")
    return fn("torch.nn.functional.hardtanh", "hardtanh", {x(), float_attr("min_val", false), float_attr("max_val", false), a_or("inplace", mk_bool(false))}, {});
  if (cls == "LeakyReLU") {  // (negative_slope: an unspecialized float under dynamic=True, as LayerNorm's eps)
    V slope = mod->attrs.count("negative_slope") ? float_attr("negative_slope", true, "nn/modules/activation.py", 922, "return F.leaky_relu(input, self.negative_slope, self.inplace)") : mk_float(0.01);
    return fn("torch.nn.functional.leaky_relu", "leaky_relu", {x(), slope, a_or("inplace", mk_bool(false))}, {});
  }
  if (cls == "Mish") return fn("torch.nn.functional.mish", "mish", {x()}, {{"inplace", a_or("inplace", mk_bool(false))}});
  if (cls == "GELU") return fn("torch._C._nn.gelu", "gelu", {x()}, {{"approximate", a_or("approximate", mk_str("none"))}});
  if (cls == "SiLU") return fn("torch.nn.functional.silu", "silu", {x()}, {{"inplace", a_or("inplace", mk_bool(false))}});
  if (cls == "Conv1d" || cls == "Conv2d" || cls == "Conv3d") {
    guard_conv_attrs(*this, mod, cls, loc);
    // _ConvNd.forward is `return self._conv_forward(input, self.weight, self.bias)`: a subclass may override
    // _conv_forward (whisper casts the weight there); `conv_forward_base` is the base one (super()._conv_forward)
    V w = attr("weight"), b = attr("bias");
    if (mod->cls && args.size() == 1)
      if (V own = find_in_class(mod->cls, "_conv_forward")) return call(own, {mod, x(), w, b}, {}, loc);
    if (args.size() == 3) w = args[1], b = args[2];
    std::string f = "conv" + cls.substr(4, 2);
    V pm = mod->attrs.count("padding_mode") ? mod->attrs["padding_mode"] : nullptr;
    V pad = mod->attrs["padding"];
    if (pm && pm->k == VK::Str && pm->s != "zeros" && pad->k == VK::Tuple) {
      // _ConvNd._conv_forward: F.pad(input, _reversed_padding_repeated_twice, mode=padding_mode), then the
      // convolution without padding (padding=_single/_pair/_triple(0))
      std::vector<V> rev, zeros;
      for (auto it = pad->items.rbegin(); it != pad->items.rend(); ++it) { rev.push_back(*it); rev.push_back(*it); }
      for (size_t i = 0; i < pad->items.size(); ++i) zeros.push_back(mk_int(0));
      V padded = fn("torch._C._nn.pad", "pad", {x(), mk_tuple(rev), pm}, {});  // F.pad's frame and arguments (conv.cpp)
      return fn("torch." + f, f, {padded, w, b, mod->attrs["stride"], mk_tuple(zeros), mod->attrs["dilation"], mod->attrs["groups"]}, {});
    }
    return fn("torch." + f, f, {x(), w, b, mod->attrs["stride"], pad, mod->attrs["dilation"], mod->attrs["groups"]}, {});
  }
  if (cls == "BatchNorm1d" || cls == "BatchNorm2d" || cls == "BatchNorm3d" || cls == "SyncBatchNorm" || cls == "_BatchNorm") {
    // F.batch_norm(input, running_mean, running_var, weight, bias, training or not tracking, momentum, eps), after
    // `self._check_input_dim(input)`: a subclass's own, else the class's (a ValueError on the wrong rank;
    // _NormBase's raises NotImplementedError)
    V in = x();
    {
      V own = mod->cls ? find_in_class(mod->cls, "_check_input_dim") : nullptr;
      std::vector<V> ca{mod, in};
      KW none_kw;
      if (own && own->k == VK::Func) call(own, ca, none_kw, loc);
      else nn_check_input_dim(cls, in, loc);
    }
    // _BatchNorm.forward in training with running stats counts the batch first (`self.num_batches_tracked.add_(1)`,
    // a call_method node; torch's frame, so no stack trace, as the module's other nodes); without a momentum it
    // divides by `float(self.num_batches_tracked)`, a Tensor.item() that breaks the graph (batchnorm.py:176)
    V momentum = float_attr("momentum", true, "nn/modules/batchnorm.py", 166, "if self.momentum is None:");  // read first
    guard_training("nn/modules/batchnorm.py", 171, "if self.training and self.track_running_stats:");
    if (mod->attrs["training"]->b && mod->attrs["track_running_stats"]->b) {
      V nbt = attr("num_batches_tracked");
      if (nbt->k == VK::Tensor) {  // (eagerly too: update_bn's cumulative average reads the count)
        std::vector<V> one{mk_int(1)};
        KW none_kw;
        tensor_method(nbt, "add_", one, none_kw, loc);
        if (tracing() && mod->attrs["momentum"]->k == VK::None)
          graph_break("Unsupported Tensor.item() call with capture_scalar_outputs=False", msg_item(), loc);
      }
    }
    V rm = attr("running_mean");
    if (tracing() && rm->k == VK::Tensor) node_of(rm);
    V rv = attr("running_var");
    if (tracing() && rv->k == VK::Tensor) node_of(rv);
    V w = attr("weight"), b = attr("bias");
    bool training = mod->attrs["training"]->b || !mod->attrs["track_running_stats"]->b;
    V eps = float_attr("eps", true, "nn/modules/batchnorm.py", 207, "self.eps,");
    // (eagerly without a momentum: `exponential_average_factor = 1.0 / float(self.num_batches_tracked)`, a
    // cumulative average; in a frame that read broke above)
    if (!tracing() && momentum->k == VK::None && mod->attrs["training"]->b && mod->attrs["track_running_stats"]->b)
      if (V nbt = attr("num_batches_tracked"); nbt->k == VK::Tensor)
        if (const std::vector<double>* d = values::data(*this, nbt); d && d->size() == 1 && (*d)[0] > 0) momentum = mk_float(1.0 / (*d)[0]);
    return fn("torch.nn.functional.batch_norm", "batch_norm", {in, rm, rv, w, b, mk_bool(training), momentum, eps}, {});
  }
  if (cls == "MaxPool1d" || cls == "MaxPool2d" || cls == "MaxPool3d") {
    std::string f = "max_pool" + cls.substr(7);  // max_pool1d / 2d / 3d
    return fn("torch.nn.functional." + f, f, {x(), mod->attrs["kernel_size"], mod->attrs["stride"], mod->attrs["padding"], mod->attrs["dilation"]},
              {{"ceil_mode", mod->attrs["ceil_mode"]}, {"return_indices", mod->attrs["return_indices"]}});
  }
  if (cls == "AvgPool1d" || cls == "AvgPool2d" || cls == "AvgPool3d") {
    std::string f = "avg_pool" + cls.substr(7);  // F.avg_pool2d / 3d are torch._C._nn's, avg_pool1d torch's
    // (AvgPool2d / 3d pass divisor_override as a seventh positional: the node shows its None)
    std::vector<V> a{x(), mod->attrs["kernel_size"], mod->attrs["stride"], mod->attrs["padding"], mod->attrs["ceil_mode"], mod->attrs["count_include_pad"]};
    if (cls != "AvgPool1d") a.push_back(mod->attrs.count("divisor_override") ? mod->attrs["divisor_override"] : none());
    return fn(cls == "AvgPool1d" ? "torch.avg_pool1d" : "torch._C._nn." + f, f, a, {});
  }
  if (cls.starts_with("AdaptiveAvgPool") || cls.starts_with("AdaptiveMaxPool")) {
    std::string f = std::string(cls[8] == 'A' ? "adaptive_avg_pool" : "adaptive_max_pool") + cls.substr(15);
    // F.adaptive_avg_pool1d is torch.adaptive_avg_pool1d itself (functional.py re-exports it)
    return fn(cls == "AdaptiveAvgPool1d" ? "torch.adaptive_avg_pool1d" : "torch.nn.functional." + f, f, {x(), mod->attrs["output_size"]}, {});
  }
  if (cls == "Flatten") {
    std::vector<V> a{mod->attrs["start_dim"], mod->attrs["end_dim"]};
    KW none_kw;
    return tensor_method(x(), "flatten", a, none_kw, loc);
  }
  if (cls == "Tanh") return fn("torch.tanh", "tanh", {x()}, {});
  if (cls == "Sigmoid") return fn("torch.sigmoid", "sigmoid", {x()}, {});
  // nn.Softmax.forward: `F.softmax(input, self.dim, _stacklevel=5)` (SwinIR's window attention)
  if (cls == "Softmax") return fn("torch.nn.functional.softmax", "softmax", {x(), mod->attrs["dim"]}, {{"_stacklevel", mk_int(5)}});
  if (cls == "Identity" && args.size() == 1) return args[0];  // forward(input): returns input, whatever it is (a list)
  if (cls == "MultiheadAttention" && tracing()) return nn_mha_forward(*this, mod, args, kwargs, loc);
  if (cls == "LSTM" || cls == "GRU" || cls == "RNN" || cls == "MultiheadAttention") {
    // Dynamo never traces these here: an RNN breaks the graph when its attribute is loaded (GB0014),
    // and nn.MultiheadAttention's Python forward (fast path or not) is not modelled
    // (one a frame holds without loading it, a resume function's stack value: wrapped at the call, refused there)
    if (tracing() && cls != "MultiheadAttention")
      graph_break("Attempted to wrap RNN, GRU, or LSTM", msg_rnn(rnn_repr(mod)), loc);
    if (tracing()) error(loc, "nn.MultiheadAttention called inside a compiled frame is not modelled by tparse");
    V first = args.empty() ? kwv(kwargs, cls == "MultiheadAttention" ? "query" : "input") : args[0];
    // a PackedSequence in: the RNN runs over its packed rows ([sum of lengths, features]) and gives a PackedSequence of
    // its outputs back, the hidden state as wide as the largest batch (rnn.py's RNNBase.forward)
    V packed = cls != "MultiheadAttention" && is_packed_sequence(first) ? first : nullptr;
    if (packed) first = getattr(packed, "data", loc);
    if (!first || first->k != VK::Tensor) error(loc, fmt::format("nn.{} expects a tensor input", cls));
    TensorInfo o = *first->t;
    if (cls == "MultiheadAttention") {
      V need = kwv(kwargs, "need_weights");
      return mk_tuple({mk_tensor(o), need && need->k == VK::Bool && !need->b ? none() : mk_tensor(o)});
    }
    nn_rnn_update_flat_weights(*this, mod, loc);
    nn_rnn_check_flag_types(*this, mod, cls, packed != nullptr, loc);
    auto truthy_opt = [&](const char* n) { bool known = false; return truthy_const(mod->attrs[n], known) && known; };
    const bool batch_first = truthy_opt("batch_first");
    long long hid = mod->attrs["hidden_size"]->i, dirs = truthy_opt("bidirectional") ? 2 : 1, layers = mod->attrs["num_layers"]->i;
    if (o.shape.empty()) error(loc, fmt::format("nn.{}: input must have at least 2 dims", cls));
    o.shape.back() = Dim{dirs * hid, ""};
    // a new tensor laid out sequence-first: batch_first's output is its transpose ([2, 6, 32][32, 64, 1]: RecBole's
    // NARM / GRU4Rec, program gru_batch_first_output_strides)
    o.stride = contiguous_strides(o.shape);
    if (o.shape.size() == 3 && batch_first) {
      o.stride[2] = Dim{1, ""};
      o.stride[0] = o.shape[2];
      o.stride[1] = dim_mul(o.shape[0], o.shape[2]);
    }
    // autograd: the outputs come from the input and every weight of the module (a backward through an eager LSTM
    // gives its parameters gradients: program lstm_params_grad_after_backward)
    // and from the initial hidden state passed in (segrnn's decoder: the first GRU's hn is the second's hx, the only
    // way gradients reach the embedding before it), an LSTM's (h0, c0) both
    std::vector<V> ins = {first};
    V hx = args.size() > 1 ? args[1] : kwv(kwargs, "hx");
    if (hx && hx->k == VK::Tensor) ins.push_back(hx);
    if (hx && hx->k == VK::Tuple) for (const V& h : hx->items) if (h && h->k == VK::Tensor) ins.push_back(h);
    for (auto& [n, v] : mod->attrs)
      if (v && v->k == VK::Tensor && v->t->is_param) ins.push_back(v);
    o.grad_edge = nullptr;
    o.requires_grad = false;
    if (grad_enabled_)
      for (const V& v : ins) o.requires_grad = o.requires_grad || v->t->requires_grad;
    if (o.requires_grad) o.grad_edge = grad_edge_over(ins, {});
    o.grad_fn = o.requires_grad;
    TensorInfo hn;
    hn.requires_grad = o.requires_grad;
    hn.grad_fn = o.grad_fn;
    hn.grad_edge = o.grad_edge;
    hn.shape = {Dim{dirs * layers, ""}, o.shape.size() == 3 ? o.shape[batch_first ? 0 : 1] : Dim{1, ""}, Dim{hid, ""}};
    if (packed) hn.shape[1] = packed_max_batch(*this, packed, loc);
    hn.stride = contiguous_strides(hn.shape);
    V state = cls == "LSTM" ? mk_tuple({mk_tensor(hn), mk_tensor(hn)}) : mk_tensor(hn);
    if (packed) return mk_tuple({packed_like(*this, packed, mk_tensor(o), loc), state});
    return mk_tuple({mk_tensor(o), state});
  }
  if (cls == "Sequential") {  // any input: the first module decides what it takes (a tuple, a list, ...)
    if (args.empty()) error(loc, "Sequential.forward() missing 1 required positional argument: 'input'");
    V cur = args[0];
    guard_modules_len(mod, loc);
    for (auto& n : mod->order) {
      V child = mod->attrs[n];
      Activation& act = *stack_.back();
      if (act.ctx) {
        auto src = act.ctx->sources.find(mod.get());
        if (src != act.ctx->sources.end()) act.ctx->sources.of(child) = src->second + "._modules['" + n + "']";
        // Sequential.forward's `for module in self` wraps each child from its source: TYPE_MATCH on it
        if (src != act.ctx->sources.end() && act.ctx->mode == Mode::Record && child->k == VK::Instance)
          guard_module_type(*this, child, src->second + "._modules['" + n + "']", loc);
      }
      cur = call(child, {cur}, {}, loc);
      // Sequential.forward: `for module in self: input = module(input)` names each result `input`
      if (cur->k == VK::Tensor && tracing()) {
        stack_.back()->ctx->graph.rename_tensor(cur.get(), "input");
      }
    }
    return cur;
  }
  if (V r = nn_forward_more(*this, mod, args, kwargs, loc)) return r;
  error(loc, fmt::format("nn.{} is not callable", cls));
}

}  // namespace tparse::compiler
