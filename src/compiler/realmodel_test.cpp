// Real third-party model code through the reference compiler: ChatGLM3-6B's own modeling files
// (../shared/testdata/realmodels/chatglm3, read in place, never copied into the repository)
// against torch 2.11's explain.json and trace from the same script, the published torch < 2.4
// figures, and the user-side fix. Skips (with a message) when ../shared is absent.
#include <doctest/doctest.h>
#include <simdjson.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <unistd.h>

#include "analysis/explain/explain.hpp"
#include "api.hpp"
#include "core/ingest.hpp"
#include "core/model/summary.hpp"
#include "core/test_support.hpp"
#include "test_util.hpp"

namespace fs = std::filesystem;
using tparse::compiler::testing::slurp;
using tparse::compiler::testing::norm_addr;

namespace {

fs::path chatglm_dir() { return tparse::testing::shared_testdata() / "realmodels" / "chatglm3"; }
bool have_chatglm() { return fs::exists(chatglm_dir() / "glm" / "modeling_chatglm.py"); }

tparse::compiler::Result compile(const fs::path& script, const std::string& torch, int calls) {
  tparse::compiler::Options o;
  o.torch_version = torch;
  o.max_compiled_calls = calls;
  return tparse::compiler::compile_script(script.string(), slurp(script), o);
}

tparse::analysis::Explanation explain(const fs::path& script, const std::string& torch) {
  auto r = compile(script, torch, 1);
  INFO(r.error);
  REQUIRE(r.ok);
  tparse::analysis::ExplainOptions eo;
  eo.all_calls = true;  // the trace holds exactly the first call
  return tparse::analysis::explain_trace(tparse::load_trace_text(r.trace, script.string()), eo);
}

// The 1-based line of the only line of `text` containing `needle`.
int line_of(const std::string& text, const std::string& needle) {
  size_t p = text.find(needle);
  REQUIRE(p != std::string::npos);
  REQUIRE(text.find(needle, p + 1) == std::string::npos);
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(p), '\n'));
}

}  // namespace

TEST_CASE("ChatGLM3 (28 layers), 2.11 rules: explain equals torch's explain.json, op by op" * doctest::test_suite("needs_shared")) {
  REQUIRE_MESSAGE(have_chatglm(), "../shared is present but realmodels/chatglm3 is not");
  auto e = explain(chatglm_dir() / "run_chatglm3.py", "2.11");
  simdjson::dom::parser p;
  simdjson::dom::element ex = p.parse(simdjson::padded_string(slurp(chatglm_dir() / "real-torch-2.11" / "explain.json")));
  CHECK(e.graph_count == int64_t(ex["graph_count"]));
  CHECK(e.graph_break_count == int64_t(ex["graph_break_count"]));
  CHECK(e.op_count == int64_t(ex["op_count"]));
  CHECK(e.break_reasons.size() == simdjson::dom::array(ex["break_reasons"]).size());
  simdjson::dom::array opg = ex["ops_per_graph"];
  REQUIRE(e.graphs.size() == opg.size());
  size_t g = 0;
  for (simdjson::dom::element ops : opg) {
    std::vector<std::string> theirs, mine;
    for (simdjson::dom::element op : ops.get_array()) theirs.push_back(norm_addr(std::string(std::string_view(op))));
    for (const auto& op : e.graphs[g].ops.call_functions) mine.push_back(norm_addr(op));
    CHECK(mine.size() == theirs.size());
    CHECK(mine == theirs);
    ++g;
  }
}

