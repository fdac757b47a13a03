// tparse: the command-line entry. Builds the CLI11 app from the subcommand table and runs it.
// `tparse TRACE -o DIR` (no subcommand) is rewritten to `tparse report TRACE -o DIR`; so is
// `tparse --overwrite TRACE -o DIR` (flags first, as tlparse accepts) when no argument names a subcommand.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "commands/commands.hpp"
#include "core/model/summary.hpp"

namespace tparse::cli {
std::vector<Command>& command_table() {
  static std::vector<Command> table;
  return table;
}
}  // namespace tparse::cli

int main(int argc, char** argv) {
  CLI::App app{"tparse: why torch.compile split, recompiled or failed your model"};
  app.set_version_flag("-V,--version", std::string("tparse ") + tparse::kToolVersion);
  app.require_subcommand(0, 1);
  tparse::cli::Exit exit;
  auto& table = tparse::cli::command_table();
  std::sort(table.begin(), table.end(), [](const auto& a, const auto& b) { return a.order < b.order; });
  for (auto& c : table) c.add(app, exit);

  // Default command: a first argument that is not a subcommand or a flag means `report`; "-"
  // (stdin) is an input, not a flag.
  auto has_sub = [&](const std::string& name) {
    for (const CLI::App* s : app.get_subcommands([](CLI::App*) { return true; }))
      if (s->check_name(name)) return true;
    return false;
  };
  auto is_app_flag = [](const char* a) {
    return std::strcmp(a, "-h") == 0 || std::strcmp(a, "--help") == 0 || std::strcmp(a, "-V") == 0 || std::strcmp(a, "--version") == 0;
  };
  std::vector<char*> args(argv, argv + argc);
  static char report[] = "report";
  if (argc > 1 && (argv[1][0] != '-' || std::strcmp(argv[1], "-") == 0) && !has_sub(argv[1]) && has_sub("report"))
    args.insert(args.begin() + 1, report);
  else if (argc > 2 && argv[1][0] == '-' && has_sub("report") && !is_app_flag(argv[1]) &&
           std::none_of(argv + 1, argv + argc, [&](const char* a) { return has_sub(a); }))
    args.insert(args.begin() + 1, report);  // tlparse style, flags before the path: `tparse --overwrite LOG -o OUT`
  try {
    app.parse(static_cast<int>(args.size()), args.data());
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
