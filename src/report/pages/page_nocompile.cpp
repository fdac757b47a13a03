// The "[-/-]" entry (c/none.html): every record that carries no compile id (AOTInductor and
// provenance logs, export, records logged outside Dynamo), with its metrics and all its
// artifacts, as tlparse files them under -_-_-_-. Also the row the compile directory shows for it.
#include <fmt/format.h>

#include "report/context.hpp"
#include "core/model/summary.hpp"
#include "report/html.hpp"

namespace tparse::report {

const char* kNoCompilePage = "c/none.html";

bool has_nocompile(const Model& m) { return !m.global_artifacts.empty() || !m.global_metrics.empty(); }

std::string nocompile_row(Ctx& cx, const std::string& root) {
  const Model& m = cx.m;
  if (!has_nocompile(m)) return {};
  std::string out = "<tr><td>" + link(root + kNoCompilePage, "[-/-]") + "</td><td class=\"muted\">(no compile id)</td><td>-</td><td>-</td>" +
                    fmt::format("<td>-</td><td>-</td><td>{}</td><td>", m.global_metrics.empty() ? "-" : fmt_seconds(m.global_metrics.front().inductor_compile_time_s));
  for (size_t k = 0; k < m.global_artifacts.size(); ++k)
    out += "<a href=\"" + root + kNoCompilePage + "#a" + std::to_string(k) + "\">" + esc(m.global_artifacts[k].name) + "</a>" +
           (k + 1 < m.global_artifacts.size() ? ", " : "");
  return out + "</td></tr>\n";
}

std::string nocompile_page_html(Ctx& cx) {
  const Model& m = cx.m;
  const std::string root = "../";
  std::string out = page_begin("Compile [-/-]", root);
  out += fmt::format("<h1>Compile [-/-] &middot; records without a compile id</h1>\n<p>{} artifact(s) and {} compilation_metrics "
                     "record(s) carry no compile id: AOTInductor (<code>torch._inductor.aoti_compile_and_package</code>) and export "
                     "run outside Dynamo, so PyTorch logs them with no <code>frame_id</code>. tlparse files them under "
                     "<code>-_-_-_-</code>.</p>\n",
                     m.global_artifacts.size(), m.global_metrics.size());
  if (!provenance_link(cx, -1, root).empty())
    out += "<p>Inductor provenance: " + provenance_link(cx, -1, root) + "</p>\n";
  for (const Metrics& mt : m.global_metrics) {
    out += "<h2>compilation_metrics <span class=\"muted\">" + esc(m.file_of(mt.where)) + "</span></h2><table>";
    auto row = [&](const std::string& k, const std::string& v) { out += "<tr><th>" + esc(k) + "</th><td>" + esc(v) + "</td></tr>"; };
    row("inductor compile time", fmt_seconds(mt.inductor_compile_time_s));
    row("entire frame compile time", fmt_seconds(mt.entire_frame_compile_time_s));
    if (!mt.fail_type.empty()) row("fail", mt.fail_type + ": " + mt.fail_reason);
    out += "</table><details><summary>All fields</summary><table>";
    for (const auto& [k, v] : mt.other) row(k, v);
    out += "</table></details>\n";
  }
  out += artifact_sections(cx, m.global_artifacts, -1, "[-/-]", root);
  return out + page_end();
}

std::string tlparse_views_section(Ctx& cx, const std::string& root) {
  const Model& m = cx.m;
  std::string items;
  if (has_nocompile(m))
    items += fmt::format("<li>{}: {} artifact(s) and {} metrics record(s) without a compile id</li>", link(root + kNoCompilePage, "[-/-]"),
                         m.global_artifacts.size(), m.global_metrics.size());
  std::string prov;
  for (int32_t ci = -1; ci < static_cast<int32_t>(m.compiles.size()); ++ci) {
    std::string l = provenance_link(cx, ci, root);
    if (l.empty()) continue;
    prov += (prov.empty() ? "" : ", ") + (ci < 0 ? std::string("[-/-]") : esc(display_id(m, m.compiles[static_cast<size_t>(ci)]))) + " " + l;
  }
  if (!prov.empty()) items += "<li id=\"provenance\">Inductor provenance tracking: " + prov + "</li>";
  if (wants_export_page(cx)) items += "<li>" + link(root + "export.html", "Draft export report") + "</li>";
  if (items.empty()) return {};
  return "<h2 id=\"tlparse-views\">Views as in tlparse</h2><ul>" + items + "</ul>\n";
}

}  // namespace tparse::report
