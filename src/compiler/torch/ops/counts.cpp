// Counts family: torch.bincount, torch.histc and torch.histogram, whose results are counts of the input's data (a
// data-dependent size for bincount; an even split assumed where tparse lacks the values, and noted).
#include <fmt/format.h>

#include <algorithm>

#include "dynamo/messages.hpp"
#include "runtime/interp.hpp"
#include "torch/ops/rules.hpp"
#include "torch/values/values.hpp"

namespace tparse::compiler::ops {

// torch.histc(input, bins=100, min=0, max=0): the counts over `bins` equal-width bins, a 1-D tensor of the input's
// floating type (torchtitan's MoE router counts tokens per expert so); the shape is static
V histc(OpCall& c) {
  TensorInfo o = c.like();
  V b = c.get("bins");
  long long bins = b && b->k == VK::Int ? b->i : 100;
  if (o.dtype.find("float") == std::string::npos && o.dtype.rfind("bfloat", 0) != 0) c.fail("histc: \"histogram_cpu\" not implemented for '" + o.dtype + "'");
  o.shape = {Dim{bins, ""}};
  o.requires_grad = false;
  // the counts are data: an even split of the input over the bins is assumed (they sum to its numel), and noted
  long long numel = 1;
  for (auto& d : c.t().shape) numel *= d.v;
  o.fill = static_cast<double>(numel / std::max(1LL, bins));
  c.I.note_unmodelled(c.loc, "torch.histc() values (tensor data): an even split assumed");
  return c.out(o);
}

// torch.histogram(input, bins, *, range=None, weight=None, density=False): (hist, bin_edges) as torch.return_types;
// `bins` an int (that many equal bins) or a 1-D tensor of edges (one bin fewer than edges). Float inputs only, as
// ATen's histogram_cpu. The counts are data: an even split of the input over the bins is assumed, and noted.
V histogram(OpCall& c) {
  TensorInfo base = c.like();
  if (base.dtype.find("float") == std::string::npos)
    c.fail("torch.histogram: input tensor and bins tensors should have the same dtype, and a floating type");
  V b = c.get("bins");
  long long nb = 100;
  if (b && b->k == VK::Int) nb = b->i;
  else if (b && b->k == VK::Tensor && b->t->shape.size() == 1) nb = b->t->shape[0].v - 1;
  else c.fail("torch.histogram(input, bins): bins must be an int or a 1-D tensor");
  if (nb < 1) c.fail("torch.histogram(): bins must be > 0");
  TensorInfo hist = base, edges = base;
  hist.shape = {Dim{nb, ""}};
  edges.shape = {Dim{nb + 1, ""}};
  hist.stride = contiguous_strides(hist.shape);
  edges.stride = contiguous_strides(edges.shape);
  hist.requires_grad = edges.requires_grad = false;
  long long numel = 1;
  for (auto& d : c.t().shape) numel *= d.v;
  hist.fill = static_cast<double>(numel / nb);
  edges.fill.reset();
  c.I.note_unmodelled(c.loc, "torch.histogram() values (tensor data): an even split assumed");
  return c.I.tuple_result(c.out(base), {hist, edges}, {"hist", "bin_edges"});
}

// torch.bincount(input, weights=None, minlength=0): size max(input)+1, at least minlength; the max is
// data: Dynamo treats it as a dynamic output shape (a graph break); eagerly the fill value decides.
V bincount(OpCall& c) {
  TensorInfo o = c.like();
  V ml = c.get("minlength");
  long long n = c.t().fill ? static_cast<long long>(*c.t().fill) + 1 : 1;
  if (ml && ml->k == VK::Int) n = std::max(n, ml->i);
  Activation& act = *c.I.stack_.back();
  if (act.ctx && act.ctx->mode != Mode::Eager)
    c.I.graph_break("Dynamic shape operator", msg_nonzero("aten.bincount.default"), c.loc);
  o.shape = {Dim{n, ""}};
  if (!c.t().fill) {
    // the counts are data tparse does not have: an even split of the input over the bins is assumed,
    // and the run says so (a Python branch on them decides which code runs)
    long long numel = 1;
    for (auto& d : c.t().shape) numel *= d.v;
    o.fill = static_cast<double>(numel / n);
    c.I.note_unmodelled(c.loc, "torch.bincount() values (tensor data): an even split assumed");
    ++c.I.guesses_;
  }
  V w = c.get("weights");
  o.dtype = w && w->k == VK::Tensor ? (w->t->dtype == "float32" ? "float64" : w->t->dtype) : "int64";
  return mk_tensor(o);
}


}  // namespace tparse::compiler::ops
