// Weight normalization in both torch forms against real torch 2.11 (testdata/programs/weight_norm_forms.py, run on
// the device): the graph text node for node, and the parameters each form registers, as torch printed them.
#include <doctest/doctest.h>

#include <filesystem>

#include "api.hpp"
#include "test_util.hpp"

namespace fs = std::filesystem;
using namespace tparse::compiler;
using tparse::compiler::testing::check_graphs_equal;
using tparse::compiler::testing::Run;
using tparse::compiler::testing::slurp;

TEST_CASE("weight_norm, parametrizations and legacy: the graph equals torch 2.11's, parameters as torch names them") {
  // g read before v, `x` for ParametrizationList's result, torch's frames, the legacy write-back
  Run r = check_graphs_equal("weight_norm_forms", 1);
  // torch printed named_parameters() and their shapes (stdout.txt): the same script asserts both under tparse
  std::string out = slurp(fs::path(TPARSE_TESTDATA) / "programs" / "truth" / "weight_norm_forms" / "stdout.txt");
  std::string names, shapes;
  for (size_t p = 0; p < out.size();) {
    size_t e = out.find('\n', p);
    std::string line = out.substr(p, e == std::string::npos ? std::string::npos : e - p);
    if (line.starts_with("['conv.")) names = line;
    if (line.starts_with("[(")) shapes = line;
    p = e == std::string::npos ? out.size() : e + 1;
  }
  REQUIRE(!names.empty());
  REQUIRE(!shapes.empty());
  std::string src = slurp(r.prog);
  src = src.substr(0, src.find("print("));
  src += "assert [n for n, _ in m.named_parameters()] == " + names + ", [n for n, _ in m.named_parameters()]\n";
  src += "assert [tuple(p.shape) for _, p in m.named_parameters()] == " + shapes + "\n";
  src += "assert tuple(m.conv.weight.shape) == (8, 4, 3) and tuple(m.whole.weight.shape) == (4, 8)\n";
  Result res = compile_script("wn.py", src, Options{});
  CHECK_MESSAGE(res.ok, res.error);
  // a parameter that is not there is Python's error, not a crash
  CHECK_FALSE(compile_script("e.py", "import torch.nn as nn\nnn.utils.parametrizations.weight_norm(nn.Linear(2, 2), name='w')\n", Options{}).ok);
}
