// Verification through the reference compiler (see verify.hpp).
#include "fix/verify.hpp"

#include <unistd.h>

#include <fstream>
#include <random>
#include <sstream>

#include "analysis/explain.hpp"
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

// .py files of `from` (recursively, no hidden folders or caches) copied under `to`.
bool copy_py(const fs::path& from, const fs::path& to, std::string& err) {
  std::error_code ec;
  size_t n = 0;
  fs::recursive_directory_iterator it(from, fs::directory_options::skip_permission_denied, ec), end;
  if (ec) { err = "cannot read " + from.string() + ": " + ec.message(); return false; }
  for (; it != end; it.increment(ec)) {
    if (ec) break;
    const fs::path& p = it->path();
    std::string name = p.filename().string();
    if (it->is_directory(ec)) {
      if (name.starts_with(".") || name == "__pycache__" || name == "node_modules" || it.depth() > 12) it.disable_recursion_pending();
      continue;
    }
    if (p.extension() != ".py" || !it->is_regular_file(ec)) continue;
    if (++n > 20000) { err = from.string() + ": more than 20000 .py files; pass a narrower --source-root"; return false; }
    fs::path dst = to / fs::relative(p, from, ec);
    fs::create_directories(dst.parent_path(), ec);
    fs::copy_file(p, dst, fs::copy_options::overwrite_existing, ec);
    if (ec) { err = "cannot copy " + p.string() + ": " + ec.message(); return false; }
  }
  return true;
}

fs::path canon(const std::string& p) {
  std::error_code ec;
  fs::path c = fs::weakly_canonical(fs::absolute(p, ec), ec);
  return ec ? fs::path(p) : c;
}

}  // namespace

Metrics measure(const std::string& script, const CompileSetup& setup) {
  Metrics m;
  std::string src = slurp(script);
  compiler::Options o;
  o.torch_version = setup.torch;
  o.source_roots = setup.source_roots;
  o.stub_paths = setup.stub_paths;
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

Workspace::~Workspace() {
  std::error_code ec;
  if (!dir_.empty()) fs::remove_all(dir_, ec);
}

bool Workspace::make(const std::string& script, const CompileSetup& setup, std::string& err) {
  setup_ = setup;
  std::random_device rd;
  std::error_code ec;
  for (int tries = 0; tries < 8 && dir_.empty(); ++tries) {
    fs::path d = fs::temp_directory_path(ec) / ("tparse_fix_" + std::to_string(::getpid()) + "_" + std::to_string(rd() % 1000000));
    if (fs::create_directory(d, ec)) dir_ = d;
  }
  if (dir_.empty()) { err = "cannot make a temporary folder"; return false; }
  fs::path sdir = canon(script).parent_path();
  roots_.push_back({sdir, dir_ / "script"});
  for (size_t i = 0; i < setup.source_roots.size(); ++i)
    roots_.push_back({canon(setup.source_roots[i]), dir_ / ("root" + std::to_string(i))});
  setup_.source_roots.clear();
  for (size_t i = 0; i < roots_.size(); ++i) {
    fs::create_directories(roots_[i].second, ec);
    if (!copy_py(roots_[i].first, roots_[i].second, err)) return false;
    if (i > 0) setup_.source_roots.push_back(roots_[i].second.string());
  }
  script_ = map(script);
  return !script_.empty();
}

std::string Workspace::map(const std::string& file) const {
  fs::path f = canon(file);
  for (const auto& [from, to] : roots_) {
    fs::path rel = f.lexically_relative(from);
    if (!rel.empty() && *rel.begin() != "..") return (to / rel).string();
  }
  return "";
}

Metrics Workspace::run(const std::map<std::string, std::string>& patched) {
  std::vector<std::pair<std::string, std::string>> restore;
  for (const auto& [file, text] : patched) {
    std::string copy = map(file);
    if (copy.empty()) continue;
    restore.push_back({copy, slurp(copy)});
    std::ofstream(copy, std::ios::binary) << text;
  }
  Metrics m = measure(script_, setup_);
  for (const auto& [copy, text] : restore) std::ofstream(copy, std::ios::binary) << text;
  return m;
}

}  // namespace tparse::fix
