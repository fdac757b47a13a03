// Persistent layout cache (see layout_cache.hpp): one file per drawing, "TPLC1 <length>\n" + bytes.
#include "layout_cache.hpp"

// MD5_Init / MD5_Update / MD5_Final: no provider fetch and no context allocation per key (OpenSSL
// 3's EVP_DigestInit_ex with EVP_md5() looked the algorithm up on every call); same digest.
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <fcntl.h>
#include <openssl/md5.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

namespace tparse::graph {

namespace fs = std::filesystem;

namespace {

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::string(v) : std::string();
}

std::string default_dir() {
  if (env("TPARSE_CACHE") == "0") return {};
  std::string d = env("TPARSE_CACHE_DIR");
  if (!d.empty()) return d;
  d = env("XDG_CACHE_HOME");
  if (!d.empty()) return d + "/tparse/layout";
  d = env("HOME");
  if (!d.empty()) return d + "/.cache/tparse/layout";
  return {};
}

bool is_key(const std::string& name) {
  return name.size() == 32 && std::all_of(name.begin(), name.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

}  // namespace

bool layout_estimated_metrics() {
  static const bool est = env("TPARSE_GV_ESTIMATE") == "1";
  return est;
}

LayoutCache& LayoutCache::instance() {
  static LayoutCache c = [] {
    uint64_t mb = 256;
    std::string m = env("TPARSE_CACHE_MAX_MB");
    if (!m.empty()) mb = std::strtoull(m.c_str(), nullptr, 10);
    return LayoutCache(default_dir(), mb << 20);
  }();
  return c;
}

LayoutCache::LayoutCache(std::string dir, uint64_t max_bytes) : dir_(std::move(dir)), max_bytes_(max_bytes) {
  if (max_bytes_ == 0) dir_.clear();
}

LayoutCache::LayoutCache(const LayoutCache& o) : dir_(o.dir_), max_bytes_(o.max_bytes_) {}

std::string LayoutCache::key(std::string_view kind, std::string_view dot) {
  MD5_CTX c;
  MD5_Init(&c);
  MD5_Update(&c, kind.data(), kind.size());
  MD5_Update(&c, "\n", 1);
  MD5_Update(&c, kLayoutVersion, std::char_traits<char>::length(kLayoutVersion));
  MD5_Update(&c, layout_estimated_metrics() ? "est" : "pango", layout_estimated_metrics() ? 3 : 5);
  MD5_Update(&c, "\n", 1);
  MD5_Update(&c, dot.data(), dot.size());
  unsigned char d[MD5_DIGEST_LENGTH];
  MD5_Final(d, &c);
  static const char* hex = "0123456789abcdef";
  std::string out(2 * MD5_DIGEST_LENGTH, '0');
  for (unsigned i = 0; i < MD5_DIGEST_LENGTH; ++i) {
    out[2 * i] = hex[d[i] >> 4];
    out[2 * i + 1] = hex[d[i] & 15];
  }
  return out;
}

std::string LayoutCache::path_of(const std::string& key) const { return dir_ + "/" + key; }

std::optional<std::string> LayoutCache::get(const std::string& key) const {
  if (!enabled() || !is_key(key)) return std::nullopt;
  std::string p = path_of(key);
  int fd = ::open(p.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  std::string data;
  char buf[65536];
  for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0;) data.append(buf, static_cast<size_t>(n));
  ::close(fd);
  size_t nl = data.find('\n');
  if (data.rfind("TPLC1 ", 0) != 0 || nl == std::string::npos) return std::nullopt;
  uint64_t len = std::strtoull(data.c_str() + 6, nullptr, 10);
  if (len != data.size() - nl - 1) return std::nullopt;  // damaged: treated as missing
  ::utimensat(AT_FDCWD, p.c_str(), nullptr, 0);         // recently used (for the size cap)
  return data.substr(nl + 1);
}

void LayoutCache::put(const std::string& key, std::string_view bytes) {
  if (!enabled() || !is_key(key)) return;
  std::error_code ec;
  fs::create_directories(dir_, ec);
  static std::atomic<uint64_t> seq{0};
  std::string tmp = dir_ + "/.tmp." + std::to_string(::getpid()) + "." +
                    std::to_string(std::hash<std::thread::id>{}(std::this_thread::get_id()) % 100000) + "." + std::to_string(seq++);
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) return;
  std::string head = "TPLC1 " + std::to_string(bytes.size()) + "\n";
  std::string all = head;
  all.append(bytes);
  bool ok = true;
  for (size_t off = 0; ok && off < all.size();) {
    ssize_t n = ::write(fd, all.data() + off, all.size() - off);
    if (n <= 0) ok = false;
    else off += static_cast<size_t>(n);
  }
  ok = (::close(fd) == 0) && ok;
  if (!ok || ::rename(tmp.c_str(), path_of(key).c_str()) != 0) {
    ::unlink(tmp.c_str());
    return;
  }
  // Check the cap on the first write of a process and then every 1/16 of the cap written.
  uint64_t before = put_bytes_.fetch_add(all.size());
  if (before == 0 || (before + all.size()) / (max_bytes_ / 16 + 1) != before / (max_bytes_ / 16 + 1)) prune();
}

void LayoutCache::prune() const {
  if (!enabled()) return;
  struct Entry {
    fs::path p;
    uint64_t size;
    fs::file_time_type t;
  };
  std::vector<Entry> entries;
  uint64_t total = 0;
  std::error_code ec;
  auto now = fs::file_time_type::clock::now();
  for (fs::directory_iterator it(dir_, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    std::error_code e2;
    if (name.rfind(".tmp.", 0) == 0) {  // left by a killed run
      if (now - it->last_write_time(e2) > std::chrono::hours(1)) fs::remove(it->path(), e2);
      continue;
    }
    if (!is_key(name)) continue;
    uint64_t sz = it->file_size(e2);
    if (e2) continue;
    entries.push_back({it->path(), sz, it->last_write_time(e2)});
    total += sz;
  }
  if (total <= max_bytes_) return;
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.t < b.t; });
  for (const auto& e : entries) {
    if (total <= max_bytes_ / 10 * 8) break;
    std::error_code e2;
    if (fs::remove(e.p, e2)) total -= e.size;
  }
}

}  // namespace tparse::graph
