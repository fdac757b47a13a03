// `tparse summary --json` of a loaded trace, with the multi-rank facts when the analysis library
// is built: one function, so the CLI and the Python module's Trace.summary() print the same bytes.
#pragma once

#include <string>

#include "core/ingest.hpp"

namespace tparse::api {

/// The summary JSON (docs/summary-schema.md) of `t`, loaded with LoadRequest::multirank_light
/// (or with every payload kept): `multi_rank` computed from the payloads of the multi-rank artifacts.
std::string summary_json_of(const LoadedTrace& t, bool pretty = true);

/// The plain-text summary `tparse summary` prints (multi-rank lines appended when built).
std::string summary_text_of(const LoadedTrace& t, bool verbose);

}  // namespace tparse::api
