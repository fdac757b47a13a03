// Ranges of random data (TensorVals' lo / hi with no elements: torch.rand's [0, 1), randint's [low, high - 1]) through
// arithmetic with a number, the comparisons a range decides, and the ops that keep it (values_range.cpp).
#pragma once

#include <string>

#include "runtime/values/value.hpp"

namespace tparse::compiler {
class Interp;
struct OpCall;
}  // namespace tparse::compiler

namespace tparse::compiler::values {

/// `a op b` of a tensor `a` known only by its range and a number `b` (`+ - * /`: the result's range; a comparison the
/// range decides: its values); false when it is no such case
bool range_binop(Interp& I, const std::string& op, const V& a, const V& b, bool reflected, const V& res);
/// an op of a tensor known only by its range that keeps it (min / max / mean, views, copies); false otherwise
bool range_op(OpCall& c, const V& res);

}  // namespace tparse::compiler::values
