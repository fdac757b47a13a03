// Explain-from-trace engine: selection of the first call, explain's arithmetic, the true account.
// Formatting lives in explain_format.cpp.
#include "explain.hpp"

#include "core/model/summary.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

namespace tparse::analysis {

namespace {

namespace fs = std::filesystem;

bool frame_matches(const Model& m, int32_t frame, const std::string& name) {
  if (name.empty()) return true;
  if (frame < 0) return false;
  const Frame& f = m.frames[static_cast<size_t>(frame)];
  return f.name == name || f.name.starts_with("torch_dynamo_resume_in_" + name + "_at_");
}

// Guards of one compile from its dynamo_cpp_guards_str tree: each leaf guard with the source of
// the GuardManager it hangs under.
void collect_guards(const LoadedTrace& t, int32_t ci, std::vector<ExplainGuard>& out) {
  const Compile& c = t.model.compiles[static_cast<size_t>(ci)];
  const Artifact* a = nullptr;
  for (const auto& art : c.artifacts)
    if (art.kind == "dynamo_cpp_guards_str" && art.payload.valid()) a = &art;
  if (!a) return;
  std::string text = t.payloads.get(a->payload);
  std::vector<std::pair<size_t, std::string>> managers;  // (depth, source)
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    std::string_view line(text.data() + pos, (nl == std::string::npos ? text.size() : nl) - pos);
    pos = nl == std::string::npos ? text.size() : nl + 1;
    size_t d = line.find("+- ");
    if (d == std::string_view::npos) continue;
    std::string_view body = line.substr(d + 3);
    while (!managers.empty() && managers.back().first >= d) managers.pop_back();
    size_t src = body.find("source=");
    if (body.find("GuardManager") != std::string_view::npos && src != std::string_view::npos) {
      size_t e = body.find(", ", src);
      managers.emplace_back(d, std::string(body.substr(src + 7, e == std::string_view::npos ? std::string_view::npos : e - src - 7)));
      continue;
    }
    size_t colon = body.find(": ");
    if (colon == std::string_view::npos) continue;
    std::string_view kind = body.substr(0, colon);
    bool upper = !kind.empty();
    for (char ch : kind)
      if (!(std::isupper(static_cast<unsigned char>(ch)) || ch == '_' || std::isdigit(static_cast<unsigned char>(ch)))) upper = false;
    if (!upper) continue;
    std::string_view code = body.substr(colon + 2);
    size_t hash = code.find("  # ");
    if (hash != std::string_view::npos) code = code.substr(0, hash);
    while (!code.empty() && code.back() == ' ') code.remove_suffix(1);
    out.push_back({ci, std::string(kind), managers.empty() ? std::string() : managers.back().second, std::string(code)});
  }
}

}  // namespace

std::string explain_reason_text(const GraphBreak& b) {
  std::string id = b.gb_id;
  std::string r = b.reason;
  // a data-dependent jump in the compiled frame itself is explain's "generic_jump"; one inside an inlined call
  // reaches explain as the CALL's Unsupported, its message in full (torch 2.11's explain of fastspeech2_conformer)
  const bool inlined = r.starts_with("Encountered graph break when attempting to trace");
  // (`generic_jump {typestr(value)}`: the variable the break's context names, an ndarray's too)
  if (!inlined && (id == "gb0170" || id == "GB0170" || b.title == "Data-dependent branching")) {
    static constexpr std::string_view kWith = "attempted to jump with ";
    size_t at = r.find(kWith);
    if (at == std::string::npos) return "generic_jump TensorVariable()";
    size_t from = at + kWith.size(), end = r.find('\n', from);
    return "generic_jump " + r.substr(from, end == std::string::npos ? std::string::npos : end - from);
  }
  // Drop the "Encountered graph break when attempting to trace ...:" preamble explain does not show.
  if (r.starts_with("Encountered graph break")) {
    size_t p = r.find("\n\n");
    if (p != std::string::npos) r = r.substr(p + 2);
  }
  size_t tb = r.find("\n\nUser code traceback:");
  if (tb != std::string::npos) r.resize(tb);
  while (!r.empty() && (r.back() == '\n' || r.back() == ' ')) r.pop_back();
  if (r.empty()) r = b.title;
  return r;
}

