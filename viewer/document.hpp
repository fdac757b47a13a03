// What every panel reads: the loaded trace (immutable once published) and the shared view state
// (selection, rank filter, search text). Panels are small classes with Draw(const Document&,
// ViewState&); selection lives here so one click drives every panel.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/ingest.hpp"

namespace tparse::viewer {

/// One loaded trace, shared read-only between the UI thread and background jobs (search, layout).
struct Document {
  std::shared_ptr<const LoadedTrace> trace;
  std::string path;            ///< what the user opened (dir, file or .gz)
  double load_seconds = 0;     ///< wall time of load_trace
  uint64_t generation = 0;     ///< bumps on every (re)load; caches key on it
  /// < 1: a first view of a load still running (or cancelled), holding this share of the bytes.
  float read_fraction = 1.f;
  const Model& model() const { return trace->model; }
  const PayloadStore& payloads() const { return trace->payloads; }
  bool loaded() const { return trace != nullptr; }
};

enum class Tab : int { Overview, Breaks, Recompiles, Graph, Artifacts, Timeline, Ranks, Search, Count_ };
const char* tab_name(Tab t);
constexpr int kTabCount = static_cast<int>(Tab::Count_);

struct ViewState {
  int32_t compile = -1;       ///< selected compile (index into Model::compiles)
  int32_t frame = -1;         ///< selected frame (follows the compile)
  int32_t site = -1;          ///< selected break site
  int32_t artifact = -1;      ///< selected artifact of the selected compile
  int64_t artifact_line = -1; ///< line (0-based) to scroll the artifact text to, once
  std::string artifact_find;  ///< text to highlight in the artifact (set by search hits)
  std::string graph_node;     ///< node to select in the Graph panel once ("@first-op": first non-input)
  int32_t rank = -1;          ///< rank filter; -1 = all ranks
  int32_t compare_a = -1, compare_b = -1;  ///< ranks in the compare view
  std::string search;         ///< the global search text (Ctrl+F)
  bool focus_search = false;
  Tab tab = Tab::Overview;    ///< active tab
  bool tab_request = false;   ///< set to switch `tab` programmatically
  bool monospace_big = false;
  /// When the last select_compile ran: the UI event (click, key) that chose the compile; the Graph
  /// panel measures "drawn within 1 s of selecting" from here.
  std::chrono::steady_clock::time_point selected_at{};
  /// Select a compile and its frame together.
  void select_compile(const Model& m, int32_t c) {
    selected_at = std::chrono::steady_clock::now();
    compile = c;
    artifact = -1;
    frame = (c >= 0 && c < static_cast<int32_t>(m.compiles.size())) ? m.compiles[static_cast<size_t>(c)].frame : -1;
  }
  void go(Tab t) {
    tab = t;
    tab_request = true;
  }
};

}  // namespace tparse::viewer
