// The abstract interpreter: runs the script's module code eagerly and compiled frames under a
// Dynamo-like tracer (graph capture, guards, graph breaks, resume frames, recompiles).
#pragma once

#include <algorithm>
#include <functional>
#include <set>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "frontend/ast.hpp"
#include "torch/graph.hpp"
#include "dynamo/guards/guards.hpp"
#include "trace/trace_writer.hpp"
#include "runtime/values/value.hpp"
#include "runtime/frame_state.hpp"
#include "runtime/interp_helpers.hpp"
#include "runtime/activation.hpp"
#include "runtime/module_hooks.hpp"
#include "torch/random/cpu_generator.hpp"  // (and runtime/mt19937.hpp)

namespace tparse::compiler {

struct OpCall;  // torch/op_table.hpp
/// sys.getrecursionlimit() of CPython: calls nested deeper raise RecursionError.
inline constexpr size_t kRecursionLimit = 1000;

class Interp {
 public:
  Interp(std::string path, std::string source, Profile prof);
  void run(const Module& m);
  std::string trace() const { return writer_.text(); }
  /// Notes for the last error: the user call chain and import chain that led to it (outermost first).
  std::string error_context() const { return err_ctx_; }
  std::string err_ctx_;

  // ---- evaluation (interp.cpp) ----
  V eval(const ExprP& e);
  /// An annotation's value: typing's alias objects for subscripts and `X | Y` (runtime/annotations.cpp)
  V eval_annotation(const ExprP& e);
  /// `name: T` in a class body: T into the class's own __annotations__ (a string under future annotations)
  void class_annotation(const Stmt& s);
  /// typing.NAME (the typing stub's helpers for annotations)
  V typing_helper(const char* name, Location loc);
  void exec_block(const std::vector<StmtP>& body);
  void exec(const StmtP& s);
  void exec_stmt(const StmtP& s);  ///< exec() without the depth-0 checkpoint
  std::string rnn_repr(const V& m);  ///< `LSTM(16, 16, batch_first=True)` (torch/nn/nn_module_call.cpp)
  /// A loop's item `x` of `container` first used at `use`: an RNN item of a module container, or of a plain list or
  /// tuple the frame read, is refused by VariableBuilder there (a lazy item's instruction-level break; dynamo/variables/wrap_rules.cpp)
  void lazy_rnn_item(const V& container, const V& x, Location use);
  /// LOAD_GLOBAL of a module global v in a recorded frame: its source, guards and dynamic wrapping; the value the frame
  /// sees instead of v, or nullptr (dynamo/variables/wrap_rules.cpp)
  V wrap_module_global(Activation& act, Env* e, const std::string& name, const V& v, Location loc);
  void assign(const ExprP& target, V v);
  V subscript_read(V obj, V idx, Location loc);
  /// a call's arguments (runtime/interp/calls/interp_call_args.cpp); true when `*` / `**` make it CALL_FUNCTION_EX
  bool eval_call_args(const Expr* e, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs);
  /// A user iterator (an instance whose class defines __next__: itself, or what its __iter__ returns), else nullptr;
  /// `user_next` steps it (false at StopIteration) — interp_ops.cpp
  V user_iterator(const V& v, Location loc);
  bool user_next(const V& it, V& out, Location loc);  ///< BINARY_SUBSCR (a break there resumes after it) — interp_expr.cpp
  void assign_subscript(const ExprP& target, V obj, V idx, V v);  ///< STORE_SUBSCR of evaluated operands
  void del_target(const ExprP& target);  ///< `del x`, `del d[k]`, `del xs[a:b]`, `del obj.attr` (interp_expr.cpp)
  V call(V callee, std::vector<V> args, std::vector<std::pair<std::string, V>> kwargs, Location loc);
  V call_plain(V callee, std::vector<V> args, std::vector<std::pair<std::string, V>> kwargs, Location loc);  ///< no guess bookkeeping
  V call_user(V fnv, std::vector<V> args, std::vector<std::pair<std::string, V>> kwargs,
              std::shared_ptr<FrameCtx> ctx, int depth, V self = nullptr);
  V getattr(V obj, const std::string& name, Location loc);
  V apply_descriptor(const V& m, const V& inst, const V& cls, Location loc);
  V class_attr(const V& obj, const std::string& name, Location loc);
  V super_attr(const V& obj, const std::string& name, Location loc);  // interp_super.cpp
  void make_enum_members(const V& cls);                                     ///< enum.cpp: at class creation
  V enum_call(const V& cls, const std::vector<V>& args, Location loc);      ///< Cls(value): the member
  V inplace_binop(const std::string& op, V cur, V rhs, Location loc);  ///< `cur op= rhs` (not a tensor)
  V user_dunder(const V& obj, const char* name, std::vector<V> args, Location loc);  ///< obj's class's dunder, else null
  V percent_format(const std::string& f, const V& rhs, Location loc);  ///< `"%d" % x` (interp_ops.cpp)
  void setattr(V obj, const std::string& name, V v, Location loc);
  void object_setattr(V obj, const std::string& name, V v, Location loc);
  V lookup(const std::string& name, Location loc);
  /// specialize_float=False: a float global that changed since the last compile is tensorified
  /// (0-dim f64 graph input + `.item()`, TYPE_MATCH and two LAMBDA guards); see recompile_global.
  /// a dynamic float (`source` G['x'] / L['x'], `src` the input's key in ctx.sources): its 0-d float64 graph input
  /// and item() node, once per frame; `guard`: add its TYPE_MATCH guard (a global's)
  V tensorified_float(const std::string& source, const std::string& src, V v, Location loc, bool guard);
  bool truthy(V v, Location loc);
  std::vector<V> iterate(V v, Location loc);
  V binop(const std::string& op, V a, V b, Location loc);
  V binop_plain(const std::string& op, V a, V b, Location loc);  ///< binop without the guess bookkeeping
  V compare_plain(const std::string& op, V a, V b, Location loc);
  V binop_numbers(const std::string& op, V a, V b, Location loc);  ///< binop without the numpy-scalar rule
  V compare(const std::string& op, V a, V b, Location loc);
  V subscript(V obj, V idx, Location loc);
  [[noreturn]] void error(Location loc, const std::string& msg);
  // ---- exceptions and graph breaks raised: their declarations are a header of their own ----
#include "runtime/interp_raise.hpp"  // IWYU pragma: keep (members of Interp)
  /// str(v) / repr(v) as CPython: a class's own __str__ / __repr__, an exception's args, else the builtin text
  std::string str_of(const V& v, Location loc);
  std::string repr_of(const V& v, Location loc);

