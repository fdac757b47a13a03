// explain-from-trace against torch's own explain.json for the single-call cases, plus the parts
// of the true account that truth.json / the trace content pin down.
#include <doctest/doctest.h>
#include <simdjson.h>

#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>

#include "analysis/explain/explain.hpp"
#include "core/test_support.hpp"

using namespace tparse;
using namespace tparse::analysis;

namespace {

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// "<function relu at 0x7f553800a020>" and our "<function relu at 0x…>" compare equal.
std::string norm_addr(const std::string& s) {
  static const std::regex addr(" at 0x(?:[0-9a-f]+|…)>");
  return std::regex_replace(s, addr, " at 0x>");
}

// Every number, reason, user stack and op of torch's explain.json for one case directory.
void check_against_explain_json(const std::filesystem::path& dir) {
  CAPTURE(dir.string());
  LoadedTrace t = load_trace({(dir / "trace").string()});
  Explanation e = explain_trace(t);
  CAPTURE(e.selection);
  simdjson::dom::parser p;
  simdjson::dom::element ex = p.parse(simdjson::padded_string(read_file(dir / "explain.json")));
  CHECK(e.graph_count == int64_t(ex["graph_count"]));
  CHECK(e.graph_break_count == int64_t(ex["graph_break_count"]));
  CHECK(e.op_count == int64_t(ex["op_count"]));
  simdjson::dom::array reasons = ex["break_reasons"];
  REQUIRE(e.break_reasons.size() == reasons.size());
  size_t i = 0;
  for (simdjson::dom::element r : reasons) {
    const ExplainReason& mine = e.break_reasons[i++];
    CHECK(mine.reason == std::string(std::string_view(r["reason"])));
    simdjson::dom::array st = r["user_stack"];
    REQUIRE(mine.user_stack.size() == st.size());
    size_t k = 0;
    for (simdjson::dom::element f : st) {
      const StackFrame& sf = mine.user_stack[k++];
      CHECK(sf.file + ":" + std::to_string(sf.line) + " in " + sf.name == std::string(std::string_view(f)));
    }
  }
  simdjson::dom::array opg = ex["ops_per_graph"];
  REQUIRE(e.graphs.size() == opg.size());
  size_t g = 0;
  for (simdjson::dom::element ops : opg) {
    std::vector<std::string> theirs;
    for (simdjson::dom::element op : ops.get_array()) theirs.push_back(norm_addr(std::string(std::string_view(op))));
    std::vector<std::string> mine;
    for (const auto& op : e.graphs[g].ops.call_functions) mine.push_back(norm_addr(op));
    CHECK(mine == theirs);
    ++g;
  }
}

// Case directories under ROOT/torch-2.11 that hold torch's explain.json, sorted.
std::vector<std::filesystem::path> explain_cases(const std::filesystem::path& root) {
  std::vector<std::filesystem::path> out;
  for (const auto& d : std::filesystem::directory_iterator(root / "torch-2.11"))
    if (std::filesystem::exists(d.path() / "explain.json")) out.push_back(d.path());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("explain numbers, reasons, user stacks and ops equal torch's explain.json on every bundled case") {
  // Includes our own device-made cases: in-place operators (inplace_kv_cache: setitem, itruediv, iadd,
  // imul, isub), a skipped root with layer frames (moe_bincount_layers, item_per_layer) and breaks in
  // eagerly-run callees (eager_callee_breaks); testdata/torch-2.11/*/program.py made them.
  auto cases = explain_cases(testing::testdata());
  CHECK(cases.size() >= 15);
  for (const auto& dir : cases) check_against_explain_json(dir);
}

TEST_CASE("explain equals torch's explain.json on every ../shared case" * doctest::test_suite("needs_shared")) {
  auto cases = explain_cases(testing::shared_testdata());
  CHECK(cases.size() >= 11);
  for (const auto& dir : cases) check_against_explain_json(dir);
}

TEST_CASE("first call: exact or estimated, and why") {
  auto scope = [](const char* name) {
    return explain_trace(load_trace({(testing::testdata() / "torch-2.11" / name / "trace").string()}));
  };
  // Entry frame compiled; later compiles are first compiles or the entry's own recompile.
  Explanation mlp = scope("mlp_clean");
  CHECK(!mlp.selection_is_guess);
  CHECK(mlp.selection.find("exact:") != std::string::npos);
  // Entry frame skipped (a break in the loop over layers): later calls log nothing for it.
  Explanation item = scope("item_per_layer");
  CHECK(item.selection_is_guess);
  CHECK(item.selection.find("estimated: the entry frame [0/0] was skipped") != std::string::npos);
  // middle() recompiled for a narrower tensor inside the first call; the trace cannot tell that
  // from a later call that hit f's cache.
  Explanation callee = scope("eager_callee_breaks");
  CHECK(callee.selection_is_guess);
  CAPTURE(callee.selection);
  CHECK(callee.selection.find("estimated: [1/1_1] recompiled middle for a new input") != std::string::npos);
  // Two breaks on one line (bincount, then tolist) make two resume functions of the same name in
  // one call: not the other branch of a jump.
  Explanation moe = scope("moe_bincount_layers");
  CHECK(moe.selection.find("branch not taken") == std::string::npos);
  CHECK(moe.selected.size() == 5);
}

TEST_CASE("calls captured over the selected call equal truth.json's calls_captured") {
  // compile_failure: f's backend failed (suppressed); torch counted f's graph calls before the failure.
  for (const char* name : {"print_break", "item_break", "nonzero_break", "mlp_clean", "chatglm_version_init", "compile_failure"}) {
    CAPTURE(name);
    auto dir = testing::testdata() / "torch-2.11" / name;
    Explanation e = explain_trace(load_trace({(dir / "trace").string()}));
    simdjson::dom::parser p;
    simdjson::dom::element tr = p.parse(simdjson::padded_string(read_file(dir / "truth.json")));
    CHECK(e.calls_captured == int64_t(tr["stats"]["calls_captured"]));
  }
}

TEST_CASE("true account beside explain: print_break breaks three times at one site") {
  auto dir = testing::testdata() / "torch-2.11" / "print_break";
  LoadedTrace t = load_trace({(dir / "trace").string()});
  Explanation e = explain_trace(t);
  CHECK(e.break_events == 3);  // truth.json graph_break counter: 3
  CHECK(e.distinct_sites == 1);
  CHECK(e.graph_break_count == 2);  // explain's naive Graph Count - 1
  REQUIRE(e.sites.size() == 1);
  CHECK(e.sites[0].advice.category == "print_logging");
  CHECK(e.sites[0].source_line == "print(\"layer output norm computed\")");  // user_stack code in the trace
  REQUIRE(e.recompiling_frames.size() == 1);
  CHECK(e.recompiling_frames[0].advice[0].category == "requires_grad_change");
  std::string text = explain_text(e, t.model);
  CHECK(text.starts_with("Graph Count: 3\nGraph Break Count: 2\nOp Count: 3\nBreak Reasons:\n  Break Reason 1:\n"));
  CHECK(text.find("<FrameSummary file /home/user/zoo/models.py, line 152 in forward>") != std::string::npos);
  std::string json = explain_json(e, t.model);
  simdjson::dom::parser p;
  simdjson::dom::element j = p.parse(simdjson::padded_string(json));
  CHECK(int64_t(j["graph_count"]) == 3);
  CHECK(int64_t(j["true_account"]["break_events"]) == 3);
}

TEST_CASE("first call selection stops at a recompile of the entry frame and at the other branch") {
  // recompile_dynamic / data_dependent_branch: explain (first input) saw 1 and 2 graphs.
  for (auto row : {std::pair{"recompile_dynamic", 1}, std::pair{"data_dependent_branch", 2}, std::pair{"recompile_limit", 1}}) {
    const auto name = row.first;
    const auto graphs = row.second;
    CAPTURE(name);
    auto dir = testing::testdata() / "torch-2.11" / name;
    Explanation e = explain_trace(load_trace({(dir / "trace").string()}));
    CHECK(e.graph_count == graphs);
    simdjson::dom::parser p;
    simdjson::dom::element ex = p.parse(simdjson::padded_string(read_file(dir / "explain.json")));
    CHECK(e.graph_count == int64_t(ex["graph_count"]));
    CHECK(e.break_reasons.size() == simdjson::dom::array(ex["break_reasons"]).size());
  }
}

TEST_CASE("recompile limit frames are reported with a fix") {
  auto dir = testing::testdata() / "torch-2.11" / "recompile_limit";
  LoadedTrace t = load_trace({(dir / "trace").string()});
  Explanation e = explain_trace(t, {.frame = "", .all_calls = true});
  CHECK(e.fallbacks == 1);
  REQUIRE(e.recompiling_frames.size() == 1);
  CHECK(e.recompiling_frames[0].hit_limit);
  CHECK(e.recompiling_frames[0].advice.front().category == "size_change");
  CHECK(e.graph_count == 8);  // truth: unique_graphs 8
}

TEST_CASE("--frame narrows to one function and its resume functions") {
  auto dir = testing::testdata() / "torch-2.11" / "print_break";
  LoadedTrace t = load_trace({(dir / "trace").string()});
  Explanation e = explain_trace(t, {.frame = "forward"});
  CHECK(e.graph_count == 3);  // forward [1/0], its resume [2/0], forward [1/1]; not inner [0/0]
  CHECK(e.compiles == 3);
  Explanation none = explain_trace(t, {.frame = "no_such_function"});
  CHECK(none.graph_count == 0);
  CHECK(none.graph_break_count == -1);
}

TEST_CASE("source lines are read from a local copy found by path suffix") {
  auto dir = std::filesystem::temp_directory_path() / "tparse_explain_src";
  std::filesystem::create_directories(dir / "zoo");
  {
    std::ofstream out(dir / "zoo" / "models.py");
    for (int i = 1; i < 152; ++i) out << "# line " << i << "\n";
    out << "        print('local copy')\n";
  }
  std::string text, at;
  REQUIRE(read_source_line("/home/user/zoo/models.py", 152, {dir.string()}, text, at));
  CHECK(text == "print('local copy')");
  CHECK(!read_source_line("/home/user/zoo/models.py", 999, {dir.string()}, text, at));
  std::filesystem::remove_all(dir);
}

TEST_CASE("user stacks start at the compiled code object, not at a frame of the same name (issue 13.9)") {
  // The real print_break trace: torch's explain shows [models.py:152 in forward] for [1/0].
  LoadedTrace t = load_trace({(testing::testdata() / "torch-2.11" / "print_break" / "trace").string()});
  Explanation base = explain_trace(t);
  REQUIRE(!base.break_reasons.empty());
  const ExplainReason& r0 = base.break_reasons[0];
  REQUIRE(r0.user_stack.size() == 1);
  CHECK(r0.user_stack[0].name == "forward");
  CHECK(r0.user_stack[0].line == 152);
  const Compile& c = t.model.compiles[static_cast<size_t>(r0.compile)];
  const GraphBreak& b = t.model.breaks[static_cast<size_t>(r0.brk)];
  size_t want = b.user_stack.size() - 1;  // the compiled forward is the innermost frame here
  CHECK(compiled_frame_index(t.model, c, b.user_stack) == want);
  SUBCASE("the compiled frame is a resume function (its traceback frame keeps the original name)") {
    Model m = t.model;
    m.frames[static_cast<size_t>(c.frame)].name = "torch_dynamo_resume_in_forward_at_150";
    CHECK(compiled_frame_index(m, m.compiles[static_cast<size_t>(r0.compile)], b.user_stack) == want);
  }
  SUBCASE("an inlined callee named like the compiled function, further down, does not cut the stack") {
    Stack deeper = b.user_stack;
    deeper.push_back({b.user_stack.back().file, 300, "forward", "return self.inner(x)"});
    CHECK(compiled_frame_index(t.model, c, deeper) == want);  // still the outer forward at 152
  }
}

TEST_CASE("a multi-line recompile reason stays inside its entry in explain's text (issue 13.10)") {
  LoadedTrace t = load_trace({(testing::testdata() / "torch-2.11" / "recompile_dynamic" / "trace").string()});
  REQUIRE(!t.model.recompiles.empty());
  for (auto& r : t.model.recompiles)
    for (auto& g : r.reasons) g.text += "\nsecond line of the reason\n\nthird after a blank";
  std::string text = explain_text(explain_trace(t), t.model);
  size_t p = text.find("\nRecompiling frames:\n");
  REQUIRE(p != std::string::npos);
  std::istringstream in(text.substr(p + 21));
  int checked = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) break;
    CAPTURE(line);
    CHECK(line.rfind("  ", 0) == 0);
    if (line.find("second line of the reason") != std::string::npos) {
      CHECK(line.rfind("        second line", 0) == 0);
      ++checked;
    }
  }
  CHECK(checked > 0);
}

