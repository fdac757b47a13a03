// TailIngest (the viewer's --follow): a trace appended piece by piece gives, after every append,
// the same model as loading the file whole (load_trace is the reference), while each update
// parses only the appended bytes; appends that continue the last record, cut lines and replaced
// files are handled.
#include <doctest/doctest.h>

#include <filesystem>
#include <algorithm>
#include <fstream>
#include <thread>

#include "ingest.hpp"
#include "core/read/prehash.hpp"
#include "core/read/record_reader.hpp"
#include "core/model/summary.hpp"
#include "tail_ingest.hpp"
#include "test_support.hpp"

using namespace tparse;
using tparse::testing::rec;

namespace {

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("tparse_tail_" + std::to_string(::getpid()) + "_" + name)).string();
}

void append(const std::string& path, std::string_view bytes) {
  std::ofstream(path, std::ios::binary | std::ios::app).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

std::string whole_json(const std::string& path) {
  IngestOptions o;
  o.jobs = 1;
  return summary_json(load_trace({path}, o).model);
}

std::string synthetic() {
  std::string t = rec("{\"str\": [\"/m.py\", 0]}");
  for (int i = 0; i < 6; ++i) {
    std::string f = std::to_string(i);
    t += rec("{\"dynamo_start\": {\"stack\": [{\"line\": 3, \"name\": \"f\", \"filename\": 0}]}, \"frame_id\": " + f +
             ", \"frame_compile_id\": 0, \"attempt\": 0}");
    t += rec("{\"dynamo_output_graph\": {}, \"frame_id\": " + f + ", \"frame_compile_id\": 0, \"attempt\": 0}",
             std::string("class GraphModule:\n    def forward(self, x):\n        return x + " + f));
    t += rec("{\"compilation_metrics\": {\"co_name\": \"f\", \"co_filename\": \"/m.py\", \"co_firstlineno\": 3}, \"frame_id\": " + f +
             ", \"frame_compile_id\": 0, \"attempt\": 0}");
  }
  return t;
}

/// Appends `text` in pieces ending at `cuts` (byte positions); after each append the snapshot
/// must equal a whole load whenever the file ends at a line end.
void run_appends(const std::string& text, const std::vector<size_t>& cuts, int& rebuilds) {
  std::string path = temp_path("grow.log");
  std::filesystem::remove(path);
  append(path, "");
  TailIngest tail(path);
  size_t at = 0;
  for (size_t cut : cuts) {
    CAPTURE(cut);
    append(path, std::string_view(text).substr(at, cut - at));
    auto snap = tail.update();
    REQUIRE(snap);
    // Incremental: exactly the appended bytes, unless the last record had to be read again.
    if (!tail.last_rebuilt()) CHECK(tail.last_bytes_parsed() == cut - at);
    else {
      ++rebuilds;
      CHECK(tail.last_bytes_parsed() == cut);
    }
    CHECK(summary_json(snap->model) == whole_json(path));  // a half-written last line included
    at = cut;
    CHECK_FALSE(tail.update());  // nothing appended: no new snapshot
  }
  std::filesystem::remove(path);
}

}  // namespace

TEST_CASE("tail: records appended in pieces give the same model as a whole load, reading only new bytes") {
  std::string t = synthetic();
  // Cut after every line: each update parses just the new line(s).
  std::vector<size_t> cuts;
  for (size_t p = t.find('\n'); p != std::string::npos; p = t.find('\n', p + 1)) cuts.push_back(p + 1);
  int rebuilds = 0;
  run_appends(t, cuts, rebuilds);
  // A payload line appended after its record was fed continues that record: rebuilt, once per
  // payload line (6 graphs of 3 lines).
  CHECK(rebuilds == 18);
  // Whole records per append never rebuild, and parse exactly the appended bytes.
  std::string path = temp_path("records.log");
  std::filesystem::remove(path);
  append(path, "");
  TailIngest tail(path);
  REQUIRE(tail.update());  // the empty file
  size_t at = 0;
  for (size_t p = 0; p < t.size();) {
    size_t e = t.find('\n', p);
    size_t next = e + 1;
    while (next < t.size() && t[next] == '\t') next = t.find('\n', next) + 1;
    append(path, std::string_view(t).substr(p, next - p));
    auto snap = tail.update();
    REQUIRE(snap);
    CHECK_FALSE(tail.last_rebuilt());
    CHECK(tail.last_bytes_parsed() == next - p);
    CHECK(summary_json(snap->model) == whole_json(path));
    at = p = next;
  }
  CHECK(at == t.size());
  std::filesystem::remove(path);
}

