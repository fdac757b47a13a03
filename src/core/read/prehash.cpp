// One file framed once on several cores, in record-aligned chunks of its mapping; see prehash.hpp.
#include "prehash.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/md5.h>
#include <simdjson.h>

#include "payload_store.hpp"
#include "prefix.hpp"

namespace tparse {

size_t next_record_start(std::string_view text, size_t from, bool at_eof) {
  size_t p = from;
  if (p > 0 && p <= text.size() && text[p - 1] != '\n') {
    const void* nl = p < text.size() ? std::memchr(text.data() + p, '\n', text.size() - p) : nullptr;
    if (!nl) return std::string_view::npos;
    p = static_cast<size_t>(static_cast<const char*>(nl) - text.data()) + 1;
  }
  while (p < text.size()) {
    size_t rest = text.size() - p;
    const char* line = text.data() + p;
    const void* nl = std::memchr(line, '\n', rest);
    size_t len = nl ? static_cast<size_t>(static_cast<const char*>(nl) - line) : rest;
    // Enough of the line to decide: a "[rankN]:" tag is at most 17 bytes, then the TAB.
    if (!nl && !at_eof && rest < 24) return std::string_view::npos;
    bool continuation = line[0] == '\t';
    if (!continuation && line[0] == '[') {
      int32_t r = -1;
      size_t k = rank_tag(std::string_view(line, len), r);
      continuation = k > 0 && k < len && line[k] == '\t';
    }
    if (!continuation) return p;
    if (!nl) return std::string_view::npos;
    p += len + 1;
  }
  return at_eof ? text.size() : std::string_view::npos;
}


std::string_view declared_md5(std::string_view env) {
  static constexpr std::string_view kKey = "\"has_payload\": \"";
  size_t p = env.rfind(kKey);
  if (p == std::string_view::npos || p + kKey.size() + 33 > env.size()) return {};
  std::string_view h = env.substr(p + kKey.size(), 32);
  if (env[p + kKey.size() + 32] != '"') return {};
  for (char c : h)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return {};
  return h;
}

namespace {

void hex_to_bytes(std::string_view hex, unsigned char out[16]) {
  auto v = [](char c) { return c <= '9' ? c - '0' : c - 'a' + 10; };
  for (int i = 0; i < 16; ++i) out[i] = static_cast<unsigned char>(v(hex[2 * i]) << 4 | v(hex[2 * i + 1]));
}

bool digest_is(const unsigned char d[16], std::string_view hex) {
  static constexpr char kHex[] = "0123456789abcdef";
  for (int i = 0; i < 16; ++i)
    if (hex[2 * i] != kHex[d[i] >> 4] || hex[2 * i + 1] != kHex[d[i] & 15]) return false;
  return true;
}

}  // namespace

bool PayloadPrehash::known(std::string_view declared, std::string_view raw, int& fd, std::string& buf, bool& utf8_ok) {
  if (declared.empty() || !skip_repeats_) return false;
  Seen s;
  {
    std::lock_guard<std::mutex> lk(seen_mu_);
    auto it = seen_.find(std::string(declared));
    if (it == seen_.end()) return false;
    s = it->second;
  }
  if (s.len != raw.size()) return false;
  if (map_ && map_ok_.load(std::memory_order_relaxed) && s.offset + s.len <= map_len_) {
    // The earlier copy in the file's mapping: compared in place (a repeated log touches only the
    // pages of the first copies), no read() copy.
    if (std::memcmp(map_ + s.offset, raw.data(), raw.size()) != 0) return false;
    utf8_ok = s.utf8_ok;
    if (stats_) stats_->repeats++;
    return true;
  }
  if (fd < 0) fd = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  if (buf.size() < s.len) buf.resize(static_cast<size_t>(s.len));
  size_t got = 0;
  while (got < s.len) {
    ssize_t r = ::pread(fd, buf.data() + got, s.len - got, static_cast<off_t>(s.offset + got));
    if (r <= 0) return false;
    got += static_cast<size_t>(r);
  }
  if (std::memcmp(buf.data(), raw.data(), raw.size()) != 0) return false;
  utf8_ok = s.utf8_ok;
  if (stats_) stats_->repeats++;
  return true;
}

void PayloadPrehash::remember(std::string_view declared, uint64_t offset, uint64_t len, bool utf8_ok) {
  if (declared.empty() || !skip_repeats_) return;
  std::lock_guard<std::mutex> lk(seen_mu_);
  seen_.emplace(std::string(declared), Seen{offset, len, utf8_ok});
}

PayloadPrehash::PayloadPrehash(std::string path, uint64_t begin, uint64_t end, int workers, uint64_t chunk_bytes,
                               size_t max_line, PrehashStats* stats, bool skip_repeats)
    : skip_repeats_(skip_repeats), path_(std::move(path)), begin_(begin), size_(end),
      chunk_(std::max<uint64_t>(chunk_bytes, 64)), max_line_(max_line), stats_(stats) {
  nchunks_ = end > begin ? static_cast<size_t>((end - begin + chunk_ - 1) / chunk_) : 0;
  // Bounded look-ahead: the mapped pages of chunks framed ahead count in the RSS until the main
  // pass has taken their records and given the pages back.
  ahead_ = std::min<size_t>(8, 2 + 2 * static_cast<size_t>(std::max(workers, 0)));
  state_ = std::make_unique<std::atomic<int>[]>(nchunks_);
  for (size_t i = 0; i < nchunks_; ++i) state_[i].store(kFree);
  chunks_.resize(nchunks_);
  pos_ = begin_;
  long pg = ::sysconf(_SC_PAGESIZE);
  if (pg > 0) page_ = static_cast<size_t>(pg);
  dropped_ = begin_ / page_ * page_;
  fd_ = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd_ >= 0 && end > 0) {
    void* m = ::mmap(nullptr, end, PROT_READ, MAP_SHARED, fd_, 0);
    if (m != MAP_FAILED) map_ = static_cast<const char*>(m), map_len_ = end;
  }
  map_ok_ = map_ != nullptr;
  if (map_)  // without a mapping every chunk is read sequentially by the main pass
    for (int i = 0; i < workers; ++i) threads_.emplace_back([this] { worker(); });
}

