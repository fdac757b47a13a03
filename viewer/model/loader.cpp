// Background loading; see loader.hpp.
#include "model/loader.hpp"

#include <chrono>
#include <fmt/format.h>

#include "core/tail_ingest.hpp"

namespace tparse::viewer {

void TaskQueue::push(std::function<void()> task) {
  std::lock_guard<std::mutex> lk(mu_);
  tasks_.push_back(std::move(task));
}

size_t TaskQueue::drain() {
  std::vector<std::function<void()>> now;
  {
    std::lock_guard<std::mutex> lk(mu_);
    now.swap(tasks_);
  }
  for (auto& t : now) t();
  return now.size();
}

std::string load_error(const Model& m) {
  if (m.records > 0) return {};
  const auto i = static_cast<int>(Diag::Unreadable);
  std::string msg;
  for (const auto& e : m.diag.examples[i]) msg += (msg.empty() ? "" : "\n") + e.message;
  if (!msg.empty()) return msg;
  if (m.files.empty()) return "no trace files found";
  return "no TORCH_TRACE records found (is this a trace written with TORCH_TRACE=dir?)";
}

Loader::~Loader() {
  cancel();
  join();
}

void Loader::join() {
  if (thread_.joinable()) thread_.join();
}

void Loader::cancel() { cancel_ = true; }

float Loader::fraction() const {
  uint64_t t = total_.load();
  if (t == 0) return -1.f;
  return std::min(1.f, static_cast<float>(static_cast<double>(done_.load()) / static_cast<double>(t)));
}

uint64_t Loader::start(std::string path, TaskQueue& q, Done done, IngestOptions opts, Done partial, double first_partial_s) {
  cancel();
  join();
  cancel_ = false;
  busy_ = true;
  done_ = 0;
  total_ = 0;
  uint64_t id = ++next_id_;
  thread_ = std::thread([this, path = std::move(path), &q, done = std::move(done), opts, id, partial = std::move(partial),
                         first_partial_s, step = step_bytes_] {
    LoadResult r;
    r.path = path;
    r.id = id;
    auto t0 = std::chrono::steady_clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
    try {
      std::shared_ptr<LoadedTrace> t;
      if (partial && can_tail(path)) {
        // Progressive: whole records in steps of a few tens of MB per file; what was read so far
        // is shown at growing intervals (each snapshot copies the model: few, not per step).
        TailIngest tail(path, opts);
        double next = first_partial_s;
        for (;;) {
          if (cancel_.load()) break;
          bool any = tail.step(step);
          done_ = tail.bytes_fed();
          total_ = tail.bytes_seen();
          if (tail.caught_up() || !any) break;
          if (elapsed() >= next) {
            LoadResult p;
            p.path = path;
            p.id = id;
            p.partial = true;
            p.fraction = fraction();
            p.trace = tail.snapshot();
            p.seconds = elapsed();
            if (load_error(p.trace->model).empty()) q.push([partial, p = std::move(p)]() mutable { partial(std::move(p)); });
            if (first_partial_s > 0) next = std::max(next * 3, elapsed() + 0.3);  // 0: after every step (tests)
          }
        }
        if (!cancel_.load()) t = tail.take();
      } else {
        auto progress = [this](uint64_t d, uint64_t tot) {
          done_ = d;
          total_ = tot;
          return !cancel_.load();
        };
        t = std::make_shared<LoadedTrace>(load_trace({path}, opts, progress, &cancel_));
      }
      if (cancel_.load()) {
        r.cancelled = true;  // a cancelled load is partial: never shown
      } else {
        r.error = load_error(t->model);
        if (r.error.empty()) r.trace = std::move(t);
      }
    } catch (const std::exception& e) {
      r.error = fmt::format("loading failed: {}", e.what());
    }
    r.seconds = elapsed();
    q.push([done, r = std::move(r)]() mutable { done(std::move(r)); });
    busy_ = false;
  });
  return id;
}

Reaper::~Reaper() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void Reaper::drop(std::shared_ptr<const void> p) {
  if (!p) return;
  std::lock_guard<std::mutex> lk(mu_);
  q_.push_back(std::move(p));
  if (!thread_.joinable())
    thread_ = std::thread([this] {
      std::unique_lock<std::mutex> lk(mu_);
      for (;;) {
        cv_.wait(lk, [this] { return stop_ || !q_.empty(); });
        std::vector<std::shared_ptr<const void>> now;
        now.swap(q_);
        lk.unlock();
        uint64_t n = now.size();
        now.clear();  // the frees happen here, off the UI thread
        freed_ += n;
        lk.lock();
        if (stop_ && q_.empty()) return;
      }
    });
  cv_.notify_one();
}

}  // namespace tparse::viewer
