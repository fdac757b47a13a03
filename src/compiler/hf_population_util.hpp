// What the transformers population tests share (hf_population_test.cpp, hf_dynamic_population_test.cpp,
// hf_train_population_test.cpp, hf_decode_population_test.cpp): where the population's truth lives, transformers 5.17's sources unpacked from
// ../shared's tarball, the AutoModel driver the device scripts run (scripts/device/automodel_common.py), a population
// list's types, a whole run's captured calls and its outcome against torch's (frames / unique graphs / ops per graph),
// and the loop over a device script's program population (run_program_population).
#pragma once

#include <doctest/doctest.h>
#include <simdjson.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "api.hpp"
#include "core/ingest.hpp"
#include "core/model/summary.hpp"
#include "core/test_support.hpp"
#include "tarxz_test_util.hpp"
#include "test_util.hpp"

namespace tparse::compiler::testing::hf {

namespace fs = std::filesystem;

/// A population test takes every row in a release build; a sanitizer build (TPARSE_HF_SAMPLE) takes the fixed sample of
/// one row in `sanitized` (rows 0, n, 2n, ...): ASan / UBSan look for memory errors along the code paths, which a
/// sample covers, while the release build checks every type against torch. (The sanitizer build runs about 5x slower.)
constexpr size_t sample_every([[maybe_unused]] size_t sanitized) {
#ifdef TPARSE_HF_SAMPLE
  return sanitized;
#else
  return 1;
#endif
}

inline fs::path population() { return fs::path(TPARSE_TESTDATA) / "hf-population"; }
/// calls_captured of a whole run as torch's counter sums it: the call nodes of every graph compiled.
inline int64_t whole_run_calls(const std::string& trace) {
  int64_t n = 0;
  for (const auto& c : tparse::load_trace_text(trace, "ours").model.compiles)
    if (c.metrics && c.metrics->graph_op_count > 0) n += c.metrics->graph_op_count;
  return n;
}
inline fs::path tarball() { return tparse::testing::shared_testdata() / "python-corpus" / "transformers-5.17.0-src.tar.xz"; }
// transformers/**/*.py of the tarball under a fresh temporary folder; returns the folder holding transformers/.
inline fs::path unpack_sources() {
  std::string err;
  std::string tar = tparse::compiler::testing::xz_decompress(slurp(tarball()), err);
  REQUIRE_MESSAGE(err.empty(), err);
  auto files = tparse::compiler::testing::tar_files(tar, err);
  REQUIRE_MESSAGE(err.empty(), err);
  fs::path root = fs::temp_directory_path() / ("tparse_hfsrc_" + std::to_string(::getpid())) / "src";
  fs::path base;
  for (const auto& f : files) {
    size_t at = f.path.find("transformers/");
    if (at == std::string::npos || !f.path.ends_with(".py")) continue;
    if (base.empty()) base = root / f.path.substr(0, at);
    fs::path out = root / f.path;
    fs::create_directories(out.parent_path());
    std::ofstream(out, std::ios::binary).write(f.data.data(), static_cast<std::streamsize>(f.data.size()));
  }
  REQUIRE(fs::exists(base / "transformers" / "__init__.py"));
  return base;
}
// The build both AutoModel device scripts make (scripts/device/automodel_build.py, automodel_explain.py; keep in
// step): the type's config with every tiny field it has, AutoModel.from_config(cfg).eval() as `model`.
inline std::string automodel_driver(const std::string& type) {
  return "import torch\nfrom transformers import AutoConfig, AutoModel\ntorch.manual_seed(0)\n"
         "cfg = AutoConfig.for_model('" + type + "')\n"
         "tiny = {'hidden_size': 64, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2, "
         "'intermediate_size': 128, 'vocab_size': 256, 'head_dim': 16, 'max_position_embeddings': 128, "
         "'n_embd': 64, 'n_layer': 2, 'n_head': 4, 'n_positions': 128, 'num_experts': 4, "
         "'num_local_experts': 4, 'num_experts_per_tok': 2, 'd_model': 64, 'num_layers': 2}\n"
         "for k, v in tiny.items():\n    if hasattr(cfg, k):\n        setattr(cfg, k, v)\n"
         "model = AutoModel.from_config(cfg).eval()\n";
}
// timm's source as the device ran it (transformers' DETR family builds its backbone with timm): $TPARSE_TIMM or the
// checkout's .dev/opaque/timm-device (docs/compiler.md, "timm population"), third-party code never in the repository;
// empty where absent (CI): the types that need it are then checked only where it is.
inline std::string timm_root() {
  if (const char* e = std::getenv("TPARSE_TIMM"); e && *e && fs::exists(fs::path(e) / "timm" / "__init__.py")) return e;
  fs::path d = fs::path(TPARSE_TESTDATA).parent_path() / ".dev" / "opaque" / "timm-device";
  return fs::exists(d / "timm" / "__init__.py") ? d.string() : "";
}
// A whole run's outcome as the population tables write it: "frames / unique graphs / [ops per graph]" (frames handed
// to Dynamo, compiled or returned at once; the graphs' call-node counts in compile order, which sum to calls_captured).
inline std::string whole_run_text(int64_t frames, int64_t graphs, const std::vector<int64_t>& ops) {
  std::string s;
  for (int64_t n : ops) s += (s.empty() ? "" : ",") + std::to_string(n);
  return std::to_string(frames) + " / " + std::to_string(graphs) + " / [" + s + "]";
}
// The exception class a failed run raised: torch's compiled_error ("TorchRuntimeError: ...") or the reference
// compiler's error ("...: error: uncaught TorchRuntimeError: ..."); empty when neither.
inline std::string raised_class(std::string_view err) {
  if (size_t u = err.find("uncaught "); u != std::string_view::npos) err = err.substr(u + 9);
  const size_t colon = err.find(':');
  return colon == std::string_view::npos ? std::string() : std::string(err.substr(0, colon));
}
// The reference compiler's side of it ("stopped: <first line of the error>" when the run did not finish). A run that
// ends with the exception `raises` names (the one torch's compile raised: compiled_error) is compared as torch's is:
// the class, then the whole run up to it.
inline std::string whole_run_ours(const tparse::compiler::Result& r, const std::string& raises = "") {
  const bool raised_same = !raises.empty() && !r.ok && raised_class(r.error) == raises && !r.trace.empty();
  if ((!r.ok || r.stopped) && !raised_same) return "stopped: " + r.error.substr(0, r.error.find('\n'));
  auto loaded = tparse::load_trace_text(r.trace, "ours");
  tparse::Totals a = tparse::compute_totals(loaded.model);
  std::vector<int64_t> ops;
  // (each compile that handed the backend a graph, an empty one too: torch's graph_ops lists what its backend got)
  for (const auto& c : loaded.model.compiles)
    if (c.metrics && (c.metrics->graph_op_count > 0 || (c.graph_artifact >= 0 && c.metrics->graph_op_count == 0)))
      ops.push_back(c.metrics->graph_op_count);
  return (raised_same ? "raises " + raises + " after " : "") + whole_run_text(r.frames_total, a.graphs, ops);
}
// A population's tally of whole runs: each type compared is counted, its outcome line written to `dump` (when open),
// and a type listed in `want` (the list file `list_file`) must equal torch. Returns whether it does.
struct WholeRunTally {
  size_t tried = 0, exact = 0, listed_seen = 0;
};
inline bool tally_whole_run(WholeRunTally& t, const std::string& type, const std::string& theirs, const std::string& ours,
                            std::ofstream& dump, const std::set<std::string>& want, const std::string& list_file) {
  const bool same = ours == theirs;
  ++t.tried;
  t.exact += same;
  if (dump.is_open()) dump << type << "\t" << theirs << "\t" << ours << "\t" << (same ? "exact" : "differs") << "\n";
  if (want.count(type)) {
    ++t.listed_seen;
    CHECK_MESSAGE(same, type << " is listed in " << list_file << " but differs from torch: ours " << ours << ", torch " << theirs
                             << " (frames / unique graphs / ops per graph)");
  }
  return same;
}
// A file of testdata/hf-population/, or its .xz (the larger JSONL records are kept compressed)
inline std::string population_text(const std::string& file) {
  const fs::path p = population() / file;
  if (fs::exists(p) || !fs::exists(fs::path(p.string() + ".xz"))) return slurp(p);
  std::string err;
  std::string text = tparse::compiler::testing::xz_decompress_file(p.string() + ".xz", err);
  if (!err.empty()) throw std::runtime_error(p.string() + ".xz: " + err);
  return text;
}
// The first word of each line of a population list (`type reason...`; `#` lines are comments).
inline std::set<std::string> listed(const std::string& file) {
  std::set<std::string> s;
  std::istringstream in(slurp(population() / file));
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') s.insert(line.substr(0, line.find(' ')));
  return s;
}

// A device script of scripts/device/ (automodel_train.py, automodel_decode.py), read as text.
inline std::string device_script(const std::string& name) {
  return slurp(fs::path(TPARSE_TESTDATA).parent_path() / "scripts" / "device" / name);
}
// The triple-quoted literal `var = """..."""` of a device script's text (a population's program text).
inline std::string triple_quoted(const std::string& py, const std::string& var, const std::string& script) {
  const std::string open = "\n" + var + " = \"\"\"";
  const size_t a = py.find(open);
  REQUIRE_MESSAGE(a != std::string::npos, "scripts/device/" << script << " has no " << var << " text");
  const size_t b = py.find("\"\"\"", a + open.size());
  REQUIRE(b != std::string::npos);
  return py.substr(a + open.size(), b - a - open.size());
}
inline void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size()) text.replace(at, from.size(), to);
}

