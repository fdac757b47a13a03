// The table of tparse subcommands. Each cmd_*.cpp registers itself with a static Registrar, so
// adding a subcommand is adding one file (CMake globs cmd_*.cpp); main.cpp only builds the app.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <vector>

namespace tparse::cli {

/// Shared across subcommands: the exit code a subcommand wants main() to return
/// (0 ok, 1 regression / strict failure, 2 usage error or unreadable input).
struct Exit {
  int code = 0;
};

/// Adds one subcommand (options + callback) to the app. `order` sorts --help output.
struct Command {
  int order;
  std::function<void(CLI::App& app, Exit& exit)> add;
};

std::vector<Command>& command_table();

struct Registrar {
  Registrar(int order, std::function<void(CLI::App&, Exit&)> add) { command_table().push_back({order, std::move(add)}); }
};

}  // namespace tparse::cli
