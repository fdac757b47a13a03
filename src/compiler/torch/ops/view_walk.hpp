// torch._refs' _reshape_view_helper's walk (view_walk.cpp), what the view family's reshape rule (view.cpp) asks of it.
#pragma once

#include <optional>
#include <vector>

#include "torch/op_table.hpp"

namespace tparse::compiler::ops {

struct RefView {
  std::vector<Dim> shape, stride;
};

/// A view / reshape of an input with symbolic sizes: its output sizes and strides as the walk makes them (`shape`: the
/// target lengths, `infer`: the position of a -1, -1 when none); nullopt when the dims cannot be collapsed as a view
std::optional<RefView> ref_view(OpCall& c, const TensorInfo& t, const std::vector<Dim>& shape, int infer);
/// A static input `t` viewed with symbolic sizes `s` in a frame: the symbols the walk pins (specialized, and made
/// static in `s`)
void static_view_walk(OpCall& c, const TensorInfo& t, std::vector<Dim>& s, int infer);

}  // namespace tparse::compiler::ops
