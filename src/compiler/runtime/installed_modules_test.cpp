// The installed module list against real Python: testdata/python-truth/installed_modules_check.txt is
// scripts/device/import_check.py's output on the device (torch 2.11, numpy 2.5.2): `name -> ok` or `-> MNF ...`
// for each import tried there; absent_from_installed must answer every line as Python did. And a run that imports
// such a module stops where real Python stopped.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "api.hpp"
#include "runtime/installed_modules.hpp"
#include "test_util.hpp"

namespace fs = std::filesystem;
using namespace tparse::compiler;
using tparse::compiler::testing::slurp;

TEST_CASE("installed modules: absent submodules of torch / numpy / torchvision as Python 3.12 with torch 2.11 found them") {
  std::ifstream in(std::string(TPARSE_TESTDATA) + "/python-truth/installed_modules_check.txt");
  REQUIRE(in.good());
  int lines = 0, absent = 0;
  for (std::string line; std::getline(in, line);) {
    const size_t arrow = line.find(" -> ");
    REQUIRE(arrow != std::string::npos);
    const std::string name = line.substr(0, arrow);
    const bool real_absent = line.compare(arrow + 4, 4, "MNF ") == 0;
    INFO(line);
    CHECK(absent_from_installed(name) == real_absent);
    ++lines;
    absent += real_absent;
  }
  CHECK(lines >= 30);
  CHECK(absent >= 5);  // both answers are exercised
  std::string versions;
  REQUIRE(absent_from_installed("torch._six", &versions));
  CHECK(versions.find("torch=2.11") != std::string::npos);
  CHECK_FALSE(absent_from_installed("torch"));  // a top-level name is never answered from the list
  CHECK_FALSE(absent_from_installed("flash_attn.ops"));  // a package outside the list says nothing
}

TEST_CASE("installed modules: an uncaught import of a module numpy 2 lacks ends the run where Python's ended") {
  // testdata/python-truth/uncaught_import_error.py under real torch 2.11 (run_truth.py): no compile, and the
  // traceback of truth.json ends in the import's ModuleNotFoundError
  fs::path dir = fs::path(TPARSE_TESTDATA) / "python-truth";
  const std::string truth = slurp(dir / "uncaught_import_error.truth.json");
  const std::string real = "ModuleNotFoundError: No module named 'numpy.lib.arraypad'";
  REQUIRE(truth.find(real + "\\n\"") != std::string::npos);  // the traceback's last line
  Result r = compile_script((dir / "uncaught_import_error.py").string(), slurp(dir / "uncaught_import_error.py"), Options{});
  CHECK(r.stopped);
  CHECK(r.error_line == 5);
  CHECK(r.error.find("uncaught " + real) != std::string::npos);
  CHECK(r.trace.find("compilation_metrics") == std::string::npos);  // nothing compiled, as in the real run
  REQUIRE(r.assumptions.size() == 1);
  CHECK(r.assumptions[0].find("numpy.lib.arraypad' is not in the modelled install") != std::string::npos);
}
