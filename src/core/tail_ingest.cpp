// Incremental ingest of growing trace files; see tail_ingest.hpp.
#include "tail_ingest.hpp"

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <sys/stat.h>
#include <thread>

#include "prehash.hpp"
#include "record_reader.hpp"

namespace tparse {

namespace fs = std::filesystem;

struct TailIngest::FileState {
  std::string path;
  std::unique_ptr<ModelBuilder> builder;
  uint64_t fed = 0;    // bytes [0, fed) are fed: `fed` is the start of the next record
  uint64_t lines = 0;  // lines in [0, fed)
  uint64_t size = 0;   // file size at the last update
  bool partial = false;  // the last record fed ended without a newline (written half)
  dev_t dev = 0;
  ino_t ino = 0;
};

TailIngest::TailIngest(std::string path, IngestOptions opts) : path_(std::move(path)), opts_(std::move(opts)) {}
TailIngest::~TailIngest() = default;

namespace {

bool is_gzip_file(const std::string& p) {
  std::string err;
  bool gz = false;
  if (p == "-") return true;
  auto src = open_source(p, err, gz);
  return gz;
}

// A line that continues the record before it (payload): TAB-led or "[rankN]:\t".
bool continues_record(std::string_view head) {
  return !head.empty() && next_record_start(head, 0, true) != 0;
}

}  // namespace

bool TailIngest::read_appended(FileState& f, int32_t index) {
  struct stat st{};
  if (::stat(f.path.c_str(), &st) != 0) return false;
  uint64_t size = static_cast<uint64_t>(st.st_size);
  bool replaced = f.builder && (st.st_dev != f.dev || st.st_ino != f.ino || size < f.fed);
  if (f.builder && !replaced && size == f.size) return false;  // nothing new
  // The last line was fed half-written (as load_trace reads it): it must be read again whole.
  if (f.builder && f.partial) replaced = true;
  if (f.builder && !replaced && f.fed > 0 && size > f.fed) {
    // Do the appended bytes continue the last record fed? Then it was fed too early: rebuild.
    std::string err;
    auto src = range_source(f.path, f.fed, std::min(size, f.fed + 64), 64, err);
    char head[64];
    long n = src ? src->read(head, sizeof head) : 0;
    if (n > 0 && continues_record(std::string_view(head, static_cast<size_t>(n)))) replaced = true;
  }
  if (!f.builder || replaced) {
    if (f.builder) last_rebuilt_ = true;
    f.builder = std::make_unique<ModelBuilder>(index, f.path, rank_from_filename(f.path), true, opts_);
    f.fed = f.lines = 0;
    f.partial = false;
    f.dev = st.st_dev;
    f.ino = st.st_ino;
  }
  f.size = size;
  if (size <= f.fed) return true;
  // Helpers hash the payloads of a big appended range (the first read of a big file) ahead.
  std::unique_ptr<PayloadPrehash> prehash;
  uint64_t chunk = opts_.chunk_bytes ? opts_.chunk_bytes : (8u << 20);
  unsigned jobs = opts_.jobs > 0 ? static_cast<unsigned>(opts_.jobs) : std::max(1u, std::thread::hardware_concurrency());
  if (jobs > 1 && opts_.verify_md5 && size - f.fed >= 2 * chunk) {
    prehash = std::make_unique<PayloadPrehash>(f.path, f.fed, size, static_cast<int>(jobs - 1), chunk, opts_.max_line,
                                               opts_.prehash_stats, opts_.skip_repeats);
    f.builder->set_prehash(prehash.get());
  }
  uint64_t base = f.fed, line_base = f.lines;
  // With helpers the records come from their framing (PayloadPrehash::next: what a RecordReader
  // over the appended range gives).
  auto feed = [&](auto& reader) {
    RawRecord rec;
    auto oversize = [&] {
      for (uint64_t line : reader.take_oversize())
        f.builder->diag(Diag::OversizeLine, SourceLoc{index, line_base + line},
                        fmt::format("line longer than {} MiB skipped", opts_.max_line >> 20));
    };
    while (reader.next(rec)) {
      oversize();
      RawRecord abs = rec;
      abs.line += line_base;
      abs.offset += base;
      if (!abs.payload.empty()) abs.payload_offset += base;
      f.builder->add(abs);
      f.partial = rec.unterminated;  // fed as load_trace would; read again once its line ends
    }
    oversize();
    f.fed = base + reader.bytes_read();
    f.lines = line_base + reader.lines();
    // A cut inside an oversize line yields no record, but that line is half read as well: its
    // rest must not be read as a new line (prehash_test.cpp "live tail").
    if (!f.partial && f.fed > base) {
      std::string err;
      auto last = range_source(f.path, f.fed - 1, f.fed, 1, err);
      char c = '\n';
      if (last && last->read(&c, 1) == 1 && c != '\n') f.partial = true;
    }
  };
  if (prehash) {
    feed(*prehash);
  } else {
    std::string err;
    auto src = range_source(f.path, f.fed, size, size - f.fed, err);
    if (!src) return true;
    RecordReader reader(std::move(src), opts_.max_line);
    feed(reader);
  }
  f.builder->set_prehash(nullptr);
  last_parsed_ += f.fed - base;
  return true;
}

std::shared_ptr<LoadedTrace> TailIngest::update() {
  last_parsed_ = 0;
  last_rebuilt_ = false;
  std::vector<std::string> errors;
  std::vector<std::string> paths = expand_inputs({path_}, errors);
  bool whole = false;
  for (const auto& p : paths) whole = whole || is_gzip_file(p);
  if (whole) {
    // Not tailable: reload whole when the total size changes.
    uint64_t total = 0;
    for (const auto& p : paths) {
      std::error_code ec;
      total += fs::file_size(p, ec);
    }
    if (total == whole_size_ && errors == errors_) return nullptr;
    whole_size_ = total;
    errors_ = errors;
    files_.clear();
    last_rebuilt_ = true;
    last_parsed_ = total;
    return std::make_shared<LoadedTrace>(load_trace({path_}, opts_));
  }
  bool changed = errors != errors_ || paths.size() != files_.size();
  for (size_t i = 0; !changed && i < paths.size(); ++i) changed = files_[i]->path != paths[i];
  if (changed) {
    // A new file (or one gone): file indices shift, so every file is read again.
    if (!files_.empty()) last_rebuilt_ = true;
    files_.clear();
    for (const auto& p : paths) {
      files_.push_back(std::make_unique<FileState>());
      files_.back()->path = p;
    }
    errors_ = errors;
  }
  bool any = changed;
  for (size_t i = 0; i < files_.size(); ++i) any = read_appended(*files_[i], static_cast<int32_t>(i)) || any;
  if (!any) return nullptr;
  return snapshot();
}

std::shared_ptr<LoadedTrace> TailIngest::snapshot() {
  // As ingest.cpp's assemble(): copies of the partial models, merged in file order, finalized.
  auto t = std::make_shared<LoadedTrace>();
  std::vector<Model> models;
  std::vector<PayloadStore> stores;
  for (size_t i = 0; i < files_.size(); ++i) {
    FileState& f = *files_[i];
    if (f.fed == 0) {
      // Nothing fed yet: an empty file, as load_trace says (a fresh builder, so the note is counted once).
      ModelBuilder b(static_cast<int32_t>(i), f.path, rank_from_filename(f.path), true, opts_);
      b.finish(0, 0, {});
      models.push_back(std::move(b.model()));
      stores.push_back(std::move(b.store()));
    } else {
      f.builder->finish(f.fed, f.lines, {});  // sizes only: idempotent once bytes > 0
      models.push_back(f.builder->model());
      stores.push_back(f.builder->store());
    }
    InputFile in = models.back().files.empty() ? InputFile{} : models.back().files[0];
    in.path = f.path;
    t->model.files.push_back(in);
  }
  for (size_t i = 0; i < models.size(); ++i) merge_models(t->model, t->payloads, std::move(models[i]), std::move(stores[i]));
  for (const auto& e : errors_) {
    auto i = static_cast<int>(Diag::Unreadable);
    t->model.diag.counts[i]++;
    if (t->model.diag.examples[i].size() < Diagnostics::kMaxExamples)
      t->model.diag.examples[i].push_back(DiagExample{SourceLoc{}, e});
  }
  finalize(t->model);
  return t;
}

}  // namespace tparse
