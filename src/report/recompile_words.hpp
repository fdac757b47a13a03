// Recompile reasons in words: "x: size[0] 4 -> 8", "x: dtype float32 -> float16",
// "global MODE changed (was 1)". Turns the model's classified FailedGuards into the short phrases
// the report's recompile chains show, and decides the headline change of one recompile.
#pragma once

#include <string>
#include <vector>

#include "core/model/model.hpp"

namespace tparse::report {

/// "L['x']" -> "x", "G['MODE']" -> "MODE", "L['self'].lin.weight" -> "self.lin.weight".
std::string short_source(const std::string& source);

/// One failed guard as a phrase.
std::string guard_in_words(const FailedGuard& g);

struct Change {
  std::string words;                 ///< the phrase
  std::vector<std::string> entries;  ///< the cache entries ("0/1") it failed against
};

/// The distinct changes of one recompile, most common first (ties: newest entry first). For a
/// recompile after [0/2] with half precision, [0/3] in float32 with one more dim reads
/// "x: rank 2 -> 3" (vs 0/1, 0/0) then "x: dtype float16 -> float32" (vs 0/2).
std::vector<Change> what_changed(const Recompile& r);

/// Whether the recompiled compile made a dimension dynamic (automatic dynamic shapes):
/// a create_symbol shape event on the guard's source.
bool became_dynamic(const Model& m, const Recompile& r, const FailedGuard& g);

}  // namespace tparse::report
