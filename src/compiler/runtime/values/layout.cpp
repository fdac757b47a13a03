// The strides a new tensor of an op gets from its inputs' layouts: ATen's TensorIterator (elementwise_strides),
// FakeTensor's fast binary path under symbolic sizes (fast_binary_strides), channels-last layouts, and the copies
// of torch.preserve_format (preserve_format_strides). Declared in value.hpp.
#include <algorithm>
#include <vector>

#include "runtime/values/value.hpp"

namespace tparse::compiler {

std::vector<Dim> channels_last_strides(const std::vector<Dim>& s) {
  const size_t n = s.size();
  std::vector<size_t> order = n == 4 ? std::vector<size_t>{1, 3, 2, 0} : std::vector<size_t>{1, 4, 3, 2, 0};
  std::vector<Dim> out(n);
  Dim acc{1, ""};
  for (size_t d : order) {
    out[d] = acc;
    acc = dim_mul(acc, s[d].v == 0 && !s[d].is_sym() ? Dim{1, ""} : s[d]);
  }
  return out;
}

// channels-last, which size-1 dims allow beside contiguity (ConvNeXt's [2, 1, 1, C] of strides (C, 1, 1, 1)): C
// innermost, then the spatial dims from the last, then N
static bool is_channels_last_layout(const TensorInfo& t) {
  const size_t n = t.shape.size();
  if ((n != 4 && n != 5) || t.stride.size() != n) return false;
  std::vector<size_t> order = {1};
  for (size_t d = n - 1; d >= 2; --d) order.push_back(d);
  order.push_back(0);
  long long expect = 1;
  for (size_t d : order) {
    if (t.shape[d].v != 1 && t.stride[d].v != expect) return false;
    expect *= t.shape[d].v;
  }
  return true;
}

std::vector<Dim> elementwise_strides(const std::vector<Dim>& shape, const std::vector<const TensorInfo*>& inputs) {
  const size_t nd = shape.size();
  if (nd <= 1) return contiguous_strides(shape);
  // inputs that are all contiguous (a size-1 dim's stride does not count) give a contiguous output, whatever their
  // size-1 dims' strides (torch._prims_common's short-circuit: an einsum's [1, 2, 8][8, 8, 1] times 2 is [16, 8, 1]);
  // an input that broadcasts is expanded first (stride 0: not contiguous), so the strides decide (`q * cos` with q
  // [2, 2, 1, 16][32, 16, 32, 1] and cos [16]: [32, 16, 32, 1])
  auto plain = [&](const TensorInfo* t) {
    if (!t || t->shape.empty()) return true;
    if (t->shape.size() != nd) return false;
    for (size_t i = 0; i < nd; ++i)
      if (t->shape[i].v != shape[i].v && t->shape[i].v == 1) return false;
    return is_contiguous_layout(*t);
  };
  // (an input that is channels-last too, which size-1 dims allow — ConvNeXt's [2, 1, 1, C] of strides (C, 1, 1, 1) —
  // leaves the short-circuit ambiguous: the strides decide, torch's compute_elementwise_output_logical_to_physical_perm)
  auto channels_last_too = [&](const TensorInfo* t) { return !t || t->shape.empty() || is_channels_last_layout(*t); };
  if (std::all_of(inputs.begin(), inputs.end(), plain) &&
      !(std::any_of(inputs.begin(), inputs.end(), [](const TensorInfo* t) { return t && !t->shape.empty(); }) &&
        std::all_of(inputs.begin(), inputs.end(), channels_last_too)))
    return contiguous_strides(shape);
  // each input's strides over the output's dims (0 where it broadcasts), in hints
  std::vector<std::vector<long long>> st;
  for (const TensorInfo* t : inputs) {
    if (!t || t->shape.empty() || t->stride.size() != t->shape.size()) continue;
    std::vector<long long> s(nd, 0);
    size_t off = nd - std::min(nd, t->shape.size());
    for (size_t j = off; j < nd; ++j) {
      size_t i = j - off;
      s[j] = t->shape[i].v == 1 && shape[j].v != 1 ? 0 : t->stride[i].v;
    }
    st.push_back(s);
  }
  std::vector<size_t> perm(nd);  // perm[0]: the innermost dim
  for (size_t i = 0; i < nd; ++i) perm[i] = nd - 1 - i;
  auto should_swap = [&](size_t d0, size_t d1) {
    for (const auto& s : st) {
      long long a = s[d0], b = s[d1];
      if (a == 0 || b == 0) continue;
      if (a < b) return -1;
      if (a > b) return 1;
      // (guard_or_false: a comparison of a symbolic size with another is decided only when it is sure, a size symbol
      // being >= 2: `s77 > 1` holds, `s77 > 64` is not decided)
      const bool greater = shape[d0].is_sym() || shape[d1].is_sym()
                               ? (shape[d0].is_sym() && !shape[d1].is_sym() && shape[d1].v < 2)
                               : shape[d0].v > shape[d1].v;
      if (greater) return 1;
    }
    return 0;
  };
  for (size_t i = 1; i < nd; ++i) {
    size_t d1 = i;
    for (size_t d0 = i; d0-- > 0;) {
      int c = should_swap(perm[d0], perm[d1]);
      if (c > 0) {
        std::swap(perm[d0], perm[d1]);
        d1 = d0;
      } else if (c < 0) {
        break;
      }
    }
  }
  std::vector<Dim> laid(nd);  // outermost first
  for (size_t k = 0; k < nd; ++k) laid[k] = shape[perm[nd - 1 - k]];
  std::vector<Dim> ls = contiguous_strides(laid), out(nd);
  for (size_t k = 0; k < nd; ++k) out[perm[nd - 1 - k]] = ls[k];
  return out;
}

std::vector<Dim> fast_binary_strides(const std::vector<Dim>& shape, const std::vector<const TensorInfo*>& inputs) {
  auto symbolic = [](const TensorInfo* t) {
    if (!t) return false;
    for (const Dim& d : t->shape) if (d.is_sym()) return true;
    for (const Dim& d : t->stride) if (d.is_sym()) return true;
    return false;
  };
  if (!std::any_of(inputs.begin(), inputs.end(), symbolic)) return elementwise_strides(shape, inputs);
  // fake_impls.make_fast_binary_impl: some operand has the output's shape (else the slow path), and the operands
  // as given (not broadcast) are all contiguous, or else all channels-last
  auto same = [&](const TensorInfo* t) {
    if (!t || t->shape.size() != shape.size()) return false;
    for (size_t i = 0; i < shape.size(); ++i)
      if (t->shape[i].v != shape[i].v || t->shape[i].is_sym() != shape[i].is_sym()) return false;
    return true;
  };
  if (!std::any_of(inputs.begin(), inputs.end(), same)) return elementwise_strides(shape, inputs);
  // (judged by the hints: a stride whose symbols a guard has since specialized is its number, as
  // is_contiguous_for_memory_format_or_false decides it)
  auto contiguous = [](const TensorInfo* t) {
    if (!t || t->stride.size() != t->shape.size()) return true;
    long long expect = 1;
    for (size_t i = t->shape.size(); i-- > 0;) {
      if (t->shape[i].v != 1 && t->stride[i].v != expect) return false;
      expect *= t->shape[i].v;
    }
    return true;
  };
  if (std::all_of(inputs.begin(), inputs.end(), contiguous)) return contiguous_strides(shape);
  if (std::all_of(inputs.begin(), inputs.end(), [&](const TensorInfo* t) {
        return !t || (t->shape.size() == shape.size() && is_channels_last_layout(*t));
      }))
    return channels_last_strides(shape);
  return elementwise_strides(shape, inputs);
}

bool is_dense_layout(const TensorInfo& t) {
  if (t.stride.size() != t.shape.size()) return true;
  // c10's compute_non_overlapping_and_dense: dims of size >= 2 ordered by stride, each stride the product of
  // the sizes inside it (judged by the hints)
  std::vector<size_t> perm;
  for (size_t i = 0; i < t.shape.size(); ++i) if (t.shape[i].v >= 2) perm.push_back(i);
  std::stable_sort(perm.begin(), perm.end(), [&](size_t a, size_t b) { return t.stride[a].v < t.stride[b].v; });
  long long expected = 1;
  for (size_t d : perm) {
    if (t.stride[d].v != expected) return false;
    expected *= t.shape[d].v;
  }
  return true;
}

std::vector<Dim> preserve_format_strides(const TensorInfo& t) {
  if (t.stride.size() != t.shape.size() || t.shape.empty()) return t.stride;
  const bool dense = is_dense_layout(t);
  // with a symbolic size FakeTensor runs torch._refs' empty_like (no C++ meta for symbolic sizes): the strides are
  // make_contiguous_strides_for over the permuted shape, each factor sym_max(size, 1) (TSM's zeros_like of a view
  // `(s77//((s77//4)))` long: `288*Max(1, (s77//((s77//4))))`); C++'s empty_like copies a dense input's strides
  const bool sym = std::any_of(t.shape.begin(), t.shape.end(), [](const Dim& d) { return d.is_sym(); });
  return dense && !sym ? t.stride : elementwise_strides(t.shape, {&t});
}

}  // namespace tparse::compiler
