// Dynamo's VariableBuilder rules for what a frame reads, kept apart from the interpreter's name lookup: a module
// global (its G['x'] source, its guard, an ndarray as a tensor input, a float that became dynamic, a list's length),
// and the lazily wrapped items of a container the frame iterates (an RNN item refused where the body first uses it).
#include "runtime/interp.hpp"
#include "runtime/interp_helpers.hpp"
#include "torch/interop/numpy_traced.hpp"

#include "dynamo/messages.hpp"

#include <fmt/format.h>

namespace tparse::compiler {

bool is_rnn_module(const V& v) {
  return v->k == VK::Instance && (v->builtin_nn == "LSTM" || v->builtin_nn == "GRU" || v->builtin_nn == "RNN");
}

// LOAD_GLOBAL of `name` (value v, in the module scope e) inside a recorded frame: the value the frame sees (a tensor
// input or a SymFloat standing for it), or nullptr when it sees v itself
V Interp::wrap_module_global(Activation& act, Env* e, const std::string& name, const V& v, Location loc) {
  guard_global(name, v, loc);
  // an object of a user class read from the frame's own globals (`cfg.scale`): its attributes are read
  // through the source G['cfg'], so a constant read from it is guarded (getattr)
  // (a global tensor too: its placeholder is G_name_, `G['cmax']`)
  // (a global nn.Module too: its parameters are G['net']._modules['fc1']._parameters['weight'], placeholder
  // G_net_modules_fc1_parameters_weight_: a model called inside a compiled training step)
  if (((v->k == VK::Instance && (v->cls || !v->builtin_nn.empty())) || v->k == VK::Tensor ||
       v->k == VK::Dict || v->k == VK::List) && act.ctx->code &&
      act.ctx->code->globals.get() == e && !act.ctx->sources.count(v.get()))
    act.ctx->sources.of(v) = "G['" + name + "']";
  // a global ndarray (pytorch-fm's `offsets`): VariableBuilder wraps it as a tensor graph input seen as an
  // ndarray (`G_offsets_: "i64[3][1]cpu"`), as an attribute's (interp_attr.cpp); one input per source
  if (act.ctx->code && act.ctx->code->globals.get() == e)
    if (V t = np_traced::from_ndarray(v)) {
      V& in = act.ctx->np_scalar_inputs["G['" + name + "']"];
      if (!in) {
        in = t;
        act.ctx->sources.of(in) = "G['" + name + "']";
      }
      node_of(in);
      return in;
    }
  // a global list is wrapped with SEQUENCE_LENGTH (builder.py): `not G['times']` / `len(G['times']) == 2`, so a
  // list the frame appends to (rasbt's MOE_FF_TIME_MS timing) recompiles on every call up to the limit
  if (v->k == VK::List && !v->cls && act.ctx->code && act.ctx->code->globals.get() == e) guard_list_len("G['" + name + "']", v, loc, false);
  if (v->k == VK::Float) {
    CodeState& cs = *act.ctx->code;
    auto seen = cs.seen_globals.find(name);
    bool auto_dyn = !(cur_opts_ && cur_opts_->dynamic_false);
    if (auto_dyn && seen != cs.seen_globals.end() && seen->second->f != v->f && !cs.dyn_floats.count(name)) {
      cs.dyn_floats.insert(name);
      automatic_dynamic_event(*act.ctx, "G['" + name + "']", "\"scalar\"", "scalar change", py_repr(seen->second), py_repr(v));
    }
    cs.seen_globals[name] = v;
    // dynamic=True: a float global is an unspecialized graph input from the first compile
    if (cur_opts_ && cur_opts_->dynamic_true) cs.dyn_floats.insert(name);
    if (cs.dyn_floats.count(name)) return tensorified_float("G['" + name + "']", "G['" + name + "']", v, loc, true);
  }
  // (a None global too: NONE_MATCH `G['pixel_coords'] is None`, so the lazily built grid a later call finds set
  // recompiles; real torch 2.11: SfmLearner's inverse_warp)
  if (v->k == VK::Int || v->k == VK::Float || v->k == VK::Str || v->k == VK::Bool || v->k == VK::None) {
    ValueGuard g;
    g.src = "G['" + name + "']";
    g.value = v;
    g.kind = v->k == VK::Int ? "int" : v->k == VK::Float ? "float" : v->k == VK::Str ? "str" : v->k == VK::None ? "none" : "bool";
    g.code = v->k == VK::None ? g.src + " is None" : g.src + " == " + py_repr(v);
    g.comment = fmt::format("# {}  # {}:{} in {}", code_line(loc.file, loc.line, true),
                            short_path(loc.file), loc.line, act.fn ? act.fn->name : "<module>");
    g.stack = guard_user_stack(loc);
    bool dup = false;
    for (auto& x : act.ctx->vguards) dup = dup || x.src == g.src;
    if (!dup) act.ctx->vguards.push_back(g);
  }
  return nullptr;
}

// a module container's items, and a plain list's or tuple's the frame read (VariableBuilder's wrap_listlike makes its
// items lazy too: fatchord's Tacotron's `[m.flatten_parameters() for m in self._to_flatten]`), are wrapped where the
// body first uses one: an RNN is refused (allow_rnn=False), an instruction-level break inside the loop
void Interp::lazy_rnn_item(const V& container, const V& x, Location use) {
  Activation& act = *stack_.back();
  if (!act.ctx || act.ctx->mode != Mode::Record || !is_rnn_module(x))
    return;
  const bool nn_seq = container->k == VK::Instance && (container->builtin_nn == "ModuleList" || container->builtin_nn == "Sequential");
  const bool plain = (container->k == VK::List || container->k == VK::Tuple) && act.ctx->sources.count(container.get());
  if (!nn_seq && !plain) return;
  try {
    instruction_break("Attempted to wrap RNN, GRU, or LSTM", msg_rnn(rnn_repr(x)), use);
  } catch (GraphBreak& gb) {
    gb.lazy_item = true;
    throw;
  }
}

}  // namespace tparse::compiler
