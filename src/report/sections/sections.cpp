// The sections of index.html that summarise: the summary band (and "no graph captured, why"),
// graph-break sites, recompile chains and failures. Each takes a rank filter (-1 = all ranks).
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "report/context.hpp"
#include "core/model/summary.hpp"
#include "report/html.hpp"
#include "report/recompile_words.hpp"

#if __has_include("analysis/advice.hpp") && defined(TPARSE_REPORT_ADVICE)
#include "analysis/advice.hpp"
#define HAVE_ADVICE 1
#endif

namespace tparse::report {

namespace {

const Compile& comp(const Ctx& cx, int32_t i) { return cx.m.compiles[static_cast<size_t>(i)]; }

std::string where(const std::string& file, int64_t line) {
  return line >= 0 ? file + ":" + std::to_string(line) : file;
}

std::string card(const std::string& label, const std::string& value, const char* cls = "") {
  return fmt::format("<div class=\"card {}\"><b>{}</b>{}</div>", cls, esc(value), esc(label));
}

}  // namespace

std::string summary_band(Ctx& cx, int rank, const std::string& root) {
  const Model& m = cx.m;
  int64_t compiles = 0, graphs = 0, events = 0, recompiles = 0, failures = 0, restarts = 0, fallbacks = 0, skipped = 0;
  int64_t hits = 0, misses = 0;
  double time_s = 0;
  const RankSlice& sl = cx.by_rank.of(rank);
  for (int32_t i : sl.compiles) {
    const Compile& c = m.compiles[static_cast<size_t>(i)];
    ++compiles;
    graphs += c.has_graph;
    restarts += c.attempts - 1;
    skipped += c.outcome == Outcome::FrameSkipped;
    hits += c.cache_hits, misses += c.cache_misses;
    time_s += c.compile_time_s();
    recompiles += c.recompile >= 0;
  }
  events = static_cast<int64_t>(sl.breaks.size());
  const auto sites = static_cast<int64_t>(sl.sites.size());
  failures = static_cast<int64_t>(sl.failures.size());
  for (int32_t f : sl.frames) fallbacks += m.frames[static_cast<size_t>(f)].hit_recompile_limit;
  std::string out = "<div class=\"band\" id=\"summary\">";
  out += card("graphs compiled", std::to_string(graphs), graphs == 0 && compiles > 0 ? "bad" : "");
  out += card(fmt::format("graph-break sites ({} events)", events), std::to_string(sites), sites ? "warn" : "");
  out += card("recompiles", std::to_string(recompiles), recompiles ? "warn" : "");
  out += card("failures", std::to_string(failures), failures ? "bad" : "");
  out += card("restarts", std::to_string(restarts));
  out += card("recompile-limit fallbacks", std::to_string(fallbacks), fallbacks ? "bad" : "");
  out += card("frames skipped", std::to_string(skipped), skipped ? "warn" : "");
  if (rank < 0 && m.rank_summaries.size() > 1) {  // ranks compile in parallel: the slowest rank, not a sum
    double slowest = 0;
    for (const auto& r : m.rank_summaries) slowest = std::max(slowest, r.compile_time_s);
    out += card("compile time (slowest rank)", fmt_seconds(slowest));
  } else {
    out += card("compile time", fmt_seconds(time_s));
  }
  out += card("cache hit / miss", fmt::format("{} / {}", hits, misses));
  out += card("compiles", std::to_string(compiles));
  if (rank < 0 && m.ranks.size() > 1) out += card("ranks", std::to_string(m.ranks.size()));
  out += "</div>\n";

  if (compiles > 0 && graphs == 0) {
    // Why no graph: what ended each compile without one.
    std::map<int32_t, int64_t> by_site;
    int64_t broke = 0, failed = 0, empty = 0, resumes = 0;
    for (int32_t i : sl.compiles) {
      const Compile& c = m.compiles[static_cast<size_t>(i)];
      if (!c.breaks.empty()) {
        ++broke;
        for (int32_t b : c.breaks) by_site[m.breaks[static_cast<size_t>(b)].site]++;
      } else if (c.outcome == Outcome::Failed || c.outcome == Outcome::RecompileLimit || c.outcome == Outcome::FrameSkipped) {
        ++failed;
      } else if (c.frame >= 0 && m.frames[static_cast<size_t>(c.frame)].is_resume) {
        ++resumes;
      } else {
        ++empty;
      }
    }
    // m.ranks is sorted: a rank page counts its own rank if the model has it.
    size_t nranks = rank < 0 ? m.ranks.size() : std::binary_search(m.ranks.begin(), m.ranks.end(), rank);
    out += "<div class=\"alert\" id=\"no-graph\"><b>No graph was captured";
    out += nranks > 1 ? fmt::format(" on any rank ({} ranks)", nranks) : std::string();
    out += fmt::format(".</b> All {} compiles ended without a graph: torch.compile ran this code eagerly.<ul>", compiles);
    if (broke) {
      std::vector<std::pair<int64_t, int32_t>> top;
      for (auto [s, n] : by_site) top.emplace_back(n, s);
      std::sort(top.rbegin(), top.rend());
      out += fmt::format("<li>{} compiles hit a graph break before any tensor operation was traced:<ul>", broke);
      for (auto [n, s] : top) {
        if (s < 0) continue;
        const BreakSite& bs = m.break_sites[static_cast<size_t>(s)];
        out += "<li><code>" + esc(where(bs.user_file, bs.user_line)) + "</code> " + esc(bs.title) +
               (bs.gb_id.empty() ? "" : " [" + esc(bs.gb_id) + "]") + fmt::format(" &times;{}</li>", n);
      }
      out += "</ul></li>";
    }
    if (resumes) out += fmt::format("<li>{} resume functions after those breaks had no tensor operations left to trace.</li>", resumes);
    if (failed) out += fmt::format("<li>{} compiles failed or were skipped (see <a href=\"{}index.html#failures\">failures</a>).</li>", failed, root);
    if (empty) out += fmt::format("<li>{} compiles traced no tensor operations.</li>", empty);
    out += "</ul></div>\n";
  }
  return out;
}

std::string breaks_section(Ctx& cx, int rank, const std::string& root) {
  const Model& m = cx.m;
  // (events on the rank, site), the site with the most events first.
  std::vector<std::pair<const std::vector<int32_t>*, int32_t>> sites;
  for (const auto& [s, ev] : cx.by_rank.of(rank).sites) sites.emplace_back(&ev, s);
  std::stable_sort(sites.begin(), sites.end(), [](auto& a, auto& b) { return a.first->size() > b.first->size(); });
  std::string out = fmt::format("<h2 id=\"breaks\">Graph breaks: {} distinct site(s)</h2>\n", sites.size());
  if (sites.empty()) return out + "<p class=\"ok\">No graph breaks.</p>\n";
  out += "<p>One row per place in your code where Dynamo split the graph; expand a row for the full reason, "
         "hints and user stack.</p><input class=\"filter\" data-table=\"breaks-table\" placeholder=\"filter\">\n"
         "<table id=\"breaks-table\"><thead><tr><th>user code</th><th>reason</th><th>GB id</th><th>events</th>"
         "<th>compiles</th></tr></thead><tbody>\n";
  for (auto& [evp, si] : sites) {
    const std::vector<int32_t>& ev = *evp;
    const BreakSite& s = m.break_sites[static_cast<size_t>(si)];
    const GraphBreak& b = m.breaks[static_cast<size_t>(ev.front())];
    out += "<tr class=\"site\"><td><code>" + esc(where(s.user_file, s.user_line)) + "</code>";
    if (!s.user_function.empty()) out += "<br><span class=\"muted\">in " + esc(s.user_function) + "</span>";
    out += "</td><td><details><summary>" + esc(s.title.empty() ? std::string("(no title)") : s.title) + "</summary>";
    if (!b.explanation.empty()) out += "<p><b>Explanation:</b> " + esc(b.explanation) + "</p>";
    if (!b.hints.empty()) {
      out += "<p><b>Hints:</b></p><ul>";
      for (const auto& h : b.hints) out += "<li>" + esc(h) + "</li>";
      out += "</ul>";
    }
#ifdef HAVE_ADVICE
    {
      // Once per site, not per rank page: the advice reads every event of the site (all ranks).
      std::lock_guard<std::mutex> lk(cx.mu);
      auto [it, fresh] = cx.site_fix.try_emplace(si);
      if (fresh) {
        auto adv = analysis::advise_site(s, m);
        if (!adv.fix.empty()) it->second = "<p><b>Fix (" + esc(adv.title) + "):</b> " + esc(adv.fix) + "</p>";
      }
      out += it->second;
    }
#endif
    if (auto pl = cx.opt.site_patch.find(si); pl != cx.opt.site_patch.end())
      out += "<p><b>Patch:</b> <a href=\"" + esc(pl->second.first) + "\">" + esc(pl->second.second) + "</a></p>";
    if (!b.user_stack.empty()) {
      out += "<p><b>User stack</b> (innermost last):</p><pre>";
      for (const auto& f : b.user_stack)
        out += esc(fmt::format("{}:{} in {}\n", f.file, f.line, f.name)) + (f.code.empty() ? "" : "    " + esc(f.code) + "\n");
      out += "</pre>";
    }
    out += "<p><b>Full reason</b> (" + esc(m.file_of(b.where)) + "):</p><pre>" + esc(b.reason) + "</pre>";
    // Each event keeps its own kind and gb id: count them (a loop's frame skip does not relabel the site).
    std::map<std::string, int64_t> kinds, ids;
    for (int32_t e : ev) {
      const GraphBreak& x = m.breaks[static_cast<size_t>(e)];
      std::string k = break_kind_text(x.kind);
      if (!x.chained_gb_id.empty()) k += " (while handling it Dynamo hit " + x.chained_gb_id + ")";
      kinds[k]++;
      ids[x.gb_id.empty() ? "?" : x.gb_id]++;
    }
    out += "<p class=\"muted\">Effect:";
    for (const auto& [k, n] : kinds) out += fmt::format(" {}&times; {};", n, esc(k));
    out += "</p></details></td><td>";
    for (const auto& [id, n] : ids) out += ids.size() == 1 ? esc(id) : fmt::format("{} ({})<br>", esc(id), n);
    out += "</td>";
    out += fmt::format("<td class=\"count\">{}</td><td>", ev.size());
    std::set<int32_t> cs;
    for (int32_t e : ev) cs.insert(m.breaks[static_cast<size_t>(e)].compile);
    size_t k = 0;
    for (int32_t c : cs) {
      if (k++ == 20) {
        out += fmt::format(" &hellip; {} more", cs.size() - 20);
        break;
      }
      out += compile_link(cx, c, root) + " ";
    }
    out += "</td></tr>\n";
  }
  return out + "</tbody></table>\n";
}

std::string recompiles_section(Ctx& cx, int rank, const std::string& root) {
  const Model& m = cx.m;
  std::vector<int32_t> frames;
  for (int32_t f : cx.by_rank.of(rank).frames) {
    const Frame& fr = m.frames[static_cast<size_t>(f)];
    if (fr.compiles.size() > 1 || fr.hit_recompile_limit) frames.push_back(f);
  }
  std::string out = fmt::format("<h2 id=\"recompiles\">Recompiles: {} frame(s) compiled more than once</h2>\n", frames.size());
  if (frames.empty()) return out + "<p class=\"ok\">No recompiles.</p>\n";
  out += "<p>Each chain is one function; an arrow is a recompile, labelled with what changed in the inputs "
         "(against the cache entries whose guards failed).</p>\n";
  size_t shown = 0;
  for (int32_t fi : frames) {
    if (shown++ == cx.opt.index_rows) {
      out += fmt::format("<p class=\"muted\">{} more frames: see raw.jsonl / summary.json.</p>\n", frames.size() - cx.opt.index_rows);
      break;
    }
    const Frame& fr = m.frames[static_cast<size_t>(fi)];
    out += "<div class=\"chain\"><p><b>" + esc(fr.name) + "</b> <span class=\"muted\">" +
           esc(where(fr.file, fr.first_line)) + (fr.rank >= 0 && m.ranks.size() > 1 ? fmt::format(" rank {}", fr.rank) : "") +
           fmt::format(" &middot; {} compiles</span>", fr.compiles.size());
    if (fr.hit_recompile_limit)
      out += " <span class=\"flag\">recompile limit hit: falls back to eager for new inputs</span>";
    out += "</p><ol class=\"recompile-chain\">";
    for (size_t pos = 0; pos < fr.compiles.size(); ++pos) {
      const int32_t ci = fr.compiles[pos];
      const Compile& c = comp(cx, ci);
      out += std::string("<li>") + (pos > 0 ? "<span class=\"arrow\">&rarr;</span>" : "") +
             compile_link(cx, ci, root);
      if (c.recompile >= 0) {
        const Recompile& r = m.recompiles[static_cast<size_t>(c.recompile)];
        auto changes = what_changed(r);
        out += " <span class=\"change\">recompiled because ";
        for (size_t k = 0; k < changes.size(); ++k) {
          if (k) out += "; ";
          out += esc(changes[k].words);
          for (const auto& g : r.reasons)
            if (guard_in_words(g) == changes[k].words && became_dynamic(m, r, g)) {
              out += ", dim marked dynamic (automatic dynamic shapes)";
              break;
            }
          std::string vs;
          for (const auto& e : changes[k].entries) vs += (vs.empty() ? "" : ", ") + e;
          if (!vs.empty()) out += " <span class=\"muted\">(vs " + esc(vs) + ")</span>";
        }
        out += "</span>";
      }
      if (c.outcome == Outcome::RecompileLimit)
        out += " <span class=\"flag\">recompile limit reached: not compiled, frame falls back to eager</span>";
      else if (c.outcome == Outcome::Failed)
        out += " <span class=\"bad\">failed</span>";
      out += "</li>";
    }
    out += "</ol></div>\n";
  }
  return out;
}

// Multi-rank landing: failures and restarts with the same outcome and reason on many ranks are one
// row (compile links to the first few), so the table is bounded by distinct reasons, not ranks.
static std::string grouped_failure_rows(Ctx& cx, const std::string& root) {
  const Model& m = cx.m;
  struct Row {
    std::string outcome, type, reason, user;
    std::vector<int32_t> compiles;
    std::set<int32_t> ranks;
  };
  std::vector<Row> rows;
  std::map<std::string, size_t> at;
  auto add = [&](int32_t ci, std::string outcome, std::string type, std::string reason, std::string user) {
    std::string key = outcome + '\x1f' + type + '\x1f' + reason + '\x1f' + user;
    auto [it, fresh] = at.try_emplace(key, rows.size());
    if (fresh) rows.push_back({std::move(outcome), std::move(type), std::move(reason), std::move(user), {}, {}});
    Row& r = rows[it->second];
    if (r.compiles.size() < 4) r.compiles.push_back(ci);
    r.ranks.insert(m.compiles[static_cast<size_t>(ci)].rank);
  };
  for (const auto& f : m.failures)
    add(f.compile, outcome_name(f.outcome), f.fail_type, f.fail_reason, f.user_file.empty() ? std::string("-") : where(f.user_file, f.user_line));
  for (size_t i = 0; i < m.compiles.size(); ++i)
    for (const auto& r : m.compiles[i].restart_reasons) add(static_cast<int32_t>(i), "restart", "RestartAnalysis", r, "-");
  std::string out;
  for (size_t k = 0; k < rows.size() && k < cx.opt.index_rows; ++k) {
    const Row& r = rows[k];
    std::string links;
    for (int32_t ci : r.compiles) links += (links.empty() ? "" : ", ") + compile_link(cx, ci, root);
    if (r.ranks.size() > 1) links += fmt::format(" <span class=\"muted\">on {} ranks</span>", r.ranks.size());
    std::string first = r.reason.substr(0, r.reason.find('\n')).substr(0, 300);
    out += "<tr><td>" + links + "</td><td>" + esc(r.outcome) + "</td><td>" + esc(r.type) + "</td><td>" +
           (first.size() < r.reason.size() ? "<details><summary>" + esc(first) + "</summary><pre>" + esc(r.reason) + "</pre></details>"
                                           : esc(r.reason)) +
           "</td><td><code>" + esc(r.user) + "</code></td></tr>\n";
  }
  return out;
}

std::string failures_section(Ctx& cx, int rank, const std::string& root) {
  const Model& m = cx.m;
  std::string rows;
  size_t n = 0;
  const RankSlice& sl = cx.by_rank.of(rank);
  for (int32_t fi : sl.failures) {
    const Failure& f = m.failures[static_cast<size_t>(fi)];
    ++n;
    std::string reason = f.fail_reason;
    std::string first = reason.substr(0, reason.find('\n')).substr(0, 300);
    rows += "<tr><td>" + compile_link(cx, f.compile, root) + "</td><td>" + esc(outcome_name(f.outcome)) + "</td><td>" +
            esc(f.fail_type) + "</td><td>";
    if (first.size() < reason.size()) rows += "<details><summary>" + esc(first) + "</summary><pre>" + esc(reason) + "</pre></details>";
    else rows += esc(reason);
    rows += "</td><td><code>" + esc(f.user_file.empty() ? std::string("-") : where(f.user_file, f.user_line)) + "</code></td></tr>\n";
  }
  size_t nr = 0;
  for (int32_t i : sl.compiles) {
    const Compile& c = m.compiles[static_cast<size_t>(i)];
    if (c.restart_reasons.empty()) continue;
    for (const auto& r : c.restart_reasons) {
      ++nr;
      if (nr > cx.opt.index_rows) break;
      std::string first = r.substr(0, 160);
      rows += "<tr><td>" + compile_link(cx, static_cast<int32_t>(i), root) + "</td><td>restart</td><td>RestartAnalysis</td><td>" +
              (first.size() < r.size() ? "<details><summary>" + esc(first) + "&hellip;</summary>" + esc(r) + "</details>" : esc(r)) +
              "</td><td>-</td></tr>\n";
    }
  }
  if (rank < 0 && m.ranks.size() > 1) rows = grouped_failure_rows(cx, root);  // same failure on many ranks: one row
  std::string out = fmt::format("<h2 id=\"failures\">Failures and restarts: {} failure(s), {} restart(s)</h2>\n", n, nr);
  if (rows.empty()) return out + "<p class=\"ok\">No failures or restarts.</p>\n";
  return out + "<table id=\"failures-table\"><thead><tr><th>compile</th><th>outcome</th><th>fail type</th><th>reason</th>"
               "<th>user frame</th></tr></thead><tbody>\n" + rows + "</tbody></table>\n";
}

}  // namespace tparse::report
