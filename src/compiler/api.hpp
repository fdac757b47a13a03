// Public API of the reference compiler: compile a model script to a TORCH_TRACE log.
#pragma once

#include <string>
#include <vector>

namespace tparse::compiler {

struct Options {
  std::string torch_version = "2.11";  ///< rule profile: "2.11" (default) or "2.3"
  /// Extra folders searched for imported modules after the script's own folder (as PYTHONPATH).
  std::vector<std::string> source_roots;
  /// Folders of user-written stubs (`transformers/__init__.py`, ...), searched before the bundled ones.
  std::vector<std::string> stub_paths;
  /// Stop the script after this many top-level calls of a compiled function or module (0: run it all).
  /// `tparse explain model.py` uses 1: torch._dynamo.explain runs the model once, on the first input.
  int max_compiled_calls = 0;
};

struct Result {
  bool ok = false;
  std::string trace;  ///< full TORCH_TRACE log text (what torch writes to dedicated_log_torch_trace_*.log)
  std::string error;  ///< compiler-style diagnostics: file:line:col, the line, a caret
  /// The same error as fields (for --json): where, the message, and the import/call-chain notes.
  std::string error_file, error_message, error_notes;
  int error_line = 0, error_col = 0;
  /// What the run could not model, one `file:line: name` per entry (issue 22). Empty: the result is exact.
  std::vector<std::string> unmodelled;
  /// The script parsed but its run stopped at `error` (not `ok`): `trace` holds what ran before and the
  /// stop is the last `unmodelled` entry. Tools show that partial result as approximate (issue 22: the only
  /// error that gives no result is a file that does not parse).
  bool stopped = false;
};

/// The closing line of `tparse explain` / `tparse compile`: `exact`, or `approximate: N unmodelled calls`
/// followed by one indented `file:line: name` line per entry.
std::string exactness_text(const Result& r);

/// Parses and abstractly runs `source` (the script at `path`), as torch.compile would run it.
Result compile_script(const std::string& path, const std::string& source, const Options& opts);

}  // namespace tparse::compiler
