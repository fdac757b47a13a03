// compile_script: lexer -> parser -> interpreter (with the Dynamo model) -> trace text.
#include "torch/keep_alive.hpp"
#include "api.hpp"

#include <pthread.h>
#include <sys/resource.h>

#include <filesystem>
#include <memory>
#include <new>
#include <stdexcept>

#include "frontend/diag.hpp"
#include "runtime/interp.hpp"
#include "frontend/parser.hpp"

namespace tparse::compiler {

namespace {

void fill_error(Result& r, const Interp* interp, const std::string& path, const std::string& source, const CompileError& e) {
  r.error_file = path;
  if (interp && e.loc.file > 0 && static_cast<size_t>(e.loc.file) < interp->files_.size()) {
    const auto& f = interp->files_[static_cast<size_t>(e.loc.file)];
    r.error = format_diag(f.path, f.source, e.loc, e.what());
    r.error_file = f.path;
  } else {
    r.error = format_diag(path, source, e.loc, e.what());
  }
  r.error_line = e.loc.line;
  r.error_col = e.loc.col;
  r.error_message = e.what();
  if (interp) r.error_notes = interp->error_context();
  r.error += r.error_notes;
}

void fill_error(Result& r, const Interp& interp, const std::string& path, const std::string& source, const CompileError& e) {
  fill_error(r, &interp, path, source, e);
}

}  // namespace

std::string exactness_text(const Result& r) {
  std::string out;
  for (const auto& h : r.hints) out += "hint: " + h + "\n";
  for (const auto& a : r.assumptions) out += "assumed: " + a + "\n";
  if (r.unmodelled.empty()) return out + "exact\n";
  out += "approximate: " + std::to_string(r.unmodelled.size()) + " unmodelled call" + (r.unmodelled.size() == 1 ? "" : "s") + "\n";
  for (const auto& u : r.unmodelled) out += "  " + u + "\n";
  return out;
}

namespace {

Result compile_on_this_thread(const std::string& path, const std::string& source, const Options& opts,
                              const char* stack_base, size_t stack_budget) {
  Result r;
  Profile prof;
  if (opts.torch_version == "2.3" || opts.torch_version == "2.11") {
    prof.major = 2;
    prof.minor = std::atoi(opts.torch_version.c_str() + 2);
  } else {
    r.error = "unsupported --torch version '" + opts.torch_version + "' (known: 2.3, 2.11)\n";
    return r;
  }
  std::unique_ptr<Interp> interp;
  try {
    Module m = parse_module(source);
    interp = std::make_unique<Interp>(path, source, prof);
    std::vector<std::string> roots;
    std::string dir = std::filesystem::path(path).parent_path().string();
    roots.push_back(dir.empty() ? "." : dir);  // sys.path[0]: the script's folder
    for (const auto& r : opts.source_roots) roots.push_back(r);
    for (const auto& r : opts.stub_paths) roots.push_back(r);
    interp->set_search_roots(std::move(roots), opts.stub_paths.size());
    for (const auto& [file, text] : opts.overlay) {
      std::error_code ec;
      std::string key = std::filesystem::weakly_canonical(file, ec).string();
      interp->file_overlay_[ec ? file : key] = text;
    }
    interp->max_top_calls_ = opts.max_compiled_calls;
    interp->stack_base_ = stack_base;
    interp->stack_budget_ = stack_budget;
    try {
      try {
        interp->run(m);
      } catch (StopRun&) {
        // the requested calls ran: the rest of the script is not needed
      } catch (GraphBreak& gb) {
        throw CompileError(gb.loc, "graph break outside a compiled frame: " + gb.gb_type);
      }
    } catch (CompileError& e) {
      // Only a file that does not parse is an error; anything else stops the run where it happened and
      // the trace so far is the (approximate) result (issue 22).
      if (interp->parse_failed_) throw;
      fill_error(r, *interp, path, source, e);
      interp->stack_.clear();  // the stop is listed without an eager / compiled mark
      interp->note_unmodelled(e.loc, std::string("run stopped: ") + e.what());
      interp->unmodelled_.back().compiled = true;
      r.stopped = true;
    }
    interp->close_generators();  // (GeneratorExit at each suspended yield: their threads end before the run's values)
    r.trace = interp->trace();
    r.frames_total = interp->counters_["frames_total"];
    auto where = [&](const Unmodelled& u) {  // "file:line: " of an entry (the program itself where no file is known)
      bool known = u.file >= 0 && static_cast<size_t>(u.file) < interp->files_.size();
      return (known ? interp->files_[static_cast<size_t>(u.file)].path : path) + ":" + std::to_string(u.line) + ": ";
    };
    for (const auto& u : interp->unmodelled_) r.unmodelled.push_back(where(u) + u.name + (u.compiled ? "" : " [eager]"));
    for (const auto& a : interp->assumed_) r.assumptions.push_back(where(a) + a.name);
    for (const auto& [wrapper, b] : interp->bypass_reads_) {
      if (interp->compiled_entered_.count(wrapper.get())) continue;
      r.hints.push_back(where(b) + "`." + b.name + "` read through torch.compile(module) is the " +
                        "original module's method (the compiled module forwards attributes it lacks to `_orig_mod`): " +
                        "it runs uncompiled and the compiled module is never called; compile what it calls instead, " +
                        "`model.forward = torch.compile(model.forward)`, or call the compiled module itself");
    }
    r.ok = !r.stopped;
  } catch (CompileError& e) {
    if (interp) interp->close_generators();
    fill_error(r, interp.get(), path, source, e);
  } catch (const std::bad_alloc&) {
    r.error = path + ": error: the script needs more memory than the reference compiler allows (e.g. a huge range())\n";
  } catch (const std::exception& e) {  // a bug in the compiler must not kill the caller
    r.error = path + ": internal error in the reference compiler: " + e.what() + "\n";
  }
  if (interp) interp->close_generators();  // (every path: no generator thread may outlive the interpreter)
  release_graph_values();  // the run is over: tensor values may be freed (torch/keep_alive.hpp)
  return r;
}

// Python's recursion limit (sys.getrecursionlimit() is 1000) must be reachable by a script: the
// interpreter recurses in C++ a few frames per Python call, more under ASan, so the run gets a thread of
// its own with a large stack (reserved, touched only as used). The interpreter also measures the stack it
// has used and raises RecursionError before the end of it, whatever the thread.
constexpr size_t kRunStack = size_t{1} << 30;        // 1 GiB reserved
constexpr size_t kRunStackMargin = size_t{64} << 20;  // keep 64 MiB for the frames under the check

struct RunArgs {
  const std::string* path;
  const std::string* source;
  const Options* opts;
  Result result;
};

void* run_thread(void* p) {
  auto* a = static_cast<RunArgs*>(p);
  char base = 0;
  a->result = compile_on_this_thread(*a->path, *a->source, *a->opts, &base, kRunStack - kRunStackMargin);
  return nullptr;
}

}  // namespace

Result compile_script(const std::string& path, const std::string& source, const Options& opts) {
  RunArgs args{&path, &source, &opts, {}};
  pthread_attr_t attr;
  pthread_t th;
  bool started = false;
  if (pthread_attr_init(&attr) == 0) {
    if (pthread_attr_setstacksize(&attr, kRunStack) == 0 && pthread_create(&th, &attr, run_thread, &args) == 0) {
      started = pthread_join(th, nullptr) == 0;
    }
    pthread_attr_destroy(&attr);
  }
  if (started) return std::move(args.result);
  // No thread could be made: run here, within this thread's own stack limit.
  char base = 0;
  struct rlimit rl {};
  size_t budget = size_t{8} << 20;
  if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) budget = static_cast<size_t>(rl.rlim_cur);
  return compile_on_this_thread(path, source, opts, &base, budget / 2);
}

}  // namespace tparse::compiler