TEST_CASE("tail: a line cut mid-write is fed once it ends; a replaced file is read again") {
  std::string t = synthetic();
  std::vector<size_t> cuts;
  for (size_t p = 7; p < t.size(); p += 61) cuts.push_back(p);  // mid-line cuts everywhere
  cuts.push_back(t.size());
  int rebuilds = 0;
  run_appends(t, cuts, rebuilds);
  // Replaced by a shorter file: rebuilt, equal to a whole load.
  std::string path = temp_path("replace.log");
  std::ofstream(path, std::ios::binary) << t;
  TailIngest tail(path);
  REQUIRE(tail.update());
  std::string shorter = t.substr(0, t.size() / 2);
  shorter = shorter.substr(0, shorter.rfind("\nV") + 1);
  std::ofstream(path, std::ios::binary | std::ios::trunc) << shorter;
  auto snap = tail.update();
  REQUIRE(snap);
  CHECK(tail.last_rebuilt());
  CHECK(summary_json(snap->model) == whole_json(path));
  std::filesystem::remove(path);
}

TEST_CASE("tail: a real torch 2.11 trace appended in 9 pieces equals a whole load after each" * doctest::test_suite("needs_shared")) {
  REQUIRE(tparse::testing::have_shared());
  auto dir = tparse::testing::shared_testdata() / "torch-2.11" / "recompile_dynamic" / "trace";
  std::string text;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    std::ifstream in(e.path(), std::ios::binary);
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  REQUIRE(text.size() > 1000);
  std::vector<size_t> cuts;
  for (int k = 1; k <= 8; ++k) {
    size_t p = text.find("\nV", text.size() * static_cast<size_t>(k) / 9);  // record starts
    if (p != std::string::npos) cuts.push_back(p + 1);
  }
  cuts.push_back(text.size());
  int rebuilds = 0;
  run_appends(text, cuts, rebuilds);
  CHECK(rebuilds == 0);
}

namespace {

std::string gunzip_file(const std::filesystem::path& p) {
  IngestOptions o;
  std::string err;
  bool gz = false;
  auto src = open_source(p.string(), err, gz);
  REQUIRE(src);
  std::string out;
  char buf[1 << 16];
  for (long n; (n = src->read(buf, sizeof buf)) > 0;) out.append(buf, static_cast<size_t>(n));
  return out;
}

std::filesystem::path trace_gz(const std::string& name, int k = 0) {
  std::vector<std::filesystem::path> v;
  for (const auto& e : std::filesystem::directory_iterator(tparse::testing::testdata() / "torch-2.11" / name / "trace"))
    v.push_back(e.path());
  std::sort(v.begin(), v.end());
  return v.at(static_cast<size_t>(k));
}

/// summary --json of a whole load of the first `n` bytes of `text`, written under another name
/// and reported under `as` (the path is part of the JSON).
std::string prefix_json(const std::string& text, size_t n, const std::string& as) {
  std::string p = temp_path("prefix.log");
  std::ofstream(p, std::ios::binary | std::ios::trunc).write(text.data(), static_cast<std::streamsize>(n));
  std::string j = whole_json(p);
  std::filesystem::remove(p);
  for (size_t at; (at = j.find(p)) != std::string::npos;) j.replace(at, p.size(), as);
  return j;
}

/// Offset of the start of the n-th record (0-based) whose envelope contains `needle`.
size_t record_with(const std::string& t, std::string_view needle, int n = 0) {
  for (size_t p = 0; p < t.size(); p = t.find('\n', p) + 1) {
    size_t e = t.find('\n', p);
    if (t[p] != '\t' && std::string_view(t).substr(p, e - p).find(needle) != std::string_view::npos && n-- == 0) return p;
    if (e == std::string::npos) break;
  }
  FAIL("no record with " << needle);
  return 0;
}

}  // namespace

