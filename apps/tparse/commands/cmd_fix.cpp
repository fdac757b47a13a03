// `tparse fix model.py [--torch 2.3|2.11]` / `tparse fix TRACE --source-root DIR`: a unified diff
// per graph-break site and recompile cause with a known remedy, verified by the reference compiler
// (src/fix/); --apply writes them (keeping FILE.orig), --json / --format sarif for machines.
#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "cli_common.hpp"
#include "commands.hpp"
#include "core/model/summary.hpp"
#include "fix/fix.hpp"

namespace tparse::cli {

namespace {

namespace fs = std::filesystem;

struct FixFlags {
  LoadFlags load;
  std::string torch = "2.11";
  std::vector<std::string> roots, stubs;
  bool json = false, apply = false, force = false;
  std::string format = "text";
  std::string out = "-";
};

std::string shell_quote(const std::string& s) {
  std::string o = "'";
  for (char c : s) o += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return o + "'";
}

// "clean", "dirty" or "untracked-or-no-git" for the file in its git work tree.
bool git_dirty(const std::string& file) {
  fs::path p = fs::absolute(file);
  std::string cmd = fmt::format("git -C {} status --porcelain -- {} 2>/dev/null", shell_quote(p.parent_path().string()),
                                shell_quote(p.filename().string()));
  FILE* f = ::popen(cmd.c_str(), "r");
  if (!f) return false;
  char buf[256];
  std::string out;
  while (size_t n = fread(buf, 1, sizeof buf, f)) out.append(buf, n);
  ::pclose(f);
  return !out.empty() && out.rfind("??", 0) != 0;  // an untracked file has no uncommitted change to lose
}

int apply_plan(const fix::Plan& plan, bool force) {
  auto files = fix::patched_files(plan);
  if (files.empty()) {
    fmt::print(stderr, "tparse fix: nothing to apply\n");
    return 0;
  }
  for (const auto& [file, text] : files) {
    if (!force && git_dirty(file)) {
      fmt::print(stderr, "tparse fix: {} has uncommitted changes; commit them or pass --force\n", terminal_safe(file));
      return 2;
    }
    if (!force && fs::exists(file + ".orig")) {
      fmt::print(stderr, "tparse fix: {}.orig exists already; remove it or pass --force\n", terminal_safe(file));
      return 2;
    }
  }
  for (const auto& [file, text] : files) {
    std::error_code ec;
    fs::copy_file(file, file + ".orig", fs::copy_options::overwrite_existing, ec);
    if (ec) {
      fmt::print(stderr, "tparse fix: cannot keep {}.orig: {}\n", terminal_safe(file), ec.message());
      return 2;
    }
    std::ofstream o(file, std::ios::binary);
    o << text;
    if (!o) {
      fmt::print(stderr, "tparse fix: cannot write {}\n", terminal_safe(file));
      return 2;
    }
    fmt::print(stderr, "tparse fix: patched {} (original kept as {}.orig)\n", terminal_safe(file), terminal_safe(file));
  }
  return 0;
}

void add_fix(CLI::App& app, Exit& exit) {
  auto* sub = app.add_subcommand("fix", "A verified patch per graph break / recompile with a known remedy");
  auto f = std::make_shared<FixFlags>();
  sub->add_option("input", f->load.inputs, "model .py driver script, or a TORCH_TRACE directory / log (with --source-root)")->required();
  sub->add_option("--torch", f->torch, "Torch rule profile for .py input: 2.11 (default) or 2.3");
  sub->add_option("--source-root", f->roots, "Where the files the trace or imports name are found (path-suffix remap; repeatable)");
  sub->add_option("--stub-path", f->stubs, "With .py input: folder of user Python stubs (docs/compiler.md)");
  sub->add_flag("--apply", f->apply, "Write the first-choice patches (keeps FILE.orig; refuses files with uncommitted git changes)");
  sub->add_flag("--force", f->force, "With --apply: write even over uncommitted changes or an existing .orig");
  sub->add_flag("--json", f->json, "Machine-readable output (schema tparse-fix v1, docs/fix.md)");
  sub->add_option("--format", f->format, "text (default), json or sarif (SARIF 2.1.0 with fixes)")->check(CLI::IsMember({"text", "json", "sarif"}));
  sub->add_option("-o,--output", f->out, "Write to a file instead of stdout");
  sub->add_flag("-q,--quiet", f->load.quiet, "No progress on stderr");
  sub->callback([f, &exit] {
    const std::string& in = f->load.inputs.front();
    fix::FixOptions o;
    o.torch = f->torch;
    o.source_roots = f->roots;
    o.stub_paths = f->stubs;
    bool script = f->load.inputs.size() == 1 && in.size() > 3 && in.ends_with(".py");
    fix::Plan plan;
    if (script) {
      plan = fix::plan_script(in, o);
    } else {
      LoadedTrace t;
      if (!load_inputs(f->load, t)) {
        exit.code = 2;
        return;
      }
      plan = fix::plan_trace(t, in, o);
    }
    std::string fmt_ = f->json ? "json" : f->format;
    std::string text = fmt_ == "json" ? fix::plan_json(plan)
                     : fmt_ == "sarif" ? fix::plan_sarif(plan, f->roots.empty() ? "." : f->roots.front())
                                       : fix::plan_text(plan);
    if (!write_text(f->out, text)) {
      exit.code = 2;
      return;
    }
    if (!plan.error.empty()) {
      exit.code = 2;
      return;
    }
    if (f->apply) exit.code = apply_plan(plan, f->force);
  });
}

const Registrar reg_fix(32, add_fix);

}  // namespace

}  // namespace tparse::cli
