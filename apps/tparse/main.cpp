// tparse: the command-line entry. Builds the CLI11 app from the subcommand table and runs it.
#include <cstdio>

#include "commands.hpp"
#include "core/summary.hpp"

int main(int argc, char** argv) {
  CLI::App app{"tparse: why torch.compile split, recompiled or failed your model"};
  app.set_version_flag("-V,--version", std::string("tparse ") + tparse::kToolVersion);
  app.require_subcommand(0, 1);
  tparse::cli::Exit exit;
  tparse::cli::add_summary(app, exit);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? 0 : 2;
  }
  if (app.get_subcommands().empty()) {
    std::fputs(app.help().c_str(), stdout);
    return 0;
  }
  return exit.code;
}
