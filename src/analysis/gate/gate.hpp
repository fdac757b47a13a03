// The CI gate: compares a trace's numbers with a baseline and decides pass / regression.
// Default rule: fail when graph breaks increase (distinct sites or events). Output formats:
// text verdict, JSON, JUnit XML, GitHub Actions annotations, SARIF 2.1.0 (gate_sarif.cpp).
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
  /// Indices into cur.recompile_list that are regressions: all of them when a recompile check
  /// failed (--max-recompiles, --fail-on recompiles), else, per function that recompiles more often
  /// than in the baseline, its recompiles beyond the baseline's count (the later ones, in trace order).
  std::vector<int32_t> regressed_recompiles;
  bool recompile_check_failed = false;
};

GateResult run_gate(const Snapshot& base, const Snapshot& cur, const GateOptions& o);

std::string gate_text(const GateResult& r);
std::string gate_json(const GateResult& r);
std::string gate_junit(const GateResult& r);
/// `::error file=...,line=...,title=...::message` per new site, `::error::` per failed check.
/// Paths are made relative to `repo_root` when the file exists under it by path suffix.
std::string gate_github(const GateResult& r, const std::string& repo_root = ".");
/// SARIF 2.1.0 (docs/sarif-schema-2.1.0.json) for code scanning: one result per new or grown break
/// site and per regressed recompile, each at file:line with the file relative to `source_root`
/// (uriBaseId SRCROOT; found by path suffix like gate_github; absolute file:// URI when not found).
/// Rules: one per GB id ("gb0059", help = category and fix, helpUri = PyTorch's registry page),
/// "tparse.break.<category>" for breaks without one, "tparse.recompile.<category>" for recompiles.
/// Failed checks without a location are invocation notifications; run.properties has the verdict.
std::string gate_sarif(const GateResult& r, const std::string& source_root = ".");

}  // namespace tparse::analysis
