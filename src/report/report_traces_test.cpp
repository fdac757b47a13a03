// The report on real traces: every bundled trace (and ../shared/testdata when present) renders;
// the must-show facts are asserted against the trace's own counters (truth.json) and content.
#include <doctest/doctest.h>
#include <fmt/format.h>
#include <simdjson.h>

#include <filesystem>
#include <regex>

#include "core/ingest.hpp"
#include "analysis/ranks/ddp_split.hpp"
#include "analysis/ranks/multirank.hpp"
#include "core/model/summary.hpp"
#include "core/test_support.hpp"
#include "report.hpp"

using namespace tparse;
namespace fs = std::filesystem;

namespace {

struct Rendered {
  LoadedTrace t;
  report::MemorySink sink;
  report::ReportStats stats;
  const std::string& index() const { return sink.at("index.html"); }
};

std::unique_ptr<Rendered> render(const fs::path& trace) {
  auto r = std::make_unique<Rendered>();
  r->t = load_trace({trace.string()});
  report::ReportOptions o;
  o.jobs = 2;
  r->stats = report::write_report(r->t.model, r->t.payloads, o, r->sink);
  return r;
}

fs::path case_dir(const char* name) { return testing::testdata() / "torch-2.11" / name; }

simdjson::dom::element truth(simdjson::dom::parser& p, const char* name) {
  return p.load((case_dir(name) / "truth.json").string());
}

size_t count_of(const std::string& s, const std::string& needle) {
  size_t n = 0;
  for (size_t p = s.find(needle); p != std::string::npos; p = s.find(needle, p + 1)) ++n;
  return n;
}

/// Structural checks every report must pass.
void check_report(const Rendered& r, const std::string& label) {
  INFO(label);
  const Model& m = r.t.model;
  REQUIRE(r.stats.ok);
  REQUIRE(!r.index().empty());
  CHECK(r.index().find("id=\"summary\"") < r.index().find("id=\"breaks\""));  // summary band first
  // summary.json is `tparse summary --json` (schema 3: with the multi-rank facts and analyses).
  std::vector<multirank::NameMismatch> mism;
  auto facts = multirank::extract_rank_facts(m, r.t.payloads, &mism);
  auto an = multirank::analyze(facts, mism);
  auto splits = ddp::find_splits(m, r.t.payloads);
  CHECK(r.sink.at("summary.json") == summary_json(m, true, [&](JsonWriter& w) { multirank::write_json(w, facts, an); },
                                                  [&](JsonWriter& w) { ddp::write_json(w, m, splits); }));
  CHECK((r.sink.at("summary.json").find("\"multi_rank\": null") == std::string::npos) == !facts.empty());
  CHECK(!r.sink.at("timeline.html").empty());
  CHECK(r.sink.files.count("chromium_events.json"));
  CHECK(r.sink.files.count("compile_directory.json"));
  for (size_t i = 0; i < m.compiles.size(); ++i) {
    const std::string& page = r.sink.at(report::compile_page(static_cast<int32_t>(i)));
    REQUIRE_MESSAGE(!page.empty(), "compile page ", i);
    CHECK(page.find(display_id(m, m.compiles[i]).substr(0, 4)) != std::string::npos);
  }
  // raw.jsonl: one line per compile, artifact, break, recompile, failure, global artifact.
  size_t artifacts = m.global_artifacts.size();
  for (const auto& c : m.compiles) artifacts += c.artifacts.size();
  CHECK(count_of(r.sink.at("raw.jsonl"), "\n") == m.compiles.size() + artifacts + m.breaks.size() + m.recompiles.size() + m.failures.size());
  // Only our own script tag on each page: trace text never becomes markup.
  for (const auto& file : r.sink.files)
    if (file.first.size() > 5 && file.first.substr(file.first.size() - 5) == ".html")
      CHECK_MESSAGE(count_of(file.second, "<script") == 1, file.first);
  if (m.ranks.size() > 1)
    for (int32_t rk : m.ranks) CHECK(r.sink.files.count("rank_" + std::to_string(rk) + "/index.html"));
}

}  // namespace

