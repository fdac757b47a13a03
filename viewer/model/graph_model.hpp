// The Graph panel's data: the FX graph parsed by the core (core/payloads/fx_graph.hpp) laid out by the
// Graphviz bridge shared with the report (src/graph/layout.hpp), either whole (small graphs) or as
// a module-level view with some modules expanded (src/graph/view_graph.hpp); the panel draws the
// positions with ImGui draw lists.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/payloads/fx_graph.hpp"
#include "graph/hierarchy.hpp"
#include "graph/view_graph.hpp"

namespace tparse::viewer {

/// Splits "f32[8, 32][32, 1]cuda:0" into dtype, shape, stride and device.
void split_annotation(const std::string& a, std::string& dtype, std::string& shape, std::string& stride,
                      std::string& device);

struct GraphLayout {
  struct Box {
    double x = 0, y = 0, w = 0, h = 0;  ///< centre and size in points, y down
  };
  struct Cluster {
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  };
  std::vector<Box> nodes;                           ///< parallel to fx::Graph::nodes (or ViewGraph::items)
  std::vector<Cluster> clusters;                    ///< parallel to ViewGraph::clusters
  std::vector<std::vector<std::pair<double, double>>> edges;  ///< bezier control points, y down
  double width = 0, height = 0;
  std::string error;
  bool ok() const { return error.empty(); }
};

/// Lays the graph out top-down with Graphviz dot (thread-safe: the bridge takes one lock). Graphs
/// above `max_nodes` are refused with an error (the text view still works).
GraphLayout layout_fx_graph(const fx::Graph& g, size_t max_nodes = 3000);
/// Lays out a module-level view (boxes, runs, expanded modules as clusters).
GraphLayout layout_view(const fx::Graph& g, const graph::Hierarchy& h, const graph::ViewGraph& v);
/// Cache key of a view: the expanded module ids ("3,17,18").
std::string view_key(const std::vector<char>& expanded);
/// The innermost cluster containing (x, y), or -1.
int32_t hit_cluster(const GraphLayout& l, double x, double y);
/// Second line of a node box: the target ("linear", ".relu" for methods, "input", "output").
std::string node_caption(const fx::Node& n);

/// Search: marks every module around fx node `node` (its group and the group's ancestors) open,
/// so the next view shows the node itself as an op box.
void open_ancestors(const graph::Hierarchy& h, int32_t node, std::vector<char>& expanded);

/// The Graph panel's "find node": the first node after `after` (wrapping around) whose name is
/// `q`, else whose name, target or source code contains `q` (case-sensitive); -1 when none.
int32_t find_node(const fx::Graph& g, std::string_view q, int32_t after = -1);

/// The node whose box contains (x, y) in layout coordinates, or -1.
int32_t hit_node(const GraphLayout& l, double x, double y);

}  // namespace tparse::viewer
