// Loading a trace the way every tparse front end does (the CLI's commands and the Python module):
// inputs expanded, run N / the last run picked, and "nothing readable" turned into one message.
// No printing here: callers show `error` / `note` their own way (stderr, a Python exception).
#pragma once

#include <string>
#include <vector>

#include "core/ingest.hpp"

namespace tparse::api {

struct LoadRequest {
  std::vector<std::string> inputs;
  int jobs = 0;            ///< threads (0: all cores)
  int rank = -1;           ///< only this rank (-1: all)
  bool no_md5 = false;
  int process = 0;         ///< only run N of the program (1-based); 0 all
  bool latest = false;     ///< only the last run
  bool keep_payloads = true, keep_events = true;
  /// Keep only what summaries and the multi-rank facts need (`summary --json`).
  bool multirank_light = false;
};

/// The ingest options of a request (TPARSE_CHUNK_BYTES / TPARSE_HASH_REPEATS from the
/// environment, as the CLI's tests and benchmarks set them).
IngestOptions ingest_options(const LoadRequest& r);

/// Loads the request's inputs into `out`. false when no input could be read at all: `error`
/// holds the lines to show (each "tparse: ..." without a trailing newline, joined by '\n').
/// `note` receives "tparse: run N of M (file)" when a run was picked.
bool load(const LoadRequest& r, LoadedTrace& out, std::string& error, std::string* note = nullptr,
          const ProgressFn& progress = nullptr);

/// The damaged-input lines `--strict` shows: "file:line: class: message" per kept example and
/// "(N more class)" per class with more, each ending in '\n'; "" when the input is clean.
std::string input_problems(const Model& m);

}  // namespace tparse::api
