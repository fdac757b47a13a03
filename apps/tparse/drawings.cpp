// Deferred report drawings: job file, worker processes, placeholder filling (see drawings.hpp).
#include "drawings.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include "graph/layout_cache.hpp"
#include "report/sink.hpp"

extern char** environ;

namespace tparse::cli {

namespace fs = std::filesystem;

namespace {

std::string jobs_dir(const std::string& out) { return (fs::path(out) / ".tparse-drawings").string(); }

bool read_file(const std::string& p, std::string& data) {
  std::ifstream f(p, std::ios::binary);
  if (!f) return false;
  std::ostringstream ss;
  ss << f.rdbuf();
  data = ss.str();
  return true;
}

/// Writes `data` to `p` through a temporary file and a rename: readers see the old or the new file.
bool write_atomic(const std::string& p, std::string_view data) {
  std::string tmp = p + ".tmp" + std::to_string(::getpid());
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) return false;
  bool ok = true;
  for (size_t off = 0; ok && off < data.size();) {
    ssize_t n = ::write(fd, data.data() + off, data.size() - off);
    if (n <= 0) ok = false;
    else off += static_cast<size_t>(n);
  }
  ok = (::close(fd) == 0) && ok;
  if (!ok || ::rename(tmp.c_str(), p.c_str()) != 0) {
    ::unlink(tmp.c_str());
    return false;
  }
  return true;
}

std::string error_svg(const std::string& msg) {
  std::string e;
  for (char c : msg) e += c == '<' ? "&lt;" : c == '&' ? "&amp;" : std::string(1, c);
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"30\"><text x=\"4\" y=\"20\">Graphviz failed: " + e +
         "</text></svg>";
}

struct Jobs {
  std::vector<graph::PendingDrawing> jobs;
  std::vector<std::string> files;
};

bool read_jobs(const std::string& out, Jobs& j) {
  std::string data;
  if (!read_file(jobs_dir(out) + "/jobs", data) || data.rfind("TPDJ1\n", 0) != 0) return false;
  size_t pos = 6;
  while (pos < data.size()) {
    size_t nl = data.find('\n', pos);
    if (nl == std::string::npos) return false;
    std::string line = data.substr(pos, nl - pos);
    pos = nl + 1;
    if (line.rfind("J ", 0) == 0) {
      size_t sp = line.find(' ', 2);
      if (sp == std::string::npos) return false;
      size_t len = std::stoull(line.substr(sp + 1));
      if (pos + len > data.size()) return false;
      std::string key = line.substr(2, sp - 2);
      if (key.size() != 32 || key.find_first_not_of("0123456789abcdef") != std::string::npos) return false;
      j.jobs.push_back({key, data.substr(pos, len)});
      pos += len + 1;
    } else if (line.rfind("F ", 0) == 0) {
      if (!report::is_safe_relative(line.substr(2))) return false;  // only files inside OUT
      j.files.push_back(line.substr(2));
    } else {
      return false;
    }
  }
  return true;
}

}  // namespace

bool write_drawing_jobs(const std::string& out, const std::vector<graph::PendingDrawing>& jobs, const std::vector<std::string>& files) {
  std::error_code ec;
  fs::create_directories(jobs_dir(out), ec);
  std::string data = "TPDJ1\n";
  for (const auto& j : jobs) data += "J " + j.key + " " + std::to_string(j.dot.size()) + "\n" + j.dot + "\n";
  for (const auto& f : files) data += "F " + f + "\n";
  return write_atomic(jobs_dir(out) + "/jobs", data);
}

