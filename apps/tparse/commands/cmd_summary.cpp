// `tparse summary PATH... [--json]`: the numbers of a trace, as text or versioned JSON.
#include <fmt/format.h>

#include "cli_common.hpp"
#include "commands.hpp"
#include "api/summary.hpp"

namespace tparse::cli {

namespace {

void add_summary(CLI::App& app, Exit& exit) {
  auto* sub = app.add_subcommand("summary", "Summarise graphs, breaks, recompiles and failures of a trace");
  auto f = std::make_shared<LoadFlags>();
  auto json = std::make_shared<bool>(false);
  auto out = std::make_shared<std::string>("-");
  sub->add_option("inputs", f->inputs, "TORCH_TRACE directory, log file, .gz, or - for stdin")->required();
  sub->add_flag("--json", *json, "Machine-readable output (schema: docs/summary-schema.md)");
  sub->add_option("-o,--output", *out, "Write to a file instead of stdout");
  sub->add_flag("--strict", f->strict, "Exit 1 when the input has damaged lines, naming them");
  sub->add_flag("-q,--quiet", f->quiet, "No progress or notes on stderr");
  sub->add_flag("-v,--verbose", f->verbose, "List every compile and input problem");
  sub->add_option("-j,--jobs", f->jobs, "Threads: over input files, and over chunks of one file (default: all cores)");
  sub->add_option("--rank", f->rank, "Only this rank");
  add_process_flags(sub, *f);
  sub->add_flag("--no-md5", f->no_md5, "Skip payload md5 checks");
  sub->callback([f, json, out, &exit] {
    LoadedTrace t;
    // JSON carries the multi-rank facts, read from a few artifacts' payloads: keep their handles.
#ifdef HAVE_TPARSE_ANALYSIS
    const bool light = true;  // both forms show the multi-rank analyses
#else
    const bool light = false;
#endif
    if (!load_inputs(*f, t, /*keep_payloads=*/false, /*keep_events=*/false, /*multirank_light=*/light)) {
      exit.code = 2;
      return;
    }
    std::string text = *json ? api::summary_json_of(t) : api::summary_text_of(t, f->verbose);
    if (!write_text(*out, text)) {
      exit.code = 2;
      return;
    }
    if (report_input_problems(t.model, *f)) exit.code = 1;
  });
}

const Registrar reg_summary(10, add_summary);

}  // namespace

}  // namespace tparse::cli
