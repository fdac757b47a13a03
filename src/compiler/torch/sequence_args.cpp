// Sourced lists and tuples of numbers an op takes: guards and dynamic int items (sequence_args.hpp).
#include "torch/sequence_args.hpp"

#include <string>

#include "runtime/interp.hpp"
#include "torch/op_table.hpp"

namespace tparse::compiler {

// A list or tuple of numbers an op takes from a source the frame reads (`torch.split(x, self._part_sizes)`): Dynamo's
// ListVariable realizes each item as a constant for the op, an EQUALS_MATCH on its source, so other sizes recompile
// (real torch 2.11: pathformer's SparseDispatcher, `___stack0._part_sizes[0] == 2`)
// An int item that changed since an earlier compile is a SymInt input from then on (automatic dynamic on the item's
// own source, unless reached through a module or a global: dynamic_int_attr), and the op takes the list with it
// (real torch 2.11: option-critic's `torch.LongTensor(options)` of a replay batch's tuple,
// `torch.LongTensor((l_data_batch_1_0_, 1, ...))`; program int_tuple_item_op_dynamic)
void guard_sourced_number_lists(OpCall& c) {
  if (!c.I.tracing()) return;
  FrameCtx& ctx = *c.I.stack_.back()->ctx;
  auto one = [&](V& v) {
    if (!v || (v->k != VK::List && v->k != VK::Tuple) || v->items.size() > 64) return;
    auto src = ctx.sources.find(v.get());
    if (src == ctx.sources.end()) return;
    const std::string base = src->second;
    // (the op reads the list: its LENGTH_CHECK and items are realized, a list argument's too; real torch 2.11:
    // `torch.tensor(tokens)` of a prompt's token list recompiles on `len(tokens) == 3`, program pickle_vocab_tensor_list)
    if (v->k == VK::List) {
      c.I.realize_list_guards(v, true, c.loc);
      if (ctx.lists_read.insert(v.get()).second) ctx.held.push_back(v);
    }
    V dyn;  // the list with its dynamic items, made at the first
    for (size_t i = 0; i < v->items.size(); ++i) {
      const V& x = v->items[i];
      if (!((x->k == VK::Int || x->k == VK::Bool) && x->sym.empty() && x->sym_node < 0 && !ctx.sources.count(x.get()))) continue;
      const std::string isrc = base + "[" + std::to_string(i) + "]";
      if (x->k == VK::Int && !x->np_int && ctx.code && ctx.mode == Mode::Record && base.rfind("___stack", 0) != 0 &&
          !(c.I.cur_opts_ && c.I.cur_opts_->dynamic_false))
        if (V s = c.I.dynamic_int_attr(ctx, isrc, x)) {
          if (!dyn) {
            dyn = v->k == VK::List ? mk_list(v->items) : mk_tuple(v->items);
            ctx.sources.of(dyn) = base;
          }
          dyn->items[i] = s;
          // (a legacy constructor's fake impl reads each item's value: the symbol specializes, `Sym(0)`, so another
          // value still recompiles)
          // (torch.Tensor too: real torch 2.11, program torch_Tensor_tuple_item_dynamic)
          if (!legacy_constructor_dtype(c.name).empty()) c.I.specialize_symbol(s->sym, c.loc);
          continue;
        }
      c.I.constant_attr_guard(isrc, x, c.loc);
    }
    if (!dyn) return;
    for (V& a : c.args) if (a.get() == v.get()) a = dyn;  // (the node is made from the arguments as called)
    v = dyn;
  };
  for (V& a : c.rest) one(a);
  for (auto& [k, a] : c.kwargs) one(a);
}

}  // namespace tparse::compiler
