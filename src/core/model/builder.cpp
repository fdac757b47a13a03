// ModelBuilder: envelope parsing, md5 checks, process/epoch/compile resolution, dispatch.
#include "builder.hpp"

#include <algorithm>
#include <cstring>
#include <fmt/format.h>
#define OPENSSL_SUPPRESS_DEPRECATED 1  // MD5_* is the fast asm path without EVP per-call overhead
#include <openssl/md5.h>

#include "core/read/prefix.hpp"
#include "core/read/prehash.hpp"

namespace tparse {

using namespace simdjson;

const std::unordered_map<std::string_view, Handler>& handler_table() {
  static const auto table = [] {
    std::unordered_map<std::string_view, Handler> t;
    register_dynamo_handlers(t);
    register_artifact_handlers(t);
    register_event_handlers(t);
    register_shape_handlers(t);
    register_misc_handlers(t);
    return t;
  }();
  return table;
}

ModelBuilder::ModelBuilder(int32_t file_index, const std::string& path, int32_t rank_from_name, bool seekable,
                           const IngestOptions& opts)
    : opts_(opts), file_(file_index), seekable_(seekable) {
  InputFile f;
  f.path = path;
  f.rank_from_name = rank_from_name;
  model_.files.push_back(f);  // partial model: index 0 is this file; merge re-bases to file_index
  if (seekable_ && opts_.keep_payloads) store_file_ = store_.add_file(path);
  procs_.reserve(4);
  ProcState p;
  p.rank = rank_from_name;
  procs_.push_back(p);
  model_.processes.push_back(Process{file_, rank_from_name, 1});
  default_proc_ = 0;
}

void ModelBuilder::diag(Diag d, const SourceLoc& where, std::string message) {
  auto i = static_cast<size_t>(d);
  model_.diag.counts[i]++;
  if (model_.diag.examples[i].size() < Diagnostics::kMaxExamples)
    model_.diag.examples[i].push_back(DiagExample{where, std::move(message)});
}

int32_t ModelBuilder::process_for(int32_t rank, uint64_t pid, uint64_t start) {
  auto adopt = [&](size_t i) {
    if (procs_[i].pid == 0 && pid != 0) procs_[i].pid = model_.processes[i].pid = pid;
    if (model_.processes[i].records == 0 && start) model_.processes[i].start = start;
    return static_cast<int32_t>(i);
  };
  auto same_pid = [&](size_t i) { return pid == 0 || procs_[i].pid == 0 || procs_[i].pid == pid; };
  auto add = [&](int32_t r) {
    ProcState p;
    p.rank = r;
    p.pid = pid;
    procs_.push_back(p);
    Process mp{file_, r, 1};
    mp.pid = pid;
    mp.start = start;
    model_.processes.push_back(mp);
    return static_cast<int32_t>(procs_.size() - 1);
  };
  if (rank < 0) {
    // Unranked records join the process of their pid; a new pid is a new run of the program
    // (appended to the same file), which becomes the default for what follows.
    if (pid != 0)
      for (size_t i = 0; i < procs_.size(); ++i)
        if (procs_[i].pid == pid) return adopt(i);
    if (same_pid(static_cast<size_t>(default_proc_))) return adopt(static_cast<size_t>(default_proc_));
    default_proc_ = add(procs_[static_cast<size_t>(default_proc_)].rank);
    return default_proc_;
  }
  for (size_t i = 0; i < procs_.size(); ++i)
    if (procs_[i].rank == rank && same_pid(i)) return adopt(i);
  // Adopt the default process when it has no rank yet and is the only one (logged before init).
  if (procs_.size() == 1 && procs_[0].rank < 0 && same_pid(0)) {
    procs_[0].rank = rank;
    model_.processes[0].rank = rank;
    return adopt(0);
  }
  return add(rank);
}

int32_t ModelBuilder::compile_of(const Record& r) {
  if (r.id.empty() || r.process < 0) return -1;
  ProcState& ps = procs_[static_cast<size_t>(r.process)];
  CompileId key = r.id;
  key.attempt = -1;
  auto [it, inserted] = ps.compiles.try_emplace(key.key(), static_cast<int32_t>(model_.compiles.size()));
  if (inserted) {
    Compile c;
    c.id = key;
    c.id.attempt = r.id.attempt >= 0 ? r.id.attempt : 0;
    c.rank = ps.rank;
    c.epoch = ps.epoch;
    c.process = r.process;
    c.where = r.where;
    model_.compiles.push_back(std::move(c));
    started_.push_back(0);
  } else {
    Compile& c = model_.compiles[static_cast<size_t>(it->second)];
    if (r.id.attempt > c.id.attempt) c.id.attempt = r.id.attempt;
    if (c.rank < 0) c.rank = ps.rank;
  }
  Compile& c = model_.compiles[static_cast<size_t>(it->second)];
  c.attempts = std::max<int64_t>(c.attempts, c.id.attempt + 1);
  return it->second;
}

void ModelBuilder::maybe_new_epoch(const Record& r, bool require_started) {
  if (r.id.empty() || r.process < 0) return;
  ProcState& ps = procs_[static_cast<size_t>(r.process)];
  CompileId key = r.id;
  key.attempt = -1;
  auto it = ps.compiles.find(key.key());
  if (it == ps.compiles.end()) return;
  const Compile& c = model_.compiles[static_cast<size_t>(it->second)];
  bool started = started_[static_cast<size_t>(it->second)] != 0;
  if ((require_started && started) || (!require_started && (started || c.metrics))) {
    ps.epoch++;
    ps.compiles.clear();
    model_.processes[static_cast<size_t>(r.process)].epochs = ps.epoch + 1;
    diag(Diag::DuplicateId, r.where,
         fmt::format("compile id {} seen again: new epoch {} (torch._dynamo.reset() or explain())", key.str(), ps.epoch));
  }
}

void ModelBuilder::mark_started(int32_t compile) {
  if (compile >= 0) started_[static_cast<size_t>(compile)] = 1;
}

std::string_view ModelBuilder::payload(const Record& r) {
  if (!r.has_payload || !r.raw) return {};
  if (!scratch_valid_) {
    // scratch_ only grows (its bytes past scratch_len_ are stale): no clearing per payload.
    std::string_view raw = r.raw->payload;
    if (scratch_.size() < raw.size()) scratch_.resize(std::max(raw.size(), 2 * scratch_.size()));
    scratch_len_ = decode_payload_to(raw, scratch_.data());
    scratch_valid_ = true;
  }
  return std::string_view(scratch_.data(), scratch_len_);
}

PayloadRef ModelBuilder::keep_payload(const Record& r) {
  if (!opts_.keep_payloads || !r.has_payload || !r.raw) return {};
  if (store_file_ >= 0 && !r.raw->rank_tagged) {
    uint64_t decoded = r.raw->payload.size() >= r.raw->payload_lines ? r.raw->payload.size() - r.raw->payload_lines : 0;
    PayloadRef ref = store_.add_ref(store_file_, r.raw->payload_offset, r.raw->payload.size(), decoded, r.md5_ok);
    if (r.md5_verified) store_.set_key(ref, r.md5);
    return ref;
  }
  PayloadRef ref = store_.add_text(std::string(payload(r)), r.md5_ok);
  if (r.md5_verified) store_.set_key(ref, r.md5);
  return ref;
}

namespace {
bool is_multirank_artifact(std::string_view kind, std::string_view name) {
  auto has = [&](std::string_view w) { return name.find(w) != std::string_view::npos; };
  return kind == "inductor_output_code" || name == "inductor_collective_schedule" ||
         name == "inductor_runtime_and_tensor_meta" || has("graph_execution") || has("cache_hit") ||
         has("cache_miss") || has("cache_bypass");
}
bool is_ddp_split_artifact(std::string_view kind, std::string_view name) {
  return kind == "inductor_output_code" || kind == "aot_backward_graph" || name == "before_pre_grad_graph" ||
         name == "before_post_grad_graph" || kind == "inductor_post_grad_graph" || name == "inductor_runtime_and_tensor_meta" ||
         name.substr(0, 15) == "fx_graph_cache_";
}
}  // namespace

Artifact& ModelBuilder::add_artifact(const Record& r, std::string_view name, std::string_view encoding) {
  // Light mode keeps only the counted graph, but records with no compile id are always kept (the
  // "[-/-]" entry of summary --json; they are few), and so are the artifacts the multi-rank analyses
  // read, for ranked records only (a single-process trace keeps nothing more than before).
  bool multirank = opts_.keep_multirank && r.rank >= 0 && is_multirank_artifact(r.kind, name);
  // DDPOptimizer splits (analysis/ranks/ddp_split.hpp): the split records, and under a split compile the
  // few artifacts that tie each inductor compile to its subgraph, are kept too (summary shows them).
  if (opts_.keep_multirank && !opts_.keep_detail && !multirank) {
    if (r.kind == "optimize_ddp_split_graph" || r.kind == "optimize_ddp_split_child") {
      multirank = true;
    } else if (is_ddp_split_artifact(r.kind, name)) {
      int32_t ci = compile_of(r);
      if (ci >= 0)
        for (const auto& a : model_.compiles[static_cast<size_t>(ci)].artifacts)
          if (a.kind == "optimize_ddp_split_graph") multirank = true;
    }
  }
  if (!opts_.keep_detail && r.kind != "dynamo_output_graph" && !multirank && !(r.id.empty() || r.process < 0)) {
    compile_of(r);  // the compile still exists (attempt bookkeeping), the artifact is not kept
    discard_ = Artifact{};
    return discard_;
  }
  Artifact a;
  a.kind = std::string(r.kind);
  a.name = std::string(name);
  a.encoding = std::string(encoding);
  a.attempt = r.id.attempt;
  a.where = r.where;
  if (opts_.keep_detail || multirank) a.payload = keep_payload(r);
  int32_t ci = compile_of(r);
  if (ci < 0) {
    model_.global_artifacts.push_back(std::move(a));
    return model_.global_artifacts.back();
  }
  auto& arts = model_.compiles[static_cast<size_t>(ci)].artifacts;
  arts.push_back(std::move(a));
  return arts.back();
}

std::string_view ModelBuilder::interned(int64_t id) const {
  if (id < 0 || static_cast<size_t>(id) >= strings_.size()) return {};
  return strings_[static_cast<size_t>(id)];
}

void ModelBuilder::intern(int64_t id, std::string_view s) {
  if (id < 0 || id > (1 << 24)) return;
  if (static_cast<size_t>(id) >= strings_.size()) strings_.resize(static_cast<size_t>(id) + 1);
  strings_[static_cast<size_t>(id)] = std::string(s);
}

simdjson_result<ondemand::document> ModelBuilder::parse_meta(const Record& r) {
  size_t cap = static_cast<size_t>(r.buffer_end - r.meta.data());
  return meta_parser_.iterate(r.meta.data(), r.meta.size(), cap);
}

Stack ModelBuilder::parse_stack(ondemand::array arr) {
  Stack out;
  for (auto fr : arr) {
    StackFrame f;
    for (auto field : fr.get_object()) {
      std::string_view k = field.unescaped_key();
      auto v = field.value();
      if (k == "line") {
        if (!v.is_null()) f.line = v.get_int64();
      } else if (k == "name") {
        if (!v.is_null()) f.name = IStr(std::string_view(v.get_string()));
      } else if (k == "filename") {
        if (ondemand::json_type(v.type()) == ondemand::json_type::string) f.file = IStr(std::string_view(v.get_string()));
        else if (!v.is_null()) f.file = IStr(interned(v.get_int64()));
      } else if (k == "loc") {
        if (!v.is_null()) f.code = IStr(std::string_view(v.get_string()));
      }
    }
    out.push_back(std::move(f));
  }
  out.shrink_to_fit();  // kept for the life of the model: no growth slack
  return out;
}

namespace {

int64_t opt_int(ondemand::value v) {
  if (v.is_null()) return -1;
  int64_t x;
  if (v.get_int64().get(x) != SUCCESS) return -1;
  return x;
}

std::string_view raw_of(ondemand::value v) {
  switch (v.type()) {
    case ondemand::json_type::object: {
      ondemand::object o = v.get_object();
      return o.raw_json();
    }
    case ondemand::json_type::array: {
      ondemand::array a = v.get_array();
      return a.raw_json();
    }
    default: return v.raw_json_token();
  }
}

std::string clip(std::string_view s, size_t n = 120) {
  std::string out(s.substr(0, n));
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20) c = ' ';
  if (s.size() > n) out += "...";
  return out;
}

}  // namespace

