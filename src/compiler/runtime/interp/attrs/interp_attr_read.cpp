// Reading an object's own attribute inside a compiled frame: the value's source, the guards Dynamo installs on it
// (a constant's EQUALS_MATCH, automatic dynamic for a float that changed) and the graph inputs VariableBuilder makes
// of it (parameters, buffers, ndarrays). The lookup itself (instances, classes, modules, descriptors): interp_attr.cpp.
#include <fmt/format.h>

#include <cmath>

#include "runtime/interp.hpp"
#include "runtime/interp_helpers.hpp"
#include "torch/nn/module_guards.hpp"
#include "torch/interop/numpy_traced.hpp"
#include "dynamo/messages.hpp"

namespace tparse::compiler {

// An object's own attribute read in a frame (an instance's, a dict subclass's `__dict__` entry: easydict configs):
// its source, the guards Dynamo installs on the value, and the graph inputs VariableBuilder makes of it
V Interp::own_attr_read(const V& obj, const std::string& name, V v, Location loc) {
  Activation& act = *stack_.back();
  if (act.ctx && act.ctx->mode == Mode::Record && is_rnn_module(v)) {
    // VariableBuilder refuses to wrap an RNN module (allow_rnn=False): a LOAD_ATTR, not a CALL
    instruction_break("Attempted to wrap RNN, GRU, or LSTM", msg_rnn(rnn_repr(v)), loc);
  }
  if (act.ctx && act.ctx->mode != Mode::Eager) {
    auto src = act.ctx->sources.find(obj.get());
    // an attribute the frame stored before this read: the store's value, neither guarded nor made dynamic
    const bool written = act.ctx->attrs_written.count({obj.get(), name}) > 0;
    if (src != act.ctx->sources.end() && is_nn_instance(obj)) guard_module_id(obj, src->second);
    if (src != act.ctx->sources.end() && is_nn_instance(obj) && is_nn_instance(v) && act.ctx->mode == Mode::Record)
      guard_module_type(*this, v, src->second + "._modules['" + name + "']", loc);
    // (a parameter or buffer reached before by another path that did not wrap it — an item of the frame's args
    // tuple — is wrapped here, by this source: the one that first realizes a tensor names it; real torch 2.11:
    // generator_reconstruct_skip's `l_func_parameters_weight_`)
    const bool unrealized_registered = v->k == VK::Tensor && (v->t->is_param || v->t->is_buffer) && is_nn_instance(obj) &&
                                       act.ctx->mode == Mode::Record && !act.ctx->graph.tensor_node.count(v.get());
    if (src != act.ctx->sources.end() && (!act.ctx->sources.count(v.get()) || unrealized_registered) && !act.ctx->stored_new.count(v.get())) {
      // (a module's registries hold its submodules, parameters and buffers; a plain object's attribute is one,
      // TD3's `self.actor` of `class TD3(object)`: L['self'].actor._modules['l1'], program
      // plain_object_module_attr_name)
      std::string s = src->second;
      const bool module_owner = is_nn_instance(obj);
      if (module_owner && is_nn_instance(v)) s += "._modules['" + name + "']";
      else if (module_owner && v->k == VK::Tensor && v->t->is_param) s += "._parameters['" + name + "']";
      else if (module_owner && v->k == VK::Tensor && v->t->is_buffer) s += "._buffers['" + name + "']";
      else if (name == "__tparse_referent__") s += "()";  // weakref.ref's object: WeakRefCallSource, `<ref>()`
      else s += "." + name;
      act.ctx->sources.of(v) = s;
      // a bound method kept as an attribute (`self.fn = cfg.transform`): its object is reached as `<s>.__self__`
      // (EfficientZero's config's value_support, whose ndarray then is a graph input of that source)
      if (v->k == VK::Bound && v->self && v->self->k == VK::Instance && !act.ctx->sources.count(v->self.get()))
        act.ctx->sources.of(v->self) = s + ".__self__";
      // a plain list attribute is wrapped with SEQUENCE_LENGTH (builder.py's wrap_listlike): a list of another
      // length recompiles (minimalRL's `for s, r in self.data`)
      if (act.ctx->mode == Mode::Record && v->k == VK::List && !v->cls) guard_list_len(s, v, loc, true);
    }
    // a constant read from an object the frame reaches (`self.k`, `self.cfg.k`): Dynamo specializes on it and
    // guards it (EQUALS_MATCH / TRUE_MATCH), so assigning another value recompiles (nn modules' own `training`
    // is guarded where a forward reads it)
    // under dynamic=True a module's float attribute is unspecialized (wrap_symfloat: a 0-d float64 input and its
    // item() where it is read; program dynamic_true_floats: `self.scale`)
    if (src != act.ctx->sources.end() && act.ctx->mode == Mode::Record && v->k == VK::Float && v->sym.empty() &&
        v->sym_node < 0 && std::isfinite(v->f) && cur_opts_ && cur_opts_->dynamic_true && is_nn_instance(obj)) {
      std::string s = src->second + "." + name;
      size_t cut = std::min(s.size(), s.find_first_of(".["));
      return tensorified_float("L['" + s.substr(0, cut) + "']" + s.substr(cut), s, v, loc, true);
    }
    // an int attribute of an object the frame reaches that changed since an earlier compile of this code
    // (mamba's `inference_params.seqlen_offset`, a decoding step counter): automatic dynamic makes it a SymInt
    // from then on, `L['p'].off` a graph input, branches on it symbolic guards (torch 2.11 mamba_step: 2 graphs
    // for offsets 0, 5, 6, 7)
    if (src != act.ctx->sources.end() && act.ctx->mode == Mode::Record && v->k == VK::Int && v->sym.empty() && v->sym_node < 0 &&
        act.ctx->code && !(cur_opts_ && cur_opts_->dynamic_false) && !is_nn_instance(obj) && !written)
      if (V s = dynamic_int_attr(*act.ctx, src->second + "." + name, v)) return s;
    // a float attribute that changed since an earlier compile of this code: unspecialized from then on
    if (src != act.ctx->sources.end() && act.ctx->mode == Mode::Record && !written)
      if (V t = float_attr_automatic_dynamic(src->second + "." + name, v, loc)) return t;
    // (None too: `self.src_mask is None` recompiles once the frame has stored a mask there: word_language_model);
    // not one the frame stored before this read: that is the store's value (FrameCtx::attrs_written)
    // (`training` too where the program's own code reads it: `if self.training:` of a user module, IndRNN's
    // dropout over time; a built-in module's is guarded where torch's forward reads it, nn_modules.cpp)
    if (src != act.ctx->sources.end() && act.ctx->mode == Mode::Record && (name != "training" || !is_stub(act.file)) && !written)
      constant_attr_guard(src->second + "." + name, v, loc);
    // an ndarray attribute (N-BEATS' `self.lin = np.arange(0, h) / h`): VariableBuilder wraps it as a tensor graph
    // input seen as an ndarray (`L_self_lin: "f64[8][1]cpu"`, guarded through ___from_numpy), so numpy's
    // arithmetic on it is traced (wrapped_mul, wrapped_cos) instead of folded; one input per source
    if (src != act.ctx->sources.end() && act.ctx->mode == Mode::Record)
      if (V t = v->k == VK::Bool ? np_traced::from_np_bool(*this, v) : np_traced::from_ndarray(*this, v)) {
        V& in = act.ctx->np_scalar_inputs[src->second + "." + name];
        if (!in) {
          in = t;
          act.ctx->sources.of(in) = src->second + "." + name;
        }
        node_of(in);
        return in;
      }
    // VariableBuilder wraps a module's parameter or buffer when it is read (not lazily): its placeholder comes here,
    // before frame inputs realized later (`self.pe[: x.shape[0]]`: L_self_buffers_pe_ then L_x_); unused ones are
    // pruned. A plain tensor attribute (the instance's __dict__: `self.cos = ...`, not registered) is a lazy
    // variable, lifted where an op first reads it (real torch 2.11: lazy_tensor_attr_placeholder_order)
    if (v->k == VK::Tensor && act.ctx->mode == Mode::Record && act.ctx->sources.count(v.get())) {
      const std::string vs = act.ctx->sources.of(v);
      const bool registered = vs.find("._parameters['") != std::string::npos || vs.find("._buffers['") != std::string::npos;
      if (registered) node_of(v);
      // (a plain one takes its own dims now, before an op reads its sizes: run_frame.cpp lazy_input_dims)
      else if (!act.ctx->graph.tensor_node.count(v.get()) && !v->t->is_param && !v->t->is_buffer && vs.rfind("G['", 0) != 0)
        lazy_input_dims(*act.ctx, v, vs);
    }
  }
  return v;
}

// a float attribute that changed since an earlier compile of this code (jepa's WarmupCosineSchedule
// `self._step += 1`; BART's encoder and decoder layers through one GradientCheckpointingLayer.__call__, whose
// `self.self_attn.scaling` differs; a BatchNorm's momentum that update_bn-style code sets per batch): automatic dynamic
// unspecializes it as a global float is, a 0-d float64 graph input and its item() where it is read
// (`G_sched_step: "f64[][]cpu"`). An nn.Module's too: builder.py's wrap_symfloat has no nn-module case (an int attribute
// of a module stays specialized: is_int_specialization_case). Null where the read stays a constant.
V Interp::float_attr_automatic_dynamic(const std::string& s, const V& v, Location loc) {
  Activation& act = *stack_.back();
  if (!act.ctx || act.ctx->mode != Mode::Record || v->k != VK::Float || !v->sym.empty() || v->sym_node >= 0 || !std::isfinite(v->f) ||
      !act.ctx->code || (cur_opts_ && cur_opts_->dynamic_false))
    return nullptr;
  CodeState& cs = *act.ctx->code;
  const bool first = act.ctx->item_reads.insert(s).second;
  auto seen = cs.seen_globals.find(s);
  const size_t cut = std::min(s.size(), s.find_first_of(".["));
  const std::string full = s.rfind("G['", 0) == 0 ? s : "L['" + s.substr(0, cut) + "']" + s.substr(cut);
  if (first && seen != cs.seen_globals.end() && seen->second->k == VK::Float && seen->second->f != v->f && !cs.dyn_floats.count(s)) {
    cs.dyn_floats.insert(s);
    automatic_dynamic_event(*act.ctx, full, "\"scalar\"", "scalar change", py_repr(seen->second), py_repr(v));
  }
  if (first) cs.seen_globals[s] = mk_float(v->f);
  if (cs.dyn_floats.count(s)) return tensorified_float(full, s, v, loc, true);
  return nullptr;
}

// A constant (int, float, str, bool, None) read from a source of the frame: Dynamo specializes on it and guards it
// (EQUALS_MATCH / TRUE_MATCH / FALSE_MATCH, `is None`), once per source
void Interp::constant_attr_guard(const std::string& source, const V& v, Location loc) {
  if (!(v->k == VK::Int || v->k == VK::Float || v->k == VK::Str || v->k == VK::Bool || v->k == VK::None) || !v->sym.empty()) return;
  Activation& act = *stack_.back();
  // a numpy scalar (np.float64 of np.sqrt, np.int64): VariableBuilder wraps it as a 0-d tensor graph input, not a
  // constant (interp_arith.cpp's binop_plain makes the input where it meets a tensor)
  if (is_np_scalar(v)) {
    if (!act.ctx->sources.count(v.get())) act.ctx->sources.of(v) = source;
    return;
  }
  ValueGuard g;
  g.src = source;
  g.value = v;
  g.kind = v->k == VK::Int ? "int" : v->k == VK::Float ? "float" : v->k == VK::Str ? "str" : v->k == VK::None ? "none" : "bool";
  g.code = v->k == VK::None ? g.src + " is None" : g.src + " == " + py_repr(v);
  g.comment = guard_comment(loc);
  g.stack = guard_user_stack(loc);
  for (auto& x : act.ctx->vguards)
    if (x.src == g.src) return;
  act.ctx->vguards.push_back(g);
}

}  // namespace tparse::compiler
