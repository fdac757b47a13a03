// Rank pages against the raw logs: each rank_<N>/index.html lists exactly the compiles whose
// records carry rank N, and counts that rank's graph-break events, both counted here from the
// logs themselves by a reader that shares nothing with the ingest (zlib bytes, the glog pid, the
// envelope's "rank", else the file name's rank_N, and frame_id / frame_compile_id). Guards the
// rank index (rank_index.hpp): a page built from a wrong slice lists another rank's compiles,
// misses its own or miscounts its breaks.
#include <doctest/doctest.h>
#include <simdjson.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <tuple>

#include "core/ingest.hpp"
#include "core/test_support.hpp"
#include "report/report.hpp"

using namespace tparse;
namespace fs = std::filesystem;

namespace {

std::string file_text(const fs::path& p) {  // gzread reads plain files as they are
  gzFile f = gzopen(p.string().c_str(), "rb");
  REQUIRE(f);
  std::string out;
  char buf[1 << 16];
  for (int n; (n = gzread(f, buf, sizeof buf)) > 0;) out.append(buf, static_cast<size_t>(n));
  gzclose(f);
  return out;
}

std::vector<fs::path> logs_of(const fs::path& dir) {
  std::vector<fs::path> v;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_regular_file()) v.push_back(e.path());
  std::sort(v.begin(), v.end());
  return v;
}

/// One rank as the raw logs tell it: compile key ("0/1", "!0/1/0") -> compiles (one per distinct
/// (file, pid, key): every file, and every process of a file, numbers its compiles afresh),
/// and its dynamo_graph_break_reason records.
struct RawRank {
  std::map<std::string, int> keys;
  int64_t breaks = 0;
  int compiles() const {
    int n = 0;
    for (const auto& [k, c] : keys) n += c;
    return n;
  }
};

std::map<int64_t, RawRank> raw_ranks(const std::vector<fs::path>& files) {
  std::map<int64_t, RawRank> out;
  std::set<std::tuple<std::string, std::string, std::string>> seen;
  simdjson::dom::parser parser;
  static const std::regex name_rank("rank_([0-9]+)");
  for (const auto& path : files) {
    std::smatch nm;
    std::string name = path.filename().string();
    int64_t file_rank = std::regex_search(name, nm, name_rank) ? std::stoll(nm[1]) : -1;
    std::string text = file_text(path);
    for (size_t at = 0; at < text.size();) {
      size_t eol = text.find('\n', at);
      if (eol == std::string::npos) eol = text.size();
      std::string line = text.substr(at, eol - at);
      at = eol + 1;
      if (line.empty() || line[0] == '\t') continue;
      size_t brace = line.find("] {");
      if (brace == std::string::npos) continue;
      // glog prefix: "V1123 16:07:47.303000 5198 torch/_dynamo/utils.py:2126] "
      std::istringstream prefix(line.substr(0, brace));
      std::string level, time, pid;
      prefix >> level >> time >> pid;
      simdjson::dom::element env;
      if (parser.parse(line.substr(brace + 2)).get(env)) continue;
      int64_t rank = file_rank, frame = -1, compile = -1, ca = -1, v = 0;
      if (!env["rank"].get_int64().get(v)) rank = v;
      if (env["frame_id"].get_int64().get(frame) || env["frame_compile_id"].get_int64().get(compile)) continue;
      if (!env["compiled_autograd_id"].get_int64().get(v)) ca = v;
      std::string key = (ca >= 0 ? "!" + std::to_string(ca) + "/" : "") + std::to_string(frame) + "/" + std::to_string(compile);
      if (seen.insert({path.string(), pid, key}).second) out[rank].keys[key]++;
      std::string_view art;
      if (!env["artifact"]["name"].get_string().get(art) && art == "dynamo_graph_break_reason") out[rank].breaks++;
    }
  }
  return out;
}

size_t count_rows(const std::string& rows) {
  size_t n = 0;
  for (size_t p = rows.find("<tr><td>"); p != std::string::npos; p = rows.find("<tr><td>", p + 1)) ++n;
  return n;
}

int64_t first_int(const std::string& page, const std::string& pattern) {
  std::smatch m;
  if (!std::regex_search(page, m, std::regex(pattern))) return -1;
  return std::stoll(m[1]);
}

