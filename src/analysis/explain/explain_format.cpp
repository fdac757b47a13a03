// Text (torch's ExplainOutput layout + the true account) and JSON output of an Explanation.
#include <fmt/format.h>

#include "analysis/explain/explain.hpp"
#include "core/json_writer.hpp"
#include "core/model/summary.hpp"

namespace tparse::analysis {

namespace {

// A multi-line text inside an indented block: every line after the first gets `n` spaces, so a
// recompile reason or fix spanning lines stays inside its entry.
std::string indent_rest(const std::string& s, size_t n) {
  std::string out;
  for (char ch : s) {
    out.push_back(ch);
    if (ch == '\n') out.append(n, ' ');
  }
  while (!out.empty() && (out.back() == ' ' || out.back() == '\n')) out.pop_back();
  return out;
}

std::string py_repr(const std::string& s) {
  // Python repr of a str: single quotes unless the text contains one and no double quote.
  bool sq = s.find('\'') != std::string::npos, dq = s.find('"') != std::string::npos;
  char q = (sq && !dq) ? '"' : '\'';
  std::string o(1, q);
  for (char c : s) {
    if (c == q || c == '\\') o.push_back('\\');
    o.push_back(c);
  }
  o.push_back(q);
  return o;
}

std::string guard_source_kind(const std::string& src) {
  if (src.empty()) return "global";
  if (src.starts_with("L[")) return "local";
  if (src.starts_with("G")) return "global";
  return "local";
}

std::string frame_label(const Model& m, int32_t fi) {
  if (fi < 0) return "?";
  const Frame& f = m.frames[static_cast<size_t>(fi)];
  return f.first_line > 0 ? fmt::format("{} ({}:{})", f.name, f.file, f.first_line) : f.name;
}

}  // namespace

std::string explain_text(const Explanation& e, const Model& m) {
  std::string o;
  auto safe = [](std::string_view s) { return terminal_safe(s); };
  o += fmt::format("Graph Count: {}\nGraph Break Count: {}\nOp Count: {}\nBreak Reasons:\n", e.graph_count,
                   e.graph_break_count, e.op_count);
  for (size_t i = 0; i < e.break_reasons.size(); ++i) {
    const auto& r = e.break_reasons[i];
    o += fmt::format("  Break Reason {}:\n    Reason: {}\n    User Stack:\n", i + 1, safe(r.reason));
    for (const auto& f : r.user_stack)
      o += fmt::format("      <FrameSummary file {}, line {} in {}>\n", safe(f.file), f.line, safe(f.name));
  }
  o += "Ops per Graph:\n";
  for (size_t i = 0; i < e.graphs.size(); ++i) {
    o += fmt::format("  Ops {}:\n", i + 1);
    for (const auto& op : e.graphs[i].ops.call_functions) o += "    " + safe(op) + "\n";
    if (!e.graphs[i].parsed) o += "    (graph payload not in the trace)\n";
  }
  o += "Out Guards:\n";
  for (size_t i = 0; i < e.guards.size(); ++i) {
    const auto& g = e.guards[i];
    o += fmt::format("  Guard {}:\n    Name: {}\n    Source: {}\n    Create Function: {}\n    Code List: [{}]\n", i + 1,
                     safe(py_repr(g.source)), guard_source_kind(g.source), safe(g.kind), safe(py_repr(g.code)));
  }
  // The true account.
  o += "\n== tparse: beyond explain ==\n";
  o += fmt::format("Scope: {}\n", safe(e.selection));
  if (!e.selection.starts_with("all calls") && !e.selection.starts_with("the script's first"))
    o += e.selection_is_guess ? "First call: estimated (the trace does not show where it ends; Scope says why); check "
                                "with --all-calls or torch._dynamo.explain.\n"
                              : "First call: exact (Scope says why).\n";
  o += fmt::format("Explain's Graph Break Count is Graph Count - 1 (torch's arithmetic), not a count of breaks.\n");
  o += fmt::format("{}: {} compile(s), {} graph(s), {} graph-break event(s) at {} distinct site(s), "
                   "{} frame(s) skipped, {} resume function(s), {} recompile(s), {} recompile-limit fallback(s), "
                   "{} failure(s)\n",
                   e.selection.starts_with("the script's first") ? "That run" : "Whole trace", e.compiles, e.graphs_total, e.break_events, e.distinct_sites, e.frames_skipped, e.resume_frames,
                   e.recompiles, e.fallbacks, e.failures);
  o += fmt::format("Selected call: {} graph(s), {} op(s) explain counts (call_function), {} calls captured "
                   "(call_function + call_method + call_module)\n",
                   e.graph_count, e.op_count, e.calls_captured);
  if (!e.sites.empty()) o += "\nGraph-break sites:\n";
  for (size_t i = 0; i < e.sites.size(); ++i) {
    const auto& x = e.sites[i];
    const BreakSite& s = m.break_sites[static_cast<size_t>(x.site)];
    std::string kinds;  // each event keeps its own kind: "2 resumed, 1 frame skipped"
    static constexpr const char* kShort[] = {"resumed", "not resumable", "frame skipped", "fullgraph error"};
    static_assert(sizeof kShort / sizeof kShort[0] == kBreakKindCount);
    if (s.kind_counts[static_cast<int>(BreakKind::Resumed)] != x.events)
      for (int k = 0; k < kBreakKindCount; ++k)
        if (s.kind_counts[k]) kinds += fmt::format(", {} {}", s.kind_counts[k], kShort[k]);
    o += fmt::format("  {}. {}:{} in {}  {}{}  ({} event(s){})\n", i + 1, safe(s.user_file), s.user_line,
                     safe(s.user_function), safe(s.title), s.gb_id.empty() ? "" : " [" + s.gb_id + "]", x.events, kinds);
    if (!x.source_line.empty())
      o += fmt::format("       {} | {}    ({})\n", s.user_line, safe(x.source_line), safe(x.source_from));
    o += fmt::format("       category: {}\n       fix: {}\n", x.advice.title, indent_rest(safe(x.advice.fix), 12));
  }
  if (!e.recompiling_frames.empty()) o += "\nRecompiling frames:\n";
  for (const auto& r : e.recompiling_frames) {
    o += fmt::format("  {}: {} recompile(s){}\n", safe(frame_label(m, r.frame)), r.recompiles.size(),
                     r.hit_limit ? ", hit the recompile limit (falls back to eager)" : "");
    for (size_t k = 0; k < r.recompiles.size(); ++k) {
      const Recompile& rc = m.recompiles[static_cast<size_t>(r.recompiles[k])];
      const Compile& c = m.compiles[static_cast<size_t>(rc.compile)];
      const FailedGuard* dg = decisive_guard(rc);
      std::string what = dg ? dg->text : std::string("(reason not recorded)");
      o += fmt::format("    {} {}: {}\n      fix: {}\n", display_id(m, c), r.advice[k].title, indent_rest(safe(what), 8),
                       indent_rest(safe(r.advice[k].fix), 8));
    }
    if (r.hit_limit) o += fmt::format("    limit: {}\n", safe(r.limit_advice.fix));
  }
  return o;
}

std::string explain_json(const Explanation& e, const Model& m, bool pretty) {
  JsonWriter w(pretty);
  w.begin_object().kv("schema", "tparse-explain").kv("schema_version", int64_t{1});
  w.kv("graph_count", e.graph_count).kv("graph_break_count", e.graph_break_count).kv("op_count", e.op_count);
  w.key("break_reasons").begin_array();
  for (const auto& r : e.break_reasons) {
    w.begin_object().kv("reason", r.reason).key("user_stack").begin_array();
    for (const auto& f : r.user_stack) w.value(fmt::format("{}:{} in {}", f.file, f.line, f.name));
    w.end_array();
    w.kv("compile", display_id(m, m.compiles[static_cast<size_t>(r.compile)])).end_object();
  }
  w.end_array().key("ops_per_graph").begin_array();
  for (const auto& g : e.graphs) {
    w.begin_array();
    for (const auto& op : g.ops.call_functions) w.value(op);
    w.end_array();
  }
  w.end_array().key("graphs").begin_array();
  for (const auto& g : e.graphs)
    w.begin_object().kv("compile", display_id(m, m.compiles[static_cast<size_t>(g.compile)]))
        .kv("call_function", static_cast<int64_t>(g.ops.call_functions.size()))
        .kv("call_method", g.ops.call_methods).kv("call_module", g.ops.call_modules).kv("parsed", g.parsed).end_object();
  w.end_array().kv("out_guards_count", static_cast<int64_t>(e.guards.size())).key("out_guards").begin_array();
  for (const auto& g : e.guards)
    w.begin_object().kv("compile", display_id(m, m.compiles[static_cast<size_t>(g.compile)])).kv("name", g.source)
        .kv("create_function", g.kind).kv("code", g.code).end_object();
  w.end_array();
  w.key("scope").begin_object().kv("selection", e.selection).kv("guess", e.selection_is_guess).kv("first_call", e.selection.starts_with("all calls") ? "all calls" : e.selection_is_guess ? "estimated" : "exact").kv("frame", e.frame_filter).key("compiles").begin_array();
  for (int32_t ci : e.selected) w.value(display_id(m, m.compiles[static_cast<size_t>(ci)]));
  w.end_array().end_object();
  w.key("true_account").begin_object().kv("compiles", e.compiles).kv("graphs", e.graphs_total)
      .kv("break_events", e.break_events).kv("distinct_sites", e.distinct_sites).kv("frames_skipped", e.frames_skipped)
      .kv("resume_frames", e.resume_frames).kv("recompiles", e.recompiles).kv("fallbacks", e.fallbacks)
      .kv("failures", e.failures).kv("calls_captured", e.calls_captured).end_object();
  w.key("sites").begin_array();
  for (const auto& x : e.sites) {
    const BreakSite& s = m.break_sites[static_cast<size_t>(x.site)];
    w.begin_object().kv("file", s.user_file).opt("line", s.user_line).kv("function", s.user_function)
        .kv("reason", s.title).kv("gb_id", s.gb_id).kv("events", x.events).kv("frame_skipped", x.frame_skipped)
        .kv("kind", break_kind_name(s.kind)).kv("non_resumable", s.kind_counts[static_cast<int>(BreakKind::NonResumable)])
        .kv("source_line", x.source_line).kv("source_from", x.source_from)
        .kv("category", x.advice.category).kv("category_title", x.advice.title).kv("fix", x.advice.fix).end_object();
  }
  w.end_array().key("recompiling_frames").begin_array();
  for (const auto& r : e.recompiling_frames) {
    const Frame& f = m.frames[static_cast<size_t>(r.frame)];
    w.begin_object().kv("frame", f.name).kv("file", f.file).opt("first_line", f.first_line).kv("hit_recompile_limit", r.hit_limit);
    if (r.hit_limit) w.kv("limit_fix", r.limit_advice.fix);
    w.key("recompiles").begin_array();
    for (size_t k = 0; k < r.recompiles.size(); ++k) {
      const Recompile& rc = m.recompiles[static_cast<size_t>(r.recompiles[k])];
      w.begin_object().kv("compile", display_id(m, m.compiles[static_cast<size_t>(rc.compile)]));
      const FailedGuard* dg = decisive_guard(rc);
      w.kv("reason", dg ? dg->text : std::string());
      w.kv("change", dg ? guard_change_name(dg->change) : "");
      w.kv("category", r.advice[k].category).kv("fix", r.advice[k].fix).end_object();
    }
    w.end_array().end_object();
  }
  w.end_array().end_object();
  std::string out = w.take();
  out.push_back('\n');
  return out;
}

}  // namespace tparse::analysis