size_t compiled_frame_index(const Model& m, const Compile& c, const Stack& user_stack) {
  if (c.frame < 0 || user_stack.empty()) return 0;
  const Frame& f = m.frames[static_cast<size_t>(c.frame)];
  // The compiled code object is (file, first line). Tracebacks show a resume function
  // (torch_dynamo_resume_in_forward_at_152) under its own or its original name, and an inlined
  // callee may share the compiled function's name (another forward, further down). So: skip the
  // callers (the dynamo_start stack but its last frame, in order), then take the OUTERMOST frame of
  // the compiled file at or after its first line whose name is the compiled or original name.
  std::string original = f.name;
  static constexpr std::string_view kResume = "torch_dynamo_resume_in_";
  if (original.starts_with(kResume)) {  // torch_dynamo_resume_in_<fn>_at_<line> -> <fn>
    original = original.substr(kResume.size());
    size_t at = original.rfind("_at_");
    if (at != std::string::npos) original.resize(at);
  }
  size_t caller = 0, ncallers = c.stack.empty() ? 0 : c.stack.size() - 1;
  for (size_t k = 0; k < user_stack.size(); ++k) {
    const StackFrame& u = user_stack[k];
    bool is_caller = false;
    for (size_t j = caller; j < ncallers; ++j)
      if (c.stack[j].file == u.file && c.stack[j].line == u.line && c.stack[j].name == u.name) {
        caller = j + 1;
        is_caller = true;
        break;
      }
    if (is_caller) continue;
    if (u.file == f.file && (f.first_line < 0 || u.line >= f.first_line) && (u.name == f.name || u.name == original))
      return k;
  }
  return 0;
}

