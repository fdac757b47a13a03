// FX-style graph IR captured per compiled frame, and its print_readable() rendering.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "runtime/values/value.hpp"

namespace tparse::compiler {

/// An argument of a node: another node, a literal (already in Python repr), or a list/tuple.
struct Arg {
  int node = -1;                 ///< node index, or -1
  std::string lit;               ///< literal text when node < 0 and !is_seq
  bool is_seq = false;
  bool is_tuple = false;
  std::vector<Arg> seq;
  bool is_slice = false;         ///< with is_seq: `slice(start, stop, step)` (a bound may be a SymInt node)
  /// a SymInt argument's Dynamo proxy (index into Graph::shadows): the accessor or arithmetic node Dynamo made
  /// for the value, which replaces `node`/`lit` where the value's symbol gets specialized. With node < 0, no
  /// lit and no seq, the argument is that shadow itself (shadows' own arguments).
  int shadow = -1;
  /// a rebuilt size's argument: the value's own read (its proxy stands for it when the symbols specialize)
  int own_read = -1;
};

struct Node {
  std::string op;                ///< placeholder / call_function / call_method / call_module / output
  std::string name;              ///< unique node name (`mul`, `sum_1`, `l_x_`)
  std::string target;            ///< `torch.sin`, method name, or an operator symbol (`*`)
  bool infix = false;            ///< print as `a * b`
  bool is_sym = false;           ///< symbolic-int placeholder (`s77: "Sym(s77)"`)
  std::string placeholder_src;   ///< `L_x_` for placeholders
  std::string offset_sym;        ///< a tensor placeholder's symbolic storage offset (its symbol stays bound with it)
  std::vector<Arg> args;
  std::vector<std::pair<std::string, Arg>> kwargs;
  TensorInfo meta;               ///< output metadata (tensor nodes)
  bool has_meta = false;
  std::string sym_type;          ///< scalar node annotation (`Sym(zf37)`), no tensor meta
  long long sym_hint = 0;        ///< with sym_type: the value of the SymInt in this run (its hint)
  std::optional<double> sym_fhint;  ///< a SymFloat's value in this run (a specialized one prints as sympy's Float)
  bool accessor = false;         ///< `x.size()` / `x.size(d)` read of a symbolic size: dead code when unused
  bool renamed = false;          ///< already named after a user variable
  bool prunable = false;         ///< a placeholder wrapped before any use (a container item's attribute read): goes unused
  bool dead_result = false;      ///< result never used (`x = f();  x = None`), e.g. _log_api_usage_once
  bool sym_compute = false;      ///< SymInt arithmetic (`mul = s77 * 2`): dead code when unused
  bool reified = false;          ///< a size of an intermediate tensor rebuilt from the input symbols (named last)
  int line = 0;                  ///< user source line
  std::string fn_name;           ///< user function the line belongs to
  std::string code;              ///< user source line text
  std::string file;              ///< user source file of `line` (empty: the script)
};

/// A node Dynamo makes for a SymInt (a size read, arithmetic on a SymInt) that its replacement pass
/// (insert_deferred_runtime_asserts) folds into an input symbol's placeholder or an earlier node of the
/// same expression. It is kept out of `nodes` and enters the graph only where its expression becomes a
/// constant because a symbol was specialized (Graph::specialize).
struct Shadow {
  Node node;
  size_t pos = 0;                ///< nodes.size() when it was made: it goes before nodes[pos]
  V tensor;                      ///< accessor: the tensor read (its node is looked up when the shadow enters)
  bool forced = false;           ///< in the graph whether used or not (a `.shape` read's rebuilt sizes)
  int read = -1;                 ///< a rebuilt size: the read it was rebuilt for (used instead when its symbols specialize)
};

/// One FX graph under construction. Tensors map to the node that produces them.
struct Graph {
  std::vector<Node> nodes;
  std::map<std::string, int> reified_shadow;
  /// ShapeEnv replacements: a symbol an op proved equal to another (`x - y` of two batches) -> the one that stays, or
  /// to an expression of others (`Eq(s82, s88 + 1)` solved for the symbol of the larger hint)
  std::map<std::string, std::string> replacements;
  /// a symbol (or expression) with every replacement applied; a symbol may stand for an expression (`s82` -> `s88 + 1`:
  /// a mask's length the broadcast check proved to be the cache's plus one), whose own symbols are replaced in turn
  std::string canon(std::string s) const;
  /// print every symbol as its replacement (annotations, placeholders' Sym types), as torch's graph prints at the end
  void apply_replacements(const std::map<std::string, long long>& specialized = {});  ///< a rebuilt SymInt expression (its text) -> its shadow (sym_expr.hpp)
  std::map<const Obj*, int> tensor_node;
  std::map<std::string, int> name_count;   ///< FX's _base_count: the last number a base name reached
  std::set<std::string> used_names;        ///< FX's _used_names
  std::vector<int> outputs;  ///< node indices; until specialize() merges the shadows, -2 - k is shadow k
  /// an output SymInt folded onto an earlier node of its expression -> its own shadow (Dynamo's proxy for it): when the
  /// expression becomes a number the output is that proxy (a number is not hash-consed: `cumulative_length += 1`
  /// returned after the mask's `cumulative_length + 1` specialized is an `add` of its own)
  std::map<int, int> output_shadow;
  std::map<const Obj*, int> symint_node;   ///< SymInt value -> the node computing it
  std::map<std::string, int> sym_proxy;    ///< SymInt expression -> the node computing it (hash consing)
  std::vector<Shadow> shadows;
  std::map<const Obj*, int> symint_shadow; ///< SymInt value -> its shadow (Dynamo's proxy for it)
  /// higher-order operators' bodies (`wrap_body_0`), read by a get_attr node each: printed as nested classes
  std::vector<std::pair<std::string, std::shared_ptr<Graph>>> bodies;
  bool is_body = false;                    ///< a body: placeholders print in the signature only
  std::vector<size_t> output_groups;       ///< a body returning tuples of tuples: their sizes (fwd_body's `((a, b), (c,))`)
  struct Renamed { int node; std::string old_name, base, new_name; int prev_count; };
  std::vector<Renamed> renames;            ///< every rename, so an aborted trace's can be undone

