// `tparse explain TRACE|model.py [--json] [--frame NAME] [--all-calls]`: torch._dynamo.explain's
// numbers computed from a trace (or from the reference compiler's trace of a .py script), and
// beside them the true account with a category and fix per graph-break site.
#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "analysis/explain.hpp"
#include "cli_common.hpp"
#include "commands.hpp"
#include "core/summary.hpp"
#ifdef HAVE_TPARSE_COMPILER
#include "compiler/api.hpp"
#endif

namespace tparse::cli {

namespace {

struct ExplainFlags {
  LoadFlags load;
  bool json = false;
  bool all_calls = false;
  std::string frame;
  std::string out = "-";
  std::string torch = "2.11";
  std::vector<std::string> roots;
};

bool is_python(const std::string& p) { return p.size() > 3 && p.ends_with(".py"); }

// Compiles a .py script with the reference compiler into an in-memory trace.
bool load_script(const ExplainFlags& f, LoadedTrace& t) {
#ifdef HAVE_TPARSE_COMPILER
  const std::string& path = f.load.inputs.front();
  std::ifstream in(path);
  if (!in) {
    fmt::print(stderr, "tparse: cannot read {}\n", terminal_safe(path));
    return false;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  compiler::Options o;
  o.torch_version = f.torch;
  compiler::Result r = compiler::compile_script(path, ss.str(), o);
  if (!r.ok) {
    fmt::print(stderr, "{}\n", terminal_safe(r.error));
    return false;
  }
  t = load_trace_text(std::move(r.trace), path);
  return true;
#else
  fmt::print(stderr, "tparse: this build has no reference compiler; run the script under TORCH_TRACE=dir and "
                     "explain the trace\n");
  return false;
#endif
}

void add_explain(CLI::App& app, Exit& exit) {
  auto* sub = app.add_subcommand("explain", "torch._dynamo.explain from a trace, with causes and fixes per break");
  auto f = std::make_shared<ExplainFlags>();
  sub->add_option("inputs", f->load.inputs, "TORCH_TRACE directory, log file, .gz, -, or a model .py script")->required();
  sub->add_flag("--json", f->json, "Machine-readable output (docs/explain.md)");
  sub->add_option("--frame", f->frame, "Only this function (and its resume functions)");
  sub->add_flag("--all-calls", f->all_calls, "Count every call in the trace, not just the first");
  sub->add_option("--source-root", f->roots, "Where to look for user source files (default: .)");
  sub->add_option("--torch", f->torch, "Torch rule profile for .py input (reference compiler): 2.11 or 2.3");
  sub->add_option("-o,--output", f->out, "Write to a file instead of stdout");
  sub->add_flag("-q,--quiet", f->load.quiet, "No progress on stderr");
  sub->add_option("--rank", f->load.rank, "Only this rank");
  add_process_flags(sub, f->load);
  sub->callback([f, &exit] {
    LoadedTrace t;
    bool ok = (f->load.inputs.size() == 1 && is_python(f->load.inputs.front())) ? load_script(*f, t)
                                                                                 : load_inputs(f->load, t);
    if (!ok) {
      exit.code = 2;
      return;
    }
    analysis::ExplainOptions o;
    o.frame = f->frame;
    o.all_calls = f->all_calls;
    if (!f->roots.empty()) o.source_roots = f->roots;
    analysis::Explanation e = analysis::explain_trace(t, o);
    std::string text = f->json ? analysis::explain_json(e, t.model) : analysis::explain_text(e, t.model);
    if (!write_text(f->out, text)) exit.code = 2;
  });
}

const Registrar reg(30, add_explain);

}  // namespace

}  // namespace tparse::cli