/// Renders the trace and checks every rank page against the raw logs; returns the ranks checked.
size_t check_rank_pages(const std::vector<fs::path>& files, const std::string& label) {
  INFO(label);
  std::vector<std::string> inputs;
  for (const auto& f : files) inputs.push_back(f.string());
  LoadedTrace t = load_trace(inputs);
  report::MemorySink sink;
  report::ReportOptions o;
  o.jobs = 2;
  REQUIRE(report::write_report(t.model, t.payloads, o, sink).ok);
  auto raw = raw_ranks(files);
  REQUIRE(!raw.empty());
  size_t checked = 0;
  for (const auto& raw_rank : raw) {
    const auto& rank = raw_rank.first;
    const auto& rr = raw_rank.second;
    INFO("rank " << rank);
    std::string rel = "rank_" + std::to_string(rank) + "/index.html";
    REQUIRE(sink.files.count(rel));
    const std::string& page = sink.at(rel);
    // Every row of the compile directory: "run 2 rank3 [1/0_1]" (run and attempt optional; no
    // rank when the trace has one rank only).
    size_t table = page.find("<table id=\"compiles-table\">");
    REQUIRE(table != std::string::npos);
    std::string rows = page.substr(table, page.find("</table>", table) - table);
    static const std::regex row("<tr><td><a href=\"\\.\\./c/[0-9]+\\.html\">(?:run [0-9]+ )?(?:rank([0-9]+) )?\\[([^\\]_]+)(?:_[0-9]+)?\\]");
    std::map<std::string, int> listed;
    size_t nrows = 0;
    for (auto it = std::sregex_iterator(rows.begin(), rows.end(), row); it != std::sregex_iterator(); ++it) {
      ++nrows;
      if ((*it)[1].matched) CHECK(std::stoll((*it)[1]) == rank);  // no other rank's compile on this page
      listed[(*it)[2]]++;
    }
    CHECK(count_rows(rows) == nrows);  // every row parsed
    CHECK(listed == rr.keys);
    CHECK(first_int(page, "Compile directory: ([0-9]+) compile") == rr.compiles());
    CHECK(first_int(page, "<b>([0-9]+)</b>compiles</div>") == rr.compiles());
    CHECK(first_int(page, "graph-break sites \\(([0-9]+) events\\)") == rr.breaks);
    ++checked;
  }
  // Rank pages of ranks no record carries (named only by a file, as in multi_rank_schedule) are empty.
  for (const auto& file : sink.files) {
    const auto& rel = file.first;
    const auto& text = file.second;
    int64_t r = first_int(rel, "^rank_([0-9]+)/index\\.html$");
    if (r < 0 || raw.count(r)) continue;
    INFO(rel);
    CHECK(first_int(text, "Compile directory: ([0-9]+) compile") == 0);
    CHECK(first_int(text, "graph-break sites \\(([0-9]+) events\\)") == 0);
  }
  return checked;
}

}  // namespace

TEST_CASE("rank pages list exactly their rank's compiles and breaks, counted from the raw logs") {
  const fs::path td = testing::testdata();
  // Ranks from the envelope's "rank" (torch 2.11 DDP and gloo traces), from the file name
  // (tlparse's multi_rank_logs: no "rank" field; ranks 0-3 compiled 1, 15, 1 and 7 times), and
  // files whose records all say rank 0 whatever their name (multi_rank_schedule).
  for (const char* dir : {"torch-2.11/ddp_gloo_8ranks/trace", "torch-2.11/gloo_4ranks_cache_skew/trace",
                          "torch-2.11/ddp_gloo_4ranks/trace", "tlparse-inputs/multi_rank_logs"})
    CHECK(check_rank_pages(logs_of(td / dir), dir) >= 4);
  CHECK(check_rank_pages(logs_of(td / "tlparse-inputs/multi_rank_schedule"), "multi_rank_schedule") >= 1);
}

TEST_CASE("rank pages of ../shared's NCCL collectives trace" * doctest::test_suite("needs_shared")) {
  REQUIRE(testing::have_shared());
  CHECK(check_rank_pages(logs_of(testing::shared_testdata() / "torch-2.11/nccl_2ranks_collectives/trace"), "nccl") == 2);
}

TEST_CASE("rank pages from one file whose records interleave 12 processes of 8 ranks (two runs on ranks 0-3)") {
  // The 8 DDP rank logs and the 4 gloo rank logs, record by record round-robin into one file:
  // a rank's compiles are scattered through the model and ranks 0-3 have two processes each.
  std::vector<std::vector<std::string>> recs;
  for (const char* dir : {"torch-2.11/ddp_gloo_8ranks/trace", "torch-2.11/gloo_4ranks_cache_skew/trace"})
    for (const auto& f : logs_of(testing::testdata() / dir)) {
      std::string text = file_text(f);
      std::vector<std::string> rs;
      for (size_t at = 0; at < text.size();) {
        size_t eol = text.find('\n', at);
        eol = eol == std::string::npos ? text.size() : eol + 1;
        if (text[at] == '\t' && !rs.empty()) rs.back() += text.substr(at, eol - at);
        else rs.push_back(text.substr(at, eol - at));
        at = eol;
      }
      recs.push_back(std::move(rs));
    }
  REQUIRE(recs.size() == 12);
  auto dir = fs::temp_directory_path() / ("tparse_rank_pages_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  auto path = dir / "interleaved.log";
  {
    std::ofstream out(path, std::ios::binary);
    for (size_t i = 0;; ++i) {
      bool any = false;
      for (const auto& rs : recs)
        if (i < rs.size()) out << rs[i], any = true;
      if (!any) break;
    }
  }
  CHECK(check_rank_pages({path}, "interleaved") == 8);
  auto raw = raw_ranks({path});
  CHECK(raw[0].compiles() == 6);  // two runs: 4 DDP compiles + 2 gloo compiles
  CHECK(raw[7].compiles() == 4);
  fs::remove_all(dir);
}
