// Hugging Face causal-LM models from their real source (issue 22 item 5): for every model type of
// testdata/hf-population that builds under torch, the type's driver (the device run as a script, as
// scripts/hf_driver.py writes it) runs through the reference compiler with transformers 5.17's own sources
// (../shared's tarball, its .py files unpacked to a temporary folder) as --source-root. The types listed in
// testdata/hf-population/expected_exact.txt must stay exact against torch's explain.json (graphs, breaks,
// ops in order) and truth.json (frames, unique graphs over both calls); every other type must run without
// crashing. Skips without ../shared (needs_shared suite).
#include <doctest/doctest.h>
#include <simdjson.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <unistd.h>

#include "analysis/explain/explain.hpp"
#include "api.hpp"
#include "core/ingest.hpp"
#include "core/model/summary.hpp"
#include "core/test_support.hpp"
#include "tarxz_test_util.hpp"
#include "test_util.hpp"
#include "hf_population_util.hpp"

namespace fs = std::filesystem;
using tparse::compiler::testing::slurp;
using tparse::compiler::testing::norm_addr;
using namespace tparse::compiler::testing::hf;

namespace {

// The driver scripts/hf_driver.py writes (keep the two in step): the truth's tiny config, two calls.
std::string driver(const std::string& type, simdjson::dom::element truth) {
  std::ostringstream d;
  d << "import torch\nfrom transformers import AutoConfig, AutoModelForCausalLM\n\ntorch.manual_seed(0)\n"
    << "cfg = AutoConfig.for_model('" << type << "')\n";
  simdjson::dom::object applied;
  if (truth["config_applied"].get(applied) == simdjson::SUCCESS) {
    for (auto [k, v] : applied) d << "cfg." << k << " = " << int64_t(v) << "\n";
  } else {  // ../shared/scripts/hf_zoo.py's rule: every tiny field the config has
    d << "tiny = {'hidden_size': 64, 'num_hidden_layers': 2, 'num_attention_heads': 4, 'num_key_value_heads': 2, "
         "'intermediate_size': 128, 'vocab_size': 256, 'head_dim': 16, 'max_position_embeddings': 128, 'n_embd': 64, "
         "'n_layer': 2, 'n_head': 4, 'n_positions': 128, 'num_experts': 4, 'num_local_experts': 4, 'num_experts_per_tok': 2, "
         "'moe_intermediate_size': 32, 'n_routed_experts': 4, 'shared_expert_intermediate_size': 64, "
         "'first_k_dense_replace': 1, 'kv_lora_rank': 16, 'q_lora_rank': None, 'qk_rope_head_dim': 8, "
         "'qk_nope_head_dim': 8, 'v_head_dim': 16, 'sliding_window': None, 'ffn_dim': 128, 'd_model': 64, "
         "'num_layers': 2, 'n_group': 1, 'topk_group': 1}\n"
         "for k, v in tiny.items():\n    if hasattr(cfg, k):\n        setattr(cfg, k, v)\n";
  }
  std::string_view attn = "sdpa";
  if (truth["attn_implementation"].get(attn) != simdjson::SUCCESS) attn = "sdpa";  // absent: the default
  simdjson::dom::object refused;
  bool layer_types_refused = truth["config_refused"].get(refused) == simdjson::SUCCESS && refused["layer_types"].error() == simdjson::SUCCESS;
  if (!layer_types_refused)  // the device run tried it and recorded a refusal
    d << "if hasattr(cfg, \"layer_types\") and isinstance(cfg.layer_types, list):\n    cfg.layer_types = cfg.layer_types[:2]\n";
  d << "cfg._attn_implementation = '" << attn << "'\n"
    << "model = AutoModelForCausalLM.from_config(cfg).eval()\ncm = torch.compile(model, backend=\"eager\")\n"
    << "with torch.no_grad():\n    cm(input_ids=torch.randint(0, 256, (1, 8)), use_cache=False)\n"
    << "    cm(input_ids=torch.randint(0, 256, (1, 12)), use_cache=False)\n";
  return d.str();
}


}  // namespace

