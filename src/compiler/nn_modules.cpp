// Built-in torch.nn modules: construction (parameters with shapes) and forward (the functional op
// Dynamo records when it inlines the module, e.g. Linear -> torch._C._nn.linear).
#include <fmt/format.h>

#include "interp.hpp"

namespace tparse::compiler {

using KW = std::vector<std::pair<std::string, V>>;

static V kwv(const KW& kw, const std::string& n) {
  for (auto& [k, v] : kw) if (k == n) return v;
  return nullptr;
}

static V param(std::vector<Dim> shape, double fill) {
  TensorInfo t;
  t.shape = std::move(shape);
  t.is_param = true;
  t.requires_grad = true;
  (void)fill;
  return mk_tensor(t);
}

static void add(V inst, const std::string& n, V v) {
  if (!inst->attrs.count(n)) inst->order.push_back(n);
  inst->attrs[n] = v;
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
  if (cls == "Module") return inst;
  if (cls == "Linear") {
    long long in = need_int(0, "in_features"), out = need_int(1, "out_features");
    V b = arg(2, "bias");
    add(inst, "weight", param({Dim{out, ""}, Dim{in, ""}}, 0));
    add(inst, "bias", b && b->k == VK::Bool && !b->b ? none() : param({Dim{out, ""}}, 0));
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
    add(inst, "weight", param(shape, 1));
    if (cls == "LayerNorm") add(inst, "bias", param(shape, 0));
    inst->attrs["normalized_shape"] = mk_tuple([&] { std::vector<V> xs; for (auto& d : shape) xs.push_back(mk_int(d.v)); return xs; }());
    return inst;
  }
  if (cls == "Embedding") {
    long long n = need_int(0, "num_embeddings"), d = need_int(1, "embedding_dim");
    add(inst, "weight", param({Dim{n, ""}, Dim{d, ""}}, 0));
    return inst;
  }
  if (cls == "Dropout") {
    V p = arg(0, "p");
    inst->attrs["p"] = p ? p : mk_float(0.5);
    return inst;
  }
  if (cls == "ReLU" || cls == "GELU" || cls == "SiLU" || cls == "Tanh" || cls == "Sigmoid" || cls == "Identity" || cls == "Softmax") {
    if (cls == "Softmax") inst->attrs["dim"] = arg(0, "dim") ? arg(0, "dim") : none();
    return inst;
  }
  if (cls == "Sequential" || cls == "ModuleList") {
    std::vector<V> mods = cls == "Sequential" ? args : (args.empty() ? std::vector<V>{} : iterate(args[0], loc));
    for (size_t i = 0; i < mods.size(); ++i) add(inst, std::to_string(i), mods[i]);
    return inst;
  }
  if (cls == "ModuleDict") {
    if (!args.empty()) for (auto& kv : args[0]->dict) add(inst, py_str(kv.first), kv.second);
    return inst;
  }
  error(loc, fmt::format("unsupported module torch.nn.{}", cls));
}

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
    key += "_" + path.substr(p + 2, q - p - 2);
    p = q;
  }
  Node n;
  n.op = "call_module";
  n.target = key;
  for (auto& a : args) n.args.push_back(to_arg(a));
  n.name = ctx.graph.unique_name("l" + key.substr(1));
  n.meta = *r->t;
  n.has_meta = true;
  bool in_stmt = act.cur_stmt && loc.file == act.file && loc.line >= act.cur_line && loc.line <= std::max(act.cur_stmt->end_line, act.cur_line);
  n.line = in_stmt ? loc.line : act.cur_line;
  n.fn_name = act.fn ? act.fn->name : "<module>";
  n.code = code_line(act.file, n.line, true);
  n.file = path_of(act.file);
  ctx.graph.nodes.push_back(n);
  ctx.graph.tensor_node[r.get()] = static_cast<int>(ctx.graph.nodes.size()) - 1;
  (void)in_nodes;
  return r;
}