  // ---- builtins and torch (builtins.cpp; torch/dispatch.cpp through the op table, torch/op_table.hpp; torch/nn/) ----
  V call_builtin(const std::string& name, std::vector<V>& args,
                 std::vector<std::pair<std::string, V>>& kwargs, Location loc, V self);
  V builtin_attr(V obj, const std::string& name, Location loc, bool& found);
  /// str / list / dict methods ("str.split", "list.append", "dict.get"); `handled` false for other names
  /// or methods (builtins_methods.cpp).
  /// The rest of Python's builtins (builtins_more.cpp); `handled` false when `name` is not one of them.
  V call_object_builtin(const std::string& name, std::vector<V>& args, Location loc, V self, bool& handled);  // builtins_object.cpp
  V call_os_builtin(const std::string& name, std::vector<V>& args, Location loc, bool& handled);
  V call_more_builtin(const std::string& name, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs, Location loc, bool& handled);
  V call_file_builtin(const std::string& name, std::vector<V>& args, Location loc, bool& handled);  // builtins_files.cpp
  /// bytes() / bytearray(), str.encode ("bytes.__encode__") and the bytes methods ("bytes.decode", ...): builtins_bytes.cpp
  V call_bytes(const std::string& name, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs, Location loc, V self);
  bool file_written(const std::string& path) const;  ///< the run wrote `path` (builtins_files.cpp)
  /// Calls a module that has forward hooks or pre-hooks (builtins_module.cpp): nn.Module._call_impl's order
  V call_with_hooks(const V& module, std::vector<V> args, std::vector<std::pair<std::string, V>> kwargs, Location loc);
  const Obj* hooks_bypass_ = nullptr;          ///< the module call_with_hooks is calling itself (hooks already run)
  const Obj* own_call_bypass_ = nullptr;       ///< the module whose own __call__ called super().__call__ (Module.__call__ next)
  V call_module_method(const std::string& m, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs,
                       Location loc, V self, bool& handled);  ///< builtins_module.cpp
  V state_dict_method(const std::string& m, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs,
                      Location loc, V self);  ///< builtins_module.cpp
  V call_iter_builtin(const std::string& name, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs,
                      Location loc, bool& handled);  ///< builtins_iter.cpp
  V call_number_builtin(const std::string& name, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs,
                        Location loc, bool in_compiled, bool& handled);  ///< builtins_math.cpp
  V call_container_method(const std::string& name, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs,
                          Location loc, V self, bool in_compiled, bool& handled);
  V call_builtin_model(const std::string& name, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs,
                       Location loc, V self, bool& handled);  ///< builtins_model.cpp
  /// torch._check / _check_with / _check_tensor_all(_with) as Dynamo traces them (builtins_model.cpp)
  V torch_check(const std::string& name, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs, Location loc);
  V call_torch_library(const std::string& name, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs,
                       Location loc, bool& handled);  ///< torch/torch_library.cpp
  V call_custom_op(const std::string& name, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs,
                   Location loc, bool& handled);  ///< torch/custom_ops.cpp
  V sys_attr(const std::string& name);  ///< builtins_more.cpp
  V call_stdlib_hook(const std::string& name, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs,
                     Location loc, V self, bool& handled);  ///< builtins_stdlib.cpp
  void proxy_args_break(const V& self, const std::vector<V>& args, const std::vector<std::pair<std::string, V>>& kwargs, Location loc);  ///< GB0055
  V torch_fn(const std::string& name, std::vector<V>& args,
             std::vector<std::pair<std::string, V>>& kwargs, Location loc);
  V tensor_method(V self, const std::string& name, std::vector<V>& args,
                  std::vector<std::pair<std::string, V>>& kwargs, Location loc);
  /// An op's table rule between the value hooks, with Dynamo's check of an `out=` tensor's shape (torch/dispatch.cpp).
  V run_rule(OpCall& c);
  /// Dynamo's decompositions of `add_(o, alpha=a)`, `addcmul_(a, b, value=v)`, `addcdiv_(a, b, value=v)` in a frame
  /// (nullptr: not one of them) — torch/dispatch.cpp.
  V dynamo_decomposed_method(V self, const std::string& name, std::vector<V>& rest,
                             std::vector<std::pair<std::string, V>>& kwargs, Location loc);
  V tensor_binop(const std::string& op, V a, V b, Location loc, bool reflected);
  V tensor_binop_shape(const std::string& op, V a, V b, Location loc, bool reflected);  ///< the node and shape, no values
  /// A store through `obj.__dict__` (nullptr: a delete): the attribute itself, no setter (interp_ops.cpp).
  void instance_dict_store(const V& obj, const std::string& name, const V& v);
  /// `t.T` / `.mT` / `.H` / `.mH` / `.real` / `.imag`: an attribute read that is a view; Dynamo traces it as
  /// `call_function getattr(t, 'T')` (printed `t.T`, counted by explain) — torch/dispatch.cpp. `.data` is
  /// `torch._C._autograd._get_data_attr(t)`.
  V tensor_view_attr(V self, const std::string& name, Location loc);
  /// A call node returning a tuple of tensors, then one getitem node per part; `fields` name the parts.
  V einops_pack(bool pack, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs, Location loc, bool& handled);
  V tuple_result(V whole, const std::vector<TensorInfo>& parts, const std::vector<std::string>& fields);
  /// Item i of a tuple_result is read (unpacked, indexed, `.values`): its getitem node, once.
  void materialize_item(const V& tuple, size_t i);
  void realize(const V& t);  ///< a frame input (LazyVariableTracker) becomes a placeholder when first read
  /// realize() for an identity test (`x is None`, isinstance): a tensor reached through an attribute of a frame local
  /// (`encoder_outputs.last_hidden_state`, not a module's registry) is wrapped too, its TENSOR_MATCH kept
  void realize_identity(const V& t);
  /// An nn.Module the frame holds as a plain local (UnspecializedNNModuleVariable) is realized at its first use (an
  /// attribute read, an identity test): its TYPE_MATCH guard comes there
  void realize_module_local(const V& obj, Location loc);
  /// dict.__getitem__ itself, a subclass's own __getitem__ bypassed (`__getattr__ = dict.__getitem__`; interp_items.cpp)
  V dict_getitem(const V& obj, const V& idx, Location loc);
  /// A key as a dict or set hashes it in a frame: its SymInts / SymFloats evaluated (specialized) to numbers
  V hashed_key(const V& k, Location loc);
  // ---- SymInts and SymBools (torch/symbols/): their declarations are a header of their own ----
#include "runtime/interp_symbols.hpp"  // IWYU pragma: keep (members of Interp)
  /// torch.nn.utils.parametrizations.weight_norm / torch.nn.utils.weight_norm (legacy) on a module (torch/nn/parametrize.cpp)
  V nn_weight_norm(std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs, Location loc, bool legacy);
  /// A parametrized tensor read from a module (`conv.weight` after weight_norm), else null
  V nn_parametrized_attr(const V& mod, const std::string& name, Location loc);
  /// remove_weight_norm (legacy) / parametrize.remove_parametrizations: the weight a Parameter of its own again
  V nn_remove_weight_norm(std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs, Location loc, bool legacy);
  /// The node of `t` (when recorded) carries torch's own frame as its `# File:` line: torch/REL:LINE in FN, CODE
  /// (a Python function of torch's that Dynamo inlines: F.pad, the weight_norm parametrizations); returns the node's
  /// index in the frame's graph, -1 when `t` is not a recorded op's result
  int torch_frame(const V& t, const std::string& rel, int line, const std::string& fn, const std::string& code);
  int torch_frame_node(int node, const std::string& rel, int line, const std::string& fn, const std::string& code);
  void torch_origin(int file, Node& n) const;
  /// `obj.name = v` inside a compiled frame on an object from before it: a graph output (FrameCtx::attr_stores)
  void note_attr_store(const V& obj, const std::string& name, const V& v);
  V nn_construct(const std::string& cls, std::vector<V>& args,
                 std::vector<std::pair<std::string, V>>& kwargs, Location loc, V inst);
  void nn_init_done(const std::string& cls, V inst, Location loc);
  /// a float a built-in module's Python forward reads from self (`p`, `eps`, `norm_type`): under dynamic=True a graph input
  /// and its item() (`checked`: torch's code checks it, specializing the symbol to the value); nn_modules.cpp
  // (`at_rel`, `at_line`, `at_code`: where torch's forward reads it, for its guard's comment and stack)
  std::string stale_method_;  ///< `Parameter.mul`: a tensor method on a resume's stack, called next (depth0_call breaks)
  bool pin_float_expr(const std::string& expr, std::optional<double> value, Location loc, const char* site = nullptr);  ///< specialize.cpp
  V nn_float_attr(const V& mod, const std::string& n, Location loc, bool checked = true, const char* at_rel = nullptr, int at_line = 0,
                  const char* at_code = nullptr);
  /// _NormBase._check_input_dim of a built-in batch norm class: torch's rank check (nn_modules.cpp)
  void nn_check_input_dim(const std::string& cls, const V& input, Location loc);
  V nn_forward(V mod, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs,
               Location loc);
  V make_module(const std::string& name);
  void nn_materialize_lazy(const V& mod, const std::vector<V>& args, Location loc);  ///< a Lazy* module's first call (torch/nn/nn_modules.cpp)
  V nn_call_module(V mod, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs, Location loc);

