// The gate's baseline loading, shared by `tparse gate` and `tparse run --gate`: a saved
// `tparse summary --json` file, or another TORCH_TRACE (directory, log, .gz).
#pragma once

#include <string>

#include "analysis/snapshot.hpp"
#include "cli_common.hpp"

namespace tparse::cli {

/// Reads a summary JSON baseline. false (after printing why, prefixed by `who`) when unreadable
/// or not `tparse summary --json` output.
bool load_summary_baseline(const std::string& path, const char* who, analysis::Snapshot& out);

/// Loads a trace baseline with the given load flags (inputs replaced by `path`).
bool load_trace_baseline(const std::string& path, const LoadFlags& flags, analysis::Snapshot& out);

/// `tparse run --gate PATH`: a directory or a .log/.gz is a trace, anything else a summary JSON.
bool load_any_baseline(const std::string& path, const char* who, const LoadFlags& flags, analysis::Snapshot& out);

}  // namespace tparse::cli
