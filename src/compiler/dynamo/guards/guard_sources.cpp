// Where guards come from while tracing: globals the frame loads (modules, user functions,
// builtins, `torch.cat`-style attributes get ID_MATCH guards under the `G` manager), and the
// conversion of a cache entry's tensor/value guards into the PyGuards that guards.cpp prints.
#include <fmt/format.h>

#include <functional>

#include "frontend/diag.hpp"
#include "runtime/interp.hpp"

namespace tparse::compiler {

void Interp::realize_list_guards(const V& list, bool items, Location loc) {
  if (!list || list->k != VK::List || !tracing()) return;
  FrameCtx& ctx = *stack_.back()->ctx;
  std::string src;
  for (auto& g : ctx.vguards)
    if (g.kind == "list_len" && g.value.get() == list.get() && g.src != "___stack0") src = g.src;
  if (src.empty()) return;
  // the user stack from the compiled frame down to this read (inlined callees included)
  size_t root = stack_.size() - 1;
  while (root > 0 && stack_[root - 1]->ctx.get() == &ctx) --root;
  std::string stack = "\nUser stack trace:";
  for (size_t i = root; i < stack_.size(); ++i) {
    const Activation* a = stack_[i];
    int line = i + 1 == stack_.size() ? loc.line : a->cur_line;
    stack += fmt::format("\n  File \"{}\", line {}, in {}\n    {}", path_of(a->file), line, a->fn ? a->fn->name : "<module>",
                         code_line(a->file, line, true));
  }
  for (auto& g : ctx.vguards) {
    bool mine = g.src == src || (items && g.src.rfind(src + "[", 0) == 0);
    if (mine && g.comment.empty()) {
      g.comment = guard_comment(loc);
      g.stack = stack;
    }
  }
}

namespace {
const char* kBuiltinsKey = "@BUILTINS@";  // replaced by the attempt's `__builtins_dict___N` at render time

/// Stable fake `id()` for a guarded global (real ids are addresses; only their presence matters).
long long fake_id(const std::string& name) { return 139700000000000LL + static_cast<long long>(std::hash<std::string>{}(name) % 100000000ULL) * 16; }

std::string module_repr(const std::string& m) {
  static const std::map<std::string, std::string> files = {
      {"torch", "torch/__init__.py"}, {"torch.nn", "torch/nn/__init__.py"}, {"torch.nn.functional", "torch/nn/functional.py"},
      {"torch._dynamo", "torch/_dynamo/__init__.py"}, {"torch.compiler", "torch/compiler/__init__.py"}};
  auto it = files.find(m);
  if (it != files.end()) return fmt::format("<module '{}' from '/opt/torch/.venv/lib/python3.12/site-packages/{}'>", m, it->second);
  static const std::set<std::string> builtin_modules = {"time", "sys", "math", "itertools", "builtins", "gc", "errno", "posix"};
  if (builtin_modules.count(m)) return fmt::format("<module '{}' (built-in)>", m);
  // the standard library's single-file modules (the others are packages: collections, json, logging, re, importlib)
  static const std::set<std::string> files_py = {"operator", "functools", "typing", "warnings", "copy", "random", "inspect",
                                                 "enum", "abc", "numbers", "dataclasses", "contextlib", "string", "types",
                                                 "argparse", "pathlib", "threading", "os", "math", "queue", "weakref"};
  if (files_py.count(m)) return fmt::format("<module '{}' from '/usr/lib/python3.12/{}.py'>", m, m);
  return fmt::format("<module '{}' from '/usr/lib/python3.12/{}/__init__.py'>", m, m);
}

struct Described {
  std::string type, repr;
  bool code = false;     // a Python function: the ID_MATCH is on its `__code__`
  bool module = false;   // modules are not dict-tag safe
};

/// Type and repr of a value Dynamo ID_MATCHes, as guards.py prints them.
bool describe(const V& v, const std::string& attr_of, const std::string& path, Described& d) {
  static const std::set<std::string> py_types = {"int", "float", "bool", "str", "list", "tuple", "dict", "set", "range",
                                                 "enumerate", "zip", "super", "object", "reversed", "map", "type"};
  // torch.nn.functional entries that are C builtins rather than Python functions
  static const std::set<std::string> f_builtins = {"linear", "gelu", "scaled_dot_product_attention", "conv1d", "conv2d", "avg_pool1d"};
  switch (v->k) {
    case VK::Module:
      d = {"<class 'module'>", module_repr(v->s), false, true};
      return true;
    case VK::Func:
      if (!v->fn) return false;
      // functions CPython writes in C, bundled as Python stubs: the operator module, functools.reduce
      if (path == "<tparse-stubs>/operator.py" || (path == "<tparse-stubs>/functools.py" && v->fn->name == "reduce")) {
        d = {"<class 'builtin_function_or_method'>", fmt::format("<built-in function {}>", v->fn->name)};
        return true;
      }
      d = {"<class 'function'>", "", true, false};
      d.repr = fmt::format("<code object {} at 0x7f0000{:06x}, file \"{}\", line {}>", v->fn->name, static_cast<unsigned>(fake_id(v->fn->name) & 0xffffff),
                           path, v->fn->firstlineno);
      return true;
    case VK::Builtin: {
      const std::string& s = v->s;
      std::string last = s.substr(s.rfind('.') == std::string::npos ? 0 : s.rfind('.') + 1);
      if (s.rfind("torchctx.", 0) == 0) {
        d = {"<class 'type'>", fmt::format("<class 'torch.autograd.grad_mode.{}'>", last)};
        return true;
      }
      if (attr_of == "torch") { d = {"<class 'builtin_function_or_method'>", fmt::format("<built-in method {} of type object at 0x7f3344d3e180>", last)}; return true; }
      if (attr_of == "torch.nn.functional" && !f_builtins.count(last)) {
        d = {"<class 'function'>", fmt::format("<code object {} at 0x7f00001234a0, file \"/opt/torch/.venv/lib/python3.12/site-packages/torch/nn/functional.py\", line 1>", last), true};
        return true;
      }
      if (attr_of == "torch._dynamo" || attr_of == "torch.compiler") {
        d = {"<class 'function'>", fmt::format("<code object {} at 0x7f00001234b0, file \"/opt/torch/.venv/lib/python3.12/site-packages/{}/decorators.py\", line 1>", last,
                                               attr_of == "torch._dynamo" ? "torch/_dynamo" : "torch/compiler"), true};
        return true;
      }
      if (attr_of.empty() && py_types.count(s)) { d = {"<class 'type'>", fmt::format("<class '{}'>", s)}; return true; }
      d = {"<class 'builtin_function_or_method'>", fmt::format("<built-in function {}>", last)};
      return true;
    }
    default: return false;
  }
}

/// Adds the ID_MATCH guard for `v` whose managers are `chain` (the last one is v's own).
void add_id_guard(FrameCtx& ctx, std::vector<GuardMgr> chain, const Described& d, const std::string& comment) {
  const std::string src = chain.back().source;
  for (auto& g : ctx.gguards) if (g.name == src) return;
  PyGuard g;
  g.name = src;
  g.source_kind = 1;
  std::string target = src;
  if (d.code) {
    chain.push_back(GuardMgr{src + ".__code__", "CodeGuardAccessor", "<class 'code'>", true});
    target = src + ".__code__";
  }
  g.chain = std::move(chain);
  g.leaves.push_back({"ID_MATCH", fmt::format("___check_obj_id({}, {}), type={}  {}", target, fake_id(target), d.repr, comment)});
  ctx.gguards.push_back(std::move(g));
}
}  // namespace

std::string Interp::guard_comment(Location loc) {
  std::string line = code_line(loc.file, loc.line, true);
  const Activation& act = guard_frame(*this, loc);
  std::string fn = act.fn ? act.fn->name : "<module>";
  if (act.depth == 0 && act.ctx && act.ctx->is_resume) fn = act.ctx->code->co_name;
  return fmt::format("# {}  # {}:{} in {}", line, short_path(loc.file), loc.line, fn);
}

std::string Interp::guard_user_stack(Location loc) {
  const Activation& act = *stack_.back();
  return fmt::format("\nUser stack trace:\n  File \"{}\", line {}, in {}\n    {}", path_of(loc.file), loc.line,
                     act.fn ? act.fn->name : "<module>", code_line(loc.file, loc.line, true));
}

void Interp::guard_global(const std::string& name, const V& v, Location loc) {
  Activation& act = *stack_.back();
  if (!act.ctx || act.ctx->mode != Mode::Record || in_c_stub()) return;
  Described d;
  if (v->disabled || !describe(v, "", v->fn ? path_of(v->fn->loc.file) : path_, d)) return;  // torch.compiler.disable'd functions are not guarded
  std::vector<GuardMgr> chain = {GuardMgr{"G", "GlobalsGuardAccessor", "<class 'dict'>", true},
                                 GuardMgr{"G['" + name + "']", "DictGetItemGuardAccessor('" + name + "')", d.type, !d.module}};
  if (v->k == VK::Module) {
    act.ctx->gchains[v.get()] = chain;
    act.ctx->held.push_back(v);
  }
  add_id_guard(*act.ctx, chain, d, guard_comment(loc));
}

bool Interp::in_c_stub() const {
  // a stub of a function CPython writes in C (the operator module, functools.reduce) looks up no globals of its own
  const Activation& act = *stack_.back();
  const std::string& p = path_of(act.file);
  return p == "<tparse-stubs>/operator.py" || p == "<tparse-stubs>/contextvars.py" || (p == "<tparse-stubs>/functools.py" && act.fn && act.fn->name == "reduce");
}

void Interp::guard_builtin(const std::string& name, Location loc) {
  Activation& act = *stack_.back();
  if (!act.ctx || act.ctx->mode != Mode::Record || in_c_stub()) return;
  if (name.rfind("__tparse", 0) == 0) return;  // the bundled stubs' hooks are no builtins of the user's Python
  Described d;
  if (!describe(mk_builtin(name), "", path_, d)) return;
  std::string key = std::string("G['") + kBuiltinsKey + "']";
  std::vector<GuardMgr> chain = {GuardMgr{"G", "GlobalsGuardAccessor", "<class 'dict'>", true},
                                 GuardMgr{key, std::string("DictGetItemGuardAccessor('") + kBuiltinsKey + "')", "<class 'dict'>", true},
                                 GuardMgr{key + "['" + name + "']", "DictGetItemGuardAccessor('" + name + "')", d.type, true}};
  add_id_guard(*act.ctx, chain, d, guard_comment(loc));
}

void Interp::guard_global_attr(const V& obj, const std::string& attr, const V& v, Location loc) {
  Activation& act = *stack_.back();
  if (!act.ctx || act.ctx->mode != Mode::Record || !v) return;
  auto it = act.ctx->gchains.find(obj.get());
  if (it == act.ctx->gchains.end()) return;
  Described d;
  if (!describe(v, obj->s, v->fn ? path_of(v->fn->loc.file) : path_, d)) return;
  std::vector<GuardMgr> chain = it->second;
  chain.push_back(GuardMgr{chain.back().source + "." + attr, "GetAttrGuardAccessor(" + attr + ")", d.type, !d.module});
  if (v->k == VK::Module) {
    act.ctx->gchains[v.get()] = chain;
    act.ctx->held.push_back(v);
  }
  add_id_guard(*act.ctx, chain, d, guard_comment(loc));
  // GradModeVariable installs its own GRAD_MODE guard: counted, printed only as GLOBAL_STATE
  if (v->k == VK::Builtin && v->s.rfind("torchctx.", 0) == 0) {
    PyGuard g;
    g.name = "__grad_mode__";
    g.source_kind = 2;
    for (auto& x : act.ctx->gguards) if (x.name == g.name) return;
    act.ctx->gguards.push_back(g);
  }
}

std::vector<PyGuard> Interp::frame_guards(const FrameCtx& ctx, const CacheEntry& e, std::vector<std::string>& lambdas) {
  std::vector<PyGuard> out;
  // a resume function takes only the live values (after two leading slots); approximated by the guarded ones
  std::set<std::string> guarded;
  for (auto& tg : e.tensors) guarded.insert(tg.src);
  for (auto& vg : e.values) guarded.insert(vg.src);
  auto local_idx = [&](const std::string& n) {
    if (n == "___stack0") return 2;
    int k = 0;
    for (size_t i = 0; i < ctx.inputs.size(); ++i) {
      if (ctx.inputs[i].first == n) return ctx.is_resume ? 2 + ctx.stack_slots + k : static_cast<int>(i);
      k += guarded.count(ctx.inputs[i].first) && ctx.inputs[i].first != "___stack0" ? 1 : 0;
    }
    return 0;
  };
  auto simple = [](const std::string& s) { return s.find_first_of(".[") == std::string::npos; };
  auto local_mgr = [&](const std::string& n, const std::string& type) {
    return GuardMgr{"L['" + n + "']", fmt::format("FrameLocalsGuardAccessor(key='{}', framelocals_idx={})", n, local_idx(n)), type, true};
  };
  // eval_frame's inner(fn, *args, **kwargs) around a compiled torch.nn container
  bool inner = !ctx.wrapper_cls.empty() && !ctx.inputs.empty() && ctx.inputs[0].first == "args" &&
               (ctx.inputs.size() == 1 || ctx.inputs[1].first == "kwargs");
  size_t inner_kwargs = 0;  // inner's keywords (its kwargs dict local)
  if (inner && ctx.inputs.size() > 1 && ctx.inputs[1].second->k == VK::Dict) inner_kwargs = ctx.inputs[1].second->dict.size();
  GuardMgr args_mgr{"L['args']", "FrameLocalsGuardAccessor(key='args', framelocals_idx=0)", "<class 'tuple'>", true};
  if (inner) {
    GuardMgr kw{"L['kwargs']", "FrameLocalsGuardAccessor(key='kwargs', framelocals_idx=1)", "<class 'dict'>", true};
    bool user = ctx.wrapper_cls.rfind("user:", 0) == 0;
    std::string cls = user ? ctx.wrapper_cls.substr(5) : "torch.nn.modules.container." + ctx.wrapper_cls;
    std::string hint = user ? cls.substr(cls.rfind('.') + 1) : ctx.wrapper_cls;
    PyGuard a{"L['args']", 0, {args_mgr}, {{"TYPE_MATCH", guard_with_comment("___check_type_id(L['args'], 10759232), type=<class 'tuple'>", "") + " (HINT: type tuple)"},
                                           {"LENGTH_CHECK", guard_with_comment(fmt::format("len(L['args']) == {}", ctx.inputs[0].second->items.size()), "")}}};
    PyGuard kt{"L['kwargs']", 0, {kw}, {{"TYPE_MATCH", guard_with_comment("___check_type_id(L['kwargs'], 10737728), type=<class 'dict'>", "") + " (HINT: type dict)"}}};
    PyGuard kl{"L['kwargs']", 0, {kw}, {{"DICT_LENGTH", guard_with_comment(inner_kwargs ? fmt::format("len(L['kwargs']) == {}", inner_kwargs) : std::string("not L['kwargs']"), "")}}};
    GuardMgr fm{"L['fn']", "FrameLocalsGuardAccessor(key='fn', framelocals_idx=2)", "<class '" + cls + "'>", true, true};
    PyGuard fn{"L['fn']", 2, {fm}, {{"TYPE_MATCH", guard_with_comment(fmt::format("___check_type_id(L['fn'], 984188816), type=<class '{}'>", cls), "") +
                                                      " (HINT: type " + hint + ")"}}};
    for (auto* g : {&a, &kt, &kl, &fn}) out.push_back(*g);
  }
  for (auto& tg : e.tensors) {
    size_t cut = std::min(tg.src.size(), tg.src.find_first_of(".["));
    const bool global = tg.src.rfind("G['", 0) == 0;
    std::string L = global ? tg.src : "L['" + tg.src.substr(0, cut) + "']" + tg.src.substr(cut);
    std::string sz, sd;
    for (size_t i = 0; i < tg.t.shape.size(); ++i) sz += (i ? ", " : "") + (tg.t.shape[i].is_sym() ? std::string("None") : std::to_string(tg.t.shape[i].v));
    auto strides = contiguous_strides(tg.t.shape);
    for (size_t i = 0; i < strides.size(); ++i) sd += (i ? ", " : "") + (strides[i].is_sym() ? std::string("None") : std::to_string(strides[i].v));
    PyGuard g;
    if (tg.t.np_array && simple(tg.src)) {  // a numpy array input: its tensor view `___from_numpy(L['K'])` is guarded
      GuardMgr nd = local_mgr(tg.src, "<class 'numpy.ndarray'>");
      nd.tag_safe = false;
      L = "___from_numpy(" + L + ")";
      g.chain = {nd, GuardMgr{L, "PythonLambdaGuardAccessor", "<class 'torch.Tensor'>", true}};
    }
    g.name = L;
    g.input_tensor = !tg.t.is_param;
    if (!g.chain.empty()) {
    } else if (global) {  // the frame's globals dict, then its entry (as a global value's guard)
      g.source_kind = 1;
      g.chain = {GuardMgr{"G", "GlobalsGuardAccessor", "<class 'dict'>", true},
                 GuardMgr{L, "DictGetItemGuardAccessor('" + tg.src.substr(3, tg.src.find("']") - 3) + "')", "<class 'torch.Tensor'>", true}};
    } else if (simple(tg.src)) g.chain.push_back(local_mgr(tg.src, tg.t.is_param ? "<class 'torch.nn.parameter.Parameter'>" : "<class 'torch.Tensor'>"));
    else if (inner && tg.src.rfind("args[", 0) == 0)
      g.chain = {args_mgr, GuardMgr{L, "TupleGetItemGuardAccessor(" + tg.src.substr(5, tg.src.find(']') - 5) + ")", "<class 'torch.Tensor'>", true}};
    else g.chain.push_back(GuardMgr{L, fmt::format("FrameLocalsGuardAccessor(key='{}', framelocals_idx=0)", tg.src), "<class 'torch.Tensor'>", true});
    std::string tm = fmt::format("check_tensor({}, {}, {}, torch.{}, device=None, requires_grad={}, size=[{}], stride=[{}])",
                                 L, tg.t.is_param ? "Parameter" : "Tensor", dispatch_keys(tg.t, e.inference_tls), tg.t.dtype, tg.t.requires_grad ? "True" : "False", sz, sd);
    g.leaves.push_back({"TENSOR_MATCH", tg.where.empty() ? tm : tm + "  " + tg.where});
    if (!tg.t.marked_dynamic.empty()) {
      std::string dims;
      for (int d : tg.t.marked_dynamic) dims += (dims.empty() ? "" : ", ") + std::to_string(d);
      g.leaves.push_back({"DYNAMIC_INDICES", guard_with_comment(fmt::format("(({}._dynamo_dynamic_indices.issubset({{{}}})) if hasattr({}, '_dynamo_dynamic_indices') else True)", L, dims, L), tg.where)});
    } else {
      g.leaves.push_back({"NO_HASATTR", guard_with_comment(fmt::format("hasattr({}, '_dynamo_dynamic_indices') == False", L), tg.where)});
    }
    out.push_back(std::move(g));
  }
  for (auto& vg : e.values) {
    PyGuard g;
    g.name = simple(vg.src) ? "L['" + vg.src + "']" : vg.src;
    std::string global = vg.src.rfind("G['", 0) == 0 ? vg.src.substr(3, vg.src.find("']") - 3) : "";
    std::string type = vg.value ? "<class '" + type_name(vg.value) + "'>" : "<class 'NoneType'>";
    if (!global.empty()) {
      g.source_kind = 1;
      g.chain = {GuardMgr{"G", "GlobalsGuardAccessor", "<class 'dict'>", true}, GuardMgr{vg.src, "DictGetItemGuardAccessor('" + global + "')", type, true}};
    } else if (simple(vg.src)) {
      g.chain = {local_mgr(vg.src, type)};
    }
    // an item of a list local (`seqlens[0]`): ListGetItemGuardAccessor under the list's manager
    size_t br = vg.src.find('[');
    bool item = !simple(vg.src) && global.empty() && br != std::string::npos && vg.src.back() == ']' &&
                vg.src.find('.') == std::string::npos && vg.src.find('\'') == std::string::npos;
    if (item) {
      std::string list = vg.src.substr(0, br), idx = vg.src.substr(br + 1, vg.src.size() - br - 2);
      g.name = "L['" + list + "'][" + idx + "]";
      GuardMgr lm = local_mgr(list, "<class 'list'>");
      lm.tag_safe = false;
      g.chain = {lm, GuardMgr{g.name, "ListGetItemGuardAccessor(" + idx + ")", type, true}};
    }
    std::string code = (simple(vg.src) || item) && vg.kind != "id" ? g.name + vg.code.substr(vg.src.size()) : vg.code;
    if (vg.kind == "hasattr" || vg.kind == "nothasattr") {
      std::string t = fmt::format("hasattr({}, '{}')", g.name, vg.value->s);
      g.leaves.push_back({vg.kind == "hasattr" ? "HASATTR" : "NO_HASATTR", guard_with_comment(vg.kind == "hasattr" ? t : "not " + t, vg.comment)});
      out.push_back(std::move(g));
      continue;
    }
    if (vg.kind == "id") g.leaves.push_back({"ID_MATCH", vg.comment.empty() ? vg.code : guard_with_comment(vg.code, vg.comment)});
    else if (vg.kind == "float_dyn") {
      g.leaves.push_back({"TYPE_MATCH", vg.code + "  " + vg.comment});
      lambdas.push_back(fmt::format("{} == ___as_tensor({}).item()  # (unknown var zf37, please file a bug)", vg.src, vg.src));
      lambdas.push_back(fmt::format("not math.isnan(___as_tensor({}).item())  # implicit guard for float input due to NaN specialization in the framework", vg.src));
    } else if (vg.kind == "int_dyn") {
      g.leaves.push_back({"TYPE_MATCH", guard_with_comment(fmt::format("___check_type_id({}, 10731296), type=<class 'int'>", g.name),
                                                           vg.comment.empty() ? "" : vg.comment + " (HINT: type int)")});
    } else if (vg.kind == "tuple_len") {
      if (!(vg.value && vg.value->size_tuple))  // (a torch.Size: LENGTH_CHECK only)
        g.leaves.push_back({"TYPE_MATCH", guard_with_comment(fmt::format("___check_type_id({}, 10759232), type=<class 'tuple'>", g.name), vg.comment) + " (HINT: type tuple)"});
      g.leaves.push_back({"LENGTH_CHECK", guard_with_comment(fmt::format("len({}) == {}", g.name, vg.len), vg.comment)});
    } else if (vg.kind == "list_len") {
      if (!g.chain.empty()) g.chain[0].tag_safe = false;
      g.leaves.push_back({"TYPE_MATCH", guard_with_comment(fmt::format("___check_type_id({}, 10729632), type=<class 'list'>", g.name), vg.comment) + " (HINT: type list)"});
      g.leaves.push_back({"LENGTH_CHECK", guard_with_comment(fmt::format("len({}) == {}", g.name, vg.len), vg.comment)});
    } else if (vg.kind == "contains") {
      g.leaves.push_back({"DICT_CONTAINS", guard_with_comment(vg.code, vg.comment)});
    } else if (vg.kind == "container_len" || vg.kind == "dict_keys" || vg.kind == "modules_len" || vg.kind == "hooks_len") {
      g.leaves.push_back({"DICT_LENGTH", guard_with_comment(vg.code, vg.comment)});
    } else if (vg.kind == "dict_key_id") {
      g.leaves.push_back({"ID_MATCH", guard_with_comment(vg.code, vg.comment)});
    } else if (vg.kind == "bool") {
      g.leaves.push_back({vg.value && vg.value->b ? "TRUE_MATCH" : "FALSE_MATCH", guard_with_comment(code, vg.comment)});
    } else if (vg.kind == "none") {
      g.leaves.push_back({"NONE_MATCH", guard_with_comment(code, vg.comment)});
    } else {
      g.leaves.push_back({"EQUALS_MATCH", guard_with_comment(code, vg.comment)});
    }
    out.push_back(std::move(g));
  }
  // globals: the attempt's builtins dict name replaces the placeholder
  for (auto g : ctx.gguards) {
    auto fix = [&](std::string& s) {
      for (size_t p; (p = s.find(kBuiltinsKey)) != std::string::npos;) s.replace(p, std::string(kBuiltinsKey).size(), ctx.builtins_key);
    };
    fix(g.name);
    for (auto& m : g.chain) { fix(m.source); fix(m.accessor); }
    for (auto& l : g.leaves) fix(l.second);
    out.push_back(std::move(g));
  }
  return out;
}

void Interp::guard_hasattr(const V& obj, const std::string& name, bool has, Location loc) {
  if (stack_.empty() || !stack_.back()->ctx || stack_.back()->ctx->mode != Mode::Record) return;
  Activation& act = *stack_.back();
  auto src = act.ctx->sources.find(obj.get());
  if (src == act.ctx->sources.end() || obj->k != VK::Instance) return;
  ValueGuard g;
  g.src = src->second;
  g.kind = has ? "hasattr" : "nothasattr";
  g.value = mk_str(name);
  g.code = fmt::format("{}hasattr({}, '{}')", has ? "" : "not ", src->second, name);
  g.comment = guard_comment(loc);
  g.stack = guard_user_stack(loc);
  for (auto& x : act.ctx->vguards) if (x.code == g.code) return;
  act.ctx->vguards.push_back(g);
}

}  // namespace tparse::compiler
