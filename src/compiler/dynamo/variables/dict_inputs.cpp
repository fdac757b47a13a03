// The floats of a dict input a frame changed are guarded at a graph break (see dict_inputs.hpp).
#include "dynamo/variables/dict_inputs.hpp"
#include "runtime/interp_helpers.hpp"

#include <fmt/format.h>

#include <cmath>

namespace tparse::compiler {

void record_dict_inputs(FrameCtx& ctx) {
  ctx.dicts_at_entry.clear();
  for (auto& [n, v] : ctx.inputs) {
    if (!v || v->k != VK::Dict || v->cls || v->view_of || n.rfind("___stack", 0) == 0) continue;
    FrameCtx::DictAtEntry d{n, v, v->dict};
    ctx.dicts_at_entry.push_back(std::move(d));
  }
}

void realize_mutated_dict_inputs(Interp& I, FrameCtx& ctx, Location loc) {
  if (ctx.mode != Mode::Record || !ctx.code) return;
  CodeState& cs = *ctx.code;
  for (auto& d : ctx.dicts_at_entry) {
    const auto& now = d.dict->dict;
    bool changed = now.size() != d.items.size();
    for (size_t i = 0; !changed && i < now.size(); ++i)
      changed = now[i].first.get() != d.items[i].first.get() || now[i].second.get() != d.items[i].second.get();
    if (!changed) continue;
    for (auto& [key, val] : now) {
      if (!val || val->k != VK::Float || !val->sym.empty() || val->sym_node >= 0) continue;
      bool came_in = false;
      for (auto& [k0, v0] : d.items) came_in = came_in || v0.get() == val.get();
      if (!came_in) {  // a float the frame took on its stack and stored here
        realize_stack_guard_of(I, ctx, val, loc);
        continue;
      }
      if (key->k != VK::Str || !std::isfinite(val->f)) continue;
      const std::string isrc = fmt::format("{}['{}']", d.name, key->s);
      bool dup = false;
      for (auto& g : ctx.vguards) dup = dup || g.src == isrc;
      if (dup) continue;
      // automatic dynamic: a value that changed since the last compile of this code is a float of any value from now on
      auto seen = cs.seen_ints.find(isrc);
      if (seen != cs.seen_ints.end() && seen->second->k == VK::Float && seen->second->f != val->f && !cs.dyn_floats.count(isrc)) {
        cs.dyn_floats.insert(isrc);
        I.automatic_dynamic_event(ctx, local_source(isrc), "\"scalar\"", "scalar change", py_repr(seen->second),
                                  py_repr(val));
      }
      cs.seen_ints[isrc] = val;
      ValueGuard g = ValueGuard::python_float(isrc, val, cs.dyn_floats.count(isrc) > 0);
      g.comment = I.guard_comment(loc);
      g.stack = I.guard_user_stack(loc);
      ctx.vguards.push_back(g);
    }
  }
}

void realize_stack_guard_of(Interp& I, FrameCtx& ctx, const V& value, Location loc) {
  for (auto& g : ctx.vguards)
    if (g.src.rfind("___stack", 0) == 0 && g.value.get() == value.get() && g.comment.empty()) {
      g.comment = I.guard_comment(loc);
      g.stack = I.guard_user_stack(loc);
    }
}

}  // namespace tparse::compiler
