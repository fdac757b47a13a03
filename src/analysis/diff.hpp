// `tparse diff OLD NEW`: two runs side by side — graphs, graph-break sites (added / removed /
// unchanged, matched across line shifts and path prefixes), recompiles, failures, compile time
// per frame.
#pragma once

#include <string>

#include "analysis/snapshot.hpp"

namespace tparse::analysis {

struct FrameDiff {
  std::string name;
  FrameSnap before, after;  ///< zero when the frame is absent on that side
  bool in_before = false, in_after = false;
};

struct TraceDiff {
  Snapshot before, after;
  SiteMatch sites;
  std::vector<FrameDiff> frames;  ///< union by function name, most compile time first
};

TraceDiff diff_snapshots(const Snapshot& before, const Snapshot& after);
std::string diff_text(const TraceDiff& d);
std::string diff_json(const TraceDiff& d);

}  // namespace tparse::analysis
