// `tparse report TRACE -o DIR` (also plain `tparse TRACE -o DIR`): the static HTML report with
// Graphviz graph drawings, per-compile pages, timeline, multi-rank landing and JSON files.
#include <cstdio>
#include <filesystem>

#include "cli_common.hpp"
#include "commands.hpp"
#include "report_common.hpp"

namespace tparse::cli {

namespace {

namespace fs = std::filesystem;

struct ReportFlags {
  std::string out = "tparse_report";
  bool overwrite = false, no_browser = false, plain_text = false, latest = false;
};

/// The newest regular file (by mtime) among the trace logs of a directory; "" when none.
std::string newest_log(const std::string& dir) {
  std::vector<std::string> errors;
  std::string best;
  fs::file_time_type best_t{};
  for (const auto& p : expand_inputs({dir}, errors)) {
    std::error_code ec;
    auto t = fs::last_write_time(p, ec);
    if (!ec && (best.empty() || t > best_t)) best = p, best_t = t;
  }
  return best;
}

void add_report(CLI::App& app, Exit& exit) {
  auto* sub = app.add_subcommand("report", "Write the HTML report of a trace (also: tparse TRACE -o DIR)");
  auto f = std::make_shared<LoadFlags>();
  auto r = std::make_shared<ReportFlags>();
  sub->add_option("inputs", f->inputs, "TORCH_TRACE directory, log file(s), .gz, or - for stdin")->required();
  sub->add_option("-o,--output", r->out, "Output directory (default: tparse_report)");
  sub->add_flag("--overwrite", r->overwrite, "Write into a non-empty output directory (a previous report there is replaced)");
  sub->add_flag("--no-browser", r->no_browser, "Do not open the report (never opened without a display)");
  sub->add_flag("-p,--plain-text", r->plain_text, "Inductor output code as plain .txt instead of highlighted HTML");
  sub->add_flag("--latest", r->latest, "Use only the newest log file of the input directory");
  sub->add_flag("--strict", f->strict, "Exit 1 when the input has damaged lines, naming them");
  sub->add_flag("-q,--quiet", f->quiet, "No progress or notes on stderr");
  sub->add_option("-j,--jobs", f->jobs, "Threads (default: all cores)");
  sub->add_option("--rank", f->rank, "Only this rank");
  sub->add_flag("--no-md5", f->no_md5, "Skip payload md5 checks");
  sub->callback([f, r, &exit] {
    if (r->latest) {
      if (f->inputs.size() != 1 || !fs::is_directory(f->inputs[0])) {
        std::fprintf(stderr, "tparse: --latest needs one directory\n");
        exit.code = 2;
        return;
      }
      std::string newest = newest_log(f->inputs[0]);
      if (newest.empty()) {
        std::fprintf(stderr, "tparse: %s holds no trace logs\n", f->inputs[0].c_str());
        exit.code = 2;
        return;
      }
      if (!f->quiet) std::fprintf(stderr, "tparse: --latest: %s\n", newest.c_str());
      f->inputs = {newest};
    }
    if (!prepare_out(r->out, r->overwrite)) {
      exit.code = 2;
      return;
    }
    LoadedTrace t;
    if (!load_inputs(*f, t)) {
      exit.code = 2;
      return;
    }
    if (!write_report_dir(t, r->out, *f, r->plain_text)) {
      exit.code = 2;
      return;
    }
    if (report_input_problems(t.model, *f)) exit.code = 1;
    if (!r->no_browser) open_browser((fs::path(r->out) / "index.html").string());
  });
}

const Registrar reg(5, add_report);

}  // namespace

}  // namespace tparse::cli
