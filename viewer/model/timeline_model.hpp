// The compile timeline as data: chromium B/E events paired into spans, one lane per
// (rank/process, thread), nested by depth; instant events kept as ticks. Drawn by panel_timeline.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/model/model.hpp"

namespace tparse::viewer {

struct TimelineSpan {
  int32_t event = -1;   ///< index into Model::events of the begin event
  int32_t lane = -1;
  int32_t depth = 0;
  double start_us = 0, end_us = 0;
  bool open = false;    ///< no matching end (trace cut off): ends at the lane's last event
};

struct TimelineLane {
  int32_t rank = -1, process = -1;
  int64_t tid = 0;
  int32_t depth = 1;    ///< rows used
  std::string label;
};

struct Timeline {
  std::vector<TimelineLane> lanes;
  std::vector<TimelineSpan> spans;
  std::vector<int32_t> instants;   ///< indices into Model::events (ph 'i' / 'I')
  double t0 = 0, t1 = 0;           ///< time range over all kept events (us)
  bool empty() const { return spans.empty() && instants.empty(); }
};

/// Builds the timeline of `rank` (-1 = all ranks, one group of lanes per rank).
Timeline build_timeline(const Model& m, int32_t rank);

/// Visible window [a, b] after zooming by `factor` (>1 zooms in) around time `at`, clamped to
/// [t0, t1] and to at least `min_span` us.
void zoom_window(double& a, double& b, double at, double factor, double t0, double t1, double min_span = 1.0);

}  // namespace tparse::viewer
