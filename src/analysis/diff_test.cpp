// Trace diff on real traces: print_break vs mlp_clean and recompile_dynamic vs itself.
#include <doctest/doctest.h>

#include "analysis/diff.hpp"
#include "core/ingest.hpp"
#include "core/test_support.hpp"

using namespace tparse;
using namespace tparse::analysis;

namespace {
Snapshot snap(const char* name) {
  return snapshot_of(load_trace({(testing::testdata() / "torch-2.11" / name / "trace").string()}).model);
}
}  // namespace

TEST_CASE("diff names added, removed and unchanged sites and frames on each side") {
  TraceDiff d = diff_snapshots(snap("mlp_clean"), snap("print_break"));
  CHECK(d.before.graphs == 1);
  CHECK(d.after.graphs == 3);  // truth.json unique_graphs
  CHECK(d.sites.added.size() == 1);
  CHECK(d.sites.removed.empty());
  std::string t = diff_text(d);
  CHECK(t.find("+ /home/user/zoo/models.py:152 in forward  Failed to trace builtin operator [gb0059]") != std::string::npos);
  bool forward_only_new = false;
  for (const auto& f : d.frames)
    if (f.name == "forward") forward_only_new = !f.in_before && f.in_after && f.after.recompiles == 1 && f.after.compiles == 2;
  CHECK(forward_only_new);
  std::string j = diff_json(d);
  CHECK(j.find("\"schema\": \"tparse-diff\"") != std::string::npos);
  TraceDiff same = diff_snapshots(snap("recompile_dynamic"), snap("recompile_dynamic"));
  CHECK(same.sites.added.empty());
  CHECK(same.after.recompiles == 3);
  REQUIRE(same.frames.size() == 1);
  CHECK(same.frames[0].after.compiles == 4);
}
