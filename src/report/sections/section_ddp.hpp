// DDPOptimizer's graph splits as HTML: the block on a split compile's page (one row per subgraph:
// nodes, parameters / bucket bytes, forward and backward compile, runtime estimates) and the
// landing page's line. Rendered from analysis/ranks/ddp_split.hpp's facts only.
#pragma once

#include <string>
#include <vector>

#include "analysis/ranks/ddp_split.hpp"

namespace tparse::report {

struct Ctx;

/// The compile page's section for one split.
std::string ddp_split_section(const Ctx& cx, const ddp::Split& s);
/// The landing page's words for one split (HTML, escaped), shown after a link to its compile page.
std::string ddp_landing_text(const ddp::Split& s);

}  // namespace tparse::report
