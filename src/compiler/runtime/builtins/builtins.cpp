// Python builtins (str/list/dict methods in builtins_methods.cpp) and the module namespaces the subset imports
// (torch, torch.nn, torch.nn.functional, math, time, importlib.metadata).
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <numeric>
#include <cmath>

#include "runtime/interp.hpp"
#include "torch/numpy_traced.hpp"
#include "torch/values/values.hpp"
#include "runtime/keys.hpp"
#include "dynamo/messages.hpp"
#include "torch/op_table.hpp"

namespace tparse::compiler {

static V bound_builtin(V self, const std::string& name) {
  auto b = mk_builtin(name);
  b->self = self;
  return b;
}

V nn_class(const std::string& n) {
  auto c = std::make_shared<Obj>();
  c->k = VK::Class;
  c->s = n;
  c->builtin_nn = n;
  return c;
}

V Interp::make_module(const std::string& name) {
  static const std::set<std::string> known = {"torch", "torch.nn", "torch.nn.functional", "math", "time",
                                              "importlib", "importlib.metadata", "importlib.util", "torch._dynamo",
                                              "torch.compiler", "sys", "os", "torch.utils", "torch.utils.checkpoint",
                                              "torch.nn.utils", "torch.nn.utils.rnn", "torch.nn.utils.parametrize", "torch.nn.utils.parametrizations", "torch._C", "torch.jit", "torch.cuda", "torch.backends", "torch.nn.init",
                                              "torch.linalg", "torch.special", "torch.distributed", "einops", "torch.nn.parameter",
                                              "torch.amp", "torch.cuda.amp", "torch.cpu.amp", "torch.nn.attention", "torch.version",
                                              "torch.autograd", "torch.autograd.function", "torch.autograd.variable",
                                              "torch.autograd.profiler", "torch.profiler", "torch.random"};
  // torch/nn/modules/<file>.py, where the nn classes are defined (`from torch.nn.modules.instancenorm import
  // InstanceNorm2d`, `torch.nn.modules.conv._ConvNd`): each file is torch.nn's namespace of classes
  static const std::set<std::string> nn_files = {"activation", "adaptive", "batchnorm", "channelshuffle", "container", "conv",
                                                 "distance", "dropout", "flatten", "fold", "instancenorm", "lazy", "linear",
                                                 "loss", "module", "normalization", "padding", "pixelshuffle", "pooling", "rnn",
                                                 "sparse", "transformer", "upsampling", "utils"};  // utils: _pair & co. (__tparse_torch__)
  bool nn_file = name.rfind("torch.nn.modules.", 0) == 0 && nn_files.count(name.substr(17));
  if (!known.count(name) && name != "torch.nn.modules" && !nn_file) return nullptr;
  auto it = modules_.find(name);
  if (it != modules_.end()) return it->second;
  auto m = std::make_shared<Obj>();
  m->k = VK::Module;
  m->s = name;
  modules_[name] = m;
  return m;
}

V Interp::builtin_attr(V obj, const std::string& name, Location loc, bool& found) {
  found = true;
  switch (obj->k) {
    case VK::Module: {
      const std::string& m = obj->s;
      std::string full = m + "." + name;
      if (V sub = make_module(full)) return sub;
      if (m == "torch") {
        static const std::set<std::string> dtypes = {"float32", "float64", "float16", "bfloat16", "int64", "int32", "bool", "long", "float", "half", "double", "int8", "uint8",
                                                      "int16", "short", "int", "complex64", "complex128", "cfloat", "cdouble", "complex32", "chalf"};
        if (dtypes.count(name)) {
          auto d = std::make_shared<Obj>();
          d->k = VK::DType;
          static const std::map<std::string, std::string> alias = {{"long", "int64"}, {"float", "float32"}, {"half", "float16"}, {"double", "float64"},
                                                                   {"short", "int16"}, {"int", "int32"}, {"cfloat", "complex64"}, {"cdouble", "complex128"}, {"chalf", "complex32"}};
          d->s = alias.count(name) ? alias.at(name) : name;
          return d;
        }
        if (name == "__version__") {
          V v = mk_str("2.11.0+cu130");
          if (!prof_.version_str_traceable()) v->s = "2.3.1+cu121";
          v->global_name = "TorchVersion";
          return v;
        }
        if (name == "Tensor") { auto c = nn_class("Tensor"); c->builtin_nn = ""; c->s = "Tensor"; return c; }
        if (name == "no_grad" || name == "enable_grad" || name == "inference_mode") return mk_builtin("torchctx." + name);
        if (name == "Size") return mk_builtin("torch.Size");  // a tuple that is a size
        if (name == "inf") return mk_float(INFINITY);  // torch's float constants (as math's)
        if (name == "nan") return mk_float(NAN);
        if (name == "pi") return mk_float(M_PI);
        if (name == "e") return mk_float(M_E);
        if (name == "nn") return make_module("torch.nn");
        if (name == "distributions") return import_module("torch.distributions", loc);  // Python of ours
        if (name == "optim") return import_module("torch.optim", loc);  // Python of ours
        if (name == "ao") return import_module("__tparse_torch_ao__", loc);  // torch.ao.nn.quantized (Python of ours)
        if (name == "Generator") return getattr(import_module("__tparse_torch__", loc), "Generator", loc);  // a Python class of ours
        if (name == "get_rng_state" || name == "set_rng_state") return getattr(import_module("__tparse_torch__", loc), name, loc);
        if (name == "random") return make_module("torch.random");
        return mk_builtin("torch." + name);
      }
      if (m == "torch.nn") {
        if (name == "functional") return make_module("torch.nn.functional");
        if (name == "Parameter" || name == "Buffer") return mk_builtin("nn." + name);
        if (name == "quantized") return import_module("torch.nn.quantized", loc);  // FloatFunctional (Python of ours)
        static const std::set<std::string> transformer = {"Transformer", "TransformerEncoder", "TransformerDecoder",
                                                          "TransformerEncoderLayer", "TransformerDecoderLayer"};
        if (transformer.count(name))  // torch/nn/modules/transformer.py: Python modules of ours, inlined as Dynamo does
          return getattr(import_module("__tparse_torch_transformer__", loc), name, loc);
        return nn_class(name);
      }
      if (m == "torch.nn.functional") return mk_builtin("F." + name);
      // the runs are on CPU: CUDA is never initialized (reversible nets record GPU RNG states `if torch.cuda._initialized`)
      if (m == "torch.cuda" && name == "_initialized") return mk_bool(false);
      // torch/random.py: its RNG-state functions are Python of ours (skipped by Dynamo's trace_rules); the seeding ones torch's
      if (m == "torch.random") {
        if (name == "get_rng_state" || name == "set_rng_state" || name == "fork_rng") return getattr(import_module("__tparse_torch__", loc), name, loc);
        return mk_builtin("torch." + name);
      }
      // `from torch.autograd import Function, Variable` (or .function / .variable): the names torch.autograd.X reaches
      if (m == "torch.autograd.function" || m == "torch.autograd.variable") return mk_builtin("torch.autograd." + name);
      if (m == "torch.version") {  // torch/version.py of the build the truth runs on (a CUDA build: hip is None)
        if (name == "hip" || name == "xpu") return none();
        if (name == "cuda") return mk_str(prof_.version_str_traceable() ? "13.0" : "12.1");
        if (name == "__version__") return mk_str(prof_.version_str_traceable() ? "2.11.0+cu130" : "2.3.1+cu121");
        if (name == "debug") return mk_bool(false);
        if (name == "git_version") return mk_str("unknown");
      }
      // torch.nn.attention: sdpa_kernel and SDPBackend are Python of ours (__tparse_torch__); others are opaque
      if (m == "torch.nn.attention") return getattr(import_module("__tparse_torch__", loc), name == "sdpa_kernel" || name == "SDPBackend" ? name : "__tparse_" + name, loc);
      if (m == "torch.utils" && name == "data") return import_module("torch.utils.data", loc);  // Python of ours
      // torch.nn.utils' gradient clipping: Python of ours (stubs/__tparse_torch_clip_grad__.py)
      if (m == "torch.nn.utils" && (name == "clip_grad_norm_" || name == "clip_grad_norm" || name == "clip_grad_value_" ||
                                    name == "get_total_norm" || name == "clip_grads_with_norm_"))
        return getattr(import_module("__tparse_torch_clip_grad__", loc), name, loc);
      // torch.autograd.profiler.record_function / torch.profiler.record_function: a context manager of ours Dynamo
      // ignores in a frame (no node: "Profiler record function ... will be ignored")
      if ((m == "torch.autograd.profiler" || m == "torch.profiler") && name == "record_function")
        return getattr(import_module("__tparse_torch__", loc), "record_function", loc);
      // torch/nn/modules/utils.py's _single / _pair / _triple / _quadruple / _ntuple: Python of ours (inlined, no node)
      if (m == "torch.nn.modules.utils") return getattr(import_module("__tparse_torch__", loc), name, loc);
      if (m.rfind("torch.nn.modules", 0) == 0) return getattr(make_module("torch.nn"), name, loc);  // a class of torch.nn
      // torch/nn/parameter.py, where nn.Parameter and nn.Buffer are defined (`torch.nn.parameter.Parameter(...)`)
      if (m == "torch.nn.parameter" && (name == "Parameter" || name == "Buffer")) return mk_builtin("nn." + name);
      // `from torch.amp import autocast` (and torch.cuda.amp / torch.cpu.amp / torch.amp.autocast_mode): torch.autocast's forms
      if ((m == "torch.amp" || m == "torch.cuda.amp" || m == "torch.cpu.amp" || m == "torch.amp.grad_scaler") && name == "GradScaler")
        return getattr(import_module("__tparse_optim__", loc), "GradScaler", loc);  // Python of ours
      if ((m == "torch.amp" || m == "torch.cuda.amp" || m == "torch.cpu.amp" || m == "torch.amp.autocast_mode") && name == "autocast")
        return mk_builtin((m == "torch.amp.autocast_mode" ? std::string("torch.amp") : m) + ".autocast");
      if (m == "torch.distributed") {
        static const std::set<std::string> fns = {"is_available", "is_initialized", "is_torchelastic_launched", "get_world_size",
                                                  "get_rank", "init_process_group", "destroy_process_group", "barrier", "all_reduce",
                                                  "broadcast", "reduce", "all_gather", "all_gather_into_tensor", "reduce_scatter",
                                                  "reduce_scatter_tensor", "all_to_all", "all_to_all_single", "gather", "scatter"};
        return fns.count(name) ? mk_builtin(full) : mk_opaque(full);  // ReduceOp, ProcessGroup, new_group, ...: opaque
      }
      if (m == "sys") {  // builtins_more.cpp
        if (V v = sys_attr(name)) return v;
      }
      if (m == "os" && name == "environ") {  // no variable is set for the run (model defaults); stores are kept
        if (!os_environ_) { os_environ_ = std::make_shared<Obj>(); os_environ_->k = VK::Dict; }
        return os_environ_;
      }
      if (m == "os" && name == "path") return mk_builtin("os.path");
      if (m == "math") {
        if (name == "nan") return mk_float(NAN);
        if (name == "pi") return mk_float(M_PI);
        if (name == "e") return mk_float(M_E);
        if (name == "inf") return mk_float(INFINITY);
        return mk_builtin("math." + name);
      }
      if (m.rfind("torch", 0) != 0 && !stub_misses_.count(full)) {  // a bundled stub of a submodule (importlib.machinery)
        ModuleSource src;                                             // is imported on first use; a miss is asked once
        if (find_stub_source(m + "/" + name, src)) return import_module(full, loc);
        stub_misses_.insert(full);
      }
      return mk_builtin(full);
    }
    case VK::Complex:  // complex.real, .imag, .conjugate()
      if (name == "real") return mk_float(obj->f);
      if (name == "imag") return mk_float(obj->im);
      if (name == "conjugate") return bound_builtin(obj, "complex.conjugate");
      break;
    case VK::Float:  // float.is_integer(), float.as_integer_ratio() (a SymFloat keeps its hint here)
      if (name == "is_integer" || name == "as_integer_ratio") return bound_builtin(obj, "float." + name);
      break;
    case VK::Str: {
      static const std::set<std::string> ms = {"split", "format", "startswith", "endswith", "join", "strip", "lower", "upper", "replace", "rsplit", "isdigit",
                                               "partition", "rpartition", "lstrip", "rstrip", "removeprefix", "removesuffix", "find",
                                               "rfind", "index", "rindex", "count", "isalpha", "isalnum", "isspace", "isdecimal",
                                               "isnumeric", "islower", "isupper", "capitalize", "title", "zfill", "ljust", "rjust",
                                               "center", "splitlines", "casefold", "swapcase", "translate", "maketrans"};
      if (ms.count(name)) return bound_builtin(obj, "str." + name);
      break;
    }
    case VK::List: {
      static const std::set<std::string> ms = {"append", "extend", "pop", "index", "insert", "copy", "reverse",
                                               // set methods (sets are lists without equal items)
                                               "add", "isdisjoint", "union", "intersection", "difference", "issubset",
                                               "issuperset", "discard", "remove", "update", "count", "sort", "clear",
                                               "difference_update", "intersection_update", "symmetric_difference",
                                               "symmetric_difference_update"};
      if (ms.count(name)) return bound_builtin(obj, "list." + name);
      break;
    }
    case VK::Builtin: {  // an unmodelled torch submodule or class (torch.library, torch.autograd): its names
      // torch.library.custom_op's CustomOpDef: register_fake takes the fake function; the other registrations
      // (register_autograd, register_kernel, ...) change nothing tparse traces (their decorator forms return the function)
      if (obj->s.rfind("customopdef:", 0) == 0) {
        if (name == "register_fake") return mk_builtin("customop:register_fake|" + obj->s.substr(12));
        if (name.rfind("register_", 0) == 0 || name == "set_kernel_enabled") return mk_builtin("customop:passthrough|");
        if (name == "__name__" || name == "__qualname__") return mk_str(obj->s.substr(obj->s.rfind(':') + 1));
      }
      if (obj->s.rfind("torch.", 0) == 0 && !name.starts_with("__")) return mk_builtin(obj->s + "." + name);
      if (obj->s == "os.path" && name == "os") return make_module("os");  // posixpath imports os: os.path.os is os
      if (obj->s == "os.path" && name == "sep") return mk_str("/");
      if (obj->s == "os.path" && !name.starts_with("__")) return mk_builtin("os.path." + name);
      if ((obj->s == "sys.stdout" || obj->s == "sys.stderr") && (name == "write" || name == "flush" || name == "isatty"))
        return mk_builtin(obj->s + "." + name);  // a text stream: what logging handlers and tqdm read
      if (obj->s == "object" && (name == "__setattr__" || name == "__getattribute__")) return mk_builtin("object." + name);
      if (name == "__name__" || name == "__qualname__") return mk_str(obj->s.substr(obj->s.rfind('.') + 1));  // int.__name__
      if (name == "__module__" && obj->s.find('.') == std::string::npos) return mk_str("builtins");  // int, len, object
      if (obj->s == "dict" && name == "fromkeys") return mk_builtin("dict.fromkeys");
      if (obj->s == "str" && name == "maketrans") return mk_builtin("str.maketrans");
      break;
    }
    case VK::Dict: {
      static const std::set<std::string> ms = {"get", "items", "keys", "values", "update", "pop", "setdefault", "copy",
                                               "__getitem__", "__setitem__", "__contains__", "clear", "popitem"};
      if (ms.count(name)) return bound_builtin(obj, "dict." + name);
      break;
    }
    case VK::Tensor: {
      auto& t = *obj->t;
      realize(obj);  // an attribute read realizes a lazy frame input: it becomes a graph input here
      if (t.np_array && tracing()) {  // an ndarray traced in the frame: torch._numpy's attributes
        bool handled = false;
        V r = np_traced::attr(*this, obj, name, loc, handled);
        if (handled) return r;
      }
      if (name == "shape") return size_of(obj, -1);
      if (name == "dtype") { auto d = std::make_shared<Obj>(); d->k = VK::DType; d->s = t.dtype; return d; }
      if (name == "device") { auto d = std::make_shared<Obj>(); d->k = VK::Device; d->s = t.device; return d; }
      if (name == "ndim") return mk_int(static_cast<long long>(t.shape.size()));
      if (name == "requires_grad") return mk_bool(t.requires_grad);
      if (name == "is_cuda") return mk_bool(t.device != "cpu");
      // layouts tparse never makes: a dense strided tensor (Dynamo: method_attr_is_sparse etc., constants)
      if (name == "is_sparse" || name == "is_sparse_csr" || name == "is_quantized" || name == "is_meta" || name == "is_mkldnn" ||
          name == "is_nested")
        return mk_bool(false);
      // eager `.grad`: None until a backward() ran, then a gradient of the tensor's shape for one that requires grad
      // (what was reached from the loss is not tracked: every such tensor is taken to have been)
      // (what was reached from the loss is not tracked: every such tensor is taken to have been). The gradient is the
      // tensor's own attribute: the same tensor at every read until a backward after `p.grad = None` (zero_grad) makes
      // a new one; read in a frame it is a graph input (an optimizer's step reads `p.grad` of each parameter)
      if (name == "grad") {
        auto it = obj->attrs.find("grad");
        auto ep = obj->attrs.find("__tparse_grad_epoch__");
        const long long epoch = ep != obj->attrs.end() && ep->second->k == VK::Int ? ep->second->i : -1;
        if (it != obj->attrs.end() && (it->second->k != VK::None || epoch >= backward_runs_)) return it->second;
        if (backward_runs_ == 0 || !t.requires_grad) return none();
        if (tracing() && !t.is_param && stack_.back()->ctx->graph.tensor_node.count(obj.get())) return none();  // a non-leaf's
        TensorInfo g = t;
        g.requires_grad = g.is_param = g.is_buffer = false;
        V gv = mk_tensor(g);
        obj->attrs["grad"] = gv;
        obj->attrs["__tparse_grad_epoch__"] = mk_int(backward_runs_);
        return gv;
      }
      if (name == "T" || name == "mT" || name == "H" || name == "mH" || name == "real" || name == "imag" || name == "data")
        return tensor_view_attr(obj, name, loc);
      return bound_builtin(obj, "tensor." + name);
    }
    case VK::Instance: {
      // an instance's __module__ is its class's (a class of Python source: its defining module)
      if (name == "__module__" && obj->cls && obj->cls->k == VK::Class) return getattr(obj->cls, name, loc);
      if (!obj->builtin_nn.empty()) {
        static const std::set<std::string> ms = {"parameters", "named_parameters", "eval", "train", "append", "modules", "children", "to", "cuda", "cpu", "zero_grad", "register_buffer", "items", "keys", "values", "requires_grad_", "apply", "half", "float", "double", "bfloat16", "extend", "insert", "register_parameter", "compile",
                                                 "named_children", "named_modules", "buffers", "named_buffers", "add_module", "register_module",
                                                 "get_submodule", "register_forward_hook", "register_forward_pre_hook", "state_dict", "load_state_dict",
                                                 "flatten_parameters", "update", "__setitem__", "pop",
                                                 // hooks that act only when loading or saving a state dict
                                                 "_register_load_state_dict_pre_hook", "register_load_state_dict_post_hook",
                                                 "register_load_state_dict_pre_hook", "_register_state_dict_hook", "register_state_dict_pre_hook"};
        if (ms.count(name)) return bound_builtin(obj, "module." + name);
        // a layer's reset_parameters (MultiheadAttention's _reset_parameters) re-initialises values in place
        if ((name == "reset_parameters" || (name == "_reset_parameters" && obj->builtin_nn == "MultiheadAttention")) && obj->builtin_nn != "Module")
          return mk_builtin("noop");
        if (name == "training") return mk_bool(true);
        if (name == "forward" && obj->builtin_nn != "Module") {  // `seq.forward(x)`: the class's forward, bound (no hooks)
          auto b = mk_builtin("nn_forward_base");
          b->self = obj;
          return b;
        }
      }
      break;
    }
    case VK::Func: case VK::Class: {  // a function's or class's dunder names (its module: the defining globals' __name__)
      // (a method's __qualname__ names its class: `Net.helper`)
      if (name == "__qualname__" && obj->k == VK::Func && obj->fn && obj->cls && obj->cls->k == VK::Class)
        return mk_str(obj->cls->s + "." + obj->fn->name);
      if (name == "__name__" || name == "__qualname__") return mk_str(obj->k == VK::Func && obj->fn ? obj->fn->name : obj->s);
      if (name == "__doc__") return none();
      if (obj->k == VK::Class && obj->fn && (name == "__mro__" || name == "__bases__")) {
        // a class written in Python: its C3 order / its bases as a tuple (builtin bases are their builtin handles)
        if (name == "__bases__") return mk_tuple(obj->bases.empty() ? std::vector<V>{mk_builtin("object")} : obj->bases);
        std::vector<V> mro = class_mro(obj);
        if (mro.back()->k == VK::Class && mro.back()->fn) mro.push_back(mk_builtin("object"));  // object closes every MRO
        return mk_tuple(mro);
      }
      if (obj->k == VK::Class && obj->fn && name == "__dict__") {  // the class namespace (a copy: mappingproxy is read-only)
        auto d = std::make_shared<Obj>();
        d->k = VK::Dict;
        for (auto& n : obj->order) if (auto it = obj->attrs.find(n); it != obj->attrs.end()) d->dict.push_back({mk_str(n), it->second});
        return d;
      }
      if (name == "__module__") {
        if (obj->k == VK::Class) if (auto it = obj->attrs.find("__module__"); it != obj->attrs.end()) return it->second;
        Env* e = obj->closure.get();
        while (e && e->parent) e = e->parent.get();
        if (e && e->vars.count("__name__")) return e->vars["__name__"];
        return mk_str("__main__");
      }
      break;
    }
    case VK::DType: if (name == "is_floating_point") return mk_bool(obj->s.find("float") != std::string::npos); break;
    case VK::Device:
      if (name == "type") return mk_str(obj->s.substr(0, obj->s.find(':')));
      if (name == "index") {  // torch.device("cuda:1").index == 1; "cpu" / "cuda": None
        size_t c = obj->s.find(':');
        return c == std::string::npos ? none() : mk_int(std::stoll(obj->s.substr(c + 1)));
      }
      break;
    default: break;
  }
  found = false;
  return nullptr;
}

V Interp::call_builtin(const std::string& name, std::vector<V>& args,
                       std::vector<std::pair<std::string, V>>& kwargs, Location loc, V self) {
  auto arg = [&](size_t i) -> V {
    if (i >= args.size()) error(loc, fmt::format("{}() missing argument", name));
    return args[i];
  };
  Activation& act = *stack_.back();
  bool in_compiled = act.ctx && act.ctx->mode != Mode::Eager;
  if (name == "print") {
    if (in_compiled) {
      std::vector<std::string> types;
      for (auto& a : args) types.push_back(a->k == VK::Tensor ? "Tensor" : type_name(a));
      graph_break("Failed to trace builtin operator", msg_builtin_op("print", types), loc);
    }
    return none();
  }
  if (name == "noop") return none();
  static const std::set<std::string> exceptions = {"ValueError", "RuntimeError", "Exception", "AssertionError", "TypeError", "KeyError",
                                                   "IndexError", "NotImplementedError", "StopIteration", "BaseException", "LookupError"};
  if (exceptions.count(name) || builtin_exception(name)) return make_exception(mk_builtin(name), args);
  // torch._C._log_api_usage_once(key): Dynamo keeps the call in the graph, a node whose result nobody reads
  auto log_api_usage = [&](Graph& g, const std::string& key_repr) {
    Node n;
    n.op = "call_function";
    n.target = "torch._C._log_api_usage_once";
    n.args.push_back(Arg{-1, key_repr});
    n.name = g.unique_name("_log_api_usage_once");
    n.dead_result = true;
    n.line = act.cur_line;
    n.fn_name = act.fn ? act.fn->name : "<module>";
    n.code = code_line(act.file, act.cur_line, true);
    n.file = path_of(act.file);
    g.nodes.push_back(n);
  };
  if (name == "nn_module_init") {  // nn.Module.__init__ logs "python.nn_module"
    if (init_ctx_ && init_ctx_->mode == Mode::Record) log_api_usage(init_ctx_->graph, "'python.nn_module'");
    return none();
  }
  if (name == "torch._C._log_api_usage_once") {  // a direct call (torchvision's utils._log_api_usage_once)
    if (in_compiled && act.ctx->mode == Mode::Record && !args.empty()) log_api_usage(act.ctx->graph, py_repr(arg(0)));
    return none();
  }
  if (name == "len") {
    V v = arg(0);
    realize_list_guards(v, false, loc);
    if (v->k == VK::Tensor) return mk_int(v->t->shape.empty() ? 0 : v->t->shape[0].v);
    if (v->k == VK::Str) return mk_int(static_cast<long long>(v->s.size()));
    if (v->k == VK::Dict) { guard_dict_keys(v, loc, false); return mk_int(static_cast<long long>(v->dict.size())); }  // (__len__: DICT_KEYS_MATCH)
    if (V n = user_dunder(v, "__len__", {}, loc)) return n;
    if (v->k == VK::Instance) return mk_int(static_cast<long long>(v->order.size()));
    if (v->k == VK::List || v->k == VK::Tuple) return mk_int(static_cast<long long>(v->items.size()));  // items unread
    return mk_int(static_cast<long long>(iterate(v, loc).size()));
  }
  if (name == "range") {
    // range() wants Python ints: a SymInt argument is specialized (BuiltinVariable.call_range, guard_if_dyn)
    for (auto& x : args) if (x->k == VK::Int && !x->sym.empty()) specialize_symbol(x->sym, loc);
    long long a = 0, b = 0, st = 1;
    if (args.size() == 1) b = arg(0)->i;
    else { a = arg(0)->i; b = arg(1)->i; if (args.size() > 2) st = arg(2)->i; }
    for (auto& x : args) if (x->k != VK::Int) raise_exc("TypeError", fmt::format("'{}' object cannot be interpreted as an integer", type_name(x)), loc);
    if (st == 0) error(loc, "range() arg 3 must not be zero");
    // The interpreter materialises ranges: bound them so a script cannot exhaust memory.
    constexpr long long kMaxRange = 10'000'000;
    long double n = st > 0 ? (static_cast<long double>(b) - a) / st : (static_cast<long double>(a) - b) / -static_cast<long double>(st);
    if (n > kMaxRange) error(loc, fmt::format("range() of {:.0Lf} items is beyond the reference compiler's limit ({})", n, kMaxRange));
    std::vector<V> xs;
    for (long long i = a; st > 0 ? i < b : i > b; i += st) xs.push_back(mk_int(i));
    return mk_list(xs);
  }
  if (name == "__tparse_np_call__") return np_traced::call(*this, args, loc);  // numpy in a frame: torch/numpy_traced.cpp
  if (name == "complex" || name.rfind("math.", 0) == 0 || name == "__tparse_np_int__") {  // numbers: builtins_math.cpp
    bool handled = false;
    V r = call_number_builtin(name, args, kwargs, loc, in_compiled, handled);
    if (handled) return r;
  }
  if (name == "int" || name == "float" || name == "bool") {
    V v = args.empty() ? mk_int(0) : arg(0);
    // a numpy scalar a frame reads is a 0-d f64 / i64 graph input there: float() / int() of it is a node
    // `torch__dynamo_utils_wrapped_item(input)`, a SymFloat / SymInt backed by its value (real torch 2.11: program
    // numpy_scalar_frame; StyleGAN's bias_act `float(spec.def_gain)`, DAC's `int(np.prod(rates))`), not modelled yet
    if (in_compiled && name != "bool" && ((v->k == VK::Float && v->np_float) || (v->k == VK::Int && v->np_int)))
      note_unmodelled(loc, name + "() of a numpy scalar in a compiled frame (a wrapped_item node of a 0-d graph input)");
    if (v->k == VK::Tensor) {
      if (in_compiled && name != "bool")
        if (V n = np_traced::to_number(*this, v, name, loc)) return n;
      if (in_compiled) graph_break("Unsupported Tensor.item() call with capture_scalar_outputs=False", msg_item(), loc);
      double f = v->t->fill ? *v->t->fill : 1.0;
      if (const std::vector<double>* xs = values::of(*this, v)) {  // eager with known values (torch/values/values.hpp)
        if (xs->size() != 1) raise_exc(name == "bool" ? "RuntimeError" : "ValueError", name == "bool" ? "Boolean value of Tensor with more than one value is ambiguous" : "only one element tensors can be converted to Python scalars", loc);
        f = (*xs)[0];
      }
      if (name == "int") return mk_int(static_cast<long long>(f));
      if (name == "bool") return mk_bool(f != 0);
      return mk_float(f);
    }
    if (name == "bool") { bool k; return mk_bool(truthy_const(v, k)); }
    if (v->k == VK::Str && name == "int") {  // int(str[, base]): CPython's literal rules (base 0 reads a prefix)
      long long base = 10;
      if (args.size() > 1 && args[1]->k == VK::Int) base = args[1]->i;
      for (auto& [k, b] : kwargs) if (k == "base" && b->k == VK::Int) base = b->i;
      std::string t;
      for (char c : v->s) if (c != '_' && !std::isspace(static_cast<unsigned char>(c))) t += c;
      bool neg = !t.empty() && t[0] == '-';
      if (!t.empty() && (t[0] == '-' || t[0] == '+')) t = t.substr(1);
      auto prefixed = [&](char p) { return t.size() > 2 && t[0] == '0' && std::tolower(static_cast<unsigned char>(t[1])) == p; };
      if ((base == 0 || base == 16) && prefixed('x')) { t = t.substr(2); base = 16; }
      else if ((base == 0 || base == 8) && prefixed('o')) { t = t.substr(2); base = 8; }
      else if ((base == 0 || base == 2) && prefixed('b')) { t = t.substr(2); base = 2; }
      else if (base == 0) base = 10;
      long long r = 0;
      bool ok = !t.empty() && base >= 2 && base <= 36;
      for (char c : t) {
        int d = std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : std::isalpha(static_cast<unsigned char>(c)) ? std::tolower(c) - 'a' + 10 : 99;
        if (d >= base) { ok = false; break; }
        r = r * base + d;
      }
      if (!ok)
        raise_exc("ValueError", fmt::format("invalid literal for int() with base {}: {}", base, py_repr(v)), loc);
      return mk_int(neg ? -r : r);
    }
    if (v->k == VK::Str) {
      try {
        std::string s = v->s;
        if (s == "-inf") return mk_float(-INFINITY);
        if (s == "inf") return mk_float(INFINITY);
        return mk_float(std::stod(s));
      } catch (...) { error(loc, fmt::format("invalid literal for {}(): {}", name, py_repr(v))); }
    }
    // int() / float() of a SymInt or SymFloat is torch.sym_int / torch.sym_float: a symbol, not its hint (an int of
    // an int folds into the node that already has its expression)
    if (in_compiled && (v->k == VK::Int || v->k == VK::Float) && !v->sym.empty() && (name == "int" || v->k == VK::Int)) {
      V r = name == "int" ? mk_int(v->k == VK::Float ? static_cast<long long>(v->f) : v->i) : mk_float(static_cast<double>(v->i));
      r->sym = name == "int" ? (v->k == VK::Float ? "TruncToInt(" + v->sym + ")" : v->sym) : "ToFloat(" + v->sym + ")";
      sym_node(name == "int" ? "sym_int" : "sym_float", name == "int" ? "torch.sym_int" : "torch.sym_float", false, {v}, r, loc);
      return r;
    }
    if (name == "int") return mk_int(v->k == VK::Float ? static_cast<long long>(v->f) : v->k == VK::Bool ? v->b : v->i);
    return mk_float(v->k == VK::Float ? v->f : v->k == VK::Bool ? v->b : static_cast<double>(v->i));
  }
  if (name == "str" || name == "repr") return mk_str(args.empty() ? "" : name == "str" ? str_of(arg(0), loc) : repr_of(arg(0), loc));
  if (name == "set" || name == "frozenset") {  // sets are lists without equal items (as set displays)
    V s = mk_list(args.empty() ? std::vector<V>{} : unique_keys(iterate(arg(0), loc)));
    s->is_set = true;
    return s;
  }
  if (name == "slice") {  // slice(stop), slice(start, stop[, step])
    auto sl = std::make_shared<Obj>();
    sl->k = VK::Slice;
    if (args.size() == 1) sl->items = {none(), arg(0), none()};
    else sl->items = {arg(0), arg(1), args.size() > 2 ? arg(2) : none()};
    return sl;
  }
  if (name == "callable") {
    V v = arg(0);
    std::function<bool(const V&)> has_call = [&](const V& c) -> bool {
      if (!c) return false;
      if (c->attrs.count("__call__")) return true;
      for (auto& b : c->bases) if (has_call(b)) return true;
      return false;
    };
    bool c = v->k == VK::Func || v->k == VK::Builtin || v->k == VK::Bound || v->k == VK::Class || v->k == VK::Compiled ||
             v->k == VK::Opaque || (v->k == VK::Instance && (!v->builtin_nn.empty() || has_call(v->cls)));
    return mk_bool(c);
  }
  if (name == "list" || name == "tuple") {
    std::vector<V> xs = args.empty() ? std::vector<V>{} : iterate(arg(0), loc);
    return name == "list" ? mk_list(xs) : mk_tuple(xs);
  }
  if (name == "torch.Size") {  // a tuple of ints that is a size: holding a SymInt, an op taking it inside a frame takes
    V r = mk_tuple(args.empty() ? std::vector<V>{} : iterate(arg(0), loc));  // a `torch.Size([...])` node made there
    r->size_tuple = true;                                                     // (to_arg; torch_size_forms)
    return r;
  }
  if (name == "dict") {  // dict(), dict(mapping), dict(pairs), dict(**kw)
    auto d = std::make_shared<Obj>();
    d->k = VK::Dict;
    auto put = [&](V k, V v) { dict_put(*d, k, v); };
    if (!args.empty()) {
      if (arg(0)->k == VK::Dict) {
        guard_dict_keys(arg(0), loc, true);  // (dict(d) walks d's items in order)
        for (auto& kv : arg(0)->dict) put(kv.first, guard_container_read(arg(0), kv.first, kv.second));
      } else
        for (auto& p : iterate(arg(0), loc)) {
          auto kv = iterate(p, loc);
          if (kv.size() != 2) error(loc, "dictionary update sequence element has wrong length");
          put(kv[0], kv[1]);
        }
    }
    for (auto& [k, v] : kwargs) put(mk_str(k), v);
    return d;
  }
  {
    bool handled = false;
    V r = call_attr_builtin(name, args, loc, handled);  // builtins_attrs.cpp: isinstance, getattr, hasattr, setattr, vars
    if (handled) return r;
  }
  {
    bool handled = false;
    V r = call_iter_builtin(name, args, kwargs, loc, handled);  // builtins_iter.cpp
    if (handled) return r;
  }
  {  // the object model: object.*, super, property / staticmethod / classmethod, type (builtins_object.cpp)
    bool handled = false;
    V r = call_object_builtin(name, args, loc, self, handled);
    if (handled) return r;
  }
  if (name == "globals") {  // the running module's globals, as a dict (a snapshot: stores into it are not seen)
    Env* g = stack_.back()->env.get();
    while (g->parent) g = g->parent.get();
    auto d = std::make_shared<Obj>();
    d->k = VK::Dict;
    for (const auto& n : g->order) d->dict.push_back({mk_str(n), g->vars[n]});
    return d;
  }
  if (name == "id") return mk_int(reinterpret_cast<long long>(arg(0).get()));
  {  // methods of str, list and dict (builtins_methods.cpp)
    bool handled = false;
    V r = call_container_method(name, args, kwargs, loc, self, in_compiled, handled);
    if (handled) return r;
  }
  if (name == "os.getenv" || name.rfind("os.path.", 0) == 0) {  // builtins_more.cpp
    bool handled = false;
    V r = call_os_builtin(name, args, loc, handled);
    if (handled) return r;
  }
  if (name == "time.perf_counter" || name == "time.time" || name == "time.monotonic") {
    if (in_compiled) graph_break("Attempted to call function marked as skipped", msg_skipped_builtin("time", name.substr(5)), loc);
    return mk_float(0.0);
  }
  {  // real-model hooks (stubs, decorators, torch.nn.init, finfo): builtins_model.cpp
    bool handled = false;
    V r = call_builtin_model(name, args, kwargs, loc, self, handled);
    if (handled) return r;
  }
  if (name == "importlib.metadata.version") {
    if (in_compiled) graph_break("Unsupported method call", msg_metadata_version(), loc);
    // the versions installed beside torch 2.11 where the truth runs (transformers' dependency checks compare them:
    // `tqdm>=4.27`); torch's follows the profile, and a package not listed reads as torch's version (as before)
    static const std::map<std::string, std::string> installed = {
        {"accelerate", "1.15.0"}, {"einops", "0.8.2"}, {"filelock", "3.32.5"}, {"hf-xet", "1.6.0"}, {"huggingface-hub", "1.33.0"},
        {"huggingface_hub", "1.33.0"}, {"jinja2", "3.1.6"}, {"numpy", "2.5.2"}, {"packaging", "26.3"}, {"pillow", "12.3.0"},
        {"protobuf", "7.36.2"}, {"pyyaml", "6.0.3"}, {"regex", "2026.9.3"}, {"requests", "2.34.2"}, {"safetensors", "0.8.0"},
        {"scipy", "1.18.1"}, {"sentencepiece", "0.2.2"}, {"tiktoken", "0.14.0"}, {"timm", "1.0.29"}, {"tokenizers", "0.23.2"},
        {"torchaudio", "2.11.0"}, {"torchvision", "0.26.0"}, {"tqdm", "4.70.1"}, {"transformers", "5.17.0"}, {"typer", "0.27.2"},
        {"typing_extensions", "4.16.0"}, {"typing-extensions", "4.16.0"}};
    std::string pkg = !args.empty() && arg(0)->k == VK::Str ? arg(0)->s : "";
    for (auto& c : pkg) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (auto it = installed.find(pkg); it != installed.end() && prof_.version_str_traceable()) return mk_str(it->second);
    return mk_str(prof_.version_str_traceable() ? "2.11.0" : "2.3.1");
  }
  if (name.rfind("module.", 0) == 0) {
    bool handled = false;
    V r = call_module_method(name.substr(7), args, kwargs, loc, self, handled);  // builtins_module.cpp
    if (handled) return r;
  }
  if (name.rfind("torchctx.", 0) == 0) {
    std::string k = name.substr(9);
    auto c = mk_builtin(k == "enable_grad" ? "ctx:enable_grad" : k == "inference_mode" ? "ctx:inference_mode" : "ctx:no_grad");
    return c;
  }
  // process-wide defaults: kept, read back by get_default_*; creation ops do not consult them yet (dtype of
  // node metadata only, no effect on graphs, breaks or op counts)
  if (name == "torch.set_default_dtype") { default_dtype_ = args.empty() ? default_dtype_ : arg(0); return none(); }
  if (name == "torch.get_default_dtype") {
    if (default_dtype_) return default_dtype_;
    auto d = std::make_shared<Obj>();
    d->k = VK::DType;
    d->s = "float32";
    return d;
  }
  // torch.set_default_device(d) enters a DeviceContext (a TorchFunctionMode) for d, None leaves it
  if (name == "torch.set_default_device") {
    torch_function_mode_ = !args.empty() && arg(0)->k != VK::None;
    return none();
  }
  if (more_builtin_names().count(name)) {
    bool handled = false;
    V r = call_more_builtin(name, args, kwargs, loc, handled);  // builtins_more.cpp
    if (handled) return r;
  }
  {
    bool handled = false;
    V r = torch_distributed(name, args, kwargs, loc, handled);  // torch/distributed.cpp
    if (handled) return r;
    r = call_einops(name, args, kwargs, loc, handled);  // torch/einops.cpp
    if (handled) return r;
  }
  if (name.rfind("tensor.", 0) == 0) return tensor_method(self, name.substr(7), args, kwargs, loc);
  if (name.rfind("torch.", 0) == 0 || name.rfind("F.", 0) == 0 || name == "nn.Parameter" || name == "nn.Buffer") return torch_fn(name, args, kwargs, loc);
  // A C function of a builtin module (all of `time`, `os.getpid`): Dynamo skips it, the call breaks the
  // graph (GB0007, DYNAMO-SEMANTICS.md "C builtins / C extensions"). Anything else of a module tparse
  // models only in part (os, sys, ...) is an opaque value.
  if (in_compiled && (name.rfind("time.", 0) == 0 || name == "os.getpid"))
    graph_break("Attempted to call function marked as skipped", msg_skipped_builtin(name.substr(0, name.find('.')), name.substr(name.find('.') + 1)), loc);
  note_unmodelled(loc, name + "()");
  return mk_opaque(name + "()");
}

}  // namespace tparse::compiler
