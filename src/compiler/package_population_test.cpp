// A package population (issue 22: the reference compiler on real model files, measured on a population), one
// executable per package (CMake compiles this file with POP_* definitions): timm (for every module of timm.models
// that registers models, its smallest model; testdata/timm-population) and torchvision (every model that
// torchvision.models registers but the quantized ones; testdata/torchvision-population). Each model's driver
// (<model>/driver.py, ours: built without weights, torch.compile(backend="eager"), two no_grad calls, batch 2 then 3)
// runs through the reference compiler with the package's own source as --source-root: the copy the device ran, read
// in place from $POP_ENV (a folder holding the package; never copied into the repository). Compared with real torch
// 2.11 on the same driver: explain.json (the first call: graphs, breaks, ops per graph in order) and whole_run.json
// / truth.json (the whole run: frames, compiles, graphs, break events, recompiles with reasons, each compile's frame
// and op count). Prints the population table; the models of expected_exact.txt must equal torch on both. Exits 77
// (ctest SKIP) without the source. $POP_ENV_MODELS=a,b limits the run.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>
#include <simdjson.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "analysis/explain/explain.hpp"
#include "api.hpp"
#include "core/ingest.hpp"
#include "core/model/summary.hpp"
#include "core/test_support.hpp"
#include "test_util.hpp"

namespace fs = std::filesystem;
using tparse::compiler::testing::slurp;
using tparse::compiler::testing::norm_addr;
using tparse::compiler::testing::reason_head;

namespace {

fs::path population() { return tparse::testing::testdata() / POP_DIR; }
fs::path pkg_root() {
  const char* env = std::getenv(POP_ENV);
  return fs::path(env ? env : "");
}

std::string str(simdjson::dom::element e) { return std::string(std::string_view(e)); }
std::string triple(int64_t a, int64_t b, int64_t c) { return std::to_string(a) + "/" + std::to_string(b) + "/" + std::to_string(c); }

tparse::compiler::Result compile(const fs::path& dir, int calls) {
  tparse::compiler::Options o;
  o.max_compiled_calls = calls;
  o.source_roots = {pkg_root().string()};
  fs::path driver = dir / "driver.py";
  return tparse::compiler::compile_script(driver.string(), slurp(driver), o);
}

/// One model's row: torch's numbers, ours, and the first difference of each comparison ("" when equal).
struct Row {
  std::string model, real, ours, explain_diff, whole_diff;
};

/// The first call against explain.json: counts, then every graph's call_function ops in order.
std::string explain_diff(const tparse::compiler::Result& r, simdjson::dom::element ex, Row& row) {
  if (!r.ok || r.stopped) return "stopped: " + r.error.substr(0, r.error.find('\n'));
  tparse::analysis::ExplainOptions eo;
  eo.all_calls = true;  // the trace holds exactly the first call
  auto e = tparse::analysis::explain_trace(tparse::load_trace_text(r.trace, POP_PKG), eo);
  row.ours = triple(e.graph_count, e.graph_break_count, e.op_count);
  if (row.ours != triple(int64_t(ex["graph_count"]), int64_t(ex["graph_break_count"]), int64_t(ex["op_count"]))) return "counts differ";
  simdjson::dom::array opg = ex["ops_per_graph"];
  if (opg.size() != e.graphs.size()) return "graphs with ops differ";
  size_t g = 0;
  for (simdjson::dom::element ops : opg) {
    std::vector<std::string> theirs, mine;
    for (simdjson::dom::element op : ops.get_array()) theirs.push_back(norm_addr(str(op)));
    for (const auto& op : e.graphs[g].ops.call_functions) mine.push_back(norm_addr(op));
    for (size_t i = 0; i < std::max(theirs.size(), mine.size()); ++i)
      if (i >= theirs.size() || i >= mine.size() || theirs[i] != mine[i])
        return "graph " + std::to_string(g) + " op " + std::to_string(i) + ": ours " + (i < mine.size() ? mine[i] : "-") +
               ", torch " + (i < theirs.size() ? theirs[i] : "-");
    ++g;
  }
  return "";
}

/// The whole run (both calls) against whole_run.json and truth.json.
std::string whole_diff(const tparse::compiler::Result& r, simdjson::dom::element w, simdjson::dom::element truth) {
  if (!r.ok || r.stopped) return "stopped: " + r.error.substr(0, r.error.find('\n'));
  tparse::LoadedTrace t = tparse::load_trace_text(r.trace, POP_PKG);
  tparse::Totals a = tparse::compute_totals(t.model);
  std::ostringstream d;
  auto tot = [&](const char* what, int64_t mine, int64_t theirs) {
    if (d.tellp() == 0 && mine != theirs) d << what << " " << mine << " (torch " << theirs << ")";
  };
  tot("frames", a.frames, int64_t(w["totals"]["frames"]));
  tot("compiles", a.compiles, int64_t(w["totals"]["compiles"]));
  tot("graphs", a.graphs, int64_t(w["totals"]["graphs"]));
  tot("break events", a.break_events, int64_t(w["break_events"]));
  tot("recompiles", a.recompiles, int64_t(w["totals"]["recompiles"]));
  tot("failures", a.failures, int64_t(w["totals"]["failures"]));
  tot("unique graphs", a.graphs, int64_t(truth["stats"]["unique_graphs"]));
  tot("frames converted", a.compiles, int64_t(truth["frames"]["total"]));
  if (d.tellp() != 0) return d.str();
  size_t i = 0;
  if (simdjson::dom::array(w["compiles"]).size() != t.model.compiles.size()) return "compiles in the trace differ";
  for (simdjson::dom::element c : simdjson::dom::array(w["compiles"])) {
    const auto& mine = t.model.compiles[i];
    std::string frame = mine.frame >= 0 ? t.model.frames[static_cast<size_t>(mine.frame)].name : "?";
    if (frame != str(c["frame"])) return "compile " + std::to_string(i) + ": frame " + frame + " (torch " + str(c["frame"]) + ")";
    if (c["graph_op_count"].is_int64() && (!mine.metrics || mine.metrics->graph_op_count != int64_t(c["graph_op_count"])))
      return "compile " + std::to_string(i) + ": graph ops " + (mine.metrics ? std::to_string(mine.metrics->graph_op_count) : "-") +
             " (torch " + std::to_string(int64_t(c["graph_op_count"])) + ")";
    ++i;
  }
  i = 0;
  if (simdjson::dom::array(w["recompiles"]).size() != t.model.recompiles.size()) return "recompiles in the trace differ";
  for (simdjson::dom::element rc : simdjson::dom::array(w["recompiles"])) {
    simdjson::dom::array reasons = rc["reasons"];
    const auto& mine = t.model.recompiles[i].reasons;
    size_t k = 0;
    for (simdjson::dom::element x : reasons) {
      if (k >= mine.size() || reason_head(mine[k].text) != reason_head(str(x)))
        return "recompile " + std::to_string(i) + " reason: ours " + (k < mine.size() ? reason_head(mine[k].text) : "-") +
               ", torch " + reason_head(str(x));
      ++k;
    }
    if (k != mine.size()) return "recompile " + std::to_string(i) + ": " + std::to_string(mine.size()) + " reasons";
    ++i;
  }
  return "";
}

std::set<std::string> listed(const fs::path& file) {
  std::set<std::string> s;
  std::istringstream in(slurp(file));
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') s.insert(line.substr(0, line.find_first_of(" \t")));
  return s;
}

}  // namespace

