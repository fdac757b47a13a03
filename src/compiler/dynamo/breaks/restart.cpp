// Graph breaks and what follows them: restarts (attempt 1 traces again up to the break), the non-resumable
// ("step") break (compile up to the statement's checkpoint, run the rest eagerly), a frame skipped for good,
// resume frames (torch_dynamo_resume_in_*), and the user traceback / loop-skip texts of their messages (the
// data-dependent jump that ends a graph at an `if`: data_dependent_jump.cpp). What the stack and live locals hold at a break: break_liveness.cpp.
#include <fmt/format.h>

#include <functional>
#include <optional>
#include <set>

#include "torch/nn/module_guards.hpp"
#include "runtime/interp.hpp"
#include "dynamo/messages.hpp"
#include "dynamo/liveness/block_liveness.hpp"
#include "dynamo/liveness/break_liveness.hpp"
#include "dynamo/frames/frame_filter.hpp"
#include "dynamo/variables/dict_inputs.hpp"
#include "frontend/scopes.hpp"
#include "runtime/interp_helpers.hpp"
#include "dynamo/frames/frame_filter.hpp"
#include "dynamo/breaks/fullgraph.hpp"
#include "torch/interop/numpy_traced.hpp"

namespace tparse::compiler {

void Interp::restart_after_break(FrameCtx& ctx, const GraphBreak& gb, const std::string& reason) {
  // the break reason (attempt 0), then attempt 1 traces again up to the break: new describer, new OutputGraph
  std::string at = gb.at.empty() ? fmt::format("{}:{}", path_of(gb.loc.file), gb.loc.line) : gb.at;
  std::string payload = fmt::format("Graph break in user code at {}\nGraph Break Reason: {}\n\n", at, reason) +
                        (gb.traceback.empty() ? user_traceback(gb.loc) : gb.traceback) + "\n";
  writer_.emit("torch/_dynamo/symbolic_convert.py:5101", "artifact", "{\"name\": \"dynamo_graph_break_reason\", \"encoding\": \"string\"}",
               TraceCtx{ctx.frame_id, ctx.frame_compile_id, ctx.attempt}, payload);
  chromium_tracing_end(ctx);
  // (a second restart of one compile, the statement's checkpoint after a CALL's break, is attempt 2)
  chromium(ctx, fmt::format("compile_attempt_{}", ctx.attempt), 'E');
  ++ctx.attempt;
  chromium(ctx, fmt::format("compile_attempt_{}", ctx.attempt), 'B');
  chromium(ctx, "bytecode_tracing", 'B');
  ctx.describer_id = next_describer_++;
  ctx.next_described = 0;
  for (auto& [t, src] : ctx.described) describe_input(ctx, t, src, true);
  ctx.builtins_key = fmt::format("__builtins_dict___{}", unique_id_++);
}

void Interp::step_break(Activation& act, const GraphBreak& gb, const Stmt& s, size_t cp, bool at_try, std::pair<size_t, size_t> guards) {
  auto ctx = act.ctx;
  fail_fullgraph(*this, *ctx, gb.msg, gb.loc);
  undo_traced_draws(*ctx, cp & 0xffffffffu);
  ctx->graph.rollback(cp);
  // the trace torch restarts stops at the checkpoint: a tensor first wrapped after it (a parameter read in the loop the
  // rest runs eagerly) has no TENSOR_MATCH, a constant read after it no guard (real torch 2.11: pathformer's
  // Transformer_Layer, one compile for experts whose intra_embeddings and `range(self.patch_nums)` differ)
  if (guards.first < ctx->tguards.size()) ctx->tguards.resize(guards.first);
  if (guards.second < ctx->vguards.size())  // (the optimizer's state guards stay: made by its _init_group, not the trace)
    ctx->vguards.erase(std::remove_if(ctx->vguards.begin() + static_cast<long>(guards.second), ctx->vguards.end(),
                                      [](const ValueGuard& g) { return !g.optimizer; }), ctx->vguards.end());
  // a plain input the frame's code first read from the checkpoint's statement on is not realized by the trace torch
  // compiles up to it, so it is not guarded (real torch 2.11: subscript_dynamic_float's dynamic `n`, read only in the
  // try block the rest of the frame runs eagerly: a tuple `n` hits the entry)
  static const std::set<std::string> plain = {"int", "float", "bool", "str", "none", "int_dyn", "float_dyn"};
  std::erase_if(ctx->vguards, [&](const ValueGuard& g) {
    return plain.count(g.kind) && g.src.find_first_of(".[") == std::string::npos && !g.comment.empty() &&
           g.read_at.file == act.file && g.read_at.line >= s.loc.line;
  });
  // Dynamo speculates a checkpoint only where is_non_empty_graph(): count_calls() > 1 (symbolic_convert.py), so a
  // statement after a single call has none and the whole frame is skipped (real torch 2.11: list_slice_tensor_bound)
  // (inside a try block no partial graph is compiled either: should_compile_partial_graph, truth: break_in_try)
  bool has_graph = ctx->graph.call_count() > 1 && (act.try_depth == 0 || at_try);
  // a loop variable wrapped lazily where the body first uses it (an RNN out of a ModuleList, refused by
  // VariableBuilder) breaks inside that use's CALL (`isinstance(block, ...)`, `block(x)`): break_graph_if_unsupported in
  // a loop, GB7000 chained, the whole frame skipped whatever it traced before the loop (real torch 2.11: program
  // rnn_in_modulelist, kokoro's DurationEncoder with 8 ops before its loop)
  // (an RNN attribute the loop's body loads, `self.core(...)` in torchbeast's LSTM loop, is a LOAD_ATTR's break: the graph
  // up to the loop is compiled, as any instruction's break there)
  // (a skipped frame reruns eagerly from its start, where the calls its trace inlined are frames of their own: real
  // torch 2.11's TFT encode, whose `self.init_hidden()` before the LSTM's LOAD_ATTR is handed to Dynamo; a resume
  // function replays its inlined calls eagerly)
  if (gb.gb_type == "Attempted to wrap RNN, GRU, or LSTM" && gb.lazy_item && (s.k == SK::For || s.k == SK::While)) {
    skip_frame_from_start(act, loop_skip_msg(&gb, *ctx->code, gb.loc.line), gb.gb_type, gb.loc);
    return;
  }
  if (!has_graph) {  // no checkpoint with a graph: the whole frame is skipped
    // the break's own message, in a loop too: "graph break in loop" (GB7000) is raised by break_graph_if_unsupported,
    // the CALL / BINARY_SUBSCR instructions' handler (depth0_call; truth: mask_index_loop), not by step() for an
    // instruction such as BUILD_SLICE of a tensor bound (glow-tts' WN: split_locals_output_order)
    skip_frame_from_start(act, gb.msg, gb.gb_type, gb.loc);
    return;
  }
  std::string reason = "Encountered graph break that we cannot resume from. Compiling up to the previous resumable state, "
                       "then skipping the rest of the function. Graph break encountered:\n\n" + gb.msg;
  ++counters_["unimplemented"];
  restart_after_break(*ctx, gb, reason);
  // step()'s speculation entry has no reason for an instruction-level break: SpeculationEntry.fail_and_restart_analysis
  // records "Unknown fail_and_restart_analysis" (real torch 2.11: rnn_attr_restart_reason, step_break_rest_frames)
  ctx->restart_reasons.push_back("Unknown fail_and_restart_analysis");
  ctx->step_stmt = &s;
  // the locals the rest of the function reads (from this statement on) are the graph's outputs
  // (over the statement tree where it is known: inside a loop a name the rest writes before reading is dead, real
  // torch 2.11's while_body_statement_checkpoint)
  std::set<std::string> used = names_from(act.fn.get(), s.loc.line);
  if (auto exact = live_before_stmt(act.fn.get(), &s)) used = *exact;
  std::vector<V> outs;
  for (auto& n : act.env->order) if (used.count(n)) flatten_live(act.env->vars[n], outs);
  compile_graph(*ctx, outs);
  act.ctx = nullptr;
}

void Interp::emit_frame_skip(FrameCtx& ctx, const std::string& msg, Location loc, bool break_reason, const GraphBreak* at) {
  if (ctx.frame_id < 0 || ctx.mode != Mode::Record) return;
  TraceCtx tc{ctx.frame_id, ctx.frame_compile_id, ctx.attempt};
  // (`at`: the break raised inside an inlined call, whose innermost user line the record names, as the exception's
  // real_stack does: simple-nmt's decoder RNN under a loop of its search)
  const Location here = at && at->at.empty() && at->loc.line > 0 ? at->loc : loc;
  const std::string tb = at && !at->traceback.empty() ? at->traceback : user_traceback(here);
  std::string payload = fmt::format("Graph break in user code at {}:{}\nGraph Break Reason: Failed to handle graph break gracefully. Skipping the function and falling back to eager. Graph break encountered:\n\n{}\n\n", path_of(here.file), here.line, msg) +
                        tb + "\nTraceback (most recent call last):\ntorch._dynamo.exc.Unsupported: " + msg + "\n";
  if (break_reason)
    writer_.emit("torch/_dynamo/symbolic_convert.py:5101", "artifact", "{\"name\": \"dynamo_graph_break_reason\", \"encoding\": \"string\"}", tc, payload);
  end_frame_without_graph(ctx, "Unsupported", msg, {}, false);
  ctx.mode = Mode::Eager;
}

void Interp::end_frame_without_graph(FrameCtx& ctx, const std::string& fail_type, const std::string& msg,
                                     const std::vector<std::string>& restarts, bool has_guarded) {
  TraceCtx tc{ctx.frame_id, ctx.frame_compile_id, ctx.attempt};
  const CodeState& cs = *ctx.code;
  undo_traced_draws(ctx, 0);  // (no graph: the frame's code runs eagerly, drawing then)
  chromium_tracing_end(ctx);
  chromium(ctx, fmt::format("compile_attempt_{}", ctx.attempt), 'E');
  if (!fail_type.empty())
    writer_.emit("torch/_dynamo/convert_frame.py:1858", "artifact", "{\"name\": \"dynamo_error\", \"encoding\": \"string\"}", tc,
                 "Traceback (most recent call last):\ntorch._dynamo.exc." + fail_type + ": " + msg + "\n");
  chromium(ctx, "gc", 'B');
  chromium(ctx, "gc", 'E');
  chromium(ctx, "entire_frame_compile", 'E', "\"fn_name\": \"_compile.compile_inner\"");
  std::string m = metrics_json(ctx.compile_id, frame_key_, cs.co_name, cs.filename, cs.firstlineno, ctx.cache_size, 0, nullptr, false,
                               fail_type, msg, restarts, ctx.recompile_reason, has_guarded, ctx.start_stack, false, ctx.accumulated);
  if (ctx.fail_user_line > 0) {
    static const std::string none = "\"fail_user_frame_filename\": null, \"fail_user_frame_lineno\": null";
    if (size_t at = m.find(none); at != std::string::npos)
      m.replace(at, none.size(), fmt::format("\"fail_user_frame_filename\": {}, \"fail_user_frame_lineno\": {}",
                                             json_escape(ctx.fail_user_file), ctx.fail_user_line));
  }
  writer_.emit("torch/_dynamo/utils.py:1796", "compilation_metrics", m, tc);
  chromium_dynamo_end(ctx, m, false);
}

void Interp::guard_wrapped_tensor(FrameCtx& ctx, const V& t, const std::string& src, Location loc) {
  bool have = false;
  for (auto& tg : ctx.tguards) have = have || tg.src == src;
  if (!have) {
    ctx.tguards.push_back(TensorGuard{src, *t->t, "", guard_comment(loc), ctx.offset_syms.count(src) ? ctx.offset_syms.at(src) : ""});
    if (auto b = ctx.base_syms.find(src); b != ctx.base_syms.end()) {
      ctx.tguards.back().base_dims = b->second;
      if (t->view_base) ctx.tguards.back().base_sizes = *t->view_base;
    }
  }
  std::string L = local_source(src);
  bool described = false;
  for (auto& d : ctx.described) described = described || d.second == L;
  if (!described) ctx.described.push_back({*t->t, L});
}

namespace {
/// A ModelOutput-like object holding tensors (transformers' outputs are dicts): a resume's ___stack0 graph inputs come
/// from it, guarded (real torch 2.11: Longformer's resume after the encoder recompiles for the output's new length)
bool dict_like_with_tensors(const V& v) {
  if (!v || v->k != VK::Instance || !v->cls || !v->builtin_nn.empty() || !find_in_class(v->cls, "__tparse_dict_like__")) return false;
  for (const auto& [k, a] : v->attrs) if (a && a->k == VK::Tensor) return true;
  return false;
}
}  // namespace

void Interp::enter_resume(Activation& act, const std::string& line_key, int line, V stack0, const Stmt* after_test,
                          std::vector<V>* below, int hidden, const Expr* brk) {
  std::string fname = act.fn ? act.fn->name : "inner";
  std::string key = fmt::format("{}:{}@{}", static_cast<const void*>(act.fn.get()), fname, line_key);
  auto& slot = codes_[key];
  if (!slot) {
    slot = std::make_unique<CodeState>();
    slot->hold(act.fn);  // (keyed by the function's address, as run_frame's)
    slot->key = key;
    slot->co_name = fmt::format("torch_dynamo_resume_in_{}_at_{}", fname, line);
    slot->firstlineno = line;
    slot->filename = path_of(act.file);
    slot->globals = act.env;
    while (slot->globals->parent) slot->globals = slot->globals->parent;
  }
  std::vector<std::pair<std::string, V>> inputs;
  // values below the result on the stack (`a[b] += c` broken at its read: a and b) are ___stack0, ___stack1, ...
  // (`hidden`: values below that are no graph input, a callable whose argument the result is: `sum([...])`)
  // (a nullptr among them: a slot with no input, an outer call's callable below its breaking argument)
  size_t nbelow = 0;
  if (below)
    for (const V& v : *below) {
      if (v) inputs.push_back({fmt::format("___stack{}", hidden + static_cast<int>(nbelow)), v});
      ++nbelow;
    }
  const std::string result_name = fmt::format("___stack{}", hidden + static_cast<int>(nbelow));
  // the break call's result is on the resume function's stack: `___stack0`, its first guarded local
  // (an object too: a module the break's call built, `nn.Linear(8, 8)(h)` broken at GB0264, whose parameters are then
  // `L['___stack0']._parameters['weight']`, placeholder L_stack0_parameters_weight_)
  // (an ndarray, numpy's draw run eagerly at a GB0294 break: VariableBuilder wraps it as a tensor input seen as an
  // ndarray, `___from_numpy(L['___stack1'])` guarded by size, so a new size recompiles; real torch 2.11: ts2vec's
  // `torch.from_numpy(np.random.binomial(1, p, size=(B, T)))`, program np_random_binomial_break)
  if (V t = np_traced::from_ndarray(*this, stack0)) stack0 = as_np_input(t, stack0);
  // (a tuple's ndarrays too, each a tensor input of its own, `___from_numpy(L['___stack0'][3])`: TAGNN's get_slice
  // returning `alias_inputs, A, items, mask, targets` eagerly after its skipped frame)
  if (stack0 && stack0->k == VK::Tuple && !stack0->size_tuple &&
      std::any_of(stack0->items.begin(), stack0->items.end(), [](const V& x) { return np_traced::from_ndarray(x) != nullptr; })) {
    auto copy = std::make_shared<Obj>(*stack0);  // (the caller's tuple keeps its arrays)
    for (auto& x : copy->items) if (V t = np_traced::from_ndarray(*this, x)) x = as_np_input(t, x);
    stack0 = copy;
  }
  // (a call whose result the statement discards, `y.resize_as_(z)`: the resume function pops it unread, no input; the
  // tensor it returns is the local `y`, L_y_ in the graph; real torch 2.11: resize_intermediate_break)
  if (brk && act.cur_stmt && act.cur_stmt->k == SK::Expr && act.cur_stmt->value.get() == brk && stack0 && stack0->k == VK::Tensor)
    stack0 = nullptr;
  if (stack0 && (stack0->k == VK::Tensor || stack0->k == VK::Int || stack0->k == VK::Float || stack0->k == VK::Bool || stack0->k == VK::Str || stack0->k == VK::List || stack0->k == VK::Tuple ||
                 (stack0->k == VK::Instance && !stack0->builtin_nn.empty()) || dict_like_with_tensors(stack0) ||
                 // (a user object the call made, read after the break: its attributes are guarded from `___stack0`,
                 // pathformer's SparseDispatcher `___stack0._part_sizes[0] == 2`, real torch 2.11)
                 (stack0->k == VK::Instance && stack0->cls && stack0->builtin_nn.empty()))) {
    // (a tuple result, `q, e = self.sub(x)`: its tensors are inputs of their own, `___stack0[0]`, TENSOR_MATCH)
    inputs.push_back({result_name, stack0});
  }
  // the live locals (Dynamo's liveness at the resume point): a local never named again is no input
  std::set<std::string> live = names_from(act.fn.get(), line, after_test);
  if (auto exact = live_after_break(act.fn.get(), act.cur_stmt, brk)) live = *exact;
  for (auto& n : act.env->order) {
    if (act.fn && !live.count(n)) continue;
    V v = act.env->vars[n];
    if (V t = np_traced::from_ndarray(*this, v)) v = as_np_input(t, v);  // (a live ndarray local: a tensor input seen as an ndarray)
    std::vector<V> held;  // a live container (a ModelOutput, a list) carries its tensors into the resume
    flatten_tensors(v, held);
    // (a list or tuple of tensors too: its items are inputs `seqs[0]`, L_seqs_0_, as Dynamo wraps the local)
    // (a bool or float local too: ema-pytorch's `initted` flag, jepa's momentum `m`, guarded where the resume reads it)
    // (a torch.Size too, `original_shape = x.shape` viewed back after the break: its items are ints of their own
    // sources, automatic dynamic per item; program size_local_across_break)
    // (a str or None too: every live local is an argument of the resume function, guarded where it reads it; a
    // char-rnn's `prime_str == 'Wh'`, real torch 2.11)
    if (v->k == VK::Tensor || v->k == VK::Int || v->k == VK::Float || v->k == VK::Bool || v->k == VK::Instance || v->k == VK::Str || v->k == VK::None ||
        (v->k == VK::Tuple && v->size_tuple) || ((v->k == VK::List || v->k == VK::Tuple || v->k == VK::Dict) && !held.empty()) ||
        (v->k == VK::Dict && !v->cls && !v->view_of))  // (a plain dict of numbers too: a metrics dict; dict_inputs.hpp)
      inputs.push_back({n, v});
  }
  // a resume function passes has_tensor_in_frame like any frame: its stack values and live locals, or the names of
  // the code it was made from (a copy of the function's code: its co_names). CleanRL's alpha update resumes into
  // `return log_alpha.exp().item()` of a global tensor and compiles (its function names `torch`); minimind's
  // training step resumes holding only an output object, names no torch global, and runs eagerly (its callees are
  // frames of their own): resume_frame_without_tensor_locals_skipped
  const bool has_tensor = std::any_of(inputs.begin(), inputs.end(), [](const auto& in) { return has_tensor_in_value(in.second); });
  if (slot->skipped) { act.ctx = nullptr; return; }
  // (it is handed to Dynamo all the same: counted in frames.total, then its code is skipped for good)
  if (!has_tensor && act.fn && !names_torch_global(act.fn.get(), slot->globals)) {
    if (run_only_depth_ == 0) count_frame(*slot, true);
    slot->skipped = true;
    act.ctx = nullptr;
    return;
  }
  act.ctx = enter_frame(*slot, inputs, cur_opts_, true);
  // past its recompile limit (skip_code_recursive_on_recompile_limit_hit): RUN_ONLY for the rest of the function and
  // everything it calls, as a frame's own limit does (run_frame.cpp; real torch 2.11: UniVNet's LVC kernel frame is
  // never handed to Dynamo after the resume function at line 158 hit the limit)
  if (!act.ctx && slot->run_only) act.run_only.hold(run_only_depth_);
  if (act.ctx) {
    act.ctx->is_resume = true;
    act.ctx->entry_stmt = act.cur_stmt;
    act.ctx->stack_slots = hidden + static_cast<int>(nbelow) + (stack0 ? 1 : 0);
    // the resume function's prologue loads its stack arguments first (then the live locals)
    if (act.ctx->first_loads.empty())
      for (int k = 0; k < act.ctx->stack_slots; ++k) act.ctx->first_loads.push_back(fmt::format("___stack{}", k));
  }
  // (an ndarray stack value is wrapped when the prologue loads it, before anything the frame reads: its placeholder
  // comes first, `L_stack0_` before `G_table_`; real torch 2.11: np_random_choice_uniform)
  if (act.ctx && act.ctx->mode == Mode::Record)
    for (auto& [n, v] : act.ctx->inputs)
      if (n.rfind("___stack", 0) == 0 && np_traced::is_np(v)) node_of(v);
  if (act.ctx && below)  // the statement goes on with the resume's copies of the values below
    for (size_t k = 0; k < nbelow; ++k) {
      if (!(*below)[k]) continue;
      const std::string n = fmt::format("___stack{}", hidden + static_cast<int>(k));
      for (auto& [in, v] : act.ctx->inputs) if (in == n) (*below)[k] = v;
    }
  if (act.ctx && act.ctx->mode == Mode::Record) {
    // re-bind dynamic copies of the inputs
    for (auto& [n, v] : act.ctx->inputs) if (n.rfind("___stack", 0) != 0) act.env->vars[n] = v;
    // the resume function starts inside the frame's open grad-mode blocks: it enters their modes again
    for (auto& b : grad_blocks_) {
      if (b.act != &act) continue;
      b.ctx = act.ctx.get();
      if (b.autocast) b.enter = emit_ctx_node("torch.amp.autocast_mode._enter_autocast", "_enter_autocast", b.args, Location{});
      else emit_ctx_node("torch._C._set_grad_enabled", "_set_grad_enabled", {Arg{-1, b.inner ? "True" : "False"}}, Location{});
    }
  }
}

V Interp::depth0_call(V callee, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs,
                      Location loc, const std::string& kind) {
  Activation& act = *stack_.back();
  auto ctx = act.ctx;
  std::vector<V> below;  // (an augmented subscript's a and b: stack values below a BINARY_SUBSCR's result)
  if (kind == "BINARY_SUBSCR") below.swap(stack_below_);
  const TraceMark mark = mark_trace(*ctx);
  struct InCall { int& n; explicit InCall(int& c) : n(c) { ++n; } ~InCall() { --n; } } in_call(depth0_calls_);
  // the call's side effects are journaled (Interp::journal): undone if a break inside it restarts the analysis
  JournalSpan jscope(*this, ctx->mode == Mode::Record);
  try {
    // a user function or module called from a resume frame's own code (not torch's: trace_rules skips those)
    const bool user = ctx->is_resume && ctx->mode == Mode::Record &&
                      ((callee->k == VK::Func && !torch_stub_fn(callee)) ||
                       (callee->k == VK::Bound && callee->func && callee->func->k == VK::Func && !torch_stub_fn(callee->func)) ||
                       (callee->k == VK::Instance && callee->cls && callee->builtin_nn.empty()) ||
                       (callee->k == VK::Instance && callee->cls && !callee->builtin_nn.empty() && find_in_class(callee->cls, "forward")));
    std::vector<V> saved_args;
    std::vector<std::pair<std::string, V>> saved_kw;
    if (user) { saved_args = args; saved_kw = kwargs; }
    // a served entry's break call: its cached code calls the callee as it is (the break inside is not looked for again)
    if (ctx->mode == Mode::Replay && ctx->has_break_call && ctx->break_call.line == loc.line && ctx->break_call.col == loc.col &&
        ctx->break_call.file == loc.file) {
      GraphBreak at;
      at.gb_type = "break call of a served entry";
      at.loc = loc;
      throw at;
    }
    if (!stale_method_.empty()) {  // a tensor method loaded before the resume's break (interp_expr.cpp)
      const std::string q = std::move(stale_method_);
      stale_method_.clear();
      if (ctx->mode == Mode::Record) {
        // (the method sits right below the broken call's result, the resume's last stack input)
        int top = -1;
        for (const auto& in : ctx->inputs)
          if (in.first.rfind("___stack", 0) == 0) top = std::max(top, std::atoi(in.first.c_str() + 8));
        if (top >= 1) ctx->dealloc_input = fmt::format("L['___stack{}']", top - 1);
        graph_break("Attempted to call function marked as skipped", msg_skipped_builtin("<unknown module>", q), loc);
      }
    }
    V r = call(callee, args, kwargs, loc);
    if (user && act.ctx.get() == ctx.get()) ctx->inlined_calls.emplace_back(callee, saved_args, saved_kw, loc);
    stack_below_ = below;
    return r;
  } catch (GraphBreak& gb) {
    fail_fullgraph(*this, *ctx, gb.msg, gb.loc);
    // the speculative trace's side effects and guards are discarded: objects as they were before the call
    undo_journal(jscope.mark);
    jscope.close();
    rollback_trace(*ctx, mark);  // (the restart stops before the call: its inputs are not wrapped again)
    if (gb.past_call) throw;     // (the statement's checkpoint takes it: Interp::exec)
    // the call's tensor arguments were loaded (wrapped, guarded) before the call: they stay guarded. A user
    // object's attributes are not: its variable is realized without them, so a tensor attribute the abandoned
    // inlining read keeps no guard (TimesFM 2.5's decode cache: torch 2.11 recompiles the caller for no dtype)
    // a list argument of the frame passed on to the call and never read by the frame: Dynamo realized it as a
    // ListVariable (its length guarded) but not its items, so no item is guarded (GraphRNN's
    // `pack_padded_sequence(input, input_len, ...)`: real torch 2.11 recompiles on `len(input_len) == 8` only)
    // (a keyword argument too: Renovamen's `pack_padded_sequence(embeddings, lengths=words_per_sentence.tolist(), ...)`)
    auto unread_list_items = [&](const V& a) {
      if (a->k == VK::List && !ctx->lists_read.count(a.get()))
        std::erase_if(ctx->vguards, [&](const ValueGuard& g) { return g.item_of == a.get(); });
    };
    for (auto& a : args) unread_list_items(a);
    for (auto& kv : kwargs) unread_list_items(kv.second);
    std::vector<V> loaded;
    // (not a generator's items: Dynamo never iterated `tuple(self.parameters())`'s generator, only its type is
    // guarded; real torch 2.11: Palette's checkpoint, `tuple(inputs) + tuple(params)` broken at the second)
    // (a namedtuple argument is realized as a NamedTupleVariable: its fields' tensors are wrapped and guarded, `L['m'].mem`;
    // real torch 2.11 recompiles the caller when one starts to require grad: program namedtuple_stack_field_guard)
    for (auto& a : args) {
      if (a->k == VK::Instance && a->cls && is_namedtuple_cls(a->cls))
        if (auto vals = a->attrs.find("_values"); vals != a->attrs.end() && vals->second && vals->second->k == VK::Tuple) {
          flatten_tensors(vals->second, loaded, false);
          continue;
        }
      if (!(a->k == VK::List && (a->generator_of || a->builtin_iter))) flatten_tensors(a, loaded, false);
    }
    for (auto& [k, a] : kwargs) flatten_tensors(a, loaded, false);  // (keyword arguments too: `self._assoc(data=input)`)
    // (and the input tensors in the values below the call, realized by the trace before it: the frame recompiles when
    // one changes; Palette's `tuple(inputs)` below the broken `+ tuple(params)`)
    if (act.depth == 0)
      for (const V& v : operand_values_below_call(act, loc))
        if (v) flatten_tensors(v, loaded, false);
    for (auto& t : loaded)
      if (auto src = ctx->sources.find(t.get()); src != ctx->sources.end()) guard_wrapped_tensor(*ctx, t, src->second, loc);
    if (fmt::format("{}", act.fn ? act.fn->name : "") == "" && !act.fn && ctx->code->co_name != "inner") throw;
    // inside a comprehension (its exception-table entry) or an inlined generator nothing is resumable
    if (act.comp_depth > 0 || act.in_genexpr || gb.skip_frame) rethrow_in_comprehension(act, gb);
    // 3.11+: the break lies in an exception-table entry that is not a `with` block, so no partial graph is compiled
    // at it (should_compile_partial_graph); step() falls back to the last speculation checkpoint, at the outermost
    // `try` of the frame's code: a graph of more than one call before it is compiled and the rest runs eagerly
    // (real torch 2.11: program break_in_try_compiles_to_checkpoint, transformers' capture_outputs wrapper)
    if (act.try_depth > 0 && act.try_stmt && ctx->mode == Mode::Record && !act.comp_depth) {
      const size_t n = act.try_cp & 0xffffffffu;
      int calls = 0;
      for (size_t i = 0; i < n && i < ctx->graph.nodes.size(); ++i) calls += ctx->graph.nodes[i].op.rfind("call", 0) == 0;
      if (calls > 1) {
        GraphBreak at = gb;
        step_break(act, at, *act.try_stmt, act.try_cp, true);
        return call(callee, args, kwargs, loc);
      }
    }
    // with no such graph, the latest speculation point may be an outermost comprehension the frame began before the
    // try (it needs no graph): the analysis restarts and breaks there (transformers' capture_outputs wrapper:
    // `collected_outputs = {...}` then `try: outputs = func(...)`, real torch 2.11: its resume at that line)
    if (act.try_depth > 0 && ctx->mode == Mode::Record && ctx->comp_speculation && !ctx->is_resume && act.depth == 0)
      throw RetryAtComprehension{gb, ctx->comp_speculation};
    if (act.try_depth > 0) {
      // with no such graph the frame is skipped (truth: break_in_try)
      emit_frame_skip(*act.ctx, gb.msg, loc);
      if (!act.ctx->is_resume) throw FrameSkip{gb.msg, gb.gb_type, true};
      ++counters_["unimplemented"];
      act.ctx->code->skipped = true;
      replay_inlined_calls(*act.ctx);
      act.ctx = nullptr;
      return call(callee, args, kwargs, loc);
    }
    if (maybe_has_backedge(act)) {
      std::string msg = loop_skip_msg(&gb, *act.ctx->code, loc.line);
      emit_frame_skip(*act.ctx, msg, loc, true, &gb);
      if (!act.ctx->is_resume) throw FrameSkip{msg, gb.gb_type, true};
      // a resume function is skipped from its own start: the rest of the frame runs eagerly
      ++counters_["unimplemented"];
      act.ctx->code->skipped = true;
      replay_inlined_calls(*act.ctx);
      act.ctx = nullptr;
      return call(callee, args, kwargs, loc);
    }
    if (ctx->mode == Mode::Record) {
      static const std::map<std::string, std::string> desc = {
          {"CALL", "CALL: a function call, e.g. f(x, y)"},
          {"CALL_KW", "CALL_KW: a function call with keyword arguments, e.g. f(x=True)"},
          {"CALL_FUNCTION_EX", "CALL_FUNCTION_EX: a variadic function call, e.g. f(*args)"},
          {"BINARY_SUBSCR", "BINARY_SUBSCR: a binary subscript, e.g. x[attr]"},
          {"STORE_SUBSCR", "STORE_SUBSCR: trying to store subscript, e.g. x[key] = y"}};
      // STORE_ATTR catches the break itself and compiles the graph up to the store (store_attr_graph_break)
      std::string reason = kind == "STORE_ATTR" ? gb.msg : "Encountered graph break when attempting to trace " + desc.at(kind) + ":\n\n" + gb.msg;
      ++counters_["graph_break"];
      restart_after_break(*ctx, gb, reason);
      // a generator the frame made among the call's arguments (`checkpoint(f, (x,), self.parameters())`): attempt 1
      // must rebuild it for the stack, and Module.parameters' generator mutates its memo set: Dynamo cannot
      // reconstruct it (GB8335), the frame fails and runs eagerly (real torch 2.11: generator_reconstruct_skip)
      auto traced_generator = [](const V& a) {
        if (!a) return false;
        if (a->traced_gen && std::string(a->traced_gen) == "parameters") return true;
        if (a->k == VK::Tuple || a->k == VK::List)
          for (const V& x : a->items) if (x && x->traced_gen && std::string(x->traced_gen) == "parameters") return true;
        return false;
      };
      // a sparse local of the frame read inside the call: attempt 1 cannot resume at the CALL, which must hand it on;
      // step()'s fallback takes it, the graph up to the statement's checkpoint when it holds one (real torch 2.11: HGCN's
      // NCModel.encode, 3 ops) or else the frame skipped ("Failed to handle graph break gracefully": train_loss)
      if (gb.unrebuildable) {
        ctx->restart_reasons.push_back(gb.msg);  // (attempt 0's break is a restart reason too: program sparse_local_passed_down)
        GraphBreak at = gb;
        at.loc = loc;
        at.step = at.past_call = true;
        at.unrebuildable = false;
        throw at;
      }
      auto fail_generator = [&] {  // GB8335: the frame fails and runs eagerly
        const std::string msg = msg_generator_reconstruction();
        skip_frame_from_start(act, msg, "Generator reconstruction with mutations", loc);
      };
      // an autograd Function instance the frame made (`Fn().apply(x, emb)`, a legacy-style call): attempt 1 must rebuild
      // the callable on the stack, a sourceless AutogradFunctionVariable it cannot reconstruct (GB0092), so the frame
      // fails and runs eagerly (real torch 2.11: nadavbh12's VQ-VAE NearestEmbedFunc, program
      // autograd_fn_instance_apply_skip)
      if (auto inst = callee->k == VK::Builtin ? callee->attrs.find(kFunctionInstance) : callee->attrs.end();
          inst != callee->attrs.end() && !ctx->sources.count(inst->second.get())) {
        skip_frame_from_start(act, msg_reconstruction_failure("AutogradFunctionVariable()"), "Reconstruction failure", loc);
        return call(callee, args, kwargs, loc);
      }
      // (a resume function's own too, skipped from its start: MADDPG's `clip_grad_norm(curr_agent.critic.parameters(),
      // 0.5)` after its backward break, the deprecated alias breaking at its warnings.warn)
      if (std::any_of(args.begin(), args.end(), traced_generator) ||
          std::any_of(kwargs.begin(), kwargs.end(), [&](const auto& kv) { return traced_generator(kv.second); })) {
        fail_generator();
        return call(callee, args, kwargs, loc);
      }
      // a wrapper's `func(*args, **kwargs)` that broke inside: attempt 1 does not inline the call, so the int items of
      // `*args` it would have read stay lazy, unguarded (real torch 2.11: nograd_wrapper_break_no_arg_guard; its
      // kwargs dict is rebuilt for the stack, its items guarded)
      if (kind == "CALL_FUNCTION_EX")
        std::erase_if(ctx->vguards, [&](const ValueGuard& g) {
          return g.star_item && std::any_of(args.begin(), args.end(), [&](const V& a) { return a.get() == g.value.get(); });
        });
      ++unique_id_;  // the resume function
      ctx->restart_reasons.push_back(gb.msg);
      // the stack at the CALL: the receiver of a method (`(real * 0.5).requires_grad_(True)`), the positional and
      // the keyword arguments (`grad_outputs=torch.ones(...)`), then the live locals
      std::vector<V> outs;
      // (the operands below the call the resume takes on its stack, returned first: a tensor argument before the breaking
      // one, `pack_padded_sequence(e, lens.tolist())`'s e; a SymBool / SymInt, `return bool(p), q.argmax().item()`'s
      // `p != 0`; real torch 2.11: programs kwarg_list_items_unguarded, resume_float_bool_symbool `return (ne, argmax)`)
      if (act.depth == 0)
        for (const V& v : operand_values_below_call(act, loc))
          if (v && (v->k == VK::Tensor || ((v->k == VK::Bool || v->k == VK::Int) && !v->sym.empty()))) outs.push_back(v);
      if ((callee->k == VK::Bound || callee->k == VK::Builtin) && callee->self && callee->self->k == VK::Tensor) outs.push_back(callee->self);
      // (a SymInt argument is a graph output too: `prov.get_pattern(z.shape[-1])` after automatic dynamic compiles
      // `forward(self, s32): return (s32,)`, real torch 2.11: program lru_cache_bound_attr)
      // (a SymFloat argument returns as a 0-d float64 tensor, `torch.scalar_tensor(truediv, dtype = torch.float64)`:
      // VAR's `self.quant_resi[si / (SN - 1)]` after si went dynamic, real torch 2.11: numpy_dynamic_float_sub)
      auto stack_value = [&](const V& a) {
        if (a && (a->k == VK::Int || a->k == VK::Bool) && !a->sym.empty()) outs.push_back(a);
        else if (a && a->k == VK::Float && a->sym_node >= 0 && a->sym_node < static_cast<int>(ctx->graph.nodes.size()) &&
                 ctx->graph.nodes[static_cast<size_t>(a->sym_node)].accessor) {
          // (the frame's own float input handed on as it came: the call takes the local, the graph neither reads nor
          // returns it; real torch 2.11: subscript_dynamic_float's `self.dec(x, t=t)`, a graph of no op)
        } else if (a && a->k == VK::Float && a->sym_node >= 0 && a->sym_node < static_cast<int>(ctx->graph.nodes.size())) {
          TensorInfo t;
          t.dtype = "float64";
          auto dt = std::make_shared<Obj>();
          dt->k = VK::DType;
          dt->s = "float64";
          outs.push_back(emit("call_function", "torch.scalar_tensor", "scalar_tensor", false, {a}, {{"dtype", dt}}, t, loc));
        } else flatten_tensors(a, outs);
      };
      for (auto& a : args) stack_value(a);
      for (auto& kv : kwargs) stack_value(kv.second);
      // the stack is restored for the call: a module argument the frame holds by a source is realized there, its
      // TYPE_MATCH installed (flamingo's unfreeze_all_layers_(module): another module type recompiles the frame)
      auto realize_module = [&](const V& a) {
        if (!a || a->k != VK::Instance || a->builtin_nn.empty()) return;
        if (auto s = ctx->sources.find(a.get()); s != ctx->sources.end()) guard_module_type(*this, a, s->second, loc);
      };
      for (auto& a : args) realize_module(a);
      for (auto& kv : kwargs) realize_module(kv.second);
      // (the locals live after the break instruction, as the resume function takes them: a name the statement
      // read before it is no output, `sim[~mask]`'s mask: invert_bool_mask_known_values)
      std::set<std::string> live = names_from(act.fn.get(), act.cur_line);
      if (auto exact = live_after_break(act.fn.get(), act.cur_stmt, break_expr(act, kind, loc))) live = *exact;
      // a live local holding Module.parameters()' generator (`self_param = self.parameters()` before the break) must be
      // rebuilt for the resume function as the call's arguments must: GB8335, the frame fails (real torch 2.11:
      // swa_utils' AveragedModel.update_parameters at its `bool(self.n_averaged == 0)` break)
      if (!ctx->is_resume && act.fn)
        for (auto& n : act.env->order)
          if (live.count(n) && traced_generator(act.env->vars[n])) fail_generator();
      for (auto& n : act.env->order) if (!act.fn || live.count(n)) flatten_live(act.env->vars[n], outs);
      // restoring the live locals realizes each whose value came from another source (output_graph's
      // _get_stack_values_to_restore: `n = ___stack0` live across this break guards ___stack0 here; ema-pytorch)
      for (auto& n : act.env->order) {
        if (act.fn && !live.count(n)) continue;
        const V& v = act.env->vars[n];
        // (a cell variable too, a local a nested function or generator expression of the frame reads: its cell is
        // restored with the value, realized; real torch 2.11: Longformer's encoder guards `padding_len == 504` at its
        // item() break, padding_len read by `tuple(... - padding_len for state in ...)` after it)
        const bool cell = act.fn && is_cell_var(act.fn.get(), n);
        for (auto& g : ctx->vguards)
          if (g.value.get() == v.get() && g.comment.empty() &&
              ((g.src != n && g.src.rfind("___stack", 0) == 0) || (cell && g.src == n))) {
            g.comment = guard_comment(loc);
            g.stack = guard_user_stack(loc);
          }
        // (so is a live dict's value taken from the stack: `out = {'a': t.item()}` then `out['b'] = u.item()` guards
        // the first item's ___stack1 at the second break; dict_inputs.hpp for a dict the frame was handed)
        if (v->k == VK::Dict && !v->cls)
          for (auto& [dk, dv] : v->dict) realize_stack_guard_of(*this, *ctx, dv, loc);
      }
      realize_mutated_dict_inputs(*this, *ctx, loc);
      // a resume function breaking again inside the statement it started in: the stack values it took that are still
      // on the stack are realized by compile_subgraph (their guards installed: VDM's `"gamma_0": gamma_0.item()` kept in
      // the metrics display while `gamma_1.item()` breaks is EQUALS_MATCH'd; real torch 2.11: item_in_dict_display)
      if (ctx->is_resume && ctx->entry_stmt && ctx->entry_stmt == act.cur_stmt)
        for (auto& g : ctx->vguards)
          if (g.src.rfind("___stack", 0) == 0 && g.comment.empty()) {
            g.comment = guard_comment(loc);
            g.stack = guard_user_stack(loc);
          }
      ctx->has_break_call = true;
      ctx->break_call = loc;
      compile_graph(*ctx, outs);
      // the compiled code then loads what it hands on to the call and the resume function: the call's arguments and
      // the live locals, each that has a source from it (side_effect_replay.cpp; real torch 2.11:
      // getattribute_print_arg_break's `print(cfg.name)` runs Cfg.__getattribute__ as a frame)
      std::vector<V> handed_on(args.begin(), args.end());
      for (auto& kv : kwargs) handed_on.push_back(kv.second);
      for (auto& n : act.env->order) if (!act.fn || live.count(n)) handed_on.push_back(act.env->vars[n]);
      act.ctx = nullptr;
      replay_after_graph(*ctx, handed_on, loc);
    }
    act.ctx = nullptr;
    apply_deferred_setters(*ctx, loc);  // (a served entry's: its cached code runs them before the break's call)
    // (the call runs eagerly on the graph's results: a SymFloat argument is its number there)
    // (and print()'s, str()'s and repr()'s SymInt its value: `print(step)` of a dynamic int prints the number)
    const bool numbers_eager = callee && callee->k == VK::Builtin && (callee->s == "print" || callee->s == "str" || callee->s == "repr");
    for (auto& a : args) {
      if (a && a->k == VK::Float && a->sym_node >= 0) a = mk_float(a->f);
      else if (numbers_eager && a && a->k == VK::Int && !a->sym.empty() && !a->cls) a = mk_int(a->i);
    }
    for (auto& kv : kwargs) if (kv.second && kv.second->k == VK::Float && kv.second->sym_node >= 0) kv.second = mk_float(kv.second->f);
    // (an ndarray input is handed on as the caller's array: real torch 2.11 reconstructs the input object, TAGNN's
    // get_slice(i) run eagerly after its np.unique break indexes with the real `i`; repro np_unique_loop_skip)
    for (auto& a : args) a = np_original(a);
    for (auto& kv : kwargs) kv.second = np_original(kv.second);
    // a break inside `with` blocks the compiled code enters again around the call: a manager Dynamo reconstructs as
    // contextlib.nullcontext (a profiler range, record_function: ProfilerContextVariable; nullcontext itself) is made,
    // entered and left there, three standard-library frames, each handed to Dynamo once per process (real torch 2.11:
    // Optimizer.step's profile wrapper at the _use_grad break of a compiled training step)
    auto nullcontext_frames = [&](std::initializer_list<std::pair<const char*, int>> fns) {
      for (const V& cm : act.open_cms)
        if (cm && cm->k == VK::Instance && cm->cls && find_in_class(cm->cls, "__tparse_reconstructed_as_nullcontext__"))
          for (const auto& [name, line] : fns) count_stdlib_frame_once(name, "/usr/lib/python3.12/contextlib.py", line);
    };
    nullcontext_frames({{"__init__", 772}, {"__enter__", 775}});
    V result = call(callee, args, kwargs, loc);
    nullcontext_frames({{"__exit__", 778}});
    // (`return f(x)` needs no resume function, unless it is inside a grad-mode or autocast block of the frame: the
    // resume enters the mode again and leaves it at the block's end, a graph of its own: scout11 autocast_break)
    bool open_block = false;
    for (auto& b : grad_blocks_) open_block = open_block || b.act == &act;
    if (!act.is_return_call || open_block) {
      // one resume function per break instruction: two calls breaking on one line (bincount(...).tolist())
      // resume at different offsets, two code objects of one name
      // (a store leaves nothing on the stack)
      // (the values below the call's result: `int(t.max().item())` resumes with int as ___stack0, the item as ___stack1)
      const bool is_call = kind == "CALL" || kind == "CALL_KW" || kind == "CALL_FUNCTION_EX";
      // (left operands below the call, `x + self.ffn(h)`: the resume's ___stack0 is x, its graph input `L_stack0_`)
      const bool operands_below = below.empty() && is_call;
      if (operands_below) below = operand_values_below_call(act, loc);
      const std::vector<V> before = below;
      const int hidden = below.empty() && is_call ? stack_values_below_call(act, loc) : 0;
      // (named after the breaking instruction's line, CPython 3.12's: the call's own line in a statement of several,
      // `torch.mul(\n a,\n g(b))` breaking in g resumes `_at_` g's line; a method call's, the attribute's line)
      enter_resume(act, fmt::format("{}:{}", loc.line, loc.col), loc.line > 0 ? loc.line : act.cur_line, kind == "STORE_ATTR" || kind == "STORE_SUBSCR" ? nullptr : result, nullptr,
                   below.empty() ? nullptr : &below, hidden,
                   break_expr(act, kind, loc));
      // the resume frame may have replaced the value by its dynamic copy
      const std::string rn = fmt::format("___stack{}", hidden + static_cast<int>(below.size()));
      if (act.ctx)
        for (auto& [n, v] : act.ctx->inputs) if (n == rn) result = v;
      // a dynamic float on the stack (automatic dynamic after it changed: an item() value) is tensorified where the
      // resume reads the local it is stored in (real torch 2.11: int_arg_live_across_break's `l_stack0_.item()`)
      if (act.ctx && act.ctx->mode == Mode::Record && result && result->k == VK::Float && result->sym_node < 0 &&
          act.ctx->float_args.count(rn)) {
        act.ctx->float_stack_vals[result.get()] = rn;
        act.ctx->held.push_back(result);
      }
      // a result the statement goes on computing with (not stored as it is) is read at once: its guard is realized here
      // (so is one placed in a list / tuple / dict display the statement stores or returns: BUILD_MAP keeps its
      // values lazy; real torch 2.11: program item_in_dict_display_unguarded, VDM's metrics dict of item()s)
      const Stmt* st = act.cur_stmt;
      auto at_loc = [&](const ExprP& e) {
        return e && e->loc.line == loc.line && e->loc.col == loc.col && e->loc.file == loc.file;
      };
      std::function<bool(const ExprP&)> placed = [&](const ExprP& e) {
        if (at_loc(e)) return true;
        if (!e || (e->k != EK::Tuple && e->k != EK::List && e->k != EK::Dict)) return false;
        return std::any_of(e->a.begin(), e->a.end(), placed);
      };
      const bool stored = st && st->value && (st->k == SK::Assign || st->k == SK::AnnAssign || st->k == SK::Expr || st->k == SK::Return) &&
                          (at_loc(st->value) || placed(st->value));
      if (act.ctx && act.ctx->mode == Mode::Record && !stored)
        for (auto& g : act.ctx->vguards)
          if (g.src == rn && g.comment.empty()) {
            g.comment = guard_comment(loc);
            g.stack = guard_user_stack(loc);
          }
      // the operators go on with the resume's copies of their left operands (dynamic ones on a recompile)
      if (operands_below)
        for (size_t k = 0; k < below.size() && k < before.size(); ++k)
          for (auto& op : act.operands) if (op.second == before[k]) op.second = below[k];
      stack_below_ = operands_below ? std::vector<V>{} : below;  // (an augmented subscript's copies only)
    }
    return result;
  }
}

std::string Interp::user_traceback(Location loc) const {
  std::string s = "User code traceback:\n";
  size_t last = stack_.size();  // bundled stubs are not user code: their frames are left out
  while (last > 1 && is_stub(stack_[last - 1]->file)) --last;
  for (size_t i = 0; i < last; ++i) {
    auto* a = stack_[i];
    int line = i + 1 == last ? loc.line : a->cur_line;
    std::string fn = a->fn ? a->fn->name : "<module>";
    s += fmt::format("  File \"{}\", line {}, in {}\n    {}\n", path_of(a->file), line, fn, code_line(a->file, line, true));
  }
  return s;
}

std::string Interp::loop_skip_msg(const GraphBreak* gb, const CodeState& cs, int line) {
  const std::string& co_name = cs.co_name;
  // torch < 2.4 (symbolic_convert.py break_graph_if_unsupported / generic_jump): SkipFrame text with
  // the frame summary of the instruction; 2.11: the break chained with GB7000.
  if (prof_.old_messages())
    return fmt::format("Skipping frame because there is a graph break in a for/while loop\n<FrameSummary file {}, line {} in {}>", cs.filename, line, co_name);
  return (gb ? gb->msg : msg_data_dependent()) + "\n\n*** While handling this graph break, another graph break occurred: ***\n\n" +
         msg_loop(co_name, cs.filename, cs.firstlineno);
}

}  // namespace tparse::compiler
