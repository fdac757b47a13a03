// Snapshots from a Model or a summary JSON, and cross-run site matching; see snapshot.hpp.
#include "snapshot.hpp"

#include <fmt/format.h>
#include <simdjson.h>

#include <algorithm>
#include <cstdlib>
#include <map>

#include "analysis/advice.hpp"
#include "core/model/summary.hpp"

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
    SiteSnap x{bs.user_file, bs.user_function, bs.title, bs.gb_id, "", bs.user_line,
               static_cast<int64_t>(bs.events.size()), "", "", break_kind_name(bs.kind)};
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

namespace {

using simdjson::dom::element;

// Checked accessors for JSON we did not write: every lookup says what is missing or of the wrong
// type (no implicit simdjson_result conversions, which throw).
struct Reader {
  std::string error;
  bool field(element obj, std::string_view key, element& out, std::string_view path) {
    if (obj.at_key(key).get(out) == simdjson::SUCCESS) return true;
    if (error.empty()) error = fmt::format("no \"{}\"", path);
    return false;
  }
  bool object(element obj, std::string_view key, element& out, std::string_view path) {
    if (!field(obj, key, out, path)) return false;
    if (out.is_object()) return true;
    if (error.empty()) error = fmt::format("\"{}\" is not an object", path);
    return false;
  }
  bool array(element obj, std::string_view key, simdjson::dom::array& out, std::string_view path) {
    element e;
    if (!field(obj, key, e, path)) return false;
    if (e.get(out) == simdjson::SUCCESS) return true;
    if (error.empty()) error = fmt::format("\"{}\" is not an array", path);
    return false;
  }
  bool integer(element obj, std::string_view key, int64_t& out, std::string_view path) {
    element e;
    if (!field(obj, key, e, path)) return false;
    if (e.get(out) == simdjson::SUCCESS) return true;
    if (error.empty()) error = fmt::format("\"{}\" is not an integer", path);
    return false;
  }
  bool number(element obj, std::string_view key, double& out, std::string_view path) {
    element e;
    if (!field(obj, key, e, path)) return false;
    if (e.get(out) == simdjson::SUCCESS) return true;
    if (error.empty()) error = fmt::format("\"{}\" is not a number", path);
    return false;
  }
};

// Optional fields inside list entries: absent or mistyped gives the default.
std::string opt_str(element o, std::string_view k) {
  std::string_view s;
  return o.at_key(k).get(s) == simdjson::SUCCESS ? std::string(s) : std::string();
}
int64_t opt_int(element o, std::string_view k, int64_t dflt) {
  int64_t v;
  if (o.at_key(k).get(v) == simdjson::SUCCESS) return v;
  double d;
  // A double outside int64's range (or NaN) is not a count: the default, never a UB cast.
  if (o.at_key(k).get(d) != simdjson::SUCCESS || !(d >= -9.2e18 && d <= 9.2e18)) return dflt;
  return static_cast<int64_t>(d);
}
double opt_num(element o, std::string_view k) {
  double d;
  return o.at_key(k).get(d) == simdjson::SUCCESS ? d : 0.0;
}

// What a known non-summary JSON file is, to make the message useful.
std::string guess_kind(element root) {
  element e;
  if (root.at_key("graph_count").get(e) == simdjson::SUCCESS && root.at_key("break_reasons").get(e) == simdjson::SUCCESS)
    return " (this looks like torch._dynamo.explain output)";
  if (root.at_key("stats").get(e) == simdjson::SUCCESS || root.at_key("unimplemented").get(e) == simdjson::SUCCESS)
    return " (this looks like torch's counters)";
  return "";
}

// A value from the baseline file, for a one-line message: control characters escaped, cut
// at 60 characters (the file is untrusted: a "schema" of any text must not break the line).
std::string quoted_value(std::string_view v) {
  std::string out;
  size_t shown = 0;
  for (unsigned char c : v) {
    if (shown++ == 60) {
      out += "...";
      break;
    }
    if (c == '\n') out += "\\n";
    else if (c == '\t') out += "\\t";
    else if (c == '"' || c == '\\') out += '\\', out += static_cast<char>(c);
    else if (c < 0x20 || c == 0x7f) out += fmt::format("\\x{:02x}", c);
    else out += static_cast<char>(c);
  }
  return out;
}

}  // namespace

