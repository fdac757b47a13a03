// Incremental ingest of growing trace files; see tail_ingest.hpp.
#include "tail_ingest.hpp"

#include <algorithm>
#include <cstring>
#include <exception>
#include <filesystem>
#include <mutex>
#include <fmt/format.h>
#include <sys/stat.h>
#include <thread>
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/md5.h>

#include "core/read/payload_store.hpp"
#include "core/read/prehash.hpp"
#include "core/read/record_reader.hpp"

namespace tparse {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

struct TailIngest::FileState {
  std::string path;
  std::unique_ptr<ModelBuilder> builder;
  uint64_t fed = 0;    // bytes [0, fed) are fed: `fed` is the start of the next record
  uint64_t lines = 0;  // lines in [0, fed)
  uint64_t size = 0;   // file size at the last update
  bool partial = false;  // the last record fed ended without a newline (written half)
  bool held = false;     // an unfinished last record starts at `fed` and waits (hold_back)
  uint64_t held_size = 0;
  Clock::time_point held_since{};
  // Helpers framing and hashing ahead (the first read of a big file): kept across budgeted
  // steps, so that they run on while the records before are modelled and repeats stay known.
  std::unique_ptr<PayloadPrehash> prehash;
  uint64_t prehash_begin = 0, prehash_lines = 0;
  dev_t dev = 0;
  ino_t ino = 0;
};

TailIngest::TailIngest(std::string path, IngestOptions opts, TailOptions topts)
    : path_(std::move(path)), opts_(std::move(opts)), topts_(topts) {}
TailIngest::~TailIngest() = default;

namespace {

bool is_gzip_file(const std::string& p) {
  std::string err;
  bool gz = false;
  if (p == "-") return true;
  auto src = open_source(p, err, gz);
  return gz;
}

// Whether `line` (one line, no newline) starts a record: not a payload continuation (TAB-led or
// "[rankN]:\t"). The same rule as the chunk-boundary search of prehash.hpp.
bool starts_record(std::string_view line) { return next_record_start(line, 0, true) == 0; }

// A line that continues the record before it (payload): TAB-led or "[rankN]:\t".
bool continues_record(std::string_view head) { return !head.empty() && next_record_start(head, 0, true) != 0; }

bool read_at(const std::string& path, uint64_t from, uint64_t to, std::string& out) {
  std::string err;
  out.resize(static_cast<size_t>(to - from));
  auto src = range_source(path, from, to, to - from, err);
  if (!src) return false;
  size_t got = 0;
  while (got < out.size()) {
    long n = src->read(out.data() + got, out.size() - got);
    if (n <= 0) break;
    got += static_cast<size_t>(n);
  }
  out.resize(got);
  return true;
}

// The first record start at or after `pos` (a byte offset, not necessarily a line start) in a
// file of `size` bytes; `size` when none starts before the end.
uint64_t record_start_from(const std::string& path, uint64_t pos, uint64_t size, size_t max_line) {
  uint64_t from = pos > 0 ? pos - 1 : 0;  // the byte before says whether pos is a line start
  std::string win;
  for (uint64_t want = 1 << 16;; want *= 4) {
    if (!read_at(path, from, std::min(size, from + want), win)) return size;
    bool eof = from + win.size() >= size;
    size_t p = next_record_start(win, static_cast<size_t>(pos - from), eof);
    if (p != std::string_view::npos) return from + p;
    if (eof || want > max_line + (1u << 20)) return size;
  }
}

// The start of the last record in [lo, size) (lo is a record start).
uint64_t last_record_start(const std::string& path, uint64_t lo, uint64_t size) {
  std::string win;
  for (uint64_t want = 1 << 16;; want *= 4) {
    uint64_t s = size - lo > want ? size - want : lo;
    uint64_t from = s > lo ? s - 1 : s;
    if (!read_at(path, from, size, win) || win.size() != size - from) return lo;
    // Line starts from the end backwards: the first that starts a record is the last record.
    size_t end = win.size();
    if (end > 0 && win[end - 1] == '\n') --end;  // the final line's newline
    size_t line_end = end;
    for (;;) {
      const void* nl = line_end > 0 ? ::memrchr(win.data(), '\n', line_end) : nullptr;
      if (!nl) break;
      size_t p = static_cast<size_t>(static_cast<const char*>(nl) - win.data()) + 1;
      if (from + p >= s && starts_record(std::string_view(win).substr(p, line_end - p))) return from + p;
      if (p == 0) break;
      line_end = p - 1;
    }
    if (s == lo) return lo;
  }
}

// Whether the record in [at, size) is whole: its last line ends, and its payload (when it
// declares one) is all there, i.e. hashes to its has_payload md5.
bool record_whole(const std::string& path, uint64_t at, uint64_t size, size_t max_line) {
  std::string err;
  auto src = range_source(path, at, size, size - at, err);
  if (!src) return true;
  RecordReader reader(std::move(src), max_line);
  RawRecord rec;
  if (!reader.next(rec)) return true;
  if (rec.unterminated) return false;
  std::string_view declared = declared_md5(rec.envelope);
  if (declared.empty()) return true;
  if (rec.payload_lines == 0) return false;
  std::string text(rec.payload.size(), '\0');
  text.resize(decode_payload_to(rec.payload, text.data()));
  unsigned char d[MD5_DIGEST_LENGTH];
  MD5(reinterpret_cast<const unsigned char*>(text.data()), text.size(), d);
  static constexpr char kHex[] = "0123456789abcdef";
  for (int i = 0; i < MD5_DIGEST_LENGTH; ++i)
    if (declared[2 * i] != kHex[d[i] >> 4] || declared[2 * i + 1] != kHex[d[i] & 15]) return false;
  return true;
}

}  // namespace

bool can_tail(const std::string& path) {
  std::vector<std::string> errors;
  auto paths = expand_inputs({path}, errors);
  if (paths.empty()) return false;
  for (const auto& p : paths)
    if (is_gzip_file(p)) return false;
  return true;
}

bool TailIngest::read_appended(FileState& f, int32_t index, uint64_t budget, int helpers) {
  struct stat st{};
  if (::stat(f.path.c_str(), &st) != 0) return false;
  uint64_t size = static_cast<uint64_t>(st.st_size);
  bool replaced = f.builder && (st.st_dev != f.dev || st.st_ino != f.ino || size < f.fed);
  auto settle = std::chrono::milliseconds(topts_.settle_ms);
  if (f.builder && !replaced && size == f.size && (f.fed >= size || f.held)) {
    // Nothing new, unless a held-back record has now waited long enough. (Bytes left by a
    // budgeted step are read on.)
    if (!f.held || Clock::now() - f.held_since < settle) return false;
  }
  // The last line was fed half-written (as load_trace reads it): it must be read again whole.
  if (f.builder && f.partial && size != f.size) replaced = true;
  if (f.builder && !replaced && f.fed > 0 && size > f.fed) {
    // Do the appended bytes continue the last record fed? Then it was fed too early: rebuild.
    std::string head;
    read_at(f.path, f.fed, std::min(size, f.fed + 64), head);
    if (continues_record(head)) replaced = true;
  }
  bool created = false;
  if (!f.builder || replaced) {
    if (f.builder) last_rebuilt_ = true;
    f.builder = std::make_unique<ModelBuilder>(index, f.path, rank_from_filename(f.path), true, opts_);
    f.fed = f.lines = 0;
    f.partial = f.held = false;
    f.dev = st.st_dev;
    f.ino = st.st_ino;
    created = true;
  }
  f.size = size;
  uint64_t end = size;
  bool to_end = true;
  if (budget > 0 && size - f.fed > budget) {
    uint64_t b = record_start_from(f.path, f.fed + budget, size, opts_.max_line);
    if (b < size) end = b, to_end = false;
  }
  bool held = false;
  if (to_end && topts_.hold_back && size > f.fed) {
    uint64_t last = last_record_start(f.path, f.fed, size);
    if (!record_whole(f.path, last, size, opts_.max_line)) {
      auto now = Clock::now();
      if (!f.held || f.held_size != size) f.held_size = size, f.held_since = now;
      if (now - f.held_since < settle) end = last, held = true;
    }
  }
  f.held = held;
  if (held) held_back_++;
  if (end <= f.fed) return created;
  uint64_t base = f.fed, line_base = f.lines;
  auto feed = [&](auto& reader, uint64_t rbase, uint64_t rlines, uint64_t stop) {
    // Records of `reader` (offsets and lines relative to rbase / rlines) until `stop` (a record
    // start) or its end; f.fed / f.lines follow each record.
    RawRecord rec;
    auto oversize = [&] {
      for (uint64_t line : reader.take_oversize())
        f.builder->diag(Diag::OversizeLine, SourceLoc{index, rlines + line},
                        fmt::format("line longer than {} MiB skipped", opts_.max_line >> 20));
    };
    bool more = false;
    while ((more = reader.next(rec))) {
      oversize();
      RawRecord abs = rec;
      abs.line += rlines;
      abs.offset += rbase;
      if (!abs.payload.empty()) abs.payload_offset += rbase;
      f.builder->add(abs);
      f.partial = rec.unterminated;  // fed as load_trace would; read again once its line ends
      f.fed = rbase + reader.bytes_read();
      f.lines = rlines + reader.lines();
      if (f.fed >= stop) break;
    }
    oversize();
    if (!more) {
      f.fed = rbase + reader.bytes_read();
      f.lines = rlines + reader.lines();
    }
    return more;
  };
  // A big range (a trace read for the first time) is framed and hashed by helper threads ahead
  // of this one (prehash.hpp, one framing for both cores), over every whole record of the file
  // as it is now: kept across budgeted steps. The file's last record, and small appends, are
  // read here directly.
  uint64_t chunk = opts_.chunk_bytes ? opts_.chunk_bytes : (8u << 20);
  if (f.prehash && (created || f.prehash_begin + f.prehash->bytes_read() != f.fed)) f.prehash.reset();
  if (!f.prehash && helpers > 0 && opts_.verify_md5 && end - f.fed >= 2 * chunk) {
    uint64_t whole_end = last_record_start(f.path, f.fed, size);  // records before it are whole
    if (whole_end - f.fed >= 2 * chunk) {
      f.prehash = std::make_unique<PayloadPrehash>(f.path, f.fed, whole_end, helpers, chunk, opts_.max_line,
                                                   opts_.prehash_stats, opts_.skip_repeats);
      f.prehash_begin = f.fed;
      f.prehash_lines = f.lines;
    }
  }
  if (f.prehash) {
    f.builder->set_prehash(f.prehash.get());
    if (!feed(*f.prehash, f.prehash_begin, f.prehash_lines, end)) f.prehash.reset();  // its range is read
    f.builder->set_prehash(nullptr);
  }
  if (f.fed < end && !f.prehash) {
    std::string err;
    auto src = range_source(f.path, f.fed, end, end - f.fed, err);
    if (src) {
      RecordReader reader(std::move(src), opts_.max_line);
      feed(reader, f.fed, f.lines, end);
    }
  }
  // A cut inside an oversize line yields no record, but that line is half read as well: its
  // rest must not be read as a new line (prehash_test.cpp "live tail").
  if (!f.partial && f.fed > base) {
    std::string last;
    if (read_at(f.path, f.fed - 1, f.fed, last) && last.size() == 1 && last[0] != '\n') f.partial = true;
  }
  if (!f.prehash) f.builder->release_buffers();  // many files: parse buffers only while reading
  last_parsed_ += f.fed - base;
  return true;
}

bool TailIngest::step(uint64_t budget) {
  last_parsed_ = 0;
  last_rebuilt_ = false;
  std::vector<std::string> errors;
  std::vector<std::string> paths = expand_inputs({path_}, errors);
  bool whole = false;
  for (const auto& p : paths) whole = whole || is_gzip_file(p);
  whole_ = whole;
  if (whole) {
    // Not tailable: reload whole when the total size changes.
    uint64_t total = 0;
    for (const auto& p : paths) {
      std::error_code ec;
      total += fs::file_size(p, ec);
    }
    caught_up_ = true;
    if (total == whole_size_ && errors == errors_) return false;
    whole_size_ = total;
    errors_ = errors;
    files_.clear();
    last_rebuilt_ = true;
    last_parsed_ = total;
    whole_trace_ = std::make_shared<LoadedTrace>(load_trace({path_}, opts_));
    return true;
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
  // Files on up to `jobs` threads; spare threads hash one file's payloads ahead (as load_trace).
  size_t n = files_.size();
  unsigned jobs = opts_.jobs > 0 ? static_cast<unsigned>(opts_.jobs) : std::max(1u, std::thread::hardware_concurrency());
  int helpers = n == 0 || jobs <= n ? 0 : static_cast<int>((jobs - n) / n);
  std::vector<char> fed(n, 0);
  if (budget > 0 && n > 1) budget = std::max<uint64_t>(budget / n, 1u << 20);  // split over the files
  if (n <= 1 || jobs <= 1) {
    for (size_t i = 0; i < n; ++i) fed[i] = read_appended(*files_[i], static_cast<int32_t>(i), budget, helpers);
  } else {
    std::atomic<size_t> next{0};
    std::exception_ptr failure;
    std::mutex mu;
    auto worker = [&] {
      for (size_t i; (i = next++) < n;) {
        try {
          fed[i] = read_appended(*files_[i], static_cast<int32_t>(i), budget, helpers);
        } catch (...) {
          std::lock_guard<std::mutex> lk(mu);
          if (!failure) failure = std::current_exception();
        }
      }
    };
    std::vector<std::thread> threads;
    for (unsigned j = 0; j < std::min<size_t>(jobs, n); ++j) threads.emplace_back(worker);
    for (auto& t : threads) t.join();
    if (failure) std::rethrow_exception(failure);
  }
  caught_up_ = true;
  for (const auto& f : files_) caught_up_ = caught_up_ && !f->held && f->fed >= f->size;
  bool any = changed;
  for (char c : fed) any = any || c;
  return any;
}

std::shared_ptr<LoadedTrace> TailIngest::update() {
  if (!step(0)) return nullptr;
  return snapshot();
}

bool TailIngest::backlog() const {
  for (const auto& f : files_)
    if (!f->held && f->fed < f->size) return true;
  return false;
}

uint64_t TailIngest::bytes_fed() const {
  if (whole_) return whole_size_ == UINT64_MAX ? 0 : whole_size_;
  uint64_t t = 0;
  for (const auto& f : files_) t += f->fed;
  return t;
}

uint64_t TailIngest::bytes_seen() const {
  if (whole_) return whole_size_ == UINT64_MAX ? 0 : whole_size_;
  uint64_t t = 0;
  for (const auto& f : files_) t += f->size;
  return t;
}

std::shared_ptr<LoadedTrace> TailIngest::snapshot() { return assemble(false); }

std::shared_ptr<LoadedTrace> TailIngest::take() {
  auto t = assemble(true);
  files_.clear();
  whole_trace_.reset();
  whole_size_ = UINT64_MAX;
  return t;
}

std::shared_ptr<LoadedTrace> TailIngest::assemble(bool move) {
  if (whole_) return whole_trace_;
  // As ingest.cpp's assemble(): the partial models (copies, or moved out for the final one),
  // merged in file order, finalized.
  auto t = std::make_shared<LoadedTrace>();
  std::vector<Model> models;
  std::vector<PayloadStore> stores;
  for (size_t i = 0; i < files_.size(); ++i) {
    FileState& f = *files_[i];
    if (f.fed == 0 || !f.builder) {
      // Nothing fed yet: an empty file, as load_trace says (a fresh builder, so the note is counted once).
      ModelBuilder b(static_cast<int32_t>(i), f.path, rank_from_filename(f.path), true, opts_);
      b.finish(0, 0, {});
      models.push_back(std::move(b.model()));
      stores.push_back(std::move(b.store()));
    } else {
      f.builder->finish(f.fed, f.lines, {});  // sizes only: idempotent once bytes > 0
      if (move) {
        models.push_back(std::move(f.builder->model()));
        stores.push_back(std::move(f.builder->store()));
        f.builder.reset();
      } else {
        models.push_back(f.builder->model());
        stores.push_back(f.builder->store());
      }
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
