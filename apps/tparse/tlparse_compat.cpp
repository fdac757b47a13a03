// tlparse flags on `tparse report`; see tlparse_compat.hpp and docs/tlparse.md.
#include "tlparse_compat.hpp"

#include <cstdio>

#include "core/model/summary.hpp"
#include "report/report.hpp"

namespace tparse::cli {

void add_tlparse_flags(CLI::App* sub, TlparseFlags& t, LoadFlags& load) {
  sub->add_flag("--strict-compile-id", t.strict_compile_id,
                "Exit 1 when records have no compile id (they are shown as compile [-/-]); as tlparse --strict-compile-id");
  sub->add_flag("-e,--export", t.export_mode,
                "Also write export.html, the draft-export report, when the trace has no export records (it is written "
                "whenever it has them); as tlparse -e");
  sub->add_flag("-i,--inductor-provenance", t.inductor_provenance,
                "Inductor provenance views (prov/*.html) are written whenever the trace has the node mappings; with -i, "
                "say so when it has none; as tlparse -i");
  sub->add_flag("--all-ranks-html", t.all_ranks_html,
                "Accepted for tlparse: every rank of a directory is always read, with a multi-rank landing page");
  sub->add_option("--custom-header-html", t.custom_header_html,
                  "Raw HTML put unescaped at the top of index.html and export.html (trusted: your own command line)");
  sub->add_flag("-v,--verbose", load.verbose, "List unknown record kinds and every input problem with its file:line");
}

bool tlparse_check_args(const TlparseFlags& t, const LoadFlags& load) {
  if (t.all_ranks_html && load.latest) {
    // tlparse: bail!("--latest cannot be used with --all-ranks-html") before reading anything.
    std::fprintf(stderr, "tparse: --latest cannot be used with --all-ranks-html\n");
    return false;
  }
  return true;
}

void tlparse_report_options(const TlparseFlags& t, report::ReportOptions& opt) {
  opt.custom_header_html = t.custom_header_html;
  opt.export_page = t.export_mode;
}

int tlparse_after_report(const TlparseFlags& t, const LoadFlags& load, const LoadedTrace& trace, const report::ReportStats& st) {
  const Model& m = trace.model;
  if (load.verbose) {
    for (const auto& [kind, n] : m.diag.unknown_kinds)
      std::fprintf(stderr, "tparse: unknown record kind %s (%llu record(s), kept raw)\n", terminal_safe(kind).c_str(),
                   static_cast<unsigned long long>(n));
    for (int i = 0; i < kDiagCount; ++i)
      for (const auto& ex : m.diag.examples[i])
        std::fprintf(stderr, "%s: %s: %s\n", terminal_safe(m.file_of(ex.where)).c_str(), diag_name(static_cast<Diag>(i)),
                     terminal_safe(ex.message).c_str());
  }
  if (t.inductor_provenance && st.provenance_pages == 0 && !load.quiet)
    std::fprintf(stderr, "tparse: note: -i: no inductor_provenance_tracking_node_mappings artifact in this trace (log with "
                         "TORCH_TRACE and TORCH_LOGS=+inductor or TORCH_COMPILE_DEBUG=1)\n");
  if (!load.quiet && st.provenance_pages > 0)
    std::fprintf(stderr, "tparse: %llu inductor provenance view(s): prov/*.html\n", static_cast<unsigned long long>(st.provenance_pages));
  // tlparse returns from export mode before its strict checks: -e never fails on compile ids.
  if (t.strict_compile_id && !t.export_mode) {
    size_t n = m.global_artifacts.size() + m.global_metrics.size();
    if (n > 0) {
      SourceLoc first = !m.global_artifacts.empty() ? m.global_artifacts.front().where : m.global_metrics.front().where;
      for (const auto& mt : m.global_metrics)
        if (mt.where.file == first.file && mt.where.line < first.line) first = mt.where;
      std::fprintf(stderr, "tparse: --strict-compile-id: %zu record(s) have no compile id (shown as [-/-]); first at %s\n", n,
                   terminal_safe(m.file_of(first)).c_str());
      return 1;
    }
  }
  return 0;
}

}  // namespace tparse::cli
