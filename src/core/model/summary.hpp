// The numbers everyone reports: totals over a Model, the versioned summary JSON schema
// (docs/summary-schema.md), and the plain-text summary. Used by `tparse summary`, the report's
// summary.json, the gate's baselines and the viewer's overview.
#pragma once

#include <functional>
#include <string>

#include "core/json_writer.hpp"

#include "model.hpp"

namespace tparse {

inline constexpr int kSummarySchemaVersion = 3;
inline constexpr const char* kToolVersion = "0.1.0";

struct Totals {
  int64_t frames = 0, compiles = 0, graphs = 0;
  int64_t break_events = 0, break_sites = 0;
  int64_t recompiles = 0, failures = 0, restarts = 0, fallbacks = 0, frames_skipped = 0;
  int64_t cache_hits = 0, cache_misses = 0, cache_bypasses = 0;
  double compile_time_s = 0;
};
Totals compute_totals(const Model& m);
/// The same over the compiles of each process (frames, sites and fallbacks counted within it;
/// index = process), in one pass over the compiles.
std::vector<Totals> processes_totals(const Model& m);
/// "run 1: 8 cache misses, 3 graphs; run 2: 8 cache hits, 3 graphs" when the trace holds several
/// runs of the program (Model::runs > 1), else "".
std::string runs_line(const Model& m);

/// The compile id as users read it, with run, rank and epoch when they disambiguate:
/// "rank1 [0/0]", "run 2 [0/0]" (second process of the program), "[0/0] (epoch 2)" (after reset()).
std::string display_id(const Model& m, const Compile& c);

/// summary JSON (schema kSummarySchemaVersion). `multi_rank` writes the value of the "multi_rank"
/// member (the analysis library's multirank::write_json); null when absent.
/// `ddp_splits` writes the value of "ddp_splits" (analysis/ranks/ddp_split.hpp); null when absent.
std::string summary_json(const Model& m, bool pretty = true,
                         const std::function<void(JsonWriter&)>& multi_rank = nullptr,
                         const std::function<void(JsonWriter&)>& ddp_splits = nullptr,
                         const JsonWriter::Flush& flush = nullptr);  ///< streams all but the returned tail (json_writer.hpp)
/// Human-readable summary; verbose lists every compile.
std::string summary_text(const Model& m, bool verbose = false);
/// Text from a trace made safe for a terminal: control characters and ANSI escapes removed,
/// ill-formed UTF-8 replaced by U+FFFD.
std::string terminal_safe(std::string_view s);

}  // namespace tparse
