// Gate output: text verdict, JSON, JUnit XML (Jenkins/Ant schema, docs/junit.xsd) and GitHub
// Actions workflow commands.
#include <fmt/format.h>

#include "analysis/explain/explain.hpp"
#include "analysis/gate/gate.hpp"
#include "core/json_writer.hpp"
#include "core/model/summary.hpp"
#include "core/read/utf8.hpp"

namespace tparse::analysis {

namespace {

std::string xml(std::string_view s) {
  std::string o;
  for (unsigned char c : utf8_repair(s)) {  // ill-formed UTF-8 from the trace -> U+FFFD
    switch (c) {
      case '&': o += "&amp;"; break;
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '"': o += "&quot;"; break;
      case '\'': o += "&apos;"; break;
      default:
        if (c < 0x20 && c != '\n' && c != '\t') o += ' ';  // not allowed in XML 1.0
        else o.push_back(static_cast<char>(c));
    }
  }
  return o;
}

// GitHub workflow-command escaping: data and property values.
std::string gh_data(std::string_view s) {
  std::string o;
  for (char c : terminal_safe(s)) {  // a CI log is a terminal: no escapes, well-formed UTF-8
    if (c == '%') o += "%25";
    else if (c == '\r') o += "%0D";
    else if (c == '\n') o += "%0A";
    else o.push_back(c);
  }
  return o;
}
std::string gh_prop(std::string_view s) {
  std::string o;
  for (char c : gh_data(s)) {
    if (c == ':') o += "%3A";
    else if (c == ',') o += "%2C";
    else o.push_back(c);
  }
  return o;
}

std::string site_line(const SiteSnap& s) {
  return fmt::format("{}:{} in {}  {}{}  ({} event(s){})", s.file, s.line, s.function, s.reason,
                     s.gb_id.empty() ? "" : " [" + s.gb_id + "]", s.count,
                     s.kind == "resumed" || s.kind.empty() ? "" : ", " + s.kind);
}

}  // namespace

std::string gate_text(const GateResult& r) {
  std::string o = r.pass ? "tparse gate: PASS\n" : "tparse gate: FAIL (torch.compile got worse)\n";
  for (const auto& c : r.checks) o += fmt::format("  [{}] {}\n", c.failed ? "FAIL" : " ok ", terminal_safe(c.title));
  if (!r.match.added.empty()) {
    o += "New graph-break sites:\n";
    for (int32_t j : r.match.added) {
      const SiteSnap& s = r.cur.sites[static_cast<size_t>(j)];
      o += "  + " + terminal_safe(site_line(s)) + "\n";
      if (!s.code.empty()) o += "      " + terminal_safe(s.code) + "\n";
    }
  }
  if (!r.grown.empty()) {
    o += "Sites that break more often:\n";
    for (auto [i, j] : r.grown)
      o += fmt::format("  ^ {}  {} -> {} event(s)\n", terminal_safe(site_label(r.cur.sites[static_cast<size_t>(j)])),
                       r.base.sites[static_cast<size_t>(i)].count, r.cur.sites[static_cast<size_t>(j)].count);
  }
  if (!r.match.removed.empty()) {
    o += "Gone since the baseline:\n";
    for (int32_t i : r.match.removed) o += "  - " + terminal_safe(site_line(r.base.sites[static_cast<size_t>(i)])) + "\n";
  }
  o += fmt::format("Totals (baseline -> now): graphs {} -> {}, breaks {} -> {} at {} -> {} site(s), recompiles {} -> {}, "
                   "failures {} -> {}, compile time {:.2f} s -> {:.2f} s\n",
                   r.base.graphs, r.cur.graphs, r.base.break_events, r.cur.break_events, r.base.break_sites,
                   r.cur.break_sites, r.base.recompiles, r.cur.recompiles, r.base.failures, r.cur.failures,
                   r.base.compile_time_s, r.cur.compile_time_s);
  return o;
}

std::string gate_json(const GateResult& r) {
  JsonWriter w(true);
  w.begin_object().kv("schema", "tparse-gate").kv("schema_version", int64_t{1}).kv("pass", r.pass);
  w.key("checks").begin_array();
  for (const auto& c : r.checks) w.begin_object().kv("id", c.id).kv("failed", c.failed).kv("message", c.title).end_object();
  w.end_array();
  auto site = [&](const SiteSnap& s) {
    w.begin_object().kv("file", s.file).opt("line", s.line).kv("function", s.function).kv("reason", s.reason)
        .kv("gb_id", s.gb_id).kv("count", s.count).kv("code", s.code).kv("kind", s.kind).end_object();
  };
  w.key("new_sites").begin_array();
  for (int32_t j : r.match.added) site(r.cur.sites[static_cast<size_t>(j)]);
  w.end_array().key("removed_sites").begin_array();
  for (int32_t i : r.match.removed) site(r.base.sites[static_cast<size_t>(i)]);
  w.end_array().key("grown_sites").begin_array();
  for (auto [i, j] : r.grown) {
    w.begin_object().kv("baseline_count", r.base.sites[static_cast<size_t>(i)].count).key("site");
    site(r.cur.sites[static_cast<size_t>(j)]);
    w.end_object();
  }
  w.end_array();
  auto totals = [&](const char* k, const Snapshot& s) {
    w.key(k).begin_object().kv("graphs", s.graphs).kv("break_events", s.break_events).kv("break_sites", s.break_sites)
        .kv("recompiles", s.recompiles).kv("failures", s.failures).kv("fallbacks", s.fallbacks)
        .kv("compile_time_s", s.compile_time_s).end_object();
  };
  totals("baseline", r.base);
  totals("current", r.cur);
  w.end_object();
  return w.take() + "\n";
}

std::string gate_junit(const GateResult& r) {
  size_t failures = 0, tests = r.checks.size() + r.match.added.size();
  for (const auto& c : r.checks) failures += c.failed ? 1 : 0;
  failures += r.match.added.size();
  std::string o = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  o += fmt::format("<testsuites name=\"tparse gate\" tests=\"{}\" failures=\"{}\" errors=\"0\">\n", tests, failures);
  o += fmt::format("  <testsuite name=\"tparse.gate\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"0\" time=\"0\">\n",
                   tests, failures);
  for (const auto& c : r.checks) {
    o += fmt::format("    <testcase classname=\"tparse.gate\" name=\"{}\" time=\"0\"", xml(c.id));
    if (!c.failed) {
      o += "/>\n";
      continue;
    }
    o += fmt::format(">\n      <failure message=\"{}\" type=\"regression\">{}</failure>\n    </testcase>\n", xml(c.title),
                     xml(c.title));
  }
  for (int32_t j : r.match.added) {
    const SiteSnap& s = r.cur.sites[static_cast<size_t>(j)];
    std::string msg = fmt::format("new graph break at {}: {}{}", site_label(s), s.reason,
                                  s.gb_id.empty() ? "" : " [" + s.gb_id + "]");
    o += fmt::format("    <testcase classname=\"tparse.gate.new_break\" name=\"{}\" file=\"{}\" line=\"{}\" time=\"0\">\n"
                     "      <failure message=\"{}\" type=\"graph_break\">{}</failure>\n    </testcase>\n",
                     xml(site_label(s)), xml(s.file), s.line < 0 ? 0 : s.line, xml(msg), xml(site_line(s) + "\n" + s.code));
  }
  o += "  </testsuite>\n</testsuites>\n";
  return o;
}

std::string gate_github(const GateResult& r, const std::string& repo_root) {
  std::string o;
  for (int32_t j : r.match.added) {
    const SiteSnap& s = r.cur.sites[static_cast<size_t>(j)];
    std::string path = s.file, text, found;
    if (read_source_line(s.file, s.line, {repo_root}, text, found)) {
      path = found;
      if (path.starts_with("./")) path = path.substr(2);
    }
    o += fmt::format("::error file={},line={},title={}::{}\n", gh_prop(path), s.line < 0 ? 0 : s.line,
                     gh_prop("New graph break" + (s.gb_id.empty() ? std::string() : " [" + s.gb_id + "]")),
                     gh_data(fmt::format("{} in {} ({} event(s)). {}", s.reason, s.function, s.count, s.code)));
  }
  for (const auto& c : r.checks)
    if (c.failed) o += fmt::format("::error title={}::{}\n", gh_prop("tparse gate: " + c.id), gh_data(c.title));
  o += r.pass ? "::notice title=tparse gate::PASS\n" : "";
  return o;
}

}  // namespace tparse::analysis
