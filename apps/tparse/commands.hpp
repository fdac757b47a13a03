// The table of tparse subcommands: each lives in its own cmd_*.cpp and registers itself on the app.
#pragma once

#include <CLI/CLI.hpp>

namespace tparse::cli {

/// Shared across subcommands: the exit code a subcommand wants main() to return.
struct Exit {
  int code = 0;
};

// One registration function per subcommand file. Each adds a subcommand to `app` whose callback
// does the work and stores its exit code (0 ok, 1 regression / strict failure, 2 usage/input).
void add_summary(CLI::App& app, Exit& exit);
void add_report(CLI::App& app, Exit& exit);    // default command: `tparse TRACE -o DIR`
void add_gate(CLI::App& app, Exit& exit);
void add_diff(CLI::App& app, Exit& exit);
void add_explain(CLI::App& app, Exit& exit);
void add_compile(CLI::App& app, Exit& exit);

}  // namespace tparse::cli
