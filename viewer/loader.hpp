// Background loading: load_trace on a worker thread with progress and cancel, results handed to
// the UI thread through a TaskQueue that the main loop drains once per frame. No ImGui here.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/ingest.hpp"

namespace tparse::viewer {

/// Work posted from background threads, run on the main thread by drain().
class TaskQueue {
 public:
  void push(std::function<void()> task);
  /// Runs every queued task; returns how many ran.
  size_t drain();

 private:
  std::mutex mu_;
  std::vector<std::function<void()>> tasks_;
};

struct LoadResult {
  std::shared_ptr<LoadedTrace> trace;  ///< null when cancelled or unreadable
  std::string path;
  std::string error;                   ///< user-facing message when nothing could be read
  bool cancelled = false;
  double seconds = 0;
  uint64_t id = 0;                     ///< which start() this answers
};

/// The error shown for a trace that yielded nothing ("" when the model is usable).
std::string load_error(const Model& m);

class Loader {
 public:
  using Done = std::function<void(LoadResult)>;
  ~Loader();
  /// Loads `path` on a worker thread; `done` runs on the main thread (through `q`). A load still
  /// in flight is cancelled first. Returns the id of this load.
  uint64_t start(std::string path, TaskQueue& q, Done done, IngestOptions opts = {});
  void cancel();
  bool busy() const { return busy_.load(); }
  uint64_t bytes_done() const { return done_.load(); }
  uint64_t bytes_total() const { return total_.load(); }
  /// 0..1, or -1 when the total is unknown (stdin).
  float fraction() const;

 private:
  void join();
  std::thread thread_;
  std::atomic<bool> cancel_{false}, busy_{false};
  std::atomic<uint64_t> done_{0}, total_{0};
  uint64_t next_id_ = 0;
};

}  // namespace tparse::viewer
