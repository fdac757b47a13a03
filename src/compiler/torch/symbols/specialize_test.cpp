// Specialization of a symbolic length mid-trace against real torch 2.11: testdata/programs/
// symint_specialize_range.py (`for i in range(n)`, three calls) and symint_specialize_eq.py (`if n == 12`),
// whose graphs, specialization records and recompile reasons torch wrote on the device (run_truth.py).
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <regex>

#include "api.hpp"
#include "test_util.hpp"
#include "torch/symbols/sym_expr.hpp"
#include "torch/symbols/sym_mono.hpp"

namespace fs = std::filesystem;
using namespace tparse::compiler;
using tparse::compiler::testing::output_graphs;
using tparse::compiler::testing::recompile_reasons;
using tparse::compiler::testing::check_graphs_equal;
using tparse::compiler::testing::Run;
using tparse::compiler::testing::run_program;

namespace {

/// The `"symbol": "s27", ..., "value": "12"` part of each symbolic_shape_specialization record.
std::vector<std::string> specializations(const std::string& trace) {
  std::vector<std::string> out;
  static const std::regex re("\\{\"symbolic_shape_specialization\": \\{(\"symbol\": \"[^\"]+\", \"sources\": \\[(?:\"[^\"]*\"(?:, )?)*\\], \"value\": \"[^\"]+\", \"reason\": \"[^\"]+\")");
  for (auto it = std::sregex_iterator(trace.begin(), trace.end(), re); it != std::sregex_iterator(); ++it) out.push_back((*it)[1].str());
  return out;
}

}  // namespace

TEST_CASE("range() over a symbolic length specializes it: the graphs, records and recompiles equal torch 2.11's") {
  Run r = check_graphs_equal("symint_specialize_range", 3);
  REQUIRE(specializations(r.real).size() == 2);  // the dynamic recompile (12), and again at 16
  std::vector<std::string> g = output_graphs(r.real);
  // before the loop the size reads stay nodes with the value as their type; after it a read is a constant
  CHECK(g[1].find("getitem_1: \"Sym(12)\" = size[1]") != std::string::npos);
  CHECK(g[1].find("mul: \"Sym(12)\" = 1 * getitem_1") != std::string::npos);
  CHECK(g[1].find("linear_1.reshape(1, 12, 8)") != std::string::npos);
  CHECK(g[1].find("Sym(s27)") == std::string::npos);  // the symbol's placeholder is gone
  // the guard is static again in that dimension
  std::vector<std::string> rr = recompile_reasons(r.real);
  CHECK(std::count(rr.begin(), rr.end(), "\"0/1: tensor 'x' size mismatch at index 1. expected 12, actual 16\",") == 1);
}

TEST_CASE("a branch that decides n == 12 specializes n: the graphs equal torch 2.11's") {
  Run r = check_graphs_equal("symint_specialize_eq", 2);
  std::vector<std::string> g = output_graphs(r.real);
  CHECK(g[1].find("sub: \"Sym(10)\" = getitem_1 - 2") != std::string::npos);  // arithmetic after it is still a node
  CHECK(g[1].find("size_1: \"Sym(12)\" = l_x_.size(1)") != std::string::npos);
}

TEST_CASE("range() over a function of the length (mamba.py's pscan) guards the expression and keeps the length dynamic") {
  // math_log2_symint_range: `2 ** math.ceil(math.log2(L))`, `range(int(math.log2(T)) - 2)`; lengths 8, 12, 16, 20
  Run r = run_program("math_log2_symint_range");
  REQUIRE(r.ok);
  CHECK(specializations(r.real).empty());
  CHECK(specializations(r.ours).empty());
  auto reasons = [](const std::string& trace) {
    std::vector<std::string> out;
    for (const std::string& l : recompile_reasons(trace)) if (l.find("\"0/") != std::string::npos) out.push_back(l);
    return out;
  };
  std::vector<std::string> rr_real = reasons(r.real), rr_ours = reasons(r.ours);
  REQUIRE(rr_real.size() == 2);  // 12 makes L dynamic; 16 passes the expression guard; 20 fails it
  // the guard as torch's PythonPrinter writes it (`math.trunc`, `torch.sym_float`, `2 ** math.ceil(..)`)
  auto norm = [](const std::string& x) { return std::regex_replace(x, std::regex("# \\S*math_log2_symint_range.py"), "# P"); };
  CHECK(rr_ours.size() == rr_real.size());
  for (size_t i = 0; i < std::min(rr_ours.size(), rr_real.size()); ++i) CHECK(norm(rr_ours[i]) == norm(rr_real[i]));
  std::vector<std::string> g = output_graphs(r.ours);
  REQUIRE(g.size() == 3);
  for (const char* line : {"_sym_log2: \"Sym(OpaqueUnaryFn_log2(ToFloat(s27)))\" = torch._sym_log2(s27)",
                           "pow_1: \"Sym(PowByNatural(2, CeilToInt(OpaqueUnaryFn_log2(ToFloat(s27)))))\" = 2 ** ceil",
                           "floordiv: \"Sym(((PowByNatural(2, CeilToInt(OpaqueUnaryFn_log2(ToFloat(s27)))))//2))\" = pow_1 // 2"})
    for (size_t i = 1; i < 3; ++i) {
      CHECK(output_graphs(r.real)[i].find(line) != std::string::npos);
      CHECK(g[i].find(line) != std::string::npos);
    }
}

