// ModelBuilder: turns the records of ONE input file into a partial Model. Handlers (handlers/*.cpp,
// one file per record-kind family) call its small API; ingest.cpp merges the partial models of all
// files and runs finalize(). The reference compiler's traces come through the same path.
#pragma once

#include <functional>
#include <simdjson.h>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "model.hpp"
#include "core/read/payload_store.hpp"
#include "core/read/record_reader.hpp"

namespace tparse {

struct PrehashStats;

struct IngestOptions {
  bool verify_md5 = true;
  bool keep_events = true;     ///< keep chromium events (timeline)
  bool keep_payloads = true;   ///< keep payload handles (report/viewer); summary can skip them
  /// Keep everything (other metrics fields, whole dynamo_start stacks, shape events, runtime
  /// metrics, every artifact). Off: only what totals, sites and recompiles need, so memory per
  /// compile stays small on huge logs (summary, gate).
  bool keep_detail = true;
  /// With keep_detail off: still keep the artifacts the multi-rank analyses read (collective
  /// schedules, runtime/tensor meta, graph execution order, output code, cache events) and their
  /// payload handles (`tparse summary`, analysis/ranks/multirank.hpp); only for records with a rank.
  bool keep_multirank = false;
  int jobs = 0;                ///< threads over files and over chunks of one file; 0 = hardware concurrency
  /// Chunk size of the parallel payload hashing of one file (0: 8 MiB). Tests force small ones.
  uint64_t chunk_bytes = 0;
  /// Payloads byte-identical to one already verified against the same md5 are not hashed again
  /// (on with helper threads). Off: every payload is hashed (benchmarks of logs without repeats).
  bool skip_repeats = true;
  PrehashStats* prehash_stats = nullptr;  ///< counts hits of the parallel hashing (tests)
  int32_t only_rank = -1;      ///< keep only this rank (-1: all)
  /// Keep only these processes, each (input path, glog pid); empty: all. The CLI's --process N /
  /// --latest load once, pick, and load again with this.
  std::vector<std::pair<std::string, uint64_t>> only_processes;
  size_t max_line = 64u << 20; ///< longer lines are skipped and counted as oversize
};

/// One record as handlers see it. Views die when the next record is read.
struct Record {
  std::string_view kind;
  std::string_view meta;        ///< raw JSON of the metadata value (object/array/scalar)
  const char* buffer_end = nullptr;  ///< readable memory after meta (simdjson padding)
  SourceLoc where;
  CompileId id;
  int32_t rank = -1;
  int32_t process = -1;         ///< index into the partial model's processes
  bool has_payload = false;
  bool md5_ok = true;
  bool md5_verified = false;    ///< the payload was hashed and matched has_payload: `md5` is its digest
  unsigned char md5[16] = {};
  const RawRecord* raw = nullptr;
};

class PayloadPrehash;

class ModelBuilder {
 public:
  ModelBuilder(int32_t file_index, const std::string& path, int32_t rank_from_name, bool seekable,
               const IngestOptions& opts);

  /// Feeds one framed record (envelope + payload). Never throws on bad input: it counts it.
  void add(const RawRecord& raw);
  /// Call once at end of input.
  void finish(uint64_t bytes, uint64_t lines, const std::string& read_error);
  /// Frees the parse buffers (JSON parsers, the decoded-payload scratch: as big as the largest
  /// payload) between incremental reads; the next add() allocates them again.
  void release_buffers();

  Model& model() { return model_; }
  /// Payload md5s computed ahead by other threads (prehash.hpp); used when they match the record.
  void set_prehash(PayloadPrehash* p) { prehash_ = p; }
  PayloadStore& store() { return store_; }

  // ---- API for handlers ----
  const IngestOptions& options() const { return opts_; }
  void diag(Diag d, const SourceLoc& where, std::string message);
  /// The compile a record belongs to (created on first use); -1 when the record has no frame/ca id.
  int32_t compile_of(const Record& r);
  /// Starts a new epoch in r's process when r's compile id was already started (reset()).
  void maybe_new_epoch(const Record& r, bool require_started);
  void mark_started(int32_t compile);
  /// The decoded payload of the current record (cached until the next record).
  std::string_view payload(const Record& r);
  /// A handle to keep the payload for later (empty ref when keep_payloads is off).
  PayloadRef keep_payload(const Record& r);
  /// Adds an Artifact to r's compile (or to the global list) and returns it.
  Artifact& add_artifact(const Record& r, std::string_view name, std::string_view encoding = {});
  /// Interned string by id ("" when unknown).
  std::string_view interned(int64_t id) const;
  void intern(int64_t id, std::string_view s);
  /// Parses the record's metadata with the shared On-Demand parser.
  simdjson::ondemand::parser& json() { return meta_parser_; }
  simdjson::simdjson_result<simdjson::ondemand::document> parse_meta(const Record& r);
  /// Parses a list of stack-frame objects (de-interning filenames).
  Stack parse_stack(simdjson::ondemand::array arr);

 private:
  int32_t process_for(int32_t rank, uint64_t pid, uint64_t start);
  void dispatch(Record& r);

  struct ProcState {
    int32_t rank = -1;
    uint64_t pid = 0;
    int32_t epoch = 0;
    std::unordered_map<std::string, int32_t> compiles;  // CompileId::key() -> compile index
  };
  Model model_;
  PayloadStore store_;
  IngestOptions opts_;
  int32_t file_;
  int32_t store_file_ = -1;
  int32_t default_proc_ = -1;
  std::vector<ProcState> procs_;
  std::vector<std::string> strings_;
  std::vector<uint8_t> started_;
  simdjson::ondemand::parser env_parser_;
  simdjson::ondemand::parser meta_parser_;
  std::string scratch_;  ///< decoded payload of the current record: the first scratch_len_ bytes
  size_t scratch_len_ = 0;
  Artifact discard_;  // target for add_artifact when detail is off
  bool scratch_valid_ = false;
  bool seekable_;
  PayloadPrehash* prehash_ = nullptr;
};

/// Handler for one record kind.
using Handler = void (*)(ModelBuilder&, const Record&);
/// The dispatch table: kind -> handler. Built once from the handler families.
const std::unordered_map<std::string_view, Handler>& handler_table();

// Handler families (handlers/*.cpp) register their kinds here.
void register_dynamo_handlers(std::unordered_map<std::string_view, Handler>& t);
void register_artifact_handlers(std::unordered_map<std::string_view, Handler>& t);
void register_event_handlers(std::unordered_map<std::string_view, Handler>& t);
void register_shape_handlers(std::unordered_map<std::string_view, Handler>& t);
void register_misc_handlers(std::unordered_map<std::string_view, Handler>& t);
/// Export records without a compile id -> Model::export_events (handlers/export.cpp).
void add_export_event(ModelBuilder& b, const Record& r);
/// Fallback for kinds with no handler: kept raw (payload as an artifact) and counted.
void handle_unknown(ModelBuilder& b, const Record& r);

/// Merges the partial models of several files (in file order) and finalizes the result.
void merge_models(Model& dst, PayloadStore& dst_store, Model&& src, PayloadStore&& src_store);
/// Derives frames, outcomes, graph counts, break sites, resume links, failures and rank summaries.
void finalize(Model& m);

}  // namespace tparse
