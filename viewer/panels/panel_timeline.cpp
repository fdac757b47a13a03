// Timeline panel: chromium compile events as nested spans, one lane per rank/thread. Wheel zooms
// around the mouse, drag pans, double-click resets; clicking a span selects its compile.
#include <algorithm>
#include <fmt/format.h>
#include <functional>

#include "core/model/summary.hpp"
#include "panels/panels.hpp"

namespace tparse::viewer {

namespace {

ImU32 name_color(const std::string& name) {
  size_t h = std::hash<std::string>{}(name);
  float hue = static_cast<float>(h % 360) / 360.f;
  float r, g, b;
  ImGui::ColorConvertHSVtoRGB(hue, 0.45f, 0.80f, r, g, b);
  return ImGui::ColorConvertFloat4ToU32(ImVec4(r, g, b, 1));
}

}  // namespace

void TimelinePanel::Draw(const Document& d, ViewState& v) {
  const Model& m = d.model();
  if (gen_ != d.generation || rank_ != v.rank) {
    gen_ = d.generation;
    rank_ = v.rank;
    tl_ = build_timeline(m, v.rank);
    a_ = tl_.t0;
    b_ = tl_.t1;
  }
  if (tl_.empty()) {
    ImGui::TextDisabled("No chromium events in this trace%s.", v.rank >= 0 ? " for this rank" : "");
    return;
  }
  ImGui::TextDisabled("%zu spans in %zu lane(s), %.3f s total; showing %.3f s   wheel: zoom, drag: pan, double-click: reset",
                      tl_.spans.size(), tl_.lanes.size(), (tl_.t1 - tl_.t0) / 1e6, (b_ - a_) / 1e6);
  ImGui::BeginChild("tl", ImVec2(0, 0), true, ImGuiWindowFlags_NoScrollWithMouse);
  ImVec2 p0 = ImGui::GetCursorScreenPos();
  ImVec2 sz = ImGui::GetContentRegionAvail();
  float label_w = 120.f, row_h = ImGui::GetTextLineHeight() + 6, axis_h = row_h;
  float total_h = axis_h;
  for (const auto& l : tl_.lanes) total_h += row_h * static_cast<float>(l.depth) + 6;
  ImGui::InvisibleButton("##tl", ImVec2(std::max(sz.x, 1.f), std::max(total_h, sz.y)));
  ImGuiIO& io = ImGui::GetIO();
  float plot_x = p0.x + label_w, plot_w = std::max(10.f, sz.x - label_w - 8);
  auto X = [&](double t) { return plot_x + static_cast<float>((t - a_) / std::max(1e-9, b_ - a_)) * plot_w; };
  bool hovered = ImGui::IsItemHovered();
  if (hovered && io.MouseWheel != 0) {
    double at = a_ + (io.MousePos.x - plot_x) / plot_w * (b_ - a_);
    zoom_window(a_, b_, at, io.MouseWheel > 0 ? 1.25 : 0.8, tl_.t0, tl_.t1);
  }
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 2.f)) {
    double dt = -io.MouseDelta.x / plot_w * (b_ - a_);
    double span = b_ - a_;
    a_ = std::clamp(a_ + dt, tl_.t0, tl_.t1 - span);
    b_ = a_ + span;
  }
  if (hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) a_ = tl_.t0, b_ = tl_.t1;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(p0, ImVec2(p0.x + sz.x, p0.y + std::max(total_h, sz.y)), true);
  // Axis: ~8 ticks in seconds from the start of the trace.
  ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  for (int i = 0; i <= 8; ++i) {
    double t = a_ + (b_ - a_) * i / 8;
    float x = X(t);
    dl->AddLine(ImVec2(x, p0.y + axis_h - 4), ImVec2(x, p0.y + total_h), IM_COL32(128, 128, 128, 40));
    std::string s = fmt::format("{:.3f}s", (t - tl_.t0) / 1e6);
    dl->AddText(ImVec2(x + 2, p0.y), dim, s.c_str());
  }
  std::vector<float> lane_y(tl_.lanes.size());
  float y = p0.y + axis_h;
  for (size_t li = 0; li < tl_.lanes.size(); ++li) {
    lane_y[li] = y;
    dl->AddText(ImVec2(p0.x + 4, y + 2), ImGui::GetColorU32(ImGuiCol_Text), tl_.lanes[li].label.c_str());
    y += row_h * static_cast<float>(tl_.lanes[li].depth) + 6;
    dl->AddLine(ImVec2(p0.x, y - 3), ImVec2(p0.x + sz.x, y - 3), IM_COL32(128, 128, 128, 60));
  }
  int32_t hover = -1;
  for (size_t si = 0; si < tl_.spans.size(); ++si) {
    const TimelineSpan& s = tl_.spans[si];
    if (s.end_us < a_ || s.start_us > b_) continue;
    float x0 = std::max(X(s.start_us), plot_x), x1 = std::min(X(s.end_us), plot_x + plot_w);
    if (x1 - x0 < 1) x1 = x0 + 1;
    float ry = lane_y[static_cast<size_t>(s.lane)] + row_h * static_cast<float>(s.depth);
    const ChromeEvent& e = m.events[static_cast<size_t>(s.event)];
    bool sel = false;
    if (v.compile >= 0 && !e.compile_id.empty()) {
      const Compile& c = m.compiles[static_cast<size_t>(v.compile)];
      sel = c.id.key() == e.compile_id && c.rank == e.rank;
    }
    ImVec2 ra(x0, ry + 1), rb(x1, ry + row_h - 1);
    dl->AddRectFilled(ra, rb, name_color(e.name));
    if (sel) dl->AddRect(ra, rb, IM_COL32(255, 255, 255, 255), 0, 0, 2.f);
    if (x1 - x0 > 30) {
      dl->PushClipRect(ra, rb, true);
      dl->AddText(ImVec2(x0 + 2, ry + 2), IM_COL32(20, 20, 20, 255), e.name.c_str());
      dl->PopClipRect();
    }
    if (hovered && io.MousePos.x >= ra.x && io.MousePos.x <= rb.x && io.MousePos.y >= ra.y && io.MousePos.y <= rb.y)
      hover = static_cast<int32_t>(si);
  }
  for (int32_t ei : tl_.instants) {
    const ChromeEvent& e = m.events[static_cast<size_t>(ei)];
    if (e.ts_us < a_ || e.ts_us > b_) continue;
    float x = X(e.ts_us);
    dl->AddTriangleFilled(ImVec2(x - 4, p0.y + axis_h - 8), ImVec2(x + 4, p0.y + axis_h - 8), ImVec2(x, p0.y + axis_h), IM_COL32(230, 120, 80, 255));
  }
  dl->PopClipRect();
  if (hover >= 0) {
    const TimelineSpan& s = tl_.spans[static_cast<size_t>(hover)];
    const ChromeEvent& e = m.events[static_cast<size_t>(s.event)];
    ImGui::SetTooltip("%s\ncompile %s%s\n%.3f ms%s", e.name.c_str(), e.compile_id.empty() ? "-" : e.compile_id.c_str(),
                      e.rank >= 0 ? fmt::format(" rank {}", e.rank).c_str() : "", (s.end_us - s.start_us) / 1e3, s.open ? " (no end event)" : "");
    if (ImGui::IsMouseReleased(ImGuiMouseButton_Left) && ImGui::GetIO().MouseDragMaxDistanceSqr[0] < 16.f && !e.compile_id.empty()) {
      std::string spec = e.rank >= 0 ? fmt::format("rank{} {}", e.rank, e.compile_id) : e.compile_id;
      if (auto ci = find_compile(m, spec)) v.select_compile(m, *ci);
    }
  }
  ImGui::EndChild();
}

}  // namespace tparse::viewer
