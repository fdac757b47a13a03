// Helpers shared by the compiler's doctest files.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "api.hpp"
#include "core/test_support.hpp"

namespace tparse::compiler::testing {

/// Whole file as a string, gunzipped when it is gzip ("" when unreadable).
inline std::string slurp(const std::filesystem::path& p) { return tparse::testing::read_maybe_gz(p); }

/// The program corpus (testdata/programs/*.py, sorted). A release build takes every program; a sanitizer build
/// (TPARSE_HF_SAMPLE, as the transformers populations) a fixed third of them (programs 0, 3, 6, ...): ASan / UBSan
/// look for memory errors along the code paths, which the sample covers, at about five times the release build's
/// time, while the release build checks every program against torch.
inline constexpr size_t kProgramSampleEvery =
#ifdef TPARSE_HF_SAMPLE
    3;
#else
    1;
#endif
inline std::vector<std::filesystem::path> corpus_programs() {
  std::vector<std::filesystem::path> all, out;
  for (auto& e : std::filesystem::directory_iterator(std::filesystem::path(TPARSE_TESTDATA) / "programs"))
    if (e.path().extension() == ".py" && e.path().filename() != "run_truth.py") all.push_back(e.path());
  std::sort(all.begin(), all.end());
  for (size_t i = 0; i < all.size(); i += kProgramSampleEvery) out.push_back(all[i]);
  return out;
}

/// A program written before its truth (testdata/programs/awaiting_truth/NAME.py), or the same program once moved into
/// the corpus with its truth (testdata/programs/NAME.py), compiled: a test of a rule reads the program that states it
inline Result run_written_program(const std::string& name) {
  const std::filesystem::path root = std::filesystem::path(TPARSE_TESTDATA) / "programs";
  std::filesystem::path p = root / "awaiting_truth" / (name + ".py");
  if (!std::filesystem::exists(p)) p = root / (name + ".py");
  return compile_script(p.string(), slurp(p), Options{});
}

/// compile_script(path, text) with default options but the rule profile, memoized for the process: the corpus,
/// graph-text, guard and profile tests each run the ~700 programs of testdata/programs, so each (path, text, profile)
/// compiles once (under a sanitizer that was most of the fast suite's time). A run's result depends only on those.
inline const Result& compile_program(const std::string& path, const std::string& text,
                                     const std::string& torch_version = "2.11") {
  static std::map<std::tuple<std::string, std::string, std::string>, Result> memo;
  auto key = std::make_tuple(path, torch_version, text);
  auto it = memo.find(key);
  if (it == memo.end()) {
    Options o;
    o.torch_version = torch_version;
    it = memo.emplace(std::move(key), compile_script(path, text, o)).first;
  }
  return it->second;
}

/// An op as explain prints it with the object address dropped (`<function f at 0x7f..>` -> `at 0x>`).
inline std::string norm_addr(const std::string& s) {
  static const std::regex addr(" at 0x(?:[0-9a-f]+|…)>");
  return std::regex_replace(s, addr, " at 0x>");
}

/// A recompile reason up to its guard comment (`  # <line>  # <path>:<n>`: the path is where the sources lay
/// on the device, cut to torch's width), with the id() values of that process dropped.
inline std::string reason_head(const std::string& s) {
  static const std::regex id("(___check_(?:type|obj)_id\\([^,]+, )[0-9]+\\)");
  return std::regex_replace(s.substr(0, s.find("  # ")), id, "$1<id>)");
}

/// A graph's text without its value annotations (`: "f32[s77, 8][8, 1]cpu"`, `: "Sym(s77)"`): all of them, or
/// with tensors_only the tensor annotations alone (a SymInt's `Sym(...)` kept).
inline std::string strip_annotations(const std::string& g, bool tensors_only) {
  static const std::regex tensor_ann(": \"[a-z0-9]+\\[[^\"]*\\]cpu\""), any_ann(": \"[^\"]*\"");
  return std::regex_replace(g, tensors_only ? tensor_ann : any_ann, "");
}

/// How many times `what` occurs in `s` (overlapping occurrences counted).
inline int count(const std::string& s, const std::string& what) {
  int n = 0;
  for (size_t p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
  return n;
}

/// The graph_op_count of each compile of a TORCH_TRACE text that produced a graph, in order.
inline std::vector<int> ops(const std::string& trace) {
  std::vector<int> out;
  static const std::regex re("\"graph_op_count\": (\\d+)");
  std::istringstream in(trace);
  for (std::string line; std::getline(in, line);) {
    if (line.find("{\"compilation_metrics\"") == std::string::npos) continue;
    std::smatch m;
    if (std::regex_search(line, m, re) && std::stoi(m[1].str()) > 0) out.push_back(std::stoi(m[1].str()));
  }
  return out;
}

/// Every dynamo_output_graph payload of a TORCH_TRACE text (its tab-prefixed lines), in order.
inline std::vector<std::string> output_graphs(const std::string& trace) {
  std::vector<std::string> out;
  std::istringstream in(trace);
  bool in_graph = false;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] == '\t') {
      if (in_graph) out.back() += line + "\n";
      continue;
    }
    in_graph = line.find("\"dynamo_output_graph\"") != std::string::npos;
    if (in_graph) out.emplace_back();
  }
  return out;
}

