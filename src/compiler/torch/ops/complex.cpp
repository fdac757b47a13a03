// Complex family (rotary embeddings in LLaMA-style files): view_as_complex ([..., 2] float ->
// [...] complex), view_as_real ([...] complex -> [..., 2] float), real/imag/angle (float of the same
// shape), conj (same shape and dtype). torch.polar / torch.complex are in creation.cpp.
#include <fmt/format.h>

#include "runtime/interp.hpp"
#include "torch/ops/rules.hpp"

namespace tparse::compiler::ops {

static std::string complex_of(const std::string& f) { return f == "float64" ? "complex128" : f == "float16" ? "complex32" : "complex64"; }
static std::string real_of(const std::string& c) { return c == "complex128" ? "float64" : c == "complex32" ? "float16" : "float32"; }

V view_as_complex(OpCall& c) {
  const TensorInfo& t = c.t();
  if (t.shape.empty() || t.shape.back().v != 2) c.fail(fmt::format("Tensor must have a last dimension of size 2, got {}", dims_str(t)));
  if (t.dtype != "float32" && t.dtype != "float64" && t.dtype != "float16")
    c.fail(fmt::format("view_as_complex is only supported for float, double and half tensors, but got a tensor of scalar type: {}", t.dtype));
  TensorInfo o = c.like();
  o.shape.pop_back();
  o.dtype = complex_of(t.dtype);
  return c.out(o);
}

V view_as_real(OpCall& c) {
  const TensorInfo& t = c.t();
  if (t.dtype.rfind("complex", 0) != 0) c.fail(fmt::format("view_as_real is only supported for complex tensors, got {}", t.dtype));
  TensorInfo o = c.like();
  o.shape.push_back(Dim{2, ""});
  o.dtype = real_of(t.dtype);
  return c.out(o);
}

V real_imag(OpCall& c) {
  TensorInfo o = c.like();
  bool cplx = o.dtype.rfind("complex", 0) == 0;
  if (c.name == "imag" && !cplx) c.fail("imag is not implemented for tensors with non-complex dtypes.");
  if (c.name != "conj" && c.name != "conj_physical" && cplx) o.dtype = real_of(o.dtype);
  if (c.name == "angle" && !cplx && o.dtype.find("float") == std::string::npos) o.dtype = "float32";
  return c.out(o);
}

}  // namespace tparse::compiler::ops
