// The HTML report: `write_report` turns a loaded trace into static pages + machine-readable files
// in a Sink (disk under -o, or memory in tests). It reads only the Model and PayloadStore.
//
// Files (docs/report.md):
//   index.html             summary band, graph-break sites, recompile chains, failures, stack trie,
//                          compile directory (multi-rank: landing page + rank divergence)
//   rank_<N>/index.html    per-rank index (multi-rank only)
//   compiles.html          every compile (index.html shows the first ones)
//   c/<i>.html             one page per compile (i = index in Model::compiles)
//   c/none.html            "[-/-]": records without a compile id (AOTInductor, export)
//   prov/<i>.html          inductor provenance view of compile i (prov/none.html: "[-/-]")
//   export.html            draft-export report (export records, or tlparse -e)
//   p/<hash>.html|.txt     big payloads, one file per distinct content
//   g/<hash>.svg           Graphviz drawings of FX graphs, one per distinct graph
//   timeline.html, chromium_events.json, summary.json, compile_directory.json, raw.jsonl
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/model/model.hpp"
#include "core/read/payload_store.hpp"
#include "sink.hpp"

namespace tparse::report {

struct ReportOptions {
  bool plain_text = false;        ///< inductor output code as raw .txt, no highlighting (tlparse -p)
  int jobs = 0;                   ///< threads for per-compile pages; 0 = hardware concurrency
  size_t inline_limit = 16 << 10; ///< payloads up to this size are inlined in compile pages
  size_t svg_max_nodes = 400;     ///< bigger FX graphs are shown as text only
  size_t index_rows = 500;        ///< rows of long tables in index.html (the rest: own page)
  /// Raw HTML put at the top of index.html and export.html, unescaped (tlparse --custom-header-html).
  /// Only from the caller's command line: the caller trusts it; never from a trace.
  std::string custom_header_html;
  bool export_page = false;       ///< write export.html even without export records (tlparse -e)
  /// Graph drawings not in the layout cache are left as placeholders and listed in
  /// ReportStats::pending_files (graph::take_pending_drawings has their DOT texts): the CLI lays
  /// them out in worker processes, now or in the background (`--drawings`). Off: drawn in place.
  bool defer_drawings = false;
  /// `tparse report --source-root`: per break site (index into Model::break_sites) the patch that
  /// `tparse fix` offers for it, as (relative link, label); the break row links it.
  std::map<int32_t, std::pair<std::string, std::string>> site_patch;
  /// Called once the JSON files and the first pages (index.html, compiles.html, timeline.html,
  /// rank landings) are written, before the per-compile, provenance and export pages, while no
  /// other thread of the report runs (so it may fork). Returning false ends the report there.
  std::function<bool()> after_front;
  /// (pages done, pages total); called from worker threads under a lock.
  std::function<void(uint64_t, uint64_t)> progress;
};

struct ReportStats {
  uint64_t compile_pages = 0, payload_pages = 0, svgs = 0, svg_skipped = 0;
  uint64_t provenance_pages = 0;  ///< prov/*.html written
  bool export_page = false;       ///< export.html written
  std::vector<std::string> pending_files;  ///< files holding drawing placeholders (defer_drawings), sorted
  bool ok = true;
  std::string error;
};

ReportStats write_report(const Model& m, const PayloadStore& payloads, const ReportOptions& opt, Sink& sink);

/// Relative link from the report root to a compile's page: "c/<index>.html".
std::string compile_page(int32_t compile_index);

}  // namespace tparse::report
