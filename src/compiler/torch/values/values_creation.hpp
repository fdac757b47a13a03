// The value rules of tensor factories (values_creation.cpp): torch.tensor / as_tensor / legacy typed constructors
// of Python data, arange, linspace, zeros / ones / full and their _like / new_ forms, scalar_tensor, eye, and the
// ranges of random factories.
#pragma once

#include "runtime/values/value.hpp"

namespace tparse::compiler {
struct OpCall;
}  // namespace tparse::compiler

namespace tparse::compiler::values {

/// A factory's result values (or the range of a random one) from its arguments; false when it has no rule
bool creation_rule(OpCall& c, const V& res);

}  // namespace tparse::compiler::values
