// Multi-rank facts from a Model (and payloads), and the analyses over them; see multirank.hpp.
// Each analysis follows tlparse 0.4.3's documented rule (TLPARSE-FEATURES.md §8); where tlparse
// depends on directory order we use trace order, said at the function.
#include "multirank.hpp"

#include <fmt/format.h>
#include <simdjson.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>
#include <unordered_map>

namespace tparse::multirank {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
bool is_word(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/// tlparse's normalize_op: trailing '_' removed, then the first collective family the name contains.
const char* normalize_op(std::string_view op) {
  while (!op.empty() && op.back() == '_') op.remove_suffix(1);
  static const char* kFamilies[] = {"all_reduce", "reduce_scatter", "all_gather", "broadcast", "all_to_all"};
  for (const char* f : kFamilies)
    if (op.find(f) != std::string_view::npos) return f;
  if (op.find("reduce") != std::string_view::npos) return "reduce";
  return nullptr;
}

/// Removes `#...` and `//...` to end of line and `/* ... */` (tlparse's comment regex).
std::string strip_comments(std::string_view code) {
  std::string out;
  out.reserve(code.size());
  for (size_t i = 0; i < code.size();) {
    char c = code[i];
    if (c == '#' || (c == '/' && i + 1 < code.size() && code[i + 1] == '/')) {
      while (i < code.size() && code[i] != '\n') ++i;
    } else if (c == '/' && i + 1 < code.size() && code[i + 1] == '*') {
      size_t e = code.find("*/", i + 2);
      i = e == std::string_view::npos ? code.size() : e + 2;
    } else {
      out.push_back(c);
      ++i;
    }
  }
  return out;
}

/// Matches `torch\s*.\s*ops\s*.\s*_?c10d_functional\s*.\s*(NAME)\s*.\s*default\s*(` at p.
bool match_call(std::string_view s, size_t p, std::string_view& name, size_t& end) {
  auto lit = [&](std::string_view w) {
    if (s.substr(p, w.size()) != w) return false;
    p += w.size();
    return true;
  };
  auto ws = [&] {
    while (p < s.size() && is_space(s[p])) ++p;
  };
  if (!lit("torch")) return false;
  ws();
  if (!lit(".")) return false;
  ws();
  if (!lit("ops")) return false;
  ws();
  if (!lit(".")) return false;
  ws();
  if (p < s.size() && s[p] == '_') ++p;
  if (!lit("c10d_functional")) return false;
  ws();
  if (!lit(".")) return false;
  ws();
  size_t b = p;
  while (p < s.size() && is_word(s[p])) ++p;
  if (p == b) return false;
  name = s.substr(b, p - b);
  ws();
  if (!lit(".")) return false;
  ws();
  if (!lit("default")) return false;
  ws();
  if (!lit("(")) return false;
  end = p;
  return true;
}

/// Canonical JSON (compact, object keys sorted, numbers as written) of a DOM element.
void canonical(simdjson::dom::element e, std::string& out) {
  using simdjson::dom::element_type;
  switch (e.type()) {
    case element_type::OBJECT: {
      std::vector<std::pair<std::string_view, simdjson::dom::element>> kv;
      simdjson::dom::object obj = e.get_object().value_unsafe();  // a named copy: the result is a temporary
      for (auto f : obj) kv.emplace_back(f.key, f.value);
      std::stable_sort(kv.begin(), kv.end(), [](auto& a, auto& b) { return a.first < b.first; });
      out.push_back('{');
      for (size_t i = 0; i < kv.size(); ++i) {
        if (i) out.push_back(',');
        json_escape(out, kv[i].first);
        out.push_back(':');
        canonical(kv[i].second, out);
      }
      out.push_back('}');
      break;
    }
    case element_type::ARRAY: {
      out.push_back('[');
      bool first = true;
      simdjson::dom::array arr = e.get_array().value_unsafe();
      for (auto v : arr) {
        if (!first) out.push_back(',');
        first = false;
        canonical(v, out);
      }
      out.push_back(']');
      break;
    }
    case element_type::STRING: json_escape(out, e.get_string().value_unsafe()); break;
    default: out += simdjson::minify(e); break;
  }
}

std::string digest(std::string_view s) {
  uint64_t h = 1469598103934665603ull;  // FNV-1a 64
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return fmt::format("{:016x}-{}", h, s.size());
}

const char* cache_status_of(std::string_view name, int& prio) {
  if (name.find("cache_miss") != std::string_view::npos) return prio = 3, "miss";
  if (name.find("cache_hit") != std::string_view::npos) return prio = 2, "hit";
  if (name.find("cache_bypass") != std::string_view::npos) return prio = 1, "bypass";
  return prio = 0, "";
}

void fill_graph(GraphFacts& g, const Compile& c, const PayloadStore& ps, simdjson::dom::parser& parser) {
  const Artifact* sched = nullptr;
  const Artifact* runtime = nullptr;
  const Artifact* code = nullptr;
  int best = 0;
  for (const auto& a : c.artifacts) {
    // tlparse reads the first file of each kind in the graph folder.
    if (a.name == "inductor_collective_schedule" && !sched) sched = &a;
    else if (a.name == "inductor_runtime_and_tensor_meta" && !runtime) runtime = &a;
    else if (a.kind == "inductor_output_code" && !code) code = &a;
    int prio = 0;
    const char* st = cache_status_of(a.name, prio);
    if (prio > best) best = prio, g.cache = st;
  }
  if (sched && sched->payload.valid()) {
    std::string text = ps.get(sched->payload);
    simdjson::dom::element doc;
    simdjson::dom::array arr;
    if (!parser.parse(text).get(doc) && !doc.get_array().get(arr)) {
      for (auto v : arr) {
        std::string_view s;
        if (!v.get_string().get(s)) g.schedule.emplace_back(s);
      }
      g.has_schedule = !g.schedule.empty();  // tlparse drops empty schedules
    }
  }
  if (runtime && runtime->payload.valid()) {
    std::string text = ps.get(runtime->payload);
    simdjson::dom::element doc;
    if (!parser.parse(text).get(doc)) {
      std::string canon;
      canonical(doc, canon);
      g.tensor_meta = digest(canon);
      simdjson::dom::array ops;
      if (!doc["ops"].get_array().get(ops)) {
        g.has_runtime = true;
        for (auto op : ops) {
          std::string_view name;
          double ns = 0;
          if (op["name"].get_string().get(name)) name = "?";
          if (op["estimated_runtime_ns"].get_double().get(ns)) {
            int64_t i = 0;
            if (!op["estimated_runtime_ns"].get_int64().get(i)) ns = static_cast<double>(i);
          }
          g.runtime_ns += ns;
          g.ops.emplace_back(std::string(name), ns);
        }
      }
    }
  }
  if (g.has_schedule && code && code->payload.valid()) {
    auto [off, miss] = collectives_parity(g.schedule, ps.get(code->payload));
    g.offset = off, g.missing_waits = miss;
  }
}

std::string join_ids(const std::vector<std::string>& v, size_t max = 6) {
  std::string s;
  for (size_t i = 0; i < v.size() && i < max; ++i) s += (i ? ", " : "") + v[i];
  if (v.size() > max) s += fmt::format(" (+{} more)", v.size() - max);
  return s;
}

/// Groups ranks by key; the biggest group last when outliers_first, else first. Ties: lowest rank first.
std::vector<RankGroup> group_by(const std::vector<RankFacts>& rs, auto&& key_of, bool outliers_first) {
  std::map<std::string, std::vector<int32_t>> g;
  for (const auto& r : rs) g[key_of(r)].push_back(r.rank);
  std::vector<RankGroup> out;
  for (auto& [k, v] : g) out.push_back({v, k, ""});
  std::sort(out.begin(), out.end(), [&](const RankGroup& a, const RankGroup& b) {
    if (a.ranks.size() != b.ranks.size()) return outliers_first ? a.ranks.size() < b.ranks.size() : a.ranks.size() > b.ranks.size();
    return a.ranks.front() < b.ranks.front();
  });
  return out;
}

/// What a rank's log says of its collective schedule: logged, absent with every graph an FX graph
/// cache hit (a hit logs no schedule), or absent otherwise.
enum class SchedLog { Logged, AbsentCacheHits, Absent };
SchedLog schedule_log(const RankFacts& r) {
  bool cached = false, all_hit = true;
  for (const auto& g : r.graphs) {
    if (g.has_schedule) return SchedLog::Logged;
    if (g.cache == "hit") cached = true;
    else if (!g.cache.empty()) all_hit = false;
  }
  return cached && all_hit ? SchedLog::AbsentCacheHits : SchedLog::Absent;
}

std::string behaviour_key(const RankFacts& r) {
  std::string k;
  for (const auto& id : r.compile_ids) k += id + ",";
  k += fmt::format("|g{}|b{}|", r.graphs_compiled, r.break_events);
  for (const auto& s : r.break_sites) k += s + ";";
  k += "|";
  for (const auto& s : r.recompiles) k += s + ";";
  k += "|" + r.cache_seq + "|";
  for (const auto& g : r.graphs) {
    if (!g.has_schedule) continue;
    k += g.compile_id + ":";
    for (const auto& op : g.schedule) k += op + ",";
  }
  return k;
}

/// How rank `r` differs from `base` (the majority), in words.
std::string describe_difference(const RankFacts& r, const RankFacts& base) {
  std::vector<std::string> parts;
  std::set<std::string> b(base.compile_ids.begin(), base.compile_ids.end()), o(r.compile_ids.begin(), r.compile_ids.end());
  std::vector<std::string> extra, missing;
  for (const auto& id : r.compile_ids) if (!b.count(id)) extra.push_back(id);
  for (const auto& id : base.compile_ids) if (!o.count(id)) missing.push_back(id);
  std::vector<std::string> new_recomp;
  std::set<std::string> brc(base.recompiles.begin(), base.recompiles.end());
  for (const auto& rc : r.recompiles) if (!brc.count(rc)) new_recomp.push_back(rc);
  if (!new_recomp.empty()) parts.push_back("recompiled " + join_ids(new_recomp, 2));
  else if (!extra.empty()) parts.push_back("also compiled " + join_ids(extra));
  if (!missing.empty()) parts.push_back("did not compile " + join_ids(missing));
  if (r.break_sites != base.break_sites || r.break_events != base.break_events)
    parts.push_back(fmt::format("graph breaks differ ({} events at {} sites vs {} at {})", r.break_events,
                                r.break_sites.size(), base.break_events, base.break_sites.size()));
  if (r.graphs_compiled != base.graphs_compiled) parts.push_back(fmt::format("{} graphs vs {}", r.graphs_compiled, base.graphs_compiled));
  if (r.cache_seq != base.cache_seq) parts.push_back("cache hit/miss sequence " + (r.cache_seq.empty() ? "(none)" : r.cache_seq) + " vs " + (base.cache_seq.empty() ? "(none)" : base.cache_seq));
  bool sched_differs = false;
  {
    std::string a, c;
    for (const auto& g : r.graphs) for (const auto& op : g.schedule) a += op + ",";
    for (const auto& g : base.graphs) for (const auto& op : g.schedule) c += op + ",";
    sched_differs = a != c;
  }
  if (sched_differs) {
    SchedLog s = schedule_log(r);
    if (s == SchedLog::Logged) parts.push_back("collective schedule differs");
    else if (s == SchedLog::AbsentCacheHits) parts.push_back("logged no collective schedule (its graphs were FX graph cache hits, which log none)");
    else parts.push_back("logged no collective schedule");
  }
  if (parts.empty()) return "behave differently in detail (recompile reasons or compile-id order)";
  std::string s;
  for (size_t i = 0; i < parts.size(); ++i) s += (i ? "; " : "") + parts[i];
  return s;
}

}  // namespace

std::string rank_list_text(const std::vector<int32_t>& ranks, size_t max_shown) {
  std::string s;
  for (size_t i = 0; i < ranks.size() && i < max_shown; ++i) s += (i ? ", " : "") + std::to_string(ranks[i]);
  if (ranks.size() > max_shown) s += fmt::format(", ... (+{} more)", ranks.size() - max_shown);
  return s;
}

std::pair<int64_t, int64_t> collectives_parity(const std::vector<std::string>& schedule, std::string_view code) {
  std::map<std::string, int64_t> sched, in_code;
  for (const auto& op : schedule)
    if (const char* n = normalize_op(op)) sched[n]++;
  std::string clean = strip_comments(code);
  int64_t waits = 0;
  for (size_t p = clean.find("torch"); p != std::string::npos; p = clean.find("torch", p + 1)) {
    std::string_view name;
    size_t end = 0;
    if (!match_call(clean, p, name, end)) continue;
    if (name == "wait_tensor") ++waits;
    else if (const char* n = normalize_op(name)) in_code[n]++;
    p = end - 1;
  }
  int64_t total = 0;
  for (auto& [k, v] : in_code) total += v;
  int64_t missing = std::max<int64_t>(0, total - waits);
  int64_t offset = 0;
  std::set<std::string> all;
  for (auto& [k, v] : sched) all.insert(k);
  for (auto& [k, v] : in_code) all.insert(k);
  for (const auto& k : all) offset += std::llabs(sched[k] - in_code[k]);
  return {offset, missing};
}

std::vector<RankFacts> extract_rank_facts(const Model& m, const PayloadStore& ps, std::vector<NameMismatch>* mismatches) {
  auto rank_of_process = [&](int32_t p) -> int32_t {
    if (p < 0 || static_cast<size_t>(p) >= m.processes.size()) return -1;
    const Process& pr = m.processes[static_cast<size_t>(p)];
    if (pr.file >= 0 && m.files[static_cast<size_t>(pr.file)].rank_from_name >= 0)
      return m.files[static_cast<size_t>(pr.file)].rank_from_name;
    return pr.rank;
  };
  std::map<int32_t, RankFacts> by_rank;
  std::set<std::pair<int32_t, int32_t>> seen_mismatch;  // (file, record rank)
  for (size_t i = 0; i < m.processes.size(); ++i) {
    const Process& p = m.processes[i];
    if (p.records == 0) continue;
    int32_t r = rank_of_process(static_cast<int32_t>(i));
    if (r < 0) continue;
    RankFacts& rf = by_rank[r];
    rf.rank = r;
    if (rf.file.empty() && p.file >= 0) rf.file = m.files[static_cast<size_t>(p.file)].path;
    if (p.rank >= 0 && rf.record_rank < 0) rf.record_rank = p.rank;
    if (p.file >= 0 && p.rank >= 0 && p.rank != r && mismatches && seen_mismatch.insert({p.file, p.rank}).second)
      mismatches->push_back({m.files[static_cast<size_t>(p.file)].path, r, p.rank});
  }
  simdjson::dom::parser parser;
  std::map<int32_t, std::set<int32_t>> sites;
  for (const auto& c : m.compiles) {
    int32_t r = rank_of_process(c.process);
    auto it = by_rank.find(r);
    if (it == by_rank.end()) continue;
    RankFacts& rf = it->second;
    GraphFacts g;
    g.compile_id = c.id.key();
    fill_graph(g, c, ps, parser);
    rf.graphs.push_back(std::move(g));
    rf.compile_ids.push_back(c.id.str());
    rf.graphs_compiled += c.has_graph;
    rf.break_events += static_cast<int64_t>(c.breaks.size());
    for (int32_t b : c.breaks) sites[r].insert(m.breaks[static_cast<size_t>(b)].site);
    rf.compile_time_s += c.compile_time_s();
    if (c.recompile >= 0) {
      const Recompile& rc = m.recompiles[static_cast<size_t>(c.recompile)];
      std::string why = rc.reasons.empty() ? "?" : rc.reasons.front().text;
      if (why.size() > 160) why = why.substr(0, 157) + "...";
      rf.recompiles.push_back("[" + c.id.key() + "] because " + why);  // the compile, whatever its attempts
    }
    for (const auto& a : c.artifacts) {
      int prio = 0;
      cache_status_of(a.name, prio);
      if (prio) rf.cache_seq.push_back(prio == 3 ? 'M' : prio == 2 ? 'H' : 'B');
    }
    // graph_execution artifacts are logged with or without a compile id: the latest wins.
    for (const auto& a : c.artifacts)
      if (a.name.find("graph_execution") != std::string::npos && a.encoding == "json" && a.payload.valid()) {
        rf.exec_order.clear();
        rf.has_exec_order = false;
        std::string text = ps.get(a.payload);
        simdjson::dom::element doc;
        simdjson::dom::array arr;
        if (!parser.parse(text).get(doc) && !doc["graph_execution_order"].get_array().get(arr)) {
          rf.has_exec_order = true;
          for (auto v : arr) {
            std::string_view s;
            if (!v.get_string().get(s) || !v["compile_id"].get_string().get(s)) rf.exec_order.emplace_back(s);
          }
        }
      }
  }
  // A file's rank: that of its first process with records and a rank (one map, not a walk over
  // every process per artifact: each rank's file logs one).
  std::unordered_map<int32_t, int32_t> rank_of_file;
  for (size_t i = 0; i < m.processes.size(); ++i)
    if (m.processes[i].records && !rank_of_file.count(m.processes[i].file))
      if (int32_t r = rank_of_process(static_cast<int32_t>(i)); r >= 0) rank_of_file[m.processes[i].file] = r;
  for (const auto& a : m.global_artifacts) {
    if (a.name.find("graph_execution") == std::string::npos || !a.payload.valid()) continue;
    auto rf_it = rank_of_file.find(a.where.file);
    int32_t r = rf_it == rank_of_file.end() ? -1 : rf_it->second;
    auto it = by_rank.find(r);
    if (it == by_rank.end()) continue;
    std::string text = ps.get(a.payload);
    simdjson::dom::element doc;
    simdjson::dom::array arr;
    if (parser.parse(text).get(doc) || doc["graph_execution_order"].get_array().get(arr)) continue;
    it->second.has_exec_order = true;
    it->second.exec_order.clear();
    for (auto v : arr) {
      std::string_view s;
      if (!v.get_string().get(s) || !v["compile_id"].get_string().get(s)) it->second.exec_order.emplace_back(s);
    }
  }
  std::vector<RankFacts> out;
  for (auto& [r, rf] : by_rank) {
    for (int32_t s : sites[r]) {
      if (s < 0) continue;
      const BreakSite& bs = m.break_sites[static_cast<size_t>(s)];
      rf.break_sites.push_back(fmt::format("{}:{}: {}", bs.user_file, bs.user_line, bs.title));
    }
    std::sort(rf.break_sites.begin(), rf.break_sites.end());
    out.push_back(std::move(rf));
  }
  return out;
}

Analysis analyze(const std::vector<RankFacts>& rs, std::vector<NameMismatch> mismatches) {
  Analysis a;
  a.ranks = static_cast<int64_t>(rs.size());
  a.name_mismatches = std::move(mismatches);
  if (rs.empty()) return a;
  std::map<int32_t, const RankFacts*> by_rank;
  for (const auto& r : rs) by_rank[r.rank] = &r;

  // Compile-id sets and cache sequences (tlparse §8.3, first two diagnostics).
  a.id_groups = group_by(rs, [](const RankFacts& r) {
    std::set<std::string> s(r.compile_ids.begin(), r.compile_ids.end());
    std::string k;
    for (const auto& id : s) k += id + " ";
    return k;
  }, false);
  a.cache_groups = group_by(rs, [](const RankFacts& r) { return r.cache_seq; }, false);

  // Collective schedules, tlparse's rule: once any rank logged one, every rank is grouped by its
  // concatenated ops, a rank that logged none with the empty sequence. Such a rank whose compiles
  // all came from the FX graph cache (which logs no schedule) is named, since its collectives are
  // not known to differ: tlparse reports it as a divergence all the same.
  bool any_sched = false;
  for (const auto& r : rs) any_sched |= schedule_log(r) == SchedLog::Logged;
  static const std::vector<RankFacts> kNone;
  const std::vector<RankFacts>& with_sched = any_sched ? rs : kNone;
  for (const auto& r : with_sched)
    if (schedule_log(r) == SchedLog::AbsentCacheHits) a.schedule_absent_cache_hit.push_back(r.rank);
  a.schedule_groups = group_by(with_sched, [](const RankFacts& r) {
    std::string k;
    for (const auto& g : r.graphs)
      for (const auto& op : g.schedule) k += op + "\n";
    return k;
  }, false);
  if (a.schedule_groups.size() > 1) {
    // Where the largest group and the next first differ: graph by graph (schedules in trace order), op by op.
    const RankFacts& x = *by_rank[a.schedule_groups[0].ranks.front()];
    const RankFacts& y = *by_rank[a.schedule_groups[1].ranks.front()];
    std::vector<const GraphFacts*> gx, gy;
    for (const auto& g : x.graphs) if (g.has_schedule) gx.push_back(&g);
    for (const auto& g : y.graphs) if (g.has_schedule) gy.push_back(&g);
    ScheduleDivergence d;
    d.ranks_a = a.schedule_groups[0].ranks;
    d.ranks_b = a.schedule_groups[1].ranks;
    for (size_t gi = 0; gi < std::max(gx.size(), gy.size()); ++gi) {
      const auto* sa = gi < gx.size() ? &gx[gi]->schedule : nullptr;
      const auto* sb = gi < gy.size() ? &gy[gi]->schedule : nullptr;
      if (sa && sb && *sa == *sb) continue;
      d.graph_index = static_cast<int64_t>(gi);
      d.compile_id = gi < gx.size() ? gx[gi]->compile_id : gy[gi]->compile_id;
      size_t na = sa ? sa->size() : 0, nb = sb ? sb->size() : 0;
      size_t p = 0;
      while (p < na && p < nb && (*sa)[p] == (*sb)[p]) ++p;
      d.position = static_cast<int64_t>(p);
      d.op_a = p < na ? (*sa)[p] : "";
      d.op_b = p < nb ? (*sb)[p] : "";
      break;
    }
    a.divergence = d;
  }

  // Collectives parity.
  for (const auto& r : rs)
    for (const auto& g : r.graphs)
      if (g.offset > 0 || g.missing_waits > 0) a.parity.push_back({r.rank, g.compile_id, std::max<int64_t>(0, g.offset), std::max<int64_t>(0, g.missing_waits)});

  // Runtime estimates: ranks with estimates, graphs aligned by index (trace order; tlparse: folder order).
  std::vector<std::pair<int32_t, std::vector<const GraphFacts*>>> rt;
  for (const auto& r : rs) {
    std::vector<const GraphFacts*> v;
    for (const auto& g : r.graphs) if (g.has_runtime) v.push_back(&g);
    if (!v.empty()) rt.emplace_back(r.rank, std::move(v));
  }
  a.runtime_present = !rt.empty();
  if (!rt.empty()) {
    size_t n = rt.front().second.size();
    for (const auto& [r, v] : rt) a.runtime_mismatched_counts |= v.size() != n;
    if (!a.runtime_mismatched_counts) {
      auto round3 = [](double ms) { return std::round(ms * 1000.0) / 1000.0; };
      for (size_t i = 0; i < n; ++i) {
        RuntimeRow row;
        row.graph_index = static_cast<int64_t>(i);
        row.compile_id = rt.front().second[i]->compile_id;
        double mn = INFINITY, mx = -INFINITY;
        for (const auto& [r, v] : rt) {  // ties: the later rank wins, as tlparse's fold (<=, >=)
          double ns = v[i]->runtime_ns;
          if (ns <= mn) mn = ns, row.fastest_rank = r;
          if (ns >= mx) mx = ns, row.slowest_rank = r;
        }
        row.fastest_ns = mn, row.slowest_ns = mx;
        row.fastest_ms = round3(mn / 1e6), row.slowest_ms = round3(mx / 1e6), row.delta_ms = round3((mx - mn) / 1e6);
        a.runtime.push_back(row);
      }
      std::stable_sort(a.runtime.begin(), a.runtime.end(), [](auto& x, auto& y) { return x.compile_id < y.compile_id; });
    }
  }

  // Tensor metadata: per rank, fingerprints sorted by graph, joined.
  std::vector<RankFacts> with_meta;
  for (const auto& r : rs)
    for (const auto& g : r.graphs)
      if (!g.tensor_meta.empty()) {
        with_meta.push_back(r);
        break;
      }
  a.tensor_meta_groups = group_by(with_meta, [](const RankFacts& r) {
    std::vector<std::pair<std::string, std::string>> v;
    for (const auto& g : r.graphs) if (!g.tensor_meta.empty()) v.emplace_back(g.compile_id, g.tensor_meta);
    std::sort(v.begin(), v.end());
    std::string k;
    for (const auto& [id, fp] : v) k += fp + ",";
    return k;
  }, false);

  // Graph execution order.
  size_t max_len = 0;
  for (const auto& r : rs) {
    a.exec.present |= r.has_exec_order;
    max_len = std::max(max_len, r.exec_order.size());
  }
  {
    std::set<int32_t> sched_r, cache_r;
    for (size_t idx = 0; idx < max_len; ++idx) {
      std::vector<std::pair<int32_t, const std::string*>> at;
      for (const auto& r : rs)
        if (idx < r.exec_order.size()) at.emplace_back(r.rank, &r.exec_order[idx]);
      std::set<std::string> ids;
      std::vector<const std::vector<std::string>*> scheds;
      std::vector<const std::string*> caches;
      for (auto [rank, cid] : at) {
        ids.insert(*cid);
        const RankFacts& rf = *by_rank[rank];
        const GraphFacts* gf = nullptr;
        for (const auto& g : rf.graphs) if (g.compile_id == *cid) gf = &g;  // last attempt's folder
        if (gf && gf->has_schedule) scheds.push_back(&gf->schedule);
        if (gf && !gf->cache.empty()) caches.push_back(&gf->cache);
      }
      a.exec.order_differs |= ids.size() > 1;
      bool sm = false, cm = false;
      for (size_t i = 1; i < scheds.size(); ++i) sm |= *scheds[i] != *scheds[0];
      for (size_t i = 1; i < caches.size(); ++i) cm |= *caches[i] != *caches[0];
      if (sm) {
        a.exec.schedule_mismatch_indices.push_back(static_cast<int64_t>(idx));
        for (auto [rank, cid] : at) sched_r.insert(rank);
      }
      if (cm) {
        a.exec.cache_mismatch_indices.push_back(static_cast<int64_t>(idx));
        for (auto [rank, cid] : at) cache_r.insert(rank);
      }
    }
    a.exec.schedule_mismatch_ranks.assign(sched_r.begin(), sched_r.end());
    a.exec.cache_mismatch_ranks.assign(cache_r.begin(), cache_r.end());
  }

  // Behaviour groups: outliers first; each described against the majority.
  auto bg = group_by(rs, behaviour_key, false);
  if (!bg.empty()) {
    const RankFacts& base = *by_rank[bg.front().ranks.front()];
    for (size_t i = 1; i < bg.size(); ++i) bg[i].description = describe_difference(*by_rank[bg[i].ranks.front()], base);
    std::rotate(bg.begin(), bg.begin() + 1, bg.end());  // majority last
    std::stable_sort(bg.begin(), bg.end() - 1, [](const RankGroup& x, const RankGroup& y) { return x.ranks.size() < y.ranks.size(); });
  }
  for (auto& g : bg) g.key = digest(g.key);
  a.behaviour_groups = std::move(bg);

  // Compile time across ranks: they ran in parallel, so spread, not sum.
  std::vector<std::pair<double, int32_t>> t;
  for (const auto& r : rs) t.emplace_back(r.compile_time_s, r.rank);
  std::sort(t.begin(), t.end());
  a.compile_time.min_s = t.front().first;
  a.compile_time.max_s = t.back().first;
  a.compile_time.median_s = t.size() % 2 ? t[t.size() / 2].first : (t[t.size() / 2 - 1].first + t[t.size() / 2].first) / 2;
  std::stable_sort(t.begin(), t.end(), [](auto& x, auto& y) { return x.first > y.first; });
  for (size_t i = 0; i < t.size() && i < 5; ++i) a.compile_time.slowest.emplace_back(t[i].second, t[i].first);
  return a;
}

}  // namespace tparse::multirank
