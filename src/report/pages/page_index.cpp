// index.html (summary band first, then breaks, recompiles, failures, stack trie, export records,
// the compile directory) and compiles.html (the full directory). Multi-rank traces get the rank
// divergence landing on top of the combined index.
#include <fmt/format.h>

#include <map>

#include "report/context.hpp"
#include "core/model/summary.hpp"
#include "report/html.hpp"

namespace tparse::report {

namespace {

const char* status_class(const Compile& c) {
  if (c.outcome == Outcome::Failed || c.outcome == Outcome::RecompileLimit) return "bad";
  if (c.outcome == Outcome::FrameSkipped || c.attempts > 1) return "bypass";
  if (c.has_graph) return "ok";
  return "muted";
}

struct TrieNode {
  std::string label, code;
  std::vector<int32_t> compiles;
  std::vector<std::unique_ptr<TrieNode>> kids;
  std::map<std::string, size_t> index;
  TrieNode* child(const StackFrame& f) {
    std::string key = f.file + ":" + std::to_string(f.line) + " in " + f.name;
    auto it = index.find(key);
    if (it != index.end()) return kids[it->second].get();
    index[key] = kids.size();
    kids.push_back(std::make_unique<TrieNode>());
    kids.back()->label = key;
    kids.back()->code = f.code;
    return kids.back().get();
  }
};

void render_trie(const Ctx& cx, const TrieNode& n, const std::string& root, std::string& out, int depth) {
  out += "<ul class=\"trie\">";
  for (const auto& k : n.kids) {
    out += "<li><code>";
    esc_to(out, k->label);
    out += "</code>";
    if (!k->code.empty()) {
      out += " <span class=\"muted\">";
      esc_to(out, k->code);
      out += "</span>";
    }
    size_t shown = 0;
    for (int32_t c : k->compiles) {
      if (shown++ == 30) {
        out += fmt::format(" &hellip; {} more", k->compiles.size() - 30);
        break;
      }
      out += " <span class=\"";
      out += status_class(cx.m.compiles[static_cast<size_t>(c)]);
      out += "\">";
      out += compile_link(cx, c, root);
      out += "</span>";
    }
    if (!k->kids.empty() && depth < 200) render_trie(cx, *k, root, out, depth + 1);
    out += "</li>";
  }
  out += "</ul>";
}

}  // namespace

std::string trie_section(Ctx& cx, int rank, const std::string& root) {
  TrieNode top;
  for (int32_t i : cx.by_rank.of(rank).compiles) {
    const Compile& c = cx.m.compiles[static_cast<size_t>(i)];
    if (c.stack.empty()) continue;
    TrieNode* n = &top;
    for (const auto& f : c.stack) n = n->child(f);
    n->compiles.push_back(i);
  }
  std::string out = "<h2 id=\"stacks\">Stack trie</h2>\n<p>Where each compile started (the <code>dynamo_start</code> "
                    "stack), shared prefixes merged. Colours: <span class=\"ok\">graph</span>, <span class=\"muted\">no graph</span>, "
                    "<span class=\"bypass\">restarted / skipped</span>, <span class=\"bad\">failed</span>.</p>\n";
  if (top.kids.empty()) return out + "<p class=\"muted\">No compile stacks in this trace.</p>\n";
  render_trie(cx, top, root, out, 0);
  return out + "\n";
}

std::string export_section(Ctx& cx, const std::string& root) {
  static const char* kinds[] = {"exported_program", "guard_added", "propagate_real_tensors_provenance",
                                "missing_fake_kernel", "mismatched_fake_kernel", "expression_created",
                                "create_unbacked_symbol", "dynamo_guards", "create_symbol", "guard_added_fast",
                                "symbolic_shape_specialization", "guard_on_data_dependent_error",
                                "propagate_real_tensors"};
  std::map<std::string, int64_t> count;
  std::string rows;
  size_t n = 0;
  for (const auto& a : cx.m.global_artifacts) {
    bool is_export = false;
    for (const char* k : kinds) is_export |= a.kind == k || a.name == k;
    if (!is_export) continue;
    count[a.kind]++;
    if (n++ >= cx.opt.index_rows) continue;
    // Shape events without a compile id keep their one-line text in `filename` (core/handlers/shapes.cpp).
    rows += "<tr><td>" + esc(a.kind) + "</td><td><code>" + esc(cx.m.file_of(a.where)) + "</code></td><td>" +
            (a.payload.valid() && a.payload.size > 0 ? payload_block(cx, a, root, false, false) : "<code>" + esc(a.filename) + "</code>") +
            "</td></tr>\n";
  }
  if (count.empty() && !cx.m.is_export) return {};
  std::string out = cx.m.is_export ? "<h2 id=\"export\">Export (torch.export) records</h2>\n<p>This trace comes from <code>torch.export</code>: "
                    : cx.m.compiles.empty() ? "<h2 id=\"export\">Export and shape records</h2>\n<p>No torch.compile frames in this trace (an export or a shape-only run): "
                                            : "<h2 id=\"export\">Export and shape records outside compiles</h2>\n<p>";
  for (auto& [k, c] : count) out += fmt::format("{} &times;{}; ", esc(k), c);
  out += "</p>";
  if (count.count("missing_fake_kernel") || count.count("mismatched_fake_kernel"))
    out += "<div class=\"alert\">Fake-kernel problems were reported: see the rows below.</div>";
  if (count.count("propagate_real_tensors_provenance") || count.count("guard_added"))
    out += "<div class=\"note\">Guards were added while exporting (data-dependent decisions or specializations): each row below "
           "shows the expression and where it came from.</div>";
  return out + "<table><thead><tr><th>kind</th><th>where</th><th>payload</th></tr></thead><tbody>\n" + rows + "</tbody></table>\n";
}

std::string compile_rows(Ctx& cx, int rank, const std::string& root, size_t max_rows, size_t& total) {
  const Model& m = cx.m;
  std::string out = "<table id=\"compiles-table\"><thead><tr><th>compile</th><th>function</th><th>outcome</th><th>graph</th>"
                    "<th>attempts</th><th>breaks</th><th>time</th><th>artifacts (cache)</th></tr></thead><tbody>\n";
  const std::vector<int32_t>& compiles = cx.by_rank.of(rank).compiles;
  total = compiles.size();
  for (size_t row = 0; row < compiles.size() && row < max_rows; ++row) {
    const size_t i = static_cast<size_t>(compiles[row]);
    const Compile& c = m.compiles[i];
    std::string fn = c.frame >= 0 ? m.frames[static_cast<size_t>(c.frame)].name : (c.metrics ? c.metrics->co_name : "");
    out += "<tr><td>" + compile_link(cx, static_cast<int32_t>(i), root) + "</td><td>" + esc(fn) + "</td><td class=\"" +
           status_class(c) + "\">" + esc(outcome_name(c.outcome)) + "</td><td>" + (c.has_graph ? "yes" : "no") + "</td>" +
           fmt::format("<td>{}</td><td>{}</td><td>{}</td><td>", c.attempts, c.breaks.size(), fmt_seconds(c.compile_time_s()));
    std::string page = root + compile_page(static_cast<int32_t>(i));
    for (size_t k = 0; k < c.artifacts.size(); ++k) {
      const Artifact& a = c.artifacts[k];
      const char* mark = cache_mark(a.name);
      out += "<a href=\"" + page + "#a" + std::to_string(k) + "\">" + esc(a.name) + "</a>";
      if (*mark) out += std::string(" <span class=\"") + mark + "\">[" + mark + "]</span>";
      out += k + 1 < c.artifacts.size() ? ", " : "";
    }
    out += "</td></tr>\n";
  }
  return out + "</tbody></table>\n";
}

// Several runs of the program in one trace (run again into the same directory, e.g. a cold then a
// warm cache): one column per run, so "run 1: 8 misses; run 2: 8 hits" is visible at a glance.
std::string runs_section(Ctx& cx) {
  const Model& m = cx.m;
  std::vector<int32_t> procs;
  for (size_t i = 0; i < m.processes.size(); ++i)
    if (m.processes[i].records > 0) procs.push_back(static_cast<int32_t>(i));
  std::string out = fmt::format("<h2 id=\"runs\">Runs: {} processes in this trace</h2>\n<p>The program ran {} times into "
                                "this trace; the totals above add the runs up and compile ids like <code>run 2 [0/0]</code> "
                                "say which run they belong to (<code>--process N</code> or <code>--latest</code> picks one). "
                                "{}</p>\n<table><thead><tr><th></th>",
                                procs.size(), m.runs, esc(runs_line(m)));
  std::vector<Totals> ts;
  const std::vector<Totals> all = processes_totals(m);
  for (int32_t pi : procs) {
    const Process& p = m.processes[static_cast<size_t>(pi)];
    out += fmt::format("<th>run {}{}</th>", p.run, p.rank >= 0 && m.ranks.size() > 1 ? fmt::format(" rank {}", p.rank) : "");
    ts.push_back(all[static_cast<size_t>(pi)]);
  }
  out += "</tr></thead><tbody>\n";
  auto row = [&](const char* label, auto get) {
    out += std::string("<tr><th>") + label + "</th>";
    for (const Totals& t : ts) out += "<td class=\"count\">" + get(t) + "</td>";
    out += "</tr>\n";
  };
  out += "<tr><th>file</th>";
  for (int32_t pi : procs) {
    const Process& p = m.processes[static_cast<size_t>(pi)];
    out += "<td>" + esc(m.files[static_cast<size_t>(p.file)].path) + (p.pid ? fmt::format(" (pid {})", p.pid) : "") + "</td>";
  }
  out += "</tr>\n";
  row("graphs", [](const Totals& t) { return std::to_string(t.graphs); });
  row("compiles", [](const Totals& t) { return std::to_string(t.compiles); });
  row("graph-break events", [](const Totals& t) { return std::to_string(t.break_events); });
  row("recompiles", [](const Totals& t) { return std::to_string(t.recompiles); });
  row("failures", [](const Totals& t) { return std::to_string(t.failures); });
  row("cache hits", [](const Totals& t) { return std::to_string(t.cache_hits); });
  row("cache misses", [](const Totals& t) { return std::to_string(t.cache_misses); });
  row("compile time", [](const Totals& t) { return fmt::format("{:.2f} s", t.compile_time_s); });
  return out + "</tbody></table>\n";
}

std::string index_page(Ctx& cx, int rank, const std::string& root) {
  const Model& m = cx.m;
  std::string title = rank >= 0 ? fmt::format("tparse report: rank {}", rank) : "tparse report";
  std::string out = page_begin(title, root);
  if (rank < 0) out += cx.opt.custom_header_html;  // raw, from the caller's command line (tlparse --custom-header-html)
  out += "<h1>" + esc(title) + "</h1>\n<p class=\"muted\">";
  for (size_t f = 0; f < m.files.size() && f < 16; ++f) {
    if (rank >= 0 && m.files[f].rank_from_name >= 0 && m.files[f].rank_from_name != rank) continue;
    out += esc(m.files[f].path) + " (" + fmt_bytes(m.files[f].bytes) + ") ";
  }
  // A rank page counts the records of that rank's processes, not of the whole trace.
  uint64_t records = m.records;
  if (rank >= 0) {
    records = 0;
    for (int32_t p : cx.by_rank.of(rank).processes) records += m.processes[static_cast<size_t>(p)].records;
  }
  out += fmt::format("&middot; {} records", records);
  if (m.diag.errors())
    out += fmt::format(" &middot; <a class=\"bad\" href=\"{}index.html#input\">{} damaged input line(s)</a>", root, m.diag.errors());
  out += "</p>\n";
  out += summary_band(cx, rank, root);
  if (rank < 0) out += run_section(cx, root);
  if (rank < 0 && !cx.multirank_html.empty()) out += cx.multirank_html;  // grouped: bounded at any rank count
  else if (rank < 0 && m.ranks.size() > 1) out += ranks_section(cx);
  if (!cx.ddp_landing.empty()) {  // DDPOptimizer splits (section_ddp.cpp): not graph breaks
    std::string items;
    for (const auto& [ci, text] : cx.ddp_landing)
      if (rank < 0 || m.compiles[static_cast<size_t>(ci)].rank == rank)
        items += "<li>" + compile_link(cx, ci, root) + ": " + text + "</li>\n";
    if (!items.empty()) out += "<h2 id=\"ddp-splits\">DDP graph splits</h2>\n<ul>\n" + items + "</ul>\n";
  }
  if (rank < 0 && m.runs > 1) out += runs_section(cx);
  out += breaks_section(cx, rank, root);
  out += recompiles_section(cx, rank, root);
  out += failures_section(cx, rank, root);
  if (rank < 0) out += tlparse_views_section(cx, root);
  if (rank < 0) out += export_section(cx, root);
  if (rank < 0) out += input_section(cx);
  out += trie_section(cx, rank, root);
  size_t total = 0;
  std::string rows = compile_rows(cx, rank, root, cx.opt.index_rows, total);
  out += fmt::format("<h2 id=\"directory\">Compile directory: {} compile(s)</h2>\n", total);
  if (total > cx.opt.index_rows)
    out += fmt::format("<p>Showing the first {}; <a href=\"{}compiles.html\">all compiles</a>.</p>", cx.opt.index_rows, root);
  out += rank < 0 && has_nocompile(m) ? rows.insert(rows.rfind("</tbody>"), nocompile_row(cx, root)) : rows;
  out += "<h2>Timeline and machine-readable files</h2><ul><li><a href=\"" + root + "timeline.html\">compile timeline</a> (" +
         "<a href=\"" + root + "chromium_events.json\">chromium_events.json</a> for Perfetto / chrome://tracing)</li><li><a href=\"" +
         root + "summary.json\">summary.json</a>, <a href=\"" + root + "compile_directory.json\">compile_directory.json</a>, <a href=\"" +
         root + "raw.jsonl\">raw.jsonl</a></li></ul>\n";
  return out + page_end();
}

std::string compiles_page(Ctx& cx) {
  size_t total = 0;
  std::string rows = compile_rows(cx, -1, "", SIZE_MAX, total);
  return page_begin("tparse: all compiles", "") + fmt::format("<h1>All {} compiles</h1>", total) +
         "<input class=\"filter\" data-table=\"compiles-table\" placeholder=\"filter\">\n" + rows + page_end();
}

}  // namespace tparse::report
