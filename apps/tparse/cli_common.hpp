// Shared CLI plumbing: loading a trace with a progress line on stderr (TTY only), common flags,
// and --strict reporting. Subcommands use these so every command behaves the same.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "api/load.hpp"
#include "core/ingest.hpp"

namespace tparse::cli {

struct LoadFlags {
  std::vector<std::string> inputs;
  bool strict = false;
  bool quiet = false;
  bool verbose = false;
  int jobs = 0;
  int rank = -1;
  bool no_md5 = false;
  int process = 0;      ///< --process N: only run N of the program (1-based); 0 all
  bool latest = false;  ///< --latest: only the last run
};

/// Adds --process N and --latest (pick one run when a trace holds several runs of the program).
void add_process_flags(CLI::App* sub, LoadFlags& f);

/// The shared loader's request for these flags (src/api/load.hpp).
api::LoadRequest load_request(const LoadFlags& f, bool keep_payloads = true, bool keep_events = true,
                              bool multirank_light = false);

/// Loads the inputs; shows progress on a TTY unless quiet. Returns false (after printing why)
/// when no input could be read at all.
/// multirank_light: keep only what summaries and the multi-rank facts need (summary --json).
bool load_inputs(const LoadFlags& f, LoadedTrace& out, bool keep_payloads = true, bool keep_events = true,
                 bool multirank_light = false);

/// With --strict and damaged input: prints each problem line (file:line: class: message) on stderr
/// and returns true (caller exits 1). Without --strict prints a one-line note unless quiet.
bool report_input_problems(const Model& m, const LoadFlags& f);

/// Writes `text` to `path` ("-" = stdout). false + message on failure.
bool write_text(const std::string& path, const std::string& text);

}  // namespace tparse::cli
