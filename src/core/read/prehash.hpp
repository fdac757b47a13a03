// One plain file on several cores, read once. The file is mapped read-only and split into byte
// chunks; for each chunk a thread (a worker, or the main pass when it gets there first) finds the
// first record that starts in it (the chunk-boundary search: the first line after the chunk
// start that is not a payload continuation), frames the records that start in the chunk with the
// same RecordReader code as a sequential read (in place, on the mapping: no copy), and computes
// each payload's MD5 and whether its bytes are valid UTF-8. The main pass then takes the records
// of chunk k from that framing instead of framing them again, when chunk k's first record starts
// exactly where the previous record ended (framing from a record start depends only on the bytes
// from there on, record_reader.hpp) and the chunk held no oversize line; otherwise it frames that
// chunk sequentially from where the previous record ended. next() therefore hands out the same
// records, offsets, lines and oversize lines as a RecordReader over the same range, whatever the
// chunk size, and the main pass alone models them in order (file:line messages stay exact).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "record_reader.hpp"

namespace tparse {

/// Where the record that the sequential reader would start at or after `from` begins in `text`
/// (a line start whose line is not a payload continuation: not TAB-led and not "[rankN]:\t"),
/// `from` need not be a line start. Returns text.size() when `at_eof` and no record starts there,
/// npos when `text` ends before that can be decided (read more and ask again).
size_t next_record_start(std::string_view text, size_t from, bool at_eof);

/// The md5 (32 hex digits) that an envelope line declares in "has_payload", or "".
std::string_view declared_md5(std::string_view envelope);

struct PrehashStats {
  std::atomic<uint64_t> hits{0};     ///< payloads whose md5 came from a chunk's hashing or a repeat
  std::atomic<uint64_t> misses{0};   ///< payloads hashed inline (a sequentially framed record no chunk saw)
  std::atomic<uint64_t> chunks_by_workers{0};
  std::atomic<uint64_t> repeats{0};  ///< payloads found byte-identical to a verified one (not hashed)
  std::atomic<uint64_t> framed{0};   ///< records handed out from a chunk's framing (framed once)
  std::atomic<uint64_t> reframed{0}; ///< records framed sequentially by the main pass (the fallback)
  /// Tests: the main pass first helps until every chunk is framed and hashed, so that counts do
  /// not depend on thread timing.
  bool finish_first = false;
};

class PayloadPrehash {
 public:
  /// Starts `workers` threads framing and hashing the records of `path` that start in
  /// [begin, end) (begin is a record start: 0, or where an earlier pass stopped), in chunks of
  /// `chunk_bytes`.
  PayloadPrehash(std::string path, uint64_t begin, uint64_t end, int workers, uint64_t chunk_bytes, size_t max_line,
                 PrehashStats* stats = nullptr, bool skip_repeats = true);
  ~PayloadPrehash();
  PayloadPrehash(const PayloadPrehash&) = delete;
  PayloadPrehash& operator=(const PayloadPrehash&) = delete;

  // ---- The records of [begin, end) in order: RecordReader's interface and results over
  // range_source(path, begin, end) (offsets and lines relative to begin). Views stay valid until
  // the next call. Call from one thread (the main pass).
  bool next(RawRecord& out);
  std::vector<uint64_t> take_oversize() { return std::move(oversize_); }
  uint64_t bytes_read() const { return pos_ - begin_; }
  uint64_t lines() const { return lines_; }
  const std::string& error() const { return error_; }

  /// The MD5 digest and UTF-8 validity of `rec`'s decoded payload (rec: the record next() just
  /// returned, offsets made absolute), from its chunk's hashing, or without hashing when its raw
  /// bytes equal a payload already verified against the same `declared` md5 (has_payload, hex).
  /// False when not known: the caller hashes inline, then calls verified() when it matched.
  /// A caller that frames the records itself (never calls next()) may ask too, with records in
  /// file order: the entry of the chunk holding rec.offset is used when it is the same record.
  bool lookup(const RawRecord& rec, std::string_view declared, unsigned char digest[16], bool& utf8_ok);
  void verified(const RawRecord& rec, std::string_view declared, bool utf8_ok);

