// The one Graphviz bridge of tparse (cgraph + gvc in memory, no `dot` process), shared by the
// report (SVG files) and the viewer (positions drawn with ImGui). DOT node ids are stable:
// "n<k>" where k is a node index (fx::Graph) or an item index (ViewGraph); clusters are
// "cluster_<k>". Graphviz is not thread-safe: every call here takes one process-wide lock.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/payloads/fx_graph.hpp"

namespace tparse::graph {

struct LayoutNode {
  int32_t id = -1;               ///< k of "n<k>"
  double x = 0, y = 0;           ///< centre, points, y grows downwards (top-left origin)
  double width = 0, height = 0;  ///< points
};
struct LayoutEdge {
  int32_t from = -1, to = -1;
  std::vector<std::pair<double, double>> points;  ///< B-spline control points, same frame
  double label_x = 0, label_y = 0;                ///< edge label centre (0, 0 when none)
};
struct LayoutCluster {
  int32_t id = -1;  ///< k of "cluster_<k>"
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};
struct Layout {
  bool ok = false;
  std::string error;
  double width = 0, height = 0;
  std::vector<LayoutNode> nodes;  ///< in DOT order
  std::vector<LayoutEdge> edges;
  std::vector<LayoutCluster> clusters;
  double seconds = 0;  ///< time spent in gvLayout
};

/// Lays out DOT text with "dot" and returns positions (top-left origin, points). Served from the
/// persistent layout cache (layout_cache.hpp) when this DOT text was laid out before (`seconds` 0).
Layout layout_dot(const std::string& dot);
/// The same without the cache.
Layout layout_uncached(const std::string& dot);
/// SVG for DOT text ("" and `error` set when graphviz fails). Memoized in the process and in the
/// persistent layout cache (layout_cache.hpp): a DOT text is laid out once.
std::string svg_of_dot(const std::string& dot, std::string* error = nullptr);
/// The same without any cache (always runs Graphviz).
std::string svg_uncached(const std::string& dot, std::string* error = nullptr);

/// Deferred drawing (the report's `--drawings later|now`, issue 24): while on, svg_of_dot returns
/// for a drawing not in the cache a small placeholder SVG that names its key
/// (`data-tparse-pending="KEY"`) and records the DOT text; `tparse draw-pending` lays them out in
/// worker processes and fill_placeholders puts each drawing where its placeholder was, so the
/// files end byte-identical to drawing at once.
inline constexpr const char* kPendingMark = "data-tparse-pending=\"";
struct PendingDrawing {
  std::string key, dot;
};
void set_svg_deferral(bool on);
/// The drawings deferred since the last call, each key once, in first-use order.
std::vector<PendingDrawing> take_pending_drawings();
std::string pending_placeholder(const std::string& key);
/// `text` with every placeholder replaced by svg_of(key): a file that is only the placeholder
/// becomes the whole SVG, an inline one the svg element. Keys svg_of has not yet (nullopt) keep
/// their placeholder and are counted in *left.
std::string fill_placeholders(std::string_view text, const std::function<std::optional<std::string>(const std::string&)>& svg_of,
                              size_t* left = nullptr);

/// Appends s to a DOT double-quoted string, escaped, cut at `max` characters.
void dot_escape(std::string& out, std::string_view s, size_t max = 60);

/// The whole FX graph, one box per node: "n<i>" labelled "name\ntarget\ntype", coloured by op kind.
std::string fx_to_dot(const fx::Graph& g);
Layout layout_fx_graph(const fx::Graph& g);
std::string fx_to_svg(const fx::Graph& g, std::string* error = nullptr);

/// Fill colour of an op kind (shared by the whole-graph and the module-level drawings).
const char* fill_of(fx::OpKind k);

}  // namespace tparse::graph
