// Record framing over a chunked byte stream; see record_reader.hpp.
#include "record_reader.hpp"
#include "prefix.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

namespace tparse {
namespace {

class FdSource : public ByteSource {
 public:
  FdSource(int fd, bool owned) : fd_(fd), owned_(owned) {}
  ~FdSource() override {
    if (owned_) ::close(fd_);
  }
  long read(char* buf, size_t n) override {
    for (;;) {
      ssize_t r = ::read(fd_, buf, n);
      if (r < 0 && errno == EINTR) continue;
      if (r < 0) err_ = std::strerror(errno);
      return static_cast<long>(r);
    }
  }
  std::string error() const override { return err_; }
  bool seekable() const override { return owned_; }
  /// What is left of a regular file, so a small file gets a small buffer (RecordReader zeroes a
  /// 4 MiB one otherwise: 512 rank files paid 2 GiB of memset). 0 (unknown) for pipes.
  uint64_t size_hint() const override {
    struct stat st;
    if (!owned_ || ::fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode)) return 0;
    off_t pos = ::lseek(fd_, 0, SEEK_CUR);
    return pos >= 0 && st.st_size > pos ? static_cast<uint64_t>(st.st_size - pos) : 0;
  }

 private:
  int fd_;
  bool owned_;
  std::string err_;
};

class GzSource : public ByteSource {
 public:
  explicit GzSource(gzFile f) : f_(f) { gzbuffer(f_, 1 << 20); }
  ~GzSource() override { gzclose(f_); }
  long read(char* buf, size_t n) override {
    int r = gzread(f_, buf, static_cast<unsigned>(std::min<size_t>(n, 1u << 30)));
    if (r < 0) {
      int code = 0;
      err_ = gzerror(f_, &code);
    }
    return r;
  }
  std::string error() const override { return err_; }

 private:
  gzFile f_;
  std::string err_;
};

class MemSource : public ByteSource {
 public:
  explicit MemSource(std::string d) : data_(std::move(d)) {}
  long read(char* buf, size_t n) override {
    size_t k = std::min(n, data_.size() - pos_);
    std::memcpy(buf, data_.data() + pos_, k);
    pos_ += k;
    return static_cast<long>(k);
  }
  uint64_t size_hint() const override { return data_.size() - pos_; }

 private:
  std::string data_;
  size_t pos_ = 0;
};

// Hands out `head` (bytes already read to sniff the format) before the rest of `inner`.
class PeekedSource : public ByteSource {
 public:
  PeekedSource(std::string head, std::unique_ptr<ByteSource> inner) : head_(std::move(head)), inner_(std::move(inner)) {}
  long read(char* buf, size_t n) override {
    if (pos_ < head_.size()) {
      size_t k = std::min(n, head_.size() - pos_);
      std::memcpy(buf, head_.data() + pos_, k);
      pos_ += k;
      return static_cast<long>(k);
    }
    return inner_->read(buf, n);
  }
  std::string error() const override { return inner_->error(); }
  uint64_t size_hint() const override {
    uint64_t rest = inner_->size_hint();
    return rest ? rest + (head_.size() - pos_) : 0;
  }

