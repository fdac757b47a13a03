// libFuzzer target: record framing (RecordReader over a memory source) and then the whole ingest
// of the buffer — glog prefix + envelope JSON + handlers + finalize — through the entry point the
// tests and the reference compiler use (load_trace_text), then the summary writers over the model.
// Any crash, leak, hang or broken framing invariant here is a bug.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/ingest.hpp"
#include "core/read/record_reader.hpp"
#include "core/model/summary.hpp"

static void check(bool ok) {
  if (!ok) abort();
}

// Framing alone: every record's views lie inside the buffer, lines and offsets move forward.
static void frame(const std::string& text, size_t max_line) {
  tparse::RecordReader rr(tparse::memory_source(text), max_line);
  tparse::RawRecord r;
  uint64_t last_line = 0, last_off = 0;
  bool first = true;
  while (rr.next(r)) {
    check(first || r.line > last_line);
    check(first || r.offset > last_off);
    check(r.offset + r.envelope.size() <= text.size());
    check(r.envelope.find('\n') == std::string_view::npos);
    if (!r.payload.empty()) {
      check(r.payload_offset + r.payload.size() <= text.size());
      check(r.payload_lines > 0);
      check(r.buffer_end >= r.payload.data() + r.payload.size() + tparse::RecordReader::kPadding);
    }
    check(r.buffer_end >= r.envelope.data() + r.envelope.size() + tparse::RecordReader::kPadding);
    last_line = r.line;
    last_off = r.offset;
    first = false;
  }
  check(rr.bytes_read() == text.size());
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  // Small line limit (from the input's size) so oversize-line handling is reachable.
  const size_t max_line = 256 + (size % 7) * 1024;
  frame(text, max_line);

  tparse::IngestOptions o;
  o.max_line = max_line;
  o.jobs = 1;
  // Both detail levels (summary runs keep less), picked by the input length so runs reproduce.
  o.keep_detail = (size & 1) == 0;
  o.keep_payloads = (size & 2) == 0;
  auto t = tparse::load_trace_text(std::move(text), "fuzz.log", o);
  std::string j = tparse::summary_json(t.model, (size & 4) != 0);
  std::string s = tparse::summary_text(t.model, true);
  for (const auto& c : t.model.compiles)
    for (const auto& a : c.artifacts) (void)t.payloads.get(a.payload);
  check(!j.empty() && !s.empty());
  return 0;
}
