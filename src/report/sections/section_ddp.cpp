// HTML for DDPOptimizer's graph splits (see section_ddp.hpp).
#include "section_ddp.hpp"

#include <fmt/format.h>

#include "report/context.hpp"
#include "report/html.hpp"

namespace tparse::report {
namespace {

std::string part_cell(const ddp::PartCompile& p) {
  if (!p.present) return "<td class=\"muted\">not in the trace</td><td></td>";
  std::string s = "<td>compiled" + (p.cache.empty() ? std::string() : " (fx cache " + esc(p.cache) + ")") + "</td><td>";
  s += p.has_runtime ? esc(ddp::format_ns(p.runtime_ns)) + fmt::format(" <span class=\"muted\">({} ops)</span>", p.runtime_ops)
                     : std::string("<span class=\"muted\">none logged</span>");
  return s + "</td>";
}

}  // namespace

std::string ddp_split_section(const Ctx& cx, const ddp::Split& s) {
  (void)cx;
  std::string out = "<h2 id=\"ddp-split\">DDP graph split</h2>\n<p><b>" + esc(ddp::headline(s)) +
                    "</b>. Each subgraph below is compiled on its own (forward now, backward on the first "
                    "backward pass), so one compile id holds several inductor compiles.</p>\n";
  out += "<table><thead><tr><th>subgraph</th><th>nodes</th><th>parameters read</th><th>bucket</th>"
         "<th>forward compile</th><th>forward estimate</th><th>backward compile</th><th>backward estimate</th></tr></thead><tbody>\n";
  for (const auto& sg : s.subgraphs) {
    out += "<tr><td><code>" + esc(sg.name) + "</code></td>" + fmt::format("<td>{}</td><td>{}</td>", sg.nodes, sg.params) +
           "<td>" + fmt::format("{} params, ", sg.bucket_params) + esc(ddp::format_bytes(sg.bucket_bytes)) + "</td>" +
           part_cell(sg.fwd) + part_cell(sg.bwd) + "</tr>\n";
  }
  out += "</tbody></table>\n<p class=\"muted\">Runtime estimates are inductor's "
         "<code>inductor_runtime_and_tensor_meta</code> (sum of <code>estimated_runtime_ns</code>), one per "
         "subgraph and direction. A bucket holds the gradients of the parameters whose last reader is that "
         "subgraph (DDPOptimizer fills buckets walking the graph backwards).</p>\n";
  if (s.untied_compiles > 0)
    out += fmt::format("<p class=\"muted\">{} inductor compile(s) under this id could not be tied to a subgraph.</p>\n",
                       s.untied_compiles);
  return out;
}

std::string ddp_landing_text(const ddp::Split& s) {
  int64_t fw = 0, bw = 0;
  for (const auto& sg : s.subgraphs) fw += sg.fwd.present, bw += sg.bwd.present;
  return esc(ddp::headline(s)) + fmt::format("; {} forward and {} backward inductor compiles", fw, bw);
}

}  // namespace tparse::report