TEST_CASE("the value and the guard text of a function atom of sizes") {
  auto t = parse_sym("TruncToInt(OpaqueUnaryFn_log2(ToFloat(PowByNatural(2, CeilToInt(OpaqueUnaryFn_log2(ToFloat(s27))))))) - 2");
  REQUIRE(t);
  CHECK(sym_eval(*t, {{"s27", 12}}) == 2);
  CHECK(sym_eval(*t, {{"s27", 20}}) == 3);
  CHECK(sym_python(*t, {{"s27", "x.size()[1]"}}) ==
        "((-2) + math.trunc(math.log2(torch.sym_float(2 ** math.ceil(math.log2(torch.sym_float(x.size()[1])))))))");
  auto m = parse_sym("Max(1, s27) + Mod(s27, 4)");
  REQUIRE(m);
  CHECK(sym_eval(*m, {{"s27", 7}}) == 10);
  CHECK_FALSE(sym_eval(*parse_sym("OpaqueUnaryFn_sqrt(ToFloat(s27))"), {{"s27", 7}}));  // not a whole number
}

TEST_CASE("the free symbols of a SymInt expression") {
  CHECK(sym_free_symbols("s27") == std::vector<std::string>{"s27"});
  CHECK(sym_free_symbols("8*s27 + Mod(s70, 4)") == std::vector<std::string>{"s27", "s70"});
  CHECK(sym_free_symbols("((s27**2)//s27)") == std::vector<std::string>{"s27"});
  CHECK(sym_free_symbols("12").empty());
  CHECK(sym_all_specialized("2*s27 - 1", {{"s27", 12}}));
  CHECK_FALSE(sym_all_specialized("s27*s70", {{"s27", 12}}));
  CHECK_FALSE(sym_all_specialized("12", {{"s27", 12}}));
}

TEST_CASE("a static tensor viewed with a symbolic length specializes it (torchtune's rope cache): graphs equal torch 2.11's") {
  Run r = check_graphs_equal("view_static_symbolic", 2);
  REQUIRE(specializations(r.real).size() == 1);
  CHECK(specializations(r.real)[0].find("\"value\": \"4\", \"reason\": \"range_refined_to_singleton\"") != std::string::npos);
  CHECK(specializations(r.ours).size() == 1);
  std::vector<std::string> g = output_graphs(r.real);
  CHECK(g[1].find("Sym(4)") != std::string::npos);  // the size read made before the view keeps its node
}

TEST_CASE("int(np.ceil(H / 7)) of a dynamic size guards H's value (IntTrueDiv is not solved): each new H recompiles") {
  // torch._numpy's guard_float of the SymFloat IntTrueDiv(s27, 7): try_solve cannot invert it, so the guard stays and
  // a new H fails it (video-swin's padding to windows); int(np.ceil(H)) instead specializes H (KAIR, torch 2.11 truth)
  const char* src =
      "import numpy as np\nimport torch\n\n"
      "def pad_to_windows(x):\n    B, H = x.shape\n    Hp = int(np.ceil(H / 7)) * 7\n"
      "    return torch.nn.functional.pad(x, (0, Hp - H)) * 2\n\n"
      "f = torch.compile(pad_to_windows, backend='eager')\n"
      "for n in (8, 10, 15, 23, 10):\n    f(torch.randn(2, n))\n";
  Result r = compile_script("p.py", src, Options{});
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(tparse::compiler::testing::count(r.trace, "{\"dynamo_start\"") == 4);  // 8, 10 (dynamic), 15, 23; the last 10 hits an entry
}

