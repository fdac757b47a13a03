// Tests for record framing: payload grouping, CRLF, missing final newline, buffer growth, oversize lines.
#include <doctest/doctest.h>

#include <unistd.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "record_reader.hpp"
#include "core/test_support.hpp"

using namespace tparse;

static std::vector<RawRecord> all(const std::string& text, size_t max_line = 64u << 20, std::vector<std::string>* env = nullptr,
                                  std::vector<std::string>* pay = nullptr, std::vector<uint64_t>* oversize = nullptr) {
  RecordReader r(memory_source(text), max_line);
  std::vector<RawRecord> out;
  RawRecord rec;
  while (r.next(rec)) {
    out.push_back(rec);
    if (env) env->emplace_back(rec.envelope);
    if (pay) pay->emplace_back(rec.payload);
    if (oversize)
      for (auto l : r.take_oversize()) oversize->push_back(l);
  }
  if (oversize)
    for (auto l : r.take_oversize()) oversize->push_back(l);
  return out;
}

TEST_CASE("groups TAB lines with their envelope") {
  std::vector<std::string> env, pay;
  auto recs = all("A\n\tp1\n\t\tp2\n\t\nB\nC\n\tq", 64u << 20, &env, &pay);
  REQUIRE(recs.size() == 3);
  CHECK(env[0] == "A");
  CHECK(pay[0] == "\tp1\n\t\tp2\n\t");
  CHECK(recs[0].payload_lines == 3);
  CHECK(recs[0].line == 1);
  CHECK(env[1] == "B");
  CHECK(pay[1].empty());
  CHECK(recs[1].line == 5);
  CHECK(env[2] == "C");
  CHECK(pay[2] == "\tq");
  CHECK(recs[2].line == 6);
}

TEST_CASE("CRLF endings are flagged and stripped from the envelope") {
  std::vector<std::string> env, pay;
  auto recs = all("A\r\n\tx\r\nB\r\n", 64u << 20, &env, &pay);
  REQUIRE(recs.size() == 2);
  CHECK(recs[0].crlf);
  CHECK(env[0] == "A");
  CHECK(pay[0] == "\tx");
}

TEST_CASE("leading payload lines are orphans") {
  auto recs = all("\tlost\nA\n");
  REQUIRE(recs.size() == 2);
  CHECK(recs[0].orphan);
  CHECK_FALSE(recs[1].orphan);
}

TEST_CASE("records bigger than the read chunk survive buffer growth") {
  std::string big(RecordReader::kChunk * 2 + 123, 'x');
  std::string text = "E1\n\t" + big + "\n\tend\nE2\n";
  std::vector<std::string> env, pay;
  auto recs = all(text, 64u << 20, &env, &pay);
  REQUIRE(recs.size() == 2);
  CHECK(pay[0].size() == big.size() + 1 + 5);
  CHECK(env[1] == "E2");
  CHECK(recs[1].line == 4);
}

TEST_CASE("oversize lines are skipped and reported by line number") {
  std::string huge(5000, 'y');
  std::vector<std::string> env;
  std::vector<uint64_t> over;
  auto recs = all("A\n" + huge + "\nB\n", 1000, &env, nullptr, &over);
  REQUIRE(env.size() == 2);
  CHECK(env[0] == "A");
  CHECK(env[1] == "B");
  REQUIRE(over.size() == 1);
  CHECK(over[0] == 2);
  CHECK(recs[1].line == 3);
}

TEST_CASE("an oversize payload line stops its record wherever the reads happened to end") {
  // The whole input fits the first read, so the reader sees the long payload line whole: it is
  // still skipped and counted (as when its end was not yet read), so framing from a record start
  // depends only on the bytes (prehash.cpp frames chunks of a file on other threads).
  std::string huge = "\t" + std::string(1500, 'p');
  std::vector<std::string> env, pay;
  std::vector<uint64_t> over;
  auto recs = all("A\n\tok\n" + huge + "\n\tafter\nB\n", 1000, &env, &pay, &over);
  REQUIRE(recs.size() == 3);
  CHECK(env[0] == "A");
  CHECK(pay[0] == "\tok");
  CHECK(recs[0].payload_lines == 1);
  REQUIRE(over.size() == 1);
  CHECK(over[0] == 3);
  CHECK(recs[1].orphan);  // the TAB line after the skipped one has no envelope before it
  CHECK(recs[1].line == 4);
  CHECK(env[2] == "B");
  // The same bytes framed in place (span mode) give the same records.
  std::string text = "A\n\tok\n" + huge + "\n\tafter\nB\n";
  RecordReader span(std::string_view(text), 0, 1000);
  RawRecord r;
  size_t n = 0;
  std::vector<uint64_t> over2;
  while (span.next(r)) {
    for (auto l : span.take_oversize()) over2.push_back(l);
    REQUIRE(n < recs.size());
    CHECK(r.offset == recs[n].offset);
    CHECK(r.line == recs[n].line);
    CHECK(r.payload_lines == recs[n].payload_lines);
    ++n;
  }
  CHECK(n == 3);
  CHECK(over2 == over);
  CHECK(span.bytes_read() == text.size());
}

