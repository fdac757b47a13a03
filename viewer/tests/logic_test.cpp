// Panel logic on real torch 2.11 traces: compile status, selection by id, worst offenders,
// filtering, keyboard stepping, recompile chains, rank comparison, search and the timeline.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "core/ingest.hpp"
#include "core/test_support.hpp"
#include "model/logic.hpp"
#include "model/provenance_jumps.hpp"
#include "model/search.hpp"
#include "model/timeline_model.hpp"

using namespace tparse;
using namespace tparse::viewer;

namespace {

const LoadedTrace& trace(const std::string& name) {
  static std::map<std::string, LoadedTrace> cache;
  auto it = cache.find(name);
  if (it == cache.end())
    it = cache.emplace(name, load_trace({(tparse::testing::testdata() / "torch-2.11" / name / "trace").string()})).first;
  return it->second;
}

}  // namespace

TEST_CASE("find_compile accepts the spellings users type and respects rank") {
  const Model& m = trace("print_break").model;
  auto c = find_compile(m, "[1/0]");
  REQUIRE(c);
  CHECK(m.compiles[static_cast<size_t>(*c)].id.frame == 1);
  CHECK(m.compiles[static_cast<size_t>(*c)].id.compile == 0);
  CHECK(find_compile(m, "1/0") == c);
  CHECK(find_compile(m, "[1/0_1]") == c);
  CHECK_FALSE(find_compile(m, "[9/9]"));
  CHECK_FALSE(find_compile(m, "garbage"));

  const Model& d = trace("ddp_gloo_4ranks").model;
  auto r2 = find_compile(d, "rank2 [0/1]");
  REQUIRE(r2);
  CHECK(d.compiles[static_cast<size_t>(*r2)].rank == 2);
  CHECK(d.compiles[static_cast<size_t>(*r2)].recompile >= 0);  // rank 2 saw a different batch once
  CHECK_FALSE(find_compile(d, "rank1 [0/1]"));                 // only rank 2 recompiled
}

TEST_CASE("status colours follow the model: breaks, recompiles, failures, fallbacks") {
  const Model& pb = trace("print_break").model;
  const Compile& c10 = pb.compiles[static_cast<size_t>(*find_compile(pb, "[1/0]"))];
  CHECK(compile_status(pb, c10) == Status::Break);
  const Compile& c20 = pb.compiles[static_cast<size_t>(*find_compile(pb, "[2/0]"))];
  CHECK(compile_status(pb, c20) == Status::Ok);

  const Model& cf = trace("compile_failure").model;
  bool any_failed = std::any_of(cf.compiles.begin(), cf.compiles.end(), [&](const Compile& c) { return compile_status(cf, c) == Status::Failed; });
  CHECK(any_failed);

  const Model& rl = trace("recompile_limit").model;
  bool fallback = false;
  for (const Frame& f : rl.frames) fallback = fallback || frame_status(rl, f) == Status::Fallback;
  CHECK(fallback);
  const Model& rd = trace("recompile_dynamic").model;
  CHECK(compile_status(rd, rd.compiles[static_cast<size_t>(*find_compile(rd, "[0/1]"))]) == Status::Recompile);
}

TEST_CASE("worst offenders and site sorting") {
  const Model& m = trace("ddp_gloo_4ranks").model;
  auto sites = sorted_sites(m, -1, "");
  REQUIRE(sites.size() == m.break_sites.size());
  for (size_t i = 1; i < sites.size(); ++i)
    CHECK(site_count(m, m.break_sites[static_cast<size_t>(sites[i - 1])], -1) >= site_count(m, m.break_sites[static_cast<size_t>(sites[i])], -1));
  // Rank filter: rank 0 alone has fewer events than all ranks together.
  int64_t all = 0, r0 = 0;
  for (const auto& s : m.break_sites) all += site_count(m, s, -1), r0 += site_count(m, s, 0);
  CHECK(all == static_cast<int64_t>(m.breaks.size()));
  CHECK(r0 > 0);
  CHECK(r0 < all);
  CHECK(sorted_sites(m, -1, "no-such-text-anywhere").empty());
  CHECK(sorted_sites(m, -1, "contextlib").size() == 1);

  Offenders o = worst_offenders(trace("recompile_dynamic").model, -1, 3);
  REQUIRE(o.frames.size() == 1);
  CHECK(trace("recompile_dynamic").model.frames[static_cast<size_t>(o.frames[0])].compiles.size() == 4);
  REQUIRE(o.compiles.size() == 3);
  const Model& rd = trace("recompile_dynamic").model;
  CHECK(rd.compiles[static_cast<size_t>(o.compiles[0])].compile_time_s() >= rd.compiles[static_cast<size_t>(o.compiles[1])].compile_time_s());
}

