// DDPOptimizer splits on real DDP runs, checked against torch's own counters of the same run
// (truth_rank*.json): subgraphs = aot_autograd compiles, tied inductor compiles = fx graph cache
// events, nodes = calls_captured; bucket bytes against the Dynamo graph's parameter placeholders.
#include <doctest/doctest.h>
#include <simdjson.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "analysis/ranks/ddp_split.hpp"
#include "core/payloads/fx_graph.hpp"
#include "core/ingest.hpp"
#include "core/test_support.hpp"

using namespace tparse;
namespace fs = std::filesystem;

namespace {

int64_t counter(simdjson::dom::element doc, const char* group, const char* name) {
  int64_t v = 0;
  if (doc[group][name].get_int64().get(v)) return 0;
  return v;
}

/// Bytes of "f32[384, 128]..." computed here independently (static shapes only).
int64_t bytes_of(const std::string& type) {
  int64_t eb = type.rfind("f32", 0) == 0 ? 4 : type.rfind("bf16", 0) == 0 || type.rfind("f16", 0) == 0 ? 2 : 0;
  REQUIRE(eb > 0);
  int64_t n = 1;
  std::istringstream in(type.substr(type.find('[') + 1, type.find(']') - type.find('[') - 1));
  std::string d;
  while (std::getline(in, d, ',')) n *= std::stoll(d);
  return n * eb;
}

/// DDPOptimizer's bucketing (torch/_dynamo/backends/distributed.py): walking the graph backwards,
/// a bucket is closed once its size reaches the cap (1 MiB, _DEFAULT_FIRST_BUCKET_BYTES, for the
/// first; bucket_cap_mb for the others). So every bucket but the last one closed (submod_0) holds at
/// least its cap.
void check_bucket_rule(const ddp::Split& s, double cap_mb) {
  const auto& sg = s.subgraphs;
  for (size_t k = 1; k < sg.size(); ++k) {
    CAPTURE(k);
    bool first = k + 1 == sg.size();
    double cap = first ? 1048576.0 : cap_mb * 1048576.0;
    CHECK(static_cast<double>(sg[k].bucket_bytes) >= cap);
  }
}

void check_case(const fs::path& dir, int ranks, double cap_mb) {
  LoadedTrace t = load_trace({(dir / "trace").string()});
  auto splits = ddp::find_splits(t.model, t.payloads);
  REQUIRE(splits.size() == static_cast<size_t>(ranks));
  for (int r = 0; r < ranks; ++r) {
    CAPTURE(r);
    simdjson::dom::parser p;
    simdjson::dom::element truth;
    REQUIRE(!p.load((dir / ("truth_rank" + std::to_string(r) + ".json")).string()).get(truth));
    const ddp::Split* s = nullptr;
    for (const auto& x : splits)
      if (t.model.compiles[static_cast<size_t>(x.compile)].rank == r) s = &x;
    REQUIRE(s != nullptr);
    const Compile& c = t.model.compiles[static_cast<size_t>(s->compile)];
    // One AOT autograd compile per subgraph; every inductor compile (fwd + bwd) tied to one.
    CHECK(static_cast<int64_t>(s->subgraphs.size()) == counter(truth, "aot_autograd", "total"));
    CHECK(s->subgraphs.size() >= 2);
    int64_t tied = 0, nodes = 0, bucket = 0, runtimes = 0;
    for (const auto& sg : s->subgraphs) {
      tied += sg.fwd.present + sg.bwd.present;
      nodes += sg.nodes;
      REQUIRE(sg.bucket_bytes >= 0);
      bucket += sg.bucket_bytes;
      CHECK(sg.fwd.present);
      CHECK(sg.bwd.present);
      runtimes += sg.fwd.has_runtime + sg.bwd.has_runtime;
    }
    CHECK(tied == counter(truth, "inductor", "fxgraph_cache_miss") + counter(truth, "inductor", "fxgraph_cache_hit") +
                      counter(truth, "inductor", "fxgraph_cache_bypass"));
    CHECK(s->untied_compiles == 0);
    // The subgraphs partition the model graph's ops (the only graph of the run: calls_captured).
    CHECK(nodes == counter(truth, "stats", "calls_captured"));
    // Buckets partition the model's parameters: every parameter placeholder of Dynamo's graph once.
    const Artifact& g = c.artifacts[static_cast<size_t>(c.graph_artifact)];
    fx::Graph dg = fx::parse_fx_graph(t.payloads.get(g.payload));
    int64_t want = 0;
    for (const auto& n : dg.nodes)
      if (n.op == fx::OpKind::Placeholder && n.name.find("_parameters_") != std::string::npos) want += bytes_of(n.type);
    CHECK(bucket == want);
    // log_tlparse was on: every compile logged its runtime estimates, one per subgraph and direction.
    int64_t logged = 0;
    for (const auto& a : c.artifacts) logged += a.name == "inductor_runtime_and_tensor_meta";
    CHECK(runtimes == logged);
    check_bucket_rule(*s, cap_mb);
    CHECK(ddp::headline(*s) == "DDPOptimizer split this graph into " + std::to_string(s->subgraphs.size()) +
                                   " subgraphs at bucket boundaries (not graph breaks)");
  }
}

}  // namespace

TEST_CASE("ddp split: readable units") {
  CHECK(ddp::format_ns(0.502) == "0.502 ns");
  CHECK(ddp::format_ns(1250) == "1.25 us");
  CHECK(ddp::format_ns(3.4e6) == "3.4 ms");
  CHECK(ddp::format_bytes(512) == "512 B");
  CHECK(ddp::format_bytes(-1) == "unknown");
}

TEST_CASE("ddp split: nanoGPT under DDP, NCCL, 2 ranks, bucket_cap_mb=1 (shared real run)" * doctest::test_suite("needs_shared")) {
  check_case(testing::shared_testdata() / "torch-2.11" / "ddp_nccl_2ranks_nanogpt", 2, 1.0);
}

// Two runs of our own GPT (gloo, CPU) that differ only in bucket_cap_mb: 1 MB -> 4 subgraphs,
// 2 MB -> 3. The second run found the first run's identical subgraphs in inductor's FX graph cache:
// a cache hit logs no before_post_grad_graph, and its backward compiles must still be tied.
TEST_CASE("ddp split: the same model at bucket_cap_mb 1 and 2 (real gloo runs, rank 0)") {
  for (const char* name : {"ddp_gloo_bucket1mb", "ddp_gloo_bucket2mb"}) {
    CAPTURE(name);
    fs::path dir = testing::testdata() / "torch-2.11" / name;
    simdjson::dom::parser p;
    simdjson::dom::element run;
    REQUIRE(!p.load((dir / "run.json").string()).get(run));
    double cap = 0;
    REQUIRE(!run["bucket_cap_mb"].get_double().get(cap));
    check_case(dir, 1, cap);
  }
}
