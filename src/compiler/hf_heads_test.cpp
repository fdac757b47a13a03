// transformers' task heads with labels, from the real 5.17 sources (needs_shared): the Generic*For* heads that about a
// hundred model classes subclass (LlamaForSequenceClassification, Qwen2ForTokenClassification, ...) build their base
// model and head, and a model's `self.loss_function` reaches transformers' task loss (the stubs' transformers.loss
// stands in where the source root lacks it, as ../shared's tarball does). A training step compiled as a function runs
// to the end and its first graph holds the loss (cross entropy, or the MSE / BCE of the problem type), as transformers'
// head computes it.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "analysis/explain/explain.hpp"
#include "api.hpp"
#include "core/ingest.hpp"
#include "hf_population_util.hpp"

namespace fs = std::filesystem;
using tparse::compiler::testing::slurp;
using namespace tparse::compiler::testing::hf;

namespace {

// A training step of the model the Auto class `cls` builds from a tiny config of `type`, called with `batch` (Python keyword text).
std::string step_driver(const std::string& type, const std::string& cls, const std::string& batch) {
  return "import torch\nimport transformers\nfrom transformers import AutoConfig\ntorch.manual_seed(0)\n"
         "cfg = AutoConfig.for_model('" + type + "', hidden_size=64, num_hidden_layers=2, num_attention_heads=4, "
         "num_key_value_heads=2, intermediate_size=128, vocab_size=256, max_position_embeddings=128, num_labels=3, pad_token_id=0)\n"
         "m = getattr(transformers, '" + cls + "').from_config(cfg)\n"
         "opt = torch.optim.SGD(m.parameters(), lr=0.01)\n"
         "def step(ids, **kw):\n    out = m(input_ids=ids, " + batch + ")\n    out.loss.backward()\n    opt.step()\n    opt.zero_grad()\n    return out.loss\n"
         "f = torch.compile(step, backend='eager')\n"
         "ids = torch.randint(1, 256, (2, 8))\nf(ids)\n";
}

// The run of a driver script `name` beside the unpacked sources `src` (transformers' real code as its source root).
tparse::compiler::Result run_driver(const std::string& name, const std::string& driver, const fs::path& src) {
  fs::path script = src.parent_path() / "drivers" / name;
  fs::create_directories(script.parent_path());
  std::ofstream(script) << driver;
  tparse::compiler::Options o;
  o.source_roots = {src.string()};
  return tparse::compiler::compile_script(script.string(), driver, o);
}

// The first graph's ops (explain's call_function targets) of the run, or the stop.
std::string first_graph_ops(const std::string& driver, const fs::path& src, bool& ok) {
  auto r = run_driver("heads_step.py", driver, src);
  ok = r.ok && !r.stopped;
  if (!ok) return r.error;
  auto e = tparse::analysis::explain_trace(tparse::load_trace_text(r.trace, "heads_step.py"), {});
  std::string ops;
  if (!e.graphs.empty())
    for (const auto& op : e.graphs[0].ops.call_functions) ops += op + "\n";
  return ops;
}

}  // namespace

TEST_CASE("transformers' task heads with labels: Generic*For* heads build and the model's loss_function is the task's loss" *
          doctest::test_suite("needs_shared")) {
  REQUIRE_MESSAGE(fs::exists(tarball()), "../shared is present but the transformers tarball is not");
  fs::path src = unpack_sources();
  struct Case {
    std::string type, cls, batch, loss;
  };
  const Case cases[] = {
      {"llama", "AutoModelForSequenceClassification", "labels=torch.tensor([0, 2])", "cross_entropy"},
      {"qwen2", "AutoModelForTokenClassification", "labels=torch.randint(0, 3, (2, 8))", "cross_entropy"},
      {"mistral", "AutoModelForQuestionAnswering", "start_positions=torch.tensor([1, 2]), end_positions=torch.tensor([3, 4])",
       "cross_entropy"},
      {"llama", "AutoModelForCausalLM", "labels=ids", "cross_entropy"},
      {"modernbert", "AutoModelForMaskedLM", "labels=ids", "cross_entropy"},
      {"llama", "AutoModelForSequenceClassification", "labels=torch.tensor([[0.5], [1.0]]).expand(2, 3)", "binary_cross_entropy_with_logits"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.cls);
    CAPTURE(c.batch);
    bool ok = false;
    std::string ops = first_graph_ops(step_driver(c.type, c.cls, c.batch), src, ok);
    INFO(ops);
    REQUIRE(ok);
    CHECK(ops.find(c.loss) != std::string::npos);
  }
  std::error_code ec;
  fs::remove_all(fs::temp_directory_path() / ("tparse_hfsrc_" + std::to_string(::getpid())), ec);
}

