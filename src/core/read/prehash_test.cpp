// Parallel hashing of one file: the chunk-boundary search, and load_trace with helper threads and
// tiny chunks (boundaries inside payloads, inside envelopes, between tagged lines) giving the same
// model, diagnostics and file:line as one thread, while the workers' md5s are really used.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <cstring>
#include <random>
#include <simdjson.h>

#include "core/ingest.hpp"
#include "payload_store.hpp"
#include "prehash.hpp"
#include "core/model/summary.hpp"
#include "core/tail_ingest.hpp"
#include "core/test_support.hpp"

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

namespace {

// Adversarial trace text: ordinary records with payloads of many sizes, records without payload,
// CRLF records, torchrun-tagged records (with a line of another rank inside), orphan payload
// lines, blank lines, '[' lines that are no tag, oversize envelopes and oversize payload lines
// (max_line 300), a repeated payload, and optionally no final newline.
std::string adversarial(unsigned seed, bool clean, bool final_newline) {
  std::mt19937 g(seed);
  auto pick = [&](int n) { return static_cast<int>(g() % static_cast<unsigned>(n)); };
  std::string t;
  std::string repeated = "def f(x):\n    return x + 1";
  for (int i = 0; i < 60; ++i) {
    std::string env = "{\"artifact\": {\"name\": \"a" + std::to_string(i) + "\", \"encoding\": \"string\"}, \"frame_id\": " +
                      std::to_string(i) + ", \"frame_compile_id\": 0}";
    std::string body;
    for (int k = 0, n = pick(12); k < n; ++k) body += (k ? "\n" : "") + std::string(static_cast<size_t>(pick(40)), 'a' + static_cast<char>(k % 26));
    int kind = clean ? pick(3) : pick(12);
    switch (kind) {
      case 0: t += rec(env, body); break;
      case 1: t += rec(env); break;
      case 2: t += rec(env, repeated); break;
      case 3: {  // CRLF
        std::string r = rec(env, body), out;
        for (char c : r) out += c == '\n' ? std::string("\r\n") : std::string(1, c);
        t += out;
        break;
      }
      case 4:  // torchrun tags, and a line of another rank inside the record
        t += "[rank0]:V1122 07:41:16.042000 412 x.py:1] {\"str\": [\"s\", 1]}\n[rank0]:\tp1\n[rank1]:\tq\n[rank0]:\tp2\n";
        break;
      case 5: t += "\torphan payload line " + std::to_string(i) + "\n"; break;
      case 6: t += "\n"; break;
      case 7: t += "[not a tag] " + std::to_string(i) + "\n\tits payload\n"; break;
      case 8: t += std::string(301 + static_cast<size_t>(pick(500)), 'E') + "\n"; break;  // oversize envelope
      case 9: t += rec(env, std::string(350, 'L') + "\nshort"); break;  // oversize payload line
      case 10: t += rec(env, "caf\xc3"); break;  // invalid UTF-8
      default: t += "[rank3]:\tan orphan tagged line\n"; break;
    }
  }
  if (!final_newline && !t.empty() && t.back() == '\n') t.pop_back();
  return t;
}

struct SeqCheck {
  size_t records = 0, hashed = 0;
};

// next() against a RecordReader over the same bytes, record by record; lookup()'s digests against
// MD5 of the decoded payload.
SeqCheck same_as_sequential(const std::string& path, const std::string& text, uint64_t begin, uint64_t chunk, int workers,
                            PrehashStats& stats, size_t max_line) {
  SeqCheck out;
  RecordReader ref(memory_source(text.substr(begin)), max_line);
  PayloadPrehash p(path, begin, text.size(), workers, chunk, max_line, &stats, true);
  RawRecord a, b;
  for (;;) {
    bool ma = ref.next(a), mb = p.next(b);
    REQUIRE(ma == mb);
    CHECK(ref.take_oversize() == p.take_oversize());
    if (!ma) break;
    ++out.records;
    CHECK(b.envelope == a.envelope);
    CHECK(b.payload == a.payload);
    CHECK(b.line == a.line);
    CHECK(b.offset == a.offset);
    CHECK(b.payload_offset == a.payload_offset);
    CHECK(b.payload_lines == a.payload_lines);
    CHECK(b.crlf == a.crlf);
    CHECK(b.orphan == a.orphan);
    CHECK(b.rank_tagged == a.rank_tagged);
    CHECK(b.unterminated == a.unterminated);
    CHECK(b.buffer_end >= b.envelope.data() + b.envelope.size() + RecordReader::kPadding);
    if (!b.payload.empty()) CHECK(b.buffer_end >= b.payload.data() + b.payload.size() + RecordReader::kPadding);
    CHECK(p.bytes_read() == ref.bytes_read());
    CHECK(p.lines() == ref.lines());
    if (!b.orphan && b.payload_lines > 0) {
      RawRecord abs = b;  // as the builder holds it: absolute offsets
      abs.offset += begin;
      abs.payload_offset += begin;
      unsigned char d[16];
      bool utf8 = true;
      std::string_view declared = declared_md5(b.envelope);
      if (p.lookup(abs, declared, d, utf8)) {
        ++out.hashed;
        std::string dec(a.payload.size(), '\0');
        dec.resize(decode_payload_to(a.payload, dec.data()));
        unsigned char want[16];
        MD5(reinterpret_cast<const unsigned char*>(dec.data()), dec.size(), want);
        CHECK(std::memcmp(d, want, 16) == 0);
        CHECK(utf8 == simdjson::validate_utf8(a.payload.data(), a.payload.size()));
      }
    }
  }
  CHECK(p.bytes_read() == ref.bytes_read());
  CHECK(p.lines() == ref.lines());
  CHECK(p.error() == ref.error());
  return out;
}

}  // namespace

