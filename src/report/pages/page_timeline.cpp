// The compile timeline: chromium_events.json (all chromium_event records, pid = rank, for
// Perfetto / chrome://tracing) and timeline.html, an inline SVG of the same spans (B/E pairs per
// process and thread, nested by depth), drawn without any JavaScript library.
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "report/context.hpp"
#include "core/json_writer.hpp"
#include "report/html.hpp"

namespace tparse::report {

std::string chromium_events_json(const Model& m, const JsonWriter::Flush& flush) {
  JsonWriter w(false);
  if (flush) w.set_flush(flush);
  w.begin_array();
  for (const auto& e : m.events) {
    w.begin_object().kv("name", e.name).kv("cat", "dynamo_timed").kv("ph", std::string(1, e.ph)).kv("ts", e.ts_us);
    w.kv("pid", static_cast<int64_t>(e.rank >= 0 ? e.rank : std::max(0, e.process))).kv("tid", e.tid);
    if (!e.compile_id.empty()) w.key("args").begin_object().kv("compile_id", e.compile_id).end_object();
    w.end_object();
  }
  w.end_array();
  return w.take();
}

namespace {

struct Span {
  std::string name, compile_id;
  double t0 = 0, t1 = 0;
  int lane = 0, depth = 0;
};

}  // namespace

std::string timeline_page(Ctx& cx) {
  const Model& m = cx.m;
  std::vector<Span> spans;
  std::map<std::pair<int32_t, int64_t>, std::vector<Span>> open;  // (lane key, tid) -> stack
  std::map<int32_t, int> lanes;                                     // rank/process -> lane
  auto lane_of = [&](const ChromeEvent& e) {
    int32_t key = e.rank >= 0 ? e.rank : e.process;
    auto it = lanes.find(key);
    if (it == lanes.end()) it = lanes.emplace(key, static_cast<int>(lanes.size())).first;
    return it->second;
  };
  for (const auto& e : m.events) {
    int lane = lane_of(e);
    auto& st = open[{lane, e.tid}];
    if (e.ph == 'B') {
      Span s;
      s.name = e.name, s.compile_id = e.compile_id, s.t0 = e.ts_us, s.lane = lane, s.depth = static_cast<int>(st.size());
      st.push_back(s);
    } else if (e.ph == 'E') {
      for (size_t k = st.size(); k-- > 0;)
        if (st[k].name == e.name) {
          st[k].t1 = e.ts_us;
          spans.push_back(st[k]);
          st.erase(st.begin() + static_cast<long>(k));
          break;
        }
    }
  }
  if (spans.empty()) {  // no chromium events: one span per compile from its metrics
    for (const auto& c : m.compiles) {
      if (!c.metrics || c.metrics->start_time_us < 0 || c.metrics->duration_us < 0) continue;
      Span s;
      s.name = c.metrics->co_name, s.compile_id = c.id.key();
      s.t0 = static_cast<double>(c.metrics->start_time_us), s.t1 = s.t0 + static_cast<double>(c.metrics->duration_us);
      s.lane = c.rank >= 0 ? c.rank : 0;
      spans.push_back(s);
    }
  }
  constexpr size_t kMaxSpans = 4000;
  if (spans.size() > kMaxSpans) {
    std::nth_element(spans.begin(), spans.begin() + kMaxSpans, spans.end(),
                     [](const Span& a, const Span& b) { return a.t1 - a.t0 > b.t1 - b.t0; });
    spans.resize(kMaxSpans);
  }
  std::string out = page_begin("tparse: compile timeline", "");
  out += "<h1>Compile timeline</h1><p>Spans of <code>dynamo_timed</code> phases per rank/process (nested by depth). "
         "For zooming, load <a href=\"chromium_events.json\">chromium_events.json</a> in Perfetto (ui.perfetto.dev, offline "
         "build) or chrome://tracing.</p>\n";
  if (spans.empty()) return out + "<p class=\"muted\">No timing events in this trace.</p>" + page_end();
  double t0 = spans.front().t0, t1 = spans.front().t1;
  int max_depth = 0, max_lane = 0;
  for (const auto& s : spans) {
    t0 = std::min(t0, s.t0), t1 = std::max(t1, s.t1);
    max_depth = std::max(max_depth, std::min(s.depth, 7));
    max_lane = std::max(max_lane, s.lane);
  }
  const double W = 1300, row = 16, lane_h = (max_depth + 1) * row + 14, label = 70;
  double span_us = std::max(1.0, t1 - t0);
  out += fmt::format("<p class=\"muted\">{} spans over {:.3f} s.</p>", spans.size(), span_us / 1e6);
  out += fmt::format("<svg class=\"tl\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\">", W + label + 10,
                     (max_lane + 1) * lane_h + 10);
  for (const auto& [key, lane] : lanes)
    out += fmt::format("<text x=\"2\" y=\"{}\">{} {}</text>", lane * lane_h + 14, m.ranks.size() > 1 ? "rank" : "proc", key);
  static const char* colors[] = {"#60a5fa", "#34d399", "#fbbf24", "#f87171", "#a78bfa", "#f472b6", "#2dd4bf", "#fb923c"};
  for (const auto& s : spans) {
    if (s.depth > 7) continue;
    double x = label + (s.t0 - t0) / span_us * W, w = std::max(0.5, (s.t1 - s.t0) / span_us * W);
    double y = s.lane * lane_h + 4 + s.depth * row;
    size_t h = std::hash<std::string>{}(s.name);
    out += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{}\" fill=\"{}\"><title>", x, y, w, row - 2, colors[h % 8]);
    out += esc(s.name) + (s.compile_id.empty() ? "" : " [" + esc(s.compile_id) + "]") + esc(fmt::format(" {:.1f} ms", (s.t1 - s.t0) / 1000));
    out += "</title></rect>";
    if (w > 60) out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" clip-path=\"none\">", x + 2, y + row - 5) + esc(s.name.substr(0, static_cast<size_t>(w / 6.5))) + "</text>";
  }
  out += "</svg>\n";
  // The slowest phases, as a table.
  std::map<std::string, std::pair<double, int64_t>> by_name;
  for (const auto& s : spans) {
    auto& [t, n] = by_name[s.name];
    t += s.t1 - s.t0, ++n;
  }
  std::vector<std::pair<double, std::string>> top;
  for (auto& [n, v] : by_name) top.emplace_back(v.first, n);
  std::sort(top.rbegin(), top.rend());
  out += "<h2>Time by phase</h2><table><thead><tr><th>phase</th><th>total</th><th>count</th></tr></thead><tbody>";
  for (size_t k = 0; k < top.size() && k < 40; ++k)
    out += "<tr><td>" + esc(top[k].second) + "</td><td>" + fmt_seconds(top[k].first / 1e6) + "</td><td>" +
           std::to_string(by_name[top[k].second].second) + "</td></tr>";
  return out + "</tbody></table>" + page_end();
}

}  // namespace tparse::report
