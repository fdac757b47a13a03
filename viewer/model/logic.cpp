// Plain panel logic; see logic.hpp.
#include "model/logic.hpp"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <fstream>
#include <map>
#include <tuple>

namespace tparse::viewer {

const char* status_name(Status s) {
  switch (s) {
    case Status::Failed: return "failed";
    case Status::Fallback: return "fallback";
    case Status::Break: return "break";
    case Status::Recompile: return "recompile";
    case Status::Ok: return "ok";
    case Status::Unknown: return "unknown";
  }
  return "?";
}

Status compile_status(const Model& m, const Compile& c) {
  if (c.outcome == Outcome::Failed) return Status::Failed;
  if (c.outcome == Outcome::RecompileLimit || c.outcome == Outcome::FrameSkipped) return Status::Fallback;
  if (!c.breaks.empty()) return Status::Break;
  if (c.recompile >= 0) return Status::Recompile;
  if (c.outcome == Outcome::Unknown) return Status::Unknown;
  return Status::Ok;
}

Status frame_status(const Model& m, const Frame& f) {
  Status worst = Status::Unknown;
  for (int32_t ci : f.compiles) {
    Status s = compile_status(m, m.compiles[static_cast<size_t>(ci)]);
    if (static_cast<int>(s) < static_cast<int>(worst)) worst = s;
  }
  if (f.hit_recompile_limit && static_cast<int>(Status::Fallback) < static_cast<int>(worst)) worst = Status::Fallback;
  return worst;
}

bool contains_icase(std::string_view hay, std::string_view needle) {
  if (needle.empty()) return true;
  auto it = std::search(hay.begin(), hay.end(), needle.begin(), needle.end(), [](char a, char b) {
    return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
  });
  return it != hay.end();
}

std::optional<int32_t> find_compile(const Model& m, std::string_view spec) {
  int32_t rank = -1;
  while (!spec.empty() && spec.front() == ' ') spec.remove_prefix(1);
  if (spec.rfind("rank", 0) == 0) {
    size_t p = 4;
    int32_t r = 0;
    bool any = false;
    while (p < spec.size() && std::isdigit(static_cast<unsigned char>(spec[p]))) r = r * 10 + (spec[p++] - '0'), any = true;
    if (!any) return std::nullopt;
    rank = r;
    spec.remove_prefix(p);
    while (!spec.empty() && spec.front() == ' ') spec.remove_prefix(1);
  }
  auto id = parse_compile_id(spec);
  if (!id) return std::nullopt;
  for (size_t i = 0; i < m.compiles.size(); ++i) {
    const Compile& c = m.compiles[i];
    if (!c.id.same_compile(*id)) continue;
    if (rank >= 0 && c.rank != rank) continue;
    return static_cast<int32_t>(i);
  }
  return std::nullopt;
}

int64_t site_count(const Model& m, const BreakSite& s, int32_t rank) {
  if (rank < 0) return static_cast<int64_t>(s.events.size());
  int64_t n = 0;
  for (int32_t e : s.events) {
    const GraphBreak& b = m.breaks[static_cast<size_t>(e)];
    if (b.compile >= 0 && m.compiles[static_cast<size_t>(b.compile)].rank == rank) ++n;
  }
  return n;
}

std::vector<int32_t> sorted_sites(const Model& m, int32_t rank, std::string_view filter) {
  std::vector<std::pair<int64_t, int32_t>> v;
  for (size_t i = 0; i < m.break_sites.size(); ++i) {
    const BreakSite& s = m.break_sites[i];
    int64_t n = site_count(m, s, rank);
    if (n == 0) continue;
    bool match = contains_icase(s.title, filter) || contains_icase(s.user_file, filter) ||
                 contains_icase(s.user_function, filter) || contains_icase(s.gb_id, filter);
    if (!match)
      for (int32_t e : s.events)
        if (contains_icase(m.breaks[static_cast<size_t>(e)].reason, filter)) {
          match = true;
          break;
        }
    if (match) v.emplace_back(n, static_cast<int32_t>(i));
  }
  std::stable_sort(v.begin(), v.end(), [&](const auto& a, const auto& b) {
    if (a.first != b.first) return a.first > b.first;
    const BreakSite& x = m.break_sites[static_cast<size_t>(a.second)];
    const BreakSite& y = m.break_sites[static_cast<size_t>(b.second)];
    return std::tie(x.user_file, x.user_line) < std::tie(y.user_file, y.user_line);
  });
  std::vector<int32_t> out;
  for (auto& p : v) out.push_back(p.second);
  return out;
}

Offenders worst_offenders(const Model& m, int32_t rank, size_t n) {
  Offenders o;
  o.sites = sorted_sites(m, rank, {});
  if (o.sites.size() > n) o.sites.resize(n);
  o.frames = recompiled_frames(m, rank);
  if (o.frames.size() > n) o.frames.resize(n);
  for (size_t i = 0; i < m.compiles.size(); ++i)
    if (rank_ok(rank, m.compiles[i].rank) && m.compiles[i].compile_time_s() > 0) o.compiles.push_back(static_cast<int32_t>(i));
  std::stable_sort(o.compiles.begin(), o.compiles.end(), [&](int32_t a, int32_t b) {
    return m.compiles[static_cast<size_t>(a)].compile_time_s() > m.compiles[static_cast<size_t>(b)].compile_time_s();
  });
  if (o.compiles.size() > n) o.compiles.resize(n);
  return o;
}

std::vector<int32_t> visible_frames(const Model& m, int32_t rank, std::string_view filter) {
  std::vector<int32_t> out;
  for (size_t i = 0; i < m.frames.size(); ++i) {
    const Frame& f = m.frames[i];
    if (!rank_ok(rank, f.rank)) continue;
    bool match = contains_icase(f.name, filter) || contains_icase(f.file, filter);
    if (!match)
      for (int32_t ci : f.compiles)
        if (contains_icase(m.compiles[static_cast<size_t>(ci)].id.str(), filter) ||
            contains_icase("[" + m.compiles[static_cast<size_t>(ci)].id.key() + "]", filter)) {
          match = true;
          break;
        }
    if (match) out.push_back(static_cast<int32_t>(i));
  }
  std::stable_sort(out.begin(), out.end(), [&](int32_t a, int32_t b) {
    const Frame& x = m.frames[static_cast<size_t>(a)];
    const Frame& y = m.frames[static_cast<size_t>(b)];
    return std::tie(x.rank, x.epoch, x.frame_id) < std::tie(y.rank, y.epoch, y.frame_id);
  });
  return out;
}

std::vector<int32_t> compile_order(const Model& m, const std::vector<int32_t>& frames) {
  std::vector<int32_t> out;
  for (int32_t fi : frames)
    for (int32_t ci : m.frames[static_cast<size_t>(fi)].compiles) out.push_back(ci);
  return out;
}

int32_t step_in(const std::vector<int32_t>& order, int32_t current, int delta) {
  if (order.empty()) return -1;
  auto it = std::find(order.begin(), order.end(), current);
  if (it == order.end()) return delta >= 0 ? order.front() : order.back();
  long pos = (it - order.begin()) + delta;
  pos = std::clamp<long>(pos, 0, static_cast<long>(order.size()) - 1);
  return order[static_cast<size_t>(pos)];
}

std::string describe_change(const FailedGuard& g) {
  std::string src = g.source.empty() ? std::string("?") : g.source;
  std::string what = guard_change_name(g.change);
  std::string s;
  if ((g.change == GuardChange::Size || g.change == GuardChange::Stride) && g.index >= 0)
    s = fmt::format("{} of {} dim {}", what, src, g.index);
  else
    s = fmt::format("{} of {}", what, src);
  if (!g.expected.empty() || !g.actual.empty())
    s += fmt::format(": {} -> {}", g.expected.empty() ? "?" : g.expected, g.actual.empty() ? "?" : g.actual);
  else if (!g.text.empty())
    s += ": " + g.text;
  return s;
}

std::vector<ChainStep> recompile_chain(const Model& m, int32_t frame) {
  std::vector<ChainStep> out;
  if (frame < 0 || frame >= static_cast<int32_t>(m.frames.size())) return out;
  for (int32_t ci : m.frames[static_cast<size_t>(frame)].compiles) {
    ChainStep st;
    st.compile = ci;
    st.recompile = m.compiles[static_cast<size_t>(ci)].recompile;
    if (st.recompile >= 0) {
      const Recompile& r = m.recompiles[static_cast<size_t>(st.recompile)];
      // PyTorch lists the newest cache entry first; that entry is the one the call just missed.
      std::string newest = r.reasons.empty() ? std::string() : r.reasons.front().entry;
      for (const FailedGuard& g : r.reasons)
        if (g.entry == newest) st.changes.push_back(describe_change(g));
    }
    out.push_back(std::move(st));
  }
  return out;
}

std::vector<int32_t> recompiled_frames(const Model& m, int32_t rank) {
  std::vector<int32_t> out;
  for (size_t i = 0; i < m.frames.size(); ++i)
    if (rank_ok(rank, m.frames[i].rank) && m.frames[i].compiles.size() > 1) out.push_back(static_cast<int32_t>(i));
  std::stable_sort(out.begin(), out.end(), [&](int32_t a, int32_t b) {
    return m.frames[static_cast<size_t>(a)].compiles.size() > m.frames[static_cast<size_t>(b)].compiles.size();
  });
  return out;
}

std::vector<RankRow> compare_ranks(const Model& m, int32_t a, int32_t b) {
  std::map<std::pair<int64_t, std::string>, RankRow> rows;
  for (const Frame& f : m.frames) {
    int side = f.rank == a ? 0 : (f.rank == b ? 1 : -1);
    if (side < 0) continue;
    RankRow& r = rows[{f.frame_id, f.name}];
    r.frame = fmt::format("[{}] {}", f.frame_id, f.name);
    r.compiles[side] += static_cast<int64_t>(f.compiles.size());
    for (int32_t ci : f.compiles) {
      const Compile& c = m.compiles[static_cast<size_t>(ci)];
      r.breaks[side] += static_cast<int64_t>(c.breaks.size());
      r.recompiles[side] += c.recompile >= 0;
    }
  }
  std::vector<RankRow> out;
  for (auto& [k, r] : rows) out.push_back(std::move(r));
  std::stable_sort(out.begin(), out.end(), [](const RankRow& x, const RankRow& y) { return x.differs() > y.differs(); });
  return out;
}

std::optional<std::string> read_source_line(const std::string& path, int64_t line) {
  if (path.empty() || line <= 0) return std::nullopt;
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::string s;
  for (int64_t i = 1; std::getline(in, s); ++i)
    if (i == line) return s;
  return std::nullopt;
}

std::string human_bytes(uint64_t b) {
  if (b < 1024) return fmt::format("{} B", b);
  if (b < (1u << 20)) return fmt::format("{:.1f} KB", b / 1024.0);
  if (b < (1ull << 30)) return fmt::format("{:.1f} MB", b / 1048576.0);
  return fmt::format("{:.2f} GB", b / 1073741824.0);
}

}  // namespace tparse::viewer
