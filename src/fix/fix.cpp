// Patch planning: break sites and recompile causes -> candidate patches (rules.hpp) -> verified by
// the compiler with the patched texts in place of their files (verify.hpp) -> conflicts grouped, best first.
#include "fix/fix.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <sstream>

#include "analysis/explain/explain.hpp"
#include "compiler/api.hpp"
#include "fix/rules.hpp"

namespace tparse::fix {

namespace fs = std::filesystem;

namespace {

std::string slurp(const std::string& p, bool& ok) {
  std::ifstream f(p, std::ios::binary);
  ok = static_cast<bool>(f);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// The file as shown in diffs: relative to the working folder or a source root when under one,
// else the path without its leading '/' (so `patch -p1` applies it from /).
std::string label_of(const std::string& file, const std::vector<std::string>& roots = {}) {
  std::error_code ec;
  fs::path abs = fs::weakly_canonical(fs::absolute(file, ec), ec);
  std::vector<fs::path> bases = {fs::current_path(ec)};
  for (const auto& r : roots) bases.push_back(fs::weakly_canonical(fs::absolute(r, ec), ec));
  for (const auto& b : bases) {
    fs::path rel = abs.lexically_relative(b);
    if (!rel.empty() && *rel.begin() != "..") return rel.generic_string();
  }
  std::string g = abs.generic_string();
  return g.starts_with("/") ? g.substr(1) : g;
}

struct FileInfo {
  bool ok = false;
  SourceText src;
  compiler::Outline outline;
};

class Planner {
 public:
  Planner(Plan& p, const FixOptions& o) : plan_(p), opts_(o) {}

  // The user's file for a path from the trace: itself, or found by path suffix under the roots.
  // The user's file for a path from the trace: the longest path suffix found under a --source-root
  // (the trace may come from another machine), else the path itself.
  std::string resolve(const std::string& file, int64_t line) {
    std::error_code ec;
    std::vector<std::string> parts;
    for (const auto& c : fs::path(file)) if (c != "/" && !c.empty()) parts.push_back(c.string());
    for (size_t i = 0; i < parts.size(); ++i)
      for (const auto& r : opts_.source_roots) {
        fs::path p = r;
        for (size_t k = i; k < parts.size(); ++k) p /= parts[k];
        if (fs::is_regular_file(p, ec)) return p.string();
      }
    if (fs::is_regular_file(file, ec)) return file;
    return "";
  }

  FileInfo& info(const std::string& file) {
    auto it = files_.find(file);
    if (it != files_.end()) return *it->second;
    auto fi = std::make_unique<FileInfo>();
    bool ok = false;
    std::string text = slurp(file, ok);
    if (ok) {
      fi->src = SourceText::from(file, std::move(text));
      fi->outline = compiler::outline_source(file, fi->src.text);
      fi->ok = fi->outline.ok;
    }
    return *(files_[file] = std::move(fi));
  }

  void add_advice(const std::string& file, int line, const analysis::Advice& a, const std::string& why) {
    for (const auto& x : plan_.advice)
      if (x.file == file && x.line == line && x.category == a.category) return;
    plan_.advice.push_back({file, label_of(file, label_roots), a.category, a.title, a.fix, why, line});
  }

  void add_candidate(const std::string& file, int line, const analysis::Advice& a, Candidate c, int32_t site = -1) {
    const std::string& category = a.category;
    for (auto& p : plan_.patches)
      if (p.file == file && p.rule == c.rule && !p.edits.empty() && !c.edits.empty() &&
          p.edits.back().first == c.edits.back().first) {
        if (site >= 0) p.sites.push_back(site);
        return;  // several sites, one statement
      }
    Patch p;
    p.file = file;
    p.label = label_of(file, label_roots);
    p.line = line;
    p.rule = c.rule;
    p.title = c.title;
    p.category = category;
    p.edits = std::move(c.edits);
    if (!normalize(p.edits)) return;
    p.diff = unified_diff(info(file).src, p.edits, p.label);
    p.fallback = {file, p.label, a.category, a.title, a.fix, "", line};
    if (site >= 0) p.sites.push_back(site);
    plan_.patches.push_back(std::move(p));
  }

  void collect(const LoadedTrace& t, const std::string& script) {
    analysis::ExplainOptions eo;
    eo.all_calls = true;
    eo.source_roots = opts_.source_roots.empty() ? std::vector<std::string>{"."} : opts_.source_roots;
    analysis::Explanation e = analysis::explain_trace(t, eo);
    const Model& m = t.model;
    for (const auto& se : e.sites) {
      const BreakSite& s = m.break_sites[static_cast<size_t>(se.site)];
      int line = static_cast<int>(s.user_line);
      std::string file = resolve(s.user_file, s.user_line);
      if (file.empty()) { add_advice(s.user_file, line, se.advice, "the file was not found (pass --source-root)"); continue; }
      FileInfo& fi = info(file);
      if (!fi.ok) { add_advice(file, line, se.advice, "the file does not parse: " + fi.outline.error); continue; }
      std::string why;
      auto c = patch_break(fi.src, fi.outline, line, why);
      if (c) add_candidate(file, line, se.advice, std::move(*c), se.site);
      else add_advice(file, line, se.advice, why);
    }
    // a compile that failed on an op's fake-tensor error (TorchRuntimeError): no patch, the advice names the op
    for (const auto& f : m.failures) {
      if (f.fail_type != "TorchRuntimeError" || f.user_line <= 0) continue;
      std::string file = resolve(f.user_file, f.user_line);
      add_advice(file.empty() ? f.user_file : file, static_cast<int>(f.user_line), analysis::advise_failure(f),
                 "a failed compile, not a graph break: no patch rule");
    }
    bool dynamic_tried = false;
    for (const auto& rf : e.recompiling_frames) {
      const Frame& f = m.frames[static_cast<size_t>(rf.frame)];
      for (size_t k = 0; k < rf.recompiles.size(); ++k) {
        const Recompile& r = m.recompiles[static_cast<size_t>(rf.recompiles[k])];
        const FailedGuard* g = analysis::decisive_guard(r);
        const analysis::Advice& a = rf.advice[k];
        std::string file = resolve(f.file, f.first_line);
        if (file.empty()) file = f.file;
        bool numeric = g && (g->change == GuardChange::Size || g->change == GuardChange::Value || g->change == GuardChange::Global);
        if (numeric && !script.empty()) {
          if (dynamic_tried) continue;
          dynamic_tried = true;
          FileInfo& fi = info(script);
          std::string why;
          std::optional<Candidate> c;
          try {
            if (fi.ok) c = patch_dynamic(fi.src, fi.outline, why);
          } catch (const std::exception& ex) {
            why = std::string("the torch.compile call could not be read back (") + ex.what() + ")";
          }
          if (c) {
            int at_line = c->edits.front().first;
            add_candidate(script, at_line, a, std::move(*c));
            continue;
          }
          add_advice(file, static_cast<int>(f.first_line), a, why);
          continue;
        }
        add_advice(file, static_cast<int>(f.first_line), a,
                   script.empty() ? "made from a trace: the torch.compile call is in the driver script"
                                  : "no patch rule for this cause");
      }
      if (rf.hit_limit) add_advice(f.file, static_cast<int>(f.first_line), rf.limit_advice, "no patch rule for this cause");
    }
  }

  // Groups patches that touch the same lines; orders groups and members best first.
  void group() { order_patches(plan_.patches); }

  std::map<std::string, std::unique_ptr<FileInfo>> files_;
  std::vector<std::string> label_roots;  ///< folders diffs are shown relative to

 private:
  Plan& plan_;
  FixOptions opts_;
};

}  // namespace

void order_patches(std::vector<Patch>& ps) {
  auto score = [](const Patch& p) {
    if (p.status != "verified") return std::make_tuple(int64_t{-1}, int64_t{0}, int64_t{0}, int64_t{0});
    return std::make_tuple(p.before.graphs_total - p.after.graphs_total, p.before.break_events - p.after.break_events,
                           p.before.graphs - p.after.graphs, p.before.recompiles - p.after.recompiles);
  };
  std::vector<int> g(ps.size());
  for (size_t i = 0; i < ps.size(); ++i) g[i] = static_cast<int>(i);
  std::function<int(int)> find = [&](int x) { return g[static_cast<size_t>(x)] == x ? x : g[static_cast<size_t>(x)] = find(g[static_cast<size_t>(x)]); };
  for (size_t i = 0; i < ps.size(); ++i)
    for (size_t j = i + 1; j < ps.size(); ++j)
      if (ps[i].file == ps[j].file && overlaps(ps[i].edits, ps[j].edits)) g[static_cast<size_t>(find(static_cast<int>(i)))] = find(static_cast<int>(j));
  std::map<int, std::vector<size_t>> groups;
  for (size_t i = 0; i < ps.size(); ++i) groups[find(static_cast<int>(i))].push_back(i);
  std::vector<std::vector<size_t>> order;
  for (auto& [root, members] : groups) {
    std::stable_sort(members.begin(), members.end(), [&](size_t a, size_t b) { return score(ps[a]) > score(ps[b]); });
    order.push_back(members);
  }
  std::stable_sort(order.begin(), order.end(), [&](const auto& a, const auto& b) { return score(ps[a[0]]) > score(ps[b[0]]); });
  std::vector<Patch> out;
  int gid = 0;
  for (const auto& members : order) {
    ++gid;
    int first_id = 0;
    for (size_t k = 0; k < members.size(); ++k) {
      Patch p = ps[members[k]];
      p.id = static_cast<int>(out.size()) + 1;
      p.group = gid;
      p.alternative_to = k == 0 ? 0 : first_id;
      if (k == 0) first_id = p.id;
      out.push_back(std::move(p));
    }
  }
  ps = std::move(out);
}

std::vector<std::pair<std::string, std::string>> patched_files(const Plan& p) {
  std::map<std::string, std::vector<Edit>> by_file;
  std::map<std::string, const Patch*> any;
  for (const auto& x : p.patches)
    if (x.alternative_to == 0) {
      auto& v = by_file[x.file];
      for (const Edit& e : x.edits) {
        // two patches may add the same line at the same place (`import torch`): once is enough
        bool dup = false;
        for (const Edit& o : v) dup = dup || (e.insertion() && o.insertion() && o.first == e.first && o.lines == e.lines);
        if (!dup) v.push_back(e);
      }
    }
  std::vector<std::pair<std::string, std::string>> out;
  for (auto& [file, edits] : by_file) {
    bool ok = false;
    std::string text = slurp(file, ok);
    if (!ok) continue;
    out.push_back({file, fix::apply(SourceText::from(file, std::move(text)), edits)});
  }
  return out;
}

Plan plan_script(const std::string& script, const FixOptions& o) {
  Plan plan;
  plan.input = script;
  plan.from_script = true;
  plan.torch = o.torch;
  bool ok = false;
  std::string source = slurp(script, ok);
  if (!ok) { plan.error = "cannot read " + script; return plan; }
  CompileSetup setup{o.torch, o.source_roots, o.stub_paths};
  compiler::Options co;
  co.torch_version = o.torch;
  co.source_roots = o.source_roots;
  co.stub_paths = o.stub_paths;
  compiler::Result r = compiler::compile_script(script, source, co);
  if (!r.ok) { plan.error = r.error; return plan; }
  LoadedTrace t = load_trace_text(std::move(r.trace), script);
  Planner pl(plan, o);
  pl.label_roots = o.source_roots;
  pl.label_roots.push_back(fs::path(script).parent_path().string());
  pl.collect(t, script);
  Workspace ws;
  std::string err;
  if (!ws.make(script, setup, err)) {
    for (auto& p : plan.patches) { p.status = "unverified"; p.why = err; }
  } else {
    plan.before = ws.run({});
    std::vector<Patch> kept;
    for (auto& p : plan.patches) {
      if (ws.map(p.file).empty()) {
        p.status = "unverified";
        p.why = "the file lies outside the script's folder and --source-root";
        kept.push_back(std::move(p));
        continue;
      }
      p.before = plan.before;
      p.after = ws.run({{p.file, fix::apply(pl.info(p.file).src, p.edits)}});
      if (improves(p.before, p.after)) {
        p.status = "verified";
        kept.push_back(std::move(p));
      } else {
        ++plan.rejected;
        TextAdvice a = p.fallback;
        a.why_no_patch = fmt::format("the patch ({}) did not reduce graphs, breaks or recompiles under the compiler{}", p.rule,
                                     p.after.ok ? "" : ": it does not compile");
        plan.advice.push_back(std::move(a));
      }
    }
    plan.patches = std::move(kept);
  }
  pl.group();
  int firsts = 0;
  for (const auto& p : plan.patches) firsts += p.alternative_to == 0 && p.status == "verified";
  if (firsts > 1 && plan.before.ok) {
    std::map<std::string, std::string> all;
    for (auto& [file, text] : patched_files(plan)) all[file] = text;
    plan.combined = ws.run(all);
    plan.combined_measured = true;
  }
  return plan;
}

Plan plan_trace(const LoadedTrace& t, const std::string& input, const FixOptions& o) {
  Plan plan;
  plan.input = input;
  plan.torch = o.torch;
  Planner pl(plan, o);
  pl.label_roots = o.source_roots;
  pl.collect(t, "");
  for (auto& p : plan.patches) {
    p.status = "unverified";
    p.why = "made from a trace: there is no driver script to compile (run `tparse fix model.py` to verify)";
  }
  pl.group();
  return plan;
}

}  // namespace tparse::fix
