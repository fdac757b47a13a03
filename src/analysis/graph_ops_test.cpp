// FX readable-graph classification: call_function targets as explain prints them.
#include <doctest/doctest.h>

#include "analysis/graph_ops.hpp"

using namespace tparse::analysis;

TEST_CASE("top-level nodes are classified; nested subgraph classes are skipped") {
  // Shape of torch_cond_fix's dynamo_output_graph payload (PyTorch 2.11 print_readable).
  const char* g =
      "class GraphModule(torch.nn.Module):\n"
      "    def forward(self, L_x_: \"f32[4, 16][16, 1]cuda:0\", L_w_: \"f32[16, 16][16, 1]cuda:0\"):\n"
      "        l_x_ = L_x_\n"
      "        l_w_ = L_w_\n"
      "\n"
      "        # File: /home/user/zoo/models.py:428 in f, code: y = x @ w\n"
      "        y: \"f32[4, 16][16, 1]cuda:0\" = l_x_ @ l_w_;  l_x_ = l_w_ = None\n"
      "        sum_1: \"f32[][]cuda:0\" = y.sum()\n"
      "        gt: \"b8[][]cuda:0\" = sum_1 > 0;  sum_1 = None\n"
      "        cond_true_0 = self.cond_true_0\n"
      "        cond = torch.ops.higher_order.cond(gt, cond_true_0, cond_false_0, (y,));  gt = None\n"
      "        getitem: \"f32[4, 16][16, 1]cuda:0\" = cond[0];  cond = None\n"
      "        mean: \"f32[16][1]cuda:0\" = getitem.mean(dim = 0);  getitem = None\n"
      "        return (mean,)\n"
      "\n"
      "    class cond_true_0(torch.nn.Module):\n"
      "        def forward(self, y: \"f32[4, 16][16, 1]cuda:0\"):\n"
      "            relu: \"f32[4, 16]\" = torch.relu(y);  y = None\n"
      "            return (relu,)\n";
  GraphOps ops = parse_graph_ops(g);
  std::vector<std::string> want = {"<built-in function matmul>", "<built-in function gt>", "cond",
                                   "<built-in function getitem>"};
  CHECK(ops.call_functions == want);  // torch_cond_fix explain.json ops_per_graph
  CHECK(ops.call_methods == 2);       // y.sum(), getitem.mean()
  CHECK(ops.placeholders == 2);
}

TEST_CASE("callee reprs") {
  CHECK(target_repr("torch._C._nn.linear") == "<built-in function linear>");
  CHECK(target_repr("torch.nn.functional.relu") == "<function relu at 0x…>");
  CHECK(target_repr("torch.tanh") == "<built-in method tanh of type object at 0x…>");
  CHECK(target_repr("torch.ops.aten.mm.default") == "aten.mm.default");
  CHECK(target_repr("operator.getitem") == "<built-in function getitem>");
  CHECK(target_repr("torch.einsum") == "<function einsum at 0x…>");
  GraphOps m = parse_graph_ops("    def forward(self, L_x_):\n        l_x_ = L_x_\n"
                               "        neg: \"f32[4]\" = -l_x_\n        m = self.L__self___lin(neg)\n"
                               "        t = torch.tanh(m);  m = None\n        return (t,)\n");
  CHECK(m.call_functions == std::vector<std::string>{"<built-in function neg>", "<built-in method tanh of type object at 0x…>"});
  CHECK(m.call_modules == 1);
}
