// `tparse fix` output: text (outcome line + unified diff per patch), JSON (schema tparse-fix v1)
// and SARIF 2.1.0 with `fixes` (docs/fix.md).
#include <fmt/format.h>

#include <cctype>
#include <filesystem>

#include "core/json_writer.hpp"
#include "core/model/summary.hpp"
#include "fix/fix.hpp"

namespace tparse::fix {

namespace fs = std::filesystem;

namespace {

std::string base(const std::string& f) { return fs::path(f).filename().string(); }

std::string change(const char* what, int64_t a, int64_t b) { return fmt::format("{} {} -> {}", a, what, b); }

void metrics_json(JsonWriter& w, const Metrics& m) {
  w.begin_object().key("ok").value(m.ok);
  if (!m.error.empty()) w.key("error").value(m.error);
  w.key("graphs").value(m.graphs).key("breaks").value(m.breaks).key("graphs_total").value(m.graphs_total);
  w.key("break_events").value(m.break_events).key("recompiles").value(m.recompiles).end_object();
}

std::string uri_path(std::string_view p) {
  std::string o;
  for (unsigned char c : p) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') o.push_back(static_cast<char>(c));
    else o += fmt::format("%{:02X}", c);
  }
  return o;
}

}  // namespace

std::string outcome_line(const Patch& p, const std::string& torch) {
  std::string head = fmt::format("{}:{}: ", base(p.file), p.line);
  if (p.status != "verified") return head + "unverified (" + p.why + ")";
  const Metrics& a = p.before;
  const Metrics& b = p.after;
  // explain's naive break count is graphs - 1: -1 when a break in a loop skipped the whole frame
  std::string s = a.graphs == 0 && a.breaks < 0
                      ? fmt::format("frame skipped (0 graphs) -> {} graphs, {} breaks", b.graphs, b.breaks)
                      : fmt::format("{} graphs -> {}, {} breaks -> {}", a.graphs, b.graphs, a.breaks, b.breaks);
  std::vector<std::string> whole;
  if (a.graphs_total != b.graphs_total) whole.push_back(change("graphs", a.graphs_total, b.graphs_total));
  if (a.break_events != b.break_events) whole.push_back(change("break events", a.break_events, b.break_events));
  if (a.recompiles != b.recompiles) whole.push_back(change("recompiles", a.recompiles, b.recompiles));
  if (!whole.empty()) {
    s += "; whole run: ";
    for (size_t i = 0; i < whole.size(); ++i) s += (i ? ", " : "") + whole[i];
  }
  return head + s + fmt::format(" (verified, torch {} rules)", torch);
}

std::string plan_text(const Plan& p) {
  std::string o;
  if (!p.error.empty()) return "tparse fix: " + terminal_safe(p.error) + "\n";
  if (p.from_script && p.before.ok)
    o += fmt::format("{} under torch {} rules: {} graphs, {} breaks (first call); whole run: {} graphs, {} break events, {} recompiles\n",
                     terminal_safe(p.input), p.torch, p.before.graphs, p.before.breaks, p.before.graphs_total,
                     p.before.break_events, p.before.recompiles);
  else
    o += fmt::format("{}: patches from the trace (not compiled)\n", terminal_safe(p.input));
  if (p.patches.empty()) o += "No patch to offer.\n";
  for (const auto& x : p.patches) {
    o += fmt::format("\n[{}] {}:{}  {}{}\n", x.id, terminal_safe(x.label), x.line, x.rule,
                     x.alternative_to ? fmt::format("  (alternative to [{}]: they change the same lines)", x.alternative_to) : "");
    o += "    " + terminal_safe(x.title) + "\n";
    o += "    " + terminal_safe(outcome_line(x, p.torch)) + "\n";
    o += terminal_safe(x.diff);
  }
  if (p.combined_measured) {
    const Metrics& a = p.before;
    const Metrics& b = p.combined;
    o += b.ok ? fmt::format("\nAll first-choice patches together: {} graphs -> {}, {} breaks -> {}; whole run: {}, {}, {}\n",
                            a.graphs, b.graphs, a.breaks, b.breaks, change("graphs", a.graphs_total, b.graphs_total),
                            change("break events", a.break_events, b.break_events), change("recompiles", a.recompiles, b.recompiles))
              : "\nAll first-choice patches together do not compile: " + terminal_safe(b.error) + "\n";
  }
  if (p.rejected) o += fmt::format("\n{} planned patch(es) not shown: the compiler found no fewer graphs, breaks or recompiles.\n", p.rejected);
  if (!p.advice.empty()) {
    o += "\nNo patch (advice):\n";
    for (const auto& a : p.advice)
      o += fmt::format("  {}:{}  {}: {}\n      ({})\n", terminal_safe(a.label), a.line, a.category, terminal_safe(a.fix),
                       terminal_safe(a.why_no_patch));
  }
  return o;
}