PayloadPrehash::~PayloadPrehash() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  for (auto& t : threads_) t.join();
  seq_.reset();
  if (main_fd_ >= 0) ::close(main_fd_);
  if (fd_ >= 0) ::close(fd_);
  if (map_) ::munmap(const_cast<char*>(map_), map_len_);
}

bool PayloadPrehash::mapping_ok() {
  if (!map_ok_.load()) return false;
  struct stat st {};
  if (::fstat(fd_, &st) != 0 || static_cast<uint64_t>(st.st_size) < size_) map_ok_ = false;
  return map_ok_.load();
}

bool PayloadPrehash::claim(size_t& k, bool block) {
  for (;;) {
    if (stop_.load(std::memory_order_relaxed)) return false;
    size_t n = next_.load();
    if (n >= nchunks_) return false;
    bool unbounded = stats_ && stats_->finish_first;
    if (!unbounded && n > cur_.load() + ahead_) {
      if (!block) return false;
      std::unique_lock<std::mutex> lk(mu_);
      cv_.wait(lk, [&] { return stop_.load() || next_.load() <= cur_.load() + ahead_; });
      continue;
    }
    if (!next_.compare_exchange_weak(n, n + 1)) continue;
    int expect = kFree;
    if (state_[n].compare_exchange_strong(expect, kWorking)) {  // else the main pass took or skipped it
      k = n;
      return true;
    }
  }
}

void PayloadPrehash::run_chunk(size_t k) {
  frame_chunk(k);
  {
    std::lock_guard<std::mutex> lk(mu_);
    state_[k].store(kDone, std::memory_order_release);
  }
  cv_.notify_all();
}

void PayloadPrehash::worker() {
  size_t k;
  while (claim(k, true)) {
    run_chunk(k);
    if (stats_) stats_->chunks_by_workers++;
  }
}

