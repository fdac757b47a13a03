// `tparse draw-pending OUT` (hidden): lays out the graph drawings a report left as placeholders
// and puts them in place (drawings.hpp). Started by `tparse report`; not for users.
#include "commands.hpp"
#include "drawings.hpp"

namespace tparse::cli {

namespace {

void add_draw(CLI::App& app, Exit& exit) {
  auto* sub = app.add_subcommand("draw-pending", "Draw the report's pending graph drawings");
  sub->group("");  // hidden from --help, completions and the man page
  auto out = std::make_shared<std::string>();
  auto jobs = std::make_shared<int>(0);
  sub->add_option("out", *out, "Report directory")->required();
  sub->add_option("-j,--jobs", *jobs, "Worker processes (default: all cores)");
  sub->callback([out, jobs, &exit] { exit.code = draw_pending(*out, *jobs); });
}

const Registrar reg_draw(90, add_draw);

}  // namespace

}  // namespace tparse::cli
