// Running the user's command for `tparse run`: posix_spawnp with one extra environment variable,
// signals sent to tparse forwarded to the child, and the child's exit status in shell terms.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace tparse::cli {

struct ChildResult {
  bool started = false;
  std::string error;  ///< why it did not start ("No such file or directory")
  int exit_code = 0;  ///< the child's exit status, or 128 + signal when a signal ended it
  int signal = 0;     ///< the signal that ended it, 0 when it exited
};

/// Runs argv[0] (looked up in PATH) with the environment of tparse plus `env_name=env_value`,
/// and waits for it. While it runs, SIGINT/SIGTERM/SIGHUP/SIGQUIT/SIGUSR1/SIGUSR2 sent to tparse
/// by kill(2) (e.g. a scheduler stopping the job) are forwarded to the child; the same signals from
/// the terminal (Ctrl-C) already reach the child through the shared process group, so they are
/// not sent twice. Afterwards the default dispositions are back.
/// With `on_stderr`, the child's stderr is a pipe: every byte is written to tparse's stderr
/// unchanged, as it comes, and handed to `on_stderr` too (reading stops at EOF, or 1 s after the
/// child ended when a process it started still holds the pipe).
ChildResult run_child(const std::vector<std::string>& argv, const std::string& env_name, const std::string& env_value,
                      const std::function<void(std::string_view)>& on_stderr = nullptr);

}  // namespace tparse::cli
