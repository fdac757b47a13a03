// Guards Dynamo installs where torch.nn's own Python reads a module in a traced frame (module_guards.cpp).
#pragma once

#include <string>

#include "runtime/interp.hpp"

namespace tparse::compiler {

/// torch's own frame of a guard's user stack: `File ".../torch/<rel>", line <line>, in forward` and its code
std::string torch_forward_frame(const std::string& rel, int line, const std::string& code);
/// a guard's user stack: the frame's current line, then `torch_frames`
std::string nn_guard_stack(Interp& I, const std::string& torch_frames);
/// `mod.<attr> == True/False` where torch's nn code reads it (`torch_frames`: its frames of the guard's user stack)
void guard_nn_attr(Interp& I, const V& mod, const std::string& attr, const std::string& comment, const std::string& torch_frames);
/// Conv{1,2,3}d._conv_forward's constants (groups, stride, padding, dilation, padding_mode): EQUALS_MATCH each
void guard_conv_attrs(Interp& I, const V& mod, const std::string& cls, Location loc);
/// a submodule read in a frame: its TYPE_MATCH on `src` (once per source)
void guard_module_type(Interp& I, const V& mod, const std::string& src, Location loc);
/// nn.Module.zero_grad: each parameter's gradient set to None (set_to_none) — in a frame a gradient that is None
/// already is guarded so (`...weight.grad is None`), a later call after a backward recompiles
void module_zero_grad(Interp& I, const V& mod, bool to_none, Location loc);

}  // namespace tparse::compiler
