// Module-level drawings of big FX graphs (over ReportOptions::svg_max_nodes nodes): the compile
// page shows the model as a few boxes (inline SVG, each box a link); every distinct module gets
// one section g/<graph hash>.html#m<module signature> with its own level drawing (children as
// boxes, identical siblings as one box with a count, a sibling that differs in red), its ops and
// links. All modules of one graph are one file (CSS :target shows the linked section, the model
// when none is): a report of a GPT-2 training run writes 16 files here, not 190, and creating
// files was most of the report's time (docs/performance.md, issue 24). Identical modules
// (28 x GLMBlock) share one section. Only small levels are laid out (a level over svg_max_nodes
// boxes is named and listed as text). Hierarchy and layout: src/graph/.
#include <fmt/format.h>

#include <map>

#include "report/context.hpp"
#include "graph/hierarchy.hpp"
#include "graph/layout.hpp"
#include "graph/view_graph.hpp"
#include "report/html.hpp"

namespace tparse::report {

namespace {

std::string sig_name(const graph::Hierarchy& h, int32_t g) {
  return fmt::format("m{:016x}", h.groups[static_cast<size_t>(g)].signature);
}

/// The svg element of graphviz output (prolog and doctype dropped), for inlining: graphviz
/// XML-escapes every label and tooltip, links are our own page names, and it has no scripts.
std::string inline_svg(const std::string& svg) {
  size_t p = svg.find("<svg");
  return p == std::string::npos ? std::string() : svg.substr(p);
}

struct Drawn {
  std::string html;  ///< the drawing or a note saying why there is none
  size_t items = 0;
};

/// Draws the level of `focus`; links point at `prefix` + module section id.
Drawn draw_level(Ctx& cx, const fx::Graph& g, const graph::Hierarchy& h, int32_t focus, const std::string& prefix) {
  Drawn d;
  // A module holding a single submodule (the model around `transformer`) shows it opened in place.
  std::vector<char> open(h.groups.size(), 0);
  for (int32_t a = focus; h.groups[static_cast<size_t>(a)].children.size() == 1;) {
    a = h.groups[static_cast<size_t>(a)].children[0];
    open[static_cast<size_t>(a)] = 1;
  }
  graph::ViewGraph v = graph::build_view(g, h, focus, open);
  d.items = v.items.size();
  std::string where = focus == 0 ? "the model level" : "module " + h.groups[static_cast<size_t>(focus)].path;
  if (v.items.size() > cx.opt.svg_max_nodes) {
    std::lock_guard<std::mutex> lk(cx.mu);
    ++cx.stats.svg_skipped;
    d.html = fmt::format("<p class=\"muted\">Drawing skipped: {} has {} boxes and ops at one level (more than {}).</p>",
                         esc(where), v.items.size(), cx.opt.svg_max_nodes);
    return d;
  }
  graph::DotOptions o;
  o.op_names = false;  // identical modules share the drawing: ops by target and shape
  o.url = [&](const graph::ViewItem& it) {
    if (it.kind != graph::ViewItem::Kind::Group && it.kind != graph::ViewItem::Kind::Run) return std::string();
    return prefix + sig_name(h, it.group);
  };
  std::string err;
  std::string svg = graph::svg_of_dot(graph::view_to_dot(g, h, v, o), &err);
  {
    std::lock_guard<std::mutex> lk(cx.mu);
    ++cx.stats.svgs;
  }
  d.html = svg.empty() ? "<p class=\"muted\">Graphviz failed: " + esc(err) + "</p>"
                       : "<div class=\"graph modules\">" + inline_svg(svg) + "</div>";
  return d;
}

/// Shows the section the URL's #fragment names (the model's, last in the file, when none does) and
/// names the tab after it; a section is one module of the graph.
const char* kModuleCss =
    "<style>.mod{display:none}.mod:target,.mod.root{display:block}.mod:target~.mod.root{display:none}</style>\n";
const char* kModuleJs =
    "function tpModTitle(){var s=location.hash&&document.getElementById(location.hash.slice(1));"
    "if(!s||!s.classList.contains('mod'))s=document.querySelector('.mod.root');if(s)document.title=s.getAttribute('data-title');}"
    "tpModTitle();window.addEventListener('hashchange',tpModTitle);\n";

std::string module_section(Ctx& cx, const fx::Graph& g, const graph::Hierarchy& h, int32_t rep, const std::string& title) {
  const graph::Group& gr = h.groups[static_cast<size_t>(rep)];
  std::string name = rep == 0 ? "(model)" : gr.path;
  std::string out = "<section class=\"mod" + std::string(rep == 0 ? " root" : "") + "\" id=\"" + sig_name(h, rep) +
                    "\" data-title=\"Module " + esc(name) + "\">\n<h1>Module <code>" + esc(name) +
                    "</code></h1>\n<p class=\"muted\">" + esc(title) + " &middot; " + std::to_string(gr.total_nodes) + " nodes</p>\n<p>";
  // Breadcrumbs through the representative's ancestors.
  std::vector<int32_t> chain;
  for (int32_t a = gr.parent; a >= 0; a = h.groups[static_cast<size_t>(a)].parent) chain.push_back(a);
  for (auto it = chain.rbegin(); it != chain.rend(); ++it)
    out += "<a href=\"#" + sig_name(h, *it) + "\">" + esc(*it == 0 ? "(model)" : h.groups[static_cast<size_t>(*it)].name) + "</a> / ";
  out += "<b>" + esc(rep == 0 ? "(model)" : gr.name) + "</b></p>\n";
  // Every module with this op sequence.
  std::vector<int32_t> same;
  for (size_t k = 0; k < h.groups.size(); ++k)
    if (h.groups[k].signature == gr.signature && h.groups[k].total_nodes > 0) same.push_back(static_cast<int32_t>(k));
  if (same.size() > 1) {
    out += fmt::format("<p>{} modules have this same graph (same ops, shapes and wiring); drawn from <code>{}</code>: ",
                       same.size(), esc(gr.path));
    for (size_t k = 0; k < same.size() && k < 64; ++k) out += (k ? ", " : "") + std::string("<code>") + esc(h.groups[static_cast<size_t>(same[k])].path) + "</code>";
    out += same.size() > 64 ? ", ...</p>\n" : "</p>\n";
  }
  if (gr.odd_one_out) out += "<div class=\"alert\">This module differs from the majority of its numbered siblings.</div>\n";
  out += draw_level(cx, g, h, rep, "#").html;
  if (!gr.children.empty()) {
    out += "<h2>Submodules</h2><table><thead><tr><th>module</th><th>nodes</th><th>same graph as</th></tr></thead><tbody>";
    for (int32_t c : gr.children) {
      const graph::Group& cg = h.groups[static_cast<size_t>(c)];
      out += "<tr><td><a href=\"#" + sig_name(h, c) + "\">" + esc(cg.name) + "</a>" + (cg.odd_one_out ? " <b>differs</b>" : "") +
             "</td><td>" + std::to_string(cg.total_nodes) + "</td><td>" +
             (cg.twins > 1 ? std::to_string(cg.twins) + " siblings" : "") + "</td></tr>";
    }
    out += "</tbody></table>\n";
  }
  if (!gr.nodes.empty()) {
    out += "<h2>Ops directly in this module</h2><table><thead><tr><th>node</th><th>op</th><th>type</th><th>source</th></tr></thead><tbody>";
    for (int32_t ni : gr.nodes) {  // appended in place: thousands of rows per graph
      const fx::Node& n = g.nodes[static_cast<size_t>(ni)];
      out += "<tr><td><code>";
      esc_to(out, n.name);
      out += "</code></td><td><code>";
      esc_to(out, n.target);
      out += "</code></td><td><code>";
      esc_to(out, n.type);
      out += "</code></td><td><code>";
      if (!n.file.empty()) {
        esc_to(out, n.file);
        out += ':';
        out += std::to_string(n.line);  // digits and '-': nothing to escape
      }
      out += "</code> ";
      esc_to(out, n.code);
      if (const char* note = graph::module_note(h, ni); *note) {
        out += " <span class=\"muted\">";
        esc_to(out, note + 1);
        out += "</span>";
      }
      out += "</td></tr>";
    }
    out += "</tbody></table>\n";
  }
  return out + "</section>\n";
}

/// The graph's one module file: a section per distinct module signature, the model's last.
std::string modules_page(Ctx& cx, const fx::Graph& g, const graph::Hierarchy& h, const std::map<uint64_t, int32_t>& reps,
                         const std::string& title) {
  std::string out = page_begin("Module (model)", "../") + kModuleCss;
  for (auto [sig, rep] : reps)
    if (rep != 0) out += module_section(cx, g, h, rep, title);
  out += module_section(cx, g, h, 0, title);
  return out + page_end(kModuleJs);
}

}  // namespace

std::string module_drawing(Ctx& cx, const fx::Graph& g, const graph::Hierarchy& h, const std::string& text_hash,
                           const std::string& title, const std::string& root, std::string* model_page) {
  const std::string page = "g/" + text_hash + ".html";
  if (model_page) *model_page = page;
  // One section per distinct module signature, one file per graph text, written once.
  std::map<uint64_t, int32_t> reps;
  for (size_t k = 0; k < h.groups.size(); ++k)
    if (h.groups[k].total_nodes > 0) reps.emplace(h.groups[k].signature, static_cast<int32_t>(k));
  reps[h.groups[0].signature] = 0;  // the model is its own section (the file's default)
  cx.write_once(page, [&] { return modules_page(cx, g, h, reps, title); });
  Drawn top = draw_level(cx, g, h, 0, root + page + "#");
  return fmt::format("<p>Module-level drawing ({} nodes in {} modules; module names from {}). Click a box to open it; "
                     "<a href=\"{}{}\">model page</a>.</p>",
                     g.nodes.size(), h.groups.size() - 1, esc(h.source), root, page) +
         top.html;
}

}  // namespace tparse::report
