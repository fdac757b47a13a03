// Builtins that real model files need beyond the corpus: hooks of the bundled stubs (logger calls, skipped
// builtins; the standard-library stubs' engines are in builtins_stdlib.cpp), torch.library ops, super() into
// built-in nn classes, grad-mode decorators, torch.jit, torch.nn.init and skip_init, torch.finfo/iinfo. `handled` says whether `name` was one of these.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <regex>
#include <map>
#include <set>
#include <sstream>

#include "runtime/interp.hpp"
#include "torch/random/random_rules.hpp"
#include "torch/autograd/reach.hpp"
#include "runtime/values/keys.hpp"
#include "torch/interop/numpy_traced.hpp"
#include "torch/nn/nn_more.hpp"
#include "torch/keep_alive.hpp"
#include "torch/values/values.hpp"
#include "dynamo/messages.hpp"

namespace tparse::compiler {

std::string variable_repr(const V& a) {
  return a->k == VK::Str ? fmt::format("ConstantVariable(str: {})", py_repr(a))
         : a->k == VK::Int && !a->sym.empty() ? "SymNodeVariable()"
         : a->k == VK::Int ? fmt::format("ConstantVariable(int: {})", a->i)
         : a->k == VK::Tensor ? "TensorVariable()" : fmt::format("ConstantVariable({}: {})", type_name(a), py_repr(a));
}

namespace fs = std::filesystem;

namespace {

// The names of a module's `__all__ = [...]` (or `(...)`) at the start of a line, read from its text: each quoted
// identifier up to the first closing bracket (transformers' define_import_structure reads it so, without importing)
bool module_all_names(const std::string& text, std::vector<std::string>& out) {
  auto ws = [&](size_t i) { while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i; return i; };
  auto ident = [](char c, bool first) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || (!first && std::isdigit(static_cast<unsigned char>(c))); };
  for (size_t at = text.find("__all__"); at != std::string::npos; at = text.find("__all__", at + 1)) {
    if (at > 0 && text[at - 1] != '\n') continue;
    size_t i = ws(at + 7);
    if (i >= text.size() || text[i] != '=') continue;
    i = ws(i + 1);
    if (i >= text.size() || (text[i] != '[' && text[i] != '(')) continue;
    size_t end = text.find_first_of("])", i + 1);
    if (end == std::string::npos) continue;
    for (size_t j = i + 1; j < end; ++j) {
      if (text[j] != '"' && text[j] != '\'') continue;
      size_t k = j + 1;
      if (k >= end || !ident(text[k], true)) continue;
      while (k < end && ident(text[k], false)) ++k;
      if (k < end && (text[k] == '"' || text[k] == '\'')) {
        out.push_back(text.substr(j + 1, k - j - 1));
        j = k;
      }
    }
    return true;
  }
  return false;
}

}  // namespace

