// Report sinks: disk (confined to the output directory) and memory.
#include "sink.hpp"

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>
#include <filesystem>

namespace tparse::report {

bool is_safe_relative(std::string_view rel) {
  if (rel.empty() || rel.front() == '/') return false;
  size_t start = 0;
  while (start <= rel.size()) {
    size_t slash = rel.find('/', start);
    std::string_view part = rel.substr(start, slash == std::string_view::npos ? std::string_view::npos : slash - start);
    if (part.empty() || part == "." || part == "..") return false;
    for (char c : part) {
      bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
      if (!ok) return false;
    }
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  return true;
}

bool DiskSink::write(const std::string& rel, std::string_view data) { return put(rel, data, O_TRUNC, true); }

bool DiskSink::append(const std::string& rel, std::string_view data, bool first) {
  return put(rel, data, first ? O_TRUNC : O_APPEND, first);
}

bool DiskSink::put(const std::string& rel, std::string_view data, int mode, bool count) {
  namespace fs = std::filesystem;
  if (!is_safe_relative(rel)) {
    std::lock_guard<std::mutex> lk(mu_);
    error_ = "refused unsafe output path: " + rel;
    return false;
  }
  fs::path p = fs::path(root_) / rel;
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (made_dirs_.insert(p.parent_path().string()).second) {
      std::error_code ec;
      fs::create_directories(p.parent_path(), ec);  // a failure shows as the open's below
    }
  }
  // One open, one write (stdio's buffer made two writes per file), one close.
  int fd = ::open(p.c_str(), O_WRONLY | O_CREAT | mode | O_CLOEXEC, 0666);
  bool ok = fd >= 0;
  for (size_t off = 0; ok && off < data.size();) {
    ssize_t n = ::write(fd, data.data() + off, data.size() - off);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) ok = false;
    else off += static_cast<size_t>(n);
  }
  if (fd >= 0) ok = (::close(fd) == 0) && ok;
  std::lock_guard<std::mutex> lk(mu_);
  if (!ok) {
    error_ = "cannot write " + p.string();
    return false;
  }
  bytes_ += data.size();
  if (count) count_file(rel);
  return true;
}

std::string DiskSink::error() const { return error_; }

bool MemorySink::write(const std::string& rel, std::string_view data) {
  if (!is_safe_relative(rel)) return false;
  std::lock_guard<std::mutex> lk(mu_);
  files[rel] = std::string(data);
  bytes_ += data.size();
  count_file(rel);
  return true;
}

bool MemorySink::append(const std::string& rel, std::string_view data, bool first) {
  if (!is_safe_relative(rel)) return false;
  std::lock_guard<std::mutex> lk(mu_);
  std::string& f = files[rel];
  if (first) {
    f.clear();
    count_file(rel);
  }
  f.append(data);
  bytes_ += data.size();
  return true;
}

const std::string& MemorySink::at(const std::string& rel) const {
  static const std::string empty;
  auto it = files.find(rel);
  return it == files.end() ? empty : it->second;
}

}  // namespace tparse::report
