// A training loop over transformers' task heads (issue 22: real model files in the mode users train them): for every
// type of testdata/hf-population/automodel_train<suffix>.jsonl (made on the device by scripts/device/automodel_train.py:
// AutoModelFor<Head>.from_config on a tiny config in train mode, wrapped by torch.compile, each step the compiled
// forward with labels, then loss.backward(), opt.step(), opt.zero_grad() outside it; batches (2, 8) then (2, 12), the
// loop run eagerly first; heads: sequence classification, causal LM, token classification, masked LM, and the whole
// step compiled; question answering and multiple choice with their own call arguments), the very program the device ran (read from that script: its PROGRAM / PROGRAM_STEP text and HEADS
// table, with a backend function as the device's) runs through the reference compiler
// with transformers 5.17's own sources, and the whole run is compared with torch's counters: frames handed to Dynamo,
// unique graphs, each graph's op count in compile order. The types listed in automodel_train<suffix>_expected_exact.txt
// must equal torch; every other type must run without crashing (its outcome is counted). TPARSE_HF_AUTOMODEL_DUMP=DIR
// writes the outcome tables there.
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

// One head of the device script's HEADS table: `"name": ("ModelClass", "labels expression", "file suffix"[, "the call's
// arguments", "num_labels"]),` (the script's CALL and "3" where a head leaves them out).
struct Head {
  std::string cls, labels, suffix, call, num_labels;
};

std::string device_script() {
  return slurp(fs::path(TPARSE_TESTDATA).parent_path() / "scripts" / "device" / "automodel_train.py");
}

Head head_of(const std::string& name) {
  const std::string py = device_script();
  const size_t at = py.find("    \"" + name + "\": (");
  REQUIRE_MESSAGE(at != std::string::npos, "scripts/device/automodel_train.py's HEADS has no " << name);
  std::vector<std::string> quoted;
  size_t i = py.find('(', at) + 1;
  for (;;) {  // quoted strings separated by commas and white space, up to the tuple's `)`
    while (i < py.size() && (py[i] == ' ' || py[i] == '\n' || py[i] == ',')) ++i;
    if (i >= py.size() || py[i] != '"') break;
    const size_t b = py.find('"', i + 1);
    REQUIRE(b != std::string::npos);
    quoted.push_back(py.substr(i + 1, b - i - 1));
    i = b + 1;
  }
  REQUIRE_MESSAGE((i < py.size() && py[i] == ')' && quoted.size() >= 3 && quoted.size() <= 5),
                  "HEADS[" << name << "] is not three to five quoted strings");
  const size_t c = py.find("\nCALL = \"");
  REQUIRE_MESSAGE(c != std::string::npos, "scripts/device/automodel_train.py has no CALL");
  const size_t c0 = c + 9, c1 = py.find('"', c0);
  quoted.resize(5);
  if (quoted[3].empty()) quoted[3] = py.substr(c0, c1 - c0);
  if (quoted[4].empty()) quoted[4] = "3";
  return {quoted[0], quoted[1], quoted[2], quoted[3], quoted[4]};
}

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size()) text.replace(at, from.size(), to);
}

// The device script's PROGRAM (between `PROGRAM = """` and the closing `"""`; PROGRAM_STEP for a `_step` head), as its
// program(type, head) fills it.
std::string train_program(const std::string& type, const std::string& name, const Head& head) {
  const std::string py = device_script();
  const std::string open = "PROGRAM = \"\"\"";
  const size_t a = py.find(open);
  REQUIRE_MESSAGE(a != std::string::npos, "scripts/device/automodel_train.py has no PROGRAM text");
  const size_t b = py.find("\"\"\"", a + open.size());
  REQUIRE(b != std::string::npos);
  std::string text = py.substr(a + open.size(), b - a - open.size());
  if (name.ends_with("_step")) {  // PROGRAM_STEP: PROGRAM up to its torch.compile line, then its own literal tail
    const size_t at = py.find("PROGRAM_STEP = PROGRAM[:PROGRAM.index(\"cm = torch.compile\")] + \"\"\"");
    REQUIRE_MESSAGE(at != std::string::npos, "scripts/device/automodel_train.py has no PROGRAM_STEP of that form");
    const size_t t0 = py.find("\"\"\"", at) + 3, t1 = py.find("\"\"\"", t0);
    REQUIRE(t1 != std::string::npos);
    const size_t cut = text.find("cm = torch.compile");
    REQUIRE(cut != std::string::npos);
    text = text.substr(0, cut) + py.substr(t0, t1 - t0);
  }
  replace_all(text, "@TYPE@", type);
  replace_all(text, "@HEAD@", head.cls);
  replace_all(text, "@LABELS@", head.labels);
  replace_all(text, "@CALL@", head.call);
  replace_all(text, "@NUM_LABELS@", head.num_labels);
  // (a backend function, as the device script's: a string backend's first lookup would import torch's backend registry,
  // which evicts typing's Union cache; autograd_entry_cast)
  return "def BACKEND(gm, example_inputs):\n    return gm.forward\n\n\n" + text;
}