 private:
  std::string head_;
  size_t pos_ = 0;
  std::unique_ptr<ByteSource> inner_;
};

// gzip over any byte stream (stdin, memory) with zlib's inflate; concatenated members are read
// one after another as gzip(1) does. Damaged data ends the stream with an error().
class InflateSource : public ByteSource {
 public:
  explicit InflateSource(std::unique_ptr<ByteSource> inner) : inner_(std::move(inner)), in_(1 << 16) {
    ok_ = inflateInit2(&z_, 16 + MAX_WBITS) == Z_OK;
    if (!ok_) err_ = "cannot start gzip decoder";
  }
  ~InflateSource() override {
    if (ok_) inflateEnd(&z_);
  }
  long read(char* buf, size_t n) override {
    if (!ok_ || done_) return err_.empty() ? 0 : -1;
    z_.next_out = reinterpret_cast<Bytef*>(buf);
    z_.avail_out = static_cast<uInt>(std::min<size_t>(n, 1u << 30));
    while (z_.avail_out > 0) {
      if (z_.avail_in == 0) {
        long r = inner_->read(in_.data(), in_.size());
        if (r < 0) return fail("read error: " + inner_->error());
        if (r == 0) {
          if (!member_done_) return fail("gzip stream ends early (truncated .gz?)");
          done_ = true;
          break;
        }
        z_.next_in = reinterpret_cast<Bytef*>(in_.data());
        z_.avail_in = static_cast<uInt>(r);
      }
      if (member_done_) {  // more bytes after a complete member: the next member
        if (inflateReset(&z_) != Z_OK) return fail("gzip decoder reset failed");
        member_done_ = false;
      }
      int rc = inflate(&z_, Z_NO_FLUSH);
      if (rc == Z_STREAM_END) {
        member_done_ = true;
      } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
        return fail(std::string("gzip data is damaged: ") + (z_.msg ? z_.msg : "inflate error"));
      }
    }
    long produced = static_cast<long>(reinterpret_cast<char*>(z_.next_out) - buf);
    return produced;
  }
  std::string error() const override { return err_; }

 private:
  long fail(std::string why) {
    err_ = std::move(why);
    done_ = true;
    return -1;
  }
  std::unique_ptr<ByteSource> inner_;
  std::vector<char> in_;
  z_stream z_{};
  bool ok_ = false, done_ = false, member_done_ = false;
  std::string err_;
};

// Bytes [start, end) of a file by pread.
class RangeSource : public ByteSource {
 public:
  RangeSource(int fd, uint64_t start, uint64_t end, uint64_t hint) : fd_(fd), pos_(start), end_(end), hint_(hint) {}
  ~RangeSource() override { ::close(fd_); }
  long read(char* buf, size_t n) override {
    if (pos_ >= end_) return 0;
    n = static_cast<size_t>(std::min<uint64_t>(n, end_ - pos_));
    for (;;) {
      ssize_t r = ::pread(fd_, buf, n, static_cast<off_t>(pos_));
      if (r < 0 && errno == EINTR) continue;
      if (r < 0) err_ = std::strerror(errno);
      if (r > 0) pos_ += static_cast<uint64_t>(r);
      return static_cast<long>(r);
    }
  }
  std::string error() const override { return err_; }
  bool seekable() const override { return true; }
  uint64_t size_hint() const override { return hint_; }

 private:
  int fd_;
  uint64_t pos_, end_, hint_;
  std::string err_;
};

}  // namespace

std::unique_ptr<ByteSource> range_source(const std::string& path, uint64_t begin, uint64_t end, uint64_t hint,
                                         std::string& err) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    err = std::strerror(errno);
    return nullptr;
  }
  return std::make_unique<RangeSource>(fd, begin, end, hint);
}

std::unique_ptr<ByteSource> range_source(int fd, uint64_t begin, uint64_t end, uint64_t hint) {
  if (fd < 0) return nullptr;
  return std::make_unique<RangeSource>(fd, begin, end, hint);
}

std::unique_ptr<ByteSource> open_source(const std::string& path, std::string& err, bool& is_gzip) {
  is_gzip = false;
  if (path == "-") return sniff_gzip(std::make_unique<FdSource>(0, false), is_gzip);
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    err = std::strerror(errno);
    return nullptr;
  }
  unsigned char magic[2] = {0, 0};
  ssize_t n = ::pread(fd, magic, 2, 0);
  if (n == 2 && magic[0] == 0x1f && magic[1] == 0x8b) {
    gzFile gz = gzdopen(fd, "rb");
    if (!gz) {
      ::close(fd);
      err = "cannot open gzip stream";
      return nullptr;
    }
    is_gzip = true;
    return std::make_unique<GzSource>(gz);
  }
  ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
  return std::make_unique<FdSource>(fd, true);
}

