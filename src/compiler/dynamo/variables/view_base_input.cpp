// A view input's base. VariableBuilder's _automatic_dynamic runs on `e._base` too, with source `L['x']._base`, and
// MetaConverter fakeifies the base before the view: a base size that changed since an earlier compile is a symbol of
// its own, made before the view's symbols (`create_symbol s83 = 75, source L['x']._base.size()[0]`), never a graph
// input, but guarded by the shape env (`2 <= L['x']._base.size()[0]`). That guard raises on a later call whose tensor
// is no view, and the exception's text is the recompile reason ("'NoneType' object has no attribute 'size'"; real
// torch 2.11: c_ddsp's scale_function, a Linear's output on a 3-D input, then a subtraction's result). And a tensor
// passed as two arguments: VariableBuilder wraps it under the name read first, and only that name's frame-state entry
// is written (automatic dynamic then compares a later call's tensor under that name: simple-nmt's decoder block given
// `x` and `prev` as one tensor, `prev` read first, real torch 2.11).
#include <fmt/format.h>

#include "runtime/interp.hpp"
#include "runtime/interp_helpers.hpp"

namespace tparse::compiler {

void Interp::view_base_input(FrameCtx& ctx, CodeState& cs, const std::string& n, const std::vector<long long>& base, bool auto_dyn,
                             bool dynamic_true, const std::function<std::string(const std::string&)>& sym_for) {
  std::set<int>& dd = cs.dyn_base_dims[n];
  const std::string L = local_source(n) + "._base";
  auto seen = cs.seen_bases.find(n);
  if (auto_dyn && seen != cs.seen_bases.end()) {
    if (seen->second.size() != base.size()) {
      for (size_t i = 0; i < base.size(); ++i) dd.insert(static_cast<int>(i));
    } else {
      for (size_t i = 0; i < base.size(); ++i)
        if (seen->second[i] != base[i] && !dd.count(static_cast<int>(i))) {
          dd.insert(static_cast<int>(i));
          ctx.pending_events.push_back([this, c = &ctx, L, i, a = seen->second[i], b = base[i]] {
            automatic_dynamic_event(*c, L, std::to_string(i), "size change", std::to_string(a), std::to_string(b));
          });
        }
    }
  }
  cs.seen_bases[n] = base;
  std::set<int> all = dd;
  if (dynamic_true) for (size_t i = 0; i < base.size(); ++i) all.insert(static_cast<int>(i));
  std::vector<int> syms;
  for (int d : all) {
    const long long val = d < static_cast<int>(base.size()) ? base[static_cast<size_t>(d)] : 0;
    if (val < 2) continue;  // (0 / 1 specialize)
    syms.push_back(d);
    // under dynamic=True the base's sizes are DUCK, fakified before the view's: a value seen before shares its symbol,
    // and the view's own sizes of a base size's value share the base's (real torch 2.11: program
    // storage_offset_duck_shares_size_symbol, `L_x_: "f32[s64]"` of `L['x']._base.size()[1]`)
    if (dynamic_true && ctx.duck_syms.count(val)) continue;
    const std::string source = fmt::format("{}.size()[{}]", L, d);
    const std::string sym = sym_for(source);  // (its id is taken: the view's own symbols come after it)
    if (dynamic_true) {
      ctx.duck_syms[val] = sym;
      ctx.sym_info[sym] = {source, val};
    }
  }
  if (syms.empty()) ctx.base_syms.erase(n);
  else ctx.base_syms[n] = syms;
}

void Interp::move_alias_record(FrameCtx& ctx, std::string from, std::string to) {
  auto before = ctx.alias_seen_before.find(from);
  if (!ctx.code || before == ctx.alias_seen_before.end()) return;
  CodeState& cs = *ctx.code;
  if (auto now = cs.seen_shapes.find(from); now != cs.seen_shapes.end()) cs.seen_shapes[to] = now->second;
  if (before->second) cs.seen_shapes[from] = *before->second;
  else cs.seen_shapes.erase(from);
  ctx.alias_seen_before.erase(before);
}

}  // namespace tparse::compiler
