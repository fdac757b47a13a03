// Multi-rank analyses (tlparse 0.4.3's --all-ranks-html landing, docs TLPARSE-FEATURES.md §8) and
// rank grouping at scale. Two steps with a seam between them, so per-node summaries can be merged:
//   1. extract_rank_facts(): per rank, the few facts the analyses need, read from the Model and
//      the payloads of inductor_collective_schedule, inductor_runtime_and_tensor_meta,
//      graph_execution and inductor_output_code (small, serialisable: summary --json carries them);
//   2. analyze(): pure function of those facts (grouping, divergence, parity, runtime deltas,
//      tensor-metadata groups, execution order, behaviour groups, compile-time spread).
// write_json()/read_rank_facts() put facts and results into / back out of summary JSON (schema 3).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/json_writer.hpp"
#include "core/model/model.hpp"
#include "core/read/payload_store.hpp"

namespace tparse::multirank {

/// One compile of one rank ("graph folder" in tlparse's words), with its multi-rank artifacts.
struct GraphFacts {
  std::string compile_id;                ///< "0/0", "!0/1/0" (CompileId::key(), tlparse's exec-order ids)
  bool has_schedule = false;
  std::vector<std::string> schedule;     ///< inductor_collective_schedule ops, as logged
  bool has_runtime = false;
  double runtime_ns = 0;                 ///< sum of ops[].estimated_runtime_ns
  std::vector<std::pair<std::string, double>> ops;  ///< (name, ns); not in JSON (the report's op trace)
  std::string tensor_meta;               ///< digest of the canonical JSON of runtime_and_tensor_meta ("" none)
  std::string cache;                     ///< "miss" > "hit" > "bypass" over cache artifacts, "" none
  int64_t offset = -1;                   ///< collectives parity (schedule vs output code); -1: not both present
  int64_t missing_waits = -1;
};

/// Everything the analyses need about one rank.
struct RankFacts {
  int32_t rank = -1;          ///< the rank: the file name's rank_N when present (as tlparse), else the records'
  int32_t record_rank = -1;   ///< what the records say (the name's rank when records carry none; -1 neither)
  std::string file;           ///< first input file of the rank
  std::vector<GraphFacts> graphs;  ///< compiles in trace order
  bool has_exec_order = false;
  std::vector<std::string> exec_order;  ///< last graph_execution artifact's graph_execution_order
  // Behaviour (issue 12 part 2): what the rank's compile history looks like.
  std::vector<std::string> compile_ids;   ///< "[0/0]" in trace order
  int64_t graphs_compiled = 0, break_events = 0;
  std::vector<std::string> break_sites;   ///< "file:line: title" per distinct site, sorted
  std::vector<std::string> recompiles;    ///< "[0/1] because <first reason>", trace order
  std::string cache_seq;                  ///< H/M/B per cache artifact, in order
  double compile_time_s = 0;
};

/// A file named rank_N whose records say rank M.
struct NameMismatch {
  std::string file;
  int32_t name_rank = -1, record_rank = -1;
};

struct RankGroup {
  std::vector<int32_t> ranks;   ///< sorted
  std::string key;              ///< the signature (for tests / JSON: a digest)
  std::string description;      ///< how it differs from the largest group ("" for the largest)
};

struct ScheduleDivergence {
  std::string compile_id;       ///< graph where the groups first differ ("" when one group ran out)
  int64_t graph_index = -1, position = -1;
  std::vector<int32_t> ranks_a, ranks_b;
  std::string op_a, op_b;       ///< "" when that group has no op there
};

struct ParityRow {
  int32_t rank = -1;
  std::string compile_id;
  int64_t offset = 0, missing_waits = 0;
};

struct RuntimeRow {
  int64_t graph_index = 0;
  std::string compile_id;
  int32_t fastest_rank = -1, slowest_rank = -1;
  double fastest_ms = 0, slowest_ms = 0, delta_ms = 0;  ///< rounded to 0.001 ms, as tlparse
  double fastest_ns = 0, slowest_ns = 0;                ///< unrounded (µs-scale graphs read 0.000 ms)
};

struct ExecOrder {
  bool present = false;          ///< some rank logged graph_execution
  bool order_differs = false;
  std::vector<int32_t> schedule_mismatch_ranks, cache_mismatch_ranks;
  std::vector<int64_t> schedule_mismatch_indices, cache_mismatch_indices;
};

struct CompileTimeSpread {
  double min_s = 0, median_s = 0, max_s = 0;
  std::vector<std::pair<int32_t, double>> slowest;  ///< up to 5 (rank, seconds), slowest first
};

struct Analysis {
  int64_t ranks = 0;
  std::vector<NameMismatch> name_mismatches;
  std::vector<RankGroup> id_groups;          ///< by compile-id set (tlparse: "Diverging Compilation IDs")
  std::vector<RankGroup> cache_groups;       ///< by cache sequence
  std::vector<RankGroup> schedule_groups;    ///< by concatenated collective ops (every rank once any logged one)
  /// Ranks that logged no schedule while others did, whose compiles were all FX-graph-cache hits
  /// (a hit logs no schedule): their group is no evidence of a desync.
  std::vector<int32_t> schedule_absent_cache_hit;
  std::optional<ScheduleDivergence> divergence;
  std::vector<ParityRow> parity;             ///< offset > 0 or missing_waits > 0
  bool runtime_present = false, runtime_mismatched_counts = false;
  std::vector<RuntimeRow> runtime;
  std::vector<RankGroup> tensor_meta_groups; ///< ranks with tensor metadata, by joined signature
  ExecOrder exec;
  std::vector<RankGroup> behaviour_groups;   ///< outliers (smallest groups) first, the majority last
  CompileTimeSpread compile_time;
};

inline constexpr const char* kExecOrderHint =
    "wrap the training step in torch._inductor.debug.record_and_log_graph_execution_order() to log the "
    "order graphs ran in on each rank";

/// Facts per rank, sorted by rank. Ranks come from file names (rank_N) when present, else from records.
std::vector<RankFacts> extract_rank_facts(const Model& m, const PayloadStore& ps, std::vector<NameMismatch>* mismatches);
/// tlparse's parity rule over one graph: (offset, missing_waits) from schedule ops and output code text.
std::pair<int64_t, int64_t> collectives_parity(const std::vector<std::string>& schedule, std::string_view code);
/// The analyses over facts of two or more ranks.
Analysis analyze(const std::vector<RankFacts>& ranks, std::vector<NameMismatch> mismatches = {});

/// "multi_rank" member of summary JSON (caller wrote the key); null without ranks. One rank (a node
/// holding one rank's log) still writes its facts, so `tparse merge` can combine such nodes.
void write_json(JsonWriter& w, const std::vector<RankFacts>& ranks, const Analysis& a);
/// Reads multi_rank.ranks[] (facts) and multi_rank.name_mismatches of a summary JSON back. false + error.
bool read_rank_facts(std::string_view json, std::vector<RankFacts>& out, std::vector<NameMismatch>& mism,
                     std::string& error);

/// Perfetto/Chrome trace of runtime estimates: process per rank, thread per graph, ops end to end.
std::string runtime_trace_json(const std::vector<RankFacts>& ranks);
/// The compile-event trace of all ranks (chromium events with pid = rank).
std::string combined_events_json(const Model& m, const JsonWriter::Flush& flush = nullptr);

/// The multi-rank block of the text summary ("" for fewer than 2 ranks).
std::string summary_text(const std::vector<RankFacts>& ranks, const Analysis& a);
/// "runtime estimate [4/0]: fastest rank 1 1.25 us, slowest rank 0 3.4 us, delta 2.15 us", or the
/// runtime_equal_text when every rank estimated the same.
std::string runtime_row_text(const RuntimeRow& r);
/// "[4/0]: 375 ns on every rank"; "0 ns on every rank: inductor estimated 0 for every op (it gives no
/// estimate on this device)" when the value is 0.
std::string runtime_equal_text(const RuntimeRow& r);
/// "0, 1, 2, 5 ... (+N more)" for people.
std::string rank_list_text(const std::vector<int32_t>& ranks, size_t max_shown = 8);

}  // namespace tparse::multirank
