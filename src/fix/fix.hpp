// `tparse fix`: a patch for each graph-break site and recompile cause with a known remedy,
// verified by the reference compiler before it is shown.
//
//   fix::Plan p = fix::plan_script("run.py", {.torch = "2.3"});   // compile, patch, verify
//   fix::Plan q = fix::plan_trace(loaded, "trace/", {.source_roots = {"checkout"}});  // unverified
//   std::string text = fix::plan_text(p);   // or plan_json / plan_sarif
#pragma once

#include <string>
#include <vector>

#include "core/ingest.hpp"
#include "fix/patch.hpp"
#include "fix/verify.hpp"

namespace tparse::fix {

struct FixOptions {
  std::string torch = "2.11";
  std::vector<std::string> source_roots;  ///< where imported / traced files are found
  std::vector<std::string> stub_paths;
};

struct TextAdvice {
  std::string file, label, category, title, fix, why_no_patch;
  int line = 0;
};

struct Patch {
  int id = 0;                 ///< 1-based, in display order
  std::string file;           ///< the user's file as found on disk
  std::string label;          ///< the file as shown (relative when possible)
  int line = 0;               ///< the site's line (or the torch.compile line for a recompile patch)
  std::string rule, title, category;
  std::vector<Edit> edits;
  std::string diff;
  std::string status;         ///< "verified" or "unverified"
  std::string why;            ///< for "unverified": why the compiler could not check it
  Metrics before, after;
  int group = 0;              ///< patches of one group conflict (touch the same lines)
  int alternative_to = 0;     ///< id of the better patch of the group this one replaces (0: first choice)
  TextAdvice fallback;        ///< the text advice, listed instead when the compiler rejects the patch
  std::vector<int32_t> sites; ///< break sites (Model::break_sites of the planned trace) it removes
};

struct Plan {
  std::string input;          ///< model.py or the trace
  bool from_script = false;
  std::string torch;
  std::string error;          ///< set when nothing could be planned (compile error, unreadable input)
  Metrics before;
  bool combined_measured = false;
  Metrics combined;           ///< all first-choice patches applied together
  std::vector<Patch> patches;
  std::vector<TextAdvice> advice;
  int rejected = 0;           ///< patches the compiler showed to change nothing (not listed)
};

/// Compiles the driver script, plans a patch per break site / recompile cause, verifies each through the
/// compiler with the patched text in place of its file and keeps those that reduce graphs, breaks or recompiles.
Plan plan_script(const std::string& script, const FixOptions& o);

/// Plans patches for a trace's break sites, reading the files under --source-root (path-suffix
/// remap). Nothing can be compiled, so every patch is "unverified".
Plan plan_trace(const LoadedTrace& t, const std::string& input, const FixOptions& o);

/// Groups patches whose edits touch the same lines of one file (they cannot both apply), orders
/// groups and members best first (whole-run graphs saved, then break events, explain's graphs,
/// recompiles; unverified last) and numbers them: `id`, `group`, `alternative_to`.
void order_patches(std::vector<Patch>& patches);

/// The new text of each file with the first-choice patches applied.
std::vector<std::pair<std::string, std::string>> patched_files(const Plan& p);

std::string plan_text(const Plan& p);
std::string plan_json(const Plan& p);
/// SARIF 2.1.0: one result per patch, with `fixes` (artifactChanges / replacements by line).
std::string plan_sarif(const Plan& p, const std::string& source_root);
/// A small HTML page (`fix.html` of the report): one anchored section `patch-N` per patch, diffs escaped.
std::string plan_html(const Plan& p);

/// "modeling_chatglm.py:222: 143 graphs -> 1, 142 breaks -> 0 (verified, torch 2.3 rules)".
std::string outcome_line(const Patch& p, const std::string& torch);

}  // namespace tparse::fix