  // ---- graph recording (torch_ops.cpp) ----
  /// Records a node when the current frame is tracing; returns the result tensor value.
  V scalar_binary_fn(const std::string& name, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs, Location loc);  ///< dispatch.cpp
  V emit(const std::string& op, const std::string& target, const std::string& base, bool infix,
         const std::vector<V>& args, const std::vector<std::pair<std::string, V>>& kwargs,
         TensorInfo out, Location loc);
  Arg to_arg(const V& v);
  /// A new node's user line, function, code text and file: the current expression's line when it lies
  /// inside the running statement (a multi-line call), else the statement's line.
  void stamp_node(Node& n, Location loc) const;
  /// A plain call_function node of no tensor meta (a tuple's getitem, `math_log` of a size, numpy_attr_wrapper's
  /// shape read), stamped at `loc`; its index in the graph being recorded, or -1 when not tracing.
  int add_call(const std::string& target, const std::string& base, std::vector<Arg> args, Location loc, bool infix = false);
  int node_of(const V& t);
  static std::string python_file_name(const std::string& path);  ///< `__file__`: absolute for a file on disk (imports.cpp)
  bool tracing() const;
  /// Dynamo's repr of argument `a` in a break's debug context: a frame input read here is a lazy tracker, realized
  /// (`LazyVariableTracker(realized: TensorVariable())`), else variable_repr's
  std::string tracker_repr(const V& a) const;
  /// `repr(type(a))` as a break's context prints an argument's python_type(): `<class 'm.Layer'>`, `<class 'torch.Tensor'>`
  std::string python_type_repr(const V& a);
  /// `e` is the value the running statement returns (a `return`'s, a lambda's body, a branch of a conditional there):
  /// a break at its instruction resumes nowhere
  bool returned_expr(const Activation& act, const Expr* e) const;
  /// A grad-mode node of a context manager Dynamo traces (GradModeVariable / InferenceModeVariable):
  /// `target(args)` in the graph being recorded; its index, or -1 when not tracing.
  int emit_ctx_node(const std::string& target, const std::string& base, std::vector<Arg> args, Location loc);
  /// Runs `body` inside `with <ctx>():` (no_grad / enable_grad / inference_mode) as Dynamo traces it.
  /// `cm`: for kind "autocast", the manager (its items are _enter_autocast's arguments)
  V with_grad_ctx(const std::string& kind, Location loc, const std::function<V()>& body, const V& cm = nullptr);
  bool grad_enabled() const { return grad_enabled_; }
  /// torch.autocast's state per device type ("cpu", "cuda"): the dtype ops of its lower-precision list run in while
  /// it is on (a `with torch.autocast(...)` in eager code or a frame; interp_grad.cpp), empty when off
  std::map<std::string, std::string> autocast_on_;
  std::string autocast_dtype(const std::string& device) const {
    auto it = autocast_on_.find(device);
    return it == autocast_on_.end() ? std::string() : it->second;
  }
  /// A grad-mode `with` block open in a frame's own code (mode outside and inside): a break inside it ends the partial
  /// graph by restoring the outer mode and the resume function enters the block's mode again (restart.cpp)
  /// An open grad-mode or autocast `with` of a recording frame: a partial graph made inside it leaves it (the mode
  /// restored, `_exit_autocast(enter)`), the resume function enters it again (`enter`: its enter node in the graph now)
  struct GradBlock { Activation* act; FrameCtx* ctx; bool outer, inner; bool autocast = false; std::vector<Arg> args; int enter = -1; };
  std::vector<GradBlock> grad_blocks_;
  bool inference_mode_ = false;  ///< torch.inference_mode() is on (tensors made now are inference tensors)
  /// how a torch call's arguments were written, for its node (Dynamo records the call as written): the first tensor
  /// passed by keyword (`F.conv2d(input=x)`, `sdpa(query=q)`) and numpy's names (`keepdims=`, `axis=`)
  struct WrittenArgs {
    const Obj* first = nullptr;
    std::string first_name;
    std::vector<std::pair<std::string, std::string>> renamed;  ///< torch's name -> the name written
  } written_;
  void apply_deferred_setters(const FrameCtx& ctx, Location loc);  ///< property stores a frame deferred (side_effect_replay.cpp)
  // ---- Dynamo (dynamo.cpp) ----
  /// functools.lru_cache'd functions (stubs/functools.py): their eager results by argument key (interp_ops.cpp)
  std::map<const Obj*, std::map<std::string, V>> lru_caches_;
  bool lru_cache_key(const std::vector<V>& args, const std::vector<std::pair<std::string, V>>& kwargs, std::string& key);
  V concrete_result(const V& r);  ///< a frame's result as its caller sees it: SymInts as their ints (run_frame.cpp)
  void count_frame(const CodeState& cs, bool skipped);  ///< a frame handed to Dynamo (frames.total; frame_count.cpp)
  void count_generator_frame(const std::shared_ptr<const FuncDef>& fn);  ///< a generator function called eagerly
  void count_code_once(const std::string& key, const std::shared_ptr<const FuncDef>& owner, const std::string& co_name, int firstlineno, int file);  ///< handed to Dynamo once, then skipped
  V run_frame(V fnv, std::vector<V> args, std::vector<std::pair<std::string, V>> kwargs,
              Location loc, bool module_wrapper, V module, std::shared_ptr<CompileOpts> opts);
  V torch_version_compare(const std::string& op, const V& a, const V& b);
  /// hasattr(obj, name) on an object the frame reaches: Dynamo guards the answer (`not hasattr(self, 'fused')`)
  void guard_hasattr(const V& obj, const std::string& name, bool has, Location loc);
  V call_attr_builtin(const std::string& name, std::vector<V>& args, Location loc, bool& handled);
  /// The __init__ @dataclass generates, as Python source of "<string>" (builtins_stdlib.cpp); null: use the builtin
  V dataclass_init_function(const V& cls, const std::vector<std::string>& fields, const std::vector<std::string>& init_vars,
                            Location loc);
  V eval_builtin(std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs, Location loc);
  V literal_eval_builtin(const V& text, Location loc);
  V deep_copy(const V& v, std::map<const Obj*, V>& memo);
  V call_compiled(V callee, std::vector<V> args, std::vector<std::pair<std::string, V>> kwargs, Location loc,
                  bool in_compiled);
  V depth0_call(V callee, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs,
                Location loc, const std::string& call_kind);
  void data_dependent_jump(V cond, Location loc, bool& branch);
  /// GB0170's message for a jump on cond (a tensor, or an ndarray: an attribute's named as lazily realized)
  [[noreturn]] void polyfill_jump_break(const std::string& fn, const V& elem, Location loc);  ///< any() / all()'s jump
  std::string jump_message(const V& cond);
  /// What a speculative trace changed (graph nodes, renames, guards, described inputs, the shape env's additions):
  /// marked before it, rolled back when a break inside it restarts the analysis (trace_mark.cpp)
  struct TraceMark {
    size_t cp = 0, renames = 0, tguards = 0, gguards = 0, described = 0, vguards = 0, sym_rels = 0, sym_eqs = 0;
    std::map<std::string, long long> specialized;
    std::map<std::string, std::string> replacements;  ///< ShapeEnv's (a discarded attempt's unifications go with it)
    size_t deferred_linear = 0;  ///< (FrameCtx::deferred_linear: a discarded attempt's size sums go with it)
  };
  TraceMark mark_trace(FrameCtx& ctx);
  /// The trace's nodes from `nodes` on are discarded: the CPU generator as before the first random op among them
  /// (trace_mark.cpp)
  void undo_traced_draws(FrameCtx& ctx, size_t nodes);
  /// CPython 3.12's value stack at a break in statement `st`: how many values lie below expression `target` (a call's
  /// callable and receiver, earlier arguments and operands; NULLs not counted): the resume function's ___stack0..
  int stack_values_below(const Activation& act, const Stmt* st, const Expr* target);
  int stack_values_below_call(const Activation& act, Location loc);  ///< below the call at `loc`
  /// the values below the call at `loc` when each is a binary operator's left operand or an outer call's callable or
  /// argument evaluated in this statement (Activation::operands): a tensor argument as itself, a callable or another
  /// argument nullptr (a slot with no input); empty when none is an operand or tensor (stack_values_below_call counts them)
  std::vector<V> operand_values_below_call(const Activation& act, Location loc);
  /// a frame input's tensor Dynamo wrapped (TENSOR_MATCH, its description) that the graph does not use: no placeholder
  void guard_wrapped_tensor(FrameCtx& ctx, const V& t, const std::string& src, Location loc);
  /// the call of statement `st` that takes `arg` as an argument (a generator expression's consumer); null if none
  static const Expr* call_taking(const Stmt* st, const Expr* arg);
  /// `shape_env`: the shape env's additions go too (a restarted attempt); a comprehension's speculation keeps them
  void rollback_trace(FrameCtx& ctx, const TraceMark& m, bool shape_env = true);
  /// A list / dict / set comprehension or generator expression (interp_expr.cpp); in a traced frame's own
  /// code a list or dict comprehension is speculated (dynamo/breaks/comprehension.cpp)
  V eval_comprehension(const ExprP& e);
  /// a generator expression consumed item by item (traced sum(), next()): the expression whose items go to
  /// lazy_gen_sink_ as they are made
  const Expr* lazy_gen_expr_ = nullptr;
  std::function<void(V)> lazy_gen_sink_;
  /// sum / next / any / all(<generator expression>), sum(map(f, xs)): consumed as CPython / Dynamo's polyfills pull
  /// the items (lazy_consumers.cpp); false: not such a call
  bool lazy_consumer_call(const ExprP& e, const V& callee, V& out);
  /// runs generator expression `gen`, each item handed to `sink` as it is made (a sink throwing StopPulling ends it)
  void pull_genexpr(const ExprP& gen, const std::function<void(V)>& sink);
  V sum_add(V acc, const V& x, Location loc);  ///< one add of traced sum() (builtins_iter.cpp)
  V speculate_comprehension(const ExprP& e);
  /// A break met inside a comprehension or generator expression of the frame's own code (comprehension.cpp):
  /// rethrown as not resumable (`step`), or as skipping the frame (`skip_frame`, an inlined generator)
  void rethrow_in_comprehension(Activation& act, GraphBreak gb);
  /// step()'s fallback to a later comprehension's speculation for an unresumable break (comprehension.cpp); false: none
  bool fall_back_to_comprehension(Activation& act, const GraphBreak& gb);
  void exec_assert(const Stmt* s);  ///< interp_exc.cpp
  void exec_if(const Stmt* s);      ///< interp_exc.cpp
  bool test_jumps(const ExprP& e);  ///< a condition's jumps, one per evaluated operand of an and / or chain (interp_exc.cpp)
  void exec_match(const Stmt* s);   ///< interp_match.cpp: the match statement
  bool match_pattern(const ExprP& p, const V& subject, Location loc);
  void exec_while(const Stmt* s);   ///< interp_exc.cpp
  void exec_with(const StmtP& s);   ///< interp_exc.cpp
  V call_without_callback(const V& fn, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs);
  /// After a loop body: consumes break / continue; true when the loop ends here (break, or a return to propagate).
  static bool loop_flow(Activation& act, bool& broke);
  void replay_inlined_calls(FrameCtx& ctx);  ///< side_effect_replay.cpp
  void skip_frame_from_start(Activation& act, const std::string& msg, const std::string& gb_type, Location loc);  ///< comprehension.cpp
  /// A non-resumable break in statement `s` at depth 0: compile up to the statement, run the rest eagerly.
  /// `guards`: the frame's tensor and value guards at the checkpoint (those made after it go with the trace)
  void step_break(Activation& act, const GraphBreak& gb, const Stmt& s, size_t cp, bool at_try = false,
                  std::pair<size_t, size_t> guards = {SIZE_MAX, SIZE_MAX});
  void restart_after_break(FrameCtx& ctx, const GraphBreak& gb, const std::string& reason);
  [[noreturn]] void sparse_input(const V& t, Location loc);
  [[noreturn]] void ndarray_refused_input(const V& t, Location loc);  ///< dynamo/variables/sparse_input.cpp
  /// super() of a module whose own __init__ is a frame before nn.Module.__init__ ran: VariableBuilder's GB0119
  void uninit_module_super(const V& self, Location loc);  ///< dynamo/variables/sparse_input.cpp
  std::set<const Obj*> uninit_modules_;  ///< user nn.Modules whose __init__ runs as a frame (under the callback)
  [[noreturn]] void skip_refused_frame(Activation& act, const GraphBreak& gb, bool count_resume);
  void lazy_input_dims(FrameCtx& ctx, const V& t, const std::string& src);
  void wrap_prunable(const V& t);
  void finish_frame(Activation& act, V retval);
  std::shared_ptr<FrameCtx> enter_frame(CodeState& cs, std::vector<std::pair<std::string, V>> inputs,
                                        std::shared_ptr<CompileOpts> opts, bool is_resume);
  void enter_resume(Activation& act, const std::string& line_key, int line, V stack0 = nullptr, const Stmt* after_test = nullptr,
                    std::vector<V>* below = nullptr, int hidden = 0, const Expr* brk = nullptr);
  /// The values an augmented subscript keeps on the stack below its read (`a[b] += c`: a and b), set by the statement
  /// for its BINARY_SUBSCR: a break there makes them the resume's first stack values (their copies come back here)
  std::vector<V> stack_below_;
  void compile_graph(FrameCtx& ctx, const std::vector<V>& outs);
  bool maybe_has_backedge(const Activation& act) const;  ///< backedge.cpp
  /// Writes the records of a frame Dynamo skips (break in a loop): break reason, error, metrics.
  void emit_frame_skip(FrameCtx& ctx, const std::string& msg, Location loc, bool break_reason = true, const GraphBreak* at = nullptr);
  /// A frame ending without a graph: chromium events, dynamo_error (a failure), compilation_metrics with null counts
  void end_frame_without_graph(FrameCtx& ctx, const std::string& fail_type, const std::string& msg,
                               const std::vector<std::string>& restarts, bool has_guarded);
  std::string short_path(int file = 0) const;
  PyException fake_failure(FrameCtx& ctx, const PyException& e);  ///< an op's fake-tensor error ends the compile (run_frame.cpp)
  /// 2.3 profile: an nn.Module frame input (`self`) read by the frame gets an ID_MATCH guard.
  void guard_module_id(const V& mod, const std::string& src);
  /// 2.11: reading a submodule `src` (`self._modules['ffn']`) installs TYPE_MATCH on it
  /// (UnspecializedNNModuleVariable's source): a module of another class there recompiles.
  /// ID_MATCH on an object the frame reads (a torch.optim optimizer: its OptimizerVariable) — dynamo.cpp
  void guard_object_id(const V& obj);
  /// A class a frame holds as a plain local (UserDefinedClassVariable): ID_MATCH (CLASS_MATCH) at its first use
  void guard_class_local(const V& cls, Location loc);
  /// the frame-local source an object is (`self`, `optimizer`, `args[0]`), "" when none — dynamo.cpp
  std::string frame_source_of(const V& obj);
  /// Dynamo's guards on a plain dict / list / tuple the frame reaches from a source (a local, a global, an attribute):
  /// a constant item read is CONSTANT_MATCH'ed (`cfg['a'] == 0`), `k in d` DICT_CONTAINS, len() LENGTH_CHECK; a
  /// container item is sourced for its own reads — dynamo.cpp
  /// Guards an item the frame read from a container with a source; returns the value the frame sees (a float item
  /// that changed since an earlier compile of this code: an unspecialized float, its tensorified item())
  V guard_container_read(const V& obj, const V& idx, const V& item);
  void guard_container_contains(const V& obj, const V& key, bool present, Location loc);
  void guard_container_len(const V& obj);
  void guard_modules_len(const V& mod, Location loc);  ///< iterating an nn container: its number of children
  void guard_hooks_len(const V& mod, Location loc);  ///< a module with forward hooks called in a frame: their number
  /// SEQUENCE_LENGTH on a list read from `src` (a global's, an attribute's: TYPE_MATCH + LENGTH_CHECK), once per source
  void guard_list_len(const std::string& src, const V& list, Location loc, bool with_stack);
  /// a store into a list / dict from before the frame (it has a source): FrameCtx::mutated_containers
  void note_container_store(const V& obj);
  /// a 0-d integer input used as an index: its value guarded (`t.item() == 750`)
  void guard_tensor_item(const V& t, const std::string& src, long long value, Location loc);
  /// autograd.Function.apply under grad: one autograd_function_apply node over fwd_body / bwd_body (builtins_autograd.cpp)
  V autograd_function_hop(const V& cls, const V& fwd, std::vector<V>& fwd_args, std::vector<std::pair<std::string, V>>& kwargs,
                          const std::vector<V>& args, const V& fn_ctx, Location loc);
  V hop_results(int whole_node, const std::vector<V>& outs, const V& out, bool grad, Location loc);  ///< a HOP's outputs: a getitem per tensor
  V intermediate_hook(const V& self, Location loc);  ///< register_hook on an intermediate in a frame (dispatch.cpp)
  V call_checkpoint_builtin(const std::string& name, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs, Location loc);
  /// an int read from `src` (an object attribute) that changed since an earlier compile: its SymInt (null: static)
  V dynamic_int_attr(FrameCtx& ctx, const std::string& src, const V& v);
#include "runtime/interp_journal.hpp"  // IWYU pragma: keep (members of Interp)
  V tensorify_nested_floats(const std::string& name, const V& root,
                            const std::vector<std::pair<std::vector<size_t>, std::string>>& items, Location loc);  ///< container_guards.cpp
  /// what the compiled code loads from sources around its graph (inputs, side effects, values handed on), loaded again
  /// for what the loads run: a Python __getattribute__ is a frame (side_effect_replay.cpp)
  void replay_after_graph(const FrameCtx& ctx, const std::vector<V>& handed_on, Location loc);
  void reload_source(const FrameCtx& ctx, const std::string& src, Location loc);
  /// DICT_KEYS_MATCH on a dict the frame reads from a source (iterated, a missing key made or looked for by a key
  /// that is not a constant): its length and keys as they were before the frame changed them
  /// `ordered`: keys() / values() / items() / iteration (Dynamo's guard_on_key_order: keys checked by position)
  void guard_dict_keys(const V& obj, Location loc, bool ordered);
  /// a dict key that is not a constant (a tensor), found at `index`: ID_MATCH on `list(dict.keys(d))[index]`;
  /// returns the source of its value (`d[list(dict.keys(d))[index]]`), empty when the dict has none
  std::string guard_dict_key_at(const V& obj, size_t index);
  /// OptimizerVariable's guards on an optimizer's state (map_sources_and_install_guards): each state dict's length —
  /// dynamo.cpp; `optimizer_state_lens` reads them (guard_check.cpp)
  void guard_optimizer_state(const V& opt, bool after_init = false);
  /// A parameter's gradient read in a frame is an input named by the parameter's source (GradSource:
  /// `L['self'].param_groups[0]['params'][0].grad` -> L_self_param_groups_0_params_0_grad) — builtins_namespaces.cpp
  void name_grad(const V& param, const V& grad);
  /// torch.Tensor (the class value torch.Tensor evaluates to) and what the script assigned on it
  static bool is_tensor_class(const V& v) { return v->k == VK::Class && !v->fn && v->s == "Tensor" && v->builtin_nn.empty(); }
  std::map<std::string, V> tensor_class_attrs_;
  int run_only_depth_ = 0;  ///< inside a frame run eagerly past its recompile limit (RUN_ONLY for its callees too)
  /// OptimizerVariable's realize of `opt.param_groups` read in a frame: static parameters as get_attr nodes, every
  /// constant entry of a user optimizer's groups guarded — optimizer_variable.cpp
  void realize_param_groups(const V& opt, bool user_class, Location loc);
  void static_param_node(const V& p, const std::string& src, Location loc);
  void static_attr_node(const V& p, const std::string& full, Location loc);
  void map_optimizer_state(const V& opt, Location loc);
  bool realize_optimizer_state(const V& t);
  void move_step_if_cpu(const V& opt);
  void name_hint(const V& v, const std::string& name);
  void yielded(const V& gen, const V& item);
  /// a 0-d integer tensor as a list index, eagerly (its __index__): its value, or a noted guess 0 (interp_items.cpp)
  long long list_index_of_tensor(const V& idx, Location loc);
  void traced_gen_advance(const V& gen, size_t index, Location loc);  ///< an RNN the generator reaches (builtins_module.cpp)
  /// RuntimeError of an in-place op on a leaf that requires grad while grad mode is on (autograd's check_inplace)
  void check_leaf_inplace(const TensorInfo& t, Location loc);
  /// `group['capturable']` of a user optimizer's param group a frame realized: True (OptimizerVariable._set_capturable)
  bool capturable_reads_true(const V& group, const V& key) const;
  void note_param_group_store(const V& group);
  /// A list frame input is realized when its contents are first read (len: the list's TYPE_MATCH /
  /// LENGTH_CHECK; iteration or indexing: its items' EQUALS_MATCH too): their guard comments name that line.
  void realize_list_guards(const V& list, bool items, Location loc);
  // ---- guards on globals and the printed tree (guard_sources.cpp) ----
  std::string guard_comment(Location loc);
  /// a guard's "User stack trace" line for the read at `loc` in the running function (guard_sources.cpp)
  std::string guard_user_stack(Location loc);
  void guard_global(const std::string& name, const V& v, Location loc);   ///< LOAD_GLOBAL of a module/function
  void guard_builtin(const std::string& name, Location loc);              ///< LOAD_GLOBAL of a builtin
  void guard_global_attr(const V& obj, const std::string& attr, const V& v, Location loc);  ///< torch.cat, time.perf_counter
  std::vector<PyGuard> frame_guards(const FrameCtx& ctx, const CacheEntry& e, std::vector<std::string>& lambdas);
  int unique_id_ = 0;                          ///< torch._dynamo.utils.unique_id counter (install_global names)
  // ---- chromium_event and describe_* records (trace_events.cpp) ----
  void chromium(const FrameCtx& ctx, const std::string& name, char ph, const std::string& pre = "", const std::string& post = "");
  void chromium_dynamo_end(const FrameCtx& ctx, const std::string& metrics, bool ok);
  void chromium_tracing_end(const FrameCtx& ctx);
  void describe_input(FrameCtx& ctx, const TensorInfo& t, const std::string& source, bool again = false);
  /// `automatic_dynamic` instant event: `dim` is a JSON value (0, "scalar", "all").
  void automatic_dynamic_event(FrameCtx& ctx, const std::string& source, const std::string& dim, const std::string& reason,
                               const std::string& cached, const std::string& now);
  /// a tensor passed as two arguments and read first under `to`: the automatic-dynamic record the frame's prologue
  /// wrote under `from` becomes `to`'s, and `from` gets back the one it had (dynamo/variables/view_base_input.cpp)
  void move_alias_record(FrameCtx& ctx, std::string from, std::string to);
  /// A view input's base (`L['x']._base`): automatic dynamic on its sizes, a symbol per dynamic dim (dynamo/variables/view_base_input.cpp)
  void view_base_input(FrameCtx& ctx, CodeState& cs, const std::string& n, const std::vector<long long>& base, bool auto_dyn,
                       bool dynamic_true, const std::function<std::string(const std::string&)>& sym_for);
  // ---- modules of several files (imports.cpp) ----
  struct ModuleSource {
    std::string path, source;
    bool package = false;
  };
  /// The search path: the script's folder, the --source-roots, then the last `n_stub_roots` (--stub-path).
  void set_search_roots(std::vector<std::string> roots, size_t n_stub_roots = 0);
  bool find_module_source(const std::string& dotted, ModuleSource& out) const;
  void constant_attr_guard(const std::string& source, const V& v, Location loc);  ///< a constant attribute's value guard
  V own_attr_read(const V& obj, const std::string& name, V v, Location loc);  ///< an own attribute read in a frame
  V float_attr_automatic_dynamic(const std::string& s, const V& v, Location loc);  ///< a changed float attribute, unspecialized
  V import_in_frame(const std::string& module, const std::string& fromlist, int level, Location loc);
  bool in_package_path(const V& parent, const std::string& leaf, ModuleSource& out) const;
  bool find_stub_source(const std::string& rel, ModuleSource& out) const;  ///< --stub-path, then bundled
  bool is_overlay_package(const std::string& top) const;
  V sys_path_;                                 ///< sys.path: made on first read; entries a script adds are searched
  V sys_argv_;                                 ///< sys.argv: [the script]
  V sys_modules_;                              ///< sys.modules as the run's scripts see it (builtins.cpp)
  std::vector<Mt19937> mt_;                    ///< random.Random instances' generators (stubs/random.py)
  std::unique_ptr<Mt19937> mt0_;               ///< the random module's own generator
  rng::CpuGenerator torch_rng_;  bool torch_rng_known_ = false;  ///< torch's CPU generator, known from manual_seed on
  Location last_opaque_iter_{-1, -1, -1};  ///< where an opaque value was last iterated (as no items)
  V os_environ_;                               ///< os.environ: empty at start (variables the driver sets are kept)
  Location emit_loc_{};  ///< the op or tensor attribute read under way: a lazy get_attr it realizes is stamped at its line
  int depth0_calls_ = 0;  ///< depth0_call()s under way: an instruction of the root frame's (a CALL, a subscript) is being traced
  std::set<std::string> abc_checked_;  ///< "ABC/class" pairs an isinstance already asked (the ABC caches the answer)
  /// isinstance(x, <collections.abc ABC>) answered `is` for class `cls`: a pair's first eager check runs the ABCs'
  /// __subclasshook__ in Python, frames handed to Dynamo once each (runtime/builtins/python/abc_checks.cpp)
  void abc_check(const std::string& abc, const std::string& cls, bool is);
  std::map<std::string, std::string> written_files_;  ///< files the run wrote (absolute path -> content): never on disk
  std::vector<std::string> stub_roots_;        ///< the --stub-path part of roots_
  std::set<std::pair<const Obj*, std::string>> nonpersistent_;  ///< buffers registered with persistent=False
  std::set<std::string> stub_misses_;          ///< `os.x`-style names no stub supplies as a submodule (builtins.cpp)
  mutable std::map<std::string, bool> overlay_cache_;
  std::set<std::string> unstubbed_;            ///< overlay subpackages now read from the source roots (unstub_package)
  /// `__tparse_unstub__(pkg)`: pkg's overlay stubs give way to the source roots; its cached modules are dropped
  bool unstub_package(const std::string& dotted);
  /// Loads `dotted` (parents first) once; runs its body; built-in namespaces come from make_module.
  V import_module(const std::string& dotted, Location loc);
  /// A module CPython imported long before the compiled code ran (warnings, typing): imported with the callback off,
  /// its module code no frame (imports.cpp)
  V import_preloaded(const std::string& dotted, Location loc);
  /// A UserWarning shown eagerly: warnings.py's Python under the callback, once per text (runtime/stubs/warnings.py)
  void show_warning(const std::string& text, Location loc);
  /// A TORCH_WARN_ONCE of torch's C++: shown (show_warning) the first time the process reaches that text, never again
  void warn_once(const std::string& text, Location loc);
  std::set<std::string> warned_once_;  ///< the TORCH_WARN_ONCE texts shown
  /// The deprecation warning of a list index read as a tuple (`x[[i, j]]` holding a tensor or slice), eagerly
  void sequence_index_warning(const V& before, const V& after, Location loc);
  std::string resolve_relative(const std::string& name, Location loc) const;  ///< `.x` -> `pkg.x`
  void exec_import(const Stmt& s);
  void exec_import_from(const Stmt& s);
  int file_of_module(const std::string& dotted) const;
  std::vector<std::string> roots_;             ///< module search path (script folder first)
  std::map<std::string, std::string> file_overlay_;  ///< Options::overlay: texts read in place of files (canonical paths)
  std::map<std::string, V> loaded_;            ///< sys.modules of source modules
  std::vector<std::shared_ptr<const Module>> module_asts_;
  // ---- unknowns as values (runtime/opaque.cpp, torch/unknown_op.cpp, torch/distributed.cpp) ----
  std::vector<Unmodelled> unmodelled_;         ///< in order of first occurrence, one per (file, line, name)
  /// values tparse guessed so far (an unknown op's result shape, bincount's even split, a file assumed absent): a
  /// failing assert or unpack count after one may be the guess, not the script (an opaque import is no guess)
  size_t guesses_ = 0;
  size_t guessed_tests_ = 0;                   ///< truth tests guessed on unknown data or opaque values (while loops)
  /// Inside an assert's test: the truth an unknown tensor must have for the assertion to hold (the script ran under
  /// torch, so it held): 1 true, -1 false (under a `not`), 0 outside asserts (a guess is true).
  int assert_want_ = 0;
  void note_unmodelled(Location loc, const std::string& name);
  /// a torch op's rule rejected shapes tparse knows (not guesses): the RuntimeError torch raises — in a frame the fake
  /// tensor's, which ends the compile as a TorchRuntimeError; a rule's "unsupported" stays tparse's error (unknown_op.cpp)
  [[noreturn]] void shape_error(const CompileError& e, Location loc);
  /// Numbers tparse guessed (Tensor.item() / tolist() of data it does not know) are noted unmodelled only when one
  /// decides something — a branch, a call into torch or a builtin that is not formatting or arithmetic, an index;
  /// arithmetic carries the guess on, and printing, formatting or storing it decides nothing (a training loop's
  /// logged loss) — interp_arith.cpp
  std::vector<std::pair<Location, std::string>> guessed_numbers_;
  std::vector<bool> guessed_noted_;
  int new_guess(Location loc, const std::string& what);
  void use_guess(const V& v);
  V carry_guess(V r, const V& a, const V& b);  ///< r (a number) carries a's or b's guess
  std::vector<Unmodelled> assumed_;            ///< facts of the user's machine the run assumed (Result::assumptions)
  /// methods of the original module read through torch.compile(module), run uncompiled (Result::hints)
  std::vector<std::pair<V, Unmodelled>> bypass_reads_;
  std::set<const Obj*> compiled_entered_;      ///< compiled wrappers the run called at least once
  int import_error_handlers_ = 0;              ///< active try bodies with an `except ImportError` / ModuleNotFoundError
  /// A call of an opaque value: an opaque result (a decorator gives back the function it decorates).
  V opaque_call(const V& callee, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs, Location loc);
  /// An opaque module for `dotted` (cached in loaded_): its attributes are opaque values.
  V opaque_module(const std::string& dotted);
  /// Raises ModuleNotFoundError for a submodule the modelled install lacks (installed_modules.hpp); returns otherwise.
  void raise_if_not_installed(const std::string& dotted, Location loc);
  /// The fallback of every torch op without a shape rule (or whose rule failed): a graph node `target`
  /// (call_method when `method`, self first) whose result has the first tensor argument's shape; noted.
  V unknown_op(const std::string& target, bool method, std::vector<V>& args,
               std::vector<std::pair<std::string, V>>& kwargs, Location loc, const std::string& why);
  /// Whether a torch rule's error `e` falls back to unknown_op: no rule exists, or an operand's shape was
  /// itself guessed by unknown_op. Otherwise the error is the script's (the run stops there).
  bool falls_back(const CompileError& e, const std::vector<V>& args, const V& self) const;
  void log_module_init(Location loc);
  /// torch.distributed (world size 1 unless init_process_group says otherwise); `handled` false: not one.
  /// einops.rearrange / repeat / reduce on a tensor: one graph node with the pattern's shape (torch/interop/einops.cpp).
  V call_einops(const std::string& name, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs,
                Location loc, bool& handled);
  V einops_einsum(std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs, Location loc, bool& handled);
  V einops_layer(std::vector<V>& args, Location loc);
  V cm_split(const V& fn);  ///< @contextmanager's generator split at its yield (runtime/builtins/stdlib/builtins_contextmanager.cpp)
  std::map<const FuncDef*, std::shared_ptr<FuncDef>> cm_splits_;  ///< per generator function: its enter part (null: no split)  ///< einops.layers.torch Rearrange / Reduce forward (torch/interop/einops.cpp)
  V torch_distributed(const std::string& name, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs,
                      Location loc, bool& handled);
  bool parse_failed_ = false;
  V default_dtype_;                            ///< torch.set_default_dtype (null: float32)                  ///< an imported file did not parse: the run's error stays an error
  bool dist_initialized_ = false;
  long long dist_world_ = 1, dist_rank_ = 0;
  // ---- exceptions (interp_exc.cpp) ----
  V make_exception(const V& cls_or_name, std::vector<V> args);  ///< instance of a builtin or user exception class
  bool exception_matches(const V& exc, const V& handler, Location loc);
  void exec_try(const Stmt& s);
  void exec_finally(const std::vector<StmtP>& body);  ///< a finally block, keeping how the try was left
  std::shared_ptr<PyException> handling_;      ///< the exception an `except` body handles (bare `raise`)
  /// object.__getattribute__'s plain lookup of (object, name) under way: getattr neither calls the class's Python
  /// __getattribute__ again nor falls back to __getattr__ for it (interp_attr.cpp, builtins_object.cpp)
  const Obj* raw_getattr_obj_ = nullptr;
  int data_descriptors_ = 0;  ///< class attributes seen whose class defines __get__ and __set__ (a read looks for one first)
  std::string raw_getattr_name_;
  bool top_frame_ = false;  ///< run_frame's frame is the function torch.compile wrapped (compiled without tensor arguments too)
  std::map<std::string, V> builtin_attr_stores_;  ///< `torch.backends.cudnn.benchmark = True`: names stored on torch modules modelled in C++
  std::map<std::string, V> exc_classes_;       ///< builtin exception classes made so far, by name
  FrameCtx* init_ctx_ = nullptr;               ///< frame tracing the `Cls(...)` whose __init__ runs now
  int next_describer_ = 0;                     ///< MetaTensorDescriber ids: one per attempt, one more per compile
  long long obj_id(const Obj* o);
  std::string loop_skip_msg(const GraphBreak* gb, const CodeState& cs, int line);
  std::string user_traceback(Location loc) const;  ///< `User code traceback:` of the running stack

