// RankIndex: one pass over the model files every compile, break, failure, frame and process
// under its rank (see rank_index.hpp).
#include "rank_index.hpp"

namespace tparse::report {

RankIndex::RankIndex(const Model& m) {
  auto idx = [](size_t i) { return static_cast<int32_t>(i); };
  // A compile's rank, or "none" (-1) for an item without a valid compile: such an item is in
  // the whole-model slice only.
  auto rank_of_compile = [&](int32_t c) {
    return c >= 0 && static_cast<size_t>(c) < m.compiles.size() ? m.compiles[static_cast<size_t>(c)].rank : -1;
  };
  all_.compiles.reserve(m.compiles.size());
  for (size_t i = 0; i < m.compiles.size(); ++i) {
    all_.compiles.push_back(idx(i));
    if (int32_t r = m.compiles[i].rank; r >= 0) by_rank_[r].compiles.push_back(idx(i));
  }
  all_.breaks.reserve(m.breaks.size());
  for (size_t i = 0; i < m.breaks.size(); ++i) {
    all_.breaks.push_back(idx(i));
    if (int32_t r = rank_of_compile(m.breaks[i].compile); r >= 0) by_rank_[r].breaks.push_back(idx(i));
  }
  for (size_t i = 0; i < m.failures.size(); ++i) {
    all_.failures.push_back(idx(i));
    if (int32_t r = rank_of_compile(m.failures[i].compile); r >= 0) by_rank_[r].failures.push_back(idx(i));
  }
  for (size_t i = 0; i < m.frames.size(); ++i) {
    all_.frames.push_back(idx(i));
    if (int32_t r = m.frames[i].rank; r >= 0) by_rank_[r].frames.push_back(idx(i));
  }
  for (size_t i = 0; i < m.processes.size(); ++i) {
    all_.processes.push_back(idx(i));
    if (int32_t r = m.processes[i].rank; r >= 0) by_rank_[r].processes.push_back(idx(i));
  }
  // Sites: walk them in index order, so each rank's list comes out ascending by site, each
  // site's events in the site's own order.
  for (size_t s = 0; s < m.break_sites.size(); ++s) {
    const auto& events = m.break_sites[s].events;
    if (!events.empty()) all_.sites.emplace_back(idx(s), events);
    for (int32_t e : events) {
      int32_t r = e >= 0 && static_cast<size_t>(e) < m.breaks.size() ? rank_of_compile(m.breaks[static_cast<size_t>(e)].compile) : -1;
      if (r < 0) continue;
      auto& sites = by_rank_[r].sites;
      if (sites.empty() || sites.back().first != idx(s)) sites.emplace_back(idx(s), std::vector<int32_t>{});
      sites.back().second.push_back(e);
    }
  }
}

const RankSlice& RankIndex::of(int rank) const {
  if (rank < 0) return all_;
  auto it = by_rank_.find(rank);
  return it == by_rank_.end() ? none_ : it->second;
}

}  // namespace tparse::report
