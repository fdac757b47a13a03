// Ingest tests on synthetic traces built in memory: compiles, attempts, epochs, ranks, and every
// class of bad input (counted with file:line, never fatal, never silently dropped).
#include <doctest/doctest.h>
#include <zlib.h>

#include <filesystem>

#include "ingest.hpp"
#include "core/model/summary.hpp"
#include "test_support.hpp"

using namespace tparse;
using tparse::testing::rec;

static std::string fmt_env(const std::string& kind, const std::string& meta, int f, int c, int a) {
  return "{\"" + kind + "\": " + meta + ", \"frame_id\": " + std::to_string(f) + ", \"frame_compile_id\": " +
         std::to_string(c) + ", \"attempt\": " + std::to_string(a) + "}";
}

namespace {

std::string start(int f, int c, int a = 0) {
  return rec(fmt_env("dynamo_start", "{\"stack\": [{\"line\": 3, \"name\": \"f\", \"filename\": 0}]}", f, c, a));
}

}  // namespace


static std::string metrics(int f, int c, int a, const std::string& extra = "") {
  return rec(fmt_env("compilation_metrics", "{\"co_name\": \"f\", \"co_filename\": \"/m.py\", \"co_firstlineno\": 3" + extra + "}", f, c, a));
}

static std::string graph(int f, int c, int a) {
  return rec(fmt_env("dynamo_output_graph", "{\"sizes\": {}}", f, c, a), std::string("class GraphModule:\n    def forward(self):"));
}

static std::string str0() { return rec("{\"str\": [\"/m.py\", 0]}"); }

TEST_CASE("a clean compile counts one graph; a restarted attempt's graph is not counted twice") {
  std::string t = str0() + start(0, 0) + graph(0, 0, 0) + metrics(0, 0, 0);
  auto lt = load_trace_text(t);
  CHECK(lt.model.graph_count() == 1);
  REQUIRE(lt.model.frames.size() == 1);
  CHECK(lt.model.frames[0].name == "f");
  CHECK(lt.model.compiles[0].stack.at(0).file == "/m.py");
  CHECK(lt.model.diag.errors() == 0);

  std::string brk = "Graph break in user code at /m.py:5\nGraph Break Reason: Encountered graph break when attempting to trace CALL: "
                    "a function call, e.g. f(x, y):\n\nFailed to trace builtin operator\n  Explanation: e\n\nUser code traceback:\n"
                    "  File \"/m.py\", line 5, in f\n    print(1)\n";
  std::string t2 = str0() + start(0, 0) + graph(0, 0, 0) +
                   rec(fmt_env("artifact", "{\"name\": \"dynamo_graph_break_reason\", \"encoding\": \"string\"}", 0, 0, 0), brk) +
                   graph(0, 0, 1) + metrics(0, 0, 1, ", \"restart_reasons\": [\"Failed to trace builtin operator\"]") +
                   start(1, 0) + graph(1, 0, 0) +
                   rec(fmt_env("compilation_metrics", "{\"co_name\": \"torch_dynamo_resume_in_f_at_5\"}", 1, 0, 0));
  auto l2 = load_trace_text(t2);
  CHECK(l2.model.graph_count() == 2);
  CHECK(l2.model.restart_count() == 1);
  REQUIRE(l2.model.breaks.size() == 1);
  CHECK(l2.model.breaks[0].user_line == 5);
  REQUIRE(l2.model.breaks[0].resume_frame >= 0);
  CHECK(l2.model.frames[static_cast<size_t>(l2.model.breaks[0].resume_frame)].is_resume);
  CHECK(l2.model.compiles[0].id.str() == "[0/0_1]");
}

TEST_CASE("a failed compile's graph does not count; recompile limit is a fallback") {
  std::string t = str0() + start(0, 0) + graph(0, 0, 0) + metrics(0, 0, 0, ", \"fail_type\": \"BackendCompilerFailed\", \"fail_reason\": \"boom\"");
  auto lt = load_trace_text(t);
  CHECK(lt.model.graph_count() == 0);
  REQUIRE(lt.model.failures.size() == 1);
  CHECK(lt.model.failures[0].fail_type == "BackendCompilerFailed");

  std::string l = str0() + start(0, 0) + graph(0, 0, 0) + metrics(0, 0, 0) +
                  rec(fmt_env("artifact", "{\"name\": \"recompile_reasons\", \"encoding\": \"json\"}", 0, 1, 0),
                      std::string("0/0: tensor 'x' size mismatch at index 0. expected 4, actual 8")) +
                  rec(fmt_env("compilation_metrics", "{\"co_name\": null, \"fail_type\": \"Unsupported\", \"fail_reason\": \"Dynamo recompile limit exceeded\"}", 0, 1, 0));
  auto ll = load_trace_text(l);
  CHECK(ll.model.fallback_count() == 1);
  REQUIRE(ll.model.recompiles.size() == 1);
  CHECK(ll.model.recompiles[0].reasons.at(0).change == GuardChange::Size);
  CHECK(ll.model.compiles[1].outcome == Outcome::RecompileLimit);
}