TEST_CASE("a SymFloat's guard prints as torch's PythonPrinter and holds by float equality") {
  // (torch 2.11: `(x.size()[1] / 7) == 1.4285714285714286`, `(((torch.sym_float(step)) / 100000.0)) == 1e-05`; the
  // guard's own parentheses are added by sym_equal_guard)
  auto idiv = parse_sym("IntTrueDiv(s27, 7)");
  REQUIRE(idiv);
  CHECK(sym_python(*idiv, {{"s27", "x.size()[1]"}}) == "x.size()[1] / 7");
  auto fdiv = parse_sym("FloatTrueDiv(ToFloat(s51), 100000.0)");
  REQUIRE(fdiv);
  CHECK(sym_python(*fdiv, {{"s51", "step"}}) == "((torch.sym_float(step)) / 100000.0)");
  CHECK(sym_float_expr("IntTrueDiv(s27, 7)"));
  CHECK_FALSE(sym_float_expr("((s27//7))"));
  CHECK(sym_eval_real("IntTrueDiv(s27, 7)", {{"s27", 10}}) == 10.0 / 7);
  CHECK(sym_eval_real("FloatTrueDiv(ToFloat(s51), 100000.0)", {{"s51", 2}}) == 2 / 100000.0);
}

TEST_CASE("np.clip of a dynamic step / duration guards the SymFloat's value: each new step compiles again") {
  // DrQ-v2's schedule (real torch 2.11: program numpy_clip_of_symfloat): step 0 static, step 1 dynamic with the guard
  // `(((torch.sym_float(step)) / 100000.0)) == 1e-05`, steps 2 and 3 fail it
  const char* src =
      "import numpy as np\nimport torch\n\n"
      "def schedule(step, duration=100000.0):\n    mix = np.clip(step / duration, 0.0, 1.0)\n"
      "    return (1.0 - mix) * 1.0 + mix * 0.1\n\n"
      "@torch.compile(backend='eager')\ndef f(x, step):\n    return x * schedule(step)\n\n"
      "for step in range(4):\n    f(torch.ones(2), step)\n";
  Result r = compile_script("p.py", src, Options{});
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(tparse::compiler::testing::count(r.trace, "{\"dynamo_start\"") == 4);
  std::string reasons;
  for (const std::string& l : recompile_reasons(r.trace)) reasons += l + "\n";
  CHECK(reasons.find("(((torch.sym_float(step)) / 100000.0)) == 1e-05  # mix = np.clip(step / duration, 0.0, 1.0)") !=
        std::string::npos);
  CHECK(reasons.find("in schedule (_numpy/_util.py:177 in _try_convert_to_tensor)") != std::string::npos);
  CHECK(reasons.find("== 2e-05") != std::string::npos);
}

TEST_CASE("subscripting a float argument gone dynamic is a graph break (GB0081), not the TypeError eager code raises") {
  // VDVAE's `try: temp = t[idx] except TypeError: temp = t` (real torch 2.11: program subscript_dynamic_float): the
  // SymFloat's __getitem__ is a call_method node whose fake run finds no attribute; inside the try block torch compiles
  // the graph up to the try and runs the rest eagerly
  const char* src =
      "import torch\n\n"
      "@torch.compile(backend='eager')\ndef f(x, t):\n    x = x.sin()\n    x = x.cos()\n"
      "    try:\n        k = t[0]\n    except TypeError:\n        k = t\n    return x * k\n\n"
      "for t in (1.0, 0.5, 0.25):\n    f(torch.ones(2), t)\n";
  Result r = compile_script("p.py", src, Options{});
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(tparse::compiler::testing::count(r.trace, "Missing attribute when running call_method node") >= 1);
  CHECK(r.trace.find("call_method __getitem__(*(zf") != std::string::npos);
  CHECK(r.trace.find("Encountered graph break that we cannot resume from") != std::string::npos);
  CHECK(tparse::compiler::testing::count(r.trace, "{\"dynamo_start\"") == 2);  // 1.0 static, 0.5 dynamic; 0.25 hits it
}

TEST_CASE("a SymInt product of a symbol specialized later is the other symbol's placeholder (the pass's hash consing)") {
  // real torch 2.11 (MP-SENet's `view(b*t, f, c)` under no_grad with b == 1): no `mul` node, the view takes t's symbol
  const std::string src =
      "import torch\n"
      "def f(x, b, t):\n"
      "    x = x + 1\n"
      "    return x.view(b, 101, t, 16).permute(0, 2, 1, 3).contiguous().view(b * t, 101, 16)\n"
      "cf = torch.compile(f, backend='eager')\n"
      "for b, t in [(2, 5), (3, 7), (1, 9)]:\n"
      "    with torch.set_grad_enabled(b != 1):\n"  // (the grad mode's guard fails: a third compile, where b is 1)
      "        cf(torch.randn(b * 101, t, 16), b, t)\n";
  Result r = compile_script("prod.py", src, Options{});
  REQUIRE(r.ok);
  std::vector<std::string> g = output_graphs(r.trace);
  REQUIRE(g.size() == 3);
  CHECK(g[1].find("mul: \"Sym(s27*s56)\" = l_b_ * s27") != std::string::npos);  // b still dynamic: the product is a node
  CHECK(g[2].find("L_b_: \"Sym(1)\"") != std::string::npos);
  CHECK(g[2].find(" = l_b_ * ") == std::string::npos);
  CHECK(g[2].find("contiguous.view(s27, 101, 16)") != std::string::npos);
}

