// Totals, summary JSON and summary text; see summary.hpp.
#include "summary.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <map>
#include <set>

#include "core/json_writer.hpp"
#include "core/read/utf8.hpp"

namespace tparse {

Totals compute_totals(const Model& m) {
  Totals t;
  t.frames = static_cast<int64_t>(m.frames.size());
  t.compiles = static_cast<int64_t>(m.compiles.size());
  t.graphs = m.graph_count();
  t.break_events = static_cast<int64_t>(m.breaks.size());
  t.break_sites = static_cast<int64_t>(m.break_sites.size());
  t.recompiles = static_cast<int64_t>(m.recompiles.size());
  t.failures = static_cast<int64_t>(m.failures.size());
  t.restarts = m.restart_count();
  t.fallbacks = m.fallback_count();
  for (const auto& c : m.compiles) {
    t.frames_skipped += c.outcome == Outcome::FrameSkipped;
    t.cache_hits += c.cache_hits;
    t.cache_misses += c.cache_misses;
    t.cache_bypasses += c.cache_bypasses;
  }
  t.compile_time_s = m.total_compile_time_s();
  return t;
}

std::vector<Totals> processes_totals(const Model& m) {
  // One pass over the compiles for every process (a call per process made summaries quadratic in
  // ranks: 16384 processes x 65536 compiles).
  std::vector<Totals> out(m.processes.size());
  std::vector<std::set<int32_t>> frames(m.processes.size()), sites(m.processes.size());
  for (const auto& c : m.compiles) {
    if (c.process < 0 || static_cast<size_t>(c.process) >= out.size()) continue;
    Totals& t = out[static_cast<size_t>(c.process)];
    t.compiles++;
    if (c.frame >= 0) frames[static_cast<size_t>(c.process)].insert(c.frame);
    t.graphs += c.has_graph;
    t.break_events += static_cast<int64_t>(c.breaks.size());
    for (int32_t bi : c.breaks) sites[static_cast<size_t>(c.process)].insert(m.breaks[static_cast<size_t>(bi)].site);
    t.recompiles += c.recompile >= 0;
    t.failures += c.outcome == Outcome::Failed || c.outcome == Outcome::FrameSkipped || c.outcome == Outcome::RecompileLimit;
    t.restarts += c.attempts - 1;
    t.frames_skipped += c.outcome == Outcome::FrameSkipped;
    t.cache_hits += c.cache_hits;
    t.cache_misses += c.cache_misses;
    t.cache_bypasses += c.cache_bypasses;
    t.compile_time_s += c.compile_time_s();
  }
  for (size_t p = 0; p < out.size(); ++p) {
    out[p].frames = static_cast<int64_t>(frames[p].size());
    out[p].break_sites = static_cast<int64_t>(sites[p].size());
    for (int32_t fi : frames[p]) out[p].fallbacks += m.frames[static_cast<size_t>(fi)].hit_recompile_limit;
  }
  return out;
}

std::string runs_line(const Model& m) {
  if (m.runs <= 1) return "";
  std::string out;
  const std::vector<Totals> totals = processes_totals(m);
  for (size_t i = 0; i < m.processes.size(); ++i) {
    const Process& p = m.processes[i];
    if (p.records == 0) continue;
    const Totals& t = totals[i];
    out += fmt::format("{}run {}{}: {} graph(s), {} compile(s), {} cache hit(s), {} cache miss(es)", out.empty() ? "" : "; ",
                       p.run, p.rank >= 0 && m.ranks.size() > 1 ? fmt::format(" rank{}", p.rank) : "", t.graphs, t.compiles,
                       t.cache_hits, t.cache_misses);
  }
  return out;
}

std::string display_id(const Model& m, const Compile& c) {
  std::string s;
  if (m.runs > 1 && c.process >= 0) s = fmt::format("run {} ", m.processes[static_cast<size_t>(c.process)].run);
  if (m.ranks.size() > 1 && c.rank >= 0) s += fmt::format("rank{} ", c.rank);
  s += c.id.str();
  if (c.epoch > 0) s += fmt::format(" (epoch {})", c.epoch + 1);
  return s;
}

std::string terminal_safe(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    auto c = static_cast<unsigned char>(s[i]);
    if (c == 0x1b) {  // ESC: drop the escape sequence
      if (i + 1 < s.size() && s[i + 1] == '[') {
        i += 2;
        while (i < s.size() && !(s[i] >= '@' && s[i] <= '~')) ++i;
      }
      continue;
    }
    if (c == '\n' || c == '\t') out.push_back(static_cast<char>(c));
    else if (c < 0x20 || c == 0x7f) out.push_back('?');
    else if (c < 0x80) out.push_back(static_cast<char>(c));
    else {  // well-formed UTF-8 passes, each ill-formed subpart becomes U+FFFD (utf8.hpp)
      bool ok;
      size_t n = utf8_step(s, i, ok);
      if (ok) out.append(s.substr(i, n));
      else out.append(kReplacementChar);
      i += n - 1;
    }
  }
  return out;
}

