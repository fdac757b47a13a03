// Writing the HTML report into a directory, shared by `tparse report`, `tparse run` and the
// Python module's tparse.report(): preparing the directory (never deleting what is not a report)
// and writing the pages. No printing: errors come back as text.
#pragma once

#include <functional>
#include <string>

#include "core/ingest.hpp"
#include "report/report.hpp"

namespace tparse::api {

/// Prepares the output directory. false with `error` when it must not be written: it is a file, or
/// a non-empty directory without `overwrite` (with it, only a previous report is removed).
/// `created` (optional): the directory did not exist before, so a failed run may remove it again.
bool prepare_out(const std::string& out, bool overwrite, std::string& error, bool* created = nullptr);

/// Whether `out` is missing, empty, or holds a previous tparse (or tlparse) report.
bool out_is_replaceable(const std::string& out);

struct ReportResult {
  report::ReportStats stats;
  uint64_t files = 0, bytes = 0;
  double seconds = 0;
};

/// Writes the report of `t` (loaded with every detail) into the prepared `out`. false with
/// `res.stats.error` set when writing failed.
bool write_report_dir(const LoadedTrace& t, const std::string& out, const report::ReportOptions& opt, ReportResult& res);

}  // namespace tparse::api