  int placeholder_count() const;
  int call_count() const;        ///< call_function + call_method + call_module
  int call_function_count() const;
  std::string unique_name(const std::string& base);
  void rename(int node, const std::string& var);
  /// a placeholder for ShapeEnv symbol `sym` (`s77: "Sym(s77)"`), registered as the symbol's node; its index
  int add_sym_placeholder(const std::string& sym) {
    Node s;
    s.op = "placeholder";
    s.is_sym = true;
    s.name = sym;
    nodes.push_back(s);
    return sym_proxy[sym] = static_cast<int>(nodes.size()) - 1;
  }
  /// rename the node that produced tensor `t` (a Python variable the value was bound to, as Dynamo names
  /// nodes after the local that first held them); nothing when `t` has no node in this graph
  void rename_tensor(const Obj* t, const std::string& var) {
    if (auto it = tensor_node.find(t); it != tensor_node.end()) rename(it->second, var);
  }
  /// undo the renames made after `mark` (renames.size() then): a trace a graph break aborted named nodes that
  /// the restarted trace, which stops before that code, never names
  void undo_renames(size_t mark);
  /// nodes and shadows made so far, as one token for rollback
  size_t checkpoint() const { return (shadows.size() << 32) | nodes.size(); }
  void rollback(size_t cp);
  /// Dynamo's graph when symbols were specialized mid-trace (`for i in range(n)`, `if n == 12`): the
  /// shadows whose expressions became constants enter the graph in their places and replace the input
  /// symbols in the arguments that came from them; annotations print the values; the placeholders of those
  /// symbols go when unused (symbolic_shapes.py replacements; output_graph.py remove_unused_graphargs).
  void specialize(const std::map<std::string, long long>& values);
  /// Dynamo's DCE at the end of a frame: unused operator.getitem nodes and SymInt arithmetic go
  /// (remove_unused_graphargs).
  void remove_unused_getitems();
  /// A grad-mode switch and its undoing with no node between: both go (torch.distributions' cached lazy values).
  void remove_empty_grad_toggles();
  /// drop the nodes marked, renumbering the rest (arguments, outputs, the value maps)
  void erase(const std::vector<bool>& erased);
  /// insert_deferred_runtime_asserts' names: the reified size nodes take theirs after every traced node.
  void name_reified();
};

/// `class GraphModule(torch.nn.Module): def forward(self, ...)` text, like
/// `gm.print_readable(print_output=False, include_stride=True, include_device=True)`.
std::string print_readable(const Graph& g, const std::string& file);

/// `f32[4, 8][8, 1]cpu`
std::string meta_str(const TensorInfo& t);

/// The `sizes` map of the dynamo_output_graph envelope, as JSON text.
std::string sizes_json(const Graph& g);

}  // namespace tparse::compiler
