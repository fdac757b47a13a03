// Writing the HTML report from the CLI, shared by `tparse report` and `tparse run`: preparing the
// output directory, writing with a progress line, opening a browser.
#pragma once

#include <functional>
#include <string>

#include "cli_common.hpp"

namespace tparse::report {
struct ReportOptions;
struct ReportStats;
}  // namespace tparse::report

namespace tparse::cli {

/// Prepares the output directory. false (after saying why) when it must not be written: it is a
/// file, or a non-empty directory without `overwrite` (with it, only a previous report is removed).
/// `created` (optional): the directory did not exist before, so a failed run may remove it again.
bool prepare_out(const std::string& out, bool overwrite, bool* created = nullptr);

/// Whether `out` is missing, empty, or holds a previous tparse report (index.html + summary.json).
bool out_is_replaceable(const std::string& out);

/// Writes the report of `t` into `out` (prepared already); prints "report written to ..." unless
/// quiet. false after printing the error.
/// `tune` (optional) adjusts the report options; `stats` (optional) receives the report's stats.
/// Graph drawings not in the layout cache (drawings.hpp): `now` lays them out in worker processes
/// before returning; `later` returns at once and a background process fills them in;
/// `background` returns once the JSON files and the first pages (index.html, compiles.html,
/// timeline.html) are written, a forked process writes the other pages, then the drawings
/// (`tparse report --drawings later`; TPARSE_PAGES_NOW=1 makes it `later`).
enum class Drawings { Now, Later, Background };
bool write_report_dir(const LoadedTrace& t, const std::string& out, const LoadFlags& f, bool plain_text,
                      const std::function<void(report::ReportOptions&)>& tune = {}, report::ReportStats* stats = nullptr,
                      Drawings drawings = Drawings::Now);

/// Opens index.html with xdg-open when there is a display.
void open_browser(const std::string& index);

}  // namespace tparse::cli
