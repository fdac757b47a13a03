// `tparse merge SUMMARY.json... -o DIR`: the reduce step for logs spread over nodes. Each node runs
// `tparse summary --json` on its local TORCH_TRACE (the map step); merge reads those summaries
// (schema 3: they carry the per-rank multi-rank facts), recomputes the multi-rank analyses over all
// ranks and writes DIR/summary.json (totals summed, per-rank arrays concatenated, multi_rank
// recomputed), DIR/index.html (the same multi-rank landing facts as a report over all logs) and
// DIR/chromium_trace_with_runtime.json (graph-level estimates). docs/distributed.md.
#include <fmt/format.h>
#include <simdjson.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "analysis/ranks/multirank.hpp"
#include "cli_common.hpp"
#include "commands.hpp"
#include "core/json_writer.hpp"
#include "core/model/summary.hpp"
#include "report/html.hpp"
#include "report/sections/section_multirank.hpp"
#include "report_common.hpp"

namespace tparse::cli {

namespace {

namespace fs = std::filesystem;
using namespace simdjson;

bool read_file(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

/// Sums the numbers of `src` into `acc` (nested objects by key).
void add_numbers(std::map<std::string, double>& acc, dom::object o, const std::string& prefix) {
  for (auto f : o) {
    std::string k = prefix + std::string(f.key);
    double d;
    int64_t i;
    dom::object sub;
    if (!f.value.get_object().get(sub)) add_numbers(acc, sub, k + ".");
    else if (!f.value.get_int64().get(i)) acc[k] += static_cast<double>(i);
    else if (!f.value.get_double().get(d)) acc[k] += d;
  }
}

void write_numbers(JsonWriter& w, const std::map<std::string, double>& acc, const std::string& prefix) {
  w.begin_object();
  std::vector<std::string> subs;
  for (const auto& [k, v] : acc) {
    if (k.compare(0, prefix.size(), prefix) != 0) continue;
    std::string rest = k.substr(prefix.size());
    size_t dot = rest.find('.');
    if (dot == std::string::npos) {
      if (rest.size() > 2 && rest.compare(rest.size() - 2, 2, "_s") == 0) w.kv(rest, v);
      else w.kv(rest, static_cast<int64_t>(v));
    } else if (std::find(subs.begin(), subs.end(), rest.substr(0, dot)) == subs.end()) {
      subs.push_back(rest.substr(0, dot));
      w.key(subs.back());
      write_numbers(w, acc, prefix + subs.back() + ".");
    }
  }
  w.end_object();
}

void add_merge(CLI::App& app, Exit& exit) {
  auto* sub = app.add_subcommand("merge", "Merge per-node `summary --json` files into one multi-rank summary and landing page");
  auto inputs = std::make_shared<std::vector<std::string>>();
  auto out = std::make_shared<std::string>("tparse_merged");
  auto overwrite = std::make_shared<bool>(false);
  sub->add_option("summaries", *inputs, "summary.json files written by `tparse summary --json` (schema 3)")->required();
  sub->add_option("-o,--output", *out, "Output directory (default: tparse_merged)");
  sub->add_flag("--overwrite", *overwrite, "Write into a non-empty output directory");
  sub->callback([inputs, out, overwrite, &exit] {
    std::vector<multirank::RankFacts> facts;
    std::vector<multirank::NameMismatch> mism;
    std::map<std::string, double> totals;
    std::vector<std::string> keep[6];  // raw elements of the concatenated arrays
    static const char* kArrays[6] = {"inputs", "ranks", "processes", "frames", "recompiles", "failures"};
    std::map<std::string, double> diag_counts;
    dom::parser parser;
    for (const auto& path : *inputs) {
      std::string text, err;
      if (!read_file(path, text)) {
        fmt::print(stderr, "tparse merge: cannot read {}\n", path);
        exit.code = 2;
        return;
      }
      if (!multirank::read_rank_facts(text, facts, mism, err)) {
        fmt::print(stderr, "tparse merge: {}: {}\n", path, err);
        exit.code = 2;
        return;
      }
      dom::element doc;
      padded_string padded(text);
      if (parser.parse(padded).get(doc)) continue;  // read_rank_facts parsed it already
      dom::object t;
      if (!doc["totals"].get_object().get(t)) add_numbers(totals, t, "");
      dom::object dc;
      if (!doc["diagnostics"]["counts"].get_object().get(dc)) add_numbers(diag_counts, dc, "");
      for (int a = 0; a < 6; ++a) {
        dom::array arr;
        if (!doc[kArrays[a]].get_array().get(arr))
          for (auto e : arr) keep[a].push_back(minify(e));
      }
    }
    std::stable_sort(facts.begin(), facts.end(), [](auto& a, auto& b) { return a.rank < b.rank; });
    for (size_t i = 1; i < facts.size(); ++i)
      if (facts[i].rank == facts[i - 1].rank) {
        fmt::print(stderr, "tparse merge: rank {} is in two summaries ({} and {}): each rank's logs belong to one node\n",
                   facts[i].rank, facts[i - 1].file, facts[i].file);
        exit.code = 2;
        return;
      }
    auto an = multirank::analyze(facts, mism);
    bool created = false;
    if (!prepare_out(*out, *overwrite, &created)) {
      exit.code = 2;
      return;
    }
    JsonWriter w(true);
    w.begin_object().kv("schema", "tparse-summary").kv("schema_version", kSummarySchemaVersion).kv("tool_version", kToolVersion);
    w.key("merged_from").begin_array();
    for (const auto& p : *inputs) w.value(p);
    w.end_array();
    for (int a = 0; a < 6; ++a) {
      if (a == 2) {  // after inputs and ranks: totals, summed over the nodes
        w.key("totals");
        write_numbers(w, totals, "");
      }
      w.key(kArrays[a]).begin_array();
      for (const auto& e : keep[a]) w.raw(e);
      w.end_array();
    }
    w.key("diagnostics").begin_object().key("counts");
    write_numbers(w, diag_counts, "");
    w.end_object();
    w.key("multi_rank");
    multirank::write_json(w, facts, an);
    w.end_object();
    std::string html = report::page_begin("tparse: merged multi-rank summary", "") +
                       fmt::format("<h1>tparse: {} ranks merged from {} node summaries</h1>\n", facts.size(), inputs->size()) +
                       report::multirank_section(facts, an, false) + report::page_end();
    bool ok = write_text((fs::path(*out) / "summary.json").string(), w.take() + "\n") &&
              write_text((fs::path(*out) / "index.html").string(), html);
    if (ok && an.runtime_present)
      ok = write_text((fs::path(*out) / "chromium_trace_with_runtime.json").string(), multirank::runtime_trace_json(facts));
    if (!ok) exit.code = 2;
  });
}

const Registrar reg_merge(12, add_merge);

}  // namespace

}  // namespace tparse::cli
