// The model's items by rank, indexed once per report: a rank page (rank_<N>/index.html) then costs
// its rank's share of the model, not a walk over every compile, break, failure and frame of every
// rank (which made the report quadratic in ranks: 16384 rank pages x 65536 compiles).
#pragma once

#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/model/model.hpp"

namespace tparse::report {

/// What one rank filter selects, every list in ascending model index (the order a scan of the
/// whole model meets them, so pages come out the same as before the index).
struct RankSlice {
  std::vector<int32_t> compiles;   ///< Model::compiles whose rank is the rank
  std::vector<int32_t> breaks;     ///< Model::breaks whose compile is on the rank
  std::vector<int32_t> failures;   ///< Model::failures whose compile is on the rank
  std::vector<int32_t> frames;     ///< Model::frames whose rank is the rank
  std::vector<int32_t> processes;  ///< Model::processes whose rank is the rank
  /// Break sites with an event on the rank (ascending site index), each with those events.
  std::vector<std::pair<int32_t, std::vector<int32_t>>> sites;
};

/// Rank filter -> slice. of(-1) is the whole model (every item; sites with their events), of(r)
/// the items of rank r (an empty slice for a rank with none). Built in one pass over the model.
class RankIndex {
 public:
  explicit RankIndex(const Model& m);
  const RankSlice& of(int rank) const;

 private:
  RankSlice all_, none_;
  std::unordered_map<int32_t, RankSlice> by_rank_;
};

}  // namespace tparse::report
