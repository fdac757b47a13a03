// The records a compiled frame leaves: the guards of a cache entry (tensor and value guards), the entries of a code
// object (CodeState) and the tracing context of one frame execution (FrameCtx). Included by runtime/interp.hpp.
#pragma once

#include <cmath>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "frontend/ast.hpp"
#include "torch/graph.hpp"
#include "dynamo/guards/guards.hpp"
#include "runtime/values/value.hpp"
#include "torch/random/cpu_generator.hpp"

namespace tparse::compiler {

enum class Mode { Eager, Record, Replay };

/// Guards recorded for one cache entry.
struct TensorGuard {
  std::string src;               ///< `x`, `args[0]`, `self._modules['lin']._parameters['weight']`
  TensorInfo t;                  ///< shape entries with a symbol are dynamic
  std::string user_line, where;  ///< for guard comments
  std::string offset_sym;        ///< the storage offset's symbol (empty: a number): the guard holds for offsets of 2 or more only
  std::vector<int> base_dims;    ///< its `_base`'s dims that are symbols: the guard needs a view whose base has 2 or more there
  std::vector<long long> base_sizes;  ///< (with base_dims) the base's sizes when compiled: its strides' expressions
  /// a module's parameter or buffer (a `_parameters` / `_buffers` source): while its dict still holds this object the
  /// TENSOR_MATCH is skipped (config.skip_tensor_guards_with_matching_dict_tags: the dict's version tag is unchanged),
  /// so flipping `p.requires_grad` recompiles nothing (a GAN's frozen critic)
  std::weak_ptr<Obj> tagged;
};
struct ValueGuard {
  std::string src, code;         ///< `n`, `n == 2` / `G['SCALE'] == 1.0`
  std::string kind;              ///< "int" "float" "str" "bool" "none" "int_dyn" "id" (ID_MATCH)
  V value;
  std::string comment;           ///< `# return x * n  # ork/...:6 in g`
  std::string stack;             ///< User stack trace lines for the reason
  Location read_at;              ///< where the frame's code first read the input (the comment's line): a step break's
                                 ///< checkpoint before it leaves the input unrealized (restart.cpp step_break)
  size_t len = 0;                ///< list_len: the length when the guard was made (the list may grow in place later)
  std::vector<long long> lens;   ///< optim_state: each state dict's length (-1: no state yet), in the state's key order
  std::vector<V> keys;           ///< dict_keys: the dict's keys when the frame first saw them (DICT_KEYS_MATCH)
  bool ordered = false;          ///< dict_keys: checked by position (a DictGuardManager's key managers)
  bool optimizer = false;        ///< an optimizer's ID_MATCH (kept only by frames that make a graph or break)
  bool star_item = false;        ///< an int item of a `*args` tuple input, guarded as the call that passes it on reads it
  std::string src2;              ///< alias (DUPLICATE_INPUT): the argument the same tensor was read as first
  bool pinned = false;           ///< float_dyn: an op's float parameter specialized it (its value is guarded too)
  std::string pin_text;          ///< float_dyn pinned by an expression of it (`(0.5 + 0.5*___as_tensor(x).item()) == 1.1`)
  /// float_dyn whose rounding an int needed (`range(math.ceil(x))`): the guard holds that integer, not the float
  /// ("ceil" / "floor" / "trunc" and the integer, the check's text)
  std::string round_fn;
  long long round_value = 0;
  std::string round_text;
  /// Python's math.ceil / floor / trunc (round_fn) of x
  static long long rounded(const std::string& fn, double x) {
    return static_cast<long long>(fn == "ceil" ? std::ceil(x) : fn == "floor" ? std::floor(x) : std::trunc(x));
  }
  const Obj* item_of = nullptr;  ///< an item of a list argument: guarded only once the frame reads the list's items
  /// a Python float's guard at `src`: EQUALS_MATCH on its value, or once dynamic (automatic dynamic, an unspecialized
  /// float) only its type, `___check_type_id(src, ...)` (dynamo/dynamo.cpp)
  static ValueGuard python_float(const std::string& src, const V& value, bool dynamic);
};

struct CacheEntry {
  /// where the graph ended at a break Dynamo cannot resume after (a statement, or the loop holding it): a cache hit
  /// runs the frame's code from there eagerly, the user frames it calls converted again
  const Stmt* step_stmt = nullptr;
  const Expr* comp_break = nullptr;  ///< the comprehension the entry's graph ended at (its speculation failed)
  /// the call of the frame's own code the graph ended at (a break inside it): the cached code calls it as it is
  bool has_break_call = false;
  /// an input Dynamo ID_MATCHes through a weakref and that is freed after the call (a tensor method on a resume's
  /// stack, `L['___stack1']`): the next lookup drops the entry, "Cache line invalidated because ... got deallocated"
  std::string invalidated_by;
  Location break_call;
  std::string backend;  ///< BACKEND_MATCH: the backend of the torch.compile call that compiled it
  std::string compile_id;
  std::vector<TensorGuard> tensors;
  std::vector<ValueGuard> values;
  std::vector<ValueGuard> module_types;  ///< TYPE_MATCH on submodules read (2.11); checked, not rendered
  int guard_count = 0;
  bool grad_enabled = true;              ///< grad mode the entry was compiled under (GLOBAL_STATE)
  std::map<std::string, std::string> autocast;  ///< torch.autocast on per device, its dtype (GLOBAL_STATE's autocast_state)
  bool inference_tls = false;            ///< inference_mode was on: TENSOR_MATCH's dispatch keys exclude autograd
  std::set<std::string> replaced;        ///< symbols a ShapeEnv replacement made shared (their equality is no duck sizing)
  /// The root guard manager's children (one per local / global it reads) in check order, with how often
  /// each failed: torch/csrc/dynamo/guards.cpp sorts a manager's accessors by fail count after a failure,
  /// so the guard a recompile reason names depends on the entry's history (guard_check.cpp)
  mutable std::vector<std::pair<std::string, int>> root_fails;
  /// The shape env's relation guards a branch on a SymInt installed (`5 <= x.size()[0]`): the size's source as the
  /// frame reads it (`x.size()[0]`), the bound, whether the bound is the lower one, and torch's text with its comment
  /// Between two symbols (`G.size()[0] > G.size()[1]`, Muon's transpose test): src2 and the relation op as it holds.
  struct SymRel { std::string src; long long bound = 0; bool lower = true; std::string text; std::string src2, op; };
  std::vector<SymRel> sym_rels;
  /// guard_int of a size expression no symbol can be solved from (`Eq((s27//4), 3)` of `x.chunk(n // 4)`): the
  /// expression, its symbols' sources (`x.size()[1]`), the value it had, and torch's text; `ne`: the guard is that the
  /// expression is not that value (`Ne(3*s40, 12)` of a contiguity check)
  /// `real`: a SymFloat's value guarded (torch.as_tensor / float() of `IntTrueDiv(s27, 7)`), `fvalue` its value
  struct SymEq { std::string expr; std::map<std::string, std::string> srcs; long long value = 0; std::string text; bool ne = false;
                 bool real = false; double fvalue = 0;
                 std::string op;  ///< a relation instead of (in)equality: the guard holds while `expr op value` (">", "<=")
  };
  std::vector<SymEq> sym_eqs;
};

/// A code object Dynamo compiles: a user function or a resume function (fn + line + branch).
struct CodeState {
  std::string key, co_name;
  int firstlineno = 0;
  std::string filename;
  std::shared_ptr<Env> globals;                        ///< f_globals: the defining module's scope
  int frame_id = -1;
  int compile_count = 0;
  bool skipped = false, run_only = false;
  /// the names its code reads and does not bind (co_freevars and co_names), found once per code (run_frame.cpp)
  std::vector<std::string> unbound_names;
  bool unbound_known = false;
  std::vector<std::shared_ptr<CacheEntry>> entries;  ///< oldest first
  std::map<std::string, TensorInfo> seen_shapes;      ///< automatic dynamic state
  std::map<std::string, std::set<int>> dyn_dims;
  std::map<std::string, std::set<int>> dyn_strides;  ///< strides that changed between compiles: symbols from then on
  std::map<std::string, std::vector<long long>> seen_bases;  ///< a view input's base sizes (`L['x']._base`), automatic dynamic
  std::map<std::string, std::set<int>> dyn_base_dims;
  std::map<std::string, V> seen_ints;
  std::set<std::string> dyn_ints;
  std::set<std::string> dyn_float_args;               ///< float arguments seen with two values: graph inputs now
  std::map<std::string, V> seen_globals;               ///< float globals read by earlier compiles
  std::set<std::string> dyn_floats;                    ///< changed float globals: graph inputs now
  /// The function whose address the state's key names (run_frame's code, a resume function's, a genexpr node's
  /// owner): held while the state lives, so no other function allocated at that address inherits this state
  /// (frames.total off by one between runs otherwise)
  std::shared_ptr<const FuncDef> code_fn;
  void hold(std::shared_ptr<const FuncDef> fn) { code_fn = std::move(fn); }
};

/// A compiled frame's value -> guard source map. Keyed by the value's address, so it holds every value it names: a
/// value freed while the frame traces would hand its source to another object allocated at that address (bart's
/// capture_outputs wrapper: the dict it builds took the source `G['_active_collector'].compiling` of a bool its store
/// had freed, a dict guard that failed on the next call). Write through `of` (reads: find / count as a map).
struct SourceMap : std::map<const Obj*, std::string> {
  std::string& of(const V& v) {
    auto [it, fresh] = try_emplace(v.get());
    if (fresh) held_.push_back(v);
    return it->second;
  }
  /// the source `s` unless the value has one already (true when added)
  bool add(const V& v, std::string s) {
    auto [it, fresh] = try_emplace(v.get(), std::move(s));
    if (fresh) held_.push_back(v);
    return fresh;
  }
  /// the order the frame first gave the value a source (VariableBuilder's wrap: Dynamo tracks an existing object's side
  /// effects from then on); values with none after all
  size_t rank(const Obj* o) const {
    for (size_t i = 0; i < held_.size(); ++i) if (held_[i].get() == o) return i;
    return held_.size();
  }

