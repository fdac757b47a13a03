// Where report files go. Page writers produce (relative path, bytes); a Sink stores them: on disk
// under the -o directory (DiskSink, which refuses any path that could leave it) or in memory for
// tests (MemorySink). Both are thread-safe.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <unordered_set>

namespace tparse::report {

/// A relative path made of safe components ([A-Za-z0-9_.-]+, no "..", no leading '/').
bool is_safe_relative(std::string_view rel);

class Sink {
 public:
  virtual ~Sink() = default;
  /// Stores `data` at `rel`. false when rel is unsafe or the write failed (error() says why).
  virtual bool write(const std::string& rel, std::string_view data) = 0;
  /// Appends `data` to `rel`; `first` starts the file (created or emptied; counted as one file).
  /// For files written in pieces (Ctx::write_streamed).
  virtual bool append(const std::string& rel, std::string_view data, bool first) = 0;
  virtual std::string error() const { return {}; }
  uint64_t bytes_written() const { return bytes_; }
  /// Distinct files written: a shared file rewritten by a lower page (Ctx::write_once, whose
  /// order depends on -j) counts once, so the count is the same for any thread interleaving.
  uint64_t files_written() const { return paths_.size(); }

 protected:
  /// Counts rel as written (caller holds mu_).
  void count_file(const std::string& rel) { paths_.insert(rel); }
  std::mutex mu_;
  uint64_t bytes_ = 0;

 private:
  std::unordered_set<std::string> paths_;
};

class DiskSink : public Sink {
 public:
  explicit DiskSink(std::string root) : root_(std::move(root)) {}
  bool write(const std::string& rel, std::string_view data) override;
  bool append(const std::string& rel, std::string_view data, bool first) override;
  std::string error() const override;

 private:
  bool put(const std::string& rel, std::string_view data, int mode, bool count);
  std::string root_;
  std::string error_;
  std::set<std::string> made_dirs_;  ///< directories already created (one mkdir walk per directory, not per file)
};

class MemorySink : public Sink {
 public:
  bool write(const std::string& rel, std::string_view data) override;
  bool append(const std::string& rel, std::string_view data, bool first) override;
  std::map<std::string, std::string> files;
  /// The file's content, "" when absent.
  const std::string& at(const std::string& rel) const;
};

}  // namespace tparse::report
