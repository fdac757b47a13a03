// Module calls from guards: the parser on a hand-written guard line, and the real ChatGLM3 trace,
// where CoreAttention and RotaryEmbedding have no parameters. Expected modules come from the raw
// payload text (the statements between two `# File:` anchors, the guards' module paths), not from
// our own output.
#include <doctest/doctest.h>

#include <map>
#include <regex>
#include <set>

#include "core/ingest.hpp"
#include "core/test_support.hpp"
#include "module_calls.hpp"

using namespace tparse;

TEST_CASE("module calls are read from DICT_CONTAINS guards") {
  std::string text =
      "| +- DICT_CONTAINS: not ___dict_contains('forward', L['self']._modules['enc']._modules['0']._modules['attn'].__dict__)"
      "  # y = self.attn(x)  # ome/user/m.py:41 in forward\n"
      "| +- DICT_CONTAINS: not ___dict_contains('forward', L['self']._modules['enc']._modules['0']._modules['attn'].__dict__)"
      "  # y = self.attn(x)  # ome/user/m.py:41 in forward\n"  // the same module again: one call
      "| +- DICT_CONTAINS: not ___dict_contains('forward', L['x'].__dict__)  # f(x)  # m.py:3 in f\n"  // not a module
      "| +- DICT_CONTAINS: not ___dict_contains('forward', L['self']._modules['head'].__dict__)  # no location\n"
      "| +- DICT_CONTAINS: not ___dict_contains('forward', L['self']._modules['rope'].__dict__)  # r = self.rope(8)  # m.py:12 in fwd (HINT)\n";
  auto calls = graph::module_calls_from_guards(text);
  REQUIRE(calls.size() == 2);
  CHECK(calls[0].path == "enc.0.attn");
  CHECK(calls[0].file == "ome/user/m.py");
  CHECK(calls[0].line == 41);
  CHECK(calls[0].function == "forward");
  CHECK(calls[1].path == "rope");
  CHECK(calls[1].line == 12);
  CHECK(calls[1].function == "fwd");
}

TEST_CASE("module calls: malformed guard lines are skipped, never misread") {
  std::string text =
      "DICT_CONTAINS: not ___dict_contains('forward', L['self']._modules['a'].__dict__)  # c  # m.py:99999999999999999999 in f\n"
      "DICT_CONTAINS: not ___dict_contains('forward', L['self']._modules['b'].__dict__)  # c  # m.py: in f\n"
      "DICT_CONTAINS: not ___dict_contains('forward', L['self']._modules['c'].__dict__)  # c  # m.py:12\n"
      "DICT_CONTAINS: not ___dict_contains('forward', L['self']._modules[''].__dict__)  # c  # m.py:3 in f\n"
      "DICT_CONTAINS: not ___dict_contains('forward', L['self']._modules['d']\n"
      "___dict_contains('forward', ";
  CHECK(graph::module_calls_from_guards(text).empty());
  // Calls on a graph without modules, or naming modules the graph lacks, change nothing.
  fx::Graph g = fx::parse_fx_graph(
      "class GraphModule(torch.nn.Module):\n    def forward(self, L_x_: \"f32[4]\"):\n        l_x_ = L_x_\n"
      "        y: \"f32[4]\" = l_x_.relu();  l_x_ = None\n        return (y,)\n");
  graph::Hierarchy h = graph::build_hierarchy(g);
  std::vector<graph::ModuleCall> calls{{"x.y", "m.py", 3, "forward"}, {"", "m.py", 1, "f"}};
  CHECK(graph::attribute_module_calls(h, g, calls) == 0);
  CHECK(h.groups.size() == 1);
}

