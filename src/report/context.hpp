// Internal to the report: what every page writer shares (model, payloads, options, sink, the
// set of content-addressed files already written) and the page entry points, one per file.
#pragma once

#include <cstring>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <cstdint>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "core/json_writer.hpp"
#include "graph/layout.hpp"
#include "memo.hpp"
#include "report/pages/rank_index.hpp"
#include "report.hpp"

namespace tparse::fx {
struct Graph;
}
namespace tparse::graph {
struct Hierarchy;
}

namespace tparse::report {

/// The order of the page this thread writes (its compile index; later pages: INT64_MAX).
inline thread_local int64_t t_page_order = INT64_MAX;

/// A payload's text, read from the store on first use (a memo hit never reads it). With `mu`,
/// several threads may share it.
struct LazyText {
  const PayloadStore& ps;
  PayloadRef ref;
  std::optional<std::string> text;
  std::mutex* mu = nullptr;
  const std::string& get() {
    if (mu) {
      std::lock_guard<std::mutex> lk(*mu);
      if (!text) text = ps.get(ref);
      return *text;
    }
    if (!text) text = ps.get(ref);
    return *text;
  }
  std::string_view key() const { return ps.key(ref); }
};

struct Ctx {
  Ctx(const Model& model, const PayloadStore& payloads, const ReportOptions& options, Sink& out, ReportStats& st)
      : m(model), ps(payloads), opt(options), sink(out), stats(st) {}
  const Model& m;
  const PayloadStore& ps;
  const ReportOptions& opt;
  Sink& sink;
  ReportStats& stats;
  std::mutex mu;
  std::unordered_set<std::string> written;  ///< content-addressed files already written
  Memo memo;  ///< fragments made from a payload text, by its verified md5 (memo.hpp)
  std::string multirank_html;  ///< the landing's multi-rank section (section_multirank.cpp); "" single rank
  std::unordered_map<int32_t, std::string> ddp_html;  ///< compile index -> its DDP split section (section_ddp.cpp)
  std::vector<std::pair<int32_t, std::string>> ddp_landing;  ///< (compile index, landing words) per DDP split
  RankIndex by_rank{m};        ///< the model's items by rank filter (rank pages cost their rank's share)
  std::unordered_map<int32_t, std::string> site_fix;  ///< breaks_section's fix line per break site, made once (guarded by mu)

  std::unordered_map<std::string, int64_t> owner;  ///< shared file -> page order of its writer
  std::mutex shared_write_mu;

