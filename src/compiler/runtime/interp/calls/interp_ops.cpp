// Interpreter operations: calls (user functions, classes, modules, compiled wrappers) on Python values
// (subscripts and iteration: interp_items.cpp; attributes: interp_attr.cpp; operators: interp_arith.cpp).
#include <fmt/format.h>

#include <functional>
#include <set>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>

#include "dynamo/variables/autograd_apply_source.hpp"
#include "runtime/generator.hpp"
#include "runtime/interp.hpp"
#include "torch/random/random_rules.hpp"
#include "runtime/values/keys.hpp"
#include "dynamo/messages.hpp"

namespace tparse::compiler {

static bool is_module_inst(const V& v) { return v->k == VK::Instance && !v->builtin_nn.empty(); }

/// A class deriving (directly or not) from an opaque value: attributes it lacks may come from there.
bool has_opaque_base(const V& cls) {
  if (!cls) return false;
  for (auto& b : cls->bases) if (b->k == VK::Opaque || (b->k == VK::Class && has_opaque_base(b))) return true;
  return false;
}

/// A torch function, tensor method or nn module call (builtins named torch.* / F.* / tensor.*): its shape
/// rule may reject arguments it does not model; then unknown_op places it in the graph (issue 22).
static bool is_torch_builtin(const std::string& n) {
  if (n.rfind("torch.distributed.", 0) == 0) return false;  // torch/distributed.cpp takes opaque arguments (ReduceOp)
  return n.rfind("torch.", 0) == 0 || n.rfind("F.", 0) == 0 || n.rfind("tensor.", 0) == 0;
}

V find_in_class(const V& cls, const std::string& name) {
  if (!cls) return nullptr;
  // a single-inheritance chain: its MRO is the chain itself
  bool single = true;
  for (const Obj* c = cls.get(); c && single; c = c->bases.empty() ? nullptr : c->bases[0].get()) {
    single = c->bases.size() <= 1;
    auto it = c->attrs.find(name);
    if (single && it != c->attrs.end()) return it->second;
  }
  if (single) return nullptr;
  // several bases somewhere: Python's C3 order (a mixin before the base it shares with its sibling: rlkit's
  // `class Independent(Distribution, torch.distributions.Independent)` finds the latter's __init__ before
  // Distribution's)
  for (const V& c : class_mro(cls)) {
    if (!c) continue;
    auto it = c->attrs.find(name);
    if (it != c->attrs.end()) return it->second;
  }
  return nullptr;
}

/// Whether a module (or a submodule of it) holds a parameter: one built inside a compiled frame leaves no
/// graph node of its construction in torch 2.11 (device check: a module holding an nn.Linear built in
/// forward adds neither _log_api_usage_once nor its initialization ops; one without parameters adds both).
bool module_has_params(const V& mod, const std::set<const Obj*>& existing) {
  std::set<const Obj*> seen;
  std::function<bool(const V&)> walk = [&](const V& m) -> bool {
    if (!seen.insert(m.get()).second) return false;
    for (auto& [n, c] : m->attrs) {
      if (c->k == VK::Tensor && c->t->is_param && !existing.count(c.get())) return true;
      if (c->k == VK::Instance && !c->builtin_nn.empty() && walk(c)) return true;
    }
    return false;
  };
  return walk(mod);
}

/// The parameters reachable from a constructor's arguments (modules, and lists / tuples / dicts of them): a module
/// built from modules that exist already (`nn.Sequential(*layers)`) constructs no Parameter(), so holding theirs is no
/// GB0264 and its __init__ is inlined, API-usage log and all (g-mlp builds its layers' Sequential in forward).
std::set<const Obj*> params_in_args(const std::vector<V>& args, const std::vector<std::pair<std::string, V>>& kwargs) {
  std::set<const Obj*> out, seen;
  std::function<void(const V&)> walk = [&](const V& v) {
    if (!v || !seen.insert(v.get()).second) return;
    if (v->k == VK::Tensor) {
      if (v->t && v->t->is_param) out.insert(v.get());
    } else if (v->k == VK::Instance && !v->builtin_nn.empty()) {
      for (auto& [n, c] : v->attrs) walk(c);
    } else if (v->k == VK::List || v->k == VK::Tuple) {
      for (auto& x : v->items) walk(x);
    } else if (v->k == VK::Dict) {
      for (auto& [k, x] : v->dict) walk(x);
    }
  };
  for (auto& a : args) walk(a);
  for (auto& [k, a] : kwargs) walk(a);
  return out;
}

/// C3 linearization (Python's MRO) of a class: the class, then its bases merged so that each class comes
/// before its bases and bases keep their order. A builtin base (object, a torch.nn class) is one entry
/// named by its name; an inconsistent hierarchy (TypeError in Python) falls back to depth-first order.
std::vector<V> class_mro(const V& cls) {
  auto key = [](const V& c) -> std::string { return c->k == VK::Class && c->fn ? fmt::format("{}", static_cast<const void*>(c.get())) : "b:" + c->s; };
  if (!cls || cls->k != VK::Class || cls->bases.empty()) return {cls};
  std::vector<std::vector<V>> seqs;
  for (auto& b : cls->bases) seqs.push_back(class_mro(b));
  seqs.push_back(cls->bases);
  std::vector<V> out{cls};
  for (;;) {
    bool any = false;
    for (auto& s : seqs) any = any || !s.empty();
    if (!any) return out;
    V pick;
    for (auto& s : seqs) {  // the first head that is in no other sequence's tail
      if (s.empty()) continue;
      std::string h = key(s.front());
      bool in_tail = false;
      for (auto& t : seqs)
        for (size_t i = 1; i < t.size() && !in_tail; ++i) in_tail = key(t[i]) == h;
      if (!in_tail) { pick = s.front(); break; }
    }
    if (!pick) {  // inconsistent: depth-first, each class once
      std::vector<V> dfs;
      std::set<std::string> seen;
      std::function<void(const V&)> walk = [&](const V& c) {
        if (!seen.insert(key(c)).second) return;
        dfs.push_back(c);
        if (c->k == VK::Class) for (auto& b : c->bases) walk(b);
      };
      walk(cls);
      return dfs;
    }
    std::string pk = key(pick);
    out.push_back(pick);
    for (auto& s : seqs) if (!s.empty() && key(s.front()) == pk) s.erase(s.begin());
  }
}

/// A class deriving from dict (or collections.OrderedDict, a dict here): its instances are dicts with `cls` set.
bool is_dict_class(const V& cls) {
  if (!cls) return false;
  if ((cls->k == VK::Builtin && cls->s == "dict") || (cls->k == VK::Func && cls->fn && cls->fn->name == "OrderedDict")) return true;
  if (cls->k != VK::Class) return false;
  for (auto& b : cls->bases) if (is_dict_class(b)) return true;
  return false;
}

/// A class deriving from list: its instances are lists with `cls` set (a user's batch container).
static bool is_list_class(const V& cls) {
  if (!cls) return false;
  if (cls->k == VK::Builtin && cls->s == "list") return true;
  if (cls->k != VK::Class) return false;
  for (auto& b : cls->bases) if (is_list_class(b)) return true;
  return false;
}

// A user function run eagerly with eval_frame's callback off: no frame of it, nor of anything it calls, is converted
// (a torch.compiler.disable()d function, a @torch.jit.script one called eagerly)
V Interp::call_without_callback(const V& fn, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs) {
  int saved = callback_active_;
  callback_active_ = 0;
  V r;
  try { r = call_user(fn, args, kwargs, nullptr, 0); } catch (...) { callback_active_ = saved; throw; }
  callback_active_ = saved;
  return r;
}

// Builtins a guessed number passes through without deciding anything: formatting and printing, storing it, and
// arithmetic whose result carries the guess on (Interp::use_guess)
static bool guess_harmless(const std::string& n) {
  static const std::set<std::string> store = {"print", "str", "repr", "format", "isinstance", "type", "id", "hash",
                                              "list.append", "list.extend", "list.insert", "dict.update", "dict.setdefault",
                                              "str.format", "str.join", "__tparse_logger_call__", "sys.stdout.write",
                                              "sys.stderr.write", "tuple", "list"};
  return store.count(n) || n.rfind("logging.", 0) == 0;
}
static bool guess_carried(const std::string& n) {
  static const std::set<std::string> num = {"float", "int", "round", "abs", "min", "max", "sum", "pow", "divmod"};
  return num.count(n) || n.rfind("math.", 0) == 0;
}

V Interp::call(V callee, std::vector<V> args, std::vector<std::pair<std::string, V>> kwargs, Location loc) {
  // a guessed number handed to a builtin or to torch decides something, unless the builtin formats, stores or
  // computes a number that carries the guess on; a Python function of the script takes it along
  int carried = -1;
  if (callee->k != VK::Func && callee->k != VK::Class && !(callee->k == VK::Bound && callee->func && callee->func->k == VK::Func)) {
    bool any = false;
    for (const V& a : args) any = any || (a && a->guess >= 0);
    for (const auto& kv : kwargs) any = any || (kv.second && kv.second->guess >= 0);
    if (any) {
      const std::string n = callee->k == VK::Builtin ? callee->s : "";
      if (guess_carried(n)) {
        for (const V& a : args) if (a && a->guess >= 0) { carried = a->guess; break; }
      } else if (!guess_harmless(n)) {
        for (const V& a : args) use_guess(a);
        for (const auto& kv : kwargs) use_guess(kv.second);
      }
    }
  }
  if (carried >= 0) {
    V r = call_plain(callee, std::move(args), std::move(kwargs), loc);
    if (r && (r->k == VK::Int || r->k == VK::Float || r->k == VK::Bool) && r->guess < 0) {
      r = std::make_shared<Obj>(*r);
      r->guess = carried;
    }
    return r;
  }
  return call_plain(callee, std::move(args), std::move(kwargs), loc);
}

V Interp::call_plain(V callee, std::vector<V> args, std::vector<std::pair<std::string, V>> kwargs, Location loc) {
  Activation& act = *stack_.back();
  bool in_compiled = act.ctx && act.ctx->mode != Mode::Eager;
  switch (callee->k) {
    case VK::Builtin:
      // an autograd Function's apply the frame read from a source (`self.fn = Fn.apply` stored on a module before
      // it), not as `Fn.apply` in its code: dynamo/variables/sparse_input.cpp
      if (act.ctx && act.ctx->mode == Mode::Record && callee->self && callee->s == "autograd_function_apply" &&
          act.ctx->sources.count(callee.get()))
        autograd_apply_from_source(*this, loc);
      // a Python builtin (Dynamo's BuiltinVariable) realizes its keyword arguments, and all its positional ones when
      // one is lazy: a tensor input passed to it is a graph input here (`dict(c=z)`, `isinstance(x, torch.Tensor)`;
      // real torch 2.11: program dict_kwargs_lifts_input)
      if (in_compiled && !callee->self && tracing() && python_builtin(callee->s)) {
        for (auto& a : args) if (a && a->k == VK::Tensor) realize(a);
        for (auto& [k, a] : kwargs) if (a && a->k == VK::Tensor) realize(a);
      }
      if (callee->s == "__tparse_ce_lambda__") {
        // Dynamo's LambdaVariable of an nn.CrossEntropyLoss built in the frame (user_defined.py
        // _call_cross_entropy_loss): F.cross_entropy(input, target, weight, size_average, ignore_index, reduce, reduction,
        // label_smoothing), every argument positional
        if (args.size() < 2) raise_exc("TypeError", "CrossEntropyLoss() needs input and target", loc);
        std::vector<V> a{args[0], args[1]};
        for (const V& x : callee->items) a.push_back(x);
        std::vector<std::pair<std::string, V>> none_kw;
        return torch_fn("F.cross_entropy", a, none_kw, loc);
      }
      if (callee->s == "torch.compile.partial") {
        auto c = std::make_shared<Obj>();
        c->k = VK::Compiled;
        if (args.empty()) error(loc, "torch.compile(...) decorator needs a function");
        c->func = args[0];
        c->copts = callee->copts;
        return c;
      }
      if (callee->s == "ctx:autocast" && args.size() == 1 && kwargs.empty() && args[0]->k == VK::Func) {
        // @torch.autocast(...) on a function: torch's _contextlib wrapper, entering the manager around each call
        auto w = mk_builtin("gradwrap:autocast");
        w->func = args[0];
        // the manager object exists before the call, so Dynamo reads its resolved fields: the device's autocast
        // dtype (cpu bfloat16, otherwise float16) and the cache flag (True) where the call left them None
        w->items = callee->items;
        if (w->items.size() == 4) {
          if (w->items[1]->k == VK::None) {
            auto d = std::make_shared<Obj>();
            d->k = VK::DType;
            d->s = w->items[0]->k == VK::Str && w->items[0]->s == "cpu" ? "bfloat16" : "float16";
            w->items[1] = d;
          }
          if (w->items[3]->k == VK::None) w->items[3] = mk_bool(true);
        }
        return w;
      }
      if (callee->s == "jit:fn_static" && callee->func) {
        // a @torch.jit.script staticmethod read from an autograd.Function subclass (`Entmoid15._forward(x)`):
        // AutogradFunctionVariable.var_getattr hands the ScriptFunction to trace_rules.lookup, which skips torch.jit
        // (GB0007); from any other class or a global VariableBuilder's wrap_jit_function inlines its Python source
        if (in_compiled) graph_break("Attempted to call function marked as skipped", msg_skipped_builtin("torch.jit", "torch.jit.ScriptFunction"), loc);
        return call_without_callback(callee->func, args, kwargs);
      }
      if (callee->s == "lru:wrapper" && callee->func) {
        // functools' C _lru_cache_wrapper around something that is not a plain function (a bound method:
        // audiocraft's `self.get_pattern = lru_cache(100)(self.get_pattern)`): Dynamo's UserDefinedObjectVariable,
        // whose __call__ it cannot trace (GB0156); eagerly the wrapped callable runs (its frame converted, as C calls it)
        if (in_compiled) {
          std::string ctx_args;
          for (size_t i = 0; i < args.size(); ++i) ctx_args += (i ? ", " : "") + variable_repr(args[i]);
          graph_break("Unsupported method call", msg_unsupported_method("_lru_cache_wrapper", "__call__",
                      "call_method UserDefinedObjectVariable(_lru_cache_wrapper) __call__ [" + ctx_args + "] {}"), loc);
        }
        V f = callee->func;
        return call(f, std::move(args), std::move(kwargs), loc);
      }
      if (callee->s.rfind("gradwrap:", 0) == 0 && callee->func) {  // @torch.no_grad() function
        // torch/utils/_contextlib.py's decorate_context: `with ctx_factory(): return func(*args, **kwargs)`;
        // inlined in a compiled frame (the mode's nodes), a skipped torch frame in eager code
        V f = callee->func;
        // (torch.autocast as a decorator is the same wrapper: its nodes carry no stack trace of the user's)
        bool ac = callee->s == "gradwrap:autocast";
        // (the wrapper compiled as the frame itself, torch.compile of the decorated function: the frame is
        // _contextlib's `inner` and its mode nodes have no user stack either; program inference_mode_fn)
        bool root = tracing() && stack_.back()->depth == 0;
        V r = with_grad_ctx(callee->s.substr(9), ac || root ? Location{} : loc, [&] { return call(f, std::move(args), std::move(kwargs), loc); }, callee);
        // a generator function made a lazy generator (eager code): the mode holds while its body runs, resume by
        // resume (_contextlib's _wrap_generator; xLSTM's `@torch.no_grad() def generate(...): ... yield`)
        if (!ac && r && r->k == VK::Iterator && r->gen) r->gen->grad_kind = callee->s.substr(9);
        return r;
      }
      if (is_torch_builtin(callee->s) && callee->s != "torch.compile" && callee->s.rfind("torch._dynamo", 0) != 0) {
        std::vector<V> saved_args = args;
        auto saved_kw = kwargs;
        bool opaque_arg = false;  // an unmodelled operand (or a size inside a tuple): no rule can use it
        for (auto& a : args) {
          opaque_arg = opaque_arg || (a && a->k == VK::Opaque);
          if (a && (a->k == VK::Tuple || a->k == VK::List))
            for (auto& x : a->items) opaque_arg = opaque_arg || (x && x->k == VK::Opaque);
        }
        for (auto& [k, v] : kwargs) opaque_arg = opaque_arg || (v && v->k == VK::Opaque);
        try {
          if (opaque_arg) throw CompileError(loc, "an unmodelled argument");
          return call_builtin(callee->s, args, kwargs, loc, callee->self);
        } catch (CompileError& e) {
          if (!falls_back(e, saved_args, callee->self)) shape_error(e, loc);
          bool method = callee->s.rfind("tensor.", 0) == 0;
          if (method && callee->self) saved_args.insert(saved_args.begin(), callee->self);
          std::string target = method ? callee->s.substr(7) : callee->s.rfind("F.", 0) == 0 ? "torch.nn.functional." + callee->s.substr(2) : callee->s;
          return unknown_op(target, method, saved_args, saved_kw, loc, e.what());
        }
      }
      return call_builtin(callee->s, args, kwargs, loc, callee->self);
    case VK::Opaque: return opaque_call(callee, args, kwargs, loc);
    case VK::Compiled: return call_compiled(callee, std::move(args), std::move(kwargs), loc, in_compiled);
    case VK::Func: {
      if (callee->disabled) {
        if (in_compiled) graph_break("Skip calling `torch.compiler.disable()`d function", msg_disabled(callee->fn->name), loc);
        return call_without_callback(callee, args, kwargs);
      }
      // a function of ours wrapped by torch._disable_dynamo (`f.__tparse_disable_dynamo__ = True`: Optimizer.zero_grad)
      // called eagerly: the wrapper runs it with the callback off, so it is no frame (in a frame its body breaks: GB0008)
      if (!in_compiled && callback_active_ > 0 && callee->attrs.count("__tparse_disable_dynamo__"))
        return call_without_callback(callee, args, kwargs);
      // a function of a file trace_rules skips (the lr scheduler's step wrapper: `__tparse_skip__` = module,
      // qualname, file): in a frame GB0007 at the call; eagerly it runs as torch's code, never a frame of its own
      if (auto sk = callee->attrs.find("__tparse_skip__"); sk != callee->attrs.end() && sk->second->k == VK::Tuple && sk->second->items.size() == 3) {
        const auto& it = sk->second->items;
        if (in_compiled) graph_break("Attempted to call function marked as skipped", msg_skipped_torch_fn(py_str(it[0]), py_str(it[1]), py_str(it[2])), loc);
        return call_user(callee, args, kwargs, nullptr, 0);
      }
      // a function of torch/optim/lr_scheduler.py (trace_rules' FORCE_SKIP_FILES) inlined in a frame: GB0008 at the
      // call (`scheduler.step()` in a compiled training step; real torch 2.11: ibc's `LRScheduler.step`)
      if (in_compiled && callee->fn && path_of(callee->fn->loc.file) == "<tparse-stubs>/__tparse_lr_scheduler__.py") {
        const std::string qual = (callee->cls && callee->cls->k == VK::Class ? callee->cls->s + "." : "") + callee->fn->name;
        graph_break("Attempted to inline function marked as skipped",
                    msg_skipped_inline_file(qual, callee->fn->name, "/opt/torch/.venv/lib/python3.12/site-packages/torch/optim/lr_scheduler.py",
                                            "FORCE_SKIP_FILES"), loc);
      }
      // a numpy function wants Python numbers: a SymInt argument is specialized (guard_int; BERT-pytorch's
      // `np.power(self.n_current_steps, -0.5)` recompiles on every step although the int became dynamic)
      // (an int attribute made dynamic: a size symbol stays symbolic, torch._numpy wraps it as a tensor)
      if (in_compiled && callee->fn && path_of(callee->fn->loc.file).rfind("<tparse-stubs>/numpy/", 0) == 0) {
        auto attr_sym = [&](const V& a) {
          if (!a || a->k != VK::Int || a->sym.empty()) return false;
          for (auto& [src, s] : act.ctx->dyn_attr_ints) if (s->sym == a->sym) return true;
          return false;
        };
        for (auto& a : args) if (attr_sym(a)) specialize_symbol(a->sym, loc);
        for (auto& [k, a] : kwargs) if (attr_sym(a)) specialize_symbol(a->sym, loc);
      }
      // an inlined user function's call realizes its first positional argument, the others stay lazy until an op
      // reads them: `top(x, y)` computing `lin(b) + a.sum()` lifts x, lin's weight, y; `attn(y, x)` computing
      // `q @ kv.transpose(..)` lifts y before x; a method's first argument is its instance, so `h.run(x, y)`,
      // `m.forward(x, t)`, `self.features(x)` lift their tensors where ops read them (real torch 2.11: programs
      // plain_object_method_arg_order, direct_forward_call_keeps_args_lazy, setattr_on_function, list_arg_guard)
      if (in_compiled && tracing() && !args.empty() && args[0] && args[0]->k == VK::Tensor && act.ctx->sources.count(args[0].get()))
        node_of(args[0]);
      if (in_compiled) return call_user(callee, args, kwargs, act.ctx, act.depth + 1);
      // a @torch.jit.script function called eagerly runs in the TorchScript interpreter: no Python frame for Dynamo
      // to convert, none of its own nor of anything it calls (inlined into a frame, its Python source is traced)
      if (callee->jit_script) {
        return call_without_callback(callee, args, kwargs);
      }
      // an lru_cache'd function called eagerly: a hit returns the cached result from C, no Python frame (a
      // warning_once made before the compile is not a frame of the compiled run)
      std::string lru_key;
      if (auto lc = lru_caches_.find(callee.get()); lc != lru_caches_.end() && lru_cache_key(args, kwargs, lru_key))
        if (auto hit = lc->second.find(lru_key); hit != lc->second.end()) return hit->second;
      // a function of torch's (a bundled `__tparse_torch*` stub) is skipped by trace_rules: it runs eagerly, the
      // user functions it calls are frames
      // (a generator function's frame is never converted: torch 2.11 leaves generator frames to CPython)
      V r = callback_active_ > 0 && !hidden_stub_fn(callee) && !skipfile_stub_fn(callee) && !callee->fn->generator
                ? run_frame(callee, args, kwargs, loc, false, nullptr, cur_opts_)
                : call_user(callee, args, kwargs, nullptr, 0);
      if (!lru_key.empty()) lru_caches_[callee.get()][lru_key] = r;
      return r;
    }
    case VK::Bound: {
      if (callee->func->k == VK::Builtin) return call_builtin(callee->func->s, args, kwargs, loc, callee->self);
      args.insert(args.begin(), callee->self);
      return call(callee->func, std::move(args), std::move(kwargs), loc);
    }
    case VK::Class: {
      if (callee->attrs.count("__members__") && is_enum_class(callee)) return enum_call(callee, args, loc);
      // a class a stub writes in Python for a C type Dynamo cannot construct (`threading.local`: `_thread._local`):
      // instantiated in a frame, GB0147 at the call (real torch 2.11: F5-TTS's text cache in a threading.local)
      if (tracing())
        if (V c = find_in_class(callee, "__tparse_c_class__"); c && c->k == VK::Str)
          graph_break("Unsupported function call",
                      gb_message("Unsupported function call", fmt::format("Dynamo does not know how to trace the function `{}`", c->s),
                                 {fmt::format("Avoid calling `{}` in your code.", c->s), "Please report an issue to PyTorch."},
                                 fmt::format("call_function UserDefinedClassVariable({}) [] {{}}", c->s), "GB0147"),
                      loc);
      if (callee->fn == nullptr && callee->builtin_nn.empty() && callee->s == "Tensor")  // torch.Tensor(*sizes): a float32
        return call(mk_builtin("torch.Tensor"), std::move(args), std::move(kwargs), loc);   // tensor, a node of the class
      if (callee->fn == nullptr && !callee->builtin_nn.empty()) {
        auto inst = std::make_shared<Obj>();
        inst->k = VK::Instance;
        inst->builtin_nn = callee->builtin_nn;
        const bool rec = act.ctx && act.ctx->mode == Mode::Record;
        const size_t mark = rec ? act.ctx->graph.checkpoint() : 0;
        // torch.nn.Module.__init__ of the built-in class (nn.SiLU() inside a frame: ACT2FN[...]) logs its API usage, a
        // node; CrossEntropyLoss alone is no module in a frame (below), so it leaves none (probe
        // module_ctor_in_frame_log_kinds: nn.ReLU / MSELoss / Softmax log, CrossEntropyLoss does not; graph-convnet-tsp's
        // `nn.NLLLoss(edge_cw)(y, y_edges)` logs, real torch 2.11; BCEWithLogitsLoss: program nn_module_ctor_in_frame)
        if (rec && callee->builtin_nn == "CrossEntropyLoss") {
          // (no module at all in a frame: Dynamo calls the class as a LambdaVariable of the normalized arguments)
          static const char* names[] = {"weight", "size_average", "ignore_index", "reduce", "reduction", "label_smoothing"};
          std::vector<V> vals = {none(), none(), mk_int(-100), none(), mk_str("mean"), mk_float(0.0)};
          for (size_t i = 0; i < args.size() && i < vals.size(); ++i) vals[i] = args[i];
          for (auto& [k, v] : kwargs)
            for (size_t i = 0; i < vals.size(); ++i) if (k == names[i]) vals[i] = v;
          V lam = mk_builtin("__tparse_ce_lambda__");
          lam->items = vals;
          return lam;
        }
        log_module_init(loc);
        try {
          const auto existing = params_in_args(args, kwargs);
          V m = nn_construct(callee->builtin_nn, args, kwargs, loc, inst);
          rng::module_built(*this, callee->builtin_nn, m, false);  // its initialisers' draws (torch/random)
          // nn.Linear(...) inside a frame: its __init__'s Parameter() is GB0264 (graph_break_on_nn_param_ctor), the
          // call runs eagerly (nlp-tutorial's BERT builds its layers in forward: torch 2.11 breaks there)
          if (rec && m->k == VK::Instance && module_has_params(m, existing)) {
            act.ctx->graph.rollback(mark);
            graph_break("Attempted to use `torch.nn.Parameter()` constructor with Dynamo", msg_nn_param_ctor(), loc);
          }
          return m;
        } catch (CompileError& e) {  // a torch.nn class tparse does not model: a module without parameters
          if (!falls_back(e, args, nullptr)) {
            // an argument of the wrong type (`nn.Linear(64, None)`: a config field left None) is torch's TypeError,
            // from the parameter's allocation
            if (const std::string m = e.what(); m.find(": argument '") != std::string::npos || m.find("' must be an int") != std::string::npos)
              raise_exc("TypeError", m, loc);
            throw;
          }
          note_unmodelled(loc, "torch.nn." + callee->builtin_nn + " (" + e.what() + ")");
          inst->attrs["_tparse_unmodelled"] = mk_str(e.what());  // its forward is an unknown op (nn_forward)
          return inst;
        }
      }
      if (is_dict_class(callee)) {  // a subclass of dict / OrderedDict: a dict carrying its class
        V init = find_in_class(callee, "__init__");
        V d;
        if (init && (init->k == VK::Func || (init->k == VK::Builtin && init->s == "dataclass_init"))) {
          d = std::make_shared<Obj>();  // its own __init__, or the one @dataclass made (fields are attributes)
          d->k = VK::Dict;
          d->cls = callee;
          args.insert(args.begin(), d);
          if (init->k == VK::Func) call_user(init, args, kwargs, nullptr, 0);
          else call(init, args, kwargs, loc);
        } else {
          d = call(mk_builtin("dict"), args, kwargs, loc);
          d->cls = callee;
        }
        return d;
      }
      if (is_list_class(callee)) {  // a subclass of list: a list carrying its class (its own __init__ fills it)
        V init = find_in_class(callee, "__init__");
        V l;
        if (init && init->k == VK::Func) {
          l = mk_list({});
          l->cls = callee;
          args.insert(args.begin(), l);
          call_user(init, args, kwargs, nullptr, 0);
        } else {
          l = call(mk_builtin("list"), args, kwargs, loc);
          l->cls = callee;
        }
        return l;
      }
      // a class whose MRO defines __new__ in Python (a namedtuple subclass with its own, a singleton, a cache):
      // type.__call__ calls cls.__new__(cls, *args, **kwargs), then __init__ only when the result is an instance
      // of cls; inside a compiled frame both are inlined, as Dynamo does
      if (V nw = find_in_class(callee, "__new__"); nw && nw->k == VK::Func) {
        std::vector<V> nargs = args;
        nargs.insert(nargs.begin(), callee);
        V made = in_compiled ? call_user(nw, nargs, kwargs, act.ctx, act.depth + 1) : call_user(nw, nargs, kwargs, nullptr, 0);
        std::vector<V> mro = made && made->k == VK::Instance && made->cls ? class_mro(made->cls) : std::vector<V>{};
        if (std::none_of(mro.begin(), mro.end(), [&](const V& c) { return c.get() == callee.get(); })) return made;
        // an nn.Module class whose __new__ gave an instance of it (`super().__new__(cls)`): built as any module
        // (an __new__ returning another class's module, xlstm's sLSTMCell, was handled above)
        if (!callee->builtin_nn.empty()) goto plain_construct;
        if (V init = find_in_class(callee, "__init__"); init && init->k == VK::Func) {
          args.insert(args.begin(), made);
          if (in_compiled) call_user(init, args, kwargs, act.ctx, act.depth + 1);
          else call_user(init, args, kwargs, nullptr, 0);
        }
        return made;
      }
    plain_construct:
      auto inst = std::make_shared<Obj>();
      inst->k = VK::Instance;
      inst->cls = callee;
      inst->builtin_nn = callee->builtin_nn;
      if (!inst->builtin_nn.empty()) inst->attrs["training"] = mk_bool(true);
      V init = find_in_class(callee, "__init__");
      // a subclass of a built-in torch.nn module without its own __init__ is built by that module's
      if (!init && !inst->builtin_nn.empty() && inst->builtin_nn != "Module") {
        const bool rec = act.ctx && act.ctx->mode == Mode::Record;
        const size_t mark = rec ? act.ctx->graph.checkpoint() : 0;
        log_module_init(loc);
        const auto existing = params_in_args(args, kwargs);
        nn_construct(inst->builtin_nn, args, kwargs, loc, inst);
        nn_init_done(inst->builtin_nn, inst, loc);
        if (rec && module_has_params(inst, existing)) {  // GB0264, as above
          act.ctx->graph.rollback(mark);
          graph_break("Attempted to use `torch.nn.Parameter()` constructor with Dynamo", msg_nn_param_ctor(), loc);
        }
        return inst;
      }
      // an exception keeps its constructor's arguments in .args (BaseException.__new__), whatever its __init__
      // does; super().__init__(msg) reaching the builtin base replaces them (interp_attr.cpp)
      if (class_derives_from(callee, "BaseException")) inst->attrs["args"] = mk_tuple(args);
      // torch.autograd.Function.__init__'s DeprecationWarning, eagerly (builtins_autograd.cpp)
      if (!tracing() && is_autograd_function_class(callee)) warn_function_instantiated(*this, callee, loc);
      if (!init && inst->builtin_nn == "Module") {
        // no __init__ of its own: the inherited nn.Module.__init__ runs, and its API-usage log reaches the
        // tracing graph as when a subclass's __init__ calls super().__init__() (transformers' SiLUActivation)
        FrameCtx* saved = init_ctx_;
        init_ctx_ = act.ctx && act.ctx->mode == Mode::Record ? act.ctx.get() : nullptr;
        struct Restore { FrameCtx*& r; FrameCtx* v; ~Restore() { r = v; } } restore{init_ctx_, saved};
        std::vector<V> no_args;
        std::vector<std::pair<std::string, V>> no_kwargs;
        call_builtin("nn_module_init", no_args, no_kwargs, loc, nullptr);
        return inst;
      }
      if (init) {
        args.insert(args.begin(), inst);
        // a plain class built inside a compiled frame: Dynamo inlines its __init__ (UserDefinedClassVariable),
        // so the tensors it creates are graph nodes (transformers' DynamicSlidingWindowLayer: torch.tensor(window))
        if (in_compiled && inst->builtin_nn.empty() && init->k == VK::Func) {
          call_user(init, args, kwargs, act.ctx, act.depth + 1);
          return inst;
        }
        FrameCtx* saved = init_ctx_;
        init_ctx_ = act.ctx && act.ctx->mode == Mode::Record ? act.ctx.get() : nullptr;
        struct Restore { FrameCtx*& r; FrameCtx* v; ~Restore() { r = v; } } restore{init_ctx_, saved};
        if (init_ctx_ && init->k == VK::Func) {
          // an nn.Module built inside a recording frame: __init__ is inlined (its API-usage log and buffer
          // initialization are nodes), unless the module ends up holding parameters: then none of it is
          size_t mark = act.ctx->graph.checkpoint();
          const auto existing = params_in_args(args, kwargs);
          call_user(init, args, kwargs, act.ctx, act.depth + 1);
          if (module_has_params(inst, existing)) act.ctx->graph.rollback(mark);
          return inst;
        }
        // eagerly (or a decorated __init__): only nn.Module.__init__'s API-usage log reaches the tracing graph. With
        // eval_frame's callback on (eager code of a skipped frame), __init__ is a frame Dynamo converts, as any user
        // function called there (a record class built after a break torch cannot resume)
        // (an nn.Module's too: a frame refused at its super().__init__(), uninit_module_super, then run eagerly)
        if (init->k == VK::Func && callback_active_ > 0 && !in_compiled && !hidden_stub_fn(init) && !skipfile_stub_fn(init) &&
            !init->fn->generator) {
          if (!inst->builtin_nn.empty()) uninit_modules_.insert(inst.get());
          struct Done { std::set<const Obj*>& s; const Obj* o; ~Done() { s.erase(o); } } done{uninit_modules_, inst.get()};
          run_frame(init, args, kwargs, loc, false, nullptr, cur_opts_);
        } else if (init->k == VK::Func) call_user(init, args, kwargs, nullptr, 0);
        else call(init, args, kwargs, loc);  // a builtin __init__ (the one @dataclass generates)
      }
      return inst;
    }
    case VK::Instance: {
      if (is_module_inst(callee)) {
        // Module.__call__ runs `_compiled_call_impl` when Module.compile() set one (before its hooks)
        if (auto cc = callee->attrs.find("_compiled_call_impl"); cc != callee->attrs.end() && cc->second->k == VK::Compiled && !in_compiled)
          return call(cc->second, std::move(args), std::move(kwargs), loc);
        // a subclass's own __call__ replaces Module.__call__ (ema-pytorch's EMA forwards to its inner model;
        // transformers' GradientCheckpointingLayer calls super().__call__, Module.__call__ with its hooks, next)
        if (own_call_bypass_ == callee.get()) {
          own_call_bypass_ = nullptr;
        } else if (V own_call = callee->cls ? find_in_class(callee->cls, "__call__") : nullptr; own_call && own_call->k == VK::Func) {
          args.insert(args.begin(), callee);
          return call(own_call, std::move(args), std::move(kwargs), loc);
        }
        if (hooks_bypass_ == callee.get()) hooks_bypass_ = nullptr;
        else if (has_forward_hooks(callee))
          return call_with_hooks(callee, std::move(args), std::move(kwargs), loc);
        // legacy weight_norm is a forward pre-hook in torch (WeightNorm): _call_impl with hooks realizes the inputs
        // before the hook reads weight_g / weight_v (real torch 2.11: weight_norm_hook_input_first, BigVGAN)
        if (tracing() && std::any_of(callee->attrs.begin(), callee->attrs.end(), [](const auto& kv) {
              return kv.first.rfind("__tparse_weight_norm_dim__:", 0) == 0;
            }))
          for (auto& a : args) if (a && a->k == VK::Tensor) realize(a);
        if (callee->cls) {
          V fwd = find_in_class(callee->cls, "forward");
          if (auto own = callee->attrs.find("forward"); own != callee->attrs.end()) {
            // Module.__call__ calls self.forward: an instance attribute (`self.forward = self.forward_slicing`)
            // comes before the class's; a method bound to this module runs as the class's forward would
            V f = own->second;
            if (!(f->k == VK::Bound && f->self.get() == callee.get() && f->func && f->func->k == VK::Func)) return call(f, std::move(args), std::move(kwargs), loc);
            fwd = f->func;
          }
          if (!fwd && callee->builtin_nn != "Module") return nn_forward(callee, args, kwargs, loc);  // inherited built-in forward
          if (!fwd) error(loc, fmt::format("module '{}' has no forward()", callee->cls->s));
          // a @staticmethod forward takes no self (YOLO ports' `SiLU.forward(x)`); a @classmethod one its class
          if (fwd->k == VK::Builtin && (fwd->s == "staticmethod" || fwd->s == "classmethod") && fwd->func) {
            if (fwd->s == "classmethod") args.insert(args.begin(), callee->cls);
            return call(fwd->func, std::move(args), std::move(kwargs), loc);
          }
          args.insert(args.begin(), callee);
          if (fwd->k == VK::Builtin && fwd->s.rfind("gradwrap:", 0) == 0 && fwd->func) {
            // a decorated forward: inlined with its mode's nodes; called eagerly, the decorator's frame is
            // torch's (skipped) and the forward is a frame of its own under that mode
            if (in_compiled) return call(fwd, std::move(args), std::move(kwargs), loc);
            V f = fwd->func;
            return with_grad_ctx(fwd->s.substr(9), fwd->s == "gradwrap:autocast" ? Location{} : loc, [&]() -> V {
              if (callback_active_ > 0) return run_frame(f, args, kwargs, loc, false, callee, cur_opts_);
              return call_user(f, args, kwargs, nullptr, 0);
            });
          }
          if (fwd->k != VK::Func && in_compiled) return call(fwd, std::move(args), std::move(kwargs), loc);  // a decorated forward
          if (fwd->k != VK::Func) return call(fwd, std::move(args), std::move(kwargs), loc);  // a decorated forward
          if (fwd->script_method) {
            // a torch.jit.ScriptModule's forward: in a frame, reading it calls _CachedForward.__get__, which Dynamo's
            // trace_rules skip (GB0008); it runs in the TorchScript interpreter, no Python frame of its own
            if (in_compiled)
              graph_break("Attempted to inline function marked as skipped",
                          msg_skipped_inline_file("_CachedForward.__get__", "__get__", "/opt/torch/.venv/lib/python3.12/site-packages/torch/jit/_script.py", "MOD_SKIPLIST"), loc);
            return call_without_callback(fwd, args, kwargs);
          }
          if (in_compiled) return call_user(fwd, args, kwargs, act.ctx, act.depth + 1);
          if (callback_active_ > 0 && !hidden_stub_fn(fwd)) return run_frame(fwd, args, kwargs, loc, false, callee, cur_opts_);
          return call_user(fwd, args, kwargs, nullptr, 0);
        }
        std::vector<V> saved_args = args;
        auto saved_kw = kwargs;
        try {
          for (auto& a : args) if (a && a->k == VK::Opaque) throw CompileError(loc, "an unmodelled argument");
          return nn_forward(callee, args, kwargs, loc);
        } catch (CompileError& e) {
          if (!falls_back(e, saved_args, nullptr)) throw;
          return unknown_op("torch.nn." + callee->builtin_nn, false, saved_args, saved_kw, loc, e.what());
        }
      }
      if (V c = find_in_class(callee->cls, "__call__")) {
        args.insert(args.begin(), callee);
        return call(c, std::move(args), std::move(kwargs), loc);
      }
      break;
    }
    default: break;
  }
  // an instance of a builtin type's subclass that defines __call__ (transformers' LogitsProcessorList(list))
  if (callee->k != VK::Instance && callee->k != VK::Class && callee->cls && callee->cls->k == VK::Class)
    if (V c = find_in_class(callee->cls, "__call__"); c && (c->k == VK::Func || c->k == VK::Bound)) {
      args.insert(args.begin(), callee);
      return call(c, std::move(args), std::move(kwargs), loc);
    }
  if (callee->k == VK::Instance && has_opaque_base(callee->cls)) return opaque_call(mk_opaque(callee->cls->s + "instance"), args, kwargs, loc);
  raise_exc("TypeError", fmt::format("'{}' object is not callable", type_name(callee)), loc);
}

// functools.lru_cache's key of a call: its arguments when all hash by value (numbers, strings, None, tuples of them) or
// by identity (tensors, user objects, functions); false for an unhashable one (a list, a dict: TypeError in CPython)
bool Interp::lru_cache_key(const std::vector<V>& args, const std::vector<std::pair<std::string, V>>& kwargs, std::string& key) {
  std::function<bool(const V&, std::string&)> part = [&](const V& v, std::string& out) {
    if (!v) return false;
    switch (v->k) {
      case VK::Int: case VK::Float: case VK::Bool: case VK::Str: case VK::None:
        if (!v->sym.empty()) return false;
        out += py_repr(v);
        return true;
      case VK::Tuple:
        out += "(";
        for (const V& x : v->items) { if (!part(x, out)) return false; out += ","; }
        out += ")";
        return true;
      case VK::List: case VK::Dict: return false;
      default:
        out += fmt::format("@{}", static_cast<const void*>(v.get()));
        return true;
    }
  };
  std::string k;
  for (const V& a : args) { if (!part(a, k)) return false; k += "|"; }
  for (const auto& [n, v] : kwargs) { k += n + "="; if (!part(v, k)) return false; k += "|"; }
  key = "k" + k;
  return true;
}

// nn.Module.__init__ logs API usage (torch._C._log_api_usage_once("python.nn_module")): a module built inside
// a compiled frame leaves that call in the graph; built eagerly, nothing.
void Interp::log_module_init(Location loc) {
  Activation& act = *stack_.back();
  FrameCtx* saved = init_ctx_;
  init_ctx_ = act.ctx && act.ctx->mode == Mode::Record ? act.ctx.get() : nullptr;
  struct Restore { FrameCtx*& r; FrameCtx* v; ~Restore() { r = v; } } restore{init_ctx_, saved};
  call(mk_builtin("nn_module_init"), {}, {}, loc);
}

}  // namespace tparse::compiler
