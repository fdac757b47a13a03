// Module hierarchy tests. Facts come from the trace text itself (placeholder names, `# File:`
// code lines in program order, torch's graph_node_count), never from our own output: the real
// ChatGLM3-6B trace (28 layers), hf_gpt2_tiny, titan_per_block_train (Dynamo + AOT) and mlp_clean.
#include <doctest/doctest.h>

#include <cstdlib>
#include <iostream>
#include <set>

#include "core/ingest.hpp"
#include "core/test_support.hpp"
#include "hierarchy.hpp"

using namespace tparse;

namespace {

struct Loaded {
  LoadedTrace lt;
  std::vector<std::pair<const Compile*, const Artifact*>> graphs;  // (compile, artifact) of FX graphs
};

Loaded load(const std::filesystem::path& dir) {
  Loaded l{load_trace({dir.string()}), {}};
  for (const auto& c : l.lt.model.compiles)
    for (const auto& a : c.artifacts)
      if (a.kind == "dynamo_output_graph" || a.kind.rfind("aot_", 0) == 0) l.graphs.push_back({&c, &a});
  return l;
}

/// First node of each run of nodes whose `# File:` code is exactly `code`, in program order.
std::vector<int32_t> with_code(const fx::Graph& g, const std::string& code) {
  std::vector<int32_t> r;
  for (size_t i = 0; i < g.nodes.size(); ++i)
    if (g.nodes[i].code == code && (i == 0 || g.nodes[i - 1].code != code)) r.push_back(static_cast<int32_t>(i));
  return r;
}

const std::string& path_of(const graph::Hierarchy& h, int32_t node) {
  return h.groups[static_cast<size_t>(h.node_group[static_cast<size_t>(node)])].path;
}

}  // namespace

TEST_CASE("placeholder names give module paths") {
  std::string p;
  CHECK(graph::module_of_placeholder("l_self_modules_transformer_modules_encoder_modules_layers_modules_3_modules_self_attention_modules_query_key_value_parameters_weight_", p));
  CHECK(p == "transformer.encoder.layers.3.self_attention.query_key_value");
  CHECK(graph::module_of_placeholder("L_self_modules_ln_parameters_bias_", p));
  CHECK(p == "ln");
  CHECK(graph::module_of_placeholder("l_self_parameters_scale_", p));
  CHECK(p.empty());
  CHECK(graph::module_of_placeholder("l_self_modules_h_modules_0_modules_attn_buffers_bias_", p));
  CHECK(p == "h.0.attn");
  CHECK_FALSE(graph::module_of_placeholder("l_x_", p));
  CHECK_FALSE(graph::module_of_placeholder("primals_1", p));
  CHECK_FALSE(graph::module_of_placeholder("l_self_modules_parameters", p));
}

TEST_CASE("a graph without parameters is one root group") {
  fx::Graph g = fx::parse_fx_graph(
      "class GraphModule(torch.nn.Module):\n    def forward(self, L_x_: \"f32[4]\"):\n        l_x_ = L_x_\n"
      "        y: \"f32[4]\" = l_x_.relu();  l_x_ = None\n        return (y,)\n");
  graph::Hierarchy h = graph::build_hierarchy(g);
  CHECK(h.source.empty());
  REQUIRE(h.groups.size() == 1);
  CHECK(h.groups[0].total_nodes == 3);
  CHECK(h.groups[0].nodes.size() == 3);
}