namespace {

std::string frame_label(const Model& m, int32_t fi) {
  if (fi < 0) return "";
  return m.frames[static_cast<size_t>(fi)].name;
}

// " (3 resumed, 1 frame skipped)" when not every event of the site was an ordinary resumed break.
std::string site_kinds_text(const BreakSite& s) {
  if (s.kind_counts[static_cast<int>(BreakKind::Resumed)] == static_cast<int64_t>(s.events.size())) return "";
  std::string out;
  static constexpr const char* kShort[] = {"resumed", "not resumable", "frame skipped", "fullgraph error"};
  static_assert(sizeof kShort / sizeof kShort[0] == kBreakKindCount);
  for (int k = 0; k < kBreakKindCount; ++k)
    if (s.kind_counts[k]) out += fmt::format("{}{} {}", out.empty() ? "" : ", ", s.kind_counts[k], kShort[k]);
  return " (" + out + ")";
}

void write_loc(JsonWriter& w, const Model& m, const SourceLoc& l) {
  w.key("where");
  if (!l.valid()) w.null();
  else w.value(m.file_of(l));
}


// Multi-rank text summary: the same line on many ranks is printed once with its ranks
// ("[0/1] f: reason  (ranks 2, 10, 18, ... 64 ranks)"), in first-seen order.
struct RankLines {
  std::vector<std::string> order;
  std::map<std::string, std::vector<int32_t>> ranks;
  void add(std::string text, int32_t rank) {
    auto [it, fresh] = ranks.try_emplace(text);
    if (fresh) order.push_back(std::move(text));
    it->second.push_back(rank);
  }
  std::string render(size_t nranks) const {
    std::string o;
    for (const auto& t : order) {
      std::vector<int32_t> rs = ranks.at(t);
      std::sort(rs.begin(), rs.end());
      std::string who;
      if (rs.size() == nranks) who = "all ranks";
      else {
        for (size_t i = 0; i < rs.size() && i < 8; ++i) who += (i ? ", " : "") + std::to_string(rs[i]);
        who = (rs.size() == 1 ? "rank " : "ranks ") + who + (rs.size() > 8 ? fmt::format(", ... ({} ranks)", rs.size()) : "");
      }
      o += t + "  (" + who + ")\n";
    }
    return o;
  }
};

/// Per-rank compile time spread: "min 1.20 s, median 1.31 s, max 4.02 s (slowest: rank 7 4.02 s, ...)".
std::string rank_time_spread(const Model& m) {
  std::vector<std::pair<double, int32_t>> t;
  for (const auto& r : m.rank_summaries) t.emplace_back(r.compile_time_s, r.rank);
  if (t.size() < 2) return "";
  std::sort(t.begin(), t.end());
  double med = t.size() % 2 ? t[t.size() / 2].first : (t[t.size() / 2 - 1].first + t[t.size() / 2].first) / 2;
  std::string slow;
  for (size_t i = 0; i < 3 && i < t.size(); ++i)
    slow += fmt::format("{}rank {} {:.2f} s", i ? ", " : "", t[t.size() - 1 - i].second, t[t.size() - 1 - i].first);
  return fmt::format("per rank min {:.2f} s, median {:.2f} s, max {:.2f} s (slowest: {})", t.front().first, med, t.back().first, slow);
}

}  // namespace

