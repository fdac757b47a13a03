// Multi-rank landing: per-rank numbers with links to rank_<N>/index.html, and what diverges
// between ranks (compile ids, graph counts, cache hit/miss sequence, graph breaks). Divergent
// compile ids are the classic cause of collective hangs, so they are named explicitly.
#include <fmt/format.h>

#include <map>
#include <set>

#include "report/context.hpp"
#include "report/html.hpp"

namespace tparse::report {

namespace {

struct RankInfo {
  std::set<std::string> ids;
  int64_t graphs = 0, compiles = 0, breaks = 0, recompiles = 0, failures = 0;
  double time_s = 0;
  std::string cache_seq;           // one letter per cache artifact: H hit, M miss, B bypass
  std::map<int32_t, int64_t> sites;  // break site -> events
};

std::string rank_list(const std::vector<int32_t>& ranks) {
  std::string s;
  for (int32_t r : ranks) s += (s.empty() ? "" : ", ") + std::to_string(r);
  return (ranks.size() > 1 ? "ranks " : "rank ") + s;
}

/// Groups ranks by a signature; returns the groups (signature -> ranks).
template <typename Sig>
std::map<std::string, std::vector<int32_t>> group(const std::map<int32_t, RankInfo>& info, Sig&& sig) {
  std::map<std::string, std::vector<int32_t>> g;
  for (const auto& [r, ri] : info) g[sig(ri)].push_back(r);
  return g;
}

}  // namespace

std::string ranks_section(Ctx& cx) {
  const Model& m = cx.m;
  std::map<int32_t, RankInfo> info;
  for (int32_t r : m.ranks) info[r];
  for (const auto& c : m.compiles) {
    if (c.rank < 0) continue;
    RankInfo& ri = info[c.rank];
    ri.ids.insert(c.id.key() + (c.epoch ? fmt::format(" (epoch {})", c.epoch + 1) : ""));
    ri.graphs += c.has_graph, ++ri.compiles, ri.recompiles += c.recompile >= 0, ri.time_s += c.compile_time_s();
    ri.failures += c.outcome == Outcome::Failed || c.outcome == Outcome::RecompileLimit;
    for (const auto& a : c.artifacts) {
      const char* mk = cache_mark(a.name);
      if (*mk) ri.cache_seq.push_back(mk[0] == 'h' ? 'H' : mk[0] == 'm' ? 'M' : 'B');
    }
    for (int32_t b : c.breaks) {
      ++ri.breaks;
      ri.sites[m.breaks[static_cast<size_t>(b)].site]++;
    }
  }
  std::string out = fmt::format("<h2 id=\"ranks\">Ranks: {}</h2>\n", info.size());
  out += "<table id=\"ranks-table\"><thead><tr><th>rank</th><th>compiles</th><th>graphs</th><th>graph breaks</th><th>recompiles</th>"
         "<th>failures</th><th>compile time</th><th>cache sequence</th></tr></thead><tbody>\n";
  for (const auto& [r, ri] : info) {
    std::string seq = ri.cache_seq.size() > 60 ? ri.cache_seq.substr(0, 60) + "..." : ri.cache_seq;
    out += fmt::format("<tr><td><a href=\"rank_{0}/index.html\">rank {0}</a></td><td>{1}</td><td>{2}</td><td>{3}</td><td>{4}</td>"
                       "<td>{5}</td><td>{6}</td><td><code>{7}</code></td></tr>\n",
                       r, ri.compiles, ri.graphs, ri.breaks, ri.recompiles, ri.failures, fmt_seconds(ri.time_s), esc(seq));
  }
  out += "</tbody></table>\n<h3>What diverges between ranks</h3><ul id=\"divergence\">\n";
  auto report = [&](const char* what, const std::map<std::string, std::vector<int32_t>>& groups, const std::string& why,
                    auto&& describe) {
    if (groups.size() <= 1) {
      out += std::string("<li class=\"ok\">") + what + ": same on every rank.</li>\n";
      return;
    }
    out += std::string("<li><span class=\"flag\">diverges</span> <b>") + what + "</b>: " + why + "<ul>";
    for (const auto& [sig, ranks] : groups) out += "<li>" + rank_list(ranks) + ": " + describe(sig, ranks) + "</li>";
    out += "</ul></li>\n";
  };
  // Compile ids: name the ids that only some ranks have.
  std::set<std::string> all_ids;
  for (const auto& [r, ri] : info) all_ids.insert(ri.ids.begin(), ri.ids.end());
  auto ids_groups = group(info, [](const RankInfo& ri) {
    std::string s;
    for (const auto& i : ri.ids) s += i + " ";
    return s;
  });
  report("Compile ids", ids_groups,
         "ranks compiled different frames or recompiled differently; collectives inside those graphs can hang or time out.",
         [&](const std::string&, const std::vector<int32_t>& ranks) {
           const RankInfo& ri = info[ranks.front()];
           std::string missing, extra;
           for (const auto& id : all_ids)
             if (!ri.ids.count(id)) missing += (missing.empty() ? "" : ", ") + id;
           size_t common = 0;
           for (const auto& id : ri.ids) {
             bool everywhere = true;
             for (const auto& [r2, o] : info) everywhere &= o.ids.count(id) > 0;
             if (everywhere) ++common;
             else extra += (extra.empty() ? "" : ", ") + id;
           }
           return fmt::format("{} ids", ri.ids.size()) + (extra.empty() ? "" : "; only here: <code>" + esc(extra) + "</code>") +
                  (missing.empty() ? "" : "; missing: <code>" + esc(missing) + "</code>");
         });
  report("Graph counts", group(info, [](const RankInfo& ri) { return std::to_string(ri.graphs); }), "ranks compiled a different number of graphs.",
         [&](const std::string& sig, const std::vector<int32_t>&) { return sig + " graphs"; });
  report("Cache hit/miss sequence", group(info, [](const RankInfo& ri) { return ri.cache_seq; }),
         "some ranks hit the compile caches where others missed (H hit, M miss, B bypass), so their compile times differ.",
         [&](const std::string& sig, const std::vector<int32_t>&) { return "<code>" + esc(sig.empty() ? "(none)" : sig.substr(0, 120)) + "</code>"; });
  report("Graph breaks", group(info, [](const RankInfo& ri) {
           std::string s;
           for (auto [site, n] : ri.sites) s += fmt::format("{}x{} ", site, n);
           return s;
         }),
         "ranks broke their graphs at different places or a different number of times.",
         [&](const std::string&, const std::vector<int32_t>& ranks) {
           const RankInfo& ri = info[ranks.front()];
           std::string s = fmt::format("{} break events", ri.breaks);
           for (auto [site, n] : ri.sites) {
             if (site < 0) continue;
             const BreakSite& bs = m.break_sites[static_cast<size_t>(site)];
             s += "; " + esc(bs.user_file + ":" + std::to_string(bs.user_line)) + fmt::format(" &times;{}", n);
           }
           return s;
         });
  return out + "</ul>\n";
}

}  // namespace tparse::report
