// Gate rules and output formats on the real print_break / mlp_clean traces, baselines made by
// summary_json, path-prefix-rewritten copies and line-shifted sites.
#include <doctest/doctest.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "analysis/gate/gate.hpp"
#include "core/ingest.hpp"
#include "core/model/summary.hpp"
#include "core/test_support.hpp"

using namespace tparse;
using namespace tparse::analysis;

namespace {

std::string trace_dir(const char* name) { return (testing::testdata() / "torch-2.11" / name / "trace").string(); }

std::string gunzip_trace(const char* name) {
  std::string out;
  for (const auto& e : std::filesystem::directory_iterator(trace_dir(name))) {
    gzFile f = gzopen(e.path().c_str(), "rb");
    REQUIRE(f);
    char buf[1 << 16];
    int n;
    while ((n = gzread(f, buf, sizeof buf)) > 0) out.append(buf, static_cast<size_t>(n));
    gzclose(f);
  }
  return out;
}

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size())) s.replace(p, from.size(), to);
  return s;
}

Snapshot via_summary_json(const Model& m) {
  Snapshot s;
  std::string err;
  REQUIRE(snapshot_from_summary_json(summary_json(m), s, err));
  return s;
}

}  // namespace

TEST_CASE("baseline from print_break vs mlp_clean passes; the reverse fails naming models.py:152") {
  LoadedTrace pb = load_trace({trace_dir("print_break")});
  LoadedTrace mlp = load_trace({trace_dir("mlp_clean")});
  GateResult ok = run_gate(via_summary_json(pb.model), snapshot_of(mlp.model), {});
  CHECK(ok.pass);
  CHECK(ok.match.removed.size() == 1);  // the print site went away
  CHECK(gate_text(ok).find("Gone since the baseline") != std::string::npos);

  GateResult bad = run_gate(via_summary_json(mlp.model), snapshot_of(pb.model), {});
  CHECK(!bad.pass);
  REQUIRE(bad.match.added.size() == 1);
  const SiteSnap& s = bad.cur.sites[static_cast<size_t>(bad.match.added[0])];
  CHECK(site_label(s) == "models.py:152");
  CHECK(s.gb_id == "gb0059");
  CHECK(s.code == "print(\"layer output norm computed\")");
  std::string text = gate_text(bad);
  CHECK(text.find("models.py:152") != std::string::npos);
  CHECK(text.find("FAIL") != std::string::npos);
  std::string gh = gate_github(bad, "/nonexistent");
  CHECK(gh.find("::error file=/home/user/zoo/models.py,line=152,title=New graph break [gb0059]::") != std::string::npos);
  std::string junit = gate_junit(bad);
  CHECK(junit.find("<testcase classname=\"tparse.gate.new_break\" name=\"models.py:152\"") != std::string::npos);
  // --allow-increase turns the break checks off; --max-graph-breaks still applies.
  CHECK(run_gate(snapshot_of(mlp.model), snapshot_of(pb.model), {.allow_increase = true}).pass);
  CHECK(!run_gate(snapshot_of(mlp.model), snapshot_of(pb.model), {.max_graph_breaks = 2, .allow_increase = true}).pass);
  CHECK(run_gate(snapshot_of(mlp.model), snapshot_of(pb.model), {.max_graph_breaks = 3, .allow_increase = true}).pass);
}

TEST_CASE("a copy with every path prefix changed is not a change") {
  std::string text = gunzip_trace("print_break");
  std::string moved = replace_all(replace_all(text, "/home/user/zoo/", "/builds/ci-runner-7/src/zoo/"),
                                  "/opt/torch/.venv/", "/usr/local/pyenv/versions/3.12/");
  REQUIRE(moved != text);
  IngestOptions o;
  o.verify_md5 = false;  // payload text changed, so its md5 no longer matches
  LoadedTrace a = load_trace_text(text, "a.log", o);
  LoadedTrace b = load_trace_text(moved, "b.log", o);
  REQUIRE(b.model.break_sites.size() == 1);
  CHECK(b.model.break_sites[0].user_file == "/builds/ci-runner-7/src/zoo/models.py");
  GateResult r = run_gate(via_summary_json(a.model), snapshot_of(b.model), {});
  CHECK(r.pass);
  CHECK(r.match.added.empty());
  CHECK(r.match.removed.empty());
  CHECK(r.match.matched.size() == 1);
}

