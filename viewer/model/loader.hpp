// Background loading: load_trace on a worker thread with progress and cancel, results handed to
// the UI thread through a TaskQueue that the main loop drains once per frame. No ImGui here.
#pragma once

#include <atomic>
#include <condition_variable>
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
  /// A first view of a load still running (the records read so far; more follow): the
  /// progressive open shows the overview from it. `fraction`: share of the bytes read.
  bool partial = false;
  float fraction = 1.f;
};

/// The error shown for a trace that yielded nothing ("" when the model is usable).
std::string load_error(const Model& m);

class Loader {
 public:
  using Done = std::function<void(LoadResult)>;
  ~Loader();
  /// Loads `path` on a worker thread; `done` runs on the main thread (through `q`). A load still
  /// in flight is cancelled first. Returns the id of this load. With `partial`, a plain-file trace
  /// is read progressively (core/tail_ingest.hpp) and `partial` gets finalized snapshots of what
  /// was read so far, the first after about `first_partial_s`, then at growing intervals (0: after
  /// every step); the final result is the same model as load_trace's.
  uint64_t start(std::string path, TaskQueue& q, Done done, IngestOptions opts = {}, Done partial = nullptr,
                 double first_partial_s = 0.1);
  void cancel();
  /// Bytes read per progressive step (all files together; tests make it small).
  void set_step_bytes(uint64_t b) { step_bytes_ = b; }
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
  uint64_t step_bytes_ = 32u << 20;
};

/// Frees what the UI thread lets go of (a replaced snapshot of a big trace takes tens of ms to
/// free) on a thread of its own, so that the frame that shows the new one does not wait.
class Reaper {
 public:
  ~Reaper();
  void drop(std::shared_ptr<const void> p);
  /// Objects let go of on the reaper's thread so far (tests).
  uint64_t freed() const { return freed_.load(); }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<std::shared_ptr<const void>> q_;
  bool stop_ = false;
  std::atomic<uint64_t> freed_{0};
  std::thread thread_;
};

}  // namespace tparse::viewer
