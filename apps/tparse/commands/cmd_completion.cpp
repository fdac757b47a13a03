// `tparse completion bash|zsh|fish`: the shell completion script, generated from this CLI's own
// definition (cli_docs.cpp). The package installs all three; by hand: `source <(tparse completion bash)`.
#include "cli_common.hpp"
#include "cli_docs.hpp"
#include "commands.hpp"

namespace tparse::cli {

namespace {

void add_completion(CLI::App& app, Exit& exit) {
  auto* sub = app.add_subcommand("completion", "Print the shell completion script (bash, zsh or fish)");
  auto shell = std::make_shared<std::string>();
  auto out = std::make_shared<std::string>("-");
  sub->add_option("shell", *shell, "bash | zsh | fish")->required()->check(CLI::IsMember({"bash", "zsh", "fish"}));
  sub->add_option("-o,--output", *out, "Write to a file instead of stdout");
  sub->callback([&app, shell, out, &exit] {
    std::string text = *shell == "bash" ? bash_completion(app) : *shell == "zsh" ? zsh_completion(app) : fish_completion(app);
    exit.code = write_text(*out, text) ? 0 : 2;
  });
}

const Registrar reg_completion(90, add_completion);

}  // namespace

}  // namespace tparse::cli
