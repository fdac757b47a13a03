// SymBools: relations of sizes read, flipped, negated and printed as sympy does, and `not` of a SymBool as a value
// (Dynamo's `_operator_not_` node).
#include "torch/symbols/sym_bool.hpp"

#include "runtime/interp.hpp"
#include "torch/keep_alive.hpp"
#include "torch/symbols/sym_mono.hpp"

namespace tparse::compiler {

std::optional<SymRelation> parse_sym_relation(const std::string& text) {
  for (const char* op : {" <= ", " >= ", " == ", " != ", " < ", " > "}) {
    const std::string o(op);
    size_t at = text.find(o);
    if (at == std::string::npos) continue;
    return SymRelation{text.substr(0, at), o.substr(1, o.size() - 2), text.substr(at + o.size())};
  }
  return std::nullopt;
}

std::string flip_sym_op(const std::string& op) {
  return op == "<" ? ">" : op == ">" ? "<" : op == "<=" ? ">=" : op == ">=" ? "<=" : op;
}

std::string negate_sym_op(const std::string& op) {
  return op == "==" ? "!=" : op == "!=" ? "==" : op == "<" ? ">=" : op == ">" ? "<=" : op == "<=" ? ">" : "<";
}

std::string sym_relation_text(const SymRelation& r) { return r.lhs + " " + r.op + " " + r.rhs; }

bool sym_int_literal(const std::string& x) {
  return !x.empty() && x.size() < 18 && x != "-" && x.find_first_not_of("-0123456789") == std::string::npos;
}

std::string sym_relation_sympy(const std::string& rel) {
  auto r = parse_sym_relation(rel);
  if (!r) return rel;
  SymRelation s = *r;
  if (sym_int_literal(s.lhs) && sym_bare_symbol(s.rhs)) s = SymRelation{s.rhs, flip_sym_op(s.op), s.lhs};
  // a size symbol against a number its assumptions decide (every s >= 1)
  if (sym_bare_symbol(s.lhs) && sym_int_literal(s.rhs)) {
    const long long c = std::stoll(s.rhs);
    const std::string& o = s.op;
    std::optional<bool> v;
    if (o == ">" && c <= 0) v = true;
    if (o == ">=" && c <= 1) v = true;
    if (o == "<" && c <= 1) v = false;
    if (o == "<=" && c <= 0) v = false;
    if ((o == "==" || o == "!=") && c <= 0) v = o == "!=";
    if (v) return *v ? "True" : "False";
  }
  if (r->op != "==" && r->op != "!=") return rel;
  std::string l = r->lhs, rr = r->rhs;
  if (sym_free_symbols(l).empty() && !sym_free_symbols(rr).empty()) std::swap(l, rr);
  return std::string(r->op == "==" ? "Eq(" : "Ne(") + l + ", " + rr + ")";
}

V Interp::sym_not(const V& b, Location loc) {
  V r = mk_bool(!b->b);
  std::string e = b->sym;
  if (auto rel = parse_sym_relation(e)) e = sym_relation_text({rel->lhs, negate_sym_op(rel->op), rel->rhs});
  r->sym = e;
  if (!tracing()) return r;
  Graph& g = stack_.back()->ctx->graph;
  Node n;
  n.op = "call_function";
  n.target = "_operator_not_";
  auto in = g.symint_node.find(b.get());  // (the relation's own node: `eq = 4 == s53`)
  n.args.push_back(in != g.symint_node.end() ? Arg{in->second, ""} : sym_arg(b));
  n.name = g.unique_name("not_");
  stamp_node(n, loc);
  // (no example value of its own in the printed graph, and no dead-code removal: torch 2.11 keeps it)
  g.nodes.push_back(n);
  g.symint_node[r.get()] = static_cast<int>(g.nodes.size()) - 1;
  keep_graph_value(r);
  return r;
}

}  // namespace tparse::compiler
