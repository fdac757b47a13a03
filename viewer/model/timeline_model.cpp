// Timeline building; see timeline_model.hpp.
#include "model/timeline_model.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <limits>
#include <map>
#include <tuple>

#include "model/logic.hpp"

namespace tparse::viewer {

Timeline build_timeline(const Model& m, int32_t rank) {
  Timeline t;
  std::map<std::tuple<int32_t, int32_t, int64_t>, std::vector<int32_t>> by_lane;
  for (size_t i = 0; i < m.events.size(); ++i) {
    const ChromeEvent& e = m.events[i];
    if (!rank_ok(rank, e.rank)) continue;
    by_lane[{e.rank, e.process, e.tid}].push_back(static_cast<int32_t>(i));
  }
  t.t0 = std::numeric_limits<double>::max();
  t.t1 = std::numeric_limits<double>::lowest();
  for (auto& [key, evs] : by_lane) {
    std::stable_sort(evs.begin(), evs.end(), [&](int32_t a, int32_t b) {
      return m.events[static_cast<size_t>(a)].ts_us < m.events[static_cast<size_t>(b)].ts_us;
    });
    TimelineLane lane;
    std::tie(lane.rank, lane.process, lane.tid) = key;
    lane.label = lane.rank >= 0 ? fmt::format("rank {} tid {}", lane.rank, lane.tid) : fmt::format("tid {}", lane.tid);
    int32_t li = static_cast<int32_t>(t.lanes.size());
    std::vector<size_t> stack;  // indices into t.spans
    double last = 0;
    for (int32_t ei : evs) {
      const ChromeEvent& e = m.events[static_cast<size_t>(ei)];
      last = e.ts_us;
      t.t0 = std::min(t.t0, e.ts_us);
      t.t1 = std::max(t.t1, e.ts_us);
      if (e.ph == 'B') {
        TimelineSpan s;
        s.event = ei;
        s.lane = li;
        s.depth = static_cast<int32_t>(stack.size());
        s.start_us = e.ts_us;
        lane.depth = std::max(lane.depth, s.depth + 1);
        stack.push_back(t.spans.size());
        t.spans.push_back(s);
      } else if (e.ph == 'E') {
        // Close the innermost open span of the same name; tolerate a missing begin.
        for (size_t k = stack.size(); k-- > 0;) {
          TimelineSpan& s = t.spans[stack[k]];
          if (m.events[static_cast<size_t>(s.event)].name == e.name) {
            s.end_us = e.ts_us;
            stack.erase(stack.begin() + static_cast<long>(k), stack.end());
            break;
          }
        }
      } else if (e.ph == 'i' || e.ph == 'I') {
        t.instants.push_back(ei);
      }
    }
    for (size_t k : stack) {
      t.spans[k].end_us = last;
      t.spans[k].open = true;
    }
    t.lanes.push_back(std::move(lane));
  }
  if (t.t0 > t.t1) t.t0 = t.t1 = 0;
  return t;
}

void zoom_window(double& a, double& b, double at, double factor, double t0, double t1, double min_span) {
  double span = std::max((b - a) / factor, min_span);
  double full = std::max(t1 - t0, min_span);
  span = std::min(span, full);
  double rel = (b > a) ? (at - a) / (b - a) : 0.5;
  rel = std::clamp(rel, 0.0, 1.0);
  a = at - rel * span;
  b = a + span;
  if (a < t0) a = t0, b = t0 + span;
  if (b > t1) b = t1, a = t1 - span;
}

}  // namespace tparse::viewer
