// `tparse run`'s traceback capture and in-flight compile on real torch 2.11 runs that died
// (testdata/torch-2.11/crash_*: the trace, the command's stderr and exit status, the program;
// ddp_gloo_first_bucket_assert: a 2-rank torchrun whose DDPOptimizer asserted, with truth.json).
#include <doctest/doctest.h>
#include <simdjson.h>

#include <fstream>
#include <sstream>

#include "core/ingest.hpp"
#include "core/model/run_outcome.hpp"
#include "core/model/summary.hpp"
#include "core/test_support.hpp"

using namespace tparse;

namespace {

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string collect(const std::string& text, size_t chunk) {
  TracebackCollector c;
  for (size_t i = 0; i < text.size(); i += chunk) c.feed(std::string_view(text).substr(i, chunk));
  c.finish();
  return c.last();
}

}  // namespace

TEST_CASE("the last traceback of a real crash's stderr, whatever the chunking") {
  // A backend that raised: torch's BackendCompilerFailed, with its message lines and the hint after a blank line.
  std::string err = slurp(testing::testdata() / "torch-2.11" / "crash_backend" / "stderr.txt");
  REQUIRE(err.starts_with("Traceback (most recent call last):\n"));
  for (size_t chunk : {size_t(1), size_t(7), size_t(4096)}) {
    CAPTURE(chunk);
    std::string tb = collect(err, chunk);
    CHECK(tb.starts_with("Traceback (most recent call last):\n  File \"/home/user/exact/cases/crash_backend.py\", line 13"));
    CHECK(tb.find("torch._dynamo.exc.BackendCompilerFailed: backend='failing_backend' raised:\n"
                  "RuntimeError: failing_backend: refusing graph with 6 nodes\n") != std::string::npos);
    CHECK(tb.find("Set TORCHDYNAMO_VERBOSE=1") != std::string::npos);
    CHECK(!tb.ends_with("\n\n"));
  }
  // Output around it: only the last traceback is kept; log records end the message; chained
  // exceptions keep the final one; torchrun's "[rank1]: " prefix is stripped from its block.
  std::string mixed = "starting\nTraceback (most recent call last):\n  File \"a.py\", line 1, in <module>\nValueError: first\n"
                      "W1124 10:00:00.000000 12 torch/x.py:1] a log record\n" + err +
                      "\nThe above exception was the direct cause of the following exception:\n\n"
                      "[rank1]: Traceback (most recent call last):\n[rank0]: unrelated\n[rank1]:   File \"t.py\", line 9, in step\n"
                      "[rank1]:     loss.backward()\n[rank1]: RuntimeError: last one\nW1124 10:00:01.000000 12 torch/x.py:1] after\n";
  CHECK(collect(mixed, 5) == "Traceback (most recent call last):\n  File \"t.py\", line 9, in step\n    loss.backward()\nRuntimeError: last one");
  CHECK(collect("no traceback here\n  File \"x\"\n", 3).empty());
  // A very long traceback (recursion) keeps its head and its tail.
  std::string deep = "Traceback (most recent call last):\n";
  for (int i = 0; i < 2000; ++i) deep += "  File \"r.py\", line " + std::to_string(i) + ", in f\n    return f(n - 1)\n";
  deep += "RecursionError: maximum recursion depth exceeded\n";
  std::string tb = collect(deep, 100);
  CHECK(tb.find("line 0, in f") != std::string::npos);
  CHECK(tb.find("(lines cut)") != std::string::npos);
  CHECK(tb.ends_with("RecursionError: maximum recursion depth exceeded"));
  CHECK(tb.size() < 20000);
}

TEST_CASE("compile in flight: a run killed inside compile 2 vs a backend that raised") {
  // crash_killed: the backend SIGKILLed the process while [1/0] (f's resume function) was compiling.
  LoadedTrace k = load_trace({(testing::testdata() / "torch-2.11" / "crash_killed" / "trace").string()});
  std::vector<int32_t> fl = in_flight_compiles(k.model);
  REQUIRE(fl.size() == 1);
  const Compile& c = k.model.compiles[static_cast<size_t>(fl[0])];
  CHECK(c.id.str() == "[1/0]");
  CHECK(k.model.frames[static_cast<size_t>(c.frame)].name == "torch_dynamo_resume_in_f_at_23");
  k.model.run = RunOutcome{137, 9, ""};
  std::string text = summary_text(k.model);
  CHECK(text.find("  command ended by signal 9 (SIGKILL)\n") != std::string::npos);
  CHECK(text.find("  compile in flight: [1/0] torch_dynamo_resume_in_f_at_23 (/home/user/exact/cases/crash_killed.py:23): "
                  "started (dynamo_start") != std::string::npos);
  CHECK(text.find("no Python traceback") != std::string::npos);
  std::string json = summary_json(k.model);
  CHECK(json.find("\"run\": {") != std::string::npos);
  CHECK(json.find("\"compile_id\": \"1/0\"") != std::string::npos);
  // crash_backend: the compile failed and finished (compilation_metrics with BackendCompilerFailed).
  LoadedTrace b = load_trace({(testing::testdata() / "torch-2.11" / "crash_backend" / "trace").string()});
  CHECK(in_flight_compiles(b.model).empty());
  b.model.run = RunOutcome{1, 0, collect(slurp(testing::testdata() / "torch-2.11" / "crash_backend" / "stderr.txt"), 4096)};
  text = summary_text(b.model);
  CHECK(text.find("  command exited with 1\n  no compile in flight") != std::string::npos);
  CHECK(text.find("  last failed compile: [0/0] BackendCompilerFailed: backend='failing_backend' raised: "
                  "RuntimeError: failing_backend: refusing graph with 6 nodes\n") != std::string::npos);
  CHECK(text.find("    RuntimeError: failing_backend: refusing graph with 6 nodes\n") != std::string::npos);
  // Without `tparse run`, no run block and "run": null.
  LoadedTrace plain = load_trace({(testing::testdata() / "torch-2.11" / "crash_backend" / "trace").string()});
  CHECK(summary_text(plain.model).find("\nRun:\n") == std::string::npos);
  CHECK(summary_json(plain.model).find("\"run\": null") != std::string::npos);
}