void PayloadPrehash::frame_chunk(size_t k) {
  Chunk& c = chunks_[k];
  if (!mapping_ok()) return;
  uint64_t a = begin_ + static_cast<uint64_t>(k) * chunk_, b = std::min(size_, a + chunk_);
  // Chunk-boundary search, within [a, b) only (a line starting before b is decided by its first
  // 24 bytes): npos or an offset >= b means no record starts in the chunk.
  uint64_t start = a;
  if (k > 0) {
    uint64_t lim = std::min(size_, b + 32);
    size_t p = next_record_start(std::string_view(map_, static_cast<size_t>(lim)), static_cast<size_t>(a), lim == size_);
    start = p == std::string_view::npos ? b : p;
  }
  c.start = c.end = start;
  if (start >= b) {
    c.usable = true;  // no record starts here
    return;
  }
  RecordReader reader(std::string_view(map_ + start, static_cast<size_t>(size_ - start)), start, max_line_);
  RawRecord rec;
  std::string buf, seen_buf;
  int seen_fd = -1;
  bool clean = true;
  // Records starting in [start, b): once the bytes read reach b, the next record starts at or
  // after b (it is the next chunk's), so it is not framed here.
  while (start + reader.bytes_read() < b) {
    if (stop_.load(std::memory_order_relaxed)) {
      clean = false;
      break;
    }
    bool more = reader.next(rec);
    bool oversize = !reader.take_oversize().empty();
    if (more && rec.offset >= b) break;  // oversize lines skipped up to b: they are the gap after this chunk
    if (oversize) clean = false;         // ... else they lie inside it: read it sequentially
    if (!more || !clean) break;
    Entry e{};
    e.offset = rec.offset;
    e.env_len = static_cast<uint32_t>(rec.envelope.size());
    e.payload_offset = rec.payload_offset;
    e.payload_len = rec.payload.size();
    e.line = rec.line;
    e.payload_lines = rec.payload_lines;
    e.crlf = rec.crlf;
    e.orphan = rec.orphan;
    e.tagged = rec.rank_tagged;
    e.unterminated = rec.unterminated;
    if (!rec.orphan && rec.payload_lines > 0) {
      e.hashed = true;
      std::string_view declared = declared_md5(rec.envelope);
      if (known(declared, rec.payload, seen_fd, seen_buf, e.utf8_ok)) {
        hex_to_bytes(declared, e.digest);
      } else {
        if (buf.size() < rec.payload.size()) buf.resize(std::max(rec.payload.size(), 2 * buf.size()));
        size_t n = decode_payload_to(rec.payload, buf.data());
        MD5(reinterpret_cast<const unsigned char*>(buf.data()), n, e.digest);
        e.utf8_ok = simdjson::validate_utf8(rec.payload.data(), rec.payload.size());
        if (!declared.empty() && digest_is(e.digest, declared))
          remember(declared, e.payload_offset, e.payload_len, e.utf8_ok);
      }
    }
    c.recs.push_back(e);
    c.end = start + reader.bytes_read();
    c.lines = reader.lines();
  }
  if (seen_fd >= 0) ::close(seen_fd);
  // The views handed out must be followed by kPadding readable bytes of the mapping.
  c.usable = clean && c.end + RecordReader::kPadding <= size_;
}

void PayloadPrehash::ensure_done(size_t k) {
  for (;;) {
    int s = state_[k].load(std::memory_order_acquire);
    if (s == kDone) return;
    if (s == kFree || s == kSkipped) {
      int expect = s;
      if (state_[k].compare_exchange_strong(expect, kWorking)) {
        run_chunk(k);  // the main pass got here first: it frames and hashes the chunk itself
        return;
      }
      continue;
    }
    // A worker is on chunk k: frame a later chunk meanwhile rather than idle.
    size_t j;
    if (claim(j, false)) {
      run_chunk(j);
      continue;
    }
    std::unique_lock<std::mutex> lk(mu_);
    cv_.wait(lk, [&] { return state_[k].load(std::memory_order_acquire) == kDone; });
  }
}

