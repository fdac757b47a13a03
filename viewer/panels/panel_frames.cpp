// Frames / compile tree (left pane): frame -> [f/c] -> attempts, coloured by status (ok, break,
// recompile, failed, fallback). Clicking (or Up/Down) selects a compile for every other panel.
#include <fmt/format.h>

#include "core/model/summary.hpp"
#include "panels/panels.hpp"

namespace tparse::viewer {

namespace {

std::string tags(const Model& m, const Compile& c) {
  std::string s;
  if (!c.breaks.empty()) s += fmt::format(" {} break{}", c.breaks.size(), c.breaks.size() > 1 ? "s" : "");
  if (c.recompile >= 0) s += " recompile";
  if (c.attempts > 1) s += fmt::format(" {} attempts", c.attempts);
  if (c.outcome != Outcome::Ok) s += fmt::format(" {}", outcome_name(c.outcome));
  if (c.compile_time_s() > 0) s += fmt::format("  {:.2f}s", c.compile_time_s());
  return s;
}

}  // namespace

void FramesPanel::Draw(const Document& d, ViewState& v) {
  const Model& m = d.model();
  ImGui::SetNextItemWidth(-1);
  ImGui::InputTextWithHint("##framefilter", "filter frames (name, file, [f/c])", &filter_);
  auto frames = visible_frames(m, v.rank, filter_);
  order_ = compile_order(m, frames);
  ImGui::TextDisabled("%zu frame(s), %zu compile(s)", frames.size(), order_.size());
  // Legend.
  for (Status s : {Status::Ok, Status::Break, Status::Recompile, Status::Failed, Status::Fallback}) {
    ImGui::SameLine();
    ImGui::TextColored(status_color(s), "%s", status_name(s));
  }
  ImGui::BeginChild("tree", ImVec2(0, 0), false);
  bool scroll = v.compile != scrolled_to_;
  for (int32_t fi : frames) {
    const Frame& f = m.frames[static_cast<size_t>(fi)];
    bool contains_sel = v.frame == fi;
    if (contains_sel && scroll) ImGui::SetNextItemOpen(true);
    std::string label = fmt::format("{}[{}] {}{}  ({})##fr{}", f.rank >= 0 ? fmt::format("r{} ", f.rank) : "", f.frame_id,
                                    terminal_safe(f.name), f.is_resume ? " (resume)" : "", f.compiles.size(), fi);
    ImGui::PushStyleColor(ImGuiCol_Text, status_color(frame_status(m, f)));
    bool open = ImGui::TreeNodeEx(label.c_str(), ImGuiTreeNodeFlags_OpenOnArrow | ImGuiTreeNodeFlags_SpanAvailWidth |
                                                     (contains_sel ? ImGuiTreeNodeFlags_Selected : 0));
    ImGui::PopStyleColor();
    if (ImGui::IsItemClicked() && !ImGui::IsItemToggledOpen() && !f.compiles.empty()) v.select_compile(m, f.compiles.front());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s:%lld", terminal_safe(f.file).c_str(), static_cast<long long>(f.first_line));
    if (!open) continue;
    for (int32_t ci : f.compiles) {
      const Compile& c = m.compiles[static_cast<size_t>(ci)];
      bool has_kids = c.attempts > 1;
      ImGuiTreeNodeFlags fl = ImGuiTreeNodeFlags_OpenOnArrow | ImGuiTreeNodeFlags_SpanAvailWidth;
      if (!has_kids) fl |= ImGuiTreeNodeFlags_Leaf | ImGuiTreeNodeFlags_NoTreePushOnOpen;
      if (v.compile == ci) fl |= ImGuiTreeNodeFlags_Selected;
      std::string cl = fmt::format("{}  {}##c{}", display_id(m, c), status_name(compile_status(m, c)), ci);
      ImGui::PushStyleColor(ImGuiCol_Text, status_color(compile_status(m, c)));
      bool copen = ImGui::TreeNodeEx(cl.c_str(), fl);
      ImGui::PopStyleColor();
      if (ImGui::IsItemClicked() && !ImGui::IsItemToggledOpen()) v.select_compile(m, ci);
      if (v.compile == ci && scroll) {
        ImGui::SetScrollHereY(0.4f);
        scrolled_to_ = ci;
      }
      ImGui::SameLine();
      ImGui::TextDisabled("%s", tags(m, c).c_str());
      if (has_kids && copen) {
        for (int64_t a = 0; a < c.attempts; ++a) {
          std::string why = a < static_cast<int64_t>(c.restart_reasons.size()) ? terminal_safe(c.restart_reasons[static_cast<size_t>(a)])
                                                                                : (a + 1 == c.attempts ? "final attempt" : "");
          if (why.size() > 120) why = why.substr(0, 120) + "...";
          ImGui::BulletText("attempt %lld: %s", static_cast<long long>(a), why.c_str());
        }
        ImGui::TreePop();
      }
    }
    ImGui::TreePop();
  }
  scrolled_to_ = v.compile;  // one scroll per selection change, even when it is filtered out
  ImGui::EndChild();
}

}  // namespace tparse::viewer
