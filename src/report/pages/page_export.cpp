// export.html: the draft-export report tlparse writes with -e (§6 of TLPARSE-FEATURES.md), from
// Model::export_events. Failures as tlparse counts them: guard_added with prefix "eval" (Guard
// Evaluated), propagate_real_tensors_provenance (Data Dependent Error), missing_fake_kernel and
// mismatched_fake_kernel; each guard failure with its user and framework stacks, frame locals,
// symbols, and the symbolic-expression provenance tree (expression_created /
// create_unbacked_symbol nodes, followed through argument_ids). Other guards added while
// exporting are listed after the failures. Written when the trace has export records, or with -e.
#include <fmt/format.h>

#include <set>
#include <unordered_map>

#include "report/context.hpp"
#include "report/html.hpp"

namespace tparse::report {

namespace {

const char* kFakeKernelDoc =
    "https://docs.google.com/document/d/1_W62p8WJOQQUzPsJYa7s701JXt0qf2OfLub2sbkHOaU/edit#heading=h.ahugy69p2jmz";

const char* failure_type(const ExportEvent& e) {
  if (e.kind == "guard_added") return e.prefix == "eval" ? "Guard Evaluated" : nullptr;
  if (e.kind == "propagate_real_tensors_provenance") return "Data Dependent Error";
  if (e.kind == "missing_fake_kernel") return "Missing Fake Kernel";
  if (e.kind == "mismatched_fake_kernel") return "Mismatched Fake Kernel";
  return nullptr;
}

std::string stack_html(const Stack& s, const char* title) {
  if (s.empty()) return {};
  std::string out = std::string("<details><summary>") + title + fmt::format(" ({} frames)</summary><pre>", s.size());
  for (const auto& f : s) {
    out += esc(fmt::format("{}:{} in {}\n", f.file.empty() ? "(unknown)" : f.file, f.line, f.name));
    if (!f.code.empty()) out += "    " + esc(f.code) + "\n";
  }
  return out + "</pre></details>";
}

using Index = std::unordered_map<int64_t, const ExportEvent*>;

// The provenance tree of a symbolic expression: the node, then its arguments, depth first; each
// node once (the tree may share sub-expressions).
void tree(const Index& idx, int64_t id, int depth, std::set<int64_t>& seen, std::string& out) {
  if (id < 0 || depth > 64 || !seen.insert(id).second) return;
  auto it = idx.find(id);
  if (it == idx.end()) return;
  const ExportEvent& n = *it->second;
  out += fmt::format("<div class=\"symnode\" style=\"margin-left:{}px\" data-id=\"{}\"><b><code>", depth * 20, id) + esc(n.result) +
         "</code></b> <span class=\"muted\">" + esc(n.kind == "create_unbacked_symbol" ? "unbacked symbol" : "method: " + n.method) + "</span>";
  if (!n.arguments.empty()) {
    out += " &middot; arguments: ";
    for (size_t i = 0; i < n.arguments.size(); ++i) out += (i ? ", " : "") + std::string("<code>") + esc(n.arguments[i]) + "</code>";
  }
  if (!n.user_stack.empty()) {
    const StackFrame& f = n.user_stack.back();
    out += "<br><span class=\"muted\">" + esc(fmt::format("{}:{} in {}", f.file, f.line, f.name)) + "</span> <code>" + esc(f.code) + "</code>";
  }
  out += stack_html(n.stack, "Framework stack") + "</div>\n";
  for (int64_t a : n.argument_ids) tree(idx, a, depth + 1, seen, out);
}

std::string guard_detail(const Index& idx, const ExportEvent& e, size_t n) {
  std::string out = fmt::format("<div class=\"artifact\" id=\"guard{}\"><h3>#{} <code>", n, n) + esc(e.expr) + "</code></h3>";
  if (!e.loc.empty()) out += "<p>at <code>" + esc(e.loc) + "</code></p>";
  out += stack_html(e.user_stack, "User stack") + stack_html(e.stack, "Framework stack");
  if (!e.locals.empty()) {
    out += "<p>Locals:</p><pre>";
    for (const auto& [k, v] : e.locals) out += esc("    " + k + ": " + v) + "\n";
    out += "</pre>";
  }
  if (!e.symbols.empty()) {
    out += "<p>Symbols:</p><pre>";
    for (const auto& [k, v] : e.symbols) out += esc("    " + k + ": " + v) + "\n";
    out += "</pre>";
  }
  std::set<int64_t> seen;
  std::string t;
  tree(idx, e.id, 0, seen, t);
  if (!t.empty()) out += "<h4>Provenance of the expression</h4>\n<div class=\"symtree\">" + t + "</div>";
  return out + "</div>\n";
}

}  // namespace

bool wants_export_page(const Ctx& cx) { return cx.opt.export_page || cx.m.is_export || !cx.m.export_events.empty(); }

std::string export_page_html(Ctx& cx) {
  const Model& m = cx.m;
  Index idx;
  for (const auto& e : m.export_events)
    if ((e.kind == "expression_created" || e.kind == "create_unbacked_symbol") && e.id >= 0) idx.emplace(e.id, &e);
  std::string rows, details, others;
  size_t failures = 0, other_guards = 0;
  for (const auto& e : m.export_events) {
    const char* type = failure_type(e);
    if (!type) {
      if (e.kind == "guard_added") {
        ++other_guards;
        others += "<li><code>" + esc(e.expr) + "</code> <span class=\"muted\">" + esc(m.file_of(e.where)) + "</span>" +
                  (e.user_stack.empty() ? "" : " &middot; <code>" + esc(e.user_stack.back().code) + "</code>") + "</li>";
      }
      continue;
    }
    ++failures;
    std::string reason, info;
    if (e.kind == "guard_added") {
      reason = "When exporting, the following guard was evaluated <code>" + esc(e.expr) + "</code>. This might have resulted in a "
               "constraint violation error.";
    } else if (e.kind == "propagate_real_tensors_provenance") {
      reason = "When exporting, we were unable to figure out if the expression <code>" + esc(e.expr) +
               "</code> always holds.<br>As a result, it was specialized to evaluate to <code>" + esc(e.result) +
               "</code>, and asserts were inserted into the graph.";
    } else if (e.kind == "missing_fake_kernel") {
      reason = "<code>torch.ops." + esc(e.op) + "</code> is missing a fake kernel implementation";
    } else {
      reason = "<code>torch.ops." + esc(e.op) + "</code> has a fake kernel implementation, but it has incorrect behavior, based on "
               "the real kernel.<br>The reason for the mismatch is: " + esc(e.reason);
    }
    if (e.kind.find("fake_kernel") != std::string::npos) {
      info = std::string("Please refer to <a href=\"") + kFakeKernelDoc + "\">this doc</a> for how to write a fake kernel.";
    } else {
      info = fmt::format("<a href=\"#guard{}\">symbolic guard information</a>", failures);
      details += guard_detail(idx, e, failures);
    }
    rows += std::string("<tr class=\"export-failure\"><td>") + type + "</td><td>" + reason + "</td><td>" + info + " <span class=\"muted\">" +
            esc(m.file_of(e.where)) + "</span></td></tr>\n";
  }
  std::string out = page_begin("Draft export report", "") + cx.opt.custom_header_html + "<h1>Draft export report</h1>\n";
  if (failures == 0) out += "<p id=\"export-verdict\">Congratulations! No issues were found during export.</p>\n";
  else out += fmt::format("<p id=\"export-verdict\" class=\"bad\"><b>{} issue(s) were found during export</b></p>\n", failures);
  if (failures)
    out += "<table><thead><tr><th>Failure type</th><th>Reason</th><th>Additional info</th></tr></thead><tbody>\n" + rows + "</tbody></table>\n";
  // The exported program: the first artifact named so, with or without a compile id.
  for (const auto& a : m.global_artifacts)
    if (a.kind == "exported_program" || a.name == "exported_program") {
      out += "<h2>Exported program</h2>" + payload_block(cx, a, "", false, true);
      break;
    }
  if (!details.empty()) out += "<h2>Symbolic guard information</h2>\n" + details;
  if (other_guards)
    out += fmt::format("<h2>Other guards added while exporting ({})</h2><p class=\"muted\">tlparse's export page lists only guards "
                       "evaluated with prefix <code>eval</code>; these are the rest.</p><ul>", other_guards) + others + "</ul>\n";
  out += "<p><a href=\"index.html\">the full report</a></p>";
  return out + page_end();
}

}  // namespace tparse::report
