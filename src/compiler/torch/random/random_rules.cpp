// Where a run draws from torch's CPU generator (random_rules.hpp), op by op as torch 2.11's CPU kernels draw
// (aten/src/ATen/native/cpu/DistributionTemplates.h; counts checked on the device: testdata/rng/rng_truth.json).
#include "torch/random/random_rules.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <set>
#include <tuple>

#include "runtime/interp.hpp"
#include "torch/values/values.hpp"

namespace tparse::compiler::rng {

namespace {

/// a frame's graph runs its random ops under the backend's own rules (functionalized RNG, philox seeds): not counted
bool in_frame(const Interp& I) { return !I.stack_.empty() && I.stack_.back()->ctx && I.stack_.back()->ctx->mode != Mode::Eager; }

bool static_count(const TensorInfo& t, long long& n, bool hints = false) {
  n = 1;
  for (const Dim& d : t.shape) {
    if ((d.is_sym() && !hints) || d.v < 0) return false;
    n *= d.v;
  }
  return true;
}

bool on_cpu(const TensorInfo& t) { return t.device.empty() || t.device.rfind("cpu", 0) == 0; }

double num(const V& v, double dflt) {
  if (!v || v->k == VK::None) return dflt;
  if (v->k == VK::Float) return v->f;
  if (v->k == VK::Int) return static_cast<double>(v->i);
  if (v->k == VK::Bool) return v->b ? 1 : 0;
  return dflt;
}
bool is_num(const V& v) { return v && (v->k == VK::Float || v->k == VK::Int || v->k == VK::Bool) && v->sym.empty(); }

/// the draws of a uniform_ / normal_ fill of `n` elements of `dtype`; false for a dtype whose kernel is not modelled
bool fill(CpuGenerator& g, const std::string& dtype, long long n, bool normal, double a, double b, std::vector<double>* out) {
  if (!out || n > values::kMaxElems) {  // the draws only: no values kept for a big tensor or an initialiser
    if (dtype != "float32" && dtype != "float64") return false;
    g.skip_fill(n, normal, dtype == "float64");
    return true;
  }
  std::vector<double> v;
  if (dtype == "float32") {
    if (normal) v = g.normal_float32(n, a, b);
    else for (long long i = 0; i < n; ++i) v.push_back(static_cast<double>(g.uniform_float(static_cast<float>(a), static_cast<float>(b))));
  } else if (dtype == "float64") {
    if (normal) v = g.normal_float64(n, a, b);
    else for (long long i = 0; i < n; ++i) v.push_back(g.uniform_double(a, b));
  } else {
    return false;
  }
  if (out) *out = std::move(v);
  return true;
}

// a bigger tensor's draws are not replayed, nor more than kMaxTotal since the seed (a full-size model's layers built
// after a seed: counting them would cost a second per model): the generator becomes unknown. (One tensor may take
// most of that: resnet18's 512x512x3x3 kernels, 2.4M normal draws each, keep DBNet's generator and so its random
// shrink maps, whose counts recompile the loss's resume functions in real torch 2.11.)
constexpr long long kMaxDraws = 1LL << 25;
constexpr uint64_t kMaxTotal = uint64_t{1} << 26;

/// false (and the generator unknown) when `count` more draws pass the limits
bool affordable(Interp& I, long long count) {
  if (count <= kMaxDraws && I.torch_rng_.drawn() + static_cast<uint64_t>(count) <= kMaxTotal) return true;
  if (std::getenv("TPARSE_DEBUG_RNG")) fprintf(stderr, "rng: past the limits (%lld more, %llu drawn)\n", count, static_cast<unsigned long long>(I.torch_rng_.drawn()));
  I.torch_rng_known_ = false;
  return false;
}

}  // namespace

void lose(Interp& I) { I.torch_rng_known_ = false; }

bool after_op(OpCall& c, const V& res) {
  Interp& I = c.I;
  const std::string& n = c.name;
  if (n == "manual_seed") {
    V s = !c.args.empty() ? c.args[0] : c.kw("seed");
    if (s && s->k == VK::Int && s->sym.empty() && !in_frame(I)) {
      I.torch_rng_.seed(static_cast<uint64_t>(s->i));
      I.torch_rng_known_ = true;
    } else {
      lose(I);
    }
    return false;
  }
  static const std::set<std::string> random = {
      "rand", "rand_like", "randn", "randn_like", "randint", "randint_like", "randperm", "normal", "normal_", "uniform_",
      "bernoulli", "bernoulli_", "multinomial", "poisson", "exponential_", "geometric_", "cauchy_", "log_normal_", "random_",
      "dropout", "dropout_", "dropout1d", "dropout2d", "dropout3d", "alpha_dropout", "feature_alpha_dropout", "feature_dropout",
      "native_dropout", "rrelu", "rrelu_", "fractional_max_pool2d", "fractional_max_pool3d", "gumbel_softmax", "rrelu_with_noise"};
  if (!random.count(n)) return false;
  // multinomial's draws are not modelled, but its indices lie in [0, categories): a comparison with a number outside
  // decides (baby-llama2's `if idx_next == eos: break` with an eos no sample can be)
  if (n == "multinomial" && res && res->k == VK::Tensor && c.self && c.self->k == VK::Tensor && !c.self->t->shape.empty() &&
      !in_frame(I) && c.self->t->shape.back().v > 0)
    values::attach_range(I, res, 0, static_cast<double>(c.self->t->shape.back().v - 1));
  const bool dropout_family = n.find("dropout") != std::string::npos;
  if (dropout_family) {  // F.dropout(input, p=0.5, training=True, inplace=False): no draw in eval or at p 0
    V training = c.arg(1, "training");
    if ((training && training->k == VK::Bool && !training->b) || (is_num(c.arg(0, "p")) && num(c.arg(0, "p"), 0.5) == 0)) {
      // the input itself (eval mode): its values
      const std::vector<double>* xv = c.self && c.self->k == VK::Tensor ? values::of(I, c.self) : nullptr;
      if (!xv || !res || res->k != VK::Tensor || res == c.self) return false;
      values::attach(I, res, *xv);
      return true;
    }
  }
  if (n == "rrelu" || n == "rrelu_") {  // F.rrelu(input, lower, upper, training=False): draws only in training
    V training = c.arg(2, "training");
    if (!(training && training->k == VK::Bool && training->b)) return false;
  }
  if (V gen = c.kw("generator"); gen && gen->k != VK::None) return false;  // its own generator: the default one is not drawn
  const bool inplace = n.back() == '_';
  const V& target = inplace ? c.self : res;
  if (!target || target->k != VK::Tensor || !on_cpu(*target->t)) return false;  // (CUDA tensors draw from CUDA's generator)
  // in a frame: a graph of backend "eager" / "aot_eager" runs the same ATen ops when called, so the generator advances
  // by the same draws and the traced tensor holds them (values after a break read them: ibc's `rand(B, N).argsort(1)`
  // then nonzero() eagerly, real torch 2.11); a dynamic size draws its hint's count, this call's. Other backends draw
  // their own way (inductor's philox seeds)
  const bool traced = in_frame(I);
  if (traced && I.stack_.back()->ctx->mode == Mode::Record) {  // (undone if the trace is discarded: undo_traced_draws)
    FrameCtx& ctx = *I.stack_.back()->ctx;
    ctx.rng_draws.push_back({ctx.graph.nodes.empty() ? 0 : ctx.graph.nodes.size() - 1, I.torch_rng_, I.torch_rng_known_});
  }
  if (traced) {
    const std::string be = I.stack_.back()->ctx->backend;
    if (be != "eager" && be != "aot_eager") {
      lose(I);
      return false;
    }
  }
  if (!I.torch_rng_known_) return false;
  CpuGenerator& g = I.torch_rng_;
  const TensorInfo& t = *target->t;
  long long count = 0;
  if (!static_count(t, count, traced) || !affordable(I, 2 * count) || !is_contiguous_layout(t)) {
    lose(I);
    return false;
  }
  static const std::set<std::string> fills = {"rand", "rand_like", "randn", "randn_like", "uniform_", "normal_", "normal"};
  if (count > values::kMaxElems && !fills.count(n)) {  // (only a fill's draws are counted without computing its values)
    lose(I);
    return false;
  }
  std::vector<double> out;
  bool drawn = false;
  if (n == "rand" || n == "rand_like" || n == "randn" || n == "randn_like") {
    drawn = fill(g, t.dtype, count, n.rfind("randn", 0) == 0, 0, 1, &out);  // U[0, 1) / N(0, 1)
  } else if (n == "uniform_" || n == "normal_") {  // x.uniform_(from=0, to=1) / x.normal_(mean=0, std=1)
    const bool normal = n == "normal_";
    drawn = fill(g, t.dtype, count, normal, num(c.arg(0, normal ? "mean" : "from"), 0), num(c.arg(1, normal ? "std" : "to"), 1), &out);
  } else if (n == "normal" && is_num(c.arg(0, "mean")) && is_num(c.arg(1, "std"))) {  // torch.normal(mean, std, size)
    drawn = fill(g, t.dtype, count, true, num(c.arg(0, "mean"), 0), num(c.arg(1, "std"), 1), &out);
  } else if (n == "randint" || n == "randint_like") {
    // randint(high, size) / randint(low, high, size); randint_like(x, high) / (x, low, high)
    V a0 = n == "randint" ? (c.args.empty() ? c.kw("low") : c.args[0]) : c.arg(0, "low");
    V a1 = n == "randint" ? (c.args.size() > 1 ? c.args[1] : c.kw("high")) : c.arg(1, "high");
    const bool two = is_num(a1) && a1->k == VK::Int;
    const long long lo = two ? static_cast<long long>(num(a0, 0)) : 0, hi = two ? a1->i : static_cast<long long>(num(a0, 0));
    if (is_num(a0) && hi > lo) {
      const bool wide = t.dtype == "int64" || t.dtype == "float64" || t.dtype == "float32" || t.dtype == "bfloat16";
      for (long long i = 0; i < count; ++i) out.push_back(static_cast<double>(g.uniform_int(static_cast<uint64_t>(hi - lo), lo, wide)));
      drawn = true;
    }
  } else if (n == "randperm") {
    if (count < (1LL << 24)) {
      out = g.randperm(count);
      drawn = true;
    }
  } else if (n == "bernoulli" && !c.rest.empty() && is_num(c.rest[0])) {  // torch.bernoulli(input, p): p a number
    for (long long i = 0; i < count; ++i) out.push_back(g.uniform_double() < num(c.rest[0], 0.5) ? 1 : 0);
    drawn = true;
  } else if (n == "bernoulli" || (n == "bernoulli_" && c.rest.size() == 1 && c.rest[0]->k == VK::Tensor)) {
    // bernoulli(p_tensor) / x.bernoulli_(p_tensor): one draw per element (bernoulli_distribution<float>) for a
    // float32 p, two (<double>) for a float64 one; the values where p is known
    const V& p = n == "bernoulli" ? c.self : c.rest[0];
    const std::vector<double>* pv = p && p->k == VK::Tensor ? values::of(I, p) : nullptr;
    long long pn = 0;
    if (p && p->k == VK::Tensor && static_count(*p->t, pn) && pn == count && (p->t->dtype == "float32" || p->t->dtype == "float64")) {
      const bool dbl = p->t->dtype == "float64";
      for (long long i = 0; i < count; ++i) {
        const double u = dbl ? g.uniform_double() : static_cast<double>(g.uniform_float());
        out.push_back(pv ? (u < (*pv)[static_cast<size_t>(i)] ? 1 : 0) : 0);
      }
      drawn = true;
      if (!pv) out.clear();
    }
  } else if (n == "bernoulli_") {  // x.bernoulli_(p=0.5): two draws per element (bernoulli_distribution<double>)
    const double p = num(c.arg(0, "p"), 0.5);
    for (long long i = 0; i < count; ++i) out.push_back(g.uniform_double() < p ? 1 : 0);
    drawn = true;
  } else if (n == "dropout" || n == "dropout_") {
    // F.dropout in training: noise = empty_like(x).bernoulli_(1 - p) (two draws an element), noise.div_(1 - p),
    // x * noise, all in x's float32
    const double p = num(c.arg(0, "p"), 0.5);
    const std::vector<double>* xv = c.self && c.self->k == VK::Tensor ? values::of(I, c.self) : nullptr;
    if (p > 0 && p < 1 && t.dtype == "float32") {
      const float scale = 1.0f / static_cast<float>(1 - p);
      for (long long i = 0; i < count; ++i) {
        const float keep = g.uniform_double() < 1 - p ? scale : 0.0f;
        if (xv) out.push_back(static_cast<double>(static_cast<float>((*xv)[static_cast<size_t>(i)]) * keep));
      }
      drawn = true;
    }
  }
  if (!drawn) {
    lose(I);
    return false;
  }
  if (out.empty() || count > values::kMaxElems || static_cast<long long>(out.size()) != count) return false;
  values::attach(I, target, std::move(out));
  return true;
}

namespace {

/// torch/nn/init.py's _calculate_fan_in_and_fan_out: (size(1), size(0)) times the receptive field; false below 2 dims
bool fans(const TensorInfo& t, double& fan_in, double& fan_out) {
  if (t.shape.size() < 2) return false;
  double rf = 1;
  for (size_t i = 2; i < t.shape.size(); ++i) {
    if (t.shape[i].is_sym()) return false;
    rf *= static_cast<double>(t.shape[i].v);
  }
  if (t.shape[0].is_sym() || t.shape[1].is_sym()) return false;
  fan_in = static_cast<double>(t.shape[1].v) * rf;
  fan_out = static_cast<double>(t.shape[0].v) * rf;
  return true;
}

/// calculate_gain(nonlinearity, param) as init.py computes it (leaky_relu's slope 0.01 by default)
bool gain_of(const std::string& nl, const V& param, double& g) {
  if (nl == "linear" || nl == "sigmoid" || nl.rfind("conv", 0) == 0) g = 1;
  else if (nl == "tanh") g = 5.0 / 3;
  else if (nl == "relu") g = std::sqrt(2.0);
  else if (nl == "selu") g = 3.0 / 4;
  else if (nl == "leaky_relu") g = std::sqrt(2.0 / (1 + std::pow(param && param->k != VK::None && param->k != VK::Bool ? num(param, 0.01) : 0.01, 2.0)));
  else return false;
  return true;
}

// The draw an initialiser makes, from torch/nn/init.py: uniform (lo, hi) or normal (mean, std); false when its
// bounds are not known here (a symbolic size, an argument not a number) or it is not one of the plain ones
bool init_draw(const std::string& fn, const std::vector<V>& args, const std::vector<std::pair<std::string, V>>& kwargs, bool& normal,
               double& a, double& b) {
  if (args.empty() || args[0]->k != VK::Tensor) return false;
  auto arg = [&](size_t i, const char* k) -> V {
    if (i < args.size()) return args[i];
    for (const auto& [n, v] : kwargs) if (n == k) return v;
    return nullptr;
  };
  auto number = [&](const V& v, double dflt, double& out) {
    if (v && !is_num(v) && v->k != VK::None) return false;
    out = num(v, dflt);
    return true;
  };
  const TensorInfo& t = *args[0]->t;
  normal = fn == "normal_" || fn == "xavier_normal_" || fn == "kaiming_normal_";
  if (fn == "uniform_") return number(arg(1, "a"), 0, a) && number(arg(2, "b"), 1, b);
  if (fn == "normal_") return number(arg(1, "mean"), 0, a) && number(arg(2, "std"), 1, b);
  double fan_in = 0, fan_out = 0, g = 1;
  if (!fans(t, fan_in, fan_out)) return false;
  if (fn == "xavier_uniform_" || fn == "xavier_normal_") {
    if (!number(arg(1, "gain"), 1, g)) return false;
    const double std = g * std::sqrt(2.0 / (fan_in + fan_out));
    if (normal) a = 0, b = std;
    else a = -std::sqrt(3.0) * std, b = std::sqrt(3.0) * std;
    return true;
  }
  if (fn == "kaiming_uniform_" || fn == "kaiming_normal_") {
    V mode = arg(2, "mode"), nl = arg(3, "nonlinearity");
    const std::string m = mode && mode->k == VK::Str ? mode->s : "fan_in";
    if ((mode && mode->k != VK::Str) || (nl && nl->k != VK::Str) || !gain_of(nl ? nl->s : "leaky_relu", arg(1, "a") ? arg(1, "a") : mk_int(0), g)) return false;  // (a=0 by default)
    const double fan = m == "fan_out" ? fan_out : fan_in;
    if (fan <= 0) return false;
    const double std = g / std::sqrt(fan);
    if (normal) a = 0, b = std;
    else a = -std::sqrt(3.0) * std, b = std::sqrt(3.0) * std;
    return true;
  }
  return false;
}

/// draws a fill of `t` from the generator, its values attached when it is small and the bounds are known (`known`)
void draw_into(Interp& I, const V& t, bool normal, double a, double b, bool known) {
  long long count = 0;
  if (!static_count(*t->t, count) || !affordable(I, 2 * count) || !on_cpu(*t->t) || in_frame(I)) return lose(I);
  std::vector<double> out;
  const bool keep = known && count <= values::kMaxElems;
  if (!fill(I.torch_rng_, t->t->dtype, count, normal, a, b, keep ? &out : nullptr)) return lose(I);
  if (keep && static_cast<long long>(out.size()) == count) values::attach(I, t, std::move(out));
}

}  // namespace

void init_call(Interp& I, const std::string& fn, const std::vector<V>& args, const std::vector<std::pair<std::string, V>>& kwargs) {
  static const std::set<std::string> none = {"constant_", "ones_", "zeros_", "eye_", "dirac_", "calculate_gain"};
  if (none.count(fn)) return;
  static const std::set<std::string> uniform = {"uniform_", "kaiming_uniform_", "xavier_uniform_", "trunc_normal_"};
  static const std::set<std::string> normal = {"normal_", "kaiming_normal_", "xavier_normal_", "orthogonal_"};
  const V t = args.empty() ? nullptr : args[0];
  if (!I.torch_rng_known_) return;
  if (!t || t->k != VK::Tensor || (!uniform.count(fn) && !normal.count(fn))) return lose(I);
  bool nrm = false;
  double a = 0, b = 1;
  // (trunc_normal_ and orthogonal_ transform their draws: the draws are counted, their values not kept)
  const bool known = init_draw(fn, args, kwargs, nrm, a, b);
  draw_into(I, t, normal.count(fn) > 0, a, b, known);
}

namespace {

/// the parameter `name` of a layer, null when absent or None
V param_of(const V& inst, const std::string& name) {
  auto it = inst->attrs.find(name);
  return it != inst->attrs.end() && it->second && it->second->k == VK::Tensor ? it->second : nullptr;
}

/// the RNN parameters in registration order (RNNBase._flat_weights_names: per layer and direction weight_ih, weight_hh,
/// bias_ih, bias_hh, weight_hr; a cell's weight_ih, weight_hh, bias_ih, bias_hh)
std::vector<V> rnn_params_in_order(const V& inst) {
  std::vector<std::pair<std::tuple<long long, int, int>, V>> keyed;
  static const char* const kinds[] = {"weight_ih", "weight_hh", "bias_ih", "bias_hh", "weight_hr"};
  for (const auto& [name, v] : inst->attrs) {
    if (!v || v->k != VK::Tensor || !v->t->is_param) continue;
    int kind = -1;
    for (int k = 0; k < 5; ++k) if (name.rfind(kinds[k], 0) == 0) kind = k;
    if (kind < 0) continue;
    std::string rest = name.substr(std::string(kinds[kind]).size());  // "" (a cell), "_l1", "_l0_reverse"
    const bool reverse = rest.size() > 8 && rest.compare(rest.size() - 8, 8, "_reverse") == 0;
    if (reverse) rest.resize(rest.size() - 8);
    const long long layer = rest.rfind("_l", 0) == 0 ? std::atoll(rest.c_str() + 2) : 0;
    keyed.push_back({{layer, reverse ? 1 : 0, kind}, v});
  }
  std::sort(keyed.begin(), keyed.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  std::vector<V> out;
  for (auto& [k, v] : keyed) out.push_back(v);
  return out;
}

/// a built-in layer's reset_parameters, draw by draw in its order, each fill's values kept (torch/nn/modules: Linear
/// and _ConvNd's kaiming_uniform_(weight, a=sqrt(5)) then a bias of bound 1/sqrt(fan_in); Bilinear's 1/sqrt(in1);
/// RNNBase's and RNNCellBase's 1/sqrt(hidden_size) for every parameter; Embedding's normal_ with its padding row 0)
void layer_draws(Interp& I, const std::string& cls, const V& inst) {
  if (cls == "Embedding") {
    V w = param_of(inst, "weight");
    if (!w) return lose(I);
    long long count = 0;
    if (!static_count(*w->t, count) || !affordable(I, 2 * count) || !on_cpu(*w->t)) return lose(I);
    std::vector<double> out;
    const bool keep = count <= values::kMaxElems;
    if (!fill(I.torch_rng_, w->t->dtype, count, true, 0, 1, keep ? &out : nullptr)) return lose(I);
    if (!keep || static_cast<long long>(out.size()) != count) return;
    auto pad = inst->attrs.find("padding_idx");
    if (pad != inst->attrs.end() && pad->second && pad->second->k == VK::Int && w->t->shape.size() == 2) {
      const long long dim = w->t->shape[1].v, row = pad->second->i;
      if (row >= 0 && row < w->t->shape[0].v)
        for (long long j = 0; j < dim; ++j) out[static_cast<size_t>(row * dim + j)] = 0;
    }
    values::attach(I, w, std::move(out));
    return;
  }
  if (cls.find("RNN") != std::string::npos || cls.find("LSTM") != std::string::npos || cls.find("GRU") != std::string::npos) {
    auto h = inst->attrs.find("hidden_size");
    const bool known = h != inst->attrs.end() && h->second && h->second->k == VK::Int && h->second->sym.empty() && h->second->i > 0;
    const double stdv = known ? 1.0 / std::sqrt(static_cast<double>(h->second->i)) : 0;
    for (const V& p : rnn_params_in_order(inst)) draw_into(I, p, false, -stdv, stdv, known);
    return;
  }
  V w = param_of(inst, "weight"), bias = param_of(inst, "bias");
  if (!w) return lose(I);
  double fan_in = 0, fan_out = 0;
  const bool fan_known = fans(*w->t, fan_in, fan_out);
  if (cls == "Bilinear") {
    const double bound = fan_known ? 1.0 / std::sqrt(static_cast<double>(w->t->shape[1].v)) : 0;
    draw_into(I, w, false, -bound, bound, fan_known);
    if (bias) draw_into(I, bias, false, -bound, bound, fan_known);
    return;
  }
  bool normal = false;
  double a = 0, b = 1;
  const bool known = init_draw("kaiming_uniform_", {w, mk_float(std::sqrt(5.0))}, {}, normal, a, b);
  draw_into(I, w, false, a, b, known);
  if (!bias) return;
  const double bound = fan_known && fan_in > 0 ? 1.0 / std::sqrt(fan_in) : 0;
  draw_into(I, bias, false, -bound, bound, fan_known);
}

}  // namespace

void module_built(Interp& I, const std::string& cls, const V& inst, bool own_reset) {
  if (!I.torch_rng_known_ || !inst) return;
  if (in_frame(I)) {
    lose(I);
    return;
  }
  // the layers whose reset_parameters draws a uniform_ per parameter (kaiming_uniform_ weight, uniform_ bias; every
  // RNN weight and bias), Embedding's normal_ weight; the norms, containers and parameter-free layers draw nothing
  static const std::set<std::string> uniform = {"Linear", "Bilinear", "Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d",
                                                "ConvTranspose2d", "ConvTranspose3d", "LSTM", "GRU", "RNN", "LSTMCell",
                                                "GRUCell", "RNNCell"};
  static const std::set<std::string> drawless = {"LayerNorm", "RMSNorm", "GroupNorm", "BatchNorm1d", "BatchNorm2d", "BatchNorm3d",
                                                 "SyncBatchNorm", "InstanceNorm1d", "InstanceNorm2d", "InstanceNorm3d", "PReLU",
                                                 "LocalResponseNorm", "CrossMapLRN2d"};
  std::vector<V> params;
  for (const auto& [name, v] : inst->attrs)
    if (v && v->k == VK::Tensor && v->t->is_param) params.push_back(v);
  if (cls == "MultiheadAttention") {  // _reset_parameters: xavier_uniform_(in_proj_weight), or of q / k / v_proj_weight
    // when kdim / vdim differ; out_proj drew as a Linear
    auto w = inst->attrs.find("in_proj_weight");
    if (w != inst->attrs.end() && w->second && w->second->k == VK::Tensor) {
      init_call(I, "xavier_uniform_", {w->second});
      return;
    }
    for (const char* n : {"q_proj_weight", "k_proj_weight", "v_proj_weight"}) {
      auto p = inst->attrs.find(n);
      if (p == inst->attrs.end() || !p->second || p->second->k != VK::Tensor) return lose(I);
      init_call(I, "xavier_uniform_", {p->second});
    }
    return;
  }
  if (own_reset && (uniform.count(cls) || cls == "Embedding")) return;  // the override's own calls draw
  if (uniform.count(cls) || cls == "Embedding") return layer_draws(I, cls, inst);
  if (drawless.count(cls) || params.empty()) return;
  lose(I);
}

}  // namespace tparse::compiler::rng
