// The Python module's C++ side; see py_trace.hpp. Each operation is the CLI's own code path
// (src/api + the analysis/report libraries), so tparse.load(p).summary() is `tparse summary p --json`.
#include "py_trace.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "analysis/explain/explain.hpp"
#include "analysis/gate/gate.hpp"
#include "api/explain.hpp"
#include "api/gate.hpp"
#include "api/report.hpp"
#include "api/summary.hpp"
#include "core/payloads/fx_graph.hpp"
#include "core/model/summary.hpp"
#ifdef HAVE_TPARSE_GRAPH
#include "graph/layout.hpp"
#endif

namespace tparse::py {

std::shared_ptr<Trace> Trace::load(const api::LoadRequest& r, bool strict) {
  auto t = std::make_shared<Trace>();
  t->req_ = r;
  // What `tparse summary --json` keeps: summaries and the multi-rank facts, not every payload.
  api::LoadRequest light = r;
  light.keep_payloads = false;
  light.keep_events = false;
  light.multirank_light = true;
  std::string error;
  if (!api::load(light, t->light_, error, &t->note_)) throw Error(error);
  if (strict && t->light_.model.diag.errors() > 0)
    throw Error(fmt::format("{}tparse: --strict: {} input problem(s)", api::input_problems(t->light_.model),
                            t->light_.model.diag.errors()));
  return t;
}

std::string Trace::summary_json(bool pretty) const { return api::summary_json_of(light_, pretty); }
std::string Trace::summary_text(bool verbose) const { return api::summary_text_of(light_, verbose); }

const LoadedTrace& Trace::detail() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!detail_) {
    // The same inputs as the CLI's report / explain read them: every payload, event and stack.
    api::LoadRequest full = req_;
    full.keep_payloads = true;
    full.keep_events = true;
    full.multirank_light = false;
    auto d = std::make_unique<LoadedTrace>();
    std::string error;
    if (!api::load(full, *d, error)) throw Error(error);
    detail_ = std::move(d);
  }
  return *detail_;
}

namespace {
const Compile& compile_at(const LoadedTrace& t, int64_t index) {
  if (index < 0 || static_cast<size_t>(index) >= t.model.compiles.size())
    throw Error(fmt::format("tparse: compile index {} out of range (the trace holds {} compiles)", index,
                            t.model.compiles.size()));
  return t.model.compiles[static_cast<size_t>(index)];
}
}  // namespace

std::vector<std::string> Trace::artifact_names(int64_t index) {
  const Compile& c = compile_at(detail(), index);
  std::vector<std::string> out;
  for (const Artifact& a : c.artifacts)
    if (std::find(out.begin(), out.end(), a.name) == out.end()) out.push_back(a.name);
  return out;
}

bool Trace::artifact_text(int64_t index, const std::string& kind, std::string& text) {
  const LoadedTrace& d = detail();
  const Compile& c = compile_at(d, index);
  const Artifact* found = nullptr;
  if (kind == "dynamo_output_graph" && c.graph_artifact >= 0)
    found = &c.artifacts[static_cast<size_t>(c.graph_artifact)];
  for (size_t i = c.artifacts.size(); !found && i-- > 0;)
    if (c.artifacts[i].name == kind || c.artifacts[i].kind == kind) found = &c.artifacts[i];
  if (!found) return false;
  text = d.payloads.get(found->payload);
  return true;
}

std::string Trace::explain_json(const std::string& frame, bool all_calls, const std::vector<std::string>& roots) {
  const LoadedTrace& d = detail();
  analysis::Explanation e = analysis::explain_trace(d, api::explain_options(frame, all_calls, false, roots));
  return analysis::explain_json(e, d.model);
}