TEST_CASE("site matching survives a line shift and keeps different reasons apart") {
  SiteSnap a{"/home/u/zoo/models.py", "forward", "Failed to trace builtin operator", "gb0059", "print(\"x\")", 152, 3, "", ""};
  SiteSnap moved = a;
  moved.file = "/ci/zoo/models.py";
  moved.line = 170;  // 18 lines of unrelated code inserted above
  SiteSnap other{"/ci/zoo/models.py", "forward", "Dynamic shape operator", "gb0036", "y.nonzero()", 152, 1, "", ""};
  SiteMatch m = match_sites({a}, {other, moved});
  REQUIRE(m.matched.size() == 1);
  CHECK(m.matched[0] == std::pair<int32_t, int32_t>{0, 1});
  CHECK(m.added == std::vector<int32_t>{0});
  // Two sites with the same reason in one function: the same source text wins over line distance.
  SiteSnap p1 = a, p2 = a;
  p2.line = 160;
  p2.code = "print(\"y\")";
  SiteSnap q2 = p2;
  q2.line = 150;  // p2 moved above p1's old line
  SiteSnap q1 = p1;
  q1.line = 175;
  SiteMatch mm = match_sites({p1, p2}, {q1, q2});
  REQUIRE(mm.matched.size() == 2);
  CHECK(mm.matched[0] == std::pair<int32_t, int32_t>{0, 0});
  CHECK(mm.matched[1] == std::pair<int32_t, int32_t>{1, 1});
  // Different basename: never the same site.
  SiteSnap c = a;
  c.file = "/home/u/zoo/other.py";
  CHECK(match_sites({a}, {c}).matched.empty());
}

TEST_CASE("fail-on, compile time and option parsing") {
  GateOptions o;
  std::string bad;
  CHECK(parse_fail_on("failures,recompiles", o, bad));
  CHECK(o.fail_on_failures);
  CHECK(o.fail_on_recompiles);
  CHECK(!o.fail_on_fallbacks);
  CHECK(!parse_fail_on("failures,bogus", o, bad));
  CHECK(bad == "bogus");
  double f = 0;
  CHECK(parse_percent("20%", f));
  CHECK(f == doctest::Approx(0.2));
  CHECK(parse_percent("0.5", f));
  CHECK(!parse_percent("abc", f));
  CHECK(!parse_percent("-5%", f));
  LoadedTrace lim = load_trace({trace_dir("recompile_limit")});
  Snapshot s = snapshot_of(lim.model);
  CHECK(s.fallbacks == 1);
  CHECK(run_gate(s, s, {}).pass);
  CHECK(!run_gate(s, s, {.fail_on_fallbacks = true}).pass);
  CHECK(!run_gate(s, s, {.max_recompiles = 3}).pass);
  CHECK(!run_gate(s, s, {.max_graphs = 7}).pass);  // truth: unique_graphs 8
  Snapshot slower = s;
  slower.compile_time_s = s.compile_time_s * 1.3;
  CHECK(!run_gate(s, slower, {.max_compile_time_increase = 0.2}).pass);
  CHECK(run_gate(s, slower, {.max_compile_time_increase = 0.5}).pass);
}

TEST_CASE("summary JSON that is not a tparse summary is refused") {
  Snapshot s;
  std::string err;
  CHECK(!snapshot_from_summary_json("{\"schema\": \"other\"}", s, err));
  CHECK(!snapshot_from_summary_json("not json", s, err));
}

TEST_CASE("SARIF: new print() break and the recompile are results; same run against itself has none") {
  LoadedTrace pb = load_trace({trace_dir("print_break")});
  LoadedTrace mlp = load_trace({trace_dir("mlp_clean")});
  Snapshot cur = snapshot_of(pb.model);
  REQUIRE(cur.sites.size() == 1);
  CHECK(cur.sites[0].category == "print_logging");
  CHECK(cur.sites[0].fix.find("print") != std::string::npos);
  REQUIRE(cur.recompile_list.size() == 1);
  CHECK(cur.recompile_list[0].frame == "forward");
  CHECK(cur.recompile_list[0].line == 150);
  CHECK(cur.recompile_list[0].category == "requires_grad_change");

  GateResult bad = run_gate(snapshot_of(mlp.model), cur, {});
  CHECK(bad.regressed_recompiles == std::vector<int32_t>{0});  // mlp_clean never recompiles forward
  CHECK(!bad.recompile_check_failed);
  std::string s = gate_sarif(bad, "/nonexistent-root");
  CHECK(s.find("\"version\": \"2.1.0\"") != std::string::npos);
  CHECK(s.find("\"ruleId\": \"gb0059\"") != std::string::npos);
  CHECK(s.find("\"ruleId\": \"tparse.recompile.requires_grad_change\"") != std::string::npos);
  CHECK(s.find("\"startLine\": 152") != std::string::npos);
  CHECK(s.find("\"uri\": \"file:///home/user/zoo/models.py\"") != std::string::npos);
  CHECK(s.find("gb/gb0059.html") != std::string::npos);

  GateResult same = run_gate(snapshot_of(pb.model), cur, {});
  CHECK(same.pass);
  CHECK(same.regressed_recompiles.empty());
  CHECK(gate_sarif(same).find("\"results\": []") != std::string::npos);

  GateOptions strict;
  strict.max_recompiles = 0;
  GateResult limit = run_gate(snapshot_of(pb.model), cur, strict);
  CHECK(!limit.pass);
  CHECK(limit.recompile_check_failed);
  CHECK(limit.regressed_recompiles.size() == 1);
  std::string ls = gate_sarif(limit);
  CHECK(ls.find("\"level\": \"error\"") != std::string::npos);
  CHECK(ls.find("\"id\": \"tparse.gate.max_recompiles\"") != std::string::npos);
}

