// Python exceptions in the interpreted script: `raise`, `try/except/else/finally`, `assert` and `if`s that raise, exception
// classes (builtin names and user subclasses of them). Dynamo 2.11 traces these without a graph
// break when the exception is raised and handled inside the frame, so they only steer control flow.
#include <fmt/format.h>

#include <algorithm>
#include <functional>

#include "runtime/interp.hpp"
#include "dynamo/messages.hpp"

namespace tparse::compiler {

namespace {
/// Name of a class-like value: a builtin exception (`ValueError`) or a user class.
std::string class_name(const V& c) { return c && (c->k == VK::Builtin || c->k == VK::Class) ? c->s : ""; }

/// Builtin exception hierarchy, the part scripts meet (child -> parent).
const std::map<std::string, std::string>& builtin_parent() {
  static const std::map<std::string, std::string> p = {  // CPython 3.12's builtin exception hierarchy
      {"Exception", "BaseException"}, {"SystemExit", "BaseException"}, {"KeyboardInterrupt", "BaseException"},
      {"GeneratorExit", "BaseException"}, {"BaseExceptionGroup", "BaseException"}, {"ExceptionGroup", "Exception"},
      {"ArithmeticError", "Exception"}, {"FloatingPointError", "ArithmeticError"}, {"OverflowError", "ArithmeticError"},
      {"ZeroDivisionError", "ArithmeticError"}, {"AssertionError", "Exception"}, {"AttributeError", "Exception"},
      {"BufferError", "Exception"}, {"EOFError", "Exception"}, {"ImportError", "Exception"},
      {"ModuleNotFoundError", "ImportError"}, {"LookupError", "Exception"}, {"IndexError", "LookupError"},
      {"KeyError", "LookupError"}, {"MemoryError", "Exception"}, {"NameError", "Exception"},
      {"UnboundLocalError", "NameError"}, {"OSError", "Exception"}, {"EnvironmentError", "Exception"}, {"IOError", "Exception"},
      {"BlockingIOError", "OSError"}, {"ChildProcessError", "OSError"}, {"ConnectionError", "OSError"},
      {"BrokenPipeError", "ConnectionError"}, {"ConnectionAbortedError", "ConnectionError"},
      {"ConnectionRefusedError", "ConnectionError"}, {"ConnectionResetError", "ConnectionError"},
      {"FileExistsError", "OSError"}, {"FileNotFoundError", "OSError"}, {"InterruptedError", "OSError"},
      {"IsADirectoryError", "OSError"}, {"NotADirectoryError", "OSError"}, {"PermissionError", "OSError"},
      {"ProcessLookupError", "OSError"}, {"TimeoutError", "OSError"}, {"ReferenceError", "Exception"},
      {"RuntimeError", "Exception"}, {"NotImplementedError", "RuntimeError"}, {"RecursionError", "RuntimeError"},
      {"TorchRuntimeError", "RuntimeError"},  // torch._dynamo.exc's (TorchDynamoException is a RuntimeError)
      {"InternalTorchDynamoError", "RuntimeError"},
      {"StopIteration", "Exception"}, {"StopAsyncIteration", "Exception"}, {"SyntaxError", "Exception"},
      {"IndentationError", "SyntaxError"}, {"TabError", "IndentationError"}, {"SystemError", "Exception"},
      {"TypeError", "Exception"}, {"ValueError", "Exception"}, {"UnicodeError", "ValueError"},
      {"UnicodeDecodeError", "UnicodeError"}, {"UnicodeEncodeError", "UnicodeError"},
      {"UnicodeTranslateError", "UnicodeError"}, {"Warning", "Exception"}, {"BytesWarning", "Warning"},
      {"DeprecationWarning", "Warning"}, {"EncodingWarning", "Warning"}, {"FutureWarning", "Warning"},
      {"ImportWarning", "Warning"}, {"PendingDeprecationWarning", "Warning"}, {"ResourceWarning", "Warning"},
      {"RuntimeWarning", "Warning"}, {"SyntaxWarning", "Warning"}, {"UnicodeWarning", "Warning"}, {"UserWarning", "Warning"}};
  return p;
}

/// Does class `c` (VK::Class with bases, or a builtin name) derive from the class named `want`?
bool derives(const V& c, const std::string& want) {
  if (!c) return false;
  std::string n = class_name(c);
  if (n == want) return true;
  if (c->k == VK::Class) {
    for (auto& b : c->bases) if (derives(b, want)) return true;
    return false;
  }
  for (auto it = builtin_parent().find(n); it != builtin_parent().end(); it = builtin_parent().find(it->second))
    if (it->second == want) return true;
  return false;
}
}  // namespace

bool builtin_exception(const std::string& name) { return builtin_parent().count(name) > 0; }

bool class_derives_from(const V& cls, const std::string& name) { return derives(cls, name); }

bool builtin_exception_is(const std::string& name, const std::string& want) {
  if (name == want) return true;
  for (auto it = builtin_parent().find(name); it != builtin_parent().end(); it = builtin_parent().find(it->second))
    if (it->second == want) return true;
  return false;
}

void Interp::raise_exc(const char* cls, const std::string& msg, Location loc) {
  throw PyException{make_exception(mk_builtin(cls), {mk_str(msg)}), loc};
}

void Interp::raise_fake(const char* cls, const std::string& msg, Location loc) {
  PyException e{make_exception(mk_builtin(cls), {mk_str(msg)}), loc, ""};
  e.fake = true;
  throw e;
}

void Interp::raise_observed(const char* cls, const std::string& msg, Location loc) {
  PyException e{make_exception(mk_builtin(cls), {mk_str(msg)}), loc, ""};
  e.observed = true;
  throw e;
}

void Interp::raise_exc(const char* cls, V arg, Location loc) {
  throw PyException{make_exception(mk_builtin(cls), {std::move(arg)}), loc};
}

V Interp::make_exception(const V& cls_or_name, std::vector<V> args) {
  V cls = cls_or_name;
  if (cls->k == VK::Builtin) {  // a builtin exception class: one shared class object per name
    V& c = exc_classes_[cls->s];
    if (!c) {
      c = std::make_shared<Obj>();
      c->k = VK::Class;
      c->s = cls->s;
      auto it = builtin_parent().find(cls->s);
      if (it != builtin_parent().end()) c->bases.push_back(mk_builtin(it->second));
    }
    cls = c;
  }
  if (cls->k != VK::Class) error(Location{stack_.back()->cur_line, 0}, "exceptions must derive from BaseException");
  auto e = std::make_shared<Obj>();
  e->k = VK::Instance;
  e->cls = cls;
  e->attrs["args"] = mk_tuple(std::move(args));
  return e;
}

bool Interp::exception_matches(const V& exc, const V& handler, Location loc) {
  if (handler->k == VK::Tuple) {
    for (auto& h : handler->items) if (exception_matches(exc, h, loc)) return true;
    return false;
  }
  std::string want = class_name(handler);
  if (want.empty()) error(loc, "catching classes that do not inherit from BaseException is not allowed");
  return derives(exc->cls, want);
}

namespace {
/// Does an `except` clause name ImportError or ModuleNotFoundError (alone or in a tuple)? The author
/// expected the import to fail on some machines (a broad handler only around a body of imports, below).
bool names_import_error(const ExprP& e) {
  if (!e) return false;
  if (e->k == EK::Name || e->k == EK::Attr) return e->s == "ImportError" || e->s == "ModuleNotFoundError";
  if (e->k == EK::Tuple) return std::any_of(e->a.begin(), e->a.end(), names_import_error);
  return false;
}

/// A bare `except:` or `except Exception:` (BaseException) around a try body made of imports (with plain
/// assignments and `pass` beside them: `has_ext = True`) guards those imports as `except ImportError` does: nothing
/// else in the body is expected to fail (s4's `try: from extensions... import cauchy_mult / except:`). A body that
/// also calls something (`lib.setup()`) is no such sign: its modules stay opaque.
bool broad_handler_of_imports(const Stmt& s) {
  bool broad = std::any_of(s.handlers.begin(), s.handlers.end(), [](const StmtP& h) {
    const ExprP& e = h->value;
    return !e || ((e->k == EK::Name || e->k == EK::Attr) && (e->s == "Exception" || e->s == "BaseException"));
  });
  if (!broad) return false;
  bool any_import = false;
  for (const StmtP& b : s.body) {
    if (b->k == SK::Import || b->k == SK::ImportFrom) any_import = true;
    else if (b->k != SK::Assign && b->k != SK::Pass) return false;
  }
  return any_import;
}
}  // namespace

void Interp::exec_try(const Stmt& s) {
  bool completed = false;
  bool import_guard = broad_handler_of_imports(s) ||
                      std::any_of(s.handlers.begin(), s.handlers.end(), [](const StmtP& h) { return names_import_error(h->value); });
  try {
    try {
      Activation& act = *stack_.back();
      // (the outermost try of a frame's own code: where its checkpoint is, depth0_call's break inside it)
      const bool outer = act.try_depth == 0 && act.depth == 0 && act.ctx && act.ctx->mode == Mode::Record;
      if (outer) { act.try_stmt = &s; act.try_cp = act.ctx->graph.checkpoint(); }
      struct TryStmt { Activation& a; bool on; ~TryStmt() { if (on) a.try_stmt = nullptr; } } try_stmt{act, outer};
      ++stack_.back()->try_depth;
      struct Depth { int& d; ~Depth() { --d; } } depth{stack_.back()->try_depth};
      import_error_handlers_ += import_guard;
      struct Guard { int& n; bool on; ~Guard() { n -= on; } } guard{import_error_handlers_, import_guard};
      exec_block(s.body);
      completed = true;
    } catch (PyException& e) {
      // (Dynamo's own error while tracing is no exception of the traced code: its handlers never see it)
      if (e.internal) throw;
      const Stmt* handler = nullptr;
      for (auto& h : s.handlers)
        if (!h->value || exception_matches(e.value, eval(h->value), h->loc)) { handler = h.get(); break; }
      if (!handler) throw;
      if (!handler->op.empty()) stack_.back()->env->set(handler->op, e.value);
      const ScopedValue<std::shared_ptr<PyException>> restore(handling_, std::make_shared<PyException>(e));
      ++stack_.back()->try_depth;
      struct Depth { int& d; ~Depth() { --d; } } depth{stack_.back()->try_depth};
      exec_block(handler->body);
    }
    if (completed && stack_.back()->flow == Flow::Normal) exec_block(s.orelse);
  } catch (...) {
    exec_finally(s.final_body);
    throw;
  }
  exec_finally(s.final_body);
}

void Interp::exec_finally(const std::vector<StmtP>& body) {
  // a `finally` runs also when the try left by return / break / continue; that way of leaving goes on
  // after it unless the finally block itself returns or breaks
  if (body.empty()) return;
  Activation& act = *stack_.back();
  Flow saved = act.flow;
  V saved_ret = act.ret;
  act.flow = Flow::Normal;
  exec_block(body);
  if (act.flow == Flow::Normal) { act.flow = saved; act.ret = std::move(saved_ret); }
}

// `assert test[, msg]`. In a frame, Dynamo rewrites an assert whose test ends in POP_JUMP_IF_TRUE followed by the
// raise (a test, or an and/or chain's last operand, that is no `not x`; no message or a constant one) into a graph node
// `torch._assert_async(cond, msg)` when the test is a tensor (symbolic_convert.py generic_jump): no break. Any other
// tensor test is a data-dependent jump (a graph break); `assert not t` is one. The script ran under torch, so the
// assertion held: a test tparse must guess (unknown tensor data) is guessed on the side where it holds. Eagerly a
// tensor test is assumed to hold (its data rarely known; it changes no graph).
void Interp::exec_assert(const Stmt* s) {
  // of an and/or chain only the last operand's jump is the POP_JUMP_IF_TRUE before the raise: a tensor there is
  // rewritten too (an earlier operand's tensor broke the graph at its own jump while the chain was evaluated, so a
  // tensor value of the whole test is the last operand's: torchdiffeq's `assert a and t[-1] == t[-1]`)
  const Expr* test = s->value.get();
  while (test->k == EK::BoolOp) test = test->a[1].get();
  const bool rewrite_form = !(test->k == EK::UnaryOp && test->s == "not") && (!s->target || s->target->k == EK::Str);
  const ScopedValue<int> restore(assert_want_, 1);
  V v = eval(s->value);
  if (v->k == VK::Tensor) {
    if (!tracing()) return;
    if (rewrite_form) {
      std::string msg = s->target ? s->target->s : "assertion error";
      TensorInfo none_meta;
      emit("call_function", "torch._assert_async", "_assert_async", false, {v, mk_str(msg)}, {}, none_meta, s->loc);
      Node& n = stack_.back()->ctx->graph.nodes.back();
      n.has_meta = false;  // it returns None: no example value
      n.dead_result = true;
      return;
    }
  }
  if (truthy(v, s->loc)) return;
  // a constant test that fails while tracing, inside an inlined call (Dynamo cannot compile a partial graph there):
  // GB0034, a break at the outermost call (Sophia's `if group['capturable']: assert p.is_cuda` on CPU)
  if (tracing() && rewrite_form && stack_.back()->depth > 0 &&
      (v->k == VK::Bool || v->k == VK::Int || v->k == VK::None || v->k == VK::Float || v->k == VK::Str)) {
    graph_break("Data-dependent assertion failed (cannot compile partial graph)", msg_assert_no_partial(variable_repr(v)), s->loc);
  }
  // After a guess the failing condition may be tparse's (a shape of unknown_op, guesses_):
  // the file ran under torch, so the assertion is taken to hold and the run goes on, approximate.
  // (a test on a number guessed from tensor data tparse does not know, too: EDM's `assert (x * (1 - mask)).abs().sum()
  // .item() < 1e-5` after a break, on a graph's result)
  if (guesses_ > 0 || v->guess >= 0) {
    use_guess(v);
    note_unmodelled(s->loc, "assert assumed to hold");
    return;
  }
  std::vector<V> msg;  // `assert cond, msg`: the message is evaluated only when the condition fails
  if (s->target) msg.push_back(eval(s->target));
  throw PyException{make_exception(mk_builtin("AssertionError"), msg), s->loc};
}

// `if test: ...` (else ...). A test whose one branch only raises (`if x.min() < lo or x.max() > hi: raise
// ValueError(...)`): the script ran under torch without that exception, so a test tparse must guess (unknown tensor
// data) is guessed on the other side, as an assert's is.
void Interp::exec_if(const Stmt* s) {
  auto only_raises = [](const std::vector<StmtP>& b) { return b.size() == 1 && b[0]->k == SK::Raise; };
  const int want = assert_want_;
  if (only_raises(s->body) && !only_raises(s->orelse)) assert_want_ = -1;
  else if (only_raises(s->orelse) && !only_raises(s->body)) assert_want_ = 1;
  bool t;
  try {
    t = test_jumps(s->value);
  } catch (...) {
    assert_want_ = want;
    throw;
  }
  assert_want_ = want;
  if (t) exec_block(s->body);
  else exec_block(s->orelse);
}

// A condition as CPython compiles it (compiler_jump_if): an `and` / `or` chain jumps once per operand it evaluates,
// straight to the branch, so the operand that decides it is tested once, not again as the chain's value (real torch
// 2.11: entropix's `if ent < 0.1 and vent < 0.1:` breaks once per evaluated operand)
bool Interp::test_jumps(const ExprP& e) {
  if (e->k != EK::BoolOp || e->a.size() != 2) return truthy(eval(e), e->loc);
  // (the left operand's jump is an instruction of its own: its place is the operand's, as BoolOp's evaluation gives it)
  const bool left = e->a[0]->k == EK::BoolOp ? test_jumps(e->a[0]) : truthy(eval(e->a[0]), boolop_left_jump_at(*e));
  if (e->s == "and" ? !left : left) return left;
  return test_jumps(e->a[1]);
}

// `while test: ... else: ...`. The test runs at the loop head, then (3.12's layout) again at the body's end.
void Interp::exec_while(const Stmt* s) {
  Activation& act = *stack_.back();
  ++stack_.back()->loop_depth;
  try {
    int guard = 0;
    auto test = [&] {
      // the test runs at the loop head first, then (3.12 layout) repeated at the body's end
      Activation& cur = *stack_.back();
      cur.cur_stmt = s;
      cur.cur_line = s->loc.line;
      cur.while_bottom = guard > 0;
      bool r;
      // each evaluation of the test starts with an empty stack: Dynamo's checkpoint, outside a for loop, in a frame's
      // own code (an instruction-level break in it compiles the graph up to there; the loop goes on eagerly)
      if (cur.depth == 0 && cur.ctx && cur.ctx->mode == Mode::Record && !cur.outer_loop) {
        const size_t cp = cur.ctx->graph.checkpoint();
        const std::pair<size_t, size_t> guards{cur.ctx->tguards.size(), cur.ctx->vguards.size()};
        try {
          r = test_jumps(s->value);
        } catch (GraphBreak& gb) {
          if (!gb.step || !cur.ctx) throw;
          step_break(cur, gb, *s, cp, false, guards);
          r = test_jumps(s->value);
        }
      } else {
        r = test_jumps(s->value);
      }
      cur.while_bottom = false;
      return r;
    };
    bool broke = false;
    // a test guessed on data tparse does not know is taken as true; a loop whose test stays a guess (an ODE
    // solver's `while next_t > t1` on unknown times) would spin: after kGuessedLoop guesses in a row it is left
    // as when the test is false, and the run says so
    constexpr int kGuessedLoop = 32;
    int guessed_in_a_row = 0;
    auto go_on = [&] {
      size_t before = guessed_tests_;
      bool t = test();
      guessed_in_a_row = guessed_tests_ != before ? guessed_in_a_row + 1 : 0;
      if (t && guessed_in_a_row > kGuessedLoop) {
        note_unmodelled(s->loc, fmt::format("a while loop on data the compiler does not know: left after {} guessed tests", kGuessedLoop));
        return false;
      }
      return t;
    };
    while (go_on()) {
      if (++guard > 100000) error(s->loc, "loop does not terminate under abstract interpretation");
      exec_block(s->body);
      if (loop_flow(act, broke)) break;
    }
    if (!broke && act.flow == Flow::Normal) exec_block(s->orelse);
  } catch (...) { --stack_.back()->loop_depth; throw; }
  --stack_.back()->loop_depth;
}

// `with a as x, b:`: managers entered in order and left innermost first (torch's grad modes, torch.device and
// managers of Python source; a manager Dynamo cannot enter breaks the graph)
void Interp::exec_with(const StmtP& s) {
  // Managers are entered in order and left innermost first. torch's grad modes and torch.device are
  // modelled (with_grad_ctx, the DeviceContext mode); a manager of Python source runs its
  // __enter__ / __exit__ (the hf branch's rule, kept identical here: __exit__(None, None, None) also
  // when the body raises a Python exception, not on a tparse error)
  struct Ctx { std::string kind; V cm; };
  std::vector<Ctx> ctxs;
  for (size_t i = 0; i < s->items.size(); ++i) {
    const auto& it = s->items[i];
    V cm = eval(it);
    if (cm->k == VK::Instance && cm->cls && tracing() && find_in_class(cm->cls, "__tparse_unsupported_cm__")) {
      // a manager Dynamo cannot enter (contextlib's _GeneratorContextManager): SETUP_WITH is no resumable
      // instruction, so the graph is compiled up to the statement or, with none, the frame is skipped (GB0142)
      Activation& act = *stack_.back();
      // (the marker names the manager's type as Dynamo prints it: `lock` for threading.Lock)
      V mark = find_in_class(cm->cls, "__tparse_unsupported_cm__");
      const std::string tn = mark && mark->k == VK::Str ? mark->s : "_GeneratorContextManager";
      GraphBreak gb;
      gb.gb_type = "Unsupported context manager";
      gb.msg = gb_message("Unsupported context manager", "Dynamo does not know how to enter a `" + tn + "` context manager.",
                          {"Avoid using the unsupported context manager.",
                           "If the context manager seems like it should be supported (e.g. torch.set_grad_enabled), then it may be the case that it was created outside the compiled region, which Dynamo does not support. Supported context managers can cross graph break boundaries only if they are local non-closure variables, or are intermediate values.",
                           "File an issue to PyTorch. Simple context managers can potentially be supported, but note that context managers can't be supported in general"},
                          "Attempted SETUP_WITH/BEFORE_WITH/LOAD_SPECIAL on LazyVariableTracker(realized: UserDefinedObjectVariable(" + tn + "))", "GB0142");
      gb.loc = it->loc;
      gb.fn_name = act.fn ? act.fn->name : "<module>";
      gb.step = true;
      if (act.depth > 0) throw gb;
      step_break(act, gb, *s, act.ctx->graph.checkpoint());
    }
    if (cm->k == VK::Instance && cm->cls) {
      bool found = false;
      try { getattr(cm, "__enter__", it->loc); found = true; } catch (CompileError&) {} catch (PyException&) {}
      if (found) {
        V entered = call(getattr(cm, "__enter__", it->loc), {}, {}, it->loc);
        if (i < s->targets.size() && s->targets[i]) assign(s->targets[i], entered);
        ctxs.push_back({"user", cm});
        continue;
      }
    }
    if (cm->k == VK::Builtin && cm->s.rfind("ctx:", 0) == 0) ctxs.push_back({cm->s.substr(4), cm});
    else if (cm->k == VK::Device) ctxs.push_back({"device", cm});  // torch.device.__enter__: a DeviceContext mode
    else if (cm->k == VK::Opaque) {  // an unknown manager: `as NAME` is its unknown __enter__() value
      note_unmodelled(it->loc, "with " + cm->s);
      if (i < s->targets.size() && s->targets[i]) assign(s->targets[i], mk_opaque(cm->s + ".__enter__()"));
    }
    else error(it->loc, "unsupported context manager (tparse knows torch.no_grad, torch.enable_grad, torch.inference_mode, torch.autocast, torch.device)");
  }
  std::function<V(size_t)> run = [&](size_t i) -> V {
    if (i == ctxs.size()) { exec_block(s->body); return none(); }
    const Ctx& c = ctxs[i];
    if (c.kind == "user") {
      auto leave = [&] { call(getattr(c.cm, "__exit__", s->loc), {none(), none(), none()}, {}, s->loc); };
      Activation& act = *stack_.back();
      act.open_cms.push_back(c.cm);
      struct Pop { std::vector<V>& v; ~Pop() { v.pop_back(); } } pop{act.open_cms};
      try { run(i + 1); } catch (CompileError&) { throw; } catch (...) { leave(); throw; }
      leave();
      return none();
    }
    if (c.kind == "device") {  // operators on tensors dispatch through the mode (torch_ops.cpp)
      const ScopedValue<bool> restore(torch_function_mode_, true);
      return run(i + 1);
    }
    return with_grad_ctx(c.kind, s->loc, [&] { return run(i + 1); }, c.cm);
  };
  run(0);
}

}  // namespace tparse::compiler
