// The data-dependent jump (GB0170): a branch on a tensor (or an ndarray) in a traced frame ends the graph at the `if`,
// which Python then decides; the rest of the frame is a resume function, or in a loop / try the frame is skipped.
#include <fmt/format.h>

#include <set>
#include <string>

#include "dynamo/liveness/break_liveness.hpp"
#include "dynamo/breaks/fullgraph.hpp"
#include "dynamo/messages.hpp"
#include "runtime/interp.hpp"
#include "runtime/interp_helpers.hpp"

namespace tparse::compiler {

std::string Interp::jump_message(const V& cond) {
  const bool np = cond && cond->k == VK::Tensor && cond->t->np_array;
  bool lazy = false;
  if (np && !stack_.empty() && stack_.back()->ctx)
    if (auto s = stack_.back()->ctx->sources.find(cond.get()); s != stack_.back()->ctx->sources.end())
      lazy = s->second.find_first_of(".[") != std::string::npos;
  return msg_data_dependent(jump_context(np, lazy));
}

void Interp::data_dependent_jump(V cond, Location loc, bool& branch) {
  Activation& act = *stack_.back();
  auto ctx = act.ctx;
  const std::string jump_msg = jump_message(cond);
  fail_fullgraph(*this, *ctx, jump_msg, loc);
  if (maybe_has_backedge(act) || act.try_depth > 0) {
    std::string msg = act.try_depth > 0 ? jump_msg : loop_skip_msg(nullptr, *ctx->code, loc.line);
    emit_frame_skip(*ctx, msg, loc);
    if (!ctx->is_resume) throw FrameSkip{msg, "Data-dependent branching", true};
    ++counters_["unimplemented"];
    ctx->code->skipped = true;
    replay_inlined_calls(*ctx);
    act.ctx = nullptr;
    return;
  }
  // the `if`'s own jump consumes its test, as does the jump on its last operand (`if not a and not b`: after b's jump
  // the test is done, pytorch-crf's _validate resumes holding no tensor and is skipped); a jump on an earlier operand
  // (`a` of `a or b`) leaves the rest of it live
  const bool own_test = act.cur_stmt && act.cur_stmt->k == SK::If && act.cur_stmt->value && [&] {
    for (const Expr* e = act.cur_stmt->value.get(); e;) {
      if (e->loc.line == loc.line && e->loc.col == loc.col) return true;
      if (e->k == EK::BoolOp && !e->a.empty()) e = e->a.back().get();
      else if (e->k == EK::UnaryOp && e->s == "not" && !e->a.empty()) e = e->a[0].get();
      else break;
    }
    return false;
  }();
  if (ctx->mode == Mode::Record) {
    std::string payload = fmt::format("Graph break in user code at {}:{}\nGraph Break Reason: {}\n", path_of(loc.file), loc.line, jump_msg) +
                          user_traceback(loc) + "\nNoneType: None\n";
    writer_.emit("torch/_dynamo/symbolic_convert.py:5101", "artifact",
                 "{\"name\": \"dynamo_graph_break_reason\", \"encoding\": \"string\"}",
                 TraceCtx{ctx->frame_id, ctx->frame_compile_id, 0}, payload);
    ++counters_["unimplemented"];
    // (an ndarray read from an attribute and tested as it is, CUT's `if self.filt_odd:`: its lazy variable is rebuilt
    // from its source for the jump, no graph output)
    bool test_out = true;
    if (cond->k == VK::Tensor && cond->t->np_array)
      if (auto s = ctx->sources.find(cond.get()); s != ctx->sources.end() && s->second.find('.') != std::string::npos)
        if (auto n = ctx->graph.tensor_node.find(cond.get()); n != ctx->graph.tensor_node.end() &&
            ctx->graph.nodes[static_cast<size_t>(n->second)].op == "placeholder")
          test_out = false;
    std::vector<V> outs;
    if (test_out) outs.push_back(cond);
    std::set<std::string> live = names_from(act.fn.get(), act.cur_line, own_test ? act.cur_stmt : nullptr);
    for (auto& n : act.env->order) if (!act.fn || live.count(n)) flatten_live(act.env->vars[n], outs);
    ctx->jump_test_output = test_out;
    compile_graph(*ctx, outs);
  }
  // the jump's own place (line and column): the two tests of `if a or b` are two resume points
  enter_resume(act, fmt::format("{}:{}{}", loc.line, loc.col, branch ? "T" : "F"), act.cur_line, nullptr,
               own_test ? act.cur_stmt : nullptr);
}

}  // namespace tparse::compiler
