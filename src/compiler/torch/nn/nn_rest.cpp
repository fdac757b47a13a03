// The rest of torch.nn that model files of other authors build (the fifth scouting's sweep of torch.nn): PReLU,
// RReLU, Threshold, the shrinks, Softmin / Softmax2d, Unflatten, the Upsampling*2d aliases, LocalResponseNorm,
// CosineSimilarity / PairwiseDistance, Fold, Bilinear, EmbeddingBag, the RNN cells (LSTMCell / GRUCell / RNNCell:
// ordinary modules whose forward Dynamo inlines down to _VF.lstm_cell and friends) and more losses. Construction
// keeps torch's attribute names and parameter shapes; forward calls what the module's forward calls.
#include <fmt/format.h>

#include <map>
#include <set>

#include "runtime/interp.hpp"
#include "torch/nn/nn_more.hpp"

namespace tparse::compiler {

namespace {
const std::set<std::string>& rest_classes() {
  static const std::set<std::string> s = {
      "PReLU", "RReLU", "Threshold", "Hardshrink", "Softshrink", "Softmin", "Softmax2d", "Unflatten", "UpsamplingNearest2d",
      "UpsamplingBilinear2d", "LocalResponseNorm", "CosineSimilarity", "PairwiseDistance", "Fold", "Bilinear", "EmbeddingBag",
      "LSTMCell", "GRUCell", "RNNCell", "MarginRankingLoss", "CosineEmbeddingLoss", "TripletMarginLoss", "SoftMarginLoss",
      "MultiLabelSoftMarginLoss", "PoissonNLLLoss", "GaussianNLLLoss", "HingeEmbeddingLoss", "MaxUnpool1d", "MaxUnpool2d",
      "MaxUnpool3d"};
  return s;
}
bool flag(const V& v) { return v && v->k == VK::Bool && v->b; }
}  // namespace

bool nn_rest_modelled(const std::string& cls) { return rest_classes().count(cls) > 0; }

bool nn_construct_rest(Interp& I, const std::string& cls, std::vector<V>& args, KW& kwargs, Location loc, V inst) {
  if (!rest_classes().count(cls)) return false;
  V N = none(), F = mk_bool(false), T = mk_bool(true), mean = mk_str("mean");
  auto bind = [&](const NnParams& ps) { nn_bind_params(I, cls, inst, args, kwargs, ps, loc); };
  auto int_attr = [&](const char* n) {
    V v = inst->attrs[n];
    if (!v || v->k != VK::Int) I.error(loc, fmt::format("nn.{}: '{}' must be an int", cls, n));
    return v->i;
  };
  if (cls == "PReLU") {  // weight: num_parameters slopes, each `init`
    bind({{"num_parameters", mk_int(1)}, {"init", mk_float(0.25)}});
    nn_add(inst, "weight", nn_param({Dim{int_attr("num_parameters"), ""}}));
  } else if (cls == "RReLU") {
    bind({{"lower", mk_float(1.0 / 8)}, {"upper", mk_float(1.0 / 3)}, {"inplace", F}});
  } else if (cls == "Threshold") {
    bind({{"threshold", nullptr}, {"value", nullptr}, {"inplace", F}});
  } else if (cls == "Hardshrink" || cls == "Softshrink") {
    bind({{"lambd", mk_float(0.5)}});
  } else if (cls == "MaxUnpool1d" || cls == "MaxUnpool2d" || cls == "MaxUnpool3d") {
    // pooling.py: kernel_size, stride (kernel_size when None) and padding as _single / _pair / _triple tuples
    bind({{"kernel_size", nullptr}, {"stride", N}, {"padding", mk_int(0)}});
    const size_t nd = static_cast<size_t>(cls[9] - '0');
    auto tuple_of = [&](V v) { return v->k == VK::Tuple || v->k == VK::List ? mk_tuple(v->items) : mk_tuple(std::vector<V>(nd, v)); };
    V k = tuple_of(inst->attrs["kernel_size"]);
    inst->attrs["stride"] = inst->attrs["stride"]->k == VK::None ? k : tuple_of(inst->attrs["stride"]);
    inst->attrs["kernel_size"] = k;
    inst->attrs["padding"] = tuple_of(inst->attrs["padding"]);
  } else if (cls == "Softmin") {
    bind({{"dim", N}});
  } else if (cls == "Softmax2d") {
    bind({});
  } else if (cls == "Unflatten") {
    bind({{"dim", nullptr}, {"unflattened_size", nullptr}});
  } else if (cls == "UpsamplingNearest2d" || cls == "UpsamplingBilinear2d") {  // Upsample(size, scale_factor, mode[, True])
    bind({{"size", N}, {"scale_factor", N}});
    V& sf = inst->attrs["scale_factor"];
    if (sf->k == VK::Int && sf->i != 0) sf = mk_float(static_cast<double>(sf->i));
    inst->attrs["mode"] = mk_str(cls == "UpsamplingNearest2d" ? "nearest" : "bilinear");
    inst->attrs["align_corners"] = cls == "UpsamplingNearest2d" ? N : T;
    inst->attrs["recompute_scale_factor"] = N;
  } else if (cls == "LocalResponseNorm") {
    bind({{"size", nullptr}, {"alpha", mk_float(1e-4)}, {"beta", mk_float(0.75)}, {"k", mk_float(1.0)}});
  } else if (cls == "CosineSimilarity") {
    bind({{"dim", mk_int(1)}, {"eps", mk_float(1e-8)}});
  } else if (cls == "PairwiseDistance") {  // PairwiseDistance(p, eps, keepdim): p is kept as `norm`
    bind({{"norm", mk_float(2.0)}, {"eps", mk_float(1e-6)}, {"keepdim", F}});
    for (auto& [k, v] : kwargs) if (k == "p") inst->attrs["norm"] = v;
  } else if (cls == "Fold") {
    bind({{"output_size", nullptr}, {"kernel_size", nullptr}, {"dilation", mk_int(1)}, {"padding", mk_int(0)}, {"stride", mk_int(1)}});
  } else if (cls == "Bilinear") {  // weight [out, in1, in2], bias [out]
    bind({{"in1_features", nullptr}, {"in2_features", nullptr}, {"out_features", nullptr}, {"bias", T}});
    long long a = int_attr("in1_features"), b = int_attr("in2_features"), o = int_attr("out_features");
    V bias = inst->attrs["bias"];
    inst->attrs.erase("bias");
    nn_add(inst, "weight", nn_param({Dim{o, ""}, Dim{a, ""}, Dim{b, ""}}));
    nn_add(inst, "bias", flag(bias) || bias->k != VK::Bool ? nn_param({Dim{o, ""}}) : N);
  } else if (cls == "EmbeddingBag") {
    bind({{"num_embeddings", nullptr}, {"embedding_dim", nullptr}, {"max_norm", N}, {"norm_type", mk_float(2.0)},
          {"scale_grad_by_freq", F}, {"mode", mean}, {"sparse", F}, {"_weight", N}, {"include_last_offset", F}, {"padding_idx", N}});
    V w = inst->attrs["_weight"];
    inst->attrs.erase("_weight");
    if (w->k == VK::Tensor) w->t->is_param = true;
    nn_add(inst, "weight", w->k == VK::Tensor ? w : nn_param({Dim{int_attr("num_embeddings"), ""}, Dim{int_attr("embedding_dim"), ""}}));
  } else if (cls == "LSTMCell" || cls == "GRUCell" || cls == "RNNCell") {  // RNNCellBase: weight_ih, weight_hh, bias_ih, bias_hh
    NnParams ps{{"input_size", nullptr}, {"hidden_size", nullptr}, {"bias", T}};
    if (cls == "RNNCell") ps.push_back({"nonlinearity", mk_str("tanh")});
    bind(ps);
    long long in = int_attr("input_size"), h = int_attr("hidden_size"), g = cls == "LSTMCell" ? 4 : cls == "GRUCell" ? 3 : 1;
    bool bias = inst->attrs["bias"]->k != VK::Bool || inst->attrs["bias"]->b;
    nn_add(inst, "weight_ih", nn_param({Dim{g * h, ""}, Dim{in, ""}}));
    nn_add(inst, "weight_hh", nn_param({Dim{g * h, ""}, Dim{h, ""}}));
    nn_add(inst, "bias_ih", bias ? nn_param({Dim{g * h, ""}}) : N);
    nn_add(inst, "bias_hh", bias ? nn_param({Dim{g * h, ""}}) : N);
  } else if (cls == "MarginRankingLoss" || cls == "CosineEmbeddingLoss") {
    bind({{"margin", mk_float(0.0)}, {"size_average", N}, {"reduce", N}, {"reduction", mean}});
  } else if (cls == "HingeEmbeddingLoss") {
    bind({{"margin", mk_float(1.0)}, {"size_average", N}, {"reduce", N}, {"reduction", mean}});
  } else if (cls == "TripletMarginLoss") {
    bind({{"margin", mk_float(1.0)}, {"p", mk_float(2.0)}, {"eps", mk_float(1e-6)}, {"swap", F}, {"size_average", N}, {"reduce", N},
          {"reduction", mean}});
  } else if (cls == "SoftMarginLoss") {
    bind({{"size_average", N}, {"reduce", N}, {"reduction", mean}});
  } else if (cls == "MultiLabelSoftMarginLoss") {
    bind({{"weight", N}, {"size_average", N}, {"reduce", N}, {"reduction", mean}});
  } else if (cls == "PoissonNLLLoss") {
    bind({{"log_input", T}, {"full", F}, {"size_average", N}, {"eps", mk_float(1e-8)}, {"reduce", N}, {"reduction", mean}});
  } else if (cls == "GaussianNLLLoss") {
    bind({{"full", F}, {"eps", mk_float(1e-6)}, {"reduction", mean}});
  }
  nn_legacy_reduction(I, inst, loc);
  return true;
}

V nn_forward_rest(Interp& I, V mod, std::vector<V>& args, KW& kwargs, Location loc) {
  const std::string& cls = mod->builtin_nn;
  if (!rest_classes().count(cls)) return nullptr;
  auto& a = mod->attrs;
  auto arg = [&](size_t i, const char* name) -> V {
    if (i < args.size()) return args[i];
    for (auto& [k, v] : kwargs) if (k == name) return v;
    return nullptr;
  };
  auto x = [&]() -> V {
    if (args.empty() || args[0]->k != VK::Tensor) I.error(loc, fmt::format("nn.{} expects a tensor input", cls));
    return args[0];
  };
  auto tensors = [&](size_t n) {
    std::vector<V> xs;
    for (size_t i = 0; i < n; ++i) {
      if (i >= args.size() || args[i]->k != VK::Tensor) I.error(loc, fmt::format("nn.{}.forward takes {} tensors", cls, n));
      xs.push_back(args[i]);
    }
    return xs;
  };
  auto fn = [&](const std::string& target, const std::string& fname, std::vector<V> xs, KW kw) {
    return I.tensor_method(xs[0], "fn:" + target + ":" + fname, xs, kw, loc);
  };
  auto F = [](const std::string& n) { return "torch.nn.functional." + n; };
  auto attr = [&](const char* n) { return I.getattr(mod, n, loc); };
  auto method = [&](V t, const std::string& m, std::vector<V> as) {
    KW none_kw;
    return I.tensor_method(t, m, as, none_kw, loc);
  };
  if (cls == "PReLU") return fn("torch.prelu", "prelu", {x(), attr("weight")}, {});
  if (cls == "RReLU") return fn(F("rrelu"), "rrelu", {x(), a["lower"], a["upper"], a["training"], a["inplace"]}, {});
  // a torch frame's variable names its node: `result = _VF.threshold(...)` in F._threshold, `hx = torch.zeros(...)`,
  // `ret = _VF.gru_cell(...)`, `input = input.unsqueeze(0)` in the RNN cells' forwards
  auto named = [&](V t, const char* n) {
    if (t && t->k == VK::Tensor && I.tracing()) {
      Graph& g = I.stack_.back()->ctx->graph;
      if (auto it = g.tensor_node.find(t.get()); it != g.tensor_node.end() && g.nodes[static_cast<size_t>(it->second)].name != n)
        g.rename(it->second, n);
    }
    return t;
  };
  if (cls == "Threshold") {  // F.threshold is Python (F._threshold): inlined down to _VF.threshold, a torch frame
    if (flag(a["inplace"])) return fn("torch.threshold_", "threshold_", {x(), a["threshold"], a["value"]}, {});
    V r = fn("torch.threshold", "threshold", {x(), a["threshold"], a["value"]}, {});
    I.torch_frame(r, "nn/functional.py", 1693, "_threshold", "result = _VF.threshold(input, threshold, value)");
    return named(r, "result");
  }
  if (cls == "Hardshrink") return fn("torch.hardshrink", "hardshrink", {x(), a["lambd"]}, {});
  if (cls.rfind("MaxUnpool", 0) == 0) {  // forward(input, indices, output_size=None): F.max_unpoolNd(..., output_size)
    V ind = arg(1, "indices"), os = arg(2, "output_size");
    if (!ind) I.error(loc, fmt::format("nn.{}.forward(input, indices, output_size=None): indices missing", cls));
    const std::string f = "max_unpool" + cls.substr(9);
    return fn("torch.nn.functional." + f, f, {x(), ind, a["kernel_size"], a["stride"], a["padding"], os ? os : none()}, {});
  }
  if (cls == "Softshrink") return fn("torch._C._nn.softshrink", "softshrink", {x(), a["lambd"]}, {});
  if (cls == "Softmin") return fn(F("softmin"), "softmin", {x(), a["dim"]}, {{"_stacklevel", mk_int(5)}});
  if (cls == "Softmax2d") {
    size_t d = x()->t->shape.size();
    if (d != 3 && d != 4) I.raise_exc("ValueError", fmt::format("Softmax2d: expected input to be 3D or 4D, got {}D instead", d), loc);
    return fn(F("softmax"), "softmax", {x(), mk_int(-3)}, {{"_stacklevel", mk_int(5)}});
  }
  if (cls == "Unflatten") return method(x(), "unflatten", {a["dim"], a["unflattened_size"]});
  if (cls == "UpsamplingNearest2d" || cls == "UpsamplingBilinear2d")
    return fn(F("interpolate"), "interpolate", {x(), a["size"], a["scale_factor"], a["mode"], a["align_corners"]},
              {{"recompute_scale_factor", a["recompute_scale_factor"]}});
  if (cls == "LocalResponseNorm") return fn(F("local_response_norm"), "local_response_norm", {x(), a["size"], a["alpha"], a["beta"], a["k"]}, {});
  if (cls == "CosineSimilarity") {
    auto xs = tensors(2);
    return fn("torch.cosine_similarity", "cosine_similarity", {xs[0], xs[1], a["dim"], a["eps"]}, {});
  }
  if (cls == "PairwiseDistance") {
    auto xs = tensors(2);
    return fn("torch.pairwise_distance", "pairwise_distance", {xs[0], xs[1], a["norm"], a["eps"], a["keepdim"]}, {});
  }
  if (cls == "Fold") return fn(F("fold"), "fold", {x(), a["output_size"], a["kernel_size"], a["dilation"], a["padding"], a["stride"]}, {});
  if (cls == "Bilinear") {
    auto xs = tensors(2);
    return fn("torch.bilinear", "bilinear", {xs[0], xs[1], attr("weight"), attr("bias")}, {});
  }
  if (cls == "EmbeddingBag") {
    V off = arg(1, "offsets"), psw = arg(2, "per_sample_weights");
    return fn(F("embedding_bag"), "embedding_bag",
              {x(), attr("weight"), off ? off : none(), a["max_norm"], a["norm_type"], a["scale_grad_by_freq"], a["mode"], a["sparse"],
               psw ? psw : none(), a["include_last_offset"], a["padding_idx"]}, {});
  }
  if (cls == "LSTMCell" || cls == "GRUCell" || cls == "RNNCell") {
    // RNNCellBase forwards: a 1-D input is unbatched (unsqueezed, the result squeezed back); no hx: zeros
    V in = x();
    V hx = arg(1, "hx");
    // the forward reads input.dim(), then each hx tensor's dim(): Dynamo wraps them (graph inputs) in that order
    method(in, "dim", {});
    if (hx && hx->k == VK::Tensor) method(hx, "dim", {});
    if (hx && hx->k == VK::Tuple) for (auto& h : hx->items) if (h->k == VK::Tensor) method(h, "dim", {});
    size_t d = in->t->shape.size();
    if (d != 1 && d != 2) I.raise_exc("ValueError", fmt::format("{}: Expected input to be 1D or 2D, got {}D instead", cls, d), loc);
    const bool batched = d == 2;
    if (!batched) in = named(method(in, "unsqueeze", {mk_int(0)}), "input");
    const bool lstm = cls == "LSTMCell";
    if (!hx || hx->k == VK::None) {
      std::vector<V> za{method(in, "size", {mk_int(0)}), a["hidden_size"]};
      KW zk{{"dtype", I.getattr(in, "dtype", loc)}, {"device", I.getattr(in, "device", loc)}};
      V zeros = named(I.torch_fn("torch.zeros", za, zk, loc), lstm ? "zeros" : "hx");
      hx = lstm ? mk_tuple({zeros, zeros}) : zeros;
    } else if (!batched) {
      if (lstm) {
        std::vector<V> hs = I.iterate(hx, loc);
        if (hs.size() != 2) I.error(loc, "LSTMCell: hx must be a tuple (h_0, c_0)");
        hx = mk_tuple({method(hs[0], "unsqueeze", {mk_int(0)}), method(hs[1], "unsqueeze", {mk_int(0)})});
      } else {
        hx = named(method(hx, "unsqueeze", {mk_int(0)}), "hx");
      }
    }
    std::string op = lstm ? "lstm_cell" : cls == "GRUCell" ? "gru_cell" : "rnn_tanh_cell";
    if (cls == "RNNCell" && a["nonlinearity"]->k == VK::Str && a["nonlinearity"]->s == "relu") op = "rnn_relu_cell";
    std::vector<V> ca{in, hx, attr("weight_ih"), attr("weight_hh"), attr("bias_ih"), attr("bias_hh")};
    KW none_kw;
    V ret = named(I.torch_fn("torch." + op, ca, none_kw, loc), "ret");
    if (batched) return ret;
    if (!lstm) return named(method(ret, "squeeze", {mk_int(0)}), "ret");
    std::vector<V> parts = I.iterate(ret, loc);
    return mk_tuple({method(parts[0], "squeeze", {mk_int(0)}), method(parts[1], "squeeze", {mk_int(0)})});
  }
  // losses: the functional each forward calls, its options by keyword
  KW red{{"reduction", a["reduction"]}};
  if (cls == "MarginRankingLoss" || cls == "CosineEmbeddingLoss") {
    auto xs = tensors(3);
    std::string f = cls == "MarginRankingLoss" ? "margin_ranking_loss" : "cosine_embedding_loss";
    return fn(F(f), f, xs, {{"margin", a["margin"]}, {"reduction", a["reduction"]}});
  }
  if (cls == "HingeEmbeddingLoss") return fn(F("hinge_embedding_loss"), "hinge_embedding_loss", tensors(2), {{"margin", a["margin"]}, {"reduction", a["reduction"]}});
  if (cls == "TripletMarginLoss")
    return fn(F("triplet_margin_loss"), "triplet_margin_loss", tensors(3),
              {{"margin", a["margin"]}, {"p", a["p"]}, {"eps", a["eps"]}, {"swap", a["swap"]}, {"reduction", a["reduction"]}});
  if (cls == "SoftMarginLoss") return fn(F("soft_margin_loss"), "soft_margin_loss", tensors(2), red);
  if (cls == "MultiLabelSoftMarginLoss")
    return fn(F("multilabel_soft_margin_loss"), "multilabel_soft_margin_loss", tensors(2), {{"weight", attr("weight")}, {"reduction", a["reduction"]}});
  if (cls == "PoissonNLLLoss")
    return fn(F("poisson_nll_loss"), "poisson_nll_loss", tensors(2),
              {{"log_input", a["log_input"]}, {"full", a["full"]}, {"eps", a["eps"]}, {"reduction", a["reduction"]}});
  if (cls == "GaussianNLLLoss")
    return fn(F("gaussian_nll_loss"), "gaussian_nll_loss", tensors(3), {{"full", a["full"]}, {"eps", a["eps"]}, {"reduction", a["reduction"]}});
  return nullptr;
}

}  // namespace tparse::compiler
