// torch.Tensor's attribute names of the modelled release (tensor_attrs.cpp, generated from dir(torch.Tensor) on the
// device): what hasattr(t, name) answers and what a tensor attribute read that is not there raises AttributeError for.
#pragma once

#include <cstddef>
#include <string_view>

namespace tparse::compiler {

/// `name` is an attribute of torch.Tensor (a method, a property, a dunder)
bool tensor_has_attr(std::string_view name);
/// how many names the list holds
size_t tensor_attr_count();

}  // namespace tparse::compiler
