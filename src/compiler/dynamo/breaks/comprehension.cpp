// Graph breaks inside comprehensions and generator expressions of a frame's own code (Python 3.12, torch 2.11).
// PEP 709 inlines list / dict / set comprehensions into the function's bytecode, inside an exception-table entry:
// no break there is resumable (should_compile_partial_graph is false). Dynamo 2.11 speculates the outermost list or
// dict comprehension (BUILD_LIST / BUILD_MAP after LOAD_FAST_AND_CLEAR; symbolic_convert.py
// _maybe_setup_comprehension_speculation): when a break happens anywhere inside it, the analysis restarts ("cannot
// resume from", counted in `unimplemented`), compiles the graph up to the comprehension, runs the comprehension
// eagerly as a function of its own (skip_code: never traced; what it calls is converted on its own) and resumes
// after it (_handle_comprehension_graph_break) — except in a resume function whose comprehension reads the frame's
// locals (GB2669: the resume function is skipped). A break in a set comprehension goes back to the statement's
// checkpoint; one inside an inlined generator (a generator expression, a generator function) skips the frame
// (InliningGeneratorInstructionTranslator cannot resume). Programs comp_break_frame / _module / _resume / _forms.
#include <fmt/format.h>

#include <algorithm>
#include <functional>

#include "runtime/interp.hpp"
#include "dynamo/messages.hpp"
#include "runtime/interp_helpers.hpp"