TEST_CASE(POP_PKG " population from its real source: every model runs; the expected-exact ones equal torch 2.11") {
  auto t0 = std::chrono::steady_clock::now();
  const std::set<std::string> want = listed(population() / "expected_exact.txt");
  std::set<std::string> only;
  if (const char* e = std::getenv(POP_ENV "_MODELS")) {
    std::istringstream in(e);
    for (std::string t; std::getline(in, t, ',');) only.insert(t);
  }
  std::vector<std::string> models;
  for (const auto& d : fs::directory_iterator(population()))
    if (d.is_directory() && fs::exists(d.path() / "explain.json")) models.push_back(d.path().filename());
  std::sort(models.begin(), models.end());
  std::vector<Row> rows;
  int exact = 0;
  for (const auto& model : models) {
    if (!only.empty() && !only.count(model)) continue;
    fs::path dir = population() / model;
    simdjson::dom::parser ep, wp, tp;
    simdjson::dom::element ex = ep.parse(simdjson::padded_string(slurp(dir / "explain.json")));
    simdjson::dom::element w = wp.parse(simdjson::padded_string(slurp(dir / "whole_run.json")));
    simdjson::dom::element truth = tp.parse(simdjson::padded_string(slurp(dir / "truth.json")));
    Row row{model, triple(int64_t(ex["graph_count"]), int64_t(ex["graph_break_count"]), int64_t(ex["op_count"])) + "; " +
                       std::to_string(int64_t(w["totals"]["compiles"])) + " compiles, " + std::to_string(int64_t(w["totals"]["graphs"])) + " graphs",
            "", "", ""};
    row.explain_diff = explain_diff(compile(dir, 1), ex, row);
    auto whole = compile(dir, 0);
    row.whole_diff = whole_diff(whole, w, truth);
    if (whole.ok && !whole.stopped) {
      tparse::Totals a = tparse::compute_totals(tparse::load_trace_text(whole.trace, model).model);
      row.ours += "; " + std::to_string(a.compiles) + " compiles, " + std::to_string(a.graphs) + " graphs";
    }
    bool same = row.explain_diff.empty() && row.whole_diff.empty();
    exact += same;
    if (want.count(model)) {
      CAPTURE(model);
      CHECK_MESSAGE(row.explain_diff.empty(), model << " (expected exact), first call: " << row.explain_diff);
      CHECK_MESSAGE(row.whole_diff.empty(), model << " (expected exact), whole run: " << row.whole_diff);
    } else if (same) {
      MESSAGE(model << " equals torch 2.11 but is not listed in expected_exact.txt");
    }
    rows.push_back(row);
  }
  std::ostringstream table;
  table << "model | real explain g/b/ops; whole run | ours | verdict\n";
  for (const auto& r : rows)
    table << r.model << " | " << r.real << " | " << r.ours << " | "
          << (r.explain_diff.empty() && r.whole_diff.empty() ? "exact"
              : !r.explain_diff.empty()                        ? "first call: " + r.explain_diff.substr(0, 160)
                                                               : "whole run: " + r.whole_diff.substr(0, 160))
          << "\n";
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  MESSAGE(POP_PKG " population (torch 2.11):\n" << table.str() << exact << " of " << rows.size()
                                            << " models equal torch op by op and over the whole run (" << want.size()
                                            << " expected), " << secs << " s");
  CHECK(!rows.empty());
  for (const auto& e : want) CHECK_MESSAGE(fs::is_directory(population() / e), "expected_exact.txt names " << e);
}

int main(int argc, char** argv) {
  if (pkg_root().empty() || !fs::exists(pkg_root() / POP_PKG / "__init__.py")) {
    std::printf("skipped: $%s/%s/__init__.py absent (the package's source is read in place)\n", POP_ENV, POP_PKG);
    return 77;
  }
  doctest::Context ctx;
  ctx.applyCommandLine(argc, argv);
  return ctx.run();
}
