// Recompiles panel: frames that recompiled, and for the selected one the chain [f/0] -> [f/1] ...
// with what changed each time (the failed guards of the newest cache entry, made readable).
#include <fmt/format.h>

#include "core/model/summary.hpp"
#include "panels/panels.hpp"

namespace tparse::viewer {

void RecompilesPanel::Draw(const Document& d, ViewState& v) {
  const Model& m = d.model();
  auto frames = recompiled_frames(m, v.rank);
  if (frames.empty()) {
    ImGui::TextDisabled("No recompiles%s.", v.rank >= 0 ? " on this rank" : " in this trace");
    return;
  }
  int32_t shown = v.frame;
  if (shown < 0 || m.frames[static_cast<size_t>(shown)].compiles.size() < 2) shown = frames.front();
  ImGui::BeginChild("rframes", ImVec2(ImGui::GetContentRegionAvail().x * 0.3f, 0), true);
  ImGui::TextDisabled("Recompiled frames");
  for (int32_t fi : frames) {
    const Frame& f = m.frames[static_cast<size_t>(fi)];
    std::string label = fmt::format("{} x  {}[{}] {}{}##rf{}", f.compiles.size(), f.rank >= 0 ? fmt::format("r{} ", f.rank) : "",
                                    f.frame_id, terminal_safe(f.name), f.hit_recompile_limit ? "  (limit hit)" : "", fi);
    if (ImGui::Selectable(label.c_str(), shown == fi)) v.select_compile(m, f.compiles.back());
  }
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("rchain", ImVec2(0, 0), true);
  const Frame& f = m.frames[static_cast<size_t>(shown)];
  ImGui::Text("%s  %s:%lld", terminal_safe(f.name).c_str(), terminal_safe(f.file).c_str(), static_cast<long long>(f.first_line));
  if (f.hit_recompile_limit)
    ImGui::TextColored(status_color(Status::Fallback), "Hit the recompile limit: later calls run eagerly (fallback).");
  ImGui::Separator();
  for (const ChainStep& st : recompile_chain(m, shown)) {
    compile_link(d, v, st.compile);
    if (st.recompile < 0) {
      ImGui::Indent();
      ImGui::TextDisabled("first compile");
      ImGui::Unindent();
      continue;
    }
    const Recompile& r = m.recompiles[static_cast<size_t>(st.recompile)];
    ImGui::Indent();
    for (const auto& c : st.changes) {
      ImGui::Bullet();
      ImGui::TextColored(status_color(Status::Recompile), "%s", terminal_safe(c).c_str());
    }
    const Compile& c = m.compiles[static_cast<size_t>(st.compile)];
    if (c.metrics && !c.metrics->recompile_reason.empty() && st.changes.empty()) text_wrapped(c.metrics->recompile_reason);
    if (r.reasons.size() > st.changes.size()) {
      std::string hdr = fmt::format("all {} failed guard(s) over earlier cache entries##fg{}", r.reasons.size(), st.compile);
      if (ImGui::TreeNode(hdr.c_str())) {
        ImGui::PushFont(mono_font());
        for (const FailedGuard& g : r.reasons) ImGui::TextWrapped("%s: %s", g.entry.c_str(), terminal_safe(g.text).c_str());
        ImGui::PopFont();
        ImGui::TreePop();
      }
    }
    ImGui::Unindent();
  }
  ImGui::EndChild();
}

}  // namespace tparse::viewer