TEST_CASE("one framing: next() hands out the sequential reader's records, offsets, lines and md5s on adversarial input") {
  const size_t max_line = 300;
  uint64_t framed = 0, reframed = 0;
  for (unsigned seed = 1; seed <= 6; ++seed) {
    for (bool nl : {true, false}) {
      std::string text = adversarial(seed, false, nl);
      std::string path = write_temp("adv.log", text);
      // A record start inside the text, as the live tail passes it (begin > 0).
      RecordReader probe(memory_source(text), max_line);
      RawRecord r;
      uint64_t mid = 0;
      for (int i = 0; i < 25 && probe.next(r); ++i) mid = r.offset;
      for (uint64_t begin : {uint64_t{0}, mid}) {
        for (uint64_t chunk : {64u, 97u, 150u, 333u, 1000u, 4096u}) {
          for (int workers : {1, 3}) {
            CAPTURE(seed);
            CAPTURE(nl);
            CAPTURE(begin);
            CAPTURE(chunk);
            CAPTURE(workers);
            PrehashStats stats;
            stats.finish_first = workers == 3;  // timing-free run, and a racing one
            same_as_sequential(path, text, begin, chunk, workers, stats, max_line);
            framed += stats.framed;
            reframed += stats.reframed;
          }
        }
      }
      std::filesystem::remove(path);
    }
  }
  // Both paths were taken: the chunks' framing where it joins up, the sequential fallback at the
  // damaged spots (most chunks of 64-333 bytes here hold one).
  CHECK(framed > (framed + reframed) / 4);
  CHECK(reframed > 0);
}

TEST_CASE("one framing: on a clean log every record but the last chunk's comes from the chunks' framing, every md5 from their hashing") {
  for (uint64_t chunk : {64u, 97u, 1000u}) {
    CAPTURE(chunk);
    std::string text = adversarial(42, true, true);
    std::string path = write_temp("clean.log", text);
    PrehashStats stats;
    stats.finish_first = true;
    SeqCheck c = same_as_sequential(path, text, 0, chunk, 1, stats, 64u << 20);
    REQUIRE(c.records == 60);
    // Only the records of the chunk holding the last record (whose views would lack padding in
    // the mapping) are framed again; every other one was framed once.
    RecordReader ref(memory_source(text), 64u << 20);
    RawRecord r;
    std::vector<uint64_t> offsets;
    while (ref.next(r)) offsets.push_back(r.offset);
    uint64_t last_chunk_start = offsets.back() / chunk * chunk;
    uint64_t in_last = static_cast<uint64_t>(std::count_if(offsets.begin(), offsets.end(), [&](uint64_t o) { return o >= last_chunk_start; }));
    CHECK(stats.reframed.load() == in_last);
    CHECK(stats.framed.load() + stats.reframed.load() == 60);
    CHECK(stats.misses.load() == 0);
    CHECK(c.hashed == stats.hits.load());
    CHECK(stats.hits.load() > 30);
    std::filesystem::remove(path);
  }
}

