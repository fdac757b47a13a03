// Incremental ingest of a trace, for the viewer: --follow on a trace that is still being written,
// and the progressive open that shows a first overview while a big trace loads.
//
// Each update() / step() reads only the bytes appended since the last one and feeds the new
// records to the ModelBuilder kept per file (its state — processes, epochs, compile ids,
// interned strings — stays at the last complete record); snapshot() gives a finalized model equal
// to what load_trace would give on the bytes fed so far. Files are read on up to `jobs` threads.
//
// A record is fed only when it is whole: records before the next record start always are; the
// last one in a file is whole when its line ends and its payload matches its has_payload md5 (or
// it declares none). With `hold_back` (the live tail) an unfinished last record waits until the
// writer completes it or the file has been quiet for `settle_ms` (then it is fed as load_trace
// reads it); without it every byte present is fed at once, as load_trace does. When appended
// bytes continue a record already fed, a file shrinks or is replaced, or the set of files
// changes, the affected state is rebuilt from the start: never a wrong model.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "ingest.hpp"

namespace tparse {

struct TailOptions {
  /// Keep an unfinished last record out of the model until it completes or `settle_ms` pass
  /// without the file growing (a writer caught mid-record; the live tail). Off: feed every byte.
  bool hold_back = false;
  int settle_ms = 500;
};

/// Whether `path` can be read incrementally: every trace file it names is a plain (not gzip) file.
bool can_tail(const std::string& path);

class TailIngest {
 public:
  /// `path`: a trace file or directory (expanded as load_trace does). Plain files only: a .gz or
  /// stdin input is loaded whole on every update (it cannot be read from an offset).
  explicit TailIngest(std::string path, IngestOptions opts = {}, TailOptions topts = {});
  ~TailIngest();
  TailIngest(const TailIngest&) = delete;
  TailIngest& operator=(const TailIngest&) = delete;

  /// Reads what was appended; returns a new snapshot when anything changed, else null.
  std::shared_ptr<LoadedTrace> update();

  /// Progressive read: feeds whole records, about `budget` bytes split over the files (at least
  /// 1 MiB each; 0: all), and says whether anything changed. No snapshot is made: call snapshot() or take().
  bool step(uint64_t budget);
  /// A finalized copy of the model of everything fed so far.
  std::shared_ptr<LoadedTrace> snapshot();
  /// The final model, moved out of the builders (no copy); this object starts over afterwards.
  std::shared_ptr<LoadedTrace> take();

  /// True when a budgeted step left bytes to read (not counting a record held back).
  bool backlog() const;
  /// True when the last step()/update() fed every file up to the size it saw (nothing held back).
  bool caught_up() const { return caught_up_; }
  /// Bytes fed so far (all files) and the files' total size at the last step.
  uint64_t bytes_fed() const;
  uint64_t bytes_seen() const;
  /// Whether the inputs cannot be tailed (gzip, stdin): step() loads them whole.
  bool whole() const { return whole_; }

  /// How the last update()/step() read: bytes parsed (appended only, unless rebuilt) and whether it rebuilt.
  uint64_t last_bytes_parsed() const { return last_parsed_; }
  bool last_rebuilt() const { return last_rebuilt_; }
  /// Updates that held an unfinished last record back (tests, status line).
  uint64_t held_back() const { return held_back_; }

 private:
  struct FileState;
  bool read_appended(FileState& f, int32_t index, uint64_t budget, int helpers);
  std::shared_ptr<LoadedTrace> assemble(bool move);

  std::string path_;
  IngestOptions opts_;
  TailOptions topts_;
  std::vector<std::unique_ptr<FileState>> files_;
  std::vector<std::string> errors_;
  bool whole_ = false;  // an input that cannot be tailed (gzip, stdin): reload whole on change
  uint64_t whole_size_ = UINT64_MAX;
  std::shared_ptr<LoadedTrace> whole_trace_;
  std::atomic<uint64_t> last_parsed_{0};
  std::atomic<bool> last_rebuilt_{false};
  std::atomic<uint64_t> held_back_{0};
  bool caught_up_ = false;
};

}  // namespace tparse
