// Internal to the report: what every page writer shares (model, payloads, options, sink, the
// set of content-addressed files already written) and the page entry points, one per file.
#pragma once

#include <mutex>
#include <string>
#include <unordered_set>

#include "report.hpp"

namespace tparse::fx {
struct Graph;
}
namespace tparse::graph {
struct Hierarchy;
}

namespace tparse::report {

struct Ctx {
  const Model& m;
  const PayloadStore& ps;
  const ReportOptions& opt;
  Sink& sink;
  ReportStats& stats;
  std::mutex mu;
  std::unordered_set<std::string> written;  ///< content-addressed files already written
  std::string multirank_html;  ///< the landing's multi-rank section (section_multirank.cpp); "" single rank

  /// Writes rel once (first caller builds it); later calls are no-ops. Thread-safe.
  template <typename Make>
  void write_once(const std::string& rel, Make&& make) {
    {
      std::lock_guard<std::mutex> lk(mu);
      if (!written.insert(rel).second) return;
    }
    write(rel, make());
  }
  void write(const std::string& rel, const std::string& data) {
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
std::string compile_page_html(Ctx& cx, int32_t ci);
/// A payload shown inline (small) or linked to its own content-addressed page (big).
std::string payload_block(Ctx& cx, const Artifact& a, const std::string& root, bool open, bool code,
                          const std::string* text = nullptr);
// page_graph.cpp: the module-level drawing of a big graph (inline SVG, boxes link to one page per
// distinct module under g/<text_hash>/); pages are written once per graph text.
std::string module_drawing(Ctx& cx, const fx::Graph& g, const graph::Hierarchy& h, const std::string& text_hash,
                           const std::string& title, const std::string& root);
// page_timeline.cpp
std::string timeline_page(Ctx& cx);
std::string chromium_events_json(const Model& m);
// page_ranks.cpp
std::string ranks_section(Ctx& cx);
// machine.cpp
std::string compile_directory_json(const Model& m);
std::string raw_jsonl(const Model& m);

/// "[0/1]" with rank when the model has several: display_id + link to the compile page.
std::string compile_link(const Ctx& cx, int32_t ci, const std::string& root);
/// Cache mark of an artifact name: "hit", "miss", "bypass" or "".
const char* cache_mark(const std::string& name);

}  // namespace tparse::report