V Interp::call_builtin_model(const std::string& name, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs,
                             Location loc, V self, bool& handled) {
  auto arg = [&](size_t i) -> V {
    if (i >= args.size()) error(loc, fmt::format("{}() missing argument {}", name, i + 1));
    return args[i];
  };
  Activation& act = *stack_.back();
  bool in_compiled = act.ctx && act.ctx->mode != Mode::Eager;
  handled = true;
  // torch.utils.checkpoint.checkpoint(fn, *args, use_reentrant=..., ...): eagerly fn(*args); in a frame Dynamo's
  // CheckpointHigherOrderVariable traces fn into a subgraph and records one `tag_activation_checkpoint` node and a
  // getitem per output; the parameters fn reads are lifted as the outer graph's inputs (timm / HF gradient
  // checkpointing; real torch 2.11: 2 blocks checkpointed = 2 tag_activation_checkpoint + 2 getitem)
  if (name == "torch.autograd.once_differentiable" || name == "torch.autograd.function.once_differentiable" ||
      name == "torch.utils.checkpoint.checkpoint" || name == "torch.utils.checkpoint.checkpoint_sequential")
    return call_checkpoint_builtin(name, args, kwargs, loc);  // builtins_hop.cpp
  if (name == "property.setter" || name == "property.getter") {  // `@x.setter`: a new property with both
    if (args.size() != 1 || !self) error(loc, "@property.setter takes one function");
    auto p = mk_builtin("property");
    p->func = name == "property.getter" ? arg(0) : self->func;
    p->attrs = self->attrs;
    if (name == "property.setter") p->attrs["fset"] = arg(0);
    return p;
  }
  // the descriptor protocol of a property called directly (`Base.prop.__set__(self, v)` from a subclass's setter)
  if (name == "property.__get__") {  // __get__(instance, owner=None): the getter's value; on the class, the property
    if (args.empty() || args[0]->k == VK::None) return self;
    return call(self->func, {args[0]}, {}, loc);
  }
  if (name == "property.__set__") {
    if (args.size() != 2) error(loc, fmt::format("__set__ expected 2 arguments, got {}", args.size()));
    auto it = self->attrs.find("fset");
    if (it == self->attrs.end()) raise_exc("AttributeError", "property has no setter", loc);
    call(it->second, {args[0], args[1]}, {}, loc);
    return none();
  }
  // transformers' define_import_structure reads each module file's `__all__` from its text (no import): the package
  // folder of FILE (its __init__.py), one entry per `.py` file beside it, {module: [names in __all__]}
  if (name == "__tparse_cm_split__") return cm_split(arg(0));  // the contextlib stub's @contextmanager (below)
  if (name == "__tparse_unmodelled__") {  // a stub's note: what it cannot model at this call (the caller's file:line)
    note_unmodelled(loc, args.empty() ? std::string("stub") : py_str(arg(0)));
    return none();
  }
  if (name == "__tparse_opaque__") return mk_opaque(args.empty() ? std::string("stub") : py_str(arg(0)));  // a stub's unknown
  if (name == "__tparse_package_all__") {
    auto d = std::make_shared<Obj>();
    d->k = VK::Dict;
    V f = arg(0);
    if (f->k != VK::Str) return d;
    std::error_code ec;
    std::vector<fs::path> files;
    for (const auto& ent : fs::directory_iterator(fs::path(f->s).parent_path(), ec))
      if (ent.path().extension() == ".py" && ent.path().filename() != "__init__.py") files.push_back(ent.path());
    std::sort(files.begin(), files.end());
    for (const auto& path : files) {
      std::ifstream in(path, std::ios::binary);
      std::stringstream ss;
      ss << in.rdbuf();
      std::vector<std::string> found;
      if (!module_all_names(ss.str(), found)) continue;
      std::vector<V> names;
      for (auto& n : found) names.push_back(mk_str(std::move(n)));
      d->dict.push_back({mk_str(path.stem().string()), mk_list(names)});
    }
    return d;
  }
  // hooks of the bundled stubs (src/compiler/runtime/stubs): calls Dynamo cannot trace, no-ops when eager
  if (name == "__tparse_logger_call__") {  // (logger, method, args, kwargs) from stubs/transformers/utils/logging.py
    if (!in_compiled) return none();
    std::string logger = args.size() > 0 && args[0]->attrs.count("name") ? py_str(args[0]->attrs["name"]) : "root";
    std::string method = args.size() > 1 ? py_str(arg(1)) : "warning";
    std::string shown;  // VariableTracker reprs of the arguments
    if (args.size() > 2)
      for (auto& a : args[2]->items) {
        shown += (shown.empty() ? "" : ", ") + variable_repr(a);
      }
    graph_break("logging.Logger method not supported for non-export cases", msg_logger(logger, method, shown), loc);
  }
  if (name == "exception_init") {  // super().__init__(*args) reaching a builtin exception class
    if (self && self->k == VK::Instance) self->attrs["args"] = mk_tuple(args);
    return none();
  }
  if (name.rfind("nn_init:", 0) == 0) {  // super().__init__(...) of a built-in torch.nn base class
    nn_construct(name.substr(8), args, kwargs, loc, self);
    nn_init_done(name.substr(8), self, loc);
    return none();
  }
  if (name == "nn_forward_base") return nn_forward(self, args, kwargs, loc);  // super().forward(x)
  if (name == "nn_module_call") {  // super().__call__(...) from a subclass's own __call__: Module.__call__ (hooks, forward)
    own_call_bypass_ = self.get();
    return call(self, args, kwargs, loc);
  }
  if (name.rfind("nn_check_input_dim:", 0) == 0) {  // self._check_input_dim(x) / super()._check_input_dim(x)
    if (args.size() != 1) raise_exc("TypeError", "_check_input_dim() takes exactly one argument", loc);
    nn_check_input_dim(name.substr(19), args[0], loc);
    return none();
  }
  if (name == "nn_module_getattr") {  // torch.nn.Module.__getattr__(self, name): a parameter, buffer or submodule
    if (!self || args.size() != 1 || args[0]->k != VK::Str) raise_exc("TypeError", "__getattr__() takes exactly one str argument", loc);
    auto it = self->attrs.find(args[0]->s);
    if (it != self->attrs.end() &&
        ((it->second->k == VK::Instance && !it->second->builtin_nn.empty()) || (it->second->k == VK::Tensor && (it->second->t->is_param || it->second->t->is_buffer))))
      return getattr(self, args[0]->s, loc);  // read as an attribute: its source and guards as usual
    raise_exc("AttributeError", fmt::format("'{}' object has no attribute '{}'", type_name(self), args[0]->s), loc);
  }
  if (name.rfind("nn_from_pretrained:", 0) == 0) {
    // Embedding.from_pretrained(embeddings, freeze=True, padding_idx=None, ...): the class built from the table's two
    // sizes and the other arguments, its weight a Parameter of the table's values (requires_grad = not freeze)
    const std::string cls = name.substr(19);
    static const char* names[] = {"embeddings", "freeze", "padding_idx", "max_norm", "norm_type", "scale_grad_by_freq", "sparse"};
    std::map<std::string, V> a;
    for (size_t i = 0; i < args.size() && i < 7; ++i) a[names[i]] = args[i];
    for (auto& [k, v] : kwargs) a[k == "_weight" ? "embeddings" : k] = v;
    V table = a["embeddings"];
    if (!table || table->k != VK::Tensor || table->t->shape.size() != 2)
      raise_exc("AssertionError", "Embeddings parameter is expected to be 2-dimensional", loc);
    std::vector<std::pair<std::string, V>> kw;
    for (const char* k : {"padding_idx", "max_norm", "norm_type", "scale_grad_by_freq", "sparse"})
      if (a.count(k) && a[k]) kw.push_back({k, a[k]});
    if (cls == "EmbeddingBag" && a.count("mode") && a["mode"]) kw.push_back({"mode", a["mode"]});
    V inst = call(nn_class(cls), {mk_int(table->t->shape[0].v), mk_int(table->t->shape[1].v)}, kw, loc);
    V w = mk_tensor(*table->t);
    w->vals = table->vals;
    w->t->is_param = true;
    w->t->is_buffer = false;
    w->t->requires_grad = a.count("freeze") && a["freeze"] && !truthy(a["freeze"], loc);  // freeze=True by default
    inst->attrs["weight"] = w;
    return inst;
  }
  if (name.rfind("tensor_unbound:", 0) == 0) {  // torch.Tensor.<method>(t, ...) (interp_attr.cpp)
    if (args.empty()) raise_exc("TypeError", fmt::format("descriptor '{}' of 'torch._C.TensorBase' object needs an argument", name.substr(15)), loc);
    V m = getattr(args[0], name.substr(15), loc);
    std::vector<V> rest(args.begin() + 1, args.end());
    return call(m, rest, kwargs, loc);
  }
  if (name.rfind("type_unbound:", 0) == 0) {  // set.union(a, b) / str.lower(s) (builtins_namespaces.cpp)
    const std::string rest = name.substr(13), type = rest.substr(0, rest.find(':')), method = rest.substr(rest.find(':') + 1);
    if (args.empty()) raise_exc("TypeError", fmt::format("unbound method {}.{}() needs an argument", type, method), loc);
    if (method == "__getitem__" && args.size() == 2) {
      // (a missing key of a dict raises KeyError; called as `__getattr__` it is what the attribute lookup reports)
      // dict's own slot on a dict subclass with a __getitem__ of its own (torch-ac's DictList: `__getattr__ =
      // dict.__getitem__` beside an indexing __getitem__) reads the key, not the override
      if (type == "dict" && args[0]->k == VK::Dict) return dict_getitem(args[0], args[1], loc);
      return subscript(args[0], args[1], loc);
    }
    if (method == "__contains__" && args.size() == 2) return compare("in", args[1], args[0], loc);
    // dict's own __setitem__ / __delitem__ on a dict (a subclass's overrides aside: DictList's `__setattr__ =
    // dict.__setitem__` stores the key while its own __setitem__ writes rows)
    if (type == "dict" && args[0]->k == VK::Dict && (method == "__setitem__" || method == "__delitem__")) {
      V slot = mk_builtin("dict." + method);
      slot->self = args[0];
      return call(slot, std::vector<V>(args.begin() + 1, args.end()), kwargs, loc);
    }
    V m = getattr(args[0], method, loc);
    std::vector<V> more(args.begin() + 1, args.end());
    return call(m, more, kwargs, loc);
  }
  if (name.rfind("nn_unbound:", 0) == 0) {  // nn.X.__init__(self, ...) / nn.X.forward(self, ...) (interp_attr.cpp)
    std::string rest = name.substr(11), method = rest.substr(0, rest.find(':')), cls = rest.substr(rest.find(':') + 1);
    if (args.empty() || args[0]->k != VK::Instance)
      raise_exc("TypeError", fmt::format("descriptor '{}' of 'torch.nn.{}' object needs an argument", method, cls), loc);
    V me = args[0];
    std::vector<V> rest_args(args.begin() + 1, args.end());
    if (method == "forward") return nn_forward(me, rest_args, kwargs, loc);
    if (cls == "Module") return call_builtin("nn_module_init", rest_args, kwargs, loc, me);
    if (method == "reset_parameters") return none();  // nn.Linear.reset_parameters(self): values only, no shape
    nn_construct(cls, rest_args, kwargs, loc, me);
    nn_init_done(cls, me, loc);
    return none();
  }
  {  // torch.library custom operators and torch.ops.NS.OP calls: torch/custom_ops.cpp
    bool hit = false;
    V r = call_custom_op(name, args, kwargs, loc, hit);
    if (hit) return r;
  }
  if (name == "autograd_function_apply" && self) {  // Fn.apply(*args): forward(ctx, *args), ctx a FunctionCtx (stub)
    V fwd = self->k == VK::Class ? find_in_class(self, "forward") : nullptr;
    if (!fwd) error(loc, "autograd.Function subclass without forward");
    if (fwd->k == VK::Builtin && fwd->func) fwd = fwd->func;  // @staticmethod
    V ctx_cls = getattr(import_module("__tparse_autograd__", loc), "FunctionCtx", loc);
    std::vector<V> needs;
    for (auto& x : args) needs.push_back(mk_bool(x->k == VK::Tensor && x->t->requires_grad));
    // (torch's ctx is made in C by THPFunction_apply: its stub's __init__ is no frame under a callback)
    V fn_ctx_obj;
    {
      struct Off { int& c; int saved; ~Off() { c = saved; } } off{callback_active_, callback_active_};
      callback_active_ = 0;
      fn_ctx_obj = call(ctx_cls, {mk_tuple(needs)}, {}, loc);
    }
    std::vector<V> a{fn_ctx_obj};
    for (auto& x : args) a.push_back(x);
    // the setup_context style (`forward(x, theta)` without ctx): AutogradFunctionVariable.call_apply drops the ctx
    // when forward's parameters are as many as the arguments (k-diffusion's in-place RoPE); eagerly
    // Function.apply then calls setup_context(ctx, inputs, output)
    const V fn_ctx = a[0];
    const bool no_ctx = fwd->k == VK::Func && fwd->fn && fwd->fn->params.size() == args.size();
    if (no_ctx) a.erase(a.begin());
    // Dynamo (AutogradFunctionVariable): with grad on and a tensor argument that requires grad, forward and
    // backward become subgraphs of one torch.ops.higher_order.autograd_function_apply node over the tensor
    // arguments, its outputs read by getitem; otherwise forward is inlined (real torch 2.11:
    // testdata/programs/autograd_function_grad). The subgraphs' own nodes are not modelled: forward runs for its
    // output shapes and its nodes are taken back out of the graph.
    bool hop = false;
    if (tracing() && grad_enabled_)
      for (auto& x : args) hop = hop || (x->k == VK::Tensor && x->t->requires_grad);
    if (!hop && !tracing()) {  // eagerly Function.apply runs forward with grad disabled (a frame of its own under a callback)
      // eagerly the ctx goes only when the class defines setup_context (_is_setup_context_defined), whatever
      // forward's parameters (point-e's `forward(ctx, run_function, length, *args)` takes as many as apply's)
      std::vector<V> eager_args = a;
      const bool setup_ctx = self->attrs.count("setup_context") > 0;
      if (no_ctx != setup_ctx) {
        if (setup_ctx) eager_args.erase(eager_args.begin());
        else eager_args.insert(eager_args.begin(), fn_ctx);
      }
      bool saved_grad = grad_enabled_;
      grad_enabled_ = false;
      V r;
      try { r = call(fwd, eager_args, kwargs, loc); } catch (...) { grad_enabled_ = saved_grad; throw; }
      grad_enabled_ = saved_grad;
      if (setup_ctx)
        if (auto it = self->attrs.find("setup_context"); it != self->attrs.end()) {
          V sc = it->second->k == VK::Builtin && it->second->func ? it->second->func : it->second;
          call(sc, {fn_ctx, mk_tuple(args), r}, {}, loc);
        }
      // the outputs are the Function's node's: they require grad when an input does (grad on), and backward reaches
      // the inputs through them (stable diffusion's CheckpointFunction: x.grad after out.sum().backward()); its
      // backward is the class's, a Python function the engine calls (one output), or, where a compiled frame's cache
      // hit replays the apply, the traced node's (python_backward.cpp)
      if (saved_grad)
        if (auto edge = grad_edge_over(args, kwargs)) {
          const bool in_frame = stack_.back()->ctx && stack_.back()->ctx->mode != Mode::Eager;
          std::vector<V> outs;
          flatten_tensors(r, outs, false);
          std::erase_if(outs, [&](const V& o) {
            return std::any_of(args.begin(), args.end(), [&](const V& x) { return x.get() == o.get(); });
          });
          V bwd = find_in_class(self, "backward");
          if (bwd && bwd->k == VK::Builtin && bwd->func) bwd = bwd->func;  // @staticmethod
          const auto out_edge = in_frame ? function_hop_edge(args) : edge;  // (one node for every output)
          for (auto& o : outs) {
            o->t->requires_grad = o->t->grad_fn = true;
            o->t->grad_edge = out_edge;
          }
          if (!in_frame && outs.size() == 1 && bwd && bwd->k == VK::Func) attach_python_backward(outs[0], bwd, nullptr, args, loc, fn_ctx);
        }
      return r;
    }
    if (!hop) return call(fwd, a, kwargs, loc);
    // (the higher-order op speculates forward with its ctx whatever forward's parameters count, unless the class
    // defines setup_context: `forward(ctx, *args)` called with two tensors keeps ctx there, while the no-grad path
    // above drops it by the count; real torch 2.11: Physics-Aware-Training's make_pat_func)
    if (no_ctx && self->attrs.count("setup_context") == 0) a.insert(a.begin(), fn_ctx);
    return autograd_function_hop(self, fwd, a, kwargs, args, fn_ctx, loc);  // builtins_autograd.cpp
  }
  {  // the standard-library stubs' engines (re, inspect, importlib, copy, dataclasses): builtins_stdlib.cpp
    bool hit = false;
    V r = call_stdlib_hook(name, args, kwargs, loc, self, hit);
    if (hit) return r;
  }
  // a bundled stub's `builtin(op, argument types...)` Dynamo cannot trace (GB0059): torch.distributions' first
  // kl_divergence of a pair of types looks its rule up with min() over a generator
  if (name == "__tparse_np_random_break__") {
    if (in_compiled) graph_break("Data dependent operator", msg_data_dependent_op("aten._local_scalar_dense.default"), loc);
    return none();
  }
  // (method, argument): torch._numpy.random's `torch.empty(size).<method>(a, b)` of ndarray parameters, a TypeError on
  // fake tensors: GB0112 at the call, which then runs eagerly (real torch 2.11: np_random_choice_uniform)
  if (name == "__tparse_np_fake_type_error__") {
    if (in_compiled && args.size() >= 2) {
      const std::string m = py_str(arg(0)), a = py_str(arg(1));
      graph_break("TypeError when making fake tensor call",
                  gb_message("TypeError when making fake tensor call", "",
                             {"Your code may result in an error when running in eager. Please double check that your code doesn't "
                              "contain a similar error when actually running eager/uncompiled. You can do this by removing the "
                              "`torch.compile` call, or by using `torch.compiler.set_stance(\"force_eager\")`. "},
                             fmt::format("TypeError {0}: {0}(): argument '{1}' (position 1) must be float, not FakeTensor", m, a), "GB0112"),
                  loc);
    }
    return none();
  }
  // (name, *args, **kwargs): a numpy.random function torch._numpy lacks (binomial, poisson, beta, ...): Dynamo cannot
  // trace it (GB0294) and breaks at the call, which runs eagerly (real torch 2.11: ts2vec's generate_binomial_mask)
  if (name == "__tparse_np_unsupported__") {
    if (in_compiled && !args.empty()) {
      std::string a, k;
      for (size_t i = 1; i < args.size(); ++i) a += (i > 1 ? ", " : "") + variable_repr(args[i]);
      for (size_t i = 0; i < kwargs.size(); ++i) k += fmt::format("{}'{}': {}", i ? ", " : "", kwargs[i].first, variable_repr(kwargs[i].second));
      const std::string fn = fmt::format("<bound method RandomState.{} of RandomState(MT19937) at 0x7F0000000000>", py_str(arg(0)));
      graph_break("attempted to trace numpy function unsupported by PyTorch",
                  gb_message("attempted to trace numpy function unsupported by PyTorch",
                             fmt::format("Can't find numpy numpy function {} in torch._numpy.", fn), {kHintSupportable},
                             fmt::format("numpy function: {}, args: [{}], kwargs: {{{}}} (corresponding torch function: None)", fn, a, k),
                             "GB0294"),
                  loc);
    }
    return none();
  }
  if (name == "__tparse_root_logging__") {
    if (in_compiled)
      graph_break("Unsupported method call",
                  gb_message("Unsupported method call", "Dynamo does not know how to trace method `__len__` of class `<unknown type>`",
                             {"Avoid calling `<unknown type>.__len__` in your code.", "Please report an issue to PyTorch."},
                             "call_method GetAttrVariable(LoggingLoggerVariable(), handlers) __len__ [] {}", "GB0156"),
                  loc);
    return none();
  }
  // (class, method, *args): a method of a C class Dynamo wraps as a UserDefinedObjectVariable and cannot trace (GB0156)
  if (name == "__tparse_unsupported_method__") {
    if (in_compiled && args.size() >= 2) {
      std::string ctx_args;
      for (size_t i = 2; i < args.size(); ++i) ctx_args += (i > 2 ? ", " : "") + variable_repr(args[i]);
      std::string ctx_kwargs;
      for (size_t i = 0; i < kwargs.size(); ++i) ctx_kwargs += fmt::format("{}'{}': {}", i ? ", " : "", kwargs[i].first, variable_repr(kwargs[i].second));
      const std::string cls = py_str(arg(0)), method = py_str(arg(1));
      graph_break("Unsupported method call", msg_unsupported_method(cls, method,
                  fmt::format("call_method UserDefinedObjectVariable({}) {} [{}] {{{}}}", cls, method, ctx_args, ctx_kwargs)), loc);
    }
    return none();
  }
  if (name == "__tparse_unstub__")  // (package): its overlay stubs give way to the source roots (stubs/transformers)
    return mk_bool(!args.empty() && unstub_package(py_str(arg(0))));
  if (name == "__tparse_builtin_op_break__") {
    if (in_compiled && !args.empty()) {
      std::vector<std::string> types;
      for (size_t i = 1; i < args.size(); ++i) types.push_back(py_str(args[i]));
      graph_break("Failed to trace builtin operator", msg_builtin_op(py_str(arg(0)), types), loc);
    }
    return none();
  }
  // a torch function of ours wrapped by torch._disable_dynamo (Optimizer.zero_grad): in a frame, GB0008; run eagerly
  if (name == "__tparse_skipped_inline_file__") {  // (qualname, name, file) of a function in a SKIP_DIRS package
    if (in_compiled && args.size() == 3)
      graph_break("Attempted to inline function marked as skipped", msg_skipped_inline_file(py_str(arg(0)), py_str(arg(1)), py_str(arg(2))), loc);
    return none();
  }
  if (name == "__tparse_skipped_inline__") {
    if (in_compiled) graph_break("Attempted to inline function marked as skipped", msg_skipped_inline(args.empty() ? "unknown" : py_str(arg(0))), loc);
    return none();
  }
  // `__tparse_eager__(f, *args)`: f runs outside the frame's graph, as Dynamo runs an optimizer's _init_group on the
  // real optimizer (OptimizerVariable.call_method): what it makes is real state, read by the graph as inputs
  if (name == "__tparse_eager__" && !args.empty()) {
    V f = args[0];
    std::vector<V> rest(args.begin() + 1, args.end());
    // (Dynamo's callback is off there: nothing it calls is a frame)
    struct Off { int& c; int saved; ~Off() { c = saved; } } off{callback_active_, callback_active_};
    callback_active_ = 0;
    const bool init_group = f->k == VK::Bound && f->self && f->func && f->func->fn && f->func->fn->name == "_init_group";
    if (init_group) move_step_if_cpu(f->self);
    V r = f->k == VK::Bound && f->func && f->func->k == VK::Func ? call_user(f->func, rest, kwargs, nullptr, 0, f->self)
          : f->k == VK::Func                                   ? call_user(f, rest, kwargs, nullptr, 0)
                                                               : call(f, rest, kwargs, loc);
    // (map_sources_and_install_guards: a group's parameter gradients the eager _init_group gathered are read by the
    // graph from GradSource(param's source, 'grad'): L_self_param_groups_0_params_0_grad)
    if (tracing())
      for (const V& a : rest) {
        if (a->k != VK::Dict) continue;
        V* ps = dict_find(*a, mk_str("params"));
        if (!ps || (*ps)->k != VK::List) continue;
        for (const V& p : (*ps)->items)
          if (auto g = p->attrs.find("grad"); g != p->attrs.end()) name_grad(p, g->second);
      }
    if (init_group) map_optimizer_state(f->self, loc);  // (and its state tensors: static sources)
    return r;
  }
  // `__tparse_param_groups__(opt)`: the optimizer's param_groups as a frame reads them (OptimizerVariable realizes them
  // all at the first `self.param_groups`): a float that changed since an earlier compile of this code is an
  // unspecialized input there (`L['self'].param_groups[0]['lr']`, a 0-d float64 and its .item(), in the groups' order:
  // an lr scheduler, another optimizer's hyperparameters), another float is guarded by value; copies of the group
  // dicts carry the symbolic values, the optimizer's own dicts keep theirs
  if (name.rfind("compiled_module_self:", 0) == 0 && self && self->func) {  // (interp_attr.cpp: an OptimizedModule's to / train)
    V r = call(getattr(self->func, name.substr(21), loc), args, kwargs, loc);
    return r.get() == self->func.get() ? self : r;
  }
  if (name == "__tparse_param_groups__" && !args.empty()) {
    V opt = args[0];
    V groups = getattr(opt, "param_groups", loc);
    if (!tracing() || groups->k != VK::List) return groups;
    std::string src = frame_source_of(opt);
    if (src.empty()) return groups;
    Activation& act = *stack_.back();
    CodeState& cs = *act.ctx->code;
    const bool auto_dyn = !(cur_opts_ && cur_opts_->dynamic_false);
    std::vector<V> out;
    // OptimizerVariable._set_capturable: a group of CUDA parameters none of which has state yet gets capturable=True
    // in the live dict (so _init_group makes each step count on the parameter's device)
    auto st = opt->attrs.find("state");
    for (const V& g : groups->items) {
      V* ps = g->k == VK::Dict ? dict_find(*g, mk_str("params")) : nullptr;
      V* cap = g->k == VK::Dict ? dict_find(*g, mk_str("capturable")) : nullptr;
      if (!ps || !cap || (*ps)->k != VK::List) continue;
      bool ok = true;
      for (const V& p : (*ps)->items) {
        ok = ok && p->k == VK::Tensor && p->t->device.rfind("cuda", 0) == 0;
        if (st != opt->attrs.end() && st->second->k == VK::Dict)
          for (auto& kv : st->second->dict) ok = ok && kv.first.get() != p.get();
      }
      if (ok) *cap = mk_bool(true);
    }
    for (size_t gi = 0; gi < groups->items.size(); ++gi) {
      V g = groups->items[gi];
      if (g->k != VK::Dict || g->cls) { out.push_back(g); continue; }
      auto copy = std::make_shared<Obj>(*g);
      // one value at source s: a float that changed is unspecialized, another is guarded; an int is remembered
      auto one = [&](V& v, const std::string& s) {
        if (!v->sym.empty()) return;
        if (v->k == VK::Int) { cs.seen_globals[s] = v; return; }  // (SGD's default momentum 0: then 0.9 is a change)
        if (v->k != VK::Float || !std::isfinite(v->f)) return;
        size_t cut = std::min(s.size(), s.find_first_of(".["));
        std::string lform = "L['" + s.substr(0, cut) + "']" + s.substr(cut);
        auto seen = cs.seen_globals.find(s);
        const double before = seen == cs.seen_globals.end() ? 0.0 : seen->second->k == VK::Int ? static_cast<double>(seen->second->i) : seen->second->f;
        if (auto_dyn && seen != cs.seen_globals.end() && before != v->f && !cs.dyn_floats.count(s)) {
          cs.dyn_floats.insert(s);
          automatic_dynamic_event(*act.ctx, lform, "\"scalar\"", "scalar change", py_repr(seen->second), py_repr(v));
        }
        cs.seen_globals[s] = v;
        if (cur_opts_ && cur_opts_->dynamic_true) cs.dyn_floats.insert(s);
        if (cs.dyn_floats.count(s)) { v = tensorified_float(lform, s, v, loc, true); return; }
        ValueGuard vg;
        vg.src = s;
        vg.value = v;
        vg.kind = "float";
        vg.code = s + " == " + py_repr(v);
        bool dup = false;
        for (auto& x : act.ctx->vguards) dup = dup || x.src == vg.src;
        if (!dup) act.ctx->vguards.push_back(vg);
      };
      for (auto& [k, v] : copy->dict) {
        if (k->k != VK::Str) continue;
        std::string s = fmt::format("{}.param_groups[{}]['{}']", src, gi, k->s);
        if (v->k == VK::Tuple) {  // Adam's betas: each item its own source (OneCycleLR cycles betas[0])
          auto t = std::make_shared<Obj>(*v);
          for (size_t i = 0; i < t->items.size(); ++i) one(t->items[i], fmt::format("{}[{}]", s, i));
          v = t;
          continue;
        }
        one(v, s);
      }
      out.push_back(copy);
    }
    return mk_list(out);
  }
  // `__tparse_torch_line__(t, rel, line, fn, code)`: a node a stub of torch's Python code made carries torch's own
  // `# File:` line (torch/<rel>:<line> in <fn>), as Dynamo inlining that file records it; returns t
  if (name == "__tparse_torch_line__" && args.size() == 5) {
    if (arg(0)->k == VK::Tensor && arg(2)->k == VK::Int) torch_frame(arg(0), py_str(arg(1)), static_cast<int>(arg(2)->i), py_str(arg(3)), py_str(arg(4)));
    return arg(0);
  }
  if (name == "__tparse_guard_optimizer_state__" && !args.empty()) {
    guard_optimizer_state(args[0], true);
    return none();
  }
  if (name == "__tparse_lru_wrap__" && args.size() == 1) {  // functools.lru_cache / cache of `arg(0)` (stubs/functools.py)
    if (arg(0)->k == VK::Func) {  // (Dynamo traces its __wrapped__; eagerly a hit runs no frame: lru_caches_)
      lru_caches_[arg(0).get()];
      return arg(0);
    }
    V w = mk_builtin("lru:wrapper");
    w->func = arg(0);
    return w;
  }
  // (name, file, line): a standard-library Python function a C call runs (numpy's RandomState() makes its lock with
  // threading.RLock): under eval_frame's callback it is handed to Dynamo once, no tensor in it, skipped from then on
  // (a 4th argument tells code objects of one file and line apart: each namedtuple class's generated __new__)
  if (name == "__tparse_stdlib_frame__") {
    if (callback_active_ > 0 && !in_compiled && (args.size() == 3 || args.size() == 4) && arg(2)->k == VK::Int)
      count_stdlib_frame_once(py_str(arg(0)).c_str(), py_str(arg(1)).c_str(), static_cast<int>(arg(2)->i), args.size() == 4 ? arg(3).get() : nullptr);
    return none();
  }
  if (name == "__tparse_skipped_builtin2__") {  // (module, qualname) of a C builtin Dynamo does not trace: GB0007
    if (in_compiled && args.size() == 2)
      graph_break("Attempted to call function marked as skipped", msg_skipped_builtin(py_str(arg(0)), py_str(arg(1))), loc);
    return none();
  }
  if (name == "__tparse_skipped_file_fn__") {  // (module, qualname, file): a function of a file trace_rules skips
    if (in_compiled && args.size() == 3)
      graph_break("Attempted to call function marked as skipped", msg_skipped_torch_fn(py_str(arg(0)), py_str(arg(1)), py_str(arg(2))), loc);
    return none();
  }
  if (name == "__tparse_non_tensor_break__") {  // (type, function): a torch.* call Dynamo runs whose value is no tensor
    // (a third argument: the target as printed, torch._numpy's `<Wrapped function <original size>>`)
    if (in_compiled && (args.size() == 2 || args.size() == 3))
      np_traced::non_tensor_break(*this, args.size() == 3 ? py_str(arg(2)) : fmt::format("<function {} at 0x7f2f277f63e0>", py_str(arg(1))),
                                  py_str(arg(0)), loc);
    return none();
  }
  if (name == "__tparse_skipped_builtin__") {
    std::string q = args.empty() ? "unknown" : py_str(arg(0));
    size_t dot = q.rfind('.');
    if (in_compiled) graph_break("Attempted to call function marked as skipped", msg_skipped_builtin(q.substr(0, dot), q.substr(dot + 1)), loc);
    return none();
  }
  // `@torch.no_grad()` / `@torch.inference_mode()` as a decorator: the function runs in that grad mode
  if ((name == "ctx:no_grad" || name == "ctx:enable_grad" || name == "ctx:inference_mode") && args.size() == 1 && args[0]->k == VK::Func) {
    auto w = mk_builtin("gradwrap:" + name.substr(4));
    w->func = args[0];
    return w;
  }
  // JIT fuser switches model files flip at import time: process-wide settings, no effect on Dynamo
  if (name.rfind("torch._C._jit_", 0) == 0 && !in_compiled) return none();
  if (name == "torch.finfo" || name == "torch.iinfo") {  // constants Dynamo folds: min/max/eps/tiny of a dtype
    std::string dt = args.empty() ? "float32" : arg(0)->k == VK::DType ? arg(0)->s : "float32";
    auto info = std::make_shared<Obj>();
    info->k = VK::Instance;
    struct F { const char* dt; double max, eps, tiny; int bits; };
    static const F fs[] = {{"float32", 3.4028234663852886e+38, 1.1920928955078125e-07, 1.1754943508222875e-38, 32},
                           {"float64", 1.7976931348623157e+308, 2.220446049250313e-16, 2.2250738585072014e-308, 64},
                           {"float16", 65504.0, 0.0009765625, 6.103515625e-05, 16},
                           {"bfloat16", 3.3895313892515355e+38, 0.0078125, 1.1754943508222875e-38, 16}};
    if (name == "torch.finfo") {
      const F* f = nullptr;
      for (auto& x : fs) if (dt == x.dt) f = &x;
      if (!f) error(loc, fmt::format("torch.finfo() of a non-float dtype torch.{}", dt));
      info->attrs = {{"max", mk_float(f->max)}, {"min", mk_float(-f->max)}, {"eps", mk_float(f->eps)}, {"tiny", mk_float(f->tiny)},
                     {"smallest_normal", mk_float(f->tiny)}, {"bits", mk_int(f->bits)}, {"dtype", mk_str(dt)}};
    } else {
      int bits = dt == "int8" || dt == "uint8" ? 8 : dt == "int16" ? 16 : dt == "int32" ? 32 : 64;
      bool u = dt == "uint8";
      long long mx = u ? 255 : bits == 64 ? 9223372036854775807LL : (1LL << (bits - 1)) - 1;
      info->attrs = {{"max", mk_int(mx)}, {"min", mk_int(u ? 0 : -mx - 1)}, {"bits", mk_int(bits)}, {"dtype", mk_str(dt)}};
    }
    return info;
  }
  if (name == "torch.nn.init._calculate_fan_in_and_fan_out") {  // (size(1) * receptive field, size(0) * receptive field)
    if (args.empty() || args[0]->k != VK::Tensor) raise_exc("TypeError", "_calculate_fan_in_and_fan_out() needs a tensor", loc);
    const auto& s = args[0]->t->shape;
    if (s.size() < 2) raise_exc("ValueError", "Fan in and fan out can not be computed for tensor with fewer than 2 dimensions", loc);
    long long rf = 1;
    for (size_t i = 2; i < s.size(); ++i) rf *= s[i].v;
    return mk_tuple({mk_int(s[1].v * rf), mk_int(s[0].v * rf)});
  }
  if (name == "torch.nn.init.calculate_gain") {  // torch.nn.init.calculate_gain(nonlinearity, param=None)
    std::string nl = args.empty() ? "" : py_str(arg(0));
    static const std::set<std::string> one = {"linear", "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d",
                                              "conv_transpose3d", "sigmoid"};
    if (one.count(nl)) return mk_float(1.0);
    if (nl == "tanh") return mk_float(5.0 / 3);
    if (nl == "relu") return mk_float(std::sqrt(2.0));
    if (nl == "selu") return mk_float(3.0 / 4);
    if (nl == "leaky_relu") {
      double slope = 0.01;
      if (args.size() > 1 && (arg(1)->k == VK::Int || arg(1)->k == VK::Float)) slope = arg(1)->k == VK::Int ? static_cast<double>(arg(1)->i) : arg(1)->f;
      return mk_float(std::sqrt(2.0 / (1 + slope * slope)));
    }
    raise_exc("ValueError", "Unsupported nonlinearity " + nl, loc);
  }
  if (name.rfind("torch.nn.init.", 0) == 0) {  // weight initialisers: in place, the plain fills' values kept
    // in a frame Dynamo inlines torch/nn/init.py: Python of ours with torch's lines (stubs/__tparse_torch_init__.py)
    if (in_compiled) {
      static const std::set<std::string> inlined = {"uniform_", "normal_", "constant_", "ones_", "zeros_", "xavier_uniform_",
                                                    "xavier_normal_", "kaiming_uniform_", "kaiming_normal_"};
      const std::string fn = name.substr(14);
      if (!inlined.count(fn)) error(loc, fmt::format("{}() inside a compiled frame is not supported by tparse", name));
      return call(getattr(import_module("__tparse_torch_init__", loc), fn, loc), args, kwargs, loc);
    }
    std::vector<V> a = args;  // (the tensor by keyword: RotatE's `nn.init.uniform_(tensor=..., a=..., b=...)`)
    for (const auto& [k, v] : kwargs)
      if (a.empty() && k == "tensor") a.push_back(v);
    if (a.empty() || a[0]->k != VK::Tensor) error(loc, fmt::format("{}() needs a tensor", name));
    values::mutated(*this, a[0]);
    rng::init_call(*this, name.substr(14), a, kwargs);  // its draws from torch's CPU generator, their values (torch/random)
    return a[0];
  }
  if (name == "torch.nn.utils.parametrize.register_parametrization") return nn_register_parametrization(*this, args, kwargs, loc);
  if (name == "torch.nn.utils.parametrizations.weight_norm" || name == "torch.nn.utils.weight_norm")
    return nn_weight_norm(args, kwargs, loc, name == "torch.nn.utils.weight_norm");
  if (name == "torch.nn.utils.remove_weight_norm" || name == "torch.nn.utils.weight_norm.remove_weight_norm" ||
      name == "torch.nn.utils.parametrize.remove_parametrizations")
    return nn_remove_weight_norm(args, kwargs, loc, name.find("parametrize") == std::string::npos);
  if (name == "torch.nn.utils.skip_init") {  // builds the module without initialising its weights
    if (args.empty()) error(loc, "skip_init() needs a module class");
    V cls = args[0];
    std::vector<V> rest(args.begin() + 1, args.end());
    return call(cls, rest, kwargs, loc);
  }
  {  // torch's Python-level library functions (autograd, amp, nn.utils): torch/torch_library.cpp
    bool hit = false;
    V r = call_torch_library(name, args, kwargs, loc, hit);
    if (hit) return r;
  }
  if (name == "torch.fx.wrap") return args.empty() ? none() : arg(0);  // marks a leaf for fx.symbolic_trace; Dynamo traces it
  if (name == "torch._assert") {  // Dynamo: a constant-true condition (or a SymBool it can decide) leaves no node
    if (!args.empty() && (arg(0)->k == VK::Bool || arg(0)->k == VK::Int) && !truthy(arg(0), loc))
      error(loc, "AssertionError: " + (args.size() > 1 && arg(1)->k == VK::Str ? arg(1)->s : std::string()));
    return none();
  }
  if ((name == "torch.jit.ignore" || name == "torch.jit.unused") && args.empty()) return mk_builtin(name);  // @torch.jit.ignore(drop=...)
  // @torch.jit.export / interface / _overload_method mark a function or class for TorchScript and return it as it is
  // (torchaudio's Emformer.infer, RNNT.transcribe): eager Python and Dynamo see the function itself
  // @torch.jit._script_if_tracing (torchvision's batched_nms helpers) wraps the function in a Python wrapper that calls
  // it as it is unless torch.jit is tracing: eagerly the function is a frame of its own, in a frame Dynamo inlines
  // it (through polyfills.getattr_and_trace on `__original_fn`)
  if (name == "torch.jit.export" || name == "torch.jit.interface" || name == "torch.jit._overload_method" ||
      name == "torch.jit._overload" || name == "torch.jit._script_if_tracing") {
    if (args.size() != 1) error(loc, name + "() takes one function here");
    return arg(0);
  }
  // @torch.jit.script_method: the ScriptModule's method is compiled to TorchScript (no Python frame runs it); the
  // function is kept, marked (its module's call in a frame breaks: interp_ops.cpp)
  if (name == "torch.jit.script_method" && args.size() == 1 && args[0]->k == VK::Func) {
    auto f = std::make_shared<Obj>(*args[0]);
    f->script_method = true;
    return f;
  }
  if (name == "torch.jit.script" || name == "torch.jit.ignore" || name == "torch.jit.unused") {
    if (args.size() != 1) error(loc, name + "() takes one function here");
    V f = arg(0);
    if (f->k == VK::Func) f->jit_script = name == "torch.jit.script";  // Dynamo rules: dynamo.cpp
    return f;
  }
  handled = false;
  return nullptr;
}

}  // namespace tparse::compiler
