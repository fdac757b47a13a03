// Gate rules; see gate.hpp. Formatting lives in gate_format.cpp.
#include "gate.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <map>

namespace tparse::analysis {

bool parse_fail_on(const std::string& list, GateOptions& o, std::string& bad) {
  size_t pos = 0;
  while (pos <= list.size()) {
    size_t e = list.find(',', pos);
    std::string w = list.substr(pos, e == std::string::npos ? std::string::npos : e - pos);
    if (w == "failures") o.fail_on_failures = true;
    else if (w == "fallbacks") o.fail_on_fallbacks = true;
    else if (w == "recompiles") o.fail_on_recompiles = true;
    else if (!w.empty()) {
      bad = w;
      return false;
    }
    if (e == std::string::npos) break;
    pos = e + 1;
  }
  return true;
}

bool parse_percent(const std::string& text, double& f) {
  if (text.empty()) return false;
  std::string t = text;
  bool pct = t.back() == '%';
  if (pct) t.pop_back();
  char* end = nullptr;
  double v = std::strtod(t.c_str(), &end);
  if (end == t.c_str() || *end != '\0' || v < 0) return false;
  f = pct ? v / 100.0 : v;
  return true;
}

GateResult run_gate(const Snapshot& base, const Snapshot& cur, const GateOptions& o) {
  GateResult r;
  r.base = base;
  r.cur = cur;
  r.match = match_sites(base.sites, cur.sites);
  for (auto [i, j] : r.match.matched)
    if (cur.sites[static_cast<size_t>(j)].count > base.sites[static_cast<size_t>(i)].count) r.grown.emplace_back(i, j);
  auto add = [&](std::string id, std::string title, bool failed) {
    r.checks.push_back({std::move(id), std::move(title), failed});
    if (failed) r.pass = false;
  };
  bool more_sites = cur.break_sites > base.break_sites || !r.match.added.empty();
  add("break_sites", fmt::format("distinct graph-break sites: {} -> {} ({} new, {} gone)", base.break_sites,
                                 cur.break_sites, r.match.added.size(), r.match.removed.size()),
      more_sites && !o.allow_increase);
  add("break_events", fmt::format("graph-break events: {} -> {}", base.break_events, cur.break_events),
      cur.break_events > base.break_events && !o.allow_increase);
  if (o.max_graph_breaks >= 0)
    add("max_graph_breaks", fmt::format("graph-break events {} (max {})", cur.break_events, o.max_graph_breaks),
        cur.break_events > o.max_graph_breaks);
  if (o.max_recompiles >= 0)
    add("max_recompiles", fmt::format("recompiles {} (max {})", cur.recompiles, o.max_recompiles),
        cur.recompiles > o.max_recompiles);
  if (o.max_graphs >= 0)
    add("max_graphs", fmt::format("graphs {} (max {})", cur.graphs, o.max_graphs), cur.graphs > o.max_graphs);
  if (o.fail_on_failures)
    add("failures", fmt::format("compile failures: {} (baseline {})", cur.failures, base.failures), cur.failures > 0);
  if (o.fail_on_fallbacks)
    add("fallbacks", fmt::format("recompile-limit fallbacks to eager: {} (baseline {})", cur.fallbacks, base.fallbacks),
        cur.fallbacks > 0);
  if (o.fail_on_recompiles)
    add("recompiles", fmt::format("recompiles: {} (baseline {})", cur.recompiles, base.recompiles), cur.recompiles > 0);
  if (o.max_compile_time_increase >= 0) {
    double limit = base.compile_time_s * (1.0 + o.max_compile_time_increase);
    double pct = base.compile_time_s > 0 ? 100.0 * (cur.compile_time_s / base.compile_time_s - 1.0) : 0.0;
    add("compile_time", fmt::format("compile time {:.2f} s -> {:.2f} s ({:+.1f}%, max +{:.0f}%)", base.compile_time_s,
                                    cur.compile_time_s, pct, 100.0 * o.max_compile_time_increase),
        cur.compile_time_s > limit && base.compile_time_s > 0);
  }
  for (const auto& c : r.checks)
    if (c.failed && (c.id == "max_recompiles" || c.id == "recompiles")) r.recompile_check_failed = true;
  std::map<std::string, int64_t> base_recompiles, seen;
  for (const auto& f : base.frames) base_recompiles[f.name] += f.recompiles;
  for (size_t k = 0; k < cur.recompile_list.size(); ++k) {
    const std::string& name = cur.recompile_list[k].frame;
    if (r.recompile_check_failed || ++seen[name] > base_recompiles[name]) r.regressed_recompiles.push_back(static_cast<int32_t>(k));
  }
  return r;
}

}  // namespace tparse::analysis
