// FX graphs drawn with Graphviz (cgraph + gvc, in memory, no `dot` process): DOT text with stable
// node ids (n<index> = node index in fx::Graph), a layout (positions and edge splines, for the
// viewer to draw with ImGui), and an SVG for the report. Graphviz is not thread-safe: every call
// here takes one process-wide lock.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/fx_graph.hpp"

namespace tparse::report {

/// DOT for g: node "n<i>" labelled "name\ntarget\ntype", coloured by op kind, edges producer->consumer.
std::string fx_to_dot(const fx::Graph& g);

struct LayoutNode {
  int32_t id = -1;             ///< node index in fx::Graph
  double x = 0, y = 0;         ///< centre, points, y grows downwards (top-left origin)
  double width = 0, height = 0;  ///< points
};
struct LayoutEdge {
  int32_t from = -1, to = -1;
  std::vector<std::pair<double, double>> points;  ///< B-spline control points, same frame
};
struct Layout {
  bool ok = false;
  std::string error;
  double width = 0, height = 0;
  std::vector<LayoutNode> nodes;
  std::vector<LayoutEdge> edges;
};

/// Runs the "dot" layout on g and returns positions (top-left origin, points).
Layout layout_fx_graph(const fx::Graph& g);

/// SVG text of g ("" and `error` set when graphviz fails).
std::string fx_to_svg(const fx::Graph& g, std::string* error = nullptr);

}  // namespace tparse::report