 private:
  std::vector<V> held_;
};

/// The tracing context of one compiled frame execution (one compile id, or a cache hit).
struct FrameCtx {
  /// The CPU generator before each random op this trace recorded (its node's index): a graph that is called draws as
  /// it was traced, a discarded trace draws nothing (the ops it rolls back run eagerly, drawing then: torch/random)
  struct RngDraw {
    size_t node = 0;
    rng::CpuGenerator before;
    bool known = false;
  };
  std::vector<RngDraw> rng_draws;
  /// the frame asked torch.compiler.is_compiling() (or an alias) while tracing: symbolic_convert's
  /// mark_inconsistent_side_effects, so a frame that traced no op is compiled all the same (no SkipFrame)
  bool inconsistent_side_effects = false;
  /// a data-dependent jump's test is the first of compile_graph's values: kept as an output even when it is a graph
  /// input (compile_subgraph's all-tensors stack path hands the backend `return (l_self_buffers_initialized_,)`)
  bool jump_test_output = false;
  const Stmt* step_stmt = nullptr;    ///< Record: the statement a non-resumable break compiled the graph up to
  const Stmt* replay_step = nullptr;  ///< Replay: the served entry's step_stmt (the eager rest starts there)
  /// Record: the depth-0 call a break inside it ended the graph at; Replay: the served entry's (called eagerly, not
  /// inlined again: real torch 2.11's cached code calls it, so a break only tracing raises cannot be missed there)
  bool has_break_call = false;
  Location break_call;
  std::string backend;  ///< the torch.compile call's backend (CompileOpts::backend): the entry's BACKEND_MATCH
  std::map<std::string, V> dyn_attr_ints;  ///< SymInts of int attributes made dynamic this compile, by source
  std::map<const Obj*, V> item_syms;  ///< the SymInt memoized as item() of a 0-d integer tensor input (op_table.cpp)
  /// property stores a traced frame defers (obj, setter, value): Dynamo records `obj.p = v` as a side effect, reads of
  /// `obj.p` see v, and the compiled code runs the setter after its graph (interp_setattr.cpp, side_effect_replay.cpp)
  struct DeferredSetter { V obj, setter, value; std::string name; };
  mutable std::vector<DeferredSetter> deferred_setters;
  /// the frame's dict inputs as they came in (dynamo/variables/dict_inputs.cpp: a changed one's floats are guarded at the end)
  struct DictAtEntry { std::string name; V dict; std::vector<std::pair<V, V>> items; };
  std::vector<DictAtEntry> dicts_at_entry;
  std::set<std::string> item_reads;  ///< container items read this compile (their first value decides automatic dynamic)
  /// an error the frame's graph raises when it runs, not while it is traced (an in-place arithmetic op writing into an
  /// expand's stride 0: fake tensors do not check it, the real kernel does): raised after the frame returns
  struct RunError { std::string cls, msg; Location loc; bool set = false; };
  RunError run_error;
  Mode mode = Mode::Eager;
  CodeState* code = nullptr;
  std::string compile_id;
  int frame_id = -1, frame_compile_id = 0;
  Graph graph;
  SourceMap sources;   ///< value -> guard source
  /// `x.shape` of a frame input (a torch.Size with the source `x.shape`): codegen rebuilds it from that source, so one
  /// stored on an object returns none of its SymInts from the graph
  std::set<const Obj*> sourced_sizes;
  /// tensors stored as attributes of objects that existed before the frame (`module.weight = t` in a hook): Dynamo
  /// writes them back after the graph, so each is a graph output after the returned values (last store per attribute;
  /// a null object: a module global the frame stored, STORE_GLOBAL)
  std::vector<std::tuple<V, std::string, V>> attr_stores;
  /// (object, attribute) pairs the frame stored, any value: a later read in the frame is the pending side effect's
  /// value (Dynamo's side_effects.load_attr), no guard on the object's entry value (SRFBN's `should_reset`)
  std::set<std::pair<const Obj*, std::string>> attrs_written;
  /// containers from before the frame (with a source) the frame stored into: Dynamo reconstructs them after the
  /// graph, so the tensors they then hold that the graph made are outputs after the returned values (a cache
  /// `self.cache[key] = pos`, an optimizer-style state filled in the frame)
  std::vector<V> mutated_containers;
  std::vector<V> realized_optimizers;  ///< optimizers whose param_groups this trace realized (OptimizerVariable)
  std::vector<V> capturable_groups;    ///< their groups without 'capturable', not stored into yet (optimizer_variable.cpp)
  std::vector<V> capturable_true;      ///< every group of a user optimizer realized here: 'capturable' reads True
  std::map<const Obj*, std::string> optim_state;      ///< optimizer state tensors -> their static sources (lazy get_attr)
  std::map<const Obj*, std::string> lazy_name_hints;  ///< a lazy static tensor -> the local first storing it (its node's name)
  std::vector<V> lazy_inputs;          ///< tensor attributes made dynamic where first read (concrete again after the graph)
  std::map<long long, std::string> duck_syms;  ///< ShapeEnv.val_to_var: a duck-sized value's symbol (dynamic=True)
  std::map<std::string, std::string> offset_syms;  ///< input -> its storage offset's symbol (`2 <= L['x'].storage_offset()`)
  std::map<std::string, std::vector<int>> base_syms;  ///< input -> its base's dims that are symbols (`2 <= L['x']._base.size()[0]`)
  std::vector<V> tracked_first;        ///< containers Dynamo tracked before the frame stored into them (their outputs first)
  std::vector<TensorGuard> tguards;
  std::vector<ValueGuard> vguards;
  std::set<const Obj*> lists_read;  ///< list arguments whose items the frame read (iterated, indexed)
  std::vector<ValueGuard> module_types;         ///< TYPE_MATCH guards on submodules read (guard_module_type)
  std::vector<CacheEntry::SymRel> sym_rels;     ///< relation guards of branches on SymInts (truthy)
  std::vector<CacheEntry::SymEq> sym_eqs;       ///< equality guards of size expressions (guard_int)
  std::vector<std::string> first_loads;         ///< names the frame loaded, in first-load order
  /// a tensor passed as two arguments: the automatic-dynamic record its first argument had before this frame wrote
  /// it (none: nullopt), so the record moves to the name read first (Interp::move_alias_record)
  std::map<std::string, std::optional<TensorInfo>> alias_seen_before;
  std::vector<std::pair<std::string, V>> inputs;
  std::vector<std::string> restart_reasons;
  int attempt = 0;
  std::vector<StackFrame> start_stack;
  std::string recompile_reason;
  std::string dealloc_input;  ///< CacheEntry::invalidated_by of the entry this compile makes
  int cache_size = 0, accumulated = 0;
  bool is_resume = false;
  const Stmt* entry_stmt = nullptr;  ///< a resume function's: the statement it starts inside (its stack values live there)
  /// A resume frame's calls of user functions and modules made from its own code (inlined while it is traced): when
  /// the frame is skipped Python reruns it eagerly, where each is a frame of its own (restart.cpp replays them)
  std::vector<std::tuple<V, std::vector<V>, std::vector<std::pair<std::string, V>>, Location>> inlined_calls;
  std::map<std::string, V> sym_globals;        ///< tensorified floats (SymFloat values), by source: G['x'], L['x']
  std::map<std::string, std::string> float_srcs;  ///< a tensorified float's symbol (zf..) -> its guard's source
  std::set<std::string> float_args;            ///< dynamic float arguments, tensorified at their first read
  /// int arguments of the frame (static ones) with their values at entry: automatic dynamic records one (CodeState's
  /// seen_ints) only if the frame reads it, as VariableBuilder records an input when it is wrapped (compile_graph.cpp)
  std::map<std::string, V> entry_ints;
  std::map<const Obj*, std::string> float_stack_vals;  ///< a resume's dynamic float stack value -> its ___stackN (read by a local)
  /// an unspecialized float read from a container input (`kwargs['temperature']` under dynamic=True): its graph input and
  /// item() are made where the trace first uses it (Dynamo's lazy dict values), as float_stack_vals: value -> (guard source,
  /// source)
  std::map<const Obj*, std::pair<std::string, std::string>> lazy_item_floats;
  /// a constant item unpacked into a local (`a, b, c, _ = f(x)`): Dynamo wraps each item lazily and guards it where
  /// the frame first reads the local, never for one it does not read: value -> its guard, pushed at that read
  std::map<const Obj*, ValueGuard> lazy_item_guards;
  /// dynamic floats inside list / tuple arguments, per argument: each item's path and source (`data[0][1]`),
  /// tensorified when the frame first reads the argument
  std::map<std::string, std::vector<std::pair<std::vector<size_t>, std::string>>> nested_floats;
  std::set<const Obj*> tensorified;            ///< the 0-d graph inputs of tensorified floats (no TENSOR_MATCH)
  std::map<std::string, V> np_scalar_inputs;   ///< numpy scalars / ndarrays read from a source: their tensor graph inputs
  int next_sym = 0;
  std::vector<PyGuard> gguards;                ///< ID_MATCH guards on globals: modules, functions, builtins
  std::map<const Obj*, std::vector<GuardMgr>> gchains;  ///< a global module read by the frame -> its managers
  std::string builtins_key;                    ///< `__builtins_dict___N` of this attempt's OutputGraph
  int stack_slots = 0;                         ///< resume after a call: the call's result (`___stack0`)
  std::string wrapper_cls;                     ///< compiled torch.nn container: `inner`'s `fn` is this class
  int describer_id = 0, next_described = 0;    ///< MetaTensorDescriber of this attempt, its next tensor id
  std::vector<std::pair<TensorInfo, std::string>> described;  ///< inputs described so far (re-described on restart)
  std::set<std::string> dyn_whitelist;         ///< sources made dynamic by a change (pgo.dynamic_whitelist)
  std::vector<std::function<void()>> pending_events;  ///< automatic_dynamic events, written once tracing starts
  std::map<const Obj*, std::pair<V, int>> size_reads;  ///< `x.shape` / `x.size()` value (held) -> its `size` shadow
  bool direct_shadows = false;                         ///< an argument is a shadow itself (a size read passed whole)
  std::map<std::string, std::pair<std::string, long long>> sym_info;  ///< input symbol -> (source, value)
  std::map<std::string, std::string> int_inputs;
  bool inference_at_entry = false;             ///< torch.inference_mode was on when the frame was entered (its TLS)
  std::map<std::string, std::string> autocast_at_entry;
  /// containers and objects the frame made and stored as attributes of its sources (`self.outputs = {}`): Dynamo's
  /// side effects hand the stored variable back on a later read, which has no source (no guard on its keys or items)
  std::set<const Obj*> stored_new;
  std::vector<V> held;  ///< values whose address keys a map here (attrs_written, item_syms, ...): alive while it is
  /// the outermost comprehension of the frame's own code this attempt began (outside any try): Dynamo's latest
  /// speculation point while the graph is still empty; an unresumable break later falls back to it (restart.cpp)
  const Expr* comp_speculation = nullptr;
  const Expr* ended_at_comp = nullptr;  ///< Record: the comprehension this attempt's graph ended at
  const Expr* fail_comprehension = nullptr;  ///< the next attempt breaks at this comprehension (its speculation failed)
  size_t journal_mark = 0;  ///< the interpreter's journal when the frame began (its objects' states before it)
  std::string fail_user_file;  ///< a failed compile's user frame (the op that raised): compilation_metrics' fail_user_frame_*
  int fail_user_line = 0;  ///< torch.autocast's state when the frame was entered
  bool grad_at_entry = true;                   ///< grad mode when the frame was entered (its entry's GLOBAL_STATE)  ///< symbol of a dynamic int input -> its source (`n`, `lens[1]`)
  std::map<std::string, long long> specialized;  ///< symbols replaced by their values mid-trace
  /// size sums evaluated equal to their hints while two or more of their symbols were free (ShapeEnv replaced one by
  /// an expression of the others): solved once all but one are specialized (Interp::specialize_symbol)
  std::vector<std::string> deferred_linear;
};

}  // namespace tparse::compiler