/// torch's run of program NAME raised before it compiled anything (an optimizer's argument check): truth.json holds the
/// traceback and the device wrote no trace, so testdata/programs/truth/NAME has no trace folder
inline bool raised_before_compiling(const std::string& name) {
  namespace fs = std::filesystem;
  fs::path t = fs::path(TPARSE_TESTDATA) / "programs" / "truth" / name;
  return !fs::exists(t / "trace") && slurp(t / "truth.json").find("\"error\": \"Traceback") != std::string::npos;
}

/// torch's run of program NAME raised (a TorchRuntimeError after some compiles, or before any): truth.json holds the
/// traceback, so a run of ours that raises too still has its graphs compared
inline bool raised_in_torch(const std::string& name) {
  namespace fs = std::filesystem;
  fs::path t = fs::path(TPARSE_TESTDATA) / "programs" / "truth" / name;
  return slurp(t / "truth.json").find("\"error\": \"Traceback") != std::string::npos;
}

/// A program of testdata/programs run by tparse beside the trace real torch 2.11 wrote for it on the device
/// (testdata/programs/truth/NAME/trace), the device's path of the program replaced by ours in the real trace.
struct Run {
  std::string real, ours, prog;
  bool ok = false;
  std::string error;
};

inline Run run_program(const std::string& name) {
  namespace fs = std::filesystem;
  fs::path prog = fs::path(TPARSE_TESTDATA) / "programs" / (name + ".py");
  fs::path truth_dir = fs::path(TPARSE_TESTDATA) / "programs" / "truth" / name / "trace";
  Run r;
  r.prog = prog.string();
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(truth_dir, ec)) r.real += slurp(e.path());
  std::smatch m;
  if (std::regex_search(r.real, m, std::regex("# File: (\\S*" + name + "\\.py):"))) {
    std::string real_path = m[1].str();
    for (size_t p = r.real.find(real_path); p != std::string::npos; p = r.real.find(real_path, p)) {
      r.real.replace(p, real_path.size(), r.prog);
      p += r.prog.size();
    }
  }
  const Result& res = compile_program(r.prog, slurp(prog));
  r.ok = res.ok;
  r.error = res.error;
  r.ours = res.trace;
  return r;
}

/// Runs program NAME (run_program) and checks that tparse wrote its N graphs as torch 2.11 did, text for text.
inline Run check_graphs_equal(const std::string& name, size_t n) {
  CAPTURE(name);
  Run r = run_program(name);
  REQUIRE(!r.real.empty());
  REQUIRE_MESSAGE(r.ok, r.error);
  std::vector<std::string> want = output_graphs(r.real), got = output_graphs(r.ours);
  REQUIRE(want.size() == n);
  REQUIRE(got.size() == n);
  for (size_t i = 0; i < n; ++i) {
    CAPTURE(i);
    CHECK(got[i] == want[i]);
  }
  return r;
}

/// The payload lines of every `recompile_reasons` record of a TORCH_TRACE text, in order.
inline std::vector<std::string> recompile_reasons(const std::string& trace) {
  std::vector<std::string> out;
  std::istringstream in(trace);
  bool in_reasons = false;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] == '\t') {
      if (in_reasons) out.push_back(line.substr(1));
      continue;
    }
    in_reasons = line.find("\"name\": \"recompile_reasons\"") != std::string::npos;
  }
  return out;
}

/// compile_script of a test's own source text under `file` with default options.
inline Result run_source(const std::string& file, const std::string& src) { return compile_script(file, src, Options{}); }
/// A values script: `import torch` and `import numpy as np` first (values_test.cpp, numpy_stub_test.cpp)
inline Result run_values(const std::string& src) {
  return compile_script("values.py", "import torch\nimport numpy as np\n" + src, Options{});
}

/// The first line of each recompile reason of a TORCH_TRACE text (`0/0: <the failing guard>`), the user stack lines
/// dropped.
inline std::vector<std::string> recompile_heads(const std::string& trace) {
  std::vector<std::string> out;
  for (const std::string& l : recompile_reasons(trace))
    if (l.size() > 4 && l.find(": ") != std::string::npos && l[0] >= '0' && l[0] <= '9') out.push_back(l);
  return out;
}

}  // namespace tparse::compiler::testing
