// A training loop over transformers' sequence-classification heads (issue 22: real model files in the mode users train
// them): for every type of testdata/hf-population/automodel_train.jsonl (made on the device by
// scripts/device/automodel_train.py: AutoModelForSequenceClassification.from_config on a tiny config in train mode,
// wrapped by torch.compile, each step the compiled forward with labels, then loss.backward(), opt.step(),
// opt.zero_grad() outside it; batches (2, 8) then (2, 12), the loop run eagerly first), the very program the device ran
// (read from that script: its PROGRAM text) runs through the reference compiler with transformers 5.17's own sources,
// and the whole run is compared with torch's counters: frames handed to Dynamo, unique graphs, each graph's op count in
// compile order. The types listed in automodel_train_expected_exact.txt must equal torch; every other type must run
// without crashing (its outcome is counted). TPARSE_HF_AUTOMODEL_DUMP=DIR writes the outcome table there.
#include <doctest/doctest.h>
#include <simdjson.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "hf_population_util.hpp"

namespace fs = std::filesystem;
using tparse::compiler::testing::slurp;
using namespace tparse::compiler::testing::hf;

namespace {

// The device script's PROGRAM (between `PROGRAM = """` and the closing `"""`), @TYPE@ replaced by `type`.
std::string train_program(const std::string& type) {
  const std::string py = slurp(fs::path(TPARSE_TESTDATA).parent_path() / "scripts" / "device" / "automodel_train.py");
  const std::string open = "PROGRAM = \"\"\"";
  const size_t a = py.find(open);
  REQUIRE_MESSAGE(a != std::string::npos, "scripts/device/automodel_train.py has no PROGRAM text");
  const size_t b = py.find("\"\"\"", a + open.size());
  REQUIRE(b != std::string::npos);
  std::string text = py.substr(a + open.size(), b - a - open.size());
  for (size_t at; (at = text.find("@TYPE@")) != std::string::npos;) text.replace(at, 6, type);
  return "BACKEND = \"eager\"\n" + text;
}

}  // namespace

TEST_CASE("transformers population: a training loop over the sequence-classification heads equals torch's counters" *
          doctest::test_suite("needs_shared")) {
  REQUIRE_MESSAGE(fs::exists(tarball()), "../shared is present but the transformers tarball is not");
  auto t0 = std::chrono::steady_clock::now();
  fs::path src = unpack_sources();
  const std::set<std::string> want = listed("automodel_train_expected_exact.txt");
  fs::path script = src.parent_path() / "drivers" / "automodel_train.py";
  fs::create_directories(script.parent_path());
  std::istringstream rows(slurp(population() / "automodel_train.jsonl"));
  std::ofstream dump;
  if (const char* d = std::getenv("TPARSE_HF_AUTOMODEL_DUMP")) dump.open(fs::path(d) / "automodel_train_outcomes.txt");
  WholeRunTally tally;
  simdjson::dom::parser parser;
  for (std::string line; std::getline(rows, line);) {
    simdjson::dom::element rec = parser.parse(simdjson::padded_string(line));
    std::string_view type_sv;
    simdjson::dom::array graph_ops;
    // only loops torch completed: an eager or compiled error on the device leaves nothing to compare
    if (rec["type"].get(type_sv) || rec["graph_ops"].get(graph_ops) || !rec["compiled_error"].error()) continue;
    std::string type(type_sv);
    CAPTURE(type);
    std::ofstream(script) << train_program(type);
    tparse::compiler::Options o;
    o.source_roots = {src.string()};
    auto r = tparse::compiler::compile_script(script.string(), slurp(script), o);
    std::vector<int64_t> theirs_ops;
    for (simdjson::dom::element n : graph_ops) theirs_ops.push_back(int64_t(n));
    const std::string theirs = whole_run_text(int64_t(rec["counters"]["frames"]["total"]),
                                              int64_t(rec["counters"]["stats"]["unique_graphs"]), theirs_ops);
    tally_whole_run(tally, type, theirs, whole_run_ours(r), dump, want, "automodel_train_expected_exact.txt");
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  MESSAGE("a training loop over the sequence-classification heads: " << tally.exact << " of " << tally.tried << " types equal "
          "torch's frames, unique graphs and ops per graph (" << tally.listed_seen << " listed), " << secs << " s");
  CHECK(tally.tried > 0);
  CHECK(tally.listed_seen == want.size());  // a listed type missing from the truth is a stale list
  std::error_code ec;
  fs::remove_all(fs::temp_directory_path() / ("tparse_hfsrc_" + std::to_string(::getpid())), ec);
}
