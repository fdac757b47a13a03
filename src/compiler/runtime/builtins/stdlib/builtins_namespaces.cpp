// The module namespaces the subset imports (torch, torch.nn, torch.nn.functional, math, time, importlib.metadata, ...)
// and the attributes of built-in modules and classes: what `torch.nn.Linear`, `torch.random.fork_rng` or `int.__name__`
// reads.
#include <fmt/format.h>

#include <set>

#include <algorithm>
#include <cctype>
#include <functional>
#include <cmath>

#include "runtime/interp.hpp"
#include "torch/tensor_attrs.hpp"
#include "torch/autograd/reach.hpp"
#include "torch/interop/numpy_traced.hpp"
#include "torch/values/values.hpp"
#include "runtime/values/keys.hpp"
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
                                              "torch.compiler", "sys", "os", "glob", "ast", "torch.utils", "torch.utils.checkpoint",
                                              "torch.nn.utils", "torch.nn.utils.rnn", "torch.nn.utils.parametrize", "torch.nn.utils.parametrizations", "torch._C", "torch.jit", "torch.cuda", "torch.backends", "torch.nn.init",
                                              "torch.linalg", "torch.special", "torch.fft", "torch.sparse", "torch.distributed", "einops", "torch.nn.parameter",
                                              "torch.amp", "torch.cuda.amp", "torch.cpu.amp", "torch.nn.attention", "torch.version",
                                              "torch.autograd", "torch.autograd.function", "torch.autograd.variable",
                                              "torch.autograd.profiler", "torch.profiler", "torch.random", "torch.overrides", "torch._jit_internal"};
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

void Interp::name_grad(const V& param, const V& grad) {
  if (!tracing() || !grad || grad->k != VK::Tensor) return;
  FrameCtx& ctx = *stack_.back()->ctx;
  auto s = ctx.sources.find(param.get());
  if (s != ctx.sources.end() && !ctx.sources.count(grad.get()) && !ctx.graph.tensor_node.count(grad.get()))
    ctx.sources.of(grad) = s->second + ".grad";
}