std::unique_ptr<ByteSource> sniff_gzip(std::unique_ptr<ByteSource> src, bool& is_gzip) {
  std::string head(2, '\0');
  size_t got = 0;
  while (got < 2) {
    long r = src->read(head.data() + got, 2 - got);
    if (r <= 0) break;  // end or error: the inner source reports the error on its next read
    got += static_cast<size_t>(r);
  }
  head.resize(got);
  is_gzip = got == 2 && static_cast<unsigned char>(head[0]) == 0x1f && static_cast<unsigned char>(head[1]) == 0x8b;
  auto peeked = std::make_unique<PeekedSource>(std::move(head), std::move(src));
  if (!is_gzip) return peeked;
  return std::make_unique<InflateSource>(std::move(peeked));
}

std::unique_ptr<ByteSource> memory_source(std::string data) {
  return std::make_unique<MemSource>(std::move(data));
}

static size_t chunk_for(uint64_t size_hint) {
  if (size_hint == 0 || size_hint >= RecordReader::kChunk) return RecordReader::kChunk;
  // twice the size: after reading it all, the EOF probe in fill() needs no resize
  return std::max<size_t>(4096, 2 * static_cast<size_t>(size_hint) + 2);
}

RecordReader::RecordReader(std::unique_ptr<ByteSource> src, size_t max_line)
    : src_(std::move(src)), chunk_(chunk_for(src_->size_hint())), max_line_(max_line) {
  buf_.resize(chunk_ + kPadding);
  d_ = buf_.data();
  cap_end_ = buf_.size();
}

RecordReader::RecordReader(std::string_view span, uint64_t base_offset, size_t max_line)
    : chunk_(0), end_(span.size()), base_(base_offset), eof_(true), max_line_(max_line) {
  d_ = span.data();
  cap_end_ = span.size();
}

bool RecordReader::fill() {
  if (eof_) return false;
  // Compact: move live data to the front, grow when the live data fills most of the buffer.
  if (begin_ > 0) {
    std::memmove(buf_.data(), buf_.data() + begin_, end_ - begin_);
    base_ += begin_;
    end_ -= begin_;
    begin_ = 0;
  }
  size_t cap = buf_.size() - kPadding;
  if (cap - end_ < chunk_ / 2) {
    buf_.resize(std::max(buf_.size() * 2, end_ + chunk_ + kPadding));
    cap = buf_.size() - kPadding;
  }
  d_ = buf_.data();
  cap_end_ = buf_.size();
  long r = src_->read(buf_.data() + end_, cap - end_);
  if (r < 0) {
    error_ = src_->error();
    eof_ = true;
    return false;
  }
  if (r == 0) {
    eof_ = true;
    return false;
  }
  end_ += static_cast<size_t>(r);
  std::memset(buf_.data() + end_, 0, kPadding);
  return true;
}

size_t RecordReader::find_eol(size_t from) {
  const void* p = std::memchr(d_ + from, '\n', end_ - from);
  return p ? static_cast<size_t>(static_cast<const char*>(p) - d_) : std::string::npos;
}

bool RecordReader::skip_oversize() {
  // Drop everything up to and including the next newline.
  for (;;) {
    size_t eol = find_eol(begin_);
    if (eol != std::string::npos) {
      consumed_ += eol + 1 - begin_;
      begin_ = eol + 1;
      return true;
    }
    consumed_ += end_ - begin_;
    begin_ = end_;
    if (!fill()) return false;
  }
}

