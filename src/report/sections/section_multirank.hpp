// The multi-rank landing section and the all-ranks table, rendered from multirank facts and
// analysis only (no Model), so the report and `tparse merge` show the same facts.
#pragma once

#include <string>
#include <vector>

#include "analysis/ranks/multirank.hpp"

namespace tparse::report {

/// The landing page's rank section ("" for fewer than 2 ranks). rank_pages: link rank_<N>/index.html.
std::string multirank_section(const std::vector<multirank::RankFacts>& ranks, const multirank::Analysis& a, bool rank_pages);
/// ranks.html's table body: one row per rank.
std::string ranks_page_rows(const std::vector<multirank::RankFacts>& ranks);

}  // namespace tparse::report