TEST_CASE("every bundled trace renders a complete report") {
  std::vector<fs::path> traces;
  for (const auto& e : fs::directory_iterator(testing::testdata() / "torch-2.11")) traces.push_back(e.path() / "trace");
  for (const auto& e : fs::directory_iterator(testing::testdata() / "tlparse-inputs")) traces.push_back(e.path());
  CHECK(traces.size() >= 25);
  for (const auto& p : traces) {
    auto r = render(p);
    if (r->t.model.files.empty()) continue;  // not a trace (a README, a stray file)
    check_report(*r, p.string());
  }
}

TEST_CASE("every ../shared trace renders a complete report" * doctest::test_suite("needs_shared")) {
  REQUIRE(testing::have_shared());
  std::vector<fs::path> traces;
  for (const auto& e : fs::directory_iterator(testing::shared_testdata() / "torch-2.11")) traces.push_back(e.path() / "trace");
  for (const auto& e : fs::directory_iterator(testing::shared_testdata() / "tlparse-inputs")) traces.push_back(e.path());
  CHECK(traces.size() >= 20);
  for (const auto& p : traces) {
    auto r = render(p);
    if (r->t.model.files.empty()) continue;  // not a trace (a README, a stray file)
    check_report(*r, p.string());
  }
}

TEST_CASE("print_break: one distinct site models.py:152, print, gb0059, with torch's event count") {
  simdjson::dom::parser jp;
  auto tr = truth(jp, "print_break");
  int64_t breaks = 0;
  std::string key;
  for (auto [k, v] : tr["graph_break"].get_object()) breaks += v.get_int64().value(), key = std::string(k);
  REQUIRE(breaks == 3);
  REQUIRE(key.find("gb0059") != std::string::npos);
  auto r = render(case_dir("print_break") / "trace");
  const std::string& idx = r->index();
  CHECK(count_of(idx, "<tr class=\"site\">") == 1);
  size_t row = idx.find("<tr class=\"site\">");
  std::string site = idx.substr(row, idx.find("</tr>", row) - row);
  CHECK(site.find("/home/user/zoo/models.py:152") != std::string::npos);
  CHECK(site.find("Failed to trace builtin operator") != std::string::npos);
  CHECK(site.find("`print`") != std::string::npos);  // the explanation names print
  CHECK(site.find("<td>gb0059</td>") != std::string::npos);
  CHECK(site.find("<td class=\"count\">" + std::to_string(breaks) + "</td>") != std::string::npos);
  int64_t graphs = tr["stats"]["unique_graphs"].get_int64().value();
  CHECK(idx.find("<b>" + std::to_string(graphs) + "</b>graphs compiled") != std::string::npos);
}

TEST_CASE("recompile_dynamic: the size change, then dtype, then rank, in order") {
  auto r = render(case_dir("recompile_dynamic") / "trace");
  const std::string& idx = r->index();
  size_t size = idx.find("x: size[0] 4 -&gt; 8");
  size_t dtype = idx.find("x: dtype float32 -&gt; float16");
  size_t rank = idx.find("x: rank (number of dims) 2 -&gt; 3");
  REQUIRE(size != std::string::npos);
  REQUIRE(dtype != std::string::npos);
  REQUIRE(rank != std::string::npos);
  CHECK(size < dtype);
  CHECK(dtype < rank);
  // The recompile's own page explains it too.
  CHECK(r->sink.at("c/1.html").find("Why this recompiled") != std::string::npos);
}

TEST_CASE("recompile_limit: the fallback at the limit") {
  simdjson::dom::parser jp;
  auto tr = truth(jp, "recompile_limit");
  int64_t total = tr["frames"]["total"].get_int64().value(), ok = tr["frames"]["ok"].get_int64().value();
  REQUIRE(total - ok == 1);  // torch: one frame call was not compiled
  auto r = render(case_dir("recompile_limit") / "trace");
  const std::string& idx = r->index();
  CHECK(idx.find("recompile limit hit: falls back to eager") != std::string::npos);
  // The flag sits on the last compile of the chain, [0/8].
  size_t last = idx.find(">[0/8]</a>");
  REQUIRE(last != std::string::npos);
  std::string li = idx.substr(last, idx.find("</li>", last) - last);
  CHECK(li.find("recompile limit reached") != std::string::npos);
  CHECK(idx.find("<b>1</b>recompile-limit fallbacks") != std::string::npos);
  CHECK(count_of(idx, "<span class=\"arrow\">&rarr;</span>") == static_cast<size_t>(total - 1));
}

