// Builtins that real model files need beyond the corpus: hooks of the bundled stubs (logger calls,
// skipped builtins, @dataclass), super() into built-in nn classes, grad-mode decorators, torch.jit,
// torch.nn.init and skip_init, torch.finfo/iinfo. `handled` says whether `name` was one of these.
#include <fmt/format.h>

#include <algorithm>

#include "runtime/interp.hpp"
#include "dynamo/messages.hpp"

namespace tparse::compiler {

V Interp::call_builtin_model(const std::string& name, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs,
                             Location loc, V self, bool& handled) {
  auto arg = [&](size_t i) -> V {
    if (i >= args.size()) error(loc, fmt::format("{}() missing argument {}", name, i + 1));
    return args[i];
  };
  Activation& act = *stack_.back();
  bool in_compiled = act.ctx && act.ctx->mode != Mode::Eager;
  handled = true;
  if (name == "property.setter" || name == "property.getter") {  // `@x.setter`: a new property with both
    if (args.size() != 1 || !self) error(loc, "@property.setter takes one function");
    auto p = mk_builtin("property");
    p->func = name == "property.getter" ? arg(0) : self->func;
    p->attrs = self->attrs;
    if (name == "property.setter") p->attrs["fset"] = arg(0);
    return p;
  }
  // hooks of the bundled stubs (src/compiler/runtime/stubs): calls Dynamo cannot trace, no-ops when eager
  if (name == "__tparse_logger_call__") {  // (logger, method, args, kwargs) from stubs/transformers/utils/logging.py
    if (!in_compiled) return none();
    std::string logger = args.size() > 0 && args[0]->attrs.count("name") ? py_str(args[0]->attrs["name"]) : "root";
    std::string method = args.size() > 1 ? py_str(arg(1)) : "warning";
    std::string shown;  // VariableTracker reprs of the arguments
    if (args.size() > 2)
      for (auto& a : args[2]->items) {
        std::string r = a->k == VK::Str ? fmt::format("ConstantVariable(str: {})", py_repr(a))
                        : a->k == VK::Int ? fmt::format("ConstantVariable(int: {})", a->i)
                        : a->k == VK::Tensor ? "TensorVariable()" : fmt::format("ConstantVariable({}: {})", type_name(a), py_repr(a));
        shown += (shown.empty() ? "" : ", ") + r;
      }
    graph_break("logging.Logger method not supported for non-export cases", msg_logger(logger, method, shown), loc);
  }
  if (name.rfind("nn_init:", 0) == 0) {  // super().__init__(...) of a built-in torch.nn base class
    nn_construct(name.substr(8), args, kwargs, loc, self);
    return none();
  }
  if (name == "nn_forward_base") return nn_forward(self, args, kwargs, loc);  // super().forward(x)
  if (name == "__tparse_dataclass__") {  // @dataclass: the annotated class attributes become __init__'s fields
    if (args.size() != 1 || args[0]->k != VK::Class || !args[0]->fn) error(loc, "@dataclass needs a class");
    V cls = args[0];
    std::vector<std::string> fields;
    for (auto& b : cls->bases)
      for (auto& f : b->dc_fields) if (std::find(fields.begin(), fields.end(), f) == fields.end()) fields.push_back(f);
    for (auto& st : cls->fn->body)
      if (st->k == SK::AnnAssign && !st->targets.empty() && st->targets[0]->k == EK::Name &&
          std::find(fields.begin(), fields.end(), st->targets[0]->s) == fields.end())
        fields.push_back(st->targets[0]->s);
    cls->dc_fields = fields;
    return cls;
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
  if (name.rfind("torch.nn.init.", 0) == 0) {  // weight initialisers: in place, values are not modelled
    if (in_compiled) error(loc, fmt::format("{}() inside a compiled frame is not supported by tparse", name));
    if (args.empty() || args[0]->k != VK::Tensor) error(loc, fmt::format("{}() needs a tensor", name));
    return args[0];
  }
  if (name == "torch.nn.utils.skip_init") {  // builds the module without initialising its weights
    if (args.empty()) error(loc, "skip_init() needs a module class");
    V cls = args[0];
    std::vector<V> rest(args.begin() + 1, args.end());
    return call(cls, rest, kwargs, loc);
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
