// torch's Python-level library functions that model code calls, eagerly or inside a frame, with Dynamo's rule for
// each: torch.autograd.Variable (a skipped builtin in a frame) and torch.autograd.grad (GB9186), torch.amp's
// custom_fwd / custom_bwd decorators, torch.nn.utils.rnn's packing functions (skipped by trace_rules) and
// spectral_norm (Python of ours, __tparse_torch_spectral__). `handled` says whether `name` was one of these.
#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "dynamo/messages.hpp"
#include "runtime/interp.hpp"
#include "torch/autograd/reach.hpp"
#include "torch/nn/packed_sequence.hpp"
#include "torch/interop/numpy_traced.hpp"
#include "torch/values/values.hpp"

namespace tparse::compiler {

V Interp::call_torch_library(const std::string& name, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs,
                             Location loc, bool& handled) {
  auto arg = [&](size_t i) -> V {
    if (i >= args.size()) error(loc, fmt::format("{}() missing argument {}", name, i + 1));
    return args[i];
  };
  Activation& act = *stack_.back();
  bool in_compiled = act.ctx && act.ctx->mode != Mode::Eager;
  handled = true;
  if (name == "torch._check" || name == "torch._check_with" || name == "torch._check_tensor_all" || name == "torch._check_tensor_all_with")
    return torch_check(name, args, kwargs, loc);
  // torch.sparse.FloatTensor(indices, values, size) and its kin (the legacy sparse constructors): sparse_coo_tensor of
  // that dtype (gae's and pygcn's normalized adjacency)
  const bool sizes_only = !args.empty() && std::all_of(args.begin(), args.end(), [](const V& a) { return a->k == VK::Int; });
  if (name.rfind("torch.sparse.", 0) == 0 && name.ends_with("Tensor") && (args.size() >= 2 || sizes_only)) {
    const std::string dt = legacy_type_dtype(name.substr(13));
    // eagerly its deprecation UserWarning, TORCH_WARN_ONCE: shown once per process and form, through warnings.py
    // (under the eval-frame callback its frames count: real torch 2.11, KGAT's update_attention run after its frame
    // failed, `torch.sparse.FloatTensor(indices, values, torch.Size(shape))`)
    if (!in_compiled) {
      const std::string text = sizes_only
          ? "torch.sparse.SparseTensor(shape, *, device=) is deprecated.  Please use torch.sparse_coo_tensor(shape, dtype=, "
            "device=). (Triggered internally at /pytorch/torch/csrc/utils/tensor_new.cpp:685.)"
          : "torch.sparse.SparseTensor(indices, values, shape, *, device=) is deprecated.  Please use "
            "torch.sparse_coo_tensor(indices, values, shape, dtype=, device=). (Triggered internally at "
            "/pytorch/torch/csrc/utils/tensor_new.cpp:654.)";
      warn_once(text, loc);
    }
    // sizes only (KGAT's `torch.sparse.FloatTensor(n, n)`): an empty sparse COO tensor of that shape, nnz 0, made
    // eagerly (in a frame the legacy constructor is a C function Dynamo does not trace, as sparse_coo_tensor)
    if (sizes_only) {
      if (in_compiled)
        graph_break("Attempted to call function marked as skipped", msg_skipped_builtin("torch._C", name.substr(13) + ".__new__"), loc);
      TensorInfo o;
      for (const V& a : args) o.shape.push_back(Dim{a->i, ""});
      o.dtype = dt.empty() ? "float32" : dt;
      o.stride = contiguous_strides(o.shape);
      o.sparse = true;
      V r = mk_tensor(o);
      long long n = 1;
      for (const Dim& d : o.shape) n = d.v > 0 && n <= (1LL << 22) ? n * d.v : 0;
      if (n > 0 && n <= (1LL << 22)) values::attach(*this, r, std::vector<double>(static_cast<size_t>(n), 0.0));
      return r;
    }
    std::vector<std::pair<std::string, V>> kw = kwargs;
    if (!dt.empty()) {
      auto d = std::make_shared<Obj>();
      d->k = VK::DType;
      d->s = dt;
      kw.push_back({"dtype", d});
    }
    return torch_fn("torch.sparse_coo_tensor", args, kw, loc);
  }
  // torch.nn.utils.spectral_norm / remove_spectral_norm (the pre-hook form): Python of ours (__tparse_torch_spectral__)
  if (name == "torch.nn.utils.spectral_norm" || name == "torch.nn.utils.spectral_norm.spectral_norm" ||
      name == "torch.nn.utils.remove_spectral_norm" || name == "torch.nn.utils.spectral_norm.remove_spectral_norm") {
    V fn = getattr(import_module("__tparse_torch_spectral__", loc), name.find("remove") != std::string::npos ? "remove_spectral_norm" : "spectral_norm", loc);
    return call(fn, args, kwargs, loc);
  }
  // torch.autograd.Variable(t, requires_grad=False): the legacy wrapper gives a tensor of t's data. Dynamo builds it
  // through polyfills.instantiate_user_defined_class_object, whose `cls.__new__(cls, ...)` is the C builtin
  // _LegacyVariableBase.__new__: a skipped call (GB0007) located in the polyfill, resumable at the user's call
  if (name == "torch.autograd.Variable" || name == "torch.autograd.variable.Variable") {
    if (in_compiled) {
      static const std::string poly = "/opt/torch/.venv/lib/python3.12/site-packages/torch/_dynamo/polyfills/__init__.py";
      GraphBreak gb;
      gb.gb_type = "Attempted to call function marked as skipped";
      gb.msg = msg_skipped_builtin("<unknown module>", "_LegacyVariableBase.__new__");
      gb.loc = loc;
      gb.fn_name = act.fn ? act.fn->name : "<module>";
      gb.at = poly + ":405";
      gb.traceback = user_traceback(loc) + fmt::format(
          "  File \"{}\", line 405, in instantiate_user_defined_class_object\n    obj = cls.__new__(cls, *args, **kwargs)\n", poly);
      throw gb;
    }
    V t = arg(0);
    for (auto& [k, v] : kwargs)
      if (k == "requires_grad" && t->k == VK::Tensor && truthy(v, loc)) t->t->requires_grad = true;
    return t;
  }
  // torch.autograd.functional's vjp / jvp / jacobian / hessian / vhp / hvp: in a frame Dynamo's in-graph functions,
  // whose Python function argument has no proxy (GB0055 at the call; real torch 2.11: Physics-Aware-Training's
  // backward calling `torch.autograd.functional.vjp(f_backward, args, v=grad_output)`); eagerly Python of ours
  if (name.rfind("torch.autograd.functional.", 0) == 0) {
    const std::string fn = name.substr(26);
    static const std::set<std::string> known = {"vjp", "jvp", "jacobian", "hessian", "vhp", "hvp"};
    if (known.count(fn)) {
      if (in_compiled) proxy_args_break(nullptr, args, kwargs, loc);
      return call(getattr(import_module("__tparse_torch_autograd_functional__", loc), fn, loc), args, kwargs, loc);
    }
  }
  // torch.autograd.grad(outputs, inputs, ...): in a frame a resumable break (GB9186, trace_autograd_ops is off by
  // default: WGAN-GP's gradient penalty); eagerly one gradient per input, shaped as the input
  if (name == "torch.autograd.grad") {
    if (in_compiled)
      graph_break("using `torch.autograd.grad` with `torch._dynamo.config.trace_autograd_ops=False`", msg_autograd_grad(), loc);
    V inputs = args.size() > 1 ? args[1] : nullptr;
    V outputs = !args.empty() ? args[0] : nullptr;
    bool create_graph = false;
    for (auto& [k, v] : kwargs) {
      if (k == "inputs") inputs = v;
      if (k == "outputs") outputs = v;  // (all by keyword: WGAN-GP's `autograd.grad(outputs=..., inputs=...)`)
      if (k == "create_graph") create_graph = truthy(v, loc);
    }
    if (!inputs) error(loc, "torch.autograd.grad() missing required argument 'inputs'");
    if (outputs) {
      const std::vector<V> roots = outputs->k == VK::Tensor ? std::vector<V>{outputs} : iterate(outputs, loc);
      autograd_entry_cast(roots, loc);
      for (const V& r : roots) run_python_backwards(r, loc);
    }
    std::vector<V> ins = inputs->k == VK::Tensor ? std::vector<V>{inputs} : iterate(inputs, loc);
    std::vector<V> gs;
    for (auto& t : ins) {
      if (t->k != VK::Tensor) error(loc, "torch.autograd.grad: inputs must be tensors");
      TensorInfo g = *t->t;
      g.is_param = g.is_buffer = false;
      // (the engine's result for a view that is not dense, `pts[:, :3]` of an (N, 6) cloud, is a fresh contiguous
      // tensor, not of the view's strides; real torch 2.11: IGR's gradient() of points with normals, whose resume
      // takes the (N, 3) gradient of stride 3)
      if (!is_dense_layout(g)) {
        g.stride = contiguous_strides(g.shape);
      }
      g.requires_grad = g.grad_fn = create_graph;  // (create_graph: a differentiable gradient, reaching its input)
      g.grad_edge = create_graph ? grad_edge_over({t}, {}) : nullptr;
      gs.push_back(mk_tensor(g));
    }
    return mk_tuple(gs);
  }
  // torch.backends.cuda.sdp_kernel(...) (deprecated; contextlib's generator manager): in a frame its value is no tensor
  // (GB0208), and the resume's `with` on it is a manager Dynamo cannot enter (GB0142, the frame skipped:
  // vit-pytorch's simple_flash_attn_vit; program sdp_kernel_ctx); eagerly a manager that changes nothing tparse models
  // torch.backends.cudnn.flags / mkldnn.flags(...) are the same kind (trace_rules' in-graph functions that return a
  // contextlib manager: pe_audio's `with torch.no_grad(), torch.backends.cudnn.flags(enabled=False):`)
  if (name == "torch.backends.cuda.sdp_kernel" || name == "torch.backends.cudnn.flags" || name == "torch.backends.mkldnn.flags") {
    const std::string fn = name.substr(name.rfind('.') + 1);
    if (in_compiled) np_traced::non_tensor_break(*this, "<function " + fn + " at 0x7f30632fa3e0>", "_GeneratorContextManager", loc);
    return call(getattr(import_module("__tparse_torch__", loc), "_GeneratorContextManager", loc), {}, {}, loc);
  }
  // torch.amp.custom_fwd / custom_bwd (and torch.cuda.amp's): decorators of an autograd.Function's forward / backward
  // that record the autocast state on ctx and call the function: nothing reaches a graph, the function is what runs.
  // Called with only keywords (`custom_fwd(device_type="cuda")`) they return themselves waiting for the function.
  if (name == "torch.amp.custom_fwd" || name == "torch.amp.custom_bwd" || name == "torch.cuda.amp.custom_fwd" ||
      name == "torch.cuda.amp.custom_bwd" || name == "torch.amp.autocast_mode.custom_fwd" || name == "torch.amp.autocast_mode.custom_bwd") {
    V fn = args.empty() ? nullptr : args[0];
    for (auto& [k, v] : kwargs) if (k == "fwd" || k == "bwd") fn = v;
    return fn && fn->k != VK::None ? fn : mk_builtin(name);
  }
  // torch.nn.utils.rnn's packing functions: trace_rules skips them (GB0007 at the call, resumable). Eagerly they make
  // and read the PackedSequence named tuple (packed_sequence.cpp); RNN modules take and give it (nn_modules.cpp)
  if (name.rfind("torch.nn.utils.rnn.", 0) == 0) {
    const std::string fn = name.substr(19);
    if (fn == "pack_padded_sequence" || fn == "pad_packed_sequence" || fn == "pack_sequence" || fn == "unpack_sequence") {
      if (in_compiled)
        graph_break("Attempted to call function marked as skipped",
                    msg_skipped_torch_fn("torch.nn.utils.rnn", fn, "/opt/torch/.venv/lib/python3.12/site-packages/torch/nn/utils/rnn.py"), loc);
      // the PackedSequence named tuple, from the lengths' values (torch/nn/packed_sequence.cpp)
      if (V r = rnn_packing_call(*this, fn, args, kwargs, loc)) return r;
      // a padded tensor handed to pad_packed_sequence (not a PackedSequence: an opaque value's output): as it is, with
      // lengths of its batch (the sequence by keyword too: `pad_packed_sequence(sequence=p)`)
      V first = args.empty() ? nullptr : args[0];
      for (auto& [k, v] : kwargs) if (k == "input" || k == "sequence" || k == "sequences") first = v;
      if (!first) raise_exc("TypeError", name.substr(name.rfind('.') + 1) + "() missing 1 required positional argument", loc);
      if (fn == "pad_packed_sequence") {
        V seq = first;
        if (seq->k != VK::Tensor) return mk_tuple({seq, none()});
        TensorInfo o = *seq->t;
        bool batch_first = false;
        for (auto& [k, v] : kwargs) {
          if (k == "batch_first") batch_first = truthy(v, loc);
          if (k == "total_length" && v->k == VK::Int && o.shape.size() >= 2) o.shape[batch_first ? 1 : 0] = Dim{v->i, ""};
        }
        TensorInfo lens;
        lens.dtype = "int64";
        lens.shape = {o.shape.size() >= 2 ? o.shape[batch_first ? 0 : 1] : Dim{1, ""}};
        V lv = mk_tensor(lens);
        return mk_tuple({mk_tensor(o), lv});
      }
      note_unmodelled(loc, name + "()");
      return mk_opaque(name + "()");
    }
    if (fn == "pad_sequence") {
      // rnn.py's Python, which Dynamo inlines: one `torch._C._nn.pad_sequence(tuple(sequences), batch_first,
      // float(padding_value), padding_side)` node at rnn.py:465 (vit-pytorch's ats_vit / na_vit; program pad_sequence_frame)
      V seqs = arg(0), bf = mk_bool(false), pv = mk_float(0.0), side = mk_str("right");
      if (args.size() > 1) bf = args[1];
      if (args.size() > 2) pv = args[2];
      if (args.size() > 3) side = args[3];
      for (auto& [k, v] : kwargs) {
        if (k == "batch_first") bf = v;
        else if (k == "padding_value") pv = v;
        else if (k == "padding_side") side = v;
        else if (k == "sequences") seqs = v;
      }
      std::vector<V> xs = iterate(seqs, loc);
      if (xs.empty() || xs[0]->k != VK::Tensor) error(loc, "pad_sequence(sequences): a list of tensors");
      if (pv->k == VK::Int) pv = mk_float(static_cast<double>(pv->i));
      const bool batch_first = truthy(bf, loc);
      TensorInfo o = *xs[0]->t;
      o.requires_grad = false;
      Dim t = o.shape.empty() ? Dim{0, ""} : o.shape[0];
      for (auto& x : xs) {
        if (x->k != VK::Tensor || x->t->shape.empty()) error(loc, "pad_sequence(sequences): a list of tensors");
        o.requires_grad = o.requires_grad || x->t->requires_grad;
        if (x->t->shape[0].v > t.v) t = x->t->shape[0];
      }
      o.shape.erase(o.shape.begin());
      o.shape.insert(o.shape.begin(), t);
      o.shape.insert(o.shape.begin() + (batch_first ? 0 : 1), Dim{static_cast<long long>(xs.size()), ""});
      o.stride.clear();
      o.is_param = o.is_buffer = false;
      V r = emit("call_function", "torch._C._nn.pad_sequence", "pad_sequence", false, {mk_tuple(xs), mk_bool(batch_first), pv, side}, {}, o, loc);
      if (tracing()) {
        Node& n = stack_.back()->ctx->graph.nodes.back();
        n.file = "/opt/torch/.venv/lib/python3.12/site-packages/torch/nn/utils/rnn.py";
        n.line = 465;
        n.fn_name = "pad_sequence";
        n.code = "return torch._C._nn.pad_sequence(";
      }
      return r;
    }
  }
  handled = false;
  return nullptr;
}

// torch._check(cond, message) / _check_with(error_type, cond, message): Dynamo's handle_check runs a constant
// condition at trace time (no node); a SymBool becomes a `torch._check` node, which tparse does not build (noted).
// torch._check_tensor_all(_with)(cond, message): an in-graph function whose fake run reads `cond._is_all_true().item()`:
// in a frame the data-dependent graph break GB0033 at the call (transformers' torch_compilable_check on a tensor:
// RT-DETR's spatial-shape checks); eagerly the check on the values the run knows.
V Interp::torch_check(const std::string& name, std::vector<V>& args, KW& kwargs, Location loc) {
  const bool with = name.ends_with("_with");
  const bool tensor_all = name.find("tensor_all") != std::string::npos;
  auto param = [&](size_t i, const char* kw) -> V {
    if (args.size() > i) return args[i];
    for (auto& [k, v] : kwargs) if (k == kw) return v;
    return nullptr;
  };
  V error_type = with ? param(0, "error_type") : nullptr;
  V cond = param(with ? 1 : 0, "cond");
  V message = param(with ? 2 : 1, "message");
  if (!cond) raise_exc("TypeError", name.substr(6) + "() missing 1 required positional argument: 'cond'", loc);
  auto fail = [&](const std::string& dflt) {
    std::string msg = dflt;
    if (message && message->k != VK::None) msg = py_str(call(message, {}, {}, loc));
    const std::string cls = error_type && (error_type->k == VK::Class || error_type->k == VK::Builtin) ? error_type->s : "RuntimeError";
    throw PyException{make_exception(error_type && error_type->k == VK::Class ? error_type : mk_builtin(cls), {mk_str(msg)}), loc, ""};
  };
  const bool in_compiled = !stack_.empty() && stack_.back()->ctx && stack_.back()->ctx->mode == Mode::Record;
  if (tensor_all) {
    if (cond->k != VK::Tensor) raise_exc("TypeError", "cond must be a tensor, but got " + type_name(cond), loc);
    if (cond->t->dtype != "bool") raise_exc("TypeError", "cond tensor must have dtype torch.bool, but got torch." + cond->t->dtype, loc);
    if (in_compiled) graph_break("Data dependent operator", msg_data_dependent_op("aten._local_scalar_dense.default"), loc);
    if (const std::vector<double>* v = values::data(*this, cond))
      for (double x : *v) if (x == 0) fail("Expected cond to be True, but got False. (Could this error message be improved? If so, please report an enhancement request to PyTorch.)");
    return none();
  }
  if ((cond->k == VK::Bool || cond->k == VK::Int) && cond->sym.empty()) {
    if (!truthy(cond, loc)) fail("Expected cond to be True, but got False. (Could this error message be improved? If so, please report an enhancement request to PyTorch.)");
    return none();
  }
  if (cond->k == VK::Bool && !cond->sym.empty()) {  // a SymBool: torch records `torch._check(...)` and asserts it at run time
    if (in_compiled) note_unmodelled(loc, name + " of a SymBool (its graph node)");
    return none();
  }
  raise_exc("TypeError", "cond must be a bool, but got " + type_name(cond), loc);
}

}  // namespace tparse::compiler