TEST_CASE("compile_failure: a BackendCompilerFailed row") {
  auto r = render(case_dir("compile_failure") / "trace");
  const std::string& idx = r->index();
  size_t t = idx.find("id=\"failures-table\"");
  REQUIRE(t != std::string::npos);
  std::string table = idx.substr(t, idx.find("</table>", t) - t);
  CHECK(table.find("<td>BackendCompilerFailed</td>") != std::string::npos);
  CHECK(table.find("bad_backend") != std::string::npos);
  CHECK(table.find("href=\"c/0.html\"") != std::string::npos);
  CHECK(r->sink.at("c/0.html").find("BackendCompilerFailed") != std::string::npos);
}

TEST_CASE("ddp_nccl_2ranks_nanogpt: DDPOptimizer's split on the landing and the compile page, not as graph breaks" * doctest::test_suite("needs_shared")) {
  auto r = render(testing::shared_testdata() / "torch-2.11" / "ddp_nccl_2ranks_nanogpt" / "trace");
  const std::string words = "DDPOptimizer split this graph into 4 subgraphs at bucket boundaries (not graph breaks)";
  const std::string& idx = r->index();
  REQUIRE(idx.find("id=\"ddp-splits\"") != std::string::npos);
  CHECK(count_of(idx, words) == 2);  // one per rank
  int pages = 0;
  for (size_t ci = 0; ci < r->t.model.compiles.size(); ++ci) {
    const std::string& page = r->sink.at("c/" + std::to_string(ci) + ".html");
    if (page.find(words) == std::string::npos) continue;
    ++pages;
    // One row per subgraph, each with a forward and a backward runtime estimate in readable units.
    for (int k = 0; k < 4; ++k) CHECK(page.find("<code>submod_" + std::to_string(k) + "</code>") != std::string::npos);
    CHECK(count_of(page, " ns <span") == 8);
  }
  CHECK(pages == 2);
}

TEST_CASE("ddp_gloo_4ranks: no graph on any rank, and why") {
  auto r = render(case_dir("ddp_gloo_4ranks") / "trace");
  const std::string& idx = r->index();
  REQUIRE(r->t.model.graph_count() == 0);
  size_t box = idx.find("id=\"no-graph\"");
  REQUIRE(box != std::string::npos);
  std::string why = idx.substr(box, idx.find("</div>", box) - box);
  CHECK(why.find("No graph was captured on any rank (4 ranks)") != std::string::npos);
  // Why: the break sites that cut every frame, from the trace's graph-break records.
  for (const auto& s : r->t.model.break_sites) {
    CHECK(why.find(s.user_file.substr(s.user_file.rfind('/') + 1) + ":" + std::to_string(s.user_line)) != std::string::npos);
    CHECK(why.find(s.title) != std::string::npos);
  }
  CHECK(why.find("contextlib.py:105") != std::string::npos);
  // Per-rank pages say it too, and the landing lists the 4 ranks.
  CHECK(r->sink.at("rank_2/index.html").find("No graph was captured") != std::string::npos);
  for (int k = 0; k < 4; ++k) CHECK(idx.find("href=\"rank_" + std::to_string(k) + "/index.html\"") != std::string::npos);
  CHECK(count_of(r->sink.at("ranks.html"), "<tr><td><a href=\"rank_") == 4);  // one row per rank, off the landing
}

TEST_CASE("multi_rank_logs: a landing page with per-rank reports and divergence") {
  auto r = render(testing::testdata() / "tlparse-inputs" / "multi_rank_logs");
  const std::string& idx = r->index();
  REQUIRE(r->t.model.ranks.size() == 4);
  CHECK(idx.find("<h2 id=\"ranks\">Ranks: 4</h2>") != std::string::npos);
  for (int k = 0; k < 4; ++k) {
    CHECK(idx.find("href=\"rank_" + std::to_string(k) + "/index.html\"") != std::string::npos);
    CHECK(!r->sink.at("rank_" + std::to_string(k) + "/index.html").empty());
  }
  CHECK(idx.find("id=\"compile-id-groups\"") != std::string::npos);
  // Rank 1 recompiled where others did not (its own trace says so): compile ids diverge.
  CHECK(idx.find("<span class=\"flag\">diverges</span> ranks grouped by the compile ids") != std::string::npos);
  CHECK(idx.find("Diverging compilation ids across ranks") != std::string::npos);
  // A rank page links compile pages at the root.
  CHECK(r->sink.at("rank_1/index.html").find("href=\"../c/") != std::string::npos);
  // A rank page counts its rank's records (one file per rank here), not the whole trace's (issue 13.10).
  for (const auto& f : r->t.model.files) {
    REQUIRE(f.rank_from_name >= 0);
    CAPTURE(f.path);
    const std::string& page = r->sink.at("rank_" + std::to_string(f.rank_from_name) + "/index.html");
    CHECK(page.find(fmt::format("&middot; {} records", f.records)) != std::string::npos);
    CHECK(page.find(fmt::format("&middot; {} records", r->t.model.records)) == std::string::npos);
  }
}

