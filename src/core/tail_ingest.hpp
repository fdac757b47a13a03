// Incremental ingest of a trace that is still being written (the viewer's --follow): each
// update() reads only the bytes appended since the last one, feeds the new records to the
// ModelBuilder kept per file (its state — processes, epochs, compile ids, interned strings —
// stays at the last complete record), and returns a finalized snapshot equal to what load_trace
// would give on the same bytes (a half-written last line included, as load_trace reads it). When
// the appended bytes continue the last record (its line was cut, or payload lines came later), a
// file shrinks or is replaced, or the set of files changes, the affected state is rebuilt from
// the start: never a wrong model. Writers flush whole records, so that is rare.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ingest.hpp"

namespace tparse {

class TailIngest {
 public:
  /// `path`: a trace file or directory (expanded as load_trace does). Plain files only: a .gz or
  /// stdin input is loaded whole on every update (it cannot be read from an offset).
  explicit TailIngest(std::string path, IngestOptions opts = {});
  ~TailIngest();
  TailIngest(const TailIngest&) = delete;
  TailIngest& operator=(const TailIngest&) = delete;

  /// Reads what was appended; returns a new snapshot when anything changed, else null.
  std::shared_ptr<LoadedTrace> update();

  /// How the last update() read: bytes parsed (appended only, unless rebuilt) and whether it rebuilt.
  uint64_t last_bytes_parsed() const { return last_parsed_; }
  bool last_rebuilt() const { return last_rebuilt_; }

 private:
  struct FileState;
  bool read_appended(FileState& f, int32_t index);
  std::shared_ptr<LoadedTrace> snapshot();

  std::string path_;
  IngestOptions opts_;
  std::vector<std::unique_ptr<FileState>> files_;
  std::vector<std::string> errors_;
  bool whole_ = false;  // an input that cannot be tailed (gzip, stdin): reload whole on change
  uint64_t whole_size_ = UINT64_MAX;
  uint64_t last_parsed_ = 0;
  bool last_rebuilt_ = false;
};

}  // namespace tparse
