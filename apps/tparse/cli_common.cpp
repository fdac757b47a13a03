// Shared CLI plumbing; see cli_common.hpp.
#include "cli_common.hpp"

#include <cstdio>
#include <fmt/format.h>
#include <fstream>
#include <unistd.h>

#include "api/load.hpp"
#include "core/model/summary.hpp"

namespace tparse::cli {

api::LoadRequest load_request(const LoadFlags& f, bool keep_payloads, bool keep_events, bool multirank_light) {
  api::LoadRequest r;
  r.inputs = f.inputs;
  r.jobs = f.jobs;
  r.rank = f.rank;
  r.no_md5 = f.no_md5;
  r.process = f.process;
  r.latest = f.latest;
  r.keep_payloads = keep_payloads;
  r.keep_events = keep_events;
  r.multirank_light = multirank_light;
  return r;
}

bool load_inputs(const LoadFlags& f, LoadedTrace& out, bool keep_payloads, bool keep_events, bool multirank_light) {
  bool tty = !f.quiet && isatty(2);
  ProgressFn progress;
  if (tty) {
    progress = [](uint64_t done, uint64_t total) {
      if (total > (64u << 20))
        std::fprintf(stderr, "\rreading %.0f / %.0f MB (%.0f%%)", done / 1e6, total / 1e6, 100.0 * done / total);
      return true;
    };
  }
  std::string error, note;
  bool ok = api::load(load_request(f, keep_payloads, keep_events, multirank_light), out, error, &note, progress);
  if (tty) std::fprintf(stderr, "\r\033[K");
  if (!note.empty() && !f.quiet) std::fprintf(stderr, "%s\n", note.c_str());
  if (!ok) std::fprintf(stderr, "%s\n", error.c_str());
  return ok;
}

void add_process_flags(CLI::App* sub, LoadFlags& f) {
  auto* p = sub->add_option("--process", f.process, "Only run N (1-based, by start time) when the trace holds several runs of the program");
  auto* l = sub->add_flag("--latest", f.latest, "Only the last run when the trace holds several runs of the program");
  p->excludes(l);
}

bool report_input_problems(const Model& m, const LoadFlags& f) {
  uint64_t errs = m.diag.errors();
  if (errs == 0) return false;
  if (f.strict) {
    std::fputs(api::input_problems(m).c_str(), stderr);
    std::fprintf(stderr, "tparse: --strict: %llu input problem(s)\n", static_cast<unsigned long long>(errs));
    return true;
  }
  if (!f.quiet)
    std::fprintf(stderr, "tparse: note: %llu input problem(s) skipped and counted (--strict to fail, -v for details)\n",
                 static_cast<unsigned long long>(errs));
  return false;
}

bool write_text(const std::string& path, const std::string& text) {
  if (path == "-" || path.empty()) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    return true;
  }
  std::ofstream o(path, std::ios::binary);
  o << text;
  if (!o) {
    std::fprintf(stderr, "tparse: cannot write %s\n", path.c_str());
    return false;
  }
  return true;
}

}  // namespace tparse::cli
