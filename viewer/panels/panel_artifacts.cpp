// Artifacts panel: every payload of the selected compile (guards, Dynamo/AOT graphs, inductor
// code, metadata) listed by kind; the chosen one in a monospace view with find (Enter = next).
// With no compile selected it lists "[-/-]", the records without a compile id (AOTInductor,
// export). Inductor provenance: the linked lines of a pre-grad / post-grad graph or generated code
// jump to their partners in the other two (provenance_jumps.hpp).
#include <fmt/format.h>

#include "core/model/summary.hpp"
#include "panels/panels.hpp"
#include "model/provenance_jumps.hpp"

namespace tparse::viewer {

void ArtifactsPanel::Draw(const Document& d, ViewState& v) {
  const Model& m = d.model();
  // No compile selected: the "[-/-]" entry (records without a compile id) when the trace has one.
  if (v.compile < 0 && m.global_artifacts.empty()) {
    ImGui::TextDisabled("Select a compile in the tree.");
    return;
  }
  const Compile* c = v.compile >= 0 ? &m.compiles[static_cast<size_t>(v.compile)] : nullptr;
  const std::vector<Artifact>& arts = artifacts_for(m, v.compile);
  if (v.artifact < 0 || v.artifact >= static_cast<int32_t>(arts.size())) {
    // Default: the guards when present, else the first payload.
    v.artifact = -1;
    for (size_t i = 0; i < arts.size() && v.artifact < 0; ++i)
      if (is_guard_artifact(arts[i]) && arts[i].payload.valid()) v.artifact = static_cast<int32_t>(i);
    for (size_t i = 0; i < arts.size() && v.artifact < 0; ++i)
      if (arts[i].payload.valid()) v.artifact = static_cast<int32_t>(i);
  }
  if (gen_ != d.generation || compile_ != v.compile || artifact_ != v.artifact) {
    gen_ = d.generation;
    compile_ = v.compile;
    artifact_ = v.artifact;
    view_.set(v.artifact >= 0 ? d.payloads().get(arts[static_cast<size_t>(v.artifact)].payload) : std::string());
    if (!v.artifact_find.empty()) find_ = v.artifact_find;
    hits_ = view_.matches(find_);
    hit_ = -1;
    prov_ = provenance_lines(arts, d.payloads(), v.artifact);
    if (v.artifact_line < 0) mark_ = -1;
  }
  if (v.artifact_line >= 0) {
    scroll_ = v.artifact_line;
    v.artifact_line = -1;
  }
  v.artifact_find.clear();

  ImGui::BeginChild("alist", ImVec2(ImGui::GetContentRegionAvail().x * 0.28f, 0), true);
  if (c) {
    ImGui::TextDisabled("%s: %zu artifact(s)", display_id(m, *c).c_str(), arts.size());
    if (!m.global_artifacts.empty() && ImGui::SmallButton("[-/-]: records without a compile id")) v.select_compile(m, -1);
  } else {
    ImGui::TextDisabled("[-/-] (no compile id): %zu artifact(s)", arts.size());
  }
  for (size_t i = 0; i < arts.size(); ++i) {
    const Artifact& a = arts[i];
    std::string label = fmt::format("{}{}  ({}){}##a{}", is_guard_artifact(a) ? "[guards] " : "", terminal_safe(a.name),
                                    human_bytes(a.payload.size), a.payload.md5_ok ? "" : " md5!", i);
    bool has = a.payload.valid();
    if (!has) ImGui::BeginDisabled();
    if (ImGui::Selectable(label.c_str(), v.artifact == static_cast<int32_t>(i))) v.artifact = static_cast<int32_t>(i);
    if (!has) ImGui::EndDisabled();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s  attempt %lld\n%s", a.kind.c_str(), static_cast<long long>(a.attempt), m.file_of(a.where).c_str());
  }
  // Inductor provenance: the linked lines of this artifact, each jumping to its partners in the
  // other two of pre-grad graph / post-grad graph / generated code.
  if (!prov_.empty() && ImGui::CollapsingHeader("Provenance links", ImGuiTreeNodeFlags_DefaultOpen)) {
    for (size_t i = 0; i < prov_.size(); ++i) {
      const ProvLine& pl = prov_[i];
      ImGui::PushID(static_cast<int>(i));
      ImGui::TextUnformatted(fmt::format("L{} {}", pl.line0 + 1, terminal_safe(pl.text)).c_str());
      for (size_t k = 0; k < pl.to.size(); ++k) {
        const ProvJump& j = pl.to[k];
        ImGui::PushID(static_cast<int>(k));
        if (ImGui::SmallButton(fmt::format("-> {} L{}", j.pane, j.line0 + 1).c_str())) {
          v.artifact = j.artifact;
          v.artifact_line = j.line0;
          mark_ = j.line0;
        }
        ImGui::PopID();
        if (k + 1 < pl.to.size()) ImGui::SameLine();
      }
      ImGui::PopID();
    }
  }
  const Metrics* metrics = c && c->metrics ? &*c->metrics : (!c && !m.global_metrics.empty() ? &m.global_metrics.front() : nullptr);
  if (metrics && ImGui::CollapsingHeader("compilation_metrics")) {
    if (ImGui::BeginTable("metrics", 2, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg)) {
      const Metrics& mt = *metrics;
      kv_row("co_name", terminal_safe(mt.co_name));
      kv_row("graph ops", fmt::format("{}", mt.graph_op_count));
      kv_row("guards", fmt::format("{}", mt.guard_count));
      kv_row("compile s", fmt::format("{:.3f}", mt.entire_frame_compile_time_s));
      kv_row("backend s", fmt::format("{:.3f}", mt.backend_compile_time_s));
      for (const auto& [k, val] : mt.other) kv_row(k.c_str(), terminal_safe(val));
      ImGui::EndTable();
    }
  }
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("atext", ImVec2(0, 0), false);
  ImGui::SetNextItemWidth(260);
  bool enter = ImGui::InputTextWithHint("##afind", "find in artifact (Enter: next)", &find_, ImGuiInputTextFlags_EnterReturnsTrue);
  if (ImGui::IsItemEdited()) {
    hits_ = view_.matches(find_);
    hit_ = -1;
  }
  ImGui::SameLine();
  bool next = ImGui::SmallButton("next") || enter;
  ImGui::SameLine();
  bool prev = ImGui::SmallButton("prev");
  if (!hits_.empty() && (next || prev)) {
    int n = static_cast<int>(hits_.size());
    hit_ = hit_ < 0 ? 0 : (hit_ + (next ? 1 : n - 1)) % n;
    scroll_ = static_cast<int64_t>(hits_[static_cast<size_t>(hit_)]);
  }
  ImGui::SameLine();
  ImGui::TextDisabled("%zu match(es), %zu lines", hits_.size(), view_.lines());
  view_.Draw("atextview", find_, scroll_, ImVec2(0, 0), mark_);
  scroll_ = -1;
  ImGui::EndChild();
}

}  // namespace tparse::viewer