TEST_CASE("the transformers package exports every model's classes from its top level, and its __version__" *
          doctest::test_suite("needs_shared")) {
  REQUIRE_MESSAGE(fs::exists(tarball()), "../shared is present but the transformers tarball is not");
  fs::path src = unpack_sources();
  // the way most user code builds a model: config and class imported by name from the package (the real lazy
  // __init__ exports each model package's __all__); a class named after another type's config stem is found too
  const std::string driver =
      "import torch\nimport transformers\n"
      "from transformers import GPT2Config, GPT2LMHeadModel, LlamaConfig, LlamaForCausalLM, T5Config, BertModel\n"
      "from transformers.utils import PaddingStrategy, TensorType, is_hqq_available, DUMMY_INPUTS\n"
      "assert int(transformers.__version__.split('.')[0]) >= 5 and not is_hqq_available()\n"
      "assert GPT2LMHeadModel.__name__ == 'GPT2LMHeadModel' and BertModel.__name__ == 'BertModel'\n"
      "assert TensorType('pt') is TensorType.PYTORCH and len(DUMMY_INPUTS) == 3\n"
      "cfg = LlamaConfig(hidden_size=64, num_hidden_layers=1, num_attention_heads=4, num_key_value_heads=2,\n"
      "                  intermediate_size=128, vocab_size=256)\n"
      "m = LlamaForCausalLM(cfg)\n"
      "f = torch.compile(m, backend='eager')\n"
      "f(torch.randint(0, 256, (1, 8)))\n";
  auto r = run_driver("toplevel_exports.py", driver, src);
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK_FALSE(r.stopped);
  for (const auto& u : r.unmodelled) CHECK_MESSAGE(u.find("from transformers import") == std::string::npos, u);
  auto e = tparse::analysis::explain_trace(tparse::load_trace_text(r.trace, "toplevel_exports.py"), {});
  REQUIRE(e.graphs.size() == 1);
  CHECK(e.graphs[0].ops.call_functions.size() > 20);
}

namespace {
// The Dynamo-level shape of a trace: compiles, ops per graph, GB ids of its break reasons, in order.
std::string trace_shape(const std::string& trace) {
  static const std::regex op_re("\"graph_op_count\": (\\d+)"), gb_re("/gb/gb(\\d{4})\\.html");
  std::string out;
  int compiles = 0;
  bool in_break = false;
  std::istringstream in(trace);
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (!line.empty() && line[0] == '\t') {
      if (in_break && std::regex_search(line, m, gb_re)) { out += " GB" + m[1].str(); in_break = false; }
      continue;
    }
    in_break = line.find("\"name\": \"dynamo_graph_break_reason\"") != std::string::npos;
    if (line.find("{\"compilation_metrics\"") != std::string::npos) {
      ++compiles;
      if (std::regex_search(line, m, op_re)) out += " ops=" + m[1].str();
    }
  }
  return std::to_string(compiles) + " compiles:" + out;
}
}  // namespace

TEST_CASE("PreTrainedModel.gradient_checkpointing_enable() as transformers 5.17: a compiled training step of a tiny "
          "Llama checkpoints each decoder layer, compile for compile as real torch 2.11" *
          doctest::test_suite("needs_shared")) {
  REQUIRE_MESSAGE(fs::exists(tarball()), "../shared is present but the transformers tarball is not");
  fs::path src = unpack_sources();
  const fs::path dir = fs::path(TPARSE_TESTDATA) / "hf-programs" / "gradient_checkpointing_enable";
  auto r = run_driver("gradient_checkpointing_enable.py", slurp(dir / "program.py"), src);
  REQUIRE_MESSAGE(r.ok, r.error);
  const std::string want = trace_shape(slurp(dir / "trace.log.gz")), got = trace_shape(r.trace);
  CHECK(want.find("GB0291") != std::string::npos);  // (the device's trace: checkpoint's breaks, as recorded)
  CHECK(got == want);
}