bool snapshot_from_summary_json(const std::string& json, Snapshot& s, std::string& error) {
  static constexpr const char* kHow = "; make a baseline with: tparse summary TRACE --json";
  simdjson::dom::parser p;
  element root;
  if (auto e = p.parse(simdjson::padded_string(json)).get(root); e != simdjson::SUCCESS) {
    error = fmt::format("not JSON ({})", simdjson::error_message(e));
    return false;
  }
  if (!root.is_object()) {
    error = std::string("not a tparse summary: the top level is not an object") + kHow;
    return false;
  }
  std::string_view schema;
  if (root.at_key("schema").get(schema) != simdjson::SUCCESS || schema != "tparse-summary") {
    error = fmt::format("not a tparse summary: {}{}{}",
                        schema.empty() ? "no \"schema\": \"tparse-summary\"" : fmt::format("schema is \"{}\"", quoted_value(schema)),
                        guess_kind(root), kHow);
    return false;
  }
  Reader rd;
  int64_t version = 0;
  if (!rd.integer(root, "schema_version", version, "schema_version")) {
    error = "tparse summary: " + rd.error;
    return false;
  }
  if (version < 1 || version > kSummarySchemaVersion) {
    error = fmt::format("tparse summary schema_version {} is not supported (this tparse reads 1 to {})", version,
                        kSummarySchemaVersion);
    return false;
  }
  element t, gb, gbs;
  simdjson::dom::array sites, compiles, recs, fails;
  bool ok = rd.object(root, "totals", t, "totals") && rd.integer(t, "graphs", s.graphs, "totals.graphs") &&
            rd.integer(t, "compiles", s.compiles, "totals.compiles") &&
            rd.object(t, "graph_breaks", gb, "totals.graph_breaks") &&
            rd.integer(gb, "events", s.break_events, "totals.graph_breaks.events") &&
            rd.integer(gb, "distinct_sites", s.break_sites, "totals.graph_breaks.distinct_sites") &&
            rd.integer(t, "recompiles", s.recompiles, "totals.recompiles") &&
            rd.integer(t, "failures", s.failures, "totals.failures") &&
            rd.integer(t, "fallbacks", s.fallbacks, "totals.fallbacks") &&
            rd.integer(t, "frames_skipped", s.frames_skipped, "totals.frames_skipped") &&
            rd.number(t, "compile_time_s", s.compile_time_s, "totals.compile_time_s") &&
            rd.object(root, "graph_breaks", gbs, "graph_breaks") && rd.array(gbs, "sites", sites, "graph_breaks.sites") &&
            rd.array(root, "compiles", compiles, "compiles") && rd.array(root, "recompiles", recs, "recompiles") &&
            rd.array(root, "failures", fails, "failures");
  if (ok) {
    for (element e : sites)
      if (!e.is_object()) rd.error = "an entry of \"graph_breaks.sites\" is not an object";
    for (element e : compiles)
      if (!e.is_object()) rd.error = "an entry of \"compiles\" is not an object";
    for (element e : recs)
      if (!e.is_object()) rd.error = "an entry of \"recompiles\" is not an object";
    for (element e : fails)
      if (!e.is_object()) rd.error = "an entry of \"failures\" is not an object";
    ok = rd.error.empty();
  }
  if (!ok) {
    error = "tparse summary is incomplete: " + rd.error;
    return false;
  }
  for (element e : sites) {
    std::string kind = opt_str(e, "kind");
    s.sites.push_back({opt_str(e, "file"), opt_str(e, "function"), opt_str(e, "reason"), opt_str(e, "gb_id"),
                       opt_str(e, "code"), opt_int(e, "line", -1), opt_int(e, "count", 0), "", "", kind.empty() ? "resumed" : kind});
  }
  for (element c : compiles) {
    FrameSnap& f = frame_slot(s.frames, opt_str(c, "frame"));
    f.compile_time_s += opt_num(c, "compile_time_s");
    ++f.compiles;
    bool g = false;
    if (c.at_key("graph").get(g) == simdjson::SUCCESS && g) ++f.graphs;
  }
  for (element r : recs) ++frame_slot(s.frames, opt_str(r, "frame")).recompiles;
  for (element f : fails)
    s.failure_list.push_back({opt_str(f, "frame"), opt_str(f, "outcome"), opt_str(f, "fail_type"), opt_str(f, "fail_reason")});
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
