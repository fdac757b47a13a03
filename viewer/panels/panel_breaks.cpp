// Graph breaks panel: distinct break sites with counts (rank filtered, searchable); for the
// selected site its reason, hints, user stack, the compiles it cut and the source line when the
// file exists on this machine.
#include <fmt/format.h>

#include "core/model/summary.hpp"
#include "panels/panels.hpp"

namespace tparse::viewer {

namespace {

const char* kind_name(BreakKind k) { return break_kind_text(k); }

void site_details(const Document& d, ViewState& v, int32_t si) {
  const Model& m = d.model();
  const BreakSite& s = m.break_sites[static_cast<size_t>(si)];
  ImGui::TextColored(status_color(Status::Break), "%s", terminal_safe(s.title.empty() ? "(untitled break)" : s.title).c_str());
  if (!s.gb_id.empty()) {
    ImGui::SameLine();
    ImGui::TextDisabled("[%s]", s.gb_id.c_str());
  }
  ImGui::Text("in %s, %lld event(s) over %zu compile(s)", terminal_safe(s.user_function).c_str(),
              static_cast<long long>(site_count(m, s, v.rank)), s.compiles.size());
  source_location(s.user_file, s.user_line);
  // The event shown: the one of the selected compile when it has one, else the first.
  int32_t ev = -1;
  for (int32_t e : s.events) {
    const GraphBreak& b = m.breaks[static_cast<size_t>(e)];
    if (b.compile < 0 || !rank_ok(v.rank, m.compiles[static_cast<size_t>(b.compile)].rank)) continue;
    if (ev < 0) ev = e;
    if (b.compile == v.compile) {
      ev = e;
      break;
    }
  }
  if (ev < 0) return;
  const GraphBreak& b = m.breaks[static_cast<size_t>(ev)];
  ImGui::Separator();
  ImGui::Text("Effect: %s", kind_name(b.kind));
  if (b.resume_frame >= 0) {
    ImGui::SameLine();
    ImGui::TextDisabled("-> resume frame [%lld] %s", static_cast<long long>(m.frames[static_cast<size_t>(b.resume_frame)].frame_id),
                        terminal_safe(m.frames[static_cast<size_t>(b.resume_frame)].name).c_str());
  }
  if (!b.explanation.empty()) {
    ImGui::TextDisabled("Explanation");
    text_wrapped(b.explanation);
  }
  if (!b.hints.empty()) {
    ImGui::TextDisabled("Hints");
    for (const auto& h : b.hints) {
      ImGui::Bullet();
      text_wrapped(h);
    }
  }
  if (!b.user_stack.empty() && ImGui::CollapsingHeader("User stack", ImGuiTreeNodeFlags_DefaultOpen)) stack_view(b.user_stack);
  if (ImGui::CollapsingHeader("Compiles cut by this site", ImGuiTreeNodeFlags_DefaultOpen))
    for (int32_t ci : s.compiles)
      if (rank_ok(v.rank, m.compiles[static_cast<size_t>(ci)].rank)) compile_link(d, v, ci);
  if (ImGui::CollapsingHeader("Full reason")) {
    ImGui::PushFont(mono_font());
    text_wrapped(b.reason);
    if (!b.context.empty()) {
      ImGui::TextDisabled("Developer context");
      text_wrapped(b.context);
    }
    ImGui::PopFont();
  }
  ImGui::TextDisabled("logged at %s", m.file_of(b.where).c_str());
}

}  // namespace

void BreaksPanel::Draw(const Document& d, ViewState& v) {
  const Model& m = d.model();
  // Follow the selection: a compile with breaks selects its first site.
  if (v.compile >= 0) {
    const Compile& c = m.compiles[static_cast<size_t>(v.compile)];
    bool site_in = false;
    for (int32_t e : c.breaks) site_in = site_in || m.breaks[static_cast<size_t>(e)].site == v.site;
    if (!c.breaks.empty() && !site_in) v.site = m.breaks[static_cast<size_t>(c.breaks.front())].site;
  }
  ImGui::SetNextItemWidth(320);
  ImGui::InputTextWithHint("##bfilter", "filter (title, file, function, reason)", &filter_);
  auto sites = sorted_sites(m, v.rank, filter_);
  ImGui::SameLine();
  ImGui::TextDisabled("%zu distinct site(s)", sites.size());
  if (m.break_sites.empty()) {
    ImGui::TextDisabled("No graph breaks in this trace.");
    return;
  }
  float h = ImGui::GetContentRegionAvail().y * 0.38f;
  if (ImGui::BeginTable("sites", 4,
                        ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_Resizable | ImGuiTableFlags_BordersOuter,
                        ImVec2(0, h))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("count", ImGuiTableColumnFlags_WidthFixed, 60);
    ImGui::TableSetupColumn("break", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("user code", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("id", ImGuiTableColumnFlags_WidthFixed, 70);
    ImGui::TableHeadersRow();
    for (int32_t si : sites) {
      const BreakSite& s = m.break_sites[static_cast<size_t>(si)];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::Text("%lld", static_cast<long long>(site_count(m, s, v.rank)));
      ImGui::TableNextColumn();
      std::string label = fmt::format("{}##site{}", terminal_safe(s.title.empty() ? "(untitled)" : s.title), si);
      if (ImGui::Selectable(label.c_str(), v.site == si, ImGuiSelectableFlags_SpanAllColumns)) {
        v.site = si;
        for (int32_t ci : s.compiles)
          if (rank_ok(v.rank, m.compiles[static_cast<size_t>(ci)].rank)) {
            v.select_compile(m, ci);
            break;
          }
      }
      ImGui::TableNextColumn();
      ImGui::TextDisabled("%s:%lld %s", terminal_safe(s.user_file).c_str(), static_cast<long long>(s.user_line),
                          terminal_safe(s.user_function).c_str());
      ImGui::TableNextColumn();
      ImGui::TextDisabled("%s", s.gb_id.c_str());
    }
    ImGui::EndTable();
  }
  ImGui::BeginChild("sitedetail", ImVec2(0, 0), false);
  if (v.site >= 0 && v.site < static_cast<int32_t>(m.break_sites.size())) site_details(d, v, v.site);
  else ImGui::TextDisabled("Select a site.");
  ImGui::EndChild();
}

}  // namespace tparse::viewer
