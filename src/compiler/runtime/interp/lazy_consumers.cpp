// Builtins that consume a generator expression written at the call lazily, as CPython does and as Dynamo's polyfills
// pull it: sum (traced: functools.reduce(operator.add, it, start), each item made just before its add; map too),
// next (to the first item only), any / all (to the item that decides). The generator expression hands its items to a
// sink as they are made (eval_comprehension's lazy_gen_sink_).
#include <functional>
#include <string>
#include <vector>

#include "runtime/interp.hpp"

namespace tparse::compiler {

namespace {
struct StopPulling {};  ///< thrown by a sink: the consumer has what it needs, nothing after this item runs
}  // namespace

void Interp::pull_genexpr(const ExprP& gen, const std::function<void(V)>& sink) {
  std::vector<V> items;  // (kept alive while it runs)
  const Expr* saved_expr = lazy_gen_expr_;
  lazy_gen_expr_ = gen.get();
  lazy_gen_sink_ = [&](V x) {
    items.push_back(x);
    sink(x);
  };
  struct Back { Interp* I; const Expr* e; ~Back() { I->lazy_gen_expr_ = e; I->lazy_gen_sink_ = nullptr; } } back{this, saved_expr};
  try { eval(gen); } catch (StopPulling&) {}
}

bool Interp::lazy_consumer_call(const ExprP& e, const V& callee, V& out) {
  const std::string& name = callee->s;
  // f(<genexpr>) or f(<genexpr>, second) with no keywords
  const bool gen1 = e->a.size() >= 2 && e->a[1]->k == EK::GenExp && e->kw[0].empty();
  const bool plain2 = e->a.size() == 2 || (e->a.size() == 3 && e->kw[1].empty());
  // sum(<generator expression>[, start]) traced: Dynamo's polyfill is functools.reduce(operator.add, it, start),
  // which pulls each item just before its add (the graph interleaves them: element, value, element_1, value_1)
  if (name == "sum" && tracing() && gen1 && plain2) {
    // (a start is evaluated first here; Python makes the generator, with its first iterable, before it)
    V acc = e->a.size() == 3 ? eval(e->a[2]) : mk_int(0);
    pull_genexpr(e->a[1], [&](V x) { acc = sum_add(acc, x, e->loc); });
    out = acc;
    return true;
  }
  // next(<generator expression>[, default]) runs the generator to its first item only (CPython: nothing after the
  // first yield runs; transformers' ModuleUtilsMixin.dtype `next(p.dtype for p in self.parameters() if ...)`
  // lifts one parameter, not all)
  if (name == "next" && gen1 && plain2) {
    V first;
    pull_genexpr(e->a[1], [&](V x) { first = x; throw StopPulling{}; });
    if (first) out = first;
    else if (e->a.size() == 3) out = eval(e->a[2]);
    else raise_exc("StopIteration", std::string(), e->loc);
    return true;
  }
  // any / all(<generator expression>) stop at the first item that decides (CPython's builtins, and Dynamo's polyfills
  // `for elem in iterable: if elem: return True`): the items after it are never made
  if ((name == "any" || name == "all") && gen1 && e->a.size() == 2) {
    const bool is_any = name == "any";
    bool result = !is_any;
    pull_genexpr(e->a[1], [&](V x) {
      if (truthy(x, e->loc) == is_any) { result = is_any; throw StopPulling{}; }
    });
    out = mk_bool(result);
    return true;
  }
  // sum(map(f, items)) traced the same way: map is lazy, each f(item) is made just before its add (mlp-mixer's
  // ParallelSum: `sum(map(lambda fn: fn(x), self.fns))`)
  if (name == "sum" && tracing() && e->a.size() == 2 && e->kw[0].empty() && e->a[1]->k == EK::Call &&
      e->a[1]->a.size() == 3 && e->a[1]->kw[0].empty() && e->a[1]->kw[1].empty() && e->a[1]->a[0]->k == EK::Name &&
      e->a[1]->a[0]->s == "map") {
    V m = eval(e->a[1]->a[0]);
    if (m->k != VK::Builtin || m->s != "map") return false;
    V fn = eval(e->a[1]->a[1]);
    V acc = mk_int(0);
    for (auto& item : iterate(eval(e->a[1]->a[2]), e->a[1]->loc)) acc = sum_add(acc, call(fn, {item}, {}, e->a[1]->loc), e->loc);
    out = acc;
    return true;
  }
  return false;
}

}  // namespace tparse::compiler
