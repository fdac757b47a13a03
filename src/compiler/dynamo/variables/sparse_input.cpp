// Inputs VariableBuilder refuses to wrap, and an autograd Function.apply it wraps as a plain method. Sparse tensors a traced frame reaches (GB0015): where the refusal lands decides
// what Dynamo compiles — an ordinary break at the frame's CALL, step()'s fallback to the statement's checkpoint, or the
// frame skipped (real torch 2.11: programs sparse_coo_input, sparse_break_inlined_resumes; HGCN).
#include <fmt/format.h>

#include "dynamo/variables/autograd_apply_source.hpp"
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
      g.unrebuildable = local;  // (depth0_call: with no graph before the CALL, attempt 1 cannot rebuild it)
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
  // (a sparse Parameter the frame itself reads, `device = self.A_in.device`: nn.Module's __getattr__ path realizes it
  // at that LOAD_ATTR, no CALL to break at, so step()'s fallback at once: real torch 2.11, KGAT's update_attention
  // skipped at attempt 0, one break record; a plain tensor attribute stays lazy until the CALL: to_sparse_attr_in_compiled)
  const bool attr_read = act.depth == 0 && t->t->is_param && src != ctx.sources.end() && src->second.find('.') != std::string::npos;
  // (read by an instruction of the frame's own that is no call, `a * 2`'s BINARY_OP: no CALL to break at, the
  // fallback to the statement's checkpoint at once; real torch 2.11: program sparse_unsqueeze_input)
  const bool at_call = depth0_calls_ > 0 || top != &act;
  if (ctx.attempt == 0 && !in_loop && !attr_read && at_call) {
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

// A user nn.Module built eagerly under the callback (after a break, in a skipped frame's code): its __init__ is a frame
// Dynamo converts, whose `self` has an empty __dict__ until nn.Module.__init__ runs. super(), realizing `self` (3.12's
// LOAD_SUPER_ATTR, traced as CALL_FUNCTION), has VariableBuilder.wrap_module refuse it ("Uninitialized nn.Module",
// GB0119): attempt 0 breaks there, attempt 1 meets it again rebuilding the call's stack and the frame is skipped, its
// code run eagerly for good (real torch 2.11: TS-TCC's NTXentLoss built in the compiled training step)
void Interp::uninit_module_super(const V& self, Location loc) {
  Activation& act = *stack_.back();
  if (!self || !uninit_modules_.count(self.get()) || act.depth != 0 || !act.ctx || act.ctx->mode != Mode::Record ||
      !act.ctx->sources.count(self.get()))
    return;
  FrameCtx& ctx = *act.ctx;
  GraphBreak gb;
  gb.gb_type = "Uninitialized nn.Module";
  gb.msg = gb_message(gb.gb_type, fmt::format("Attempted to trace an uninitialized nn.Module of type {}.", type_name(self)),
                      {kHintUserError, "Ensure your nn.Module instance has called `super().__init__()`."}, type_name(self), "GB0119");
  gb.loc = loc;
  gb.fn_name = act.fn ? act.fn->name : "<module>";
  if (ctx.attempt == 0) {
    ++counters_["graph_break"];
    restart_after_break(ctx, gb, "Encountered graph break when attempting to trace CALL_FUNCTION: a call to a regular function, e.g. f(x, y):\n\n" + gb.msg);
  }
  ++counters_["unimplemented"];
  skip_refused_frame(act, gb, false);
}

// An autograd Function's `apply` the frame read from a module attribute (`self.fn = Fn.apply`) is the bound
// classmethod: VariableBuilder makes it UserMethodVariable(Function.apply, AutogradFunctionVariable), not the
// AutogradFunctionVariable call `Fn.apply(...)` written in the code is, and inlines torch's Function.apply, whose
// `cls.setup_context` is a GetAttrVariable with no type (a UserError, no gb id). Inside an inlined call that is the
// break of the frame's CALL into it (the callee then runs as a frame of its own); at the frame's own CALL attempt 1
// must rebuild the callable on the stack and cannot (sourceless: "Reconstruction failure", GB0092), so the statement's
// checkpoint takes it (below) and Function.apply runs eagerly, forward a frame of its own (real torch 2.11: NODE's
// `self.bin_function = entmoid15`, probe p3_fn_apply_attr). A global `fn = Fn.apply` is not this path: torch 2.11
// traces it as the autograd_function_apply HOP in one frame (program autograd_apply_global_value)
void autograd_apply_from_source(Interp& I, Location loc) {
  static const std::string poly = "/opt/torch/.venv/lib/python3.12/site-packages/torch/_dynamo/polyfills/__init__.py";
  Activation& act = *I.stack_.back();
  FrameCtx& ctx = *act.ctx;
  GraphBreak gb;
  gb.gb_type = "";
  gb.msg = "GetAttrVariable(AutogradFunctionVariable(), setup_context) has no type\n"
           "For more information about this error, see: https://pytorch.org/docs/main/generated/exportdb/index.html#unknown-python-type\n";
  gb.loc = loc;
  gb.fn_name = act.fn ? act.fn->name : "<module>";
  gb.at = poly + ":536";
  gb.traceback = I.user_traceback(loc);
  if (act.depth > 0) throw gb;
  // in a loop the CALL's break_graph_if_unsupported skips the frame at once (GB7000), as for any break there
  if (I.maybe_has_backedge(act)) {
    gb.msg = I.loop_skip_msg(&gb, *ctx.code, loc.line);
    I.skip_refused_frame(act, gb, true);
  }
  ++I.counters_["graph_break"];
  I.restart_after_break(ctx, gb, "Encountered graph break when attempting to trace CALL: a function call, e.g. f(x, y):\n\n" + gb.msg);
  ctx.restart_reasons.push_back(gb.msg);  // (attempt 0's break, then step()'s)
  const std::string var = "UserMethodVariable(<function Function.apply at 0x7f0fba1b6ca0>, AutogradFunctionVariable())";
  GraphBreak rf = gb;
  rf.gb_type = "Reconstruction failure";
  rf.at.clear();
  rf.msg = msg_reconstruction_failure(var);
  // attempt 1 meets the failure while compiling the CALL's break, which is then not resumable: step()'s fallback to
  // the statement's checkpoint (the graph up to it where it holds one, the rest of the frame run eagerly: NODE's
  // ODST.forward, 9 ops before `bins = self.bin_function(...)`), else the whole frame skipped (probe p3)
  rf.step = rf.past_call = true;
  throw rf;
}

}  // namespace tparse::compiler
