// Patch rules: for one graph-break site (or a recompiling script), the source change that removes
// the cause, placed by the parser's statement locations (compiler/api.hpp outline_source).
//
//   version / importlib.metadata.version() in a method  -> computed once in __init__ (or a module constant)
//   print / logging / warnings.warn, unused time.perf_counter() -> `if not torch.compiler.is_compiling():`
//   `v = t.item()` / `v = t.tolist()` used only in arithmetic / len() -> `v = t` (kept as a tensor)
//   `if <tensor cond>:` with one assignment or return per branch -> torch.where
//   recompiles from changing sizes / ints / floats -> `dynamic=True` at the driver's torch.compile call
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "compiler/api.hpp"
#include "fix/patch.hpp"

namespace tparse::fix {

struct Candidate {
  std::string rule;    ///< "hoist_version", "guard_call", "keep_tensor", "torch_where", "dynamic"
  std::string title;   ///< what the change does, in words
  std::vector<Edit> edits;
};

/// The patch for a break at `line` of `src`; nullopt with `why` set when no rule applies.
std::optional<Candidate> patch_break(const SourceText& src, const compiler::Outline& o, int line, std::string& why);

/// `dynamic=True` added to every torch.compile(...) call of the driver script that has no
/// `dynamic=` yet; nullopt with `why` when there is none.
std::optional<Candidate> patch_dynamic(const SourceText& script, const compiler::Outline& o, std::string& why);

/// Index of the statement a break at `line` belongs to (-1 when none).
int statement_at(const compiler::Outline& o, int line);

}  // namespace tparse::fix