  /// Writes a shared file (content-addressed: payload pages, drawings, module pages) once. What
  /// it shows may name the page that wrote it first, so the page of the lowest order (compile
  /// index, as a one-thread run meets them) wins: a later call from a lower page writes it again.
  /// The report is then the same for any -j. Thread-safe.
  template <typename Make>
  void write_once(const std::string& rel, Make&& make) {
    int64_t order = t_page_order;
    {
      std::lock_guard<std::mutex> lk(mu);
      written.insert(rel);
      auto [it, first] = owner.try_emplace(rel, order);
      if (!first) {
        if (order >= it->second) return;
        it->second = order;
      }
    }
    std::string data = make();
    std::lock_guard<std::mutex> wl(shared_write_mu);
    {
      std::lock_guard<std::mutex> lk(mu);
      if (owner[rel] != order) return;  // a lower page took it meanwhile
    }
    write(rel, data);
  }
  /// Whether write_once(rel) from this page would write (rel not yet written, or by a higher page).
  bool would_write(const std::string& rel) {
    std::lock_guard<std::mutex> lk(mu);
    auto it = owner.find(rel);
    return it == owner.end() || t_page_order < it->second;
  }
  /// A big machine-readable file written in pieces as `make` produces them (make gets the flush
  /// hook and returns the rest): summary.json and chromium_events.json grow with ranks (140 and
  /// 120 MB at 16384 ranks) and were the largest strings of a multi-rank report. Same bytes as
  /// write(rel, make(nullptr)).
  void write_streamed(const std::string& rel, const std::function<std::string(const JsonWriter::Flush&)>& make) {
    bool first = true, ok = true;
    JsonWriter::Flush flush = [&](std::string_view piece) {
      ok = sink.append(rel, piece, first) && ok;
      first = false;
    };
    std::string rest = make(flush);
    ok = sink.append(rel, rest, first) && ok;
    if (!ok) {
      std::lock_guard<std::mutex> lk(mu);
      stats.ok = false;
      if (stats.error.empty()) stats.error = sink.error();
    }
  }
  void write(const std::string& rel, const std::string& data) {
    if (opt.defer_drawings && ::memmem(data.data(), data.size(), graph::kPendingMark, std::strlen(graph::kPendingMark))) {
      std::lock_guard<std::mutex> lk(mu);
      stats.pending_files.push_back(rel);
    }
    if (!sink.write(rel, data)) {
      std::lock_guard<std::mutex> lk(mu);
      stats.ok = false;
      if (stats.error.empty()) stats.error = sink.error().empty() ? "cannot write " + rel : sink.error();
    }
  }
  /// Whether compile c is shown under a rank filter (-1 = all).
  bool in_rank(int32_t c, int rank) const { return rank < 0 || m.compiles[static_cast<size_t>(c)].rank == rank; }
};

// page_index.cpp: index.html (all ranks when rank < 0) and the full compiles.html.
std::string index_page(Ctx& cx, int rank, const std::string& root);
std::string compiles_page(Ctx& cx);
// sections.cpp: sections of index.html.
std::string summary_band(Ctx& cx, int rank, const std::string& root);
std::string breaks_section(Ctx& cx, int rank, const std::string& root);
std::string recompiles_section(Ctx& cx, int rank, const std::string& root);
std::string failures_section(Ctx& cx, int rank, const std::string& root);
std::string trie_section(Ctx& cx, int rank, const std::string& root);
std::string export_section(Ctx& cx, const std::string& root);
// section_input.cpp: input problems (diagnostics) with file:line examples; empty when none.
std::string input_section(Ctx& cx);
std::string compile_rows(Ctx& cx, int rank, const std::string& root, size_t max_rows, size_t& total);
// page_compile.cpp
/// `sections`: its artifact sections made already (artifact_jobs below), or null.
std::string compile_page_html(Ctx& cx, int32_t ci, const std::string* sections = nullptr);
/// Compile ci's artifact blocks as separate jobs, so that page workers share one big compile:
/// run_artifact_job(j, artifact_job_index(j, n)) for n < artifact_job_count(j), in any order and
/// on any thread, each with t_page_order = page_order(ci, n); then artifact_job_sections(j).
struct ArtifactJobs;
std::shared_ptr<ArtifactJobs> artifact_jobs(Ctx& cx, int32_t ci);
size_t artifact_job_count(const ArtifactJobs& j);
size_t artifact_job_index(const ArtifactJobs& j, size_t n);
void run_artifact_job(ArtifactJobs& j, size_t k);
std::string artifact_job_sections(const ArtifactJobs& j);
/// The page order of compile ci's n-th artifact block (the order a one-thread run meets them).
inline int64_t page_order(int32_t ci, size_t n) { return (static_cast<int64_t>(ci) << 24) + static_cast<int64_t>(n); }
/// The artifacts of one compile (or of the "[-/-]" entry), by category, each with id "a<k>".
std::string artifact_sections(Ctx& cx, const std::vector<Artifact>& artifacts, int32_t graph_artifact, const std::string& id,
                              const std::string& root);
/// A payload shown inline (small) or linked to its own content-addressed page (big).
std::string payload_block(Ctx& cx, const Artifact& a, const std::string& root, bool open, bool code,
                          LazyText* text = nullptr);
// page_graph.cpp: the module-level drawing of a big graph (inline SVG, boxes link to one page per
// distinct module under g/<text_hash>/); pages are written once per graph text.
std::string module_drawing(Ctx& cx, const fx::Graph& g, const graph::Hierarchy& h, const std::string& text_hash,
                           const std::string& title, const std::string& root, std::string* model_page = nullptr);
// page_nocompile.cpp: the "[-/-]" entry (records without a compile id), c/none.html.
extern const char* kNoCompilePage;
bool has_nocompile(const Model& m);
std::string nocompile_page_html(Ctx& cx);
/// Its row in the compile directory ("" when the trace has no such records).
std::string nocompile_row(Ctx& cx, const std::string& root);
/// index.html section linking "[-/-]", the provenance views and export.html ("" when none).
std::string tlparse_views_section(Ctx& cx, const std::string& root);
// page_provenance.cpp: prov/<i>.html (prov/none.html for "[-/-]") where the mappings exist.
/// Link to compile ci's provenance view (ci = -1: "[-/-]"); "" when it has none.
std::string provenance_link(const Ctx& cx, int32_t ci, const std::string& root);
std::string provenance_page_html(Ctx& cx, int32_t ci);
/// The compiles (-1: "[-/-]") with a provenance page, each with the bytes of the payloads it shows
/// (the report's estimate of its cost).
std::vector<std::pair<int32_t, uint64_t>> provenance_pages(const Ctx& cx);
/// Writes prov/<ci>.html (prov/none.html for -1).
void write_provenance_page(Ctx& cx, int32_t ci);
// page_export.cpp: export.html, tlparse's "Draft Export Report" (failures + symbolic guard info).
bool wants_export_page(const Ctx& cx);
std::string export_page_html(Ctx& cx);
// page_timeline.cpp
std::string timeline_page(Ctx& cx);
std::string chromium_events_json(const Model& m, const JsonWriter::Flush& flush = nullptr);
// page_ranks.cpp
std::string ranks_section(Ctx& cx);
// section_run.cpp: `tparse run`'s exit status, compile in flight, last traceback ("" without a run)
std::string run_section(Ctx& cx, const std::string& root);
// machine.cpp
std::string compile_directory_json(const Model& m, const JsonWriter::Flush& flush = nullptr);
std::string raw_jsonl(const Model& m, const JsonWriter::Flush& flush = nullptr);

/// "[0/1]" with rank when the model has several: display_id + link to the compile page.
std::string compile_link(const Ctx& cx, int32_t ci, const std::string& root);
/// Cache mark of an artifact name: "hit", "miss", "bypass" or "".
const char* cache_mark(const std::string& name);

}  // namespace tparse::report
