// The CLI side of report writing; see report_common.hpp.
#include "report_common.hpp"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "api/report.hpp"

extern char** environ;

namespace tparse::cli {

namespace fs = std::filesystem;

bool out_is_replaceable(const std::string& out) { return api::out_is_replaceable(out); }

bool prepare_out(const std::string& out, bool overwrite, bool* created) {
  std::string error;
  if (api::prepare_out(out, overwrite, error, created)) return true;
  std::fprintf(stderr, "%s\n", error.c_str());
  return false;
}

bool write_report_dir(const LoadedTrace& t, const std::string& out, const LoadFlags& f, bool plain_text,
                      const std::function<void(report::ReportOptions&)>& tune, report::ReportStats* stats) {
  report::ReportOptions opt;
  opt.plain_text = plain_text;
  opt.jobs = f.jobs;
  bool tty = !f.quiet && isatty(2);
  if (tty)
    opt.progress = [](uint64_t done, uint64_t total) {
      if (total > 200 && (done % 50 == 0 || done == total)) std::fprintf(stderr, "\rwriting pages %llu / %llu", (unsigned long long)done, (unsigned long long)total);
    };
  if (tune) tune(opt);
  api::ReportResult res;
  bool ok = api::write_report_dir(t, out, opt, res);
  if (tty) std::fprintf(stderr, "\r\033[K");
  if (stats) *stats = res.stats;
  if (!ok) {
    std::fprintf(stderr, "tparse: %s\n", res.stats.error.c_str());
    return false;
  }
  if (!f.quiet)
    std::fprintf(stderr, "tparse: report written to %s/index.html (%llu files, %.1f MB, %.2f s)\n", out.c_str(),
                 (unsigned long long)res.files, res.bytes / 1e6, res.seconds);
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
