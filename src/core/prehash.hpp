// Parallel payload hashing for ONE plain file: the file is split into byte chunks, each worker
// finds the first record that starts in its chunk (the chunk-boundary search: the first line after
// the chunk start that is not a payload continuation), frames the records with the same
// RecordReader code as the main pass, and computes the MD5 of each decoded payload and whether
// its bytes are valid UTF-8. The main pass (which alone frames, numbers lines and builds the
// model) asks lookup() for the record it holds; a hit is used only when the worker saw exactly
// the same record (envelope offset, payload offset, length, line count), so results are the same
// as hashing inline whatever the chunk boundaries. The main thread hashes chunks itself while it
// would otherwise wait, so every core hashes.
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
  std::atomic<uint64_t> hits{0};     ///< payloads whose md5 came from a worker or a repeat
  std::atomic<uint64_t> misses{0};   ///< payloads hashed inline (chunk taken by the main pass, or mismatch)
  std::atomic<uint64_t> chunks_by_workers{0};
  std::atomic<uint64_t> repeats{0};  ///< payloads found byte-identical to a verified one (not hashed)
  /// Tests: the main pass first helps until every chunk is hashed, so that hits do not depend
  /// on thread timing (every payload must then be a hit).
  bool finish_first = false;
};

class PayloadPrehash {
 public:
  /// Starts `workers` threads hashing the records of `path` that start in [begin, end) (begin is
  /// a record start: 0, or where an earlier pass stopped), in chunks of `chunk_bytes`.
  PayloadPrehash(std::string path, uint64_t begin, uint64_t end, int workers, uint64_t chunk_bytes, size_t max_line,
                 PrehashStats* stats = nullptr, bool skip_repeats = true);
  ~PayloadPrehash();
  PayloadPrehash(const PayloadPrehash&) = delete;
  PayloadPrehash& operator=(const PayloadPrehash&) = delete;

  /// The MD5 digest and UTF-8 validity of `rec`'s decoded payload, from a worker, or without
  /// hashing when its raw bytes equal a payload already verified against the same `declared`
  /// md5 (has_payload, hex). False when not known: the caller hashes inline, then calls
  /// verified() when it matched. Call from one thread, with records in file order.
  bool lookup(const RawRecord& rec, std::string_view declared, unsigned char digest[16], bool& utf8_ok);
  void verified(const RawRecord& rec, std::string_view declared, bool utf8_ok);

 private:
  struct Entry {
    uint64_t offset, payload_offset, payload_len;
    uint32_t lines;
    bool tagged, utf8_ok;
    unsigned char digest[16];
  };
  enum : int { kFree = 0, kWorking = 1, kDone = 2, kInline = 3 };
  void worker();
  bool help_one();             // claims and hashes one free chunk; false when none is left
  void hash_chunk(size_t k);
  bool wait_done(size_t k);    // helps or waits until chunk k is hashed; false if it never will be
  // Repeated payloads: where a payload verified against a declared md5 lies in the file. A later
  // payload with the same declared md5 and the same raw bytes (compared byte by byte, re-read
  // from the file) has the same md5 and UTF-8 outcome, so it is not hashed again.
  struct Seen {
    uint64_t offset, len;
    bool utf8_ok;
  };
  bool known(std::string_view declared, std::string_view raw, int& fd, std::string& buf, bool& utf8_ok);
  void remember(std::string_view declared, uint64_t offset, uint64_t len, bool utf8_ok);
  bool skip_repeats_;
  std::mutex seen_mu_;
  std::unordered_map<std::string, Seen> seen_;
  void* map_ = nullptr;        // the file mapped read-only, for comparing repeats in place
  uint64_t map_len_ = 0;
  int main_fd_ = -1;           // the main pass's descriptor and buffer for known() without a mapping
  std::string main_buf_;

  std::string path_;
  uint64_t begin_, size_, chunk_;
  size_t max_line_;
  size_t nchunks_;
  PrehashStats* stats_;
  std::unique_ptr<std::atomic<int>[]> state_;
  std::vector<std::vector<Entry>> results_;
  std::atomic<size_t> next_{0};
  std::atomic<bool> stop_{false};
  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<std::thread> threads_;
  size_t cur_ = SIZE_MAX;      // the main pass's chunk
  bool cur_ready_ = false;
  size_t cursor_ = 0;          // next entry of results_[cur_]
};

}  // namespace tparse
