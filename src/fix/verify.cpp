// Verification through the reference compiler (see verify.hpp).
#include "fix/verify.hpp"

#include <fstream>
#include <sstream>

#include "analysis/explain/explain.hpp"
#include "compiler/api.hpp"
#include "core/ingest.hpp"

namespace tparse::fix {

namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

fs::path canon(const std::string& p) {
  std::error_code ec;
  fs::path c = fs::weakly_canonical(fs::absolute(p, ec), ec);
  return ec ? fs::path(p) : c;
}

}  // namespace

Metrics measure(const std::string& script, const CompileSetup& setup, const std::map<std::string, std::string>& overlay) {
  Metrics m;
  auto own = overlay.find(canon(script).string());
  std::string src = own != overlay.end() ? own->second : slurp(script);
  compiler::Options o;
  o.torch_version = setup.torch;
  o.source_roots = setup.source_roots;
  o.stub_paths = setup.stub_paths;
  o.overlay = overlay;
  o.max_compiled_calls = 1;
  compiler::Result first = compiler::compile_script(script, src, o);
  if (!first.ok) { m.error = first.error; return m; }
  analysis::ExplainOptions eo;
  eo.all_calls = true;  // the trace holds exactly the first call
  eo.source_roots = {};
  analysis::Explanation e = analysis::explain_trace(load_trace_text(std::move(first.trace), script), eo);
  m.graphs = e.graph_count;
  m.breaks = e.graph_break_count;
  o.max_compiled_calls = 0;
  compiler::Result all = compiler::compile_script(script, src, o);
  if (!all.ok) { m.error = all.error; return m; }
  LoadedTrace t = load_trace_text(std::move(all.trace), script);
  for (const auto& c : t.model.compiles) m.graphs_total += c.has_graph ? 1 : 0;
  m.break_events = static_cast<int64_t>(t.model.breaks.size());
  m.recompiles = static_cast<int64_t>(t.model.recompiles.size());
  m.ok = true;
  return m;
}

bool improves(const Metrics& b, const Metrics& a) {
  if (!b.ok || !a.ok) return false;
  // A frame that was skipped (a break in a loop) compiles once its break is gone: more graphs then
  // is the point, as long as breaks went down.
  bool fewer_breaks = a.break_events < b.break_events;
  bool worse = a.break_events > b.break_events || a.recompiles > b.recompiles ||
               (!fewer_breaks && (a.graphs > b.graphs || a.breaks > b.breaks || a.graphs_total > b.graphs_total));
  bool better = fewer_breaks || a.graphs < b.graphs || a.breaks < b.breaks || a.graphs_total < b.graphs_total ||
                a.recompiles < b.recompiles;
  return better && !worse;
}

bool Workspace::make(const std::string& script, const CompileSetup& setup, std::string& err) {
  setup_ = setup;
  std::error_code ec;
  if (!fs::is_regular_file(script, ec)) {
    err = "cannot read " + script;
    return false;
  }
  script_ = script;
  roots_.push_back(canon(script).parent_path());
  for (const auto& r : setup.source_roots) roots_.push_back(canon(r));
  return true;
}

std::string Workspace::map(const std::string& file) const {
  fs::path f = canon(file);
  for (const auto& root : roots_) {
    fs::path rel = f.lexically_relative(root);
    if (!rel.empty() && *rel.begin() != "..") return f.string();
  }
  return "";
}

Metrics Workspace::run(const std::map<std::string, std::string>& patched) {
  std::map<std::string, std::string> overlay;
  for (const auto& [file, text] : patched)
    if (std::string at = map(file); !at.empty()) overlay[at] = text;
  return measure(script_, setup_, overlay);
}

}  // namespace tparse::fix
