// torch.nn.utils.rnn's packing functions run eagerly, as torch/nn/utils/rnn.py computes them: the lengths decide
// the packed rows (their sum) and the batch size at each step, so they are read from the lengths' values (a list of
// ints, or a tensor whose values are known); without them every sequence is taken as full length and the run is
// approximate. See packed_sequence.hpp.
#include "torch/nn/packed_sequence.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

#include "runtime/interp.hpp"
#include "torch/autograd/reach.hpp"
#include "torch/values/values.hpp"

namespace tparse::compiler {

namespace {

V kw_or(const std::vector<V>& args, const KW& kwargs, size_t i, const char* name) {
  for (auto& [k, v] : kwargs) if (k == name) return v;
  return i < args.size() ? args[i] : nullptr;
}

bool flag(Interp& I, const V& v, bool dflt, Location loc) { return v && v->k != VK::None ? I.truthy(v, loc) : dflt; }

V new_packed(Interp& I, V data, V batch_sizes, V sorted, V unsorted, Location loc) {
  V cls = I.getattr(I.import_module("__tparse_torch__", loc), "PackedSequence", loc);
  return I.call(cls, {std::move(data), std::move(batch_sizes), std::move(sorted), std::move(unsorted)}, {}, loc);
}

/// An int64 tensor of these values (batch_sizes, indices, lengths: CPU tensors torch makes).
V long_tensor(Interp& I, const std::vector<long long>& xs) {
  TensorInfo t;
  t.dtype = "int64";
  t.shape = {Dim{static_cast<long long>(xs.size()), ""}};
  t.stride = contiguous_strides(t.shape);
  V v = mk_tensor(t);
  values::attach(I, v, std::vector<double>(xs.begin(), xs.end()));
  return v;
}

/// A new tensor of `shape` made from `input` (dtype, device; autograd follows it): the packed rows, a padded batch.
V made_from(Interp& I, const V& input, std::vector<Dim> shape) {
  TensorInfo o = *input->t;
  o.shape = std::move(shape);
  o.stride = contiguous_strides(o.shape);
  o.is_param = o.is_buffer = false;
  o.requires_grad = I.grad_enabled() && input->t->requires_grad;
  o.grad_fn = o.requires_grad;
  o.grad_edge = o.requires_grad ? grad_edge_over({input}, {}) : nullptr;
  return mk_tensor(o);
}

/// `rows` rows of `input`'s dims from `trailing_from` on.
std::vector<Dim> rows_of(const V& input, long long rows, size_t trailing_from) {
  std::vector<Dim> shape{Dim{rows, ""}};
  for (size_t i = trailing_from; i < input->t->shape.size(); ++i) shape.push_back(input->t->shape[i]);
  return shape;
}

/// The lengths as numbers: a list / tuple of ints, or a tensor of known values; false when not known.
bool lengths_of(Interp& I, const V& lengths, std::vector<long long>& out, Location loc) {
  out.clear();
  if (!lengths) return false;
  if (lengths->k == VK::Tensor) {
    const std::vector<double>* v = values::data(I, lengths);
    if (!v) return false;
    for (double x : *v) out.push_back(static_cast<long long>(x));
    return true;
  }
  if (lengths->k != VK::List && lengths->k != VK::Tuple) return false;
  for (const V& x : I.iterate(lengths, loc)) {
    if (x->k == VK::Int) out.push_back(x->i);
    else if (x->k == VK::Tensor && values::data(I, x) && values::data(I, x)->size() == 1) out.push_back(static_cast<long long>((*values::data(I, x))[0]));
    else return false;
  }
  return true;
}

/// Packs sequences of `lens` (batch order) out of `input` ([T, B, *] or batch-first [B, T, *]).
V pack(Interp& I, const V& input, std::vector<long long> lens, bool known, bool batch_first, bool enforce_sorted, const std::string& fn, Location loc) {
  const TensorInfo& t = *input->t;
  if (t.shape.size() < 2) I.raise_exc("RuntimeError", fmt::format("{}: the input must have at least 2 dimensions, got {}", fn, t.shape.size()), loc);
  const Dim time = t.shape[batch_first ? 1 : 0], batch = t.shape[batch_first ? 0 : 1];
  if (!known) {
    I.note_unmodelled(loc, fn + "() of lengths tparse does not know (every sequence taken as full length)");
    lens.assign(static_cast<size_t>(std::max<long long>(batch.v, 0)), time.v);
  }
  if (static_cast<long long>(lens.size()) != batch.v)
    I.raise_exc("RuntimeError", fmt::format("Expected `len(lengths)` to be equal to batch_size, but got {} (batch_size={})", lens.size(), batch.v), loc);
  for (long long l : lens)
    if (l <= 0)
      I.raise_exc("RuntimeError", "Length of all samples has to be greater than 0, but found an element in 'lengths' that is <= 0", loc);
  std::vector<long long> order(lens.size());
  std::iota(order.begin(), order.end(), 0);
  V sorted = none(), unsorted = none();
  if (enforce_sorted) {
    for (size_t i = 1; i < lens.size(); ++i)
      if (lens[i] > lens[i - 1])
        I.raise_exc("RuntimeError",
                    "`lengths` array must be sorted in decreasing order when `enforce_sorted` is True. You can pass "
                    "`enforce_sorted=False` to pack_padded_sequence and/or pack_sequence to sidestep this requirement if "
                    "you do not need ONNX exportability.",
                    loc);
  } else {
    std::stable_sort(order.begin(), order.end(), [&](long long a, long long b) { return lens[a] > lens[b]; });
    std::vector<long long> inv(order.size());
    for (size_t i = 0; i < order.size(); ++i) inv[static_cast<size_t>(order[i])] = static_cast<long long>(i);
    sorted = long_tensor(I, order);
    unsorted = long_tensor(I, inv);
  }
  const long long longest = lens.empty() ? 0 : *std::max_element(lens.begin(), lens.end());
  if (longest > time.v)
    I.raise_exc("RuntimeError", fmt::format("Expected sequence length to be larger than or equal to {}, but got {}", longest, time.v), loc);
  std::vector<long long> batch_sizes;
  for (long long s = 0; s < longest; ++s)
    batch_sizes.push_back(std::count_if(lens.begin(), lens.end(), [&](long long l) { return l > s; }));
  const long long rows = std::accumulate(lens.begin(), lens.end(), 0LL);
  return new_packed(I, made_from(I, input, rows_of(input, rows, 2)), long_tensor(I, batch_sizes), sorted, unsorted, loc);
}

std::vector<long long> known_longs(Interp& I, const V& t) {
  std::vector<long long> out;
  if (t && t->k == VK::Tensor)
    if (const std::vector<double>* v = values::data(I, t)) for (double x : *v) out.push_back(static_cast<long long>(x));
  return out;
}

}  // namespace

bool is_packed_sequence(const V& v) { return v && v->k == VK::Instance && v->cls && v->cls->s == "PackedSequence"; }

Dim packed_max_batch(Interp& I, const V& packed, Location loc) {
  std::vector<long long> bs = known_longs(I, I.getattr(packed, "batch_sizes", loc));
  if (!bs.empty()) return Dim{bs[0], ""};
  V si = I.getattr(packed, "sorted_indices", loc);
  if (si->k == VK::Tensor && !si->t->shape.empty()) return si->t->shape[0];
  return Dim{1, ""};
}

V packed_like(Interp& I, const V& like, const V& data, Location loc) {
  return new_packed(I, data, I.getattr(like, "batch_sizes", loc), I.getattr(like, "sorted_indices", loc),
                    I.getattr(like, "unsorted_indices", loc), loc);
}

V rnn_packing_call(Interp& I, const std::string& fn, std::vector<V>& args, KW& kwargs, Location loc) {
  if (fn == "pack_padded_sequence") {  // (input, lengths, batch_first=False, enforce_sorted=True)
    V input = kw_or(args, kwargs, 0, "input"), lengths = kw_or(args, kwargs, 1, "lengths");
    if (!input || input->k != VK::Tensor || !lengths) I.raise_exc("TypeError", "pack_padded_sequence() missing required argument: 'input' or 'lengths'", loc);
    std::vector<long long> lens;
    const bool known = lengths_of(I, lengths, lens, loc);
    return pack(I, input, lens, known, flag(I, kw_or(args, kwargs, 2, "batch_first"), false, loc),
                flag(I, kw_or(args, kwargs, 3, "enforce_sorted"), true, loc), fn, loc);
  }
  if (fn == "pack_sequence") {  // (sequences, enforce_sorted=True): a list of [L_i, *] tensors
    V seqs = kw_or(args, kwargs, 0, "sequences");
    if (!seqs) I.raise_exc("TypeError", "pack_sequence() missing 1 required positional argument: 'sequences'", loc);
    std::vector<V> xs = I.iterate(seqs, loc);
    if (xs.empty() || xs[0]->k != VK::Tensor || xs[0]->t->shape.empty()) I.raise_exc("RuntimeError", "pack_sequence(sequences): a list of tensors", loc);
    std::vector<long long> lens;
    for (const V& x : xs) {
      if (x->k != VK::Tensor || x->t->shape.empty()) I.raise_exc("RuntimeError", "pack_sequence(sequences): a list of tensors", loc);
      lens.push_back(x->t->shape[0].v);
    }
    TensorInfo padded = *xs[0]->t;  // pad_sequence's [T, B, *]
    padded.shape.insert(padded.shape.begin() + 1, Dim{static_cast<long long>(xs.size()), ""});
    padded.shape[0] = Dim{*std::max_element(lens.begin(), lens.end()), ""};
    for (const V& x : xs) padded.requires_grad = padded.requires_grad || x->t->requires_grad;
    padded.grad_edge = padded.requires_grad ? grad_edge_over(xs, {}) : nullptr;
    padded.grad_fn = padded.requires_grad;
    return pack(I, mk_tensor(padded), lens, true, false, flag(I, kw_or(args, kwargs, 1, "enforce_sorted"), true, loc), fn, loc);
  }
  if (fn == "pad_packed_sequence" || fn == "unpack_sequence") {
    V seq = kw_or(args, kwargs, 0, fn == "unpack_sequence" ? "packed_sequences" : "sequence");
    if (!is_packed_sequence(seq)) return nullptr;  // (a padded tensor a model passes on: the caller's fallback)
    V data = I.getattr(seq, "data", loc);
    V bst = I.getattr(seq, "batch_sizes", loc);
    std::vector<long long> bs = known_longs(I, bst);
    const long long steps = bst->k == VK::Tensor && !bst->t->shape.empty() ? bst->t->shape[0].v : 0;
    const Dim batch = packed_max_batch(I, seq, loc);
    // each sequence's length (sorted order), then the batch's order back
    std::vector<long long> lens(static_cast<size_t>(batch.v), steps);
    if (!bs.empty()) {
      std::fill(lens.begin(), lens.end(), 0);
      for (long long b : bs)
        for (long long i = 0; i < b && i < batch.v; ++i) ++lens[static_cast<size_t>(i)];
    }
    std::vector<long long> un = known_longs(I, I.getattr(seq, "unsorted_indices", loc));
    if (un.size() == lens.size()) {
      std::vector<long long> back(lens.size());
      for (size_t i = 0; i < un.size(); ++i) back[i] = lens[static_cast<size_t>(un[i])];
      lens = back;
    }
    if (fn == "unpack_sequence") {
      std::vector<V> out;
      for (long long l : lens) out.push_back(made_from(I, data, rows_of(data, l, 1)));
      return mk_list(out);
    }
    const bool batch_first = flag(I, kw_or(args, kwargs, 1, "batch_first"), false, loc);
    V total = kw_or(args, kwargs, 3, "total_length");
    long long t = steps;
    if (total && total->k == VK::Int) {
      if (total->i < steps)
        I.raise_exc("ValueError", fmt::format("Expected total_length to be at least the length of the longest sequence in input, but got total_length={} and max sequence length being {}", total->i, steps), loc);
      t = total->i;
    }
    std::vector<Dim> shape = batch_first ? std::vector<Dim>{batch, Dim{t, ""}} : std::vector<Dim>{Dim{t, ""}, batch};
    for (size_t i = 1; i < data->t->shape.size(); ++i) shape.push_back(data->t->shape[i]);
    V padded = made_from(I, data, shape);
    if (batch_first && shape.size() >= 2) {  // (torch pads time-major, then transposes)
      std::vector<Dim> tm = shape;
      std::swap(tm[0], tm[1]);
      std::vector<Dim> st = contiguous_strides(tm);
      std::swap(st[0], st[1]);
      padded->t->stride = st;
    }
    return mk_tuple({padded, long_tensor(I, lens)});
  }
  return nullptr;
}

}  // namespace tparse::compiler