  /// First member, so destroyed last: owns the run's values and cuts their cycles at the end.
  Heap heap_;
  Profile prof_;
  std::string path_, source_;
  /// Every source file of the run: [0] is the script, imported modules follow (imports.cpp).
  struct SourceFile {
    std::string path, source, module;
    bool package = false;                      ///< an `__init__.py` (relative imports resolve inside it)
  };
  std::vector<SourceFile> files_;
  std::vector<std::shared_ptr<Module>> eval_asts_;  ///< the trees eval() parsed (functions made there point into them)
  const std::string& path_of(int file) const { return files_[static_cast<size_t>(file)].path; }
  const std::string& src_of(int file) const { return files_[static_cast<size_t>(file)].source; }
  /// Text of `line` in `file`, leading blanks removed when `strip`.
  std::string code_line(int file, int line, bool strip = false) const;
  bool einops_as_reduce_ = false;  ///< an einops rearrange / repeat frame's body: its node is reduce(..., reduction=...)
  bool in_c_stub() const;  ///< running a stub of a C function (guard_sources.cpp): no global / builtin guards
  bool is_stub(int file) const { return path_of(file).rfind("<tparse-stubs>/", 0) == 0; }
  /// A function of a bundled stub that stands for torch's own Python code (`<tparse-stubs>/__tparse_torch*`)
  bool torch_stub_file(int file) const { return path_of(file).rfind("<tparse-stubs>/__tparse_torch", 0) == 0; }
  bool torch_stub_fn(const V& f) const { return f && f->fn && torch_stub_file(f->fn->loc.file); }
  bool hidden_stub_fn(const V& f) const { return f && f->fn && hidden_stub_file(f->fn->loc.file); }  ///< never a frame
  /// stubs torch never converts to frames, and stubs a node's stack trace leaves out (run_frame.cpp)
  bool skipfile_stub_fn(const V& f) const;
  bool hidden_stub_file(int file) const;
  TraceWriter writer_;
  std::vector<Activation*> stack_;
  bool torch_imported_ = false;    ///< the run imported torch: sys.modules holds the submodules torch/__init__.py loads
  bool defer_item_guard_ = false;  ///< guard_container_read of an item unpacked into a plain local: FrameCtx::lazy_item_guards
  std::shared_ptr<Env> globals_;
  std::map<std::string, std::unique_ptr<CodeState>> codes_;
  int frame_counter_ = 0;
  /// Where the run's C++ stack began and how much of it calls may use before RecursionError (api.cpp).
  const char* stack_base_ = nullptr;
  size_t stack_budget_ = 0;
  size_t recursion_limit_ = kRecursionLimit;  ///< sys.setrecursionlimit() changes it
  int top_calls_ = 0, max_top_calls_ = 0;    ///< top-level compiled calls made / allowed (0: no limit)
  // lazy generators of eager code (runtime/generator.cpp)
  std::vector<std::shared_ptr<GenState>> generators_;  ///< not yet closed
  V make_generator(std::function<void(GenState&)> body);        ///< the generator object of a call (its body not started)
  bool gen_resume(GenState& st, V& out, Location loc);  ///< next(): runs it to its next yield; false at its end
  V gen_yield(GenState& st, V v);                       ///< `yield v` in its body: suspends it
  void close_generator(GenState& st);                   ///< GeneratorExit at its yield; its thread ends
  void close_generators();                              ///< every one (the end of the run)
  int frame_key_ = 0;
  int callback_active_ = 0;
  /// a tensor a frame took for an ndarray input -> (that tensor, the ndarray): the compiled code hands the array itself
  /// to a call run eagerly at a break and returns it as it came (emptied when the outermost frame returns)
  std::unordered_map<const Obj*, std::pair<V, V>> np_inputs_;
  V as_np_input(const V& t, const V& nd);  ///< t (the tensor of ndarray nd), registered
  V np_original(const V& v);               ///< the ndarray v stands for as an input, else v
  std::set<std::string> once_frames_;  ///< standard-library frames counted once per process (autograd_entry_cast)
  bool union_cache_warm_ = false;        ///< typing's Union cache holds autograd's `Union[tuple[Tensor], ...]` (autograd_entry_cast)
  bool backend_registry_imported_ = false;  ///< a backend named by string was looked up (its first lookup imports them all)
  void count_stdlib_frame_once(const char* name, const char* file, int line, const void* code = nullptr);
  void note_backend_lookup();  ///< a string backend looked up (run_frame.cpp: evicts typing's Union cache once)
  /// the functions whose frames failed to compile, rerun eagerly now: a generator expression of their own code is no
  /// frame of its own there (real torch 2.11: comp_break_forms), one in a function they call is
  std::vector<const FuncDef*> failed_rerun_fns_;
  bool grad_enabled_ = true;
  int backward_runs_ = 0;
  /// an eager backward's frames under the callback: typing.cast at autograd's entry (dynamo/frames/run_frame.cpp), the Python
  /// backward functions the engine calls and a traced autograd.Function's (torch/autograd/python_backward.cpp)
  void autograd_entry_cast(const std::vector<V>& tensors, Location loc);
  void run_python_backwards(const V& root, Location loc);
  void attach_python_backward(const V& out, const V& bwd, const V& setup, const std::vector<V>& args, Location loc, V ctx = nullptr);
  std::string custom_op_running_;  ///< the custom op whose fake / real function runs now (torch/custom_ops.cpp)
  long long custom_op_guess_ = 0;  ///< its eager guess for a data-dependent size
  bool custom_op_in_frame_ = false;  ///< whether that op is traced in a frame
  int backend_calls_ = 0;  ///< torch.compile calls that made a new backend wrapper (BACKEND_MATCH)
  std::vector<V>* placeholder_log_ = nullptr;  ///< placeholders node_of makes while a HOP body is traced (checkpoint)
  /// bumped by every in-place tensor op (torch/values.cpp); the epoch of each storage's last write, and of the
  /// last write to an unknown target: element values recorded before them are stale
  unsigned long long value_epoch_ = 0, unknown_write_epoch_ = 0;
  std::map<const Obj*, unsigned long long> storage_write_epoch_;
  /// a torch function mode is on the stack (torch.set_default_device(d) pushes torch.utils._device.DeviceContext):
  /// Dynamo dispatches Python operators on tensors through it, as Tensor methods (torch_ops.cpp tensor_binop)
  bool torch_function_mode_ = false;
  std::shared_ptr<CompileOpts> cur_opts_;
  int tensor_ids_ = 0;
  std::map<std::string, V> modules_;
  std::set<int> future_annotations_;           ///< files (Activation::file) with `from __future__ import annotations`
  std::map<std::string, long long> counters_;
  std::map<const Obj*, long long> obj_ids_;    ///< stable fake id() for ID_MATCH guards
};

}  // namespace tparse::compiler