TEST_CASE("a data-dependent jump in the frame is explain's `generic_jump` of the variable the break names") {
  // symbolic_convert's generic_jump: GraphCompileReason(f"generic_jump {typestr(value)}"), the value's str
  GraphBreak b;
  b.gb_id = "GB0170";
  b.title = "Data-dependent branching";
  b.reason = "Data-dependent branching\n  Explanation: ...\n\n  Developer debug context: attempted to jump with TensorVariable()\n";
  CHECK(explain_reason_text(b) == "generic_jump TensorVariable()");
  b.reason = "Data-dependent branching\n  Developer debug context: attempted to jump with LazyVariableTracker(realized: NumpyNdarrayVariable())\n\n For more";
  CHECK(explain_reason_text(b) == "generic_jump LazyVariableTracker(realized: NumpyNdarrayVariable())");
  b.reason = "Data-dependent branching";  // (an older trace: no context)
  CHECK(explain_reason_text(b) == "generic_jump TensorVariable()");
  // inside an inlined call it is the CALL's Unsupported, in full
  b.reason = "Encountered graph break when attempting to trace CALL: a call to a function\n\nData-dependent branching\n"
             "  Developer debug context: attempted to jump with TensorVariable()";
  CHECK(explain_reason_text(b).starts_with("Data-dependent branching"));
}
