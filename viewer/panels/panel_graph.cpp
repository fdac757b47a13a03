// Graph panel: the selected compile's FX graph laid out with Graphviz dot (src/graph, shared with
// the report) and drawn with ImGui draw lists. Big graphs with named modules open at the module
// level: click a box to expand it in place, click an expanded module's frame to collapse it;
// searching a node (--node, ViewState::graph_node) expands its ancestors. Wheel zooms around the
// mouse, drag pans, click a node for its dtype/shape and source line; the graph text sits beside
// it and scrolls to the clicked node. Layouts run off the UI thread, cached per expanded set.
#include <algorithm>
#include <chrono>
#include <fmt/format.h>

#include "core/model/summary.hpp"
#include "graph/module_calls.hpp"
#include "panels/panels.hpp"

namespace tparse::viewer {

namespace {

bool is_graph_artifact(const Artifact& a) {
  return a.kind == "dynamo_output_graph" || a.kind.rfind("aot_", 0) == 0 || a.name.find("graph") != std::string::npos;
}

}  // namespace

namespace {

/// Everything a selection needs before its first drawing, computed off the UI thread: the parsed
/// graph, its module hierarchy (with the guards' module calls and, for AOT graphs, the Dynamo
/// graph's modules), the first view and its layout.
GraphPanel::Prepared prepare(std::shared_ptr<const LoadedTrace> trace, PayloadRef graph, PayloadRef dynamo, PayloadRef guards,
                             PayloadRef forward,
                             size_t whole_max) {
  GraphPanel::Prepared p;
  p.text = trace->payloads.get(graph);
  auto g = std::make_shared<fx::Graph>(fx::parse_fx_graph(p.text));
  p.fx = g;
  if (g->nodes.size() > whole_max) {
    std::string gtext = guards.valid() ? trace->payloads.get(guards) : std::string();
    auto h = std::make_shared<graph::Hierarchy>(graph::hierarchy_for(*g, nullptr, gtext));
    if (h->groups.size() <= 1 && dynamo.valid()) {
      fx::Graph dg = fx::parse_fx_graph(trace->payloads.get(dynamo));
      *h = graph::hierarchy_for(*g, &dg, gtext, p.text, forward.valid() ? trace->payloads.get(forward) : std::string());
    }
    if (h->groups.size() > 1) {
      p.expanded.assign(h->groups.size(), 0);
      // A module holding a single submodule (the model around `transformer`) opens in place.
      for (int32_t k = 0; h->groups[static_cast<size_t>(k)].children.size() == 1;) {
        k = h->groups[static_cast<size_t>(k)].children[0];
        p.expanded[static_cast<size_t>(k)] = 1;
      }
      p.view = graph::build_view(*g, *h, 0, p.expanded);
      p.layout = layout_view(*g, *h, p.view);
      p.h = h;
      return p;
    }
  }
  p.layout = layout_fx_graph(*g);
  return p;
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
  modules_ = false;
  h_.reset();
  view_ = {};
  cache_.clear();
  expanded_.clear();
  drawn_ms_ = -1, gap_ms_ = 0;
  // From the UI event that selected the compile (ViewState::select_compile), not from this call.
  auto now = std::chrono::steady_clock::now();
  selected_at_ = v.selected_at != std::chrono::steady_clock::time_point{} && v.selected_at <= now ? v.selected_at : now;
  last_frame_ = now;
  text_.set("");
  if (pending_.valid()) old_.push_back(std::move(pending_));
  if (preparing_.valid()) old_prep_.push_back(std::move(preparing_));
  if (v.compile < 0 || source_artifact_ < 0) return;
  const Compile& c = d.model().compiles[static_cast<size_t>(v.compile)];
  PayloadRef graph = c.artifacts[static_cast<size_t>(source_artifact_)].payload, dynamo, guards, forward;
  if (c.graph_artifact >= 0 && c.graph_artifact != source_artifact_) dynamo = c.artifacts[static_cast<size_t>(c.graph_artifact)].payload;
  for (const auto& a : c.artifacts)
    if (a.kind == "dynamo_cpp_guards_str" && a.payload.valid()) guards = a.payload;
  // A backward graph's recomputed forward ops are placed where the forward graph has them.
  if (c.artifacts[static_cast<size_t>(source_artifact_)].kind == "aot_backward_graph")
    for (const auto& a : c.artifacts)
      if (a.kind == "aot_forward_graph" && a.payload.valid() && !forward.valid()) forward = a.payload;
  layout_.error = "laying out...";
  // Parsing, the hierarchy and the first layout all run in the background: no frame waits.
  preparing_ = std::async(std::launch::async, prepare, d.trace, graph, dynamo, guards, forward, kWholeGraphMax);
}

/// Takes a finished background preparation into the panel.
void GraphPanel::install(Prepared p) {
  fx_ = *p.fx;
  shared_fx_ = p.fx;
  text_.set(std::move(p.text));
  layout_ = std::move(p.layout);
  if (p.h) {
    modules_ = true;
    h_ = p.h;
    expanded_ = std::move(p.expanded);
    view_ = std::move(p.view);
    cache_[view_key(expanded_)] = {view_, layout_};
  }
}

void GraphPanel::request_layout() {
  std::string key = view_key(expanded_);
  auto it = cache_.find(key);
  if (it != cache_.end()) {  // laid out before: no Graphviz call
    view_ = it->second.first;
    layout_ = it->second.second;
    return;
  }
  if (pending_.valid()) old_.push_back(std::move(pending_));
  pending_key_ = key;
  pending_view_ = graph::build_view(*shared_fx_, *h_, 0, expanded_);
  pending_ = std::async(std::launch::async, [g = shared_fx_, h = h_, v = pending_view_] { return layout_view(*g, *h, v); });
}

void GraphPanel::toggle(int32_t group, bool open) {
  if (!h_ || group <= 0) return;
  expanded_[static_cast<size_t>(group)] = open ? 1 : 0;
  if (!open)  // collapsing closes everything inside too
    for (size_t k = 0; k < h_->groups.size(); ++k)
      if (h_->contains(group, static_cast<int32_t>(k))) expanded_[k] = 0;
  request_layout();
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
  std::erase_if(old_prep_, [](auto& f) { return f.wait_for(std::chrono::seconds(0)) == std::future_status::ready; });
  auto now = std::chrono::steady_clock::now();
  if (pending_.valid() || preparing_.valid()) gap_ms_ = std::max(gap_ms_, std::chrono::duration<double, std::milli>(now - last_frame_).count());
  last_frame_ = now;
  if (preparing_.valid() && preparing_.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
    install(preparing_.get());
    if (drawn_ms_ < 0 && layout_.ok()) drawn_ms_ = std::chrono::duration<double, std::milli>(now - selected_at_).count();
    fit_ = true;
  }
  if (pending_.valid() && pending_.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
    layout_ = pending_.get();
    if (modules_) {
      view_ = pending_view_;
      cache_[pending_key_] = {view_, layout_};
    }
    if (drawn_ms_ < 0 && layout_.ok()) drawn_ms_ = std::chrono::duration<double, std::milli>(now - selected_at_).count();
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
  if (ImGui::SmallButton("fit")) fit_ = true;
  ImGui::SameLine();
  ImGui::SetNextItemWidth(200);
  // Find a node (name, op or source code; Enter again: the next one): it is selected and the
  // modules around it open (the same path as --node / ViewState::graph_node).
  if (ImGui::InputTextWithHint("##gfind", "find node (Enter: next)", &find_, ImGuiInputTextFlags_EnterReturnsTrue)) {
    int32_t hit = find_node(fx_, find_, node_);
    find_missed_ = hit < 0;
    if (hit >= 0) v.graph_node = fx_.nodes[static_cast<size_t>(hit)].name;
  }
  if (find_missed_) {
    ImGui::SameLine();
    ImGui::TextDisabled("no such node");
  }

  ImGui::SameLine();
  if (modules_)
    ImGui::TextDisabled("%zu nodes in %zu modules (%s): click a box to open it, its frame to close it", fx_.nodes.size(),
                        h_->groups.size() - 1, h_->source.c_str());
  else
    ImGui::TextDisabled("%zu nodes, %zu edges   wheel: zoom, drag: pan", fx_.nodes.size(), fx_.edges.size());

  if (!v.graph_node.empty() && !preparing_.valid()) {  // scripted or programmatic node selection
    for (size_t i = 0; i < fx_.nodes.size(); ++i)
      if (v.graph_node == "@first-op" ? fx_.nodes[i].op != fx::OpKind::Placeholder : fx_.nodes[i].name == v.graph_node) {
        node_ = static_cast<int32_t>(i);
        scroll_line_ = fx_.nodes[i].text_line - 1;
        fit_ = true;
        if (modules_ && v.graph_node != "@first-op") {  // a found node: open the modules around it
          open_ancestors(*h_, static_cast<int32_t>(i), expanded_);
          request_layout();
        }
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
    if (preparing_.valid()) ImGui::TextDisabled("reading the graph and its modules...");
    else if (pending_.valid()) ImGui::TextDisabled(modules_ ? "laying out the module view..." : "laying out %zu nodes with Graphviz dot...", fx_.nodes.size());
    else ImGui::TextWrapped("%s", layout_.error.c_str());
  } else {
    if (fit_ && sz.x > 10) {
      // Fit the width, but never so small that labels vanish; big graphs centre the chosen node.
      zoom_ = std::clamp(static_cast<float>((sz.x - 40) / std::max(1.0, layout_.width)), 0.85f, 1.5f);
      if (modules_)  // the module level fits the canvas whole (labels may shrink)
        zoom_ = std::clamp(static_cast<float>(std::min((sz.x - 40) / std::max(1.0, layout_.width), (sz.y - 40) / std::max(1.0, layout_.height))), 0.35f, 1.5f);
      pan_ = ImVec2(std::max(20.f, (sz.x - static_cast<float>(layout_.width) * zoom_) / 2), 20);
      int32_t box = node_ < 0 ? -1 : !modules_ ? node_ : view_.item_of_node[static_cast<size_t>(node_)];
      if (box >= 0 && static_cast<size_t>(box) < layout_.nodes.size()) {
        const auto& b = layout_.nodes[static_cast<size_t>(box)];
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
      int32_t hit = hit_node(layout_, lx, ly);
      if (!modules_) {
        node_ = hit;
      } else if (hit >= 0 && static_cast<size_t>(hit) < view_.items.size()) {
        const graph::ViewItem& it = view_.items[static_cast<size_t>(hit)];
        if (it.kind == graph::ViewItem::Kind::Op) node_ = it.node;
        else if (it.kind == graph::ViewItem::Kind::Group) toggle(it.group, true);
        else if (it.kind == graph::ViewItem::Kind::Run) {  // "28 x": pick which member to open
          run_members_ = it.members;
          ImGui::OpenPopup("##run");
        }
      } else if (int32_t cl = hit_cluster(layout_, lx, ly); cl >= 0 && static_cast<size_t>(cl) < view_.clusters.size()) {
        toggle(view_.clusters[static_cast<size_t>(cl)].group, false);
      }
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
    if (modules_)  // expanded modules: a frame with the module's name
      for (size_t k = 0; k < layout_.clusters.size() && k < view_.clusters.size(); ++k) {
        const auto& c = layout_.clusters[k];
        ImVec2 a = P(c.x0, c.y0), e = P(c.x1, c.y1);
        dl->AddRect(a, e, IM_COL32(120, 130, 240, 220), 6.f, 0, 1.5f);
        std::string t = terminal_safe(graph::group_title(*h_, 0, view_.clusters[k].group));
        dl->AddText(font, fs, ImVec2(a.x + 6, a.y + 2), IM_COL32(160, 170, 250, 255), t.c_str());
      }
    for (size_t i = 0; i < layout_.nodes.size(); ++i) {
      const auto& b = layout_.nodes[i];
      ImVec2 a = P(b.x - b.w / 2, b.y - b.h / 2), e = P(b.x + b.w / 2, b.y + b.h / 2);
      if (e.x < p0.x || a.x > p0.x + sz.x || e.y < p0.y || a.y > p0.y + sz.y) continue;
      const fx::Node* n = nullptr;
      std::string label;
      ImVec4 fill(0.22f, 0.25f, 0.30f, 1);
      if (!modules_) {
        n = &fx_.nodes[i];
        label = n->name + "\n" + node_caption(*n).substr(0, 48);
      } else if (i < view_.items.size()) {
        const graph::ViewItem& it = view_.items[i];
        if (it.kind == graph::ViewItem::Kind::Op) n = &fx_.nodes[static_cast<size_t>(it.node)];
        else if (it.kind == graph::ViewItem::Kind::Group || it.kind == graph::ViewItem::Kind::Run)
          fill = it.odd ? ImVec4(0.60f, 0.15f, 0.15f, 1) : ImVec4(0.20f, 0.24f, 0.50f, 1);
        label = graph::item_label(fx_, *h_, view_, it, true);
      }
      if (n) fill = n->op == fx::OpKind::Placeholder ? ImVec4(0.20f, 0.35f, 0.55f, 1)
                    : n->op == fx::OpKind::Output    ? ImVec4(0.45f, 0.30f, 0.55f, 1)
                                                     : fill;
      if (n && n == (node_ >= 0 ? &fx_.nodes[static_cast<size_t>(node_)] : nullptr)) fill = ImVec4(0.75f, 0.55f, 0.15f, 1);
      dl->AddRectFilled(a, e, ImGui::ColorConvertFloat4ToU32(fill), 3.f);
      dl->AddRect(a, e, IM_COL32(200, 200, 200, 160), 3.f);
      if (zoom_ > 0.25f) {
        float y = a.y + 2;
        size_t start = 0;
        for (int line = 0; line < 3 && start <= label.size(); ++line) {
          size_t nl = label.find('\n', start);
          std::string l = terminal_safe(label.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
          dl->AddText(font, fs, ImVec2(a.x + 4, y), line ? IM_COL32(170, 200, 230, 255) : IM_COL32(240, 240, 240, 255), l.c_str());
          y += fs;
          if (nl == std::string::npos) break;
          start = nl + 1;
        }
      }
    }
    dl->PopClipRect();
    if (ImGui::BeginPopup("##run")) {  // a run of identical modules: open any one of them in place
      ImGui::TextDisabled("%zu x same graph: open which?", run_members_.size());
      for (int32_t g : run_members_) {
        std::string l = terminal_safe(graph::group_title(*h_, 0, g));
        if (ImGui::Selectable(l.c_str())) toggle(g, true);
      }
      ImGui::EndPopup();
    }
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
      if (modules_ && h_) {  // where the hierarchy put it, and whether that is only a guess
        size_t ni = static_cast<size_t>(node_);
        const std::string& path = h_->groups[static_cast<size_t>(h_->node_group[ni])].path;
        kv_row("module", terminal_safe(path.empty() ? "(graph)" : path) + graph::module_note(*h_, static_cast<int32_t>(ni)));
      }
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