namespace {

/// Node names defined in `text` between the k-th occurrence of `from` and the next `to`, for every k,
/// with the number of `# File:` lines above each (0: still the statement of `from`).
std::vector<std::vector<std::pair<std::string, int>>> blocks_between(const std::string& text, const std::string& from, const std::string& to) {
  std::vector<std::vector<std::pair<std::string, int>>> out;
  static const std::regex def(R"(^\s+([A-Za-z_][A-Za-z0-9_]*)(: "[^"]*")? = )");
  for (size_t p = text.find(from); p != std::string::npos; p = text.find(from, p + 1)) {
    size_t start = text.find('\n', p);
    size_t end = text.find(to, start);
    if (start == std::string::npos || end == std::string::npos) break;
    end = text.rfind('\n', end);  // the `# File:` line of `to` is not in the block
    std::vector<std::pair<std::string, int>> names;
    int files = 0;
    for (size_t a = start + 1; a < end;) {
      size_t b = text.find('\n', a);
      std::string line = text.substr(a, std::min(b, end) - a);
      std::smatch m;
      if (line.find("# File:") != std::string::npos) ++files;
      else if (std::regex_search(line, m, def)) names.push_back({m[1], files});
      a = b + 1;
    }
    out.push_back(std::move(names));
  }
  return out;
}

}  // namespace

TEST_CASE("ChatGLM3 real trace: CoreAttention and RotaryEmbedding ops land in their modules") {
  auto dir = testing::shared_testdata() / "realmodels" / "chatglm3" / "real-torch-2.11" / "trace";
  if (!std::filesystem::exists(dir)) return;
  LoadedTrace lt = load_trace({dir.string()});
  int graphs = 0;
  for (const auto& c : lt.model.compiles) {
    const Artifact *ga = nullptr, *gu = nullptr;
    for (const auto& a : c.artifacts) {
      if (a.kind == "dynamo_output_graph") ga = &a;
      if (a.kind == "dynamo_cpp_guards_str") gu = &a;
    }
    if (!ga) continue;
    REQUIRE(gu);
    ++graphs;
    std::string text = lt.payloads.get(ga->payload), guards = lt.payloads.get(gu->payload);
    // The guards name CoreAttention per layer, called from SelfAttention.forward line 441: between
    // the value_layer reshape (433) and `self.dense(context_layer)` (447) of the graph text.
    std::regex core(R"(___dict_contains\('forward', L\['self'\]._modules\['transformer'\]._modules\['encoder'\]._modules\['layers'\]._modules\['(\d+)'\]._modules\['self_attention'\]._modules\['core_attention'\].__dict__\).*modeling_chatglm.py:(\d+) in forward)");
    std::set<int> layers;
    for (std::sregex_iterator it(guards.begin(), guards.end(), core), e; it != e; ++it) {
      layers.insert(std::stoi((*it)[1]));
      CHECK(std::stoi((*it)[2]) == 441);
    }
    REQUIRE(layers.size() == 28);
    fx::Graph g = fx::parse_fx_graph(text);
    REQUIRE(g.ok);
    std::map<std::string, int32_t> id;
    for (size_t i = 0; i < g.nodes.size(); ++i) id[g.nodes[i].name] = static_cast<int32_t>(i);
    graph::Hierarchy h = graph::build_hierarchy(g);
    int64_t guessed_before = std::count(h.guessed.begin(), h.guessed.end(), 1);
    auto calls = graph::module_calls_from_guards(guards);
    int32_t moved = graph::attribute_module_calls(h, g, calls);
    auto blocks = blocks_between(text, "modeling_chatglm.py:433 in forward", "modeling_chatglm.py:447 in forward");
    REQUIRE(blocks.size() == 28);
    int32_t expected_moves = 0;
    for (size_t k = 0; k < blocks.size(); ++k) {
      // The block opens with the rest of line 433 (value_layer.contiguous().view): SelfAttention's own.
      REQUIRE(blocks[k].size() >= 4);
      for (const auto& block : blocks[k]) {
        const auto& nm = block.first;
        const auto& files = block.second;
        REQUIRE(id.count(nm));
        int32_t gi = h.node_group[static_cast<size_t>(id[nm])];
        std::string want = "transformer.encoder.layers." + std::to_string(k) + ".self_attention" + (files == 0 ? "" : ".core_attention");
        INFO(nm);
        CHECK(h.groups[static_cast<size_t>(gi)].path == want);
        if (files > 0) CHECK_FALSE(h.guessed[static_cast<size_t>(id[nm])]);
        expected_moves += files > 0;
      }
    }
    // RotaryEmbedding.forward_impl (a method of the module, named in the guards) is its code.
    CHECK(guards.find("('forward_impl', L['self']._modules['transformer']._modules['rotary_pos_emb'].__dict__)") != std::string::npos);
    int in_impl = 0;
    for (size_t i = 0; i < g.nodes.size(); ++i)
      if (g.nodes[i].function == "forward_impl") {
        ++in_impl;
        CHECK(h.groups[static_cast<size_t>(h.node_group[i])].path == "transformer.rotary_pos_emb");
        expected_moves += 1;
      }
    CHECK(in_impl > 0);
    CHECK(moved == expected_moves);
    // Moved ops are no guesses any more; neither are SelfAttention's own lines between its calls
    // (query_key_value at 376 .. dense at 447), e.g. the split at modeling_chatglm.py:379.
    CHECK(std::count(h.guessed.begin(), h.guessed.end(), 1) < guessed_before - moved);
    for (size_t i = 0; i < g.nodes.size(); ++i)
      if (g.nodes[i].line == 379 && g.nodes[i].function == "forward") CHECK_FALSE(h.guessed[i]);
    // The 28 layers are still one graph repeated.
    int32_t L = h.find("transformer.encoder.layers");
    REQUIRE(L >= 0);
    for (int32_t k : h.groups[static_cast<size_t>(L)].children) CHECK(h.groups[static_cast<size_t>(k)].twins == 28);
  }
  CHECK(graphs == 2);
}

