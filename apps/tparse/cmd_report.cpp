// `tparse report TRACE -o DIR` (also plain `tparse TRACE -o DIR`): the static HTML report with
// Graphviz graph drawings, per-compile pages, timeline, multi-rank landing and JSON files.
#include <fmt/format.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "cli_common.hpp"
#include "commands.hpp"
#include "report/report.hpp"

extern char** environ;

namespace tparse::cli {

namespace {

namespace fs = std::filesystem;

struct ReportFlags {
  std::string out = "tparse_report";
  bool overwrite = false, no_browser = false, plain_text = false;
};

/// Prepares the output directory. false (after saying why) when it must not be written.
/// `created`: the directory did not exist before (a failed run removes it again).
bool prepare_out(const std::string& out, bool overwrite, bool& created) {
  std::error_code ec;
  created = !fs::exists(out, ec);
  if (!created) {
    if (!fs::is_directory(out, ec)) {
      std::fprintf(stderr, "tparse: %s exists and is not a directory\n", out.c_str());
      return false;
    }
    if (!fs::is_empty(out, ec)) {
      if (!overwrite) {
        std::fprintf(stderr, "tparse: %s is not empty; pass --overwrite to replace the report or use -o OTHER_DIR\n", out.c_str());
        return false;
      }
      // Only a previous report is deleted; other files in the directory are left alone.
      if (fs::exists(fs::path(out) / "index.html") && fs::exists(fs::path(out) / "summary.json")) {
        for (const auto& e : fs::directory_iterator(out, ec)) fs::remove_all(e.path(), ec);
      }
    }
  }
  fs::create_directories(out, ec);
  if (!fs::is_directory(out)) {
    std::fprintf(stderr, "tparse: cannot create %s\n", out.c_str());
    return false;
  }
  return true;
}

void open_browser(const std::string& index) {
  // Headless machines (no display) never get a browser.
  if (!std::getenv("DISPLAY") && !std::getenv("WAYLAND_DISPLAY")) return;
  std::string path = fs::absolute(index).string();
  char* argv[] = {const_cast<char*>("xdg-open"), const_cast<char*>(path.c_str()), nullptr};
  pid_t pid;
  if (posix_spawnp(&pid, "xdg-open", nullptr, nullptr, argv, environ) == 0) waitpid(pid, nullptr, 0);
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
  sub->add_flag("--strict", f->strict, "Exit 1 when the input has damaged lines, naming them");
  sub->add_flag("-q,--quiet", f->quiet, "No progress or notes on stderr");
  sub->add_option("-j,--jobs", f->jobs, "Threads (default: all cores)");
  sub->add_option("--rank", f->rank, "Only this rank");
  add_process_flags(sub, *f);
  sub->add_flag("--no-md5", f->no_md5, "Skip payload md5 checks");
  sub->callback([f, r, &exit] {
    auto t0 = std::chrono::steady_clock::now();
    // Read first, then create the output directory: a run that fails leaves nothing behind.
    LoadedTrace t;
    if (!load_inputs(*f, t)) {
      exit.code = 2;
      return;
    }
    bool created = false;
    if (!prepare_out(r->out, r->overwrite, created)) {
      exit.code = 2;
      return;
    }
    report::ReportOptions opt;
    opt.plain_text = r->plain_text;
    opt.jobs = f->jobs;
    bool tty = !f->quiet && isatty(2);
    if (tty)
      opt.progress = [](uint64_t done, uint64_t total) {
        if (total > 200 && (done % 50 == 0 || done == total)) std::fprintf(stderr, "\rwriting pages %llu / %llu", (unsigned long long)done, (unsigned long long)total);
      };
    report::DiskSink sink(r->out);
    report::ReportStats st = report::write_report(t.model, t.payloads, opt, sink);
    if (tty) std::fprintf(stderr, "\r\033[K");
    if (!st.ok) {
      std::fprintf(stderr, "tparse: %s\n", st.error.c_str());
      if (created) {  // our own half-written report, in a directory we made: remove it
        std::error_code ec;
        fs::remove_all(r->out, ec);
      }
      exit.code = 2;
      return;
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!f->quiet)
      std::fprintf(stderr, "tparse: report written to %s/index.html (%llu files, %.1f MB, %.2f s)\n", r->out.c_str(),
                   (unsigned long long)sink.files_written(), sink.bytes_written() / 1e6, secs);
    if (report_input_problems(t.model, *f)) exit.code = 1;
    if (!r->no_browser) open_browser((fs::path(r->out) / "index.html").string());
  });
}

const Registrar reg(5, add_report);

}  // namespace

}  // namespace tparse::cli