// A program population: every row of testdata/hf-population/<stem>.jsonl (made on the device by a script whose
// run_program ran `program(type)` with a counting backend) whose program torch completed runs through the reference
// compiler with transformers 5.17's own sources, and the whole run is compared with torch's counters (frames handed to
// Dynamo, unique graphs, each graph's op count in compile order). The types of <stem>_expected_exact.txt must equal
// torch; every other type must run without crashing (its outcome is counted). TPARSE_HF_AUTOMODEL_DUMP=DIR writes the
// outcome table there as <stem>_outcomes.txt. `program` gets the type; the backend function the device used is
// prepended (a string backend's first lookup would import torch's backend registry, which evicts typing's Union cache).
inline void run_program_population(const std::string& stem, const std::function<std::string(const std::string&)>& program,
                                   const std::string& what, size_t sanitized_every) {
  REQUIRE_MESSAGE(fs::exists(tarball()), "../shared is present but the transformers tarball is not");
  auto t0 = std::chrono::steady_clock::now();
  fs::path src = unpack_sources();
  const std::string list = stem + "_expected_exact.txt";
  const std::set<std::string> want = listed(list);
  fs::path script = src.parent_path() / "drivers" / (stem + ".py");
  fs::create_directories(script.parent_path());
  std::istringstream rows(population_text(stem + ".jsonl"));
  std::ofstream dump;
  if (const char* d = std::getenv("TPARSE_HF_AUTOMODEL_DUMP")) dump.open(fs::path(d) / (stem + "_outcomes.txt"));
  WholeRunTally tally;
  simdjson::dom::parser parser;
  const size_t every = sample_every(sanitized_every);  // all rows; a fixed sample under a sanitizer
  size_t row = 0;
  for (std::string line; std::getline(rows, line);) {
    simdjson::dom::element rec = parser.parse(simdjson::padded_string(line));
    std::string_view type_sv;
    simdjson::dom::array graph_ops;
    // an eager error on the device leaves nothing to compare (no graph_ops); a program torch's compile failed on
    // (compiled_error) is compared by the exception that left torch.compile and the whole run up to it
    if (rec["type"].get(type_sv) || rec["graph_ops"].get(graph_ops)) continue;
    std::string_view compiled_error;
    const std::string raises = rec["compiled_error"].get(compiled_error) ? std::string() : raised_class(compiled_error);
    if (row++ % every != 0) continue;
    std::string type(type_sv);
    CAPTURE(type);
    const std::string text = program(type);
    std::string_view ran;  // the program the device ran is the one run here (the script's text has not drifted)
    if (!rec["program"].get(ran)) CHECK_MESSAGE(ran == text, stem << ": the device ran another program than the script's text");
    std::ofstream(script) << "def BACKEND(gm, example_inputs):\n    return gm.forward\n\n\n" << text;
    tparse::compiler::Options o;
    o.source_roots = {src.string()};
    auto r = tparse::compiler::compile_script(script.string(), slurp(script), o);
    std::vector<int64_t> theirs_ops;
    for (simdjson::dom::element n : graph_ops) theirs_ops.push_back(int64_t(n));
    int64_t graphs = 0;  // (no graph compiled before a failure: torch's counters have no stats at all)
    if (int64_t g = 0; !rec["counters"]["stats"]["unique_graphs"].get(g)) graphs = g;
    const std::string theirs = (raises.empty() ? "" : "raises " + raises + " after ") +
                               whole_run_text(int64_t(rec["counters"]["frames"]["total"]), graphs, theirs_ops);
    tally_whole_run(tally, type, theirs, whole_run_ours(r, raises), dump, want, list);
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  MESSAGE(what << ": " << tally.exact << " of " << tally.tried << " types equal torch's frames, unique graphs and ops per graph ("
               << tally.listed_seen << " listed), " << secs << " s");
  CHECK(tally.tried > 0);
  if (every == 1) CHECK(tally.listed_seen == want.size());  // a listed type missing from the truth is a stale list
  std::error_code ec;
  fs::remove_all(fs::temp_directory_path() / ("tparse_hfsrc_" + std::to_string(::getpid())), ec);
}

}  // namespace tparse::compiler::testing::hf