TEST_CASE("a DDP run whose DDPOptimizer asserted before Dynamo logged the model's frame (torchrun, 2 ranks)") {
  std::filesystem::path d = testing::testdata() / "torch-2.11" / "ddp_gloo_first_bucket_assert";
  simdjson::dom::parser p;
  simdjson::dom::element truth;
  std::string tj = slurp(d / "truth.json");
  REQUIRE(!p.parse(tj).get(truth));
  std::string out = slurp(d / "stdout.txt");
  // Interleaving-proof: the same workers and root cause whatever the chunking.
  for (size_t chunk : {size_t{7}, size_t{4096}, out.size()}) {
    CAPTURE(chunk);
    TracebackCollector c;
    for (size_t i = 0; i < out.size(); i += chunk) c.feed(std::string_view(out).substr(i, chunk));
    c.finish();
    RunOutcome r{static_cast<int>(int64_t(truth["exit_status"])), 0, c.last(), c.workers()};
    RootCause rc = root_cause(r);
    CHECK(rc.exception == std::string_view(truth["exception"]));
    CHECK(rc.raised_at == std::string_view(truth["raised_at"]));
    CHECK(rc.through_dynamo == std::string_view(truth["through_dynamo"]));
    std::vector<std::string> want;
    for (auto w : truth["ranks_with_traceback"].get_array()) want.emplace_back(std::string_view(w));
    std::vector<std::string> got;
    for (const auto& pfx : rc.prefixes) got.push_back(trim_prefix(pfx));
    CHECK(got == want);
    REQUIRE(!r.workers.empty());  // torchrun's "Root Cause (first observed failure)": the first to end
    CHECK(trim_prefix(r.workers.front().first) == "[rank" + std::to_string(int64_t(truth["root_cause_rank"])) + "]");
    // The last traceback is torchrun's own; the workers' keep the user's line.
    CHECK(r.traceback.find(std::string(std::string_view(truth["launcher_exception"]))) != std::string::npos);
    CHECK(rc.traceback.find("ddp_gloo.py\", line 62, in <module>") != std::string::npos);
  }
  LoadedTrace t = load_trace({(d / "trace").string()});
  CHECK(t.model.ranks.size() == 2);
  CHECK(in_flight_compiles(t.model).empty());  // every compile Dynamo started on both ranks finished
  CHECK(summary_text(t.model).find("Trace end:") == std::string::npos);
  TracebackCollector c;
  c.feed(out);
  c.finish();
  t.model.run = RunOutcome{static_cast<int>(int64_t(truth["exit_status"])), 0, c.last(), c.workers()};
  std::string text = summary_text(t.model);
  CHECK(text.find("  command exited with 1\n  no compile in flight") != std::string::npos);
  CHECK(text.find("  died of: " + std::string(std::string_view(truth["exception"])) + "\n") != std::string::npos);
  CHECK(text.find("    in 2 of 2 worker(s) that printed a traceback ([rank1], [rank0]), first: [rank1]\n") != std::string::npos);
  CHECK(text.find("with no compile in flight: torch.compile failed on a frame before Dynamo logged a compile of it") !=
        std::string::npos);
  std::string json = summary_json(t.model);
  simdjson::dom::element doc;
  simdjson::dom::parser p2;
  REQUIRE(!p2.parse(json).get(doc));
  CHECK(std::string_view(doc["run"]["root_cause"]["exception"]) == std::string_view(truth["exception"]));
  CHECK(std::string_view(doc["run"]["root_cause"]["raised_at"]) == std::string_view(truth["raised_at"]));
  CHECK(doc["run"]["in_flight"].get_array().size() == 0);
  CHECK(doc["unfinished_compiles"].get_array().size() == 0);
}

TEST_CASE("without tparse run, the summary names the compile the trace ends inside") {
  LoadedTrace k = load_trace({(testing::testdata() / "torch-2.11" / "crash_killed" / "trace").string()});
  std::string text = summary_text(k.model);
  CHECK(text.find("\nTrace end:\n  compile in flight: [1/0] torch_dynamo_resume_in_f_at_23 "
                  "(/home/user/exact/cases/crash_killed.py:23): started (dynamo_start") != std::string::npos);
  simdjson::dom::parser p;
  simdjson::dom::element doc;
  std::string json = summary_json(k.model);
  REQUIRE(!p.parse(json).get(doc));
  auto un = doc["unfinished_compiles"].get_array();
  REQUIRE(un.size() == 1);
  CHECK(std::string_view(un.at(0)["compile_id"]) == "1/0");
  CHECK(doc["run"].is_null());
}
