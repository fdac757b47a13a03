// Higher-order operators' bodies cut out of a graph (graph_body.hpp): placeholders in order of first use with their
// size symbols lifted before them, the body's own signature first, renumbered arguments, None outputs, names.
#include <doctest/doctest.h>

#include "torch/graph_body.hpp"

using namespace tparse::compiler;

namespace {
V tensor(std::vector<Dim> shape) {
  TensorInfo t;
  t.shape = shape;
  for (size_t i = 0; i < shape.size(); ++i) t.stride.push_back(Dim{1, ""});
  return mk_tensor(t);
}
int add(Graph& g, const std::string& op, const std::string& name, std::vector<Arg> args, const V& t = nullptr) {
  Node n;
  n.op = op;
  n.name = name;
  n.target = "torch.sin";
  n.args = std::move(args);
  if (t) { n.meta = *t->t; n.has_meta = true; g.tensor_node[t.get()] = static_cast<int>(g.nodes.size()); }
  g.nodes.push_back(n);
  return static_cast<int>(g.nodes.size()) - 1;
}
}  // namespace

TEST_CASE("a body lifts what it reads at first use, size symbols first, and renumbers its nodes") {
  Graph g;
  V x = tensor({Dim{3, "s27"}, Dim{4, ""}}), w = tensor({Dim{4, ""}});
  g.add_sym_placeholder("s27");
  const int px = add(g, "placeholder", "l_x_", {}, x);
  const int pw = add(g, "placeholder", "l_w_", {}, w);
  const size_t first = g.nodes.size();
  V y = tensor({Dim{3, "s27"}, Dim{4, ""}}), z = tensor({Dim{3, "s27"}, Dim{4, ""}});
  const int ny = add(g, "call_function", "y", {Arg{pw, ""}, Arg{px, ""}}, y);  // reads w before x
  const int nz = add(g, "call_function", "z", {Arg{ny, ""}}, z);
  BodyCapture cap = capture_body(g, first, {x, w}, {nz, -1});
  REQUIRE(cap.operands.size() == 3);
  CHECK(cap.operands[0].tensor.get() == w.get());  // w first: the body reads it first
  CHECK(cap.operands[1].sym == "s27");             // x's size symbol just before x
  CHECK(cap.operands[2].tensor.get() == x.get());
  const Graph& b = *cap.graph;
  REQUIRE(b.nodes.size() == 5);
  CHECK(b.nodes[3].args[0].node == 0);  // y(w, x): the placeholders
  CHECK(b.nodes[3].args[1].node == 2);
  CHECK(b.nodes[4].args[0].node == 3);  // z(y)
  CHECK(b.outputs == std::vector<int>{4, -1});
  CHECK(cap.index_of.at(nz) == 4);
  std::vector<int> ops = bind_body(g, cap, [&](const V& t) { return g.tensor_node.at(t.get()); });
  CHECK(ops == std::vector<int>{pw, 0, px});
  CHECK(b.nodes[0].name == "l_w_");
  CHECK(b.nodes[1].name == "s27");
  CHECK(b.nodes[2].name == "l_x_");
}

TEST_CASE("a body's own signature comes first, named, whether it reads it or not") {
  Graph g;
  V saved = tensor({Dim{2, ""}});
  const int ps = add(g, "placeholder", "arg", {}, saved);
  V grad = tensor({Dim{2, ""}}), r = tensor({Dim{2, ""}});
  const size_t first = g.nodes.size();
  const int pg = add(g, "placeholder", "tmp1", {}, grad);
  const int nr = add(g, "call_function", "mul", {Arg{pg, ""}, Arg{ps, ""}}, r);
  BodyCapture cap = capture_body(g, first, {grad, nullptr}, {nr}, {}, 2, {"g", "unused_0"});
  name_body(g, cap);
  const Graph& b = *cap.graph;
  REQUIRE(b.nodes.size() == 4);
  CHECK(b.nodes[0].name == "g");
  CHECK(b.nodes[1].name == "unused_0");
  CHECK_FALSE(b.nodes[1].has_meta);
  CHECK(b.nodes[2].name == "arg");  // the saved value, lifted at its use
  CHECK(b.nodes[3].args[0].node == 0);
  CHECK(b.nodes[3].args[1].node == 2);
}

TEST_CASE("a body's get_attr takes the next free name of its prefix") {
  Graph g;
  CHECK(g.nodes[add_body_attr(g, "wrap_body_", std::make_shared<Graph>())].target == "wrap_body_0");
  CHECK(g.nodes[add_body_attr(g, "wrap_body_", std::make_shared<Graph>())].target == "wrap_body_1");
  CHECK(g.bodies.size() == 2);
}
