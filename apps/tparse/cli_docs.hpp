// Shell completions (bash, zsh, fish) and the man page, generated from the CLI11 definition of
// tparse itself, so they list exactly the subcommands, options and choices that --help shows.
// `tparse completion SHELL` and `tparse man` print them; the build installs their output.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace tparse::cli {

/// One option as the generators see it.
struct OptSpec {
  std::vector<std::string> shorts, longs;  ///< without dashes
  std::string description, value;          ///< value: "TEXT", "INT", "" for a flag
  std::vector<std::string> choices;        ///< from an IsMember check ("{text,json}"); empty otherwise
  bool positional = false;
  bool many = false;                       ///< takes several values (inputs...)
  std::string name;                        ///< positional name
};

struct CmdSpec {
  std::string name, description;
  std::vector<OptSpec> options;  ///< help first, then in definition order; positionals included
};

/// The root app's options and each visible subcommand (those with a description), in --help order.
CmdSpec describe(const CLI::App& app, const std::string& name);
std::vector<CmdSpec> describe_subcommands(const CLI::App& app);

std::string bash_completion(const CLI::App& app, const std::string& prog = "tparse");
std::string zsh_completion(const CLI::App& app, const std::string& prog = "tparse");
std::string fish_completion(const CLI::App& app, const std::string& prog = "tparse");
/// roff man page, section 1. `extra` is roff appended after the generated sections.
std::string man_page(const CLI::App& app, const std::string& prog, const std::string& version, const std::string& extra);

}  // namespace tparse::cli
