// Parallel hashing of one file: the chunk-boundary search, and load_trace with helper threads and
// tiny chunks (boundaries inside payloads, inside envelopes, between tagged lines) giving the same
// model, diagnostics and file:line as one thread, while the workers' md5s are really used.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "ingest.hpp"
#include "prehash.hpp"
#include "summary.hpp"
#include "test_support.hpp"

using namespace tparse;
using tparse::testing::rec;

namespace {

constexpr size_t npos = std::string_view::npos;

std::string write_temp(const std::string& name, const std::string& text) {
  auto p = std::filesystem::temp_directory_path() / ("tparse_prehash_" + std::to_string(::getpid()) + "_" + name);
  std::ofstream(p, std::ios::binary) << text;
  return p.string();
}

std::string diag_dump(const Model& m) {
  std::string s;
  for (size_t i = 0; i < static_cast<size_t>(kDiagCount); ++i) {
    s += std::to_string(m.diag.counts[i]) + ":";
    for (const auto& e : m.diag.examples[i]) s += std::to_string(e.where.line) + " " + e.message + "|";
    s += "\n";
  }
  return s;
}

}  // namespace

TEST_CASE("next_record_start: the first line that is not a payload continuation") {
  std::string t = "V1 a\n\tpay\n\tload\nV2 b\n";
  CHECK(next_record_start(t, 0, true) == 0);
  CHECK(next_record_start(t, 1, true) == 16);  // mid-envelope: skip it and its payload lines
  CHECK(next_record_start(t, 5, true) == 16);  // a payload line start is not a record start
  CHECK(next_record_start(t, 7, true) == 16);
  CHECK(next_record_start(t, 16, true) == 16);
  CHECK(next_record_start(t, 17, true) == t.size());  // nothing starts after the last record
  CHECK(next_record_start(t, 17, false) == npos);     // ... unless more bytes may follow
  // torchrun tags: "[rankN]:\t" continues the record, "[rankN]:V..." starts one.
  std::string g = "[rank0]:V1 a\n[rank0]:\tp\n[rank1]:\tq\n[rank1]:V2 b\n";
  CHECK(next_record_start(g, 1, true) == 35);
  // A line too short to tell a tag from a TAB is undecided until more bytes arrive.
  std::string cut = "x\n[rank12]:";
  CHECK(next_record_start(cut, 1, false) == npos);
  CHECK(next_record_start(cut, 1, true) == 2);  // at the end of input it is a (broken) record
  std::string nl_only = "abc";
  CHECK(next_record_start(nl_only, 1, false) == npos);  // no line start seen yet
}