TEST_CASE("a file truncated while it is read: no SIGBUS from the mapping, the records of what is left") {
  std::string text = adversarial(7, true, true);
  std::string path = write_temp("shrink.log", text);
  PrehashStats stats;
  // No workers: chunks are framed when the main pass reaches them, after the truncation (a
  // worker framing ahead could race with it).
  PayloadPrehash p(path, 0, text.size(), 0, 97, 64u << 20, &stats, true);
  std::filesystem::resize_file(path, text.size() / 2);
  RecordReader ref(memory_source(text.substr(0, text.size() / 2)), 64u << 20);
  RawRecord a, b;
  size_t n = 0;
  for (;;) {
    bool ma = ref.next(a), mb = p.next(b);
    REQUIRE(ma == mb);
    if (!ma) break;
    CHECK(b.envelope == a.envelope);
    CHECK(b.payload == a.payload);
    CHECK(b.line == a.line);
    ++n;
  }
  CHECK(n > 10);
  CHECK(stats.framed.load() == 0);  // nothing was taken from the mapping
  CHECK(p.bytes_read() == text.size() / 2);
  std::filesystem::remove(path);
}

TEST_CASE("live tail: a big appended range is read through the chunks' framing, giving the same model and diagnostics as a whole load") {
  std::string text;
  for (unsigned seed = 11; seed < 14; ++seed) text += adversarial(seed, seed != 12, true);
  // Appends ending at a record start (read incrementally from there), then one cut inside an
  // oversize line, past the line limit (read again whole at the next update), then the rest.
  std::vector<size_t> cuts = {text.size() / 3, 0, text.size()};
  {
    RecordReader rr(memory_source(text), 300);
    RawRecord r;
    while (rr.next(r))
      if (r.offset >= cuts[0]) {
        cuts[0] = r.offset;
        break;
      }
  }
  size_t e = text.find(std::string(301, 'E'), cuts[0]);
  REQUIRE(e != std::string::npos);
  cuts[1] = e + 305;
  for (int jobs : {1, 3}) {
    CAPTURE(jobs);
    std::string path = write_temp("tail.log", "");
    PrehashStats stats;
    IngestOptions o;
    o.jobs = jobs;
    o.chunk_bytes = 97;
    o.max_line = 300;
    o.prehash_stats = &stats;
    TailIngest tail(path, o);
    IngestOptions one = o;
    one.jobs = 1;
    one.prehash_stats = nullptr;
    size_t at = 0;
    for (size_t cut : cuts) {
      CAPTURE(cut);
      std::ofstream(path, std::ios::binary | std::ios::app) << text.substr(at, cut - at);
      at = cut;
      auto snap = tail.update();
      REQUIRE(snap);
      LoadedTrace whole = load_trace({path}, one);
      CHECK(summary_json(snap->model) == summary_json(whole.model));
      CHECK(diag_dump(snap->model) == diag_dump(whole.model));
    }
    if (jobs > 1) CHECK(stats.hits.load() > 20);  // the helpers' md5s were used
    std::filesystem::remove(path);
  }
}

TEST_CASE("lookup without next(): a caller that frames the records itself gets the chunks' md5s by offset") {
  std::string text = adversarial(5, true, true);
  std::string path = write_temp("own.log", text);
  for (bool first : {true, false}) {
    CAPTURE(first);
    PrehashStats stats;
    stats.finish_first = first;
    PayloadPrehash p(path, 0, text.size(), 1, 97, 64u << 20, &stats, false);
    RecordReader reader(memory_source(text), 64u << 20);
    RawRecord r;
    size_t payloads = 0;
    while (reader.next(r)) {
      if (r.orphan || r.payload_lines == 0) continue;
      ++payloads;
      unsigned char d[16];
      bool utf8 = false;
      if (!p.lookup(r, declared_md5(r.envelope), d, utf8)) continue;
      std::string dec(r.payload.size(), '\0');
      dec.resize(decode_payload_to(r.payload, dec.data()));
      unsigned char want[16];
      MD5(reinterpret_cast<const unsigned char*>(dec.data()), dec.size(), want);
      CHECK(std::memcmp(d, want, 16) == 0);
      CHECK(utf8);
    }
    REQUIRE(payloads > 30);
    CHECK(stats.hits.load() + stats.misses.load() == payloads);
    if (first) CHECK(stats.hits.load() == payloads);  // every chunk framed ahead: every md5 is theirs
    CHECK(stats.framed.load() == 0);
  }
  std::filesystem::remove(path);
}