TEST_CASE("compile ids repeating after reset() start a new epoch instead of merging") {
  std::string run = start(0, 0) + graph(0, 0, 0) + metrics(0, 0, 0);
  auto lt = load_trace_text(str0() + run + run);
  CHECK(lt.model.compiles.size() == 2);
  CHECK(lt.model.graph_count() == 2);
  CHECK(lt.model.compiles[1].epoch == 1);
  CHECK(lt.model.frames.size() == 2);
  CHECK(lt.model.diag.errors() == 0);
}

TEST_CASE("interleaved ranks in one file are split, and unranked records join the file's rank") {
  auto ranked = [](int r, const std::string& body) {
    std::string s = body;
    // add "rank": r after the kind's metadata: insert before ", \"frame_id\""
    size_t p = s.find(", \"frame_id\"");
    s.insert(p, ", \"rank\": " + std::to_string(r));
    return s;
  };
  std::string t = str0() + ranked(0, start(0, 0)) + ranked(1, start(0, 0)) + ranked(0, graph(0, 0, 0)) +
                  ranked(1, graph(0, 0, 0)) + ranked(0, metrics(0, 0, 0)) + ranked(1, metrics(0, 0, 0));
  auto lt = load_trace_text(t);
  CHECK(lt.model.ranks == std::vector<int32_t>{0, 1});
  CHECK(lt.model.graph_count() == 2);
  CHECK(lt.model.compiles.size() == 2);
  CHECK(lt.model.rank_summaries.at(1).graphs == 1);
}

TEST_CASE("bad input is counted per class with file:line and parsing goes on") {
  std::string good = start(0, 0) + graph(0, 0, 0) + metrics(0, 0, 0);
  std::string payload = "line one\nline two";
  std::string bad_md5 = rec(fmt_env("dynamo_output_graph", "{}", 1, 0, 0), payload);
  bad_md5.replace(bad_md5.find("line two"), 8, "line 2!!");
  std::string t = str0() +
                  "garbage without prefix\n" +                                            // line 2
                  "V1122 07:41:16.042000 412 a.py:1] {\"artifact\": {\"name\": \n" +       // line 3: invalid JSON
                  "\torphan payload of the broken envelope\n" +                            // line 4
                  bad_md5 +                                                                // lines 5-7
                  rec("{\"artifact\": {\"name\": \"x\", \"encoding\": \"string\"}, \"frame_id\": 0, \"frame_compile_id\": 0, \"attempt\": 0, \"has_payload\": \"00000000000000000000000000000000\"}") +
                  rec("{\"brand_new_kind\": {\"k\": 1}, \"frame_id\": 0, \"frame_compile_id\": 0, \"attempt\": 0}") +
                  "V1122 07:41:16.042000 412 a.py:1] {\"str\": [\"\xff\xfe\", 9]}\n" + good;
  auto lt = load_trace_text(t, "bad.log");
  const auto& d = lt.model.diag;
  CHECK(d.counts[static_cast<int>(Diag::NoPrefix)] == 1);
  CHECK(d.counts[static_cast<int>(Diag::InvalidJson)] == 1);
  CHECK(d.counts[static_cast<int>(Diag::OrphanPayload)] == 1);
  CHECK(d.counts[static_cast<int>(Diag::Md5Mismatch)] == 1);
  CHECK(d.counts[static_cast<int>(Diag::TruncatedPayload)] == 1);
  CHECK(d.counts[static_cast<int>(Diag::UnknownKind)] == 1);
  CHECK(d.counts[static_cast<int>(Diag::InvalidUtf8)] == 1);
  CHECK(d.unknown_kinds.at("brand_new_kind") == 1);
  REQUIRE(d.examples[static_cast<int>(Diag::NoPrefix)].size() == 1);
  CHECK(lt.model.file_of(d.examples[static_cast<int>(Diag::NoPrefix)][0].where) == "bad.log:2");
  CHECK(lt.model.file_of(d.examples[static_cast<int>(Diag::InvalidJson)][0].where) == "bad.log:3");
  CHECK(lt.model.file_of(d.examples[static_cast<int>(Diag::Md5Mismatch)][0].where) == "bad.log:5");
  // The good compile after all that still counts, and the md5-damaged graph is kept, flagged.
  CHECK(lt.model.graph_count() >= 1);
  bool flagged = false;
  for (const auto& c : lt.model.compiles)
    for (const auto& a : c.artifacts) flagged |= !a.payload.md5_ok;
  CHECK(flagged);
  // Unknown kinds are kept raw, not dropped.
  bool kept = false;
  for (const auto& c : lt.model.compiles)
    for (const auto& a : c.artifacts) kept |= a.kind == "brand_new_kind";
  CHECK(kept);
}

