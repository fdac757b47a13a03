// Record framing: splits a byte stream (file, .gz, stdin, or memory) into records — one envelope
// line plus the TAB-prefixed payload lines that follow it — without copying. Views handed out
// stay valid until the next call to next(), and are followed by at least kPadding readable bytes
// (so simdjson can parse them in place). A line longer than max_line is skipped and counted
// wherever it is, so the records framed from a record start depend only on the bytes from there
// on, never on how reads were split (prehash.cpp frames chunks of a file on other threads).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <new>
#include <utility>
#include <vector>

namespace tparse {

/// A source of bytes. Implementations: plain file (read(2)), gzip (zlib), memory.
class ByteSource {
 public:
  virtual ~ByteSource() = default;
  /// Reads up to n bytes; returns 0 at end; -1 on error (error() says why).
  virtual long read(char* buf, size_t n) = 0;
  virtual std::string error() const { return {}; }
  /// True when payload bytes can be re-read later by file offset (plain files only).
  virtual bool seekable() const { return false; }
  /// Bytes left to read when known (memory sources), else 0: small inputs get a small buffer.
  virtual uint64_t size_hint() const { return 0; }
};

/// Opens a path ("-" = stdin). Detects gzip by magic bytes (files and stdin alike). nullptr + err on failure.
std::unique_ptr<ByteSource> open_source(const std::string& path, std::string& err, bool& is_gzip);
std::unique_ptr<ByteSource> memory_source(std::string data);
/// Bytes [begin, end) of a plain file (pread on its own descriptor); size_hint() is `hint`.
/// nullptr + err when it cannot be opened. Parallel hashing and the live tail read with it.
std::unique_ptr<ByteSource> range_source(const std::string& path, uint64_t begin, uint64_t end, uint64_t hint,
                                         std::string& err);
/// The same over an open descriptor, which the source takes over (closes); nullptr when fd < 0.
std::unique_ptr<ByteSource> range_source(int fd, uint64_t begin, uint64_t end, uint64_t hint);
/// Reads the first two bytes of a stream that cannot seek (stdin, memory): gzip magic (1f 8b)
/// gives a decompressing source, anything else the same bytes unchanged. `is_gzip` says which.
std::unique_ptr<ByteSource> sniff_gzip(std::unique_ptr<ByteSource> src, bool& is_gzip);

struct RawRecord {
  std::string_view envelope;   ///< the envelope line without its line ending
  std::string_view payload;    ///< raw payload lines incl. their TABs and inner newlines; empty if none
  uint64_t line = 0;           ///< 1-based line of the envelope
  uint64_t offset = 0;         ///< byte offset of the envelope in the stream
  uint64_t payload_offset = 0; ///< byte offset of payload's first byte
  uint32_t payload_lines = 0;
  bool crlf = false;           ///< lines end in \r\n
  bool orphan = false;         ///< "envelope" is itself a TAB line with no envelope before it
  bool rank_tagged = false;    ///< payload lines carry a "[rankN]:" tag before their TAB
  bool unterminated = false;   ///< the record's last line ends the input without a newline
  const char* buffer_end = nullptr;  ///< end of readable memory (padding included)
};

class RecordReader {
 public:
  static constexpr size_t kPadding = 64;
  static constexpr size_t kChunk = 4 << 20;
  explicit RecordReader(std::unique_ptr<ByteSource> src, size_t max_line = 64u << 20);
  /// Frames bytes already in memory (a file mapping) in place, without copying: `span` is the
  /// whole input (its end is the end of input), `base_offset` the stream offset of its first byte
  /// (records' offsets are base_offset + position). No padding is promised past the span:
  /// buffer_end is the span's end, so callers check it before parsing in place.
  RecordReader(std::string_view span, uint64_t base_offset, size_t max_line);
  /// Next record; false at end of input (or on a read error: see error()).
  bool next(RawRecord& out);
  const std::string& error() const { return error_; }
  uint64_t bytes_read() const { return consumed_; }
  uint64_t lines() const { return line_; }
  /// Oversize lines skipped since the last call (each: its line number). Cleared on read.
  std::vector<uint64_t> take_oversize() { return std::move(oversize_); }

 private:
  bool fill();                      // read more; false at end/error
  size_t find_eol(size_t from);     // index of '\n' at or after from (relative to buf_), or npos
  bool skip_oversize();             // discard the rest of an oversize line

  std::unique_ptr<ByteSource> src_;
  /// Allocates without zeroing: a small file's buffer is twice its size (chunk_for), and zeroing
  /// it (and faulting in pages never read into) was 5-10% of a 6 MB trace's report.
  template <class T>
  struct NoInit : std::allocator<T> {
    template <class U>
    struct rebind {
      using other = NoInit<U>;
    };
    NoInit() = default;
    template <class U>
    NoInit(const NoInit<U>&) noexcept {}
    template <class U>
    void construct(U* p) noexcept {
      ::new (static_cast<void*>(p)) U;
    }
    template <class U, class... A>
    void construct(U* p, A&&... a) {
      ::new (static_cast<void*>(p)) U(std::forward<A>(a)...);
    }
  };
  std::vector<char, NoInit<char>> buf_;
  const char* d_ = nullptr;         // the data: buf_.data(), or the caller's span
  size_t cap_end_ = 0;              // readable bytes from d_ (padding included)
  size_t chunk_;                    // read size: kChunk, less for a small source of known size
  size_t begin_ = 0, end_ = 0;      // valid data is buf_[begin_, end_)
  uint64_t base_ = 0;               // stream offset of buf_[0]
  uint64_t consumed_ = 0;
  uint64_t line_ = 0;
  bool eof_ = false;
  size_t max_line_;
  std::string error_;
  std::vector<uint64_t> oversize_;
};

}  // namespace tparse
