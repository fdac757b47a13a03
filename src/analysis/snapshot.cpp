// Snapshots from a Model or a summary JSON, and cross-run site matching; see snapshot.hpp.
#include "snapshot.hpp"

#include <simdjson.h>

#include <algorithm>
#include <cstdlib>
#include <map>

#include "analysis/advice.hpp"
#include "core/summary.hpp"

namespace tparse::analysis {

namespace {

std::vector<std::string> components(const std::string& path) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (pos <= path.size()) {
    size_t e = path.find_first_of("/\\", pos);
    std::string c = path.substr(pos, e == std::string::npos ? std::string::npos : e - pos);
    if (!c.empty() && c != ".") out.push_back(c);
    if (e == std::string::npos) break;
    pos = e + 1;
  }
  return out;
}

// Number of equal trailing path components (0 = different basenames).
int common_tail(const std::string& a, const std::string& b) {
  auto ca = components(a), cb = components(b);
  int n = 0;
  while (n < static_cast<int>(std::min(ca.size(), cb.size())) && ca[ca.size() - 1 - n] == cb[cb.size() - 1 - n]) ++n;
  return n;
}

std::string sv(simdjson::dom::element e) {
  std::string_view s;
  return e.get(s) == simdjson::SUCCESS ? std::string(s) : std::string();
}
int64_t iv(simdjson::dom::element e, int64_t dflt = 0) {
  int64_t v;
  if (e.get(v) == simdjson::SUCCESS) return v;
  double d;
  return e.get(d) == simdjson::SUCCESS ? static_cast<int64_t>(d) : dflt;
}
double dv(simdjson::dom::element e) {
  double d;
  return e.get(d) == simdjson::SUCCESS ? d : 0.0;
}

FrameSnap& frame_slot(std::vector<FrameSnap>& v, const std::string& name) {
  for (auto& f : v)
    if (f.name == name) return f;
  v.push_back({name});
  return v.back();
}

}  // namespace

Snapshot snapshot_of(const Model& m) {
  Snapshot s;
  Totals t = compute_totals(m);
  s.graphs = t.graphs;
  s.compiles = t.compiles;
  s.break_events = t.break_events;
  s.break_sites = t.break_sites;
  s.recompiles = t.recompiles;
  s.failures = t.failures;
  s.fallbacks = t.fallbacks;
  s.frames_skipped = t.frames_skipped;
  s.compile_time_s = t.compile_time_s;
  for (const auto& bs : m.break_sites) {
    SiteSnap x{bs.user_file, bs.user_function, bs.title, bs.gb_id, "", bs.user_line, static_cast<int64_t>(bs.events.size()), "", ""};
    if (!bs.events.empty())
      for (const auto& f : m.breaks[static_cast<size_t>(bs.events.front())].user_stack)
        if (f.line == bs.user_line && f.file == bs.user_file && !f.code.empty()) x.code = f.code;
    Advice a = advise_site(bs, m);
    x.category = a.category;
    x.fix = a.fix;
    s.sites.push_back(std::move(x));
  }
  for (const auto& c : m.compiles) {
    std::string name = c.frame >= 0 ? m.frames[static_cast<size_t>(c.frame)].name : std::string("?");
    FrameSnap& f = frame_slot(s.frames, name);
    f.compile_time_s += c.compile_time_s();
    ++f.compiles;
    if (c.recompile >= 0) ++f.recompiles;
    if (c.has_graph) ++f.graphs;
  }
  for (const auto& r : m.recompiles) {
    RecompileSnap x;
    if (r.frame >= 0) {
      const Frame& f = m.frames[static_cast<size_t>(r.frame)];
      x.frame = f.name;
      x.file = f.file;
      x.line = f.first_line;
    }
    if (r.compile >= 0) x.compile_id = m.compiles[static_cast<size_t>(r.compile)].id.str();
    if (const FailedGuard* g = decisive_guard(r)) x.guard = g->text;
    Advice a = advise_recompile(r, m);
    x.category = a.category;
    x.title = a.title;
    x.fix = a.fix;
    s.recompile_list.push_back(std::move(x));
  }
  for (const auto& fl : m.failures) {
    const Compile& c = m.compiles[static_cast<size_t>(fl.compile)];
    s.failure_list.push_back({c.frame >= 0 ? m.frames[static_cast<size_t>(c.frame)].name : std::string("?"),
                              outcome_name(fl.outcome), fl.fail_type, fl.fail_reason});
  }
  return s;
}