namespace tparse::compiler {

namespace {

/// The names a comprehension's targets bind (LOAD_FAST_AND_CLEAR saves them before the loop).
void target_names(const ExprP& t, std::vector<std::string>& out) {
  if (!t) return;
  if (t->k == EK::Name) { out.push_back(t->s); return; }
  for (auto& x : t->a) target_names(x, out);
}

/// _analyze_comprehension's captured_vars: the frame's locals the comprehension's loop body loads (LOAD_FAST of a
/// name not bound inside it), in bytecode order — conditions, later iterables, the element (a dict's key, then its
/// value). A nested comprehension's own targets are loaded (LOAD_FAST_AND_CLEAR) before they are bound.
struct Captures {
  std::function<bool(const std::string&)> is_local;
  std::vector<std::string> defined, captured;
  bool bound(const std::string& n) const { return std::find(defined.begin(), defined.end(), n) != defined.end(); }
  void load(const std::string& n) {
    if (bound(n) || !is_local(n)) return;
    if (std::find(captured.begin(), captured.end(), n) == captured.end()) captured.push_back(n);
  }
  void expr(const ExprP& e) {
    if (!e || e->k == EK::Lambda) return;  // a lambda's body is code of its own
    switch (e->k) {
      case EK::Name: load(e->s); return;
      case EK::NamedExpr:
        for (auto& x : e->a) expr(x);
        defined.push_back(e->s);
        return;
      case EK::ListComp: case EK::DictComp: case EK::SetComp: case EK::GenExp: {
        if (e->comps.empty()) return;
        expr(e->comps[0].iter);
        if (e->k == EK::GenExp) return;  // a generator expression is a code object of its own
        std::vector<std::string> ts;
        for (auto& c : e->comps) target_names(c.target, ts);
        for (auto& t : ts) load(t);
        for (auto& t : ts) defined.push_back(t);
        body(*e, 0);
        return;
      }
      default:
        for (auto& x : e->a) expr(x);
        for (auto& c : e->comps) { expr(c.iter); for (auto& x : c.conds) expr(x); }
        return;
    }
  }
  /// the loop body from generator `from` on: its conditions, the next generators, then the element
  void body(const Expr& e, size_t from) {
    for (size_t i = from; i < e.comps.size(); ++i) {
      if (i > from) expr(e.comps[i].iter);
      for (auto& c : e.comps[i].conds) expr(c);
    }
    for (auto& x : e.a) expr(x);
  }
};

/// The frame's locals comprehension `e` captures (its targets bound inside it are not)
std::vector<std::string> captured_locals(const Activation& act, const Expr& e) {
  Captures cap;
  cap.is_local = [&](const std::string& n) {
    if (!act.fn) return false;
    for (auto& p : act.fn->params) if (p.name == n) return true;
    return act.env->vars.count(n) > 0;
  };
  for (auto& c : e.comps) target_names(c.target, cap.defined);
  cap.body(e, 0);
  return cap.captured;
}

}  // namespace

// step()'s fallback for an instruction-level break (BUILD_SLICE of a tensor bound: its item()) inside a for loop, where
// no statement is a checkpoint (the iterator is on the stack), or after an empty graph: the latest speculation may be a
// comprehension's BUILD_LIST, set with no graph condition (_maybe_setup_comprehension_speculation). A frame's analysis
// restarts and breaks at it (run_frame.cpp); a resume function's attempt 1 meets GB2669 there when the comprehension
// reads its locals and is skipped (real torch 2.11: comp_fallback_frame, comp_fallback_resume, viterbi decoding's
// `batch_size_t = sum([l > t for l in lengths])` before `scores[:batch_size_t]`)
bool Interp::fall_back_to_comprehension(Activation& act, const GraphBreak& gb) {
  auto ctx = act.ctx;
  // (fullgraph=True speculates nothing: one_graph)
  if (!ctx || ctx->mode != Mode::Record || !ctx->comp_speculation || act.depth != 0 || act.try_depth > 0 || act.comp_depth > 0 ||
      (cur_opts_ && cur_opts_->fullgraph))
    return false;
  const Expr* comp = ctx->comp_speculation;
  if (!ctx->is_resume) throw RetryAtComprehension{gb, comp};
  // (a resume function cannot be traced again here: one whose comprehension captures nothing, compiled up to it by
  // torch, keeps the statement's fallback)
  const std::vector<std::string> captured = captured_locals(act, *comp);
  if (captured.empty()) return false;
  ++counters_["unimplemented"];
  restart_after_break(*ctx, gb, "Encountered graph break that we cannot resume from. Compiling up to the previous resumable "
                                "state, then skipping the rest of the function. Graph break encountered:\n\n" + gb.msg);
  skip_frame_from_start(act, msg_comprehension_captured(captured), "Comprehension graph break in resume function with captured variables", comp->loc);
  return true;
}

void Interp::rethrow_in_comprehension(Activation& act, GraphBreak gb) {
  if (!act.in_genexpr && !gb.skip_frame) {
    gb.step = true;  // the comprehension's speculation, or else the statement's checkpoint, takes it
    throw gb;
  }
  // an inlined generator: Unsupported.skip_frame, the whole frame runs eagerly (its message unchained). Iterated by a
  // polyfill (sum(<genexpr>)), the break leaves an inlined function, which clears skip_frame: attempt 0 breaks the
  // graph at the CALL as usual, attempt 1 then cannot hand the generator to a resume function and fails
  if (act.in_genexpr && act.genexpr_polyfilled && act.ctx->mode == Mode::Record) {
    ++counters_["graph_break"];
    restart_after_break(*act.ctx, gb, "Encountered graph break when attempting to trace CALL: a function call, e.g. f(x, y):\n\n" + gb.msg);
  }
  skip_frame_from_start(act, gb.msg, gb.gb_type, gb.loc);
}

// The frame is skipped whole: ConvertFrame's caller reruns it eagerly from its start (FrameSkip, run_frame.cpp); a
// resume function cannot be rerun, it is skipped from its start, its inlined calls replayed eagerly, the rest eager
void Interp::skip_frame_from_start(Activation& act, const std::string& msg, const std::string& gb_type, Location loc) {
  emit_frame_skip(*act.ctx, msg, loc);
  if (!act.ctx->is_resume) throw FrameSkip{msg, gb_type, true};
  ++counters_["unimplemented"];
  act.ctx->code->skipped = true;
  replay_inlined_calls(*act.ctx);
  act.ctx = nullptr;
}

V Interp::speculate_comprehension(const ExprP& e) {
  Activation& act = *stack_.back();
  auto ctx = act.ctx;
  // a tensor (or ndarray) local iterated: Dynamo's GET_ITER unpacks it into getitem nodes before the comprehension's
  // loop, so they stay in the graph a break in the loop compiles, as its outputs (real torch 2.11: program
  // list_index_by_tensor_frame, `[words[j] for j in idx]` of an argmax's ndarray)
  std::vector<V> pre_items;
  struct Pre { Activation& a; ~Pre() { a.comp_pre_expr = nullptr; a.comp_pre_items = nullptr; } } pre{act};
  // (so does a zip() or enumerate() over tensors: GET_ITER unpacks them before the loop, their getitem nodes in the
  // graph a break compiles; real torch 2.11: comprehension_break_in_enumerate_loop's `zip(h[t], y[t])`, 7 ops)
  // (an item or attribute read too, `for o in data['info']['num_objects']`: real torch 2.11, XMem's driver)
  // A generator the frame was given is refused at that GET_ITER (its __iter__, GB0253), before the comprehension's
  // speculation: an instruction's break, the statement's checkpoint or none (real torch 2.11: GDSS's EMA
  // `[p for p in parameters if p.requires_grad]` of a model.parameters() generator skips the frame)
  const ExprP& iter0 = e->comps.empty() ? nullptr : e->comps[0].iter;
  const bool zipped = iter0 && iter0->k == EK::Call && !iter0->a.empty() && iter0->a[0]->k == EK::Name &&
                      (iter0->a[0]->s == "zip" || iter0->a[0]->s == "enumerate");
  const bool plain_read = iter0 && (iter0->k == EK::Name || iter0->k == EK::Attr || iter0->k == EK::Subscript);
  if (ctx->mode == Mode::Record && iter0 && (plain_read || zipped) && e->k != EK::GenExp) {
    V it0 = eval(iter0);
    if (it0->k == VK::List && (it0->generator_of || it0->builtin_iter) && ctx->sources.count(it0.get())) {
      try {
        iterate(it0, iter0->loc);
      } catch (GraphBreak& g) {
        g.step = act.depth == 0;
        throw;
      }
    }
    act.comp_pre_expr = e.get();  // (evaluated once: the comprehension iterates this value)
    act.comp_pre_items = it0;
    if (it0->k == VK::Tensor && !it0->t->shape.empty()) {
      pre_items = iterate(it0, iter0->loc);
      act.comp_pre_items = mk_list(pre_items);
    } else if (zipped && it0->k == VK::List) {
      pre_items = it0->items;
    }
  }
  const TraceMark mark = mark_trace(*ctx);
  JournalSpan jscope(*this, ctx->mode == Mode::Record);
  ++act.comp_depth;
  struct Leave { Activation& a; bool on = true; void now() { if (on) { on = false; --a.comp_depth; } } ~Leave() { now(); } } leave{act};
  GraphBreak gb;
  // a restarted attempt whose unresumable break fell back to this comprehension: its speculation fails at once
  const bool retried = ctx->fail_comprehension == e.get();
  if (retried) ctx->fail_comprehension = nullptr;
  if (!retried && ctx->mode == Mode::Record && act.try_depth == 0) ctx->comp_speculation = e.get();
  if (!retried) {
    try {
      return eval_comprehension(e);
    } catch (GraphBreak& g) {
      gb = g;
    }
  }
  leave.now();
  if (ctx->comp_speculation == e.get()) ctx->comp_speculation = nullptr;  // (its speculation is spent: this break is taken here)
  // the speculative trace's side effects and state are discarded: the comprehension runs again, eagerly
  undo_journal(jscope.mark);
  jscope.close();
  rollback_trace(*ctx, mark, false);  // (the same attempt goes on: its shape env keeps what the speculation learned)
  const bool rec = ctx->mode == Mode::Record;
  if (rec && !retried) {  // (a retried attempt's restart was recorded by run_frame)
    ++counters_["unimplemented"];
    restart_after_break(*ctx, gb, "Encountered graph break that we cannot resume from. Compiling up to the previous resumable "
                                  "state, then skipping the rest of the function. Graph break encountered:\n\n" + gb.msg);
  }
  // an item wrapped lazily where the element first uses it, refused by VariableBuilder (an RNN out of a list the frame
  // read): attempt 1 meets it again inside the comprehension and cannot hand it on; the frame is skipped, as a for
  // loop's lazy item skips it (real torch 2.11: fatchord's Tacotron `[m.flatten_parameters() for m in self._to_flatten]`,
  // "Failed to handle graph break gracefully")
  if (gb.lazy_item && gb.gb_type == "Attempted to wrap RNN, GRU, or LSTM") {
    if (rec) {
      emit_frame_skip(*ctx, gb.msg, gb.loc);
      ++counters_["unimplemented"];
    }
    ctx->code->skipped = true;
    replay_inlined_calls(*ctx);
    act.ctx = nullptr;
    return eval_comprehension(e);
  }
  const std::vector<std::string> captured = captured_locals(act, *e);
  if (ctx->is_resume && !captured.empty()) {
    // attempt 1 cannot pass the captured locals through a resume function: an unresumable break, which step()'s
    // fallback takes, the graph up to the statement when it holds one and the rest eagerly, else the resume function
    // skipped (real torch 2.11: pathformer's AMS.forward, 7 ops before its `[self.experts[i](expert_inputs[i])[0] ...]`)
    const std::string msg = msg_comprehension_captured(captured);
    if (rec && act.depth == 0 && !act.outer_loop && act.try_depth == 0) {
      GraphBreak g;
      g.gb_type = "Comprehension graph break in resume function with captured variables";
      g.msg = msg;
      g.loc = e->loc;
      g.traceback = gb.traceback;
      g.step = g.past_call = true;
      throw g;
    }
    if (rec) {
      emit_frame_skip(*ctx, msg, e->loc);
      ++counters_["unimplemented"];
    }
    ctx->code->skipped = true;
    replay_inlined_calls(*ctx);
    act.ctx = nullptr;
    return eval_comprehension(e);
  }
  // attempt 1 hands the stack on to the comprehension's function: a `for` over enumerate() around it holds the polyfill's
  // generator, advanced, which Dynamo cannot rebuild (GB8335, the frame skipped; real torch 2.11: lstm-crf's
  // `for t, (_h, _mask) in enumerate(zip(h, mask)): _emit = torch.cat([_h[y0] for ...])`, a data-dependent index)
  if (act.depth == 0 && act.gen_loop.len >= 0) {
    const std::string msg = msg_generator_reconstruction(fmt::format("ListIteratorVariable(length={}, index={})", act.gen_loop.len, act.gen_loop.index));
    if (rec) {
      skip_frame_from_start(act, msg, "Generator reconstruction with mutations", e->loc);
    } else {
      ctx->code->skipped = true;
      replay_inlined_calls(*ctx);
      act.ctx = nullptr;
    }
    return eval_comprehension(e);
  }
  // attempt 1: the graph up to the comprehension, whose outputs are the locals read from this statement on
  const Stmt* st = act.cur_stmt;
  if (rec) {
    ctx->ended_at_comp = e.get();
    if (!retried) ctx->restart_reasons.push_back("Unknown fail_and_restart_analysis");
    std::vector<V> outs;
    std::set<std::string> live = names_from(act.fn.get(), e->loc.line, nullptr);
    // (the unpacked iterable's items, on the stack, come first: compile_subgraph's stack values before the live locals;
    // real torch 2.11: program comprehension_iter_subscript_tensor_items, `return (getitem, getitem_1, y)`)
    for (auto& x : pre_items) flatten_live(x, outs);
    for (auto& n : act.env->order) if (!act.fn || live.count(n)) flatten_live(act.env->vars[n], outs);
    compile_graph(*ctx, outs);
    ++unique_id_;  // __comprehension_<fn>_at_<line>
    // the compiled code hands the live locals on, each that has a source loaded from it (side_effect_replay.cpp)
    std::vector<V> handed_on;
    for (auto& n : act.env->order) if (!act.fn || live.count(n)) handed_on.push_back(act.env->vars[n]);
    act.ctx = nullptr;
    replay_after_graph(*ctx, handed_on, e->loc);
  }
  act.ctx = nullptr;
  V r = eval_comprehension(e);
  // `return [...]`: the resume instruction is the RETURN_VALUE, no resume function
  if (st && st->k == SK::Return && st->value.get() == e.get()) return r;
  if (rec) ++unique_id_;  // the resume function
  const std::string key = fmt::format("comp:{}:{}", e->loc.line, e->loc.col);
  // stored (`r = [...]`): the result is a local of the resume function; otherwise it is on its stack (___stack0)
  if (st && (st->k == SK::Assign || st->k == SK::AnnAssign) && st->targets.size() == 1 && st->targets[0]->k == EK::Name &&
      st->value.get() == e.get()) {
    const std::string& name = st->targets[0]->s;
    act.env->set(name, r);
    enter_resume(act, key, e->loc.line);
    return act.env->vars[name];
  }
  if (st && st->k == SK::Expr && st->value.get() == e.get()) {  // discarded
    enter_resume(act, key, e->loc.line);
    return r;
  }
  // (consumed: `sum([...])`, `torch.cat([...])`: the callable below it is a stack value of the resume function)
  const int hidden = stack_values_below(act, st, e.get());
  enter_resume(act, key, e->loc.line, r, nullptr, nullptr, hidden);
  const std::string rn = fmt::format("___stack{}", hidden);
  if (act.ctx)
    for (auto& [n, v] : act.ctx->inputs) if (n == rn) r = v;
  return r;
}

}  // namespace tparse::compiler
