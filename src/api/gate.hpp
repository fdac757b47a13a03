// The gate's baselines, shared by `tparse gate`, `tparse run --gate` and the Python module's
// tparse.gate(): a saved `tparse summary --json` (file or text), or another trace.
#pragma once

#include <string>

#include "analysis/snapshot.hpp"
#include "api/load.hpp"

namespace tparse::api {

/// Reads a summary JSON baseline file. false with `error` ("cannot read baseline PATH" or
/// "baseline PATH: why") when unreadable or not `tparse summary --json` output.
bool load_summary_baseline(const std::string& path, analysis::Snapshot& out, std::string& error);

/// Loads a trace baseline with the request's options (inputs replaced by `path`, light load).
bool load_trace_baseline(const std::string& path, const LoadRequest& r, analysis::Snapshot& out, std::string& error);

/// A directory or a .log/.gz path is a trace baseline; anything else a summary JSON.
bool is_trace_baseline(const std::string& path);

}  // namespace tparse::api