namespace {
std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}
}  // namespace

TEST_CASE("baselines that are not a tparse summary are refused with a one-line reason, never thrown") {
  // Issue 13.1: torch's explain.json / truth.json and summaries missing parts used to abort.
  std::vector<std::pair<std::string, std::string>> inputs;  // (label, json)
  for (const char* c : {"item_break", "print_break", "data_dependent_branch"}) {  // torch's own files, bundled
    auto dir = testing::testdata() / "torch-2.11" / c;
    inputs.emplace_back(std::string(c) + "/explain.json", slurp(dir / "explain.json"));
    inputs.emplace_back(std::string(c) + "/truth.json", slurp(dir / "truth.json"));
  }
  LoadedTrace pb = load_trace({trace_dir("print_break")});
  std::string good = summary_json(pb.model, false);
  Snapshot ok;
  std::string err;
  REQUIRE(snapshot_from_summary_json(good, ok, err));
  auto cut = [&](const std::string& key, const std::string& repl) {
    size_t p = good.find(key);
    REQUIRE(p != std::string::npos);
    std::string s = good;
    s.replace(p, key.size(), repl);
    return s;
  };
  inputs.emplace_back("no totals", cut("\"totals\":", "\"totals_gone\":"));
  inputs.emplace_back("totals.graphs a string", cut("\"graphs\":", "\"graphs\":\"3\",\"x\":"));
  inputs.emplace_back("sites not an array", cut("\"sites\":", "\"sites\":{},\"x\":"));
  inputs.emplace_back("future schema", cut("\"schema_version\":3", "\"schema_version\":99"));
  inputs.emplace_back("schema_version a string", cut("\"schema_version\":3", "\"schema_version\":\"2\""));
  inputs.emplace_back("array", "[1,2,3]");
  inputs.emplace_back("number", "42");
  inputs.emplace_back("truncated", good.substr(0, good.size() / 2));
  inputs.emplace_back("site entry a number", cut("\"sites\":[", "\"sites\":[7,"));
  // Found by fuzz_gate_baseline: the "schema" value is quoted in the message, so a newline (or
  // other control character) in it must be escaped, and a long one cut.
  inputs.emplace_back("schema with a newline", cut("\"schema\":\"tparse-summary\"", "\"schema\":\"tpa\\nrwar\\t\\u0001x\""));
  inputs.emplace_back("schema very long", cut("\"schema\":\"tparse-summary\"", "\"schema\":\"" + std::string(5000, 'x') + "\""));
  for (const auto& in : inputs) {
    const auto& label = in.first;
    const auto& json = in.second;
    CAPTURE(label);
    Snapshot s;
    std::string e;
    bool r = true;
    CHECK_NOTHROW(r = snapshot_from_summary_json(json, s, e));
    CHECK_FALSE(r);
    CHECK(!e.empty());
    CHECK(e.find('\n') == std::string::npos);
    CHECK(e.size() < 400);
    for (unsigned char c : e) CHECK(c >= 0x20);
  }
  {
    Snapshot s;
    std::string e;
    CHECK_FALSE(snapshot_from_summary_json(inputs[0].second, s, e));
    CHECK(e.find("explain") != std::string::npos);
  }
}

TEST_CASE("a version-1 baseline (no processes[]) is still read") {
  LoadedTrace pb = load_trace({trace_dir("print_break")});
  std::string j = summary_json(pb.model, false);
  size_t p = j.find("\"schema_version\":3");
  REQUIRE(p != std::string::npos);
  j.replace(p, 18, "\"schema_version\":1");
  size_t a = j.find("\"processes\":"), b = j.find("\"frames\":[");
  REQUIRE(a != std::string::npos);
  REQUIRE(b > a);
  j.erase(a, b - a);
  Snapshot s;
  std::string err;
  CHECK(snapshot_from_summary_json(j, s, err));
  CHECK(s.graphs == 3);
}

TEST_CASE("fuzz regression: a site line or count too big for int64 is absent, not UB") {
  LoadedTrace pb = load_trace({trace_dir("print_break")});
  std::string j = summary_json(pb.model, false);
  size_t p = j.find("\"line\":152");
  REQUIRE(p != std::string::npos);
  j.replace(p, 10, "\"line\":1.52222e+19");
  Snapshot s;
  std::string err;
  REQUIRE(snapshot_from_summary_json(j, s, err));
  REQUIRE(!s.sites.empty());
  CHECK(s.sites[0].line == -1);
}
