// The Python an eager backward runs under the eval_frame callback (a compiled training step breaks at loss.backward()
// and runs it eagerly inside the step's call, so every Python frame the engine enters is handed to Dynamo; real torch
// 2.11, frames_seen of device probes):
// - a custom op's registered backward (torch.library.custom_op + register_autograd: transformers' MoE
//   `_grouped_mm_fallback_backward`) and an eagerly applied autograd.Function's backward are frames of their own, one per
//   node the backward reaches, later nodes first (the engine's order by sequence number), each called with grad mode off
//   as backward(ctx, grad) (programs custom_op_backward_frames_step, custom_op_backward_noncontiguous_out);
// - an autograd.Function Dynamo traced (autograd_function_apply) runs its backward graph through torch code that
//   enters fifteen standard-library functions (a WeakSet, threading.Event.is_set, a cached_property, logging.debug, a
//   @contextmanager): each a frame the first time in the process, skipped ever after (program
//   autograd_function_backward_in_step; bloom's GeLUFunction in training).
#include <fmt/format.h>

#include <tuple>

#include "runtime/interp.hpp"
#include "torch/autograd/reach.hpp"

namespace tparse::compiler {

// `out` is made by a node whose backward is the Python function `bwd`, called as bwd(ctx, grad): ctx a FunctionCtx
// (the stub), filled by setup_context(ctx, inputs, output) where given (it runs as the op runs, with the callback off:
// a compiled graph calls it, no frame of its own), or the ctx an eager Function.apply already filled
void Interp::attach_python_backward(const V& out, const V& bwd, const V& setup, const std::vector<V>& args, Location loc, V ctx) {
  if (!out || out->k != VK::Tensor) return;
  if (!ctx) {
    V cls = getattr(import_module("__tparse_autograd__", loc), "FunctionCtx", loc);
    ctx = std::make_shared<Obj>();
    ctx->k = VK::Instance;
    ctx->cls = cls;
    std::vector<V> needs;
    for (const V& x : args) needs.push_back(mk_bool(x && x->k == VK::Tensor && x->t->requires_grad));
    std::vector<V> init_args{ctx, mk_tuple(needs)};
    std::vector<std::pair<std::string, V>> none_kw;
    if (V init = find_in_class(cls, "__init__"); init && init->k == VK::Func) call_without_callback(init, init_args, none_kw);
    if (setup && setup->k == VK::Func) {
      std::vector<V> setup_args{ctx, mk_tuple(args), out};
      call_without_callback(setup, setup_args, none_kw);
    }
  }
  auto edge = python_backward_edge(args, {}, bwd, ctx, *out->t);
  if (!edge) return;
  TensorInfo ti = *out->t;
  ti.requires_grad = ti.grad_fn = true;
  ti.grad_edge = edge;
  out->t = std::make_shared<TensorInfo>(ti);
}

void Interp::run_python_backwards(const V& root, Location loc) {
  if (callback_active_ == 0 || tracing()) return;  // (without the callback they are no frames: nothing to count)
  BackwardWalk w = walk_backward(root);
  if (w.function_hop) {
    static const char* const lib = "/usr/lib/python3.12/";
    static const std::vector<std::tuple<const char*, const char*, int>> chain = {
        {"add", "_weakrefset.py", 85}, {"is_set", "threading.py", 601}, {"__get__", "functools.py", 393},
        {"__iter__", "_weakrefset.py", 63}, {"__init__", "_weakrefset.py", 17}, {"__enter__", "_weakrefset.py", 21},
        {"__exit__", "_weakrefset.py", 27}, {"_commit_removals", "_weakrefset.py", 53}, {"remove", "_weakrefset.py", 110},
        {"debug", "logging/__init__.py", 1517}, {"isEnabledFor", "logging/__init__.py", 1790},
        {"helper", "contextlib.py", 299}, {"__init__", "contextlib.py", 104}, {"__enter__", "contextlib.py", 132},
        {"__exit__", "contextlib.py", 141}};
    for (const auto& [name, file, line] : chain) {
      const std::string path = std::string(lib) + file;
      count_stdlib_frame_once(name, path.c_str(), line);
    }
  }
  if (w.python.empty()) return;
  const bool saved_grad = grad_enabled_;
  grad_enabled_ = false;  // (the engine calls backward functions with grad mode off unless create_graph)
  try {
    for (const auto& e : w.python) {
      TensorInfo gi;
      for (long long n : e->py_out_shape) gi.shape.push_back(Dim{n, ""});
      gi.stride = contiguous_strides(gi.shape);
      gi.dtype = e->py_out_dtype;
      gi.device = e->py_out_device;
      call(e->py_backward, {e->py_ctx, mk_tensor(gi)}, {}, loc);
    }
  } catch (...) {
    grad_enabled_ = saved_grad;
    throw;
  }
  grad_enabled_ = saved_grad;
}

}  // namespace tparse::compiler
