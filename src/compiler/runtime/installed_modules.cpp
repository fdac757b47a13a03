// The installed module list of the packages tparse models without their source (installed_modules.hpp): read once
// from the bundled text, one module per line, a package with a trailing '/', a `# name=version ...` header.
#include "runtime/installed_modules.hpp"

#include <string_view>
#include <unordered_set>

#include "runtime/stubs.hpp"

namespace tparse::compiler {

namespace {

struct InstalledModules {
  std::unordered_set<std::string> modules, packages;
  std::string versions;
};

const InstalledModules& installed() {
  static const InstalledModules list = [] {
    InstalledModules l;
    for (const auto& [path, text] : bundled_stubs()) {
      if (path != "__tparse_installed_modules__.txt") continue;
      std::string_view rest = text;
      while (!rest.empty()) {
        size_t eol = rest.find('\n');
        std::string_view line = rest.substr(0, eol);
        rest = eol == std::string_view::npos ? std::string_view{} : rest.substr(eol + 1);
        if (line.empty()) continue;
        if (line[0] == '#') {
          l.versions = std::string(line.substr(line.find_first_not_of("# ")));
          continue;
        }
        const bool package = line.back() == '/';
        if (package) line.remove_suffix(1);
        l.modules.emplace(line);
        if (package) l.packages.emplace(line);
      }
    }
    return l;
  }();
  return list;
}

}  // namespace

bool absent_from_installed(const std::string& dotted, std::string* versions) {
  const size_t dot = dotted.rfind('.');
  if (dot == std::string::npos) return false;  // a top-level package: not this list's business
  const InstalledModules& l = installed();
  if (!l.packages.count(dotted.substr(0, dot)) || l.modules.count(dotted)) return false;
  if (versions) *versions = l.versions;
  return true;
}

bool stdlib_module(const std::string& top) {
  static const std::unordered_set<std::string> names = {
      "__future__", "abc", "aifc", "argparse", "array", "ast", "asyncio", "atexit", "audioop", "base64", "bdb", "binascii",
      "bisect", "builtins", "bz2", "cProfile", "calendar", "cgi", "cgitb", "chunk", "cmath", "cmd", "code", "codecs",
      "codeop", "collections", "colorsys", "compileall", "concurrent", "configparser", "contextlib", "contextvars", "copy",
      "copyreg", "crypt", "csv", "ctypes", "curses", "dataclasses", "datetime", "dbm", "decimal", "difflib", "dis",
      "doctest", "email", "encodings", "ensurepip", "enum", "errno", "faulthandler", "fcntl", "filecmp", "fileinput",
      "fnmatch", "fractions", "ftplib", "functools", "gc", "genericpath", "getopt", "getpass", "gettext", "glob",
      "graphlib", "grp", "gzip", "hashlib", "heapq", "hmac", "html", "http", "imaplib", "imghdr", "importlib", "inspect",
      "io", "ipaddress", "itertools", "json", "keyword", "lib2to3", "linecache", "locale", "logging", "lzma", "mailbox",
      "mailcap", "marshal", "math", "mimetypes", "mmap", "modulefinder", "multiprocessing", "netrc", "nis", "nntplib",
      "ntpath", "numbers", "opcode", "operator", "optparse", "os", "ossaudiodev", "pathlib", "pdb", "pickle",
      "pickletools", "pipes", "pkgutil", "platform", "plistlib", "poplib", "posix", "posixpath", "pprint", "profile",
      "pstats", "pty", "pwd", "py_compile", "pyclbr", "pydoc", "pyexpat", "queue", "quopri", "random", "re", "readline",
      "reprlib", "resource", "rlcompleter", "runpy", "sched", "secrets", "select", "selectors", "shelve", "shlex",
      "shutil", "signal", "site", "smtplib", "sndhdr", "socket", "socketserver", "spwd", "sqlite3", "sre_compile",
      "sre_constants", "sre_parse", "ssl", "stat", "statistics", "string", "stringprep", "struct", "subprocess", "sunau",
      "symtable", "sys", "sysconfig", "syslog", "tabnanny", "tarfile", "telnetlib", "tempfile", "termios", "textwrap",
      "threading", "time", "timeit", "tkinter", "token", "tokenize", "tomllib", "trace", "traceback", "tracemalloc",
      "tty", "turtle", "types", "typing", "unicodedata", "unittest", "urllib", "uu", "uuid", "venv", "warnings", "wave",
      "weakref", "webbrowser", "wsgiref", "xdrlib", "xml", "xmlrpc", "zipapp", "zipfile", "zipimport", "zlib", "zoneinfo"};
  return names.count(top) > 0;
}

bool stdlib_package_lacks(const std::string& package, const std::string& name) {
  if (package != "urllib") return false;
  static const std::unordered_set<std::string> subs = {"error", "parse", "request", "response", "robotparser"};
  return !subs.count(name) && !name.starts_with("__");
}

}  // namespace tparse::compiler
