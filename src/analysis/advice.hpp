// Graph-break categories and concrete fixes, and what to change for a recompile. Shared by
// `tparse explain` (trace and model.py), the report's break rows and the gate's verdicts.
//
//   Advice a = advise_break(model.breaks[i]);   // a.category "print_logging", a.fix "Remove ..."
//   Advice r = advise_recompile(model.recompiles[j], model);
#pragma once

#include <string>
#include <vector>

#include "core/model/model.hpp"

namespace tparse::analysis {

struct Advice {
  std::string category;  ///< stable id: "data_dependent_branch", "print_logging", "scalar_output" ...
  std::string title;     ///< human title of the category: "print / logging call"
  std::string fix;       ///< one or two sentences naming the concrete change
};

/// Category and fix for one graph break, from its gb id / title / explanation / context and the
/// user source line. Unknown breaks get category "other" and the break's own hints.
Advice advise_break(const GraphBreak& b);

/// Same for a distinct site: the advice of its root cause (an event of the site's most common gb
/// id), with a note when some events sat in a loop whose frame was skipped (chained GB7000).
Advice advise_site(const BreakSite& s, const Model& m);

/// What changed for one failed guard and the fix ("mark_dynamic(x, 0)", "hoist the global").
Advice advise_guard(const FailedGuard& g, const std::string& frame_name);

/// The guard that explains a recompile: of the failures against each cache entry, the one from
/// the entry that matched longest (dtype vs rank vs size order of the tensor check); nullptr if none.
const FailedGuard* decisive_guard(const Recompile& r);

/// The fix for a recompile, from decisive_guard().
Advice advise_recompile(const Recompile& r, const Model& m);

/// For a compile that failed (not a break): a fake-tensor error is the user's op failing on these inputs.
Advice advise_failure(const Failure& f);

/// For a frame that hit the recompile limit and now runs eagerly for new inputs.
Advice advise_recompile_limit(const Frame& f, const Model& m);

/// All category ids with their titles, for documentation and tests.
std::vector<std::pair<std::string, std::string>> break_categories();

/// "L['x']" -> "x", "G['MODE']" -> "MODE", "L['self'].lin.weight" -> "self.lin.weight".
std::string pretty_source(const std::string& source);

}  // namespace tparse::analysis
