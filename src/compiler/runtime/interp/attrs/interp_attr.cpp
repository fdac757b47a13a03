// Attribute access on Python values: getattr (instances, classes, modules, functions, dict subclasses,
// descriptors, __getattr__, the builtin attributes of builtins.cpp), str / repr, descriptors and user dunders.
// setattr: interp_setattr.cpp. Calls and subscripts: interp_ops.cpp.
#include <fmt/format.h>

#include <cmath>

#include <algorithm>
#include <set>

#include "torch/nn/module_guards.hpp"
#include "runtime/interp.hpp"
#include "runtime/interp_helpers.hpp"
#include "torch/interop/numpy_traced.hpp"
#include "torch/values/values.hpp"
#include "runtime/values/keys.hpp"
#include "dynamo/messages.hpp"

namespace tparse::compiler {

bool has_opaque_base(const V& cls);  // interp_ops.cpp
// `obj.__dict__`: its attributes as a dict that views the object, so stores through it go to the object
static V instance_dict_view(const V& obj) {
  auto d = std::make_shared<Obj>();
  d->k = VK::Dict;
  d->view_of = obj;
  for (auto& [k, v] : obj->attrs) d->dict.push_back({mk_str(k), v});
  return d;
}

// A torch.optim optimizer (a class of ours deriving __tparse_optim__'s Optimizer) Dynamo wraps as an
// OptimizerVariable, guarded by identity where the frame reads it (VariableBuilder: ID_MATCH): another optimizer, or
// a new one after the old died ("Cache line invalidated because L['args'][0] got deallocated"), recompiles
// A subclass of torch.autograd.Function (through any base)
bool is_autograd_function_class(const V& c) {
  if (!c) return false;
  if (c->k == VK::Builtin && c->s == "torch.autograd.Function") return true;
  if (c->k != VK::Class) return false;
  for (auto& b : c->bases) if (is_autograd_function_class(b)) return true;
  return false;
}

static bool is_optimizer(const Interp& I, const V& obj) {
  if (!obj->cls) return false;
  std::vector<V> todo = {obj->cls};
  for (size_t i = 0; i < todo.size() && i < 64; ++i) {
    const V& c = todo[i];
    if (c->s == "Optimizer" && c->fn && I.path_of(c->fn->loc.file) == "<tparse-stubs>/__tparse_optim__.py") return true;
    for (const V& b : c->bases) if (b && b->k == VK::Class) todo.push_back(b);
  }
  return false;
}

V Interp::getattr(V obj, const std::string& name, Location loc) {
  bool found = false;
  // a property the traced frame stored: the stored value (Dynamo's pending side effect), not the getter
  if (obj->k == VK::Instance && !stack_.empty() && stack_.back()->ctx && stack_.back()->ctx->mode != Mode::Eager)
    for (const auto& d : stack_.back()->ctx->deferred_setters)
      if (d.obj.get() == obj.get() && d.name == name) return d.value;
  // LOAD_ATTR on a sparse tensor the frame has not wrapped (HGCN's `adj.to_dense()`): VariableBuilder refuses it at that
  // instruction, not inside a CALL: not resumable, the statement's checkpoint takes it (run_frame.cpp sparse_input)
  if (obj->k == VK::Tensor && obj->t->sparse && tracing() && stack_.back()->depth == 0 &&
      !stack_.back()->ctx->graph.tensor_node.count(obj.get()) && stack_.back()->ctx->sources.count(obj.get())) {
    GraphBreak gb;
    gb.gb_type = "Attempted to wrap sparse Tensor";
    gb.msg = msg_sparse_wrap();
    gb.loc = loc;
    gb.step = gb.past_call = true;
    throw gb;
  }
  // object.__getattribute__'s own lookup (the builtin below the class's Python __getattribute__): plain
  const bool raw = raw_getattr_obj_ == obj.get() && raw_getattr_name_ == name;
  if (raw) raw_getattr_obj_ = nullptr;
  // A class's own Python __getattribute__ runs on every attribute read through its instance (CPython's
  // slot_tp_getattr_hook; transformers' PreTrainedConfig maps attribute_map aliases there): a call of a Python function,
  // so inlined inside a frame (Dynamo's UserDefinedObjectVariable.var_getattr) and, read eagerly under the callback,
  // a frame of its own (the compiled code's replay of `kwargs["use_cache"]` from `L['self'].config.use_cache`). An
  // AttributeError from it falls back to __getattr__. (Dunder names stay the interpreter's plain protocol lookups.)
  if (!raw && obj->k == VK::Instance && obj->cls && !(name.size() > 4 && name.starts_with("__") && name.ends_with("__")))
    if (V ga = python_getattribute(obj->cls)) {
      try {
        return call(ga, {obj, mk_str(name)}, {}, loc);
      } catch (GraphBreak& gb) {  // a break inside it is raised by the frame's LOAD_ATTR: not resumable there
        if (tracing() && stack_.back()->depth == 0) gb.step = true;
        throw;
      } catch (PyException& p) {
        V gattr = find_in_class(obj->cls, "__getattr__");
        if (!gattr || gattr->k != VK::Func || !exception_matches(p.value, mk_builtin("AttributeError"), loc)) throw;
        return call(gattr, {obj, mk_str(name)}, {}, loc);
      }
    }
  if (obj->k == VK::Opaque) return mk_opaque(obj->s + "." + name);
  if (obj->k == VK::Instance && tracing() && is_optimizer(*this, obj)) {
    guard_object_id(obj);
    // a step of the user's own reads `self.state[p]` (lazy state init): the state's per-parameter lengths are
    // guarded as OptimizerVariable's are (`not G['opt'].state` fails once the state is filled)
    if (name == "state") guard_optimizer_state(obj);
    if (name == "param_groups") realize_param_groups(obj, obj->cls->fn && !is_stub(obj->cls->fn->loc.file), loc);
  }
  if (obj->k == VK::Builtin && !obj->self && !builtin_attr_stores_.empty()) {  // a name the script stored there
    auto it = builtin_attr_stores_.find(obj->s + "." + name);
    if (it != builtin_attr_stores_.end()) return it->second;
    if (obj->s == "torch._dynamo.config" && (name == "cache_size_limit" || name == "recompile_limit")) {  // (aliases)
      auto a = builtin_attr_stores_.find(obj->s + "." + (name == "recompile_limit" ? "cache_size_limit" : "recompile_limit"));
      if (a != builtin_attr_stores_.end()) return a->second;
    }
  }
  // torch._dynamo.config's defaults in torch 2.11 (a script reads them: `max(64, config.cache_size_limit)`)
  if (obj->k == VK::Builtin && !obj->self && obj->s == "torch._dynamo.config") {
    static const std::map<std::string, long long> ints = {
        {"cache_size_limit", 8}, {"recompile_limit", 8}, {"accumulated_cache_size_limit", 256}, {"accumulated_recompile_limit", 256}};
    static const std::map<std::string, bool> flags = {
        {"suppress_errors", false}, {"verbose", false}, {"capture_scalar_outputs", false}, {"capture_dynamic_output_shape_ops", false},
        {"automatic_dynamic_shapes", true}, {"assume_static_by_default", true}, {"specialize_int", false}, {"specialize_float", false},
        {"optimize_ddp", true}, {"inline_inbuilt_nn_modules", true}, {"error_on_recompile", false}, {"force_parameter_static_shapes", true},
        {"allow_unspec_int_on_nn_module", false}, {"skip_nnmodule_hook_guards", true}, {"guard_nn_modules", false},
        {"cache_size_limit_warning", true}, {"dynamic_shapes", true}, {"raise_on_ctx_manager_usage", true}};
    if (auto i = ints.find(name); i != ints.end()) return mk_int(i->second);
    if (auto f = flags.find(name); f != flags.end()) return mk_bool(f->second);
  }
  if (obj->k == VK::Module && obj->menv && name == "__dict__") {  // a source module's namespace (a snapshot)
    auto d = std::make_shared<Obj>();
    d->k = VK::Dict;
    for (const auto& n : obj->menv->order) d->dict.push_back({mk_str(n), obj->menv->vars[n]});
    return d;
  }
  if (obj->k == VK::Tuple) {  // torch.return_types: .values / .indices
    auto it = obj->attrs.find(name);
    if (it != obj->attrs.end()) {
      for (size_t i = 0; i < obj->items.size(); ++i) if (obj->items[i] == it->second) materialize_item(obj, i);
      return it->second;
    }
  }
  if ((obj->k == VK::Str || obj->k == VK::Int) && obj->cls) {  // a member of a str / int Enum: .name, .value, its class's
    if (auto it = obj->attrs.find(name); it != obj->attrs.end()) return it->second;
    if (V m = class_attr(obj, name, loc)) return m;
  }
  if (obj->k == VK::Tuple && !obj->attrs.empty())  // a struct sequence's field (sys.version_info.minor)
    if (auto it = obj->attrs.find(name); it != obj->attrs.end()) return it->second;
  if (obj->k == VK::Func || obj->k == VK::Tensor) {  // attributes stored on a function (`f.from_iterable = g`) or a
    // tensor (its __dict__: `p._no_weight_decay = True`, s4's `_optim` hints on parameters)
    if (auto it = obj->attrs.find(name); it != obj->attrs.end() && !(obj->k == VK::Tensor && name == "grad")) return it->second;
  }
  if (obj->k == VK::Compiled && obj->func) {
    // torch.compile(module) is an OptimizedModule: an nn.Module around `_orig_mod` whose __getattr__ falls back
    // to it (cm.eval(), cm.parameters(), cm.config); a compiled function keeps the function's attributes
    if (name == "_orig_mod" || name == "__wrapped__") return obj->func;
    if (name == "forward" && obj->func->k == VK::Instance) return obj;
    // nn.Module's methods that return self return the OptimizedModule (`model = torch.compile(model).to(device)`,
    // `.train()`): it stays compiled
    static const std::set<std::string> returns_self = {"to", "cuda", "cpu", "train", "eval", "float", "half", "double",
                                                      "bfloat16", "requires_grad_", "apply", "type", "share_memory"};
    if (obj->func->k == VK::Instance && returns_self.count(name)) {
      auto b = mk_builtin("compiled_module_self:" + name);
      b->self = obj;
      return b;
    }
    V m = getattr(obj->func, name, loc);
    // a Python method of the original module (`cm.generate`): it runs uncompiled, its `self(...)` the module itself
    // (a decorated one too: transformers' `@torch.no_grad() def generate`; nn.Module's own methods are not the class's)
    V defined = obj->func->k == VK::Instance && obj->func->cls && name != "__call__" && name != "forward" && m
                    ? find_in_class(obj->func->cls, name) : nullptr;
    if (defined && (defined->k == VK::Func || defined->k == VK::Builtin || defined->k == VK::Compiled || defined->k == VK::Bound) &&
        !stack_.empty()) {
      const Activation& a = *stack_.back();
      const int line = loc.line > 0 ? loc.line : a.cur_line;
      const int file = loc.line > 0 ? loc.file : a.file;
      if (std::none_of(bypass_reads_.begin(), bypass_reads_.end(), [&](const auto& b) {  // (the first read of each)
            return b.first.get() == obj.get() && b.second.name == name; }))
        bypass_reads_.push_back({obj, Unmodelled{file, line, name, false}});
    }
    return m;
  }
  if (obj->k == VK::Bound && obj->self && obj->func) {  // a bound method's instance and function
    if (name == "__self__") return obj->self;
    if (name == "__func__") return obj->func;
    // CPython's method reads the other attributes from its function (`self.helper.__name__`, `__qualname__`, `__doc__`)
    if (obj->func->k == VK::Func && name != "__class__" && name != "__call__" && name != "__get__") return getattr(obj->func, name, loc);
  }
  if (obj->k == VK::List && obj->cls) {  // a list subclass defined in Python: its attributes, then its class's
    if (auto it = obj->attrs.find(name); it != obj->attrs.end()) return it->second;
    if (V m = class_attr(obj, name, loc)) return m;
  }
  if (obj->k == VK::Dict && obj->cls) {  // a dict subclass defined in Python has a __dict__: its own attributes, then its class's
    if (auto it = obj->attrs.find("__dict__"); it != obj->attrs.end() && it->second.get() == obj.get() && name != "__dict__")
      if (V* x = dict_find(*obj, mk_str(name))) return *x;  // the AttrDict idiom `self.__dict__ = self`: keys are attributes
    if (auto it = obj->attrs.find(name); it != obj->attrs.end()) return own_attr_read(obj, name, it->second, loc);
    if (name == "__dict__") {  // its attributes as a dict; stores through it go to the instance (yacs' CfgNode)
      return instance_dict_view(obj);
    }
    if (V m = class_attr(obj, name, loc)) return m;
  }
  if (obj->k == VK::Module && obj->menv) {  // a module loaded from source: its globals
    if (V v = obj->menv->get_local(name)) return v;
    // ModuleType's own lookup, bound (voxceleb_trainer: `importlib.import_module(...).__getattribute__("MainModel")`)
    if (name == "__getattribute__") return mk_bound(obj, mk_builtin("object.__getattribute__"));
    // PEP 562: a module's own `__getattr__(name)` answers a name its globals lack (transformers' lazy exports)
    if (!(name.size() > 4 && name.rfind("__", 0) == 0 && name.compare(name.size() - 2, 2, "__") == 0))
      if (V hook = obj->menv->get_local("__getattr__"); hook && hook->k == VK::Func) return call(hook, {mk_str(name)}, {}, loc);
    if (is_stub(file_of_module(obj->s))) {  // a name a stub does not define is opaque (issue 22)
      note_unmodelled(loc, obj->s + "." + name);
      return mk_opaque(obj->s + "." + name);
    }
    raise_exc("AttributeError", fmt::format("module '{}' has no attribute '{}'", obj->s, name), loc);
  }
  if (obj->k == VK::Instance) {
    // a module the frame holds as a plain local is realized by its first attribute read, present or not
    // (real torch 2.11: module_class_local_compiles_no_op_frame's `getattr(module, "_is_fsdp_managed_module", False)`
    // recompiles for another module type)
    realize_module_local(obj, loc);
    // a data descriptor of the class (its class defines __get__ and __set__) comes before the instance's own attribute
    if (data_descriptors_ > 0 && obj->cls)
      if (V m = find_in_class(obj->cls, name); m && m->k == VK::Instance && m->cls && find_in_class(m->cls, "__set__"))
        if (V d = apply_descriptor(m, obj, obj->cls, loc)) return d;
    auto it = obj->attrs.find(name);
    if (it != obj->attrs.end()) return own_attr_read(obj, name, it->second, loc);
    if (is_nn_instance(obj))
      if (V w = nn_parametrized_attr(obj, name, loc)) return w;
    if (obj->cls) {
      if (V m = class_attr(obj, name, loc)) {
        // a constant of the instance's class read through it (`self.use_fast`, `cfg.flag`): Dynamo guards it in the
        // class's dict, so assigning the class attribute recompiles (whisper's / Informer's configs; through the
        // class's own name it is not guarded)
        Activation& act = *stack_.back();
        V raw = act.ctx && act.ctx->mode == Mode::Record ? find_in_class(obj->cls, name) : nullptr;
        if (raw == m)  // the value stored in the class's dict (not a property's or descriptor's result)
          if (auto src = act.ctx->sources.find(obj.get()); src != act.ctx->sources.end())
            constant_attr_guard("dict(type(" + src->second + ").__dict__)['" + name + "']", m, loc);
        return m;
      }
    }
    if (name == "__class__" && obj->cls) return obj->cls;
    if (name == "__dict__") {  // the instance's attributes as a dict; stores through it go to the instance
      return instance_dict_view(obj);
    }
    if (is_nn_instance(obj) && name == "all_weights" && obj->attrs.count("_all_weights")) {  // RNNBase.all_weights
      std::vector<V> groups;
      for (auto& g : obj->attrs["_all_weights"]->items) {
        std::vector<V> ws;
        for (auto& n : g->items) ws.push_back(getattr(obj, n->s, loc));
        groups.push_back(mk_list(ws));
      }
      return mk_list(groups);
    }
    if (is_nn_instance(obj) && (name == "_forward_hooks" || name == "_forward_pre_hooks" || name == "_backward_hooks")) {
      // nn.Module's hook registries (OrderedDicts keyed by the handle's id): the hooks registered, in the order they
      // run (a snapshot: `len(m._forward_hooks)`, `if m._forward_hooks:`; ddae's feature extraction)
      const char* key = name == "_forward_hooks" ? kForwardHooks : name == "_forward_pre_hooks" ? kForwardPreHooks : kBackwardHooks;
      auto d = std::make_shared<Obj>();
      d->k = VK::Dict;
      if (auto it = obj->attrs.find(key); it != obj->attrs.end() && it->second && it->second->k == VK::List)
        for (size_t i = 0; i < it->second->items.size(); ++i)
          d->dict.push_back({mk_int(static_cast<long long>(i)), it->second->items[i]->items.at(0)});
      return d;
    }
    if (is_nn_instance(obj) && (name == "_modules" || name == "_parameters" || name == "_buffers")) {
      // nn.Module's registries, in registration order: its submodules / parameters / buffers; a store through
      // the dict registers on the module (replace_batch_norm: `model._modules[name] = new_module`)
      auto d = std::make_shared<Obj>();
      d->k = VK::Dict;
      d->view_of = obj;
      for (auto& n : obj->order) {
        auto it = obj->attrs.find(n);
        if (it == obj->attrs.end()) continue;
        const V& v = it->second;
        bool take = name == "_modules" ? is_nn_instance(v)
                    : name == "_parameters" ? v->k == VK::Tensor && v->t->is_param
                                            : v->k == VK::Tensor && v->t->is_buffer;
        if (take) d->dict.push_back({mk_str(n), v});
      }
      // its entries keep their sources (`l, bn = self._modules.values()`: LeViT's Linear_BN, L['self']._modules['c'])
      if (!stack_.empty())
        if (Activation& act = *stack_.back(); act.ctx && act.ctx->mode != Mode::Eager)
          if (auto src = act.ctx->sources.find(obj.get()); src != act.ctx->sources.end())
            for (auto& [k, v] : d->dict)
              if (!act.ctx->sources.count(v.get())) act.ctx->sources.of(v) = src->second + "." + name + "['" + k->s + "']";
      return d;
    }
  }
  // (a dict subclass's __class__ is found by normal lookup: its __getattr__ never sees it, jukebox's Hyperparams)
  if (obj->k == VK::Dict && obj->cls && name == "__class__") return obj->cls;
  if ((obj->k == VK::Instance || obj->k == VK::Dict) && obj->cls && name != "__getattr__" && !raw)
    if (V ga = find_in_class(obj->cls, "__getattr__");
        ga && (ga->k == VK::Func || (ga->k == VK::Builtin && ga->s.rfind("type_unbound:", 0) == 0))) {
      // (Dynamo inlines only a Python function there: a slot wrapper is GB0256, the frame runs eagerly)
      if (ga->k == VK::Builtin && tracing()) {
        const std::string rest = ga->s.substr(13), type = rest.substr(0, rest.find(':')), method = rest.substr(rest.find(':') + 1);
        const std::string fn = fmt::format("<method '{}' of '{}' objects>", method, type), o = py_repr(obj);
        instruction_break("User-defined object with non-function __getattr__",
                    gb_message("User-defined object with non-function __getattr__",
                               fmt::format("Found a non-function __getattr__ {} from a user-defined object {}  when attempting to getattr `{}`",
                                           fn, o, name),
                               {"Ensure the object's __getattr__ is a function type."},
                               fmt::format("object={}, name={}, getattr_fn={}", o, name, fn), "GB0256"),
                    loc);
      }
      // __getattr__ runs only when normal lookup fails: torch.nn.Module's own methods (eval, parameters, ...) are
      // found on the class first (diffusers' ModelMixin defines __getattr__ on a Module), as are dict's
      if (is_nn_instance(obj) || obj->k == VK::Dict) {  // (and dict's own methods: keys, items, ...)
        bool nn_found = false;
        V r = builtin_attr(obj, name, loc, nn_found);
        if (nn_found) return r;
      }
      try {
        return call(ga, {obj, mk_str(name)}, {}, loc);
      } catch (GraphBreak& gb) {  // a break inside it is raised by the frame's LOAD_ATTR: not resumable there
        if (tracing() && stack_.back()->depth == 0) gb.step = true;
        throw;
      }
    }
  if (name == "apply") {
    // a torch.autograd.Function subclass: with no gradient required Dynamo inlines forward(ctx, *args)
    // (an instance of one finds the classmethod through its class: `RoundStraightThrough().apply`, the legacy form)
    const V cls = obj->k == VK::Class ? obj : obj->k == VK::Instance && !obj->attrs.count(name) ? obj->cls : nullptr;
    if (cls && cls->k == VK::Class && !find_in_class(cls, "apply") && is_autograd_function_class(cls)) {
      auto b = mk_builtin("autograd_function_apply");
      b->self = cls;
      if (obj->k == VK::Instance) b->attrs[kFunctionInstance] = obj;  // (Dynamo's AutogradFunctionVariable of it: restart.cpp)
      return b;
    }
  }
  // a class the frame holds as a plain local is realized by its first attribute read: CLASS_MATCH
  if (obj->k == VK::Class) guard_class_local(obj, loc);
  if (obj->k == VK::Class && obj->fn && name == "__annotations__") {
    // the class's own annotations (runtime/annotations.cpp), never a base's: Python 3.10+ gives {} for none
    auto it = obj->attrs.find(name);
    if (it != obj->attrs.end()) return it->second;
    auto d = std::make_shared<Obj>();
    d->k = VK::Dict;
    return d;
  }
  // torch.Tensor's members: an assigned one (setattr), else the method unbound (`torch.Tensor.add(a, b)`, `orig =
  // torch.Tensor.cuda`): called with the tensor first
  if (is_tensor_class(obj) && !name.starts_with("__")) {
    if (auto it = tensor_class_attrs_.find(name); it != tensor_class_attrs_.end()) return it->second;
    return mk_builtin("tensor_unbound:" + name);
  }
  if (obj->k == VK::Class) {
    if (V m = find_in_class(obj, name)) {
      if (m->k == VK::Builtin && m->s == "staticmethod" && m->func && m->func->jit_script && is_autograd_function_class(obj)) {
        auto w = mk_builtin("jit:fn_static");  // a ScriptFunction Dynamo skips there (interp_ops.cpp)
        w->func = m->func;
        return w;
      }
      if (m->k == VK::Builtin && (m->s == "staticmethod" || m->s == "classmethod")) return apply_descriptor(m, nullptr, obj, loc);
      return m;
    }
    // a method a built-in base defines (`Dotdict.__getitem__` of a dict subclass: dict's), before object's — the
    // type's own name, module and mro are its own (type.__name__ of Hyperparams(dict) is 'Hyperparams')
    const bool type_attr = name == "__name__" || name == "__qualname__" || name == "__module__" || name == "__mro__" || name == "__dict__";
    if (obj->fn && !type_attr) {
      std::vector<V> todo{obj};
      for (size_t i = 0; i < todo.size(); ++i)
        for (const V& b : todo[i]->bases) {
          if (b && b->k == VK::Class) todo.push_back(b);
          if (b && b->k == VK::Builtin && b->s != "object") {
            bool has = false;
            V r = builtin_attr(b, name, loc, has);
            if (has) return r;
          }
        }
    }
    // a class without its own: object's (cls.__setattr__(self, name, value), as a decorator wraps it)
    if (obj->fn && (name == "__setattr__" || name == "__getattribute__")) return mk_builtin("object." + name);
  }
  if (obj->k == VK::Builtin && obj->s == "property" &&
      (name == "setter" || name == "getter" || name == "fget" || name == "fset" || name == "__get__" || name == "__set__")) {
    if (name == "fget") return obj->func;
    if (name == "fset") return obj->attrs.count("fset") ? obj->attrs["fset"] : none();
    auto b = mk_builtin("property." + name);
    b->self = obj;
    return b;
  }
  if (obj->k == VK::Builtin && obj->s == "object" && (name == "__setattr__" || name == "__init__")) return mk_builtin("object." + name);
  // `Mixin.__init__(self)` of a script class with no __init__ in its MRO: object.__init__ (NAFNet's Local_Base)
  if (obj->k == VK::Class && obj->fn && name == "__init__" && !find_in_class(obj, "__init__")) return mk_builtin("object.__init__");
  // object.__new__(cls), and a class without a __new__ of its own inherits it (`State.__new__(State)`: an instance
  // that no __init__ ran on, as copy / pickle-style code builds one)
  // (a built-in torch.nn class too: copyreg.__newobj__ of a deep-copied ParameterList)
  if (name == "__new__" && ((obj->k == VK::Builtin && obj->s == "object") ||
                            (obj->k == VK::Class && (obj->fn || !obj->builtin_nn.empty()) && !find_in_class(obj, "__new__"))))
    return mk_builtin("object.__new__");
  if (obj->k == VK::Builtin && obj->s == "super")  // super().name: the MRO after the class (interp_super.cpp)
    if (V r = super_attr(obj, name, loc)) return r;
  auto type_of = [&] {  // every value's class is type(value) (a function's is `function`, a module's `module`)
    std::vector<V> a{obj};
    std::vector<std::pair<std::string, V>> kw;
    return call_builtin("type", a, kw, loc, nullptr);
  };
  if (name == "__class__" && (obj->k == VK::Module || obj->k == VK::Func || obj->k == VK::Bound)) return type_of();
  if (obj->k == VK::Module && !obj->menv) {  // a name the script assigned on a modelled module (`sys.argv = [...]`)
    if (auto it = obj->attrs.find(name); it != obj->attrs.end()) return it->second;
  }
  V r = builtin_attr(obj, name, loc, found);
  if (found && obj->k == VK::Module) guard_global_attr(obj, name, r, loc);
  if (found) return r;
  if ((obj->k == VK::Instance && has_opaque_base(obj->cls)) || (obj->k == VK::Class && has_opaque_base(obj))) {
    note_unmodelled(loc, type_name(obj) + "." + name);
    return mk_opaque(type_name(obj) + "." + name);
  }
  // `nn.Module.__init__(self)`, `nn.LayerNorm.__init__(self, ...)`, `nn.LayerNorm.forward(self, x)` (older model code
  // and subclasses that name their base): the function through the class, self passed first (builtins_model.cpp)
  if (obj->k == VK::Class && !obj->fn && !obj->builtin_nn.empty() &&
      (name == "__init__" || (name == "forward" && obj->builtin_nn != "Module") || (name == "reset_parameters" && obj->builtin_nn != "Module")))
    return mk_builtin("nn_unbound:" + name + ":" + obj->builtin_nn);
  // a classmethod (builtins_model.cpp), found through an instance too: `nn.Embedding(n, d).from_pretrained(w)` builds
  // a new module from w and leaves the instance as it was
  if ((obj->k == VK::Class || obj->k == VK::Instance) && !obj->fn && (obj->builtin_nn == "Embedding" || obj->builtin_nn == "EmbeddingBag") &&
      name == "from_pretrained")
    return mk_builtin("nn_from_pretrained:" + obj->builtin_nn);
  // a name the script stored on a torch.nn class (interp_setattr.cpp), its own or nn.Module's: a function is a method
  if ((obj->k == VK::Class || obj->k == VK::Instance) && !obj->builtin_nn.empty() && !builtin_attr_stores_.empty())
    for (const std::string& c : {obj->builtin_nn, std::string("Module")}) {
      auto it = builtin_attr_stores_.find("torch.nn." + c + "#" + name);
      if (it == builtin_attr_stores_.end()) continue;
      if (obj->k == VK::Instance && it->second->k == VK::Func) return mk_bound(obj, it->second);
      return it->second;
    }
  if (obj->k == VK::Class && !obj->fn && !obj->builtin_nn.empty() && !name.starts_with("__")) {
    // a torch.nn class's member tparse does not model (nn.Module._load_from_state_dict): opaque, noted
    note_unmodelled(loc, "torch.nn." + obj->s + "." + name);
    return mk_opaque("torch.nn." + obj->s + "." + name);
  }
  if (name == "__class__") return type_of();
  if (name == "__delattr__" && obj->k == VK::Instance) {  // object.__delattr__ / nn.Module.__delattr__: delattr(self, n)
    auto b = mk_builtin("module.__delattr__");
    b->self = obj;
    return b;
  }
  if ((name == "__setattr__" || name == "__getattr__" || name == "__call__") && is_nn_instance(obj)) {  // nn.Module's, called by name
    auto b = mk_builtin("module." + name);
    b->self = obj;
    return b;
  }
  // what an opaque decorator returned was kept as the function it decorated (opaque.cpp), but it is really unknown
  // (triton.autotune gives an Autotuner with `.configs`): a name the function lacks is an opaque value
  if ((obj->k == VK::Func || obj->k == VK::Class) && obj->attrs.count(kOpaqueDecorator)) {
    std::string what = py_str(obj->attrs[kOpaqueDecorator]) + "(...)." + name;
    note_unmodelled(loc, what);
    return mk_opaque(what);
  }
  raise_exc("AttributeError", fmt::format("'{}' object has no attribute '{}'", obj->k == VK::Module ? "module" : type_name(obj), name), loc);
}

namespace {
bool is_exception_instance(const V& v) {
  return v->k == VK::Instance && v->cls && v->attrs.count("args") && class_derives_from(v->cls, "BaseException");
}
}  // namespace

std::string Interp::str_of(const V& v, Location loc) {
  if (v->k == VK::Instance && v->cls) {
    if (V m = find_in_class(v->cls, "__str__"); m && m->k == VK::Func) return py_str(call(m, {v}, {}, loc));
    if (is_exception_instance(v)) {  // BaseException.__str__: '' / str(the one arg) / repr(args); KeyError: repr(key)
      const auto& a = v->attrs["args"]->items;
      if (a.size() == 1) return class_derives_from(v->cls, "KeyError") ? repr_of(a[0], loc) : str_of(a[0], loc);
      return a.empty() ? "" : repr_of(v->attrs["args"], loc);
    }
    if (V m = find_in_class(v->cls, "__repr__"); m && m->k == VK::Func) return py_str(call(m, {v}, {}, loc));
  }
  return v->k == VK::Str && !v->is_bytes ? v->s : repr_of(v, loc);  // object.__str__ is repr: `<class 'm.K'>` in a message
}

std::string Interp::repr_of(const V& v, Location loc) {
  if (v->k == VK::Instance && v->cls) {
    if (V m = find_in_class(v->cls, "__repr__"); m && m->k == VK::Func) return py_str(call(m, {v}, {}, loc));
    if (is_exception_instance(v)) {  // BaseException.__repr__: Name(repr of each arg)
      std::string out = v->cls->s + "(";
      const auto& a = v->attrs["args"]->items;
      for (size_t i = 0; i < a.size(); ++i) out += (i ? ", " : "") + repr_of(a[i], loc);
      return out + ")";
    }
  }
  // object.__repr__ of classes, functions and plain instances; containers repr their items (user __repr__ included)
  auto module_of = [&](const V& c) -> std::string {
    V m = getattr(c, "__module__", loc);
    return m->k == VK::Str && m->s != "builtins" ? m->s + "." : "";
  };
  auto addr = [](const V& x) { return fmt::format("0x{:x}", reinterpret_cast<uintptr_t>(x.get())); };
  switch (v->k) {
    case VK::Class:
      if (v->fn) return fmt::format("<class '{}{}'>", module_of(v), v->s);
      if (v->builtin_nn == "Tensor" || (v->builtin_nn.empty() && v->s == "Tensor")) return "<class 'torch.Tensor'>";
      break;
    case VK::Func: if (v->fn) return fmt::format("<function {} at {}>", v->fn->name, addr(v)); break;
    case VK::Builtin:  // `int` is <class 'int'>, `len` <built-in function len>
      if (!v->self && builtin_is_type(v->s)) return fmt::format("<class '{}'>", v->s);
      if (!v->self && v->s.find_first_of(".:") == std::string::npos) return fmt::format("<built-in function {}>", v->s);
      break;
    case VK::Instance:
      if (v->cls && v->cls->fn) return fmt::format("<{}{} object at {}>", module_of(v->cls), v->cls->s, addr(v));
      if (v->cls && v->cls->k == VK::Builtin && v->cls->s == "object") return fmt::format("<object object at {}>", addr(v));
      break;
    case VK::List: case VK::Tuple: {
      if (v->size_tuple) {  // torch.Size([3, 4])
        std::string s = "torch.Size([";
        for (size_t i = 0; i < v->items.size(); ++i) s += (i ? ", " : "") + repr_of(v->items[i], loc);
        return s + "])";
      }
      if (v->is_set && v->items.empty()) return "set()";
      // (a set's members in the order tparse keeps them: insertion, not CPython's hash order)
      std::string s = v->is_set ? "{" : v->k == VK::List ? "[" : "(";
      for (size_t i = 0; i < v->items.size(); ++i) s += (i ? ", " : "") + repr_of(v->items[i], loc);
      if (v->k == VK::Tuple && v->items.size() == 1) s += ",";
      return s + (v->is_set ? "}" : v->k == VK::List ? "]" : ")");
    }
    case VK::Dict: {
      if (v->cls)  // a dict subclass: its own __repr__ (collections.defaultdict's), else dict's
        if (V m = find_in_class(v->cls, "__repr__"); m && m->k == VK::Func) return py_str(call(m, {v}, {}, loc));
      std::string s = "{";
      for (size_t i = 0; i < v->dict.size(); ++i) s += (i ? ", " : "") + repr_of(v->dict[i].first, loc) + ": " + repr_of(v->dict[i].second, loc);
      return s + "}";
    }
    default: break;
  }
  return py_repr(v);
}

// An attribute found on obj's class: a descriptor's result, a method bound to obj, or the value itself.
V Interp::class_attr(const V& obj, const std::string& name, Location loc) {
  V m = find_in_class(obj->cls, name);
  if (!m) return nullptr;
  if (V d = apply_descriptor(m, obj, obj->cls, loc)) return d;
  // a method decorated with @torch.compile is a function too (torch.compile returns one, functools.wraps'd): bound;
  // a @torch.jit.script function is a ScriptFunction, no descriptor: `obj.fn(x)` of a class attribute is fn(x)
  return (m->k == VK::Func && !m->jit_script) || (m->k == VK::Compiled && m->func && m->func->k == VK::Func) ? mk_bound(obj, m) : m;
}

/// property / staticmethod / classmethod found on a class: the value an attribute read gives; null
/// for anything else.
V Interp::apply_descriptor(const V& m, const V& inst, const V& cls, Location loc) {
  if (m->k == VK::Instance && m->cls) {  // an instance of a class defining __get__ (functools.cached_property)
    V g = find_in_class(m->cls, "__get__");
    if (!g || g->k != VK::Func) return nullptr;
    return call(g, {m, inst ? inst : none(), cls ? cls : none()}, {}, loc);
  }
  if (m->k != VK::Builtin || !m->func) return nullptr;
  if (m->s == "property") {
    try {
      return call(m->func, {inst}, {}, loc);
    } catch (GraphBreak& gb) {  // a break in the getter is raised by the frame's LOAD_ATTR: not resumable there
      // (symbolic_convert.py step(): back to the statement's checkpoint, the graph so far, the rest run eagerly;
      // transformers' loss_function property reaching logger.warning_once: gpt2's causal-LM head in training)
      if (tracing() && stack_.back()->depth == 0) gb.step = true;
      throw;
    }
  }
  if (m->s == "staticmethod") return m->func;
  if (m->s.rfind("gradwrap:", 0) == 0 && inst) {  // a @torch.no_grad() method read from an instance
    auto w = mk_builtin(m->s);
    w->func = mk_bound(inst, m->func);
    w->items = m->items;  // an autocast decorator's arguments
    return w;
  }
  if (m->s == "classmethod") {
    return mk_bound(cls, m->func);
  }
  return nullptr;
}

/// `obj.__name__(*args)` when obj is an instance of a user class defining it; null otherwise.
// An object's truth as CPython's: its class's __bool__ (a bool, else TypeError), else __len__ != 0, else true. nn's
// containers (ModuleList, Sequential, ModuleDict, ParameterList / Dict) are false when empty, as their __len__ says.
// (numpy's ndarray stub: a one-element array its element, more than one a ValueError)
bool instance_truth(Interp& I, const V& v, Location loc) {
  if (V b = I.user_dunder(v, "__bool__", {}, loc)) {
    if (b->k != VK::Bool) I.raise_exc("TypeError", fmt::format("__bool__ should return bool, returned {}", type_name(b)), loc);
    return b->b;
  }
  if (V n = I.user_dunder(v, "__len__", {}, loc)) {
    if (n->k == VK::Bool) return n->b;
    if (n->k != VK::Int) I.raise_exc("TypeError", fmt::format("'{}' object cannot be interpreted as an integer", type_name(n)), loc);
    if (n->i < 0) I.raise_exc("ValueError", "__len__() should return >= 0", loc);
    return n->i != 0;
  }
  static const std::set<std::string> containers = {"ModuleList", "Sequential", "ModuleDict", "ParameterList", "ParameterDict"};
  if (containers.count(v->builtin_nn)) return !v->order.empty();
  return true;
}

V Interp::user_dunder(const V& obj, const char* name, std::vector<V> args, Location loc) {
  if (obj->k != VK::Instance || !obj->cls) return nullptr;
  V m = find_in_class(obj->cls, name);
  if (!m || m->k != VK::Func) return nullptr;
  args.insert(args.begin(), obj);
  return call(m, std::move(args), {}, loc);
}


}  // namespace tparse::compiler
