// nn.Module's own methods on modules of the script and built-in ones (`module.<name>` builtins bound by
// builtin_attr): train / eval, ModuleList append / extend, parameters and buffers, register_* / add_module,
// state-dict hooks (no-ops: nothing is loaded in a run), forward hooks and forward pre-hooks (run by
// Interp::call_with_hooks around the module's call, removed by their handle), children / modules and their named
// forms (each module once, as nn.Module's memo), get_submodule.
#include <fmt/format.h>

#include <functional>
#include <set>

#include "torch/nn/module_guards.hpp"
#include "dynamo/messages.hpp"
#include "runtime/interp.hpp"
#include "torch/op_table.hpp"
#include "torch/nn/nn_more.hpp"
#include "runtime/values/keys.hpp"

namespace tparse::compiler {

// A torch.compile'd module kept as a submodule (an OptimizedModule: an nn.Module whose one child is `_orig_mod`):
// the module it wraps, which parameters(), train() / eval(), to() and state_dict() reach through it
V compiled_module(const V& c) {
  return c->k == VK::Compiled && c->func && c->func->k == VK::Instance && !c->func->builtin_nn.empty() ? c->func : nullptr;
}

// Calls fn on every tensor attribute of the module and of its submodules (each module once, through compiled wrappers)
static void for_each_module_tensor(const V& root, const std::function<void(const V&)>& fn) {
  std::set<const Obj*> seen;
  std::function<void(const V&)> walk = [&](const V& mod) {
    if (!seen.insert(mod.get()).second) return;
    for (auto& n : mod->order) {
      const V& c = mod->attrs[n];
      if (c->k == VK::Tensor) fn(c);
      else if (c->k == VK::Instance && !c->builtin_nn.empty()) walk(c);
      else if (V in = compiled_module(c)) walk(in);
    }
  };
  walk(root);
}


V hook_handle(const V& owner, const V& entry, const char* key) {
  auto handle = std::make_shared<Obj>();
  handle->k = VK::Instance;
  auto remove = mk_builtin("module._tparse_remove_hook");
  remove->self = mk_tuple({owner, entry, mk_str(key)});
  handle->attrs["remove"] = remove;
  return handle;
}

V Interp::call_with_hooks(const V& module, std::vector<V> args, std::vector<std::pair<std::string, V>> kwargs, Location loc) {
  // nn.Module._call_impl with hooks: each pre-hook(module, args[, kwargs]) may replace the arguments (a non-tuple
  // result is the only argument), then the module runs, then each hook(module, args[, kwargs], output) may
  // replace the output
  auto hooks = [&](const char* key) {
    auto it = module->attrs.find(key);
    return it == module->attrs.end() || !it->second ? std::vector<V>{} : it->second->items;
  };
  auto kw_dict = [&]() {
    auto d = std::make_shared<Obj>();
    d->k = VK::Dict;
    for (auto& [k, v] : kwargs) d->dict.push_back({mk_str(k), v});
    return d;
  };
  // inside a compiled frame Dynamo inlines _call_impl's full path: the arguments become graph inputs at the call,
  // and a hook's result is stored as `args_result` / `hook_result` (a tensor's node takes that name)
  Activation& act = *stack_.back();
  const bool rec = act.ctx && act.ctx->mode == Mode::Record;
  if (rec) {
    guard_hooks_len(module, loc);
    for (auto& a : args) if (a && a->k == VK::Tensor) realize(a);
    for (auto& [k, v] : kwargs) if (v && v->k == VK::Tensor) realize(v);
  }
  auto name_result = [&](const V& r, const char* name) {
    if (!rec || r->k != VK::Tensor) return;
    act.ctx->graph.rename_tensor(r.get(), name);
  };
  for (auto& h : hooks(kForwardPreHooks)) {
    bool with_kwargs = truthy(h->items[1], loc);
    std::vector<V> a{module, mk_tuple(args)};
    if (with_kwargs) a.push_back(kw_dict());
    V r = call(h->items[0], a, {}, loc);
    if (r->k == VK::None) continue;
    name_result(r, "args_result");
    if (with_kwargs) {
      if (r->k != VK::Tuple || r->items.size() != 2) raise_exc("RuntimeError", "forward pre-hook must return None or a tuple of (new_args, new_kwargs)", loc);
      args = r->items[0]->k == VK::Tuple ? r->items[0]->items : std::vector<V>{r->items[0]};
      kwargs.clear();
      for (auto& [k, v] : r->items[1]->dict) kwargs.push_back({py_str(k), v});
    } else {
      args = r->k == VK::Tuple ? r->items : std::vector<V>{r};
    }
  }
  hooks_bypass_ = module.get();  // the call below runs the module itself (Interp::call checks this first)
  V out = call(module, args, kwargs, loc);
  for (auto& h : hooks(kForwardHooks)) {
    bool with_kwargs = truthy(h->items[1], loc);
    std::vector<V> a{module, mk_tuple(args)};
    if (with_kwargs) a.push_back(kw_dict());
    a.push_back(out);
    V r = call(h->items[0], a, {}, loc);
    if (r->k == VK::None) continue;
    name_result(r, "hook_result");
    out = r;
  }
  // backward hooks: a full one (register_full_backward_hook / _pre_hook) wraps the arguments and output in
  // BackwardHook's identity functions, not modelled in a frame; a non-full one (register_backward_hook) makes
  // _call_impl read the output's first tensor's grad_fn to register it there, which breaks the graph when the output
  // has one (Dynamo's "Tensor with grad_fn()": wavenet_vocoder's Conv1d under training)
  if (tracing()) {
    bool full = false, non_full = false;
    for (auto& h : hooks(kBackwardHooks)) (truthy(h->items[1], loc) ? full : non_full) = true;
    if (full) note_unmodelled(loc, "a full backward hook of a module called in a compiled frame");
    V var = out;
    while (non_full && var && var->k != VK::Tensor) {
      if (var->k == VK::Dict && !var->dict.empty()) var = var->dict.front().second;
      else if ((var->k == VK::Tuple || var->k == VK::List) && !var->items.empty()) var = var->items[0];
      else var = nullptr;
    }
    if (non_full && var) {
      getattr(var, "grad_fn", loc);
      name_result(var, "var");  // (_call_impl's `var = result`: the output's first store under the hook's code)
    }
  }
  return out;
}

const char* const kRnnAt = "__tparse_rnn_at__";
const char* const kRnnRepr = "__tparse_rnn_repr__";

// A parameter generator traced in a frame whose walk reaches an RNN module after some items: VariableBuilder refuses the
// RNN (GB0014) when the generator runs on to the item at `index` (`next(...)` of the first item stops before it; a
// for loop, list() or tuple() asks for it). The frame's own code iterating cannot resume the break: the frame is
// skipped; from an inlined function (a property) it is that call's break (real torch 2.11: awni/speech's
// `list(self.parameters())[0].is_cuda`)
void Interp::traced_gen_advance(const V& gen, size_t index, Location loc) {
  auto at = gen->attrs.find(kRnnAt);
  if (at == gen->attrs.end() || static_cast<size_t>(at->second->i) != index || !tracing() || stack_.back()->ctx->mode != Mode::Record)
    return;
  try {
    graph_break("Attempted to wrap RNN, GRU, or LSTM", msg_rnn(gen->attrs[kRnnRepr]->s), loc);
  } catch (GraphBreak& gb) {
    gb.skip_frame = stack_.back()->depth == 0;
    throw;
  }
}

V Interp::call_module_method(const std::string& m, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs,
                             Location loc, V self, bool& handled) {
  handled = true;
  // nn.Module's registration methods by keyword (`register_parameter(name=..., param=None)`): each keyword goes to
  // its parameter's place while the positions before it are filled
  static const std::map<std::string, std::vector<std::string>> params = {
      {"register_parameter", {"name", "param"}}, {"register_buffer", {"name", "tensor", "persistent"}},
      {"add_module", {"name", "module"}}, {"register_module", {"name", "module"}}};
  if (auto ps = params.find(m); ps != params.end())
    for (size_t i = args.size(); i < ps->second.size(); ++i) {
      auto it = std::find_if(kwargs.begin(), kwargs.end(), [&](const auto& kv) { return kv.first == ps->second[i]; });
      if (it == kwargs.end()) break;
      args.push_back(it->second);
      kwargs.erase(it);
    }
  auto arg = [&](size_t i) -> V {
    if (i >= args.size()) error(loc, fmt::format("module.{}() missing argument", m));
    return args[i];
  };
  // in a frame the hook's RemovableHandle is made by torch's Python (utils/hooks.py), whose `RemovableHandle.next_id
  // += 1` stores a class attribute: GB0059 (setattr on a type) inside the inlined call (real torch 2.11: ddae's
  // feature hooks registered in a compiled forward, program Y_forward_hook_in_frame)
  if (tracing() && (m == "register_forward_hook" || m == "register_forward_pre_hook" || m == "register_backward_hook" ||
                    m == "register_full_backward_hook" || m == "register_full_backward_pre_hook"))
    graph_break("Failed to trace builtin operator",
                msg_builtin_op("setattr", {"type|torch._dynamo.variables.user_defined.UserDefinedClassVariable", "str", "int"}), loc);
  if (m == "register_forward_hook" || m == "register_forward_pre_hook") {
    // (hook, *, prepend=False, with_kwargs=False[, always_call=False]); the handle's remove() takes it off
    bool pre = m == "register_forward_pre_hook";
    bool prepend = false, with_kwargs = false;
    for (auto& [k, v] : kwargs) {
      if (k == "prepend") prepend = truthy(v, loc);
      else if (k == "with_kwargs") with_kwargs = truthy(v, loc);
    }
    V entry = mk_tuple({arg(0), mk_bool(with_kwargs)});
    const char* key = pre ? kForwardPreHooks : kForwardHooks;
    V& list = self->attrs[key];
    if (!list) list = mk_list({});
    if (prepend) list->items.insert(list->items.begin(), entry);
    else list->items.push_back(entry);
    return hook_handle(self, entry, key);
  }
  if (m == "register_backward_hook" || m == "register_full_backward_hook" || m == "register_full_backward_pre_hook") {
    // a backward hook acts in backward, which tparse does not run: kept (its handle's remove() takes it off) and
    // left out of the forward graph, as Dynamo leaves it (routing-transformer's k-means update hook)
    const bool full = m != "register_backward_hook";
    V entry = mk_tuple({arg(0), mk_bool(full)});  // (hook, full)
    V& list = self->attrs[kBackwardHooks];
    if (!list) list = mk_list({});
    // nn.Module's _is_full_backward_hook: one module takes hooks of one kind (a pre-hook is a full one)
    for (const V& h : list->items)
      if (truthy(h->items[1], loc) != full)
        raise_exc("RuntimeError", "Cannot use both regular backward hooks and full backward hooks on a single Module. Please use only one of them.", loc);
    list->items.push_back(entry);
    return hook_handle(self, entry, kBackwardHooks);
  }
  if (m == "__call__") {  // self.__call__(...): nn.Module.__call__ as a bound method (GenerationMixin's model_forward)
    return call(self, args, kwargs, loc);
  }
  if (m == "__delattr__") {  // self.__delattr__("a"): as delattr(self, "a") (a submodule leaves _modules)
    std::vector<V> a{self, arg(0)};
    std::vector<std::pair<std::string, V>> none_kw;
    return call_builtin("delattr", a, none_kw, loc, nullptr);
  }
  if (m == "__setattr__") {  // self.__setattr__("level_1", child): nn.Module.__setattr__ (dla's Tree), object's store
    object_setattr(self, py_str(arg(0)), arg(1), loc);
    return none();
  }
  if (m == "__getattr__") {  // self.__getattr__("level_1"): nn.Module.__getattr__ finds parameters, buffers, modules
    std::string n = py_str(arg(0));
    auto it = self->attrs.find(n);
    bool registered = it != self->attrs.end() && ((it->second->k == VK::Tensor && (it->second->t->is_param || it->second->t->is_buffer)) ||
                                                   (it->second->k == VK::Instance && !it->second->builtin_nn.empty()));
    if (!registered) raise_exc("AttributeError", fmt::format("'{}' object has no attribute '{}'", type_name(self), n), loc);
    return getattr(self, n, loc);
  }
  if (m == "_tparse_remove_hook") {  // RemovableHandle.remove(): self is (module, entry, list key)
    auto it = self->items[0]->attrs.find(self->items[2]->s);
    if (it != self->items[0]->attrs.end())
      std::erase_if(it->second->items, [&](const V& e) { return e.get() == self->items[1].get(); });
    return none();
  }
  if (m == "compile") {
    auto kwargs_backend_callable = [](const auto& kw) {
      for (auto& [k, v] : kw) if (k == "backend" && v->k != VK::Str) return true;
      return false;
    };
    // Module.compile(**kw): `self._compiled_call_impl = torch.compile(self._call_impl, **kw)`, which __call__ runs from
    // then on. _call_impl is torch.nn's (trace_rules skips it): the frames compiled are the user code it calls, a
    // user module's forward; a model of torch.nn classes only gets no graph (real torch 2.11: module_compile_method)
    auto opts = std::make_shared<CompileOpts>();
    for (auto& [k, v] : kwargs) {
      if (k == "dynamic" && v->k == VK::Bool) { opts->dynamic_false = !v->b; opts->dynamic_true = v->b; }
      if (k == "fullgraph") opts->fullgraph = v->k == VK::Bool && v->b;
    }
    opts->call_impl = true;
    if (!kwargs_backend_callable(kwargs)) note_backend_lookup();
    auto c = std::make_shared<Obj>();
    c->k = VK::Compiled;
    c->func = self;
    c->copts = opts;
    self->attrs["_compiled_call_impl"] = c;
    return none();
  }
  if (m == "eval" || m == "train") {
    bool mode = m == "train" ? (args.empty() || truthy(arg(0), loc)) : false;
    std::set<const Obj*> seen;  // each module once (a module reachable twice, or a cycle), as children()'s memo
    // Module.train sets `training` and calls each child's train(mode): a child's own override runs (EfficientFormer's
    // Attention caches its bias table in train(False)); eval() is self.train(False), the override included
    auto own_train = [&](const V& mod) -> V {
      if (!mod->cls) return nullptr;
      V t = find_in_class(mod->cls, "train");
      return t && (t->k == VK::Func || (t->k == VK::Builtin && t->func)) ? class_attr(mod, "train", loc) : nullptr;
    };
    if (m == "eval")
      if (V t = own_train(self)) { call(t, {mk_bool(false)}, {}, loc); return self; }
    // in a frame Dynamo inlines it: named_children wraps each child (`module not in memo`), and VariableBuilder refuses
    // an RNN (allow_rnn=False): a break at the train() / eval() call, resumed after it (real torch 2.11: fatchord's
    // Tacotron calling self.train() in forward, its CBHG's bidirectional GRU)
    const bool traced = tracing() && stack_.back()->ctx && stack_.back()->ctx->mode == Mode::Record;
    std::function<void(V, bool)> set = [&](V mod, bool top) {
      if (!seen.insert(mod.get()).second) return;
      if (traced && !top && is_rnn_module(mod))
        graph_break("Attempted to wrap RNN, GRU, or LSTM", msg_rnn(rnn_repr(mod)), loc);
      if (!top)
        if (V t = own_train(mod)) { call(t, {mk_bool(mode)}, {}, loc); return; }
      mod->attrs["training"] = mk_bool(mode);
      for (auto& n : mod->order) {
        V c = mod->attrs[n];
        if (c->k == VK::Instance && !c->builtin_nn.empty()) set(c, false);
        else if (V in = compiled_module(c)) set(in, false);
      }
    };
    set(self, true);
    return self;
  }
  if (m == "append") {
    std::string key = std::to_string(self->order.size());
    self->order.push_back(key);
    self->attrs[key] = arg(0);
    if (self->builtin_nn == "ParameterList" && arg(0)->k == VK::Tensor && !arg(0)->t->is_param) {  // made a Parameter
      V p = mk_tensor(*arg(0)->t);
      p->vals = arg(0)->vals;
      p->t->is_param = true;
      p->t->requires_grad = true;
      self->attrs[key] = p;
    }
    return self;
  }
  if (m == "insert") {  // ModuleList.insert(index, module): the keys after it shift by one, as torch's
    std::vector<V> mods;
    for (auto& n : self->order) mods.push_back(self->attrs[n]);
    long long n = static_cast<long long>(mods.size()), i = arg(0)->i;
    if (i < 0) i = std::max(0LL, i + n);
    mods.insert(mods.begin() + std::min(i, n), arg(1));
    for (auto& k : self->order) self->attrs.erase(k);
    self->order.clear();
    for (size_t j = 0; j < mods.size(); ++j) {
      self->order.push_back(std::to_string(j));
      self->attrs[std::to_string(j)] = mods[j];
    }
    return none();
  }
  if (m == "extend") { for (auto& x : iterate(arg(0), loc)) { std::string key = std::to_string(self->order.size()); self->order.push_back(key); self->attrs[key] = x; } return self; }
  if (m == "apply") {  // Module.apply(fn): each child's apply (children(): every direct submodule once), then fn(self)
    V fn = arg(0);
    std::function<void(V)> apply = [&](V mod) {
      std::set<const Obj*> seen;
      for (auto& n : mod->order) {
        V c = mod->attrs[n];
        if (c->k == VK::Instance && !c->builtin_nn.empty() && seen.insert(c.get()).second) apply(c);
        else if (V in = compiled_module(c); in && seen.insert(in.get()).second) apply(in);
      }
      call(fn, {mod}, {}, loc);
    };
    apply(self);
    return self;
  }
  // Module.to(device / dtype / tensor), .cuda(), .cpu(), .half(), .float(), .double(), .bfloat16(): every parameter and
  // buffer of it and its submodules moves (a dtype applies to floating-point tensors only, as torch's _apply):
  // an optimizer over CUDA parameters takes its foreach path
  if (m == "to" || m == "cuda" || m == "cpu" || m == "half" || m == "float" || m == "double" || m == "bfloat16") {
    // in a compiled frame Dynamo inlines Module._apply, whose `Parameter(param_applied, ...)` for each parameter is
    // GB0264 (graph_break_on_nn_param_ctor): the call breaks and runs eagerly (soft-moe moves its experts in forward)
    const bool in_compiled = !stack_.empty() && stack_.back()->ctx && stack_.back()->ctx->mode != Mode::Eager;
    if (in_compiled && module_has_params(self)) graph_break("Attempted to use `torch.nn.Parameter()` constructor with Dynamo", msg_nn_param_ctor(), loc);
    std::string device, dtype;
    if (m == "cuda") device = "cuda";
    if (m == "cpu") device = "cpu";
    if (m == "half") dtype = "float16";
    if (m == "float") dtype = "float32";
    if (m == "double") dtype = "float64";
    if (m == "bfloat16") dtype = "bfloat16";
    if (m == "to") {
      std::vector<V> xs = args;
      for (auto& [k, v] : kwargs) if (k == "device" || k == "dtype") xs.push_back(v);
      for (const V& a : xs) {
        if (a->k == VK::Device || a->k == VK::Str) device = a->s;
        if (a->k == VK::DType) dtype = a->s;
        if (a->k == VK::Tensor) { device = a->t->device; dtype = a->t->dtype; }
      }
    }
    if (m == "cuda" && !args.empty() && args[0]->k == VK::Int) device = "cuda:" + std::to_string(args[0]->i);
    if (!tracing()) for_each_module_tensor(self, [&](const V& c) {
      if (!c->t->is_param && !c->t->is_buffer) return;
      if (!device.empty()) c->t->device = tensor_device(device);
      const std::string& dt = c->t->dtype;
      if (!dtype.empty() && (dt.find("float") != std::string::npos || dt == "bfloat16")) c->t->dtype = dtype;
    });
    return self;
  }
  // Module.share_memory(): each tensor's share_memory_() (its storage moves to shared memory; values and metadata stay),
  // then self (torchbeast's actor processes share the learner's model)
  if (m == "share_memory") return self;
  // Module.type(dst_type): `_apply(lambda t: t.type(dst_type))`, every parameter and buffer takes the type's dtype and
  // device ('torch.FloatTensor', torch.cuda.FloatTensor; deep-image-prior's `net.type(dtype)`), integer ones too
  if (m == "type" && !args.empty()) {
    const std::string& t = args[0]->s;  // ('torch.FloatTensor', or the class itself: its name)
    static const std::map<std::string, std::string> dtypes = {
        {"FloatTensor", "float32"}, {"DoubleTensor", "float64"}, {"HalfTensor", "float16"}, {"BFloat16Tensor", "bfloat16"},
        {"LongTensor", "int64"}, {"IntTensor", "int32"}, {"ShortTensor", "int16"}, {"CharTensor", "int8"},
        {"ByteTensor", "uint8"}, {"BoolTensor", "bool"}};
    const std::string base = t.substr(t.rfind('.') == std::string::npos ? 0 : t.rfind('.') + 1);
    auto d = dtypes.find(base);
    if (d != dtypes.end() && !tracing())
      for_each_module_tensor(self, [&](const V& c) {
        if (!c->t->is_param && !c->t->is_buffer) return;
        c->t->dtype = d->second;
        c->t->device = tensor_device(t.find(".cuda.") != std::string::npos ? "cuda" : "cpu");
      });
    return self;
  }
  if (m == "requires_grad_") {  // Module.requires_grad_(requires_grad=True): every parameter's flag, submodules' too
    V flag = !args.empty() ? args[0] : nullptr;
    for (auto& [k, v] : kwargs) if (k == "requires_grad") flag = v;
    bool known = true;
    const bool on = !flag || truthy_const(flag, known);
    if (!tracing() && known) for_each_module_tensor(self, [&](const V& c) { if (c->t->is_param) c->t->requires_grad = on; });
    return self;
  }
  if (m == "parameters" || m == "named_parameters" || m == "buffers" || m == "named_buffers") {
    // the module's own tensors of that kind, then each submodule's, with dotted names
    bool buffers = m.ends_with("buffers"), named = m.starts_with("named_");
    std::vector<V> xs;
    long long rnn_at = -1;  // the index of the first item past an RNN module the walk reaches (in a frame)
    std::string rnn_text;
    std::set<const Obj*> seen;  // each module and each tensor once, as nn.Module's memo (remove_duplicate=True)
    // inside a frame each tensor is reached through the module's source (Dynamo inlines the generator over
    // _modules / _parameters): `L['self']._modules['base']._parameters['weight']`, its placeholder's name
    FrameCtx* ctx = tracing() ? stack_.back()->ctx.get() : nullptr;
    auto src_of = [&](const V& o) -> std::string {
      if (!ctx) return "";
      auto it = ctx->sources.find(o.get());
      return it == ctx->sources.end() ? "" : it->second;
    };
    // (nn.Module._named_members: named_modules() order, each module's own tensors first, then its children's,
    // whatever order they were assigned in: BEiT's cls_token before patch_embed's weight)
    std::function<void(V, std::string, std::string)> walk = [&](V mod, std::string pre, std::string src) {
      if (!seen.insert(mod.get()).second) return;
      for (auto& n : mod->order) {
        V c = mod->attrs[n];
        if (c->k == VK::Tensor && (buffers ? c->t->is_buffer : c->t->is_param)) {
          if (!src.empty() && !ctx->sources.count(c.get())) ctx->sources.of(c) = src + (buffers ? "._buffers['" : "._parameters['") + n + "']";
          if (seen.insert(c.get()).second) xs.push_back(named ? mk_tuple({mk_str(pre + n), c}) : c);
        }
      }
      for (auto& n : mod->order) {
        V c = mod->attrs[n];
        if (c->k == VK::Instance && !c->builtin_nn.empty()) {
          // in a frame the generator wraps each child module it reaches (named_modules over `_modules`), and
          // VariableBuilder refuses an RNN (GB0014, a break at the call): End-to-end-ASR's `next(self.parameters())`
          // of a decoder holding only an LSTM (real torch 2.11). (Reached after a first item, the common
          // `next(...)` has stopped: not modelled as a break.) The frame's own code iterating the generator cannot resume
          // a break inside it: the frame is skipped (Unsupported.skip_frame; init_state itself as a frame); from an
          // inlined function it is that call's break
          if (ctx && xs.empty() && is_rnn_module(c)) {
            try {
              graph_break("Attempted to wrap RNN, GRU, or LSTM", msg_rnn(rnn_repr(c)), loc);
            } catch (GraphBreak& gb) {
              gb.skip_frame = stack_.back()->depth == 0;
              throw;
            }
          }
          // (reached after some items: the break comes when a consumer asks for the item after them, as
          // `list(self.parameters())` does: awni/speech's is_cuda property; traced_gen_advance)
          if (ctx && !xs.empty() && is_rnn_module(c) && rnn_at < 0) {
            rnn_at = static_cast<long long>(xs.size());
            rnn_text = rnn_repr(c);
          }
          std::string cs = src.empty() ? "" : src + "._modules['" + n + "']";
          if (!cs.empty() && !ctx->sources.count(c.get())) ctx->sources.of(c) = cs;
          walk(c, pre + n + ".", src_of(c).empty() ? cs : src_of(c));
        } else if (V in = compiled_module(c)) {
          walk(in, pre + n + "._orig_mod.", "");
        }
      }
    };
    walk(self, "", src_of(self));
    V r = mk_list(xs);
    if (!tracing()) {  // eagerly a generator object; its items stand in for it
      static const char* names[] = {"Module.parameters", "Module.named_parameters", "Module.buffers", "Module.named_buffers"};
      r->generator_of = names[(buffers ? 2 : 0) + (named ? 1 : 0)];
    } else if (!buffers) {
      r->traced_gen = "parameters";  // (each parameter a graph input as it is yielded: Interp::yielded)
    }
    if (tracing() && rnn_at >= 0) {
      r->attrs[kRnnAt] = mk_int(rnn_at);
      r->attrs[kRnnRepr] = mk_str(rnn_text);
    }
    return r;
  }
  auto is_mod = [](const V& c) { return c->k == VK::Instance && !c->builtin_nn.empty(); };
  if (m == "items" || m == "keys" || m == "values") {
    // a ModuleDict's entries are its submodules (a ParameterDict's its tensors), not its plain attributes
    // (torchvision's IntermediateLayerGetter keeps `self.return_layers = {...}` beside its layers)
    const bool params = self->builtin_nn == "ParameterDict";
    std::vector<V> xs;
    // (in a frame each entry is reached through the dict's source: `G['net']._modules['model']._modules['layer_0']`)
    FrameCtx* ctx = tracing() ? stack_.back()->ctx.get() : nullptr;
    std::string src;
    if (ctx) if (auto it = ctx->sources.find(self.get()); it != ctx->sources.end()) src = it->second;
    for (auto& n : self->order) {
      V c = self->attrs[n];
      if (params ? c->k != VK::Tensor : !is_mod(c)) continue;
      if (!src.empty() && !ctx->sources.count(c.get())) ctx->sources.of(c) = src + (params ? "._parameters['" : "._modules['") + n + "']";
      xs.push_back(m == "keys" ? mk_str(n) : m == "values" ? c : mk_tuple({mk_str(n), c}));
    }
    return mk_list(xs);
  }
  // ModuleDict.update(mapping or pairs) / __setitem__: add_module per entry, in order (OLMo's transformer dict)
  if ((m == "update" || m == "__setitem__") && (self->builtin_nn == "ModuleDict" || self->builtin_nn == "ParameterDict")) {
    auto put = [&](const V& k, const V& v) {
      if (self->builtin_nn == "ParameterDict" && v->k == VK::Tensor) { v->t->is_param = true; v->t->requires_grad = true; }
      setattr(self, py_str(k), v, loc);
    };
    if (m == "__setitem__") { put(arg(0), arg(1)); return none(); }
    if (!args.empty()) {
      V src = arg(0);
      if (src->k == VK::Dict) for (auto& kv : src->dict) put(kv.first, kv.second);
      else if (src->k == VK::Instance && (src->builtin_nn == "ModuleDict" || src->builtin_nn == "ParameterDict"))
        for (auto& n : src->order) put(mk_str(n), src->attrs[n]);
      else
        for (auto& p : iterate(src, loc)) {
          auto kv = iterate(p, loc);
          if (kv.size() != 2) raise_exc("ValueError", "ModuleDict update sequence element has wrong length", loc);
          put(kv[0], kv[1]);
        }
    }
    return none();
  }
  if (m == "pop" && (self->builtin_nn == "ModuleDict" || self->builtin_nn == "ParameterDict")) {  // pop(key): removed, returned
    std::string k = py_str(arg(0));
    auto it = self->attrs.find(k);
    if (it == self->attrs.end()) raise_exc("KeyError", arg(0), loc);
    V v = it->second;
    self->attrs.erase(it);
    std::erase(self->order, k);
    return v;
  }
  if (m == "_output_padding") {  // _ConvTransposeNd._output_padding(input, output_size, stride, padding, kernel_size,
                                 // num_spatial_dims, dilation=None): pro_gan's equalized layers call it from their forward
    static const char* names[] = {"input", "output_size", "stride", "padding", "kernel_size", "num_spatial_dims", "dilation"};
    std::vector<V> p(7);
    for (size_t i = 0; i < args.size() && i < 7; ++i) p[i] = args[i];
    for (auto& [k, v] : kwargs)
      for (size_t i = 0; i < 7; ++i) if (k == names[i]) p[i] = v;
    std::vector<std::string> missing;
    for (size_t i = 0; i < 6; ++i) if (!p[i]) missing.push_back(fmt::format("'{}'", names[i]));
    if (!missing.empty()) {  // (CPython's wording: pro_gan's V3.3 layers call the pre-2.0 five-argument form)
      std::string list = missing.back();
      if (missing.size() > 1) {
        list = missing[0];
        for (size_t i = 1; i + 1 < missing.size(); ++i) list += ", " + missing[i];
        list += (missing.size() > 2 ? ", and " : " and ") + missing.back();
      }
      raise_exc("TypeError", fmt::format("_ConvTransposeNd._output_padding() missing {} required positional argument{}: {}",
                                         missing.size(), missing.size() > 1 ? "s" : "", list), loc);
    }
    if (p[1]->k == VK::None) return self->attrs.count("output_padding") ? self->attrs["output_padding"] : mk_tuple({mk_int(0)});
    if (p[1]->k != VK::List && p[1]->k != VK::Tuple) raise_exc("TypeError", "_output_padding(): output_size must be a list of ints", loc);
    return nn_conv_transpose_output_padding(*this, self->builtin_nn, p[0], p[1], p[2], p[3], p[4], p[6], loc);
  }
  if (m == "zero_grad") {  // nn.Module.zero_grad(set_to_none=True), inlined in a frame (module.py)
    bool to_none = true;
    if (!args.empty() && args[0]->k == VK::Bool) to_none = args[0]->b;
    for (auto& [k, v] : kwargs) if (k == "set_to_none" && v->k == VK::Bool) to_none = v->b;
    module_zero_grad(*this, self, to_none, loc);
    return none();
  }
  if (m == "reset_running_stats") {  // _NormBase: zero the mean and the count, fill the variance with 1 (when tracked)
    auto buf = [&](const char* n) { auto it = self->attrs.find(n); return it != self->attrs.end() ? it->second : nullptr; };
    V tr = buf("track_running_stats");
    if (tr && tr->k == VK::Bool && !tr->b) return none();
    for (const char* n : {"running_mean", "num_batches_tracked"})
      if (V b = buf(n); b && b->k == VK::Tensor) call(getattr(b, "zero_", loc), {}, {}, loc);
    if (V b = buf("running_var"); b && b->k == VK::Tensor) call(getattr(b, "fill_", loc), {mk_int(1)}, {}, loc);
    return none();
  }
  if (m == "flatten_parameters") return none();  // RNNBase: cudnn's weight layout; nothing on CPU (in a frame the RNN's
                                                  // attribute load broke first, GB0014)
  if (m == "register_parameter") {  // None or a Parameter, registered under its name
    V p = args.size() > 1 ? arg(1) : none();
    if (p->k == VK::Tensor) p->t->is_param = true;
    setattr(self, arg(0)->s, p, loc);
    return none();
  }
  if (m == "state_dict" || m == "load_state_dict") return state_dict_method(m, args, kwargs, loc, self);
  if (m.find("load_state_dict") != std::string::npos || m.find("state_dict_hook") != std::string::npos ||
      m == "register_state_dict_pre_hook")
    return none();  // hooks of a state dict: nothing is saved to or read from disk in a run
  if (m == "register_buffer") {
    if (arg(1)->k == VK::Tensor) arg(1)->t->is_buffer = true;
    V persistent = args.size() > 2 ? arg(2) : nullptr;
    for (auto& [k, v] : kwargs) if (k == "persistent") persistent = v;
    if (persistent && !truthy(persistent, loc)) nonpersistent_.insert({self.get(), arg(0)->s});
    else nonpersistent_.erase({self.get(), arg(0)->s});
    setattr(self, arg(0)->s, arg(1), loc);
    return none();
  }
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
