// The recurrent modules' forward steps that run before the op itself (RNNBase.forward in torch/nn/modules/rnn.py):
// the flat weights brought up to date, and the flags handed to the _VF op as they were given.
#include <fmt/format.h>

#include <string>
#include <vector>

#include "runtime/interp.hpp"
#include "torch/nn/nn_more.hpp"

namespace tparse::compiler {

// RNNBase._update_flat_weights, first in forward: weights assigned since _init_flat_weights (awd-lstm's WeightDrop sets
// `weight_hh_l0` anew each call) make it run again, and it ends in `self.flatten_parameters()`: an instance's own
// function there (WeightDrop's widget_demagnetizer_y2k_edition) is a user frame, handed to Dynamo (real torch 2.11)
void nn_rnn_update_flat_weights(Interp& I, const V& mod, Location loc) {
  auto names = mod->attrs.find("_flat_weights_names"), refs = mod->attrs.find("_flat_weight_refs");
  if (names == mod->attrs.end() || refs == mod->attrs.end() || !names->second || !refs->second) return;
  std::vector<V> now;
  bool changed = names->second->items.size() != refs->second->items.size();
  for (size_t i = 0; i < names->second->items.size(); ++i) {
    auto a = mod->attrs.find(names->second->items[i]->s);
    now.push_back(a == mod->attrs.end() ? none() : a->second);
    changed = changed || i >= refs->second->items.size() || refs->second->items[i].get() != now.back().get();
  }
  if (!changed) return;
  mod->attrs["_flat_weights"] = mk_list(now);
  mod->attrs["_flat_weight_refs"] = mk_list(now);
  if (auto fp = mod->attrs.find("flatten_parameters"); fp != mod->attrs.end() && fp->second &&
                                                         (fp->second->k == VK::Func || fp->second->k == VK::Bound))
    I.call(fp->second, {}, {}, loc);
}

// RNNBase.forward hands bias, bidirectional and batch_first to _VF.lstm / gru / rnn_tanh as they were given: the C
// signature takes bools, so another type (Listen-Attend-Spell's `bidirectional=1`, which __init__ took for its truth)
// is the argument parser's TypeError (real torch 2.11)
void nn_rnn_check_flag_types(Interp& I, const V& mod, const std::string& cls, bool packed, Location loc) {
  for (const char* n : {"bias", "bidirectional", "batch_first"})
    if (V v = mod->attrs[n]; v && v->k != VK::Bool) {
      const std::string op = cls == "LSTM" ? "lstm" : cls == "GRU" ? "gru" : mod->attrs.count("nonlinearity") && mod->attrs["nonlinearity"]->k == VK::Str &&
                                                                                 mod->attrs["nonlinearity"]->s == "relu" ? "rnn_relu" : "rnn_tanh";
      auto tn = [&](const V& x) { return x->k == VK::Bool ? "bool" : x->k == VK::Int ? "int" : x->k == VK::Float ? "float" : x->k == VK::None ? "NoneType" : "object"; };
      std::string got = packed ? "Tensor, Tensor, " : "Tensor, ";
      got += cls == "LSTM" ? "tuple, list, " : "Tensor, list, ";
      got += fmt::format("{}, int, {}, bool, {}", tn(mod->attrs["bias"]), tn(mod->attrs["dropout"]), tn(mod->attrs["bidirectional"]));
      if (!packed) got += fmt::format(", {}", tn(mod->attrs["batch_first"]));
      I.raise_exc("TypeError", fmt::format("{}() received an invalid combination of arguments - got ({}), but expected one of:", op, got), loc);
    }
}

}  // namespace tparse::compiler
