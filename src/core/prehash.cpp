// Parallel payload hashing of one file in record-aligned chunks; see prehash.hpp.
#include "prehash.hpp"

#include <algorithm>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
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
  if (map_ && s.offset + s.len <= map_len_) {
    // The earlier copy in the file's mapping: compared in place (a repeated log touches only the
    // pages of the first copies), no read() copy.
    if (std::memcmp(static_cast<const char*>(map_) + s.offset, raw.data(), raw.size()) != 0) return false;
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
    : path_(std::move(path)), begin_(begin), size_(end), chunk_(std::max<uint64_t>(chunk_bytes, 64)), max_line_(max_line),
      stats_(stats), skip_repeats_(skip_repeats) {
  nchunks_ = end > begin ? static_cast<size_t>((end - begin + chunk_ - 1) / chunk_) : 0;
  state_ = std::make_unique<std::atomic<int>[]>(nchunks_);
  for (size_t i = 0; i < nchunks_; ++i) state_[i].store(kFree);
  results_.resize(nchunks_);
  int fd = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd >= 0 && end > 0) {
    void* m = ::mmap(nullptr, end, PROT_READ, MAP_SHARED, fd, 0);
    if (m != MAP_FAILED) map_ = m, map_len_ = end;
  }
  if (fd >= 0) ::close(fd);
  for (int i = 0; i < workers; ++i) threads_.emplace_back([this] { worker(); });
}

PayloadPrehash::~PayloadPrehash() {
  stop_ = true;
  for (auto& t : threads_) t.join();
  if (main_fd_ >= 0) ::close(main_fd_);
  if (map_) ::munmap(map_, map_len_);
}

void PayloadPrehash::worker() {
  while (!stop_.load(std::memory_order_relaxed) && help_one()) {
  }
}

bool PayloadPrehash::help_one() {
  for (;;) {
    size_t k = next_++;
    if (k >= nchunks_) return false;
    int expect = kFree;
    if (!state_[k].compare_exchange_strong(expect, kWorking)) continue;  // the main pass took it
    hash_chunk(k);
    {
      std::lock_guard<std::mutex> lk(mu_);
      state_[k].store(kDone, std::memory_order_release);
    }
    cv_.notify_all();
    if (stats_) stats_->chunks_by_workers++;
    return true;
  }
}

void PayloadPrehash::hash_chunk(size_t k) {
  std::vector<Entry>& out = results_[k];
  uint64_t a = begin_ + static_cast<uint64_t>(k) * chunk_, b = std::min(size_, a + chunk_);
  std::string err;
  int fd = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return;
  // Chunk-boundary search: the first record start at or after a (byte a-1 tells whether a is a line start).
  uint64_t from = a > 0 ? a - 1 : 0;
  uint64_t start = UINT64_MAX;
  std::string win;
  for (uint64_t want = 1 << 16; start == UINT64_MAX;) {
    win.resize(static_cast<size_t>(std::min<uint64_t>(want, size_ - from)));
    ssize_t r = ::pread(fd, win.data(), win.size(), static_cast<off_t>(from));
    if (r < 0) break;
    win.resize(static_cast<size_t>(r));
    bool eof = from + win.size() >= size_;
    size_t p = next_record_start(win, a - from, eof);
    if (p != std::string_view::npos) start = from + p;
    else if (eof || want > max_line_ + (1u << 20)) break;
    want *= 4;
  }
  ::close(fd);
  if (start == UINT64_MAX || start >= b) return;
  // Records starting in [start, b); the last one may run past b. (pread, not the mapping: mapped
  // pages would count in the process's RSS, and page faults cost more than the copy here.)
  auto src = range_source(path_, start, size_, std::min<uint64_t>(size_ - start, chunk_ + 4096), err);
  if (!src) return;
  RecordReader reader(std::move(src), max_line_);
  RawRecord rec;
  std::string buf, seen_buf;
  int seen_fd = -1;
  while (!stop_.load(std::memory_order_relaxed) && reader.next(rec)) {
    uint64_t off = start + rec.offset;
    if (off >= b) break;
    if (rec.orphan || rec.payload_lines == 0) continue;
    Entry e;
    e.offset = off;
    e.payload_offset = start + rec.payload_offset;
    e.payload_len = rec.payload.size();
    e.lines = rec.payload_lines;
    e.tagged = rec.rank_tagged;
    std::string_view declared = declared_md5(rec.envelope);
    if (known(declared, rec.payload, seen_fd, seen_buf, e.utf8_ok)) {
      hex_to_bytes(declared, e.digest);
    } else {
      if (buf.size() < rec.payload.size()) buf.resize(std::max(rec.payload.size(), 2 * buf.size()));
      size_t n = decode_payload_to(rec.payload, buf.data());
      MD5(reinterpret_cast<const unsigned char*>(buf.data()), n, e.digest);
      e.utf8_ok = simdjson::validate_utf8(rec.payload.data(), rec.payload.size());
      if (!declared.empty() && digest_is(e.digest, declared)) remember(declared, e.payload_offset, e.payload_len, e.utf8_ok);
    }
    out.push_back(e);
  }
  if (seen_fd >= 0) ::close(seen_fd);
}

