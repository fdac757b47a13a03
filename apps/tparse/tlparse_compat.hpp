// tlparse 0.4.3 compatibility for `tparse report` (docs/tlparse.md): the tlparse flags that tparse
// did not already have (--strict-compile-id, -e/--export, -i/--inductor-provenance,
// --all-ranks-html, --custom-header-html, -v/--verbose), their early argument checks and what
// they do after the report is written. `tlparse LOG ...` becomes `tparse LOG ...` unchanged.
#pragma once

#include <string>

#include "cli_common.hpp"

namespace tparse::report {
struct ReportOptions;
struct ReportStats;
}  // namespace tparse::report

namespace tparse::cli {

struct TlparseFlags {
  bool strict_compile_id = false;
  bool export_mode = false;
  bool inductor_provenance = false;
  bool all_ranks_html = false;
  /// Raw HTML for the top of index.html / export.html. Trusted: it comes only from the command
  /// line of the person running tparse, never from a trace, and is not escaped.
  std::string custom_header_html;
};

/// Adds the flags to the report subcommand (-v/--verbose sets load.verbose).
void add_tlparse_flags(CLI::App* sub, TlparseFlags& t, LoadFlags& load);

/// tlparse's early argument errors (before reading): false after printing the message.
bool tlparse_check_args(const TlparseFlags& t, const LoadFlags& load);

/// Report options from the flags.
void tlparse_report_options(const TlparseFlags& t, report::ReportOptions& opt);

/// After the report is written: -v details, notes for -i / -e, and --strict-compile-id.
/// Returns 1 when --strict-compile-id fails (records without a compile id), else 0.
int tlparse_after_report(const TlparseFlags& t, const LoadFlags& load, const LoadedTrace& trace, const report::ReportStats& st);

}  // namespace tparse::cli
