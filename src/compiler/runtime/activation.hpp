// The interpreter's per-call state and what unwinds it: the version profile, one activation of a user function,
// graph breaks and frame skips (Dynamo's Unsupported), Python exceptions, and the record of unmodelled calls.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "frontend/ast.hpp"
#include "runtime/values/value.hpp"
#include "runtime/frame_state.hpp"

namespace tparse::compiler {

/// Version profile: which Dynamo rules apply. Only 2.3 and 2.11 are claimed (api.cpp rejects the
/// rest); the thresholds name the release that changed each rule (docs/compiler.md, "Profiles").
struct Profile {
  int major = 2, minor = 11;
  /// torch >= 2.4 constant-folds torch.__version__ methods (pytorch#123705, TorchVersionVariable).
  bool version_str_traceable() const { return major > 2 || minor >= 4; }
  /// Before config.inline_inbuilt_nn_modules became the default (2.5; the flag does not exist in 2.3)
  /// nn.Module objects are NNModuleVariables whose NN_MODULE guard is an ID_MATCH on the instance
  /// (`___check_obj_id(L['self'], ...)`), so every layer instance needs its own cache entry. 2.11
  /// guards `self` by TYPE_MATCH (truth: sequential_print_layers) and instances share entries.
  bool modules_id_matched() const { return major == 2 && minor < 5; }
  /// Without inline_inbuilt_nn_modules (2.3) a torch.nn module (Linear, Embedding, ...) called in a frame
  /// is one `call_module` node (NNModuleVariable.call_function, variables/nn_module.py); its parameters
  /// are not graph inputs. 2.11 inlines its forward (a call_function such as linear).
  bool nn_call_module() const { return major == 2 && minor < 5; }
  /// Pre-2.4 texts: recompile reasons keep `L['x']`, the loop skip is the SkipFrame message, the limit
  /// is `cache_size_limit` and its failure is `Unsupported("cache_size_limit reached")`.
  bool old_messages() const { return major == 2 && minor < 4; }
  /// accumulated_recompile_limit (2.11: 256; 2.3: accumulated_cache_size_limit = 64).
  int accumulated_limit() const { return old_messages() ? 64 : 256; }
};

/// Attribute key on a function or class an opaque decorator returned (its decorator's name): opaque.cpp
inline constexpr const char* kOpaqueDecorator = "__tparse_opaque_decorator__";

/// A graph break raised while tracing (Unsupported). Propagates to the depth-0 call that entered
/// the inlined call chain, or is handled in place for data-dependent jumps.
struct GraphBreak {
  std::string gb_type, msg;      ///< msg: full formatted message (with link)
  Location loc;                  ///< innermost user location
  std::string fn_name;           ///< innermost user function
  bool data_dependent = false;
  bool step = false;             ///< raised by a non-CALL instruction (LOAD_ATTR of an RNN): not resumable
  /// attempt 1 cannot hand on what the CALL's stack holds: a sparse frame local read inside the call (sparse_input.cpp),
  /// an RNN item of a list the frame read, wrapped lazily where the call realizes it (interp_items.cpp)
  bool unrebuildable = false;
  bool past_call = false;        ///< step, and raised inside a call the frame makes (its arguments' wrapping): not that call's break
  std::string traceback;         ///< the user code traceback where it was raised (the inlined calls included)
  std::string at;                ///< "file:line" of the innermost frame when that is torch's code (module.py:588), else empty
  bool skip_frame = false;       ///< raised inside an inlined generator: Unsupported.skip_frame, the frame is skipped
  bool lazy_item = false;        ///< a loop's item wrapped where the body first uses it (an RNN of a ModuleList)
};

/// Thrown when a frame must be skipped (break in a loop): the frame reruns eagerly.
/// An unresumable break whose latest speculation point is a comprehension the frame began earlier (no step checkpoint
/// with a graph since): the frame's trace restarts and breaks at that comprehension (run_frame.cpp).
struct RetryAtComprehension {
  GraphBreak gb;
  const Expr* comp = nullptr;
};

struct FrameSkip {
  std::string msg;               ///< chained message (inner break + GB7000)
  std::string gb_type;
  bool emitted = false;          ///< the failure records were written where it was raised
};


/// One activation of a user function (or the module scope) in the interpreter.
/// How the last statement of a block left it: `return`, `break` and `continue` end the enclosing blocks up
/// to their loop or function (exec_block stops at a non-Normal flow; loops and call_user consume it).
enum class Flow { Normal, Return, Break, Continue };

struct Activation {
  std::shared_ptr<Env> env;
  std::shared_ptr<FuncDef> fn;                 ///< null for module scope
  std::shared_ptr<FrameCtx> ctx;               ///< compiled frame context (null = eager)
  int depth = 0;                               ///< 0 = the compiled frame itself, >0 = inlined
  int loop_depth = 0;
  const Stmt* outer_loop = nullptr;            ///< the outermost for loop being run at depth 0 of a recording frame
  size_t outer_loop_cp = 0;                    ///< the graph's checkpoint before that loop (Dynamo's last resumable state)
  std::pair<size_t, size_t> outer_loop_guards{SIZE_MAX, SIZE_MAX};  ///< the frame's tensor and value guards then
  bool while_bottom = false;                   ///< evaluating a `while` test after an iteration
  /// the innermost `for` over enumerate() at depth 0 of a traced frame: torch 2.11 polyfills enumerate as a generator
  /// (polyfills/builtins.py), which a partial graph cannot rebuild once it advanced (GB8335; comprehension.cpp)
  struct GenLoop { long long len = -1, index = 0; } gen_loop;
  int cur_line = 0;
  const Stmt* cur_stmt = nullptr;
  std::vector<V> open_cms;                     ///< the Python context managers whose `with` block runs now, outermost first
  /// left operands of the binary operators being evaluated at depth 0 of a compiled frame (their right operand
  /// runs): CPython's stack values below a call there that breaks (`x + self.ffn(h)`: x is the resume's ___stack0)
  std::vector<std::pair<const Expr*, V>> operands;
  bool is_return_call = false;                 ///< evaluating `return <call>` at depth 0
  /// reading a name only to return it (`return n` or `return x, n`, at depth 0): its value stays Dynamo's lazy
  /// VariableTracker, rebuilt from its source by the compiled code, and a scalar's guard is not realized
  bool reading_returned_name = false;
  std::vector<V>* yields = nullptr;            ///< running a generator: where `yield` puts values
  GenState* gen = nullptr;                     ///< running a lazy generator (runtime/generator.hpp): `yield` suspends
  int file = 0;                                ///< source file of the running code (Interp::files_)
  int try_depth = 0;                           ///< inside a try body or except handler (an exception-table entry)
  const Stmt* try_stmt = nullptr;              ///< the outermost try of a frame's own code being traced, and
  size_t try_cp = 0;                           ///< the graph's checkpoint where it starts (Dynamo's last before it)
  bool in_genexpr = false;                     ///< evaluating a generator expression (its own `<genexpr>` frame)
  /// a comprehension's first iterable evaluated before its speculation (a tensor local: its items are getitem nodes of
  /// the graph up to the comprehension, dynamo/breaks/comprehension.cpp), used in place of evaluating it again
  const Expr* comp_pre_expr = nullptr;
  V comp_pre_items;
  int comp_depth = 0;                          ///< inside list / dict / set comprehensions of a traced frame's own code
  bool genexpr_polyfilled = false;             ///< the generator expression being run is consumed by a builtin Dynamo
                                               ///< replaces with a Python polyfill (sum, any, all, enumerate, reduce)
  Flow flow = Flow::Normal;                    ///< set by return / break / continue (exec_block stops)
  V ret;                                       ///< the value of the `return` that set flow = Return
  /// A resume function past its recompile limit runs the rest of this activation RUN_ONLY, its callees too: the
  /// interpreter's run-only depth is held up until the activation ends (a copy holds nothing).
  struct RunOnlyHold {
    int* depth = nullptr;
    RunOnlyHold() = default;
    RunOnlyHold(const RunOnlyHold&) {}
    RunOnlyHold& operator=(const RunOnlyHold&) { return *this; }
    ~RunOnlyHold() { if (depth) --*depth; }
    void hold(int& d) { if (!depth) { depth = &d; ++d; } }
  } run_only;
};

/// Drops the operands pushed above the stack's height at construction when the scope ends (a display's or a call's
/// items evaluated so far: interp_expr.cpp, interp_call_args.cpp)
struct OperandsMark {
  Activation& act;
  const size_t mark;
  explicit OperandsMark(Activation& a) : act(a), mark(a.operands.size()) {}
  ~OperandsMark() {
    if (act.operands.size() > mark) act.operands.resize(mark);
  }
  OperandsMark(const OperandsMark&) = delete;
  OperandsMark& operator=(const OperandsMark&) = delete;
};

/// A Python exception raised by the script (`raise`, a failed `assert`): caught by `try/except`.
struct PyException {
  V value;                                     ///< the exception instance (its class in `cls`)
  Location loc;
  std::string chain;                           ///< the traceback as notes, outermost first (added while unwinding)
  bool observed = false;                       ///< raised by the user's Python (a `raise`), not by a torch op on fake tensors:
                                               ///< escaping a traced frame it is Dynamo's "Observed exception" (run_frame.cpp)
  bool fake = false;                           ///< raised by a torch op's meta (Interp::raise_fake): in a traced frame the
                                               ///< fake tensor call fails, a TorchRuntimeError at compile time (run_frame.cpp)
  bool internal = false;                       ///< raised by Dynamo's own code while it traced (a tensor input's missing
                                               ///< attribute read for real): the compile fails with that exception's type
                                               ///< and InternalTorchDynamoError leaves torch.compile (run_frame.cpp)
  bool graph_run = false;                      ///< raised by a compiled graph as it ran (FrameCtx::run_error): the
                                               ///< compile stands, the exception goes to the caller as it is
};
/// Options::max_compiled_calls reached: the run ends here, its trace so far is the result.
struct StopRun {};

/// Something the run could not model (an opaque call, a torch op without a shape rule, a stop): the
/// result is approximate. Listed at the end of `tparse explain` / `tparse compile` (runtime/opaque.cpp).
struct Unmodelled {
  int file = 0, line = 0;
  std::string name;
  bool compiled = false;                       ///< met inside a compiled frame (else in eager code)
};

}  // namespace tparse::compiler
