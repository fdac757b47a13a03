// Binding a call's arguments to a function's parameters as CPython does (its TypeErrors, checked before any frame
// exists), and the reprs Dynamo's messages give arguments: a tracker's (`LazyVariableTracker(realized: ...)`), a
// python_type()'s (`<class 'torch.Tensor'>`); and which expression a statement returns (a break there resumes nowhere).
#include <fmt/format.h>

#include "runtime/interp.hpp"
#include "runtime/interp_helpers.hpp"

namespace tparse::compiler {

// CPython's TypeError of binding `args` / `kwargs` to `fnv`'s parameters (empty when they bind), named by the
// function's qualified name (`C.__init__() missing 1 required ...`); checked before the call's frame exists, so an
// eager call that does not bind is no frame of Dynamo's either
std::string bind_error(const V& fnv, const std::vector<V>& args, const std::vector<std::pair<std::string, V>>& kwargs) {
  const auto& fn = fnv->fn;
  auto qualname = [&]() -> std::string {
    if (auto q = fnv->attrs.find("__qualname__"); q != fnv->attrs.end() && q->second->k == VK::Str) return q->second->s;
    return fnv->cls && fnv->cls->k == VK::Class ? fnv->cls->s + "." + fn->name : fn->name;
  };
  size_t ai = 0;
  std::vector<bool> used(kwargs.size(), false);
  std::vector<std::string> missing_pos, missing_kw;
  bool has_varargs = false, has_kwargs = false;
  for (size_t pi = 0; pi < fn->params.size(); ++pi) {
    const auto& p = fn->params[pi];
    if (p.kind == 1) { ai = args.size(); has_varargs = true; continue; }
    if (p.kind == 2) { has_kwargs = true; continue; }
    bool bound = p.kind == 0 && ai < args.size();
    if (bound) ++ai;
    for (size_t k = 0; k < kwargs.size(); ++k) {
      if (used[k] || kwargs[k].first != p.name) continue;
      if (bound) return fmt::format("{}() got multiple values for argument '{}'", qualname(), p.name);
      used[k] = bound = true;
      break;
    }
    if (!bound && !(pi < fnv->defaults.size() && fnv->defaults[pi])) (p.kind == 3 ? missing_kw : missing_pos).push_back(p.name);
  }
  for (auto* names : {&missing_pos, &missing_kw}) {
    if (names->empty()) continue;
    std::string list;
    for (size_t i = 0; i < names->size(); ++i)
      list += (i == 0 ? "" : names->size() == 2 ? " and " : i + 1 == names->size() ? ", and " : ", ") + ("'" + (*names)[i] + "'");
    return fmt::format("{}() missing {} required {} argument{}: {}", qualname(), names->size(),
                       names == &missing_pos ? "positional" : "keyword-only", names->size() == 1 ? "" : "s", list);
  }
  if (!has_varargs && ai < args.size()) return fmt::format("{}() takes {} positional arguments but {} were given", qualname(), ai, args.size());
  for (size_t k = 0; k < kwargs.size(); ++k)
    if (!used[k] && !has_kwargs) return fmt::format("{}() got an unexpected keyword argument '{}'", qualname(), kwargs[k].first);
  return "";
}

// The returned value: a `return`'s, or a lambda's body; either branch of a conditional expression there is followed
// by RETURN_VALUE too (`lambda *a: V(*a).cuda() if USE_CUDA else V(*a)`, RL-Adventure's Variable)
bool Interp::returned_expr(const Activation& act, const Expr* e) const {
  const Expr* root = act.cur_stmt && act.cur_stmt->k == SK::Return ? act.cur_stmt->value.get()
                     : act.fn && act.fn->lambda_body ? act.fn->lambda_body.get() : nullptr;
  while (root && root != e && root->k == EK::IfExp && root->a.size() == 3)
    root = root->a[1].get() == e || root->a[2].get() == e ? e : nullptr;
  return root == e;
}

std::string Interp::python_type_repr(const V& a) {
  if (a->k == VK::Instance && a->cls) return repr_of(a->cls, Location{});
  if (a->k == VK::Tensor) return a->t && a->t->is_param ? "<class 'torch.nn.parameter.Parameter'>" : "<class 'torch.Tensor'>";
  return fmt::format("<class '{}'>", type_name(a));
}

std::string Interp::tracker_repr(const V& a) const {
  const bool input = a->k == VK::Tensor && !stack_.empty() && stack_.back()->ctx && stack_.back()->ctx->sources.count(a.get());
  return input ? "LazyVariableTracker(realized: TensorVariable())" : variable_repr(a);
}

}  // namespace tparse::compiler
