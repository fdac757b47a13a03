// Live tail; see tail.hpp.
#include "tail.hpp"

#include <chrono>
#include <filesystem>
#include <fmt/format.h>

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

TailLoader::TailLoader(std::string path, TaskQueue& q, Done done, IngestOptions opts, int poll_ms) : path_(std::move(path)) {
  thread_ = std::thread([this, &q, done = std::move(done), opts = std::move(opts), poll_ms] {
    TailIngest tail(path_, opts);
    for (;;) {
      auto t0 = std::chrono::steady_clock::now();
      std::shared_ptr<LoadedTrace> snap;
      std::string error;
      try {
        snap = tail.update();
      } catch (const std::exception& e) {
        error = fmt::format("reading failed: {}", e.what());
      }
      if (snap || !error.empty()) {
        LoadResult r;
        r.path = path_;
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
      std::unique_lock<std::mutex> lk(mu_);
      if (cv_.wait_for(lk, std::chrono::milliseconds(poll_ms), [this] { return stop_.load(); })) return;
    }
  });
}

TailLoader::~TailLoader() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
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