// Runs every type of one head's truth; returns after checking the listed types.
void run_head(const std::string& name, const std::string& what) {
  REQUIRE_MESSAGE(fs::exists(tarball()), "../shared is present but the transformers tarball is not");
  auto t0 = std::chrono::steady_clock::now();
  const Head head = head_of(name);
  fs::path src = unpack_sources();
  const std::string list = "automodel_train" + head.suffix + "_expected_exact.txt";
  const std::set<std::string> want = listed(list);
  fs::path script = src.parent_path() / "drivers" / ("automodel_train" + head.suffix + ".py");
  fs::create_directories(script.parent_path());
  std::istringstream rows(slurp(population() / ("automodel_train" + head.suffix + ".jsonl")));
  std::ofstream dump;
  if (const char* d = std::getenv("TPARSE_HF_AUTOMODEL_DUMP"))
    dump.open(fs::path(d) / ("automodel_train" + head.suffix + "_outcomes.txt"));
  WholeRunTally tally;
  simdjson::dom::parser parser;
  const size_t every = sample_every(15);  // all rows; a fixed sample under a sanitizer
  size_t row = 0;
  for (std::string line; std::getline(rows, line);) {
    simdjson::dom::element rec = parser.parse(simdjson::padded_string(line));
    std::string_view type_sv;
    simdjson::dom::array graph_ops;
    // only loops torch completed: an eager or compiled error on the device leaves nothing to compare
    if (rec["type"].get(type_sv) || rec["graph_ops"].get(graph_ops) || !rec["compiled_error"].error()) continue;
    if (row++ % every != 0) continue;
    std::string type(type_sv);
    CAPTURE(type);
    std::ofstream(script) << train_program(type, name, head);
    tparse::compiler::Options o;
    o.source_roots = {src.string()};
    auto r = tparse::compiler::compile_script(script.string(), slurp(script), o);
    std::vector<int64_t> theirs_ops;
    for (simdjson::dom::element n : graph_ops) theirs_ops.push_back(int64_t(n));
    const std::string theirs = whole_run_text(int64_t(rec["counters"]["frames"]["total"]),
                                              int64_t(rec["counters"]["stats"]["unique_graphs"]), theirs_ops);
    tally_whole_run(tally, type, theirs, whole_run_ours(r), dump, want, list);
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  MESSAGE("a training loop over the " << what << " heads: " << tally.exact << " of " << tally.tried
          << " types equal torch's frames, unique graphs and ops per graph (" << tally.listed_seen << " listed), "
          << secs << " s");
  CHECK(tally.tried > 0);
  if (every == 1) CHECK(tally.listed_seen == want.size());  // a listed type missing from the truth is a stale list
  std::error_code ec;
  fs::remove_all(fs::temp_directory_path() / ("tparse_hfsrc_" + std::to_string(::getpid())), ec);
}

}  // namespace

TEST_CASE("transformers population: a training loop over the sequence-classification heads equals torch's counters" *
          doctest::test_suite("needs_shared")) {
  run_head("seqcls", "sequence-classification");
}

TEST_CASE("transformers population: a training loop over the causal-LM heads equals torch's counters" *
          doctest::test_suite("needs_shared")) {
  run_head("causallm", "causal-LM");
}

TEST_CASE("transformers population: a training loop over the token-classification heads equals torch's counters" *
          doctest::test_suite("needs_shared")) {
  run_head("tokcls", "token-classification");
}

TEST_CASE("transformers population: a training loop over the masked-LM heads equals torch's counters" *
          doctest::test_suite("needs_shared")) {
  run_head("maskedlm", "masked-LM");
}

TEST_CASE("transformers population: a training loop over the question-answering heads equals torch's counters" *
          doctest::test_suite("needs_shared")) {
  run_head("qa", "question-answering");
}

TEST_CASE("transformers population: a training loop over the multiple-choice heads equals torch's counters" *
          doctest::test_suite("needs_shared")) {
  run_head("mc", "multiple-choice");
}

TEST_CASE("transformers population: a compiled training step (forward, backward, SGD step) over the sequence-classification "
          "heads equals torch's counters" * doctest::test_suite("needs_shared")) {
  run_head("seqcls_step", "sequence-classification (whole step compiled)");
}
