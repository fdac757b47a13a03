// Inputs VariableBuilder refuses to wrap. Sparse tensors a traced frame reaches (GB0015): where the refusal lands decides
// what Dynamo compiles — an ordinary break at the frame's CALL, step()'s fallback to the statement's checkpoint, or the
// frame skipped (real torch 2.11: programs sparse_coo_input, sparse_break_inlined_resumes; HGCN).
#include "dynamo/messages.hpp"
#include "runtime/interp.hpp"

namespace tparse::compiler {

// The frame of a refused input skipped ("Failed to handle graph break gracefully"): ConvertFrame raises to its caller;
// a resume function is skipped from its start, its inlined calls replayed eagerly (`count_resume`: one more
// unimplemented count for it, as the sparse paths have)
void Interp::skip_refused_frame(Activation& act, const GraphBreak& gb, bool count_resume) {
  FrameCtx& ctx = *act.ctx;
  emit_frame_skip(ctx, gb.msg, gb.loc);
  if (!ctx.is_resume) throw FrameSkip{gb.msg, gb.gb_type, true};
  if (count_resume) ++counters_["unimplemented"];
  ctx.code->skipped = true;
  replay_inlined_calls(ctx);
  act.ctx = nullptr;
  throw FrameSkip{gb.msg, gb.gb_type, true};
}

// A sparse tensor the frame reads (VariableBuilder: "Attempted to wrap sparse Tensor", GB0015, raised while a CALL
// loads its arguments): attempt 0 breaks the graph at the call, attempt 1 cannot hand the sparse tensor to a resume
// function and fails, and the whole frame runs eagerly (real torch 2.11: program sparse_coo_input)
void Interp::sparse_input(const V& t, Location loc) {
  Activation& act = *stack_.back();
  FrameCtx& ctx = *act.ctx;
  // read inside an inlined call (LightGCN's getUsersRating calling self.computer()): an ordinary break at the
  // frame's CALL, which resumes after it (the callee then runs as a frame of its own; program
  // sparse_break_inlined_resumes). A frame local of its own (an argument: HGCN's `adj` handed down the calls) is on
  // the stack of that CALL, whose break must wrap it for the resume function: not resumable either, the statement's
  // checkpoint takes it
  auto src = ctx.sources.find(t.get());
  // (an item of an input's sequence too, `input[1]`; not an attribute: `self.G` is loaded by the callee)
  const bool local = src != ctx.sources.end() && src->second.find('.') == std::string::npos && src->second.rfind("G['", 0) != 0;
  const bool item = local && src->second.find('[') != std::string::npos;
  if (act.depth > 0 && !item) {
    try {
      graph_break("Attempted to wrap sparse Tensor", msg_sparse_wrap(), loc);
    } catch (GraphBreak& g) {
      g.sparse_local = local;  // (depth0_call: with no graph before the CALL, attempt 1 cannot rebuild it)
      throw;
    }
  }
  GraphBreak gb;
  gb.gb_type = "Attempted to wrap sparse Tensor";
  gb.msg = msg_sparse_wrap();
  gb.loc = loc;
  // the frame's own activation (the CALL of an inlined read)
  Activation* top = &act;
  for (size_t k = stack_.size(); k-- > 0 && top->depth > 0;)
    if (stack_[k]->depth == 0 && stack_[k]->ctx.get() == act.ctx.get()) top = stack_[k];
  // (in a loop the CALL's break_graph_if_unsupported skips the frame at once: GB7000; LightGCN's computer())
  const bool in_loop = maybe_has_backedge(*top);
  if (ctx.attempt == 0 && !in_loop) {
    ++counters_["graph_break"];
    restart_after_break(ctx, gb, "Encountered graph break when attempting to trace CALL: a function call, e.g. f(x, y):\n\n" + gb.msg);
  }
  if (top != &act) {
    // an item of an input's sequence handed down (`x, adj = input`): attempt 1 cannot resume at the frame's CALL, and
    // the fallback to its checkpoint fails as well, so the frame is skipped (real torch 2.11: HGCN's
    // HyperbolicGraphConvolution.forward)
    gb.loc = Location{top->cur_line, 0, top->file};
    if (!in_loop) {
      ++counters_["unimplemented"];
      restart_after_break(ctx, gb, "Encountered graph break that we cannot resume from. Compiling up to the previous resumable state, "
                                   "then skipping the rest of the function. Graph break encountered:\n\n" + gb.msg);
      skip_refused_frame(act, gb, true);
    }
  }
  // attempt 1 meets the read again at the instruction, which is not resumable: step()'s fallback to the statement's
  // checkpoint, the graph up to it when it holds one (is_non_empty_graph) and the rest run eagerly, else the whole frame
  // skipped (real torch 2.11: HGCN's HypAgg.forward, 16 ops before its sparse `adj` reached a call)
  if (!in_loop) {
    gb.step = gb.past_call = true;
    throw gb;
  }
  gb.msg = loop_skip_msg(&gb, *ctx.code, loc.line);
  skip_refused_frame(act, gb, true);  // (a resume function is skipped from its start: the rest runs eagerly)
}

// An ndarray input torch.from_numpy refuses (a negative stride: `np.sort(lengths)[::-1]`): VariableBuilder's wrap fails
// where the frame first uses it, GB0185 "failed to convert numpy.ndarray to Tensor" with the array's str as the debug
// context. Attempt 0 breaks at that CALL; attempt 1 must rebuild the CALL's stack, meets the array again and cannot, so
// the frame is skipped ("Failed to handle graph break gracefully"; real torch 2.11: InferSent's forward on encode()'s
// sorted lengths)
void Interp::ndarray_refused_input(const V& t, Location loc) {
  Activation& act = *stack_.back();
  FrameCtx& ctx = *act.ctx;
  GraphBreak gb;
  gb.gb_type = "failed to convert numpy.ndarray to Tensor";
  gb.msg = gb_message(gb.gb_type, "Exception encountered when attempting to convert numpy.ndarray to Tensor\n", {}, t->t->np_refused, "GB0185");
  gb.loc = loc;
  // realized by a CALL (its arguments, or an inlined function's code): a break at that CALL, attempt 1 meets it again;
  // realized by an instruction of the frame's own that is no call (`np.argsort(-lengths)`'s UNARY_NEGATIVE): no break
  // to resume from, the frame fails at once (real torch 2.11: program ndarray_negative_stride_input, attempt 0 only)
  if (ctx.attempt == 0 && depth0_calls_ > 0) {
    ++counters_["graph_break"];
    restart_after_break(ctx, gb, "Encountered graph break when attempting to trace CALL: a function call, e.g. f(x, y):\n\n" + gb.msg);
  }
  ++counters_["unimplemented"];
  skip_refused_frame(act, gb, false);
}

}  // namespace tparse::compiler