TEST_CASE("CRLF traces parse and md5s still match; empty input is a note") {
  std::string t = str0() + start(0, 0) + graph(0, 0, 0) + metrics(0, 0, 0);
  std::string crlf;
  for (char c : t) {
    if (c == '\n') crlf += "\r\n";
    else crlf += c;
  }
  auto lt = load_trace_text(crlf);
  CHECK(lt.model.graph_count() == 1);
  CHECK(lt.model.diag.counts[static_cast<int>(Diag::Md5Mismatch)] == 0);
  CHECK(lt.model.diag.counts[static_cast<int>(Diag::CrLf)] == 1);
  auto empty = load_trace_text("");
  CHECK(empty.model.diag.counts[static_cast<int>(Diag::EmptyFile)] == 1);
  CHECK(empty.model.diag.errors() == 0);
}

TEST_CASE("a truncated last line is reported, not a crash") {
  std::string t = str0() + start(0, 0) + "V1122 07:41:16.042000 412 a.py:1] {\"dynamo_output_graph\": {}, \"frame_id\": 0, \"frame_";
  auto lt = load_trace_text(t);
  CHECK(lt.model.diag.counts[static_cast<int>(Diag::InvalidJson)] == 1);
  CHECK(lt.model.compiles.size() == 1);
}

TEST_CASE("payloads are fetched back through the store") {
  std::string t = str0() + start(0, 0) + graph(0, 0, 0) + metrics(0, 0, 0);
  auto lt = load_trace_text(t);
  const auto& c = lt.model.compiles.at(0);
  REQUIRE(c.graph_artifact >= 0);
  CHECK(lt.payloads.get(c.artifacts[static_cast<size_t>(c.graph_artifact)].payload) == "class GraphModule:\n    def forward(self):");
}

TEST_CASE("summary JSON carries the schema version and totals") {
  auto lt = load_trace_text(str0() + start(0, 0) + graph(0, 0, 0) + metrics(0, 0, 0));
  std::string j = summary_json(lt.model);
  CHECK(j.find("\"schema_version\": 3") != std::string::npos);
  CHECK(j.find("\"graphs\": 1") != std::string::npos);
}

TEST_CASE("a 100 MB line is skipped as oversize and the records after it still count") {
  std::string t = str0() + std::string(100u << 20, 'x') + "\n" + start(0, 0) + graph(0, 0, 0) + metrics(0, 0, 0);
  auto lt = load_trace_text(std::move(t), "huge.log");
  CHECK(lt.model.diag.counts[static_cast<int>(Diag::OversizeLine)] == 1);
  CHECK(lt.model.file_of(lt.model.diag.examples[static_cast<int>(Diag::OversizeLine)].at(0).where) == "huge.log:2");
  CHECK(lt.model.graph_count() == 1);
  CHECK(lt.model.frames.at(0).where.line == 3);
}

TEST_CASE("torchrun-tagged lines: payloads decode, md5s match, ranks split") {
  std::string body = str0() + start(0, 0) + graph(0, 0, 0) + metrics(0, 0, 0);
  std::string t;
  size_t pos = 0;
  while (pos < body.size()) {  // tag every line, payload lines included, as torchrun does
    size_t nl = body.find('\n', pos);
    t += "[rank3]:" + body.substr(pos, nl - pos + 1);
    pos = nl + 1;
  }
  auto lt = load_trace_text(t);
  CHECK(lt.model.diag.errors() == 0);
  CHECK(lt.model.ranks == std::vector<int32_t>{3});
  CHECK(lt.model.graph_count() == 1);
  const Compile& c = lt.model.compiles.at(0);
  REQUIRE_FALSE(c.artifacts.empty());
  std::string text = lt.payloads.get(c.artifacts[0].payload);
  CHECK(text.find("[rank3]") == std::string::npos);
  CHECK(text.find('\t') == std::string::npos);
}

