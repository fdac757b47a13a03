// A trace's checkpoint and its rollback (a restart's discarded attempt, a step break's statement): the nodes, guards,
// renames and described inputs recorded since the mark go, the CPU generator returns to its state before the first
// random op they drew, and with the shape env the relations, specializations, replacements and deferred size sums too.
#include <algorithm>

#include "runtime/interp.hpp"

namespace tparse::compiler {

Interp::TraceMark Interp::mark_trace(FrameCtx& ctx) {
  return TraceMark{ctx.graph.checkpoint(), ctx.graph.renames.size(), ctx.tguards.size(), ctx.gguards.size(),
                   ctx.described.size(), ctx.vguards.size(), ctx.sym_rels.size(), ctx.sym_eqs.size(), ctx.specialized,
                   ctx.graph.replacements, ctx.deferred_linear.size()};
}

void Interp::undo_traced_draws(FrameCtx& ctx, size_t nodes) {
  auto it = std::find_if(ctx.rng_draws.begin(), ctx.rng_draws.end(), [&](const FrameCtx::RngDraw& d) { return d.node >= nodes; });
  if (it == ctx.rng_draws.end()) return;
  torch_rng_ = it->before;
  torch_rng_known_ = it->known;
  ctx.rng_draws.erase(it, ctx.rng_draws.end());
}

void Interp::rollback_trace(FrameCtx& ctx, const TraceMark& m, bool shape_env) {
  undo_traced_draws(ctx, m.cp & 0xffffffffu);
  if (ctx.vguards.size() > m.vguards)  // (the optimizer's state guards stay: made by its _init_group, not the trace)
    ctx.vguards.erase(std::remove_if(ctx.vguards.begin() + static_cast<long>(m.vguards), ctx.vguards.end(),
                                     [](const ValueGuard& g) { return !g.optimizer; }), ctx.vguards.end());
  ctx.graph.rollback(m.cp);
  ctx.graph.undo_renames(m.renames);
  if (ctx.tguards.size() > m.tguards) ctx.tguards.resize(m.tguards);
  if (ctx.gguards.size() > m.gguards) ctx.gguards.resize(m.gguards);
  if (ctx.described.size() > m.described) ctx.described.resize(m.described);
  if (!shape_env) return;
  if (ctx.sym_rels.size() > m.sym_rels) ctx.sym_rels.resize(m.sym_rels);
  if (ctx.sym_eqs.size() > m.sym_eqs) ctx.sym_eqs.resize(m.sym_eqs);
  ctx.specialized = m.specialized;  // (program restart_discards_specialization: the batch stays symbolic)
  ctx.graph.replacements = m.replacements;  // (program restart_leaks_unification: x keeps its own symbol)
  if (ctx.deferred_linear.size() > m.deferred_linear) ctx.deferred_linear.resize(m.deferred_linear);
}

}  // namespace tparse::compiler