void ModelBuilder::add(const RawRecord& raw) {
  scratch_valid_ = false;
  model_.records++;
  SourceLoc where{file_, raw.line};
  if (raw.orphan) {
    diag(Diag::OrphanPayload, where, "payload line with no envelope before it");
    return;
  }
  if (raw.envelope.empty() && raw.payload.empty()) return;  // blank line
  if (raw.crlf && model_.diag.counts[static_cast<int>(Diag::CrLf)] == 0)
    diag(Diag::CrLf, where, "lines end in CRLF; the CRs are ignored");
  Prefix pf;
  if (!parse_prefix(raw.envelope, pf)) {
    size_t nuls = static_cast<size_t>(std::count(raw.envelope.begin(), raw.envelope.end(), '\0'));
    if (nuls == raw.envelope.size())
      diag(Diag::NoPrefix, where, fmt::format("line of {} NUL bytes (zero-filled tail left by a crashed writer?)", nuls));
    else if (nuls > 0)
      diag(Diag::NoPrefix, where, fmt::format("no glog prefix; line holds {} NUL byte(s): '{}'", nuls, clip(raw.envelope)));
    else
      diag(Diag::NoPrefix, where, fmt::format("no glog prefix: '{}'", clip(raw.envelope)));
    if (!raw.payload.empty())
      diag(Diag::OrphanPayload, SourceLoc{file_, raw.line + 1},
           fmt::format("{} payload line(s) after a line that is not a record", raw.payload_lines));
    return;
  }
  Record r;
  r.where = where;
  r.raw = &raw;
  r.buffer_end = raw.buffer_end;
  std::string_view md5;
  bool first = true;
  try {
    size_t cap = static_cast<size_t>(raw.buffer_end - pf.json.data());
    ondemand::document doc = env_parser_.iterate(pf.json.data(), pf.json.size(), cap);
    for (auto field : doc.get_object()) {
      std::string_view key = field.unescaped_key();
      ondemand::value v = field.value();
      if (first) {
        r.kind = key;
        r.meta = raw_of(v);
        first = false;
        continue;
      }
      if (key == "frame_id") r.id.frame = opt_int(v);
      else if (key == "frame_compile_id") r.id.compile = opt_int(v);
      else if (key == "attempt") r.id.attempt = opt_int(v);
      else if (key == "compiled_autograd_id") r.id.ca = opt_int(v);
      else if (key == "rank") r.rank = static_cast<int32_t>(opt_int(v));
      else if (key == "has_payload") md5 = v.get_string();
      else if (key == "stack") (void)raw_of(v);
      else {
        (void)raw_of(v);
        model_.diag.unknown_kinds[fmt::format("envelope key '{}'", key)]++;
      }
    }
  } catch (const simdjson_error& e) {
    Diag d = e.error() == UTF8_ERROR ? Diag::InvalidUtf8 : Diag::InvalidJson;
    diag(d, where, fmt::format("envelope: {}: '{}'{}", error_message(e.error()), clip(pf.json, 80),
                               raw.unterminated ? " (the input ends on this line: the writer was cut off)" : ""));
    if (!raw.payload.empty())
      diag(Diag::OrphanPayload, SourceLoc{file_, raw.line + 1},
           fmt::format("{} payload line(s) dropped with their broken envelope", raw.payload_lines));
    return;
  }
  if (first || r.kind.empty()) {
    diag(Diag::InvalidJson, where, "envelope is an empty object");
    return;
  }
  if (r.rank < 0) r.rank = pf.rank;
  if (opts_.only_rank >= 0) {
    int32_t eff = r.rank >= 0 ? r.rank : model_.files[0].rank_from_name;
    if (eff >= 0 && eff != opts_.only_rank) return;
  }
  // Payload checks.
  if (!md5.empty()) {
    if (raw.payload_lines == 0) {
      diag(Diag::TruncatedPayload, where, fmt::format("{}: envelope says has_payload but no payload lines follow", r.kind));
    } else {
      r.has_payload = true;
      unsigned char digest[MD5_DIGEST_LENGTH];
      bool utf8_ok = true;
      bool ahead = opts_.verify_md5 && prehash_ && prehash_->lookup(raw, md5, digest, utf8_ok);
      if (opts_.verify_md5) {
        if (!ahead) {
          std::string_view text = payload(r);
          MD5(reinterpret_cast<const unsigned char*>(text.data()), text.size(), digest);
        }
        char hex[33];
        static constexpr char kHex[] = "0123456789abcdef";
        for (int i = 0; i < MD5_DIGEST_LENGTH; ++i) {
          hex[2 * i] = kHex[digest[i] >> 4];
          hex[2 * i + 1] = kHex[digest[i] & 15];
        }
        if (md5 == std::string_view(hex, 32)) {
          r.md5_verified = true;
          std::memcpy(r.md5, digest, 16);
          if (prehash_ && !ahead) {
            std::string_view t = raw.payload;
            utf8_ok = simdjson::validate_utf8(t.data(), t.size());
            prehash_->verified(raw, md5, utf8_ok);
            ahead = true;  // UTF-8 checked just now
          }
        } else {
          r.md5_ok = false;
          diag(Diag::Md5Mismatch, where,
               fmt::format("{}: payload md5 {} does not match has_payload {} ({} lines)", r.kind, std::string_view(hex, 32),
                           md5, raw.payload_lines));
          // A file may simply lack its final newline; only a damaged last record means it was cut off.
          if (raw.unterminated)
            diag(Diag::TruncatedPayload, where, "the input ends in the middle of this record's payload: the writer was cut off");
        }
      }
      // UTF-8 is checked even with --no-md5: every consumer (HTML, JSON, terminal) needs it.
      // The raw lines differ from the payload only by ASCII (TABs, tags), so validate them in place.
      std::string_view text = raw.payload;
      if (!ahead) utf8_ok = simdjson::validate_utf8(text.data(), text.size());
      if (!utf8_ok)
        diag(Diag::InvalidUtf8, where, fmt::format("{}: payload is not valid UTF-8", r.kind));
    }
  } else if (raw.payload_lines > 0) {
    diag(Diag::OrphanPayload, SourceLoc{file_, raw.line + 1},
         fmt::format("{} payload line(s) after a {} record that declares no has_payload (kept)", raw.payload_lines, r.kind));
    r.has_payload = true;
  }
  if (!opts_.only_processes.empty()) {
    bool keep = false;
    for (const auto& [path, pid] : opts_.only_processes) keep = keep || (pid == pf.pid && path == model_.files[0].path);
    if (!keep) return;
  }
  uint64_t start = ((static_cast<uint64_t>(pf.month) * 32 + pf.day) * 86400ull) * 1000000ull + pf.micros_of_day;
  r.process = process_for(r.rank, pf.pid, start);
  if (r.rank < 0) r.rank = procs_[static_cast<size_t>(r.process)].rank;
  model_.processes[static_cast<size_t>(r.process)].records++;
  dispatch(r);
}

