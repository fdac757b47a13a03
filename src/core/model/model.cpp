// Small pure functions over the model: id printing/parsing, names, derived counts.
#include "model.hpp"

#include <charconv>
#include <fmt/format.h>

namespace tparse {

std::string CompileId::key() const {
  auto part = [](int64_t v) { return v >= 0 ? std::to_string(v) : std::string("-"); };
  if (ca >= 0) {
    if (frame < 0 && compile < 0) return fmt::format("!{}", ca);
    return fmt::format("!{}/{}/{}", ca, part(frame), part(compile));
  }
  return fmt::format("{}/{}", part(frame), part(compile));
}

std::string CompileId::str() const {
  std::string s = "[" + key();
  if (attempt > 0) s += fmt::format("_{}", attempt);
  return s + "]";
}

static bool parse_int(std::string_view& s, int64_t& out) {
  auto r = std::from_chars(s.data(), s.data() + s.size(), out);
  if (r.ec != std::errc() || out < 0) return false;
  s.remove_prefix(static_cast<size_t>(r.ptr - s.data()));
  return true;
}

std::optional<CompileId> parse_compile_id(std::string_view t) {
  CompileId id;
  if (!t.empty() && t.front() == '[') {
    if (t.back() != ']') return std::nullopt;
    t = t.substr(1, t.size() - 2);
  }
  if (t.empty()) return std::nullopt;
  if (t.front() == '!') {
    t.remove_prefix(1);
    if (!parse_int(t, id.ca)) return std::nullopt;
    if (t.empty()) return id;
    if (t.front() != '/') return std::nullopt;
    t.remove_prefix(1);
  }
  if (t.size() >= 3 && t.substr(0, 3) == "-/-") return t.size() == 3 ? std::optional(id) : std::nullopt;
  if (!parse_int(t, id.frame)) return std::nullopt;
  if (t.empty() || t.front() != '/') return std::nullopt;
  t.remove_prefix(1);
  if (!parse_int(t, id.compile)) return std::nullopt;
  if (!t.empty()) {
    if (t.front() != '_') return std::nullopt;
    t.remove_prefix(1);
    if (!parse_int(t, id.attempt) || !t.empty()) return std::nullopt;
  }
  return id;
}

const char* outcome_name(Outcome o) {
  switch (o) {
    case Outcome::Unknown: return "unknown";
    case Outcome::Ok: return "ok";
    case Outcome::OkNoGraph: return "ok_no_graph";
    case Outcome::Failed: return "failed";
    case Outcome::FrameSkipped: return "frame_skipped";
    case Outcome::RecompileLimit: return "recompile_limit";
  }
  return "?";
}

const char* break_kind_name(BreakKind k) {
  switch (k) {
    case BreakKind::Resumed: return "resumed";
    case BreakKind::NonResumable: return "non_resumable";
    case BreakKind::FrameSkipped: return "frame_skipped";
    case BreakKind::Fullgraph: return "fullgraph";
    case BreakKind::Count_: break;
  }
  return "?";
}

const char* break_kind_text(BreakKind k) {
  switch (k) {
    case BreakKind::Resumed: return "resumed in a new frame";
    case BreakKind::NonResumable: return "not resumable: compiled up to the last resumable point, the rest of the function ran eagerly";
    case BreakKind::FrameSkipped: return "frame skipped (ran eagerly)";
    case BreakKind::Fullgraph: return "error (fullgraph=True)";
    case BreakKind::Count_: break;
  }
  return "?";
}

const char* guard_change_name(GuardChange c) {
  switch (c) {
    case GuardChange::Size: return "size";
    case GuardChange::Stride: return "stride";
    case GuardChange::Dtype: return "dtype";
    case GuardChange::Rank: return "rank";
    case GuardChange::RequiresGrad: return "requires_grad";
    case GuardChange::Device: return "device";
    case GuardChange::Type: return "type";
    case GuardChange::Id: return "id";
    case GuardChange::Value: return "value";
    case GuardChange::Global: return "global";
    case GuardChange::Other: return "other";
  }
  return "?";
}

static constexpr const char* kDiagNames[] = {
    "no_prefix",      "invalid_json",  "md5_mismatch", "truncated_payload", "invalid_utf8",
    "oversize_line",  "empty_file",    "crlf",         "unknown_kind",      "orphan_payload",
    "bad_field",      "unreadable",    "duplicate_id",
};
static_assert(sizeof(kDiagNames) / sizeof(kDiagNames[0]) == kDiagCount, "diag name table incomplete");

const char* diag_name(Diag d) { return kDiagNames[static_cast<int>(d)]; }

bool diag_is_error(Diag d) {
  switch (d) {
    case Diag::EmptyFile:
    case Diag::CrLf:
    case Diag::UnknownKind:
    case Diag::DuplicateId:
      return false;
    default:
      return true;
  }
}

uint64_t Diagnostics::errors() const {
  uint64_t n = 0;
  for (int i = 0; i < kDiagCount; ++i)
    if (diag_is_error(static_cast<Diag>(i))) n += counts[i];
  return n;
}

uint64_t Diagnostics::notes() const {
  uint64_t n = 0;
  for (int i = 0; i < kDiagCount; ++i) n += counts[i];
  return n - errors();
}

double Compile::compile_time_s() const {
  if (metrics && metrics->entire_frame_compile_time_s > 0) return metrics->entire_frame_compile_time_s;
  return 0;
}

int64_t Model::graph_count() const {
  int64_t n = 0;
  for (const auto& c : compiles) n += c.has_graph ? 1 : 0;
  return n;
}

int64_t Model::restart_count() const {
  int64_t n = 0;
  for (const auto& c : compiles) n += c.attempts > 1 ? c.attempts - 1 : 0;
  return n;
}

int64_t Model::fallback_count() const {
  int64_t n = 0;
  for (const auto& f : frames) n += f.hit_recompile_limit ? 1 : 0;
  return n;
}

double Model::total_compile_time_s() const {
  double t = 0;
  for (const auto& c : compiles) t += c.compile_time_s();
  return t;
}

std::string Model::file_of(const SourceLoc& l) const {
  if (l.file < 0 || static_cast<size_t>(l.file) >= files.size()) return "<input>";
  if (l.line == 0) return files[static_cast<size_t>(l.file)].path;  // whole-file problem (unreadable, empty)
  return fmt::format("{}:{}", files[static_cast<size_t>(l.file)].path, l.line);
}

}  // namespace tparse
