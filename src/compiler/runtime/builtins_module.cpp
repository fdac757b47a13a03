// nn.Module's own methods on modules of the script and built-in ones (`module.<name>` builtins bound by
// builtin_attr): train / eval, parameters and buffers, register_*, state-dict hooks (no-ops: nothing is
// loaded in a run), modules / children / named_modules / named_children / get_submodule.
#include <fmt/format.h>

#include <functional>
#include <set>

#include "runtime/interp.hpp"
#include "runtime/keys.hpp"

namespace tparse::compiler {

V Interp::call_module_method(const std::string& m, std::vector<V>& args, Location loc, V self, bool& handled) {
  handled = true;
  auto arg = [&](size_t i) -> V {
    if (i >= args.size()) error(loc, fmt::format("module.{}() missing argument", m));
    return args[i];
  };
  if (m == "eval" || m == "train") {
    bool mode = m == "train" ? (args.empty() || truthy(arg(0), loc)) : false;
    std::function<void(V)> set = [&](V mod) {
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
  if (m == "parameters" || m == "named_parameters") {
    std::vector<V> ps;
    std::function<void(V, std::string)> walk = [&](V mod, std::string pre) {
      for (auto& n : mod->order) {
        V c = mod->attrs[n];
        if (c->k == VK::Tensor && c->t->is_param) ps.push_back(m == "parameters" ? c : mk_tuple({mk_str(pre + n), c}));
        else if (c->k == VK::Instance && !c->builtin_nn.empty()) walk(c, pre + n + ".");
      }
    };
    walk(self, "");
    return mk_list(ps);
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
  if (m == "modules" || m == "children" || m == "named_modules" || m == "named_children") {
    // children: the direct submodules in registration order; modules: self and every descendant, preorder,
    // each once (a shared submodule is listed where first met), as nn.Module's memo does
    bool named = m.starts_with("named_"), deep = m.ends_with("modules");
    std::vector<V> xs;
    std::set<const Obj*> seen;
    std::function<void(const V&, const std::string&)> walk = [&](const V& mod, const std::string& prefix) {
      for (auto& n : mod->order) {
        auto it = mod->attrs.find(n);
        if (it == mod->attrs.end()) continue;
        V c = it->second;
        if (c->k != VK::Instance || c->builtin_nn.empty() || !seen.insert(c.get()).second) continue;
        std::string full = prefix.empty() ? n : prefix + "." + n;
        xs.push_back(named ? mk_tuple({mk_str(full), c}) : c);
        if (deep) walk(c, full);
      }
    };
    if (deep) { seen.insert(self.get()); xs.push_back(named ? mk_tuple({mk_str(""), self}) : self); }
    walk(self, "");
    return mk_list(xs);
  }
  if (m == "get_submodule") {  // "a.b.0": getattr along the dots; "" is the module itself
    V cur = self;
    std::string path = arg(0)->s;
    for (size_t at = 0; !path.empty() && at <= path.size();) {
      size_t dot = path.find('.', at);
      std::string part = path.substr(at, dot == std::string::npos ? std::string::npos : dot - at);
      cur = getattr(cur, part, loc);
      if (dot == std::string::npos) break;
      at = dot + 1;
    }
    return cur;
  }
  handled = false;
  return nullptr;
}

}  // namespace tparse::compiler
