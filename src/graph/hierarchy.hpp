// Module hierarchy of an FX graph, recovered from the graph text alone: which nn.Module each node
// belongs to (transformer.encoder.layers.3.self_attention), the tree of modules, and which sibling
// modules have the same op sequence ("28 x layers.N, same graph") or differ from their siblings.
// No Graphviz here: the report and the viewer both draw from this (see view_graph.hpp, layout.hpp).
// The assignment rule is documented in docs/report.md ("Module hierarchy").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/payloads/fx_graph.hpp"

namespace tparse::graph {

struct Group {
  std::string path;               ///< "transformer.encoder.layers.3"; "" for the whole graph
  std::string name;               ///< last path component ("3"); "" for the root
  int32_t parent = -1;            ///< group id, -1 for the root
  int32_t depth = 0;              ///< root 0
  std::vector<int32_t> children;  ///< group ids in order of first node
  std::vector<int32_t> nodes;     ///< fx node ids directly in this group, program order
  int32_t total_nodes = 0;        ///< nodes in the subtree
  uint64_t signature = 0;         ///< hash of the subtree's ops (relative paths, targets, types, local edges)
  int32_t twins = 1;              ///< siblings (this one included) with the same signature
  int32_t first_twin = -1;        ///< the first sibling with the same signature (itself when first)
  bool odd_one_out = false;       ///< a numbered sibling (layers.N) unlike the majority of its siblings
  bool leaf_call = false;         ///< a module called from its parent's code (Linear, Embedding...)
};

struct Hierarchy {
  std::vector<Group> groups;        ///< 0 = root
  std::vector<int32_t> node_group;  ///< per fx node: the deepest group holding it
  /// Per fx node: 1 when its module is a guess from the neighbours (no parameter, no module call
  /// names it); 2 "module unknown": an AOT op whose statement is not in the Dynamo graph and that
  /// reads no parameter, so the trace does not say (drawn in the smallest module holding its
  /// neighbours). The report and the viewer say which (module_note).
  std::vector<uint8_t> guessed;
  /// Where the module names came from: "parameter names", "aligned with the Dynamo graph", or
  /// "" when the graph names no module (everything is in the root).
  std::string source;
  /// refresh() inside a DeferRefresh scope only sets `refresh_due`; the scope's end refreshes once.
  /// The passes that place nodes read paths, parents and node_group, never children, node lists,
  /// totals or signatures, so one refresh at the end gives what one after each pass gave.
  int32_t defer_depth = 0;
  bool refresh_due = false;

  /// Group id of a dotted path, or -1.
  int32_t find(std::string_view path) const;
  /// True when group a is g or an ancestor of g.
  bool contains(int32_t a, int32_t g) const;
  /// Lowest common ancestor of two groups (-1 treated as "no constraint").
  int32_t lca(int32_t a, int32_t b) const;
  /// Path of g relative to ancestor a ("self_attention.dense"; "" when g == a).
  std::string relative(int32_t a, int32_t g) const;
};

/// "" for a node whose module the trace says, " (module guessed from the neighbouring ops)", or
/// " (module unknown: ...)" (Hierarchy::guessed).
const char* module_note(const Hierarchy& h, int32_t node);

/// The module path named by a Dynamo placeholder of a parameter or buffer
/// (`l_self_modules_encoder_modules_layers_modules_3_modules_mlp_parameters_weight_` ->
/// "encoder.layers.3.mlp"; a root parameter -> ""). Returns false for other names (inputs).
bool module_of_placeholder(std::string_view name, std::string& path);

/// Recovers the hierarchy of a Dynamo graph from its parameter placeholders and `# File:` lines.
/// `defer`: node_group only, children, node lists, totals and signatures left to the next refresh()
/// (refresh_due set; for a caller that moves nodes next inside a DeferRefresh scope).
Hierarchy build_hierarchy(const fx::Graph& g, bool defer = false);

/// For AOT / inductor graphs (placeholders `primals_N`): each `# File:` statement is matched, in
/// order, to the same statement of the Dynamo graph of the compile, and takes its module.
/// Backward graphs (statements in reverse order) are matched from the end.
/// The statement matching behind it: each matched AOT statement run with the Dynamo run it matched
/// (node ids of each, program order); `backward` when the statements matched in reverse.
struct Alignment {
  bool backward = false;
  std::vector<std::pair<std::vector<int32_t>, std::vector<int32_t>>> runs;
};
Hierarchy build_hierarchy_aligned(const fx::Graph& g, const fx::Graph& dynamo, const Hierarchy& dyn,
                                  Alignment* align = nullptr, bool defer = false);

/// Adds the group of `path` (and its missing ancestors); returns its id. Call refresh() after
/// moving nodes.
int32_t add_group(Hierarchy& h, const std::string& path);
/// Recomputes children, node lists, totals, signatures and twins from node_group (inside a
/// DeferRefresh scope: at the scope's end).
void refresh(Hierarchy& h, const fx::Graph& g);

/// Folds the refresh() calls of several passes over `h` into one at the end of the scope (each
/// refresh recomputes every group's nodes and signature: 27 of them for the ~10 hierarchies of a
/// training trace's report). Nested scopes refresh at the outermost end.
class DeferRefresh {
 public:
  DeferRefresh(Hierarchy& h, const fx::Graph& g) : h_(h), g_(g) { ++h_.defer_depth; }
  ~DeferRefresh();
  DeferRefresh(const DeferRefresh&) = delete;
  DeferRefresh& operator=(const DeferRefresh&) = delete;

 private:
  Hierarchy& h_;
  const fx::Graph& g_;
};

/// Short text for the hierarchy: one line per group, indented ("encoder.layers (28 x same graph)").
std::string dump_hierarchy(const Hierarchy& h, int32_t max_depth = 99);

}  // namespace tparse::graph
