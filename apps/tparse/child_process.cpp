// Child process with signal forwarding; see child_process.hpp.
#include "child_process.hpp"

#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fcntl.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <iterator>

extern char** environ;

namespace tparse::cli {

namespace {

constexpr int kForwarded[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2};

// The one piece of process-wide state: a signal handler can only reach the child through it.
volatile sig_atomic_t g_child = 0;

void forward(int sig, siginfo_t* info, void*) {
  // Terminal-generated signals (si_code SI_KERNEL) went to the whole foreground process group,
  // child included; only signals sent to tparse itself need passing on.
  if (info && info->si_code == SI_KERNEL) return;
  pid_t child = g_child;
  if (child > 0) kill(child, sig);
}

}  // namespace

ChildResult run_child(const std::vector<std::string>& argv, const std::string& env_name, const std::string& env_value,
                      const std::function<void(std::string_view)>& on_stderr) {
  ChildResult r;
  if (argv.empty()) {
    r.error = "no command";
    return r;
  }
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  // The environment of tparse, with env_name replaced.
  std::string kv = env_name + "=" + env_value;
  std::vector<char*> env;
  for (char** e = environ; *e; ++e)
    if (std::strncmp(*e, kv.c_str(), env_name.size() + 1) != 0) env.push_back(*e);
  env.push_back(kv.data());
  env.push_back(nullptr);

  // Block the signals while the child starts and g_child is set, so none is lost in between (they
  // stay pending and are forwarded once unblocked); the child starts with default dispositions for
  // them (posix_spawnattr_setsigdefault) and an empty mask.
  struct sigaction sa {}, old[std::size(kForwarded)];
  sa.sa_sigaction = forward;
  sa.sa_flags = SA_SIGINFO | SA_RESTART;
  sigemptyset(&sa.sa_mask);
  sigset_t defaults;
  sigemptyset(&defaults);
  for (int sig : kForwarded) sigaddset(&defaults, sig);
  sigset_t saved_mask;
  sigprocmask(SIG_BLOCK, &defaults, &saved_mask);
  for (size_t i = 0; i < std::size(kForwarded); ++i) sigaction(kForwarded[i], &sa, &old[i]);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  sigset_t empty;
  sigemptyset(&empty);
  posix_spawnattr_setsigmask(&attr, &empty);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  // stderr through a pipe when the caller reads it (close-on-exec: only the child's fd 2 stays open).
  int pfd[2] = {-1, -1};
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  if (on_stderr && pipe2(pfd, O_CLOEXEC) == 0) posix_spawn_file_actions_adddup2(&fa, pfd[1], 2);
  pid_t pid = 0;
  int rc = posix_spawnp(&pid, args[0], &fa, &attr, args.data(), env.data());
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&attr);
  if (pfd[1] >= 0) close(pfd[1]);
  if (rc != 0) {
    if (pfd[0] >= 0) close(pfd[0]);
    r.error = std::strerror(rc);
    for (size_t i = 0; i < std::size(kForwarded); ++i) sigaction(kForwarded[i], &old[i], nullptr);
    sigprocmask(SIG_SETMASK, &saved_mask, nullptr);
    return r;
  }
  r.started = true;
  g_child = pid;
  sigprocmask(SIG_SETMASK, &saved_mask, nullptr);
  int status = 0;
  if (pfd[0] >= 0) {
    // Pass the child's stderr through as it comes; stop at EOF, or 1 s after the child ended when
    // something it started keeps the pipe open.
    bool exited = false;
    int quiet_ms = 0;
    char buf[65536];
    for (;;) {
      struct pollfd p {pfd[0], POLLIN, 0};
      int n = poll(&p, 1, 100);
      if (n > 0) {
        ssize_t got = read(pfd[0], buf, sizeof buf);
        if (got > 0) {
          size_t off = 0;
          while (off < static_cast<size_t>(got)) {
            ssize_t w = write(2, buf + off, static_cast<size_t>(got) - off);
            if (w < 0 && errno == EINTR) continue;
            if (w <= 0) break;
            off += static_cast<size_t>(w);
          }
          on_stderr(std::string_view(buf, static_cast<size_t>(got)));
          quiet_ms = 0;
          continue;
        }
        if (got == 0 || (errno != EINTR && errno != EAGAIN)) break;  // EOF or error
      }
      if (!exited) {
        pid_t w = waitpid(pid, &status, WNOHANG);
        if (w == pid) exited = true;
      } else if ((quiet_ms += 100) >= 1000) {
        break;
      }
    }
    close(pfd[0]);
    if (exited) pid = -1;
  }
  while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  g_child = 0;
  for (size_t i = 0; i < std::size(kForwarded); ++i) sigaction(kForwarded[i], &old[i], nullptr);
  if (WIFSIGNALED(status)) {
    r.signal = WTERMSIG(status);
    r.exit_code = 128 + r.signal;
  } else {
    r.exit_code = WEXITSTATUS(status);
  }
  return r;
}

}  // namespace tparse::cli
