// Live tail (--follow): notices when a trace that a job is still writing grows (files appear or
// get longer) so the app reloads it in the background, and says what the reload added. Whole
// reloads keep the core untouched and the model consistent (finalize() sees every record);
// ingest runs at hundreds of MB/s, so a growing trace of tens of MB reloads in well under a second.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/model.hpp"

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

/// What a reload added, for the "new since last reload" line.
struct TailDelta {
  int64_t compiles = 0, breaks = 0, recompiles = 0, failures = 0, records = 0;
  bool any() const { return compiles || breaks || recompiles || failures || records; }
};
TailDelta diff_models(const Model& before, const Model& after);
std::string describe(const TailDelta& d);

}  // namespace tparse::viewer
