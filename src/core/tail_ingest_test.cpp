// TailIngest (the viewer's --follow): a trace appended piece by piece gives, after every append,
// the same model as loading the file whole (load_trace is the reference), while each update
// parses only the appended bytes; appends that continue the last record, cut lines and replaced
// files are handled.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "ingest.hpp"
#include "summary.hpp"
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

TEST_CASE("tail: a real torch 2.11 trace appended in 9 pieces equals a whole load after each") {
  if (!tparse::testing::have_shared()) return;  // ../shared absent: the synthetic cases above still ran
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