 private:
  struct Entry {                // one framed record; offsets are absolute file offsets
    uint64_t offset, payload_offset, payload_len, line;  // line: 1-based within the chunk's framing
    uint32_t env_len, payload_lines;
    bool crlf, orphan, tagged, unterminated, hashed, utf8_ok;
    unsigned char digest[16];
  };
  struct Chunk {
    std::vector<Entry> recs;    // the records that start in the chunk, in order
    uint64_t start = 0, end = 0, lines = 0;  // first record's offset; end of the last one; lines in [start, end)
    bool usable = false;        // framed, no oversize line, and kPadding bytes follow `end`
  };
  enum : int { kFree = 0, kWorking = 1, kDone = 2, kSkipped = 3 };
  void worker();
  bool claim(size_t& k, bool block);  // the next free chunk within the look-ahead window
  void frame_chunk(size_t k);
  void run_chunk(size_t k);           // frame_chunk + mark done
  void ensure_done(size_t k);         // frames chunk k here, or helps / waits until a worker has
  void enter_chunk(size_t k);
  bool next_sequential(RawRecord& out);
  void start();                       // once, at the first next() or lookup()
  // Repeated payloads: where a payload verified against a declared md5 lies in the file. A later
  // payload with the same declared md5 and the same raw bytes (compared byte by byte in the
  // mapping) has the same md5 and UTF-8 outcome, so it is not hashed again.
  struct Seen {
    uint64_t offset, len;
    bool utf8_ok;
  };
  bool known(std::string_view declared, std::string_view raw, int& fd, std::string& buf, bool& utf8_ok);
  void remember(std::string_view declared, uint64_t offset, uint64_t len, bool utf8_ok);
  bool skip_repeats_;
  std::mutex seen_mu_;
  std::unordered_map<std::string, Seen> seen_;
  const char* map_ = nullptr;  // the file [0, size_) mapped read-only
  uint64_t map_len_ = 0;
  int fd_ = -1;                // the file as opened: the sequential fallback reads it (not the path again)
  // Cleared when the file shrank below size_ (truncated while read): touching the mapping past
  // its new end would raise SIGBUS, so from then on everything is read with pread, which just
  // ends early (checked once per chunk; a truncation within a chunk's framing is not caught).
  std::atomic<bool> map_ok_{false};
  bool mapping_ok();
  size_t page_ = 4096;
  int main_fd_ = -1;           // the main pass's descriptor and buffer for known() without a mapping
  std::string main_buf_;

  std::string path_;
  uint64_t begin_, size_, chunk_;
  size_t max_line_;
  size_t nchunks_;
  size_t ahead_;               // workers frame at most this many chunks past the main pass's
  PrehashStats* stats_;
  std::unique_ptr<std::atomic<int>[]> state_;
  std::vector<Chunk> chunks_;
  std::atomic<size_t> next_{0};
  std::atomic<size_t> cur_{0};  // the main pass's chunk
  std::atomic<bool> stop_{false};
  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<std::thread> threads_;

  // The main pass: the next record starts at pos_ (absolute), after lines_ lines of [begin_, pos_).
  uint64_t pos_ = 0, lines_ = 0;
  bool started_ = false, done_ = false;
  bool own_framing_ = false;   // lookup() before any next(): the caller frames (by offset)
  size_t in_ = SIZE_MAX;       // chunk being handed out
  bool fast_ = false;          // ... from its framing (else sequentially)
  size_t idx_ = 0;             // next entry of the chunk
  uint64_t line_base_ = 0;     // lines before the chunk's first record
  uint64_t dropped_ = 0;       // mapping pages below this are given back (madvise)
  const Entry* last_ = nullptr;  // the entry of the record last handed out, if any
  std::unique_ptr<RecordReader> seq_;  // the sequential fallback, reading from seq_base_
  uint64_t seq_base_ = 0, seq_lines_ = 0;
  RawRecord pending_;          // read by seq_ but starting in a later chunk
  bool has_pending_ = false;
  std::vector<uint64_t> oversize_;
  std::string error_;
};

}  // namespace tparse
