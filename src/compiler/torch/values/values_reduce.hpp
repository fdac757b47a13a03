// The value rules of reductions (values_reduce.cpp): sum / mean / prod / amax / amin / max / min / all / any / argmax /
// argmin / count_nonzero over dims, quantile / nanquantile, and matrix products.
#pragma once

#include "runtime/values/value.hpp"

namespace tparse::compiler {
struct OpCall;
class Interp;
}  // namespace tparse::compiler

namespace tparse::compiler::values {

/// A reduction's result values from its input's (over `dim`, a tuple of dims, or all); false: not one, or not known
bool reduction(OpCall& c, const V& res);
/// torch.norm / linalg.norm / linalg.vector_norm of known data: the p-norm over the dims it reduces
bool norm(OpCall& c, const V& res);
/// softmax / log_softmax of known data along a dim
bool softmax(OpCall& c, const V& res);
/// quantile(q, dim=None, keepdim=False) / nanquantile with the default linear interpolation: for each q (a number or
/// a 1-D tensor of known values, its values put first) the sorted group's value at rank q * (n - 1), interpolated as
/// torch's lerp; false otherwise
bool quantile(OpCall& c, const V& res);
/// sort / argsort / topk of known values along a dim (descending / largest; NaN the largest value; ties in their
/// order): the values and indices attached to the result (a (values, indices) tuple, argsort's tensor); false otherwise
bool sorting(OpCall& c, const V& res);
/// repeat_interleave(repeats, dim=None) of known values: an int or known counts (one, or one per slice along dim)
bool repeat_interleave(OpCall& c, const V& res);
/// a @ b (matmul / mm / bmm) of known values: torch.matmul's broadcast of batch dims, 1-D operands as a row / a
/// column; false when either operand is not known or the result is big
bool matmul(Interp& I, const V& a, const V& b, const V& res);

}  // namespace tparse::compiler::values
