// Search panel: hits of the Ctrl+F box over frames, break reasons, guards and code. Model hits
// appear at once; payload hits (guards, graphs, generated code) come from a background job.
#include <fmt/format.h>

#include "core/model/summary.hpp"
#include "panels/panels.hpp"

namespace tparse::viewer {

void SearchPanel::Draw(const Document& d, ViewState& v) {
  const Model& m = d.model();
  constexpr size_t kLimit = 500;
  if (v.search != query_ || gen_ != d.generation || rank_ != v.rank) {
    query_ = v.search;
    gen_ = d.generation;
    rank_ = v.rank;
    model_hits_ = search_model(m, query_, v.rank, kLimit);
    payload_hits_.clear();
    payload_done_ = query_.empty();
    if (!query_.empty())
      want_ = job_.start(d.trace, query_, v.rank, kLimit, q_, [this](std::vector<SearchHit> hits, uint64_t id) {
        if (id != want_) return;
        payload_hits_ = std::move(hits);
        payload_done_ = true;
      });
  }
  if (query_.empty()) {
    ImGui::TextDisabled("Type in the search box (Ctrl+F) to search frames, break reasons, guards and code.");
    return;
  }
  ImGui::Text("%zu hit(s) in frames/reasons/guards, %zu in payloads%s", model_hits_.size(), payload_hits_.size(),
              payload_done_ ? "" : " (searching...)");
  if (!ImGui::BeginTable("hits", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_Resizable)) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("kind", ImGuiTableColumnFlags_WidthFixed, 70);
  ImGui::TableSetupColumn("where", ImGuiTableColumnFlags_WidthFixed, 260);
  ImGui::TableSetupColumn("text", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableHeadersRow();
  int row = 0;
  for (const auto* list : {&model_hits_, &payload_hits_})
    for (const SearchHit& h : *list) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextDisabled("%s", hit_kind_name(h.kind));
      ImGui::TableNextColumn();
      std::string where = h.compile >= 0 ? display_id(m, m.compiles[static_cast<size_t>(h.compile)]) : "-";
      if (h.artifact >= 0) where += fmt::format(" {}:{}", m.compiles[static_cast<size_t>(h.compile)].artifacts[static_cast<size_t>(h.artifact)].name, h.line);
      std::string label = fmt::format("{}##h{}", where, row++);
      if (ImGui::Selectable(label.c_str(), false, ImGuiSelectableFlags_SpanAllColumns)) {
        if (h.compile >= 0) v.select_compile(m, h.compile);
        switch (h.kind) {
          case SearchHit::Kind::Reason: v.site = h.site; v.go(Tab::Breaks); break;
          case SearchHit::Kind::Guard:
          case SearchHit::Kind::Code:
            if (h.artifact >= 0) {
              v.artifact = h.artifact;
              v.artifact_line = h.line - 1;
              v.artifact_find = query_;
              v.go(Tab::Artifacts);
            } else {
              v.go(Tab::Recompiles);
            }
            break;
          case SearchHit::Kind::Failure: v.go(Tab::Overview); break;
          case SearchHit::Kind::Frame: break;
        }
      }
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(terminal_safe(h.text).c_str());
    }
  ImGui::EndTable();
}

}  // namespace tparse::viewer