TEST_CASE("tail: progressive steps feed whole records only, and the final model equals a whole load") {
  for (const char* name : {"recompile_dynamic", "hf_gpt2_tiny", "chatglm_version_forward", "print_break"}) {
    CAPTURE(name);
    std::string text = gunzip_file(trace_gz(name));
    std::string path = temp_path("steps.log");
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
    IngestOptions o;
    o.jobs = 2;
    o.chunk_bytes = 4096;  // helpers hash ahead across steps (chunks much smaller than a step)
    PrehashStats stats;
    o.prehash_stats = &stats;
    TailIngest tail(path, o);
    uint64_t budget = std::max<uint64_t>(text.size() / 7, 1000);
    int steps = 0;
    uint64_t last = 0;
    for (;;) {
      bool any = tail.step(budget);
      ++steps;
      REQUIRE(steps < 100);
      CHECK(tail.bytes_seen() == text.size());
      CHECK(tail.bytes_fed() > last);  // every step feeds (at least one whole record)
      last = tail.bytes_fed();
      if (tail.caught_up() || !any) break;
      // What was fed ends at a record start, and the snapshot is a whole load of those bytes.
      size_t fed = static_cast<size_t>(tail.bytes_fed());
      REQUIRE(fed < text.size());
      CHECK(text[fed - 1] == '\n');
      CHECK(text[fed] != '\t');
      if (steps % 2 == 1) CHECK(summary_json(tail.snapshot()->model) == prefix_json(text, fed, path));
    }
    CHECK(tail.bytes_fed() == text.size());
    CHECK(steps >= 5);  // the budget really split the read
    auto final = tail.take();
    CHECK(summary_json(final->model) == whole_json(path));
    CHECK(stats.hits.load() > 0);  // the helpers' hashes were used across steps
    std::filesystem::remove(path);
  }
}

TEST_CASE("tail: with hold_back a half-written record waits until it is whole (no rebuild), or until the file settles") {
  std::string t = synthetic();
  size_t rec_start = record_with(t, "dynamo_output_graph", 2);
  size_t pay = t.find('\n', rec_start) + 1;           // its first payload line
  size_t mid = t.find('\n', pay) + 1;                 // after the first payload line (of 3)
  size_t rec_end = t.find("\nV", mid) + 1;            // the next record
  REQUIRE(t[pay] == '\t');
  REQUIRE(t[mid] == '\t');
  std::string path = temp_path("hold.log");
  std::filesystem::remove(path);
  TailOptions h;
  h.hold_back = true;
  h.settle_ms = 60000;
  append(path, std::string_view(t).substr(0, mid));
  TailIngest tail(path, {}, h);
  auto snap = tail.update();
  REQUIRE(snap);
  CHECK(tail.held_back() == 1);
  CHECK_FALSE(tail.caught_up());
  CHECK(tail.bytes_fed() == rec_start);  // the graph record is not fed: its payload md5 does not match yet
  CHECK(summary_json(snap->model) == prefix_json(t, rec_start, path));
  CHECK_FALSE(tail.update());  // nothing new: still held, no snapshot
  // The envelope line cut in the middle is held back too.
  append(path, std::string_view(t).substr(mid, rec_end + 10 - mid));
  snap = tail.update();
  REQUIRE(snap);
  CHECK_FALSE(tail.last_rebuilt());
  CHECK(tail.last_bytes_parsed() == rec_end - rec_start);  // the completed record, read once
  CHECK(tail.bytes_fed() == rec_end);
  CHECK(summary_json(snap->model) == prefix_json(t, rec_end, path));
  append(path, std::string_view(t).substr(rec_end + 10));
  snap = tail.update();
  REQUIRE(snap);
  CHECK(tail.caught_up());
  CHECK_FALSE(tail.last_rebuilt());
  CHECK(summary_json(snap->model) == whole_json(path));
  std::filesystem::remove(path);

  // A record that is never completed (the writer died) is fed after settle_ms without growth,
  // as load_trace reads it: counted as damaged.
  h.settle_ms = 50;
  append(path, std::string_view(t).substr(0, mid));
  TailIngest cut(path, {}, h);
  snap = cut.update();
  REQUIRE(snap);
  CHECK(cut.bytes_fed() == rec_start);
  std::this_thread::sleep_for(std::chrono::milliseconds(120));
  snap = cut.update();
  REQUIRE(snap);
  CHECK(cut.bytes_fed() == mid);
  CHECK(cut.caught_up());
  CHECK(summary_json(snap->model) == whole_json(path));
  CHECK(snap->model.diag.errors() > 0);
  std::filesystem::remove(path);
}

