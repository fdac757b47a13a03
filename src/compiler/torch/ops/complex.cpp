// Complex family (rotary embeddings in LLaMA-style files): view_as_complex ([..., 2] float ->
// [...] complex), view_as_real ([...] complex -> [..., 2] float), real/imag/angle (float of the same
// shape), conj (same shape and dtype). torch.polar / torch.complex are in creation.cpp.
#include <fmt/format.h>

#include "runtime/interp.hpp"
#include "torch/symbols/sym_mono.hpp"
#include "torch/ops/rules.hpp"

namespace tparse::compiler::ops {

static std::string complex_of(const std::string& f) { return f == "float64" ? "complex128" : f == "float16" ? "complex32" : "complex64"; }
std::string real_of(const std::string& c) { return c == "complex128" ? "float64" : c == "complex32" ? "float16" : "float32"; }

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
  if (t.stride.size() == t.shape.size()) {  // a view: each complex stride counts two floats, the pair innermost
    o.stride = t.stride;
    for (auto& d : o.stride) d = dim_mul(d, Dim{2, ""});
    o.stride.push_back(Dim{1, ""});
  }
  return c.out(o);
}

V real_imag(OpCall& c) {
  TensorInfo o = c.like();
  bool cplx = o.dtype.rfind("complex", 0) == 0;
  if (c.name == "imag" && !cplx) c.fail("imag is not implemented for tensors with non-complex dtypes.");
  if (c.name != "conj" && c.name != "conj_physical" && c.name.rfind("resolve_", 0) != 0 && cplx) o.dtype = real_of(o.dtype);
  if (c.name == "angle" && !cplx && o.dtype.find("float") == std::string::npos) o.dtype = "float32";
  // real / imag of a complex tensor are views into its (re, im) pairs: every stride doubles (`[512, 32, 2]` of a
  // contiguous [2, 16, 16] complex; real torch 2.11, program numpy_sqrt_const_scale)
  if (cplx && (c.name == "real" || c.name == "imag") && c.t().stride.size() == o.shape.size()) {
    o.stride.clear();
    for (const Dim& d : c.t().stride) o.stride.push_back(dim_mul(d, Dim{2, ""}));
  }
  return c.out(o);
}

// torch.stft(input [L] or [B, L], n_fft, hop_length=n_fft//4, ..., center=True, onesided, return_complex):
// frames 1 + (L + 2*(n_fft//2 if center) - n_fft) // hop, bins n_fft//2 + 1 (onesided, a real input) else n_fft;
// complex [B?, bins, frames], or real [..., 2] with return_complex=False.
V stft(OpCall& c) {
  const TensorInfo& t = c.t();
  V nf = c.arg(0, "n_fft");
  if (!nf || nf->k != VK::Int) c.fail("stft(input, n_fft): n_fft must be an int");
  if (t.shape.empty() || t.shape.size() > 2) c.fail(fmt::format("stft: expected a 1D or 2D tensor, got {}", dims_str(t)));
  const long long n = nf->i;
  V hop = c.arg(1, "hop_length");
  const long long h = hop && hop->k == VK::Int ? hop->i : n / 4;
  V center = c.arg(4, "center");
  const bool ctr = !center || center->k != VK::Bool || center->b;
  const bool cplx_in = t.dtype.rfind("complex", 0) == 0;
  V one = c.arg(7, "onesided");
  const bool onesided = one && one->k == VK::Bool ? one->b : !cplx_in;
  V rc = c.arg(8, "return_complex");
  if (!rc || rc->k != VK::Bool) c.fail("stft requires the return_complex parameter be given for real inputs");
  long long len = t.shape.back().v + (ctr ? 2 * (n / 2) : 0);
  if (h <= 0 || len < n) c.fail(fmt::format("stft: n_fft={} is larger than the (padded) input length {}", n, len));
  TensorInfo o = c.like();
  o.shape.pop_back();
  o.shape.push_back(Dim{onesided ? n / 2 + 1 : n, ""});
  // (a symbolic length: the frame count as sympy keeps it, `((s27//160)) + 1` of a centred n_fft=512, hop 160)
  Dim frames{1 + (len - n) / h, ""};
  if (const Dim& in = t.shape.back(); in.is_sym())
    if (auto l = parse_linear(in.sym)) {
      l->c += (ctr ? 2 * (n / 2) : 0) - n;
      if (auto e = sym_floordiv(linear_str(*l).empty() ? std::to_string(l->c) : linear_str(*l), h, 1)) frames.sym = *e;
    }
  o.shape.push_back(frames);
  o.dtype = cplx_in ? t.dtype : complex_of(t.dtype);
  // ATen's stft transforms [B, frames, n_fft] rows and transposes the result: frames outermost in memory
  const long long F = o.shape[o.shape.size() - 2].v;
  o.stride = {Dim{1, ""}, Dim{F, ""}};
  if (o.shape.size() == 3) o.stride.insert(o.stride.begin(), dim_mul(Dim{F, ""}, frames));
  if (!rc->b) {  // view_as_real of it: every stride doubled, a last dim of 2
    o.dtype = real_of(o.dtype);
    o.shape.push_back(Dim{2, ""});
    for (auto& d : o.stride) d.v *= 2;
    o.stride.push_back(Dim{1, ""});
  }
  return c.out(o);
}

// torch.istft(input [B?, bins, frames] complex, n_fft, hop_length=n_fft//4, ..., center=True, ..., length): the
// signal, `length` samples or n_fft + hop * (frames - 1) less the centre padding; real unless return_complex.
V istft(OpCall& c) {
  const TensorInfo& t = c.t();
  V nf = c.arg(0, "n_fft");
  if (!nf || nf->k != VK::Int) c.fail("istft(input, n_fft): n_fft must be an int");
  if (t.shape.size() < 2 || t.shape.size() > 3) c.fail(fmt::format("istft: expected a 2D or 3D tensor, got {}", dims_str(t)));
  const long long n = nf->i;
  V hop = c.arg(1, "hop_length");
  const long long h = hop && hop->k == VK::Int ? hop->i : n / 4;
  V center = c.arg(4, "center");
  const bool ctr = !center || center->k != VK::Bool || center->b;
  V length = c.arg(7, "length");
  V rc = c.arg(8, "return_complex");
  const long long frames = t.shape.back().v;
  long long out = n + h * (frames - 1) - (ctr ? 2 * (n / 2) : 0);
  TensorInfo o = c.like();
  o.shape.pop_back();
  o.shape.pop_back();
  if (length && length->k == VK::Int) o.shape.push_back(Dim{length->i, length->sym});
  else o.shape.push_back(Dim{out, ""});
  if (!(rc && rc->k == VK::Bool && rc->b)) o.dtype = real_of(t.dtype);
  return c.out(o);
}

}  // namespace tparse::compiler::ops
