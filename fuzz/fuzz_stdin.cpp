// libFuzzer target: the stdin path — a stream that cannot seek, sniffed for gzip magic and
// inflated when it has it (sniff_gzip), then the whole ingest as `tparse summary -` runs it
// (load_trace_text reads memory like stdin). Inputs whose first byte is odd are gzip-compressed
// first, so the inflater sees valid streams with fuzzed traces inside as well as raw bytes that
// only start like gzip (damaged, cut, concatenated members).
#include <zlib.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/ingest.hpp"
#include "core/read/record_reader.hpp"
#include "core/model/summary.hpp"

static std::string gzip_of(const std::string& in) {
  z_stream z{};
  if (deflateInit2(&z, 1, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK) abort();
  std::string out(deflateBound(&z, in.size()) + 32, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  if (deflate(&z, Z_FINISH) != Z_STREAM_END) abort();
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  std::string rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  std::string bytes = (data[0] & 1) ? gzip_of(rest) : rest;
  // The byte stream alone: reads end (0) or fail (-1) and never hand out more than asked.
  bool gz = false;
  auto src = tparse::sniff_gzip(tparse::memory_source(bytes), gz);
  char buf[4096];
  size_t want = 1 + data[0] % sizeof buf;
  uint64_t total = 0;
  for (long r; (r = src->read(buf, want)) != 0;) {
    if (r < 0 || static_cast<size_t>(r) > want) break;
    total += static_cast<uint64_t>(r);
  }
  if ((data[0] & 1) && total != rest.size()) abort();  // our own gzip must round-trip exactly
  tparse::IngestOptions o;
  o.jobs = 1;
  o.max_line = 256 + (size % 7) * 1024;
  auto t = tparse::load_trace_text(std::move(bytes), "-", o);
  std::string j = tparse::summary_json(t.model, false);
  if (j.empty() || ((data[0] & 1) && !t.model.files[0].gzip)) abort();
  return 0;
}