bool snapshot_from_summary_json(const std::string& json, Snapshot& s, std::string& error) {
  simdjson::dom::parser p;
  simdjson::dom::element root;
  if (p.parse(simdjson::padded_string(json)).get(root) != simdjson::SUCCESS || !root.is_object()) {
    error = "not JSON";
    return false;
  }
  if (sv(root["schema"]) != "tparse-summary") {
    error = "not a tparse summary (expected \"schema\": \"tparse-summary\"; make it with tparse summary TRACE --json)";
    return false;
  }
  if (iv(root["schema_version"], 0) < 1) {
    error = "unsupported schema_version";
    return false;
  }
  simdjson::dom::element t = root["totals"];
  s.graphs = iv(t["graphs"]);
  s.compiles = iv(t["compiles"]);
  s.break_events = iv(t["graph_breaks"]["events"]);
  s.break_sites = iv(t["graph_breaks"]["distinct_sites"]);
  s.recompiles = iv(t["recompiles"]);
  s.failures = iv(t["failures"]);
  s.fallbacks = iv(t["fallbacks"]);
  s.frames_skipped = iv(t["frames_skipped"]);
  s.compile_time_s = dv(t["compile_time_s"]);
  simdjson::dom::array sites;
  if (root["graph_breaks"]["sites"].get(sites) == simdjson::SUCCESS)
    for (simdjson::dom::element e : sites)
      s.sites.push_back({sv(e["file"]), sv(e["function"]), sv(e["reason"]), sv(e["gb_id"]), sv(e["code"]),
                         iv(e["line"], -1), iv(e["count"]), "", ""});
  simdjson::dom::array compiles;
  if (root["compiles"].get(compiles) == simdjson::SUCCESS)
    for (simdjson::dom::element c : compiles) {
      FrameSnap& f = frame_slot(s.frames, sv(c["frame"]));
      f.compile_time_s += dv(c["compile_time_s"]);
      ++f.compiles;
      bool g = false;
      if (c["graph"].get(g) == simdjson::SUCCESS && g) ++f.graphs;
    }
  simdjson::dom::array recs;
  if (root["recompiles"].get(recs) == simdjson::SUCCESS)
    for (simdjson::dom::element r : recs) ++frame_slot(s.frames, sv(r["frame"])).recompiles;
  simdjson::dom::array fails;
  if (root["failures"].get(fails) == simdjson::SUCCESS)
    for (simdjson::dom::element f : fails)
      s.failure_list.push_back({sv(f["frame"]), sv(f["outcome"]), sv(f["fail_type"]), sv(f["fail_reason"])});
  return true;
}

SiteMatch match_sites(const std::vector<SiteSnap>& o, const std::vector<SiteSnap>& n) {
  SiteMatch r;
  std::vector<bool> used_old(o.size(), false), used_new(n.size(), false);
  // Pass 1 requires the same source text; pass 2 takes the nearest line.
  for (int pass = 0; pass < 2; ++pass)
    for (size_t j = 0; j < n.size(); ++j) {
      if (used_new[j]) continue;
      int best = -1;
      long best_score = 0;
      for (size_t i = 0; i < o.size(); ++i) {
        if (used_old[i]) continue;
        const SiteSnap &a = o[i], &b = n[j];
        int tail = common_tail(a.file, b.file);
        if (tail == 0 && !(a.file.empty() && b.file.empty())) continue;
        if (a.reason != b.reason || a.function != b.function) continue;
        bool same_code = !a.code.empty() && a.code == b.code;
        if (pass == 0 && !same_code) continue;
        long dist = std::labs(static_cast<long>(a.line - b.line));
        long score = tail * 1000000L - dist;
        if (best < 0 || score > best_score) {
          best = static_cast<int>(i);
          best_score = score;
        }
      }
      if (best >= 0) {
        used_old[static_cast<size_t>(best)] = used_new[j] = true;
        r.matched.emplace_back(best, static_cast<int32_t>(j));
      }
    }
  for (size_t j = 0; j < n.size(); ++j)
    if (!used_new[j]) r.added.push_back(static_cast<int32_t>(j));
  for (size_t i = 0; i < o.size(); ++i)
    if (!used_old[i]) r.removed.push_back(static_cast<int32_t>(i));
  std::sort(r.matched.begin(), r.matched.end());
  return r;
}

std::string site_label(const SiteSnap& s) {
  auto c = components(s.file);
  std::string base = c.empty() ? s.file : c.back();
  return base + ":" + std::to_string(s.line);
}

}  // namespace tparse::analysis
