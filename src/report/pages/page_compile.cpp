// One page per compile (c/<index>.html): outcome, metrics, recompile reasons in words, graph
// breaks, restarts, stack, then every artifact: FX graphs as text and as a Graphviz SVG, AOT and
// inductor graphs, highlighted inductor code, guards, shape events. Big payloads get their own
// content-addressed page (p/<hash>.html) so compile pages stay small. Each artifact block can be
// made on any page worker (ArtifactJobs); what a compile's blocks share (the Dynamo graph and its
// modules, the guards, the AOT forward graph) is read, parsed and attributed once.
#include <fmt/format.h>

#include <memory>

#include "report/context.hpp"
#include "core/payloads/fx_graph.hpp"
#include "core/model/summary.hpp"
#include "graph/hierarchy.hpp"
#include "graph/module_calls.hpp"
#include "graph/layout.hpp"
#include "report/highlight.hpp"
#include "report/html.hpp"
#include "report/recompile_words.hpp"

namespace tparse::report {

namespace {

bool is_graph(const Artifact& a) {
  const std::string& k = a.kind;
  return k == "dynamo_output_graph" || k.rfind("aot_", 0) == 0 || k.find("graph") != std::string::npos ||
         a.name.find("_graph") != std::string::npos;
}
bool is_code(const Artifact& a) { return a.kind == "inductor_output_code" || a.name.find("output_code") != std::string::npos; }

int category(const Artifact& a) {
  if (a.kind == "dynamo_output_graph") return 0;
  if (is_code(a)) return 2;
  if (is_graph(a)) return 1;
  if (a.kind.find("guard") != std::string::npos || a.name.find("guard") != std::string::npos) return 3;
  return 4;
}
const char* kCategoryTitle[] = {"Dynamo output graph", "AOT / inductor graphs", "Inductor output code", "Guards",
                                "Other artifacts"};

void row(std::string& out, const char* k, const std::string& v) {
  out += "<tr><th>";
  esc_to(out, k);
  out += "</th><td>";
  esc_to(out, v);
  out += "</td></tr>";
}
std::string num(int64_t v) { return v < 0 ? "-" : std::to_string(v); }

/// Big graphs (over svg_max_nodes) are drawn module by module (page_graph.cpp); `dynamo` is the
/// compile's Dynamo graph, which names the modules of AOT / inductor graphs.
std::string big_graph_block(Ctx& cx, const fx::Graph& g, const std::string& text, const std::string& hash,
                            const std::string& title, const fx::Graph* dynamo, const std::string& root,
                            const graph::DynamoModules& base, std::string& model_page, const std::string& forward = {},
                            const graph::Hierarchy* made = nullptr, const graph::ForwardModules* fwd = nullptr) {
  graph::Hierarchy h = made ? *made : graph::hierarchy_for(g, dynamo, base, text, forward, fwd);
  if (h.groups.size() > 1) return module_drawing(cx, g, h, hash, title, root, &model_page);
  std::lock_guard<std::mutex> lk(cx.mu);
  ++cx.stats.svg_skipped;
  return fmt::format("<p class=\"muted\">Graph drawing skipped: the graph names no modules, so its one level has {} nodes "
                     "(more than {}); the text is below.</p>", g.nodes.size(), cx.opt.svg_max_nodes);
}

/// The compile's Dynamo graph, read and parsed on first use, and its modules with the compile's
/// guards (graph::dynamo_modules), made once for all the graphs of the compile drawn by module.
/// Thread-safe: the artifacts of one compile may be made by several page workers.
struct DynamoGraph {
  explicit DynamoGraph(LazyText t) : text(std::move(t)) {}
  LazyText text;
  std::unique_ptr<fx::Graph> g;
  std::unique_ptr<graph::DynamoModules> modules;
  std::mutex graph_mu, modules_mu;
  const fx::Graph* graph() {
    std::lock_guard<std::mutex> lk(graph_mu);
    if (!g) g = std::make_unique<fx::Graph>(fx::parse_fx_graph(text.get()));
    return g.get();
  }
  const graph::DynamoModules& modules_with(LazyText* guards) {
    std::lock_guard<std::mutex> lk(modules_mu);
    if (!modules) modules = std::make_unique<graph::DynamoModules>(graph::dynamo_modules(*graph(), guards ? guards->get() : std::string()));
    return *modules;
  }
};

/// content_hash of a payload text, memoized by its key.
std::string text_hash(Ctx& cx, LazyText& text) {
  std::string mk = memo_key('h', text.key(), "");
  if (!mk.empty())
    if (auto hit = cx.memo.find(mk)) return *hit;
  std::string h = content_hash(text.get());
  if (!mk.empty()) cx.memo.put(mk, h);
  return h;
}

/// The compile's AOT forward graph, parsed and attributed to modules once: its own block draws it,
/// the backward's block reads it (hierarchy_for places the forward ops a backward recomputes).
struct ForwardGraph {
  explicit ForwardGraph(LazyText* t) : text(t) {}
  LazyText* text;  ///< ArtifactJobs::forward (shared: locked)
  std::mutex mu;
  std::unique_ptr<fx::Graph> g;
  std::unique_ptr<graph::Hierarchy> h;
  const fx::Graph& graph() {
    std::lock_guard<std::mutex> lk(mu);
    if (!g) g = std::make_unique<fx::Graph>(fx::parse_fx_graph(text->get()));
    return *g;
  }
  graph::ForwardModules modules(DynamoGraph& dynamo, LazyText* guards) {
    std::lock_guard<std::mutex> lk(mu);
    if (!g) g = std::make_unique<fx::Graph>(fx::parse_fx_graph(text->get()));
    if (!h) h = std::make_unique<graph::Hierarchy>(graph::hierarchy_for(*g, dynamo.graph(), dynamo.modules_with(guards), text->get()));
    return {g.get(), h.get()};
  }
};

/// `self`: the compile's DynamoGraph when `text` is that graph (parsed once for its drawing and
/// its AOT graphs' modules, which are then made once for the compile).
std::string svg_block(Ctx& cx, LazyText& text, const std::string& root, const std::string& title,
                      DynamoGraph* dynamo = nullptr, LazyText* guards = nullptr, LazyText* forward = nullptr,
                      DynamoGraph* self = nullptr, ForwardGraph* fg = nullptr, bool is_forward = false) {
  std::string hash = text_hash(cx, text);
  std::string rel = "g/" + hash + ".svg";
  // The node count decides the kind of drawing; memoized by text so a repeated graph is parsed once.
  std::unique_ptr<fx::Graph> local;
  auto parsed = [&]() -> const fx::Graph& {
    if (self) return *self->graph();
    if (fg && is_forward) return fg->graph();
    if (!local) local = std::make_unique<fx::Graph>(fx::parse_fx_graph(text.get()));
    return *local;
  };
  size_t nodes = 0;
  std::string nk = memo_key('n', hash, "");
  if (auto hit = cx.memo.find(nk)) {
    nodes = std::stoull(*hit);
  } else {
    nodes = parsed().ok ? parsed().nodes.size() : 0;
    cx.memo.put(nk, std::to_string(nodes));
  }
  auto img = [&] {
    return fmt::format("<p><a href=\"{0}{1}\"><img class=\"graph\" src=\"{0}{1}\" alt=\"FX graph drawing ({2} nodes)\"></a></p>",
                       root, rel, nodes);
  };
  {
    std::lock_guard<std::mutex> lk(cx.mu);
    if (cx.written.count(rel)) return img();  // drawn for another compile (same graph text)
  }
  if (nodes == 0) return {};
  if (nodes > cx.opt.svg_max_nodes) {
    // The module drawing depends on the text, the Dynamo graph naming its modules, and root;
    // memoized with the name of its model page (whose writer, the lowest compile, is checked).
    std::string bk = memo_key('b', hash, (dynamo ? "d" + text_hash(cx, dynamo->text) : std::string("-")) +
                                             (guards ? "g" + text_hash(cx, *guards) : std::string("-")) +
                                             (forward ? "f" + text_hash(cx, *forward) : std::string()) + root);
    if (auto b = cx.memo.find(bk)) {
      size_t nl = b->find('\n');
      std::string pg = b->substr(0, nl);
      if (pg.empty() || !cx.would_write(pg)) return b->substr(nl + 1);
    }
    const fx::Graph& g = parsed();
    std::string page;
    std::optional<graph::DynamoModules> own;  // a Dynamo graph not the compile's counted one
    DynamoGraph* holder = dynamo ? dynamo : self;
    if (!holder) own = graph::dynamo_modules(g, guards ? guards->get() : std::string());
    const graph::DynamoModules& base = holder ? holder->modules_with(guards) : *own;
    // The forward graph's hierarchy (its own block, or the backward's) is made once for both.
    graph::ForwardModules fm;
    if (fg && dynamo && (is_forward || forward)) fm = fg->modules(*dynamo, guards);
    std::string out = big_graph_block(cx, g, text.get(), hash, title, dynamo ? dynamo->graph() : nullptr, root,
                                      base, page, forward ? forward->get() : std::string(), is_forward ? fm.h : nullptr,
                                      !is_forward && fm.g ? &fm : nullptr);
    cx.memo.put(bk, page + "\n" + out);
    return out;
  }
  if (dynamo) return {};  // small AOT / inductor graphs: text only, as before
  const fx::Graph& g = parsed();
  cx.write_once(rel, [&] {
    std::string err;
    std::string svg = graph::fx_to_svg(g, &err);
    std::lock_guard<std::mutex> lk(cx.mu);
    ++cx.stats.svgs;
    if (svg.empty())
      svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"30\"><text x=\"4\" y=\"20\">" + esc(err) + "</text></svg>";
    return svg;
  });
  return img();
}

}  // namespace

std::string payload_block(Ctx& cx, const Artifact& a, const std::string& root, bool open, bool code, LazyText* have) {
  LazyText own{cx.ps, a.payload, std::nullopt};
  LazyText& lt = have ? *have : own;
  bool highlight = (code || is_graph(a)) && !(cx.opt.plain_text && code);
  bool txt = cx.opt.plain_text && code;
  auto head = [&](size_t size) {
    return std::string("<details") + (open ? " open" : "") + "><summary>" + esc(a.name) +
           fmt::format(" <span class=\"muted\">({}{})</span></summary>", fmt_bytes(size), a.payload.md5_ok ? "" : ", md5 mismatch");
  };
  // What follows the head depends only on the text, highlight, txt and root: memoized as
  // "size\nrel\n" + tail (rel: the payload's own page, "" when inline; its title names the
  // artifact of the lowest compile, so a lower compile still writes it).
  std::string mk = memo_key('p', lt.key(), std::string(highlight ? "h" : "-") + (txt ? "t" : "-") + root);
  if (!mk.empty())
    if (auto hit = cx.memo.find(mk)) {
      size_t nl = hit->find('\n'), nl2 = hit->find('\n', nl + 1);
      std::string page = hit->substr(nl + 1, nl2 - nl - 1);
      if (page.empty() || !cx.would_write(page)) return head(std::stoull(hit->substr(0, nl))) + hit->substr(nl2 + 1);
    }
  const std::string& text = lt.get();
  auto body = [&](std::string_view t) {
    std::string h = "<pre>";
    h.reserve(t.size() + t.size() / 2 + 16);
    if (highlight) highlight_python(h, t);
    else esc_to(h, t);
    h += "</pre>";
    return h;
  };
  std::string tail, page;
  if (text.size() <= cx.opt.inline_limit) {
    tail = body(text) + "</details>";
  } else {
    // Big: its own page, one per distinct content; a preview here.
    std::string rel = "p/" + text_hash(cx, lt) + (txt ? ".txt" : ".html");
    page = rel;
    cx.write_once(rel, [&] {
      {
        std::lock_guard<std::mutex> lk(cx.mu);
        ++cx.stats.payload_pages;
      }
      if (txt) return text;
      return page_begin(a.name, "../") + "<h1>" + esc(a.name) + "</h1>" + body(text) + page_end();
    });
    // Preview: at most 30 lines and 3 KB, cut at a line end (or a UTF-8 boundary).
    size_t cut = 0;
    for (int l = 0; l < 30 && cut != std::string::npos && cut < 3072; ++l) cut = text.find('\n', cut + 1);
    cut = std::min<size_t>(cut == std::string::npos ? text.size() : cut, 3072);
    while (cut > 0 && cut < text.size() && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    tail = "<p>Large payload: <a href=\"" + root + rel + "\">open the full text</a>. First lines:</p>" +
           body(std::string_view(text).substr(0, cut)) + "</details>";
  }
  if (!mk.empty()) cx.memo.put(mk, std::to_string(text.size()) + "\n" + page + "\n" + tail);
  return head(text.size()) + tail;
}

std::string compile_page_html(Ctx& cx, int32_t ci, const std::string* sections) {
  const Model& m = cx.m;
  const Compile& c = m.compiles[static_cast<size_t>(ci)];
  const std::string root = "../";
  std::string id = display_id(m, c);
  const Frame* fr = c.frame >= 0 ? &m.frames[static_cast<size_t>(c.frame)] : nullptr;
  std::string out = page_begin("Compile " + id, root);
  out += "<h1>Compile " + esc(id) + (fr ? " &middot; " + esc(fr->name) : "") + "</h1>\n<p class=\"muted\">" +
         esc(fr ? fr->file + ":" + std::to_string(fr->first_line) : "") + " &middot; first record " + esc(m.file_of(c.where)) + "</p>\n";
  // Neighbours in the same frame.
  if (fr && fr->compiles.size() > 1) {
    out += "<p>Compiles of this function: ";
    for (int32_t k : fr->compiles) out += (k == ci ? "<b>" + esc(display_id(m, m.compiles[static_cast<size_t>(k)])) + "</b>" : compile_link(cx, k, root)) + " ";
    out += "</p>\n";
  }
  out += "<p>Outcome: <b>" + esc(outcome_name(c.outcome)) + "</b> &middot; graph: " + (c.has_graph ? "yes" : "no") +
         fmt::format(" &middot; attempts: {}</p>\n", c.attempts);
  if (auto it = cx.ddp_html.find(ci); it != cx.ddp_html.end()) out += it->second;  // DDPOptimizer split
  if (std::string l = provenance_link(cx, ci, root); !l.empty())
    out += "<p>Inductor provenance (pre-grad graph, post-grad graph and generated code, linked): " + l + "</p>\n";
  if (c.metrics && !c.metrics->fail_type.empty())
    out += "<div class=\"alert\"><b>" + esc(c.metrics->fail_type) + "</b><pre>" + esc(c.metrics->fail_reason) + "</pre>" +
           (c.metrics->fail_user_frame_filename.empty() ? "" : "<p>at <code>" + esc(c.metrics->fail_user_frame_filename) + ":" +
                                                                 num(c.metrics->fail_user_frame_lineno) + "</code></p>") + "</div>\n";
  if (c.recompile >= 0) {
    const Recompile& r = m.recompiles[static_cast<size_t>(c.recompile)];
    out += "<h2 id=\"recompile\">Why this recompiled</h2><ul>";
    for (const auto& ch : what_changed(r)) out += "<li>" + esc(ch.words) + "</li>";
    out += "</ul><details><summary>Failed guards as PyTorch wrote them</summary><pre>";
    for (const auto& g : r.reasons) out += esc(g.entry + ": " + g.text) + "\n";
    out += "</pre></details>\n";
  }
  if (!c.breaks.empty()) {
    out += "<h2 id=\"breaks\">Graph breaks in this compile</h2><ul>";
    for (int32_t bi : c.breaks) {
      const GraphBreak& b = m.breaks[static_cast<size_t>(bi)];
      out += "<li><code>" + esc(b.user_file + ":" + std::to_string(b.user_line)) + "</code> " + esc(b.title) +
             (b.gb_id.empty() ? "" : " [" + esc(b.gb_id) + "]");
      if (b.resume_frame >= 0) {
        const Frame& rf = m.frames[static_cast<size_t>(b.resume_frame)];
        if (!rf.compiles.empty()) out += " &rarr; resumes in " + compile_link(cx, rf.compiles.front(), root);
      }
      out += "<details><summary>full reason</summary><pre>" + esc(b.reason) + "</pre></details></li>";
    }
    out += "</ul>\n";
  }
  if (!c.restart_reasons.empty()) {
    out += "<h2>Restart reasons</h2><ul>";
    for (const auto& r : c.restart_reasons) out += "<li>" + esc(r) + "</li>";
    out += "</ul>\n";
  }
  if (c.metrics) {
    const Metrics& mt = *c.metrics;
    out += "<h2 id=\"metrics\">Metrics</h2><table>";
    row(out, "entire frame compile time", fmt_seconds(mt.entire_frame_compile_time_s));
    row(out, "backend compile time", fmt_seconds(mt.backend_compile_time_s));
    row(out, "inductor compile time", fmt_seconds(mt.inductor_compile_time_s));
    row(out, "code gen time", fmt_seconds(mt.code_gen_time_s));
    row(out, "dynamo time before restart", fmt_seconds(mt.dynamo_time_before_restart_s));
    row(out, "graph ops / nodes / inputs", num(mt.graph_op_count) + " / " + num(mt.graph_node_count) + " / " + num(mt.graph_input_count));
    row(out, "guards / shape-env guards", num(mt.guard_count) + " / " + num(mt.shape_env_guard_count));
    row(out, "cache size / accumulated", num(mt.cache_size) + " / " + num(mt.accumulated_cache_size));
    row(out, "cache hit / miss / bypass", fmt::format("{} / {} / {}", c.cache_hits, c.cache_misses, c.cache_bypasses));
    for (const auto& op : mt.non_compliant_ops) row(out, "non-compliant op", op);
    out += "</table><details><summary>All compilation_metrics fields</summary><table>";
    for (const auto& [k, v] : mt.other) row(out, k.c_str(), v);
    out += "</table></details>\n";
  }
  for (const auto& rm : c.runtime_metrics) {
    out += "<details><summary>Runtime / backward metrics (" + esc(m.file_of(rm.where)) + ")</summary><table>";
    for (const auto& [k, v] : rm.other) row(out, k.c_str(), v);
    out += "</table></details>\n";
  }
  if (!c.stack.empty()) {
    out += "<h2>Stack (dynamo_start)</h2><pre>";
    for (const auto& f : c.stack) out += esc(fmt::format("{}:{} in {}\n", f.file, f.line, f.name)) + (f.code.empty() ? "" : "    " + esc(f.code) + "\n");
    out += "</pre>\n";
  }
  if (!c.shape_events.empty()) {
    out += "<h2 id=\"shapes\">Symbolic shapes</h2><table><thead><tr><th>kind</th><th>symbol</th><th>source</th><th>expr / value</th>"
           "<th>user code</th></tr></thead><tbody>";
    for (const auto& e : c.shape_events) {
      std::string user = e.user_stack.empty() ? "" : e.user_stack.back().file + ":" + std::to_string(e.user_stack.back().line);
      out += "<tr><td>" + esc(e.kind) + "</td><td>" + esc(e.symbol) + "</td><td><code>" + esc(e.source) + "</code></td><td><code>" +
             esc(e.text) + "</code></td><td><code>" + esc(user) + "</code></td></tr>";
    }
    out += "</tbody></table>\n";
  }
  out += sections ? *sections : artifact_sections(cx, c.artifacts, c.graph_artifact, id, root);
  return out + page_end();
}

/// One compile's artifacts (or the "[-/-]" entry's): each artifact's block made on its own, by any
/// page worker (make), then put together in category order (sections). The texts several blocks
/// share (the Dynamo graph, the guards, the forward graph) are read and parsed once, under locks.
struct ArtifactJobs {
  ArtifactJobs(Ctx& c, const std::vector<Artifact>& a, int32_t ga, std::string i, std::string r)
      : cx(c), artifacts(a), graph_artifact(ga), id(std::move(i)), root(std::move(r)), blocks(a.size()) {
    // The compile's guards name the modules without parameters (graph/module_calls.hpp).
    for (const auto& x : artifacts)
      if (x.kind == "dynamo_cpp_guards_str" && x.payload.valid()) guards.emplace(LazyText{cx.ps, x.payload, std::nullopt, &text_mu});
    // A backward graph recomputes forward ops under their forward names (graph/aot_segments.hpp).
    for (const auto& x : artifacts)
      if (x.kind == "aot_forward_graph" && x.payload.valid() && !forward) forward.emplace(LazyText{cx.ps, x.payload, std::nullopt, &text_mu});
    // The counted Dynamo graph: parsed once for its drawing and for its AOT graphs' modules.
    if (forward) fwd_graph = std::make_unique<ForwardGraph>(&*forward);
    if (graph_artifact >= 0)
      dynamo = std::make_unique<DynamoGraph>(LazyText{cx.ps, artifacts[static_cast<size_t>(graph_artifact)].payload, std::nullopt, &text_mu});
    for (int cat = 0; cat < 5; ++cat)
      for (size_t k = 0; k < artifacts.size(); ++k)
        if (category(artifacts[k]) == cat) order.push_back(k);
  }
  Ctx& cx;
  const std::vector<Artifact>& artifacts;
  int32_t graph_artifact;
  std::string id, root;
  std::mutex text_mu;  ///< the lazy texts below
  std::optional<LazyText> guards, forward;
  std::unique_ptr<DynamoGraph> dynamo;
  std::unique_ptr<ForwardGraph> fwd_graph;  ///< made from `forward` (declared after it: destroyed first)
  std::vector<size_t> order;        ///< artifact indices in page order (category, then index)
  std::vector<std::string> blocks;  ///< per artifact

  void make(size_t k) {
    const Model& m = cx.m;
    const Artifact& a = artifacts[k];
    const int cat = category(a);
    LazyText* gp = guards ? &*guards : nullptr;
    const char* mark = cache_mark(a.name);
    std::string sec = fmt::format("<div id=\"a{}\" class=\"artifact\"><p><b>", k) + esc(a.name) + "</b>" +
                      (a.kind != a.name ? " <span class=\"muted\">" + esc(a.kind) + "</span>" : "") +
                      (a.filename.empty() ? "" : " <code>" + esc(a.filename) + "</code>") +
                      (*mark ? std::string(" <span class=\"") + mark + "\">[cache " + mark + "]</span>" : "") +
                      (a.attempt >= 0 ? fmt::format(" <span class=\"muted\">attempt {}</span>", a.attempt) : "") +
                      " <span class=\"muted\">" + esc(m.file_of(a.where)) + "</span></p>";
    if (cat == 0 && a.payload.valid() && static_cast<int32_t>(k) == graph_artifact) {
      sec += svg_block(cx, dynamo->text, root, "Compile " + id + " " + a.name, nullptr, gp, nullptr, dynamo.get()) +
             payload_block(cx, a, root, true, false, &dynamo->text);
    } else if (cat == 0 && a.payload.valid()) {
      LazyText text{cx.ps, a.payload, std::nullopt};
      sec += svg_block(cx, text, root, "Compile " + id + " " + a.name, nullptr, gp) + payload_block(cx, a, root, true, false, &text);
    } else if (cat == 1 && a.payload.valid() && graph_artifact >= 0) {
      // AOT / inductor graphs: big ones drawn by module, with the Dynamo graph naming the modules.
      LazyText text{cx.ps, a.payload, std::nullopt};
      LazyText* fw = a.kind == "aot_backward_graph" && forward ? &*forward : nullptr;
      bool is_forward = forward && a.kind == "aot_forward_graph" && a.payload.id == forward->ref.id;
      sec += svg_block(cx, text, root, "Compile " + id + " " + a.name, dynamo.get(), gp, fw, nullptr, fwd_graph.get(), is_forward) +
             payload_block(cx, a, root, false, false, &text);
    } else if (a.payload.valid()) {
      sec += payload_block(cx, a, root, false, cat == 2);
    }
    blocks[k] = sec + "</div>\n";
  }
  std::string sections() const {
    std::string out;
    for (size_t j = 0; j < order.size();) {
      int cat = category(artifacts[order[j]]);
      out += std::string("<h2>") + kCategoryTitle[cat] + "</h2>\n";
      for (; j < order.size() && category(artifacts[order[j]]) == cat; ++j) out += blocks[order[j]];
    }
    return out;
  }
};

std::shared_ptr<ArtifactJobs> artifact_jobs(Ctx& cx, int32_t ci) {
  const Compile& c = cx.m.compiles[static_cast<size_t>(ci)];
  return std::make_shared<ArtifactJobs>(cx, c.artifacts, c.graph_artifact, display_id(cx.m, c), "../");
}
size_t artifact_job_count(const ArtifactJobs& j) { return j.order.size(); }
size_t artifact_job_index(const ArtifactJobs& j, size_t n) { return j.order[n]; }
void run_artifact_job(ArtifactJobs& j, size_t k) { j.make(k); }
std::string artifact_job_sections(const ArtifactJobs& j) { return j.sections(); }

std::string artifact_sections(Ctx& cx, const std::vector<Artifact>& artifacts, int32_t graph_artifact, const std::string& id,
                              const std::string& root) {
  ArtifactJobs j(cx, artifacts, graph_artifact, id, root);
  for (size_t k : j.order) j.make(k);
  return j.sections();
}

}  // namespace tparse::report
