// Live tail (--follow): notices when a trace that a job is still writing grows (files appear or
// get longer) and says what an update added. TailLoader reads only the appended bytes on a
// worker thread (core/tail_ingest.hpp keeps each file's builder at its last record) and hands
// finalized snapshots to the main thread, so a record appended to a 1 GB trace shows without
// reading the trace again.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <string>
#include <vector>

#include "core/model/model.hpp"
#include "core/tail_ingest.hpp"
#include "model/loader.hpp"

namespace tparse::viewer {

struct FileStamp {
  std::string path;
  uint64_t size = 0;
  friend bool operator==(const FileStamp&, const FileStamp&) = default;
};

/// The trace files under `path` (as load_trace would read them) with their sizes.
std::vector<FileStamp> snapshot(const std::string& path);

class Follower {
 public:
  explicit Follower(std::string path) : path_(std::move(path)) {}
  /// True when the trace differs from the last snapshot taken by changed() (the first call is
  /// true when any file exists). Cheap: a directory listing and stat()s.
  bool changed();
  const std::string& path() const { return path_; }
  uint64_t total_bytes() const;

 private:
  std::string path_;
  std::vector<FileStamp> last_;
  bool first_ = true;
};

/// The live tail's worker: wakes when the kernel reports a write to the trace (inotify on Linux)
/// or every `poll_ms` (a stat per file; the fallback where inotify is missing, e.g. network
/// file systems), parses what was appended and posts each new snapshot to `q` as a LoadResult
/// (its `seconds`: the update's time). A record caught half-written is held back until it is
/// whole (core/tail_ingest.hpp), so a torn write never forces a re-read of the trace.
class TailLoader {
 public:
  using Done = std::function<void(LoadResult)>;
  /// `step_bytes`: how much of a backlog one step reads before a first view may be posted (below
  /// 1 MiB, as tests use, a view is posted after every step).
  TailLoader(std::string path, TaskQueue& q, Done done, IngestOptions opts = {}, int poll_ms = 50,
             uint64_t step_bytes = 32u << 20);
  ~TailLoader();
  TailLoader(const TailLoader&) = delete;
  TailLoader& operator=(const TailLoader&) = delete;
  const std::string& path() const { return path_; }
  /// Updates posted so far, and how many of them read the trace again from the start.
  uint64_t updates() const { return updates_.load(); }
  uint64_t rebuilds() const { return rebuilds_.load(); }
  /// Bytes parsed by the last update.
  uint64_t last_bytes_parsed() const { return last_parsed_.load(); }
  /// Whether the kernel's change notification is in use (else polling only).
  bool notified() const { return notified_.load(); }

 private:
  std::string path_;
  std::atomic<bool> stop_{false}, notified_{false};
  std::atomic<uint64_t> updates_{0}, rebuilds_{0}, last_parsed_{0};
  int wake_fd_ = -1;  // eventfd: the destructor wakes the worker at once
  std::thread thread_;
};

/// What a reload added, for the "new since last reload" line.
struct TailDelta {
  int64_t compiles = 0, breaks = 0, recompiles = 0, failures = 0, records = 0;
  bool any() const { return compiles || breaks || recompiles || failures || records; }
};
TailDelta diff_models(const Model& before, const Model& after);
std::string describe(const TailDelta& d);

}  // namespace tparse::viewer
