// Dynamo's has_tensor_in_frame (convert_frame.py): which frames the eval_frame callback converts at all. Shared by
// run_frame (a called frame) and enter_resume (a resume function: its stack values and live locals, and the names of
// the code it was made from).
#pragma once

#include <memory>

#include "runtime/values/value.hpp"

namespace tparse::compiler {

struct FuncDef;
struct Env;

/// A tensor or an nn.Module, or one inside a list, tuple or plain dict (any other object is not looked into).
bool has_tensor_in_value(const V& v, int depth = 0);
/// utils.is_namedtuple_cls: a class collections.namedtuple made (or typing.NamedTuple's), or a subclass keeping its __new__
bool is_namedtuple_cls(const V& cls, int depth = 0);
/// The code names a global (not a local of its own) that is torch, a torch.* module or numpy.
bool names_torch_global(const FuncDef* fn, const std::shared_ptr<Env>& globals);

}  // namespace tparse::compiler
