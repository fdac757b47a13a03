// Restarts after a graph break (attempt 1 traces again up to the break) and the non-resumable
// ("step") break: compile up to the statement's checkpoint, run the rest of the frame eagerly.
#include <fmt/format.h>

#include <functional>
#include <set>

#include "runtime/interp.hpp"
#include "dynamo/messages.hpp"

namespace tparse::compiler {

void Interp::restart_after_break(FrameCtx& ctx, const GraphBreak& gb, const std::string& reason) {
  // the break reason (attempt 0), then attempt 1 traces again up to the break: new describer, new OutputGraph
  std::string at = gb.at.empty() ? fmt::format("{}:{}", path_of(gb.loc.file), gb.loc.line) : gb.at;
  std::string payload = fmt::format("Graph break in user code at {}\nGraph Break Reason: {}\n\n", at, reason) +
                        (gb.traceback.empty() ? user_traceback(gb.loc) : gb.traceback) + "\n";
  writer_.emit("torch/_dynamo/symbolic_convert.py:5101", "artifact", "{\"name\": \"dynamo_graph_break_reason\", \"encoding\": \"string\"}",
               TraceCtx{ctx.frame_id, ctx.frame_compile_id, 0}, payload);
  chromium_tracing_end(ctx);
  chromium(ctx, "compile_attempt_0", 'E');
  ctx.attempt = 1;
  chromium(ctx, "compile_attempt_1", 'B');
  chromium(ctx, "bytecode_tracing", 'B');
  ctx.describer_id = next_describer_++;
  ctx.next_described = 0;
  for (auto& [t, src] : ctx.described) describe_input(ctx, t, src, true);
  ctx.builtins_key = fmt::format("__builtins_dict___{}", unique_id_++);
}

// The names the function's code mentions from the top-level statement holding `line` on (Dynamo's liveness of a
// resume point, over-approximated: a name only stored there counts too): what a resume function or a partial
// graph must carry. Locals never named again (a start position used only before the break) are dead. After a
// data-dependent jump (`after_test`: that `if` / `while`), its condition is no longer read.
std::set<std::string> names_from(const FuncDef* fn, int line, const Stmt* after_test) {
  std::set<std::string> used;
  std::function<void(const ExprP&)> ex = [&](const ExprP& e) {
    if (!e) return;
    if (e->k == EK::Name) used.insert(e->s);
    for (auto& c : e->a) ex(c);
    for (auto& c : e->comps) { ex(c.target); ex(c.iter); for (auto& x : c.conds) ex(x); }
  };
  std::function<void(const StmtP&)> st = [&](const StmtP& x) {
    if (!x) return;
    for (auto& t : x->targets) ex(t);
    ex(x->target);
    if (x.get() != after_test) ex(x->value);  // a jump's condition is consumed by the jump
    for (auto& t : x->items) ex(t);
    for (auto* b : {&x->body, &x->orelse, &x->final_body, &x->handlers}) for (auto& y : *b) st(y);
  };
  if (fn) for (auto& x : fn->body) if (x->end_line >= line) st(x);
  return used;
}

void Interp::step_break(Activation& act, const GraphBreak& gb, const Stmt& s, size_t cp) {
  auto ctx = act.ctx;
  ctx->graph.rollback(cp);
  // Dynamo speculates a checkpoint only where is_non_empty_graph(): count_calls() > 1 (symbolic_convert.py), so a
  // statement after a single call has none and the whole frame is skipped (real torch 2.11: list_slice_tensor_bound)
  bool has_graph = ctx->graph.call_count() > 1;
  if (!has_graph) {  // no checkpoint with a graph: the whole frame is skipped
    // inside a loop torch 2.11 chains the break with "graph break in loop" (GB7000; truth: mask_index_loop)
    emit_frame_skip(*ctx, act.outer_loop ? loop_skip_msg(&gb, *ctx->code, gb.loc.line) : gb.msg, gb.loc);
    ++counters_["unimplemented"];
    ctx->code->skipped = true;
    act.ctx = nullptr;
    return;
  }
  std::string reason = "Encountered graph break that we cannot resume from. Compiling up to the previous resumable state, "
                       "then skipping the rest of the function. Graph break encountered:\n\n" + gb.msg;
  ++counters_["unimplemented"];
  restart_after_break(*ctx, gb, reason);
  ctx->restart_reasons.push_back(gb.msg);
  // the locals the rest of the function reads (from this statement on) are the graph's outputs
  std::set<std::string> used = names_from(act.fn.get(), s.loc.line);
  std::vector<V> outs;
  for (auto& n : act.env->order) if (used.count(n)) flatten_tensors(act.env->vars[n], outs);
  compile_graph(*ctx, outs);
  act.ctx = nullptr;
}

}  // namespace tparse::compiler
