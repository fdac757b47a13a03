// Trace diff; see diff.hpp.
#include "diff.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "core/json_writer.hpp"
#include "core/model/summary.hpp"

namespace tparse::analysis {

TraceDiff diff_snapshots(const Snapshot& a, const Snapshot& b) {
  TraceDiff d;
  d.before = a;
  d.after = b;
  d.sites = match_sites(a.sites, b.sites);
  auto slot = [&](const std::string& n) -> FrameDiff& {
    for (auto& f : d.frames)
      if (f.name == n) return f;
    d.frames.push_back({n});
    return d.frames.back();
  };
  for (const auto& f : a.frames) {
    FrameDiff& x = slot(f.name);
    x.before = f;
    x.in_before = true;
  }
  for (const auto& f : b.frames) {
    FrameDiff& x = slot(f.name);
    x.after = f;
    x.in_after = true;
  }
  std::stable_sort(d.frames.begin(), d.frames.end(), [](const FrameDiff& x, const FrameDiff& y) {
    return std::max(x.before.compile_time_s, x.after.compile_time_s) > std::max(y.before.compile_time_s, y.after.compile_time_s);
  });
  return d;
}

namespace {
std::string row(const char* what, int64_t a, int64_t b) {
  return fmt::format("  {:<26} {:>8} {:>8} {:>+8}\n", what, a, b, b - a);
}
std::string site_text(const SiteSnap& s) {
  return terminal_safe(fmt::format("{}:{} in {}  {}{}", s.file, s.line, s.function, s.reason,
                                   s.gb_id.empty() ? "" : " [" + s.gb_id + "]"));
}
}  // namespace

std::string diff_text(const TraceDiff& d) {
  const Snapshot &a = d.before, &b = d.after;
  std::string o = fmt::format("  {:<26} {:>8} {:>8} {:>8}\n", "", "old", "new", "change");
  o += row("graphs", a.graphs, b.graphs);
  o += row("compiles", a.compiles, b.compiles);
  o += row("graph-break events", a.break_events, b.break_events);
  o += row("graph-break sites", a.break_sites, b.break_sites);
  o += row("recompiles", a.recompiles, b.recompiles);
  o += row("failures", a.failures, b.failures);
  o += row("recompile-limit fallbacks", a.fallbacks, b.fallbacks);
  o += row("frames skipped", a.frames_skipped, b.frames_skipped);
  o += fmt::format("  {:<26} {:>8.2f} {:>8.2f} {:>+8.2f}\n", "compile time (s)", a.compile_time_s, b.compile_time_s,
                   b.compile_time_s - a.compile_time_s);
  o += "\nGraph-break sites:\n";
  for (int32_t j : d.sites.added)
    o += fmt::format("  + {}  ({} event(s))\n", site_text(b.sites[static_cast<size_t>(j)]), b.sites[static_cast<size_t>(j)].count);
  for (int32_t i : d.sites.removed)
    o += fmt::format("  - {}  ({} event(s))\n", site_text(a.sites[static_cast<size_t>(i)]), a.sites[static_cast<size_t>(i)].count);
  for (auto [i, j] : d.sites.matched) {
    const SiteSnap &x = a.sites[static_cast<size_t>(i)], &y = b.sites[static_cast<size_t>(j)];
    std::string moved = x.line != y.line ? fmt::format(" (was line {})", x.line) : "";
    o += fmt::format("  = {}{}  ({} -> {} event(s))\n", site_text(y), moved, x.count, y.count);
  }
  if (d.sites.added.empty() && d.sites.removed.empty() && d.sites.matched.empty()) o += "  (none on either side)\n";
  o += "\nPer frame (compile time s / compiles / recompiles / graphs):\n";
  for (const auto& f : d.frames) {
    auto side = [](bool in, const FrameSnap& s) {
      return in ? fmt::format("{:.2f}s {}c {}r {}g", s.compile_time_s, s.compiles, s.recompiles, s.graphs) : std::string("-");
    };
    o += fmt::format("  {:<40} {:>22}  ->  {:<22}\n", terminal_safe(f.name), side(f.in_before, f.before), side(f.in_after, f.after));
  }
  if (!a.failure_list.empty() || !b.failure_list.empty()) {
    o += "\nFailures:\n";
    for (const auto& f : a.failure_list) o += terminal_safe(fmt::format("  old: {} {} {}\n", f.frame, f.outcome, f.fail_type));
    for (const auto& f : b.failure_list) o += terminal_safe(fmt::format("  new: {} {} {}\n", f.frame, f.outcome, f.fail_type));
  }
  return o;
}

std::string diff_json(const TraceDiff& d) {
  JsonWriter w(true);
  w.begin_object().kv("schema", "tparse-diff").kv("schema_version", int64_t{1});
  auto totals = [&](const char* k, const Snapshot& s) {
    w.key(k).begin_object().kv("graphs", s.graphs).kv("compiles", s.compiles).kv("break_events", s.break_events)
        .kv("break_sites", s.break_sites).kv("recompiles", s.recompiles).kv("failures", s.failures)
        .kv("fallbacks", s.fallbacks).kv("frames_skipped", s.frames_skipped).kv("compile_time_s", s.compile_time_s).end_object();
  };
  totals("old", d.before);
  totals("new", d.after);
  auto site = [&](const SiteSnap& s) {
    w.begin_object().kv("file", s.file).opt("line", s.line).kv("function", s.function).kv("reason", s.reason)
        .kv("gb_id", s.gb_id).kv("count", s.count).end_object();
  };
  w.key("sites").begin_object().key("added").begin_array();
  for (int32_t j : d.sites.added) site(d.after.sites[static_cast<size_t>(j)]);
  w.end_array().key("removed").begin_array();
  for (int32_t i : d.sites.removed) site(d.before.sites[static_cast<size_t>(i)]);
  w.end_array().key("unchanged").begin_array();
  for (auto [i, j] : d.sites.matched) {
    w.begin_object().key("old");
    site(d.before.sites[static_cast<size_t>(i)]);
    w.key("new");
    site(d.after.sites[static_cast<size_t>(j)]);
    w.end_object();
  }
  w.end_array().end_object().key("frames").begin_array();
  for (const auto& f : d.frames) {
    w.begin_object().kv("name", f.name);
    for (auto [k, in, s] : {std::tuple{"old", f.in_before, &f.before}, std::tuple{"new", f.in_after, &f.after}}) {
      w.key(k);
      if (!in) {
        w.null();
        continue;
      }
      w.begin_object().kv("compile_time_s", s->compile_time_s).kv("compiles", s->compiles)
          .kv("recompiles", s->recompiles).kv("graphs", s->graphs).end_object();
    }
    w.end_object();
  }
  w.end_array();
  for (auto [k, list] : {std::pair{"failures_old", &d.before.failure_list}, std::pair{"failures_new", &d.after.failure_list}}) {
    w.key(k).begin_array();
    for (const auto& f : *list)
      w.begin_object().kv("frame", f.frame).kv("outcome", f.outcome).kv("fail_type", f.fail_type).kv("reason", f.reason).end_object();
    w.end_array();
  }
  w.end_object();
  return w.take() + "\n";
}

}  // namespace tparse::analysis
