// The frames handed to Dynamo (torch's counters["frames"]["total"]): a frame converted or returned at once, a
// standard-library function's counted once per process, a generator function's at its call.
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

#include "runtime/interp.hpp"

namespace tparse::compiler {

// A standard-library function run eagerly under the callback with no tensor in its frame: handed to Dynamo the first
// time (counted), returned at once and skipped for good, no trace record
// (`code`: the code object when one file and line make many, as each namedtuple class's `<lambda>` at <string>:1)
void Interp::count_stdlib_frame_once(const char* name, const char* file, int line, const void* code) {
  if (!once_frames_.insert(fmt::format("{}:{}:{}:{}", file, line, name, code)).second) return;
  CodeState cs;
  cs.co_name = name;
  cs.filename = file;
  cs.firstlineno = line;
  count_frame(cs, true);
}

// A frame handed to Dynamo: torch's counters["frames"]["total"]; TPARSE_DEBUG_FRAMES=1 lists each on stderr (beside a
// device run's frames_seen), "(skipped)" for one returned at once
// (torch.compile(fullgraph=True) installs convert_frame_assert itself: only ConvertFrame, the fullgraph=False wrapper,
// counts a frame, so a fullgraph run hands Dynamo no counted frame; real torch 2.11: moondream's three fullgraph compiles)
void Interp::count_frame(const CodeState& cs, bool skipped) {
  if (cur_opts_ && cur_opts_->fullgraph) return;
  ++counters_["frames_total"];
  static const bool debug = std::getenv("TPARSE_DEBUG_FRAMES") != nullptr;
  if (debug) fmt::print(stderr, "frame {} {}:{}{}\n", cs.co_name, cs.filename, cs.firstlineno, skipped ? " (skipped)" : "");
}

// A generator function called eagerly: its frame is made by the call, whose RETURN_GENERATOR runs in it; under the
// callback it is handed to ConvertFrame then, counted once, and skipped from then on as a generator expression's is
// (interp_expr.cpp; real torch 2.11: compressive-transformer's `map(iterate_tensor, (mem, cmem))` unpacked after its
// resume function was skipped); not when called by the eager rerun of a frame whose compile failed, as a generator
// expression there (comp_break_forms)
void Interp::count_generator_frame(const std::shared_ptr<const FuncDef>& fn) {
  const Activation* by = stack_.empty() ? nullptr : stack_.back();
  const bool failed_rerun = by && std::find(failed_rerun_fns_.begin(), failed_rerun_fns_.end(), by->fn.get()) != failed_rerun_fns_.end();
  if (callback_active_ > 0 && run_only_depth_ == 0 && !is_stub(fn->loc.file) && !failed_rerun)
    count_code_once("generator:" + std::to_string(reinterpret_cast<uintptr_t>(fn.get())), fn, fn->name,
                    fn->firstlineno ? fn->firstlineno : fn->loc.line, fn->loc.file);
}

// A code object that is handed to Dynamo once and skipped from then on (a generator function's, a generator
// expression's): its CodeState under `key` (the function or node's address; `owner` keeps it alive), counted the
// first time
void Interp::count_code_once(const std::string& key, const std::shared_ptr<const FuncDef>& owner, const std::string& co_name,
                             int firstlineno, int file) {
  auto& slot = codes_[key];
  if (!slot) {
    slot = std::make_unique<CodeState>();
    slot->hold(owner);
    slot->co_name = co_name;
    slot->firstlineno = firstlineno;
    slot->filename = path_of(file);
  }
  if (!slot->skipped) {
    count_frame(*slot, true);
    slot->skipped = true;
  }
}

}  // namespace tparse::compiler