int draw_pending(const std::string& out, int workers) {
  Jobs j;
  if (!read_jobs(out, j)) return 1;
  const std::string dir = jobs_dir(out);
  // Our job file, by inode: a new report into OUT (--overwrite) removes it and may write its own;
  // from then on this drawer writes nothing (the new report's drawer fills the new files).
  struct stat js0;
  if (::stat((dir + "/jobs").c_str(), &js0) != 0) return 1;
  auto still_ours = [&] {
    struct stat js;
    return ::stat((dir + "/jobs").c_str(), &js) == 0 && js.st_ino == js0.st_ino && js.st_dev == js0.st_dev;
  };
  size_t n = j.jobs.size();
  if (workers <= 0) workers = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  workers = static_cast<int>(std::min<size_t>(static_cast<size_t>(workers), std::max<size_t>(1, n)));
  // Worker w lays out jobs w, w + W, ... (first-use order, so the first pages fill first).
  std::vector<pid_t> pids;
  for (int w = 0; w < workers; ++w) {
    pid_t pid = ::fork();
    if (pid == 0) {
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // a stopped drawer (stop_drawer) takes its workers with it
      if (::getppid() == 1) ::_exit(0);
      for (size_t i = static_cast<size_t>(w); i < n; i += static_cast<size_t>(workers)) {
        std::string err;
        std::string svg = graph::svg_uncached(j.jobs[i].dot, &err);
        if (svg.empty()) svg = error_svg(err.empty() ? "no output" : err);
        else graph::LayoutCache::instance().put(j.jobs[i].key, svg);
        write_atomic(dir + "/" + j.jobs[i].key + ".svg", svg);
      }
      ::_exit(0);
    }
    if (pid > 0) pids.push_back(pid);
  }
  if (pids.empty()) {  // no fork: draw here
    for (auto& job : j.jobs) {
      std::string err, svg = graph::svg_uncached(job.dot, &err);
      write_atomic(dir + "/" + job.key + ".svg", svg.empty() ? error_svg(err) : svg);
    }
  }
  // Fill each file as soon as all of its drawings exist (its keys read once; a key is done when
  // its .svg is there: workers rename it into place whole).
  std::vector<std::pair<std::string, std::vector<std::string>>> todo;
  const std::string mark = graph::kPendingMark;
  for (const auto& rel : j.files) {
    std::string text;
    if (!read_file((fs::path(out) / rel).string(), text)) continue;
    std::vector<std::string> keys;
    for (size_t m = text.find(mark); m != std::string::npos; m = text.find(mark, m + 1)) {
      size_t kb = m + mark.size(), ke = text.find('"', kb);
      if (ke != std::string::npos) keys.push_back(text.substr(kb, ke - kb));
    }
    todo.push_back({rel, keys});
  }
  std::set<std::string> done;
  auto have = [&](const std::string& key) {
    if (done.count(key)) return true;
    struct stat st;
    if (::stat((dir + "/" + key + ".svg").c_str(), &st) != 0) return false;
    done.insert(key);
    return true;
  };
  auto svg_of = [&](const std::string& key) -> std::optional<std::string> {
    std::string s;
    if (!read_file(dir + "/" + key + ".svg", s)) return std::nullopt;
    return s;
  };
  for (bool running = true; !todo.empty();) {
    if (running) {
      running = false;
      for (pid_t& p : pids)
        if (p > 0) {
          if (::waitpid(p, nullptr, WNOHANG) == 0) running = true;
          else p = 0;
        }
    }
    decltype(todo) left;
    for (auto& [rel, keys] : todo) {
      if (running && !std::all_of(keys.begin(), keys.end(), have)) {
        left.push_back({rel, keys});
        continue;
      }
      std::string path = (fs::path(out) / rel).string(), text;
      if (!still_ours()) return 0;
      if (read_file(path, text)) {
        std::string filled = graph::fill_placeholders(text, svg_of);
        if (filled != text) write_atomic(path, filled);
      }
    }
    todo.swap(left);
    if (!todo.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  for (pid_t p : pids)
    if (p > 0) ::waitpid(p, nullptr, 0);
  std::error_code ec;
  if (still_ours()) fs::remove_all(dir, ec);
  return 0;
}

bool start_drawer(const std::string& out, bool wait, int workers) {
  std::string self = fs::read_symlink("/proc/self/exe").string();
  std::string w = std::to_string(workers);
  std::error_code ec;
  std::string where = fs::weakly_canonical(out, ec).string();  // stop_drawer finds it by this path
  if (ec || where.empty()) where = out;
  char* argv[] = {const_cast<char*>("tparse"), const_cast<char*>("draw-pending"), const_cast<char*>(where.c_str()),
                  const_cast<char*>("-j"), const_cast<char*>(w.c_str()), nullptr};
  posix_spawn_file_actions_t fa;
  posix_spawnattr_t at;
  posix_spawn_file_actions_init(&fa);
  posix_spawnattr_init(&at);
  if (!wait) {  // detached: its own session, no terminal, so the shell does not wait for it
    for (int fd = 0; fd < 3; ++fd) posix_spawn_file_actions_addopen(&fa, fd, "/dev/null", fd ? O_WRONLY : O_RDONLY, 0);
    posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSID);
  }
  pid_t pid = 0;
  int rc = posix_spawn(&pid, self.c_str(), &fa, &at, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&at);
  if (rc != 0) return false;
  // The drawer's pid, written before this report returns, so that a later report into OUT can stop
  // it (stop_drawer) before it replaces the files the drawer is filling.
  {
    std::ofstream pf(jobs_dir(out) + "/pid");
    pf << pid << "\n";
  }
  if (wait) {
    int st = 0;
    ::waitpid(pid, &st, 0);
    return WIFEXITED(st) && WEXITSTATUS(st) == 0;
  }
  return true;
}

namespace {

/// True while `pid` is a live (not zombie) `tparse draw-pending OUT` process.
bool is_drawer_of(pid_t pid, const std::string& out) {
  std::string cmd, stat;
  if (!read_file("/proc/" + std::to_string(pid) + "/cmdline", cmd)) return false;
  if (read_file("/proc/" + std::to_string(pid) + "/stat", stat)) {
    size_t rp = stat.rfind(')');
    if (rp != std::string::npos && rp + 2 < stat.size() && (stat[rp + 2] == 'Z' || stat[rp + 2] == 'X')) return false;
  }
  return cmd.find(std::string("draw-pending") + '\0' + out + '\0') != std::string::npos;
}

}  // namespace

namespace {
int g_release_fd = -1;  ///< the parent's end of the pipe its background writer waits on
}  // namespace

void release_background_writer() {
  if (g_release_fd >= 0) ::close(g_release_fd);
  g_release_fd = -1;
}

pid_t fork_background_writer(const std::string& out) {
  std::error_code ec;
  fs::create_directories(jobs_dir(out), ec);
  int lock = ::open((jobs_dir(out) + "/lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
  if (lock < 0) return -1;
  if (::flock(lock, LOCK_EX | LOCK_NB) != 0) {  // cannot happen after stop_drawer; be safe
    ::close(lock);
    return -1;
  }
  int go[2];
  if (::pipe2(go, O_CLOEXEC) != 0) go[0] = go[1] = -1;
  std::fflush(nullptr);
  pid_t pid = ::fork();
  if (pid < 0) {
    ::flock(lock, LOCK_UN);
    ::close(lock);
    for (int fd : go)
      if (fd >= 0) ::close(fd);
    return -1;
  }
  if (pid == 0) {  // the writer: keeps `lock` (and its workers inherit it) until it exits
    ::setsid();
    int null = ::open("/dev/null", O_RDWR | O_CLOEXEC);
    for (int fd = 0; fd < 3 && null >= 0; ++fd) ::dup2(null, fd);
    if (null > 2) ::close(null);
    // Start once the command has returned (end of file: the parent released or exited), so
    // that the writer's threads do not take the cores from the command's last steps.
    if (go[1] >= 0) ::close(go[1]);
    char c;
    while (go[0] >= 0 && (::read(go[0], &c, 1) > 0 || errno == EINTR)) {
    }
    if (go[0] >= 0) ::close(go[0]);
    return 0;
  }
  if (go[0] >= 0) ::close(go[0]);
  g_release_fd = go[1];
  ::close(lock);  // the lock stays with the child's descriptor
  std::ofstream pf(jobs_dir(out) + "/pid");
  pf << pid << "\n";
  return pid;
}

namespace {

/// Stops the background report writer of OUT (fork_background_writer) while it holds the lock.
bool stop_background_writer(const std::string& out) {
  int lock = ::open((jobs_dir(out) + "/lock").c_str(), O_RDWR | O_CLOEXEC);
  if (lock < 0) return true;
  auto free_now = [&] { return ::flock(lock, LOCK_EX | LOCK_NB) == 0; };
  bool ok = free_now();
  if (!ok) {
    std::string s;
    pid_t pid = read_file(jobs_dir(out) + "/pid", s) ? static_cast<pid_t>(std::atol(s.c_str())) : 0;
    for (int sig : {SIGTERM, SIGKILL}) {
      if (pid > 1) ::kill(pid, sig);  // its drawing workers die with it (PR_SET_PDEATHSIG)
      for (int i = 0; i < 500 && !(ok = free_now()); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
      if (ok) break;
    }
  }
  ::close(lock);
  return ok;
}

}  // namespace

bool stop_drawer(const std::string& out) {
  if (!stop_background_writer(out)) return false;
  std::string s;
  if (!read_file(jobs_dir(out) + "/pid", s)) return true;
  pid_t pid = static_cast<pid_t>(std::atol(s.c_str()));
  std::error_code ec;
  std::string where = fs::weakly_canonical(out, ec).string();
  if (ec || where.empty()) where = out;
  if (pid <= 1 || !is_drawer_of(pid, where)) return true;
  ::kill(pid, SIGTERM);
  for (int i = 0; i < 500; ++i) {  // up to 5 s; its workers die with it (PR_SET_PDEATHSIG)
    if (!is_drawer_of(pid, where)) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ::kill(pid, SIGKILL);
  for (int i = 0; i < 200; ++i) {
    if (!is_drawer_of(pid, where)) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

}  // namespace tparse::cli