TEST_CASE("a symbol equal to a sum with a negative term stays a symbol (ShapeEnv._set_replacement's range check)") {
  // real torch 2.11 (VideoPose3D): Eq(s33 - s42 + s76, s92) is only a guard, the later Eq(s92, s33) replaces s92, and
  // s76 keeps its placeholder; the slice's length stays a sym_sum node
  const std::string src =
      "import torch\n"
      "def f(a, b, c, d, e):\n"
      "    cat = torch.cat((a, b), dim=0)\n"
      "    semi = cat[c.shape[0]:]\n"
      "    assert semi.shape[0] == d.shape[0]\n"
      "    return (semi * d).sum() + e.sum()\n"
      "cf = torch.compile(f, backend='eager')\n"
      "for na, nb, nc, nd in [(4, 3, 2, 5), (6, 4, 3, 7)]:\n"
      "    cf(torch.ones(na, 2), torch.ones(nb, 2), torch.ones(nc, 2), torch.ones(nd, 2), torch.ones(nb, 2))\n";
  Result r = compile_script("neg.py", src, Options{});
  REQUIRE(r.ok);
  std::vector<std::string> g = output_graphs(r.trace);
  REQUIRE(g.size() == 2);
  INFO(g[1]);
  // d's size keeps its own symbol and placeholder: it is not written as the sum
  std::smatch m;
  REQUIRE(std::regex_search(g[1], m, std::regex("L_d_: \"f32\\[(s\\d+), 2\\]")));
  CHECK(g[1].find(m[1].str() + ": \"Sym(" + m[1].str() + ")\"") != std::string::npos);
  CHECK(g[1].find("torch.sym_sum(") != std::string::npos);
}

TEST_CASE("a Mod of a floor atom evaluates (div_rtn's parity guard of a pooled conv output)") {
  auto t = parse_sym("Mod(((s53 - 1)//2), 2)");
  REQUIRE(t);
  CHECK(sym_eval(*t, {{"s53", 96}}) == 1);
  CHECK(sym_eval(*t, {{"s53", 97}}) == 0);
}

TEST_CASE("specialized symbols fold into an expression as sympy folds them: numbers of a group become one") {
  // (a cat's stride `(s1 + s2)*s3**2` once both channel symbols are specialized is sympy's `48*s3**2`; a partial
  // substitution keeps the sum, numbers collected)
  CHECK(sym_with_values("(s1 + s2)*s3**2", {{"s1", 16}, {"s2", 32}}) == "48*s3**2");
  CHECK(sym_with_values("s20*(16*s7 + 256)", {{"s7", 32}}) == "768*s20");
  CHECK(sym_with_values("s40 + s7 + 1024", {{"s40", 16}}) == "s7 + 1040");
  CHECK(sym_with_values("(s1 - s2)*s3", {{"s1", 16}, {"s2", 32}}) == "-16*s3");
  CHECK(sym_with_values("s4 + 2", {}) == "s4 + 2");
  // a number's power folds (sympy: Integer**Integer), then the product's numbers
  CHECK(sym_with_values("s0**2*s53", {{"s0", 8}}) == "64*s53");
  CHECK(sym_with_values("s0**3*s53", {{"s0", 8}}) == "512*s53");
  CHECK(sym_with_values("s0*s0**2*s53", {{"s0", 8}}) == "512*s53");
  CHECK(sym_with_values("s0**2*s53**2", {{"s0", 2}}) == "4*s53**2");
}

TEST_CASE("a size sum of two symbols evaluated before either is known is solved once one is specialized") {
  // (XMem's fuser conv: torch 2.11's graph of encode_value 2/3 prints the hidden state's and the readout's channels
  // static, 16 and 32, after `s40 + s7 + 1024 == 1072` then `s40 + 256 == 272`; the same order in the program)
  Result r = tparse::compiler::testing::run_written_program("conv_channel_sum_before_other_specialized");
  REQUIRE_MESSAGE(r.ok, r.error);
  std::vector<std::string> got = output_graphs(r.trace);
  REQUIRE(got.size() == 1);
  CHECK(std::regex_search(got[0], std::regex("L_a_: \"f32\\[s\\d+, 32, s\\d+, s\\d+\\]")));
  CHECK(std::regex_search(got[0], std::regex("L_b_: \"f32\\[s\\d+, 16, s\\d+, s\\d+\\]")));
  CHECK(std::regex_search(got[0], std::regex("cat: \"f32\\[s\\d+, 48, s\\d+, s\\d+\\]\\[48\\*s\\d+\\*\\*2,")));
}
