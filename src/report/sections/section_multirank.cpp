// The multi-rank landing section: rank behaviour groups (outliers first), compile time across
// ranks, and tlparse's multi-rank analyses (collective schedules, collectives parity, runtime
// estimates, tensor metadata, graph execution order, rank/file-name mismatches). A pure function
// of multirank facts + analysis, so `tparse merge` renders the same page from per-node summaries.
// Sizes stay bounded at any rank count: groups, never one row per rank (that is ranks.html).
#include "section_multirank.hpp"

#include <fmt/format.h>

#include "analysis/ranks/ddp_split.hpp"
#include "report/html.hpp"

namespace tparse::report {

namespace {

using multirank::RankGroup;

constexpr size_t kMaxGroups = 24;   // groups listed per analysis (the rest counted)
constexpr size_t kMaxRows = 50;     // table rows (parity, runtime, mismatches)

std::string ranks_html(const std::vector<int32_t>& ranks, bool rank_pages, size_t shown = 8) {
  std::string s;
  for (size_t i = 0; i < ranks.size() && i < shown; ++i) {
    std::string r = std::to_string(ranks[i]);
    s += (i ? ", " : "") + (rank_pages ? link("rank_" + r + "/index.html", r) : r);
  }
  if (ranks.size() > shown) s += fmt::format(", &hellip; (+{} more)", ranks.size() - shown);
  return s;
}

std::string count_ranks(size_t n) { return fmt::format("{} rank{}", n, n == 1 ? "" : "s"); }

std::string group_list(const std::vector<RankGroup>& gs, bool rank_pages, auto&& describe) {
  std::string out = "<ul>";
  for (size_t i = 0; i < gs.size() && i < kMaxGroups; ++i)
    out += "<li>" + count_ranks(gs[i].ranks.size()) + " (" + ranks_html(gs[i].ranks, rank_pages) + ")" + describe(gs[i]) + "</li>";
  if (gs.size() > kMaxGroups) out += fmt::format("<li>&hellip; {} more groups (summary.json has them all)</li>", gs.size() - kMaxGroups);
  return out + "</ul>";
}

}  // namespace

std::string multirank_section(const std::vector<multirank::RankFacts>& rs, const multirank::Analysis& a, bool rank_pages) {
  if (rs.size() < 2) return "";
  std::string out;
  // The warnings tlparse shows in its desync box, with ours.
  std::vector<std::string> warn;
  if (a.id_groups.size() > 1)
    warn.push_back("Diverging compilation ids across ranks: ranks compiled different graphs or recompiled differently. "
                   "Collectives inside those graphs can hang or time out.");
  if (a.schedule_groups.size() > 1) warn.push_back("Diverging collective operation sequences across ranks.");
  if (!a.parity.empty()) warn.push_back(fmt::format("{} graph(s) whose output code does not match the collective schedule, "
                                                    "or collectives without a wait_tensor.", a.parity.size()));
  if (a.tensor_meta_groups.size() > 1) warn.push_back("Diverging tensor metadata (shapes, strides, dtypes) across ranks.");
  if (a.exec.order_differs || !a.exec.schedule_mismatch_ranks.empty() || !a.exec.cache_mismatch_ranks.empty())
    warn.push_back("Graphs ran in a different order, or graphs at the same position differ, across ranks.");
  if (!a.name_mismatches.empty())
    warn.push_back(fmt::format("{} file(s) named for one rank hold records of another.", a.name_mismatches.size()));
  out += fmt::format("<h2 id=\"ranks\">Ranks: {}</h2>\n", rs.size());
  if (!warn.empty()) {
    out += "<div class=\"warn\" id=\"desync\"><b>Possible desync between ranks</b><ul>";
    for (const auto& w : warn) out += "<li>" + esc(w) + "</li>";
    out += "</ul></div>\n";
  }
  // Behaviour groups: outliers first, the majority last.
  out += "<h3 id=\"rank-groups\">How the ranks behave</h3><ul id=\"behaviour-groups\">\n";
  if (a.behaviour_groups.size() == 1) {
    out += "<li class=\"ok\">All " + count_ranks(rs.size()) + " behave alike (same compile ids, graphs, graph breaks, "
           "recompiles, cache sequence and collective schedule).</li>\n";
  } else {
    for (size_t i = 0; i < a.behaviour_groups.size() && i < kMaxGroups; ++i) {
      const RankGroup& g = a.behaviour_groups[i];
      bool majority = i + 1 == a.behaviour_groups.size();
      out += "<li" + std::string(majority ? " class=\"ok\"" : "") + ">" + count_ranks(g.ranks.size()) + " (" +
             ranks_html(g.ranks, rank_pages) + ") " +
             (majority ? std::string(g.ranks.size() == 1 ? "behaves" : "behave alike") + " (the largest group)"
                       : esc(g.description)) + "</li>\n";
    }
    if (a.behaviour_groups.size() > kMaxGroups)
      out += fmt::format("<li>&hellip; {} more groups (summary.json has them all)</li>\n", a.behaviour_groups.size() - kMaxGroups);
  }
  out += "</ul>\n<p>" + std::string(rank_pages ? "Every rank has its page: <a href=\"ranks.html\">all ranks</a> (one row each)." : "") + "</p>\n";
  // Compile time: the ranks compiled in parallel.
  const auto& ct = a.compile_time;
  out += fmt::format("<h3 id=\"rank-compile-time\">Compile time across ranks</h3><p>min {} &middot; median {} &middot; max {} "
                     "(ranks compile in parallel: the slowest rank, not the sum, is what the job waits for).</p><p>Slowest ranks: ",
                     fmt_seconds(ct.min_s), fmt_seconds(ct.median_s), fmt_seconds(ct.max_s));
  for (size_t i = 0; i < ct.slowest.size(); ++i) {
    std::string r = std::to_string(ct.slowest[i].first);
    out += (i ? ", " : "") + (rank_pages ? link("rank_" + r + "/index.html", "rank " + r) : "rank " + r) + " " + fmt_seconds(ct.slowest[i].second);
  }
  out += "</p>\n";
  // Collective schedules.
  out += "<h3 id=\"collective-schedules\">Collective schedules</h3>";
  if (a.schedule_groups.empty()) {
    out += "<p class=\"muted\">No rank logged <code>inductor_collective_schedule</code>.</p>\n";
  } else if (a.schedule_groups.size() == 1) {
    out += "<p class=\"ok\">Every rank (" + count_ranks(a.schedule_groups[0].ranks.size()) + ") issues the same collectives in the same order.</p>\n";
  } else {
    out += "<p><span class=\"flag\">diverges</span> ranks issue different collective sequences; ranks grouped by sequence:</p>";
    out += group_list(a.schedule_groups, rank_pages, [](const RankGroup&) { return std::string(); });
    if (a.divergence) {
      const auto& d = *a.divergence;
      auto who = [&](const std::vector<int32_t>& v) { return (v.size() == 1 ? "rank " : "ranks ") + ranks_html(v, rank_pages, 4); };
      out += fmt::format("<p id=\"first-divergence\">First difference: graph <code>{}</code> (schedule #{}), position {}: {} issue "
                         "<code>{}</code>, {} issue <code>{}</code>.</p>\n",
                         esc(d.compile_id), d.graph_index, d.position, who(d.ranks_a), esc(d.op_a.empty() ? "(nothing)" : d.op_a),
                         who(d.ranks_b), esc(d.op_b.empty() ? "(nothing)" : d.op_b));
    }
    if (!a.schedule_absent_cache_hit.empty()) {
      const auto& v = a.schedule_absent_cache_hit;
      out += "<p id=\"schedule-cache-hit\">" + std::string(v.size() == 1 ? "Rank " : "Ranks ") + ranks_html(v, rank_pages, 8) +
             " logged no schedule because every graph came from the FX graph cache (a cache hit logs no "
             "<code>inductor_collective_schedule</code>): likely not a real desync. tlparse counts it as one. To compare the "
             "schedules, run once with <code>TORCHINDUCTOR_FX_GRAPH_CACHE=0</code>.</p>\n";
    }
  }
  // Parity.
  out += "<h3 id=\"collectives-parity\">Collectives parity</h3>";
  if (a.parity.empty()) {
    out += "<p class=\"ok\">Scheduled collectives match the <code>_c10d_functional</code> calls in the output code, each with a wait.</p>\n";
  } else {
    out += "<p>Graphs where the collective schedule and the output code disagree (<i>offset</i>: difference in collective "
           "counts per kind) or collectives lack a <code>wait_tensor</code>:</p><table id=\"parity\"><thead><tr><th>rank</th>"
           "<th>compile id</th><th>offset</th><th>missing waits</th></tr></thead><tbody>\n";
    for (size_t i = 0; i < a.parity.size() && i < kMaxRows; ++i) {
      const auto& p = a.parity[i];
      out += fmt::format("<tr><td>{}</td><td>[{}]</td><td>{}</td><td>{}</td></tr>\n", ranks_html({p.rank}, rank_pages), esc(p.compile_id), p.offset, p.missing_waits);
    }
    out += "</tbody></table>";
    if (a.parity.size() > kMaxRows) out += fmt::format("<p>&hellip; {} more in summary.json.</p>", a.parity.size() - kMaxRows);
  }
  // Runtime estimates.
  out += "<h3 id=\"runtime-analysis\">Graph runtime estimates</h3>";
  if (!a.runtime_present) {
    out += "<p class=\"muted\">No rank logged <code>inductor_runtime_and_tensor_meta</code>.</p>\n";
  } else if (a.runtime_mismatched_counts) {
    out += "<p>Runtime analysis not available: ranks have different numbers of graphs.</p>\n";
  } else {
    out += "<table id=\"runtime\"><thead><tr><th>graph</th><th>compile id</th><th>fastest rank</th><th>slowest rank</th><th>delta</th></tr></thead><tbody>\n";
    for (size_t i = 0; i < a.runtime.size() && i < kMaxRows; ++i) {
      const auto& r = a.runtime[i];
      if (r.fastest_ns == r.slowest_ns)  // one value: no fastest or slowest rank to name
        out += fmt::format("<tr><td>{}</td><td>[{}]</td><td colspan=\"3\">{}</td></tr>\n", r.graph_index, esc(r.compile_id),
                           esc(multirank::runtime_equal_text(r)));
      else
        out += fmt::format("<tr><td>{}</td><td>[{}]</td><td>rank {} ({})</td><td>rank {} ({})</td><td>{}</td></tr>\n", r.graph_index,
                           esc(r.compile_id), r.fastest_rank, ddp::format_ns(r.fastest_ns), r.slowest_rank,
                           ddp::format_ns(r.slowest_ns), ddp::format_ns(r.slowest_ns - r.fastest_ns));
    }
    out += "</tbody></table>\n";
  }
  if (a.runtime_present)
    out += "<p><a href=\"chromium_trace_with_runtime.json\">chromium_trace_with_runtime.json</a>: the estimates for Perfetto "
           "(a process per rank, a thread per graph).</p>\n";
  // Tensor metadata.
  out += "<h3 id=\"tensor-meta\">Tensor metadata</h3>";
  if (a.tensor_meta_groups.empty()) out += "<p class=\"muted\">No tensor metadata logged.</p>\n";
  else if (a.tensor_meta_groups.size() == 1) out += "<p class=\"ok\">Same tensor metadata on every rank that logged it.</p>\n";
  else out += "<p><span class=\"flag\">diverges</span> ranks grouped by tensor metadata of their graphs:</p>" +
              group_list(a.tensor_meta_groups, rank_pages, [](const RankGroup&) { return std::string(); });
  // Execution order.
  out += "<h3 id=\"execution-order\">Graph execution order</h3>";
  if (!a.exec.present) {
    out += "<p class=\"muted\">No <code>graph_execution</code> artifact: " + esc(multirank::kExecOrderHint) + ".</p>\n";
  } else {
    out += "<ul>";
    out += a.exec.order_differs ? "<li><span class=\"flag\">order differs</span> ranks ran their graphs in different orders.</li>"
                                : "<li class=\"ok\">Every rank ran its graphs in the same order.</li>";
    if (!a.exec.schedule_mismatch_ranks.empty())
      out += "<li><span class=\"flag\">schedule mismatch</span> collective schedules differ at the same position on ranks " +
             ranks_html(a.exec.schedule_mismatch_ranks, rank_pages) + ".</li>";
    if (!a.exec.cache_mismatch_ranks.empty())
      out += "<li><span class=\"flag\">cache mismatch</span> cache hit/miss differs at the same position on ranks " +
             ranks_html(a.exec.cache_mismatch_ranks, rank_pages) + ".</li>";
    out += "</ul>\n";
  }
  // Compile ids and cache sequences (tlparse's first two diagnostics).
  out += "<h3 id=\"compile-id-groups\">Compile ids and cache sequences</h3>";
  out += a.id_groups.size() <= 1 ? std::string("<p class=\"ok\">Every rank compiled the same compile ids.</p>")
                                 : "<p><span class=\"flag\">diverges</span> ranks grouped by the compile ids they compiled:</p>" +
                                       group_list(a.id_groups, rank_pages, [&](const RankGroup& g) {
                                         std::string k = g.key.size() > 200 ? g.key.substr(0, 200) + "..." : g.key;
                                         return ": <code>" + esc(k) + "</code>";
                                       });
  out += a.cache_groups.size() <= 1 ? std::string("<p class=\"ok\">Same cache hit/miss sequence on every rank.</p>\n")
                                    : "<p><span class=\"flag\">diverges</span> ranks grouped by cache sequence (H hit, M miss, B bypass):</p>" +
                                          group_list(a.cache_groups, rank_pages, [&](const RankGroup& g) {
                                            std::string k = g.key.size() > 120 ? g.key.substr(0, 120) + "..." : g.key;
                                            return ": <code>" + esc(k.empty() ? "(none)" : k) + "</code>";
                                          }) + "\n";
  if (!a.name_mismatches.empty()) {
    out += "<h3 id=\"rank-name-mismatch\">Files named for another rank</h3><ul>";
    for (size_t i = 0; i < a.name_mismatches.size() && i < kMaxRows; ++i) {
      const auto& nm = a.name_mismatches[i];
      out += fmt::format("<li><code>{}</code>: the name says rank {}, its records say rank {} (shown as rank {}, as tlparse does).</li>",
                         esc(nm.file), nm.name_rank, nm.record_rank, nm.name_rank);
    }
    out += "</ul>\n";
  }
  out += "<p>Compile events of all ranks: <a href=\"chromium_events.json\">chromium_events.json</a> (pid = rank).</p>\n";
  return out;
}

std::string ranks_page_rows(const std::vector<multirank::RankFacts>& rs) {
  std::string out = "<table id=\"ranks-table\"><thead><tr><th>rank</th><th>compiles</th><th>graphs</th><th>graph breaks</th>"
                    "<th>recompiles</th><th>compile time</th><th>cache sequence</th></tr></thead><tbody>\n";
  for (const auto& r : rs) {
    std::string seq = r.cache_seq.size() > 60 ? r.cache_seq.substr(0, 60) + "..." : r.cache_seq;
    out += fmt::format("<tr><td><a href=\"rank_{0}/index.html\">rank {0}</a></td><td>{1}</td><td>{2}</td><td>{3}</td><td>{4}</td>"
                       "<td>{5}</td><td><code>{6}</code></td></tr>\n",
                       r.rank, r.compile_ids.size(), r.graphs_compiled, r.break_events, r.recompiles.size(),
                       fmt_seconds(r.compile_time_s), esc(seq));
  }
  return out + "</tbody></table>\n";
}

}  // namespace tparse::report