std::vector<int32_t> select_first_call(const Model& m, std::string* why, bool* guess) {
  std::vector<int32_t> out;
  if (guess) *guess = false;
  if (m.compiles.empty()) {
    if (why) *why = "no compiles in the trace";
    return out;
  }
  // Trace order: by first record.
  std::vector<int32_t> order(m.compiles.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int32_t>(i);
  std::stable_sort(order.begin(), order.end(), [&](int32_t a, int32_t b) {
    const auto& wa = m.compiles[static_cast<size_t>(a)].where;
    const auto& wb = m.compiles[static_cast<size_t>(b)].where;
    return wa.file != wb.file ? wa.file < wb.file : wa.line < wb.line;
  });
  const Compile& first = m.compiles[static_cast<size_t>(order.front())];
  const int32_t proc = first.process, epoch = first.epoch;
  int32_t entry = first.frame;
  // A skipped entry frame (a break in a loop) runs eagerly on every call and never recompiles, so
  // it cannot mark the next call. The frame compiled first from inside it is entered first on
  // every call instead; its recompiles end the first call unless they come from values made
  // inside the call (requires_grad of an earlier layer's output, another module instance).
  bool skipped_entry = first.outcome == Outcome::FrameSkipped;
  std::string entry_note;
  if (skipped_entry) {
    entry = -1;
    for (int32_t ci : order) {
      const Compile& c = m.compiles[static_cast<size_t>(ci)];
      if (c.process != proc || c.epoch != epoch || c.frame < 0 || c.frame == first.frame) continue;
      if (m.frames[static_cast<size_t>(c.frame)].is_resume) continue;
      entry = c.frame;
      break;
    }
    entry_note = "estimated: the entry frame " + first.id.str() + " was skipped (it runs eagerly and logs nothing on later "
                 "calls), so the first call ends at a new-input recompile of " +
                 (entry >= 0 ? m.frames[static_cast<size_t>(entry)].name : std::string("?")) +
                 ", the first frame compiled inside it";
  }
  // Every break a compile resumes from makes one resume function, named after the original function
  // and the line of the compiled frame where it broke; a data-dependent jump makes one per branch,
  // and a call runs only the branch it takes. So more resume functions named for a line than
  // distinct frames that broke there is a branch the first call did not take: a later call.
  std::map<std::string, std::set<int32_t>> broke_at;  // resume name -> frames that broke at that line
  std::map<std::string, int> resumes_seen;
  std::string stop, uncertain;
  bool entry_seen = false;
  for (int32_t ci : order) {
    const Compile& c = m.compiles[static_cast<size_t>(ci)];
    if (c.process != proc || c.epoch != epoch) continue;
    bool id_only = false;  // identity (and, behind a skipped entry, requires_grad) changes stay in the call
    if (c.recompile >= 0) {
      const Recompile& r = m.recompiles[static_cast<size_t>(c.recompile)];
      id_only = !r.reasons.empty();
      for (const auto& g : r.reasons)
        if (g.change != GuardChange::Id && !(skipped_entry && g.change == GuardChange::RequiresGrad)) id_only = false;
    }
    if (c.frame == entry && c.frame >= 0 && entry_seen && c.id.compile > 0 && !id_only) {
      stop = (skipped_entry ? "the first frame compiled in the skipped entry recompiled for a new input at "
                            : "the entry frame recompiled for a new input at ") + display_id(m, c);
      break;
    }
    if (c.frame == entry) entry_seen = true;
    if (c.frame >= 0) {
      const Frame& f = m.frames[static_cast<size_t>(c.frame)];
      if (f.is_resume && c.id.compile == 0) {
        auto b = broke_at.find(f.name);
        size_t allowed = b == broke_at.end() ? 1 : std::max<size_t>(1, b->second.size());
        if (static_cast<size_t>(++resumes_seen[f.name]) > allowed) {
          stop = "a resume function for a branch not taken before (" + f.name + ") at " + display_id(m, c);
          break;
        }
      }
    }
    if (uncertain.empty() && c.id.compile > 0 && c.frame != entry && !id_only)
      uncertain = display_id(m, c) + " recompiled " + (c.frame >= 0 ? m.frames[static_cast<size_t>(c.frame)].name : std::string("?")) +
                  " for a new input without a new compile of the entry frame, so it may belong to a later call "
                  "that hit the entry's cache (counted in the first call)";
    for (int32_t bi : c.breaks) {
      const GraphBreak& b = m.breaks[static_cast<size_t>(bi)];
      if (b.kind != BreakKind::Resumed || c.frame < 0 || b.user_stack.empty()) continue;
      const Frame& f = m.frames[static_cast<size_t>(c.frame)];
      std::string original = f.name;
      static constexpr std::string_view kResume = "torch_dynamo_resume_in_";
      if (original.starts_with(kResume)) {
        original = original.substr(kResume.size());
        size_t at = original.rfind("_at_");
        if (at != std::string::npos) original.resize(at);
      }
      size_t k = compiled_frame_index(m, c, b.user_stack);
      broke_at[std::string(kResume) + original + "_at_" + std::to_string(b.user_stack[k].line)].insert(c.frame);
    }
    out.push_back(ci);
  }
  bool exact = !skipped_entry && uncertain.empty();
  if (guess) *guess = !exact;
  if (why) {
    *why = "first call: " + std::to_string(out.size()) + " of " + std::to_string(m.compiles.size()) + " compiles";
    if (!stop.empty()) *why += "; stopped where " + stop;
    if (!entry_note.empty()) *why += "; " + entry_note;
    if (m.processes.size() > 1) *why += "; first process only";
    if (exact)
      *why += "; exact: the entry frame runs once per call, and every other compile before its recompile is a "
              "code object's first compile or a recompile for a new object";
    else if (!skipped_entry)
      *why += "; estimated: " + uncertain;
  }
  return out;
}

bool read_source_line(const std::string& path, int64_t line, const std::vector<std::string>& roots,
                      std::string& text, std::string& found_at) {
  if (path.empty() || line <= 0) return false;
  std::vector<fs::path> candidates{fs::path(path)};
  fs::path p(path);
  std::vector<fs::path> parts(p.begin(), p.end());
  for (const auto& root : roots)
    for (size_t i = 0; i < parts.size(); ++i) {
      fs::path suffix;
      for (size_t j = i; j < parts.size(); ++j)
        if (parts[j] != "/") suffix /= parts[j];
      if (!suffix.empty()) candidates.push_back(fs::path(root) / suffix);
    }
  for (const auto& c : candidates) {
    std::error_code ec;
    if (!fs::is_regular_file(c, ec)) continue;
    std::ifstream in(c);
    std::string l;
    for (int64_t n = 1; std::getline(in, l); ++n)
      if (n == line) {
        size_t a = l.find_first_not_of(" \t");
        text = a == std::string::npos ? "" : l.substr(a);
        if (!text.empty() && text.back() == '\r') text.pop_back();
        found_at = c.string();
        return true;
      }
  }
  return false;
}

Explanation explain_trace(const LoadedTrace& t, const ExplainOptions& o) {
  const Model& m = t.model;
  Explanation e;
  e.frame_filter = o.frame;
  if (o.all_calls) {
    std::string why;
    auto first = select_first_call(m, &why);
    if (!first.empty()) {
      const Compile& f0 = m.compiles[static_cast<size_t>(first.front())];
      for (size_t i = 0; i < m.compiles.size(); ++i)
        if (m.compiles[i].process == f0.process && m.compiles[i].epoch == f0.epoch) e.selected.push_back(static_cast<int32_t>(i));
    }
    e.selection = o.script_first_call
                      ? "the script's first compiled call (" + std::to_string(e.selected.size()) +
                            " compiles): the run stops after it, as torch._dynamo.explain runs the model once; --all-calls "
                            "runs the whole script"
                      : "all calls: " + std::to_string(e.selected.size()) + " compiles of the first process";
  } else {
    e.selected = select_first_call(m, &e.selection, &e.selection_is_guess);
  }
  if (!o.frame.empty()) {
    std::erase_if(e.selected, [&](int32_t ci) { return !frame_matches(m, m.compiles[static_cast<size_t>(ci)].frame, o.frame); });
    e.selection += "; --frame " + o.frame;
  }
  // explain's arithmetic over the selected compiles.
  for (int32_t ci : e.selected) {
    const Compile& c = m.compiles[static_cast<size_t>(ci)];
    if (!c.has_graph) {
      // A backend that failed (and was suppressed) still got the graph: torch counts its calls in
      // calls_captured before calling the backend, but not in unique_graphs.
      if (c.outcome == Outcome::Failed && c.graph_artifact >= 0) {
        const Artifact& a = c.artifacts[static_cast<size_t>(c.graph_artifact)];
        if (a.payload.valid()) e.calls_captured += parse_graph_ops(t.payloads.get(a.payload)).calls();
      }
      continue;
    }
    ExplainGraph g;
    g.compile = ci;
    if (c.graph_artifact >= 0) {
      const Artifact& a = c.artifacts[static_cast<size_t>(c.graph_artifact)];
      if (a.payload.valid()) {
        g.ops = parse_graph_ops(t.payloads.get(a.payload));
        g.parsed = true;
      }
    }
    e.op_count += static_cast<int64_t>(g.ops.call_functions.size());
    e.calls_captured += g.ops.calls();
    e.graphs.push_back(std::move(g));
    // The graph was compiled because of a break when this compile was cut by one (resumed break).
    for (int32_t bi : c.breaks) {
      const GraphBreak& b = m.breaks[static_cast<size_t>(bi)];
      if (b.kind != BreakKind::Resumed && b.kind != BreakKind::NonResumable) continue;
      ExplainReason r;
      // A break Dynamo cannot resume from compiles up to its checkpoint with
      // GraphCompileReason("step_unsupported", [frame_summary()]) (symbolic_convert.py step_graph_break).
      r.reason = b.kind == BreakKind::NonResumable ? std::string("step_unsupported") : explain_reason_text(b);
      r.compile = ci;
      r.brk = bi;
      size_t start = compiled_frame_index(m, c, b.user_stack);
      r.user_stack.assign(b.user_stack.begin() + static_cast<std::ptrdiff_t>(std::min(start, b.user_stack.size())), b.user_stack.end());
      if (r.user_stack.empty()) r.user_stack.push_back({IStr(b.user_file), b.user_line, IStr(b.user_function), ""});
      e.break_reasons.push_back(std::move(r));
      break;  // one graph, one reason
    }
    collect_guards(t, ci, e.guards);
  }
  e.graph_count = static_cast<int64_t>(e.graphs.size());
  e.graph_break_count = e.graph_count - 1;
  // True account over the whole trace (narrowed by --frame).
  std::set<int32_t> sites;
  for (size_t ci = 0; ci < m.compiles.size(); ++ci) {
    const Compile& c = m.compiles[ci];
    if (!frame_matches(m, c.frame, o.frame)) continue;
    ++e.compiles;
    if (c.has_graph) ++e.graphs_total;
    for (int32_t bi : c.breaks) {
      ++e.break_events;
      const GraphBreak& b = m.breaks[static_cast<size_t>(bi)];
      if (b.kind == BreakKind::FrameSkipped) ++e.frames_skipped;
      if (b.site >= 0) sites.insert(b.site);
    }
    if (c.outcome == Outcome::FrameSkipped && c.breaks.empty()) ++e.frames_skipped;
    if (c.recompile >= 0) ++e.recompiles;
    if (c.outcome == Outcome::Failed) ++e.failures;
  }
  for (const auto& f : m.frames)
    if (frame_matches(m, static_cast<int32_t>(&f - m.frames.data()), o.frame)) {
      if (f.is_resume) ++e.resume_frames;
      if (f.hit_recompile_limit) ++e.fallbacks;
    }
  e.distinct_sites = static_cast<int64_t>(sites.size());
  for (int32_t si : sites) {
    const BreakSite& s = m.break_sites[static_cast<size_t>(si)];
    SiteExplain x;
    x.site = si;
    x.advice = advise_site(s, m);
    x.events = static_cast<int64_t>(s.events.size());
    for (int32_t bi : s.events)
      if (m.breaks[static_cast<size_t>(bi)].kind == BreakKind::FrameSkipped) x.frame_skipped = true;
    std::string found;
    if (read_source_line(s.user_file, s.user_line, o.source_roots, x.source_line, found)) {
      x.source_from = "local file " + found;
    } else if (!s.events.empty()) {
      const GraphBreak& b = m.breaks[static_cast<size_t>(s.events.front())];
      for (auto it = b.user_stack.rbegin(); it != b.user_stack.rend(); ++it)
        if (it->line == s.user_line && !it->code.empty()) {
          x.source_line = it->code;
          x.source_from = "trace";
          break;
        }
    }
    e.sites.push_back(std::move(x));
  }
  std::sort(e.sites.begin(), e.sites.end(), [](const SiteExplain& a, const SiteExplain& b) { return a.events > b.events; });
  for (size_t fi = 0; fi < m.frames.size(); ++fi) {
    const Frame& f = m.frames[fi];
    if (!frame_matches(m, static_cast<int32_t>(fi), o.frame)) continue;
    RecompileExplain r;
    r.frame = static_cast<int32_t>(fi);
    for (int32_t ci : f.compiles) {
      const Compile& c = m.compiles[static_cast<size_t>(ci)];
      if (c.recompile < 0) continue;
      r.recompiles.push_back(c.recompile);
      r.advice.push_back(advise_recompile(m.recompiles[static_cast<size_t>(c.recompile)], m));
    }
    r.hit_limit = f.hit_recompile_limit;
    if (r.hit_limit) r.limit_advice = advise_recompile_limit(f, m);
    if (!r.recompiles.empty() || r.hit_limit) e.recompiling_frames.push_back(std::move(r));
  }
  return e;
}

}  // namespace tparse::analysis
