// Graph panel: the selected compile's FX graph laid out with Graphviz dot and drawn with ImGui
// draw lists. Wheel zooms around the mouse, drag pans, click a node for its dtype/shape and source
// line; the graph text sits beside it and scrolls to the clicked node.
#include <algorithm>
#include <chrono>
#include <fmt/format.h>

#include "core/summary.hpp"
#include "panels.hpp"

namespace tparse::viewer {

namespace {

bool is_graph_artifact(const Artifact& a) {
  return a.kind == "dynamo_output_graph" || a.kind.rfind("aot_", 0) == 0 || a.name.find("graph") != std::string::npos;
}

}  // namespace

void GraphPanel::rebuild(const Document& d, const ViewState& v) {
  gen_ = d.generation;
  compile_ = v.compile;
  artifact_ = source_artifact_;
  fx_ = {};
  layout_ = {};
  node_ = -1;
  fit_ = true;
  text_.set("");
  if (v.compile < 0 || source_artifact_ < 0) return;
  const Compile& c = d.model().compiles[static_cast<size_t>(v.compile)];
  const Artifact& a = c.artifacts[static_cast<size_t>(source_artifact_)];
  std::string txt = d.payloads().get(a.payload);
  fx_ = fx::parse_fx_graph(txt);
  text_.set(std::move(txt));
  if (pending_.valid()) old_.push_back(std::move(pending_));
  layout_.error = "laying out...";
  pending_ = std::async(std::launch::async, [g = std::make_shared<fx::Graph>(fx_)] { return layout_fx_graph(*g); });
}

void GraphPanel::Draw(const Document& d, ViewState& v) {
  const Model& m = d.model();
  if (v.compile < 0) {
    ImGui::TextDisabled("Select a compile in the tree (or press Down).");
    return;
  }
  const Compile& c = m.compiles[static_cast<size_t>(v.compile)];
  // Which graph: the counted Dynamo graph by default, or any graph artifact from the combo.
  std::vector<int32_t> graphs;
  for (size_t i = 0; i < c.artifacts.size(); ++i)
    if (is_graph_artifact(c.artifacts[i]) && c.artifacts[i].payload.valid()) graphs.push_back(static_cast<int32_t>(i));
  if (compile_ != v.compile || gen_ != d.generation) {
    source_artifact_ = c.graph_artifact >= 0 ? c.graph_artifact : (graphs.empty() ? -1 : graphs.front());
    rebuild(d, v);
  }
  std::erase_if(old_, [](auto& f) { return f.wait_for(std::chrono::seconds(0)) == std::future_status::ready; });
  if (pending_.valid() && pending_.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
    layout_ = pending_.get();
    fit_ = true;
  }
  if (graphs.empty()) {
    ImGui::TextDisabled("%s has no FX graph (no graph was compiled: %s).", display_id(m, c).c_str(), outcome_name(c.outcome));
    return;
  }
  ImGui::SetNextItemWidth(260);
  std::string cur = source_artifact_ >= 0 ? c.artifacts[static_cast<size_t>(source_artifact_)].name : "";
  if (ImGui::BeginCombo("graph", cur.c_str())) {
    for (int32_t gi : graphs) {
      std::string l = fmt::format("{}##g{}", c.artifacts[static_cast<size_t>(gi)].name, gi);
      if (ImGui::Selectable(l.c_str(), gi == source_artifact_)) {
        source_artifact_ = gi;
        rebuild(d, v);
      }
    }
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  ImGui::TextDisabled("%zu nodes, %zu edges   wheel: zoom, drag: pan", fx_.nodes.size(), fx_.edges.size());
  ImGui::SameLine();
  if (ImGui::SmallButton("fit")) fit_ = true;

  if (!v.graph_node.empty()) {  // scripted or programmatic node selection
    for (size_t i = 0; i < fx_.nodes.size(); ++i)
      if (v.graph_node == "@first-op" ? fx_.nodes[i].op != fx::OpKind::Placeholder : fx_.nodes[i].name == v.graph_node) {
        node_ = static_cast<int32_t>(i);
        scroll_line_ = fx_.nodes[i].text_line - 1;
        fit_ = true;
        break;
      }
    v.graph_node.clear();
  }
  ImVec2 avail = ImGui::GetContentRegionAvail();
  float canvas_w = avail.x * 0.62f;
  ImGui::BeginChild("canvas", ImVec2(canvas_w, 0), true, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  ImVec2 p0 = ImGui::GetCursorScreenPos();
  ImVec2 sz = ImGui::GetContentRegionAvail();
  if (!layout_.ok()) {
    if (pending_.valid()) ImGui::TextDisabled("laying out %zu nodes with Graphviz dot...", fx_.nodes.size());
    else ImGui::TextWrapped("%s", layout_.error.c_str());
  } else {
    if (fit_ && sz.x > 10) {
      // Fit the width, but never so small that labels vanish; big graphs centre the chosen node.
      zoom_ = std::clamp(static_cast<float>((sz.x - 40) / std::max(1.0, layout_.width)), 0.85f, 1.5f);
      pan_ = ImVec2(std::max(20.f, (sz.x - static_cast<float>(layout_.width) * zoom_) / 2), 20);
      if (node_ >= 0) {
        const auto& b = layout_.nodes[static_cast<size_t>(node_)];
        pan_ = ImVec2(sz.x / 2 - static_cast<float>(b.x) * zoom_, std::min(20.f, sz.y / 3 - static_cast<float>(b.y) * zoom_));
      }
      fit_ = false;
    }
    ImGui::InvisibleButton("##canvas", ImVec2(std::max(sz.x, 1.f), std::max(sz.y, 1.f)));
    ImGuiIO& io = ImGui::GetIO();
    bool hovered = ImGui::IsItemHovered();
    if (hovered && io.MouseWheel != 0) {
      float old = zoom_;
      zoom_ = std::clamp(zoom_ * (io.MouseWheel > 0 ? 1.15f : 1 / 1.15f), 0.05f, 6.f);
      ImVec2 mouse(io.MousePos.x - p0.x, io.MousePos.y - p0.y);
      pan_.x = mouse.x - (mouse.x - pan_.x) * zoom_ / old;
      pan_.y = mouse.y - (mouse.y - pan_.y) * zoom_ / old;
    }
    if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 2.f)) {
      pan_.x += io.MouseDelta.x;
      pan_.y += io.MouseDelta.y;
    }
    if (hovered && ImGui::IsMouseReleased(ImGuiMouseButton_Left) && ImGui::GetIO().MouseDragMaxDistanceSqr[0] < 16.f) {
      double lx = (io.MousePos.x - p0.x - pan_.x) / zoom_, ly = (io.MousePos.y - p0.y - pan_.y) / zoom_;
      node_ = hit_node(layout_, lx, ly);
      if (node_ >= 0) scroll_line_ = fx_.nodes[static_cast<size_t>(node_)].text_line - 1;
    }
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->PushClipRect(p0, ImVec2(p0.x + sz.x, p0.y + sz.y), true);
    auto P = [&](double x, double y) { return ImVec2(p0.x + pan_.x + static_cast<float>(x) * zoom_, p0.y + pan_.y + static_cast<float>(y) * zoom_); };
    ImU32 edge_col = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    for (const auto& pts : layout_.edges) {
      if (pts.size() < 2) continue;
      size_t k = 0;
      for (; k + 3 < pts.size(); k += 3)
        dl->AddBezierCubic(P(pts[k].first, pts[k].second), P(pts[k + 1].first, pts[k + 1].second),
                           P(pts[k + 2].first, pts[k + 2].second), P(pts[k + 3].first, pts[k + 3].second), edge_col, 1.2f);
      ImVec2 tip = P(pts.back().first, pts.back().second);
      dl->AddCircleFilled(tip, std::max(2.f, 3.f * zoom_), edge_col);
    }
    ImFont* font = ImGui::GetFont();
    float fs = ImGui::GetFontSize() * std::clamp(zoom_, 0.3f, 2.5f);
    for (size_t i = 0; i < layout_.nodes.size(); ++i) {
      const auto& b = layout_.nodes[i];
      const fx::Node& n = fx_.nodes[i];
      ImVec2 a = P(b.x - b.w / 2, b.y - b.h / 2), e = P(b.x + b.w / 2, b.y + b.h / 2);
      if (e.x < p0.x || a.x > p0.x + sz.x || e.y < p0.y || a.y > p0.y + sz.y) continue;
      ImVec4 fill = n.op == fx::OpKind::Placeholder ? ImVec4(0.20f, 0.35f, 0.55f, 1)
                    : n.op == fx::OpKind::Output    ? ImVec4(0.45f, 0.30f, 0.55f, 1)
                                                    : ImVec4(0.22f, 0.25f, 0.30f, 1);
      if (static_cast<int32_t>(i) == node_) fill = ImVec4(0.75f, 0.55f, 0.15f, 1);
      dl->AddRectFilled(a, e, ImGui::ColorConvertFloat4ToU32(fill), 3.f);
      dl->AddRect(a, e, IM_COL32(200, 200, 200, 160), 3.f);
      if (zoom_ > 0.25f) {
        std::string l1 = terminal_safe(n.name), l2 = terminal_safe(node_caption(n).substr(0, 48));
        dl->AddText(font, fs, ImVec2(a.x + 4, a.y + 2), IM_COL32(240, 240, 240, 255), l1.c_str());
        dl->AddText(font, fs, ImVec2(a.x + 4, a.y + 2 + fs), IM_COL32(170, 200, 230, 255), l2.c_str());
      }
    }
    dl->PopClipRect();
  }
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("side", ImVec2(0, 0), false);
  if (node_ >= 0 && node_ < static_cast<int32_t>(fx_.nodes.size())) {
    const fx::Node& n = fx_.nodes[static_cast<size_t>(node_)];
    std::string dtype, shape, stride, device;
    split_annotation(n.type, dtype, shape, stride, device);
    if (ImGui::BeginTable("node", 2, ImGuiTableFlags_SizingFixedFit)) {
      kv_row("node", terminal_safe(n.name));
      kv_row("op", fmt::format("{} {}", fx::op_kind_name(n.op), terminal_safe(n.target)));
      kv_row("inputs", fmt::format("{}", n.inputs.size()));
      kv_row("dtype", dtype.empty() ? "-" : terminal_safe(dtype));
      kv_row("shape", shape.empty() ? "-" : terminal_safe(shape));
      kv_row("stride", stride.empty() ? "-" : terminal_safe(stride));
      kv_row("device", device.empty() ? "-" : terminal_safe(device));
      ImGui::EndTable();
    }
    if (!n.file.empty()) {
      source_location(n.file, n.line);
      if (!n.code.empty()) ImGui::TextDisabled("in %s, code: %s", terminal_safe(n.function).c_str(), terminal_safe(n.code).c_str());
    }
  } else {
    ImGui::TextDisabled("Click a node for its dtype, shape and source line.");
  }
  ImGui::Separator();
  int64_t mark = node_ >= 0 ? fx_.nodes[static_cast<size_t>(node_)].text_line - 1 : -1;
  text_.Draw("graphtext", {}, scroll_line_, ImVec2(0, 0), mark);
  scroll_line_ = -1;
  ImGui::EndChild();
}

}  // namespace tparse::viewer
