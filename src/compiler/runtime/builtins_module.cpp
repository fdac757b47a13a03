// nn.Module's own methods on modules of the script and built-in ones (`module.<name>` builtins bound by
// builtin_attr): train / eval, ModuleList append / extend, parameters and buffers, register_* / add_module,
// state-dict hooks (no-ops: nothing is loaded in a run), children / modules and their named forms (each
// module once, as nn.Module's memo), get_submodule.
#include <fmt/format.h>

#include <functional>
#include <set>

#include "runtime/interp.hpp"

namespace tparse::compiler {

V Interp::call_module_method(const std::string& m, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs,
                             Location loc, V self, bool& handled) {
  handled = true;
  auto arg = [&](size_t i) -> V {
    if (i >= args.size()) error(loc, fmt::format("module.{}() missing argument", m));
    return args[i];
  };
  if (m == "eval" || m == "train") {
    bool mode = m == "train" ? (args.empty() || truthy(arg(0), loc)) : false;
    std::set<const Obj*> seen;  // each module once (a module reachable twice, or a cycle), as children()'s memo
    std::function<void(V)> set = [&](V mod) {
      if (!seen.insert(mod.get()).second) return;
      mod->attrs["training"] = mk_bool(mode);
      for (auto& n : mod->order) { V c = mod->attrs[n]; if (c->k == VK::Instance && !c->builtin_nn.empty()) set(c); }
    };
    set(self);
    return self;
  }
  if (m == "append") {
    std::string key = std::to_string(self->order.size());
    self->order.push_back(key);
    self->attrs[key] = arg(0);
    return self;
  }
  if (m == "extend") { for (auto& x : iterate(arg(0), loc)) { std::string key = std::to_string(self->order.size()); self->order.push_back(key); self->attrs[key] = x; } return self; }
  if (m == "to" || m == "cuda" || m == "cpu" || m == "half" || m == "float" || m == "requires_grad_" || m == "apply") return self;
  if (m == "parameters" || m == "named_parameters" || m == "buffers" || m == "named_buffers") {
    // the module's own tensors of that kind, then each submodule's, with dotted names
    bool buffers = m.ends_with("buffers"), named = m.starts_with("named_");
    std::vector<V> xs;
    std::set<const Obj*> seen;  // each module and each tensor once, as nn.Module's memo (remove_duplicate=True)
    std::function<void(V, std::string)> walk = [&](V mod, std::string pre) {
      if (!seen.insert(mod.get()).second) return;
      for (auto& n : mod->order) {
        V c = mod->attrs[n];
        if (c->k == VK::Tensor && (buffers ? c->t->is_buffer : c->t->is_param)) {
          if (seen.insert(c.get()).second) xs.push_back(named ? mk_tuple({mk_str(pre + n), c}) : c);
        }
        else if (c->k == VK::Instance && !c->builtin_nn.empty()) walk(c, pre + n + ".");
      }
    };
    walk(self, "");
    return mk_list(xs);
  }
  if (m == "items" || m == "keys" || m == "values") {
    std::vector<V> xs;
    for (auto& n : self->order) xs.push_back(m == "keys" ? mk_str(n) : m == "values" ? self->attrs[n] : mk_tuple({mk_str(n), self->attrs[n]}));
    return mk_list(xs);
  }
  if (m == "zero_grad") return none();
  if (m == "register_parameter") {  // None or a Parameter, registered under its name
    V p = args.size() > 1 ? arg(1) : none();
    if (p->k == VK::Tensor) p->t->is_param = true;
    setattr(self, arg(0)->s, p, loc);
    return none();
  }
  if (m.find("load_state_dict") != std::string::npos || m.find("state_dict_hook") != std::string::npos ||
      m == "register_state_dict_pre_hook")
    return none();  // no state dict is loaded or saved in a run
  if (m == "register_buffer") {
    if (arg(1)->k == VK::Tensor) arg(1)->t->is_buffer = true;
    setattr(self, arg(0)->s, arg(1), loc);
    return none();
  }
  auto is_mod = [](const V& c) { return c->k == VK::Instance && !c->builtin_nn.empty(); };
  if (m == "children" || m == "named_children") {  // direct submodules, each once, in registration order
    std::vector<V> xs;
    std::set<const Obj*> seen;
    for (auto& n : self->order) {
      V c = self->attrs[n];
      if (is_mod(c) && seen.insert(c.get()).second) xs.push_back(m == "children" ? c : mk_tuple({mk_str(n), c}));
    }
    return mk_list(xs);
  }
  if (m == "modules" || m == "named_modules") {  // self, then every submodule depth first, each once (memo)
    std::vector<V> xs;
    std::set<const Obj*> seen;
    std::string prefix = args.size() > 1 && arg(1)->k == VK::Str ? arg(1)->s : "";
    for (auto& [k, v] : kwargs) if (k == "prefix" && v->k == VK::Str) prefix = v->s;
    std::function<void(V, std::string)> walk = [&](V mod, std::string pre) {
      if (!seen.insert(mod.get()).second) return;
      xs.push_back(m == "modules" ? mod : mk_tuple({mk_str(pre), mod}));
      for (auto& n : mod->order) {
        V c = mod->attrs[n];
        if (is_mod(c)) walk(c, pre.empty() ? n : pre + "." + n);
      }
    };
    walk(self, prefix);
    return mk_list(xs);
  }
  if (m == "add_module" || m == "register_module") {
    setattr(self, arg(0)->s, arg(1), loc);
    return none();
  }
  if (m == "get_submodule") {  // a dotted path of attribute names ('' is the module itself)
    V cur = self;
    std::string path = arg(0)->s;
    for (size_t at = 0; !path.empty() && at <= path.size();) {
      size_t dot = path.find('.', at);
      std::string part = path.substr(at, dot == std::string::npos ? std::string::npos : dot - at);
      at = dot == std::string::npos ? path.size() + 1 : dot + 1;
      auto it = cur->attrs.find(part);
      if (it == cur->attrs.end() || !is_mod(it->second)) raise_exc("AttributeError", fmt::format("{} has no attribute `{}`", type_name(cur), part), loc);
      cur = it->second;
    }
    return cur;
  }
  handled = false;
  return nullptr;
}

}  // namespace tparse::compiler