TEST_CASE("a big dynamo graph gets a Graphviz SVG on its compile page") {
  auto r = render(case_dir("hf_gpt2_tiny") / "trace");
  CHECK(r->stats.svgs + r->stats.svg_skipped >= 1);
  bool found = false;
  for (const auto& [path, body] : r->sink.files)
    if (path.rfind("g/", 0) == 0) found |= body.find("<svg") != std::string::npos && body.find("embedding") != std::string::npos;
  CHECK(found);
  CHECK(r->sink.at("c/0.html").find("class=\"graph\"") != std::string::npos);
  CHECK(r->sink.at("c/0.html").find("<span class=\"kw\">def</span>") != std::string::npos);  // highlighted code
}

TEST_CASE("export traces are detected without a flag") {
  // tlparse's export.log holds 7 guard_added and 1 exported_program records (zcat | grep -c).
  auto r = render(testing::testdata() / "tlparse-inputs" / "export.log.gz");
  const std::string& idx = r->index();
  CHECK(idx.find("Export (torch.export) records") != std::string::npos);
  CHECK(idx.find("guard_added &times;7") != std::string::npos);
  CHECK(idx.find("exported_program &times;1") != std::string::npos);
  CHECK(idx.find("ExportedProgram:") != std::string::npos);
  // torch 2.11's export_guards run has no compile ids at all: its shape guard is still shown.
  auto e = render(case_dir("export_guards") / "trace");
  CHECK(e->index().find("No torch.compile frames in this trace") != std::string::npos);
  CHECK(e->index().find("expr=s77 &gt; 4") != std::string::npos);
}

TEST_CASE("ChatGLM3-6B (2860 nodes): the compile page draws the model by module; every layer is a click away") {
  auto dir = testing::shared_testdata() / "realmodels" / "chatglm3" / "real-torch-2.11" / "trace";
  if (!std::filesystem::exists(dir)) return;
  auto r = render(dir);
  const std::string& page = r->sink.at("c/0.html");
  CHECK(page.find("Graph drawing skipped") == std::string::npos);
  CHECK(page.find("Module-level drawing (2860 nodes") != std::string::npos);  // torch's graph_node_count
  REQUIRE(page.find("<svg") != std::string::npos);
  // Follow the links from the compile page's drawing: transformer's boxes, then down to a layer.
  auto link_in = [](const std::string& html, const std::string& box_text) {
    // graphviz writes <a xlink:href="URL" ...> then the box's text; find the box, then its link.
    size_t t = html.find(">" + box_text);
    if (t == std::string::npos) return std::string();
    size_t a = html.rfind("xlink:href=\"", t);
    if (a == std::string::npos) return std::string();
    a += 12;
    return html.substr(a, html.find('"', a) - a);
  };
  // Every module of the graph is a section of one file, g/<hash>.html#m<signature>; a link inside
  // that file is "#m<signature>".
  std::string enc = link_in(page, "transformer.encoder<");
  REQUIRE(enc.rfind("../g/", 0) == 0);
  size_t hash_at = enc.find('#');
  REQUIRE(hash_at != std::string::npos);
  const std::string file = enc.substr(3, hash_at - 3);
  const std::string& all = r->sink.at(file);
  auto section = [&](const std::string& anchor) {
    REQUIRE(anchor.rfind("#m", 0) == 0);
    size_t b = all.find("<section class=\"mod");
    for (; b != std::string::npos; b = all.find("<section class=\"mod", b + 1))
      if (all.compare(all.find(" id=\"", b) + 5, anchor.size(), anchor.substr(1) + "\"") == 0) break;
    REQUIRE(b != std::string::npos);
    return all.substr(b, all.find("</section>", b) - b);
  };
  std::string enc_page = section(enc.substr(hash_at));
  CHECK(enc_page.find("<h1>Module <code>transformer.encoder</code></h1>") != std::string::npos);
  std::string layers_page = section(link_in(enc_page, "layers<"));
  CHECK(layers_page.find("28 x same graph") != std::string::npos);  // one box for the 28 identical layers
  std::string layer_page = section(link_in(layers_page, "0 .. 27"));
  CHECK(layer_page.find("<h1>Module <code>transformer.encoder.layers.0</code></h1>") != std::string::npos);
  CHECK(layer_page.find("28 modules have this same graph") != std::string::npos);
  CHECK(layer_page.find("<code>transformer.encoder.layers.3</code>") != std::string::npos);
  // The layer's attention box leads to the section with layer 0's query_key_value linear.
  std::string attn = section(link_in(layer_page, "self_attention<"));
  CHECK(attn.find("<h1>Module <code>transformer.encoder.layers.0.self_attention</code></h1>") != std::string::npos);
  // The model's section is the file's default (shown with no #fragment): the last one.
  CHECK(all.rfind("<section class=\"mod root\"") == all.rfind("<section class=\"mod"));
  CHECK(all.find("data-title=\"Module transformer.encoder.layers.0.self_attention\"") != std::string::npos);
  CHECK(attn.find("query_key_value") != std::string::npos);
}

