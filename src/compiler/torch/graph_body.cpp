// Higher-order operators' bodies cut out of the outer graph (graph_body.hpp).
#include "torch/graph_body.hpp"

#include <map>
#include <set>

#include "torch/symbols/sym_mono.hpp"

namespace tparse::compiler {

namespace {
void each_node_arg(Arg& a, const std::function<void(Arg&)>& f) {
  if (a.node >= 0) f(a);
  for (auto& x : a.seq) each_node_arg(x, f);
}
}  // namespace

BodyCapture capture_body(const Graph& g, size_t first, const std::vector<V>& operands, const std::vector<int>& outputs,
                         const std::vector<size_t>& groups, size_t leading, const std::vector<std::string>& leading_names) {
  BodyCapture cap;
  cap.graph = std::make_shared<Graph>();
  const int n0 = static_cast<int>(first);
  // the outer node of each operand tensor, when it has one now
  std::map<int, size_t> operand_at;
  std::vector<BodyOperand> ops;
  std::set<std::string> lifted_syms;
  auto add_tensor = [&](const V& t, int node) {
    // its size symbols first (SubgraphTracer._lift_basic_symbols), each once
    for (const Dim& d : t->t->shape)
      if (d.is_sym() && sym_bare_symbol(d.sym) && lifted_syms.insert(d.sym).second) ops.push_back(BodyOperand{nullptr, d.sym, -1});
    if (node >= 0) operand_at[node] = ops.size();
    ops.push_back(BodyOperand{t, "", -1});
  };
  // the body's own signature first (`leading`); every other input (set_subgraph_inputs="automatic", as
  // torch.utils.checkpoint's body is traced: an argument too) is lifted where the body first reads it, so the walk
  // below orders them (recurrentgemma's Griffin block reads segment_pos after its first parameters)
  for (size_t k = 0; k < leading && k < operands.size(); ++k) {
    const std::string name = k < leading_names.size() ? leading_names[k] : "";
    if (!name.empty()) {
      BodyOperand op{operands[k], "", -1, name};
      if (operands[k])
        if (auto it = g.tensor_node.find(operands[k].get()); it != g.tensor_node.end()) operand_at[it->second] = ops.size();
      ops.push_back(op);
      continue;
    }
    auto it = g.tensor_node.find(operands[k].get());
    add_tensor(operands[k], it == g.tensor_node.end() ? -1 : it->second);
  }
  // the values the body reads from outside it, in order of use: outer nodes, placeholders made while it ran
  std::map<int, V> operand_of;  // outer node id -> the operand value that node is
  for (const V& t : operands)
    if (t)
      if (auto it = g.tensor_node.find(t.get()); it != g.tensor_node.end() && it->second >= 0) operand_of.emplace(it->second, t);
  std::vector<int> body;  // outer ids of the body's own nodes
  for (size_t i = first; i < g.nodes.size(); ++i) {
    const Node& n = g.nodes[i];
    if (n.op == "placeholder") continue;
    body.push_back(static_cast<int>(i));
    std::vector<int> used;
    std::function<void(const Arg&)> walk = [&](const Arg& a) {
      if (a.node >= 0) used.push_back(a.node);
      for (auto& x : a.seq) walk(x);
    };
    for (auto& a : n.args) walk(a);
    for (auto& [k, a] : n.kwargs) walk(a);
    for (int u : used) {
      if (u >= n0 && g.nodes[static_cast<size_t>(u)].op != "placeholder") continue;  // the body's own
      if (operand_at.count(u)) continue;
      const Node& src = g.nodes[static_cast<size_t>(u)];
      if (src.is_sym) {
        if (lifted_syms.insert(src.name).second) { operand_at[u] = ops.size(); ops.push_back(BodyOperand{nullptr, src.name, -1}); }
        else for (size_t k = 0; k < ops.size(); ++k) if (ops[k].sym == src.name) operand_at[u] = k;
        continue;
      }
      if (auto o = operand_of.find(u); o != operand_of.end()) { add_tensor(o->second, u); continue; }
      if (u < n0) {  // an outer value no operand names: its size symbols first, as a tensor's
        for (const Dim& d : src.meta.shape)
          if (src.has_meta && d.is_sym() && sym_bare_symbol(d.sym) && lifted_syms.insert(d.sym).second)
            ops.push_back(BodyOperand{nullptr, d.sym, -1});
        operand_at[u] = ops.size();
        ops.push_back(BodyOperand{nullptr, "", u});
      }
    }
  }
  cap.operands = ops;
  // the body's graph: placeholders, then its nodes with their arguments renumbered
  Graph& b = *cap.graph;
  for (const BodyOperand& op : ops) {
    Node p;
    p.op = "placeholder";
    if (!op.sym.empty()) { p.is_sym = true; p.name = op.sym; }
    else if (!op.fixed_name.empty()) { p.name = op.fixed_name; if (op.tensor) { p.meta = *op.tensor->t; p.has_meta = true; } }
    else if (op.tensor) { p.meta = *op.tensor->t; p.has_meta = true; }
    else { p.has_meta = g.nodes[static_cast<size_t>(op.node)].has_meta; p.meta = g.nodes[static_cast<size_t>(op.node)].meta; }
    b.nodes.push_back(p);
  }
  std::map<int, int> at;  // outer id -> body index
  for (const auto& [u, k] : operand_at) at[u] = static_cast<int>(k);
  for (size_t i = 0; i < body.size(); ++i) at[body[i]] = static_cast<int>(b.nodes.size() + i);
  for (int id : body) {
    Node n = g.nodes[static_cast<size_t>(id)];
    auto remap = [&](Arg& a) {
      if (auto it = at.find(a.node); it != at.end()) { a.node = it->second; return; }
      a.lit = g.nodes[static_cast<size_t>(a.node)].name;  // (a value of the outer graph no placeholder stands for)
      a.node = -1;
    };
    for (auto& a : n.args) { a.shadow = -1; each_node_arg(a, remap); }
    for (auto& [k, a] : n.kwargs) { a.shadow = -1; each_node_arg(a, remap); }
    b.nodes.push_back(n);
  }
  cap.index_of = at;
  for (int o : outputs) {
    if (o == -1) { b.outputs.push_back(-1); continue; }  // a body's `None` output (a grad of no input)
    if (auto it = at.find(o); it != at.end()) b.outputs.push_back(it->second);
  }
  b.output_groups = groups;
  b.is_body = true;
  return cap;
}

std::vector<int> bind_body(Graph& g, BodyCapture& cap, const std::function<int(const V&)>& node_of) {
  std::vector<int> args;
  for (size_t k = 0; k < cap.operands.size(); ++k) {
    const BodyOperand& op = cap.operands[k];
    int id = -1;
    if (op.tensor) id = node_of(op.tensor);
    else if (!op.sym.empty()) {
      auto it = g.sym_proxy.find(op.sym);
      id = it == g.sym_proxy.end() ? -1 : it->second;
    } else id = op.node;
    args.push_back(id);
    Node& p = cap.graph->nodes[k];
    if (!p.is_sym) p.name = id >= 0 ? g.nodes[static_cast<size_t>(id)].name : "arg" + std::to_string(k);
  }
  return args;
}

void name_body(const Graph& g, BodyCapture& cap) {
  for (size_t k = 0; k < cap.operands.size(); ++k) {
    const BodyOperand& op = cap.operands[k];
    Node& p = cap.graph->nodes[k];
    if (p.is_sym || !op.fixed_name.empty()) continue;
    int id = op.node;
    if (op.tensor)
      if (auto it = g.tensor_node.find(op.tensor.get()); it != g.tensor_node.end()) id = it->second;
    p.name = id >= 0 && static_cast<size_t>(id) < g.nodes.size() ? g.nodes[static_cast<size_t>(id)].name : "arg" + std::to_string(k);
  }
}

int add_body_attr(Graph& g, const std::string& prefix, std::shared_ptr<Graph> body) {
  // the next free index among the get_attr nodes of this graph (a rolled-back attempt's bodies do not count)
  int k = 0;
  for (;; ++k) {
    bool taken = false;
    for (const Node& n : g.nodes) taken = taken || (n.op == "get_attr" && n.target == prefix + std::to_string(k));
    if (!taken) break;
  }
  const std::string name = prefix + std::to_string(k);
  std::erase_if(g.bodies, [&](const auto& e) { return e.first == name; });
  g.bodies.emplace_back(name, std::move(body));
  Node n;
  n.op = "get_attr";
  n.target = name;
  n.name = g.unique_name(name);
  g.nodes.push_back(n);
  return static_cast<int>(g.nodes.size()) - 1;
}

}  // namespace tparse::compiler