TEST_CASE("one file on several threads: same model and diagnostics as -j1, md5s from the workers") {
  // Payloads of several sizes, a wrong md5, invalid UTF-8, a tagged-rank section, an orphan line.
  std::string t;
  for (int i = 0; i < 40; ++i) {
    std::string body = "class GraphModule:\n";
    for (int k = 0; k < i * 7; ++k) body += "    x" + std::to_string(k) + " = torch.relu(y)\n";
    t += rec("{\"dynamo_output_graph\": {}, \"frame_id\": " + std::to_string(i) + ", \"frame_compile_id\": 0, \"attempt\": 0}",
             body);
    t += rec("{\"compilation_metrics\": {\"co_name\": \"f\"}, \"frame_id\": " + std::to_string(i) +
             ", \"frame_compile_id\": 0, \"attempt\": 0}");
    if (i == 11) {
      t += rec("{\"artifact\": {\"name\": \"a\", \"encoding\": \"string\"}, \"frame_id\": 11, \"frame_compile_id\": 0}",
               std::string("good"));
      size_t h = t.rfind("\"has_payload\": \"") + 16;
      t[h] = t[h] == '0' ? '1' : '0';  // wrong md5
    }
    if (i == 17) t += "\tstray payload line\n";
    if (i == 23) {
      std::string bad = "caf\xc3";
      t += rec("{\"artifact\": {\"name\": \"b\", \"encoding\": \"string\"}, \"frame_id\": 23, \"frame_compile_id\": 0}", bad);
    }
  }
  std::string path = write_temp("mix.log", t);
  IngestOptions one;
  one.jobs = 1;
  LoadedTrace ref = load_trace({path}, one);
  REQUIRE(ref.model.diag.counts[static_cast<int>(Diag::Md5Mismatch)] == 1);
  REQUIRE(ref.model.diag.counts[static_cast<int>(Diag::InvalidUtf8)] == 1);
  REQUIRE(ref.model.diag.counts[static_cast<int>(Diag::OrphanPayload)] == 1);
  std::string ref_json = summary_json(ref.model);
  std::string ref_diag = diag_dump(ref.model);
  for (int jobs : {2, 4}) {
    for (uint64_t chunk : {64u, 97u, 500u, 4096u}) {
      CAPTURE(jobs);
      CAPTURE(chunk);
      PrehashStats stats;
      IngestOptions o;
      o.jobs = jobs;
      o.chunk_bytes = chunk;
      o.prehash_stats = &stats;
      LoadedTrace got = load_trace({path}, o);  // main pass and workers race for the chunks
      CHECK(summary_json(got.model) == ref_json);
      CHECK(diag_dump(got.model) == ref_diag);
      CHECK(stats.hits + stats.misses == 42);  // every payload checked once
      PrehashStats all;
      all.finish_first = true;
      o.prehash_stats = &all;
      LoadedTrace got2 = load_trace({path}, o);  // every chunk hashed ahead: every md5 is the workers'
      CHECK(summary_json(got2.model) == ref_json);
      CHECK(diag_dump(got2.model) == ref_diag);
      CHECK(all.hits.load() == 42);
      CHECK(all.misses.load() == 0);
    }
  }
  std::filesystem::remove(path);
}

TEST_CASE("repeated payloads: byte-identical repeats are not hashed again, a damaged repeat still fails") {
  std::string body = "class GraphModule:\n";
  for (int k = 0; k < 50; ++k) body += "    x" + std::to_string(k) + " = torch.relu(y)\n";
  std::string t;
  for (int i = 0; i < 30; ++i) {
    std::string r = rec("{\"dynamo_output_graph\": {}, \"frame_id\": " + std::to_string(i) +
                        ", \"frame_compile_id\": 0, \"attempt\": 0}", body);
    if (i == 20) r[r.find("relu", r.find('\t')) + 1] = 'E';  // same declared md5, one byte changed
    if (i == 25) r += "\textra line\n";                        // same md5, a longer payload
    t += r;
  }
  std::string path = write_temp("repeat.log", t);
  IngestOptions one;
  one.jobs = 1;
  LoadedTrace ref = load_trace({path}, one);
  REQUIRE(ref.model.diag.counts[static_cast<int>(Diag::Md5Mismatch)] == 2);
  for (uint64_t chunk : {300u, 5000u}) {
    CAPTURE(chunk);
    PrehashStats stats;
    stats.finish_first = true;
    IngestOptions o;
    o.jobs = 2;
    o.chunk_bytes = chunk;
    o.prehash_stats = &stats;
    LoadedTrace got = load_trace({path}, o);
    CHECK(summary_json(got.model) == summary_json(ref.model));
    CHECK(diag_dump(got.model) == diag_dump(ref.model));
    CHECK(stats.hits.load() == 30);
    CHECK(stats.repeats.load() > 0);
    CHECK(stats.repeats.load() <= 27);  // never the two damaged ones, nor the first verified copy
  }
  CHECK(declared_md5("x {\"a\": 1, \"has_payload\": \"0123456789abcdef0123456789abcdef\"}") == "0123456789abcdef0123456789abcdef");
  CHECK(declared_md5("x {\"has_payload\": \"0123\"}").empty());
  std::filesystem::remove(path);
}
