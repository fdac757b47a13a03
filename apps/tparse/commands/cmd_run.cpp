// `tparse run [-o DIR] [--trace-dir DIR] [--gate BASELINE] -- CMD ARGS...`: the daily loop in one
// step. Runs CMD with TORCH_TRACE pointing at a fresh directory (every torchrun rank writes its own
// log there), then writes the HTML report, prints the summary, runs the gate when asked, and exits
// with CMD's exit code (or, when CMD succeeded, the gate's / 2 when nothing could be reported).
// CMD's stderr passes through unchanged; its last Python traceback, the exit status and the compile
// that was in flight when the trace ended go into the summary and the report (core/model/run_outcome.hpp).
#include <fmt/format.h>
#include <stdlib.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <set>

#include "analysis/gate/gate.hpp"
#include "child_process.hpp"
#include "cli_common.hpp"
#include "commands.hpp"
#include "core/model/run_outcome.hpp"
#include "core/model/summary.hpp"
#include "gate_baseline.hpp"
#include "report_common.hpp"

namespace tparse::cli {

namespace {

namespace fs = std::filesystem;

struct RunFlags {
  LoadFlags load;
  std::vector<std::string> command;
  std::string out = "tparse_report", trace_dir, gate, gate_format = "text", gate_output = "-", source_root = ".";
  bool plain_text = false, open = false, no_browser = false;
};

/// A new empty directory under $TMPDIR (or /tmp); "" on failure.
std::string fresh_trace_dir() {
  const char* tmp = std::getenv("TMPDIR");
  std::string templ = fmt::format("{}/tparse-trace-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  return mkdtemp(templ.data()) ? templ : std::string();
}

/// The last `n` lines of `s`.
std::string last_lines(const std::string& s, int n) {
  size_t pos = s.size();
  while (n-- > 0 && pos > 0) {
    size_t nl = s.rfind('\n', pos - 1);
    if (nl == std::string::npos) return s;
    pos = nl;
  }
  return pos < s.size() && s[pos] == '\n' ? s.substr(pos + 1) : s.substr(pos);
}

std::set<std::string> logs_in(const std::string& dir) {
  std::vector<std::string> errors;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return {};
  auto v = expand_inputs({dir}, errors);
  return {v.begin(), v.end()};
}

int run(RunFlags& f) {
  // Everything that can be refused is refused before CMD runs, not after an hour of training.
  if (!out_is_replaceable(f.out)) {
    fmt::print(stderr, "tparse run: {} is not empty and holds no previous report; use -o OTHER_DIR\n", terminal_safe(f.out));
    return 2;
  }
  std::error_code ec;
  if (!f.gate.empty() && !fs::exists(f.gate, ec)) {
    fmt::print(stderr, "tparse run: --gate: cannot read baseline {}\n", terminal_safe(f.gate));
    return 2;
  }
  std::string dir = f.trace_dir;
  if (dir.empty()) {
    dir = fresh_trace_dir();
    if (dir.empty()) {
      fmt::print(stderr, "tparse run: cannot create a trace directory under $TMPDIR or /tmp\n");
      return 2;
    }
  } else {
    fs::create_directories(dir, ec);
    if (!fs::is_directory(dir, ec)) {
      fmt::print(stderr, "tparse run: cannot create --trace-dir {}\n", terminal_safe(dir));
      return 2;
    }
  }
  dir = fs::absolute(dir, ec).string();  // the child may change directory
  std::set<std::string> before = logs_in(dir);
  if (!f.load.quiet) fmt::print(stderr, "tparse run: TORCH_TRACE={}\n", dir);
  std::fflush(stdout);

  TracebackCollector tb;
  ChildResult child = run_child(f.command, "TORCH_TRACE", dir, [&](std::string_view bytes) { tb.feed(bytes); });
  tb.finish();
  if (!child.started) {
    fmt::print(stderr, "tparse run: cannot run {}: {}\n", terminal_safe(f.command[0]), child.error);
    return 127;
  }
  if (!f.load.quiet) {
    if (child.signal) fmt::print(stderr, "tparse run: {} ended by signal {}\n", terminal_safe(f.command[0]), child.signal);
    else fmt::print(stderr, "tparse run: {} exited with {}\n", terminal_safe(f.command[0]), child.exit_code);
  }
  // Only logs this run wrote: a reused --trace-dir keeps older runs' logs, which are left out.
  std::set<std::string> after = logs_in(dir);
  std::vector<std::string> fresh;
  std::set_difference(after.begin(), after.end(), before.begin(), before.end(), std::back_inserter(fresh));
  if (!before.empty() && !f.load.quiet)
    fmt::print(stderr, "tparse run: {} older log(s) in {} left out\n", before.size(), terminal_safe(dir));
  auto done = [&](int rc) { return child.exit_code != 0 ? child.exit_code : rc; };
  if (fresh.empty()) {
    fmt::print(stderr, "tparse run: the command wrote no trace log into {} (is it a torch.compile program? "
                       "TORCH_TRACE needs torch >= 2.1)\n", terminal_safe(dir));
    if (child.exit_code != 0 && !tb.last().empty())
      fmt::print(stderr, "tparse run: the command {} before Dynamo compiled anything; its last Python traceback ends:\n{}\n",
                 run_status_text({child.exit_code, child.signal, ""}), terminal_safe(last_lines(tb.last(), 3)));
    return done(2);
  }

  f.load.inputs = fresh;
  LoadedTrace t;
  if (!load_inputs(f.load, t)) return done(2);
  t.model.run = RunOutcome{child.exit_code, child.signal, tb.last(), tb.workers()};
  if (!prepare_out(f.out, /*overwrite=*/true) || !write_report_dir(t, f.out, f.load, f.plain_text)) return done(2);
  std::fputs(summary_text(t.model, f.load.verbose).c_str(), stdout);
  int rc = report_input_problems(t.model, f.load) ? 1 : 0;
  if (!f.gate.empty()) {
    analysis::Snapshot base;
    if (!load_any_baseline(f.gate, "tparse run: --gate", f.load, base)) return done(2);
    analysis::GateResult g = analysis::run_gate(base, analysis::snapshot_of(t.model), {});
    std::string text = f.gate_format == "sarif" ? analysis::gate_sarif(g, f.source_root) : analysis::gate_text(g);
    if (!write_text(f.gate_output, text)) return done(2);
    if (!g.pass) rc = 1;
  }
  std::fflush(stdout);
  if (f.open && !f.no_browser) open_browser((fs::path(f.out) / "index.html").string());
  return done(rc);
}

void add_run(CLI::App& app, Exit& exit) {
  auto* sub = app.add_subcommand(
      "run", "Run a command with TORCH_TRACE set, then report (and gate): tparse run -- python train.py. "
             "Exit code: the command's, else the gate's");
  auto f = std::make_shared<RunFlags>();
  sub->add_option("command", f->command, "The command and its arguments, after --")->required();
  sub->add_option("-o,--output", f->out, "Report directory (default: tparse_report; a previous report there is replaced)");
  sub->add_option("--trace-dir", f->trace_dir, "Trace directory (default: a new one under $TMPDIR)");
  sub->add_option("--gate", f->gate, "Gate against this baseline (tparse summary --json file, or a trace)");
  sub->add_option("--gate-format", f->gate_format, "Gate output: text | sarif")
      ->check(CLI::IsMember({"text", "sarif"}));
  sub->add_option("--gate-output", f->gate_output, "Write the gate output to this file (default: stdout)");
  sub->add_option("--source-root", f->source_root, "Make sarif paths relative to this checkout (default: .)");
  sub->add_flag("--open", f->open, "Open the report in a browser (when there is a display)");
  sub->add_flag("--no-browser", f->no_browser, "Do not open a browser (the default; accepted as tlparse and `tparse report` take it)");
  sub->add_flag("-p,--plain-text", f->plain_text, "Inductor output code as plain .txt instead of highlighted HTML");
  sub->add_flag("--strict", f->load.strict, "Exit 1 when the trace has damaged lines, naming them");
  sub->add_flag("-q,--quiet", f->load.quiet, "No progress or notes on stderr");
  sub->add_flag("-v,--verbose", f->load.verbose, "List every compile in the summary");
  sub->add_option("-j,--jobs", f->load.jobs, "Threads (default: all cores)");
  sub->add_flag("--no-md5", f->load.no_md5, "Skip payload md5 checks");
  sub->callback([f, &exit] { exit.code = run(*f); });
}

const Registrar reg_run(8, add_run);

}  // namespace

}  // namespace tparse::cli