TEST_CASE("empty input yields nothing") { CHECK(all("").empty()); }

TEST_CASE("payload lines tagged [rankN]: by torchrun belong to the envelope of the same rank") {
  std::vector<std::string> env, pay;
  auto recs = all("[rank1]:A\n[rank1]:\tp1\n[rank1]:\tp2\n[rank0]:\tq\nB\n\tr\n", 64u << 20, &env, &pay);
  REQUIRE(recs.size() == 3);
  CHECK(env[0] == "[rank1]:A");
  CHECK(pay[0] == "[rank1]:\tp1\n[rank1]:\tp2");
  CHECK(recs[0].rank_tagged);
  CHECK(recs[0].payload_lines == 2);
  // Another rank's payload line cannot continue rank 1's record: it is an orphan of its own.
  CHECK(recs[1].orphan);
  CHECK(recs[1].line == 4);
  CHECK_FALSE(recs[2].rank_tagged);
  CHECK(pay[2] == "\tr");
}

TEST_CASE("a record cut off at the end of the input is flagged unterminated") {
  auto cut = all("A\n\tp1\nB\n\tp");
  REQUIRE(cut.size() == 2);
  CHECK_FALSE(cut[0].unterminated);
  CHECK(cut[1].unterminated);
  auto whole = all("A\n\tp1\nB\n\tp\n");
  REQUIRE(whole.size() == 2);
  CHECK_FALSE(whole[1].unterminated);
  CHECK(all("A")[0].unterminated);
}

namespace {
std::string read_all(std::unique_ptr<ByteSource> s, std::string& err) {
  std::string out;
  char buf[1000];  // small reads: members and buffer refills cross read boundaries
  for (long r; (r = s->read(buf, sizeof buf)) != 0;) {
    if (r < 0) {
      err = s->error();
      break;
    }
    out.append(buf, static_cast<size_t>(r));
  }
  return out;
}
std::string file_bytes(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}
std::string gunzip_with_gzread(const std::filesystem::path& p) {
  gzFile f = gzopen(p.c_str(), "rb");
  std::string out;
  char buf[1 << 16];
  for (int n; (n = gzread(f, buf, sizeof buf)) > 0;) out.append(buf, static_cast<size_t>(n));
  gzclose(f);
  return out;
}
}  // namespace

TEST_CASE("a stream is sniffed for gzip magic: real .gz bytes decompress, plain text passes through (issue 13.2)") {
  auto gz_path = testing::testdata() / "tlparse-inputs" / "simple.log.gz";
  std::string gz = file_bytes(gz_path), plain = gunzip_with_gzread(gz_path);
  REQUIRE(plain.size() > 1000);
  bool is_gz = false;
  std::string err;
  CHECK(read_all(sniff_gzip(memory_source(gz), is_gz), err) == plain);
  CHECK(is_gz);
  CHECK(err.empty());
  CHECK(read_all(sniff_gzip(memory_source(plain), is_gz), err) == plain);
  CHECK_FALSE(is_gz);
  // Two members back to back (cat a.gz b.gz) read as gzip(1) reads them.
  CHECK(read_all(sniff_gzip(memory_source(gz + gz), is_gz), err) == plain + plain);
  CHECK(err.empty());
  // A cut .gz is an error, not a silent short read; one byte and nothing at all are plain text.
  err.clear();
  read_all(sniff_gzip(memory_source(gz.substr(0, gz.size() / 2)), is_gz), err);
  CHECK(is_gz);
  CHECK(err.find("truncated") != std::string::npos);
  err.clear();
  CHECK(read_all(sniff_gzip(memory_source("\x1f"), is_gz), err) == "\x1f");
  CHECK(read_all(sniff_gzip(memory_source(""), is_gz), err).empty());
  CHECK(err.empty());
}

TEST_CASE("a plain file's source knows its size (a small file gets a small read buffer), and still reads whole") {
  auto dir = std::filesystem::temp_directory_path() / ("tparse_rr_hint_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  auto path = dir / "small.log";
  std::string text = "V1123 10:00:00.000000 1 a.py:1] {\"str\": [\"x\", 0]}\n\tpayload\n";
  for (int i = 0; i < 200; ++i) text += "V1123 10:00:00.000000 1 a.py:1] {\"rank\": 3}\n";
  { std::ofstream(path, std::ios::binary) << text; }
  std::string err;
  bool is_gz = true;
  auto src = open_source(path.string(), err, is_gz);
  REQUIRE(src);
  CHECK_FALSE(is_gz);
  CHECK(src->size_hint() == text.size());
  RecordReader r(std::move(src), 64u << 20);
  RawRecord rec;
  size_t n = 0;
  while (r.next(rec)) ++n;
  CHECK(n == 201);
  std::filesystem::remove_all(dir);
}
