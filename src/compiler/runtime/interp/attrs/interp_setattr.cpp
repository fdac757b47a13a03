// Attribute stores on Python values: setattr (a class's __setattr__, properties and other data descriptors, nn.Module
// registries: parameters, buffers, submodules), object.__setattr__, an instance's __dict__, and the stores a compiled
// frame makes on objects from before it (graph outputs: FrameCtx::attr_stores).
#include <fmt/format.h>

#include <algorithm>
#include <functional>

#include "runtime/interp.hpp"
#include "torch/values/values.hpp"
#include "runtime/values/keys.hpp"
#include "dynamo/messages.hpp"

namespace tparse::compiler {

static bool nn_instance(const V& v) { return v->k == VK::Instance && !v->builtin_nn.empty(); }

void Interp::instance_dict_store(const V& obj, const std::string& name, const V& v) {
  if (!v) {
    obj->attrs.erase(name);
    obj->order.erase(std::remove(obj->order.begin(), obj->order.end(), name), obj->order.end());
    return;
  }
  if (!obj->attrs.count(name)) obj->order.push_back(name);
  obj->attrs[name] = v;
}

void Interp::note_attr_store(const V& obj, const std::string& name, const V& v) {
  Activation& act = *stack_.back();
  // a tensor, or a container holding tensors or SymInts (a list of torch.Size slices): the graph returns them
  std::function<bool(const V&, int)> live = [&](const V& x, int depth) {
    if (!x || depth > 8) return false;
    if (x->k == VK::Tensor || (x->k == VK::Int && !x->sym.empty())) return true;
    if (x->k == VK::List || x->k == VK::Tuple)
      for (auto& y : x->items) if (live(y, depth + 1)) return true;
    if (x->k == VK::Dict)
      for (auto& kv : x->dict) if (live(kv.second, depth + 1)) return true;
    return false;
  };
  if (!act.ctx || act.ctx->mode != Mode::Record || !v || !act.ctx->sources.count(obj.get())) return;
  if (act.ctx->attrs_written.insert({obj.get(), name}).second) act.ctx->held.push_back(obj);  // (alive: no reused address)
  if ((v->k == VK::Dict || v->k == VK::List || (v->k == VK::Tuple && !v->size_tuple) || (v->k == VK::Instance && !nn_instance(v))) &&
      !act.ctx->sources.count(v.get()) && act.ctx->stored_new.insert(v.get()).second)
    act.ctx->held.push_back(v);
  // (a SymInt alone too: a dynamic counter `self.it += 1` is returned as its `add` node, program int_attr_counter_dynamic)
  // (a list or dict the frame made, empty when stored, counts too: what it holds when the graph ends is reconstructed
  // after it, so those tensors are outputs: `self.trail = []` then `self.trail.append(x.sum())`)
  const bool made_here = (v->k == VK::List || v->k == VK::Dict) && act.ctx->stored_new.count(v.get());
  // (a SymFloat: returned as a 0-d float64 tensor, compile_graph.cpp — `self.scale = self.scale * 0.5` of a dynamic
  // float)
  if (v->k != VK::Tensor && !(v->k == VK::Int && !v->sym.empty()) && !(v->k == VK::Float && v->sym_node >= 0) && !((v->k == VK::List || v->k == VK::Tuple || v->k == VK::Dict) && live(v, 0)) &&
      !made_here)
    return;
  for (auto& [o, n, val] : act.ctx->attr_stores)
    if (o == obj && n == name) { val = v; return; }
  act.ctx->attr_stores.emplace_back(obj, name, v);
}

// An attribute store inside a torch.utils.checkpoint body Dynamo speculates (tag_activation_checkpoint) on an object
// from outside the body (one the frame reached through a source: self, a submodule): a side effect the HOP refuses,
// GB0067, raised inside the store (a module's: nn.Module.__setattr__) and so the break of the call that entered the
// body (real torch 2.11: open_lm's `self.freqs_cis = self.freqs_cis.to(q.device)` under grad checkpointing; program
// ckpt_setattr_side_effect)
void Interp::hop_side_effect(const V& obj, Location loc) {
  static const std::string mod = "/opt/torch/.venv/lib/python3.12/site-packages/torch/nn/modules/module.py";
  const bool module = nn_instance(obj);
  const std::string cls = obj->cls ? obj->cls->s : type_name(obj);
  GraphBreak gb;
  gb.gb_type = "HOP: Unsafe side effect";
  gb.msg = gb_message("HOP: Unsafe side effect",
                      "Mutating a variable from outside the scope of this HOP is not supported.",
                      {"If the HOP is activation checkpointing (torch.utils.checkpoint.checkpoint), this points to a side effect in "
                       "forward method. Eager activation checkpointing replays that side-effect while recomputing the forward in "
                       "the backward. If you are ok with side-effect not replayed in the backward, try setting "
                       "`torch._dynamo.config.skip_fwd_side_effects_in_bwd_under_checkpoint = True`"},
                      fmt::format("Attempted to mutate {}({})", module ? "UnspecializedNNModuleVariable" : "UserDefinedObjectVariable", cls),
                      "GB0067");
  // (the message names the operator first: "Higher Order Operator: torch.utils.checkpoint.checkpoint")
  gb.msg.insert(gb.msg.find('\n') + 1, "  Higher Order Operator: torch.utils.checkpoint.checkpoint\n");
  gb.loc = loc;
  gb.fn_name = stack_.back()->fn ? stack_.back()->fn->name : "<module>";
  gb.traceback = user_traceback(loc);
  if (module) {
    gb.at = mod + ":2075";
    gb.traceback += fmt::format("  File \"{}\", line 2075, in __setattr__\n    super().__setattr__(name, value)\n", mod);
  }
  throw gb;
}

void Interp::setattr(V obj, const std::string& name, V v, Location loc) {
  // `torch.Tensor.cuda = fn` (a driver's monkeypatch): tensors look the name up there from now on
  if (is_tensor_class(obj)) {
    tensor_class_attrs_[name] = v;
    return;
  }
  // `obj.__class__ = Sub` (ToMe's patch swaps a model's and its blocks' classes): the object is a Sub from now on,
  // its methods and class attributes Sub's (object.__setattr__ checks the layouts; a class of the script here)
  if (name == "__class__" && obj->k == VK::Instance && v->k == VK::Class) {
    if (!obj->cls && obj->builtin_nn.empty()) raise_exc("TypeError", "__class__ assignment only supported for mutable types or ModuleType subclasses", loc);
    obj->cls = v;
    return;
  }
  if ((obj->k == VK::Instance || obj->k == VK::Dict) && obj->cls) {  // `obj.x = v` is type(obj).__setattr__(obj, 'x', v) when a class defines it
    // (a container slot too: a dotdict's `__setattr__ = dict.__setitem__` stores an item)
    if (V sa = find_in_class(obj->cls, "__setattr__");
        sa && (sa->k == VK::Func || (sa->k == VK::Builtin && sa->s.rfind("type_unbound:", 0) == 0))) {
      call(sa, {obj, mk_str(name), v}, {}, loc);
      return;
    }
  }
  if (tracing() && obj->k == VK::Tensor && name == "requires_grad") {
    std::vector<V> a{obj, v};
    std::vector<std::pair<std::string, V>> kw;
    if (stack_.back()->depth == 0) depth0_call(mk_builtin("__tparse_requires_grad_setattr__"), a, kw, loc, "STORE_ATTR");
    else call(mk_builtin("__tparse_requires_grad_setattr__"), a, kw, loc);
    return;
  }
  // an attribute stored on a plain Python function in a frame: Dynamo has no rule for setattr on a
  // UserFunctionVariable (GB0059; point-e's checkpoint `ctx.run_function = ...` once apply's ctx is dropped)
  if (tracing() && obj->k == VK::Func) {
    std::vector<V> a{obj, mk_str(name), v};
    std::vector<std::pair<std::string, V>> kw;
    if (stack_.back()->depth == 0) depth0_call(mk_builtin("__tparse_function_setattr__"), a, kw, loc, "STORE_ATTR");
    else call(mk_builtin("__tparse_function_setattr__"), a, kw, loc);
    return;
  }
  // a tensor stored over a module's buffer in a frame: Dynamo inlines Module.__setattr__, whose register_buffer asks
  // `hasattr(self, name)`, which reads (and guards, TENSOR_MATCH) the buffer being replaced (program
  // buffer_reassign_sourced: `self.pe = self.spare` guards both and recompiles once they alias)
  if (tracing() && nn_instance(obj) && v->k == VK::Tensor)
    if (auto cur = obj->attrs.find(name); cur != obj->attrs.end() && cur->second->k == VK::Tensor && cur->second->t->is_buffer &&
                                          cur->second != v)
      getattr(obj, name, loc);
  // an nn.Buffer made in the frame (no source: CTRL's `self.pos_encoding = self.pos_encoding.to(...)`) stored over a
  // module's buffer: Module.__setattr__'s buffer branch reads `value.persistent`, a GetAttrVariable of a tensor with no
  // source, and breaks the graph on it (builtins_more.cpp); in the frame's own code at the STORE_ATTR, which resumes
  // after the store. A buffer read from a source (FastSpeech2's `self.pos_enc = self.extend_pos_enc(x, self.pos_enc)`
  // given back as it is) has its real `persistent`, a constant: no break
  if (tracing() && nn_instance(obj) && v->k == VK::Tensor && v->t->nn_buffer && !stack_.back()->ctx->sources.count(v.get())) {
    auto cur = obj->attrs.find(name);
    if (cur != obj->attrs.end() && cur->second->k == VK::Tensor && cur->second->t->is_buffer) {
      std::vector<V> a{obj, mk_str(name), v};
      std::vector<std::pair<std::string, V>> kw;
      if (stack_.back()->depth == 0) depth0_call(mk_builtin("__tparse_buffer_setattr__"), a, kw, loc, "STORE_ATTR");
      else call(mk_builtin("__tparse_buffer_setattr__"), a, kw, loc);
      return;
    }
  }
  // a CrossEntropyLoss made in the frame (a LambdaVariable: interp_ops.cpp) stored on a module: Module.__setattr__'s
  // first test, `isinstance(value, Parameter)`, has no type for it (GB0175, builtin.py call_isinstance; real torch
  // 2.11: TS-TCC's NTXentLoss built in the training step)
  if (tracing() && nn_instance(obj) && v->k == VK::Builtin && v->s == "__tparse_ce_lambda__") {
    std::vector<V> a{obj, mk_str(name), v};
    std::vector<std::pair<std::string, V>> kw;
    if (stack_.back()->depth == 0) depth0_call(mk_builtin("__tparse_lambda_module_setattr__"), a, kw, loc, "STORE_ATTR");
    else call(mk_builtin("__tparse_lambda_module_setattr__"), a, kw, loc);
    return;
  }
  object_setattr(obj, name, v, loc);
}

// object.__setattr__: a data descriptor (property) of the class, else the instance's own attribute.
void Interp::object_setattr(V obj, const std::string& name, V v, Location loc) {
  // torch.compile(module) is an OptimizedModule: a store on it reaches the module it wraps (its __setattr__ passes
  // names other than its own through to _orig_mod: `cm.pos = ...`, a KV cache position kept on the model)
  if (obj->k == VK::Compiled && obj->func && obj->func->k == VK::Instance && name != "_orig_mod") {
    setattr(obj->func, name, v, loc);
    return;
  }
  if (obj->k == VK::Instance && obj->cls) {  // a property with a setter
    V p = find_in_class(obj->cls, name);
    if (p && p->k == VK::Instance && p->cls)  // a user data descriptor: its __set__
      if (V st = find_in_class(p->cls, "__set__"); st && st->k == VK::Func) {
        call(st, {p, obj, v}, {}, loc);
        return;
      }
    if (p && p->k == VK::Builtin && p->s == "property") {
      auto it = p->attrs.find("fset");
      if (it == p->attrs.end()) raise_exc("AttributeError", fmt::format("property '{}' of '{}' object has no setter", name, obj->cls->s), loc);
      // in a traced frame the store is a side effect Dynamo records (a later read sees the value itself) and the
      // compiled code replays after its graph through setattr, which runs the setter then, a frame of its own under
      // the callback (real torch 2.11: programs property_setter_plain_object, module_dict_threadlocal_cache)
      if (!stack_.empty() && stack_.back()->ctx && stack_.back()->ctx->mode != Mode::Eager) {  // (its cached code too)
        FrameCtx& ctx = *stack_.back()->ctx;
        for (auto& d : ctx.deferred_setters)
          if (d.obj.get() == obj.get() && d.name == name) { d.value = v; return; }
        ctx.deferred_setters.push_back({obj, it->second, v, name});
        return;
      }
      try {
        call(it->second, {obj, v}, {}, loc);
      } catch (GraphBreak& gb) {  // a break inside the setter is raised by the frame's STORE_ATTR: not resumable there
        if (tracing() && stack_.back()->depth == 0) gb.step = true;
        throw;
      }
      return;
    }
  }
  if (obj->k == VK::Module && obj->menv) { obj->menv->set(name, v); return; }
  // a module tparse models in C++ (`torch.backends.cudnn.benchmark = True`, `torch._dynamo.config.x = n`): a plain
  // module attribute store in Python; later reads of that name see it
  if (obj->k == VK::Builtin && !obj->self && obj->s.rfind("torch.", 0) == 0) { builtin_attr_stores_[obj->s + "." + name] = v; return; }
  // a torch.nn class patched (deep-image-prior's `torch.nn.Module.add = add_module`): every instance finds it, a
  // subclass's too (interp_attr.cpp)
  if (obj->k == VK::Class && !obj->fn && !obj->builtin_nn.empty()) { builtin_attr_stores_["torch.nn." + obj->builtin_nn + "#" + name] = v; return; }
  if (obj->k == VK::Opaque) return;  // stored into something unmodelled: nothing to keep
  if (obj->k == VK::Dict && obj->cls) {  // a dict subclass whose __dict__ is the dict itself (`self.__dict__ = self`,
    auto it = obj->attrs.find("__dict__");  // hifi-gan's AttrDict): attribute stores are item stores
    if (name != "__dict__" && it != obj->attrs.end() && it->second.get() == obj.get()) { dict_put(*obj, mk_str(name), v); return; }
  }
  if (name == "__dict__" && v->k == VK::Dict && v.get() != obj.get() && (obj->k == VK::Instance || obj->k == VK::Dict)) {
    obj->attrs.clear();  // `obj.__dict__ = d`: d's items are the attributes now (a copy: later stores into d are not seen)
    obj->order.clear();
    for (auto& [k, x] : v->dict) if (k->k == VK::Str) { obj->order.push_back(k->s); obj->attrs[k->s] = x; }
    return;
  }
  if (placeholder_log_ && obj->k == VK::Instance && tracing() && stack_.back()->ctx->sources.count(obj.get()))
    hop_side_effect(obj, loc);
  note_attr_store(obj, name, v);
  journal(obj);
  // f.attr = v too; an instance of a Python subclass of dict has a __dict__ (diffusers' FrozenDict)
  if (obj->k == VK::Instance || obj->k == VK::Class || obj->k == VK::Module || obj->k == VK::Func || (obj->k == VK::Dict && obj->cls)) {
    // a container's order is its _modules (what forward, len and indexing walk): a plain attribute of a
    // Sequential / ModuleList subclass (timm's `self.stride = 16` on a stem) is no child
    bool container = obj->k == VK::Instance && (obj->builtin_nn == "Sequential" || obj->builtin_nn == "ModuleList");
    bool child = v->k == VK::Instance && !v->builtin_nn.empty();
    // Module.__setattr__: a tensor stored under a buffer's name is that buffer now (register_buffer)
    if (nn_instance(obj) && v->k == VK::Tensor && !v->t->is_buffer && !v->t->is_param) {
      auto cur = obj->attrs.find(name);
      if (cur != obj->attrs.end() && cur->second->k == VK::Tensor && cur->second->t->is_buffer) v->t->is_buffer = true;
    }
    if (!obj->attrs.count(name) && (!container || child)) obj->order.push_back(name);
    obj->attrs[name] = v;
    return;
  }
  if (obj->k == VK::Tensor && name == "requires_grad") {
    // (a leaf made to require grad is the user's leaf: a backward's walk ends there, as at requires_grad_(); lynnho's
    // gradient penalty `x = (...).detach(); x.requires_grad = True`)
    obj->t->requires_grad = v->b;
    if (v->b && !obj->t->grad_fn) obj->t->user_leaf = true;
    return;
  }
  if (obj->k == VK::Tensor && name == "data" && v->k == VK::Tensor) {
    // `t.data = u` (Tensor.data's setter): t keeps its identity, grad flag and registration, u's data replaces
    // its own (shape, strides, dtype, device; timm's `weight.data *= s` is this after an in-place multiply)
    TensorInfo u = *v->t;
    if (tracing()) {
      // in a frame Dynamo records the store (MoCo's momentum update `pm.data = pm.data * m + ...`):
      // `set_ = torch_Tensor_set_(t, v)`, then `_lower_version_count_by_1(set_)` (FX numbers later ones _by_2, ...)
      // (the store runs under dynamo_disable_grad: with grad on, `_set_grad_enabled(False)` before it and True after,
      // as GradModeVariable coalesces a mode that changes; SAGAN's SpectralNorm power iteration)
      Graph& g = stack_.back()->ctx->graph;
      int target = node_of(obj), value = node_of(v);
      const bool grad_on = grad_enabled_;
      if (grad_on) emit_ctx_node("torch._C._set_grad_enabled", "_set_grad_enabled", {Arg{-1, "False"}}, Location{});
      Node s;
      s.op = "call_function";
      s.target = "torch_Tensor_set_";
      s.args = {Arg{target, ""}, Arg{value, ""}};
      s.name = g.unique_name("set_");
      s.meta = u;
      s.has_meta = true;
      stamp_node(s, loc);
      g.nodes.push_back(s);
      int set_id = static_cast<int>(g.nodes.size()) - 1;
      if (grad_on) emit_ctx_node("torch._C._set_grad_enabled", "_set_grad_enabled", {Arg{-1, "True"}}, Location{});
      int n = 1;
      for (const auto& x : g.nodes) n += x.name.rfind("_lower_version_count_by_", 0) == 0;
      Node l;
      l.op = "call_function";
      l.name = fmt::format("_lower_version_count_by_{}", n);
      l.target = "torch__dynamo_variables_builtin_" + l.name;
      l.args = {Arg{set_id, ""}};
      stamp_node(l, loc);
      g.nodes.push_back(l);
    }
    values::mutated(*this, obj);  // (first: the write makes what the storage held stale, then u's data is t's)
    obj->t->shape = u.shape, obj->t->stride = u.stride, obj->t->dtype = u.dtype, obj->t->device = u.device;
    obj->t->fill = u.fill, obj->t->approx = u.approx;
    if (const std::vector<double>* uv = values::of(*this, v)) values::attach(*this, obj, *uv);  // u's values
    return;
  }
  if (obj->k == VK::Tensor && !name.starts_with("__")) {  // torch.Tensor has a __dict__: a Python attribute of ours
    obj->attrs[name] = v;
    return;
  }
  if (obj->k == VK::List && obj->cls) {  // an instance of a list subclass has a __dict__
    obj->attrs[name] = v;
    return;
  }
  // a builtin class standing for a typing alias (`Hyp = Tuple[...]`, which is typing.tuple here): CPython's
  // _GenericAlias.__setattr__ keeps dunder attributes on the alias (torchaudio sets `Hypothesis.__doc__`)
  if (obj->k == VK::Builtin && name == "__doc__") { builtin_attr_stores_[obj->s + ".__doc__"] = v; return; }
  // an object without a __dict__ (CPython's AttributeError, which the script may catch)
  raise_exc("AttributeError", fmt::format("'{}' object has no attribute '{}' and no __dict__ for setting new attributes", type_name(obj), name), loc);
}

}  // namespace tparse::compiler