TEST_CASE("refresh: folded by DeferRefresh, and twin marks recomputed from the final node_group") {
  // layers.0-2 multiply by their weight, layers.3 adds its own: 3 of 4 alike, so layers.3 differs.
  std::string sig, body;
  for (int k = 0; k < 4; ++k) {
    std::string w = "L_self_modules_layers_modules_" + std::to_string(k) + "_parameters_weight_";
    sig += ", " + w + ": \"f32[4]\"";
    body += "        a" + std::to_string(k) + ": \"f32[4]\" = torch." + (k < 3 ? "mul" : "add") + "(" +
            (k == 0 ? std::string("L_x_") : "a" + std::to_string(k - 1)) + ", " + w + ")\n";
  }
  fx::Graph g = fx::parse_fx_graph("class GraphModule(torch.nn.Module):\n    def forward(self, L_x_: \"f32[4]\"" + sig + "):\n" +
                                   body + "        return (a3,)\n");
  REQUIRE(g.ok);
  graph::Hierarchy h = graph::build_hierarchy(g);
  int32_t l1 = h.find("layers.1"), l2 = h.find("layers.2"), l3 = h.find("layers.3");
  REQUIRE(l1 > 0);
  REQUIRE(l2 > 0);
  REQUIRE(l3 > 0);
  CHECK(h.groups[static_cast<size_t>(l1)].twins == 3);
  CHECK(h.groups[static_cast<size_t>(l3)].odd_one_out);
  CHECK(h.groups[static_cast<size_t>(l2)].nodes.size() == 2);  // its weight and a2
  // Move layers.1's op into layers.2: no two layers alike any more, so no majority and no mark.
  int32_t a1 = -1;
  for (size_t i = 0; i < g.nodes.size(); ++i)
    if (g.nodes[i].name == "a1") a1 = static_cast<int32_t>(i);
  REQUIRE(a1 >= 0);
  {
    graph::DeferRefresh once(h, g);
    h.node_group[static_cast<size_t>(a1)] = l2;
    graph::refresh(h, g);
    CHECK(h.groups[static_cast<size_t>(l2)].nodes.size() == 2);  // not yet: at the scope's end
  }
  CHECK(h.groups[static_cast<size_t>(l2)].nodes.size() == 3);
  for (int32_t c : h.groups[static_cast<size_t>(h.find("layers"))].children) {
    CHECK(h.groups[static_cast<size_t>(c)].twins == 1);
    CHECK_FALSE(h.groups[static_cast<size_t>(c)].odd_one_out);  // layers.3's mark does not stay
  }
}

