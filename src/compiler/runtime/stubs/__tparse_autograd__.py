# The `ctx` a torch.autograd.Function's forward gets (torch.autograd.function.FunctionCtx): an attribute bag
# that keeps what forward stores on it (`ctx.run_function = f`, read back in forward itself, as
# guided-diffusion's checkpoint does) and the methods forward calls; backward is never run by tparse.

import torch


class FunctionCtx:
    def __init__(self, needs_input_grad):
        self.needs_input_grad = needs_input_grad
        self.saved_tensors = ()
        self.materialize_grads = True

    def save_for_backward(self, *tensors):
        self.saved_tensors = tensors

    @property
    def saved_variables(self):
        # the deprecated spelling of saved_tensors, still in torch 2.11 (NAFNet's LayerNorm2d); Dynamo's ctx has no
        # such attribute and reads the real (empty) one while it speculates backward: ()
        if torch.compiler.is_compiling():
            return ()
        return self.saved_tensors

    def save_for_forward(self, *tensors):
        pass

    def mark_dirty(self, *args):
        pass

    def mark_non_differentiable(self, *args):
        pass

    def set_materialize_grads(self, value):
        self.materialize_grads = value
