// The "Input problems" section of index.html: every class of damaged or unusual input (errors and
// notes), its count and the first examples as file:line, so a report never hides what it skipped.
#include <fmt/format.h>

#include "report/context.hpp"
#include "report/html.hpp"

namespace tparse::report {

namespace {

/// What tparse did with a line of each class, in words.
const char* diag_effect(Diag d) {
  switch (d) {
    case Diag::NoPrefix: return "line skipped (not a trace record)";
    case Diag::InvalidJson: return "record skipped (envelope is not valid JSON)";
    case Diag::Md5Mismatch: return "record kept; payload marked damaged";
    case Diag::TruncatedPayload: return "record kept without (part of) its payload";
    case Diag::InvalidUtf8: return "record kept; bad bytes shown as U+FFFD";
    case Diag::OversizeLine: return "line skipped (over the line limit)";
    case Diag::EmptyFile: return "nothing to read";
    case Diag::CrLf: return "CRs ignored";
    case Diag::UnknownKind: return "record kept raw (kind unknown to this version)";
    case Diag::OrphanPayload: return "payload lines kept with the record before them";
    case Diag::BadField: return "field ignored";
    case Diag::Unreadable: return "file skipped";
    case Diag::DuplicateId: return "new epoch started (compile ids repeat in one process)";
    case Diag::Count_: break;
  }
  return "";
}

}  // namespace

std::string input_section(Ctx& cx) {
  const Model& m = cx.m;
  if (m.diag.errors() + m.diag.notes() == 0) return {};
  std::string out = fmt::format(
      "<h2 id=\"input\">Input problems: {} error(s), {} note(s)</h2>\n<table><thead><tr><th>class</th><th>count</th>"
      "<th>what tparse did</th><th>first examples (file:line)</th></tr></thead><tbody>\n",
      m.diag.errors(), m.diag.notes());
  for (int i = 0; i < kDiagCount; ++i) {
    auto d = static_cast<Diag>(i);
    if (!m.diag.counts[i]) continue;
    out += fmt::format("<tr><td class=\"{}\">{}</td><td>{}</td><td>{}</td><td>", diag_is_error(d) ? "bad" : "muted",
                       diag_name(d), m.diag.counts[i], diag_effect(d));
    size_t shown = 0;
    for (const auto& ex : m.diag.examples[i]) {
      if (shown++ >= 10) break;
      out += "<div><code>" + esc(m.file_of(ex.where)) + "</code> " + esc(ex.message) + "</div>";
    }
    if (m.diag.counts[i] > shown) out += fmt::format("<div class=\"muted\">... {} more</div>", m.diag.counts[i] - shown);
    out += "</td></tr>\n";
  }
  out += "</tbody></table>\n";
  if (!m.diag.unknown_kinds.empty()) {
    out += "<p>Unknown record kinds: ";
    for (const auto& [k, v] : m.diag.unknown_kinds) out += "<code>" + esc(k) + "</code> &times;" + std::to_string(v) + " ";
    out += "</p>\n";
  }
  return out;
}

}  // namespace tparse::report
