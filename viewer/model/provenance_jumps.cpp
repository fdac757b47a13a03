// Provenance jumps for the Artifacts panel; see provenance_jumps.hpp.
#include "model/provenance_jumps.hpp"

#include <map>

#include "core/payloads/provenance.hpp"

namespace tparse::viewer {

const std::vector<Artifact>& artifacts_for(const Model& m, int32_t c) {
  if (c < 0 || c >= static_cast<int32_t>(m.compiles.size())) return m.global_artifacts;
  return m.compiles[static_cast<size_t>(c)].artifacts;
}

std::vector<ProvLine> provenance_lines(const std::vector<Artifact>& arts, const PayloadStore& ps, int32_t a) {
  ProvenanceArtifacts pa = find_provenance_artifacts(arts);
  if (!pa.usable()) return {};
  const int32_t pane_art[3] = {pa.pre, pa.post, pa.code};
  static const char* kPane[3] = {"pre-grad", "post-grad", "code"};
  int mine = -1;
  for (int p = 0; p < 3; ++p)
    if (a >= 0 && pane_art[p] == a) mine = p;
  if (mine < 0) return {};
  auto text = [&](int32_t i) { return i >= 0 ? ps.get(arts[static_cast<size_t>(i)].payload) : std::string(); };
  std::string texts[3] = {text(pa.pre), text(pa.post), text(pa.code)};
  ProvenanceMap pm = map_provenance(text(pa.mappings), texts[0], texts[1], texts[2], pa.cpp);
  std::map<int64_t, ProvLine> by_line;
  auto add = [&](int from_pane, int32_t from_line, int to_pane, int32_t to_line) {
    if (from_pane != mine || pane_art[to_pane] < 0) return;
    ProvLine& l = by_line[from_line - 1];
    l.line0 = from_line - 1;
    l.to.push_back({pane_art[to_pane], to_line - 1, kPane[to_pane]});
  };
  for (const ProvLink& l : pm.links) {
    add(static_cast<int>(l.a_pane), l.a_line, static_cast<int>(l.b_pane), l.b_line);
    add(static_cast<int>(l.b_pane), l.b_line, static_cast<int>(l.a_pane), l.a_line);
  }
  // The text of each linked line, trimmed.
  const std::string& t = texts[mine];
  std::vector<size_t> starts{0};
  for (size_t i = 0; i < t.size(); ++i)
    if (t[i] == '\n') starts.push_back(i + 1);
  std::vector<ProvLine> out;
  for (auto& [line0, pl] : by_line) {
    if (static_cast<size_t>(line0) < starts.size()) {
      size_t s = starts[static_cast<size_t>(line0)];
      size_t e = t.find('\n', s);
      std::string_view v = std::string_view(t).substr(s, e == std::string::npos ? std::string::npos : e - s);
      while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
      pl.text = std::string(v.substr(0, 120));
    }
    out.push_back(std::move(pl));
  }
  return out;
}

}  // namespace tparse::viewer