void PayloadPrehash::enter_chunk(size_t k) {
  if (in_ != SIZE_MAX) std::vector<Entry>().swap(chunks_[in_].recs);
  // Chunks passed over (inside one long record) need no framing any more.
  for (size_t j = in_ == SIZE_MAX ? 0 : in_ + 1; j < k; ++j) {
    int expect = kFree;
    state_[j].compare_exchange_strong(expect, kSkipped);
    if (state_[j].load(std::memory_order_acquire) == kDone) std::vector<Entry>().swap(chunks_[j].recs);
  }
  in_ = k;
  {
    std::lock_guard<std::mutex> lk(mu_);
    cur_.store(k);
  }
  cv_.notify_all();
  // Give back the mapped pages before the next record: the main pass is done with them (a later
  // touch, e.g. comparing a repeat, maps them again from the page cache).
  uint64_t upto = pos_ / page_ * page_;
  if (map_ && upto > dropped_) {
    ::madvise(const_cast<char*>(map_) + dropped_, static_cast<size_t>(upto - dropped_), MADV_DONTNEED);
    dropped_ = upto;
  }
  ensure_done(k);
}

bool PayloadPrehash::next_sequential(RawRecord& out) {
  uint64_t b = std::min(size_, begin_ + (static_cast<uint64_t>(in_) + 1) * chunk_);
  RawRecord r;
  if (has_pending_) {
    r = pending_;
    has_pending_ = false;
  } else {
    bool more = seq_->next(r);
    for (uint64_t line : seq_->take_oversize()) oversize_.push_back(seq_lines_ + line);
    if (!more) {
      pos_ = seq_base_ + seq_->bytes_read();
      lines_ = seq_lines_ + seq_->lines();
      error_ = seq_->error();
      done_ = true;
      return false;
    }
    if (seq_base_ + r.offset >= b) {  // the next chunk's first record: maybe framed there already
      pending_ = r;
      has_pending_ = true;
      pos_ = seq_base_ + r.offset;
      lines_ = seq_lines_ + r.line - 1;
      return next(out);  // leave the chunk
    }
  }
  uint64_t abs = seq_base_ + r.offset;
  out = r;
  out.offset = abs - begin_;
  out.line = seq_lines_ + r.line;
  if (r.payload_lines > 0) out.payload_offset = seq_base_ + r.payload_offset - begin_;
  pos_ = seq_base_ + seq_->bytes_read();
  lines_ = seq_lines_ + seq_->lines();
  // The chunk's own framing of this record, when it framed the same one: its md5 is used.
  last_ = nullptr;
  const auto& v = chunks_[in_].recs;
  auto it = std::lower_bound(v.begin(), v.end(), abs, [](const Entry& e, uint64_t o) { return e.offset < o; });
  if (it != v.end() && it->offset == abs) last_ = &*it;
  if (stats_) stats_->reframed++;
  return true;
}

void PayloadPrehash::start() {
  if (started_) return;
  started_ = true;
  if (stats_ && stats_->finish_first) {
    size_t j;
    while (claim(j, false)) run_chunk(j);
    std::unique_lock<std::mutex> lk(mu_);
    for (size_t i = 0; i < nchunks_; ++i)
      cv_.wait(lk, [&] { return state_[i].load(std::memory_order_acquire) == kDone; });
  }
}

