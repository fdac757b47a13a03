// torch.Tensor's attribute list (tensor_attrs.cpp, generated from torch 2.11's dir) against the op table: every name
// the table models as a Tensor method is an attribute of torch.Tensor, so a method tparse knows is never reported
// missing; and the list is torch's size, not a fragment.
#include <doctest/doctest.h>

#include <string>

#include "torch/op_table.hpp"
#include "torch/tensor_attrs.hpp"

using namespace tparse::compiler;

TEST_CASE("the op table's Tensor methods are attributes of torch 2.11's torch.Tensor, and only those") {
  // (dir(torch.Tensor) of torch 2.11 holds 756 names: methods, properties, dunders)
  CHECK(tensor_attr_count() == 756);
  int methods = 0, dropped = 0;
  std::string wrong;
  for (const OpDef& d : op_table()) {
    if (!(d.where & kMethod)) continue;
    for (const std::string& n : d.names) {
      const bool found = find_op(kMethod, n) != nullptr;
      methods += found;
      dropped += !found;
      if (found && !tensor_has_attr(n)) wrong += n + " ";
      for (const std::string& ip : {n + "_"})  // (and the in-place spellings derived from a row)
        if (find_op(kMethod, ip) && !tensor_has_attr(ip)) wrong += ip + " ";
    }
  }
  CHECK(methods > 200);
  CHECK_MESSAGE(wrong.empty(), "Tensor methods found that torch.Tensor does not have: " << wrong);
  // (rows shared by functions and methods: torch.rsub, torch.spmm, F.dropout and torch.linalg's names are no methods)
  CHECK(dropped >= 4);
  CHECK(find_op(kMethod, "rsub") == nullptr);
  CHECK(find_op(kTorch, "rsub") != nullptr);
  CHECK(tensor_has_attr("add_"));
  CHECK(tensor_has_attr("__getitem__"));
  CHECK_FALSE(tensor_has_attr("save_for_backward"));
  CHECK_FALSE(tensor_has_attr("frobnicate"));
}
