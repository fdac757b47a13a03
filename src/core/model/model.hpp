// The compile model: what one or more TORCH_TRACE logs say about torch.compile, as plain data.
//
// Built once by ModelBuilder (builder.hpp) from records, then read as `const Model&` by every
// consumer (summary, report, viewer, gate, explain). Everything is flat vectors linked by
// indices, so the JSON schema, the report and the viewer walk the same structure. Every object
// remembers where it came from (file index + line).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "intern.hpp"
#include "run_outcome.hpp"

namespace tparse {

/// A position in the input: index into Model::files and a 1-based line number.
struct SourceLoc {
  int32_t file = -1;
  uint64_t line = 0;
  bool valid() const { return file >= 0; }
};

/// PyTorch's CompileId plus attempt. -1 means "absent" for every part.
struct CompileId {
  int64_t ca = -1;       ///< compiled_autograd_id
  int64_t frame = -1;    ///< frame_id
  int64_t compile = -1;  ///< frame_compile_id
  int64_t attempt = -1;  ///< attempt (absent on runtime records)

  /// "[0/0]", "[0/1_1]", "[!0/0/0]", "[!0]", "[-/-]" as PyTorch prints a trace id.
  std::string str() const;
  /// "0/0", "!0/1/0" as PyTorch prints CompileId (no brackets, no attempt).
  std::string key() const;
  bool has_frame() const { return frame >= 0 && compile >= 0; }
  bool empty() const { return ca < 0 && frame < 0 && compile < 0; }
  /// Same compile ignoring attempt.
  bool same_compile(const CompileId& o) const {
    return ca == o.ca && frame == o.frame && compile == o.compile;
  }
  friend bool operator==(const CompileId&, const CompileId&) = default;
};

/// Parse "0/1", "[0/1_2]", "!0/1/0" (brackets and attempt optional). nullopt when malformed.
std::optional<CompileId> parse_compile_id(std::string_view text);

/// One frame; its texts are pooled (intern.hpp): every rank of a job logs the same frames.
struct StackFrame {
  IStr file;          ///< de-interned file name ("" when unknown)
  int64_t line = 0;
  IStr name;          ///< function name
  IStr code;          ///< source line text ("loc"), may be empty
};
using Stack = std::vector<StackFrame>;

/// A payload kept by reference: the report and viewer fetch the text on demand through
/// PayloadStore (payload_store.hpp), so the model stays small however big the log is.
struct PayloadRef {
  int64_t id = -1;          ///< handle in the PayloadStore; -1 = none
  uint64_t size = 0;        ///< decoded size in bytes
  bool md5_ok = true;
  bool valid() const { return id >= 0; }
};

/// Any payload-bearing record attached to a compile: graphs, guards, code, artifacts.
struct Artifact {
  std::string kind;       ///< record kind: "dynamo_output_graph", "artifact", "inductor_output_code"...
  std::string name;       ///< artifact name for kind "artifact", else the kind (or metadata name)
  std::string encoding;   ///< "string" / "json" for artifacts, "" otherwise
  std::string filename;   ///< inductor_output_code / graph_dump filename, if any
  int64_t attempt = -1;
  SourceLoc where;
  PayloadRef payload;
};

enum class Outcome : uint8_t {
  Unknown,          ///< no compilation_metrics seen (trace cut off, or still running)
  Ok,               ///< compiled a graph with guards
  OkNoGraph,        ///< succeeded but produced no graph (no ops traced / skipped frame)
  Failed,           ///< fail_type set (backend error, fullgraph break, internal error...)
  FrameSkipped,     ///< graph break Dynamo could not resume from: the whole frame runs eagerly
  RecompileLimit,   ///< refused at the recompile limit: the frame falls back to eager
};
const char* outcome_name(Outcome o);

/// The fields of compilation_metrics that consumers use; absent numbers are -1 / NaN.
struct Metrics {
  SourceLoc where;
  std::string co_name, co_filename;
  int64_t co_firstlineno = -1;
  int64_t graph_op_count = -1, graph_node_count = -1, graph_input_count = -1;
  int64_t guard_count = -1, shape_env_guard_count = -1;
  int64_t cache_size = -1, accumulated_cache_size = -1;
  double entire_frame_compile_time_s = -1, backend_compile_time_s = -1;
  double inductor_compile_time_s = -1, code_gen_time_s = -1;
  double dynamo_time_before_restart_s = -1;
  int64_t start_time_us = -1, duration_us = -1;
  std::string fail_type, fail_reason, fail_user_frame_filename;
  int64_t fail_user_frame_lineno = -1;
  std::vector<std::string> restart_reasons;
  std::string recompile_reason;
  std::optional<bool> has_guarded_code;
  std::vector<std::string> non_compliant_ops;
  int64_t num_graph_breaks = -1;
  /// Every other scalar field, as text, for the per-compile metrics table. Pooled (intern.hpp):
  /// the ranks of a job log the same fields, mostly with the same values.
  Fields other;
};

/// One dynamic-shape event (create_symbol, symbolic_shape_specialization, guard_added_fast...).
struct ShapeEvent {
  std::string kind;    ///< record kind
  std::string symbol;  ///< "s77" (may be empty)
  std::string text;    ///< expr / value / reason, one line
  std::string source;  ///< "L['x'].size()[0]"
  Stack user_stack;
  SourceLoc where;
};

/// One export-time record with no compile id (torch.export / draft_export): a guard or failure
/// the export page lists, or a node of the symbolic-expression provenance tree. Kinds:
/// guard_added, propagate_real_tensors_provenance, missing_fake_kernel, mismatched_fake_kernel,
/// expression_created, create_unbacked_symbol.
struct ExportEvent {
  std::string kind;
  std::string expr, result, prefix, op, reason, method, loc;  ///< as logged ("" when absent)
  int64_t id = -1;       ///< result_id / node_id of a tree node; expr_node_id of a guard (-1: none)
  std::vector<std::string> arguments;
  std::vector<int64_t> argument_ids;
  std::vector<std::pair<std::string, std::string>> locals, symbols;  ///< frame_locals, symbol_to_sources
  Stack user_stack, stack;
  SourceLoc where;
};

struct GraphBreak;

/// One [frame/compile] (with all its attempts). Attempts restart the same compile.
struct Compile {
  CompileId id;                 ///< attempt = last attempt seen
  int32_t rank = -1;            ///< -1 = single process / unknown
  int32_t epoch = 0;            ///< increments when compile ids restart inside one process (reset())
  int32_t process = -1;         ///< index into Model::processes
  int32_t frame = -1;           ///< index into Model::frames (-1: no frame id, e.g. [!0])
  SourceLoc where;              ///< first record of this compile
  Stack stack;                  ///< dynamo_start stack, de-interned; the last frame is the code compiled
  int64_t attempts = 1;         ///< number of attempts (restarts + 1)
  Outcome outcome = Outcome::Unknown;
  std::optional<Metrics> metrics;           ///< forward compilation_metrics
  std::vector<Metrics> runtime_metrics;     ///< *_runtime and bwd_* records
  std::vector<Artifact> artifacts;          ///< in trace order
  int32_t graph_artifact = -1;  ///< index into artifacts of the counted dynamo_output_graph (final attempt)
  bool has_graph = false;       ///< counts towards unique_graphs
  std::vector<int32_t> breaks;  ///< indices into Model::breaks
  int32_t recompile = -1;       ///< index into Model::recompiles when this compile is a recompile
  std::vector<std::string> restart_reasons;
  std::vector<ShapeEvent> shape_events;
  int32_t cache_hits = 0, cache_misses = 0, cache_bypasses = 0;  ///< fx graph + aot autograd caches
  double compile_time_s() const;  ///< entire_frame_compile_time_s or 0
};

/// A code object that Dynamo compiled (one frame_id within one process epoch).
struct Frame {
  int64_t frame_id = -1;
  int32_t rank = -1, epoch = 0, process = -1;
  std::string name;        ///< co_name (from metrics or the dynamo_start stack)
  std::string file;        ///< co_filename
  int64_t first_line = -1;
  bool is_resume = false;  ///< torch_dynamo_resume_in_<fn>_at_<line>
  SourceLoc where;         ///< first record of its first compile
  std::vector<int32_t> compiles;  ///< indices into Model::compiles, in order [f/0], [f/1]...
  bool hit_recompile_limit = false;
};

enum class BreakKind : uint8_t {
  Resumed,        ///< graph compiled up to the break, statement ran eagerly, resume frame continues
  NonResumable,   ///< "cannot resume from": graph compiled up to the last resumable point, the rest
                  ///< of the function ran eagerly, no resume function
  FrameSkipped,   ///< could not resume (e.g. break in a loop): the frame ran eagerly
  Fullgraph,      ///< fullgraph=True turned the break into an error
  Count_
};
constexpr int kBreakKindCount = static_cast<int>(BreakKind::Count_);
/// "resumed", "non_resumable", "frame_skipped", "fullgraph" (the JSON names).
const char* break_kind_name(BreakKind k);
/// What happened, for people: "resumed in a new frame", "not resumable: rest of the function ran eagerly"...
const char* break_kind_text(BreakKind k);

/// One graph-break event (a dynamo_graph_break_reason artifact, or a failure that is a break).
struct GraphBreak {
  int32_t compile = -1;        ///< index into Model::compiles
  int64_t attempt = -1;
  SourceLoc where;
  BreakKind kind = BreakKind::Resumed;
  std::string user_file;       ///< "Graph break in user code at FILE:LINE"
  int64_t user_line = -1;
  std::string user_function;   ///< innermost user frame's function
  std::string title;           ///< gb_type, e.g. "Failed to trace builtin operator"
  std::string gb_id;           ///< "gb0059" of the break itself, the root cause ("" when the text has no registry link)
  std::string chained_gb_id;   ///< the break Dynamo hit while handling this one ("gb7000": in a loop, frame skipped)
  std::string explanation;
  std::vector<std::string> hints;
  std::string context;         ///< developer debug context
  std::string reason;          ///< the whole "Graph Break Reason:" text (first line prefix removed)
  Stack user_stack;            ///< "User code traceback" frames
  int32_t site = -1;           ///< index into Model::break_sites
  int32_t resume_frame = -1;   ///< index into Model::frames of the resume function, when found
};

/// Distinct graph-break site: events grouped by (process-independent) user file:line + title.
struct BreakSite {
  std::string user_file;
  int64_t user_line = -1;
  std::string user_function;
  std::string title;
  std::string gb_id;              ///< the most common gb id among its events (their root cause)
  std::vector<int32_t> events;    ///< indices into Model::breaks
  int64_t kind_counts[kBreakKindCount] = {};  ///< events per BreakKind (each event keeps its own)
  BreakKind kind = BreakKind::Resumed;        ///< the most common kind among its events
  std::vector<int32_t> compiles;  ///< distinct compiles cut by it
};

enum class GuardChange : uint8_t {
  Size, Stride, Dtype, Rank, RequiresGrad, Device, Type, Id, Value, Global, Other,
};
const char* guard_change_name(GuardChange c);

/// One failed guard of one earlier cache entry, from recompile_reasons.
struct FailedGuard {
  std::string entry;     ///< "0/0": the cache entry whose guards failed
  std::string text;      ///< the reason as PyTorch wrote it
  std::string source;    ///< "x", "L['x']", "G['MODE']", "self.layer.weight"...
  GuardChange change = GuardChange::Other;
  int64_t index = -1;    ///< dimension for size/stride
  std::string expected, actual;
};

struct Recompile {
  int32_t compile = -1;    ///< the recompiling compile [f/c], c > 0
  int32_t frame = -1;
  SourceLoc where;
  std::vector<FailedGuard> reasons;  ///< newest cache entry first, as PyTorch writes them
  bool raw_was_json_list = false;
};

/// A compile that failed, fell back, or was skipped (not counting plain graph breaks).
struct Failure {
  int32_t compile = -1;
  SourceLoc where;
  Outcome outcome = Outcome::Failed;
  std::string fail_type, fail_reason;
  std::string user_file;
  int64_t user_line = -1;
};

/// One chrome-trace event (compile timeline).
struct ChromeEvent {
  std::string name;
  std::string compile_id;   ///< args.compile_id, "" when absent
  double ts_us = 0;
  char ph = '?';
  int32_t rank = -1;
  int32_t process = -1;
  int64_t tid = 0;
};

/// Diagnostic classes: bad input is counted by class, first examples kept with file:line.
enum class Diag : uint8_t {
  NoPrefix, InvalidJson, Md5Mismatch, TruncatedPayload, InvalidUtf8, OversizeLine,
  EmptyFile, CrLf, UnknownKind, OrphanPayload, BadField, Unreadable, DuplicateId, Count_
};
const char* diag_name(Diag d);
constexpr int kDiagCount = static_cast<int>(Diag::Count_);
/// Whether a diagnostic class means damaged input (fails --strict) or just a note.
bool diag_is_error(Diag d);

struct DiagExample {
  SourceLoc where;
  std::string message;
};

struct Diagnostics {
  uint64_t counts[kDiagCount] = {};
  std::vector<DiagExample> examples[kDiagCount];   ///< first kMaxExamples per class
  std::map<std::string, uint64_t> unknown_kinds;   ///< kind -> count
  static constexpr size_t kMaxExamples = 20;
  uint64_t errors() const;   ///< sum of counts of error classes
  uint64_t notes() const;    ///< sum of counts of note classes (not errors)
};

/// One input file.
struct InputFile {
  std::string path;
  int32_t rank_from_name = -1;   ///< from ..._rank_N_...log
  uint64_t bytes = 0, lines = 0, records = 0;
  bool gzip = false;
};

/// One stream of compiles: one program run (a process id in the glog prefix) of one rank in one
/// file. Compile ids are unique within (process, epoch). The same program run twice into one
/// TORCH_TRACE directory (or appended to one file) gives two processes of the same rank: two runs.
struct Process {
  int32_t file = -1;
  int32_t rank = -1;
  int32_t epochs = 1;
  uint64_t records = 0;  ///< records dispatched to this process (0: only filtered-out records)
  uint64_t pid = 0;      ///< from the glog prefix (0: unknown)
  uint64_t start = 0;    ///< first record's MMDD HH:MM:SS.us as one sortable number (no year in glog)
  int32_t run = 1;       ///< 1-based order among the processes of its rank, by start (finalize)
};

/// Rank-level roll-up, computed by finalize().
struct RankSummary {
  int32_t rank = -1;
  int64_t compiles = 0, graphs = 0, breaks = 0, recompiles = 0, failures = 0;
  double compile_time_s = 0;
};

struct Model {
  std::vector<InputFile> files;
  std::vector<Process> processes;
  std::vector<Frame> frames;
  std::vector<Compile> compiles;
  std::vector<GraphBreak> breaks;
  std::vector<BreakSite> break_sites;
  std::vector<Recompile> recompiles;
  std::vector<Failure> failures;
  std::vector<ChromeEvent> events;
  std::vector<Artifact> global_artifacts;  ///< payload records with no compile id (export, stacks, AOTInductor)
  /// compilation_metrics records with no compile id (AOTInductor / provenance logs). With
  /// global_artifacts they form the "[-/-]" entry, as tlparse files them under -_-_-_-.
  std::vector<Metrics> global_metrics;
  std::vector<ExportEvent> export_events;  ///< export records without a compile id, in trace order (full detail only)
  std::vector<int32_t> ranks;              ///< distinct ranks seen, sorted (empty: single process)
  std::vector<RankSummary> rank_summaries;
  int32_t runs = 1;                        ///< most processes any one rank has (> 1: several runs)
  Diagnostics diag;
  uint64_t records = 0, bytes = 0;
  bool is_export = false;                  ///< exported_program / export records seen
  std::optional<RunOutcome> run;           ///< set by `tparse run`: the command's exit and traceback

  // Derived counts.
  int64_t graph_count() const;             ///< unique_graphs: compiles with has_graph
  int64_t restart_count() const;           ///< sum over compiles of attempts - 1
  int64_t fallback_count() const;          ///< frames that hit the recompile limit
  double total_compile_time_s() const;
  std::string file_of(const SourceLoc& l) const;  ///< "path:line" for messages
};

}  // namespace tparse
