// Ingest: input expansion, one ModelBuilder per file on worker threads (spare threads frame and
// hash the chunks of one file ahead: prehash.hpp), merge, finalize.
#include "ingest.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fmt/format.h>
#include <mutex>
#include <thread>

#include "core/read/prehash.hpp"
#include "core/read/record_reader.hpp"

namespace tparse {

namespace fs = std::filesystem;

int32_t rank_from_filename(const std::string& path) {
  std::string name = fs::path(path).filename().string();
  static constexpr std::string_view kPre = "dedicated_log_torch_trace_rank_";
  if (name.rfind(kPre, 0) != 0) return -1;
  size_t p = kPre.size();
  int32_t r = 0;
  size_t d0 = p;
  while (p < name.size() && name[p] >= '0' && name[p] <= '9' && p - d0 < 8) r = r * 10 + (name[p++] - '0');
  if (p == d0) return -1;
  if (p < name.size() && name[p] != '_' && name[p] != '.') return -1;
  return r;
}

std::vector<std::string> expand_inputs(const std::vector<std::string>& inputs, std::vector<std::string>& errors) {
  std::vector<std::string> out;
  for (const auto& in : inputs) {
    if (in == "-") {
      out.push_back(in);
      continue;
    }
    std::error_code ec;
    auto st = fs::status(in, ec);
    if (ec || !fs::exists(st)) {
      bool missing = !ec || ec == std::errc::no_such_file_or_directory;
      errors.push_back(fmt::format("{}: {}", in, missing ? "no such file or directory" : ec.message()));
      continue;
    }
    if (!fs::is_directory(st)) {
      out.push_back(in);
      continue;
    }
    std::vector<std::string> dedicated, other;
    for (fs::directory_iterator it(in, fs::directory_options::skip_permission_denied, ec), end; !ec && it != end;
         it.increment(ec)) {
      std::string name = it->path().filename().string();
      bool dedicated_name = name.rfind("dedicated_log_torch_trace", 0) == 0;
      bool log_name = name.ends_with(".log") || name.ends_with(".txt") || name.ends_with(".gz");
      if (!dedicated_name && !log_name) continue;
      std::error_code e2;
      auto est = fs::status(it->path(), e2);  // follows links: loops and dangling links fail here
      if (e2 || !fs::is_regular_file(est)) {
        // A trace-named entry that cannot be read as a file is reported, never skipped silently.
        // (A folder named like "run.log/" is not a trace file and not an error.)
        if (!e2 && fs::is_directory(est) && !dedicated_name) continue;
        std::string why = e2 ? e2.message()
                          : !fs::exists(est) ? "broken symbolic link"
                          : fs::is_directory(est) ? "is a directory" : "not a regular file";
        errors.push_back(fmt::format("{}: skipped: {}", it->path().string(), why));
        continue;
      }
      if (dedicated_name) dedicated.push_back(it->path().string());
      else other.push_back(it->path().string());
    }
    if (ec) errors.push_back(fmt::format("{}: cannot list directory: {}", in, ec.message()));
    auto& pick = dedicated.empty() ? other : dedicated;
    std::sort(pick.begin(), pick.end());
    if (pick.empty()) errors.push_back(fmt::format("{}: directory holds no trace logs", in));
    out.insert(out.end(), pick.begin(), pick.end());
  }
  return out;
}

namespace {

struct Partial {
  Model model;
  PayloadStore store;
  bool gzip = false;
};

void read_one(const std::string& path, int32_t index, const IngestOptions& opts, Partial& out,
              std::atomic<uint64_t>& progress_bytes, const std::atomic<bool>* cancel,
              std::unique_ptr<ByteSource> src = nullptr, int helpers = 0) {
  std::string err;
  bool gz = false;
  if (!src) src = open_source(path, err, gz);
  bool seekable = src && src->seekable();
  ModelBuilder b(index, path, rank_from_filename(path), seekable, opts);
  // One file on several cores: helper threads frame and hash later chunks of the file
  // (prehash.hpp) while this thread models the records in order.
  std::unique_ptr<PayloadPrehash> prehash;
  std::error_code ec;
  uint64_t size = seekable ? fs::file_size(path, ec) : 0;
  // 8 MiB chunks; a file under 64 MiB in eighths of at least 512 KiB, so that a trace of a few
  // MB is hashed on the helpers too (its md5 checks were a third of a small report's ingest).
  uint64_t chunk = opts.chunk_bytes ? opts.chunk_bytes : std::clamp<uint64_t>(size / 8, 512u << 10, 8u << 20);
  if (helpers > 0 && opts.verify_md5 && !ec && size >= 2 * chunk) {
    prehash = std::make_unique<PayloadPrehash>(path, 0, size, helpers, chunk, opts.max_line, opts.prehash_stats,
                                                opts.skip_repeats);
    b.set_prehash(prehash.get());
  }
  if (!src) {
    b.diag(Diag::Unreadable, SourceLoc{index, 0}, fmt::format("cannot open: {}", err));
    b.finish(0, 0, {});
    b.model().diag.counts[static_cast<int>(Diag::EmptyFile)] = 0;  // unreadable, not empty
    b.model().diag.examples[static_cast<int>(Diag::EmptyFile)].clear();
  } else {
    // With helpers the records come from their framing of the file's mapping (read once);
    // PayloadPrehash::next hands out what this RecordReader would.
    auto feed = [&](auto& reader) {
      RawRecord rec;
      uint64_t last = 0;
      while (reader.next(rec)) {
        for (uint64_t line : reader.take_oversize())
          b.diag(Diag::OversizeLine, SourceLoc{index, line},
                 fmt::format("line longer than {} MiB skipped", opts.max_line >> 20));
        b.add(rec);
        uint64_t now = reader.bytes_read();
        if (now - last > (1u << 20)) {
          progress_bytes += now - last;
          last = now;
          if (cancel && cancel->load()) break;
        }
      }
      for (uint64_t line : reader.take_oversize())
        b.diag(Diag::OversizeLine, SourceLoc{index, line}, fmt::format("line longer than {} MiB skipped", opts.max_line >> 20));
      progress_bytes += reader.bytes_read() - last;
      b.finish(reader.bytes_read(), reader.lines(), reader.error());
    };
    if (prehash) {
      src.reset();
      feed(*prehash);
    } else {
      RecordReader reader(std::move(src), opts.max_line);
      feed(reader);
    }
  }
  b.set_prehash(nullptr);
  prehash.reset();
  out.model = std::move(b.model());
  out.store = std::move(b.store());
  out.gzip = gz;
}

LoadedTrace assemble(std::vector<std::string> paths, std::vector<Partial>& parts, const std::vector<std::string>& errors) {
  LoadedTrace t;
  for (size_t i = 0; i < paths.size(); ++i) {
    InputFile f = parts[i].model.files.empty() ? InputFile{} : parts[i].model.files[0];
    f.path = paths[i];
    f.gzip = parts[i].gzip;
    t.model.files.push_back(f);
  }
  // One allocation for the two big per-rank vectors (doubling left up to half of each unused, and
  // each growth copied them: 16384 rank files), and every part freed once merged (the moved-from
  // compiles stayed allocated until the end): the report's peak at rank scale (docs/performance.md).
  size_t n_compiles = 0, n_events = 0;
  for (const auto& p : parts) n_compiles += p.model.compiles.size(), n_events += p.model.events.size();
  t.model.compiles.reserve(n_compiles);
  t.model.events.reserve(n_events);
  for (auto& p : parts) {
    merge_models(t.model, t.payloads, std::move(p.model), std::move(p.store));
    p = Partial{};
  }
  for (const auto& e : errors) {
    auto i = static_cast<int>(Diag::Unreadable);
    t.model.diag.counts[i]++;
    if (t.model.diag.examples[i].size() < Diagnostics::kMaxExamples)
      t.model.diag.examples[i].push_back(DiagExample{SourceLoc{}, e});
  }
  finalize(t.model);
  return t;
}

}  // namespace

LoadedTrace load_trace(const std::vector<std::string>& inputs, const IngestOptions& opts, const ProgressFn& progress,
                       const std::atomic<bool>* cancel) {
  std::vector<std::string> errors;
  std::vector<std::string> paths = expand_inputs(inputs, errors);
  uint64_t total = 0;
  for (const auto& p : paths) {
    std::error_code ec;
    if (p != "-") total += fs::file_size(p, ec), (void)ec;
  }
  std::vector<Partial> parts(paths.size());
  std::atomic<uint64_t> done{0};
  std::atomic<size_t> next{0};
  unsigned jobs = opts.jobs > 0 ? static_cast<unsigned>(opts.jobs) : std::max(1u, std::thread::hardware_concurrency());
  // Spare threads (fewer files than jobs) hash the payloads of each file's later chunks.
  int helpers = paths.empty() || jobs <= paths.size() ? 0 : static_cast<int>((jobs - paths.size()) / paths.size());
  jobs = std::min<unsigned>(jobs, static_cast<unsigned>(std::max<size_t>(1, paths.size())));
  std::atomic<bool> stop{false};
  std::atomic<size_t> files_done{0};
  auto worker = [&] {
    for (size_t i; (i = next++) < paths.size();) {
      if (!stop.load()) read_one(paths[i], static_cast<int32_t>(i), opts, parts[i], done, &stop, nullptr, helpers);
      files_done++;
    }
  };
  if (jobs <= 1 && !progress && !cancel) {
    worker();
  } else {
    std::vector<std::thread> threads;
    for (unsigned j = 0; j < jobs; ++j) threads.emplace_back(worker);
    while (files_done.load() < paths.size()) {
      if (cancel && cancel->load()) stop = true;
      if (progress && !progress(done.load(), total)) stop = true;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    for (auto& t : threads) t.join();
    if (progress) progress(done.load(), total);
  }
  return assemble(paths, parts, errors);
}

LoadedTrace load_trace_text(std::string text, const std::string& name, const IngestOptions& opts) {
  std::vector<Partial> parts(1);
  std::atomic<uint64_t> done{0};
  bool gz = false;
  read_one(name, 0, opts, parts[0], done, nullptr, sniff_gzip(memory_source(std::move(text)), gz));
  parts[0].gzip = gz;
  return assemble({name}, parts, {});
}

}  // namespace tparse