TEST_CASE("ChatGLM3-6B real trace: 28 identical layers, ops in the right modules") {
  auto dir = testing::shared_testdata() / "realmodels" / "chatglm3" / "real-torch-2.11" / "trace";
  if (!std::filesystem::exists(dir)) return;
  Loaded l = load(dir);
  REQUIRE(l.graphs.size() == 2);  // two compiles (seq length 8 and 12), one Dynamo graph each
  for (auto [c, a] : l.graphs) {
    std::string text = l.lt.payloads.get(a->payload);
    fx::Graph g = fx::parse_fx_graph(text);
    REQUIRE(g.ok);
    REQUIRE(c->metrics);
    CHECK(static_cast<int64_t>(g.nodes.size()) == c->metrics->graph_node_count);  // 2860 for [0/0]
    graph::Hierarchy h = graph::build_hierarchy(g);
    if (std::getenv("TPARSE_DUMP_HIERARCHY")) std::cout << graph::dump_hierarchy(h, 5);
    CHECK(h.source == "parameter names");
    CHECK(h.groups[0].total_nodes == static_cast<int32_t>(g.nodes.size()));
    // Layer indices named by the text's placeholders: 0..27.
    std::set<int> layer_ids;
    const std::string key = "_layers_modules_";
    for (size_t p = text.find(key); p != std::string::npos; p = text.find(key, p + 1)) layer_ids.insert(std::atoi(text.c_str() + p + key.size()));
    REQUIRE(layer_ids.size() == 28);
    int32_t layers = h.find("transformer.encoder.layers");
    REQUIRE(layers >= 0);
    const auto& kids = h.groups[static_cast<size_t>(layers)].children;
    REQUIRE(kids.size() == 28);
    for (size_t k = 0; k < kids.size(); ++k) {
      const graph::Group& L = h.groups[static_cast<size_t>(kids[k])];
      CHECK(L.path == "transformer.encoder.layers." + std::to_string(k));
      CHECK(L.twins == 28);  // the same op sequence
      CHECK_FALSE(L.odd_one_out);
      CHECK(L.signature == h.groups[static_cast<size_t>(kids[0])].signature);
      CHECK(L.total_nodes == h.groups[static_cast<size_t>(kids[0])].total_nodes);
    }
    // The linear that reads layer 3's query_key_value weight is in layer 3's query_key_value.
    const std::string w3 = "l_self_modules_transformer_modules_encoder_modules_layers_modules_3_modules_self_attention_modules_query_key_value_parameters_weight_";
    int found = 0;
    for (size_t i = 0; i < g.nodes.size(); ++i)
      if (g.nodes[i].op != fx::OpKind::Placeholder && g.nodes[i].args.find(w3 + ",") != std::string::npos) {
        ++found;
        CHECK(g.nodes[i].target == "torch._C._nn.linear");
        CHECK(path_of(h, static_cast<int32_t>(i)) == "transformer.encoder.layers.3.self_attention.query_key_value");
      }
    CHECK(found == 1);
    // Program-order facts of GLMBlock.forward: the k-th "output = residual + output" ends layer k.
    auto residual = with_code(g, "output = residual + output");
    REQUIRE(residual.size() == 28);
    for (size_t k = 0; k < 28; ++k) CHECK(path_of(h, residual[k]) == "transformer.encoder.layers." + std::to_string(k));
    // RMSNorm.forward's first line runs twice a layer (input, post-attention) and once at the end.
    auto rms = with_code(g, "variance = hidden_states.to(torch.float32).pow(2).mean(-1, keepdim=True)");
    REQUIRE(rms.size() == 57);
    CHECK(path_of(h, rms[6]) == "transformer.encoder.layers.3.input_layernorm");
    CHECK(path_of(h, rms[7]) == "transformer.encoder.layers.3.post_attention_layernorm");
    CHECK(path_of(h, rms[56]) == "transformer.encoder.final_layernorm");
    // The rotary attention helper runs inside the attention module.
    auto rope = with_code(g, "rope_cache = rope_cache[:sq]");
    REQUIRE(rope.size() == 56);  // query and key, 28 layers
    CHECK(path_of(h, rope[7]) == "transformer.encoder.layers.3.self_attention");
    // The top: the model holds `transformer`, which holds the embedding, the encoder and the head.
    std::set<std::string> top;
    for (int32_t c : h.groups[static_cast<size_t>(h.find("transformer"))].children) top.insert(h.groups[static_cast<size_t>(c)].name);
    CHECK(top == std::set<std::string>{"embedding", "encoder", "output_layer"});
    auto emb = with_code(g, "embeddings = embeddings.transpose(0, 1).contiguous()");
    REQUIRE(emb.size() == 1);
    CHECK(path_of(h, emb[0]) == "transformer.embedding");
  }
}
TEST_CASE("other models: GPT-2 blocks, a titan block, AOT graphs aligned to the Dynamo graph" * doctest::test_suite("needs_shared")) {
  REQUIRE(testing::have_shared());
  {
    Loaded l = load(testing::shared_testdata() / "torch-2.11" / "hf_gpt2_tiny" / "trace");
    REQUIRE(!l.graphs.empty());
    fx::Graph g = fx::parse_fx_graph(l.lt.payloads.get(l.graphs[0].second->payload));
    graph::Hierarchy h = graph::build_hierarchy(g);
    int32_t blocks = h.find("transformer.h");
    REQUIRE(blocks >= 0);
    REQUIRE(h.groups[static_cast<size_t>(blocks)].children.size() == 2);  // n_layer=2: h.0, h.1 in the names
    CHECK(h.groups[static_cast<size_t>(h.find("transformer.h.0"))].twins == 2);
    CHECK(h.groups[static_cast<size_t>(h.find("transformer.h.0.ln_1"))].leaf_call);  // `self.ln_1(hidden_states)`
  }
  Loaded l = load(testing::shared_testdata() / "torch-2.11" / "titan_per_block_train" / "trace");
  fx::Graph dg;
  graph::Hierarchy dh;
  int aot = 0;
  for (auto [c, a] : l.graphs) {
    fx::Graph g = fx::parse_fx_graph(l.lt.payloads.get(a->payload));
    if (a->kind == "dynamo_output_graph") {
      dg = g, dh = graph::build_hierarchy(g);
      // models.py:79 (scaled_dot_product_attention) runs between attn.qkv and attn.out.
      for (size_t i = 0; i < g.nodes.size(); ++i)
        if (g.nodes[i].line == 79) CHECK(path_of(dh, static_cast<int32_t>(i)) == "attn");
      continue;
    }
    if (a->kind != "aot_forward_graph") continue;
    graph::Hierarchy h = graph::build_hierarchy_aligned(g, dg, dh);
    CHECK(h.source == "aligned with the Dynamo graph");
    int at79 = 0;
    for (size_t i = 0; i < g.nodes.size(); ++i)
      if (g.nodes[i].line == 79) {
        ++at79;
        CHECK(path_of(h, static_cast<int32_t>(i)) == "attn");
      }
    CHECK(at79 > 0);
    ++aot;
  }
  CHECK(aot == 2);
}
