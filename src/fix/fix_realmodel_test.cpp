// tparse fix on ChatGLM3-6B's own modeling code (../shared/testdata/realmodels/chatglm3, read in
// place, never copied into the repository): under torch 2.3 rules the version-check patch is
// offered and verified 143 -> 1 graphs (the published figure, zai-org/ChatGLM3#1316). Exits 77
// (ctest SKIP) when ../shared is absent.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <filesystem>

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

int main(int argc, char** argv) {
  if (!fs::exists(chatglm_dir() / "glm" / "modeling_chatglm.py")) {
    std::printf("skipped: %s absent\n", chatglm_dir().string().c_str());
    return 77;
  }
  doctest::Context ctx(argc, argv);
  return ctx.run();
}
