// The C++ side of the Python module (no Python types here): a loaded trace with its summary,
// graphs, explain, gate and report, each through the same src/api code paths as the CLI.
// module.cpp binds these to Python; every failure is a py::Error whose text is the CLI's message.
#pragma once

#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "api/load.hpp"
#include "core/ingest.hpp"

namespace tparse::py {

/// A failure shown to Python as tparse.TparseError (file:line messages, as the CLI prints them).
struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct GraphKinds {
  std::vector<std::string> names;  ///< artifact names of the compile, in trace order, once each
};

class Trace {
 public:
  /// Loads like `tparse summary --json` (multi-rank light load: the same memory and time).
  /// strict: damaged input lines are an Error naming each (file:line: class: message), as --strict.
  /// Call without the GIL.
  static std::shared_ptr<Trace> load(const api::LoadRequest& r, bool strict);

  std::string summary_json(bool pretty = true) const;
  std::string summary_text(bool verbose) const;
  std::string note() const { return note_; }
  size_t compile_count() const { return light_.model.compiles.size(); }

  /// Artifact names of compile `index` (the detail load). Call without the GIL.
  std::vector<std::string> artifact_names(int64_t index);
  /// The payload of compile `index`'s artifact `kind` (its final attempt's: the last one in
  /// trace order; for dynamo_output_graph the counted graph). false when the compile has none.
  bool artifact_text(int64_t index, const std::string& kind, std::string& text);
  /// `tparse explain --json` over this trace (frame: only this function; all_calls: every call).
  std::string explain_json(const std::string& frame, bool all_calls, const std::vector<std::string>& roots);
  /// `tparse report TRACE -o out`: returns the number of files written.
  uint64_t report(const std::string& out, bool overwrite, bool plain_text, int jobs);
  /// The trace as the gate sees it (`tparse gate` loads without payloads: same numbers).
  const LoadedTrace& light() const { return light_; }
  const api::LoadRequest& request() const { return req_; }

 private:
  /// The trace with every detail (payloads, events, whole stacks), loaded once on first use.
  const LoadedTrace& detail();

  api::LoadRequest req_;
  LoadedTrace light_;
  std::unique_ptr<LoadedTrace> detail_;
  std::mutex mu_;
  std::string note_;
};

/// `tparse explain PATH --json`: PATH a trace (directory, file, .gz) or a model .py script run
/// through the reference compiler under rule profile `torch`. A script error is an Error with the
/// compiler's file:line:col message.
std::string explain_path(const std::string& path, const std::string& torch, const std::string& frame, bool all_calls,
                         const std::vector<std::string>& roots, const std::vector<std::string>& stubs,
                         const api::LoadRequest& load);

struct GateArgs {
  int64_t max_graph_breaks = -1, max_recompiles = -1, max_graphs = -1;
  bool allow_increase = false;
  std::string fail_on, max_compile_time_increase;
};
/// `tparse gate --format json`: `cur` against a baseline that is another loaded trace (`base`),
/// or a path (a trace directory / .log / .gz, else a summary JSON file), or summary JSON text.
/// Returns (pass, the gate JSON).
std::pair<bool, std::string> gate_json(const Trace& cur, const Trace* base, const std::string& base_path,
                                       const std::string& base_json, const GateArgs& a);

/// FX graph text to Graphviz DOT / SVG (the report's whole-graph drawing). Error when not built
/// with graph drawing, or when graphviz fails.
std::string dot_of_graph(const std::string& fx_text);
std::string svg_of_graph(const std::string& fx_text);

}  // namespace tparse::py
