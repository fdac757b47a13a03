// Attribute lookup through super(): the classes after the named class in the MRO of self's type, the
// descriptors as CPython's super applies them, and what super() reaches at object, list, dict and the built-in
// torch.nn classes (their __init__, forward, __getattr__). The rest of attribute access: interp_attr.cpp.
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "dynamo/messages.hpp"
#include "runtime/interp.hpp"

namespace tparse::compiler {

// `obj` is the super object (its class in cls, the instance or class in self); null when nothing is found there
// (the caller goes on with the lookups every value has)
V Interp::super_attr(const V& obj, const std::string& name, Location loc) {
  V cls = obj->cls;
  if (!cls || !obj->self) error(loc, "super(): no class");
  // the classes after `cls` in the MRO of self's type (a mixin's super() goes on to its sibling bases)
  std::vector<V> mro = class_mro(obj->self->k == VK::Class ? obj->self : obj->self->cls);
  auto at = std::find_if(mro.begin(), mro.end(), [&](const V& c) { return c.get() == cls.get(); });
  std::vector<V> after = at == mro.end() ? cls->bases : std::vector<V>(at + 1, mro.end());
  V found_m;
  for (auto& c : after) {
    // a built-in torch.nn class defines __init__ (and its forward): the search ends there, so a plain mixin
    // after nn.Module in the bases is not initialised by super().__init__() (Module.__init__ does not chain on
    // unless call_super_init; loralib's `class ConvLoRA(nn.Module, LoRALayer)`)
    if (c->k == VK::Class && !c->fn && !c->builtin_nn.empty() &&
        (name == "__init__" || (name == "forward" && c->builtin_nn != "Module")))
      break;
    if (at == mro.end()) found_m = find_in_class(c, name);  // self is no instance of cls: its bases, depth first
    else if (c->k == VK::Class) { auto it = c->attrs.find(name); if (it != c->attrs.end()) found_m = it->second; }
    if (found_m) break;
  }
  if (V m = found_m) {
    // descriptors as CPython's super: a classmethod binds the class, a property reads on self
    bool self_is_class = obj->self->k == VK::Class;
    bool class_property = self_is_class && m->k == VK::Builtin && m->s == "property";  // the property object itself
    if (!class_property)
      if (V d = apply_descriptor(m, self_is_class ? nullptr : obj->self, self_is_class ? obj->self : obj->self->cls, loc)) return d;
    if (self_is_class) return m;  // super().f from a classmethod: the plain function
    auto bm = std::make_shared<Obj>();
    bm->k = VK::Bound;
    bm->self = obj->self;
    bm->func = m;
    return bm;
  }
  if (name == "__init_subclass__") return mk_builtin("noop");  // object.__init_subclass__: nothing to do
  if (name == "__new__") return mk_builtin("object.__new__");   // super().__new__(cls) reaching object
  if (name == "__setattr__" || name == "__getattribute__" || name == "__reduce__" || name == "__reduce_ex__") {  // super() reaching object
    auto b = mk_builtin("object." + name);
    b->self = obj->self;
    return b;
  }
  if (obj->self && obj->self->k == VK::List && name == "__init__") {  // super() of a list subclass reaching list
    auto b = mk_builtin("list.__init__");
    b->self = obj->self;
    return b;
  }
  if (obj->self && obj->self->k == VK::Dict) {  // super() of a dict subclass reaching dict
    static const std::set<std::string> dm = {"__getitem__", "__setitem__", "__contains__", "__init__", "get", "keys",
                                             "values", "items", "update", "pop", "setdefault", "copy"};
    if (dm.count(name)) { auto b = mk_builtin("dict." + name); b->self = obj->self; return b; }
  }
  // super() reaching a built-in torch.nn class: its __init__ builds the parameters, its forward is the op
  V nn_base;  // the first built-in torch.nn class after cls in the MRO
  for (auto& b : after) if (b->k == VK::Class && !b->fn && !b->builtin_nn.empty()) { nn_base = b; break; }
  if (name == "__init__") {
    // nn.Module.__init__ logs API usage: traced inside a frame it is a graph node (kwargs_call truth)
    if (nn_base && nn_base->builtin_nn == "Module") return mk_builtin("nn_module_init");
    if (nn_base) {
      auto b = mk_builtin("nn_init:" + nn_base->builtin_nn);
      b->self = obj->self;
      return b;
    }
    for (auto& b : after)  // BaseException.__init__(*args): the instance's args
      if (b->k == VK::Builtin && builtin_exception(b->s)) {
        auto bi = mk_builtin("exception_init");
        bi->self = obj->self;
        return bi;
      }
    return mk_builtin("noop");
  }
  if (name == "__getattr__" && nn_base) {  // torch.nn.Module.__getattr__: _parameters, _buffers, _modules
    auto b = mk_builtin("nn_module_getattr");
    b->self = obj->self;
    return b;
  }
  if (name == "__call__" && nn_base && obj->self && obj->self->k == VK::Instance) {  // Module.__call__ itself
    auto b = mk_builtin("nn_module_call");
    b->self = obj->self;
    return b;
  }
  if (name == "forward" && nn_base && nn_base->builtin_nn != "Module") {
    auto b = mk_builtin("nn_forward_base");
    b->self = obj->self;
    return b;
  }
  if (name == "_conv_forward" && nn_base && nn_base->builtin_nn.rfind("Conv", 0) == 0) {  // (input, weight, bias)
    auto b = mk_builtin("nn_forward_base");
    b->self = obj->self;
    return b;
  }
  if (name == "_check_input_dim" && nn_base && nn_class_derives(nn_base->builtin_nn, "_NormBase")) {
    auto b = mk_builtin("nn_check_input_dim:" + nn_base->builtin_nn);
    b->self = obj->self;
    return b;
  }
  if (name == "reset_parameters" && nn_base && nn_base->builtin_nn != "Module") {
    // a torch.nn layer's reset_parameters re-initialises its parameters in place: no shape, no graph node
    return mk_builtin("noop");
  }
  if (name == "forward") error(loc, "super().forward: no base class defines forward");
  // in a frame, a name no class after the pivot defines (object's own methods aside: those are handled above) is
  // Dynamo's GB0113 (SuperVariable walks the MRO's class dicts): `super().__getattr__(key)` of a plain config class,
  // whose eager AttributeError the code catches (MusicTransformer's Config)
  if (tracing() && !nn_base && obj->self && obj->self->k == VK::Instance && obj->self->cls && obj->self->cls->fn &&
      name == "__getattr__")
    graph_break("Unable to resolve super getattr", msg_super_getattr(name, repr_of(cls, loc), obj->self->cls->s), loc);
  // another method of torch.nn.Module reached through super() (an override of train() calling super().train(mode)):
  // the built-in method on self
  if (nn_base && obj->self && obj->self->k == VK::Instance) {
    bool found = false;
    V r = builtin_attr(obj->self, name, loc, found);
    if (found && r && r->k == VK::Builtin && r->s.rfind("module.", 0) == 0) return r;
  }
  return nullptr;
}

}  // namespace tparse::compiler
