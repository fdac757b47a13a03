// The CLI side of report writing; see report_common.hpp.
#include "report_common.hpp"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include <fmt/format.h>

#include "api/report.hpp"
#include "drawings.hpp"
#include "report/report.hpp"

extern char** environ;

namespace tparse::cli {

namespace fs = std::filesystem;

bool out_is_replaceable(const std::string& out) { return api::out_is_replaceable(out); }

bool prepare_out(const std::string& out, bool overwrite, bool* created) {
  std::string error;
  if (!stop_drawer(out)) {
    std::fprintf(stderr, "tparse: the drawer of the previous report in %s does not stop\n", out.c_str());
    return false;
  }
  if (api::prepare_out(out, overwrite, error, created)) return true;
  std::fprintf(stderr, "%s\n", error.c_str());
  return false;
}

bool write_report_dir(const LoadedTrace& t, const std::string& out, const LoadFlags& f, bool plain_text,
                      const std::function<void(report::ReportOptions&)>& tune, report::ReportStats* stats, Drawings drawings) {
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
  const char* env = std::getenv("TPARSE_DRAWINGS");
  if (env && std::string(env) == "now") drawings = Drawings::Now;
  if (env && std::string(env) == "later" && drawings == Drawings::Now) drawings = Drawings::Later;
  // Background: the JSON files and the first pages (index, compiles, timeline) are written here,
  // then a forked child writes the per-compile, payload, graph and provenance pages and lays out
  // the drawings (issue 24: the report returns in the time of the ingest and the landing page).
  pid_t writer = -1;  // 0 in the background child, its pid in the parent once forked
  if (drawings == Drawings::Background && opt.defer_drawings && !std::getenv("TPARSE_PAGES_NOW"))
    opt.after_front = [&] {
      writer = fork_background_writer(out);
      return writer <= 0;  // the parent (writer > 0) stops after the first pages
    };
  api::ReportResult res;
  bool ok = api::write_report_dir(t, out, opt, res);
  report::ReportStats& st = res.stats;
  std::vector<graph::PendingDrawing> pending = graph::take_pending_drawings();
  if (writer == 0) {  // the background child: the drawings, then gone (never back into the command)
    if (ok && !pending.empty() && write_drawing_jobs(out, pending, st.pending_files)) draw_pending(out, f.jobs);
    std::error_code ec;
    fs::remove_all(fs::path(out) / ".tparse-drawings", ec);  // when no drawing was pending (or failed)
    std::fflush(nullptr);
    ::_exit(ok ? 0 : 1);
  }
  if (writer > 0) pending.clear();  // the child has them (and the files they go into)
  size_t drawn_later = 0;
  if (ok && !pending.empty()) {
    if (!write_drawing_jobs(out, pending, st.pending_files)) {
      ok = st.ok = false;
      st.error = "cannot write the drawing jobs under " + out;
    } else if (drawings != Drawings::Now && start_drawer(out, false, f.jobs)) {
      drawn_later = pending.size();
    } else if (!start_drawer(out, true, f.jobs)) {
      draw_pending(out, f.jobs);  // could not start a process of our own: draw here
    }
  }
  if (tty) std::fprintf(stderr, "\r\033[K");
  if (stats) *stats = res.stats;
  release_background_writer();  // the rest of the command is a line of text: the writer may start
  if (!ok) {
    std::fprintf(stderr, "tparse: %s\n", res.stats.error.c_str());
    return false;
  }
  if (!f.quiet)
    std::fprintf(stderr, "tparse: report written to %s/index.html (%llu files, %.1f MB, %.2f s)%s\n", out.c_str(),
                 (unsigned long long)res.files, res.bytes / 1e6, res.seconds,
                 writer > 0    ? "; the compile, graph and payload pages and their drawings are being written in the background"
                 : drawn_later ? fmt::format("; {} graph drawing(s) being drawn in the background", drawn_later).c_str()
                               : "");
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
