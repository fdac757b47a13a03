// Explain's inputs shared by the CLI and the Python module; see explain.hpp.
#include "api/explain.hpp"

#include <fstream>
#include <sstream>

#include "core/json_writer.hpp"
#include "core/model/summary.hpp"
#ifdef HAVE_TPARSE_COMPILER
#include "compiler/api.hpp"
#endif

namespace tparse::api {

bool is_python_script(const std::string& p) { return p.size() > 3 && p.ends_with(".py"); }

bool load_script(const ScriptRequest& r, LoadedTrace& out, std::string& error, std::string* error_json,
                 std::vector<std::string>* unmodelled, std::string* stop_note, std::vector<std::string>* assumed,
                 std::vector<std::string>* hints) {
#ifdef HAVE_TPARSE_COMPILER
  std::ifstream in(r.path);
  if (!in) {
    error = "tparse: cannot read " + terminal_safe(r.path);
    return false;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  compiler::Options o;
  o.torch_version = r.torch;
  o.source_roots = r.roots;
  o.stub_paths = r.stubs;
  o.max_compiled_calls = r.all_calls ? 0 : 1;
  compiler::Result res = compiler::compile_script(r.path, ss.str(), o);
  if (!res.ok && !res.stopped) {
    error = terminal_safe(res.error);
    if (error_json) {  // the unsupported construct or script error, machine-readable (docs/explain.md)
      JsonWriter w(true);
      w.begin_object().key("schema").value("tparse-explain").key("schema_version").value(int64_t{1});
      w.key("error").begin_object().key("file").value(res.error_file).key("line").value(int64_t{res.error_line});
      w.key("col").value(int64_t{res.error_col}).key("message").value(res.error_message).key("notes").value(res.error_notes);
      w.end_object().end_object();
      *error_json = w.take() + "\n";
    }
    return false;
  }
  if (stop_note && !res.error.empty()) *stop_note = terminal_safe(res.error);  // the run stopped there (approximate)
  if (unmodelled) *unmodelled = std::move(res.unmodelled);
  if (assumed) *assumed = std::move(res.assumptions);
  if (hints) *hints = std::move(res.hints);
  out = load_trace_text(std::move(res.trace), r.path);
  return true;
#else
  error = "tparse: this build has no reference compiler; run the script under TORCH_TRACE=dir and explain the trace";
  return false;
#endif
}

std::string exactness_text(const std::vector<std::string>& unmodelled, const std::vector<std::string>& assumed,
                           const std::vector<std::string>& hints) {
#ifdef HAVE_TPARSE_COMPILER
  compiler::Result ex;
  ex.unmodelled = unmodelled;
  ex.assumptions = assumed;
  ex.hints = hints;
  return compiler::exactness_text(ex);
#else
  (void)unmodelled;
  (void)assumed;
  (void)hints;
  return "";
#endif
}

void add_exactness_json(std::string& json, const std::vector<std::string>& unmodelled, const std::vector<std::string>& assumed,
                        const std::vector<std::string>& hints) {
  size_t close = json.rfind('}');
  if (close == std::string::npos) return;
  JsonWriter w(false);
  w.begin_object().key("exact").value(unmodelled.empty()).key("unmodelled").begin_array();
  for (auto& u : unmodelled) w.value(u);
  w.end_array().key("assumed").begin_array();
  for (auto& a : assumed) w.value(a);
  w.end_array().key("hints").begin_array();
  for (auto& h : hints) w.value(h);
  w.end_array().end_object();
  json.insert(close, std::string(json.compare(0, 1, "{") == 0 && close > 1 ? ",\n  " : "") + "\"exactness\": " + w.take() + "\n");
}

analysis::ExplainOptions explain_options(const std::string& frame, bool all_calls, bool script,
                                         const std::vector<std::string>& roots) {
  analysis::ExplainOptions o;
  o.frame = frame;
  o.all_calls = all_calls || script;  // a script's trace already holds just the first call
  o.script_first_call = script && !all_calls;
  if (!roots.empty()) o.source_roots = roots;
  return o;
}

}  // namespace tparse::api
