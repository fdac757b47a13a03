// One level of a module hierarchy as a small graph to draw: the focus module's children as boxes
// (runs of identical siblings as one box with a count), its own ops, and, in the viewer, expanded
// children as clusters with their contents. Edges between boxes are aggregated (count and the
// tensor shapes that cross). Plain C++: layout.hpp turns the DOT of a view into positions or SVG.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/payloads/fx_graph.hpp"
#include "hierarchy.hpp"

namespace tparse::graph {

struct ViewItem {
  enum class Kind : uint8_t { Group, Run, Op, Inputs, Outputs };
  Kind kind = Kind::Op;
  int32_t group = -1;            ///< Group: the module; Run: its first member
  std::vector<int32_t> members;  ///< Run: every module it stands for (consecutive identical siblings)
  int32_t node = -1;             ///< Op: fx node id
  int32_t cluster = -1;          ///< index in ViewGraph::clusters, -1 at the top
  int32_t nodes = 0;             ///< fx nodes inside (one member's for a run)
  bool odd = false;              ///< a numbered module unlike its siblings
};
struct ViewEdge {
  int32_t from = -1, to = -1;       ///< item indices
  int32_t count = 0;                ///< fx edges aggregated
  std::vector<std::string> shapes;  ///< distinct shapes that cross ("f32[8, 1, 64]"), at most 3
};
struct ViewCluster {
  int32_t group = -1;   ///< expanded module
  int32_t parent = -1;  ///< enclosing cluster, -1 at the top
};
struct ViewGraph {
  int32_t focus = 0;
  std::vector<ViewItem> items;
  std::vector<ViewEdge> edges;
  std::vector<ViewCluster> clusters;
  std::vector<int32_t> item_of_node;  ///< per fx node: its item, -1 outside the focus
};

/// The view of `focus` with the modules in `expanded` (indexed by group id; may be empty) opened in
/// place. With `runs`, consecutive identical siblings that are not expanded become one Run item.
ViewGraph build_view(const fx::Graph& g, const Hierarchy& h, int32_t focus, const std::vector<char>& expanded,
                     bool runs = true);

/// Display name of a module relative to the view's focus ("layers.3"; "(graph)" for the root).
std::string group_title(const Hierarchy& h, int32_t focus, int32_t group);
/// Box label lines: "self_attention\n72 ops", "layers.0 .. layers.27\n28 x same graph", ...
std::string item_label(const fx::Graph& g, const Hierarchy& h, const ViewGraph& v, const ViewItem& it, bool op_names);
/// The shape part of an FX type annotation: "f32[8, 1, 64][64, 512, 1]cpu" -> "f32[8, 1, 64]".
std::string shape_of(const std::string& type);

struct DotOptions {
  bool op_names = true;  ///< op boxes show the node name (viewer); false: target and shape only
  /// Link for an item (report: the page of a module); "" for none.
  std::function<std::string(const ViewItem&)> url;
};
/// Views with more items than this get bounded dot effort and straight edges (view_to_dot).
inline constexpr size_t kDenseLevel = 100;
/// DOT of a view: items "n<k>", clusters "cluster_<k>" (k = index in the view).
std::string view_to_dot(const fx::Graph& g, const Hierarchy& h, const ViewGraph& v, const DotOptions& opt = {});

}  // namespace tparse::graph