// The frame that ran each op (module_frames.cpp, docs/report.md rule 12) on a hand-written graph shaped like
// transformers' GPT-2: Conv1D's code lives in another file, the attention splits c_attn's output on its own
// line, an nn.Dropout (frames elided) and a user activation class in its own file have no parameters.
TEST_CASE("module attribution by frames: ancestor code, the next parameterless call, inlined torch.nn modules") {
  const std::string W = "l_self_modules_attn_modules_c_attn_parameters_weight_", B = "l_self_modules_attn_modules_c_attn_parameters_bias_";
  const std::string W2 = "l_self_modules_mlp_modules_c_fc_parameters_weight_", B2 = "l_self_modules_mlp_modules_c_fc_parameters_bias_";
  auto cap = [](std::string s) { s[0] = 'L'; return s; };
  std::string text =
      "class GraphModule(torch.nn.Module):\n"
      "    def forward(self, L_x_: \"f32[8]\", " + cap(W) + ": \"f32[4, 8]\", " + cap(B) + ": \"f32[8]\", " + cap(W2) +
      ": \"f32[4, 4]\", " + cap(B2) + ": \"f32[4]\"):\n"
      "        l_x_ = L_x_\n        " + W + " = " + cap(W) + "\n        " + B + " = " + cap(B) + "\n        " + W2 + " = " + cap(W2) +
      "\n        " + B2 + " = " + cap(B2) + "\n"
      "        # File: /x/m.py:19 in forward, code: x = x.view(2, 4)\n"
      "        x: \"f32[2, 4]\" = l_x_.view(2, 4);  l_x_ = None\n"
      "        # File: /x/utils.py:5 in forward, code: return torch.addmm(self.bias, x, self.weight)\n"
      "        addmm: \"f32[2, 8]\" = torch.addmm(" + B + ", x, " + W + ");  x = None\n"
      "        # File: /x/m.py:20 in forward, code: q, k = self.c_attn(x).split(4, dim=-1)\n"
      "        split = addmm.split(4, dim = -1);  addmm = None\n"
      "        q: \"f32[2, 4]\" = split[0]\n"
      "        k: \"f32[2, 4]\" = split[1];  split = None\n"
      "        # File: /x/m.py:21 in forward, code: out = self.drop(q * k)\n"
      "        mul: \"f32[2, 4]\" = q * k;  q = k = None\n"
      "        out: \"f32[2, 4]\" = torch.nn.functional.dropout(mul, 0.1, True, False);  mul = None\n"
      "        # File: /x/utils.py:5 in forward, code: return torch.addmm(self.bias, x, self.weight)\n"
      "        addmm_1: \"f32[2, 4]\" = torch.addmm(" + B2 + ", out, " + W2 + ");  out = None\n"
      "        # File: /x/acts.py:10 in forward, code: return 0.5 * h * (1.0 + torch.tanh(h))\n"
      "        mul_1: \"f32[2, 4]\" = 0.5 * addmm_1\n"
      "        tanh: \"f32[2, 4]\" = torch.tanh(addmm_1);  addmm_1 = None\n"
      "        add: \"f32[2, 4]\" = 1.0 + tanh;  tanh = None\n"
      "        mul_2: \"f32[2, 4]\" = mul_1 * add;  mul_1 = add = None\n"
      "        return (mul_2,)\n";
  auto dc = [](const std::string& path, const std::string& code, int line) {
    std::string src = "L['self']";
    for (size_t b = 0, e; b <= path.size(); b = e + 1) {
      e = path.find('.', b);
      if (e == std::string::npos) e = path.size();
      src += "._modules['" + path.substr(b, e - b) + "']";
    }
    return "| | +- DICT_CONTAINS: not ___dict_contains('forward', " + src + ".__dict__)  # " + code + "  # x/m.py:" +
           std::to_string(line) + " in forward\n";
  };
  std::string guards = dc("attn", "y = self.attn(x)", 60) + dc("mlp", "return self.mlp(y)", 61) +
                       dc("attn.c_attn", "q, k = self.c_attn(x).split(4, dim=-1)", 20) + dc("attn.drop", "out = self.drop(q * k)", 21) +
                       dc("mlp.c_fc", "h = self.c_fc(x)", 30) + dc("mlp.act", "return self.act(h)", 31) +
                       "| +- GuardManager: source=L['self']._modules['attn']._modules['drop'], accessed_by=DictGetItemGuardAccessor('drop'), "
                       "type=<class 'torch.nn.modules.dropout.Dropout'>, tag_safe=(True, True)\n"
                       "| +- GuardManager: source=L['self']._modules['mlp']._modules['act'], accessed_by=DictGetItemGuardAccessor('act'), "
                       "type=<class 'x.acts.NewGELU'>, tag_safe=(True, True)\n";
  auto calls = graph::module_calls_from_guards(guards);
  REQUIRE(calls.size() == 6);
  CHECK(calls[3].cls == "torch.nn.modules.dropout.Dropout");
  fx::Graph g = fx::parse_fx_graph(text);
  graph::Hierarchy h = graph::hierarchy_for(g, nullptr, guards, text);
  auto module = [&](const std::string& node) {
    for (size_t i = 0; i < g.nodes.size(); ++i)
      if (g.nodes[i].name == node) return h.groups[static_cast<size_t>(h.node_group[i])].path;
    return std::string("<no node>");
  };
  // what Python ran where (the frames above): nn_module_stack would say the same
  CHECK(module("addmm") == "attn.c_attn");
  CHECK(module("split") == "attn");      // A: the attention's own line
  CHECK(module("q") == "attn");
  CHECK(module("x") == "attn");          // A': above the attention's first call
  CHECK(module("mul") == "attn");        // the line's own `*`
  CHECK(module("out") == "attn.drop");   // C: F.dropout is not called by name on that line
  CHECK(module("addmm_1") == "mlp.c_fc");
  for (const char* n : {"mul_1", "tanh", "add", "mul_2"}) CHECK(module(n) == "mlp.act");  // B, in x/acts.py
}