TEST_CASE("a file cut mid-record and a zero-filled tail are both named") {
  std::string good = str0() + start(0, 0) + graph(0, 0, 0);
  auto cut = load_trace_text(good.substr(0, good.size() - 5));
  CHECK(cut.model.diag.counts[static_cast<int>(Diag::TruncatedPayload)] == 1);
  CHECK(cut.model.diag.counts[static_cast<int>(Diag::Md5Mismatch)] == 1);
  // A complete last record without a final newline is not a cut: nothing to report.
  auto no_newline = load_trace_text(good.substr(0, good.size() - 1));
  CHECK(no_newline.model.diag.errors() == 0);
  auto nul = load_trace_text(good + std::string(100, '\0'));
  REQUIRE(nul.model.diag.examples[static_cast<int>(Diag::NoPrefix)].size() == 1);
  CHECK(nul.model.diag.examples[static_cast<int>(Diag::NoPrefix)][0].message.find("100 NUL bytes") != std::string::npos);
}

TEST_CASE("invalid UTF-8 in a payload is reported even with md5 checks off") {
  std::string payload = "bad \xff byte";
  std::string t = str0() + start(0, 0) + rec(fmt_env("dynamo_output_graph", "{}", 0, 0, 0), &payload);
  IngestOptions o;
  o.verify_md5 = false;
  auto lt = load_trace_text(t, "x.log", o);
  CHECK(lt.model.diag.counts[static_cast<int>(Diag::InvalidUtf8)] == 1);
}

TEST_CASE("fuzz regression: out-of-range numbers in compilation_metrics are absent values, not UB") {
  // fuzz_ingest found double -> int64 casts of out-of-range values (UBSan: "outside the range of
  // representable values"): a legacy "start_time" in seconds and integer fields written as floats.
  std::string t = str0() + start(0, 0) + metrics(0, 0, 0, ", \"start_time\": 1.71658e+22, \"duration_us\": 1e300") +
                  start(1, 0) + metrics(1, 0, 0, ", \"start_time_us\": -1e19, \"guard_count\": 12.0");
  auto lt = load_trace_text(t);
  REQUIRE(lt.model.compiles.size() == 2);
  REQUIRE(lt.model.compiles[0].metrics.has_value());
  CHECK(lt.model.compiles[0].metrics->start_time_us == -1);
  CHECK(lt.model.compiles[0].metrics->duration_us == -1);
  REQUIRE(lt.model.compiles[1].metrics.has_value());
  CHECK(lt.model.compiles[1].metrics->start_time_us == -1);
  CHECK(lt.model.compiles[1].metrics->guard_count == 12);
}

namespace {
std::string gunzip_dir(const std::filesystem::path& dir) {
  std::string out;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    gzFile f = gzopen(e.path().c_str(), "rb");
    char buf[1 << 16];
    for (int n; (n = gzread(f, buf, sizeof buf)) > 0;) out.append(buf, static_cast<size_t>(n));
    gzclose(f);
  }
  return out;
}
}  // namespace

TEST_CASE("a break Dynamo cannot resume from is non_resumable, not resumed (issue 13.6)") {
  // The real item_break trace, with its break's reason given torch's non-resumable preamble
  // (symbolic_convert: "...cannot resume from. Compiling up to the previous resumable state, then
  // skipping the rest of the function"). md5s then differ (a note-free error we ignore here).
  std::string t = gunzip_dir(testing::testdata() / "torch-2.11" / "item_break" / "trace");
  const std::string kReason = "Graph Break Reason: ";
  size_t p = t.find("\t" + kReason);
  REQUIRE(p != std::string::npos);
  LoadedTrace before = load_trace_text(t);
  REQUIRE(before.model.breaks.size() == 1);
  CHECK(before.model.breaks[0].kind == BreakKind::Resumed);
  t.insert(p + 1 + kReason.size(),
           "Encountered graph break that we cannot resume from. Compiling up to the previous resumable state, then "
           "skipping the rest of the function. Graph break encountered:\n\t\n\t");
  IngestOptions o;
  o.verify_md5 = false;
  LoadedTrace lt = load_trace_text(t, "nonresumable.log", o);
  REQUIRE(lt.model.breaks.size() == 1);
  const GraphBreak& b = lt.model.breaks[0];
  CHECK(b.kind == BreakKind::NonResumable);
  CHECK(b.gb_id == before.model.breaks[0].gb_id);   // its own id
  CHECK(b.title == before.model.breaks[0].title);
  REQUIRE(lt.model.break_sites.size() == 1);
  CHECK(lt.model.break_sites[0].kind == BreakKind::NonResumable);
  std::string j = summary_json(lt.model, false);
  CHECK(j.find("\"kind\":\"non_resumable\"") != std::string::npos);
  CHECK(summary_text(lt.model).find("(1 not resumable)") != std::string::npos);
  // The compile still produced its graph: not a failure, not a skipped frame.
  CHECK(lt.model.graph_count() == before.model.graph_count());
  CHECK(lt.model.failures.empty());
}
