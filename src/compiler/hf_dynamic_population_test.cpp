// The whole run of transformers' base models, two calls whose second input has another size (issue 22: dynamic
// shapes on many architectures): for every type of testdata/hf-population/automodel_dynamic.jsonl (made on the device
// by scripts/device/automodel_dynamic.py: AutoModel.from_config on a tiny config, input_ids (1, 8) then (1, 12),
// pixel_values batch 1 then 2, audio then 1.5 times as long, under torch.compile), the same driver runs through the
// reference compiler with transformers 5.17's own sources, and its result is compared with torch's counters: frames
// handed to Dynamo (frames.total, compiled or returned at once: Result::frames_total), unique graphs, and each graph's
// op count in compile order (their sum is calls_captured).
// The types listed in automodel_dynamic_expected_exact.txt must equal torch on all three; every other type must run
// without crashing (its outcome is counted). TPARSE_HF_AUTOMODEL_DUMP=DIR writes the outcome table there.
#include <doctest/doctest.h>
#include <simdjson.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "api.hpp"
#include "hf_population_util.hpp"

namespace fs = std::filesystem;
using tparse::compiler::testing::slurp;
using namespace tparse::compiler::testing::hf;

namespace {

std::string shape_text(simdjson::dom::array dims) {
  std::string s = "(";
  for (simdjson::dom::element d : dims) s += std::to_string(int64_t(d)) + ", ";
  return s + ")";
}

// The two calls of the device's run: each record's "inputs" is a list of {name: shape}; tensors as the device made
// them (randint for ids, randn otherwise). The device calls the model eagerly with both first (scripts/device/
// automodel_dynamic.py), so state a forward changes is changed before the compile (big_bird's attention type, set to
// original_full by its first short input).
std::string calls_text(simdjson::dom::array inputs) {
  auto one = [&](const char* callee) {
    std::string s;
    for (simdjson::dom::element call : inputs) {
      s += std::string("    ") + callee + "(";
      for (auto [name, dims] : call.get_object()) {
        std::string n(name);
        s += n + "=" + (n == "input_ids" ? "torch.randint(0, 256, " : "torch.randn(*") + shape_text(dims.get_array()) + "), ";
      }
      s += ")\n";
    }
    return s;
  };
  return "with torch.no_grad():\n" + one("model") + "cm = torch.compile(model, backend=\"eager\")\nwith torch.no_grad():\n" + one("cm");
}

}  // namespace

TEST_CASE("transformers population: AutoModel's whole run over two input sizes equals torch's counters" *
          doctest::test_suite("needs_shared")) {
  REQUIRE_MESSAGE(fs::exists(tarball()), "../shared is present but the transformers tarball is not");
  auto t0 = std::chrono::steady_clock::now();
  fs::path src = unpack_sources();
  const std::set<std::string> want = listed("automodel_dynamic_expected_exact.txt");
  // types whose model builds its backbone with timm: exact with timm's source as a source root, checked where it is
  const std::set<std::string> want_timm = listed("automodel_dynamic_expected_exact_timm.txt");
  const std::string timm = timm_root();
  const size_t every = sample_every(20);  // all rows; a fixed sample under a sanitizer
  fs::path script = src.parent_path() / "drivers" / "automodel_dynamic.py";
  fs::create_directories(script.parent_path());
  std::istringstream rows(population_text("automodel_dynamic.jsonl"));
  std::ofstream dump;
  if (const char* d = std::getenv("TPARSE_HF_AUTOMODEL_DUMP")) dump.open(fs::path(d) / "automodel_dynamic_outcomes.txt");
  size_t row = 0;
  WholeRunTally tally;
  simdjson::dom::parser parser;
  for (std::string line; std::getline(rows, line);) {
    simdjson::dom::element rec = parser.parse(simdjson::padded_string(line));
    std::string_view type_sv;
    simdjson::dom::array inputs, graph_ops;
    // only runs torch completed: an eager or compiled error on the device leaves nothing to compare
    if (rec["type"].get(type_sv) || rec["inputs"].get(inputs) || rec["graph_ops"].get(graph_ops) || !rec["compiled_error"].error()) continue;
    if (row++ % every != 0) continue;
    std::string type(type_sv);
    CAPTURE(type);
    std::ofstream(script) << automodel_driver(type) << calls_text(inputs);
    tparse::compiler::Options o;
    o.source_roots = {src.string()};
    if (!timm.empty()) o.source_roots.push_back(timm);
    auto r = tparse::compiler::compile_script(script.string(), slurp(script), o);
    std::vector<int64_t> theirs_ops;
    for (simdjson::dom::element n : graph_ops) theirs_ops.push_back(int64_t(n));
    const int64_t theirs_frames = int64_t(rec["counters"]["frames"]["total"]);
    const int64_t theirs_graphs = int64_t(rec["counters"]["stats"]["unique_graphs"]);
    const std::string theirs = whole_run_text(theirs_frames, theirs_graphs, theirs_ops);
    const std::string ours = whole_run_ours(r);
    const bool same = tally_whole_run(tally, type, theirs, ours, dump, want, "automodel_dynamic_expected_exact.txt");
    if (want_timm.count(type)) {
      if (timm.empty()) {
        MESSAGE("not checked: " << type << " (needs timm's source: TPARSE_TIMM or .dev/opaque/timm-device, absent here)");
      } else {
        ++tally.listed_seen;
        CHECK_MESSAGE(same, type << " is listed in automodel_dynamic_expected_exact_timm.txt but differs from torch: ours " << ours
                                  << ", torch " << theirs << " (frames / unique graphs / ops per graph)");
      }
    }
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  MESSAGE("AutoModel's whole run over two input sizes: " << tally.exact << " of " << tally.tried << " types equal torch's frames, "
          "unique graphs and ops per graph (" << tally.listed_seen << " listed), " << secs << " s");
  CHECK(tally.tried > 0);
  std::error_code ec;
  fs::remove_all(fs::temp_directory_path() / ("tparse_hfsrc_" + std::to_string(::getpid())), ec);
}