V Interp::builtin_attr(V obj, const std::string& name, Location loc, bool& found) {
  found = true;
  // a numpy scalar's own methods (np.float64 / np.int64 of the numpy stub): `np.ceil(np.log(n)).astype('int').item()`
  if (((obj->k == VK::Float && obj->np_float) || (obj->k == VK::Int && obj->np_int)) && (name == "astype" || name == "item" || name == "tolist"))
    return bound_builtin(obj, "npscalar." + name);
  // its array methods too, as a 0-d array's (numpy's generic scalar forwards them: TabDDPM's `num_classes[i].repeat(k)`)
  if ((obj->k == VK::Float && obj->np_float) || (obj->k == VK::Int && obj->np_int)) {
    static const std::set<std::string> array_methods = {"repeat", "reshape", "ravel", "flatten", "cumsum", "sum", "prod", "mean",
                                                        "std", "var", "max", "min", "clip", "transpose", "squeeze", "ndim",
                                                        "shape", "size", "dtype", "itemsize", "nbytes"};
    if (array_methods.count(name)) {
      V np = import_module("numpy", loc);
      return getattr(call(getattr(np, "asarray", loc), {obj}, {}, loc), name, loc);
    }
  }
  // a generator's / iterator's own __next__ (`self.data.__next__()`: next(it))
  if (obj->k == VK::Iterator && name == "__next__") return bound_builtin(obj, "iterator.__next__");
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
        if (name == "no_grad" || name == "enable_grad" || name == "inference_mode" || name == "set_grad_enabled")
          return mk_builtin("torchctx." + name);
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
        if (name == "DataParallel") return getattr(import_module("__tparse_torch_parallel__", loc), name, loc);
        return nn_class(name);
      }
      if (m == "torch.nn.functional") return mk_builtin("F." + name);
      // torch.jit.ScriptModule: an nn.Module (its @torch.jit.script_method forward: builtins_model.cpp)
      if (m == "torch.jit" && (name == "ScriptModule" || name == "RecursiveScriptModule")) return nn_class("Module");
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
      if (m == "torch.utils" && (name == "_pytree" || name == "pytree")) return import_module("torch.utils._pytree", loc);
      // torch/_jit_internal.py re-exports typing's names (`torch._jit_internal.Optional[Tensor]` in old annotations)
      if (m == "torch._jit_internal") {
        static const std::set<std::string> typing_names = {"Any", "Callable", "Dict", "Final", "List", "Optional", "Tuple", "Union", "Generic", "TypeVar"};
        if (typing_names.count(name)) return getattr(import_module("typing", loc), name, loc);
      }
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
      // torch.nn.utils.rnn.PackedSequence: a named tuple of ours (its functions are builtins: torch_library.cpp)
      if (m == "torch.nn.utils.rnn" && name == "PackedSequence") return getattr(import_module("__tparse_torch__", loc), name, loc);
      // (MultiheadAttention's out_proj class, a Linear subclass of ours: custom MHA copies import it, DETR's family)
      if (m == "torch.nn.modules.linear" && name == "NonDynamicallyQuantizableLinear")
        return getattr(import_module("__tparse_torch__", loc), name, loc);
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
    case VK::Int:  // int.bit_length() / bit_count() (scipy-style next_fast_len, power-of-two rounding)
      if (name == "bit_length" || name == "bit_count") return bound_builtin(obj, "int." + name);
      if (name == "real" || name == "numerator") return obj;
      if (name == "imag") return mk_int(0);
      if (name == "denominator") return mk_int(1);
      break;
    case VK::Float:  // float.is_integer(), float.as_integer_ratio() (a SymFloat keeps its hint here)
      if (name == "is_integer" || name == "as_integer_ratio") return bound_builtin(obj, "float." + name);
      break;
    case VK::Str: {
      // (a bytes object's methods: builtins_bytes.cpp; a str's encode makes one)
      static const std::set<std::string> bytes_ms = {"decode", "join", "hex", "startswith", "endswith", "find", "count", "index"};
      if (obj->is_bytes && bytes_ms.count(name)) return bound_builtin(obj, "bytes." + name);
      if (!obj->is_bytes && name == "encode") return bound_builtin(obj, "bytes.__encode__");
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
    case VK::Tuple:  // tuple.index / tuple.count: list's, on the items
      if (name == "index" || name == "count") return bound_builtin(obj, "list." + name);
      break;
    case VK::Builtin: {  // an unmodelled torch submodule or class (torch.library, torch.autograd): its names
      // torch.library.custom_op's CustomOpDef: register_fake takes the fake function, register_autograd the backward
      // (and its setup_context); the other registrations (register_kernel, ...) change nothing tparse traces (their
      // decorator forms return the function)
      if (obj->s.rfind("customopdef:", 0) == 0) {
        if (name == "register_fake") return mk_builtin("customop:register_fake|" + obj->s.substr(12));
        if (name == "register_autograd") return mk_builtin("customop:register_autograd|" + obj->s.substr(12));
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
      // a method of a built-in type read from the type (`set.union(*sets)`, `str.lower` passed to map, `dict.get(d, k)`):
      // unbound, called with its instance first
      static const std::set<std::string> types = {"str", "list", "dict", "set", "frozenset", "tuple", "int", "float", "bytes"};
      // (not its dunders: `list[int]` subscripts the type itself, __class_getitem__)
      if (types.count(obj->s) && !name.starts_with("__")) return mk_builtin("type_unbound:" + obj->s + ":" + name);
      // the container slots as unbound methods (`__getattr__ = dict.__getitem__`: the AttrDict config idiom)
      // (and their writes: a dotdict's `__setattr__ = dict.__setitem__`, `__delattr__ = dict.__delitem__`, stripedhyena)
      if ((obj->s == "dict" || obj->s == "list") &&
          (name == "__getitem__" || name == "__contains__" || name == "__setitem__" || name == "__delitem__"))
        return mk_builtin("type_unbound:" + obj->s + ":" + name);
      break;
    }
    case VK::Slice:  // slice(start, stop, step)'s fields
      if (obj->items.size() == 3 && (name == "start" || name == "stop" || name == "step"))
        return obj->items[name == "start" ? 0 : name == "stop" ? 1 : 2];
      if (obj->items.size() == 3 && name == "indices") return bound_builtin(obj, "slice.indices");
      break;
    case VK::Dict: {
      static const std::set<std::string> ms = {"get", "items", "keys", "values", "update", "pop", "setdefault", "copy",
                                               "__getitem__", "__setitem__", "__delitem__", "__contains__", "clear", "popitem"};
      if (ms.count(name)) return bound_builtin(obj, "dict." + name);
      break;
    }
    case VK::Tensor: {
      if (auto it = tensor_class_attrs_.find(name); it != tensor_class_attrs_.end())  // a method the script assigned
        return it->second->k == VK::Func ? mk_bound(obj, it->second) : it->second;
      auto& t = *obj->t;
      {
        const ScopedValue<Location> at(emit_loc_, loc);  // (at the attribute's own line, a line of a call spanning several)
        realize(obj);  // an attribute read realizes a lazy frame input: it becomes a graph input here
      }
      if (t.np_array) {  // an ndarray traced in the frame (or standing in for one eagerly): torch._numpy's attributes
        bool handled = false;
        V r = np_traced::attr(*this, obj, name, loc, handled);
        if (handled) return r;
        if (name == "dtype" && !tracing()) {  // numpy's dtype (eagerly: `a.dtype` prints float32)
          V dts = getattr(import_module("numpy._dtypes", loc), "_DTYPES", loc);
          if (V* d = dts->k == VK::Dict ? dict_find(*dts, mk_str(t.dtype)) : nullptr) return *d;
        }
      }
      if (name == "shape") {
        V r = size_of(obj, -1, kDimAsRead, loc);
        // (TensorVariable.var_getattr gives the result the source `<x>.shape` where x has one)
        if (tracing() && stack_.back()->ctx->sources.count(obj.get())) {
          stack_.back()->ctx->sourced_sizes.insert(r.get());
          stack_.back()->ctx->held.push_back(r);
        }
        return r;
      }
      if (name == "dtype") { auto d = std::make_shared<Obj>(); d->k = VK::DType; d->s = t.dtype; return d; }
      if (name == "device") { auto d = std::make_shared<Obj>(); d->k = VK::Device; d->s = t.device; return d; }
      if (name == "ndim") return mk_int(static_cast<long long>(t.shape.size()));
      if (name == "requires_grad") return mk_bool(t.requires_grad);
      // grad_fn: None for a leaf; a non-leaf's node is unknown (opaque) eagerly and, in a frame, Dynamo's
      // "Tensor with grad_fn()" break (TensorVariable.method_attr_grad_fn)
      if (name == "is_leaf") return mk_bool(!t.grad_fn);
      if (name == "grad_fn") {
        if (!t.grad_fn) return none();
        if (tracing()) instruction_break("Tensor with grad_fn()", msg_tensor_grad_fn(), loc);  // LOAD_ATTR
        return mk_opaque("grad_fn");
      }
      if (name == "is_cuda") return mk_bool(t.device != "cpu");
      // layouts tparse never makes: a dense strided tensor (Dynamo: method_attr_is_sparse etc., constants)
      if (name == "is_sparse") return mk_bool(t.sparse);
      if (name == "is_sparse_csr" || name == "is_quantized" || name == "is_meta" || name == "is_mkldnn" ||
          name == "is_nested")
        return mk_bool(false);
      // eager `.grad`: None until a backward() ran, then a gradient of the tensor's shape for one that requires grad
      // (what was reached from the loss is not tracked: every such tensor is taken to have been)
      // (what was reached from the loss is not tracked: every such tensor is taken to have been). The gradient is the
      // tensor's own attribute: the same tensor at every read until a backward after `p.grad = None` (zero_grad) makes
      // a new one; read in a frame it is a graph input (an optimizer's step reads `p.grad` of each parameter)
      if (name == "grad") {
        V gv = grad_of(obj);  // (guard_check.cpp: the same rule the guards read the gradient by)
        if (!gv) return none();
        if (gv.get() == obj.get()) {  // made now, at its first read after the backward
          if (tracing() && !t.is_param && stack_.back()->ctx->graph.tensor_node.count(obj.get())) return none();  // a non-leaf's
          TensorInfo g = t;
          g.requires_grad = g.is_param = g.is_buffer = false;
          // (the tensor's metadata, not its values: what backward computed is not tracked, the gradient's data is
          // unknown — never the parameter's own fill)
          g.fill.reset();
          g.nonzero.reset();
          g.fake_const = false;
          g.eq_cmp = 0;
          // (after backward(create_graph=True) the gradient has a graph of its own, reaching the tensor)
          if (auto cg = counters_.find("create_graph_run"); cg != counters_.end() && cg->second == backward_runs_) {
            g.requires_grad = g.grad_fn = true;
            g.grad_edge = grad_edge_over({obj}, {});
          }
          gv = mk_tensor(g);
          obj->attrs["grad"] = gv;
          obj->attrs["__tparse_grad_epoch__"] = mk_int(backward_runs_);
        }
        name_grad(obj, gv);
        return gv;
      }
      if (name == "T" || name == "mT" || name == "H" || name == "mH" || name == "real" || name == "imag" || name == "data")
        return tensor_view_attr(obj, name, loc);
      // torch/_tensor.py's deprecated Python method (__tparse_torch__.py): eagerly it warns and reshapes; in a frame
      // Dynamo records it as a tensor method, `full_d.resize(8, 16, 16, 4)` (sylvester-flows, real torch 2.11)
      if (name == "resize" && !(stack_.back()->ctx && stack_.back()->ctx->mode != Mode::Eager))  // (a compiled frame's replay too)
        return mk_bound(obj, getattr(import_module("__tparse_torch__", loc), "_tensor_resize", loc));
      // a name torch.Tensor does not have (torch/tensor_attrs.cpp, torch 2.11's dir): AttributeError. Dynamo reads an
      // input's attribute on the real tensor (TensorVariable.dynamic_getattr), so there the compile fails with it and
      // InternalTorchDynamoError leaves torch.compile (a user's `except AttributeError` does not catch it; real torch
      // 2.11: tensor_missing_attr_input, Physics-Aware-Training's `ctx.save_for_backward` where Dynamo's no-grad
      // apply binds ctx to the first tensor). An intermediate's read in a frame stays an unmodelled method.
      if (!t.np_array && !tensor_has_attr(name) && name.rfind("_tparse", 0) != 0 && name.rfind("__tparse", 0) != 0) {
        const std::string msg = fmt::format("'{}' object has no attribute '{}'", t.is_param ? "Parameter" : "Tensor", name);
        if (!tracing()) raise_exc("AttributeError", mk_str(msg), loc);
        if (stack_.back()->ctx->mode == Mode::Record && stack_.back()->ctx->sources.count(obj.get())) {
          PyException e{make_exception(mk_builtin("AttributeError"), {mk_str(msg)}), loc, ""};
          e.internal = true;
          throw e;
        }
      }
      return bound_builtin(obj, "tensor." + name);
    }
    case VK::Instance: {
      // an instance's __module__ is its class's (a class of Python source: its defining module)
      if (name == "__module__" && obj->cls && obj->cls->k == VK::Class) return getattr(obj->cls, name, loc);
      if (!obj->builtin_nn.empty()) {
        static const std::set<std::string> ms = {"parameters", "named_parameters", "eval", "train", "append", "modules", "children", "to", "cuda", "cpu", "zero_grad", "register_buffer", "items", "keys", "values", "requires_grad_", "apply", "half", "float", "double", "bfloat16", "extend", "insert", "register_parameter", "compile",
                                                 "named_children", "named_modules", "buffers", "named_buffers", "add_module", "register_module",
                                                 "get_submodule", "register_forward_hook", "register_forward_pre_hook", "register_backward_hook",
                                                 "register_full_backward_hook", "register_full_backward_pre_hook", "state_dict", "load_state_dict",
                                                 "flatten_parameters", "update", "__setitem__", "pop", "share_memory", "type",
                                                 // hooks that act only when loading or saving a state dict
                                                 "_register_load_state_dict_pre_hook", "register_load_state_dict_post_hook",
                                                 "register_load_state_dict_pre_hook", "_register_state_dict_hook", "register_state_dict_pre_hook"};
        if (ms.count(name)) return bound_builtin(obj, "module." + name);
        if (name == "_output_padding" && obj->builtin_nn.rfind("ConvTranspose", 0) == 0) return bound_builtin(obj, "module." + name);
        // a layer's reset_parameters (MultiheadAttention's _reset_parameters) re-initialises values in place
        if ((name == "reset_parameters" || (name == "_reset_parameters" && obj->builtin_nn == "MultiheadAttention")) && obj->builtin_nn != "Module")
          return mk_builtin("noop");
        if (name == "training") return mk_bool(true);
        if (name == "reset_running_stats" && nn_class_derives(obj->builtin_nn, "_NormBase")) return bound_builtin(obj, "module." + name);
        if (name == "_check_input_dim" && nn_class_derives(obj->builtin_nn, "_NormBase")) {
          auto b = mk_builtin("nn_check_input_dim:" + obj->builtin_nn);
          b->self = obj;
          return b;
        }
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
      if (name == "__doc__") {  // a function's docstring: its body's first statement when that is a string literal
        if (obj->k == VK::Func && obj->fn && !obj->fn->body.empty()) {
          const Stmt& first = *obj->fn->body.front();
          if (first.k == SK::Expr && first.value && first.value->k == EK::Str) return mk_str(first.value->s);
        }
        return none();
      }
      if (name == "__code__" && obj->k == VK::Func && obj->fn) {
        // the code object's names a decorator reads (transformers' merge_with_config_defaults:
        // `func.__code__.co_varnames.index("use_cache") - 1`): co_varnames in CPython's order, the positional
        // parameters, the keyword-only ones, *args, **kwargs (the body's other locals, which come after them, are not
        // listed), co_argcount, co_kwonlyargcount, co_name, co_filename, co_firstlineno
        auto code = std::make_shared<Obj>();
        code->k = VK::Instance;
        std::vector<V> names;
        long long argc = 0, kwonly = 0;
        for (int kind : {0, 3, 1, 2})
          for (const auto& p : obj->fn->params)
            if (p.kind == kind) {
              names.push_back(mk_str(p.name));
              argc += kind == 0;
              kwonly += kind == 3;
            }
        code->attrs["co_varnames"] = mk_tuple(names);
        code->attrs["co_argcount"] = mk_int(argc);
        code->attrs["co_kwonlyargcount"] = mk_int(kwonly);
        code->attrs["co_name"] = mk_str(obj->fn->name);
        code->attrs["co_filename"] = mk_str(path_of(obj->fn->loc.file));
        code->attrs["co_firstlineno"] = mk_int(obj->fn->firstlineno);
        return code;
      }
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
    case VK::DType:  // torch.dtype's properties (S5's `dtype.is_complex`, itemsize of a buffer's dtype)
      if (name == "is_floating_point") return mk_bool(obj->s.find("float") != std::string::npos);
      if (name == "is_complex") return mk_bool(obj->s.find("complex") != std::string::npos);
      if (name == "is_signed") return mk_bool(obj->s.find("uint") == std::string::npos && obj->s.find("bool") == std::string::npos);
      if (name == "itemsize") return mk_int(dtype_size(obj->s));
      break;
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

}  // namespace tparse::compiler
