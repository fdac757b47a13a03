// Loading a trace for the CLI and the Python module; see load.hpp.
#include "api/load.hpp"

#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>

#include "core/model/summary.hpp"

namespace tparse::api {

IngestOptions ingest_options(const LoadRequest& r) {
  IngestOptions o;
  o.verify_md5 = !r.no_md5;
  o.jobs = r.jobs;
  // Chunk size of the parallel hashing of one file; tests force tiny ones (jobs_identity_test.sh).
  if (const char* c = std::getenv("TPARSE_CHUNK_BYTES")) o.chunk_bytes = std::strtoull(c, nullptr, 10);
  if (std::getenv("TPARSE_HASH_REPEATS")) o.skip_repeats = false;  // benchmarks: hash every payload
  o.only_rank = r.rank;
  o.keep_payloads = r.keep_payloads;
  o.keep_detail = r.keep_payloads;
  o.keep_events = r.keep_events;
  if (r.multirank_light) o.keep_payloads = true, o.keep_detail = false, o.keep_multirank = true;
  return o;
}

bool load(const LoadRequest& r, LoadedTrace& out, std::string& error, std::string* note, const ProgressFn& progress) {
  error.clear();
  auto fail = [&](std::string line) {
    if (!error.empty()) error += '\n';
    error += line;
    return false;
  };
  IngestOptions o = ingest_options(r);
  bool pick = r.process != 0 || r.latest;
  if (pick && std::find(r.inputs.begin(), r.inputs.end(), "-") != r.inputs.end())
    return fail("tparse: --process / --latest read the input twice: give a file or directory, not -");
  out = load_trace(r.inputs, o, progress);
  if (pick && !out.model.files.empty()) {
    // Runs of the program: pick run N (of every rank) or the last, then load only those processes.
    int32_t want = r.latest ? out.model.runs : r.process;
    std::vector<std::string> files;
    for (const auto& p : out.model.processes) {
      if (p.records == 0 || p.run != want) continue;
      const std::string& path = out.model.files[static_cast<size_t>(p.file)].path;
      o.only_processes.emplace_back(path, p.pid);
      if (std::find(files.begin(), files.end(), path) == files.end()) files.push_back(path);
    }
    if (files.empty())
      return fail(fmt::format("tparse: --process {}: the trace holds {} run(s) of the program", r.process, out.model.runs));
    if (note) *note = fmt::format("tparse: run {} of {} ({})", want, out.model.runs, terminal_safe(files.front()));
    out = load_trace(files, o, nullptr);
  }
  if (out.model.files.empty()) {
    for (const auto& ex : out.model.diag.examples[static_cast<int>(Diag::Unreadable)])
      fail("tparse: " + terminal_safe(ex.message));
    return fail("tparse: no trace input could be read");
  }
  // An empty file or empty stdin holds no trace, like an empty directory: never a summary of zeros.
  bool all_empty = true;
  for (const auto& file : out.model.files) all_empty = all_empty && file.bytes == 0;
  if (all_empty) {
    for (const auto& file : out.model.files)
      fail(fmt::format("tparse: {}: empty: no trace records", terminal_safe(file.path == "-" ? "stdin" : file.path)));
    return fail("tparse: no trace input could be read");
  }
  return true;
}

std::string input_problems(const Model& m) {
  std::string out;
  if (m.diag.errors() == 0) return out;
  for (int i = 0; i < kDiagCount; ++i) {
    if (!diag_is_error(static_cast<Diag>(i))) continue;
    for (const auto& ex : m.diag.examples[i])
      out += fmt::format("{}: {}: {}\n", terminal_safe(m.file_of(ex.where)), diag_name(static_cast<Diag>(i)), terminal_safe(ex.message));
    if (m.diag.counts[i] > m.diag.examples[i].size())
      out += fmt::format("({} more {})\n", m.diag.counts[i] - m.diag.examples[i].size(), diag_name(static_cast<Diag>(i)));
  }
  return out;
}

}  // namespace tparse::api
