// The builtins of Python's object model: object.__getattribute__ / __new__ / __setattr__, super() with and without
// arguments (Python's __class__ cell), the property / staticmethod / classmethod descriptors and type() of one or three
// arguments. The other builtins: builtins.cpp; attribute lookup through super: interp_super.cpp.
#include <fmt/format.h>

#include <functional>
#include <string>
#include <vector>

#include "runtime/interp.hpp"
#include "dynamo/messages.hpp"

namespace tparse::compiler {

V Interp::call_object_builtin(const std::string& name, std::vector<V>& args, Location loc, V self, bool& handled) {
  auto arg = [&](size_t i) -> V {
    if (i >= args.size()) error(loc, fmt::format("{}() missing argument", name));
    return args[i];
  };
  handled = true;
  if (name == "object.__getattribute__") {  // bound by super(), or object.__getattribute__(obj, name)
    // the lookup without __getattr__: the instance's attributes, then its class's (descriptors applied)
    V obj = self ? self : arg(0);
    V key = self ? arg(0) : arg(1);
    if (key->k != VK::Str) raise_exc("TypeError", "attribute name must be string", loc);
    // called through the builtin `object` inside a frame (not through super()): Dynamo's BuiltinVariable(object) has
    // no __getattribute__ (GB0156; real torch 2.11: a class's `return object.__getattribute__(self, key)` read by a
    // LOAD_ATTR fails the frame, program getattribute_live_local_break)
    if (!self && tracing())
      graph_break("Unsupported method call",
                  msg_unsupported_method("type", "__getattribute__",
                                         "call_method BuiltinVariable(object) __getattribute__ [" + variable_repr(obj) + ", " +
                                             variable_repr(key) + "] {}"),
                  loc);
    if (obj->k == VK::Instance) {
      const bool has = obj->attrs.count(key->s) || (obj->cls && find_in_class(obj->cls, key->s));
      if (!has && obj->cls && key->s != "__dict__" && key->s != "__class__")
        if (V m = class_attr(obj, key->s, loc)) return m;
      if (!has && key->s != "__dict__" && key->s != "__class__")
        raise_exc("AttributeError", fmt::format("'{}' object has no attribute '{}'", type_name(obj), key->s), loc);
      // getattr's plain path (the instance's attributes, then its class's, descriptors applied), so a frame's reads
      // keep their sources and guards; not the class's __getattribute__ again, nor __getattr__
      raw_getattr_obj_ = obj.get();
      raw_getattr_name_ = key->s;
      const bool own = obj->attrs.count(key->s) > 0;
      V r = getattr(obj, key->s, loc);
      // through super() Dynamo evaluates it for real and gives the value the attribute's own source (GenericAttrSource:
      // a property's result too, not the source of what its getter read), which the compiled code loads again by
      // LOAD_ATTR where it hands the value on (program getattribute_property_live_local)
      if (self && tracing() && r && r->k != VK::None)
        if (FrameCtx& ctx = *stack_.back()->ctx; !own || !ctx.sources.count(r.get()))
          if (auto src = ctx.sources.find(obj.get()); src != ctx.sources.end()) {
            ctx.sources.of(r) = src->second + "." + key->s;
            if (!own) ctx.held.push_back(r);  // (a getter's fresh result: its address must not be reused while it keys sources)
          }
      return r;
    }
    return getattr(obj, key->s, loc);
  }
  if (name == "object.__new__") {  // object.__new__(cls): a bare instance of the class (no __init__ runs)
    if (args.empty() || arg(0)->k != VK::Class) raise_exc("TypeError", "object.__new__(X): X is not a type object", loc);
    auto inst = std::make_shared<Obj>();
    inst->k = VK::Instance;
    inst->builtin_nn = arg(0)->builtin_nn;
    if (inst->builtin_nn.empty()) inst->cls = arg(0);  // (a built-in module's instance has no script class)
    return inst;
  }
  if (name == "object.__reduce__" || name == "object.__reduce_ex__") {
    // copyreg's forms for an instance of a Python class: protocol < 2 (__reduce__ is protocol 0) is
    // (copyreg._reconstructor, (cls, object, None), its __dict__); 2 and up (copyreg.__newobj__, (cls,), __dict__, None,
    // None). StyleGAN's persistent_class pads the list it makes of it to three fields
    V obj = self ? self : arg(0);
    long long proto = 0;
    if (name == "object.__reduce_ex__") {
      V p = self ? (args.empty() ? nullptr : args[0]) : (args.size() > 1 ? args[1] : nullptr);
      if (p && p->k == VK::Int) proto = p->i;
    }
    auto state = std::make_shared<Obj>();
    state->k = VK::Dict;
    for (auto& [k, v] : obj->attrs) state->dict.push_back({mk_str(k), v});
    V cls = obj->cls ? obj->cls : mk_builtin("object");
    if (proto < 2) return mk_tuple({mk_builtin("copyreg._reconstructor"), mk_tuple({cls, mk_builtin("object"), none()}), state});
    return mk_tuple({mk_builtin("copyreg.__newobj__"), mk_tuple({cls}), state, none(), none()});
  }
  if (name == "object.__init__") return none();  // object.__init__(self): nothing to set up
  if (name == "object.__setattr__") {  // bound by super(), or object.__setattr__(obj, name, value)
    if (self) { object_setattr(self, arg(0)->s, arg(1), loc); return none(); }
    object_setattr(arg(0), arg(1)->s, arg(2), loc);
    return none();
  }
  if (name == "super" && args.size() == 2) {  // super(Cls, self)
    auto s = mk_builtin("super");
    s->cls = arg(0);
    s->self = arg(1);
    uninit_module_super(s->self, loc);
    return s;
  }
  if (name == "property" || name == "staticmethod" || name == "classmethod") {
    if (args.size() != 1) error(loc, name + "() takes one function");
    auto w = mk_builtin(name);  // a descriptor: getattr (interp_ops.cpp) applies it
    w->func = arg(0);
    return w;
  }
  if (name == "super") {  // zero arguments: the class whose body defined the running function, and its first argument
    auto s = mk_builtin("super");
    Activation& a = *stack_.back();
    if (!a.fn || a.fn->params.empty()) raise_exc("RuntimeError", "super(): no arguments", loc);
    s->self = a.env->get_local(a.fn->params[0].name);
    if (!s->self) raise_exc("RuntimeError", "super(): no arguments", loc);
    uninit_module_super(s->self, loc);
    // the function as a class member: plain, or wrapped by classmethod / staticmethod / property
    auto defines = [&](const V& c) {
      // Python's __class__ cell: the class whose body holds the def (a decorated __init__, whose wrapper is the
      // member, still binds super() to that class: hiera's @has_config)
      if (c->fn)
        for (auto& st : c->fn->body)
          if (st && st->k == SK::Def && st->fn.get() == a.fn.get()) return true;
      for (auto& [n, m] : c->attrs) {
        if (m->k == VK::Func && m->fn == a.fn) return true;
        if (m->k == VK::Builtin && m->func && m->func->k == VK::Func && m->func->fn == a.fn) return true;
      }
      return false;
    };
    std::function<V(const V&)> find = [&](const V& c) -> V {
      if (!c || c->k != VK::Class) return nullptr;
      if (defines(c)) return c;
      for (auto& b : c->bases) if (V r = find(b)) return r;
      return nullptr;
    };
    V start = s->self->k == VK::Class ? s->self : s->self->cls;  // a classmethod's first argument is the class
    s->cls = find(start);
    if (!s->cls) s->cls = start;
    if (!s->cls) raise_exc("TypeError", "super(type, obj): obj must be an instance or subtype of type", loc);
    return s;
  }
  if (name == "type" && args.size() == 3) {  // type(name, bases, namespace): a new class
    auto c = std::make_shared<Obj>();
    c->k = VK::Class;
    c->s = py_str(arg(0));
    for (auto& b : iterate(arg(1), loc)) c->bases.push_back(b);
    for (auto& [k, v] : arg(2)->dict) {
      c->attrs[py_str(k)] = v;
      c->order.push_back(py_str(k));
      if (v->k == VK::Func) v->cls = c;
    }
    return c;
  }
  if (name == "type") {  // the class of a value: a class of the script, a builtin type, torch.Tensor
    V v = arg(0);
    if ((v->k == VK::Instance || v->k == VK::Dict || v->k == VK::List) && v->cls) return v->cls;
    if (v->k == VK::Tensor) {
      realize(v);  // a lazy frame input's type realizes it: its placeholder comes here (`type(t) is not Tensor`)
      if (v->t->np_array) return getattr(import_module("numpy", loc), "ndarray", loc);  // numpy's, traced or standing in
      auto c = nn_class("Tensor"); c->builtin_nn = ""; c->s = "Tensor"; return c;
    }
    if (v->k == VK::Instance && !v->builtin_nn.empty()) return nn_class(v->builtin_nn);  // nn.Linear(...) built in
    if (v->k == VK::Opaque) return mk_opaque("type(" + v->s + ")");
    if (v->k == VK::Class) return mk_builtin("type");
    if (v->k == VK::None) return mk_builtin("NoneType");
    if (v->k == VK::Tuple && v->size_tuple) return mk_builtin("torch.Size");
    // a numpy scalar is numpy's scalar type (np.int64 of np.prod); in a frame Dynamo holds it as an ndarray
    if (is_np_scalar(v)) {
      V np = import_module("numpy", loc);
      if (tracing()) return getattr(np, "ndarray", loc);
      const char* t = v->k == VK::Bool ? "bool_"
                      : v->k == VK::Int ? (v->np_bits == 32 ? "int32" : v->np_bits == 16 ? "int16" : v->np_bits == 8 ? "int8" : "int64")
                                        : (v->np_bits == 32 ? "float32" : v->np_bits == 16 ? "float16" : "float64");
      return getattr(np, t, loc);
    }
    return mk_builtin(type_name(v));
  }
  handled = false;
  return nullptr;
}

}  // namespace tparse::compiler
