// FX-style graph IR captured per compiled frame, and its print_readable() rendering.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "runtime/value.hpp"

namespace tparse::compiler {

/// An argument of a node: another node, a literal (already in Python repr), or a list/tuple.
struct Arg {
  int node = -1;                 ///< node index, or -1
  std::string lit;               ///< literal text when node < 0 and !is_seq
  bool is_seq = false;
  bool is_tuple = false;
  std::vector<Arg> seq;
  bool is_slice = false;         ///< with is_seq: `slice(start, stop, step)` (a bound may be a SymInt node)
};

struct Node {
  std::string op;                ///< placeholder / call_function / call_method / call_module / output
  std::string name;              ///< unique node name (`mul`, `sum_1`, `l_x_`)
  std::string target;            ///< `torch.sin`, method name, or an operator symbol (`*`)
  bool infix = false;            ///< print as `a * b`
  bool is_sym = false;           ///< symbolic-int placeholder (`s77: "Sym(s77)"`)
  std::string placeholder_src;   ///< `L_x_` for placeholders
  std::vector<Arg> args;
  std::vector<std::pair<std::string, Arg>> kwargs;
  TensorInfo meta;               ///< output metadata (tensor nodes)
  bool has_meta = false;
  std::string sym_type;          ///< scalar node annotation (`Sym(zf37)`), no tensor meta
  bool renamed = false;          ///< already named after a user variable
  bool dead_result = false;      ///< result never used (`x = f();  x = None`), e.g. _log_api_usage_once
  bool sym_compute = false;      ///< SymInt arithmetic (`mul = s77 * 2`): dead code when unused
  bool reified = false;          ///< a size of an intermediate tensor rebuilt from the input symbols (named last)
  int line = 0;                  ///< user source line
  std::string fn_name;           ///< user function the line belongs to
  std::string code;              ///< user source line text
  std::string file;              ///< user source file of `line` (empty: the script)
};

/// One FX graph under construction. Tensors map to the node that produces them.
struct Graph {
  std::vector<Node> nodes;
  std::map<const Obj*, int> tensor_node;
  std::map<std::string, int> name_count;
  std::vector<int> outputs;
  std::map<const Obj*, int> symint_node;   ///< SymInt value -> the node computing it
  std::map<std::string, int> sym_proxy;    ///< SymInt expression -> the node computing it (hash consing)

  int placeholder_count() const;
  int call_count() const;        ///< call_function + call_method + call_module
  int call_function_count() const;
  std::string unique_name(const std::string& base);
  void rename(int node, const std::string& var);
  size_t checkpoint() const { return nodes.size(); }
  void rollback(size_t n);
  /// Dynamo's DCE at the end of a frame: unused operator.getitem nodes and SymInt arithmetic go
  /// (remove_unused_graphargs).
  void remove_unused_getitems();
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