TEST_CASE("tail: a directory of rank files is read on two threads and equals a whole load, also after appends") {
  std::string dir = temp_path("ranks");
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::vector<std::string> texts, paths;
  for (int r = 0; r < 4; ++r) {
    texts.push_back(gunzip_file(trace_gz("ddp_gloo_4ranks", r)));
    paths.push_back(dir + "/dedicated_log_torch_trace_rank_" + std::to_string(r) + "_x.log");
    std::ofstream(paths.back(), std::ios::binary) << texts.back().substr(0, record_with(texts.back(), "compilation_metrics", 1));
  }
  IngestOptions o;
  o.jobs = 2;
  TailIngest tail(dir, o);
  int steps = 0;
  while (tail.step(4u << 20) && !tail.caught_up()) REQUIRE(++steps < 100);
  auto snap = tail.snapshot();
  CHECK(summary_json(snap->model) == whole_json(dir));
  CHECK(snap->model.ranks.size() == 4);
  // Two ranks grow: only their bytes are read, the model equals a whole load again.
  uint64_t grown = 0;
  for (int r : {1, 3}) {
    size_t at = std::filesystem::file_size(paths[static_cast<size_t>(r)]);
    append(paths[static_cast<size_t>(r)], std::string_view(texts[static_cast<size_t>(r)]).substr(at));
    grown += texts[static_cast<size_t>(r)].size() - at;
  }
  snap = tail.update();
  REQUIRE(snap);
  CHECK_FALSE(tail.last_rebuilt());
  CHECK(tail.last_bytes_parsed() == grown);
  CHECK(summary_json(snap->model) == whole_json(dir));
  auto final = tail.take();
  CHECK(summary_json(final->model) == whole_json(dir));
  std::filesystem::remove_all(dir);
}

TEST_CASE("tail: a real trace written in random pieces is never read again with hold_back, and ends equal to a whole load") {
  std::string text = gunzip_file(trace_gz("recompile_dynamic"));
  std::string path = temp_path("pieces.log");
  std::filesystem::remove(path);
  append(path, "");
  TailOptions h;
  h.hold_back = true;
  h.settle_ms = 600000;  // a writer that pauses mid-record is waited for
  TailIngest tail(path, {}, h);
  uint64_t seed = 12345, parsed = 0;
  int updates = 0;
  for (size_t at = 0; at < text.size();) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    size_t piece = std::min<size_t>(text.size() - at, 1 + (seed >> 33) % 3000);
    append(path, std::string_view(text).substr(at, piece));
    at += piece;
    if (tail.update()) ++updates;
    CHECK_FALSE(tail.last_rebuilt());
    parsed += tail.last_bytes_parsed();
    // What is in the model is a whole load of a prefix of whole records.
    size_t fed = static_cast<size_t>(tail.bytes_fed());
    if (fed > 0 && fed < at) CHECK(text[fed] != '\t');
  }
  CHECK(updates > 100);
  CHECK(parsed == text.size());  // every byte parsed exactly once
  CHECK(tail.caught_up());
  REQUIRE(tail.snapshot());
  CHECK(summary_json(tail.snapshot()->model) == whole_json(path));
  std::filesystem::remove(path);
}
