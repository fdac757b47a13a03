// Ranks panel: per-rank roll-up (click a row to filter every panel to that rank) and a compare
// view of two ranks, frame by frame, with the rows that differ first.
#include <fmt/format.h>

#include "panels/panels.hpp"

namespace tparse::viewer {

namespace {

bool rank_combo(const char* label, const Model& m, int32_t& r) {
  bool changed = false;
  std::string cur = r >= 0 ? fmt::format("rank {}", r) : "-";
  ImGui::SetNextItemWidth(120);
  if (ImGui::BeginCombo(label, cur.c_str())) {
    for (int32_t x : m.ranks)
      if (ImGui::Selectable(fmt::format("rank {}", x).c_str(), x == r)) r = x, changed = true;
    ImGui::EndCombo();
  }
  return changed;
}

}  // namespace

void RanksPanel::Draw(const Document& d, ViewState& v) {
  const Model& m = d.model();
  if (m.ranks.size() < 2) {
    ImGui::TextDisabled("Single-process trace (%zu rank). Multi-rank traces (one log per rank) show a table and a compare view here.",
                        m.ranks.size());
    return;
  }
  if (ImGui::BeginTable("ranks", 7, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter | ImGuiTableFlags_SizingStretchSame)) {
    for (const char* h : {"rank", "compiles", "graphs", "breaks", "recompiles", "failures", "compile s"}) ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    if (ImGui::Selectable("all ranks", v.rank < 0, ImGuiSelectableFlags_SpanAllColumns)) v.rank = -1;
    for (const RankSummary& r : m.rank_summaries) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      if (ImGui::Selectable(fmt::format("rank {}", r.rank).c_str(), v.rank == r.rank, ImGuiSelectableFlags_SpanAllColumns)) v.rank = r.rank;
      for (int64_t x : {r.compiles, r.graphs, r.breaks, r.recompiles, r.failures}) {
        ImGui::TableNextColumn();
        ImGui::Text("%lld", static_cast<long long>(x));
      }
      ImGui::TableNextColumn();
      ImGui::Text("%.2f", r.compile_time_s);
    }
    ImGui::EndTable();
  }
  ImGui::Separator();
  if (v.compare_a < 0) v.compare_a = m.ranks[0];
  if (v.compare_b < 0) {
    // Default to comparing with the selected compile's rank when that is another rank.
    int32_t sel = v.compile >= 0 ? m.compiles[static_cast<size_t>(v.compile)].rank : -1;
    v.compare_b = sel >= 0 && sel != v.compare_a ? sel : m.ranks[1];
  }
  ImGui::Text("Compare");
  ImGui::SameLine();
  rank_combo("##ra", m, v.compare_a);
  ImGui::SameLine();
  ImGui::Text("with");
  ImGui::SameLine();
  rank_combo("##rb", m, v.compare_b);
  auto rows = compare_ranks(m, v.compare_a, v.compare_b);
  size_t ndiff = 0;
  for (const auto& r : rows) ndiff += r.differs();
  ImGui::SameLine();
  ImGui::TextDisabled("%zu frame(s), %zu differ", rows.size(), ndiff);
  if (ImGui::BeginTable("cmp", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersOuter)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("frame", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn(fmt::format("compiles {} | {}", v.compare_a, v.compare_b).c_str());
    ImGui::TableSetupColumn("breaks");
    ImGui::TableSetupColumn("recompiles");
    ImGui::TableHeadersRow();
    for (const auto& r : rows) {
      ImGui::TableNextRow();
      ImVec4 col = r.differs() ? status_color(Status::Fallback) : ImGui::GetStyleColorVec4(ImGuiCol_Text);
      ImGui::TableNextColumn();
      ImGui::TextColored(col, "%s%s", r.differs() ? "* " : "  ", r.frame.c_str());
      ImGui::TableNextColumn();
      ImGui::TextColored(col, "%lld | %lld", static_cast<long long>(r.compiles[0]), static_cast<long long>(r.compiles[1]));
      ImGui::TableNextColumn();
      ImGui::TextColored(col, "%lld | %lld", static_cast<long long>(r.breaks[0]), static_cast<long long>(r.breaks[1]));
      ImGui::TableNextColumn();
      ImGui::TextColored(col, "%lld | %lld", static_cast<long long>(r.recompiles[0]), static_cast<long long>(r.recompiles[1]));
    }
    ImGui::EndTable();
  }
}

}  // namespace tparse::viewer
