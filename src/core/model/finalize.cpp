// Model-wide derivations after all files are merged: frames, outcomes, counted graphs, failures,
// break sites and resume links, recompile frames, rank roll-ups. Also merge_models().
#include <algorithm>
#include <fmt/format.h>
#include <map>
#include <set>
#include <tuple>
#include <unordered_set>

#include "builder.hpp"

namespace tparse {
namespace {

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

bool is_limit_failure(const Metrics& m) {
  return starts_with(m.fail_reason, "Dynamo recompile limit exceeded") ||
         m.fail_reason.find("cache_size_limit") != std::string::npos ||
         m.fail_reason.find("recompile_limit") != std::string::npos;
}

void derive_outcome(Model& m, Compile& c) {
  bool skip_break = false;
  for (int32_t bi : c.breaks)
    if (m.breaks[static_cast<size_t>(bi)].kind == BreakKind::FrameSkipped) skip_break = true;
  int64_t final_attempt = c.id.attempt;
  bool graph_final = false;
  for (size_t i = 0; i < c.artifacts.size(); ++i) {
    const Artifact& a = c.artifacts[i];
    if (a.kind == "dynamo_output_graph" && (a.attempt == final_attempt || a.attempt < 0)) {
      graph_final = true;
      c.graph_artifact = static_cast<int32_t>(i);
    }
  }
  if (!c.metrics) {
    c.outcome = Outcome::Unknown;
    c.has_graph = graph_final;
    return;
  }
  const Metrics& mt = *c.metrics;
  if (!mt.fail_type.empty()) {
    if (is_limit_failure(mt)) c.outcome = Outcome::RecompileLimit;
    else if (skip_break) c.outcome = Outcome::FrameSkipped;
    else c.outcome = Outcome::Failed;
    c.has_graph = false;
    for (int32_t bi : c.breaks) {
      GraphBreak& gb = m.breaks[static_cast<size_t>(bi)];
      if (gb.kind == BreakKind::Resumed) gb.kind = BreakKind::FrameSkipped;
    }
    return;
  }
  c.has_graph = graph_final;
  c.outcome = graph_final ? Outcome::Ok : Outcome::OkNoGraph;
}

std::string frame_name(const Compile& c) {
  if (c.metrics && !c.metrics->co_name.empty()) return c.metrics->co_name;
  if (!c.stack.empty()) return c.stack.back().name;
  return {};
}

}  // namespace

void finalize(Model& m) {
  // Frames: group compiles by (process, epoch, frame_id).
  m.frames.clear();
  std::map<std::tuple<int32_t, int32_t, int64_t>, int32_t> frame_of;
  for (size_t i = 0; i < m.compiles.size(); ++i) {
    Compile& c = m.compiles[i];
    if (c.id.frame < 0) continue;
    auto key = std::make_tuple(c.process, c.epoch, c.id.frame);
    auto [it, inserted] = frame_of.try_emplace(key, static_cast<int32_t>(m.frames.size()));
    if (inserted) {
      Frame f;
      f.frame_id = c.id.frame;
      f.rank = c.rank;
      f.epoch = c.epoch;
      f.process = c.process;
      f.where = c.where;
      m.frames.push_back(f);
    }
    c.frame = it->second;
    m.frames[static_cast<size_t>(it->second)].compiles.push_back(static_cast<int32_t>(i));
  }
  for (Frame& f : m.frames) {
    std::sort(f.compiles.begin(), f.compiles.end(), [&](int32_t a, int32_t b) {
      return m.compiles[static_cast<size_t>(a)].id.compile < m.compiles[static_cast<size_t>(b)].id.compile;
    });
    for (int32_t ci : f.compiles) {
      const Compile& c = m.compiles[static_cast<size_t>(ci)];
      if (f.name.empty()) f.name = frame_name(c);
      if (f.file.empty()) {
        if (c.metrics && !c.metrics->co_filename.empty()) f.file = c.metrics->co_filename;
        else if (!c.stack.empty()) f.file = c.stack.back().file;
      }
      if (f.first_line < 0) {
        if (c.metrics && c.metrics->co_firstlineno >= 0) f.first_line = c.metrics->co_firstlineno;
        else if (!c.stack.empty()) f.first_line = c.stack.back().line;
      }
    }
    f.is_resume = starts_with(f.name, "torch_dynamo_resume_in_");
  }
  // Outcomes and counted graphs.
  m.failures.clear();
  for (size_t i = 0; i < m.compiles.size(); ++i) {
    Compile& c = m.compiles[i];
    derive_outcome(m, c);
    if (c.outcome == Outcome::RecompileLimit && c.frame >= 0) m.frames[static_cast<size_t>(c.frame)].hit_recompile_limit = true;
    if (c.outcome == Outcome::Failed || c.outcome == Outcome::FrameSkipped || c.outcome == Outcome::RecompileLimit) {
      Failure f;
      f.compile = static_cast<int32_t>(i);
      f.where = c.metrics ? c.metrics->where : c.where;
      f.outcome = c.outcome;
      f.fail_type = c.metrics->fail_type;
      f.fail_reason = c.metrics->fail_reason;
      f.user_file = c.metrics->fail_user_frame_filename;
      f.user_line = c.metrics->fail_user_frame_lineno;
      m.failures.push_back(std::move(f));
    }
  }
  // Recompiles know their frame.
  for (Recompile& r : m.recompiles) r.frame = m.compiles[static_cast<size_t>(r.compile)].frame;
  // Resume frames: torch_dynamo_resume_in_<fn>_at_<line> in the same process epoch, after the break.
  std::map<std::tuple<int32_t, int32_t, std::string>, std::vector<int32_t>> resumes;
  for (size_t fi = 0; fi < m.frames.size(); ++fi) {
    const Frame& f = m.frames[fi];
    if (f.is_resume) resumes[{f.process, f.epoch, f.name}].push_back(static_cast<int32_t>(fi));
  }
  for (GraphBreak& gb : m.breaks) {
    if (gb.compile < 0) continue;
    const Compile& c = m.compiles[static_cast<size_t>(gb.compile)];
    for (auto it = gb.user_stack.rbegin(); it != gb.user_stack.rend() && gb.resume_frame < 0; ++it) {
      auto r = resumes.find({c.process, c.epoch, fmt::format("torch_dynamo_resume_in_{}_at_{}", it->name, it->line)});
      if (r == resumes.end()) continue;
      for (int32_t fi : r->second)
        if (m.frames[static_cast<size_t>(fi)].frame_id > c.id.frame) {
          gb.resume_frame = fi;
          break;
        }
    }
  }
  // Distinct break sites: (user file, line, title).
  m.break_sites.clear();
  std::map<std::tuple<std::string, int64_t, std::string>, int32_t> site_of;
  std::unordered_set<uint64_t> site_compile;  // (site, compile) pairs already in a site's compiles
  for (size_t bi = 0; bi < m.breaks.size(); ++bi) {
    GraphBreak& gb = m.breaks[bi];
    auto [it, inserted] = site_of.try_emplace({gb.user_file, gb.user_line, gb.title}, static_cast<int32_t>(m.break_sites.size()));
    if (inserted) {
      BreakSite s;
      s.user_file = gb.user_file;
      s.user_line = gb.user_line;
      s.user_function = gb.user_function;
      s.title = gb.title;
      s.gb_id = gb.gb_id;
      m.break_sites.push_back(std::move(s));
    }
    gb.site = it->second;
    BreakSite& s = m.break_sites[static_cast<size_t>(it->second)];
    s.events.push_back(static_cast<int32_t>(bi));
    // (a set, not a search of s.compiles: a site shared by every rank has a compile per rank)
    const uint64_t pair = (uint64_t{static_cast<uint32_t>(it->second)} << 32) | static_cast<uint32_t>(gb.compile);
    if (gb.compile >= 0 && site_compile.insert(pair).second)
      s.compiles.push_back(gb.compile);
  }
  // Each event keeps its own kind and gb id; the site counts kinds and names the most common of each.
  for (BreakSite& s : m.break_sites) {
    std::map<std::string, int64_t> ids;
    for (int32_t bi : s.events) {
      const GraphBreak& gb = m.breaks[static_cast<size_t>(bi)];
      s.kind_counts[static_cast<int>(gb.kind)]++;
      ids[gb.gb_id]++;
    }
    int best = 0;
    for (int k = 1; k < kBreakKindCount; ++k)
      if (s.kind_counts[k] > s.kind_counts[best]) best = k;
    s.kind = static_cast<BreakKind>(best);
    int64_t best_n = 0;
    for (int32_t bi : s.events) {  // ties: the id seen first
      const std::string& id = m.breaks[static_cast<size_t>(bi)].gb_id;
      if (ids[id] > best_n) best_n = ids[id], s.gb_id = id;
    }
  }
  std::stable_sort(m.break_sites.begin(), m.break_sites.end(),
                   [](const BreakSite& a, const BreakSite& b) { return a.events.size() > b.events.size(); });
  for (size_t si = 0; si < m.break_sites.size(); ++si)
    for (int32_t bi : m.break_sites[si].events) m.breaks[static_cast<size_t>(bi)].site = static_cast<int32_t>(si);
  // Runs: the processes of one rank (the program run again into the same directory or file),
  // numbered by when they started.
  {
    std::map<int32_t, std::vector<int32_t>> by_rank;
    for (size_t i = 0; i < m.processes.size(); ++i)
      if (m.processes[i].records > 0) by_rank[m.processes[i].rank].push_back(static_cast<int32_t>(i));
    m.runs = 1;
    for (auto& [rank, ps] : by_rank) {
      std::stable_sort(ps.begin(), ps.end(), [&](int32_t a, int32_t b) {
        const Process &x = m.processes[static_cast<size_t>(a)], &y = m.processes[static_cast<size_t>(b)];
        return std::tie(x.start, x.file) < std::tie(y.start, y.file);
      });
      for (size_t k = 0; k < ps.size(); ++k) m.processes[static_cast<size_t>(ps[k])].run = static_cast<int32_t>(k + 1);
      m.runs = std::max(m.runs, static_cast<int32_t>(ps.size()));
    }
  }
  // Ranks.
  std::set<int32_t> ranks;
  for (const Process& p : m.processes)
    if (p.rank >= 0 && p.records > 0) ranks.insert(p.rank);
  m.ranks.assign(ranks.begin(), ranks.end());
  // One pass over the compiles (a pass per rank was O(ranks x compiles)); m.ranks is sorted.
  m.rank_summaries.assign(m.ranks.size(), RankSummary{});
  for (size_t k = 0; k < m.ranks.size(); ++k) m.rank_summaries[k].rank = m.ranks[k];
  if (!m.ranks.empty()) {
    for (const Compile& c : m.compiles) {
      auto at = std::lower_bound(m.ranks.begin(), m.ranks.end(), c.rank);
      if (at == m.ranks.end() || *at != c.rank) continue;
      RankSummary& rs = m.rank_summaries[static_cast<size_t>(at - m.ranks.begin())];
      rs.compiles++;
      rs.graphs += c.has_graph;
      rs.breaks += static_cast<int64_t>(c.breaks.size());
      rs.recompiles += c.recompile >= 0 ? 1 : 0;
      rs.failures += (c.outcome == Outcome::Failed || c.outcome == Outcome::FrameSkipped ||
                      c.outcome == Outcome::RecompileLimit);
      rs.compile_time_s += c.compile_time_s();
    }
  }
}

void merge_models(Model& dst, PayloadStore& dst_store, Model&& src, PayloadStore&& src_store) {
  int64_t pay_off = dst_store.absorb(std::move(src_store));
  auto proc_off = static_cast<int32_t>(dst.processes.size());
  auto comp_off = static_cast<int32_t>(dst.compiles.size());
  auto break_off = static_cast<int32_t>(dst.breaks.size());
  auto rc_off = static_cast<int32_t>(dst.recompiles.size());
  auto fix_payload = [&](Artifact& a) {
    if (a.payload.id >= 0) a.payload.id += pay_off;
  };
  for (auto& p : src.processes) dst.processes.push_back(p);
  for (auto& c : src.compiles) {
    c.process += proc_off;
    for (auto& b : c.breaks) b += break_off;
    if (c.recompile >= 0) c.recompile += rc_off;
    for (auto& a : c.artifacts) fix_payload(a);
    dst.compiles.push_back(std::move(c));
  }
  for (auto& b : src.breaks) {
    if (b.compile >= 0) b.compile += comp_off;
    dst.breaks.push_back(std::move(b));
  }
  for (auto& r : src.recompiles) {
    r.compile += comp_off;
    dst.recompiles.push_back(std::move(r));
  }
  for (auto& e : src.events) {
    e.process += proc_off;
    dst.events.push_back(std::move(e));
  }
  for (auto& a : src.global_artifacts) {
    fix_payload(a);
    dst.global_artifacts.push_back(std::move(a));
  }
  for (auto& mt : src.global_metrics) dst.global_metrics.push_back(std::move(mt));
  for (auto& ev : src.export_events) dst.export_events.push_back(std::move(ev));
  for (int i = 0; i < kDiagCount; ++i) {
    dst.diag.counts[i] += src.diag.counts[i];
    for (auto& ex : src.diag.examples[i])
      if (dst.diag.examples[i].size() < Diagnostics::kMaxExamples) dst.diag.examples[i].push_back(std::move(ex));
  }
  for (auto& [k, v] : src.diag.unknown_kinds) dst.diag.unknown_kinds[k] += v;
  dst.records += src.records;
  dst.bytes += src.bytes;
  dst.is_export = dst.is_export || src.is_export;
}

}  // namespace tparse
