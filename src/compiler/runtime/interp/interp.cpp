// Interpreter core: module run, name resolution, statements and user-function calls. Expressions
// and assignment live in interp_expr.cpp, operations on values in interp_ops.cpp.
#include "runtime/interp.hpp"
#include "runtime/interp_helpers.hpp"
#include "torch/symbols/sym_mono.hpp"
#include "torch/values/values.hpp"

#include "dynamo/messages.hpp"

#include <fmt/format.h>

#include <cmath>
#include <functional>

namespace tparse::compiler {

// Class bodies run in an Env of their own; functions defined there close over its parent (Python's class scope
// is not enclosing). Recorded here by identity (weak: a freed scope is never mistaken for a later one).
static std::map<const Env*, std::weak_ptr<Env>>& class_scopes() {
  static std::map<const Env*, std::weak_ptr<Env>> m;
  return m;
}
static void mark_class_scope(const std::shared_ptr<Env>& e) { class_scopes()[e.get()] = e; }
static bool is_class_scope(const std::shared_ptr<Env>& e) {
  if (!e) return false;
  auto it = class_scopes().find(e.get());
  if (it == class_scopes().end()) return false;
  if (it->second.lock() != e) { class_scopes().erase(it); return false; }
  return true;
}

Interp::Interp(std::string path, std::string source, Profile prof)
    : prof_(prof), path_(std::move(path)), source_(std::move(source)) {
  globals_ = std::make_shared<Env>();
  files_.push_back(SourceFile{path_, source_, "__main__"});
  globals_->set("__name__", mk_str("__main__"));
  globals_->set("__file__", mk_str(python_file_name(path_)));
  backward_runs_now() = 0;
}

std::string Interp::code_line(int file, int line, bool strip) const {
  std::string code = source_line(src_of(file), line);
  if (!strip) return code;
  // traceback's FrameSummary.line: the source line with str.strip() (tab-indented code, trailing blanks)
  static const char* ws = " \t\r\f\v";
  size_t p = code.find_first_not_of(ws);
  return p == std::string::npos ? "" : code.substr(p, code.find_last_not_of(ws) - p + 1);
}

void Interp::error(Location loc, const std::string& msg) {
  // the calls on the stack now; a context left by an error the run recovered from (an opaque fallback caught
  // it) is stale and goes (it named an import of torchvision's that had long finished)
  err_ctx_.clear();
  for (size_t i = 0; i + 1 < stack_.size(); ++i) {
    const Activation* a = stack_[i];
    const Activation* callee = stack_[i + 1];
    if (!callee->fn) continue;  // a module body run by an import: imports.cpp adds that note
    err_ctx_ += fmt::format("{}:{}: note: in {}(), called from here\n", path_of(a->file), a->cur_line, callee->fn->name);
  }
  throw CompileError(loc, msg);
}

bool Interp::tracing() const {
  return !stack_.empty() && stack_.back()->ctx && stack_.back()->ctx->mode == Mode::Record;
}

void Interp::run(const Module& m) {
  Activation act;
  act.env = globals_;
  stack_.push_back(&act);
  try {
    exec_block(m.body);
  } catch (PyException& e) {
    stack_.pop_back();
    std::string msg;
    if (e.value->attrs.count("args") && !e.value->attrs["args"]->items.empty()) {
      const V& a0 = e.value->attrs["args"]->items[0];
      msg = e.value->cls && e.value->cls->s == "KeyError" ? py_repr(a0) : py_str(a0);  // str(KeyError(k)) is repr(k)
    }
    err_ctx_ = e.chain;  // the uncaught exception's traceback: where each call on its way up was made
    throw CompileError(e.loc, fmt::format("uncaught {}{}", e.value->cls ? e.value->cls->s : "exception", msg.empty() ? "" : ": " + msg));
  } catch (...) {
    stack_.pop_back();
    throw;
  }
  stack_.pop_back();
}

/// After a loop body: consumes break / continue; true when the loop ends here (break, or a return to propagate).
bool Interp::loop_flow(Activation& act, bool& broke) {
  if (act.flow == Flow::Continue) act.flow = Flow::Normal;
  if (act.flow == Flow::Break) { act.flow = Flow::Normal; broke = true; return true; }
  return act.flow == Flow::Return;
}

void Interp::exec_block(const std::vector<StmtP>& body) {
  Activation& act = *stack_.back();
  for (auto& s : body) {
    exec(s);
    if (act.flow != Flow::Normal) return;
  }
}

V Interp::lookup(const std::string& name, Location loc) {
  Activation& act = *stack_.back();
  for (Env* e = act.env.get(); e; e = e->parent.get()) {
    if (e->globals_decl.count(name) && e->parent) {
      // `global x`: the module scope's x, read as any module global is (LOAD_GLOBAL: its source G['x'], its guard;
      // DINO's `global center` updated in a compiled step: placeholder G_center_)
      while (e->parent) e = e->parent.get();
    }
    auto it = e->vars.find(name);
    if (it != e->vars.end()) {
      // (read by the frame's own code, or by a generator expression / closure of it inlined: the frame's local all the
      // same, float_arg_genexpr / lru_cache_bound_attr)
      bool frame_local = false;
      if (act.depth == 0) {  // the frame's scope, or above the comprehension scopes it is inside
        const Env* f = act.env.get();
        while (f != e && f && f->comprehension) f = f->parent.get();
        frame_local = f == e;
      }
      if (!frame_local && e != act.env.get() && act.ctx && act.ctx->mode == Mode::Record)
        for (auto s = stack_.rbegin(); s != stack_.rend(); ++s)
          if ((*s)->ctx == act.ctx && (*s)->depth == 0 && (*s)->env.get() == e) { frame_local = true; break; }
      // (a scalar read only to be returned stays lazy: its guard is not realized there)
      const V& val = it->second;
      if (act.reading_returned_name && val &&
          (val->k == VK::Int || val->k == VK::Float || val->k == VK::Bool || val->k == VK::Str || val->k == VK::None))
        frame_local = false;
      if (frame_local && act.ctx && act.ctx->mode == Mode::Record && !act.ctx->lazy_item_guards.empty())
        if (auto lz = act.ctx->lazy_item_guards.find(it->second.get()); lz != act.ctx->lazy_item_guards.end()) {
          // (kept for a read after a restart's rollback of the guards; push_value_guard adds it once)
          ValueGuard g = lz->second;
          g.comment = guard_comment(loc);
          g.stack = guard_user_stack(loc);
          g.read_at = loc;
          push_value_guard(*act.ctx, std::move(g));
        }
      if (frame_local && act.ctx && act.ctx->mode == Mode::Record)
        for (auto& g : act.ctx->vguards)  // a guarded frame input: its guard comment names the first use
          if ((g.src == name || (g.src == "___stack0" && g.value.get() == it->second.get())) && g.comment.empty() &&
              (g.kind != "list_len" || g.src == "___stack0")) {  // a list input: realized by its first read (realize_list_guards)
            g.comment = guard_comment(loc);
            g.stack = guard_user_stack(loc);
            g.read_at = loc;
          }
      // a dynamic float argument: its graph input and item() where the trace first reads it (the local holds the SymFloat)
      // (read in the frame's body or in a generator expression of it: `sum(l.reg(a) for l in self.layers)`)
      if ((e == act.env.get() || (act.in_genexpr && e->parent)) && act.depth == 0 && act.ctx && act.ctx->mode == Mode::Record &&
          it->second->k == VK::Float && it->second->sym_node < 0 && act.ctx->float_args.count(name))
        it->second = tensorified_float("L['" + name + "']", name, it->second, loc, false);
      else if (e == act.env.get() && act.depth == 0 && act.ctx && act.ctx->mode == Mode::Record)
        it->second = take_stack_float(*this, *act.ctx, it->second, loc);
      // dynamic floats inside a list / tuple argument: tensorified where the frame first reads the argument (copies of
      // the containers on their paths hold the SymFloats; the caller's objects keep their floats)
      if (e == act.env.get() && act.depth == 0 && act.ctx && act.ctx->mode == Mode::Record)
        if (auto nf = act.ctx->nested_floats.find(name); nf != act.ctx->nested_floats.end()) {
          auto items = std::move(nf->second);
          act.ctx->nested_floats.erase(nf);
          it->second = tensorify_nested_floats(name, it->second, items, loc);
        }
      if (!e->parent && act.ctx && act.ctx->mode == Mode::Record)  // a module global: Dynamo's wrap (dynamo/variables/wrap_rules.cpp)
        if (V w = wrap_module_global(act, e, name, it->second, loc)) return w;
      return it->second;
    }
  }
  Env* menv = act.env.get();  // `global x` skips the local scopes: look x up in the module scope
  while (menv->parent) menv = menv->parent.get();
  auto it = menv->vars.find(name);
  if (it != menv->vars.end()) {
    guard_global(name, it->second, loc);
    return it->second;
  }
  static const std::set<std::string> builtins = {
      "print", "len", "range", "int", "float", "str", "bool", "list", "tuple", "dict", "isinstance",
      "enumerate", "zip", "sum", "max", "min", "abs", "super", "getattr", "setattr", "hasattr", "vars",
      "reversed", "sorted", "any", "all", "map", "filter", "ord", "chr", "round", "type", "id", "repr", "iter", "next",
      "ValueError", "RuntimeError", "Exception", "AssertionError", "object", "set", "divmod", "pow",
      "TypeError", "KeyError", "IndexError", "NotImplementedError", "StopIteration", "BaseException", "LookupError",
      "property", "staticmethod", "classmethod", "globals", "frozenset", "callable", "slice", "__tparse_logger_call__", "__tparse_skipped_builtin__", "__tparse_skipped_file_fn__", "__tparse_non_tensor_break__", "__tparse_skipped_builtin2__", "__tparse_stdlib_frame__", "__tparse_einops_reduce__", "__tparse_lru_wrap__", "__tparse_skipped_inline__", "__tparse_skipped_inline_file__", "__tparse_eager__", "__tparse_torch_line__", "__tparse_guard_optimizer_state__", "__tparse_param_groups__", "__tparse_builtin_op_break__", "__tparse_unsupported_method__", "__tparse_root_logging__", "__tparse_np_random_break__", "__tparse_np_unsupported__", "__tparse_np_fake_type_error__", "__tparse_dataclass__", "__tparse_output_record__",
      "__tparse_package_all__", "__tparse_re__", "__tparse_deepcopy_check__", "__tparse_copy_instance__", "__tparse_unmodelled__", "__tparse_signature__", "__tparse_cm_split__", "__tparse_frame__", "__tparse_frame_info__", "__tparse_unicode__",
      "__tparse_opaque__", "__tparse_unstub__", "__tparse_np_call__", "__tparse_np_int__", "__tparse_np_scalar_dtype__", "__tparse_extension_known__"};
  if (builtins.count(name) || more_builtin_names().count(name) || builtin_exception(name)) {
    guard_builtin(name, loc);
    return mk_builtin(name);
  }
  if (stack_.back()->try_depth > 0)  // inside a try: a NameError the script may catch (`except NameError:`)
    raise_exc("NameError", fmt::format("name '{}' is not defined", name), loc);
  error(loc, fmt::format("name '{}' is not defined", name));
}

bool Interp::truthy(V v, Location loc) {
  if (v->guess >= 0) use_guess(v);  // a branch on a guessed number
  if (v->k == VK::Instance) return instance_truth(*this, v, loc);
  bool known;
  bool r = truthy_const(v, known);
  // a branch that decides `n == 12` (or `not n != 12`) refines the symbol to that value (ShapeEnv replacement)
  if (v->k == VK::Bool && !v->sym.empty() && tracing()) {
    size_t eq = v->sym.find(" == "), ne = v->sym.find(" != ");
    size_t at = eq != std::string::npos ? eq : ne;
    // one side a constant: Eq(s70, s70) is simply true, no replacement
    if (at != std::string::npos && ((eq != std::string::npos && v->b) || (ne != std::string::npos && !v->b)) &&
        (sym_free_symbols(v->sym.substr(0, at)).empty() || sym_free_symbols(v->sym.substr(at + 4)).empty()))
      specialize_symbol(v->sym, loc, true);  // (bool() of a SymBool: SymNodeVariable.evaluate_expr)
    else if (at != std::string::npos && ((eq != std::string::npos && v->b) || (ne != std::string::npos && !v->b)))
      sym_equal_replacement(*this, v->sym.substr(0, at), v->sym.substr(at + 4));
    sym_relation_guard(v->sym, v->b, loc);
  }
  if (known) return r;
  if (v->k == VK::Opaque) {  // a branch on an unmodelled value: taken (approximate), or in an assert / an `if` whose
    ++guessed_tests_;
    note_unmodelled(loc, "bool(" + v->s + ")");  // one side only raises, the side the script went on with
    return assert_want_ >= 0;
  }
  if (v->k == VK::Tensor) {
    // the tensor's value decides the branch where the runtime knows it (a fill, a tracked small value);
    // otherwise the `if` branch is a guess and the result is approximate, as for any unmodelled value
    bool branch = assert_want_ >= 0;  // a guess: true, or in an assert the side on which it holds
    if (const std::vector<double>* xs = values::data(*this, v); xs && xs->size() == 1) {
      branch = (*xs)[0] != 0;
      values::used(*this, v);  // (values resting on a guess: the branch is noted as guessed)
    }
    else if (v->t->fill) branch = *v->t->fill != 0;
    else {
      ++guessed_tests_;
      // (at a data-dependent break in a frame a one-element `==` / `!=` of unknown data is guessed unequal: CenterNet's
      // `if num_pos == 0`; eagerly the default stays, transformers' `fast_all(mask)` is `mask.sum() == mask.numel()`)
      const bool in_frame = stack_.back()->ctx && stack_.back()->ctx->mode != Mode::Eager;
      const bool eq_guess = !assert_want_ && in_frame && v->t->eq_cmp != 0;
      if (eq_guess) branch = v->t->eq_cmp < 0;
      note_unmodelled(loc, fmt::format("bool({}) on data the compiler does not know (taken as {})", type_name(v),
                                       assert_want_ ? "the side the script went on with" : eq_guess ? (branch ? "true: unequal" : "false: unequal") : "true"));
    }
    Activation& act = *stack_.back();
    if (act.ctx && act.ctx->mode != Mode::Eager) {
      if (act.depth > 0) graph_break("Data-dependent branching", jump_message(v), loc, true);
      if (act.comp_depth > 0 || act.in_genexpr) {  // a jump inside a comprehension: not resumable there
        try { graph_break("Data-dependent branching", jump_message(v), loc, true); }
        catch (GraphBreak& gb) { rethrow_in_comprehension(act, gb); }
      }
      data_dependent_jump(v, loc, branch);
    }
    return branch;
  }
  return r;
}

void Interp::exec(const StmtP& s) {
  Activation& act = *stack_.back();
  // a served entry that ended at a non-resumable break: from that statement on the frame's code runs eagerly, as
  // after step_break (its callees are frames of their own again: DINO's head recompiles for a new batch)
  if (act.depth == 0 && act.ctx && act.ctx->mode == Mode::Replay && act.ctx->replay_step == s.get()) act.ctx = nullptr;
  const bool rec = act.depth == 0 && act.ctx && act.ctx->mode == Mode::Record;
  if (rec && s->k == SK::For && !act.outer_loop) {
    // inside a for loop no state is resumable (its iterator is on the stack, and Dynamo's step() speculates a
    // checkpoint only where the stack is empty): an instruction-level break there compiles the graph up to the loop
    // (pixtral's block mask: `for start, end in zip(...)`: the iteration's getitems are not kept). A while loop keeps
    // nothing on the stack: its body's statements and its test are checkpoints of their own (exec_while; real torch
    // 2.11: Sentence-VAE's GRU loaded in its decoding `while` loop compiles the iteration's ops up to that statement)
    // (its first instruction, the stack empty, is a checkpoint after a non-empty graph: later than any comprehension's)
    if (act.try_depth == 0 && act.ctx->graph.call_count() > 1) act.ctx->comp_speculation = nullptr;
    act.outer_loop = s.get();
    act.outer_loop_cp = act.ctx->graph.checkpoint();
    act.outer_loop_guards = {act.ctx->tguards.size(), act.ctx->vguards.size()};
    struct Clear { Activation& a; ~Clear() { a.outer_loop = nullptr; } } clear{act};
    try {
      exec_stmt(s);
    } catch (GraphBreak& gb) {
      // an instruction-level break of the loop's own header (GET_ITER of a ModuleList holding an RNN): the graph up
      // to the loop, which then runs eagerly (the body's step breaks were taken by its statements)
      if (!gb.step || !act.ctx || act.ctx->mode != Mode::Record) throw;
      step_break(act, gb, *s, act.outer_loop_cp, false, act.outer_loop_guards);
      act.outer_loop = nullptr;
      exec_stmt(s);
    }
    return;
  }
  // (an `if`: its test's instruction-level break, as `if std == "learned":`; one of its body's statements is taken
  // by that statement's own checkpoint)
  if (rec && s->k != SK::For && s->k != SK::While &&
      s->k != SK::Try && s->k != SK::With && s->k != SK::Def) {
    size_t cp = act.ctx->graph.checkpoint();  // a statement starts with an empty stack: Dynamo's checkpoint
    const std::pair<size_t, size_t> guards{act.ctx->tguards.size(), act.ctx->vguards.size()};
    // (speculated where the graph is non-empty, outside a loop's body and a try: it supersedes an earlier comprehension)
    if (!act.outer_loop && act.try_depth == 0 && act.ctx->graph.call_count() > 1) act.ctx->comp_speculation = nullptr;
    try {
      exec_stmt(s);
    } catch (GraphBreak& gb) {
      if (!gb.step || !act.ctx) throw;
      if (fall_back_to_comprehension(act, gb)) {  // (a later speculation point than the statement's or the loop's)
        exec_stmt(s);
        return;
      }
      if (act.outer_loop) {  // Dynamo reports the break at the loop's instruction
        GraphBreak at_loop = gb;
        at_loop.loc = Location{act.outer_loop->loc.line, act.outer_loop->loc.col, gb.loc.file};
        step_break(act, at_loop, *act.outer_loop, act.outer_loop_cp, false, act.outer_loop_guards);
      } else {
        step_break(act, gb, *s, cp, false, guards);
      }
      exec_stmt(s);  // the rest of the frame runs eagerly, from this statement
    }
    return;
  }
  exec_stmt(s);
}

void Interp::exec_stmt(const StmtP& s) {
  Activation& act = *stack_.back();
  act.cur_line = s->loc.line;
  act.cur_stmt = s.get();
  switch (s->k) {
    case SK::Expr: eval(s->value); return;
    case SK::Assign: {
      V v = eval(s->value);
      for (auto& t : s->targets) assign(t, v);
      return;
    }
    case SK::AnnAssign:  // the value first, then (a plain name in a class body) the annotation, as CPython
      if (s->value) assign(s->targets[0], eval(s->value));
      if (!s->items.empty() && s->targets[0]->k == EK::Name && is_class_scope(act.env)) class_annotation(*s);
      return;
    case SK::AugAssign: {
      // `a[b] += c`: a and b are evaluated once and stay on the stack (a break at the read of a[b] resumes with
      // them as stack values: SAM's `pe[labels == 0] += w`, no second mask)
      V obj, idx;
      if (s->target->k == EK::Subscript) {
        obj = eval(s->target->a[0]);
        idx = eval(s->target->a[1]);
      }
      V cur;
      if (obj) {
        stack_below_ = {obj, idx};
        cur = subscript_read(obj, idx, s->target->loc);
        if (stack_below_.size() == 2) { obj = stack_below_[0]; idx = stack_below_[1]; }  // a resume's copies
        stack_below_.clear();
      } else {
        cur = eval(s->target);
      }
      V rhs = eval(s->value);
      // `t += x` on a tensor is operator.iadd in the graph (in place: the same tensor afterwards)
      // (every augmented operator but `@=`: operator.irshift, ifloordiv, iand, ...)
      V v;
      if (cur->k == VK::Tensor && rhs->k == VK::Opaque) {
        // an unmodelled operand (`freqs *= np.float64(...)`): the tensor stays itself, written with unknown data
        note_unmodelled(s->loc, fmt::format("Tensor {}= {}", s->op, rhs->s));
        values::mutated(*this, cur);
        v = cur;
      } else {
        v = cur->k == VK::Tensor && s->op != "@" ? tensor_binop(s->op + "=", cur, rhs, s->loc, false)
                                                 : inplace_binop(s->op, cur, rhs, s->loc);
      }
      if (obj) assign_subscript(s->target, obj, idx, v);
      else assign(s->target, v);
      return;
    }
    case SK::If:
      exec_if(s.get());  // interp_exc.cpp
      return;
    case SK::For: {
      V it = eval(s->value);
      // a user iterator is stepped lazily: `for batch in cycle(loader): ... break` ends
      V ui;
      std::vector<V> xs;
      try {
        ui = user_iterator(it, s->value->loc);
        if (!ui) xs = iterate(it, s->value->loc);
      } catch (GraphBreak& gb) {
        // GET_ITER is no resumable instruction: a break in the iterator's __iter__ (a skipped generator, tqdm's)
        // skips the frame; a resume function then goes on eagerly from here
        if (!gb.skip_frame || !act.ctx || act.depth > 0) throw;
        rethrow_in_comprehension(act, gb);
        ui = user_iterator(it, s->value->loc);
        if (!ui) xs = iterate(it, s->value->loc);
      }
      size_t k = 0;
      auto next = [&](V& x) { if (ui) return user_next(ui, x, s->value->loc); if (k >= xs.size()) return false; x = xs[k++]; return true; };
      ++stack_.back()->loop_depth;
      bool broke = false;
      const bool gen_loop = !ui && act.depth == 0 && act.ctx && it->traced_gen && std::string(it->traced_gen) == "enumerate";
      struct KeepGen { Activation& a; Activation::GenLoop saved; ~KeepGen() { a.gen_loop = saved; } } keep_gen{act, act.gen_loop};
      try {
        for (V x; next(x);) {
          if (gen_loop) act.gen_loop = {static_cast<long long>(xs.size()), static_cast<long long>(k)};
          if (it->traced_gen && !ui) traced_gen_advance(it, k - 1, s->value->loc);
          if (it->traced_gen) yielded(it, x);
          assign(s->target, x);
          // a module container's items are wrapped lazily, where the body first uses one: VariableBuilder refuses
          // an RNN (allow_rnn=False), an instruction-level break inside the loop (real torch 2.11: kokoro's
          // DurationEncoder, program rnn_in_modulelist)
          if (!s->body.empty()) lazy_rnn_item(it, x, s->body.front()->loc);
          exec_block(s->body);
          if (loop_flow(act, broke)) break;
        }
      } catch (...) { --stack_.back()->loop_depth; throw; }
      --stack_.back()->loop_depth;
      if (!broke && act.flow == Flow::Normal) exec_block(s->orelse);
      return;
    }
    case SK::While: exec_while(s.get()); return;
    case SK::Def: {
      auto f = std::make_shared<Obj>();
      f->k = VK::Func;
      f->fn = s->fn;
      // a function defined in a class body does not see the class's names (Python's class scope is not enclosing)
      f->closure = is_class_scope(act.env) ? act.env->parent : act.env;
      for (auto& p : s->fn->params) f->defaults.push_back(p.def ? eval(p.def) : nullptr);
      V v = f;
      for (auto it = s->fn->decorators.rbegin(); it != s->fn->decorators.rend(); ++it)
        v = call(eval(*it), {v}, {}, (*it)->loc);
      act.env->set(s->fn->name, v);
      return;
    }
    case SK::Class: {
      // torch 2.11 loads builtins.__build_class__ (LOAD_BUILD_CLASS) but cannot trace calling it, a C builtin: GB0007 at
      // that CALL; inside an inlined function the break reaches the frame's CALL of it, which resumes after it (real
      // torch 2.11: program class_in_compiled_region, GDSS's `SDE.reverse`). (In the frame's own code it is taken at
      // the statement's checkpoint here, not resumed after the class is built.)
      // (instruction_break: a step break in the frame's own code, a plain one inside an inlined call)
      if (tracing())
        instruction_break("Attempted to call function marked as skipped", msg_skipped_builtin("builtins", "__build_class__"), s->loc);
      auto c = std::make_shared<Obj>();
      c->k = VK::Class;
      c->s = s->fn->name;
      c->fn = s->fn;
      c->closure = act.env;  // where the class was defined: its __module__ is that module's __name__
      std::vector<V> bases;
      for (auto& b : s->items) {
        if (b->k == EK::Starred) { for (auto& x : iterate(eval(b->a[0]), b->loc)) bases.push_back(x); }
        else bases.push_back(eval(b));
      }
      // the torch.nn class the new one builds on: the first base's in MRO order, a specific one (Sequential)
      // before plain Module (`class Seq(nn.Sequential, Block)` with Block an nn.Module is a Sequential)
      // typing.Generic / Protocol (our typing stub's special forms, `Generic[T]` included): no behaviour of their own
      // at run time (Generic has no __init__), so they are left out of the bases (`class X(Generic[T], Base[T], Other)`:
      // super().__init__ reaches Other.__init__, as CPython's __mro_entries__ arrange; tianshou's nets)
      std::erase_if(bases, [](const V& b) {
        return b && b->k == VK::Instance && b->cls && b->cls->s == "_SpecialForm" && b->attrs.count("_name") &&
               b->attrs.at("_name")->k == VK::Str && (b->attrs.at("_name")->s == "Generic" || b->attrs.at("_name")->s == "Protocol");
      });
      for (auto& bv : bases) {
        c->bases.push_back(bv);
        if (bv->builtin_nn.empty() || (!c->builtin_nn.empty() && (bv->builtin_nn == "Module" || c->builtin_nn != "Module"))) continue;
        c->builtin_nn = bv->builtin_nn;
      }
      // header keywords: `metaclass=` is evaluated and not modelled (classes are built as by `type`);
      // the others go to a user base's __init_subclass__ (below), or are dropped for bases we do not
      // model (TypedDict's `total=`)
      std::vector<std::pair<std::string, V>> class_kwargs;
      for (auto& kw : s->keywords) {
        V v = eval(kw.second);
        if (kw.first == "**") { for (auto& kv : v->dict) class_kwargs.push_back({py_str(kv.first), kv.second}); }
        else if (kw.first != "metaclass") class_kwargs.push_back({kw.first, v});
      }
      // the class body is a code object of its own, run by __build_class__: under the eval-frame callback it is a
      // frame handed to Dynamo, skipped at once with no tensor in it (real torch 2.11: class_in_compiled_region)
      // (our stubs' classes made inside functions are not the modules' own code: not counted)
      if (callback_active_ > 0 && !tracing() && run_only_depth_ == 0 && !is_stub(s->loc.file)) {
        const std::string file = path_of(s->loc.file);
        count_stdlib_frame_once(s->fn->name.c_str(), file.c_str(), s->loc.line, s.get());
      }
      auto scope = std::make_shared<Env>();
      scope->parent = act.env;
      mark_class_scope(scope);
      auto saved = act.env;
      act.env = scope;
      try { exec_block(s->fn->body); } catch (...) { act.env = saved; throw; }
      act.env = saved;
      for (auto& n : scope->order) {
        V m = scope->vars[n];
        if (m->k == VK::Func) m->cls = c;
        c->attrs[n] = m;
        c->order.push_back(n);
      }
      make_enum_members(c);  // a class deriving enum.Enum: its attributes become members (enum.cpp)
      // PEP 487: each attribute whose class defines __set_name__ learns its owner and name (functools.cached_property)
      for (auto& n : c->order) {
        V m = c->attrs[n];
        if (m->k != VK::Instance || !m->cls) continue;
        if (V h = find_in_class(m->cls, "__set_name__"); h && h->k == VK::Func) call(h, {m, c, mk_str(n)}, {}, s->loc);
        if (V g = find_in_class(m->cls, "__get__"); g && g->k == VK::Func && find_in_class(m->cls, "__set__")) ++data_descriptors_;
      }
      // PEP 487: the nearest base's __init_subclass__ (implicitly a classmethod) gets the new class
      std::function<V(const V&)> find_hook = [&](const V& cls) -> V {
        for (auto& b : cls->bases) {
          if (b->k != VK::Class) continue;
          auto it = b->attrs.find("__init_subclass__");
          if (it != b->attrs.end() && it->second->k == VK::Func) return it->second;
          if (V h = find_hook(b)) return h;
        }
        return nullptr;
      };
      if (V hook = find_hook(c)) call(hook, {c}, class_kwargs, s->loc);
      V cv = c;  // class decorators (@dataclass, ...), innermost first
      for (auto it = s->fn->decorators.rbegin(); it != s->fn->decorators.rend(); ++it) cv = call(eval(*it), {cv}, {}, (*it)->loc);
      act.env->set(s->fn->name, cv);
      return;
    }
    case SK::Return: {
      act.is_return_call = s->value && (s->value->k == EK::Call || s->value->k == EK::Subscript || s->value->k == EK::IfExp);
      V v = s->value ? eval(s->value) : none();
      act.is_return_call = false;
      act.ret = std::move(v);
      act.flow = Flow::Return;
      return;
    }
    case SK::Pass: return;
    case SK::Break: act.flow = Flow::Break; return;
    case SK::Continue: act.flow = Flow::Continue; return;
    case SK::Import: exec_import(*s); return;
    case SK::ImportFrom: exec_import_from(*s); return;
    case SK::With:
      exec_with(s);
      return;
    case SK::Assert:
      exec_assert(s.get());
      return;
    case SK::Raise: {
      if (!s->value) {
        if (!handling_) raise_exc("RuntimeError", "No active exception to reraise", s->loc);
        throw *handling_;
      }
      V v = eval(s->value);
      PyException e{v->k == VK::Instance ? v : make_exception(v, {}), s->loc, ""};
      e.observed = true;
      throw e;
    }
    case SK::Global:
      for (auto& [n, _] : s->names) (s->op == "nonlocal" ? act.env->nonlocal_decl : act.env->globals_decl).insert(n);
      return;
    case SK::Del: del_target(s->targets[0]); return;
    case SK::Match: exec_match(s.get()); return;
    case SK::TypeAlias:  // `type X = ...` is lazy in Python: X is bound, its value is not modelled
      act.env->set(s->targets[0]->s, none());
      return;
    case SK::Try: exec_try(*s); return;
  }
}

V Interp::call_user(V fnv, std::vector<V> args, std::vector<std::pair<std::string, V>> kwargs,
                    std::shared_ptr<FrameCtx> ctx, int depth, V self) {
  auto& fn = fnv->fn;
  // Python's limit (sys.getrecursionlimit(): 1000 frames) and, whatever the frame count, the C++ stack
  // the run was given: either ends unbounded recursion with a catchable RecursionError, never a crash.
  char here = 0;
  size_t used = stack_base_ && stack_base_ > &here ? static_cast<size_t>(stack_base_ - &here) : 0;
  if (stack_.size() >= recursion_limit_ || (stack_budget_ && used > stack_budget_))
    raise_exc("RecursionError", "maximum recursion depth exceeded", stack_.empty() ? fn->loc : Location{stack_.back()->cur_line, 0, stack_.back()->file});
  auto env = std::make_shared<Env>();
  env->parent = fnv->closure;
  if (self) args.insert(args.begin(), self);
  const Location at = stack_.empty() ? fn->loc : Location{stack_.back()->cur_line, 0, stack_.back()->file};
  if (std::string e = bind_error(fnv, args, kwargs); !e.empty()) {
    // A call Dynamo inlines whose arguments do not bind (TranAD's layer called with torch's `is_causal=`) is graph
    // break GB7312 at the call, which then raises CPython's TypeError eagerly (InliningInstructionTranslator's bind_args)
    if (ctx && depth > 0 && ctx->mode == Mode::Record) {
      std::string types, kws;
      for (const V& a : args) types += (types.empty() ? "" : ", ") + python_type_repr(a);
      for (const auto& [k, v] : kwargs) kws += fmt::format("{}'{}': {}", kws.empty() ? "" : ", ", k, tracker_repr(v));
      graph_break("failed to bind arguments when attempting to inline",
                  msg_bind_failure(fn->name, fmt::format("{}:{}", path_of(fn->loc.file), fn->firstlineno), "[" + types + "]", "{" + kws + "}"), at);
    }
    raise_exc("TypeError", e, at);
  }
  size_t ai = 0;
  std::vector<V> extra;
  auto kwd = std::make_shared<Obj>();
  kwd->k = VK::Dict;
  for (size_t pi = 0; pi < fn->params.size(); ++pi) {
    auto& p = fn->params[pi];
    if (p.kind == 1) { while (ai < args.size()) extra.push_back(args[ai++]); env->set(p.name, mk_tuple(extra)); continue; }
    if (p.kind == 2) continue;
    V v;
    if (p.kind == 0 && ai < args.size()) v = args[ai++];
    for (auto it = kwargs.begin(); it != kwargs.end(); ++it) {
      if (it->first == p.name) {
        v = it->second;
        kwargs.erase(it);
        break;
      }
    }
    if (!v) v = fnv->defaults[pi];
    env->set(p.name, v);
  }
  for (auto& p : fn->params) {
    if (p.kind == 2) {
      for (auto& kv : kwargs) kwd->dict.push_back({mk_str(kv.first), kv.second});
      env->set(p.name, kwd);
      if (ctx && depth == 0 && !ctx->sources.count(kwd.get())) ctx->sources.of(kwd) = p.name;  // the frame's L['kwargs']
    }
  }
  if (fn->generator && !ctx && (stack_.empty() || !stack_.back()->ctx)) {
    // eager code: a lazy generator (runtime/generator.hpp); the arguments are bound now, the body runs at next()
    count_generator_frame(fn);  // (its frame is made by the call: dynamo/frames/frame_count.cpp)
    return make_generator([this, env, fn](GenState& st) {
      Activation act;
      act.env = env;
      act.fn = fn;
      act.cur_line = fn->loc.line;
      act.file = fn->loc.file;
      std::vector<V> unused;
      act.yields = &unused;
      act.gen = &st;
      stack_.push_back(&act);
      try {
        exec_block(fn->body);
      } catch (...) {
        stack_.pop_back();
        throw;
      }
      stack_.pop_back();
    });
  }
  Activation act;
  act.env = env;
  act.fn = fn;
  act.ctx = ctx;
  act.depth = depth;
  act.cur_line = fn->loc.line;
  act.file = fn->loc.file;
  stack_.push_back(&act);
  V ret = none();
  std::vector<V> yielded;  // a generator runs to completion at the call; its iterator hands out the values
  if (fn->generator) act.yields = &yielded;
  try {
    if (fn->lambda_body) {
      act.is_return_call = true;  // (its body is what it returns: a call there resumes nowhere)
      ret = eval(fn->lambda_body);
    }
    else exec_block(fn->body);
    if (act.flow == Flow::Return) ret = std::move(act.ret);
  } catch (GraphBreak& gb) {
    stack_.pop_back();
    // a break inside an inlined generator cannot be resumed: Dynamo skips the frame (Unsupported.skip_frame)
    if (fn->generator) gb.skip_frame = true;
    // a lambda frame's expression never leaves the stack empty with a graph behind it: no checkpoint to compile up to,
    // the function is skipped (real torch 2.11: a dotdict's GB0256 read in `lambda x: x * cfg.scale`)
    if (fn->lambda_body && depth == 0 && act.ctx && act.ctx->mode == Mode::Record && gb.step) {
      emit_frame_skip(*act.ctx, gb.msg, gb.loc);
      throw FrameSkip{gb.msg, gb.gb_type, true};
    }
    throw;
  } catch (PyException& e) {
    if (stack_.size() >= 2) {
      const Activation* caller = stack_[stack_.size() - 2];
      e.chain = fmt::format("{}:{}: note: in {}(), called from here\n", path_of(caller->file), caller->cur_line, fn->name) + e.chain;
    }
    // a resume function tracing in this activation: an op's fake-tensor error fails its compile (TorchRuntimeError)
    if (depth == 0 && act.ctx && act.ctx->is_resume && act.ctx->mode == Mode::Record && e.value && (e.fake || e.internal)) {
      PyException t = fake_failure(*act.ctx, e);
      act.ctx = nullptr;
      stack_.pop_back();
      throw t;
    }
    stack_.pop_back();
    throw;
  } catch (...) {
    stack_.pop_back();
    throw;
  }
  if (fn->generator) {
    ret = std::make_shared<Obj>();
    ret->k = VK::Iterator;
    ret->items = std::move(yielded);
  }
  if (ctx && depth == 0) {
    try { finish_frame(act, ret); } catch (...) { stack_.pop_back(); throw; }
  }
  stack_.pop_back();
  return ret;
}

V take_stack_float(Interp& I, FrameCtx& ctx, const V& v, Location loc) {
  if (v->k != VK::Float || v->sym_node >= 0) return v;
  if (auto li = ctx.lazy_item_floats.find(v.get()); li != ctx.lazy_item_floats.end()) {
    const auto [full, src] = li->second;
    ctx.lazy_item_floats.erase(li);
    return I.tensorified_float(full, src, v, loc, true);
  }
  auto fs = ctx.float_stack_vals.find(v.get());
  if (fs == ctx.float_stack_vals.end()) return v;
  const std::string stack = fs->second;
  ctx.float_stack_vals.erase(fs);
  return I.tensorified_float("L['" + stack + "']", stack, v, loc, false);
}

}  // namespace tparse::compiler
