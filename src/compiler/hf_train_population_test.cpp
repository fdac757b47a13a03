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

Head head_of(const std::string& name) {
  const std::string py = device_script("automodel_train.py");
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

// The device script's PROGRAM (between `PROGRAM = """` and the closing `"""`; PROGRAM_STEP for a `_step` head), as its
// program(type, head) fills it.
std::string train_program(const std::string& type, const std::string& name, const Head& head) {
  const std::string py = device_script("automodel_train.py");
  std::string text = triple_quoted(py, "PROGRAM", "automodel_train.py");
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
  return text;
}

// Runs every type of one head's truth; returns after checking the listed types.
void run_head(const std::string& name, const std::string& what) {
  const Head head = head_of(name);
  run_program_population("automodel_train" + head.suffix, [&](const std::string& type) { return train_program(type, name, head); },
                         "a training loop over the " + what + " heads", 15);
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
