// `torch._dynamo.explain` computed from a trace, plus the true account explain does not give.
//
// explain() runs the function once; a trace usually holds several calls. explain_trace() picks
// the compiles of the first call (see select_first_call) and computes explain's numbers the way
// torch does (backends/debugging.py): Graph Count = graphs handed to the backend, Graph Break
// Count = Graph Count - 1 (naive), Op Count = call_function nodes, one break reason per graph
// whose compile was cut by a break. Beside it: break events, distinct sites, frames skipped,
// per-site category + fix (advice.hpp), per-frame recompile causes, recompile-limit fallbacks.
#pragma once

#include <string>
#include <vector>

#include "analysis/advice.hpp"
#include "analysis/graph_ops.hpp"
#include "core/ingest.hpp"

namespace tparse::analysis {

struct ExplainOptions {
  std::string frame;               ///< --frame NAME: only this function (and its resume functions)
  bool all_calls = false;          ///< every compile of the first process/epoch, not just the first call
  /// The trace is a script's run stopped after its first compiled call (tparse explain model.py): the scope and the
  /// run's totals say so, rather than "all calls" / "whole trace" of a run that did not go on.
  bool script_first_call = false;
  std::vector<std::string> source_roots = {"."};  ///< where to look for user files (suffix match)
};

struct ExplainReason {
  std::string reason;   ///< as explain prints it (gb message, or "generic_jump TensorVariable()")
  Stack user_stack;     ///< from the compiled frame down to the break, outermost first
  int32_t compile = -1, brk = -1;
};

struct ExplainGraph {
  int32_t compile = -1;
  GraphOps ops;
  bool parsed = false;  ///< false when the graph payload was missing
};

struct ExplainGuard {
  int32_t compile = -1;
  std::string kind, source, code;
};

struct SiteExplain {
  int32_t site = -1;
  Advice advice;
  std::string source_line;   ///< the user line's text
  std::string source_from;   ///< "local file PATH" / "trace" / ""
  int64_t events = 0;
  bool frame_skipped = false;
};

struct RecompileExplain {
  int32_t frame = -1;
  std::vector<int32_t> recompiles;  ///< indices into Model::recompiles
  std::vector<Advice> advice;       ///< one per recompile (newest failing guard)
  bool hit_limit = false;
  Advice limit_advice;
};

struct Explanation {
  // explain-compatible block (the selected call)
  int64_t graph_count = 0, graph_break_count = -1, op_count = 0;
  std::vector<ExplainReason> break_reasons;
  std::vector<ExplainGraph> graphs;
  std::vector<ExplainGuard> guards;
  std::vector<int32_t> selected;     ///< compile indices explain's one call would have made
  std::string selection;             ///< how they were chosen, in words
  bool selection_is_guess = false;   ///< the first call's end was inferred (skipped entry frame)
  // true account (whole trace, after --frame)
  int64_t compiles = 0, graphs_total = 0, break_events = 0, distinct_sites = 0, frames_skipped = 0;
  int64_t recompiles = 0, fallbacks = 0, failures = 0, resume_frames = 0;
  int64_t calls_captured = 0;        ///< count_calls over the selected graphs
  std::vector<SiteExplain> sites;
  std::vector<RecompileExplain> recompiling_frames;
  std::string frame_filter;
};

/// Compiles of the first call: same process and epoch as the first compile, up to the first
/// recompile of the entry frame caused by something other than object identity, or the first
/// compile of a second resume function for an already-seen break line (the other branch of a
/// data-dependent jump). explain() itself resets before and after, so epochs never mix.
/// When the entry frame was skipped (a break in a loop), the frame compiled first inside it takes
/// its place and `guess` is set: the call boundary is then inferred, not seen.
std::vector<int32_t> select_first_call(const Model& m, std::string* why = nullptr, bool* guess = nullptr);

Explanation explain_trace(const LoadedTrace& t, const ExplainOptions& o = {});

/// Index in a break's user stack of the compiled frame (where explain's user stack starts): matched
/// by code object — file, at or after its first line, outermost past the dynamo_start callers —
/// with the resume function's original name allowed; 0 when not found.
size_t compiled_frame_index(const Model& m, const Compile& c, const Stack& user_stack);

/// explain's reason text for one break event.
std::string explain_reason_text(const GraphBreak& b);

/// Text in torch's ExplainOutput format, then the true account. Trace text is terminal_safe.
std::string explain_text(const Explanation& e, const Model& m);
/// The same as JSON (schema "tparse-explain" v1, docs/explain.md).
std::string explain_json(const Explanation& e, const Model& m, bool pretty = true);

/// Reads line `line` of a user file, trying the path itself and then each suffix of it under
/// every root (so /home/user/zoo/models.py is found as ./zoo/models.py or ./models.py).
/// Returns false when not readable.
bool read_source_line(const std::string& path, int64_t line, const std::vector<std::string>& roots,
                      std::string& text, std::string& found_at);

}  // namespace tparse::analysis
