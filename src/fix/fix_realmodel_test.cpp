// tparse fix on ChatGLM3-6B's own modeling code (../shared/testdata/realmodels/chatglm3, read in
// place, never copied into the repository): under torch 2.3 rules the version-check patch is
// offered and verified 143 -> 1 graphs (the published figure, zai-org/ChatGLM3#1316). Exits 77
// (ctest SKIP) when ../shared is absent.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <simdjson.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "fix/fix.hpp"

namespace fs = std::filesystem;

namespace {
fs::path chatglm_dir() { return fs::path(TPARSE_SHARED) / "testdata" / "realmodels" / "chatglm3"; }
}  // namespace

TEST_CASE("ChatGLM3 under 2.3 rules: the version-check patch, verified 143 -> 1 graphs, 142 -> 0 breaks") {
  tparse::fix::Plan p = tparse::fix::plan_script((chatglm_dir() / "run_chatglm3.py").string(), {.torch = "2.3"});
  REQUIRE(p.error.empty());
  REQUIRE(!p.patches.empty());
  CHECK(p.before.graphs == 143);
  CHECK(p.before.breaks == 142);
  const tparse::fix::Patch& x = p.patches.front();
  CHECK(x.rule == "hoist_version");
  CHECK(x.status == "verified");
  CHECK(x.label == "glm/modeling_chatglm.py");
  CHECK(x.after.graphs == 1);
  CHECK(x.after.breaks == 0);
  CHECK(x.after.break_events == 0);
  CHECK(tparse::fix::outcome_line(x, "2.3").find("modeling_chatglm.py:222: 143 graphs -> 1, 142 breaks -> 0") == 0);
  // the same change the hand-made fix in src/compiler/realmodel_test.cpp makes
  CHECK(x.diff.find("-        pytorch_major_version = int(torch.__version__.split('.')[0])\n"
                    "+        pytorch_major_version = self.pytorch_major_version\n") != std::string::npos);
  CHECK(x.diff.find("         super(CoreAttention, self).__init__()\n"
                    "+        self.pytorch_major_version = int(torch.__version__.split('.')[0])\n") != std::string::npos);
}

TEST_CASE("ChatGLM3 under 2.11 rules: no break, so no break patch (only the recompile's dynamic=True)") {
  tparse::fix::Plan p = tparse::fix::plan_script((chatglm_dir() / "run_chatglm3.py").string(), {});
  REQUIRE(p.error.empty());
  CHECK(p.before.graphs == 1);  // torch 2.11's explain.json: 1 graph
  for (const auto& x : p.patches) CHECK(x.rule == "dynamic");
}

TEST_CASE("ChatGLM3 patched: our 2.11 counts equal real torch 2.11's on the same patched files (fix_truth.json)") {
  using namespace tparse::fix;
  std::string script = (chatglm_dir() / "run_chatglm3.py").string();
  Plan p = plan_script(script, {.torch = "2.3"});
  REQUIRE(p.patches.size() >= 2);
  simdjson::dom::parser parser;
  simdjson::dom::element truth;
  REQUIRE(parser.load((fs::path(TPARSE_TESTDATA) / "programs" / "fix_truth.json").string()).get(truth) == simdjson::SUCCESS);
  std::map<std::string, int64_t> real_graphs;
  for (auto row : truth["cases"].get_array()) {
    std::string_view name;
    int64_t g = 0;
    if (row["name"].get(name) == simdjson::SUCCESS && row["patched_counts"]["graphs"].get(g) == simdjson::SUCCESS)
      real_graphs[std::string(name)] = g;
  }
  REQUIRE(real_graphs.count("chatglm3_hoist"));
  REQUIRE(real_graphs.count("chatglm3_all"));
  Workspace ws;
  std::string err;
  REQUIRE(ws.make(script, {.torch = "2.11"}, err));
  auto patched = [&](const std::vector<const Patch*>& ps) {
    std::map<std::string, std::vector<Edit>> by_file;
    for (const Patch* x : ps) by_file[x->file].insert(by_file[x->file].end(), x->edits.begin(), x->edits.end());
    std::map<std::string, std::string> texts;
    for (auto& [file, edits] : by_file) {
      std::ifstream f(file, std::ios::binary);
      std::stringstream ss;
      ss << f.rdbuf();
      texts[file] = tparse::fix::apply(SourceText::from(file, ss.str()), edits);
    }
    return ws.run(texts);
  };
  Metrics hoist = patched({&p.patches[0]});
  REQUIRE(hoist.ok);
  CHECK(hoist.graphs_total == real_graphs["chatglm3_hoist"]);  // 2: the second input length recompiles
  CHECK(hoist.break_events == 0);
  Metrics all = patched({&p.patches[0], &p.patches[1]});
  REQUIRE(all.ok);
  CHECK(all.graphs_total == real_graphs["chatglm3_all"]);      // 1 with dynamic=True
}

int main(int argc, char** argv) {
  if (!fs::exists(chatglm_dir() / "glm" / "modeling_chatglm.py")) {
    std::printf("skipped: %s absent\n", chatglm_dir().string().c_str());
    return 77;
  }
  doctest::Context ctx(argc, argv);
  return ctx.run();
}
