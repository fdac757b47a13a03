// Provenance line mapping on hand-written graphs and code (line numbers counted by hand below).
#include <doctest/doctest.h>

#include <algorithm>

#include "provenance.hpp"

using namespace tparse;

namespace {
bool has(const ProvenanceMap& m, ProvPane a, int32_t al, ProvPane b, int32_t bl) {
  return std::any_of(m.links.begin(), m.links.end(), [&](const ProvLink& l) {
    return (l.a_pane == a && l.a_line == al && l.b_pane == b && l.b_line == bl) ||
           (l.a_pane == b && l.a_line == bl && l.b_pane == a && l.b_line == al);
  });
}
}  // namespace

TEST_CASE("graph_line_node and kernel_base_name") {
  CHECK(graph_line_node("        add_1: \"f32[4][1]cpu\" = torch.ops.aten.add.Tensor(x, y)") == "add_1");
  CHECK(graph_line_node("    l_x_ = L_x_") == "l_x_");
  CHECK(graph_line_node("    # File: m.py:3, code: y = x + 1").empty());
  CHECK(graph_line_node("    def forward(self, x: \"f32[4]\"):").empty());
  CHECK(graph_line_node("   ").empty());
  CHECK(kernel_base_name("triton_poi_fused_mul_1:2") == "triton_poi_fused_mul_1");
  CHECK(kernel_base_name("extern_kernels.mm:4") == "extern_kernels.mm");
  CHECK(kernel_base_name("cpp_fused_gelu_1") == "cpp_fused_gelu_1");
  CHECK(kernel_base_name("a::b") == "a::b");
}

TEST_CASE("pre/post/python code links, debug handles pick the call after the handle comment") {
  const char* pre =            // line
      "def forward(self, x):\n"  // 1
      "    linear = self.fc(x)\n"  // 2
      "    relu = linear.relu()\n";  // 3
  const char* post =
      "def forward(self, arg0_1):\n"            // 1
      "    mm: \"f32[4]\" = torch.ops.aten.mm(a)\n"  // 2
      "    relu: \"f32[4]\" = torch.ops.aten.relu(mm)\n";  // 3
  const char* code =
      "def triton_poi_fused_relu_0(in_ptr):\n"  // 1 (kernel definition: before def call, not counted)
      "    pass\n"                              // 2
      "def call(args):\n"                       // 3
      "    # [Provenance debug handles] extern_kernels.mm:1\n"  // 4
      "    extern_kernels.mm(a, b, out=buf0)\n"  // 5
      "    # [Provenance debug handles] triton_poi_fused_relu_0:2\n"  // 6
      "    triton_poi_fused_relu_0.run(buf0)\n"  // 7
      "    extern_kernels.mm(c, d, out=buf1)\n";  // 8
  const char* json =
      R"({"preToPost": {"linear": ["mm"], "relu": ["relu"]}, "postToPre": {"mm": ["linear"]},
          "cppCodeToPost": {"extern_kernels.mm:1": ["mm"], "triton_poi_fused_relu_0:2": ["relu"]},
          "postToCppCode": {"relu": ["triton_poi_fused_relu_0:2"], "ghost": ["k"]}})";
  ProvenanceMap m = map_provenance(json, pre, post, code, false);
  CHECK(m.error.empty());
  CHECK(m.code_start == 3);
  CHECK(has(m, ProvPane::Pre, 2, ProvPane::Post, 2));
  CHECK(has(m, ProvPane::Pre, 3, ProvPane::Post, 3));
  CHECK(has(m, ProvPane::Code, 5, ProvPane::Post, 2));  // mm:1 -> the call on line 5, not line 8
  CHECK_FALSE(has(m, ProvPane::Code, 8, ProvPane::Post, 2));
  CHECK(has(m, ProvPane::Code, 7, ProvPane::Post, 3));
  CHECK_FALSE(has(m, ProvPane::Code, 1, ProvPane::Post, 3));  // the kernel definition is before def call
  CHECK(m.links.size() == 4);  // pre2-post2 (both directions once), pre3-post3, code5-post2, code7-post3
  CHECK(std::find(m.unmatched.begin(), m.unmatched.end(), "ghost") != m.unmatched.end());
}

TEST_CASE("C++ wrapper: no debug handle maps every call after run_impl; _xnumel declarations skipped") {
  const char* post = "    addmm: \"f32[2]\" = torch.ops.aten.addmm(a, b, c)\n";
  const char* code =
      "void cpp_fused_gelu_1(float* x) {}\n"                   // 1
      "void AOTInductorModel::run_impl(AtenTensorHandle* in) {\n"  // 2
      "    int64_t cpp_fused_gelu_1_xnumel = 8;\n"            // 3
      "    cpp_fused_gelu_1((float*)(buf0.data_ptr()));\n"     // 4
      "    aoti_torch_cpu_addmm_out(buf1, a, b, c);\n"         // 5
      "}\n";
  const char* json = R"({"cppCodeToPost": {"aoti_torch_cpu_addmm_out": ["addmm"], "cpp_fused_gelu_1": []}})";
  ProvenanceMap m = map_provenance(json, "", post, code, true);
  CHECK(m.code_start == 2);
  CHECK(has(m, ProvPane::Code, 5, ProvPane::Post, 1));
  CHECK(m.links.size() == 1);
  CHECK(map_provenance("[1,2]", "", "", "", false).error.size() > 0);
}

TEST_CASE("kernel stack traces: lists and single strings") {
  auto t = kernel_stack_traces(R"J({"k1": ["File a.py, line 1\n  foo()", "t2"], "k2": "one"})J");
  REQUIRE(t.size() == 2);
  CHECK(t[0].first == "k1");
  CHECK(t[0].second.size() == 2);
  CHECK(t[0].second[0] == "File a.py, line 1\n  foo()");
  CHECK(t[1].second == std::vector<std::string>{"one"});
  CHECK(kernel_stack_traces("not json").empty());
}
