// `tparse gate TRACE (--baseline summary.json | --baseline-trace OLD)`: CI check that fails when
// torch.compile got worse. Exit codes: 0 pass, 1 regression, 2 usage error or unreadable input.
#include <fmt/format.h>

#include "analysis/gate/gate.hpp"
#include "cli_common.hpp"
#include "commands.hpp"
#include "gate_baseline.hpp"
#include "core/model/summary.hpp"

namespace tparse::cli {

namespace {

struct GateFlags {
  LoadFlags load;
  std::string baseline, baseline_trace, format = "text", out = "-", fail_on, time_increase, repo_root = ".";
  analysis::GateOptions opts;
};

void add_gate(CLI::App& app, Exit& exit) {
  auto* sub = app.add_subcommand("gate", "CI gate: fail when graph breaks / recompiles / compile time regress "
                                         "(exit 0 pass, 1 regression, 2 usage or unreadable input)");
  auto f = std::make_shared<GateFlags>();
  sub->add_option("inputs", f->load.inputs, "TORCH_TRACE of this run (directory, log, .gz, -)")->required();
  auto* b1 = sub->add_option("--baseline", f->baseline, "Baseline from `tparse summary TRACE --json`");
  auto* b2 = sub->add_option("--baseline-trace", f->baseline_trace, "Baseline TORCH_TRACE (directory or file)");
  b1->excludes(b2);
  sub->add_option("--max-graph-breaks", f->opts.max_graph_breaks, "Fail above N graph-break events");
  sub->add_option("--max-recompiles", f->opts.max_recompiles, "Fail above N recompiles");
  sub->add_option("--max-graphs", f->opts.max_graphs, "Fail above N compiled graphs");
  sub->add_flag("--allow-increase", f->opts.allow_increase, "Do not fail because breaks increased");
  sub->add_option("--fail-on", f->fail_on, "Also fail when any of: failures,fallbacks,recompiles");
  sub->add_option("--max-compile-time-increase", f->time_increase, "Fail when compile time grows more, e.g. 20%");
  sub->add_option("--format", f->format, "text | json | junit | github | sarif")
      ->check(CLI::IsMember({"text", "json", "junit", "github", "sarif"}));
  sub->add_option("--source-root,--repo-root", f->repo_root,
                  "Make github / sarif paths relative to this checkout (default: .)");
  sub->add_option("-o,--output", f->out, "Write to a file instead of stdout");
  sub->add_flag("-q,--quiet", f->load.quiet, "No progress on stderr");
  add_process_flags(sub, f->load);
  sub->callback([f, &exit] {
    exit.code = 2;
    if (f->baseline.empty() && f->baseline_trace.empty()) {
      fmt::print(stderr, "tparse gate: give --baseline summary.json or --baseline-trace OLD_TRACE\n");
      return;
    }
    std::string bad;
    if (!f->fail_on.empty() && !analysis::parse_fail_on(f->fail_on, f->opts, bad)) {
      fmt::print(stderr, "tparse gate: --fail-on: unknown '{}' (use failures,fallbacks,recompiles)\n", terminal_safe(bad));
      return;
    }
    if (!f->time_increase.empty() && !analysis::parse_percent(f->time_increase, f->opts.max_compile_time_increase)) {
      fmt::print(stderr, "tparse gate: --max-compile-time-increase: expected e.g. 20% or 0.2\n");
      return;
    }
    analysis::Snapshot base;
    bool ok = !f->baseline.empty() ? load_summary_baseline(f->baseline, "tparse gate", base)
                                   : load_trace_baseline(f->baseline_trace, f->load, base);
    if (!ok) return;
    LoadedTrace t;
    // SARIF carries each break's fix, which needs the break's explanation (kept only with detail).
    if (!load_inputs(f->load, t, /*keep_payloads=*/f->format == "sarif", /*keep_events=*/false)) return;
    analysis::GateResult r = analysis::run_gate(base, analysis::snapshot_of(t.model), f->opts);
    std::string text = f->format == "json"    ? analysis::gate_json(r)
                       : f->format == "junit" ? analysis::gate_junit(r)
                       : f->format == "github" ? analysis::gate_github(r, f->repo_root)
                       : f->format == "sarif"  ? analysis::gate_sarif(r, f->repo_root)
                                               : analysis::gate_text(r);
    if (!write_text(f->out, text)) return;
    exit.code = r.pass ? 0 : 1;
  });
}

const Registrar reg_gate(40, add_gate);

}  // namespace

}  // namespace tparse::cli
