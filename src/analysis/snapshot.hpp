// The numbers the gate and diff compare, from a Model or from a saved `tparse summary --json`
// baseline, and the matching of graph-break sites across two runs that survives line shifts and
// machine-specific path prefixes.
#pragma once

#include <string>
#include <vector>

#include "core/model/model.hpp"

namespace tparse::analysis {

struct SiteSnap {
  std::string file, function, reason, gb_id, code;
  int64_t line = -1, count = 0;
  std::string category, fix;  ///< advice (advise_site); only from a Model, "" from a summary JSON
  std::string kind = "resumed";  ///< the site's most common break kind (break_kind_name)
};

/// One recompile of the run, with the function it recompiled and the guard that failed.
/// Only snapshot_of(Model) fills these (a summary JSON baseline has counts per frame only).
struct RecompileSnap {
  std::string frame, file;   ///< function name and co_filename
  int64_t line = -1;         ///< co_firstlineno of the function
  std::string compile_id;    ///< "[1/1]"
  std::string guard;         ///< the decisive failed guard as PyTorch wrote it ("" when unknown)
  std::string category, title, fix;  ///< advise_recompile
};

struct FrameSnap {
  std::string name;
  double compile_time_s = 0;
  int64_t compiles = 0, recompiles = 0, graphs = 0;
};

struct FailureSnap {
  std::string frame, outcome, fail_type, reason;
};

struct Snapshot {
  int64_t graphs = 0, compiles = 0, break_events = 0, break_sites = 0, recompiles = 0, failures = 0;
  int64_t fallbacks = 0, frames_skipped = 0;
  double compile_time_s = 0;
  std::vector<SiteSnap> sites;
  std::vector<FrameSnap> frames;  ///< by function name (all ranks / epochs together)
  std::vector<FailureSnap> failure_list;
  std::vector<RecompileSnap> recompile_list;
};

Snapshot snapshot_of(const Model& m);
/// Reads `tparse summary --json` output (schema tparse-summary v1). false + error when it is not one.
bool snapshot_from_summary_json(const std::string& json, Snapshot& out, std::string& error);

struct SiteMatch {
  std::vector<std::pair<int32_t, int32_t>> matched;  ///< (old index, new index)
  std::vector<int32_t> added;                        ///< new sites with no old counterpart
  std::vector<int32_t> removed;                      ///< old sites with no new counterpart
};

/// Pairs sites of two runs: same file (by trailing path components, so /home/a/zoo/m.py and
/// /ci/work/zoo/m.py agree), same reason title and function; among candidates the same source
/// text wins, then the nearest line. A moved line is still the same site.
SiteMatch match_sites(const std::vector<SiteSnap>& old_sites, const std::vector<SiteSnap>& new_sites);

/// "models.py:152" with the shortest path tail that tells the sites apart in messages.
std::string site_label(const SiteSnap& s);

}  // namespace tparse::analysis