bool RecordReader::next(RawRecord& out) {
  // Locate the envelope line: [begin_, eol).
  size_t start_rel;  // relative to begin_
  size_t eol = std::string::npos;
  for (;;) {
    if (begin_ == end_ && !fill()) return false;
    eol = find_eol(begin_);
    while (eol == std::string::npos) {
      if (end_ - begin_ > max_line_) {
        ++line_;
        oversize_.push_back(line_);
        if (!skip_oversize()) return false;
        break;
      }
      size_t scanned = end_ - begin_;
      if (!fill()) {  // last line without newline
        eol = end_;
        break;
      }
      eol = find_eol(begin_ + scanned);
    }
    if (eol == std::string::npos) continue;  // oversize line skipped: look again
    if (eol - begin_ > max_line_) {
      ++line_;
      oversize_.push_back(line_);
      size_t used = std::min(eol + 1, end_) - begin_;
      consumed_ += used;
      begin_ += used;
      continue;
    }
    break;
  }
  start_rel = 0;
  ++line_;
  uint64_t rec_line = line_;
  // Extend over following TAB lines (payload). Keep offsets relative to begin_, since fill() moves data.
  size_t env_end = eol - begin_;
  size_t pay_begin = std::string::npos, pay_end = 0;
  size_t pos = (eol < end_) ? eol + 1 - begin_ : eol - begin_;
  uint32_t plines = 0;
  bool at_end = eol >= end_;
  // torchrun can tag every line with "[rankN]:"; a payload line is then "[rankN]:\t..." with the
  // envelope's N. A line tagged with another rank ends the record (it is that rank's line).
  int32_t env_rank = -1;
  size_t env_tag = rank_tag(std::string_view(d_ + begin_, env_end), env_rank);
  bool orphan = d_[begin_] == '\t' || (env_tag > 0 && env_tag < env_end && d_[begin_ + env_tag] == '\t');
  bool tagged = false;
  if (!orphan) {
    while (!at_end) {
      if (begin_ + pos >= end_ && !fill()) break;
      if (d_[begin_ + pos] != '\t') {
        if (env_tag == 0 || d_[begin_ + pos] != '[') break;
        while (end_ - (begin_ + pos) < 20 && fill()) {
        }
        int32_t r = -1;
        size_t k = rank_tag(std::string_view(d_ + begin_ + pos, end_ - (begin_ + pos)), r);
        if (k == 0 || r != env_rank || begin_ + pos + k >= end_ || d_[begin_ + pos + k] != '\t') break;
        tagged = true;
      }
      size_t e = find_eol(begin_ + pos);
      while (e == std::string::npos) {
        if (end_ - (begin_ + pos) > max_line_) break;
        size_t scanned = end_ - begin_;
        if (!fill()) {
          e = end_;
          break;
        }
        e = find_eol(begin_ + scanned);
      }
      // An oversize payload line stops the record here (the next call skips and counts it),
      // whether or not the buffer happened to hold its end: framing never depends on read sizes.
      if (e == std::string::npos || e - (begin_ + pos) > max_line_) break;
      if (pay_begin == std::string::npos) pay_begin = pos;
      ++plines;
      ++line_;
      if (e >= end_) {
        pay_end = e - begin_;
        pos = pay_end;
        at_end = true;
        break;
      }
      pay_end = e - begin_;
      pos = pay_end + 1;
    }
  }
  const char* base = d_ + begin_;
  out.envelope = std::string_view(base + start_rel, env_end);
  out.crlf = !out.envelope.empty() && out.envelope.back() == '\r';
  if (out.crlf) out.envelope.remove_suffix(1);
  if (pay_begin != std::string::npos) {
    out.payload = std::string_view(base + pay_begin, pay_end - pay_begin);
    if (!out.payload.empty() && out.payload.back() == '\r') out.payload.remove_suffix(1);
    out.payload_offset = base_ + begin_ + pay_begin;
  } else {
    out.payload = {};
    out.payload_offset = 0;
  }
  out.payload_lines = plines;
  out.rank_tagged = tagged;
  out.unterminated = at_end;  // the last line ran into the end of the input without a newline
  out.line = rec_line;
  out.offset = base_ + begin_;
  out.orphan = orphan;
  out.buffer_end = d_ + cap_end_;
  // Consume.
  size_t used = std::min(pos + (at_end ? 0 : 0), end_ - begin_);
  consumed_ += used;
  begin_ += used;
  return true;
}

}  // namespace tparse
