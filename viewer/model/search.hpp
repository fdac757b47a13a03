// Search (Ctrl+F) over frames, graph-break reasons, guards and code. Model text is searched at
// once; payload text (guards, graphs, generated code) is read through the PayloadStore on a
// background job because a big trace holds hundreds of MB of it.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "core/ingest.hpp"
#include "model/loader.hpp"

namespace tparse::viewer {

struct SearchHit {
  enum class Kind : uint8_t { Frame, Reason, Guard, Code, Failure };
  Kind kind = Kind::Frame;
  int32_t compile = -1, frame = -1, site = -1, artifact = -1;
  int64_t line = 0;    ///< 1-based line in the payload (artifact hits)
  std::string text;    ///< the matching line, trimmed to a snippet
};
const char* hit_kind_name(SearchHit::Kind k);

/// Frames, break reasons, failed guards of recompiles and failure reasons (rank filtered).
std::vector<SearchHit> search_model(const Model& m, std::string_view q, int32_t rank, size_t limit);
/// Guard and code payloads of every compile (rank filtered), line by line.
std::vector<SearchHit> search_payloads(const Model& m, const PayloadStore& p, std::string_view q, int32_t rank,
                                       size_t limit, const std::atomic<bool>* cancel = nullptr);
/// Guards ("dynamo_guards", "dynamo_cpp_guards_str"...) versus code (graphs, inductor output).
bool is_guard_artifact(const Artifact& a);

/// One payload search at a time on a worker thread; results arrive through the TaskQueue.
class SearchJob {
 public:
  using Done = std::function<void(std::vector<SearchHit>, uint64_t id)>;
  ~SearchJob();
  uint64_t start(std::shared_ptr<const LoadedTrace> t, std::string q, int32_t rank, size_t limit, TaskQueue& tq,
                 Done done);
  void cancel();
  bool busy() const { return busy_.load(); }

 private:
  std::thread thread_;
  std::atomic<bool> cancel_{false}, busy_{false};
  uint64_t next_ = 0;
};

}  // namespace tparse::viewer
