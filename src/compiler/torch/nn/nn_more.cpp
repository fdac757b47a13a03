// More torch.nn modules met in the transformers population: losses, GroupNorm, ConvTranspose, the
// remaining activations, Dropout1d/2d/3d, Upsample, constant padding, PixelShuffle, Unfold. Construction keeps
// torch's attribute names; forward calls the functional op the module's forward calls (what Dynamo
// records when it inlines the module under torch >= 2.5).
#include "torch/nn/module_guards.hpp"
#include "torch/nn/nn_more.hpp"

#include <fmt/format.h>

#include <map>
#include <set>

#include "runtime/interp.hpp"

namespace tparse::compiler {

namespace {
const std::map<std::string, std::string>& loss_fn() {
  static const std::map<std::string, std::string> m = {
      {"CrossEntropyLoss", "cross_entropy"}, {"MSELoss", "mse_loss"}, {"L1Loss", "l1_loss"}, {"SmoothL1Loss", "smooth_l1_loss"},
      {"BCEWithLogitsLoss", "binary_cross_entropy_with_logits"}, {"BCELoss", "binary_cross_entropy"}, {"NLLLoss", "nll_loss"},
      {"KLDivLoss", "kl_div"}, {"HuberLoss", "huber_loss"}, {"CTCLoss", "ctc_loss"}};
  return m;
}
}  // namespace

void nn_bind_params(Interp& I, const std::string& cls, V inst, std::vector<V>& args, KW& kwargs, const NnParams& ps, Location loc) {
  for (size_t i = 0; i < ps.size(); ++i) {
    V v = i < args.size() ? args[i] : nullptr;
    for (auto& [k, x] : kwargs) if (k == ps[i].first) v = x;
    if (!v) v = ps[i].second;
    if (!v) I.error(loc, fmt::format("nn.{}: missing argument '{}'", cls, ps[i].first));
    inst->attrs[ps[i].first] = v;
  }
}

// _Loss.__init__: the legacy size_average / reduce flags, when either is given, become the one reduction
// (_Reduction.legacy_get_string: both true "mean", reduce alone "sum", reduce false "none"); neither is kept as an
// attribute (JEM's `nn.CrossEntropyLoss(reduce=False)` gives per-sample losses)
void nn_legacy_reduction(Interp& I, V inst, Location loc) {
  auto sa_it = inst->attrs.find("size_average"), rd_it = inst->attrs.find("reduce");
  if (sa_it == inst->attrs.end() || rd_it == inst->attrs.end()) return;
  V sa = sa_it->second, rd = rd_it->second;
  inst->attrs.erase("size_average");
  inst->attrs.erase("reduce");
  if (sa->k != VK::None || rd->k != VK::None) {
    const bool avg = sa->k == VK::None || I.truthy(sa, loc), red = rd->k == VK::None || I.truthy(rd, loc);
    inst->attrs["reduction"] = mk_str(avg && red ? "mean" : red ? "sum" : "none");
  }
}

bool nn_construct_more(Interp& I, const std::string& cls, std::vector<V>& args, KW& kwargs, Location loc, V inst) {
  V N = none(), F = mk_bool(false), T = mk_bool(true);
  if (loss_fn().count(cls)) {
    // torch.nn losses: (weight / size_average / reduce are legacy), reduction='mean'
    NnParams ps;
    if (cls == "CrossEntropyLoss") ps = {{"weight", N}, {"size_average", N}, {"ignore_index", mk_int(-100)}, {"reduce", N}, {"reduction", mk_str("mean")}, {"label_smoothing", mk_float(0.0)}};
    else if (cls == "NLLLoss") ps = {{"weight", N}, {"size_average", N}, {"ignore_index", mk_int(-100)}, {"reduce", N}, {"reduction", mk_str("mean")}};
    else if (cls == "BCEWithLogitsLoss") ps = {{"weight", N}, {"size_average", N}, {"reduce", N}, {"reduction", mk_str("mean")}, {"pos_weight", N}};
    else if (cls == "BCELoss") ps = {{"weight", N}, {"size_average", N}, {"reduce", N}, {"reduction", mk_str("mean")}};
    else if (cls == "SmoothL1Loss") ps = {{"size_average", N}, {"reduce", N}, {"reduction", mk_str("mean")}, {"beta", mk_float(1.0)}};
    else if (cls == "HuberLoss") ps = {{"reduction", mk_str("mean")}, {"delta", mk_float(1.0)}};
    else if (cls == "KLDivLoss") ps = {{"size_average", N}, {"reduce", N}, {"reduction", mk_str("mean")}, {"log_target", F}};
    else if (cls == "CTCLoss") ps = {{"blank", mk_int(0)}, {"reduction", mk_str("mean")}, {"zero_infinity", F}};
    else ps = {{"size_average", N}, {"reduce", N}, {"reduction", mk_str("mean")}};
    nn_bind_params(I, cls, inst, args, kwargs, ps, loc);
    nn_legacy_reduction(I, inst, loc);
    return true;
  }
  // the losses' base classes, subclassed by user losses (MusicTransformer's SmoothCrossEntropyLoss(_Loss)): _Loss keeps
  // the reduction (the legacy size_average / reduce flags turned into one, _Reduction.legacy_get_string); _WeightedLoss
  // registers its class weight as the buffer `weight`
  if (cls == "_Loss" || cls == "_WeightedLoss") {
    NnParams ps = {{"size_average", N}, {"reduce", N}, {"reduction", mk_str("mean")}};
    if (cls == "_WeightedLoss") ps.insert(ps.begin(), {"weight", N});
    nn_bind_params(I, cls, inst, args, kwargs, ps, loc);
    nn_legacy_reduction(I, inst, loc);
    if (cls == "_WeightedLoss") {
      V w = inst->attrs["weight"];
      inst->attrs.erase("weight");
      if (w->k == VK::Tensor) {  // (register_buffer: the tensor itself, now a buffer of the module)
        w->t = std::make_shared<TensorInfo>(*w->t);
        w->t->is_buffer = true;
      }
      nn_add(inst, "weight", w);
    }
    return true;
  }
  if (cls == "GroupNorm") {
    nn_bind_params(I, cls, inst, args, kwargs, {{"num_groups", nullptr}, {"num_channels", nullptr}, {"eps", mk_float(1e-5)}, {"affine", T}}, loc);
    long long g = inst->attrs["num_groups"]->i, ch = inst->attrs["num_channels"]->i;
    if (g <= 0 || ch % g)  // GroupNorm.__init__ raises ValueError
      I.raise_exc("ValueError", "num_channels must be divisible by num_groups", loc);
    bool aff = inst->attrs["affine"]->k != VK::Bool || inst->attrs["affine"]->b;
    nn_add(inst, "weight", aff ? nn_param({Dim{ch, ""}}) : N);
    nn_add(inst, "bias", aff ? nn_param({Dim{ch, ""}}) : N);
    return true;
  }
  if (cls == "InstanceNorm1d" || cls == "InstanceNorm2d" || cls == "InstanceNorm3d") {  // _InstanceNorm's defaults
    nn_bind_params(I, cls, inst, args, kwargs, {{"num_features", nullptr}, {"eps", mk_float(1e-5)}, {"momentum", mk_float(0.1)},
                                             {"affine", F}, {"track_running_stats", F}}, loc);
    long long ch = inst->attrs["num_features"]->i;
    bool aff = inst->attrs["affine"]->k == VK::Bool && inst->attrs["affine"]->b;
    bool trk = inst->attrs["track_running_stats"]->k == VK::Bool && inst->attrs["track_running_stats"]->b;
    nn_add(inst, "weight", aff ? nn_param({Dim{ch, ""}}) : N);
    nn_add(inst, "bias", aff ? nn_param({Dim{ch, ""}}) : N);
    auto buffer = [&](const char* dtype, std::vector<Dim> shape) {
      TensorInfo t;
      t.shape = std::move(shape);
      t.dtype = dtype;
      t.is_buffer = true;
      return mk_tensor(t);
    };
    nn_add(inst, "running_mean", trk ? buffer("float32", {Dim{ch, ""}}) : N);
    nn_add(inst, "running_var", trk ? buffer("float32", {Dim{ch, ""}}) : N);
    nn_add(inst, "num_batches_tracked", trk ? buffer("int64", {}) : N);
    return true;
  }
  if (cls == "ConvTranspose1d" || cls == "ConvTranspose2d" || cls == "ConvTranspose3d") {
    size_t nd = static_cast<size_t>(cls[13] - '0');
    nn_bind_params(I, cls, inst, args, kwargs, {{"in_channels", nullptr}, {"out_channels", nullptr}, {"kernel_size", nullptr}, {"stride", mk_int(1)},
                                      {"padding", mk_int(0)}, {"output_padding", mk_int(0)}, {"groups", mk_int(1)}, {"bias", T}, {"dilation", mk_int(1)}}, loc);
    auto tup = [&](const char* n) {
      V v = inst->attrs[n];
      std::vector<V> xs = v->k == VK::Tuple || v->k == VK::List ? v->items : std::vector<V>(nd, v);
      inst->attrs[n] = mk_tuple(xs);
      return xs;
    };
    auto k = tup("kernel_size");
    for (const char* n : {"stride", "padding", "output_padding", "dilation"}) tup(n);
    long long in = inst->attrs["in_channels"]->i, out = inst->attrs["out_channels"]->i, g = inst->attrs["groups"]->i;
    // _ConvNd.__init__'s checks
    if (g <= 0) I.raise_exc("ValueError", "groups must be a positive integer", loc);
    if (in % g != 0) I.raise_exc("ValueError", "in_channels must be divisible by groups", loc);
    if (out % g != 0) I.raise_exc("ValueError", "out_channels must be divisible by groups", loc);
    std::vector<Dim> ws{Dim{in, ""}, Dim{out / g, ""}};
    for (auto& x : k) ws.push_back(Dim{x->i, ""});
    V b = inst->attrs["bias"];
    inst->attrs.erase("bias");
    nn_add(inst, "weight", nn_param(ws));
    nn_add(inst, "bias", given_false(b) ? N : nn_param({Dim{out, ""}}));
    return true;
  }
  static const std::map<std::string, NnParams> simple = {
      {"ELU", {{"alpha", mk_float(1.0)}, {"inplace", mk_bool(false)}}},
      {"CELU", {{"alpha", mk_float(1.0)}, {"inplace", mk_bool(false)}}},
      {"SELU", {{"inplace", mk_bool(false)}}},
      {"GLU", {{"dim", mk_int(-1)}}},
      {"Hardswish", {{"inplace", mk_bool(false)}}},
      {"Hardsigmoid", {{"inplace", mk_bool(false)}}},
      {"Softplus", {{"beta", mk_float(1.0)}, {"threshold", mk_float(20.0)}}},
      {"LogSoftmax", {{"dim", none()}}},
      {"LogSigmoid", {}},
      {"Softsign", {}},
      {"Tanhshrink", {}},
      {"Hardtanh", {{"min_val", mk_float(-1.0)}, {"max_val", mk_float(1.0)}, {"inplace", mk_bool(false)}}},
      {"Dropout1d", {{"p", mk_float(0.5)}, {"inplace", mk_bool(false)}}},
      {"Dropout2d", {{"p", mk_float(0.5)}, {"inplace", mk_bool(false)}}},
      {"Dropout3d", {{"p", mk_float(0.5)}, {"inplace", mk_bool(false)}}},
      {"AlphaDropout", {{"p", mk_float(0.5)}, {"inplace", mk_bool(false)}}},
      {"Upsample", {{"size", none()}, {"scale_factor", none()}, {"mode", mk_str("nearest")}, {"align_corners", none()}, {"recompute_scale_factor", none()}}},
      {"ZeroPad1d", {{"padding", nullptr}}},
      {"ZeroPad2d", {{"padding", nullptr}}},
      {"ZeroPad3d", {{"padding", nullptr}}},
      {"ConstantPad1d", {{"padding", nullptr}, {"value", nullptr}}},
      {"ConstantPad2d", {{"padding", nullptr}, {"value", nullptr}}},
      {"ConstantPad3d", {{"padding", nullptr}, {"value", nullptr}}},
      {"ReflectionPad1d", {{"padding", nullptr}}},
      {"ReflectionPad2d", {{"padding", nullptr}}},
      {"ReflectionPad3d", {{"padding", nullptr}}},
      {"ReplicationPad1d", {{"padding", nullptr}}},
      {"ReplicationPad2d", {{"padding", nullptr}}},
      {"ReplicationPad3d", {{"padding", nullptr}}},
      {"CircularPad1d", {{"padding", nullptr}}},
      {"CircularPad2d", {{"padding", nullptr}}},
      {"CircularPad3d", {{"padding", nullptr}}},
      {"PixelShuffle", {{"upscale_factor", nullptr}}},
      {"PixelUnshuffle", {{"downscale_factor", nullptr}}},
      {"Unfold", {{"kernel_size", nullptr}, {"dilation", mk_int(1)}, {"padding", mk_int(0)}, {"stride", mk_int(1)}}},
  };
  auto it = simple.find(cls);
  if (it == simple.end()) return nn_construct_rest(I, cls, args, kwargs, loc, inst);
  nn_bind_params(I, cls, inst, args, kwargs, it->second, loc);
  if (cls.find("Pad") != std::string::npos) {  // padding: an int pads every side of the 1, 2 or 3 last dims
    V p = inst->attrs["padding"];
    size_t n = cls.find("1d") != std::string::npos ? 2 : cls.find("3d") != std::string::npos ? 6 : 4;
    if (p->k == VK::Int) inst->attrs["padding"] = mk_tuple(std::vector<V>(n, p));
    // (_ntuple's `tuple(x)` of an iterable: a list given is kept as a tuple, F.pad's `(1, 1, 1, 1)` in the graph: CUT)
    else if (p->k == VK::List) inst->attrs["padding"] = mk_tuple(p->items);
    if (cls.rfind("Zero", 0) == 0) inst->attrs["value"] = mk_float(0.0);
  }
  if (cls == "Upsample") {  // Upsample.__init__: `self.scale_factor = float(scale_factor) if scale_factor else None` (a tuple: each)
    V& sf = inst->attrs["scale_factor"];
    auto as_float = [](const V& x) { return x->k == VK::Int ? mk_float(static_cast<double>(x->i)) : x; };
    if (sf && sf->k == VK::Int && sf->i != 0) sf = as_float(sf);
    else if (sf && sf->k == VK::Tuple) { std::vector<V> xs; for (auto& x : sf->items) xs.push_back(as_float(x)); sf = mk_tuple(xs); }
  }
  return true;
}

V nn_conv_transpose_output_padding(Interp& I, const std::string& cls, const V& input, const V& os, const V& stride, const V& padding,
                                   const V& kernel_size, const V& dilation, Location loc) {
  const size_t nd = static_cast<size_t>(cls.size() > 13 ? cls[13] - '0' : 2);
  if (input->k != VK::Tensor) I.raise_exc("TypeError", "_output_padding(): input must be a Tensor", loc);
  const TensorInfo& t = *input->t;
  std::vector<V> want = os->items;
  const size_t non_spatial = t.shape.size() == nd + 2 ? 2 : 1;
  if (want.size() == non_spatial + nd) want.erase(want.begin(), want.begin() + static_cast<long>(non_spatial));
  if (want.size() != nd || t.shape.size() < nd)
    I.raise_exc("ValueError", fmt::format("ConvTranspose{}D: for {}D input, output_size must have {} or {} elements (got {})", nd,
                                          t.shape.size(), nd, nd + non_spatial, os->items.size()), loc);
  auto item = [&](const V& v, size_t d, long long dflt) -> long long {
    if (!v || v->k == VK::None) return dflt;
    if (v->k == VK::Tuple || v->k == VK::List) {
      if (d >= v->items.size() || v->items[d]->k != VK::Int) I.error(loc, fmt::format("nn.{}: a size list of another rank", cls));
      return v->items[d]->i;
    }
    if (v->k != VK::Int) I.error(loc, fmt::format("nn.{}: a size must be an int or a tuple of ints", cls));
    return v->i;
  };
  std::vector<V> res;
  for (size_t d = 0; d < nd; ++d) {
    const long long in = t.shape[t.shape.size() - nd + d].v;
    const long long lo = (in - 1) * item(stride, d, 1) - 2 * item(padding, d, 0) + item(dilation, d, 1) * (item(kernel_size, d, 1) - 1) + 1;
    const long long hi = lo + item(stride, d, 1) - 1;
    if (want[d]->k != VK::Int) I.error(loc, fmt::format("nn.{}: output_size must hold ints", cls));
    if (want[d]->i < lo || want[d]->i > hi)
      I.raise_exc("ValueError", fmt::format("requested an output size of {}, but valid sizes range from [{}] to [{}]", I.str_of(os, loc), lo, hi), loc);
    res.push_back(mk_int(want[d]->i - lo));
  }
  return mk_list(res);
}

V nn_forward_more(Interp& I, V mod, std::vector<V>& args, KW& kwargs, Location loc) {
  const std::string& cls = mod->builtin_nn;
  auto& a = mod->attrs;
  auto x = [&]() -> V {
    if (args.empty() || args[0]->k != VK::Tensor) I.error(loc, fmt::format("nn.{} expects a tensor input", cls));
    return args[0];
  };
  auto fn = [&](const std::string& target, const std::string& fname, std::vector<V> xs, KW kw) {
    // an attribute the module's construction did not set is a modelling gap: a located error, never a null value
    for (auto& v : xs) if (!v) I.error(loc, fmt::format("nn.{}: an attribute its forward reads was not set (not modelled)", cls));
    for (auto& [k, v] : kw) if (!v) I.error(loc, fmt::format("nn.{}: attribute '{}' was not set (not modelled)", cls, k));
    return I.tensor_method(xs[0], "fn:" + target + ":" + fname, xs, kw, loc);
  };
  auto F = [](const std::string& n) { return "torch.nn.functional." + n; };
  auto attr = [&](const char* n) { return I.getattr(mod, n, loc); };
  if (loss_fn().count(cls)) {
    // forward's parameters given by name (`criterion(input=pred, target=y)`)
    static const std::vector<std::string> pair{"input", "target"}, ctc{"log_probs", "targets", "input_lengths", "target_lengths"};
    const std::vector<std::string>& names = cls == "CTCLoss" ? ctc : pair;
    for (size_t i = args.size(); i < names.size(); ++i) {
      auto it = std::find_if(kwargs.begin(), kwargs.end(), [&](const auto& kv) { return kv.first == names[i]; });
      if (it == kwargs.end()) break;
      args.push_back(it->second);
      kwargs.erase(it);
    }
    if (args.size() < 2) I.error(loc, fmt::format("nn.{}: forward(input, target)", cls));
    const std::string& f = loss_fn().at(cls);
    std::vector<V> xs{args[0], args[1]};
    if (cls == "CrossEntropyLoss") return fn(F(f), f, xs, {{"weight", attr("weight")}, {"ignore_index", a["ignore_index"]}, {"reduction", a["reduction"]}, {"label_smoothing", a["label_smoothing"]}});
    if (cls == "NLLLoss") return fn(F(f), f, xs, {{"weight", attr("weight")}, {"ignore_index", a["ignore_index"]}, {"reduction", a["reduction"]}});
    if (cls == "BCEWithLogitsLoss") { xs.push_back(attr("weight")); return fn(F(f), f, xs, {{"pos_weight", attr("pos_weight")}, {"reduction", a["reduction"]}}); }
    if (cls == "BCELoss") return fn(F(f), f, xs, {{"weight", attr("weight")}, {"reduction", a["reduction"]}});
    if (cls == "SmoothL1Loss") return fn(F(f), f, xs, {{"reduction", a["reduction"]}, {"beta", a["beta"]}});
    if (cls == "HuberLoss") return fn(F(f), f, xs, {{"reduction", a["reduction"]}, {"delta", a["delta"]}});
    if (cls == "KLDivLoss") return fn(F(f), f, xs, {{"reduction", a["reduction"]}, {"log_target", a["log_target"]}});
    if (cls == "CTCLoss") {  // forward(log_probs, targets, input_lengths, target_lengths)
      if (args.size() < 4) I.error(loc, "nn.CTCLoss: forward(log_probs, targets, input_lengths, target_lengths)");
      return fn(F(f), f, {args[0], args[1], args[2], args[3], a["blank"], a["reduction"], a["zero_infinity"]}, {});
    }
    return fn(F(f), f, xs, {{"reduction", a["reduction"]}});
  }
  // (eps: an unspecialized float under dynamic=True, as LayerNorm's)
  if (cls == "GroupNorm")
    return fn(F("group_norm"), "group_norm", {x(), a["num_groups"], attr("weight"), attr("bias"), I.nn_float_attr(mod, "eps", loc)}, {});
  if (cls.rfind("InstanceNorm", 0) == 0) {  // _InstanceNorm._apply_instance_norm
    // _InstanceNorm.forward's check of the channels: with affine a ValueError, else warnings.warn (in a frame a
    // GB0007 break at the call: PyTorch-GAN's UNIT builds InstanceNorm2d(1) for 32 channels)
    if (!args.empty() && args[0]->k == VK::Tensor && a.count("num_features") && a["num_features"]->k == VK::Int) {
      const long long no_batch = cls.back() == 'd' ? (cls[cls.size() - 2] - '0') + 1 : 3;
      const long long fd = static_cast<long long>(args[0]->t->shape.size()) - no_batch;
      if (fd >= 0 && fd < static_cast<long long>(args[0]->t->shape.size()) && args[0]->t->shape[static_cast<size_t>(fd)].v != a["num_features"]->i) {
        const bool affine = a.count("affine") && a["affine"]->k == VK::Bool && a["affine"]->b;
        if (affine)
          I.raise_exc("ValueError", fmt::format("expected input's size at dim={} to match num_features ({}), but got: {}.", fd,
                                                a["num_features"]->i, args[0]->t->shape[static_cast<size_t>(fd)].v), loc);
        V warn = I.getattr(I.import_module("warnings", loc), "warn", loc);
        I.call(warn, {mk_str(fmt::format("input's size at dim={} does not match num_features. You can silence this warning by not "
                                          "passing in num_features, which is not used because affine=False", fd))}, {}, loc);
      }
    }
    // `self.training or not self.track_running_stats` (instancenorm.py:53): training guarded, and when False the
    // other operand too (UGATIT's generators recompile on .eval(), real torch 2.11)
    const std::string code = "self.training or not self.track_running_stats,";
    const std::string frames = fmt::format(
        "\n  File \"{0}/instancenorm.py\", line 125, in forward\n    return self._apply_instance_norm(input)\n  File "
        "\"{0}/instancenorm.py\", line 53, in _apply_instance_norm\n    {1}", "/opt/torch/.venv/lib/python3.12/site-packages/torch/nn/modules", code);
    const std::string comment = "# " + code + "  # nn/modules/instancenorm.py:53 in _apply_instance_norm";
    guard_nn_attr(I, mod, "training", comment, frames);
    if (a.count("training") && a["training"]->k == VK::Bool && !a["training"]->b) guard_nn_attr(I, mod, "track_running_stats", comment, frames);
    bool trk = a["track_running_stats"]->k == VK::Bool && a["track_running_stats"]->b;
    bool use_input_stats = (a.count("training") && a["training"]->k == VK::Bool && a["training"]->b) || !trk;
    V mom = a["momentum"]->k == VK::None ? mk_float(0.0) : a["momentum"];
    return fn(F("instance_norm"), "instance_norm", {x(), attr("running_mean"), attr("running_var"), attr("weight"), attr("bias"),
                                                    mk_bool(use_input_stats), mom, a["eps"]}, {});
  }
  if (cls.rfind("ConvTranspose", 0) == 0) {
    std::string f = "conv_transpose" + cls.substr(13, 2);
    // forward(input, output_size=None): _ConvTransposeNd._output_padding makes the output exactly output_size (its last
    // spatial sizes), a list of each dim's padding beyond the smallest size; outside [min, min + stride - 1] a ValueError
    V os = args.size() > 1 ? args[1] : nullptr;
    for (auto& [k, v] : kwargs) if (k == "output_size") os = v;
    V pad = a["output_padding"];
    if (os && os->k != VK::None && (os->k == VK::Tuple || os->k == VK::List))
      pad = nn_conv_transpose_output_padding(I, cls, x(), os, a["stride"], a["padding"], a["kernel_size"], a["dilation"], loc);
    return fn("torch." + f, f, {x(), attr("weight"), attr("bias"), a["stride"], a["padding"], pad, a["groups"], a["dilation"]}, {});
  }
  // (alpha: a float attribute read by the forward, guarded, or an unspecialized float under dynamic=True with no guard
  // on its symbol, as Hardtanh's bounds; real torch 2.11: lightweight pose's ELUs)
  if (cls == "ELU")
    return fn(F("elu"), "elu", {x(), I.nn_float_attr(mod, "alpha", loc, false, "nn/modules/activation.py", 619, "return F.elu(input, self.alpha, self.inplace)"), a["inplace"]}, {});
  if (cls == "CELU") return fn(F("celu"), "celu", {x(), I.nn_float_attr(mod, "alpha", loc, false), a["inplace"]}, {});
  if (cls == "SELU") return fn(F("selu"), "selu", {x(), a["inplace"]}, {});
  if (cls == "GLU") return fn(F("glu"), "glu", {x(), a["dim"]}, {});
  if (cls == "Hardswish") return fn(F("hardswish"), "hardswish", {x(), a["inplace"]}, {});
  if (cls == "Hardsigmoid") return fn(F("hardsigmoid"), "hardsigmoid", {x(), a["inplace"]}, {});
  if (cls == "Softplus") return fn("torch._C._nn.softplus", "softplus", {x(), a["beta"], a["threshold"]}, {});
  if (cls == "LogSoftmax") return fn(F("log_softmax"), "log_softmax", {x(), a["dim"]}, {{"_stacklevel", mk_int(5)}});
  if (cls == "LogSigmoid") return fn("torch._C._nn.log_sigmoid", "logsigmoid", {x()}, {});
  if (cls == "Softsign" || cls == "Tanhshrink") { std::string f = cls == "Softsign" ? "softsign" : "tanhshrink"; return fn(F(f), f, {x()}, {}); }
  if (cls == "Hardtanh")  // (min_val / max_val: as ReLU6's, nn_modules.cpp)
    return fn(F("hardtanh"), "hardtanh", {x(), I.nn_float_attr(mod, "min_val", loc, false), I.nn_float_attr(mod, "max_val", loc, false), a["inplace"]}, {});
  if (cls.rfind("Dropout", 0) == 0 || cls == "AlphaDropout") {
    std::string f = cls == "AlphaDropout" ? "alpha_dropout" : "dropout" + cls.substr(7);
    return fn(F(f), f, {x(), a["p"], a["training"], a["inplace"]}, {});
  }
  if (cls == "Upsample")
    return fn(F("interpolate"), "interpolate", {x(), a["size"], a["scale_factor"], a["mode"], a["align_corners"]}, {{"recompute_scale_factor", a["recompute_scale_factor"]}});
  if (cls.find("Pad") != std::string::npos && a.count("padding")) {
    // _ConstantPadNd.forward: F.pad(input, self.padding, "constant", self.value); _ReflectionPadNd, _ReplicationPadNd,
    // _CircularPadNd: F.pad(input, self.padding, "reflect" / "replicate" / "circular")
    if (cls.rfind("Zero", 0) == 0 || cls.rfind("Constant", 0) == 0)
      return fn("torch._C._nn.pad", "pad", {x(), a["padding"], mk_str("constant"), a["value"]}, {});
    std::string mode = cls.rfind("Reflection", 0) == 0 ? "reflect" : cls.rfind("Replication", 0) == 0 ? "replicate" : "circular";
    return fn("torch._C._nn.pad", "pad", {x(), a["padding"], mk_str(mode)}, {});
  }
  if (cls == "PixelShuffle") return fn("torch.pixel_shuffle", "pixel_shuffle", {x(), a["upscale_factor"]}, {});
  if (cls == "PixelUnshuffle") return fn("torch.pixel_unshuffle", "pixel_unshuffle", {x(), a["downscale_factor"]}, {});
  if (cls == "Unfold")  // Unfold.forward: F.unfold(input, self.kernel_size, self.dilation, self.padding, self.stride)
    return fn(F("unfold"), "unfold", {x(), a["kernel_size"], a["dilation"], a["padding"], a["stride"]}, {});
  return nn_forward_rest(I, mod, args, kwargs, loc);
}

bool nn_more_modelled(const std::string& cls) {
  return nn_rest_modelled(cls) || loss_fn().count(cls) || cls == "GroupNorm" || cls.rfind("ConvTranspose", 0) == 0 || cls.rfind("InstanceNorm", 0) == 0 ||
         std::set<std::string>{"ELU", "CELU", "SELU", "GLU", "Hardswish", "Hardsigmoid", "Softplus", "LogSoftmax", "LogSigmoid", "Softsign",
                               "Tanhshrink", "Hardtanh", "Dropout1d", "Dropout2d", "Dropout3d", "AlphaDropout", "Upsample", "ZeroPad1d",
                               "ZeroPad2d", "ZeroPad3d", "ConstantPad1d", "ConstantPad2d", "ConstantPad3d", "ReflectionPad1d",
                               "ReflectionPad2d", "ReflectionPad3d", "ReplicationPad1d", "ReplicationPad2d", "ReplicationPad3d",
                               "CircularPad1d", "CircularPad2d", "CircularPad3d", "PixelShuffle", "PixelUnshuffle", "Unfold"}
             .count(cls);
}

}  // namespace tparse::compiler
