// Side-by-side explain of one model under two torch rule profiles (`tparse explain model.py
// --torch 2.3 --compare 2.11`): explain's numbers, the break sites with their event counts and fix,
// per profile, so a user sees what a torch upgrade (or a code fix) changes.
#pragma once

#include <string>

#include "analysis/explain/explain.hpp"

namespace tparse::analysis {

/// Text: a table of Graph Count / Graph Break Count / Op Count / calls captured / break sites per
/// profile, then every break site of either side with its events under each profile and the fix.
std::string compare_text(const std::string& name_a, const Explanation& a, const Model& ma, const std::string& name_b,
                         const Explanation& b, const Model& mb);
/// JSON: {"schema": "tparse-explain-compare", "schema_version": 1, "profiles": [{"torch": A, "explain": {...}}, ...]}.
std::string compare_json(const std::string& name_a, const Explanation& a, const Model& ma, const std::string& name_b,
                         const Explanation& b, const Model& mb);

}  // namespace tparse::analysis
