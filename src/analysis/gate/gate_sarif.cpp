// Gate output as SARIF 2.1.0 for GitHub code scanning (and any SARIF viewer): one result per
// regressed graph-break site or recompile at file:line, one rule per GB id with the fix as help.
// Validated against OASIS's schema (docs/sarif-schema-2.1.0.json) by gate_sarif_test.sh.
#include <fmt/format.h>

#include <cctype>
#include <filesystem>
#include <map>

#include "analysis/explain/explain.hpp"
#include "analysis/gate/gate.hpp"
#include "core/json_writer.hpp"
#include "core/model/summary.hpp"

namespace tparse::analysis {

namespace {

namespace fs = std::filesystem;

constexpr const char* kSchemaUri = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
constexpr const char* kGbPage = "https://meta-pytorch.github.io/compile-graph-break-site/gb/{}.html";

/// Percent-encodes everything but RFC 3986 unreserved characters and '/'.
std::string uri_path(std::string_view p) {
  std::string o;
  for (unsigned char c : p) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') o.push_back(static_cast<char>(c));
    else o += fmt::format("%{:02X}", c);
  }
  return o;
}

struct Where {
  std::string uri;
  bool relative = false;  ///< relative to SRCROOT
};

/// The file as code scanning wants it: relative to the source root when it lies under it (by
/// absolute path, or found there by path suffix as CI checkouts differ), else an absolute file URI.
Where locate(const std::string& file, int64_t line, const fs::path& root) {
  if (file.empty()) return {};
  std::error_code ec;
  fs::path p(file);
  if (p.is_absolute()) {
    fs::path rel = p.lexically_normal().lexically_relative(root);
    if (!rel.empty() && *rel.begin() != "..") return {uri_path(rel.generic_string()), true};
  }
  std::string text, found;
  if (read_source_line(file, line, {root.string()}, text, found)) {
    fs::path rel = fs::absolute(found, ec).lexically_normal().lexically_relative(root);
    if (!ec && !rel.empty() && *rel.begin() != "..") return {uri_path(rel.generic_string()), true};
  }
  if (p.is_absolute()) return {"file://" + uri_path(p.lexically_normal().generic_string()), false};
  return {uri_path(p.generic_string()), true};
}

struct Rule {
  std::string id, short_text, help, help_uri, level;
  std::vector<std::string> tags;
};

struct Result {
  size_t rule;
  std::string level, message, code, fingerprint;
  Where where;
  int64_t line = -1;
  std::vector<std::pair<std::string, int64_t>> counts;
  std::string category;
};

class Builder {
 public:
  size_t rule(const std::string& id, Rule r) {
    auto it = index_.find(id);
    if (it != index_.end()) {
      if (r.level == "error") rules_[it->second].level = "error";
      return it->second;
    }
    r.id = id;
    rules_.push_back(std::move(r));
    return index_[id] = rules_.size() - 1;
  }
  std::vector<Rule> rules_;
  std::vector<Result> results;

 private:
  std::map<std::string, size_t> index_;
};

void write_location(JsonWriter& w, const Where& where, int64_t line, const std::string& code) {
  w.key("locations").begin_array().begin_object().key("physicalLocation").begin_object();
  w.key("artifactLocation").begin_object().kv("uri", where.uri);
  if (where.relative) w.kv("uriBaseId", "SRCROOT");
  w.end_object();
  if (line > 0) {
    w.key("region").begin_object().kv("startLine", line);
    if (!code.empty()) w.key("snippet").begin_object().kv("text", code).end_object();
    w.end_object();
  }
  w.end_object().end_object().end_array();
}

}  // namespace

