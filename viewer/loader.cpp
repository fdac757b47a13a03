// Background loading; see loader.hpp.
#include "loader.hpp"

#include <chrono>
#include <fmt/format.h>

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

uint64_t Loader::start(std::string path, TaskQueue& q, Done done, IngestOptions opts) {
  cancel();
  join();
  cancel_ = false;
  busy_ = true;
  done_ = 0;
  total_ = 0;
  uint64_t id = ++next_id_;
  thread_ = std::thread([this, path = std::move(path), &q, done = std::move(done), opts, id] {
    LoadResult r;
    r.path = path;
    r.id = id;
    auto t0 = std::chrono::steady_clock::now();
    try {
      auto progress = [this](uint64_t d, uint64_t t) {
        done_ = d;
        total_ = t;
        return !cancel_.load();
      };
      auto t = std::make_shared<LoadedTrace>(load_trace({path}, opts, progress, &cancel_));
      if (cancel_.load()) {
        r.cancelled = true;  // a cancelled load is partial: never shown
      } else {
        r.error = load_error(t->model);
        if (r.error.empty()) r.trace = std::move(t);
      }
    } catch (const std::exception& e) {
      r.error = fmt::format("loading failed: {}", e.what());
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    q.push([done, r = std::move(r)]() mutable { done(std::move(r)); });
    busy_ = false;
  });
  return id;
}

}  // namespace tparse::viewer
