// Live tail; see tail.hpp.
#include "model/tail.hpp"

#include <chrono>
#include <filesystem>
#include <fmt/format.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <thread>
#include <unistd.h>

#include "core/ingest.hpp"

namespace tparse::viewer {

std::vector<FileStamp> snapshot(const std::string& path) {
  std::vector<std::string> errors;
  std::vector<FileStamp> out;
  for (const auto& p : expand_inputs({path}, errors)) {
    std::error_code ec;
    uint64_t sz = std::filesystem::file_size(p, ec);
    if (!ec) out.push_back({p, sz});
  }
  return out;
}

bool Follower::changed() {
  auto now = snapshot(path_);
  bool diff = first_ ? !now.empty() : now != last_;
  first_ = false;
  last_ = std::move(now);
  return diff;
}

uint64_t Follower::total_bytes() const {
  uint64_t t = 0;
  for (const auto& f : last_) t += f.size;
  return t;
}

namespace {

// Watches for writes to the trace: the file itself (and its directory, for a file replaced or
// created under that name), or a directory and the files in it. -1 when inotify is unavailable.
class Watch {
 public:
  explicit Watch(const std::string& path) : path_(path) {
    fd_ = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    rearm();
  }
  ~Watch() {
    if (fd_ >= 0) ::close(fd_);
  }
  int fd() const { return fd_; }
  bool active() const { return fd_ >= 0 && armed_; }
  /// (Re)adds the watches: a file replaced by a new one (new inode) needs a new watch.
  void rearm() {
    if (fd_ < 0) return;
    std::error_code ec;
    bool dir = std::filesystem::is_directory(path_, ec);
    const uint32_t file_ev = IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_DELETE_SELF | IN_MOVE_SELF;
    const uint32_t dir_ev = IN_CREATE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM;
    bool ok = false;
    if (dir) {
      ok = ::inotify_add_watch(fd_, path_.c_str(), file_ev | dir_ev) >= 0;  // files in it report IN_MODIFY too
    } else {
      ok = ::inotify_add_watch(fd_, path_.c_str(), file_ev) >= 0;
      std::string parent = std::filesystem::path(path_).parent_path().string();
      ok = (::inotify_add_watch(fd_, parent.empty() ? "." : parent.c_str(), dir_ev) >= 0) || ok;
    }
    armed_ = ok;
  }
  void drain() {
    alignas(inotify_event) char buf[4096];
    while (fd_ >= 0 && ::read(fd_, buf, sizeof buf) > 0) {
    }
  }

 private:
  std::string path_;
  int fd_ = -1;
  bool armed_ = false;
};

}  // namespace

TailLoader::TailLoader(std::string path, TaskQueue& q, Done done, IngestOptions opts, int poll_ms, uint64_t step_bytes)
    : path_(std::move(path)) {
  wake_fd_ = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  thread_ = std::thread([this, &q, done = std::move(done), opts = std::move(opts), poll_ms, step_bytes] {
    TailOptions topts;
    topts.hold_back = true;  // a record caught half-written waits until it is whole
    TailIngest tail(path_, opts, topts);
    Watch watch(path_);
    // A big backlog (the trace as it is when following starts) is read in whole-record steps,
    // showing what was read so far at growing intervals, as the progressive open does.
    auto t0 = std::chrono::steady_clock::now();
    double next_partial = step_bytes < (1u << 20) ? 0 : 0.1;  // tests: a view after every step
    bool changed = false;
    for (;;) {
      std::shared_ptr<LoadedTrace> snap;
      std::string error;
      bool partial = false;
      try {
        changed = tail.step(step_bytes) || changed;
        double el = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (tail.backlog()) {
          if (changed && el >= next_partial) {
            snap = tail.snapshot();
            partial = true;
            next_partial = std::max(next_partial * 3, el + 0.3);
            if (step_bytes < (1u << 20)) next_partial = 0;  // tests: a view after every step
          }
        } else if (changed) {
          snap = tail.snapshot();
        }
      } catch (const std::exception& e) {
        error = fmt::format("reading failed: {}", e.what());
      }
      if (snap || !error.empty()) {
        changed = false;
        LoadResult r;
        r.path = path_;
        r.partial = partial;
        r.fraction = partial && tail.bytes_seen() ? static_cast<float>(static_cast<double>(tail.bytes_fed()) / static_cast<double>(tail.bytes_seen())) : 1.f;
        r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (snap) {
          r.error = load_error(snap->model);
          if (r.error.empty()) r.trace = std::move(snap);
        } else {
          r.error = error;
        }
        last_parsed_ = tail.last_bytes_parsed();
        if (tail.last_rebuilt()) ++rebuilds_;
        ++updates_;
        q.push([done, r = std::move(r)]() mutable { done(std::move(r)); });
      }
      if (tail.backlog() && error.empty()) continue;  // more to read now: no sleep
      watch.rearm();
      notified_ = watch.active();
      // Sleep until a write is reported, the stop signal, or the poll interval.
      pollfd fds[2] = {{wake_fd_, POLLIN, 0}, {watch.fd(), POLLIN, 0}};
      int n = ::poll(fds, watch.fd() >= 0 ? 2 : 1, poll_ms);
      if (stop_.load()) return;
      if (n > 0 && (fds[1].revents & POLLIN)) {
        // A writer usually issues a record in a few write() calls: let them land together.
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
        watch.drain();
      }
      t0 = std::chrono::steady_clock::now();
    }
  });
}

TailLoader::~TailLoader() {
  stop_ = true;
  if (wake_fd_ >= 0) {
    uint64_t one = 1;
    [[maybe_unused]] auto w = ::write(wake_fd_, &one, sizeof one);
  }
  if (thread_.joinable()) thread_.join();
  if (wake_fd_ >= 0) ::close(wake_fd_);
}

TailDelta diff_models(const Model& a, const Model& b) {
  TailDelta d;
  d.compiles = static_cast<int64_t>(b.compiles.size()) - static_cast<int64_t>(a.compiles.size());
  d.breaks = static_cast<int64_t>(b.breaks.size()) - static_cast<int64_t>(a.breaks.size());
  d.recompiles = static_cast<int64_t>(b.recompiles.size()) - static_cast<int64_t>(a.recompiles.size());
  d.failures = static_cast<int64_t>(b.failures.size()) - static_cast<int64_t>(a.failures.size());
  d.records = static_cast<int64_t>(b.records) - static_cast<int64_t>(a.records);
  return d;
}

std::string describe(const TailDelta& d) {
  return fmt::format("+{} compiles, +{} breaks, +{} recompiles, +{} failures ({} new records)", d.compiles, d.breaks,
                     d.recompiles, d.failures, d.records);
}

}  // namespace tparse::viewer
