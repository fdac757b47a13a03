// The builtins that ask about a value's type and attributes: isinstance (Python classes, torch.nn's built-in
// classes, ABCs, nn.Parameter), getattr with a default, hasattr (guarded inside a frame), setattr, vars.
#include <fmt/format.h>

#include <set>

#include "runtime/interp.hpp"
#include "torch/tensor_attrs.hpp"
#include "torch/op_table.hpp"

namespace tparse::compiler {

V Interp::call_attr_builtin(const std::string& name, std::vector<V>& args, Location loc, bool& handled) {
  handled = true;
  auto arg = [&](size_t i) -> V {
    if (i >= args.size()) error(loc, fmt::format("{}() missing argument", name));
    return args[i];
  };
  if (name == "isinstance") {
    V v = arg(0), c = arg(1);
    // a lazily wrapped frame argument is realized by the check (LazyVariableTracker's python_type): a tensor
    // becomes a graph input with its TENSOR_MATCH guard (transformers' ModelOutput.__post_init__ testing its first
    // field: the record's __init__ recompiles on another size, real torch 2.11's training loop over OPT)
    if (v->k == VK::Tensor && tracing()) realize_identity(v);
    std::vector<V> cs = c->k == VK::Tuple ? c->items : std::vector<V>{c};
    for (auto& k : cs) {
      if (k->k == VK::Builtin) {
        std::string t = k->s;
        // a class modelled as a plain object that is a dict subclass in Python (transformers' ModelOutput, an
        // OrderedDict): it says so with __tparse_dict_like__
        if (t == "dict" && v->k == VK::Instance && v->cls)
          if (V m = find_in_class(v->cls, "__tparse_dict_like__"); m && m->k == VK::Bool && m->b) return mk_bool(true);
        // and a tuple subclass (collections.namedtuple's classes, torch's PackedSequence): __tparse_tuple_like__
        if (t == "tuple" && v->k == VK::Instance && v->cls)
          if (V m = find_in_class(v->cls, "__tparse_tuple_like__"); m && m->k == VK::Bool && m->b) return mk_bool(true);
        if ((t == "int" && (v->k == VK::Int || v->k == VK::Bool)) || (t == "float" && v->k == VK::Float) || (t == "str" && v->k == VK::Str && !v->is_bytes) ||
            ((t == "bytes" || t == "bytearray") && v->k == VK::Str && v->is_bytes) ||
            (t == "complex" && v->k == VK::Complex) || (t == "slice" && v->k == VK::Slice) ||
            (t == "list" && v->k == VK::List && !v->is_set) || (t == "tuple" && v->k == VK::Tuple) ||
            ((t == "set" || t == "frozenset") && v->k == VK::List && v->is_set) ||
            (t == "torch.Size" && v->k == VK::Tuple && v->size_tuple) || (t == "dict" && v->k == VK::Dict) || (t == "bool" && v->k == VK::Bool) ||
            (t == "NoneType" && v->k == VK::None) || (t == "property" && v->k == VK::Builtin && v->s == "property"))
          return mk_bool(true);
        // an instance of a class deriving from a builtin exception (`class JSONDecodeError(ValueError)`) is one
        if (v->k == VK::Instance && v->cls && builtin_exception(t) && class_derives_from(v->cls, t)) return mk_bool(true);
        // every value is an object; classes (the script's, torch.nn's, the builtin types) are instances of type
        if (t == "object" || (t == "type" && (v->k == VK::Class || (v->k == VK::Builtin && builtin_is_type(v->s))))) return mk_bool(true);
        // nn.Parameter is a Tensor subclass; nn.Buffer's metaclass answers for the tensors nn.Buffer() made (their
        // `_is_buffer` attribute; register_buffer sets none)
        if (v->k == VK::Tensor && ((t == "nn.Parameter" && v->t->is_param) || (t == "nn.Buffer" && v->t->nn_buffer))) return mk_bool(true);
        // the legacy tensor types (torch.FloatTensor, torch.cuda.LongTensor): a tensor of that dtype on that device
        // (their metaclass's __instancecheck__; Dynamo answers it so: 3D-ResNets' `isinstance(out.data, torch.cuda.FloatTensor)`)
        if (v->k == VK::Tensor && t.rfind("torch.", 0) == 0) {
          const bool cuda = t.rfind("torch.cuda.", 0) == 0;
          const std::string dt = legacy_type_dtype(t.substr(cuda ? 11 : 6));
          if (!dt.empty() && v->t->dtype == dt && (v->t->device.rfind("cuda", 0) == 0) == cuda) return mk_bool(true);
        }
      }
      if (k->k == VK::Class) {
        // (an ndarray torch._numpy traces, or a tensor standing in for one eagerly, is numpy's class)
        if (k->s == "Tensor" && v->k == VK::Tensor && !v->t->np_array) return mk_bool(true);
        if (k->s == "ndarray" && v->k == VK::Tensor && v->t->np_array) return mk_bool(true);
        if (auto abc = k->attrs.find("__tparse_abc__"); abc != k->attrs.end() && abc->second->k == VK::Str) {
          const bool is = abc_instance(v, abc->second->s);
          abc_check(abc->second->s, abc_class_key(v), is);
          if (is) return mk_bool(true);
        }
        if (v->k == VK::Instance) {
          // torch.nn.Module: every module (a plain object is none); a built-in class (nn.Linear): its instances
          if (!k->builtin_nn.empty() && k->fn == nullptr && !v->builtin_nn.empty() && nn_class_derives(v->builtin_nn, k->builtin_nn))
            return mk_bool(true);
        }
        if ((v->k == VK::Instance || v->k == VK::Dict || v->k == VK::List || v->k == VK::Str || v->k == VK::Int) && v->cls && class_derives(v->cls, k))
          return mk_bool(true);
      }
    }
    return mk_bool(false);
  }
  if (name == "getattr") {
    if (args.size() < 3) return getattr(arg(0), arg(1)->s, loc);  // a missing attribute raises as `obj.attr` does
    // getattr(t, name, default) of a tensor: hasattr's answer decides (a Python attribute a script stored on a
    // parameter, `getattr(p, "_tags", set())`, is the default where it was never stored)
    if (args.size() > 2 && arg(0)->k == VK::Tensor && arg(1)->k == VK::Str && !arg(0)->attrs.count(arg(1)->s)) {
      std::vector<V> h{arg(0), arg(1)};
      std::vector<std::pair<std::string, V>> kw;
      bool dummy = false;
      V has = call_attr_builtin("hasattr", h, loc, dummy);
      if (has && has->k == VK::Bool && !has->b) return args[2];
    }
    bool has = true;
    try { return getattr(arg(0), arg(1)->s, loc); } catch (CompileError&) { has = false; } catch (PyException& p) {
      if (!exception_matches(p.value, mk_builtin("AttributeError"), loc)) throw;  // getattr's default covers AttributeError only
      has = false;
    }
    if (!has && args.size() > 2) return args[2];
    error(loc, fmt::format("object has no attribute '{}'", arg(1)->s));
  }
  if (name == "hasattr") {
    // a tensor has torch.Tensor's attributes (torch/tensor_attrs.cpp, torch 2.11's dir: quantized weights' `SCB` /
    // `quant_state` are not there) and those the script stored on it or on torch.Tensor
    if (arg(0)->k == VK::Tensor && arg(1)->k == VK::Str) {
      const std::string& n = arg(1)->s;
      return mk_bool(tensor_has_attr(n) || arg(0)->attrs.count(n) || tensor_class_attrs_.count(n));
    }
    bool has = false;
    try { getattr(arg(0), arg(1)->s, loc); has = true; } catch (CompileError&) { has = false; } catch (PyException& p) {
      if (!exception_matches(p.value, mk_builtin("AttributeError"), loc)) throw;  // hasattr: AttributeError means no
      has = false;
    }
    guard_hasattr(arg(0), arg(1)->s, has, loc);
    return mk_bool(has);
  }
  if (name == "setattr") { setattr(arg(0), arg(1)->s, arg(2), loc); return none(); }
  if (name == "vars") {
    if (args.empty()) error(loc, "vars() without an argument is not modelled");
    return getattr(arg(0), "__dict__", loc);
  }
  handled = false;
  return nullptr;
}

}  // namespace tparse::compiler