TEST_CASE("transformers population from its real sources: the expected-exact types equal torch 2.11" *
          doctest::test_suite("needs_shared")) {
  REQUIRE_MESSAGE(fs::exists(tarball()), "../shared is present but the transformers tarball is not");
  auto t0 = std::chrono::steady_clock::now();
  fs::path src = unpack_sources();
  const std::set<std::string> want_exact = listed("expected_exact.txt");
  const std::set<std::string> calls_differ = listed("whole_run_calls_differences.txt");
  // TPARSE_HF_TYPES=a,b limits the run (a sample); by default every type that builds
  std::set<std::string> only;
  if (const char* e = std::getenv("TPARSE_HF_TYPES")) {
    std::istringstream in(e);
    for (std::string t; std::getline(in, t, ',');) only.insert(t);
  }
  const size_t every = sample_every(18);  // all rows; a fixed sample under a sanitizer
  size_t seen = 0, expected_seen = 0;
  int built = 0, exact = 0;
  std::vector<std::string> types;
  for (const auto& ent : fs::directory_iterator(population())) if (ent.is_directory()) types.push_back(ent.path().filename());
  std::sort(types.begin(), types.end());
  for (const auto& type : types) {
    if (!only.empty() && !only.count(type)) continue;
    fs::path dir = population() / type;
    if (!fs::exists(dir / "truth.json") || !fs::exists(dir / "explain.json")) continue;
    simdjson::dom::parser tp, ep;
    simdjson::dom::element truth = tp.parse(simdjson::padded_string(slurp(dir / "truth.json")));
    bool b = true;
    if (truth["built"].get(b) == simdjson::SUCCESS && !b) continue;
    if (!truth["error"].is_null()) continue;
    if (seen++ % every != 0) continue;
    ++built;
    CAPTURE(type);
    // beside, not inside, the source root: the script's folder is searched first (sys.path[0])
    fs::path script = src.parent_path() / "drivers" / ("run_" + type + ".py");
    fs::create_directories(script.parent_path());
    std::ofstream(script) << driver(type, truth);
    tparse::compiler::Options o;
    o.source_roots = {src.string()};
    o.max_compiled_calls = 1;
    auto r = tparse::compiler::compile_script(script.string(), slurp(script), o);
    if (const char* dump = std::getenv("TPARSE_HF_DUMP")) {  // the trace, and the driver (to rerun under torch)
      std::ofstream(fs::path(dump) / (type + ".log")) << r.trace;
      fs::copy_file(script, fs::path(dump) / ("run_" + type + ".py"), fs::copy_options::overwrite_existing);
    }
    simdjson::dom::element ex = ep.parse(simdjson::padded_string(slurp(dir / "explain.json")));
    bool same = false;
    std::string ours = r.stopped ? "stopped: " + r.error.substr(0, r.error.find('\n')) : "";
    if (r.ok && !r.stopped) {
      tparse::analysis::ExplainOptions eo;
      eo.all_calls = true;
      auto e = tparse::analysis::explain_trace(tparse::load_trace_text(r.trace, script.string()), eo);
      ours = std::to_string(e.graph_count) + " / " + std::to_string(e.graph_break_count) + " / " + std::to_string(e.op_count);
      same = e.graph_count == int64_t(ex["graph_count"]) && e.graph_break_count == int64_t(ex["graph_break_count"]) &&
             e.op_count == int64_t(ex["op_count"]);
      if (same && want_exact.count(type)) {  // op by op, in order
        simdjson::dom::array opg = ex["ops_per_graph"];
        REQUIRE(e.graphs.size() == opg.size());
        size_t g = 0;
        for (simdjson::dom::element ops : opg) {
          std::vector<std::string> theirs, mine;
          for (simdjson::dom::element op : ops.get_array()) theirs.push_back(norm_addr(std::string(std::string_view(op))));
          for (const auto& op : e.graphs[g++].ops.call_functions) mine.push_back(norm_addr(op));
          CHECK(mine == theirs);
        }
      }
    }
    exact += same;
    if (same && !want_exact.count(type)) MESSAGE(type << ": the first call equals explain.json; not listed in expected_exact.txt (its whole run is checked only when listed)");
    if (want_exact.count(type)) {
      ++expected_seen;
      INFO(r.error);
      CHECK_MESSAGE(same, type << " is listed in expected_exact.txt but differs from torch's explain.json: ours " << ours
                                << ", torch " << int64_t(ex["graph_count"]) << " / " << int64_t(ex["graph_break_count"]) << " / "
                                << int64_t(ex["op_count"]));
      if (same) {  // the whole run (two calls): frames and unique graphs as torch's counters
        o.max_compiled_calls = 0;
        auto whole = tparse::compiler::compile_script(script.string(), slurp(script), o);
        if (const char* dump = std::getenv("TPARSE_HF_DUMP")) std::ofstream(fs::path(dump) / (type + ".whole.log")) << whole.trace;
        REQUIRE(whole.ok);
        tparse::Totals a = tparse::compute_totals(tparse::load_trace_text(whole.trace, "ours").model);
        CHECK(a.compiles == int64_t(truth["frames"]["total"]));  // torch counts each frame conversion
        CHECK(a.graphs == int64_t(truth["stats"]["unique_graphs"]));
        // and the ops of every graph, the second call's dynamic one included (SymInt arithmetic is counted)
        const int64_t calls = whole_run_calls(whole.trace), theirs = int64_t(truth["stats"]["calls_captured"]);
        if (calls_differ.count(type))
          CHECK_MESSAGE(calls != theirs, type << " is listed in whole_run_calls_differences.txt but its whole run now equals torch's calls_captured (" << calls << ")");
        else
          CHECK_MESSAGE(calls == theirs, type << ": whole-run ops " << calls << ", torch's calls_captured " << theirs);
      }
    }
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  MESSAGE("reference compiler on the transformers population: " << exact << " of " << built
          << " types exact against torch's explain.json (" << expected_seen << " of them expected), " << secs << " s");
  std::error_code ec;
  fs::remove_all(fs::temp_directory_path() / ("tparse_hfsrc_" + std::to_string(::getpid())), ec);
}

// Every modeling_*.py of transformers 5.17 (501 files of many authors) imported from its real source: the
// module bodies (typing generics, dataclasses, registries, decorators, numpy tables) run to the end. The
// files in hf-population/import_known_failures.txt (with the reason) are the only ones allowed to stop.
TEST_CASE("transformers population: every modeling_*.py imports from its real source" * doctest::test_suite("needs_shared")) {
  REQUIRE_MESSAGE(fs::exists(tarball()), "../shared is present but the transformers tarball is not");
  auto t0 = std::chrono::steady_clock::now();
  fs::path src = unpack_sources();
  const std::set<std::string> known = listed("import_known_failures.txt");
  const size_t every = sample_every(25);  // all rows; a fixed sample under a sanitizer
  std::vector<std::string> mods;
  for (const auto& ent : fs::recursive_directory_iterator(src / "transformers" / "models")) {
    std::string f = ent.path().filename().string();
    if (!ent.is_regular_file() || !f.starts_with("modeling_") || !f.ends_with(".py")) continue;
    std::string rel = fs::relative(ent.path(), src).replace_extension().string();
    std::replace(rel.begin(), rel.end(), '/', '.');
    mods.push_back(rel);
  }
  std::sort(mods.begin(), mods.end());
  CHECK(mods.size() == 501);
  size_t tried = 0, imported = 0;
  fs::path script = src.parent_path() / "drivers" / "import_one.py";
  fs::create_directories(script.parent_path());
  for (size_t i = 0; i < mods.size(); i += every) {
    const std::string& m = mods[i];
    std::string code = "import " + m + "\n";
    tparse::compiler::Options o;
    o.source_roots = {src.string()};
    auto r = tparse::compiler::compile_script(script.string(), code, o);
    bool ran = r.ok && !r.stopped;
    ++tried;
    imported += ran;
    if (known.count(m)) continue;
    CHECK_MESSAGE(ran, m << " stopped: " << r.error.substr(0, r.error.find('\n')));
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  MESSAGE("transformers modeling files imported to the end: " << imported << " of " << tried << ", " << secs << " s");
  std::error_code ec;
  fs::remove_all(fs::temp_directory_path() / ("tparse_hfsrc_" + std::to_string(::getpid())), ec);
}

// AutoModel.from_config for every transformers model type torch recorded (testdata/hf-population/
// automodel_build.jsonl, made on the device by scripts/device/automodel_build.py with the same tiny config):
// where torch built a model, tparse builds the same class; where torch raised, tparse raises the same exception
// class. Types the device did not finish in its time limit (TO) or that needed the network (OSError) say nothing
// about the model and are left out. automodel_known_differences.txt lists the rest that differ, with the reason;
// a listed type that agrees fails the test too, so the list only shrinks.
TEST_CASE("transformers population: AutoModel.from_config builds what torch builds, raises what torch raises" *
          doctest::test_suite("needs_shared")) {
  REQUIRE_MESSAGE(fs::exists(tarball()), "../shared is present but the transformers tarball is not");
  auto t0 = std::chrono::steady_clock::now();
  fs::path src = unpack_sources();
  const std::set<std::string> known = listed("automodel_known_differences.txt");
  const size_t every = sample_every(40);  // all rows; a fixed sample under a sanitizer
  fs::path script = src.parent_path() / "drivers" / "automodel.py";
  fs::create_directories(script.parent_path());
  std::istringstream rows(population_text("automodel_build.jsonl"));
  size_t row = 0, tried = 0, agree = 0, built_both = 0;
  simdjson::dom::parser parser;
  static const std::regex built_re("uncaught RuntimeError: tparse-built (\\w+)"), raised_re("uncaught (\\w+)");
  for (std::string line; std::getline(rows, line);) {
    simdjson::dom::element rec = parser.parse(simdjson::padded_string(line));
    std::string_view type_sv;
    if (rec["type"].get(type_sv) != simdjson::SUCCESS) continue;  // the closing {"done": ...} line
    std::string type(type_sv);
    bool torch_built = false;
    REQUIRE(rec["built"].get(torch_built) == simdjson::SUCCESS);
    std::string_view err_sv;
    std::string torch_outcome;
    if (torch_built) {
      std::string_view cls;
      REQUIRE(rec["class"].get(cls) == simdjson::SUCCESS);
      torch_outcome = "built " + std::string(cls);
    } else {
      REQUIRE(rec["error"].get(err_sv) == simdjson::SUCCESS);
      std::string err(err_sv);
      if (err.starts_with("TO:") || err.starts_with("OSError")) continue;  // the device's time limit, the network
      torch_outcome = "raised " + err.substr(0, err.find(':'));
    }
    if (row++ % every != 0) continue;
    CAPTURE(type);
    std::ofstream(script) << automodel_driver(type) << "raise RuntimeError('tparse-built ' + type(model).__name__)\n";  // the class, through the run's error
    tparse::compiler::Options o;
    o.source_roots = {src.string()};
    auto r = tparse::compiler::compile_script(script.string(), slurp(script), o);
    std::smatch m;
    std::string ours = std::regex_search(r.error, m, built_re) ? "built " + m[1].str()
                       : std::regex_search(r.error, m, raised_re) ? "raised " + m[1].str()
                                                                  : "stopped: " + r.error.substr(0, r.error.find('\n'));
    ++tried;
    bool same = ours == torch_outcome;
    agree += same;
    built_both += same && torch_built;
    if (known.count(type)) {
      CHECK_MESSAGE(!same, type << " agrees with torch (" << ours << ") but is listed in automodel_known_differences.txt: remove it");
      continue;
    }
    CHECK_MESSAGE(same, type << ": torch " << torch_outcome << ", tparse " << ours << "\n" << r.error.substr(0, 600));
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  MESSAGE("AutoModel.from_config over the transformers population: tparse agrees with torch on " << agree << " of " << tried
          << " types (" << built_both << " built, same class), " << known.size() << " known differences listed, " << secs << " s");
  std::error_code ec;
  fs::remove_all(fs::temp_directory_path() / ("tparse_hfsrc_" + std::to_string(::getpid())), ec);
}

// torch._dynamo.explain of AutoModel.from_config on input_ids (1, 8), for every transformers type whose base model
// built and ran eagerly on input_ids under torch (testdata/hf-population/automodel_explain.jsonl, made on the device by
// scripts/device/automodel_explain.py: 134 types, encoders and decoders of many authors). The types listed in
// automodel_expected_exact.txt must equal torch op by op; every other type must run without crashing (its result is
// counted). TPARSE_HF_AUTOMODEL_DUMP=DIR writes each type's outcome line there for the table in docs/compiler.md.
namespace {

// One AutoModel explain population: for each type of `truth_file` with an explain record, tparse runs the device's
// driver (automodel_driver + `call`, the lines that build the input and call the compiled model) and explains its
// first call; a type listed in `expected_file` must equal torch's explain op by op, in order. Returns (exact, tried).
std::pair<size_t, size_t> explain_population(const std::string& what, const std::string& truth_file, const std::string& expected_file,
                                             const std::function<std::string(simdjson::dom::element)>& call, const std::string& dump_name) {
  fs::path src = unpack_sources();
  const std::set<std::string> want = listed(expected_file);
  // types whose model builds its backbone with timm (`<expected_file stem>_timm.txt`): checked where timm's source is
  const std::string timm_list = expected_file.substr(0, expected_file.size() - 4) + "_timm.txt";
  const std::set<std::string> want_timm = fs::exists(population() / timm_list) ? listed(timm_list) : std::set<std::string>{};
  const std::string timm = timm_root();
  const size_t every = sample_every(20);  // all rows; a fixed sample under a sanitizer
  fs::path script = src.parent_path() / "drivers" / "automodel_explain.py";
  fs::create_directories(script.parent_path());
  std::istringstream rows(population_text(truth_file));
  size_t row = 0, tried = 0, exact = 0, listed_seen = 0;
  simdjson::dom::parser parser;
  std::ofstream dump;
  if (const char* d = std::getenv("TPARSE_HF_AUTOMODEL_DUMP")) dump.open(fs::path(d) / dump_name);
  for (std::string line; std::getline(rows, line);) {
    simdjson::dom::element rec = parser.parse(simdjson::padded_string(line));
    std::string_view type_sv;
    simdjson::dom::element ex;
    if (rec["type"].get(type_sv) != simdjson::SUCCESS || rec["explain"].get(ex) != simdjson::SUCCESS) continue;
    if (row++ % every != 0) continue;
    std::string type(type_sv);
    CAPTURE(type);
    std::ofstream(script) << automodel_driver(type) << call(rec);
    tparse::compiler::Options o;
    o.source_roots = {src.string()};
    if (!timm.empty()) o.source_roots.push_back(timm);
    o.max_compiled_calls = 1;
    auto r = tparse::compiler::compile_script(script.string(), slurp(script), o);
    ++tried;
    std::string theirs = std::to_string(int64_t(ex["graph_count"])) + " / " + std::to_string(int64_t(ex["graph_break_count"])) + " / " +
                         std::to_string(int64_t(ex["op_count"]));
    std::string ours = r.stopped || !r.ok ? "stopped: " + r.error.substr(0, r.error.find('\n')) : "";
    bool same = false;
    if (r.ok && !r.stopped) {
      tparse::analysis::ExplainOptions eo;
      eo.all_calls = true;
      auto e = tparse::analysis::explain_trace(tparse::load_trace_text(r.trace, script.string()), eo);
      ours = std::to_string(e.graph_count) + " / " + std::to_string(e.graph_break_count) + " / " + std::to_string(e.op_count);
      same = ours == theirs;
      if (same) {  // op by op, in order
        simdjson::dom::array opg = ex["ops_per_graph"];
        same = e.graphs.size() == opg.size();
        size_t g = 0;
        for (simdjson::dom::element ops : opg) {
          if (!same) break;
          std::vector<std::string> t, m;
          for (simdjson::dom::element op : ops.get_array()) t.push_back(norm_addr(std::string(std::string_view(op))));
          for (const auto& op : e.graphs[g++].ops.call_functions) m.push_back(norm_addr(op));
          same = t == m;
        }
      }
    }
    exact += same;
    if (dump.is_open()) dump << type << "\t" << theirs << "\t" << ours << "\t" << (same ? "exact" : "differs") << "\n";
    if (want.count(type)) {
      ++listed_seen;
      CHECK_MESSAGE(same, type << " is listed in " << expected_file << " but differs from torch: ours " << ours << ", torch " << theirs);
    }
    if (want_timm.count(type)) {
      if (timm.empty()) {
        MESSAGE("not checked: " << type << " (needs timm's source: TPARSE_TIMM or .dev/opaque/timm-device, absent here)");
      } else {
        ++listed_seen;
        CHECK_MESSAGE(same, type << " is listed in " << timm_list << " but differs from torch: ours " << ours << ", torch " << theirs);
      }
    }
  }
  MESSAGE(what << ": " << exact << " of " << tried << " types equal torch's explain op by op (" << listed_seen << " listed)");
  std::error_code ec;
  fs::remove_all(fs::temp_directory_path() / ("tparse_hfsrc_" + std::to_string(::getpid())), ec);
  return {exact, tried};
}

}  // namespace

TEST_CASE("transformers population: AutoModel on input_ids, the expected-exact types equal torch's explain" *
          doctest::test_suite("needs_shared")) {
  REQUIRE_MESSAGE(fs::exists(tarball()), "../shared is present but the transformers tarball is not");
  auto [exact, tried] = explain_population("AutoModel on input_ids over the transformers population", "automodel_explain.jsonl",
                                           "automodel_expected_exact.txt",
                                           [](simdjson::dom::element) -> std::string {
                                             return "ids = torch.randint(0, 256, (1, 8))\ncm = torch.compile(model, backend=\"eager\")\n"
                                                    "with torch.no_grad():\n    cm(input_ids=ids)\n";
                                           },
                                           "automodel_explain_outcomes.txt");
  CHECK(tried > 0);
}

TEST_CASE("transformers population: AutoModel on pixel_values, the expected-exact types equal torch's explain" *
          doctest::test_suite("needs_shared")) {
  // vision models of many authors (scripts/device/automodel_vision_explain.py: the image from the config's
  // num_channels / image_size, as the driver below computes it)
  REQUIRE_MESSAGE(fs::exists(tarball()), "../shared is present but the transformers tarball is not");
  auto [exact, tried] = explain_population(
      "AutoModel on pixel_values over the transformers population", "automodel_vision_explain.jsonl", "automodel_vision_expected_exact.txt",
      [](simdjson::dom::element) -> std::string {
        return "C = getattr(cfg, 'num_channels', 3)\nS = getattr(cfg, 'image_size', 224)\nH, W_ = (S, S) if isinstance(S, int) else (S[0], S[1])\n"
               "px = torch.randn(1, C, H, W_)\ncm = torch.compile(model, backend=\"eager\")\nwith torch.no_grad():\n    cm(pixel_values=px)\n";
      },
      "automodel_vision_explain_outcomes.txt");
  CHECK(tried > 0);
}


TEST_CASE("transformers population: AutoModel on audio input, the expected-exact types equal torch's explain" *
          doctest::test_suite("needs_shared")) {
  // speech and audio models (scripts/device/automodel_audio_explain.py): the input the device's eager forward took,
  // recorded per type as [main_input_name, shape...] (a waveform (1, 16000), a spectrogram (1, F, 3000) / (1, 3000, F))
  REQUIRE_MESSAGE(fs::exists(tarball()), "../shared is present but the transformers tarball is not");
  auto [exact, tried] = explain_population(
      "AutoModel on audio input over the transformers population", "automodel_audio_explain.jsonl", "automodel_audio_expected_exact.txt",
      [](simdjson::dom::element rec) -> std::string {
        simdjson::dom::array in = rec["input"];
        std::string name, shape;
        for (simdjson::dom::element x : in) {
          if (name.empty()) name = std::string(std::string_view(x));
          else shape += (shape.empty() ? "" : ", ") + std::to_string(int64_t(x));
        }
        return "x = torch.randn(" + shape + ")\ncm = torch.compile(model, backend=\"eager\")\nwith torch.no_grad():\n    cm(" + name + "=x)\n";
      },
      "automodel_audio_explain_outcomes.txt");
  CHECK(tried > 0);
}

TEST_CASE("transformers' top-level package exports every Auto class of modeling_auto (`from transformers import "
          "AutoModelForSequenceClassification`)" * doctest::test_suite("needs_shared")) {
  REQUIRE_MESSAGE(fs::exists(tarball()), "../shared is present but the transformers tarball is not");
  fs::path src = unpack_sources();
  fs::path script = src.parent_path() / "drivers" / "toplevel_auto.py";
  fs::create_directories(script.parent_path());
  // the classes the real lazy __init__ exports; the built model's class comes back through the run's error
  std::ofstream(script) << "from transformers import AutoConfig, AutoModelForSequenceClassification, AutoModelForImageClassification\n"
                           "cfg = AutoConfig.for_model('bert', num_hidden_layers=1, hidden_size=32, num_attention_heads=2, "
                           "intermediate_size=64, vocab_size=64)\n"
                           "model = AutoModelForSequenceClassification.from_config(cfg)\n"
                           "assert AutoModelForImageClassification.__name__ == 'AutoModelForImageClassification'\n"
                           "raise RuntimeError('tparse-built ' + type(model).__name__)\n";
  tparse::compiler::Options o;
  o.source_roots = {src.string()};
  auto r = tparse::compiler::compile_script(script.string(), slurp(script), o);
  CHECK_MESSAGE(r.error.find("uncaught RuntimeError: tparse-built BertForSequenceClassification") != std::string::npos, r.error);
  for (const auto& u : r.unmodelled) CHECK_MESSAGE(u.find("Auto") == std::string::npos, u);
  std::error_code ec;
  fs::remove_all(fs::temp_directory_path() / ("tparse_hfsrc_" + std::to_string(::getpid())), ec);
}