std::string plan_json(const Plan& p) {
  JsonWriter w(true);
  w.begin_object().key("schema").value("tparse-fix").key("schema_version").value(int64_t{1});
  w.key("input").value(p.input).key("from_script").value(p.from_script).key("torch").value(p.torch);
  if (!p.error.empty()) w.key("error").value(p.error);
  w.key("before");
  metrics_json(w, p.before);
  w.key("patches").begin_array();
  for (const auto& x : p.patches) {
    w.begin_object().key("id").value(int64_t{x.id}).key("file").value(x.label).key("line").value(int64_t{x.line});
    w.key("rule").value(x.rule).key("category").value(x.category).key("title").value(x.title);
    w.key("status").value(x.status);
    if (!x.why.empty()) w.key("why").value(x.why);
    w.key("outcome").value(outcome_line(x, p.torch));
    w.key("group").value(int64_t{x.group}).key("alternative_to").value(int64_t{x.alternative_to});
    w.key("before");
    metrics_json(w, x.before);
    w.key("after");
    metrics_json(w, x.after);
    w.key("diff").value(x.diff).end_object();
  }
  w.end_array();
  if (p.combined_measured) {
    w.key("combined");
    metrics_json(w, p.combined);
  }
  w.key("rejected").value(int64_t{p.rejected});
  w.key("advice").begin_array();
  for (const auto& a : p.advice)
    w.begin_object().key("file").value(a.label).key("line").value(int64_t{a.line}).key("category").value(a.category)
        .key("title").value(a.title).key("fix").value(a.fix).key("why_no_patch").value(a.why_no_patch).end_object();
  w.end_array().end_object();
  return w.take() + "\n";
}

