// The multi-rank block of the plain-text summary (`tparse summary DIR` over several ranks): rank
// behaviour groups (outliers first) and what tlparse's multi-rank analyses found, a line each.
#include <fmt/format.h>

#include "ddp_split.hpp"
#include "multirank.hpp"

namespace tparse::multirank {

std::string summary_text(const std::vector<RankFacts>& rs, const Analysis& a) {
  if (rs.size() < 2) return "";
  auto who = [](const std::vector<int32_t>& v) { return (v.size() == 1 ? "rank " : "ranks ") + rank_list_text(v); };
  std::string o = fmt::format("\nRanks: {} (grouped by behaviour, outliers first)\n", rs.size());
  if (a.behaviour_groups.size() == 1) o += "  all ranks behave alike\n";
  for (size_t i = 0; i < a.behaviour_groups.size() && a.behaviour_groups.size() > 1 && i < 24; ++i) {
    const RankGroup& g = a.behaviour_groups[i];
    bool majority = i + 1 == a.behaviour_groups.size();
    o += fmt::format("  {} rank{} ({}): {}\n", g.ranks.size(), g.ranks.size() == 1 ? "" : "s", rank_list_text(g.ranks),
                     majority ? "behave alike (the largest group)" : g.description);
  }
  if (a.behaviour_groups.size() > 24) o += fmt::format("  ... {} more groups (--json has them all)\n", a.behaviour_groups.size() - 24);
  if (a.id_groups.size() > 1) o += fmt::format("  compile ids diverge: {} groups of ranks compiled different ids (collectives can hang)\n", a.id_groups.size());
  if (a.schedule_groups.size() > 1) {
    o += fmt::format("  collective schedules diverge: {} groups", a.schedule_groups.size());
    if (a.divergence) {
      const auto& d = *a.divergence;
      o += fmt::format("; first difference in graph {} at position {}: {} issue {}, {} issue {}", d.compile_id, d.position, who(d.ranks_a),
                       d.op_a.empty() ? "(nothing)" : d.op_a, who(d.ranks_b), d.op_b.empty() ? "(nothing)" : d.op_b);
    }
    o += "\n";
    if (!a.schedule_absent_cache_hit.empty())
      o += fmt::format("  ({} logged no schedule because every graph came from the FX graph cache: likely no real desync;"
                       " tlparse counts it as one)\n", who(a.schedule_absent_cache_hit));
  } else if (a.schedule_groups.size() == 1) {
    o += "  collective schedules: the same on every rank\n";
  }
  for (size_t i = 0; i < a.parity.size() && i < 8; ++i)
    o += fmt::format("  collectives parity: rank {} [{}]: offset {}, missing waits {}\n", a.parity[i].rank, a.parity[i].compile_id,
                     a.parity[i].offset, a.parity[i].missing_waits);
  if (a.parity.size() > 8) o += fmt::format("  ... {} more parity findings (--json)\n", a.parity.size() - 8);
  if (a.runtime_mismatched_counts) o += "  runtime estimates: ranks have different numbers of graphs\n";
  for (size_t i = 0; i < a.runtime.size() && i < 8; ++i) o += "  " + runtime_row_text(a.runtime[i]) + "\n";
  if (a.tensor_meta_groups.size() > 1) o += fmt::format("  tensor metadata diverges: {} groups of ranks\n", a.tensor_meta_groups.size());
  if (!a.exec.present) o += std::string("  graph execution order: not logged; ") + kExecOrderHint + "\n";
  else
    o += fmt::format("  graph execution order: {}{}{}\n", a.exec.order_differs ? "differs across ranks" : "the same on every rank",
                     a.exec.schedule_mismatch_ranks.empty() ? "" : "; schedule mismatch on " + who(a.exec.schedule_mismatch_ranks),
                     a.exec.cache_mismatch_ranks.empty() ? "" : "; cache mismatch on " + who(a.exec.cache_mismatch_ranks));
  for (size_t i = 0; i < a.name_mismatches.size() && i < 8; ++i)
    o += fmt::format("  {}: the name says rank {}, its records say rank {}\n", a.name_mismatches[i].file, a.name_mismatches[i].name_rank,
                     a.name_mismatches[i].record_rank);
  return o;
}

std::string runtime_equal_text(const RuntimeRow& r) {
  if (r.fastest_ns == 0)
    return "0 ns on every rank: inductor estimated 0 for every op (it gives no estimate on this device)";
  return ddp::format_ns(r.fastest_ns) + " on every rank";
}

std::string runtime_row_text(const RuntimeRow& r) {
  if (r.fastest_ns == r.slowest_ns) return fmt::format("runtime estimate [{}]: {}", r.compile_id, runtime_equal_text(r));
  return fmt::format("runtime estimate [{}]: fastest rank {} {}, slowest rank {} {}, delta {}", r.compile_id, r.fastest_rank,
                     ddp::format_ns(r.fastest_ns), r.slowest_rank, ddp::format_ns(r.slowest_ns),
                     ddp::format_ns(r.slowest_ns - r.fastest_ns));
}

}  // namespace tparse::multirank
