// An autograd Function's apply the frame read from a source: Dynamo's inlined Function.apply (dynamo/variables/sparse_input.cpp).
#pragma once

#include "runtime/interp.hpp"

namespace tparse::compiler {

/// the break (inside an inlined call) or the frame's failure (at its own CALL) of such a call
[[noreturn]] void autograd_apply_from_source(Interp& I, Location loc);

}  // namespace tparse::compiler