std::string plan_sarif(const Plan& p, const std::string& source_root) {
  std::error_code ec;
  fs::path root = fs::weakly_canonical(fs::absolute(source_root.empty() ? "." : source_root, ec), ec);
  auto where = [&](const std::string& file, bool& relative) {
    fs::path abs = fs::weakly_canonical(fs::absolute(file, ec), ec);
    fs::path rel = abs.lexically_relative(root);
    relative = !rel.empty() && *rel.begin() != "..";
    return relative ? uri_path(rel.generic_string()) : "file://" + uri_path(abs.generic_string());
  };
  JsonWriter w(true);
  w.begin_object().key("$schema").value("https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json");
  w.key("version").value("2.1.0").key("runs").begin_array().begin_object();
  w.key("tool").begin_object().key("driver").begin_object().key("name").value("tparse fix");
  w.key("informationUri").value("https://github.com/tparse/tparse/blob/main/docs/fix.md");
  w.key("rules").begin_array();
  std::vector<std::string> rules;
  for (const auto& x : p.patches)
    if (std::find(rules.begin(), rules.end(), x.rule) == rules.end()) rules.push_back(x.rule);
  for (const auto& r : rules)
    w.begin_object().key("id").value(r).key("shortDescription").begin_object().key("text").value("torch.compile graph break / recompile with a patch: " + r).end_object().end_object();
  w.end_array().end_object().end_object();
  w.key("originalUriBaseIds").begin_object().key("SRCROOT").begin_object().key("uri").value("file://" + uri_path(root.generic_string()) + "/").end_object().end_object();
  w.key("results").begin_array();
  for (const auto& x : p.patches) {
    bool rel = false;
    std::string uri = where(x.file, rel);
    auto loc = [&]() {
      w.key("artifactLocation").begin_object().key("uri").value(uri);
      if (rel) w.key("uriBaseId").value("SRCROOT");
      w.end_object();
    };
    w.begin_object().key("ruleId").value(x.rule).key("level").value("warning");
    w.key("message").begin_object().key("text").value(x.title + ". " + outcome_line(x, p.torch)).end_object();
    w.key("locations").begin_array().begin_object().key("physicalLocation").begin_object();
    loc();
    w.key("region").begin_object().key("startLine").value(int64_t{std::max(1, x.line)}).end_object();
    w.end_object().end_object().end_array();
    w.key("fixes").begin_array().begin_object();
    w.key("description").begin_object().key("text").value(x.title).end_object();
    w.key("artifactChanges").begin_array().begin_object();
    loc();
    w.key("replacements").begin_array();
    for (const auto& e : x.edits) {
      // whole lines: from column 1 of `first` to column 1 of the line after the last replaced one
      int end = e.insertion() ? e.first : e.last + 1;
      std::string text;
      for (const auto& l : e.lines) text += l + "\n";
      w.begin_object().key("deletedRegion").begin_object().key("startLine").value(int64_t{e.first}).key("startColumn").value(int64_t{1});
      w.key("endLine").value(int64_t{end}).key("endColumn").value(int64_t{1}).end_object();
      w.key("insertedContent").begin_object().key("text").value(text).end_object().end_object();
    }
    w.end_array().end_object().end_array().end_object().end_array();
    w.key("properties").begin_object().key("status").value(x.status).key("group").value(int64_t{x.group});
    w.key("alternative_to").value(int64_t{x.alternative_to}).end_object();
    w.end_object();
  }
  w.end_array().end_object().end_array().end_object();
  return w.take() + "\n";
}

std::string plan_html(const Plan& p) {
  auto esc = [](std::string_view t) {
    std::string o;
    for (char c : t) {
      switch (c) {
        case '&': o += "&amp;"; break;
        case '<': o += "&lt;"; break;
        case '>': o += "&gt;"; break;
        case '"': o += "&quot;"; break;
        case '\'': o += "&#39;"; break;
        default: o.push_back(c);
      }
    }
    return o;
  };
  std::string o = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>tparse fix</title><style>"
                  "body{font-family:sans-serif;max-width:60em;margin:1em auto}pre{background:#f6f6f6;padding:.5em;overflow:auto}"
                  ".add{color:#060}.del{color:#a00}</style></head><body><h1>Patches for the graph breaks</h1>\n"
                  "<p><a href=\"index.html\">back to the report</a>. Made from the trace and the files under --source-root "
                  "(<code>tparse fix TRACE --source-root DIR</code>); not compiled: run <code>tparse fix model.py</code> to verify.</p>\n";
  for (const auto& x : p.patches) {
    o += fmt::format("<h2 id=\"patch-{}\">[{}] {}:{} &mdash; {}</h2>\n<p>{}<br>{}</p>\n<pre>", x.id, x.id, esc(x.label), x.line,
                     esc(x.rule), esc(x.title), esc(outcome_line(x, p.torch)));
    size_t i = 0;
    while (i < x.diff.size()) {
      size_t nl = x.diff.find('\n', i);
      std::string_view line(x.diff.data() + i, (nl == std::string::npos ? x.diff.size() : nl) - i);
      bool add = line.starts_with("+") && !line.starts_with("+++"), del = line.starts_with("-") && !line.starts_with("---");
      o += add ? "<span class=\"add\">" + esc(line) + "</span>\n" : del ? "<span class=\"del\">" + esc(line) + "</span>\n" : esc(line) + "\n";
      if (nl == std::string::npos) break;
      i = nl + 1;
    }
    o += "</pre>\n";
  }
  if (p.patches.empty()) o += "<p>No patch to offer.</p>\n";
  return o + "</body></html>\n";
}

}  // namespace tparse::fix