std::string summary_json(const Model& m, bool pretty, const std::function<void(JsonWriter&)>& multi_rank,
                         const std::function<void(JsonWriter&)>& ddp_splits, const JsonWriter::Flush& flush) {
  JsonWriter w(pretty);
  if (flush) w.set_flush(flush);
  Totals t = compute_totals(m);
  w.begin_object();
  w.kv("schema", "tparse-summary").kv("schema_version", kSummarySchemaVersion).kv("tool_version", kToolVersion);
  w.key("inputs").begin_array();
  for (const auto& f : m.files) {
    w.begin_object().kv("path", f.path).opt("rank_from_name", f.rank_from_name).kv("bytes", f.bytes);
    w.kv("lines", f.lines).kv("records", f.records).kv("gzip", f.gzip).end_object();
  }
  w.end_array();
  w.key("totals").begin_object();
  w.kv("frames", t.frames).kv("compiles", t.compiles).kv("graphs", t.graphs);
  w.key("graph_breaks").begin_object().kv("events", t.break_events).kv("distinct_sites", t.break_sites).end_object();
  w.kv("recompiles", t.recompiles).kv("failures", t.failures).kv("restarts", t.restarts);
  w.kv("fallbacks", t.fallbacks).kv("frames_skipped", t.frames_skipped);
  w.key("cache").begin_object().kv("hits", t.cache_hits).kv("misses", t.cache_misses).kv("bypasses", t.cache_bypasses).end_object();
  w.kv("compile_time_s", t.compile_time_s).kv("is_export", m.is_export);
  w.end_object();
  w.key("ranks").begin_array();
  for (const auto& r : m.rank_summaries) {
    w.begin_object().kv("rank", r.rank).kv("compiles", r.compiles).kv("graphs", r.graphs).kv("graph_breaks", r.breaks);
    w.kv("recompiles", r.recompiles).kv("failures", r.failures).kv("compile_time_s", r.compile_time_s).end_object();
  }
  w.end_array();
  // Processes: one per program run (and rank); `run` numbers the runs of one rank by start time.
  w.key("processes").begin_array();
  const std::vector<Totals> totals = processes_totals(m);
  for (size_t i = 0; i < m.processes.size(); ++i) {
    const Process& p = m.processes[i];
    if (p.records == 0) continue;
    const Totals& pt = totals[i];
    w.begin_object().kv("index", static_cast<int64_t>(i)).kv("run", p.run).opt("rank", p.rank);
    w.kv("file", p.file >= 0 && static_cast<size_t>(p.file) < m.files.size() ? m.files[static_cast<size_t>(p.file)].path : "");
    w.key("pid");
    if (p.pid) w.value(p.pid);
    else w.null();
    w.kv("epochs", p.epochs).kv("records", p.records);
    w.key("totals").begin_object().kv("frames", pt.frames).kv("compiles", pt.compiles).kv("graphs", pt.graphs);
    w.key("graph_breaks").begin_object().kv("events", pt.break_events).kv("distinct_sites", pt.break_sites).end_object();
    w.kv("recompiles", pt.recompiles).kv("failures", pt.failures).kv("restarts", pt.restarts);
    w.kv("fallbacks", pt.fallbacks).kv("frames_skipped", pt.frames_skipped);
    w.key("cache").begin_object().kv("hits", pt.cache_hits).kv("misses", pt.cache_misses).kv("bypasses", pt.cache_bypasses).end_object();
    w.kv("compile_time_s", pt.compile_time_s).end_object();
    w.end_object();
  }
  w.end_array();
  w.key("frames").begin_array();
  for (const auto& f : m.frames) {
    w.begin_object().opt("rank", f.rank).kv("epoch", f.epoch).kv("frame_id", f.frame_id).kv("name", f.name);
    w.kv("file", f.file).opt("first_line", f.first_line).kv("is_resume", f.is_resume);
    w.kv("hit_recompile_limit", f.hit_recompile_limit);
    w.key("compiles").begin_array();
    for (int32_t ci : f.compiles) w.value(m.compiles[static_cast<size_t>(ci)].id.str());
    w.end_array().end_object();
  }
  w.end_array();
  w.key("compiles").begin_array();
  for (const auto& c : m.compiles) {
    w.begin_object().kv("id", c.id.str()).opt("rank", c.rank).kv("epoch", c.epoch).kv("frame", frame_label(m, c.frame));
    w.kv("outcome", outcome_name(c.outcome)).kv("attempts", c.attempts).kv("graph", c.has_graph);
    const Metrics* mt = c.metrics ? &*c.metrics : nullptr;
    w.opt("graph_op_count", mt ? mt->graph_op_count : -1).opt("graph_node_count", mt ? mt->graph_node_count : -1);
    w.opt("guard_count", mt ? mt->guard_count : -1);
    w.key("compile_time_s");
    if (mt && mt->entire_frame_compile_time_s >= 0) w.value(mt->entire_frame_compile_time_s);
    else w.null();
    w.key("cache").begin_object().kv("hits", c.cache_hits).kv("misses", c.cache_misses).kv("bypasses", c.cache_bypasses).end_object();
    w.kv("graph_breaks", static_cast<int64_t>(c.breaks.size()));
    w.key("restart_reasons").begin_array();
    for (const auto& r : c.restart_reasons) w.value(r);
    w.end_array();
    if (mt && !mt->fail_type.empty()) w.kv("fail_type", mt->fail_type).kv("fail_reason", mt->fail_reason);
    write_loc(w, m, c.where);
    w.end_object();
  }
  w.end_array();
  w.key("graph_breaks").begin_object().kv("events", t.break_events).key("sites").begin_array();
  for (const auto& s : m.break_sites) {
    w.begin_object().kv("file", s.user_file).opt("line", s.user_line).kv("function", s.user_function);
    w.kv("reason", s.title).kv("gb_id", s.gb_id).kv("count", static_cast<int64_t>(s.events.size()));
    w.key("compiles").begin_array();
    for (int32_t ci : s.compiles) w.value(display_id(m, m.compiles[static_cast<size_t>(ci)]));
    w.end_array();
    const GraphBreak& first = m.breaks[static_cast<size_t>(s.events.front())];
    // The user's source text at the site (from the break's user stack), for matching across runs.
    std::string code;
    for (const auto& f : first.user_stack)
      if (f.line == s.user_line && f.file == s.user_file && !f.code.empty()) code = f.code;
    w.kv("code", code);
    w.kv("kind", break_kind_name(s.kind));
    w.key("kinds").begin_object();
    for (int k = 0; k < kBreakKindCount; ++k)
      if (s.kind_counts[k]) w.kv(break_kind_name(static_cast<BreakKind>(k)), s.kind_counts[k]);
    w.end_object();
    std::map<std::string, int64_t> ids, chained;
    for (int32_t bi : s.events) {
      const GraphBreak& gb = m.breaks[static_cast<size_t>(bi)];
      ids[gb.gb_id]++;
      if (!gb.chained_gb_id.empty()) chained[gb.chained_gb_id]++;
    }
    w.key("gb_ids").begin_object();
    for (const auto& [id, n] : ids) w.kv(id, n);
    w.end_object().key("chained_gb_ids").begin_object();
    for (const auto& [id, n] : chained) w.kv(id, n);
    w.end_object();
    w.end_object();
  }
  w.end_array().end_object();
  w.key("recompiles").begin_array();
  for (const auto& r : m.recompiles) {
    const Compile& c = m.compiles[static_cast<size_t>(r.compile)];
    w.begin_object().kv("compile", display_id(m, c)).kv("frame", frame_label(m, r.frame));
    w.key("reasons").begin_array();
    for (const auto& g : r.reasons) {
      w.begin_object().kv("entry", g.entry).kv("source", g.source).kv("change", guard_change_name(g.change));
      w.opt("index", g.index).kv("expected", g.expected).kv("actual", g.actual).kv("text", g.text).end_object();
    }
    w.end_array();
    write_loc(w, m, r.where);
    w.end_object();
  }
  w.end_array();
  w.key("failures").begin_array();
  for (const auto& f : m.failures) {
    w.begin_object().kv("compile", display_id(m, m.compiles[static_cast<size_t>(f.compile)]));
    w.kv("frame", frame_label(m, m.compiles[static_cast<size_t>(f.compile)].frame));
    w.kv("outcome", outcome_name(f.outcome)).kv("fail_type", f.fail_type).kv("fail_reason", f.fail_reason);
    w.kv("user_file", f.user_file).opt("user_line", f.user_line);
    write_loc(w, m, f.where);
    w.end_object();
  }
  w.end_array();
  // Records without a compile id (AOTInductor, export): tlparse's "[-/-]" entry. Additive (v2+).
  w.key("no_compile_id").begin_object().kv("id", "[-/-]").key("artifacts").begin_array();
  for (const auto& a : m.global_artifacts) {
    w.begin_object().kv("kind", a.kind).kv("name", a.name).kv("encoding", a.encoding).kv("bytes", a.payload.size);
    write_loc(w, m, a.where);
    w.end_object();
  }
  w.end_array().key("metrics").begin_array();
  for (const auto& mt : m.global_metrics) {
    w.begin_object();
    w.key("inductor_compile_time_s");
    if (mt.inductor_compile_time_s >= 0) w.value(mt.inductor_compile_time_s);
    else w.null();
    write_loc(w, m, mt.where);
    w.end_object();
  }
  w.end_array().end_object();
  // Compile time: top frames.
  std::map<int32_t, double> per_frame;
  for (const auto& c : m.compiles)
    if (c.frame >= 0) per_frame[c.frame] += c.compile_time_s();
  std::vector<std::pair<double, int32_t>> top;
  for (auto& [f, s] : per_frame) top.emplace_back(s, f);
  std::sort(top.begin(), top.end(), [](auto& a, auto& b) { return a.first > b.first; });
  if (top.size() > 10) top.resize(10);
  w.key("compile_time").begin_object().kv("total_s", t.compile_time_s).key("top_frames").begin_array();
  for (auto& [s, f] : top) {
    const Frame& fr = m.frames[static_cast<size_t>(f)];
    w.begin_object().kv("frame", fr.name).opt("rank", fr.rank).kv("frame_id", fr.frame_id).kv("seconds", s).end_object();
  }
  w.end_array().end_object();
  w.key("diagnostics").begin_object().kv("errors", m.diag.errors()).key("counts").begin_object();
  for (int i = 0; i < kDiagCount; ++i) w.kv(diag_name(static_cast<Diag>(i)), m.diag.counts[i]);
  w.end_object().key("examples").begin_array();
  for (int i = 0; i < kDiagCount; ++i)
    for (const auto& ex : m.diag.examples[i]) {
      w.begin_object().kv("class", diag_name(static_cast<Diag>(i)));
      write_loc(w, m, ex.where);
      w.kv("message", ex.message).end_object();
    }
  w.end_array().key("unknown_kinds").begin_object();
  for (const auto& [k, v] : m.diag.unknown_kinds) w.kv(k, v);
  w.end_object().end_object();
  w.key("run");  // additive: `tparse run`'s exit status, last traceback, compile in flight; null otherwise
  write_run_outcome_json(w, m);
  w.key("unfinished_compiles");  // additive: compiles started (dynamo_start) and never finished
  write_in_flight_json(w, m);
  w.key("multi_rank");  // schema 3: tlparse's multi-rank analyses + rank groups (analysis/ranks/multirank.hpp)
  if (multi_rank) multi_rank(w);
  else w.null();
  w.key("ddp_splits");  // DDPOptimizer's subgraphs per split compile (analysis/ranks/ddp_split.hpp)
  if (ddp_splits) ddp_splits(w);
  else w.null();
  w.end_object();
  std::string out = w.take();
  out.push_back('\n');
  return out;
}

