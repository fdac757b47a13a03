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
  CHECK(target_repr("torch.nn.functional.max_pool2d") == "<function boolean_dispatch.<locals>.fn at 0x…>");  // functional.py
  GraphOps m = parse_graph_ops("    def forward(self, L_x_):\n        l_x_ = L_x_\n"
                               "        neg: \"f32[4]\" = -l_x_\n        m = self.L__self___lin(neg)\n"
                               "        t = torch.tanh(m);  m = None\n        return (t,)\n");
  CHECK(m.call_functions == std::vector<std::string>{"<built-in function neg>", "<built-in method tanh of type object at 0x…>"});
  CHECK(m.call_modules == 1);
}

TEST_CASE("in-place operator nodes are call_function ops (torch/fx/graph.py inplace_methods)") {
  // FX prints `operator.setitem` / `operator.iadd` ... as the statement, then `;  NAME = ARG0`.
  const char* g =
      "class GraphModule(torch.nn.Module):\n"
      "    def forward(self, L_x_: \"f32[2, 16]\", L_k_cache_: \"f32[2, 12, 16]\"):\n"
      "        l_x_ = L_x_\n"
      "        l_k_cache_ = L_k_cache_\n"
      "        k: \"f32[2, 16]\" = torch._C._nn.linear(l_x_, l_w_, l_b_)\n"
      "        l_k_cache_[(slice(None, None, None), 3)] = k;  setitem = l_k_cache_;  k = setitem = None\n"
      "        q: \"f32[2, 16]\" = l_x_ * 2\n"
      "        q /= 4.0;  itruediv: \"f32[2, 16]\" = q;  q = None\n"
      "        itruediv += l_x_;  iadd: \"f32[2, 16]\" = itruediv;  itruediv = None\n"
      "        iadd //= 2;  ifloordiv = iadd\n"
      "        ifloordiv @= l_x_;  imatmul = ifloordiv\n"
      "        pos: \"f32[2, 16]\" = +imatmul\n"
      "        getitem: \"f32[16]\" = l_k_cache_[(0, 3)];  l_k_cache_ = None\n"
      "        return (pos, getitem)\n";
  GraphOps ops = parse_graph_ops(g);
  std::vector<std::string> want = {"<built-in function linear>",  "<built-in function setitem>",
                                   "<built-in function mul>",     "<built-in function itruediv>",
                                   "<built-in function iadd>",    "<built-in function ifloordiv>",
                                   "<built-in function imatmul>", "<built-in function pos>",
                                   "<built-in function getitem>"};
  CHECK(ops.call_functions == want);
  CHECK(ops.call_methods == 0);
}

TEST_CASE("attribute reads on nodes are call_function getattr; module attributes are get_attr") {
  // FX prints call_function getattr(node, "T") as `node.T` (the falcon population type has eight: `w.T`).
  const char* g =
      "class GraphModule(torch.nn.Module):\n"
      "    def forward(self, L_w_: \"f32[64, 96]\", L_x_: \"f32[1, 8, 96]\"):\n"
      "        l_w_ = L_w_\n"
      "        l_x_ = L_x_\n"
      "        getattr_1: \"f32[96, 64]\" = l_w_.T;  l_w_ = None\n"
      "        real: \"f32[1, 8, 96]\" = l_x_.real\n"
      "        c = self.const_tensor\n"
      "        matmul: \"f32[1, 8, 64]\" = real @ getattr_1;  real = getattr_1 = None\n"
      "        return (matmul,)\n";
  GraphOps ops = parse_graph_ops(g);
  std::vector<std::string> want = {"<built-in function getattr>", "<built-in function getattr>",
                                   "<built-in function matmul>"};
  CHECK(ops.call_functions == want);
  CHECK(ops.placeholders == 2);
}

TEST_CASE("a global function's mangled name gives its __name__ from the source line or the node name") {
  // einops under torch 2.11: FX prints einops.einops.rearrange as the global einops_einops_rearrange; a node
  // stored into a variable is renamed after it (y), an unpacked one keeps the function's name (rearrange_3)
  const char* g =
      "class GraphModule(torch.nn.Module):\n"
      "    def forward(self, L_x_: \"f32[2, 8, 5][40, 5, 1]cpu\"):\n"
      "        l_x_ = L_x_\n"
      "        # File: /tmp/m.py:8 in f, code: y = rearrange(x, \"b (h d) n -> b h n d\", h=2)\n"
      "        y: \"f32[2, 2, 5, 4][40, 20, 4, 1]cpu\" = einops_einops_rearrange(l_x_, 'b (h d) n -> b h n d', h = 2)\n"
      "        # File: /tmp/m.py:9 in f, code: q, k = ra(y, \"b h n (k d) -> k b h n d\", k=2)\n"
      "        rearrange_3: \"f32[2, 2, 2, 5, 2][40, 20, 10, 2, 1]cpu\" = einops_einops_rearrange(y, 'b h n (k d) -> k b h n d', k = 2)\n"
      "        # File: /tmp/m.py:10 in f, code: z = pk(y)\n"
      "        z: \"f32[2][1]cpu\" = mylib_helpers_pack(y)\n"
      "        # File: /tmp/m.py:20 in inner, code: return fn(x, *args, **kwargs)\n"
      "        k_1: \"f32[2][1]cpu\" = einops_einops_rearrange(z, 'b -> b')\n"
      "        return (k_1,)\n";
  GraphOps ops = parse_graph_ops(g);
  // aliased: the mangled name stays; a wrapper's `fn(...)` of einops (x-transformers' maybe(rearrange)): the
  // einops.einops prefix is known and dropped, as the real explain names the function
  std::vector<std::string> want = {"<function rearrange at 0x…>", "<function rearrange at 0x…>",
                                   "<function mylib_helpers_pack at 0x…>", "<function rearrange at 0x…>"};
  CHECK(ops.call_functions == want);
}
