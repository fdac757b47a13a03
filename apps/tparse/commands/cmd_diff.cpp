// `tparse diff OLD NEW [--json]`: two traces side by side (graphs, break sites added / removed /
// unchanged, recompiles, failures, compile time per frame). Exit 0, or 2 on unreadable input.
#include <fmt/format.h>

#include "analysis/diff.hpp"
#include "cli_common.hpp"
#include "commands.hpp"

namespace tparse::cli {

namespace {

void add_diff(CLI::App& app, Exit& exit) {
  auto* sub = app.add_subcommand("diff", "Compare two traces: graphs, break sites, recompiles, failures, compile time");
  auto f = std::make_shared<LoadFlags>();
  auto paths = std::make_shared<std::vector<std::string>>();
  auto json = std::make_shared<bool>(false);
  auto out = std::make_shared<std::string>("-");
  sub->add_option("traces", *paths, "OLD NEW (directories, logs, .gz)")->required()->expected(2);
  sub->add_flag("--json", *json, "Machine-readable output (schema tparse-diff v1)");
  sub->add_option("-o,--output", *out, "Write to a file instead of stdout");
  sub->add_flag("-q,--quiet", f->quiet, "No progress on stderr");
  sub->callback([f, paths, json, out, &exit] {
    analysis::Snapshot side[2];
    for (int i = 0; i < 2; ++i) {
      LoadFlags one = *f;
      one.inputs = {(*paths)[static_cast<size_t>(i)]};
      LoadedTrace t;
      if (!load_inputs(one, t, /*keep_payloads=*/false, /*keep_events=*/false)) {
        exit.code = 2;
        return;
      }
      side[i] = analysis::snapshot_of(t.model);
    }
    analysis::TraceDiff d = analysis::diff_snapshots(side[0], side[1]);
    if (!write_text(*out, *json ? analysis::diff_json(d) : analysis::diff_text(d))) exit.code = 2;
  });
}

const Registrar reg_diff(45, add_diff);

}  // namespace

}  // namespace tparse::cli
