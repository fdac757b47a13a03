// `tparse compile model.py --trace-dir DIR [--torch 2.11|2.3]`: runs the reference compiler on a
// model script and writes the TORCH_TRACE log real PyTorch would write for it.
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "commands.hpp"
#include "compiler/api.hpp"

namespace tparse::cli {

namespace {

void add_compile(CLI::App& app, Exit& exit) {
  auto* cmd = app.add_subcommand("compile", "Reproduce torch.compile on a model script (no PyTorch needed)");
  struct Opts {
    std::string script, trace_dir, torch = "2.11";
    std::vector<std::string> roots, stubs;
    bool strict = false;
  };
  auto o = std::make_shared<Opts>();
  cmd->add_option("script", o->script, "model script (Python subset)")->required();
  cmd->add_option("--trace-dir", o->trace_dir, "directory for the TORCH_TRACE log")->required();
  cmd->add_option("--torch", o->torch, "Dynamo rule profile: 2.11 (default) or 2.3");
  cmd->add_option("--source-root", o->roots, "Extra folder searched for imported modules (like PYTHONPATH; repeatable)");
  cmd->add_option("--stub-path", o->stubs, "Folder of user Python stubs for modules tparse does not model (repeatable; docs/compiler.md)");
  cmd->add_flag("--strict", o->strict, "Exit 1 when the result is approximate (unmodelled calls)");
  cmd->callback([o, &exit] {
    std::ifstream in(o->script, std::ios::binary);
    if (!in) {
      std::cerr << fmt::format("tparse compile: cannot read {}\n", o->script);
      exit.code = 2;
      return;
    }
    std::stringstream ss;
    ss << in.rdbuf();
    compiler::Options opts;
    opts.torch_version = o->torch;
    opts.source_roots = o->roots;
    opts.stub_paths = o->stubs;
    compiler::Result r = compiler::compile_script(o->script, ss.str(), opts);
    if (!r.ok && !r.stopped) {
      std::cerr << r.error;
      exit.code = 2;
      return;
    }
    std::error_code ec;
    std::filesystem::create_directories(o->trace_dir, ec);
    auto path = std::filesystem::path(o->trace_dir) / "dedicated_log_torch_trace_tparse.log";
    std::ofstream out(path, std::ios::binary);
    out << r.trace;
    if (!out) {
      std::cerr << fmt::format("tparse compile: cannot write {}\n", path.string());
      exit.code = 2;
      return;
    }
    if (!r.error.empty()) std::cerr << r.error;  // the run stopped here: the trace holds what ran before
    std::cout << fmt::format("wrote {}\n", path.string());
    // frames the run handed to Dynamo, compiled or returned at once (torch's counters["frames"]["total"])
    std::cout << fmt::format("frames handed to Dynamo: {}\n", r.frames_total);
    std::cout << compiler::exactness_text(r);
    exit.code = o->strict && !r.unmodelled.empty() ? 1 : 0;
  });
}

const Registrar reg_compile(35, add_compile);

}  // namespace

}  // namespace tparse::cli
