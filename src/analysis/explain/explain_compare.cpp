// Side-by-side explain of one model under two rule profiles (see explain_compare.hpp).
#include "analysis/explain/explain_compare.hpp"

#include <fmt/format.h>

#include <map>

#include "core/model/summary.hpp"

namespace tparse::analysis {

namespace {

struct SiteRow {
  std::string where, title, fix, code;
  int64_t events[2] = {0, 0};
};

// Break sites keyed by (file, line, function): the same source line under both profiles is one row.
void collect(const Explanation& e, const Model& m, int side, std::map<std::string, SiteRow>& rows) {
  for (const auto& x : e.sites) {
    const BreakSite& s = m.break_sites[static_cast<size_t>(x.site)];
    std::string key = fmt::format("{}:{}:{}", s.user_file, s.user_line, s.user_function);
    SiteRow& r = rows[key];
    r.where = fmt::format("{}:{} in {}", s.user_file, s.user_line, s.user_function);
    if (r.title.empty()) r.title = s.title + (s.gb_id.empty() ? "" : " [" + s.gb_id + "]");
    if (r.fix.empty()) r.fix = x.advice.fix;
    if (r.code.empty()) r.code = x.source_line;
    r.events[side] += x.events;
  }
}

}  // namespace

std::string compare_text(const std::string& name_a, const Explanation& a, const Model& ma, const std::string& name_b,
                         const Explanation& b, const Model& mb) {
  auto safe = [](std::string_view s) { return terminal_safe(s); };
  std::string ha = "torch " + name_a, hb = "torch " + name_b;
  std::string o = fmt::format("{:<24}{:>14}{:>14}\n", "", ha, hb);
  auto row = [&](const char* label, int64_t x, int64_t y) { o += fmt::format("{:<24}{:>14}{:>14}\n", label, x, y); };
  row("Graph Count", a.graph_count, b.graph_count);
  row("Graph Break Count", a.graph_break_count, b.graph_break_count);
  row("Op Count", a.op_count, b.op_count);
  row("Calls captured", a.calls_captured, b.calls_captured);
  row("Break events", a.break_events, b.break_events);
  row("Distinct break sites", a.distinct_sites, b.distinct_sites);
  row("Frames skipped", a.frames_skipped, b.frames_skipped);
  row("Resume functions", a.resume_frames, b.resume_frames);
  row("Recompiles", a.recompiles, b.recompiles);
  std::map<std::string, SiteRow> rows;
  collect(a, ma, 0, rows);
  collect(b, mb, 1, rows);
  if (rows.empty()) {
    o += "\nNo graph breaks under either profile.\n";
    return o;
  }
  o += "\nGraph-break sites (break events under each profile):\n";
  for (const auto& [key, r] : rows) {
    o += fmt::format("  {}  {}\n    {}: {}   {}: {}\n", safe(r.where), safe(r.title), ha, r.events[0], hb, r.events[1]);
    if (!r.code.empty()) o += fmt::format("    | {}\n", safe(r.code));
    if (!r.fix.empty()) o += fmt::format("    fix: {}\n", safe(r.fix));
    if (r.events[0] > 0 && r.events[1] == 0) o += fmt::format("    gone under {}\n", hb);
    if (r.events[1] > 0 && r.events[0] == 0) o += fmt::format("    new under {}\n", hb);
  }
  return o;
}

std::string compare_json(const std::string& name_a, const Explanation& a, const Model& ma, const std::string& name_b,
                         const Explanation& b, const Model& mb) {
  auto quote = [](const std::string& s) {
    std::string o = "\"";
    for (char c : s) {
      if (c == '"' || c == '\\') o += '\\';
      o += c;
    }
    return o + "\"";
  };
  return fmt::format("{{\n  \"schema\": \"tparse-explain-compare\",\n  \"schema_version\": 1,\n  \"profiles\": [\n"
                     "    {{\"torch\": {}, \"explain\": {}}},\n    {{\"torch\": {}, \"explain\": {}}}\n  ]\n}}\n",
                     quote(name_a), explain_json(a, ma, false), quote(name_b), explain_json(b, mb, false));
}

}  // namespace tparse::analysis
