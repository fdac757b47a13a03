// Weight normalization of a module's parameter, both torch forms: torch.nn.utils.parametrizations.weight_norm
// (module.parametrizations.<name>.original0 = g, .original1 = v; the parameter leaves module._parameters) and the
// legacy torch.nn.utils.weight_norm (<name>_g / <name>_v parameters, the weight recomputed by a forward pre-hook).
// Reading the weight is then `torch._weight_norm(v, g, dim)`, a graph node inside a compiled frame, as Dynamo
// records it when it inlines the parametrization (wav2vec2 / HuBERT positional convolutions, vocoders).
#include <fmt/format.h>

#include "runtime/interp.hpp"
#include "torch/nn/nn_more.hpp"

namespace tparse::compiler {

namespace {

constexpr const char* kDimKey = "__tparse_weight_norm_dim__";  // on the ParametrizationList / the legacy module
constexpr const char* kGeneral = "__tparse_parametrization__";  // on a ParametrizationList of user modules

}  // namespace

V Interp::nn_weight_norm(std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs, Location loc, bool legacy) {
  auto get = [&](size_t i, const char* k) -> V {
    if (i < args.size()) return args[i];
    for (auto& [kk, v] : kwargs) if (kk == k) return v;
    return nullptr;
  };
  V mod = get(0, "module");
  if (!mod || mod->k != VK::Instance || mod->builtin_nn.empty())
    raise_exc("TypeError", "weight_norm() expects an nn.Module", loc);
  V nv = get(1, "name");
  std::string name = nv && nv->k == VK::Str ? nv->s : "weight";
  V dv = get(2, "dim");
  long long dim = dv && dv->k == VK::Int ? dv->i : dv && dv->k == VK::None ? -1 : 0;
  auto it = mod->attrs.find(name);
  if (it == mod->attrs.end() || it->second->k != VK::Tensor || !it->second->t->is_param)
    raise_exc("AttributeError", fmt::format("module has no parameter named '{}'", name), loc);
  const TensorInfo& w = *it->second->t;
  long long nd = static_cast<long long>(w.shape.size());
  if (dim != -1 && (dim < -nd || dim >= nd))
    raise_exc("IndexError", fmt::format("Dimension out of range (expected to be in range of [{}, {}], but got {})", -nd, nd - 1, dim), loc);
  // g = norm_except_dim(v, 2, dim): size 1 everywhere but `dim` (a 0-d norm for dim -1)
  TensorInfo g = w;
  g.shape.clear();
  if (dim != -1)
    for (long long d = 0; d < nd; ++d) g.shape.push_back(d == (dim < 0 ? dim + nd : dim) ? w.shape[static_cast<size_t>(d)] : Dim{1, ""});
  g.stride.clear();
  TensorInfo v = w;
  mod->attrs.erase(name);
  std::erase(mod->order, name);
  if (legacy) {
    nn_add(mod, name + "_g", mk_tensor(g));
    nn_add(mod, name + "_v", mk_tensor(v));
    mod->attrs[kDimKey + std::string(":") + name] = mk_int(dim);
    return mod;
  }
  V container = mod->attrs.count("parametrizations") ? mod->attrs["parametrizations"] : nullptr;
  if (!container) {
    container = nn_new_instance("ModuleDict");  // ModuleDict of ParametrizationList, one per parametrized tensor
    nn_add(mod, "parametrizations", container);
  }
  V plist = nn_new_instance("ModuleList");  // ParametrizationList: original0 (g), original1 (v), then the _WeightNorm
  nn_add(plist, "original0", mk_tensor(g));
  nn_add(plist, "original1", mk_tensor(v));
  nn_add(plist, "0", nn_new_instance("Module"));
  plist->attrs[kDimKey] = mk_int(dim);
  nn_add(container, name, plist);
  return mod;
}

V nn_register_parametrization(Interp& I, std::vector<V>& args, KW& kwargs, Location loc) {
  auto get = [&](size_t i, const char* k) -> V {
    if (i < args.size()) return args[i];
    for (auto& [kk, v] : kwargs) if (kk == k) return v;
    return nullptr;
  };
  V mod = get(0, "module"), nv = get(1, "tensor_name"), fn = get(2, "parametrization");
  if (!mod || mod->k != VK::Instance || mod->builtin_nn.empty()) I.raise_exc("TypeError", "register_parametrization() expects an nn.Module", loc);
  if (!nv || nv->k != VK::Str || !fn) I.raise_exc("TypeError", "register_parametrization(module, tensor_name, parametrization)", loc);
  const std::string name = nv->s;
  V container = mod->attrs.count("parametrizations") ? mod->attrs["parametrizations"] : nullptr;
  if (container && container->attrs.count(name)) {  // a second parametrization of the tensor: appended
    V plist = container->attrs[name];
    int k = 0;
    while (plist->attrs.count(std::to_string(k))) ++k;
    nn_add(plist, std::to_string(k), fn);
    return mod;
  }
  auto it = mod->attrs.find(name);
  if (it == mod->attrs.end() || it->second->k != VK::Tensor)
    I.raise_exc("ValueError", fmt::format("Module '{}' does not have a parameter, a buffer, or a parametrized element with name '{}'", type_name(mod), name), loc);
  V orig = it->second;
  mod->attrs.erase(name);
  std::erase(mod->order, name);
  if (!container) {
    container = nn_new_instance("ModuleDict");
    nn_add(mod, "parametrizations", container);
  }
  V plist = nn_new_instance("ModuleList");  // ParametrizationList: original, then the parametrization modules
  nn_add(plist, "original", orig);
  nn_add(plist, "0", fn);
  plist->attrs[kGeneral] = mk_bool(true);
  nn_add(container, name, plist);
  return mod;
}

V Interp::nn_parametrized_attr(const V& mod, const std::string& name, Location loc) {
  // the node's `# File:` line is torch's own frame of each form, as Dynamo prints it (Interp::torch_frame)
  auto weight_norm = [&](const V& holder, const std::string& g, const std::string& v, const V& dim, bool legacy) {
    V gv = getattr(holder, g, loc);  // g first, as both forms read it (the placeholders' order)
    V vv = getattr(holder, v, loc);
    std::vector<V> a{vv, gv, dim};
    std::vector<std::pair<std::string, V>> kw;
    V w = tensor_method(a[0], "fn:torch._weight_norm:_weight_norm", a, kw, loc);
    int node = legacy ? torch_frame(w, "nn/utils/weight_norm.py", 29, "compute_weight", "return _weight_norm(v, g, self.dim)")
                      : torch_frame(w, "nn/utils/parametrizations.py", 327, "forward", "return torch._weight_norm(weight_v, weight_g, self.dim)");
    if (node < 0) return w;                          // eager: no graph to name or output
    if (legacy) note_attr_store(mod, name, w);        // the pre-hook's setattr(module, name, weight): written back
    else stack_.back()->ctx->graph.rename(node, "x");  // ParametrizationList.forward: `x = self[0](*originals)`
    return w;
  };
  if (auto lg = mod->attrs.find(kDimKey + std::string(":") + name); lg != mod->attrs.end())
    return weight_norm(mod, name + "_g", name + "_v", lg->second, true);
  auto c = mod->attrs.find("parametrizations");
  if (c == mod->attrs.end() || c->second->k != VK::Instance) return nullptr;
  auto p = c->second->attrs.find(name);
  if (p != c->second->attrs.end() && p->second->attrs.count(kGeneral)) {
    // ParametrizationList.forward: `x = self[0](self.original)`, then each further module on x (Python: inlined)
    V plist = getattr(getattr(mod, "parametrizations", loc), name, loc);
    V x = getattr(plist, "original", loc);
    for (int k = 0; plist->attrs.count(std::to_string(k)); ++k) x = call(getattr(plist, std::to_string(k), loc), {x}, {}, loc);
    if (tracing() && x->k == VK::Tensor) {  // the list's own variable names the value's node
      Graph& g = stack_.back()->ctx->graph;
      if (auto n = g.tensor_node.find(x.get()); n != g.tensor_node.end() && g.nodes[static_cast<size_t>(n->second)].op == "call_function")
        g.rename(n->second, "x");
    }
    return x;
  }
  if (p == c->second->attrs.end() || !p->second->attrs.count(kDimKey)) return nullptr;
  V plist = getattr(getattr(mod, "parametrizations", loc), name, loc);  // the module path Dynamo guards and names
  return weight_norm(plist, "original0", "original1", p->second->attrs[kDimKey], false);
}

// torch.nn.utils.remove_weight_norm(module, name='weight') (WeightNorm.remove: the weight computed once becomes a
// Parameter again, g and v and the pre-hook go) and parametrize.remove_parametrizations(module, name,
// leave_parametrized=True) (the parametrized value becomes the parameter; `parametrizations` goes with the last one).
// The value's shape is v's (original1); a module without it raises as torch does.
V Interp::nn_remove_weight_norm(std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs, Location loc, bool legacy) {
  auto get = [&](size_t i, const char* k) -> V {
    if (i < args.size()) return args[i];
    for (auto& [kk, v] : kwargs) if (kk == k) return v;
    return nullptr;
  };
  V mod = get(0, "module");
  if (!mod || mod->k != VK::Instance) raise_exc("TypeError", "expected an nn.Module", loc);
  V nv = get(1, legacy ? "name" : "tensor_name");
  std::string name = nv && nv->k == VK::Str ? nv->s : "weight";
  auto param_like = [](const V& v) {
    TensorInfo t = *v->t;
    t.is_param = true;
    t.requires_grad = true;
    t.stride.clear();
    return mk_tensor(t);
  };
  if (legacy) {
    auto key = mod->attrs.find(kDimKey + std::string(":") + name);
    auto v = mod->attrs.find(name + "_v");
    if (key == mod->attrs.end() || v == mod->attrs.end())
      raise_exc("ValueError", fmt::format("weight_norm of '{}' not found in {}", name, type_name(mod)), loc);
    V w = param_like(v->second);
    mod->attrs.erase(key);
    for (const std::string& n : {name + "_g", name + "_v"}) {
      mod->attrs.erase(n);
      std::erase(mod->order, n);
    }
    nn_add(mod, name, w);
    return mod;
  }
  auto c = mod->attrs.find("parametrizations");
  if (c == mod->attrs.end() || c->second->k != VK::Instance || !c->second->attrs.count(name))
    raise_exc("ValueError", fmt::format("Module {} does not have a parametrization on {}", type_name(mod), name), loc);
  V plist = c->second->attrs[name];
  auto v = plist->attrs.find("original1");
  if (v == plist->attrs.end()) v = plist->attrs.find("original");
  if (v == plist->attrs.end()) raise_exc("ValueError", fmt::format("Module {} does not have a parametrization on {}", type_name(mod), name), loc);
  V w = param_like(v->second);
  c->second->attrs.erase(name);
  std::erase(c->second->order, name);
  if (c->second->order.empty()) {
    mod->attrs.erase("parametrizations");
    std::erase(mod->order, std::string("parametrizations"));
  }
  nn_add(mod, name, w);
  return mod;
}

}  // namespace tparse::compiler
