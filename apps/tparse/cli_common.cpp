// Shared CLI plumbing; see cli_common.hpp.
#include "cli_common.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fmt/format.h>
#include <fstream>
#include <unistd.h>

#include "core/summary.hpp"

namespace tparse::cli {

bool load_inputs(const LoadFlags& f, LoadedTrace& out, bool keep_payloads, bool keep_events, bool multirank_light) {
  IngestOptions o;
  o.verify_md5 = !f.no_md5;
  o.jobs = f.jobs;
  // Chunk size of the parallel hashing of one file; tests force tiny ones (jobs_identity_test.sh).
  if (const char* c = std::getenv("TPARSE_CHUNK_BYTES")) o.chunk_bytes = std::strtoull(c, nullptr, 10);
  if (std::getenv("TPARSE_HASH_REPEATS")) o.skip_repeats = false;  // benchmarks: hash every payload
  o.only_rank = f.rank;
  o.keep_payloads = keep_payloads;
  o.keep_detail = keep_payloads;
  o.keep_events = keep_events;
  if (multirank_light) o.keep_payloads = true, o.keep_detail = false, o.keep_multirank = true;
  bool tty = !f.quiet && isatty(2);
  ProgressFn progress;
  if (tty) {
    progress = [](uint64_t done, uint64_t total) {
      if (total > (64u << 20))
        std::fprintf(stderr, "\rreading %.0f / %.0f MB (%.0f%%)", done / 1e6, total / 1e6, 100.0 * done / total);
      return true;
    };
  }
  bool pick = f.process != 0 || f.latest;
  if (pick && std::find(f.inputs.begin(), f.inputs.end(), "-") != f.inputs.end()) {
    std::fprintf(stderr, "tparse: --process / --latest read the input twice: give a file or directory, not -\n");
    return false;
  }
  out = load_trace(f.inputs, o, progress);
  if (tty) std::fprintf(stderr, "\r\033[K");
  if (pick && !out.model.files.empty()) {
    // Runs of the program: pick run N (of every rank) or the last, then load only those processes.
    int32_t want = f.latest ? out.model.runs : f.process;
    std::vector<std::string> files;
    for (const auto& p : out.model.processes) {
      if (p.records == 0 || p.run != want) continue;
      const std::string& path = out.model.files[static_cast<size_t>(p.file)].path;
      o.only_processes.emplace_back(path, p.pid);
      if (std::find(files.begin(), files.end(), path) == files.end()) files.push_back(path);
    }
    if (files.empty()) {
      std::fprintf(stderr, "tparse: --process %d: the trace holds %d run(s) of the program\n", f.process, out.model.runs);
      return false;
    }
    if (!f.quiet)
      std::fprintf(stderr, "tparse: run %d of %d (%s)\n", want, out.model.runs, terminal_safe(files.front()).c_str());
    out = load_trace(files, o, nullptr);
  }
  if (out.model.files.empty()) {
    for (const auto& ex : out.model.diag.examples[static_cast<int>(Diag::Unreadable)])
      std::fprintf(stderr, "tparse: %s\n", terminal_safe(ex.message).c_str());
    std::fprintf(stderr, "tparse: no trace input could be read\n");
    return false;
  }
  // An empty file or empty stdin holds no trace, like an empty directory: exit 2 for all three
  // (TORCH_TRACE pointed elsewhere, or nothing was logged), never a summary of zeros.
  bool all_empty = true;
  for (const auto& file : out.model.files) all_empty = all_empty && file.bytes == 0;
  if (all_empty) {
    for (const auto& file : out.model.files)
      std::fprintf(stderr, "tparse: %s: empty: no trace records\n", terminal_safe(file.path == "-" ? "stdin" : file.path).c_str());
    std::fprintf(stderr, "tparse: no trace input could be read\n");
    return false;
  }
  return true;
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
    for (int i = 0; i < kDiagCount; ++i) {
      if (!diag_is_error(static_cast<Diag>(i))) continue;
      for (const auto& ex : m.diag.examples[i])
        std::fprintf(stderr, "%s: %s: %s\n", terminal_safe(m.file_of(ex.where)).c_str(), diag_name(static_cast<Diag>(i)),
                     terminal_safe(ex.message).c_str());
      if (m.diag.counts[i] > m.diag.examples[i].size())
        std::fprintf(stderr, "(%llu more %s)\n", static_cast<unsigned long long>(m.diag.counts[i] - m.diag.examples[i].size()),
                     diag_name(static_cast<Diag>(i)));
    }
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