std::string gate_sarif(const GateResult& r, const std::string& source_root) {
  std::error_code ec;
  fs::path root = fs::absolute(source_root.empty() ? "." : source_root, ec).lexically_normal();
  Builder b;
  bool sites_fail = false, events_fail = false;
  for (const auto& c : r.checks) {
    if (c.id == "break_sites" && c.failed) sites_fail = true;
    if ((c.id == "break_events" || c.id == "max_graph_breaks") && c.failed) events_fail = true;
  }

  auto site_rule = [&](const SiteSnap& s, const std::string& level) {
    Rule rule;
    rule.level = level;
    rule.short_text = s.reason.empty() ? "graph break" : "Graph break: " + s.reason;
    rule.help = fmt::format("torch.compile splits the graph here{}{}. Fix: {}", s.gb_id.empty() ? "" : " (" + s.gb_id + ")",
                            s.category.empty() ? "" : " [category " + s.category + "]",
                            s.fix.empty() ? "see tparse explain TRACE for the break's explanation and hints" : s.fix);
    rule.tags = {"torch.compile", "graph-break"};
    if (!s.category.empty()) rule.tags.push_back(s.category);
    if (!s.gb_id.empty()) rule.help_uri = fmt::format(fmt::runtime(kGbPage), s.gb_id);
    return b.rule(s.gb_id.empty() ? "tparse.break." + (s.category.empty() ? std::string("other") : s.category) : s.gb_id,
                  std::move(rule));
  };
  auto site_result = [&](const SiteSnap& s, int64_t base_count, bool failed) {
    std::string level = failed ? "error" : "warning";
    Result res;
    res.rule = site_rule(s, level);
    res.level = level;
    res.message = base_count == 0
                      ? fmt::format("New graph break{}: {} in {} ({} event(s)).", s.gb_id.empty() ? "" : " [" + s.gb_id + "]",
                                    s.reason, s.function, s.count)
                      : fmt::format("Graph break{} breaks more often: {} in {}, {} -> {} event(s).",
                                    s.gb_id.empty() ? "" : " [" + s.gb_id + "]", s.reason, s.function, base_count, s.count);
    if (!s.fix.empty()) res.message += " Fix: " + s.fix;
    res.where = locate(s.file, s.line, root);
    res.line = s.line;
    res.code = s.code;
    res.counts = {{"events", s.count}, {"baseline_events", base_count}};
    res.category = s.category;
    res.fingerprint = fmt::format("{}|{}|{}", fs::path(s.file).filename().string(), s.function, s.reason);
    b.results.push_back(std::move(res));
  };
  for (int32_t j : r.match.added) site_result(r.cur.sites[static_cast<size_t>(j)], 0, sites_fail);
  for (auto [i, j] : r.grown)
    site_result(r.cur.sites[static_cast<size_t>(j)], r.base.sites[static_cast<size_t>(i)].count, events_fail);

  for (int32_t k : r.regressed_recompiles) {
    const RecompileSnap& rc = r.cur.recompile_list[static_cast<size_t>(k)];
    std::string level = r.recompile_check_failed ? "error" : "warning";
    std::string cat = rc.category.empty() ? "other_guard" : rc.category;
    Rule rule;
    rule.level = level;
    rule.short_text = "Recompile: " + (rc.title.empty() ? cat : rc.title);
    rule.help = fmt::format("A guard of an earlier compiled graph failed, so torch.compile compiled {} again ({}). "
                            "Each recompile costs compile time and, at the recompile limit, the function runs "
                            "eagerly. Fix: {}",
                            rc.frame.empty() ? std::string("the function") : rc.frame, rc.title.empty() ? cat : rc.title, rc.fix);
    rule.tags = {"torch.compile", "recompile", cat};
    Result res;
    res.rule = b.rule("tparse.recompile." + cat, std::move(rule));
    res.level = level;
    res.message = fmt::format("Recompile {} of {}: {}. Fix: {}", rc.compile_id, rc.frame.empty() ? "?" : rc.frame,
                              rc.guard.empty() ? std::string("guard failure not recorded") : rc.guard, rc.fix);
    res.where = locate(rc.file, rc.line, root);
    res.line = rc.line;
    res.category = cat;
    res.fingerprint = fmt::format("{}|{}|{}", fs::path(rc.file).filename().string(), rc.frame, rc.guard);
    b.results.push_back(std::move(res));
  }

  JsonWriter w(true);
  w.begin_object().kv("$schema", kSchemaUri).kv("version", "2.1.0").key("runs").begin_array().begin_object();
  w.key("tool").begin_object().key("driver").begin_object().kv("name", "tparse").kv("version", kToolVersion)
      .kv("semanticVersion", kToolVersion).key("rules").begin_array();
  for (const auto& rule : b.rules_) {
    w.begin_object().kv("id", rule.id).key("shortDescription").begin_object().kv("text", rule.short_text).end_object();
    w.key("fullDescription").begin_object().kv("text", rule.help).end_object();
    w.key("help").begin_object().kv("text", rule.help).end_object();
    if (!rule.help_uri.empty()) w.kv("helpUri", rule.help_uri);
    w.key("defaultConfiguration").begin_object().kv("level", rule.level).end_object();
    w.key("properties").begin_object().key("tags").begin_array();
    for (const auto& t : rule.tags) w.value(t);
    w.end_array().end_object().end_object();
  }
  w.end_array().end_object().end_object();

  w.key("originalUriBaseIds").begin_object().key("SRCROOT").begin_object()
      .kv("uri", "file://" + uri_path(root.generic_string() + (root.generic_string().ends_with('/') ? "" : "/")))
      .end_object().end_object();

  w.key("invocations").begin_array().begin_object().kv("executionSuccessful", true).kv("exitCode", r.pass ? 0 : 1);
  w.key("toolExecutionNotifications").begin_array();
  for (const auto& c : r.checks) {
    if (!c.failed) continue;
    w.begin_object().key("descriptor").begin_object().kv("id", "tparse.gate." + c.id).end_object();
    w.key("message").begin_object().kv("text", "tparse gate: " + c.title).end_object().kv("level", "error").end_object();
  }
  w.end_array().end_object().end_array();

  w.key("results").begin_array();
  for (const auto& res : b.results) {
    w.begin_object().kv("ruleId", b.rules_[res.rule].id).kv("ruleIndex", static_cast<int64_t>(res.rule))
        .kv("level", res.level).key("message").begin_object().kv("text", res.message).end_object();
    if (!res.where.uri.empty()) write_location(w, res.where, res.line, res.code);
    w.key("partialFingerprints").begin_object().kv("tparseSite/v1", res.fingerprint).end_object();
    w.key("properties").begin_object();
    for (const auto& [k, v] : res.counts) w.kv(k, v);
    if (!res.category.empty()) w.kv("category", res.category);
    w.end_object().end_object();
  }
  w.end_array();

  w.key("properties").begin_object().kv("pass", r.pass).key("checks").begin_array();
  for (const auto& c : r.checks) w.begin_object().kv("id", c.id).kv("failed", c.failed).kv("message", c.title).end_object();
  w.end_array().end_object();
  w.end_object().end_array().end_object();
  return w.take() + "\n";
}

}  // namespace tparse::analysis