void ModelBuilder::dispatch(Record& r) {
  const auto& table = handler_table();
  auto it = table.find(r.kind);
  try {
    if (it != table.end()) it->second(*this, r);
    else handle_unknown(*this, r);
  } catch (const simdjson_error& e) {
    diag(Diag::BadField, r.where, fmt::format("{}: {}", r.kind, error_message(e.error())));
  }
}

void ModelBuilder::finish(uint64_t bytes, uint64_t lines, const std::string& read_error) {
  InputFile& f = model_.files[0];
  f.bytes = bytes;
  f.lines = lines;
  f.records = model_.records;
  model_.bytes = bytes;
  if (!read_error.empty()) diag(Diag::Unreadable, SourceLoc{file_, lines}, "read error: " + read_error);
  if (bytes == 0) diag(Diag::EmptyFile, SourceLoc{file_, 0}, "empty file");
  // A file's model waits for every other file's before the merge (ingest.cpp): no growth slack
  // in its big vectors (16384 rank files: the doubling slack was a tenth of the peak).
  model_.compiles.shrink_to_fit();
  model_.events.shrink_to_fit();
  model_.breaks.shrink_to_fit();
  for (auto& c : model_.compiles) c.artifacts.shrink_to_fit();
}

void ModelBuilder::release_buffers() {
  std::string().swap(scratch_);
  scratch_len_ = 0;
  scratch_valid_ = false;
  env_parser_ = simdjson::ondemand::parser{};
  meta_parser_ = simdjson::ondemand::parser{};
}

}  // namespace tparse
