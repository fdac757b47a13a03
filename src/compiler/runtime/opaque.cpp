// Unknown is a value, not an error (issue 22): modules tparse cannot find are opaque modules, names
// taken from them are opaque values, and calling or reading one gives another opaque value. Every
// place where such a value decides something (a call, a branch, an operator) is noted as unmodelled,
// so `tparse explain` can end with `exact` or `approximate: N unmodelled calls` and their list.
#include <fmt/format.h>

#include "runtime/interp.hpp"

namespace tparse::compiler {

V mk_opaque(std::string name) {
  // (a name built in a loop, `x[][][]...`, stays short: its head and tail)
  constexpr size_t kMaxName = 160;
  if (name.size() > kMaxName) name = name.substr(0, kMaxName / 2 - 2) + " .. " + name.substr(name.size() - (kMaxName / 2 - 2));
  auto v = std::make_shared<Obj>();
  v->k = VK::Opaque;
  v->s = std::move(name);
  return v;
}

void Interp::note_unmodelled(Location loc, const std::string& name) {
  for (const auto& u : unmodelled_)
    if (u.file == loc.file && u.line == loc.line && u.name == name) return;
  bool compiled = !stack_.empty() && stack_.back()->ctx && stack_.back()->ctx->mode != Mode::Eager;
  unmodelled_.push_back(Unmodelled{loc.file, loc.line, name, compiled});
}

V Interp::opaque_module(const std::string& dotted) {
  auto it = loaded_.find(dotted);
  if (it != loaded_.end()) return it->second;
  V m = mk_opaque(dotted);
  loaded_[dotted] = m;
  return m;
}

V Interp::opaque_call(const V& callee, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs, Location loc) {
  // A decorator (`@triton.jit`, `@opaque_lib.register(...)`): keep the
  // decorated function or class so the code below it still runs; what the decorator adds is unknown.
  if (args.size() == 1 && kwargs.empty() && (args[0]->k == VK::Func || args[0]->k == VK::Class)) {
    note_unmodelled(loc, callee->s + " (decorator)");
    args[0]->attrs[kOpaqueDecorator] = mk_str(callee->s);  // its other attributes are unknown (interp_attr.cpp)
    return args[0];
  }
  note_unmodelled(loc, callee->s + "()");
  return mk_opaque(callee->s + "()");
}

}  // namespace tparse::compiler
