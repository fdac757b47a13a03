// Search; see search.hpp.
#include "model/search.hpp"

#include "model/logic.hpp"

namespace tparse::viewer {

const char* hit_kind_name(SearchHit::Kind k) {
  switch (k) {
    case SearchHit::Kind::Frame: return "frame";
    case SearchHit::Kind::Reason: return "break";
    case SearchHit::Kind::Guard: return "guard";
    case SearchHit::Kind::Code: return "code";
    case SearchHit::Kind::Failure: return "failure";
  }
  return "?";
}

bool is_guard_artifact(const Artifact& a) {
  return a.kind.find("guard") != std::string::npos || a.name.find("guard") != std::string::npos;
}

namespace {

std::string snippet(std::string_view s) {
  size_t a = s.find_first_not_of(" \t");
  if (a == std::string_view::npos) return {};
  s.remove_prefix(a);
  if (s.size() > 200) return std::string(s.substr(0, 200)) + "...";
  return std::string(s);
}

/// The line of `text` holding the first match and its 1-based number.
std::pair<std::string, int64_t> first_line_with(std::string_view text, std::string_view q) {
  int64_t ln = 1;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t nl = text.find('\n', pos);
    std::string_view line = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    if (contains_icase(line, q)) return {snippet(line), ln};
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
    ++ln;
  }
  return {{}, 0};
}

}  // namespace

std::vector<SearchHit> search_model(const Model& m, std::string_view q, int32_t rank, size_t limit) {
  std::vector<SearchHit> out;
  if (q.empty()) return out;
  auto full = [&] { return out.size() >= limit; };
  for (size_t i = 0; i < m.frames.size() && !full(); ++i) {
    const Frame& f = m.frames[i];
    if (rank_ok(rank, f.rank) && (contains_icase(f.name, q) || contains_icase(f.file, q)))
      out.push_back({SearchHit::Kind::Frame, f.compiles.empty() ? -1 : f.compiles.front(), static_cast<int32_t>(i), -1,
                     -1, 0, f.name + "  " + f.file});
  }
  for (const GraphBreak& b : m.breaks) {
    if (full()) break;
    if (b.compile < 0) continue;
    const Compile& c = m.compiles[static_cast<size_t>(b.compile)];
    if (!rank_ok(rank, c.rank)) continue;
    if (contains_icase(b.reason, q) || contains_icase(b.title, q) || contains_icase(b.user_file, q)) {
      auto [line, ln] = first_line_with(b.reason, q);
      out.push_back({SearchHit::Kind::Reason, b.compile, c.frame, b.site, -1, 0, line.empty() ? b.title : line});
    }
  }
  for (const Recompile& r : m.recompiles) {
    if (full()) break;
    if (r.compile < 0) continue;
    const Compile& c = m.compiles[static_cast<size_t>(r.compile)];
    if (!rank_ok(rank, c.rank)) continue;
    for (const FailedGuard& g : r.reasons)
      if (contains_icase(g.text, q)) {
        out.push_back({SearchHit::Kind::Guard, r.compile, c.frame, -1, -1, 0, snippet(g.text)});
        break;
      }
  }
  for (const Failure& f : m.failures) {
    if (full()) break;
    if (f.compile < 0) continue;
    const Compile& c = m.compiles[static_cast<size_t>(f.compile)];
    if (rank_ok(rank, c.rank) && (contains_icase(f.fail_reason, q) || contains_icase(f.fail_type, q)))
      out.push_back({SearchHit::Kind::Failure, f.compile, c.frame, -1, -1, 0, snippet(f.fail_type + ": " + f.fail_reason)});
  }
  return out;
}

std::vector<SearchHit> search_payloads(const Model& m, const PayloadStore& p, std::string_view q, int32_t rank,
                                       size_t limit, const std::atomic<bool>* cancel) {
  std::vector<SearchHit> out;
  if (q.empty()) return out;
  for (size_t ci = 0; ci < m.compiles.size() && out.size() < limit; ++ci) {
    const Compile& c = m.compiles[ci];
    if (!rank_ok(rank, c.rank)) continue;
    for (size_t ai = 0; ai < c.artifacts.size() && out.size() < limit; ++ai) {
      if (cancel && cancel->load()) return out;
      const Artifact& a = c.artifacts[ai];
      if (!a.payload.valid() || a.kind == "chromium_event") continue;
      std::string text = p.get(a.payload);
      auto [line, ln] = first_line_with(text, q);
      if (ln > 0)
        out.push_back({is_guard_artifact(a) ? SearchHit::Kind::Guard : SearchHit::Kind::Code, static_cast<int32_t>(ci),
                       c.frame, -1, static_cast<int32_t>(ai), ln, line});
    }
  }
  return out;
}

SearchJob::~SearchJob() {
  cancel();
  if (thread_.joinable()) thread_.join();
}

void SearchJob::cancel() { cancel_ = true; }

uint64_t SearchJob::start(std::shared_ptr<const LoadedTrace> t, std::string q, int32_t rank, size_t limit,
                          TaskQueue& tq, Done done) {
  cancel();
  if (thread_.joinable()) thread_.join();
  cancel_ = false;
  busy_ = true;
  uint64_t id = ++next_;
  thread_ = std::thread([this, t = std::move(t), q = std::move(q), rank, limit, &tq, done = std::move(done), id] {
    auto hits = search_payloads(t->model, t->payloads, q, rank, limit, &cancel_);
    if (!cancel_.load()) tq.push([done, hits = std::move(hits), id]() mutable { done(std::move(hits), id); });
    busy_ = false;
  });
  return id;
}

}  // namespace tparse::viewer
