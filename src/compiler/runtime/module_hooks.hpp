// Where a module keeps its hooks (builtins_module.cpp registers them, Interp::call_with_hooks runs them), and whether
// it has any.
#pragma once

#include "runtime/values/value.hpp"

namespace tparse::compiler {

/// Where a module keeps its forward hooks / forward pre-hooks: a list of (hook, with_kwargs) in its attrs, outside
/// its attribute order (builtins_module.cpp registers them, Interp::call_with_hooks runs them)
inline constexpr const char* kForwardHooks = "__tparse_forward_hooks__";
inline constexpr const char* kForwardPreHooks = "__tparse_forward_pre_hooks__";
/// A module's backward hooks (register_backward_hook / register_full_backward_hook / ..._pre_hook): kept, never run
inline constexpr const char* kBackwardHooks = "__tparse_backward_hooks__";
/// Whether a module has a forward hook, pre-hook or backward hook now (a list emptied by handle.remove() has none: Dynamo then
/// takes _call_impl's fast path)
inline bool has_forward_hooks(const V& module) {
  for (const char* key : {kForwardHooks, kForwardPreHooks, kBackwardHooks})
    if (auto it = module->attrs.find(key); it != module->attrs.end() && it->second && !it->second->items.empty()) return true;
  return false;
}

/// torch.utils.hooks.RemovableHandle of a hook kept in `owner.attrs[key]`: its remove() takes `entry` off (over a
/// list the owner does not hold, remove() is a no-op) (builtins_module.cpp)
V hook_handle(const V& owner, const V& entry, const char* key);

}  // namespace tparse::compiler