TEST_CASE("multi_rank_schedule: tlparse's collective-schedule landing facts") {
  // Hand-derived from the three logs (zcat | grep -A8 inductor_collective_schedule): rank_0 and
  // rank_2 schedule all_reduce_, wait, all_gather, reduce_scatter, wait, wait in graph 0/0; rank_1
  // all_reduce_, wait, all_gather, wait. Every file's records say rank 0.
  auto r = render(testing::testdata() / "tlparse-inputs" / "multi_rank_schedule");
  const std::string& idx = r->index();
  CHECK(idx.find("<h2 id=\"ranks\">Ranks: 3</h2>") != std::string::npos);
  size_t p = idx.find("id=\"first-divergence\"");
  REQUIRE(p != std::string::npos);
  std::string div = idx.substr(p, idx.find("</p>", p) - p);
  CHECK(div.find("graph <code>0/0</code>") != std::string::npos);
  CHECK(div.find("position 3") != std::string::npos);
  CHECK(div.find("reduce_scatter_tensor.default</code>, rank <a href=\"rank_1/index.html\">1</a> issue") != std::string::npos);
  CHECK(idx.find("the name says rank 1, its records say rank 0") != std::string::npos);
  CHECK(idx.find("the name says rank 2, its records say rank 0") != std::string::npos);
  CHECK(idx.find("id=\"parity\"") != std::string::npos);
  CHECK(idx.find("record_and_log_graph_execution_order") != std::string::npos);
  CHECK(count_of(r->sink.at("ranks.html"), "<tr><td><a href=\"rank_") == 3);
  // The combined compile-event trace: pid = the file name's rank.
  const std::string& ev = r->sink.at("chromium_events.json");
  for (int k = 0; k < 3; ++k) CHECK(ev.find("\"pid\":" + std::to_string(k) + ",") != std::string::npos);
  CHECK(r->sink.files.count("chromium_trace_with_runtime.json") == 0);  // no runtime estimates logged
}

TEST_CASE("machine-readable files written in pieces are the same bytes as written whole") {
  // summary.json, chromium_events.json, compile_directory.json and raw.jsonl are streamed to the
  // sink (they grow with ranks); flushing at every JSON step must not change a byte.
  for (const char* name : {"ddp_gloo_8ranks", "print_break"}) {
    INFO(name);
    auto whole = render(case_dir(name) / "trace");
    size_t saved = JsonWriter::stream_threshold;
    JsonWriter::stream_threshold = 1;
    auto pieces = render(case_dir(name) / "trace");
    JsonWriter::stream_threshold = saved;
    check_report(*pieces, name);
    REQUIRE(whole->sink.files.size() == pieces->sink.files.size());
    for (const char* f : {"summary.json", "chromium_events.json", "compile_directory.json", "raw.jsonl"}) {
      INFO(f);
      CHECK(!whole->sink.at(f).empty());
      CHECK(whole->sink.at(f) == pieces->sink.at(f));
    }
    CHECK(whole->sink.files_written() == pieces->sink.files_written());
  }
}
