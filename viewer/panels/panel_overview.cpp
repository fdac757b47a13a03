// Overview panel: the summary numbers and the worst offenders (top break sites, most-recompiled
// frames, slowest compiles), each row a link into the other panels.
#include <fmt/format.h>

#include "core/model/summary.hpp"
#include "panels/panels.hpp"

namespace tparse::viewer {

void OverviewPanel::Draw(const Document& d, ViewState& v) {
  const Model& m = d.model();
  Totals t = compute_totals(m);
  if (d.read_fraction < 1.f)
    ImGui::TextColored(ImVec4(1.f, 0.8f, 0.3f, 1.f), "Partial: the first %.0f%% of the trace (%s) is read; the counts below grow as the rest loads.",
                       100.0 * d.read_fraction, human_bytes(m.bytes).c_str());
  if (v.rank >= 0) {
    for (const RankSummary& r : m.rank_summaries)
      if (r.rank == v.rank)
        ImGui::Text("Rank %d: %lld compiles, %lld graphs, %lld breaks, %lld recompiles, %lld failures, %.2f s", r.rank,
                    static_cast<long long>(r.compiles), static_cast<long long>(r.graphs), static_cast<long long>(r.breaks),
                    static_cast<long long>(r.recompiles), static_cast<long long>(r.failures), r.compile_time_s);
    ImGui::Separator();
  }
  if (ImGui::BeginTable("totals", 4, ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchSame)) {
    auto cell = [](const char* k, std::string val, ImVec4 col = ImVec4(1, 1, 1, 1)) {
      ImGui::TableNextColumn();
      ImGui::TextDisabled("%s", k);
      ImGui::TextColored(col, "%s", val.c_str());
    };
    ImVec4 warn = status_color(Status::Break), bad = status_color(Status::Failed);
    ImVec4 norm = ImGui::GetStyleColorVec4(ImGuiCol_Text);
    cell("graphs compiled", fmt::format("{}", t.graphs), norm);
    cell("frames / compiles", fmt::format("{} / {}", t.frames, t.compiles), norm);
    cell("graph breaks", fmt::format("{} sites, {} events", t.break_sites, t.break_events), t.break_events ? warn : norm);
    cell("recompiles", fmt::format("{}", t.recompiles), t.recompiles ? status_color(Status::Recompile) : norm);
    cell("failures", fmt::format("{} (skipped {}, limit {})", t.failures, t.frames_skipped, t.fallbacks), t.failures ? bad : norm);
    cell("restarts", fmt::format("{}", t.restarts), norm);
    cell("compile time", fmt::format("{:.2f} s", t.compile_time_s), norm);
    cell("cache hit/miss/bypass", fmt::format("{} / {} / {}", t.cache_hits, t.cache_misses, t.cache_bypasses), norm);
    ImGui::EndTable();
  }
  ImGui::TextDisabled("%zu file(s), %s, %llu records%s, loaded in %.0f ms", m.files.size(), human_bytes(m.bytes).c_str(),
                      static_cast<unsigned long long>(m.records),
                      m.ranks.size() > 1 ? fmt::format(", {} ranks", m.ranks.size()).c_str() : "", d.load_seconds * 1000);
  // DDPOptimizer splits (docs/report.md "DDP graph splits"): one line per split compile, from its
  // optimize_ddp_split_child records; the report and `tparse summary` give the per-subgraph detail.
  for (const auto& c : m.compiles) {
    if (v.rank >= 0 && c.rank != v.rank) continue;
    bool split = false;
    int64_t kids = 0;
    for (const auto& a : c.artifacts) split |= a.kind == "optimize_ddp_split_graph", kids += a.kind == "optimize_ddp_split_child";
    if (split)
      ImGui::TextColored(ImVec4(0.5f, 0.8f, 1.f, 1.f), "%s: DDPOptimizer split this graph into %lld subgraphs at bucket boundaries (not graph breaks)",
                         terminal_safe(display_id(m, c)).c_str(), static_cast<long long>(kids));
  }
  ImGui::Separator();

  if (gen_ != d.generation || rank_ != v.rank) {
    gen_ = d.generation;
    rank_ = v.rank;
    offenders_ = worst_offenders(m, v.rank, 8);
  }
  const Offenders& o = offenders_;
  ImGui::TextColored(status_color(Status::Break), "Top graph-break sites");
  if (o.sites.empty()) ImGui::TextDisabled("  none");
  if (!o.sites.empty() && ImGui::BeginTable("sites", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
    for (int32_t si : o.sites) {
      const BreakSite& s = m.break_sites[static_cast<size_t>(si)];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::Text("%lldx", static_cast<long long>(site_count(m, s, v.rank)));
      ImGui::TableNextColumn();
      std::string label = fmt::format("{}##s{}", terminal_safe(s.title.empty() ? "(untitled)" : s.title), si);
      if (ImGui::Selectable(label.c_str(), v.site == si, ImGuiSelectableFlags_SpanAllColumns)) {
        v.site = si;
        if (!s.compiles.empty()) v.select_compile(m, s.compiles.front());
        v.go(Tab::Breaks);
      }
      ImGui::TableNextColumn();
      ImGui::TextDisabled("%s:%lld", terminal_safe(s.user_file).c_str(), static_cast<long long>(s.user_line));
    }
    ImGui::EndTable();
  }
  ImGui::Spacing();
  ImGui::TextColored(status_color(Status::Recompile), "Most-recompiled frames");
  if (o.frames.empty()) ImGui::TextDisabled("  none");
  for (int32_t fi : o.frames) {
    const Frame& f = m.frames[static_cast<size_t>(fi)];
    std::string label = fmt::format("{} compiles  {}{}  ({}:{})##f{}", f.compiles.size(), f.rank >= 0 ? fmt::format("rank{} ", f.rank) : "",
                                    terminal_safe(f.name), terminal_safe(f.file), f.first_line, fi);
    if (ImGui::Selectable(label.c_str(), v.frame == fi)) {
      v.select_compile(m, f.compiles.back());
      v.go(Tab::Recompiles);
    }
  }
  ImGui::Spacing();
  ImGui::TextColored(status_color(Status::Ok), "Slowest compiles");
  if (o.compiles.empty()) ImGui::TextDisabled("  no compile times in this trace");
  if (!o.compiles.empty() && ImGui::BeginTable("slow", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
    for (int32_t ci : o.compiles) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::Text("%8.3f s", m.compiles[static_cast<size_t>(ci)].compile_time_s());
      ImGui::TableNextColumn();
      compile_link(d, v, ci, Tab::Artifacts);
    }
    ImGui::EndTable();
  }
  if (!m.failures.empty()) {
    ImGui::Spacing();
    ImGui::TextColored(status_color(Status::Failed), "Failures");
    for (const Failure& f : m.failures) {
      if (f.compile >= 0 && !rank_ok(v.rank, m.compiles[static_cast<size_t>(f.compile)].rank)) continue;
      compile_link(d, v, f.compile);
      ImGui::SameLine();
      ImGui::TextDisabled("%s: %s", outcome_name(f.outcome), terminal_safe(f.fail_type).c_str());
    }
  }
  uint64_t errs = m.diag.errors();
  ImGui::Spacing();
  if (errs == 0) {
    ImGui::TextDisabled("Input problems: none");
  } else if (ImGui::TreeNode("diag", "Input problems: %llu", static_cast<unsigned long long>(errs))) {
    for (int i = 0; i < kDiagCount; ++i) {
      if (!m.diag.counts[i]) continue;
      ImGui::Text("%s: %llu", diag_name(static_cast<Diag>(i)), static_cast<unsigned long long>(m.diag.counts[i]));
      for (const DiagExample& e : m.diag.examples[i])
        ImGui::TextDisabled("  %s: %s", m.file_of(e.where).c_str(), terminal_safe(e.message).c_str());
    }
    ImGui::TreePop();
  }
}

}  // namespace tparse::viewer
