// The lists and tuples of numbers an op takes from a source the frame reads: their guards, and their int items that
// automatic dynamic made SymInt inputs (sequence_args.cpp; dispatch.cpp calls it for every torch function and method).
#pragma once

#include "torch/op_table.hpp"

namespace tparse::compiler {

/// Each sourced list / tuple argument of `c`: realized (a list's length guarded), each int item an EQUALS_MATCH on its
/// source or, once it changed since an earlier compile, a SymInt input the op then takes (c.args / c.rest / c.kwargs).
void guard_sourced_number_lists(OpCall& c);

}  // namespace tparse::compiler