V Interp::nn_forward(V mod, std::vector<V>& args, KW& kwargs, Location loc) {
  const std::string& cls = mod->builtin_nn;
  auto x = [&]() -> V {
    if (args.empty() || args[0]->k != VK::Tensor) error(loc, fmt::format("nn.{} expects a tensor input", cls));
    return args[0];
  };
  auto attr = [&](const std::string& n) { return getattr(mod, n, loc); };
  if (prof_.nn_call_module() && tracing()) return nn_call_module(mod, args, kwargs, loc);
  // forward(input) loads its input before self.weight: the frame input becomes a placeholder first
  if (tracing() && !args.empty() && args[0]->k == VK::Tensor) node_of(args[0]);
  auto fn = [&](const std::string& target, const std::string& fname, std::vector<V> a, KW kw) {
    std::vector<V> all = a;
    std::string m = "fn:" + target + ":" + fname;
    return tensor_method(a[0], m, all, kw, loc);
  };
  if (cls == "Linear") return fn("torch._C._nn.linear", "linear", {x(), attr("weight"), attr("bias")}, {});
  if (cls == "LayerNorm") return fn("torch.nn.functional.layer_norm", "layer_norm", {x(), mod->attrs["normalized_shape"], attr("weight"), attr("bias"), mod->attrs["eps"]}, {});
  if (cls == "RMSNorm") return fn("torch.rms_norm", "rms_norm", {x(), mod->attrs["normalized_shape"], attr("weight"), mod->attrs["eps"]}, {});
  if (cls == "Embedding") return fn("torch.nn.functional.embedding", "embedding", {x(), attr("weight"), none(), none(), mk_float(2.0), mk_bool(false), mk_bool(false)}, {});
  if (cls == "Dropout") {
    Activation& act = *stack_.back();
    bool training = mod->attrs["training"]->b;
    if (act.ctx && act.ctx->mode == Mode::Record) {
      auto src = act.ctx->sources.find(mod.get());
      if (src != act.ctx->sources.end()) {
        ValueGuard g;
        g.src = src->second + ".training";
        g.kind = "bool";
        g.value = mk_bool(training);
        g.code = g.src + " == " + (training ? "True" : "False");
        g.comment = "# return F.dropout(input, self.p, self.training, self.inplace)  # nn/modules/dropout.py:73 in forward";
        const Activation& caller = *stack_.back();
        std::string code = code_line(caller.file, caller.cur_line);
        g.stack = fmt::format("\nUser stack trace:\n  File \"{}\", line {}, in {}\n    {}\n  File \"/opt/torch/.venv/lib/python3.12/site-packages/torch/nn/modules/dropout.py\", line 73, in forward\n    return F.dropout(input, self.p, self.training, self.inplace)",
                              path_of(caller.file), caller.cur_line, caller.fn ? caller.fn->name : "<module>", code.substr(std::min(code.size(), code.find_first_not_of(' '))));
        act.ctx->vguards.push_back(g);
      }
    }
    return fn("torch.nn.functional.dropout", "dropout", {x(), mod->attrs["p"], mk_bool(training), mk_bool(false)}, {});
  }
  if (cls == "ReLU") return fn("torch.nn.functional.relu", "relu", {x()}, {{"inplace", mk_bool(false)}});
  if (cls == "GELU") return fn("torch._C._nn.gelu", "gelu", {x()}, {{"approximate", mk_str("none")}});
  if (cls == "SiLU") return fn("torch.nn.functional.silu", "silu", {x()}, {{"inplace", mk_bool(false)}});
  if (cls == "Tanh") return fn("torch.tanh", "tanh", {x()}, {});
  if (cls == "Sigmoid") return fn("torch.sigmoid", "sigmoid", {x()}, {});
  if (cls == "Softmax") return fn("torch.nn.functional.softmax", "softmax", {x(), mod->attrs["dim"]}, {});
  if (cls == "Identity") return x();
  if (cls == "Sequential") {
    V cur = x();
    for (auto& n : mod->order) {
      V child = mod->attrs[n];
      Activation& act = *stack_.back();
      if (act.ctx) {
        auto src = act.ctx->sources.find(mod.get());
        if (src != act.ctx->sources.end()) act.ctx->sources[child.get()] = src->second + "._modules['" + n + "']";
      }
      cur = call(child, {cur}, {}, loc);
    }
    return cur;
  }
  error(loc, fmt::format("nn.{} is not callable", cls));
}

}  // namespace tparse::compiler
