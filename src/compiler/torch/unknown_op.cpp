// The fallback of the torch model: a torch function, tensor method or nn module without a shape rule
// (or whose rule rejected its arguments) still becomes a graph node, so graph counts, breaks and
// recompiles go on. Its result takes the first tensor argument's shape, dtype and device (right for
// the elementwise majority, a guess otherwise); the call is noted as unmodelled (approximate result).
#include <fmt/format.h>

#include <map>
#include <set>

#include "runtime/interp.hpp"
#include "torch/values/values.hpp"

namespace tparse::compiler {

std::string c_binding_target(const std::string& target);  // dispatch.cpp

V Interp::unknown_op(const std::string& torch_target, bool method, std::vector<V>& args,
                     std::vector<std::pair<std::string, V>>& kwargs, Location loc, const std::string& why) {
  note_unmodelled(loc, torch_target + (why.empty() ? "" : " (" + why + ")"));
  values::mutated(*this);  // it may write into a tensor (`x.exponential_()`): recorded values are stale
  const std::string target = method ? torch_target : c_binding_target(torch_target);
  auto record = [&](const TensorInfo& o) {  // the node, None for absent arguments
    std::vector<V> a;
    for (const auto& x : args) a.push_back(x ? x : none());
    std::vector<std::pair<std::string, V>> kw;
    for (const auto& [k, v] : kwargs) kw.push_back({k, v ? v : none()});
    // a Python operator whose rule rejected a guessed shape is the operator's own node (`q.sum(-1) + r`: `add`)
    static const std::map<std::string, std::string> ops = {{"+", "add"}, {"-", "sub"}, {"*", "mul"}, {"/", "truediv"},
                                                           {"//", "floordiv"}, {"%", "mod"}, {"@", "matmul"}, {"**", "pow"}};
    if (torch_target.rfind("operator", 0) == 0)
      if (auto it = ops.find(torch_target.substr(8)); it != ops.end())
        return emit("call_function", it->first, it->second, true, a, kw, o, loc);
    std::string base = target.substr(target.rfind('.') == std::string::npos ? 0 : target.rfind('.') + 1);
    return emit(method ? "call_method" : "call_function", target, base, false, a, kw, o, loc);
  };
  const V* first = nullptr;
  for (const auto& a : args)
    if (a && a->k == VK::Tensor) { first = &a; break; }
  if (!first)
    for (auto& [k, v] : kwargs)
      if (v && v->k == VK::Tensor) { first = &v; break; }
  // a tensor made from data tparse cannot see (`torch.Tensor(A)` of a scipy result, FiLM's HiPPO matrices): a tensor
  // all the same, of a guessed shape (one element), so the ops on it still record their nodes
  static const std::set<std::string> from_data = {"torch.tensor", "torch.Tensor", "torch.as_tensor", "torch.asarray",
                                                  "torch.from_numpy", "torch.FloatTensor", "torch.LongTensor",
                                                  "torch.IntTensor", "torch.DoubleTensor", "torch.BoolTensor"};
  if (!first && from_data.count(torch_target)) {
    ++guesses_;
    TensorInfo o;
    o.shape = {Dim{1, ""}};
    o.dtype = torch_target == "torch.LongTensor" ? "int64" : torch_target == "torch.IntTensor" ? "int32"
              : torch_target == "torch.DoubleTensor" ? "float64" : torch_target == "torch.BoolTensor" ? "bool" : "float32";
    for (auto& [k, v] : kwargs) if (k == "dtype" && v && v->k == VK::DType) o.dtype = v->s;
    o.approx = true;
    return record(o);
  }
  if (!first) return mk_opaque(target + "()");  // no tensor in: not a tensor op we can place in a graph
  ++guesses_;  // the result's shape is a guess
  TensorInfo o = *(*first)->t;
  o.is_param = o.is_buffer = false;
  o.fill.reset();
  o.marked_dynamic.clear();
  o.stride.clear();
  o.approx = true;
  return record(o);
}

bool Interp::falls_back(const CompileError& e, const std::vector<V>& args, const V& self) const {
  std::string m = e.what();
  if (m.find("unsupported tensor operation") != std::string::npos || m.find("unknown or unsupported function") != std::string::npos ||
      m.find("unsupported module") != std::string::npos || m.find("an unmodelled") != std::string::npos ||
      m.find("not supported by tparse") != std::string::npos || m.find("not modelled") != std::string::npos)
    return true;  // no rule for it
  // after a guess the rejected shape or size may come from it (a shape from unknown_op, an int read from one, a
  // value of data tparse does not have): the file ran under torch, so it falls back too (an opaque name, an import
  // or a config flag, is no guess about a shape)
  if (guesses_ > 0) return true;
  // (an unmodelled value among the arguments, `nn.Linear(cfg.width, 8)` of an opaque config: no rule can use it)
  auto guessed = [](const V& v) { return v && ((v->k == VK::Tensor && v->t->approx) || v->k == VK::Opaque); };
  if (guessed(self)) return true;  // a rule rejected a shape that an earlier fallback guessed
  for (const auto& a : args) {
    if (guessed(a)) return true;
    if (a && (a->k == VK::List || a->k == VK::Tuple))
      for (const auto& x : a->items) if (guessed(x)) return true;
  }
  return false;  // a rule rejected known shapes: the script's own error, as torch would raise it
}

void Interp::shape_error(const CompileError& e, Location loc) {
  const std::string m = e.what();
  // (a check of tparse's own, not of torch's meta functions: the run's error as before)
  if (m.find("tparse") != std::string::npos || m.find("unsupported") != std::string::npos) throw e;
  if (tracing()) raise_fake("RuntimeError", m, e.loc.line > 0 ? e.loc : loc);
  raise_exc("RuntimeError", m, e.loc.line > 0 ? e.loc : loc);
}

}  // namespace tparse::compiler
