// `tparse explain` shared by the CLI and the Python module: a trace, or a model .py script run
// through the reference compiler (when built) into an in-memory trace, then analysis::explain_trace.
#pragma once

#include <string>
#include <vector>

#include "analysis/explain/explain.hpp"
#include "core/ingest.hpp"

namespace tparse::api {

struct ScriptRequest {
  std::string path;                     ///< the model script
  std::string torch = "2.11";           ///< rule profile: 2.11 or 2.3
  std::vector<std::string> roots, stubs;
  bool all_calls = false;               ///< run the whole script (else stop after the first compiled call)
};

/// Whether `path` names a model script (".py") rather than a trace.
bool is_python_script(const std::string& path);

/// Compiles the script with the reference compiler into `out`. false on failure: `error` is the
/// compiler's located message (file:line:col, the line, a caret) or why the script could not be
/// read; `error_json` (optional) the same as the machine-readable tparse-explain error document.
/// A run that stopped after the script parsed still succeeds (issue 22: the only error before the first graph is
/// a file that does not parse): `stop_note` gets the compiler's message and the stop is the last `unmodelled` entry.
/// `unmodelled` (optional) lists what the compiler did not model ("file:line: name"): empty means exact.
/// `assumed` (optional) lists what the run took as facts of the user's machine (a module under `except
/// ImportError` found nowhere is not installed); they do not make the result approximate.
bool load_script(const ScriptRequest& r, LoadedTrace& out, std::string& error, std::string* error_json = nullptr,
                 std::vector<std::string>* unmodelled = nullptr, std::string* stop_note = nullptr,
                 std::vector<std::string>* assumed = nullptr, std::vector<std::string>* hints = nullptr);

/// The closing line(s) of an explain from a script: "exact", or "approximate: N unmodelled calls" and the list;
/// each hint first (`hint: file:line: what to change`), then each assumption (`assumed: file:line: what`).
std::string exactness_text(const std::vector<std::string>& unmodelled, const std::vector<std::string>& assumed = {},
                           const std::vector<std::string>& hints = {});

/// Adds `"exactness": {"exact": bool, "unmodelled": [...], "assumed": [...]}` to an explain JSON document (its last '}').
void add_exactness_json(std::string& json, const std::vector<std::string>& unmodelled, const std::vector<std::string>& assumed = {},
                        const std::vector<std::string>& hints = {});

/// The explain options the CLI uses: a script's trace holds just the first call already.
analysis::ExplainOptions explain_options(const std::string& frame, bool all_calls, bool script,
                                         const std::vector<std::string>& roots);

}  // namespace tparse::api
