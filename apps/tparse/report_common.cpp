// The CLI side of report writing; see report_common.hpp.
#include "report_common.hpp"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include <fmt/format.h>

#include "drawings.hpp"
#include "report/report.hpp"

extern char** environ;

namespace tparse::cli {

namespace fs = std::filesystem;

namespace {
// A report tparse wrote (index.html + summary.json), or one tlparse wrote (index.html +
// compile_directory.json or raw.jsonl): `--overwrite` replaces either, so `tlparse LOG -o OUT
// --overwrite` keeps working when OUT holds tlparse's previous output.
bool is_previous_report(const std::string& out) {
  fs::path p(out);
  std::error_code ec;
  if (!fs::exists(p / "index.html", ec)) return false;
  return fs::exists(p / "summary.json", ec) || fs::exists(p / "compile_directory.json", ec) || fs::exists(p / "raw.jsonl", ec);
}
}  // namespace

bool out_is_replaceable(const std::string& out) {
  std::error_code ec;
  if (!fs::exists(out, ec)) return true;
  if (!fs::is_directory(out, ec)) return false;
  return fs::is_empty(out, ec) || is_previous_report(out);
}

bool prepare_out(const std::string& out, bool overwrite, bool* created) {
  std::error_code ec;
  if (created) *created = !fs::exists(out, ec);
  if (fs::exists(out, ec)) {
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
      if (is_previous_report(out)) {
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

bool write_report_dir(const LoadedTrace& t, const std::string& out, const LoadFlags& f, bool plain_text,
                      const std::function<void(report::ReportOptions&)>& tune, report::ReportStats* stats, Drawings drawings) {
  auto t0 = std::chrono::steady_clock::now();
  report::ReportOptions opt;
  opt.plain_text = plain_text;
  opt.jobs = f.jobs;
  bool tty = !f.quiet && isatty(2);
  if (tty)
    opt.progress = [](uint64_t done, uint64_t total) {
      if (total > 200 && (done % 50 == 0 || done == total)) std::fprintf(stderr, "\rwriting pages %llu / %llu", (unsigned long long)done, (unsigned long long)total);
    };
  if (tune) tune(opt);
  opt.defer_drawings = std::getenv("TPARSE_DRAW_INLINE") == nullptr;  // TPARSE_DRAW_INLINE: the old in-place path
  report::DiskSink sink(out);
  report::ReportStats st = report::write_report(t.model, t.payloads, opt, sink);
  std::vector<graph::PendingDrawing> pending = graph::take_pending_drawings();
  size_t drawn_later = 0;
  if (st.ok && !pending.empty()) {
    const char* env = std::getenv("TPARSE_DRAWINGS");
    if (env && std::string(env) == "now") drawings = Drawings::Now;
    if (env && std::string(env) == "later") drawings = Drawings::Later;
    if (!write_drawing_jobs(out, pending, st.pending_files)) {
      st.ok = false;
      st.error = "cannot write the drawing jobs under " + out;
    } else if (drawings == Drawings::Later && start_drawer(out, false, f.jobs)) {
      drawn_later = pending.size();
    } else if (!start_drawer(out, true, f.jobs)) {
      draw_pending(out, f.jobs);  // could not start a process of our own: draw here
    }
  }
  if (tty) std::fprintf(stderr, "\r\033[K");
  if (stats) *stats = st;
  if (!st.ok) {
    std::fprintf(stderr, "tparse: %s\n", st.error.c_str());
    return false;
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!f.quiet)
    std::fprintf(stderr, "tparse: report written to %s/index.html (%llu files, %.1f MB, %.2f s)%s\n", out.c_str(),
                 (unsigned long long)sink.files_written(), sink.bytes_written() / 1e6, secs,
                 drawn_later ? fmt::format("; {} graph drawing(s) being drawn in the background", drawn_later).c_str() : "");
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

}  // namespace tparse::cli
