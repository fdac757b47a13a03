// SymInts in dynamic frames: sizes read from tensors with symbolic dims keep their symbol through
// unpacking, slicing, torch.Size arithmetic and int arithmetic, and reach the graph as Dynamo
// writes them (`x.reshape(s70, -1, 4)`, `cache[slice(None, s70, None)]`, `size_2 = torch.Size([s70, 1, 4, 16])`).
// Names: every size read that yields a symbol takes a `size` name (Dynamo's size proxy, later removed
// as dead code), so the torch.Size nodes are numbered as in real graphs (size_2, size_4, ...).
#include <fmt/format.h>

#include "runtime/interp.hpp"

namespace tparse::compiler {

void Interp::realize(const V& t) {
  if (!tracing() || t->k != VK::Tensor) return;
  FrameCtx& ctx = *stack_.back()->ctx;
  if (ctx.graph.tensor_node.count(t.get())) return;
  auto src = ctx.sources.find(t.get());
  // only the frame's own tensor arguments; module buffers read for .dtype/.device stay out of the graph
  if (src == ctx.sources.end() || src->second.find_first_of(".[") != std::string::npos) return;
  node_of(t);
}

V Interp::size_of(const V& t, long long dim) {
  const TensorInfo& ti = *t->t;
  auto one = [](const Dim& d) {
    V v = mk_int(d.v);
    v->sym = d.sym;
    return v;
  };
  bool symbolic = false;
  if (dim >= static_cast<long long>(ti.shape.size())) error(Location{}, fmt::format("size({}) of a tensor of {} dimensions", dim, ti.shape.size()));
  if (dim >= 0) symbolic = ti.shape[static_cast<size_t>(dim)].is_sym();
  else for (auto& d : ti.shape) symbolic = symbolic || d.is_sym();
  if (symbolic && tracing()) stack_.back()->ctx->graph.unique_name("size");
  if (dim >= 0) return one(ti.shape[static_cast<size_t>(dim)]);
  std::vector<V> xs;
  for (auto& d : ti.shape) xs.push_back(one(d));
  V r = mk_tuple(xs);
  r->size_tuple = true;
  return r;
}

int Interp::size_node(const V& size_tuple) {
  Activation& act = *stack_.back();
  Graph& g = act.ctx->graph;
  auto it = act.ctx->size_nodes.find(size_tuple.get());
  if (it != act.ctx->size_nodes.end()) return it->second.second;
  Node n;
  n.op = "call_function";
  n.target = "torch.Size";
  Arg list;
  list.is_seq = true;
  for (auto& x : size_tuple->items) list.seq.push_back(Arg{-1, py_repr(x)});
  n.args.push_back(list);
  n.name = g.unique_name("size");
  stamp_node(n, Location{act.cur_line, 0, act.file});
  g.nodes.push_back(n);
  int id = static_cast<int>(g.nodes.size()) - 1;
  act.ctx->size_nodes[size_tuple.get()] = {size_tuple, id};
  return id;
}

std::string Interp::sym_expr(const std::string& op, const V& a, const V& b) {
  std::string x = a->sym.empty() ? py_repr(a) : a->sym, y = b->sym.empty() ? py_repr(b) : b->sym;
  if (op == "*") return a->sym.empty() ? x + "*" + y : b->sym.empty() ? y + "*" + x : x + "*" + y;
  if (op == "//") return "((" + x + ")//" + y + ")";
  if (op == "%") return "Mod(" + x + ", " + y + ")";
  return x + " " + op + " " + y;
}

}  // namespace tparse::compiler