TEST_CASE("frame filter, tree order and keyboard stepping") {
  const Model& m = trace("print_break").model;
  auto all = visible_frames(m, -1, "");
  CHECK(all.size() == m.frames.size());
  auto resume = visible_frames(m, -1, "RESUME_in");
  REQUIRE(resume.size() == 1);
  CHECK(m.frames[static_cast<size_t>(resume[0])].is_resume);
  CHECK(visible_frames(m, -1, "[1/1]").size() == 1);
  auto order = compile_order(m, all);
  CHECK(order.size() == m.compiles.size());
  CHECK(step_in(order, -1, 1) == order.front());
  CHECK(step_in(order, order[0], 1) == order[1]);
  CHECK(step_in(order, order[0], -1) == order[0]);
  CHECK(step_in(order, order[1], 100) == order.back());
  CHECK(step_in({}, 3, 1) == -1);
}

TEST_CASE("recompile chain says what changed") {
  const Model& m = trace("recompile_dynamic").model;
  REQUIRE(m.frames.size() == 1);
  auto chain = recompile_chain(m, 0);
  REQUIRE(chain.size() == 4);
  CHECK(chain[0].recompile == -1);
  REQUIRE_FALSE(chain[1].changes.empty());
  CHECK(chain[1].changes[0].find("size") != std::string::npos);
  CHECK(chain[1].changes[0].find("dim 0") != std::string::npos);
  CHECK(chain[1].changes[0].find("4 -> 8") != std::string::npos);
  REQUIRE_FALSE(chain[2].changes.empty());
  CHECK(chain[2].changes[0].find("Float -> Half") != std::string::npos);
  CHECK(recompiled_frames(m, -1).size() == 1);
}

TEST_CASE("rank compare puts the differing frame first") {
  const Model& m = trace("ddp_gloo_4ranks").model;
  auto rows = compare_ranks(m, 0, 2);
  REQUIRE_FALSE(rows.empty());
  CHECK(rows[0].differs());
  CHECK(rows[0].recompiles[1] == 1);
  CHECK(rows[0].recompiles[0] == 0);
  auto same = compare_ranks(m, 0, 1);
  size_t ndiff = std::count_if(same.begin(), same.end(), [](const RankRow& r) { return r.differs(); });
  CHECK(ndiff < rows.size());
}

TEST_CASE("search over frames, reasons, guards and code") {
  const LoadedTrace& t = trace("print_break");
  auto hits = search_model(t.model, "builtin operator", -1, 100);
  REQUIRE_FALSE(hits.empty());
  CHECK(hits[0].kind == SearchHit::Kind::Reason);
  CHECK(hits[0].site >= 0);
  auto fr = search_model(t.model, "resume_in_forward", -1, 100);
  REQUIRE_FALSE(fr.empty());
  CHECK(fr[0].kind == SearchHit::Kind::Frame);
  CHECK(search_model(t.model, "", -1, 100).empty());

  auto code = search_payloads(t.model, t.payloads, "torch._C._nn.linear", -1, 100);
  REQUIRE_FALSE(code.empty());
  CHECK(code[0].kind == SearchHit::Kind::Code);
  CHECK(code[0].line > 1);
  auto guards = search_payloads(t.model, t.payloads, "TENSOR_MATCH", -1, 100);
  REQUIRE_FALSE(guards.empty());
  CHECK(std::all_of(guards.begin(), guards.end(), [](const SearchHit& h) { return h.kind == SearchHit::Kind::Guard; }));
  std::atomic<bool> stop{true};
  CHECK(search_payloads(t.model, t.payloads, "TENSOR_MATCH", -1, 100, &stop).empty());
}