bool PayloadPrehash::next(RawRecord& out) {
  last_ = nullptr;
  start();
  for (;;) {
    if (done_) return false;
    if (in_ != SIZE_MAX && fast_) {
      const Chunk& c = chunks_[in_];
      if (idx_ < c.recs.size()) {
        const Entry& e = c.recs[idx_++];
        out.envelope = std::string_view(map_ + e.offset, e.env_len);
        out.payload = e.payload_lines ? std::string_view(map_ + e.payload_offset, e.payload_len) : std::string_view();
        out.payload_offset = e.payload_lines ? e.payload_offset - begin_ : 0;
        out.payload_lines = e.payload_lines;
        out.line = line_base_ + e.line;
        out.offset = e.offset - begin_;
        out.crlf = e.crlf;
        out.orphan = e.orphan;
        out.rank_tagged = e.tagged;
        out.unterminated = e.unterminated;
        out.buffer_end = map_ + size_;
        if (idx_ < c.recs.size()) {
          pos_ = c.recs[idx_].offset;
          lines_ = line_base_ + c.recs[idx_].line - 1;
        } else {
          pos_ = c.end;
          lines_ = line_base_ + c.lines;
          fast_ = false;
          has_pending_ = false;
        }
        last_ = &e;
        if (stats_) stats_->framed++;
        return true;
      }
      fast_ = false;
    }
    if (in_ != SIZE_MAX && seq_ && pos_ < std::min(size_, begin_ + (static_cast<uint64_t>(in_) + 1) * chunk_))
      return next_sequential(out);
    if (pos_ >= size_) {
      done_ = true;
      return false;
    }
    // The chunk holding pos_: its framing is taken when it starts exactly at pos_.
    size_t k = static_cast<size_t>((pos_ - begin_) / chunk_);
    enter_chunk(k);
    const Chunk& c = chunks_[k];
    if (c.usable && c.start == pos_ && !c.recs.empty() && mapping_ok()) {
      fast_ = true;
      idx_ = 0;
      line_base_ = lines_;
      seq_.reset();
      has_pending_ = false;
      continue;
    }
    // Sequentially from pos_ (a record start): the reader already there, else a new one.
    bool there = seq_ && (has_pending_ ? seq_base_ + pending_.offset == pos_ : seq_base_ + seq_->bytes_read() == pos_);
    if (!there) {
      has_pending_ = false;
      auto src = range_source(fd_ >= 0 ? ::fcntl(fd_, F_DUPFD_CLOEXEC, 0) : -1, pos_, size_, size_ - pos_);
      if (!src) {
        error_ = "cannot read the file again: " + std::string(std::strerror(errno));
        done_ = true;
        return false;
      }
      seq_ = std::make_unique<RecordReader>(std::move(src), max_line_);
      seq_base_ = pos_;
      seq_lines_ = lines_;
    }
    return next_sequential(out);
  }
}

void PayloadPrehash::verified(const RawRecord& rec, std::string_view declared, bool utf8_ok) {
  remember(declared, rec.payload_offset, rec.payload.size(), utf8_ok);
}

bool PayloadPrehash::lookup(const RawRecord& rec, std::string_view declared, unsigned char digest[16], bool& utf8_ok) {
  if (!started_ || own_framing_) {
    // The caller frames the records itself (next() unused): find the chunk's entry by offset.
    start();
    own_framing_ = true;
    last_ = nullptr;
    size_t k = rec.offset >= begin_ && rec.offset < size_ ? static_cast<size_t>((rec.offset - begin_) / chunk_) : SIZE_MAX;
    if (k != SIZE_MAX && (in_ == SIZE_MAX || k > in_)) {
      pos_ = rec.offset;  // (pages below it are given back)
      enter_chunk(k);
    }
    if (k != SIZE_MAX && k == in_) {
      const auto& v = chunks_[k].recs;
      auto it = std::lower_bound(v.begin(), v.end(), rec.offset, [](const Entry& x, uint64_t o) { return x.offset < o; });
      if (it != v.end() && it->offset == rec.offset) last_ = &*it;
    }
  }
  const Entry* e = last_;
  bool hit = e && e->hashed && e->offset == rec.offset && e->payload_offset == rec.payload_offset &&
             e->payload_len == rec.payload.size() && e->payload_lines == rec.payload_lines && e->tagged == rec.rank_tagged;
  if (hit) {
    std::memcpy(digest, e->digest, 16);
    utf8_ok = e->utf8_ok;
  }
  if (!hit && declared.size() == 32 && known(declared, rec.payload, main_fd_, main_buf_, utf8_ok)) {
    hex_to_bytes(declared, digest);
    hit = true;
  }
  if (stats_) (hit ? stats_->hits : stats_->misses)++;
  return hit;
}

}  // namespace tparse
