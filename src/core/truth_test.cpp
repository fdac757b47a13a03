// Integration tests over real torch 2.11 traces: our counts against torch's own counters
// (truth.json), and tlparse's test logs (md5 mismatches as tlparse counts them, no crash).
// Runs on the traces bundled in testdata/ always, and on ../shared/testdata when present.
#include <doctest/doctest.h>
#include <filesystem>
#include <set>
#include <simdjson.h>

#include "ingest.hpp"
#include "test_support.hpp"

using namespace tparse;
namespace fs = std::filesystem;

namespace {

std::vector<fs::path> case_dirs() {
  std::vector<fs::path> out;
  for (const fs::path& root : {tparse::testing::testdata() / "torch-2.11", tparse::testing::shared_testdata() / "torch-2.11"}) {
    if (!fs::exists(root)) continue;
    for (const auto& e : fs::directory_iterator(root))
      if (fs::exists(e.path() / "truth.json") && fs::exists(e.path() / "trace")) out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

int64_t sum_counter(simdjson::dom::element truth, const char* key) {
  simdjson::dom::object o;
  if (truth[key].get(o) != simdjson::SUCCESS) return -1;
  int64_t n = 0;
  for (auto [k, v] : o) n += v.get_int64().value_unsafe();
  return n;
}

}  // namespace

TEST_CASE("graph count equals torch's unique_graphs on every real case") {
  auto dirs = case_dirs();
  REQUIRE(dirs.size() >= 5);  // the bundled cases alone are more than this
  int checked = 0;
  for (const auto& d : dirs) {
    simdjson::dom::parser p;
    simdjson::dom::element truth = p.load((d / "truth.json").string());
    int64_t want;
    if (truth["stats"]["unique_graphs"].get(want) != simdjson::SUCCESS) continue;
    auto lt = load_trace({(d / "trace").string()});
    INFO(d.string());
    CHECK(lt.model.graph_count() == want);
    CHECK(lt.model.diag.errors() == 0);
    // torch counts resume-function creations (one code object may be created for several breaks);
    // resume frames exist exactly when torch created resume functions.
    int64_t resumes = sum_counter(truth, "resumes");
    int64_t resume_frames = 0;
    for (const auto& f : lt.model.frames) resume_frames += f.is_resume;
    CHECK((resume_frames > 0) == (resumes > 0));
    CHECK(resume_frames <= std::max<int64_t>(resumes, 0));
    ++checked;
  }
  CHECK(checked >= 5);
}

TEST_CASE("tlparse's inputs parse without a crash; md5 mismatches match tlparse") {
  fs::path root = tparse::testing::testdata() / "tlparse-inputs";
  fs::path shared = tparse::testing::shared_testdata() / "tlparse-inputs";
  if (tparse::testing::have_shared()) root = shared;
  REQUIRE(fs::exists(root));
  std::map<std::string, uint64_t> expect = {{"export.log", 1},
                                            {"simple_corrupted_json.log", 1},
                                            {"dedicated_log_torch_trace_rank_1_n8zycf07.log", 1}};
  int files = 0;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    if (!e.is_regular_file()) continue;
    auto lt = load_trace({e.path().string()});
    std::string name = e.path().filename().string();
    if (name.ends_with(".gz")) name.resize(name.size() - 3);
    uint64_t want = expect.count(name) ? expect[name] : 0;
    INFO(e.path().string());
    CHECK(lt.model.diag.counts[static_cast<int>(Diag::Md5Mismatch)] == want);
    ++files;
  }
  CHECK(files >= 3);
}
