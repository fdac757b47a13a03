// libFuzzer target: one file framed once on several cores (core/read/prehash.hpp). The input (after a
// control byte) is written to a memory file and read through PayloadPrehash with a helper thread,
// chunks of 64-591 bytes and a line limit of 128-1528 bytes picked by the control byte, from the
// start or from a later record start; every record (views, offsets, lines, flags), every oversize
// line, the byte and line counts and every digest lookup() gives must equal what one RecordReader
// over the same bytes gives and what MD5 of the decoded payload is. Any difference aborts.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <sys/mman.h>
#include <unistd.h>
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/md5.h>
#include <simdjson.h>

#include "core/read/payload_store.hpp"
#include "core/read/prehash.hpp"
#include "core/read/record_reader.hpp"

static void check(bool ok) {
  if (!ok) abort();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const unsigned ctl = data[0];
  std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  const uint64_t chunk = 64 + (ctl & 31) * 17;
  const size_t max_line = 128 + ((ctl >> 5) & 7) * 200;
  int fd = memfd_create("fuzz_prehash", MFD_CLOEXEC);
  if (fd < 0) return 0;
  for (size_t w = 0; w < text.size();) {
    ssize_t r = ::write(fd, text.data() + w, text.size() - w);
    if (r <= 0) {
      ::close(fd);
      return 0;
    }
    w += static_cast<size_t>(r);
  }
  const std::string path = "/proc/self/fd/" + std::to_string(fd);
  // From the start, or (odd lengths) from the third record's start, as the live tail reads.
  uint64_t begin = 0;
  if (size & 1) {
    tparse::RecordReader probe(tparse::memory_source(text), max_line);
    tparse::RawRecord r;
    for (int i = 0; i < 3 && probe.next(r); ++i) begin = r.offset;
  }
  tparse::RecordReader ref(tparse::memory_source(text.substr(begin)), max_line);
  tparse::PrehashStats stats;
  {
    tparse::PayloadPrehash p(path, begin, text.size(), 1, chunk, max_line, &stats, (ctl & 1) == 0);
    tparse::RawRecord a, b;
    std::string dec;
    for (;;) {
      bool ma = ref.next(a), mb = p.next(b);
      check(ma == mb);
      check(ref.take_oversize() == p.take_oversize());
      if (!ma) break;
      check(a.envelope == b.envelope && a.payload == b.payload && a.line == b.line && a.offset == b.offset);
      check(a.payload_offset == b.payload_offset && a.payload_lines == b.payload_lines);
      check(a.crlf == b.crlf && a.orphan == b.orphan && a.rank_tagged == b.rank_tagged && a.unterminated == b.unterminated);
      check(b.buffer_end >= b.envelope.data() + b.envelope.size() + tparse::RecordReader::kPadding);
      check(p.bytes_read() == ref.bytes_read() && p.lines() == ref.lines());
      if (!b.orphan && b.payload_lines > 0) {
        tparse::RawRecord abs = b;
        abs.offset += begin;
        abs.payload_offset += begin;
        unsigned char d[16];
        bool utf8 = true;
        if (p.lookup(abs, tparse::declared_md5(b.envelope), d, utf8)) {
          dec.resize(a.payload.size());
          dec.resize(tparse::decode_payload_to(a.payload, dec.data()));
          unsigned char want[16];
          MD5(reinterpret_cast<const unsigned char*>(dec.data()), dec.size(), want);
          check(std::memcmp(d, want, 16) == 0);
          check(utf8 == simdjson::validate_utf8(a.payload.data(), a.payload.size()));
        }
      }
    }
    check(p.bytes_read() == ref.bytes_read() && p.lines() == ref.lines());
  }
  ::close(fd);
  return 0;
}
