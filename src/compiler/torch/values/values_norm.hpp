// The value rules of two layers' functions (values_norm.cpp): F.linear, and F.batch_norm's normalized output with, in
// training, the running statistics torch updates in place.
#pragma once

#include "runtime/values/value.hpp"

namespace tparse::compiler {
struct OpCall;
}  // namespace tparse::compiler

namespace tparse::compiler::values {

/// batch_norm's result values (and in training its running_mean / running_var written in place: computed where the
/// input's values are known, else made unknown); false when the output's values stay unknown
bool batch_norm_rule(OpCall& c, const V& res);

/// F.linear(input, weight, bias)'s values from known ones; false otherwise
bool linear_rule(OpCall& c, const V& res);

}  // namespace tparse::compiler::values
