// Corpus test: every program in testdata/programs is compiled by the reference compiler and its
// trace is summarized with the same summarizer as the real torch 2.11 trace checked in beside it.
// Prints the match table; every program must match except the listed known differences.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "api.hpp"
#include "test_util.hpp"

namespace fs = std::filesystem;
using namespace tparse::compiler;
using tparse::compiler::testing::compile_program;

namespace {

using tparse::compiler::testing::slurp;

/// Dynamo-level numbers of one trace: graphs, ops per graph, breaks (GB ids), recompiles.
struct Summary {
  int graphs = 0, breaks = 0, recompiles = 0, failures = 0;
  int compiles = 0;  ///< compilation_metrics records: every frame compiled, a graphless one too
  std::vector<int> ops;
  std::vector<std::string> gb_ids;
  std::set<std::string> restart_reasons;  ///< first lines of compilation_metrics' restart_reasons
  std::string str() const {
    std::string o;
    for (size_t i = 0; i < ops.size(); ++i) o += (i ? "," : "") + std::to_string(ops[i]);
    std::string g;
    for (size_t i = 0; i < gb_ids.size(); ++i) g += (i ? "," : "") + gb_ids[i];
    return fmt::format("c={} g={} b={} r={} f={} ops=[{}] gb=[{}] restarts={}", compiles, graphs, breaks, recompiles, failures, o,
                       g, restart_reasons.size());
  }
  bool operator==(const Summary& o) const {
    return compiles == o.compiles && graphs == o.graphs && breaks == o.breaks && recompiles == o.recompiles && ops == o.ops && gb_ids == o.gb_ids &&
           restart_reasons == o.restart_reasons;
  }
};

Summary summarize(const std::string& trace) {
  Summary s;
  std::istringstream in(trace);
  std::string line;
  static const std::regex op_re("\"graph_op_count\": (\\d+)");
  static const std::regex gb_re("/gb/gb(\\d{4})\\.html");
  bool in_break = false;
  std::string last_gb;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] == '\t') {
      if (in_break) {
        std::smatch m;
        if (std::regex_search(line, m, gb_re)) last_gb = "GB" + m[1].str();
      }
      continue;
    }
    if (in_break && !last_gb.empty()) s.gb_ids.push_back(last_gb);
    in_break = false;
    last_gb.clear();
    if (line.find("{\"dynamo_output_graph\"") != std::string::npos) ++s.graphs;
    if (line.find("\"name\": \"dynamo_graph_break_reason\"") != std::string::npos) { ++s.breaks; in_break = true; }
    if (line.find("\"name\": \"recompile_reasons\"") != std::string::npos) ++s.recompiles;
    if (line.find("{\"compilation_metrics\"") != std::string::npos) {
      ++s.compiles;
      std::smatch m;
      if (std::regex_search(line, m, op_re) && line.find("\"graph_op_count\": 0,") == std::string::npos) s.ops.push_back(std::stoi(m[1].str()));
      if (line.find("\"fail_type\": \"Unsupported\"") != std::string::npos) ++s.failures;
      // the restart reasons (a break's gb_type, or step()'s "Unknown fail_and_restart_analysis"), first lines: the
      // JSON list read by hand (std::regex recurses per character on long lines)
      if (size_t k = line.find("\"restart_reasons\": ["); k != std::string::npos) {
        k += 20;
        while (k < line.size() && line[k] != ']') {
          if (line[k] != '"') { ++k; continue; }
          std::string item;
          for (++k; k < line.size() && line[k] != '"'; ++k) {
            if (line[k] == '\\' && k + 1 < line.size()) { item += line[k]; item += line[++k]; continue; }
            item += line[k];
          }
          ++k;
          s.restart_reasons.insert(item.substr(0, item.find("\\n")));
        }
      }
    }
  }
  if (in_break && !last_gb.empty()) s.gb_ids.push_back(last_gb);
  return s;
}

}  // namespace