TEST_CASE("timeline pairs begin/end events into nested spans per rank") {
  const Model& m = trace("print_break").model;
  Timeline t = build_timeline(m, -1);
  REQUIRE_FALSE(t.spans.empty());
  CHECK(t.lanes.size() >= 1);
  for (const auto& s : t.spans) {
    CHECK(s.end_us >= s.start_us);
    CHECK(m.events[static_cast<size_t>(s.event)].ph == 'B');
  }
  CHECK(std::any_of(t.spans.begin(), t.spans.end(), [](const TimelineSpan& s) { return s.depth > 0; }));
  const Model& d = trace("ddp_gloo_4ranks").model;
  Timeline all = build_timeline(d, -1), r1 = build_timeline(d, 1);
  CHECK(all.lanes.size() >= 4);
  CHECK(r1.spans.size() < all.spans.size());
  for (const auto& l : r1.lanes) CHECK(l.rank == 1);

  double a = 0, b = 100;
  zoom_window(a, b, 50, 2.0, 0, 100);
  CHECK(a == doctest::Approx(25));
  CHECK(b == doctest::Approx(75));
  zoom_window(a, b, 75, 0.1, 0, 100);  // zooming out never leaves the trace
  CHECK(a == doctest::Approx(0));
  CHECK(b == doctest::Approx(100));
}

TEST_CASE("source lines are read only when the file exists here") {
  // This file by an absolute path (__FILE__ may be relative to the build tree, e.g. with ccache).
  const std::string here = (std::filesystem::path(TPARSE_TESTDATA).parent_path() / "viewer" / "tests" / "logic_test.cpp").string();
  auto self = read_source_line(here, 1);
  REQUIRE(self);
  CHECK(self->find("Panel logic") != std::string::npos);
  CHECK_FALSE(read_source_line("/home/user/zoo/models.py", 151));
  CHECK_FALSE(read_source_line(here, 0));
  CHECK(human_bytes(3 * 1048576 + 1) == "3.0 MB");
}

// Issue 14: the Artifacts panel's "[-/-]" list and provenance jumps on tlparse's AOTInductor log
// (../shared): every artifact is listed without a compile, and the pre-grad node `linear` jumps to
// the post-grad lines of its partners `permute` and `addmm` (the log's preToPost mapping).
TEST_CASE("Artifacts panel: [-/-] artifacts and provenance jumps (AOTInductor log)" * doctest::test_suite("needs_shared")) {
  auto log = tparse::testing::shared_testdata() / "tlparse-inputs" / "inductor_provenance_aot_log.txt";
  REQUIRE(std::filesystem::exists(log));
  LoadedTrace t = load_trace({log.string()});
  const Model& m = t.model;
  CHECK(m.compiles.empty());
  const auto& arts = artifacts_for(m, -1);
  CHECK(arts.size() == 12);  // aot_inference_graph, 9 artifacts, 2 graph_dumps (counted in the raw log)
  int32_t pre = -1, post = -1;
  for (size_t i = 0; i < arts.size(); ++i) {
    if (arts[i].name == "before_pre_grad_graph") pre = static_cast<int32_t>(i);
    if (arts[i].name == "after_post_grad_graph") post = static_cast<int32_t>(i);
  }
  REQUIRE(pre >= 0);
  REQUIRE(post >= 0);
  auto lines = provenance_lines(arts, t.payloads, pre);
  REQUIRE(!lines.empty());
  std::string post_text = t.payloads.get(arts[static_cast<size_t>(post)].payload);
  auto line_of = [](const std::string& text, int64_t line0) {
    size_t s = 0;
    for (int64_t i = 0; i < line0 && s != std::string::npos; ++i) s = text.find('\n', s) + 1;
    return text.substr(s, text.find('\n', s) - s);
  };
  bool found = false;
  for (const auto& pl : lines) {
    if (pl.text.rfind("linear", 0) != 0) continue;
    found = true;
    std::set<std::string> names;
    for (const auto& j : pl.to) {
      CHECK(j.artifact == post);
      std::string l = line_of(post_text, j.line0);
      size_t k = l.find_first_not_of(' ');
      names.insert(l.substr(k, l.find_first_of(":= ", k) - k));
    }
    CHECK(names == std::set<std::string>{"permute", "addmm"});
  }
  CHECK(found);
  CHECK(provenance_lines(arts, t.payloads, -1).empty());
}