TEST_CASE("ChatGLM3, 2.11 rules: the whole script's trace summarizes as the real run's trace" * doctest::test_suite("needs_shared")) {
  REQUIRE_MESSAGE(have_chatglm(), "../shared is present but realmodels/chatglm3 is not");
  auto r = compile(chatglm_dir() / "run_chatglm3.py", "2.11", 0);
  INFO(r.error);
  REQUIRE(r.ok);
  tparse::LoadedTrace ours = tparse::load_trace_text(r.trace, "ours");
  tparse::LoadedTrace real = tparse::load_trace({(chatglm_dir() / "real-torch-2.11" / "trace").string()});
  CHECK(ours.model.diag.errors() == 0);
  tparse::Totals a = tparse::compute_totals(ours.model), b = tparse::compute_totals(real.model);
  CHECK(a.frames == b.frames);
  CHECK(a.compiles == b.compiles);
  CHECK(a.graphs == b.graphs);
  CHECK(a.break_events == b.break_events);
  CHECK(a.recompiles == b.recompiles);
  CHECK(a.failures == b.failures);
  REQUIRE(ours.model.recompiles.size() == real.model.recompiles.size());
  for (size_t i = 0; i < ours.model.recompiles.size(); ++i) {
    const auto& x = ours.model.recompiles[i].reasons;
    const auto& y = real.model.recompiles[i].reasons;
    REQUIRE(x.size() == y.size());
    for (size_t k = 0; k < x.size(); ++k) CHECK(x[k].text == y[k].text);
  }
  // the first graph's op count (call_function + call_method + call_module) equals the real one
  simdjson::dom::parser p;
  simdjson::dom::element truth = p.parse(simdjson::padded_string(slurp(chatglm_dir() / "real-torch-2.11" / "truth.json")));
  CHECK(a.graphs == int64_t(truth["stats"]["unique_graphs"]));
  // every compile's graph has the real one's op and node counts (the recompile is dynamic: s70, torch.Size nodes)
  REQUIRE(ours.model.compiles.size() == real.model.compiles.size());
  for (size_t i = 0; i < ours.model.compiles.size(); ++i) {
    CAPTURE(i);
    REQUIRE(ours.model.compiles[i].metrics);
    REQUIRE(real.model.compiles[i].metrics);
    CHECK(ours.model.compiles[i].metrics->graph_op_count == real.model.compiles[i].metrics->graph_op_count);
    CHECK(ours.model.compiles[i].metrics->graph_node_count == real.model.compiles[i].metrics->graph_node_count);
  }
}

TEST_CASE("ChatGLM3, 2.3 rules: the published 143 graphs / 142 breaks, at CoreAttention.forward's version check" * doctest::test_suite("needs_shared")) {
  REQUIRE_MESSAGE(have_chatglm(), "../shared is present but realmodels/chatglm3 is not");
  auto e = explain(chatglm_dir() / "run_chatglm3.py", "2.3");
  CHECK(e.graph_count == 143);        // zai-org/ChatGLM3#1316, torch < 2.4
  CHECK(e.graph_break_count == 142);
  CHECK(e.op_count == 1666);
  REQUIRE(!e.break_reasons.empty());
  int split_line = line_of(slurp(chatglm_dir() / "glm" / "modeling_chatglm.py"), "torch.__version__.split('.')");
  for (const auto& br : e.break_reasons) {
    CHECK(br.reason == "call_method UserDefinedObjectVariable(TorchVersion) split [ConstantVariable()] {}");
    REQUIRE(!br.user_stack.empty());
    CHECK(br.user_stack.back().file.ends_with("modeling_chatglm.py"));
    CHECK(br.user_stack.back().line == split_line);
    CHECK(br.user_stack.back().name == "forward");
  }
}

TEST_CASE("ChatGLM3 with the version check moved into CoreAttention.__init__: one graph under both rule sets" * doctest::test_suite("needs_shared")) {
  REQUIRE_MESSAGE(have_chatglm(), "../shared is present but realmodels/chatglm3 is not");
  fs::path tmp = fs::temp_directory_path() / ("tparse_chatglm_fix_" + std::to_string(::getpid()));
  fs::remove_all(tmp);
  fs::create_directories(tmp / "glm");
  fs::copy_file(chatglm_dir() / "run_chatglm3.py", tmp / "run_chatglm3.py");
  for (auto* f : {"__init__.py", "configuration_chatglm.py"}) fs::copy_file(chatglm_dir() / "glm" / f, tmp / "glm" / f);
  std::string src = slurp(chatglm_dir() / "glm" / "modeling_chatglm.py");
  const std::string check = "        pytorch_major_version = int(torch.__version__.split('.')[0])\n";
  const std::string init = "        super(CoreAttention, self).__init__()\n";
  REQUIRE(src.find(check) != std::string::npos);
  REQUIRE(src.find(init) != std::string::npos);
  src.replace(src.find(check), check.size(), "        pytorch_major_version = self.pytorch_major_version\n");
  src.insert(src.find(init) + init.size(), "        self.pytorch_major_version = int(torch.__version__.split('.')[0])\n");
  std::ofstream(tmp / "glm" / "modeling_chatglm.py") << src;
  for (const char* torch : {"2.3", "2.11"}) {
    CAPTURE(torch);
    auto e = explain(tmp / "run_chatglm3.py", torch);
    CHECK(e.graph_count == 1);
    CHECK(e.graph_break_count == 0);
    CHECK(e.break_reasons.empty());
  }
  fs::remove_all(tmp);
}
