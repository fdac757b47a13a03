// Value rules of torch._foreach_* ops written in place (values_foreach.cpp): each tensor of the list takes the
// elementwise op's values, as the op applied to that tensor alone would (the EMA and SWA averages of
// torch.optim.swa_utils, an optimizer's foreach step).
#pragma once

#include "runtime/values/value.hpp"

namespace tparse::compiler {
struct OpCall;
}  // namespace tparse::compiler

namespace tparse::compiler::values {

/// `_foreach_<op>_(tensors, other)` with op add / sub / mul / div / copy / lerp: the tensors' new values (each
/// unknown one stays unknown); false when the op has no rule here (the caller makes the tensors unknown)
bool foreach_in_place(OpCall& c, const V& list);

}  // namespace tparse::compiler::values
