// A call's arguments, evaluated left to right (positional, `*`, `**`, keywords); at depth 0 of a compiled frame each
// evaluated one stays on Activation::operands while the next runs, as on CPython's stack, so a break inside a later
// argument hands it to the resume function and the call goes on with the resume's copy.
#include "runtime/interp.hpp"

namespace tparse::compiler {

bool Interp::eval_call_args(const Expr* e, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs) {
  bool ex = false;
  Activation& act = *stack_.back();
  // the arguments evaluated so far stay on the stack while the next one runs: at depth 0 of a compiled frame a break
  // inside a later argument hands a tensor one to the resume function (operand_values_below_call), and the call
  // goes on with the resume's copy (`index_points(xyz, fps(xyz, n))`: ___stack1 is xyz)
  const bool keep = act.ctx && act.depth == 0;
  const OperandsMark pop(act);
  const size_t mark = pop.mark;
  for (size_t i = 1; i < e->a.size(); ++i) {
    const std::string& k = e->kw[i - 1];
    if (k.empty()) {
      args.push_back(eval(e->a[i]));
      if (keep) act.operands.emplace_back(e->a[i].get(), args.back());
    } else if (k == "*") { ex = true; for (auto& x : iterate(eval(e->a[i]), e->a[i]->loc)) args.push_back(x); }
    else if (k == "**") {
      ex = true;
      V d = eval(e->a[i]);
      guard_dict_keys(d, e->a[i]->loc, false);  // `f(**d)`: the keys, then each value read
      for (auto& kv : d->dict) kwargs.push_back({py_str(kv.first), guard_container_read(d, kv.first, kv.second)});
    } else {
      kwargs.push_back({k, eval(e->a[i])});
      if (keep) act.operands.emplace_back(e->a[i].get(), kwargs.back().second);
    }
  }
  if (keep && act.operands.size() > mark) {  // (a resume's copies)
    size_t a = 0, w = 0;
    for (size_t i = 1, o = mark; i < e->a.size(); ++i) {
      const std::string& k = e->kw[i - 1];
      if (k == "*" || k == "**") break;
      if (o >= act.operands.size() || act.operands[o].first != e->a[i].get()) break;
      if (k.empty()) args[a++] = act.operands[o++].second;
      else kwargs[w++].second = act.operands[o++].second;
    }
    act.operands.resize(mark);
  }
  return ex;
}

}  // namespace tparse::compiler
