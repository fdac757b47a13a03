// The viewer's panels: one small class per panel, each in its own panel_*.cpp, drawn as
// Draw(const Document&, ViewState&). Caches inside a panel key on Document::generation.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <future>
#include <memory>
#include <string>
#include <vector>

#include "document.hpp"
#include "model/graph_model.hpp"
#include "model/loader.hpp"
#include "model/search.hpp"
#include "model/timeline_model.hpp"
#include "model/provenance_jumps.hpp"
#include "widgets.hpp"

namespace tparse::viewer {

class OverviewPanel {
 public:
  void Draw(const Document& d, ViewState& v);

 private:
  uint64_t gen_ = 0;
  int32_t rank_ = -2;
  Offenders offenders_;  ///< cached per (generation, rank): big traces have many compiles
};

/// Left pane: frame -> [f/c] -> attempts, coloured by status; drives the selection.
class FramesPanel {
 public:
  void Draw(const Document& d, ViewState& v);
  /// Compiles in tree order (for Up/Down), as last drawn.
  const std::vector<int32_t>& order() const { return order_; }

 private:
  std::string filter_;
  std::vector<int32_t> order_;
  int32_t scrolled_to_ = -1;
};

class BreaksPanel {
 public:
  void Draw(const Document& d, ViewState& v);

 private:
  std::string filter_;
};

class RecompilesPanel {
 public:
  void Draw(const Document& d, ViewState& v);
};

/// Graph panel. Small graphs are drawn whole; graphs over kWholeGraphMax nodes with a module
/// hierarchy open at the module level, and a click expands a box in place (a click on an expanded
/// module's frame collapses it). Layouts run off the UI thread and are cached per expanded set.
class GraphPanel {
 public:
  static constexpr size_t kWholeGraphMax = 400;
  void Draw(const Document& d, ViewState& v);
  /// Nodes parsed for the current selection (for tests and the status line).
  size_t node_count() const { return fx_.nodes.size(); }
  /// A layout is still running in the background.
  bool busy() const { return pending_.valid() || preparing_.valid(); }
  /// Module-level mode (a big graph with named modules).
  bool modules() const { return modules_; }
  /// What rebuild() computes in the background for a new selection (see panel_graph.cpp).
  struct Prepared {
    std::string text;
    std::shared_ptr<const fx::Graph> fx;
    std::shared_ptr<const graph::Hierarchy> h;  ///< null: the whole graph is drawn
    std::vector<char> expanded;
    graph::ViewGraph view;
    GraphLayout layout;
  };
  /// Milliseconds from the UI event that selected the compile (ViewState::selected_at) to the
  /// first drawing (-1 until drawn), and the
  /// longest gap between two frames of this panel while a layout was running.
  double drawn_ms() const { return drawn_ms_; }
  double longest_gap_ms() const { return gap_ms_; }

 private:
  void rebuild(const Document& d, const ViewState& v);
  void request_layout();
  void toggle(int32_t group, bool open);
  void install(Prepared p);
  uint64_t gen_ = 0;
  int32_t compile_ = -2, artifact_ = -2;
  int32_t source_artifact_ = -1;
  fx::Graph fx_;
  GraphLayout layout_;
  /// Graphviz runs off the UI thread: a big graph never freezes the window. Replaced layouts
  /// still running are parked in `old_` until they finish (a future's destructor would block).
  std::future<GraphLayout> pending_;
  std::vector<std::future<GraphLayout>> old_;
  /// Parsing, hierarchy and first layout of a new selection (never on the UI thread).
  std::future<Prepared> preparing_;
  std::vector<std::future<Prepared>> old_prep_;
  std::vector<int32_t> run_members_;  ///< the run whose "open which?" menu is showing
  std::string find_;          ///< the "find node" box
  bool find_missed_ = false;
  // Module mode: hierarchy, expanded modules, the view drawn and layouts per expanded set.
  bool modules_ = false;
  std::shared_ptr<const fx::Graph> shared_fx_;
  std::shared_ptr<const graph::Hierarchy> h_;
  std::vector<char> expanded_;
  graph::ViewGraph view_, pending_view_;
  std::string pending_key_;
  std::map<std::string, std::pair<graph::ViewGraph, GraphLayout>> cache_;
  std::chrono::steady_clock::time_point selected_at_, last_frame_;
  double drawn_ms_ = -1, gap_ms_ = 0;
  TextView text_;
  float zoom_ = 1.f;
  ImVec2 pan_ = ImVec2(20, 20);
  int32_t node_ = -1;
  int64_t scroll_line_ = -1;
  bool fit_ = true;
};

class ArtifactsPanel {
 public:
  void Draw(const Document& d, ViewState& v);

 private:
  uint64_t gen_ = 0;
  int32_t compile_ = -2, artifact_ = -2;
  std::vector<ProvLine> prov_;  ///< provenance links of the shown artifact
  int64_t mark_ = -1;           ///< line marked after a provenance jump
  std::string find_;
  TextView view_;
  std::vector<size_t> hits_;
  int hit_ = -1;
  int64_t scroll_ = -1;
};

class TimelinePanel {
 public:
  void Draw(const Document& d, ViewState& v);

 private:
  uint64_t gen_ = 0;
  int32_t rank_ = -2;
  Timeline tl_;
  double a_ = 0, b_ = 0;
  int32_t hover_ = -1;
};

class RanksPanel {
 public:
  void Draw(const Document& d, ViewState& v);
};

/// Results of the Ctrl+F search: model hits at once, payload hits from a background job.
class SearchPanel {
 public:
  explicit SearchPanel(TaskQueue& q) : q_(q) {}
  void Draw(const Document& d, ViewState& v);

 private:
  TaskQueue& q_;
  SearchJob job_;
  std::string query_;
  uint64_t gen_ = 0;
  int32_t rank_ = -2;
  uint64_t want_ = 0;
  bool payload_done_ = false;
  std::vector<SearchHit> model_hits_, payload_hits_;
};

}  // namespace tparse::viewer
