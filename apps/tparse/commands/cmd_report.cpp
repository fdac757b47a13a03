// `tparse report TRACE -o DIR` (also plain `tparse TRACE -o DIR`): the static HTML report with
// Graphviz graph drawings, per-compile pages, timeline, multi-rank landing and JSON files.
#include <cstdio>
#include <filesystem>

#include "cli_common.hpp"
#include "commands.hpp"
#include "report/report.hpp"
#include "report_common.hpp"
#include "tlparse_compat.hpp"
#ifdef HAVE_TPARSE_FIX
#include <fstream>

#include "fix/fix.hpp"
#endif

namespace tparse::cli {

namespace {

namespace fs = std::filesystem;

struct ReportFlags {
  std::string out = "tparse_report";
  bool overwrite = false, no_browser = false, plain_text = false;
  std::string drawings = "later";
  std::vector<std::string> roots;  ///< --source-root: the break rows link `tparse fix` patches (fix.html)
};

void add_report(CLI::App& app, Exit& exit) {
  auto* sub = app.add_subcommand("report", "Write the HTML report of a trace (also: tparse TRACE -o DIR)");
  auto f = std::make_shared<LoadFlags>();
  auto r = std::make_shared<ReportFlags>();
  auto tl = std::make_shared<TlparseFlags>();
  sub->add_option("inputs", f->inputs, "TORCH_TRACE directory, log file(s), .gz, or - for stdin")->required();
  sub->add_option("-o,--output,--out", r->out, "Output directory (default: tparse_report)");
  sub->add_flag("--overwrite", r->overwrite, "Write into a non-empty output directory (a previous report there is replaced)");
  sub->add_flag("--no-browser", r->no_browser, "Do not open the report (never opened without a display)");
  sub->add_option("--drawings", r->drawings,
                  "Graph drawings not in the layout cache: later (default: the report returns once index.html and the "
                  "JSON files are written, a background process writes the other pages and fills the drawings in) or "
                  "now (every page and drawing before returning; for scripts)")
      ->check(CLI::IsMember({"later", "now"}));
  sub->add_flag("-p,--plain-text", r->plain_text, "Inductor output code as plain .txt instead of highlighted HTML");
  sub->add_flag("--strict", f->strict, "Exit 1 when the input has damaged lines, naming them");
  sub->add_flag("-q,--quiet", f->quiet, "No progress or notes on stderr");
  sub->add_option("-j,--jobs", f->jobs, "Threads (default: all cores)");
  sub->add_option("--rank", f->rank, "Only this rank");
  add_process_flags(sub, *f);
#ifdef HAVE_TPARSE_FIX
  sub->add_option("--source-root", r->roots, "Where the trace's user files are (path-suffix remap): break rows link a patch (fix.html)");
#endif
  sub->add_flag("--no-md5", f->no_md5, "Skip payload md5 checks");
  add_tlparse_flags(sub, *tl, *f);
  sub->callback([f, r, tl, &exit] {
    if (!tlparse_check_args(*tl, *f)) {
      exit.code = 2;
      return;
    }
    // Read first, then create the output directory: a run that fails leaves nothing behind.
    LoadedTrace t;
    if (!load_inputs(*f, t)) {
      exit.code = 2;
      return;
    }
    bool created = false;
    if (!prepare_out(r->out, r->overwrite, &created)) {
      exit.code = 2;
      return;
    }
    report::ReportStats st;
    std::map<int32_t, std::pair<std::string, std::string>> site_patch;
#ifdef HAVE_TPARSE_FIX
    std::string fix_page;
    if (!r->roots.empty()) {  // only with sources: a patch needs the user's files
      fix::Plan plan = fix::plan_trace(t, f->inputs.front(), {.source_roots = r->roots});
      for (const auto& x : plan.patches)
        for (int32_t s : x.sites)
          site_patch.try_emplace(s, "fix.html#patch-" + std::to_string(x.id), "[" + std::to_string(x.id) + "] " + x.title);
      if (!plan.patches.empty()) fix_page = fix::plan_html(plan);
    }
#endif
    auto tune = [&](report::ReportOptions& o) {
      tlparse_report_options(*tl, o);
      o.site_patch = site_patch;
    };
    // Pages in the background too, unless something after the report needs its page counts
    // (-i notes the provenance pages, -e the export page).
    Drawings how = r->drawings == "now"                           ? Drawings::Now
                   : tl->inductor_provenance || tl->export_mode ? Drawings::Later
                                                                  : Drawings::Background;
    if (!write_report_dir(t, r->out, *f, r->plain_text, tune, &st, how)) {
      if (created) {  // our own half-written report, in a directory we made: remove it
        std::error_code ec;
        fs::remove_all(r->out, ec);
      }
      exit.code = 2;
      return;
    }
#ifdef HAVE_TPARSE_FIX
    if (!fix_page.empty()) std::ofstream(fs::path(r->out) / "fix.html", std::ios::binary) << fix_page;
#endif
    // As tlparse: export mode (-e) returns before the strict checks, so -e --strict only notes problems.
    LoadFlags checked = *f;
    checked.strict = f->strict && !tl->export_mode;
    if (report_input_problems(t.model, checked)) exit.code = 1;
    if (tlparse_after_report(*tl, *f, t, st)) exit.code = 1;
    if (!r->no_browser) open_browser((fs::path(r->out) / "index.html").string());
  });
}

const Registrar reg_report(5, add_report);

}  // namespace

}  // namespace tparse::cli
