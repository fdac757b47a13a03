// The Graph panel's data: the FX graph parsed by the core (core/fx_graph.hpp) laid out with
// Graphviz "dot" (gvLayout); the panel draws the positions with ImGui draw lists. The layout lives
// here because no shared layout function existed in src/report/ when the viewer needed one.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/fx_graph.hpp"

namespace tparse::viewer {

/// Splits "f32[8, 32][32, 1]cuda:0" into dtype, shape, stride and device.
void split_annotation(const std::string& a, std::string& dtype, std::string& shape, std::string& stride,
                      std::string& device);

struct GraphLayout {
  struct Box {
    double x = 0, y = 0, w = 0, h = 0;  ///< centre and size in points, y down
  };
  std::vector<Box> nodes;                           ///< parallel to fx::Graph::nodes
  std::vector<std::vector<std::pair<double, double>>> edges;  ///< bezier control points, y down
  double width = 0, height = 0;
  std::string error;
  bool ok() const { return error.empty(); }
};

/// Lays the graph out top-down with Graphviz dot. Not thread-safe (Graphviz keeps globals): call
/// from one thread. Graphs above `max_nodes` are refused with an error (the text view still works).
GraphLayout layout_fx_graph(const fx::Graph& g, size_t max_nodes = 3000);
/// Second line of a node box: the target ("linear", ".relu" for methods, "input", "output").
std::string node_caption(const fx::Node& n);

/// The node whose box contains (x, y) in layout coordinates, or -1.
int32_t hit_node(const GraphLayout& l, double x, double y);

}  // namespace tparse::viewer