std::string summary_text(const Model& m, bool verbose) {
  Totals t = compute_totals(m);
  std::string o;
  auto line = [&](std::string s) { o += terminal_safe(s) + "\n"; };
  line(fmt::format("{} file(s), {:.1f} MB, {} records{}", m.files.size(), m.bytes / 1e6, m.records,
                   m.ranks.size() > 1 ? fmt::format(", {} ranks", m.ranks.size()) : ""));
  line(fmt::format("graphs compiled:   {}", t.graphs));
  line(fmt::format("frames:            {} ({} compiles)", t.frames, t.compiles));
  line(fmt::format("graph breaks:      {} distinct site(s), {} event(s)", t.break_sites, t.break_events));
  line(fmt::format("recompiles:        {}", t.recompiles));
  line(fmt::format("failures:          {} (frames skipped {}, recompile-limit fallbacks {})", t.failures,
                   t.frames_skipped, t.fallbacks));
  line(fmt::format("restarts:          {}", t.restarts));
  line(fmt::format("cache:             {} hit, {} miss, {} bypass", t.cache_hits, t.cache_misses, t.cache_bypasses));
  if (m.ranks.size() > 1)  // ranks compile in parallel: the spread matters, the sum does not
    line("compile time:      " + rank_time_spread(m) + fmt::format("; {:.2f} s summed over ranks", t.compile_time_s));
  else
    line(fmt::format("compile time:      {:.2f} s", t.compile_time_s));
  if (m.runs > 1) {
    // Several runs of the program in one trace: say so, with each run's numbers (ids below carry "run N").
    int64_t n = 0;
    for (const auto& p : m.processes) n += p.records > 0;
    o += fmt::format("\nRuns: this trace holds {} processes ({} runs of the program); the numbers above add them up "
                     "(--process N or --latest picks one):\n", n, m.runs);
    const std::vector<Totals> totals = processes_totals(m);
    for (size_t i = 0; i < m.processes.size(); ++i) {
      const Process& p = m.processes[i];
      if (p.records == 0) continue;
      const Totals& pt = totals[i];
      line(fmt::format("  run {}{}: {} (pid {}): {} graph(s), {} compile(s), {} break event(s), {} recompile(s), "
                       "cache {} hit / {} miss, {:.2f} s", p.run, p.rank >= 0 && m.ranks.size() > 1 ? fmt::format(" rank{}", p.rank) : "",
                       m.files[static_cast<size_t>(p.file)].path, p.pid, pt.graphs, pt.compiles, pt.break_events,
                       pt.recompiles, pt.cache_hits, pt.cache_misses, pt.compile_time_s));
    }
  }
  if (!m.break_sites.empty()) {
    o += "\nGraph breaks (distinct sites):\n";
    for (const auto& s : m.break_sites)
      line(fmt::format("  {}x  {}:{}  {}{}{}", s.events.size(), s.user_file, s.user_line, s.title,
                       s.gb_id.empty() ? "" : " [" + s.gb_id + "]", site_kinds_text(s)));
  }
  const bool grouped = m.ranks.size() > 1 && m.runs == 1;  // identical lines of many ranks printed once
  if (!m.recompiles.empty()) {
    o += "\nRecompiles:\n";
    RankLines rl;
    for (const auto& r : m.recompiles) {
      const Compile& c = m.compiles[static_cast<size_t>(r.compile)];
      std::string why = r.reasons.empty() ? "?" : r.reasons.front().text;
      for (size_t p = why.find('\n'); p != std::string::npos; p = why.find('\n', p + 1)) why.insert(p + 1, "      ");
      if (grouped) rl.add(terminal_safe(fmt::format("  {}{} {}: {}", c.id.str(), c.epoch ? fmt::format(" (epoch {})", c.epoch + 1) : "", frame_label(m, r.frame), why)), c.rank);
      else line(fmt::format("  {} {}: {}", display_id(m, c), frame_label(m, r.frame), why));
    }
    o += rl.render(m.ranks.size());
  }
  if (!m.failures.empty()) {
    o += "\nFailures:\n";
    RankLines fl;
    for (const auto& f : m.failures) {
      const Compile& c = m.compiles[static_cast<size_t>(f.compile)];
      // The whole reason (the exception message is often on a later line), continuation lines indented.
      std::string reason = f.fail_reason;
      while (!reason.empty() && (reason.back() == '\n' || reason.back() == ' ')) reason.pop_back();
      std::string indented;
      for (char ch : reason) {
        indented.push_back(ch);
        if (ch == '\n') indented += "      ";
      }
      if (grouped) fl.add(terminal_safe(fmt::format("  {} {}: {} {}", c.id.str(), frame_label(m, c.frame), outcome_name(f.outcome), f.fail_type + ": " + indented)), c.rank);
      else line(fmt::format("  {} {}: {} {}", display_id(m, c), frame_label(m, c.frame), outcome_name(f.outcome),
                            f.fail_type + ": " + indented));
    }
    o += fl.render(m.ranks.size());
  }
  o += run_outcome_text(m);
  o += unfinished_text(m);
  if (verbose) {
    o += "\nCompiles:\n";
    for (const auto& c : m.compiles)
      line(fmt::format("  {:<14} {:<40} {:<16} attempts={} graph={}", display_id(m, c), frame_label(m, c.frame),
                       outcome_name(c.outcome), c.attempts, c.has_graph ? "yes" : "no"));
  }
  uint64_t errs = m.diag.errors(), notes = m.diag.notes();
  if (errs > 0 || notes > 0 || verbose) {
    // Notes (CRLF, empty file, unknown kinds, repeated ids) are listed too: nothing is skipped unseen.
    o += fmt::format("\nInput problems: {} (and {} note(s))\n", errs, notes);
    for (int i = 0; i < kDiagCount; ++i) {
      if (!m.diag.counts[i]) continue;
      line(fmt::format("  {}: {}{}", diag_name(static_cast<Diag>(i)), m.diag.counts[i],
                       diag_is_error(static_cast<Diag>(i)) ? "" : " (note)"));
      size_t shown = 0;
      for (const auto& ex : m.diag.examples[i]) {
        if (shown++ >= (verbose ? 20u : 3u)) break;
        line(fmt::format("    {}: {}", m.file_of(ex.where), ex.message));
      }
    }
  }
  return o;
}

}  // namespace tparse