void PayloadPrehash::verified(const RawRecord& rec, std::string_view declared, bool utf8_ok) {
  remember(declared, rec.payload_offset, rec.payload.size(), utf8_ok);
}

bool PayloadPrehash::wait_done(size_t k) {
  for (;;) {
    int s = state_[k].load(std::memory_order_acquire);
    if (s == kDone) return true;
    if (s == kInline) return false;
    if (s == kFree) {
      int expect = kFree;
      if (state_[k].compare_exchange_strong(expect, kInline)) return false;  // hash it inline
      continue;
    }
    // A worker hashes chunk k: hash a later chunk meanwhile rather than idle.
    if (help_one()) continue;
    std::unique_lock<std::mutex> lk(mu_);
    cv_.wait(lk, [&] { return state_[k].load(std::memory_order_acquire) == kDone; });
  }
}

bool PayloadPrehash::lookup(const RawRecord& rec, std::string_view declared, unsigned char digest[16], bool& utf8_ok) {
  size_t k = rec.offset >= begin_ ? static_cast<size_t>((rec.offset - begin_) / chunk_) : SIZE_MAX;
  bool hit = false;
  if (cur_ == SIZE_MAX && stats_ && stats_->finish_first) {
    while (help_one()) {
    }
    for (size_t j = 0; j < nchunks_; ++j) {
      std::unique_lock<std::mutex> lk(mu_);
      cv_.wait(lk, [&] { return state_[j].load(std::memory_order_acquire) == kDone; });
    }
  }
  if (k < nchunks_) {
    if (k != cur_) {
      if (cur_ != SIZE_MAX && cur_ready_) std::vector<Entry>().swap(results_[cur_]);
      // Chunks passed without a payload lookup: no worker needs to hash them any more.
      for (size_t j = cur_ == SIZE_MAX ? 0 : cur_ + 1; j < k; ++j) {
        int expect = kFree;
        state_[j].compare_exchange_strong(expect, kInline);
      }
      cur_ = k;
      cursor_ = 0;
      cur_ready_ = wait_done(k);
    }
    if (cur_ready_) {
      const auto& v = results_[k];
      while (cursor_ < v.size() && v[cursor_].offset < rec.offset) ++cursor_;
      if (cursor_ < v.size()) {
        const Entry& e = v[cursor_];
        hit = e.offset == rec.offset && e.payload_offset == rec.payload_offset && e.payload_len == rec.payload.size() &&
              e.lines == rec.payload_lines && e.tagged == rec.rank_tagged;
        if (hit) {
          std::memcpy(digest, e.digest, 16);
          utf8_ok = e.utf8_ok;
        }
      }
    }
  }
  if (!hit && declared.size() == 32 && known(declared, rec.payload, main_fd_, main_buf_, utf8_ok)) {
    hex_to_bytes(declared, digest);
    hit = true;
  }
  if (stats_) (hit ? stats_->hits : stats_->misses)++;
  return hit;
}

}  // namespace tparse
