// Autograd's in-place checks on a tensor an op writes in place: a leaf that requires grad, and an output of a
// multi-output view op (or a view of one) under grad mode; each raised as torch raises it, eagerly and on fake tensors.
#include <fmt/format.h>

#include "runtime/interp.hpp"

namespace tparse::compiler {

// autograd's check_inplace: a leaf that requires grad cannot be changed in place while grad mode is on (an
// optimizer's `p.add_(...)` outside torch.no_grad(); in a frame the fake tensor raises it, a TorchRuntimeError at
// compile time: real torch 2.11, programs dead_locals_after_loop_oneline_break, filter_lambda_param_loop)
void Interp::check_leaf_inplace(const TensorInfo& t, Location loc) {
  // an output of a multi-output view op (or a view of one) that requires grad, written in place under grad mode:
  // autograd's handle_view_on_rebase refuses it, eagerly and on fake tensors (real torch 2.11: flow++'s attention,
  // `q *= key_depth ** -0.5` on a permuted view of a torch.split output)
  if (grad_enabled_ && !inference_mode_ && t.requires_grad && !t.multi_view_fn.empty() &&
      !(!stack_.empty() && path_of(stack_.back()->file).rfind("<tparse-stubs>/__tparse_", 0) == 0))
    raise_fake("RuntimeError", fmt::format("Output {} of {} is a view and is being modified inplace. This view is the output of a "
                                           "function that returns multiple views. Such functions do not allow the output views to "
                                           "be modified inplace. You should replace the inplace operation by an out-of-place one.",
                                           t.multi_view_nr, t.multi_view_fn), loc);
  if (!grad_enabled_ || inference_mode_ || !t.requires_grad || t.grad_fn) return;
  // (torch's own Python, our `__tparse_*` stubs, runs its steps under no_grad: _use_grad_for_differentiable)
  if (!stack_.empty() && path_of(stack_.back()->file).rfind("<tparse-stubs>/__tparse_", 0) == 0) return;
  raise_fake("RuntimeError", "a leaf Variable that requires grad is being used in an in-place operation.", loc);
}

}  // namespace tparse::compiler
