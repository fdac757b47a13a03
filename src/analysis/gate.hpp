// The CI gate: compares a trace's numbers with a baseline and decides pass / regression.
// Default rule: fail when graph breaks increase (distinct sites or events). Output formats:
// text verdict, JSON, JUnit XML, GitHub Actions annotations.
#pragma once

#include <string>
#include <vector>

#include "analysis/snapshot.hpp"

namespace tparse::analysis {

struct GateOptions {
  int64_t max_graph_breaks = -1;   ///< fail when break events exceed N (-1: off)
  int64_t max_recompiles = -1;
  int64_t max_graphs = -1;
  bool allow_increase = false;     ///< do not fail on more breaks than the baseline
  bool fail_on_failures = false, fail_on_fallbacks = false, fail_on_recompiles = false;
  double max_compile_time_increase = -1;  ///< fraction (0.2 = 20%); -1: off
};

/// Parses "failures,fallbacks,recompiles" into the options; false + bad word on error.
bool parse_fail_on(const std::string& list, GateOptions& o, std::string& bad);
/// "20%" -> 0.2, "0.2" -> 0.2; false when malformed or negative.
bool parse_percent(const std::string& text, double& fraction);

struct GateCheck {
  std::string id;       ///< "graph_breaks", "break_sites", "max_graph_breaks", ...
  std::string title;    ///< one line: "graph-break events 1 -> 3 (baseline 1)"
  bool failed = false;
};

struct GateResult {
  bool pass = true;
  std::vector<GateCheck> checks;
  Snapshot base, cur;
  SiteMatch match;
  std::vector<std::pair<int32_t, int32_t>> grown;  ///< matched sites with more events now
};

GateResult run_gate(const Snapshot& base, const Snapshot& cur, const GateOptions& o);

std::string gate_text(const GateResult& r);
std::string gate_json(const GateResult& r);
std::string gate_junit(const GateResult& r);
/// `::error file=...,line=...,title=...::message` per new site, `::error::` per failed check.
/// Paths are made relative to `repo_root` when the file exists under it by path suffix.
std::string gate_github(const GateResult& r, const std::string& repo_root = ".");

}  // namespace tparse::analysis
