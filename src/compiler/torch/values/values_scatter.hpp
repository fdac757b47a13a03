// The value rule of scatter / scatter_add (values_scatter.cpp): `t.scatter_(dim, index, src)` written element by
// element from known index and source values (torch's rule: self[i with dim replaced by index[i]] = src[i]).
#pragma once

#include "runtime/values/value.hpp"

namespace tparse::compiler {
struct OpCall;
}  // namespace tparse::compiler

namespace tparse::compiler::values {

/// scatter_ / scatter_add_ eagerly (called before the write): the receiver's new values where the index and source
/// are known and either its old values are known or (scatter_) every element is written; false otherwise (its values
/// then become unknown, as any in-place write's)
bool scatter_inplace_values(OpCall& c);

/// scatter / scatter_add (out of place): the result's values, on the same terms; false when they stay unknown
bool scatter_values(OpCall& c, const V& res);

}  // namespace tparse::compiler::values
