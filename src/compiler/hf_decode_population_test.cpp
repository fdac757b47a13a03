// Greedy decoding with a KV cache over transformers' causal-LM heads (issue 22: real model files in the mode users
// serve them): for every type of testdata/hf-population/automodel_decode.jsonl (made on the device by
// scripts/device/automodel_decode.py: AutoModelForCausalLM.from_config on a tiny config in eval mode, wrapped by
// torch.compile; a prompt of 8 tokens, then three one-token steps that hand back the cache the model returned, under
// no_grad, the loop run eagerly first), the very program the device ran (that script's PROGRAM text, with a backend
// function as the device's) runs through the reference compiler with transformers 5.17's own sources, and the whole run
// is compared with torch's counters: frames handed to Dynamo, unique graphs, each graph's op count in compile order.
// The cache object crosses the compiled frame's boundary both ways (made inside the first call and returned; an input
// of the next, mutated by its update), and its growing length is where the steps recompile. The types listed in
// automodel_decode_expected_exact.txt must equal torch; every other type must run without crashing. The same with a
// StaticCache (preallocated, `cache_position` passed; automodel_decode_static.jsonl), as transformers recommends for
// compiled generation. And transformers' own loop: `model.generate()` (greedy, four new tokens) with the forward compiled
// as transformers' guide writes it, with generate's default DynamicCache and with `cache_implementation = "static"`
// (automodel_generate{,_static}.jsonl): generation's 13,000 lines (logits processors, stopping criteria, the cache
// set-up, the mask made for generation) run eagerly around the compiled forward, read from the real sources.
#include <doctest/doctest.h>

#include <string>

#include "hf_population_util.hpp"

using namespace tparse::compiler::testing::hf;

namespace {

// The device script's program for one cache kind (PROGRAM_HEAD, then PROGRAM_DYNAMIC or PROGRAM_STATIC_STEPS), as its
// program(type, cache) fills it.
void run_decode(const std::string& steps, const std::string& stem, const std::string& what) {
  const std::string py = device_script("automodel_decode.py");
  const std::string text = triple_quoted(py, "PROGRAM_HEAD", "automodel_decode.py") + triple_quoted(py, steps, "automodel_decode.py");
  run_program_population(stem, [&](const std::string& type) {
    std::string p = text;
    replace_all(p, "@TYPE@", type);
    return p;
  }, what, 15);
}

}  // namespace

TEST_CASE("transformers population: greedy decoding with a KV cache over the causal-LM heads equals torch's counters" *
          doctest::test_suite("needs_shared")) {
  run_decode("PROGRAM_DYNAMIC", "automodel_decode", "greedy decoding with a KV cache over the causal-LM heads");
}

TEST_CASE("transformers population: greedy decoding with a StaticCache over the causal-LM heads equals torch's counters" *
          doctest::test_suite("needs_shared")) {
  run_decode("PROGRAM_STATIC_STEPS", "automodel_decode_static", "greedy decoding with a StaticCache over the causal-LM heads");
}

TEST_CASE("transformers population: model.generate() with the forward compiled equals torch's counters" *
          doctest::test_suite("needs_shared")) {
  run_decode("PROGRAM_GENERATE_STEPS", "automodel_generate", "model.generate() over the causal-LM heads");
}

TEST_CASE("transformers population: model.generate() with a static cache and the forward compiled equals torch's counters" *
          doctest::test_suite("needs_shared")) {
  run_decode("PROGRAM_GENERATE_STATIC_STEPS", "automodel_generate_static", "model.generate() with a static cache over the causal-LM heads");
}
