// Warnings torch's Python argument parser raises when an eager call binds a deprecated overload
// (torch/csrc/utils/python_arg_parser.cpp): the scalar-first `add_(Number alpha, Tensor other)` family.
#pragma once

#include <string>
#include <vector>

#include "runtime/values/value.hpp"

namespace tparse::compiler {
class Interp;

/// An eager tensor method `name` called with `rest`: when it binds one of the deprecated scalar-first overloads
/// (add / sub / addcmul / addcdiv and their in-place forms), torch's UserWarning goes through the warnings stub (shown
/// once; under Dynamo's callback its warnings.py frames are handed to Dynamo once each)
void warn_deprecated_overload(Interp& I, const std::string& name, const std::vector<V>& rest, Location loc);

}  // namespace tparse::compiler
