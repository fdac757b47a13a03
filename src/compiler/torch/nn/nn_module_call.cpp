// Built-in torch.nn modules around their forward: one call_module node under torch < 2.5, the RNN repr, lazy
// modules materialized at their first call, and the float attributes a forward reads (unspecialized under dynamic=True).
#include <fmt/format.h>

#include <cmath>

#include <set>

#include "torch/keep_alive.hpp"
#include "dynamo/messages.hpp"
#include "runtime/interp.hpp"
#include "torch/nn/module_guards.hpp"
#include "torch/random/random_rules.hpp"
#include "torch/nn/nn_more.hpp"
#include "torch/ops/rules.hpp"

namespace tparse::compiler {

using KW = std::vector<std::pair<std::string, V>>;

// torch < 2.5: the module call is one `call_module` node. The output's shape comes from the same
// rules run without recording (the frame is switched to eager for the call, then back).
V Interp::nn_call_module(V mod, std::vector<V>& args, KW& kwargs, Location loc) {
  Activation& act = *stack_.back();
  FrameCtx& ctx = *act.ctx;
  std::vector<int> in_nodes;
  for (auto& a : args) if (a->k == VK::Tensor) in_nodes.push_back(node_of(a));
  auto src = ctx.sources.find(mod.get());
  std::string path = src != ctx.sources.end() ? src->second : mod->builtin_nn;
  ctx.mode = Mode::Eager;
  V r;
  try { r = nn_forward(mod, args, kwargs, loc); } catch (...) { ctx.mode = Mode::Record; throw; }
  ctx.mode = Mode::Record;
  if (r->k != VK::Tensor) return r;
  // L['self']._modules['dense'] -> target `L__self___dense` (Dynamo 2.3's module key), name lower-cased
  std::string key = "L__self__";
  size_t p = 0;
  while ((p = path.find("['", p)) != std::string::npos) {
    size_t q = path.find("']", p);
    key += '_';  // (appended in two steps: GCC 12's -Wrestrict misreads `"_" + std::string&&`)
    key += path.substr(p + 2, q - p - 2);
    p = q;
  }
  Node n;
  n.op = "call_module";
  n.target = key;
  for (auto& a : args) n.args.push_back(to_arg(a));
  n.name = ctx.graph.unique_name("l" + key.substr(1));
  n.meta = *r->t;
  n.has_meta = true;
  stamp_node(n, loc);
  ctx.graph.nodes.push_back(n);
  ctx.graph.tensor_node[r.get()] = static_cast<int>(ctx.graph.nodes.size()) - 1;
  keep_graph_value(r);
  (void)in_nodes;
  return r;
}

std::string Interp::rnn_repr(const V& m) {
  // RNNBase.extra_repr: sizes, then the options that differ from their defaults
  auto& a = m->attrs;
  std::string s = fmt::format("{}({}, {}", m->builtin_nn, a["input_size"]->i, a["hidden_size"]->i);
  if (a["num_layers"]->i != 1) s += fmt::format(", num_layers={}", a["num_layers"]->i);
  if (a["bias"]->k == VK::Bool && !a["bias"]->b) s += ", bias=False";
  // (`if self.batch_first is not False`: any other value is printed as given, `bidirectional=1`)
  auto given = [&](const char* n) { return !(a[n]->k == VK::Bool && !a[n]->b); };
  if (given("batch_first")) s += ", batch_first=" + py_repr(a["batch_first"]);
  if ((a["dropout"]->k == VK::Float && a["dropout"]->f != 0) || (a["dropout"]->k == VK::Int && a["dropout"]->i != 0)) s += ", dropout=" + py_repr(a["dropout"]);
  if (given("bidirectional")) s += ", bidirectional=" + py_repr(a["bidirectional"]);
  return s + ")";
}

bool nn_lazy_class(const std::string& cls) {
  static const std::set<std::string> s = {"LazyLinear", "LazyConv1d", "LazyConv2d", "LazyConv3d", "LazyConvTranspose1d",
                                          "LazyConvTranspose2d", "LazyConvTranspose3d", "LazyBatchNorm1d", "LazyBatchNorm2d",
                                          "LazyBatchNorm3d", "LazyInstanceNorm1d", "LazyInstanceNorm2d", "LazyInstanceNorm3d"};
  return s.count(cls) > 0;
}

// LazyModuleMixin's forward pre-hook (_infer_parameters): the input's feature size completes the stored arguments
// (Linear: the last dim; the conv and norm layers: dim 1 of a batched input, dim 0 of an unbatched one), the
// parameters and buffers are built, and the module becomes its cls_to_become. Under Dynamo the same runs eagerly
// while tracing (initialize_lazy_module): no graph node; a module compiled before this point recompiles on its type.
void Interp::nn_materialize_lazy(const V& mod, const std::vector<V>& args, Location loc) {
  const std::string real = mod->builtin_nn.substr(4);
  if (args.empty() || args[0]->k != VK::Tensor) error(loc, fmt::format("nn.{} expects a tensor input", mod->builtin_nn));
  if (tracing()) node_of(args[0]);  // _infer_parameters reads the input first: its placeholder precedes the new parameters
  const std::vector<Dim>& sh = args[0]->t->shape;
  const size_t nd = real == "Linear" ? 0 : static_cast<size_t>(real[real.size() - 2] - '0');  // Conv2d -> 2
  if (sh.empty()) error(loc, fmt::format("nn.{}: a 0-dim input", mod->builtin_nn));
  long long in = real == "Linear" ? sh.back().v
                 : real.rfind("BatchNorm", 0) == 0 ? (sh.size() >= 2 ? sh[1].v : sh[0].v)
                 : (sh.size() == nd + 2 ? sh[1].v : sh[0].v);
  std::vector<V> a{mk_int(in)};
  for (auto& v : mod->attrs[kLazyArgs]->items) a.push_back(v);
  KW kw;
  for (auto& [k, v] : mod->attrs[kLazyKwargs]->dict) kw.push_back({py_str(k), v});
  V training = mod->attrs["training"];
  mod->attrs.erase(kLazyArgs);
  mod->attrs.erase(kLazyKwargs);
  mod->builtin_nn = real;
  nn_construct(real, a, kw, loc, mod);
  rng::lose(*this);  // (a lazy layer's reset_parameters runs at its first call: its draws are not counted)
  if (training) mod->attrs["training"] = training;
}

// a float the module's Python forward reads (`self.p`, `self.momentum`, `self.eps`): under dynamic=True an
// unspecialized input and its item(), which torch's checks on it then specialize to the value (program
// dynamic_true_floats: `item_1: "Sym(0.100000000000000)"`); otherwise the number
// (`checked`: torch's code checks the value, which specializes the symbol; F.embedding never reads norm_type
// without a max_norm, so it stays `Sym(zf4)`)
V Interp::nn_float_attr(const V& mod, const std::string& n, Location loc, bool checked, const char* at_rel, int at_line, const char* at_code) {
  V v = mod->attrs.count(n) ? mod->attrs[n] : none();
  Activation& a = *stack_.back();
  if (v->k != VK::Float || !std::isfinite(v->f) || !a.ctx || a.ctx->mode != Mode::Record) return v;
  auto src = a.ctx->sources.find(mod.get());
  if (src == a.ctx->sources.end()) return v;
  // otherwise the read is a constant, guarded (`L['self'].bn1.momentum == 0.1`: swa's bn_update sets each BatchNorm's
  // momentum per batch, which recompiles), until a change unspecializes it (automatic dynamic, as a user module's)
  if (!cur_opts_ || !cur_opts_->dynamic_true) {
    if (V t = float_attr_automatic_dynamic(src->second + "." + n, v, loc)) {
      // (its item() node is stamped as the module's other nodes: none in eval_frame's `inner` around a built-in module)
      if (t->sym_node >= 0) stamp_node(a.ctx->graph.nodes[static_cast<size_t>(t->sym_node)], loc);
      return t;
    }
    const size_t before = a.ctx->vguards.size();
    constant_attr_guard(src->second + "." + n, v, loc);
    if (at_rel && a.ctx->vguards.size() > before) {
      ValueGuard& g = a.ctx->vguards.back();
      g.comment = fmt::format("# {}  # {}:{} in forward", at_code, at_rel, at_line);
      g.stack = nn_guard_stack(*this, torch_forward_frame(at_rel, at_line, at_code));
    }
    return v;
  }
  std::string s = src->second + "." + n;
  size_t cut = std::min(s.size(), s.find_first_of(".["));
  // (a global module's source is already G['emb']: ShapeEnv names the symbol from `G['emb'].norm_type`)
  V f = tensorified_float(s.rfind("G[", 0) == 0 ? s : "L['" + s.substr(0, cut) + "']" + s.substr(cut), s, v, loc, true);
  if (f->sym_node >= 0 && !checked) stamp_node(a.ctx->graph.nodes[static_cast<size_t>(f->sym_node)], loc);
  if (f->sym_node >= 0 && checked) {
    Node& node = a.ctx->graph.nodes[static_cast<size_t>(f->sym_node)];
    int e = v->f == 0 ? 0 : static_cast<int>(std::floor(std::log10(std::fabs(v->f))));
    node.sym_type = fmt::format("Sym({:.{}f})", v->f, std::max(0, 14 - e));  // sympy's Float: 15 significant digits
    stamp_node(node, loc);  // as the module's other nodes (none in eval_frame's `inner` around a built-in module)
  }
  return f;
}

}  // namespace tparse::compiler
