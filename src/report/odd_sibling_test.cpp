// The odd-sibling highlight end to end, on a trace written by the reference compiler (no real
// trace has a numbered layer unlike its siblings): src/graph/testdata/odd_layer.py builds four
// blocks in an nn.ModuleList, the one at ODD_LAYER using relu where the others use gelu. The facts
// checked against come from the script and the trace text (which nodes call relu), not from our
// output; the same script with ODD_LAYER = -1 (four identical blocks) must flag nothing.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "api.hpp"
#include "core/payloads/fx_graph.hpp"
#include "core/ingest.hpp"
#include "graph/hierarchy.hpp"
#include "report.hpp"

using namespace tparse;
namespace fs = std::filesystem;

namespace {

std::string script_text() {
  std::ifstream f(fs::path(TPARSE_GRAPH_TESTDATA) / "odd_layer.py", std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

/// The script with `ODD_LAYER = <odd>`, compiled to a trace and loaded.
LoadedTrace compiled(int odd) {
  std::string src = script_text();
  const std::string marker = "ODD_LAYER = 2\n";
  size_t p = src.find(marker);
  REQUIRE(p != std::string::npos);
  src.replace(p, marker.size(), "ODD_LAYER = " + std::to_string(odd) + "\n");
  compiler::Result r = compiler::compile_script((fs::path(TPARSE_GRAPH_TESTDATA) / "odd_layer.py").string(), src, {});
  INFO(r.error);
  REQUIRE(r.ok);
  return load_trace_text(r.trace, "odd_layer.log");
}

std::string dynamo_graph_text(const LoadedTrace& t) {
  for (const auto& c : t.model.compiles)
    for (const auto& a : c.artifacts)
      if (a.kind == "dynamo_output_graph") return t.payloads.get(a.payload);
  return {};
}

/// graphviz writes <a xlink:href="URL" ...> then the box's <text> lines: the link of the box with a line `box_text`.
std::string link_in(const std::string& html, const std::string& box_text) {
  size_t t = html.find(">" + box_text + "</text>");
  if (t == std::string::npos) return {};
  size_t a = html.rfind("xlink:href=\"", t);
  if (a == std::string::npos) return {};
  a += 12;
  return html.substr(a, html.find('"', a) - a);
}

struct Pages {
  report::MemorySink sink;
  std::string compile, layers;  // c/0.html and the section of module `layers` (reached by its link)
  std::string file;             // g/<hash>.html: every module of the graph, one <section> each
  /// The section a link inside the file ("#m<signature>") opens.
  std::string section(const std::string& anchor) const {
    const std::string& all = sink.at(file);
    if (anchor.rfind("#m", 0) != 0) return {};
    size_t at = all.find(" id=\"" + anchor.substr(1) + "\"");
    if (at == std::string::npos) return {};
    size_t b = all.rfind("<section class=\"mod", at);
    return b == std::string::npos ? std::string() : all.substr(b, all.find("</section>", b) - b);
  }
};

void render(const LoadedTrace& t, Pages& p) {
  report::ReportOptions o;
  o.jobs = 1;
  REQUIRE(report::write_report(t.model, t.payloads, o, p.sink).ok);
  p.compile = p.sink.at(report::compile_page(0));
  std::string l = link_in(p.compile, "layers");
  REQUIRE(l.rfind("../g/", 0) == 0);
  size_t hash_at = l.find('#');
  REQUIRE(hash_at != std::string::npos);
  p.file = l.substr(3, hash_at - 3);
  p.layers = p.section(l.substr(hash_at));
}

}  // namespace

TEST_CASE("odd sibling: layers.2 of a compiled 4-block ModuleList differs, and the report marks it") {
  LoadedTrace t = compiled(2);
  REQUIRE(t.model.compiles.size() == 1);
  std::string text = dynamo_graph_text(t);
  fx::Graph g = fx::parse_fx_graph(text);
  REQUIRE(g.ok);
  CHECK(g.nodes.size() > 400);  // drawn module by module in the report

  graph::Hierarchy h = graph::build_hierarchy(g);
  CHECK(h.source == "parameter names");
  int32_t layers = h.find("layers");
  REQUIRE(layers > 0);
  const auto& ch = h.groups[static_cast<size_t>(layers)].children;
  REQUIRE(ch.size() == 4);
  std::vector<const graph::Group*> L;
  for (int32_t c : ch) L.push_back(&h.groups[static_cast<size_t>(c)]);
  for (size_t i = 0; i < 4; ++i) CHECK(L[i]->path == "layers." + std::to_string(i));
  CHECK(L[0]->signature == L[1]->signature);
  CHECK(L[0]->signature == L[3]->signature);
  CHECK(L[2]->signature != L[0]->signature);
  CHECK(L[0]->twins == 3);
  CHECK(L[2]->twins == 1);
  // Exactly one group of the whole hierarchy is flagged: layers.2.
  std::vector<std::string> odd;
  for (const auto& gr : h.groups)
    if (gr.odd_one_out) odd.push_back(gr.path);
  CHECK(odd == std::vector<std::string>{"layers.2"});
  // From the trace text: every relu call (16, one per residual step of the odd block) is in layers.2.
  int relus = 0;
  for (size_t i = 0; i < g.nodes.size(); ++i)
    if (g.nodes[i].target.find("relu") != std::string::npos) {
      ++relus;
      CHECK(h.contains(ch[2], h.node_group[i]));
    }
  CHECK(relus == 16);

  // The report: the compile page draws the model by module; its `layers` box leads to the layers
  // page, where layer 2 is a red box saying it differs and is marked in the submodules table.
  Pages p;
  render(t, p);
  CHECK(p.compile.find("Module-level drawing (" + std::to_string(g.nodes.size()) + " nodes") != std::string::npos);
  CHECK(p.layers.find("<h1>Module <code>layers</code></h1>") != std::string::npos);
  CHECK(p.layers.find("DIFFERS from its siblings") != std::string::npos);
  CHECK(p.layers.find("#dc2626") != std::string::npos);      // the red outline of the odd box
  CHECK(p.layers.find(">2</a> <b>differs</b>") != std::string::npos);
  CHECK(p.layers.find(">0</a> <b>differs</b>") == std::string::npos);
  CHECK(p.layers.find(">3</a> <b>differs</b>") == std::string::npos);
  // Layer 2's own page carries the alert; layer 0's page does not, and names its 3 twins.
  std::string odd_page = link_in(p.layers, "2");
  REQUIRE(!odd_page.empty());
  std::string l2 = p.section(odd_page);
  CHECK(l2.find("<h1>Module <code>layers.2</code></h1>") != std::string::npos);
  CHECK(l2.find("differs from the majority of its numbered siblings") != std::string::npos);
  std::string twin_page = link_in(p.layers, "0 .. 1");
  REQUIRE(!twin_page.empty());
  std::string l0 = p.section(twin_page);
  CHECK(l0.find("<h1>Module <code>layers.") != std::string::npos);
  CHECK(l0.find("differs from the majority") == std::string::npos);
  CHECK(l0.find("3 modules have this same graph") != std::string::npos);
}

TEST_CASE("odd sibling: the same script with four identical blocks flags nothing") {
  LoadedTrace t = compiled(-1);
  fx::Graph g = fx::parse_fx_graph(dynamo_graph_text(t));
  REQUIRE(g.ok);
  CHECK(g.nodes.size() > 400);
  graph::Hierarchy h = graph::build_hierarchy(g);
  int32_t layers = h.find("layers");
  REQUIRE(layers > 0);
  const auto& ch = h.groups[static_cast<size_t>(layers)].children;
  REQUIRE(ch.size() == 4);
  for (int32_t c : ch) CHECK(h.groups[static_cast<size_t>(c)].twins == 4);
  for (const auto& gr : h.groups) CHECK_MESSAGE(!gr.odd_one_out, gr.path);
  for (const auto& n : g.nodes) CHECK(n.target.find("relu") == std::string::npos);
  Pages p;
  render(t, p);
  CHECK(p.layers.find("4 x same graph") != std::string::npos);
  CHECK(p.layers.find("DIFFERS") == std::string::npos);
  CHECK(p.layers.find("differs") == std::string::npos);
}
