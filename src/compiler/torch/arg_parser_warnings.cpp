// Deprecated overloads' warnings of torch's Python argument parser (arg_parser_warnings.hpp).
#include "torch/arg_parser_warnings.hpp"

#include <fmt/format.h>

#include "runtime/interp.hpp"
#include "runtime/interp_helpers.hpp"

namespace tparse::compiler {

// python_arg_parser.cpp's deprecated signatures: the Number first, where the current ones take it by keyword. The
// warning names the method as called (real torch 2.11: VQ-VAE's `cluster_size.data.mul_(decay).add_(1 - decay, n)`
// after its graph break shows it, whose warnings.py frames count; program deprecated_scalar_first_inplace_overloads)
void warn_deprecated_overload(Interp& I, const std::string& name, const std::vector<V>& rest, Location loc) {
  std::string base = name.back() == '_' ? name.substr(0, name.size() - 1) : name;
  const bool two = base == "add" || base == "sub";
  if (!two && base != "addcmul" && base != "addcdiv") return;
  const size_t want = two ? 2 : 3;
  auto is_number = [](const V& v) { return v && (v->k == VK::Int || v->k == VK::Float || v->k == VK::Bool); };
  if (rest.size() != want || !is_number(rest[0])) return;
  for (size_t i = 1; i < want; ++i) if (!rest[i] || rest[i]->k != VK::Tensor) return;
  const std::string old_sig = two ? "Number alpha, Tensor other" : "Number value, Tensor tensor1, Tensor tensor2";
  const std::string new_sig = two ? "Tensor other, *, Number alpha = 1" : "Tensor tensor1, Tensor tensor2, *, Number value = 1";
  const std::string text = fmt::format("This overload of {0} is deprecated:\n\t{0}({1})\nConsider using one of the following signatures "
                                       "instead:\n\t{0}({2}) (Triggered internally at /pytorch/torch/csrc/utils/python_arg_parser.cpp:1853.)",
                                       name, old_sig, new_sig);
  show_warning(I, text, "UserWarning", loc);
}

}  // namespace tparse::compiler
