// The fallback of the torch model: a torch function, tensor method or nn module without a shape rule
// (or whose rule rejected its arguments) still becomes a graph node, so graph counts, breaks and
// recompiles go on. Its result takes the first tensor argument's shape, dtype and device (right for
// the elementwise majority, a guess otherwise); the call is noted as unmodelled (approximate result).
#include <fmt/format.h>

#include "runtime/interp.hpp"

namespace tparse::compiler {

V Interp::unknown_op(const std::string& target, bool method, std::vector<V>& args,
                     std::vector<std::pair<std::string, V>>& kwargs, Location loc, const std::string& why) {
  note_unmodelled(loc, target + (why.empty() ? "" : " (" + why + ")"));
  const V* first = nullptr;
  for (const auto& a : args)
    if (a && a->k == VK::Tensor) { first = &a; break; }
  if (!first)
    for (auto& [k, v] : kwargs)
      if (v && v->k == VK::Tensor) { first = &v; break; }
  if (!first) return mk_opaque(target + "()");  // no tensor in: not a tensor op we can place in a graph
  TensorInfo o = *(*first)->t;
  o.is_param = o.is_buffer = false;
  o.fill.reset();
  o.marked_dynamic.clear();
  o.stride.clear();
  std::string base = target.substr(target.rfind('.') == std::string::npos ? 0 : target.rfind('.') + 1);
  std::vector<V> a;
  for (const auto& x : args) a.push_back(x ? x : none());
  std::vector<std::pair<std::string, V>> kw;
  for (const auto& [k, v] : kwargs) kw.push_back({k, v ? v : none()});
  return emit(method ? "call_method" : "call_function", target, base, false, a, kw, o, loc);
}

}  // namespace tparse::compiler
