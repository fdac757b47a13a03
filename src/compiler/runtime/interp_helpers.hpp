// Free functions over Python values, classes, guards and records that the interpreter's files share
// (their definitions live beside the code that uses them most, named per declaration). interp.hpp includes this;
// the Interp class itself is there.
#pragma once

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "frontend/ast.hpp"
#include "torch/graph.hpp"
#include "dynamo/guards/guards.hpp"
#include "runtime/values/unicode.hpp"
#include "runtime/values/value.hpp"
#include "runtime/frame_state.hpp"

namespace tparse::compiler {

class Interp;
struct Activation;
/// The place of the jump on a BoolOp's left operand (an instruction of its own, not the one on the whole test): the
/// operand's location, made distinct from the test's own when both start at one column (interp_expr.cpp)
inline Location boolop_left_jump_at(const Expr& boolop) {
  Location at = boolop.a[0]->loc;
  if (at.line == boolop.loc.line && at.col == boolop.loc.col) at.col = -at.col - 1;
  return at;
}
/// Sets `ref` to a value for a scope and puts the old value back when it ends (a flag or a mark the interpreter
/// holds while it evaluates one construct: `is_return_call`, the op whose arguments are being turned into nodes)
template <class T>
struct ScopedValue {
  T& ref;
  T was;
  ScopedValue(T& r, T v) : ref(r), was(r) { ref = std::move(v); }
  ~ScopedValue() { ref = std::move(was); }
  ScopedValue(const ScopedValue&) = delete;
  ScopedValue& operator=(const ScopedValue&) = delete;
};
/// an instance of a built-in torch.nn class (its `builtin_nn` names it; a user subclass carries its base's)
inline bool is_nn_instance(const V& v) { return v->k == VK::Instance && !v->builtin_nn.empty(); }
/// The frame a guard's line belongs to: `loc`'s own frame where bundled stubs are above it (their frames are library
/// code to Dynamo: numpy's `np.clip` names its caller), else the innermost frame (symbols/specialize.cpp)
const Activation& guard_frame(const Interp& I, Location loc);
/// A dynamic float a resume function took on its stack (FrameCtx::float_stack_vals): tensorified at its first use,
/// which takes it off that map; any other value as it is (interp/interp.cpp)
V take_stack_float(Interp& I, FrameCtx& ctx, const V& v, Location loc);
/// `format(v, spec)`: Python's format-spec mini-language ([[fill]align][sign][#][0][width][,|_][.precision][type]) for
/// ints, floats, strs and bools; a 0-d tensor formats its item(), another object its str() (interp_percent.cpp).
std::string format_with_spec(Interp& I, V v, const std::string& spec, Location loc);
/// `fmt.format(*args, **kwargs)`: fields by position, number or name, `.attr` / `[key]` chains, !r / !s, nested specs.
std::string str_format(Interp& I, const std::string& fmt, const std::vector<V>& args, const std::vector<std::pair<std::string, V>>& kwargs, Location loc);
/// Broadcast shape of two operands (torch_ops.cpp); a mismatch is a CompileError at `loc`.
std::vector<Dim> broadcast(Interp& I, const std::vector<Dim>& a, const std::vector<Dim>& b, Location loc);

/// The tensors inside a value (lists, tuples, dicts, user objects' attributes), in order (dynamo.cpp).
/// Every tensor inside `v` (lists, tuples, dicts and, unless `object_attrs` is false, a frame-built object's attributes)
void flatten_tensors(const V& v, std::vector<V>& out, bool object_attrs = true);
/// The graph outputs a live local gives at a break: its tensors, and a SymInt itself (a dynamic size `h` the resume
/// function reads: Dynamo returns it from the graph, `return (s53, s0)`).
void flatten_live(const V& v, std::vector<V>& out);
/// Python's builtin exception names (interp_exc.cpp) and the rest of its builtins (builtins_more.cpp).
bool builtin_exception(const std::string& name);
/// Does class `cls` (a user class, a builtin exception's class object, or a builtin name) derive from `name`?
bool class_derives_from(const V& cls, const std::string& name);
/// A subclass of torch.autograd.Function, through any base (interp/interp_attr.cpp)
bool is_autograd_function_class(const V& c);
/// torch.autograd.Function.__init__'s DeprecationWarning (stacklevel=2: shown for code of __main__), run eagerly
/// through the warnings stub: a Function subclass `cls` was instantiated (runtime/builtins/torchlib/builtins_autograd.cpp)
void warn_function_instantiated(Interp& I, const V& cls, Location loc);
/// The running code's module name (its globals' `__name__`), null outside any module (builtins_stdlib.cpp)
V current_module_name(const Interp& I);
/// A warning the interpreter itself raises (torch's C++ warnings, Function.__init__'s), shown through the warnings
/// stub's filters and registry as if warnings.warn ran in the current module (builtins_stdlib.cpp)
void show_warning(Interp& I, const std::string& text, const char* category, Location loc);
/// A builtin exception name that is `want` or derives from it (OSError -> Exception).
bool builtin_exception_is(const std::string& name, const std::string& want);
const std::set<std::string>& more_builtin_names();
/// A class attribute (method) by name through the bases, depth first; null when none (interp_ops.cpp).
V find_in_class(const V& cls, const std::string& name);
/// The class's own Python __getattribute__ (a function it or a base defines), null when it has only object's.
inline V python_getattribute(const V& cls) {
  V ga = cls ? find_in_class(cls, "__getattribute__") : nullptr;
  return ga && ga->k == VK::Func ? ga : nullptr;
}
/// Python's method resolution order (C3) of a class (interp_ops.cpp).
std::vector<V> class_mro(const V& cls);
/// Whether class `cls` is `base` or derives from it through any of its bases (multiple inheritance).
bool class_derives(const V& cls, const V& base);
/// torch.nn's built-in class `cls` is `base` or derives from it (Conv2d -> _ConvNd -> Module; torch/nn/modules)
bool nn_class_derives(const std::string& cls, const std::string& base);
/// torch's treatSequenceAsTuple: a list index of a tensor holding a slice, None, Ellipsis, a tensor or a sequence is
/// read as the tuple of its items (pymarl's `target["filled"][[slice(None), slice(0, 1)]]`); else the index itself
V tensor_index_as_tuple(const V& idx);
/// An nn.LSTM / GRU / RNN instance: what VariableBuilder refuses to wrap (allow_rnn=False; dynamo/variables/wrap_rules.cpp)
bool is_rnn_module(const V& v);
/// The positions a slice selects in a sequence of n items (Python's slice.indices, then range).
std::vector<size_t> slice_positions(const V& slice, size_t n);
/// torch.nn's lazy modules (LazyLinear, LazyConv2d, LazyBatchNorm2d, ...): their arguments wait in these attributes
/// for the first call (torch/nn/nn_modules.cpp)
bool nn_lazy_class(const std::string& cls);
inline constexpr const char* kLazyArgs = "__tparse_lazy_args__";
inline constexpr const char* kLazyKwargs = "__tparse_lazy_kwargs__";
/// TYPE_MATCH's text for a built-in torch.nn module at `src` (`type=<class 'torch.nn.modules.conv.Conv2d'>`;
/// container_guards.cpp)
std::string builtin_module_type_guard(const V& mod, const std::string& src);
/// A source with a dict key's inner local qualified as Dynamo names it: `x[list(dict.keys(cache))[0]]` ->
/// `x[list(dict.keys(L['cache']))[0]]` (container_guards.cpp)
std::string qualify_dict_keys(std::string source);
/// A frame-local source as guards name it: `x` -> `L['x']`, `args[0]` -> `L['args'][0]` (dynamo.cpp)
std::string local_source(const std::string& n);
/// The class object of a built-in torch.nn class by name (`nn.Linear`; builtins.cpp).
V nn_class(const std::string& name);
/// The module a torch.compile'd submodule (an OptimizedModule) wraps, or null (builtins_module.cpp).
V compiled_module(const V& c);
/// The class an ABC's cache keys v by (`list`, `Tensor`, a user class's own name and identity) (abc_checks.cpp).
std::string abc_class_key(const V& v);
/// isinstance(v, collections.abc.<abc>) by the kind of v, as CPython's registrations answer (builtins_more.cpp).
bool abc_instance(const V& v, const std::string& abc);
/// A builtin (mk_builtin) name that is a type of Python's (int, list, type, ...), not a function.
bool builtin_is_type(const std::string& name);
/// a Python builtin function or type (Dynamo's BuiltinVariable): print, len, dict, isinstance, ...
bool python_builtin(const std::string& name);
/// a gradient's source (`G['params'][0].grad`, GradSource): symint.cpp
bool grad_source(const std::string& src);
/// A class deriving enum.Enum (the bundled stub), and its members in definition order (enum.cpp).
bool is_enum_class(const V& cls);
std::vector<V> enum_members(const V& cls);
/// Guard source (`x`, `args[0]`, `self._modules['drop'].training`) resolved against frame inputs (guard_check.cpp).
V resolve_source(const std::string& src, const std::vector<std::pair<std::string, V>>& inputs);
/// Does the module (or a submodule) hold a parameter, other than those of `existing` (interp_ops.cpp)?
bool module_has_params(const V& mod, const std::set<const Obj*>& existing = {});
/// The parameters reachable from a constructor's arguments (interp_ops.cpp).
std::set<const Obj*> params_in_args(const std::vector<V>& args, const std::vector<std::pair<std::string, V>>& kwargs);
/// The lengths of an optimizer's per-parameter state dicts in its state's key order (our Optimizer: `state` is a
/// defaultdict keyed by parameter) — guard_check.cpp
std::vector<long long> optimizer_state_lens(const V& opt);
/// How many eager backward passes the running program made (Interp::backward_runs_, mirrored for the guard check:
/// a parameter's `.grad` exists after one, whether or not the program read it — guard_check.cpp)
long long& backward_runs_now();
/// A tensor's `.grad` as the run knows it (a gradient is made at its first read after a backward): nullptr when None
V grad_of(const V& t);
/// The names a function's code mentions from the top-level statement holding `line` on (dynamo/breaks/restart.cpp).
std::set<std::string> names_from(const FuncDef* fn, int line, const Stmt* after_test = nullptr);
/// TENSOR_MATCH's dispatch key set of a tensor as a guard sees it: an inference tensor has no autograd keys, and under
/// inference_mode (`tls_inference`) the autograd key is excluded (real torch 2.11: program inference_mode_switch).
std::string dispatch_keys(const TensorInfo& t, bool tls_inference);
/// First failing guard of `e` for these inputs, in torch's words; "" when all pass. `old`: torch < 2.4 texts.
std::string fail_reason(const CacheEntry& e, const std::vector<std::pair<std::string, V>>& inputs,
                        const std::shared_ptr<Env>& globals, bool old, bool tls_inference = false);

/// compilation_metrics JSON (trace_events.cpp); `limit`: the recompile-limit record (nulls).
std::string metrics_json(const std::string& cid, int frame_key, const std::string& co_name, const std::string& co_filename,
                         int firstlineno, int cache_size, int guard_count, const Graph* g, bool ok, const std::string& fail_type,
                         const std::string& fail_reason, const std::vector<std::string>& restarts, const std::string& recompile_reason,
                         bool has_guarded, const std::vector<StackFrame>& stack, bool limit, int accumulated);

/// An object's truth as CPython's: __bool__, else __len__, else true; nn's containers by emptiness (interp_attr.cpp).
bool instance_truth(Interp& I, const V& v, Location loc);
/// A decided `A == B` of two symbolic sides: ShapeEnv's replacement of the symbol of the largest hint (specialize.cpp).
void sym_equal_replacement(Interp& I, const std::string& a, const std::string& b);
/// ShapeEnv._set_replacement's range check: a symbol stands for an expression only when the expression's value range
/// (from its symbols' ranges: a size's [2, oo], an int's unbounded) lies inside the symbol's own (specialize.cpp;
/// `s92` = `s33 - s42 + s76` is skipped, its range is unbounded below: VideoPose3D's concatenated batch, real torch 2.11)
bool replacement_keeps_range(const FrameCtx& ctx, const std::string& bare, const std::string& target);

/// A value as Dynamo's VariableTracker repr in a break's context (`ConstantVariable(int: 6)`, `TensorVariable()`)
std::string variable_repr(const V& a);
/// Adds a value guard to the frame's guards unless one of its source and kind is there (container_guards.cpp)
void push_value_guard(FrameCtx& ctx, ValueGuard g);
/// CPython's TypeError message for `fnv(*args, **kwargs)` whose arguments do not bind to its parameters; empty when they
/// bind (interp.cpp)
std::string bind_error(const V& fnv, const std::vector<V>& args, const std::vector<std::pair<std::string, V>>& kwargs);

}  // namespace tparse::compiler
