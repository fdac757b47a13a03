// The storage offset of a view (`x[i:i + b]`, narrow, select, split, chunk, unbind, ...): where its first element
// lies in its base's storage, in elements, as torch's view kernels set it. Dynamo reads it when a frame input gets a
// dynamic size: ShapeEnv then makes the offset a DUCK symbol of its own (2 or more; 0 and 1 stay numbers), guarded
// `2 <= L['x'].storage_offset()`, so the next call's fresh tensor (offset 0) recompiles (dynamo/dynamo.cpp).
#include "torch/values/values.hpp"

#include <algorithm>

namespace tparse::compiler::values {

std::vector<long long> strides_of(const TensorInfo& t) {
  std::vector<long long> st(t.shape.size());
  if (t.stride.size() == t.shape.size()) {
    for (size_t i = 0; i < st.size(); ++i) st[i] = t.stride[i].v;
  } else {
    long long acc = 1;
    for (size_t i = st.size(); i-- > 0;) {
      st[i] = acc;
      acc *= std::max(1LL, t.shape[i].v);
    }
  }
  return st;
}

namespace {

long long norm_dim(long long d, size_t rank) { return d < 0 ? d + static_cast<long long>(rank) : d; }

long long int_or(const V& v, long long dflt) { return v && v->k == VK::Int ? v->i : dflt; }

/// The offset of basic index `idx` (ints, slices, None, ...) into a tensor of sizes `t` and strides `st`, in
/// elements from the tensor's own first element; -1 when the index is advanced (a copy, not a view).
long long index_offset(const TensorInfo& t, const std::vector<long long>& st, const V& idx) {
  std::vector<V> ix = idx->k == VK::Tuple && !idx->size_tuple ? idx->items : std::vector<V>{idx};
  size_t consumed = 0;
  for (auto& x : ix) {
    if (x->k == VK::Tensor || x->k == VK::List || x->k == VK::Bool) return -1;
    consumed += x->k == VK::Int || x->k == VK::Slice;
  }
  const size_t rank = t.shape.size();
  long long off = 0;
  size_t d = 0;
  for (auto& x : ix) {
    if (x->k == VK::None) continue;
    if (x->k == VK::Builtin && x->s == "Ellipsis") {
      d += rank > consumed ? rank - consumed : 0;
      continue;
    }
    if (d >= rank) return -1;
    const long long n = t.shape[d].v;
    if (x->k == VK::Int) {
      off += (x->i < 0 ? x->i + n : x->i) * st[d];
    } else if (x->k == VK::Slice) {
      long long lo = int_or(x->items[0], 0);
      if (lo < 0) lo += n;
      off += std::clamp(lo, 0LL, n) * st[d];
    } else {
      return -1;
    }
    ++d;
  }
  return off;
}

}  // namespace

void view_offset(OpCall& c, const V& res) {
  if (!c.self || c.self->k != VK::Tensor || !res) return;
  const TensorInfo& t = *c.self->t;
  const long long base = c.self->storage_offset;
  const std::vector<long long> st = strides_of(t);
  const size_t rank = t.shape.size();
  auto set = [](const V& r, long long off) {
    if (r && r->k == VK::Tensor) r->storage_offset = off;
  };
  const std::string& n = c.name;
  if (res->k == VK::Tuple || res->k == VK::List) {  // pieces along one dim, each starting where the last ended
    long long dim = n == "unbind" || n == "split" || n == "chunk" || n == "tensor_split" || n == "vsplit" ? 0 : rank > 1 ? 1 : 0;
    if (n != "hsplit" && n != "vsplit") dim = int_or(c.arg(n == "unbind" ? 0 : 1, "dim"), dim);
    dim = norm_dim(dim, rank);
    if (dim < 0 || static_cast<size_t>(dim) >= rank) return;
    long long at = 0;
    for (auto& x : res->items) {
      set(x, base + at * st[static_cast<size_t>(dim)]);
      if (n == "unbind") ++at;
      else if (x && x->k == VK::Tensor && x->t->shape.size() == rank) at += x->t->shape[static_cast<size_t>(dim)].v;
    }
    return;
  }
  if (res->k != VK::Tensor || res == c.self) return;
  long long off = base;
  if (n == "__getitem__") {
    V idx = c.arg(0, nullptr);
    long long o = idx ? index_offset(t, st, idx) : -1;
    off = o < 0 ? 0 : base + o;
  } else if (n == "narrow" || n == "select") {
    long long dim = norm_dim(int_or(c.arg(0, "dim"), 0), rank);
    long long i = int_or(c.arg(1, n == "narrow" ? "start" : "index"), 0);
    if (dim < 0 || static_cast<size_t>(dim) >= rank) return;
    if (i < 0) i += t.shape[static_cast<size_t>(dim)].v;
    off = base + i * st[static_cast<size_t>(dim)];
  } else if (n == "as_strided") {
    off = int_or(c.arg(2, "storage_offset"), base);
  } else if (n == "diagonal") {
    long long k = int_or(c.arg(0, "offset"), 0);
    long long d1 = norm_dim(int_or(c.arg(1, "dim1"), 0), rank), d2 = norm_dim(int_or(c.arg(2, "dim2"), 1), rank);
    if (d1 < 0 || d2 < 0 || static_cast<size_t>(d1) >= rank || static_cast<size_t>(d2) >= rank) return;
    off = base + (k >= 0 ? k * st[static_cast<size_t>(d2)] : -k * st[static_cast<size_t>(d1)]);
  } else if (n == "contiguous" || n == "to" || n == "type_as") {
    off = 0;  // (a copy: the same tensor is returned above when nothing changes)
  }
  res->storage_offset = off;
}

}  // namespace tparse::compiler::values