TEST_CASE("corpus: reference compiler vs real torch 2.11") {
  fs::path dir = fs::path(TPARSE_TESTDATA) / "programs";
  const std::vector<fs::path> progs = tparse::compiler::testing::corpus_programs();  // (a sample under a sanitizer)
  REQUIRE(progs.size() * tparse::compiler::testing::kProgramSampleEvery >= 30);
  int match = 0, frames_equal = 0;
  std::vector<std::pair<std::string, bool>> matched;
  std::vector<std::pair<std::string, std::string>> frames_differ;  // (program, "torch N, ours M")
  std::string table = fmt::format("{:<28} {:<5} {:<48} {}\n", "program", "match", "real torch 2.11", "reference compiler");
  for (auto& p : progs) {
    std::string name = p.stem().string();
    fs::path tdir = dir / "truth" / name / "trace";
    std::string real;
    // (torch's run raised before it compiled anything: no trace, truth.json holds the traceback)
    if (!tparse::compiler::testing::raised_before_compiling(name))
      for (auto& e : fs::directory_iterator(tdir)) real = slurp(e.path());
    const Result& r = compile_program(p.string(), slurp(p));
    Summary a = summarize(real);
    // a program torch's run ended in an uncaught exception (truth.json's "error" traceback) matches when ours ends in
    // the same exception class with the same records up to it (WaveGrad's FloatTensor of a traced scalar)
    const std::string tj_all = slurp(dir / "truth" / name / "truth.json");
    const bool same_raise = [&] {
      static const std::regex cls("uncaught ([A-Za-z_]+)");
      std::smatch m;
      if (r.ok || !std::regex_search(r.error, m, cls)) return false;
      // (Dynamo's `torch._dynamo.exc.X:`, or a builtin class raised by the program: `\nValueError:`)
      return tj_all.find("\"error\": \"Traceback") != std::string::npos &&
             (tj_all.find("exc." + m[1].str() + ":") != std::string::npos || tj_all.find("\\n" + m[1].str() + ":") != std::string::npos);
    }();
    Summary b = r.ok || same_raise ? summarize(r.trace) : Summary{};
    {  // torch's frames.total (truth.json: every frame handed to Dynamo, those returned at once too) against ours;
       // counted, not required: torch also counts the Python frames of its own code run eagerly (autograd's backward)
      std::string tj = slurp(dir / "truth" / name / "truth.json");
      std::smatch m;
      static const std::regex tot("\"frames\": \\{[^}]*\"total\": (\\d+)");
      if (std::regex_search(tj, m, tot)) {
        if (std::stoll(m[1].str()) == r.frames_total) ++frames_equal;
        else frames_differ.emplace_back(name, fmt::format("torch {}, ours {}", m[1].str(), r.frames_total));
      }
    }
    bool ok = (r.ok || same_raise) && a == b;
    match += ok;
    matched.emplace_back(name, ok);
    table += fmt::format("{:<28} {:<5} {:<48} {}\n", name, ok ? "yes" : "NO", a.str(), r.ok ? b.str() : "error: " + r.error.substr(0, r.error.find('\n')));
  }
  table += fmt::format("matched {}/{} ({:.0f}%); frames.total equal on {}\n", match, progs.size(), 100.0 * match / progs.size(), frames_equal);
  MESSAGE(table);
  CHECK(match * 10 >= static_cast<int>(progs.size()) * 9);
  // Every program matches but the known differences (each with its cause in docs/compiler.md): a program that
  // stops matching fails here, and one of the list that starts to match must leave the list.
  static const std::set<std::string> known = {
      "corr_volume_dyn",    // ShapeEnv replacements: torch unifies the three batch symbols (matmul, grid_sample) and
                            // dedups their products (mul nodes); ours keeps three symbols
      "numpy_scalar_frame", // float() / int() of a numpy scalar a frame reads: torch's wrapped_item node of a 0-d graph
                            // input (a SymFloat / SymInt) is not modelled (ours: approximate, the plain number)
      "symfloat_ops",       // torch's third compile (a guard from check_contiguous_sizes_strides) is not modelled
      "comprehension_break_in_enumerate_loop",  // a comprehension's resume inside a range() loop: the range iterator on
                            // the resume's stack (___normalize_range_iter, an exact guard) is not modelled
      // the fourteenth scouting's reproducers not fixed yet (docs/compiler.md, "Fourteenth scouting")
      "module_built_in_region_method_break",  // a break in a method of a module built in the frame cannot resume
      "random_in_frame",           // a float on a resume's stack becomes dynamic after a recompile (tensorified)
      "item_format_resume_guard",  // the second resume's recompile: torch's float on its stack, dynamic now, fails the frame
      // the fifteenth scouting's reproducers not fixed yet (docs/compiler.md, "Fifteenth scouting")
      "cat_floor_even_dynamic",    // torch keeps H dynamic with a relational guard Eq(2*(s//2), s); ours specializes
      "pad_shape_reify",           // torch rebuilds this read as sym_sum([s53, mod_1]) but keeps nemotron_h's of the same form
      "slice_size_reuse_neg",      // a slice's size reified from the user's own -sym_min node (sym_sum)
      // the nineteenth scouting's reproducers not fixed yet (docs/compiler.md, "Nineteenth scouting")
      "backward_of_no_grad_output_raises",  // eager backward() of a tensor outside autograd raises in torch; ours runs on
      "resume_frame_dict_stack",   // a resume holding a dict of tensors recompiles on the second call in torch
      "symexpr_shape_unpack_sym_sum",  // torch rebuilds a compound size as sym_sum where .shape is unpacked
      // the twentieth scouting's reproducers not fixed yet (docs/compiler.md, "Twentieth scouting")
      "sliced_input_stride_recompile",  // a sliced input's stride, once dynamic, recompiles no more in torch
      "transformed_distribution_tanh",  // TransformedDistribution with a user Transform subclass (SAC's SquashedNormal)
      // the twenty-first scouting's (docs/compiler.md, "Twenty-first scouting")
      "timedelta_call_graph_break",     // datetime.timedelta in a frame breaks the graph in torch (not modelled)
      // the twenty-second scouting's (docs/compiler.md, "Twenty-second scouting")
      // the twenty-third scouting's (docs/compiler.md, "Twenty-third scouting")
      "unfold_symbolic_sizes",       // F.unfold of symbolic height / width: torch's block count stays symbolic
      // the twenty-fifth scouting's (docs/compiler.md, "Twenty-fifth scouting")
      "numpy_dynamic_float_sub",     // element values through traced ops: the argmin after the break is a guess (3rd recompile)
      // the twenty-seventh scouting's (docs/compiler.md, "Twenty-seventh scouting")
      "loop_if_return_databranch_skips_frame",  // the frame skip is right (3.12 layout); the eager `if cos.max() < delta` is a data guess
      "torchvision_deform_conv2d", // torchvision.ops.deform_conv2d is not modelled
      // the twenty-eighth scouting's (docs/compiler.md, "Twenty-eighth scouting")
      // (frames compiled without a graph, counted since 2026-12-01: compilation_metrics records)
      "optimizer_without_init_zero_grad",  // ours resumes after a wrapper optimizer's zero_grad break torch skips
      // the twenty-ninth and thirtieth scoutings' reproducers (docs/compiler.md, "Thirtieth scouting")
      "module_state_dict_in_compiled_fn",  // torch's guard on odict_values raises InternalTorchDynamoError (not modelled)
      "vmap_functional_call_ensemble",  // torch.func.vmap over functional_call: functorch transforms are not modelled
      "vmap_grad_in_compiled_fn",     // vmap(grad(f)) in a frame: a higher-order op torch traces (not modelled)
      // the thirty-first round: the 29th scouting's cases compared with torch 2.11 (docs/compiler.md, "Thirty-first")
                                       // as SymFloat nodes (item, add, _sym_cos, scalar_tensor outputs)
      "state_dict_in_frame_breaks",   // Module.state_dict() in a frame: torch breaks (GB0059) then fails internally
      // the forty-second round (docs/compiler.md, "Forty-second round")
      // the forty-ninth round (docs/compiler.md, "Forty-ninth round")
      "mask_assign_count_recompiles",  // torch compiles 6 graphs, ours 4: the resume after print() differs (graph text)
      // the sixty-seventh scouting's reproducers (docs/compiler.md, "Sixty-seventh round")
      "sparse_arg_inlined_spmm",  // equal counts; the root frame's restarts: torch makes 2 attempts, ours 1
  };
  for (const auto& row : matched) {
    const auto& name = row.first;
    const auto& ok = row.second;
    CAPTURE(name);
    if (known.count(name)) CHECK_MESSAGE(!ok, "now matches real torch: take it off the known differences");
    else CHECK_MESSAGE(ok, "differs from real torch 2.11 (table above)");
  }
  // frames.total is pinned the same way: programs whose count still differs are listed (with torch's and ours) in
  // testdata/programs/frames_total_known_differences.txt; any other program must equal torch's, and a listed one that
  // comes to equal it must leave the list
  std::set<std::string> frames_known;
  {
    std::istringstream in(slurp(dir / "frames_total_known_differences.txt"));
    for (std::string line; std::getline(in, line);)
      if (!line.empty() && line[0] != '#') frames_known.insert(line.substr(0, line.find_first_of(" \t")));
  }
  REQUIRE(!frames_known.empty());
  std::set<std::string> differ_names;
  for (const auto& row : frames_differ) {
    const auto& name = row.first;
    const auto& what = row.second;
    differ_names.insert(name);
    CAPTURE(name);
    CAPTURE(what);
    CHECK_MESSAGE(frames_known.count(name), "frames.total differs from real torch 2.11 and is not listed in frames_total_known_differences.txt");
  }
  std::set<std::string> ran;
  for (const auto& p : progs) ran.insert(p.stem().string());
  for (const auto& name : frames_known) {
    if (!ran.count(name) && fs::exists(dir / (name + ".py"))) continue;  // (not in a sanitizer build's sample)
    CAPTURE(name);
    CHECK_MESSAGE(differ_names.count(name), "frames.total now equals real torch's (or the program is gone): take it off frames_total_known_differences.txt");
  }
  if (const char* dump = std::getenv("TPARSE_CORPUS_FRAMES_DUMP")) {  // the current differences, for the list
    std::ofstream out(dump);
    for (const auto& [name, what] : frames_differ) out << name << "  # " << what << "\n";
  }
}
