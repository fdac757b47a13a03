// `tparse explain TRACE|model.py [--json] [--frame NAME] [--all-calls]`: torch._dynamo.explain's
// numbers computed from a trace (or from the reference compiler's trace of a .py script), and
// beside them the true account with a category and fix per graph-break site.
#include <fmt/format.h>

#include <algorithm>

#include "analysis/explain/explain.hpp"
#include "analysis/explain/explain_compare.hpp"
#include "api/explain.hpp"
#include "cli_common.hpp"
#include "commands.hpp"

namespace tparse::cli {

namespace {

struct ExplainFlags {
  LoadFlags load;
  bool json = false;
  bool all_calls = false;
  std::string frame;
  std::string out = "-";
  std::string torch = "2.11";
  std::string compare;                 ///< a second rule profile to explain side by side
  std::vector<std::string> roots, stubs;
  bool strict = false;                 ///< approximate (unmodelled calls) exits 1
};

bool load_script(const ExplainFlags& f, const std::string& torch, LoadedTrace& t, std::vector<std::string>& unmodelled,
                 std::vector<std::string>& assumed, std::vector<std::string>& hints) {
  api::ScriptRequest r;
  r.path = f.load.inputs.front();
  r.torch = torch;
  r.roots = f.roots;
  r.stubs = f.stubs;
  r.all_calls = f.all_calls;
  std::string error, error_json, stop_note;
  if (api::load_script(r, t, error, f.json ? &error_json : nullptr, &unmodelled, &stop_note, &assumed, &hints)) {
    if (!stop_note.empty()) fmt::print(stderr, "{}", stop_note);  // the run stopped there (approximate)
    return true;
  }
  fmt::print(stderr, "{}\n", error);
  if (!error_json.empty()) write_text(f.out, error_json);
  return false;
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
  sub->add_option("--compare", f->compare, "With .py input: explain under this second profile too, side by side (e.g. --torch 2.3 --compare 2.11)");
  sub->add_option("--stub-path", f->stubs, "With .py input: folder of user Python stubs for modules tparse does not model (docs/compiler.md)");
  sub->add_option("-o,--output", f->out, "Write to a file instead of stdout");
  sub->add_flag("--strict", f->strict, "With .py input: exit 1 when the result is approximate (unmodelled calls)");
  sub->add_flag("-q,--quiet", f->load.quiet, "No progress on stderr");
  sub->add_option("--rank", f->load.rank, "Only this rank");
  add_process_flags(sub, f->load);
  sub->callback([f, &exit] {
    bool script = f->load.inputs.size() == 1 && api::is_python_script(f->load.inputs.front());
    if (!f->compare.empty() && !script) {
      fmt::print(stderr, "tparse explain: --compare needs a model .py script\n");
      exit.code = 2;
      return;
    }
    LoadedTrace t;
    std::vector<std::string> unmodelled, unmodelled2, assumed, assumed2, hints, hints2;
    bool ok = script ? load_script(*f, f->torch, t, unmodelled, assumed, hints) : load_inputs(f->load, t);
    if (!ok) {
      exit.code = 2;
      return;
    }
    analysis::ExplainOptions o = api::explain_options(f->frame, f->all_calls, script, f->roots);
    analysis::Explanation e = analysis::explain_trace(t, o);
    std::string text;
    if (f->compare.empty()) {
      text = f->json ? analysis::explain_json(e, t.model) : analysis::explain_text(e, t.model);
    } else {
      LoadedTrace t2;
      if (!load_script(*f, f->compare, t2, unmodelled2, assumed2, hints2)) {
        exit.code = 2;
        return;
      }
      analysis::Explanation e2 = analysis::explain_trace(t2, o);
      text = f->json ? analysis::compare_json(f->torch, e, t.model, f->compare, e2, t2.model)
                     : analysis::compare_text(f->torch, e, t.model, f->compare, e2, t2.model);
    }
    if (script) {  // the closing line: exact, or approximate and what was not modelled (docs/compiler.md)
      for (auto& u : unmodelled2)
        if (std::find(unmodelled.begin(), unmodelled.end(), u) == unmodelled.end()) unmodelled.push_back(u);
      for (auto& a : assumed2)
        if (std::find(assumed.begin(), assumed.end(), a) == assumed.end()) assumed.push_back(a);
      for (auto& h : hints2)
        if (std::find(hints.begin(), hints.end(), h) == hints.end()) hints.push_back(h);
      if (f->json) api::add_exactness_json(text, unmodelled, assumed, hints);
      else text += api::exactness_text(unmodelled, assumed, hints);
      if (f->strict && !unmodelled.empty()) exit.code = 1;
    }
    if (!write_text(f->out, text)) exit.code = 2;
  });
}

const Registrar reg_explain(30, add_explain);

}  // namespace

}  // namespace tparse::cli
