// Module attribution against the truth: on the device, a torch.compile backend recorded each FX
// node's meta["nn_module_stack"] (backward nodes: fwd_nn_module_stack) in the same run as the
// TORCH_TRACE (testdata/torch-2.11/*_module_truth/module_truth.json[.gz]: graph -> node ->
// innermost module path, made by .dev scripts described in docs/report.md). The test runs the
// hierarchy the report and viewer draw (hierarchy_for) on the trace and counts the op nodes that
// land in their real innermost module.
#include <doctest/doctest.h>
#include <simdjson.h>
#include <zlib.h>

#include <filesystem>
#include <iostream>
#include <map>

#include "core/ingest.hpp"
#include "core/test_support.hpp"
#include "module_calls.hpp"

using namespace tparse;
namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& p) {
  std::string out;
  gzFile f = gzopen(p.string().c_str(), "rb");  // plain files too
  if (!f) return out;
  char buf[1 << 16];
  int n;
  while ((n = gzread(f, buf, sizeof buf)) > 0) out.append(buf, static_cast<size_t>(n));
  gzclose(f);
  return out;
}

struct Score {
  int64_t right = 0, wrong = 0, unknown = 0, graphs = 0;
  double pct() const { return right + wrong ? 100.0 * static_cast<double>(right) / static_cast<double>(right + wrong) : 0; }
};

const char* artifact_kind(std::string_view k) {
  if (k == "dynamo") return "dynamo_output_graph";
  if (k == "aot_forward") return "aot_forward_graph";
  if (k == "aot_backward") return "aot_backward_graph";
  return "aot_inference_graph";
}

/// Scores every graph of the truth file against the trace; `only` limits to one kind ("" all).
Score measure(const fs::path& trace, const fs::path& truth_file, std::string_view only = "") {
  LoadedTrace t = load_trace({trace.string()});
  simdjson::dom::parser p;
  simdjson::dom::element truth;
  std::string text = slurp(truth_file);
  REQUIRE(!p.parse(text).get(truth));
  Score s;
  std::map<std::string, int64_t> wrong_by;  // "ours -> real" pairs, for the log
  for (auto gr : truth["graphs"].get_array()) {
    std::string_view cid = gr["compile_id"].get_string(), kind = gr["kind"].get_string();
    if (!only.empty() && kind != only) continue;
    const Compile* c = nullptr;
    for (const auto& x : t.model.compiles)
      if (x.id.key() == cid) c = &x;
    REQUIRE(c != nullptr);
    const Artifact *ga = nullptr, *da = nullptr;
    std::string guards;
    for (const auto& a : c->artifacts) {
      if (a.kind == artifact_kind(kind) && !ga) ga = &a;
      if (a.kind == "dynamo_output_graph" && !da) da = &a;
      if (a.kind == "dynamo_cpp_guards_str" && a.payload.valid()) guards = t.payloads.get(a.payload);
    }
    REQUIRE(ga != nullptr);
    REQUIRE(da != nullptr);
    std::string gtext = t.payloads.get(ga->payload), dtext = t.payloads.get(da->payload);
    fx::Graph g = fx::parse_fx_graph(gtext), dg = fx::parse_fx_graph(dtext);
    graph::Hierarchy h = kind == "dynamo" ? graph::hierarchy_for(g, nullptr, guards, gtext)
                                          : graph::hierarchy_for(g, &dg, guards, gtext);
    std::map<std::string, int32_t> index;
    for (size_t i = 0; i < g.nodes.size(); ++i)
      if (g.nodes[i].op != fx::OpKind::Output) index.emplace(g.nodes[i].name, static_cast<int32_t>(i));
    s.graphs++;
    for (auto field : gr["nodes"].get_object()) {
      std::string name(field.key);
      auto it = index.find(name);
      CAPTURE(name);
      REQUIRE(it != index.end());  // the truth's node names are the trace's
      if (field.value.is_null()) continue;  // no module stack: nothing to score
      std::string real(std::string_view(field.value.get_string()));
      int32_t node = it->second;
      if (h.guessed.size() > static_cast<size_t>(node) && h.guessed[static_cast<size_t>(node)] == 2) {
        s.unknown++;  // "module unknown": not a claim
        continue;
      }
      const std::string& ours = h.groups[static_cast<size_t>(h.node_group[static_cast<size_t>(node)])].path;
      if (ours == real) s.right++;
      else s.wrong++, wrong_by[std::string(kind) + " " + g.nodes[static_cast<size_t>(node)].target + ": '" + ours + "' real '" + real + "'"]++;
    }
  }
  std::cout << trace.parent_path().filename().string() << " " << only << ": " << s.right << " right, " << s.wrong
            << " wrong, " << s.unknown << " unknown over " << s.graphs << " graphs (" << s.pct() << "%)\n";
  int shown = 0;
  for (const auto& [k, v] : wrong_by)
    if (shown++ < 12) std::cout << "   " << v << " x " << k << "\n";
  return s;
}

}  // namespace

TEST_CASE("module truth: TorchTitan-style blocks, forward + backward (own program, inductor)") {
  fs::path d = testing::testdata() / "torch-2.11" / "titan_module_truth";
  for (const char* kind : {"dynamo", "aot_forward", "aot_backward"}) {
    CAPTURE(kind);
    Score s = measure(d / "trace", d / "module_truth.json", kind);
    CHECK(s.right + s.wrong > 0);
    CHECK(s.pct() >= 99.0);
  }
}

TEST_CASE("module truth: ChatGLM3 (28 layers, shared real trace of the same program)") {
  if (!testing::have_shared()) return;
  fs::path truth = testing::testdata() / "torch-2.11" / "chatglm3_module_truth" / "module_truth.json.gz";
  Score s = measure(testing::shared_testdata() / "realmodels" / "chatglm3" / "real-torch-2.11" / "trace", truth);
  CHECK(s.right + s.wrong > 5000);
  CHECK(s.pct() >= 99.0);
}