uint64_t Trace::report(const std::string& out, bool overwrite, bool plain_text, int jobs) {
#ifdef HAVE_TPARSE_REPORT
  const LoadedTrace& d = detail();
  std::string error;
  if (!api::prepare_out(out, overwrite, error)) throw Error(error);
  report::ReportOptions opt;
  opt.plain_text = plain_text;
  opt.jobs = jobs;
  api::ReportResult res;
  if (!api::write_report_dir(d, out, opt, res)) throw Error("tparse: " + res.stats.error);
  return res.files;
#else
  throw Error("tparse: this build has no HTML report (libgraphviz-dev was missing)");
#endif
}

std::string explain_path(const std::string& path, const std::string& torch, const std::string& frame, bool all_calls,
                         const std::vector<std::string>& roots, const std::vector<std::string>& stubs,
                         const api::LoadRequest& load) {
  bool script = api::is_python_script(path);
  LoadedTrace t;
  std::string error;
  std::vector<std::string> unmodelled, assumed, hints;
  if (script) {
    api::ScriptRequest r;
    r.path = path;
    r.torch = torch;
    r.roots = roots;
    r.stubs = stubs;
    r.all_calls = all_calls;
    if (!api::load_script(r, t, error, nullptr, &unmodelled, nullptr, &assumed, &hints)) throw Error(error);
  } else {
    api::LoadRequest r = load;
    r.inputs = {path};
    if (!api::load(r, t, error)) throw Error(error);
  }
  analysis::Explanation e = analysis::explain_trace(t, api::explain_options(frame, all_calls, script, roots));
  std::string json = analysis::explain_json(e, t.model);
  if (script) api::add_exactness_json(json, unmodelled, assumed, hints);  // as `tparse explain model.py --json`
  return json;
}

std::pair<bool, std::string> gate_json(const Trace& cur, const Trace* base, const std::string& base_path,
                                       const std::string& base_json, const GateArgs& a) {
  analysis::GateOptions o;
  o.max_graph_breaks = a.max_graph_breaks;
  o.max_recompiles = a.max_recompiles;
  o.max_graphs = a.max_graphs;
  o.allow_increase = a.allow_increase;
  std::string bad;
  if (!a.fail_on.empty() && !analysis::parse_fail_on(a.fail_on, o, bad))
    throw Error(fmt::format("tparse gate: fail_on: unknown '{}' (use failures,fallbacks,recompiles)", terminal_safe(bad)));
  if (!a.max_compile_time_increase.empty() && !analysis::parse_percent(a.max_compile_time_increase, o.max_compile_time_increase))
    throw Error("tparse gate: max_compile_time_increase: expected e.g. 20% or 0.2");
  analysis::Snapshot bs;
  std::string error;
  if (base) {
    bs = analysis::snapshot_of(base->light().model);
  } else if (!base_path.empty()) {
    bool ok = api::is_trace_baseline(base_path) ? api::load_trace_baseline(base_path, cur.request(), bs, error)
                                                : api::load_summary_baseline(base_path, bs, error);
    if (!ok) throw Error("tparse gate: " + error);
  } else if (!analysis::snapshot_from_summary_json(base_json, bs, error)) {
    throw Error("tparse gate: baseline: " + error);
  }
  analysis::GateResult r = analysis::run_gate(bs, analysis::snapshot_of(cur.light().model), o);
  return {r.pass, analysis::gate_json(r)};
}

std::string dot_of_graph(const std::string& fx_text) {
#ifdef HAVE_TPARSE_GRAPH
  return graph::fx_to_dot(fx::parse_fx_graph(fx_text));
#else
  throw Error("tparse: this build has no graph drawing (libgraphviz-dev was missing)");
#endif
}

std::string svg_of_graph(const std::string& fx_text) {
#ifdef HAVE_TPARSE_GRAPH
  std::string error;
  std::string svg = graph::fx_to_svg(fx::parse_fx_graph(fx_text), &error);
  if (svg.empty()) throw Error("tparse: graphviz: " + error);
  return svg;
#else
  throw Error("tparse: this build has no graph drawing (libgraphviz-dev was missing)");
#endif
}

}  // namespace tparse::py
