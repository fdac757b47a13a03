// A torch.compile'd callable called: its frame's inputs by parameter name, the cache lookup and compile
// (enter_frame, dynamo.cpp), then the call traced at depth 0 (call_user) or, for a module compiled whole, through
// eval_frame's `inner(*args, **kwargs)` frame; a frame Dynamo skips reruns eagerly.
#include <fmt/format.h>

#include <cstdlib>
#include <functional>
#include <set>
#include <tuple>

#include "runtime/interp.hpp"
#include "torch/interop/numpy_traced.hpp"
#include "runtime/values/keys.hpp"
#include "dynamo/messages.hpp"
#include "dynamo/frames/frame_filter.hpp"
#include "torch/symbols/sym_expr.hpp"
#include "torch/symbols/sym_mono.hpp"

namespace tparse::compiler {

/// Dynamo's has_tensor_in_frame (convert_frame.py): a frame is converted when a local holds a tensor or an nn.Module
/// (a container of them too), or when its code names a global that is torch (or a torch.* module) or numpy: a Module
/// method of ints only (SAM's get_dense_pe) or a helper of ints that calls torch, called from code run eagerly
/// (its has_tensor: a tensor or module itself, or inside a list, tuple or plain dict; any other object is not looked
/// into: an optimizer argument holds tensors, yet Optimizer._use_grad(self) is not converted)
// utils.is_namedtuple_cls: a class collections.namedtuple made (or typing.NamedTuple's class form), or a subclass of one
// that keeps its __new__; torch's PackedSequence, a namedtuple subclass with its own __new__, is none (has_tensor
// finds no tensor in it: real torch 2.11, program packed_sequence_data_batch_sizes' resume skipped)
bool is_namedtuple_cls(const V& cls, int depth) {
  if (!cls || depth > 16) return false;
  if (cls->attrs.count("__tparse_tuple_like__")) return true;
  for (const V& b : cls->bases)
    if (b && b->s == "NamedTuple" && b->attrs.count("__init_subclass__")) return true;  // (typing's, in the stub)
  if (cls->attrs.count("__new__")) return false;
  return std::any_of(cls->bases.begin(), cls->bases.end(), [&](const V& b) { return is_namedtuple_cls(b, depth + 1); });
}

bool has_tensor_in_value(const V& v, int depth) {
  if (!v || depth > 16) return false;
  if (v->k == VK::Tensor) return true;
  if (v->k == VK::Instance && !v->builtin_nn.empty()) return true;
  if (v->k == VK::List || v->k == VK::Tuple) for (const V& x : v->items) if (has_tensor_in_value(x, depth + 1)) return true;
  if (v->k == VK::Dict && !v->cls) for (const auto& kv : v->dict) if (has_tensor_in_value(kv.second, depth + 1)) return true;
  // (numpy's scalars count as arrays under trace_numpy; an nn.Module class too)
  if (is_np_scalar(v)) return true;
  if (v->k == VK::Class && !v->builtin_nn.empty()) return true;
  // a namedtuple's fields (has_tensor's `is_namedtuple(obj)` case: attention-learn-to-route's StateCVRP passed to
  // its all_finished method)
  if (v->k == VK::Instance && v->cls && is_namedtuple_cls(v->cls))
    if (auto it = v->attrs.find("_values"); it != v->attrs.end()) return has_tensor_in_value(it->second, depth + 1);
  return false;
}

// the names a function binds itself (CPython's co_varnames, read with LOAD_FAST, not in co_names): parameters,
// assignment / loop / with targets and imports (`import torch._dynamo` in a function makes `torch` a local: torch's
// Optimizer._use_grad is such a frame, of no tensor and no torch global: run eagerly)
static std::set<std::string> bound_locally(const FuncDef& fn) {
  std::set<std::string> out;
  for (const auto& p : fn.params) out.insert(p.name);
  std::function<void(const ExprP&)> tgt = [&](const ExprP& e) {
    if (!e) return;
    if (e->k == EK::Name) out.insert(e->s);
    if (e->k == EK::Tuple || e->k == EK::List || e->k == EK::Starred) for (auto& c : e->a) tgt(c);
  };
  std::function<void(const StmtP&)> st = [&](const StmtP& x) {
    if (!x) return;
    if (x->k == SK::Assign || x->k == SK::AnnAssign || x->k == SK::With) for (auto& t : x->targets) tgt(t);
    if (x->k == SK::For || x->k == SK::AugAssign) tgt(x->target);
    if (x->k == SK::Import)
      for (auto& [n, as] : x->names) out.insert(!as.empty() ? as : n.substr(0, n.find('.')));
    if (x->k == SK::ImportFrom) for (auto& [n, as] : x->names) out.insert(!as.empty() ? as : n);
    if ((x->k == SK::Def || x->k == SK::Class) && x->fn) out.insert(x->fn->name);
    if (x->k == SK::Global) for (auto& [n, as] : x->names) out.erase(n);
    if (x->k == SK::Def || x->k == SK::Class) return;
    for (auto* b : {&x->body, &x->orelse, &x->final_body, &x->handlers}) for (auto& y : *b) st(y);
  };
  for (auto& x : fn.body) st(x);
  return out;
}

bool names_torch_global(const FuncDef* fn, const std::shared_ptr<Env>& globals) {
  if (!fn || !globals) return false;
  const std::set<std::string> own = bound_locally(*fn);
  for (const std::string& n : names_from(fn, 0)) {
    if (own.count(n)) continue;
    V g = globals->get_local(n);
    if (g && g->k == VK::Module && (g->s == "torch" || g->s.rfind("torch.", 0) == 0 || g->s == "numpy")) return true;
  }
  return false;
}

// torch.autograd.backward / grad run eagerly under the eval_frame callback (a compiled frame's break at
// loss.backward()): their first call in a process hands Dynamo the standard-library frames on its way (real torch 2.11,
// frames_seen of a device probe; each code is seen once, then skipped for good): `cast(Union[tuple[Tensor],
// tuple[GradientEdge]], ...)` subscripts typing.Union through a cold _tp_cache (17 frames of typing and
// typing_extensions, none with a tensor), then typing.cast itself (it holds the tensors: compiled, no content), then
// _engine_run_backward's `log.getEffectiveLevel()`.
// typing's Union cache is an LRU of 128 entries: the subscription is cached by any earlier autograd call (eager ones
// too), but the first lookup of a backend named by string (torch.compile(backend="eager"), the default "inductor")
// imports every backend module of the registry (registry.py _lazy_import), whose annotations evict it. Warm, only
// _tp_cache's `inner` is a frame (the training loops of transformers' models with a backend function: `inner`, `cast`,
// `getEffectiveLevel`); cold, the 17 (every corpus program and probe compiled with backend="eager", an eager
// backward before it or not).
void Interp::autograd_entry_cast(const std::vector<V>& tensors, Location loc) {
  const bool warm = union_cache_warm_;
  union_cache_warm_ = true;
  if (callback_active_ == 0 || tracing()) return;
  static const char* const typing_py = "/usr/lib/python3.12/typing.py";
  static const char* const typing_ext = "/opt/torch/.venv/lib/python3.12/site-packages/typing_extensions.py";
  static const std::vector<std::tuple<const char*, const char*, int>> union_chain = {
      {"inner", typing_py, 392}, {"__getitem__", typing_py, 508}, {"Union", typing_py, 687}, {"<genexpr>", typing_py, 723},
      {"_type_check", typing_py, 175}, {"_type_convert", typing_py, 166}, {"_remove_dups_flatten", typing_py, 345},
      {"_deduplicate", typing_py, 317}, {"__init__", typing_py, 1242}, {"__init__", typing_py, 1147},
      {"__setattr__", typing_py, 1188}, {"_is_dunder", typing_py, 1134}, {"<genexpr>", typing_py, 1246},
      {"_collect_parameters", typing_ext, 3366}, {"_has_generic_or_protocol_as_origin", typing_ext, 3281},
      {"_is_unpacked_typevartuple", typing_ext, 3303}, {"get_origin", typing_py, 2310}};
  for (const auto& [name, file, line] : union_chain) {
    count_stdlib_frame_once(name, file, line);
    if (warm) break;  // (a cache hit: `inner` returns the cached alias)
  }
  V typing = import_preloaded("typing", loc);  // (CPython imported typing long before)
  call(getattr(typing, "cast", loc), {none(), mk_tuple(tensors)}, {}, loc);
  count_stdlib_frame_once("getEffectiveLevel", "/usr/lib/python3.12/logging/__init__.py", 1776);
}

// torch.compile with a backend named by string: the first such lookup imports the backend registry, evicting typing's
// Union cache (autograd_entry_cast)
void Interp::note_backend_lookup() {
  if (!backend_registry_imported_) union_cache_warm_ = false;
  backend_registry_imported_ = true;
}

// An op's fake-tensor call failed (its meta's check) while the frame traced: the compile fails with Dynamo's
// TorchRuntimeError, which leaves torch.compile for the caller (np_random_array_frame's FloatTensor of a float64 draw,
// caught there; a resume function's too: WaveGrad's sampler after its break). The exception to throw.
PyException Interp::fake_failure(FrameCtx& ctx, const PyException& e) {
  const std::string name = e.value->cls ? e.value->cls->s : type_name(e.value);
  if (e.internal) {  // Dynamo's own error: the metrics name it (fail_type AttributeError), the caller gets it wrapped
    const std::string text = str_of(e.value, e.loc);
    if (e.loc.line > 0) { ctx.fail_user_file = path_of(e.loc.file); ctx.fail_user_line = e.loc.line; }
    end_frame_without_graph(ctx, name, text, {}, false);
    return PyException{make_exception(mk_builtin("InternalTorchDynamoError"), {mk_str(name + ": " + text)}), e.loc, e.chain};
  }
  const std::string what = name + "('" + str_of(e.value, e.loc) + "')";
  const std::string msg = "RuntimeError when making fake tensor call\n  Explanation: Dynamo failed to run FX node with fake tensors: got " + what;
  // (torch names the user line of the failing op: fail_user_frame_filename / lineno)
  if (e.loc.line > 0) { ctx.fail_user_file = path_of(e.loc.file); ctx.fail_user_line = e.loc.line; }
  end_frame_without_graph(ctx, "TorchRuntimeError", msg, {}, false);
  return PyException{make_exception(mk_builtin("TorchRuntimeError"), {mk_str(msg)}), e.loc, e.chain};
}

// A bundled stub of a standard-library module stands for CPython's own file: a function of it that becomes a frame
// names that file and line (typing.cast, converted at autograd's entry points)
static void stdlib_code_location(const std::string& stub_path, const std::string& fn, std::string& filename, int& line) {
  static const std::map<std::pair<std::string, std::string>, int> lines = {{{"typing", "cast"}, 2154}, {{"copyreg", "__newobj__"}, 98},
                                                                         {{"copyreg", "_slotnames"}, 107}};
  // (and a package's: einops 0.8.2's rearrange / repeat, run as frames of their own: __tparse_einops_frames__.py)
  static const std::map<std::pair<std::string, std::string>, std::pair<const char*, int>> package_lines = {
      {{"__tparse_einops_frames__", "rearrange"}, {"/opt/torch/.venv/lib/python3.12/site-packages/einops/einops.py", 561}},
      {{"__tparse_einops_frames__", "repeat"}, {"/opt/torch/.venv/lib/python3.12/site-packages/einops/einops.py", 627}}};
  static const std::string prefix = "<tparse-stubs>/";
  if (stub_path.rfind(prefix, 0) != 0 || !stub_path.ends_with(".py")) return;
  std::string mod = stub_path.substr(prefix.size(), stub_path.size() - prefix.size() - 3);
  if (auto it = lines.find({mod, fn}); it != lines.end()) {
    filename = "/usr/lib/python3.12/" + mod + ".py";
    line = it->second;
  }
  if (auto it = package_lines.find({mod, fn}); it != package_lines.end()) {
    filename = it->second.first;
    line = it->second.second;
  }
}

// The frames a node's stack trace leaves out: torch's (our `__tparse_torch*` stubs), numpy's (C functions in numpy) and
// the C modules operator and itertools (`np.array(list(itertools.product(a, b)))`: the getitems of iterating a
// traced array show the user's line); and torch/optim/lr_scheduler.py, whose functions called eagerly under the
// callback are never handed to Dynamo (the user's lr_lambda they call is; real torch 2.11: min-decision-transformer's
// LambdaLR.step after a graph break, frames_seen holds `<lambda>` and no lr_scheduler.py frame)
bool Interp::hidden_stub_file(int file) const {
  const std::string& p = path_of(file);
  return torch_stub_file(file) || p.rfind("<tparse-stubs>/numpy/", 0) == 0 || p == "<tparse-stubs>/operator.py" || p == "<tparse-stubs>/itertools.py" ||
         p == "<tparse-stubs>/__tparse_lr_scheduler__.py";
}

// A bundled stub of code whose frames torch never converts: modules trace_rules skips (BUILTIN_SKIPLIST: abc, copy,
// random; THIRDPARTY_SKIPLIST: numpy, tqdm) and functions CPython writes in C (operator, itertools, contextvars,
// _collections' OrderedDict / defaultdict / deque, _warnings' warn (its shown frames are counted explicitly): few-shot's eager `OrderedDict(model.named_parameters())`; a
// Counter's `__missing__`; torch/autograd/function.py's FunctionCtx, in SKIP_DIRS for a frame of its own: MOD_INLINELIST
// holds only for inlined calls). Called eagerly under the callback it is never a frame; the user functions it calls are
// (a stub of Python code torch does convert, typing.cast, stays a frame). Programs defaultdict_missing_in_skipped_frame,
// deepcopy_stdlib_frame_not_compiled, cast_frame_after_eager_backward.
bool Interp::skipfile_stub_fn(const V& f) const {
  if (!f || !f->fn || !is_stub(f->fn->loc.file)) return false;
  const std::string p = path_of(f->fn->loc.file).substr(15);  // (after "<tparse-stubs>/")
  for (const char* m : {"abc.py", "copy.py", "random.py", "operator.py", "itertools.py", "contextvars.py", "_collections.py", "warnings.py",
                        "__tparse_autograd__.py"})
    if (p == m) return true;
  for (const char* d : {"numpy/", "tqdm/"})
    if (p.rfind(d, 0) == 0) return true;
  // (namedtuple's __new__ counts CPython's `<lambda>` frame itself, __tparse_stdlib_frame__: a subclass's
  // `super().__new__(cls, ...)`, torch's PackedSequence.__new__, hands Dynamo nothing more)
  // (a namedtuple's item access, iteration and len are tuple's C slots: unpacking a ModelOutput-like namedtuple
  // eagerly hands Dynamo no frame; real torch 2.11: compressive-transformer's `Memory` unpacked after a break)
  const std::string& n = f->fn->name;
  // (functools.partial and reduce are _functools' C code: a partial called eagerly hands Dynamo the wrapped function's
  // frame only; real torch 2.11: compressive-transformer's `partial(full_attn, dropout_fn=...)(q, k, v)`)
  if (p == "functools.py" && (n == "__init__" || n == "__call__" || n == "reduce")) return true;
  return p == "collections/__init__.py" && (n == "__missing__" || n == "__new__" || n == "__iter__" || n == "__getitem__" || n == "__len__");
}

// What a compiled frame returns to its caller holds no SymInt: the compiled code returns the graph's ints (a SymInt
// output is a Python int at run time) in the tuples it builds (real torch 2.11: stack_tuple_int_to_break_call, the caller's
// resume recompiles with the padding a constant, not a SymInt of the callee's graph)
V Interp::concrete_result(const V& r) {
  if (!r) return r;
  if (r->k == VK::Tensor) return np_original(r);  // (an ndarray input returned as it came: the array itself)
  if (r->k == VK::Int && !r->sym.empty()) return mk_int(r->i);
  if (r->k != VK::Tuple || r->cls) return r;
  bool changed = false;
  std::vector<V> items;
  for (const V& x : r->items) {
    items.push_back(concrete_result(x));
    changed = changed || items.back().get() != x.get();
  }
  if (!changed) return r;
  auto t = std::make_shared<Obj>(*r);
  t->items = std::move(items);
  return t;
}

V Interp::as_np_input(const V& t, const V& nd) {
  if (t && nd) np_inputs_[t.get()] = {t, nd};
  return t;
}

V Interp::np_original(const V& v) {
  if (!v || v->k != VK::Tensor) return v;
  auto it = np_inputs_.find(v.get());
  return it == np_inputs_.end() ? v : it->second.second;
}

// an error the compiled graph raises as it runs (FrameCtx::run_error): the frame's compile stands, the call raises it
// before the side effects after the graph are replayed
void Interp::raise_run_error(FrameCtx& ctx) {
  if (!ctx.run_error.set) return;
  FrameCtx::RunError e = ctx.run_error;
  ctx.run_error = {};
  PyException x{make_exception(mk_builtin(e.cls.c_str()), {mk_str(e.msg)}), e.loc, ""};
  x.graph_run = true;
  throw x;
}

V Interp::run_frame(V fnv, std::vector<V> args, std::vector<std::pair<std::string, V>> kwargs, Location loc,
                    bool module_wrapper, V module, std::shared_ptr<CompileOpts> opts) {
  static auto inner_fn = [] { auto f = std::make_shared<FuncDef>(); f->name = "inner"; f->firstlineno = 67; return f; }();
  // arguments that do not bind are CPython's TypeError before the frame exists: no frame of Dynamo's (TranAD's layer
  // called by torch's TransformerEncoder with `is_causal=`, run eagerly after the break)
  if (!module_wrapper)
    if (std::string e = bind_error(fnv, args, kwargs); !e.empty()) raise_exc("TypeError", e, loc);
  std::string key = module_wrapper ? fmt::format("inner") : fmt::format("{}", static_cast<const void*>(fnv->fn.get()));
  auto& slot = codes_[key];
  if (!slot) {
    slot = std::make_unique<CodeState>();
    if (!module_wrapper) slot->hold(fnv->fn);  // (keyed by the function's address)
    slot->key = key;
    slot->co_name = module_wrapper ? "inner" : fnv->fn->name;
    slot->firstlineno = module_wrapper ? 67 : fnv->fn->firstlineno;
    slot->filename = module_wrapper ? kExtUtils : path_of(fnv->fn->loc.file);
    if (!module_wrapper) stdlib_code_location(slot->filename, slot->co_name, slot->filename, slot->firstlineno);
    slot->globals = module_wrapper || !fnv->closure ? globals_ : fnv->closure;
    while (slot->globals->parent) slot->globals = slot->globals->parent;
  }
  CodeState& cs = *slot;
  const bool always = top_frame_;
  top_frame_ = false;
  ++callback_active_;
  auto saved_opts = cur_opts_;
  if (opts) cur_opts_ = opts;
  struct Restore {
    Interp* I;
    std::shared_ptr<CompileOpts> o;
    ~Restore() {
      if (--I->callback_active_ == 0) I->np_inputs_.clear();
      I->cur_opts_ = o;
    }
  } restore{this, saved_opts};
  // A frame Dynamo does not run (skipped, failed, past its limits) runs its code on the caller's own objects: not on the
  // dynamic copies nor the numpy arrays' tensor stand-ins below, which hold no data (TabDDPM's index_to_log_onehot,
  // skipped, reran F.one_hot over a stand-in's unknown column: 1 class, not 9)
  std::vector<V> caller_args = args;
  std::vector<std::pair<std::string, V>> caller_kwargs = kwargs;
  auto eager = [&]() -> V {
    if (module_wrapper && module && (module->cls || module->k != VK::Instance)) return call(module, caller_args, caller_kwargs, loc);  // Module.__call__, a wrapped function
    if (module_wrapper) return nn_forward(module, caller_args, caller_kwargs, loc);
    return call_user(fnv, caller_args, caller_kwargs, nullptr, 0);
  };
  // frame inputs by parameter name
  std::vector<std::pair<std::string, V>> inputs;
  std::map<std::string, V> defaulted;  // parameters left to their defaults (frame locals all the same)
  if (module_wrapper) {
    inputs.push_back({"args", mk_tuple(args)});
    // inner's keywords are its `kwargs` dict local (framelocals_idx 1): what the callee reads from them is guarded
    // there (`L['kwargs']['bsz'] == 4`), so a call with other keyword values recompiles (score-SDE's sampler, a
    // @torch.no_grad() method called with keywords)
    if (!kwargs.empty()) {
      auto d = std::make_shared<Obj>();
      d->k = VK::Dict;
      for (auto& [k, v] : kwargs) dict_put(*d, mk_str(k), v);
      inputs.push_back({"kwargs", d});
    }
  } else {
    size_t ai = 0;
    std::set<std::string> named;
    for (auto& p : fnv->fn->params) if (p.kind != 1 && p.kind != 2) named.insert(p.name);
    for (size_t pi = 0; pi < fnv->fn->params.size(); ++pi) {
      const auto& p = fnv->fn->params[pi];
      bool by_kw = std::any_of(kwargs.begin(), kwargs.end(), [&](const auto& kv) { return kv.first == p.name; });
      // a parameter left to its default is a frame local all the same: guarded where the frame reads it
      // (bark's `use_cache=False`: a later `use_cache=True` call recompiles)
      if ((p.kind == 0 || p.kind == 3) && !(p.kind == 0 && ai < args.size()) && !by_kw && pi < fnv->defaults.size() && fnv->defaults[pi]) {
        inputs.push_back({p.name, fnv->defaults[pi]});
        defaulted[p.name] = fnv->defaults[pi];
        continue;
      }
      if (p.kind == 0 && ai < args.size()) inputs.push_back({p.name, args[ai++]});
      else if (p.kind == 1) { std::vector<V> rest(args.begin() + ai, args.end()); inputs.push_back({p.name, mk_tuple(rest)}); ai = args.size(); }
      else if (p.kind == 2) {  // `**kwargs`: the keywords no parameter takes, a dict local (L['kwargs'])
        auto d = std::make_shared<Obj>();
        d->k = VK::Dict;
        for (auto& [k, v] : kwargs) if (!named.count(k)) dict_put(*d, mk_str(k), v);
        inputs.push_back({p.name, d});
      } else for (auto& [k, v] : kwargs) if (k == p.name) inputs.push_back({k, v});
    }
  }
  // a numpy array argument is a tensor input seen as an ndarray (nerf's get_rays(H, W, K, c2w))
  std::map<std::string, V> np_original;  // (by input name: the ndarray the caller passed)
  // (its data too: what the graph computes from it is known after it, RNNLayer's `(masks[1:] == 0).any(-1)` of a
  // numpy input read back by nonzero() in the resumed code)
  for (auto& [n, v] : inputs) {
    if (V t = np_traced::from_ndarray(*this, v)) {
      np_original[n] = v;
      v = t;
    }
    if (v->k == VK::Tuple && std::any_of(v->items.begin(), v->items.end(), [](const V& x) { return np_traced::from_ndarray(x) != nullptr; })) {
      auto copy = std::make_shared<Obj>(*v);  // the caller's tuple keeps its arrays
      for (auto& x : copy->items) if (V t = np_traced::from_ndarray(*this, x)) x = t;
      v = copy;
    }
  }
  // a nested function's free variables are frame locals too (their cells' contents, L['ret_dict']): a list or dict
  // the frame reads from its closure is guarded like an argument (real torch 2.11: IBM seq2seq's `decode` closure
  // appending to `ret_dict['attention_score']`, its length guarded, a recompile per step)
  if (!module_wrapper && fnv->closure && fnv->closure->parent) {
    if (!cs.unbound_known) {
      const std::set<std::string> own = bound_locally(*fnv->fn);
      for (const std::string& n : names_from(fnv->fn.get(), 0)) if (!own.count(n)) cs.unbound_names.push_back(n);
      cs.unbound_known = true;
    }
    for (const std::string& n : cs.unbound_names) {
      for (Env* e = fnv->closure.get(); e && e->parent; e = e->parent.get()) {
        if (e->comprehension) continue;
        auto it = e->vars.find(n);
        if (it == e->vars.end()) continue;
        const V& v = it->second;
        if (v && ((v->k == VK::List || v->k == VK::Dict) && !v->cls)) inputs.push_back({n, v});
        break;
      }
    }
  }
  bool converted = false;
  for (auto& [n, v] : inputs) converted = converted || has_tensor_in_value(v);
  if (!converted && !always && !module_wrapper) converted = names_torch_global(fnv->fn.get(), cs.globals);
  if (cs.skipped) return eager();
  // a frame named __getattr__ is skipped by trace_rules before ConvertFrame sees it (lookup_inner: "Tracing __getattr__
  // as the top level frame, unsuitable for tracing"): not counted, run eagerly, its callees still frames of their own
  // (MusicTransformer's Config.__getattr__, reached from a forward run eagerly)
  if (fnv && fnv->fn && fnv->fn->name == "__getattr__" && !always) return eager();
  // has_tensor_in_frame false: ConvertFrame counts the frame and returns at once, its default strategy SKIP, so the
  // code is never handed again (a later call with tensors runs eagerly too)
  if (!converted && !always) {
    if (!cs.run_only && run_only_depth_ == 0) count_frame(cs, true);
    cs.skipped = true;
    return eager();
  }
  // inner's `fn` (the module) is a frame local too: the guards on it (`fn._modules['1'].training == True`) are
  // checked against the module of this call (was: unresolved, so a train -> eval switch reused the graph)
  if (module_wrapper && module && module->k == VK::Instance) inputs.push_back({"fn", module});
  auto ctx = enter_frame(cs, inputs, cur_opts_, false);
  if (!ctx && cs.run_only) {  // past the recompile limit: its callees run what is cached only
    ++run_only_depth_;
    struct Down { int& d; ~Down() { --d; } } down{run_only_depth_};
    return eager();
  }
  if (!ctx) return eager();
  for (auto& [n, v] : ctx->inputs)
    if (auto it = np_original.find(n); it != np_original.end()) as_np_input(v, it->second);
  if (module_wrapper && module) ctx->wrapper_cls = module->builtin_nn;  // eval_frame's inner(fn, *args, **kwargs)
  if (module_wrapper && module && module->cls) ctx->wrapper_cls = "user:" + type_name(module);  // its class's qualified name
  // the module is inner's `fn`: its parameters are L['fn']._modules[...] (a built-in one too: nn.Sequential)
  if (module_wrapper && module && module->k == VK::Instance && !ctx->sources.count(module.get())) ctx->sources.of(module) = "fn";
  // a decorated bound method (`torch.compile(m.generate)` of a @torch.no_grad() method): its instance is inner's
  // `fn.__self__`, its parameters L['fn'].__self__._modules[...] (L_fn_self_modules_lin_parameters_weight_; llm.c)
  if (module_wrapper && module && module->k == VK::Builtin && module->func && module->func->k == VK::Bound && module->func->self &&
      module->func->self->k == VK::Instance && !ctx->sources.count(module->func->self.get()))
    ctx->sources.of(module->func->self) = "fn.__self__";
  // dynamic copies replace the arguments
  if (!module_wrapper) {
    size_t ai = 0;
    for (auto& p : fnv->fn->params) {
      if (p.kind == 1) {  // `*args`: its tensors' dynamic copies sit in the input tuple
        for (auto& [n, v] : ctx->inputs)
          if (n == p.name && v->k == VK::Tuple)
            for (size_t j = 0; j < v->items.size() && ai + j < args.size(); ++j) args[ai + j] = v->items[j];
        break;
      }
      if (p.kind != 0 || ai >= args.size()) break;
      for (auto& [n, v] : ctx->inputs) if (n == p.name) args[ai] = v;
      ++ai;
    }
    for (auto& [k, v] : kwargs)  // keyword arguments bound to parameters get their dynamic copies too
      for (auto& [n, iv] : ctx->inputs) if (n == k) v = iv;
    // and a parameter left to its default whose value went dynamic (a SymInt after it changed once: funnel's
    // relative_pos(..., shift=1)) is passed its copy
    for (auto& [n, iv] : ctx->inputs)
      if (auto d = defaulted.find(n); d != defaulted.end() && iv.get() != d->second.get()) kwargs.push_back({n, iv});
    for (auto& p : fnv->fn->params)  // and those gathered by `**kwargs`, from its dict
      if (p.kind == 2)
        for (auto& [n, iv] : ctx->inputs)
          if (n == p.name && iv->k == VK::Dict)
            for (auto& [k, v] : kwargs)
              if (V* x = dict_find(*iv, mk_str(k))) v = *x;
  } else {
    args = ctx->inputs[0].second->items;
    for (auto& [n, d] : ctx->inputs)  // and the keywords their copies from inner's kwargs dict
      if (n == "kwargs" && d->k == VK::Dict)
        for (auto& [k, v] : kwargs)
          if (V* x = dict_find(*d, mk_str(k))) v = *x;
  }
  // the frame's own side effects are journaled too: a frame that is skipped (a break in a loop) reruns eagerly from
  // its start on the objects as they were (Dynamo replays side effects only after a successful compile: big_bird's
  // set_attention_type stores `self.attention_type` before its loop breaks on nn.Parameter(), and the eager rerun
  // must not find it already set)
  JournalSpan frame_journal(*this, true);
  // a frame compiled by this call (not a cache hit) replays its side effects after its graph (side_effect_replay.cpp)
  const bool recording = ctx->mode == Mode::Record;
  ctx->journal_mark = frame_journal.mark;
  try {
    if (module_wrapper) {
      Activation act;
      act.env = std::make_shared<Env>();
      act.fn = inner_fn;
      act.ctx = ctx;
      act.cur_line = 69;
      act.is_return_call = true;
      stack_.push_back(&act);
      V r;
      try {
        r = depth0_call(module, args, kwargs, loc, "CALL_FUNCTION_EX");
        finish_frame(act, r);
      } catch (...) { stack_.pop_back(); throw; }
      stack_.pop_back();
      raise_run_error(*ctx);
      if (recording && ctx->mode == Mode::Replay) replay_after_graph(*ctx, {r}, loc);
      else apply_deferred_setters(*ctx, loc);
      return concrete_result(r);
    }
    const TraceMark start = mark_trace(*ctx);
    // (the names FX gave the first attempt's nodes go with it: the new attempt's OutputGraph names them afresh)
    const auto names_at_start = std::make_pair(ctx->graph.name_count, ctx->graph.used_names);
    for (int attempt = 0;; ++attempt) {
      try {
        V r = call_user(fnv, args, kwargs, ctx, 0);
        raise_run_error(*ctx);
        if (recording && ctx->mode == Mode::Replay) replay_after_graph(*ctx, {r}, loc);
        else apply_deferred_setters(*ctx, loc);  // (a served entry's cached code replays them too)
        return concrete_result(r);
      } catch (RetryAtComprehension& rc) {
        // step()'s fallback to the comprehension's speculation: everything the attempt did is undone, the trace starts
        // again and breaks at that comprehension (symbolic_convert.py: fail_and_restart_analysis)
        if (attempt > 0) throw FrameSkip{rc.gb.msg, rc.gb.gb_type, false};
        undo_journal(frame_journal.mark);
        rollback_trace(*ctx, start);
        std::tie(ctx->graph.name_count, ctx->graph.used_names) = names_at_start;
        ++counters_["unimplemented"];
        restart_after_break(*ctx, rc.gb, "Encountered graph break that we cannot resume from. Compiling up to the previous "
                                         "resumable state, then skipping the rest of the function. Graph break encountered:\n\n" + rc.gb.msg);
        ctx->restart_reasons.push_back("Unknown fail_and_restart_analysis");
        ctx->fail_comprehension = rc.comp;
        ctx->comp_speculation = nullptr;
      }
    }
  } catch (PyException& e) {
    if (e.graph_run) throw;
    // an exception no handler of the frame catches, met while tracing (Dynamo's "Observed exception", GB0088): the
    // compile fails and the frame reruns eagerly, where the exception is raised for real (a failed shape check's
    // `raise ValueError(...)`; SiT's `model_kwargs == None` of a dict, a TypeError of Dynamo's dict polyfill only)
    if (ctx->mode == Mode::Record && e.value && (e.fake || e.internal)) {
      PyException t = fake_failure(*ctx, e);
      undo_journal(frame_journal.mark);
      throw t;
    }
    // (a Python exception of the interpreter's own builtins, a TypeError of len(3), is one too: Dynamo's builtins raise
    // it as an observed exception; only an op's fake-tensor error, above, ends the compile otherwise)
    if (ctx->mode != Mode::Record || !e.value) throw;
    std::string args;
    if (auto a = e.value->attrs.find("args"); a != e.value->attrs.end() && a->second)
      for (const V& x : a->second->items) args += (args.empty() ? "" : ", ") + variable_repr(x);
    std::string name = e.value->cls ? e.value->cls->s : type_name(e.value);
    emit_frame_skip(*ctx, msg_observed_exception(name + "([" + args + "])"), e.loc);
    undo_journal(frame_journal.mark);
    ++counters_["unimplemented"];
    cs.skipped = true;
    failed_rerun_fns_.push_back(fnv ? fnv->fn.get() : nullptr);
    struct Down { std::vector<const FuncDef*>& v; ~Down() { v.pop_back(); } } down{failed_rerun_fns_};
    return eager();
  } catch (FrameSkip&) {
    // the frame cannot be compiled: its records were written where the skip was raised; it reruns eagerly
    undo_journal(frame_journal.mark);
    ++counters_["unimplemented"];
    cs.skipped = true;
    failed_rerun_fns_.push_back(fnv ? fnv->fn.get() : nullptr);
    struct Down { std::vector<const FuncDef*>& v; ~Down() { v.pop_back(); } } down{failed_rerun_fns_};
    return eager();
  }
}

// A torch.compile'd callable called (VK::Compiled): inside a compiled frame its target is inlined; a top-level call
// is counted (Options::max_compiled_calls); a module, a bound forward, a function or a no_grad wrapper is the frame
// run_frame compiles; anything else runs with eval_frame's callback on.
V Interp::call_compiled(V callee, std::vector<V> args, std::vector<std::pair<std::string, V>> kwargs, Location loc,
                        bool in_compiled) {
  V target = callee->func;
  compiled_entered_.insert(callee.get());
  if (in_compiled) return call(target, std::move(args), std::move(kwargs), loc);
  if (callback_active_ == 0 && max_top_calls_ > 0) {  // a top-level call: count it (Options::max_compiled_calls)
    int saved = max_top_calls_;
    max_top_calls_ = 0;
    V r = call(callee, std::move(args), std::move(kwargs), loc);
    max_top_calls_ = saved;
    if (++top_calls_ >= max_top_calls_) throw StopRun{};
    return r;
  }
  if (callee->copts && callee->copts->call_impl && target->k == VK::Instance) {
    // Module.compile()'s compiled Module._call_impl: torch's frame is skipped, the callback converts the user frames
    // it calls; the module runs as it would without `_compiled_call_impl` (its hooks, its forward)
    ++callback_active_;
    auto saved_opts = cur_opts_;
    cur_opts_ = callee->copts;
    V impl = target->attrs["_compiled_call_impl"];
    target->attrs.erase("_compiled_call_impl");
    struct Restore { Interp* I; std::shared_ptr<CompileOpts> o; V t, impl; ~Restore() { --I->callback_active_; I->cur_opts_ = o; t->attrs["_compiled_call_impl"] = impl; } } restore{this, saved_opts, target, impl};
    return call(target, std::move(args), std::move(kwargs), loc);
  }
  if (target->k == VK::Instance) {
    if (target->cls && find_in_class(target->cls, "forward")) {
      V fwd = find_in_class(target->cls, "forward");
      if (fwd->k == VK::Builtin && fwd->s.rfind("gradwrap:", 0) == 0 && fwd->func) {
        // a @torch.no_grad() / @torch.inference_mode() forward is torch/utils/_contextlib.py's wrapper,
        // which trace_rules.check skips: OptimizedModule._initialize then compiles
        // external_utils.wrap_inline(module), the frame `inner(*args, **kwargs)` that calls the module
        return run_frame(nullptr, args, kwargs, loc, true, target, callee->copts);
      }
      // a forward of torch's own (our `__tparse_torch*` stubs: nn.TransformerEncoderLayer, nn.MultiheadAttention, a
      // user subclass that keeps it) is in a file trace_rules skips, as nn.Linear's: wrap_inline's frame `inner`
      // (real torch 2.11: the pytorch tutorials' TransformerEncoderLayer, `0/0 inner:67`, guards on args[0])
      if (torch_stub_fn(fwd)) return run_frame(nullptr, args, kwargs, loc, true, target, callee->copts);
      args.insert(args.begin(), target);
      if (fwd->k != VK::Func) error(loc, "torch.compile: this module's forward is not a Python function tparse can run");
      return run_frame(fwd, args, kwargs, loc, false, target, callee->copts);
    }
    return run_frame(nullptr, args, kwargs, loc, true, target, callee->copts);
  }
  // torch.compile(m.forward): the bound method's frame, self its first local (L['self'])
  if (target->k == VK::Bound && target->func && target->func->k == VK::Func && target->self) {
    top_frame_ = true;  // always converted, tensors in its arguments or not (`torch.compile(m.loss)()`)
    args.insert(args.begin(), target->self);
    return run_frame(target->func, args, kwargs, loc, false, target->self->k == VK::Instance ? target->self : nullptr, callee->copts);
  }
  // a function of a file trace_rules skips (`__tparse_skip__`: the lr scheduler's wrapper of opt.step): torch.compile
  // wraps it in external_utils.wrap_inline, the frame `inner(*args, **kwargs)` whose call of it breaks (GB0007)
  if (target->k == VK::Func && target->attrs.count("__tparse_skip__")) {
    top_frame_ = true;  // (always converted, as the function torch.compile wrapped)
    return run_frame(nullptr, args, kwargs, loc, true, target, callee->copts);
  }
  if (target->k == VK::Func) {
    // the function torch.compile wrapped is always converted (eval_frame's always_optimize_code_objects), tensors
    // in its arguments or not (RWKV's `run(ctx)` of token ids reading global weights: program no_tensor_args)
    top_frame_ = true;
    return run_frame(target, args, kwargs, loc, false, nullptr, callee->copts);
  }
  // a @torch.no_grad() / @torch.inference_mode() function is torch/utils/_contextlib.py's wrapper, a file
  // trace_rules skips: torch.compile wraps it in external_utils.wrap_inline, the frame `inner(*args, **kwargs)`
  // (real torch 2.11: program compile_api_forms)
  if (target->k == VK::Builtin && target->s.rfind("gradwrap:", 0) == 0 && target->func) {
    top_frame_ = true;  // (always converted, tensors in its arguments or not: MoCo's momentum update of a float m)
    return run_frame(nullptr, args, kwargs, loc, true, target, callee->copts);
  }
  // anything else (a @torch.no_grad() wrapper, functools.partial, a bound builtin): eval_frame's callback is
  // on while it runs; torch's own frames are skipped, so the first user function it calls is the compiled frame
  {
    ++callback_active_;
    auto saved_opts = cur_opts_;
    if (callee->copts) cur_opts_ = callee->copts;
    struct Restore { Interp* I; std::shared_ptr<CompileOpts> o; ~Restore() { --I->callback_active_; I->cur_opts_ = o; } } restore{this, saved_opts};
    return call(target, std::move(args), std::move(kwargs), loc);
  }
}

// A tensor attribute a frame wraps where it first reads it (`self.cached_k`), not at the frame's entry: it is a real
// tensor here, so symbols left on it by the trace that made it (`s27 + 1` of the graph that stored it) are its numbers,
// and automatic dynamic treats it as any input of this code — a size that changed since an earlier compile is a
// symbol of its own source from now on (real torch 2.11: program kv_cache_attr_fresh_symbol, `L['self'].cached_k`'s
// length `s75`). Its info is this frame's view; compile_graph makes it concrete again when the frame ends.
void Interp::lazy_input_dims(FrameCtx& ctx, const V& t, const std::string& src) {
  if (!ctx.code || t->t->np_array || t->t->is_param) return;  // (a Parameter stays static: force_parameter_static_shapes)
  CodeState& cs = *ctx.code;
  TensorInfo ti = *t->t;
  bool stale = false;
  for (auto& d : ti.shape)
    if (d.is_sym())
      for (const std::string& f : sym_free_symbols(d.sym)) stale = stale || !ctx.sym_info.count(f);
  if (stale) {
    for (auto& d : ti.shape) d.sym.clear();
    for (auto& d : ti.stride) d.sym.clear();
  }
  const bool symbolic = std::any_of(ti.shape.begin(), ti.shape.end(), [](const Dim& d) { return d.is_sym(); });
  std::set<int>& dd = cs.dyn_dims[src];
  const bool auto_dyn = !(cur_opts_ && cur_opts_->dynamic_false);
  if (auto seen = cs.seen_shapes.find(src); auto_dyn && !symbolic && seen != cs.seen_shapes.end() && seen->second.shape.size() == ti.shape.size())
    for (size_t i = 0; i < ti.shape.size(); ++i)
      if (seen->second.shape[i].v != ti.shape[i].v && dd.insert(static_cast<int>(i)).second)
        automatic_dynamic_event(ctx, local_source(src), std::to_string(i), "size change", std::to_string(seen->second.shape[i].v),
                                std::to_string(ti.shape[i].v));
  if (!symbolic) cs.seen_shapes[src] = ti;
  // under dynamic=True every size is a symbol, duck-sized (a value seen before reuses its symbol: LeViT's cached
  // attention bias `f32[2, s27, s27]` shares the input's; real torch 2.11: program dynamic_true_plain_tensor_attr)
  std::set<int> all = dd;
  const bool dyn_true = cur_opts_ && cur_opts_->dynamic_true;
  if (dyn_true) for (size_t i = 0; i < ti.shape.size(); ++i) all.insert(static_cast<int>(i));
  bool made = false;
  for (int d : all) {
    if (symbolic || d >= static_cast<int>(ti.shape.size()) || ti.shape[d].v < 2 || ti.shape[d].is_sym()) continue;
    const bool duck = dyn_true && !dd.count(d);
    made = true;
    if (auto it = ctx.duck_syms.find(ti.shape[d].v); duck && it != ctx.duck_syms.end()) {
      ti.shape[d].sym = it->second;
      continue;
    }
    const std::string source = fmt::format("{}.size()[{}]", local_source(src), d);
    int r = sym_source_id(source);
    while (ctx.sym_info.count("s" + std::to_string(r))) ++r;
    ti.shape[d].sym = "s" + std::to_string(r);
    ctx.sym_info[ti.shape[d].sym] = {source, ti.shape[d].v};
    if (duck) ctx.duck_syms[ti.shape[d].v] = ti.shape[d].sym;
  }
  if (made) ti.stride = ordered_strides(ti.shape, ti.stride);
  if (!stale && !made) return;
  t->t = std::make_shared<TensorInfo>(ti);  // (a view of its own: a copy of the object shares no info with it)
  ctx.lazy_inputs.push_back(t);
}

}  // namespace tparse::compiler
