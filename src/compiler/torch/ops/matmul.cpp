// Matmul family: outer/ger, baddbmm/addmm/addbmm/addmv (input + batch products), and einsum in all its
// forms (explicit `->`, implicit output, `...` broadcast dims, repeated letters, list operands).
// matmul/mm/bmm/mv themselves share the `@` operator rule (elementwise.cpp, binary).
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "runtime/interp.hpp"
#include "torch/ops/rules.hpp"

namespace tparse::compiler::ops {

V outer(OpCall& c) {
  const TensorInfo& t = c.t();
  V b = c.arg(0, "vec2");
  if (!b || b->k != VK::Tensor) c.fail(fmt::format("{}: expected a tensor for vec2", c.name));
  if (t.shape.size() != 1 || b->t->shape.size() != 1) c.fail(fmt::format("outer: expected 1-D tensors, got {} and {}", dims_str(t), dims_str(*b->t)));
  TensorInfo o = c.like();
  o.shape = {t.shape[0], b->t->shape[0]};
  o.requires_grad = t.requires_grad || b->t->requires_grad;
  o.dtype = promote_dtype(t.dtype, b->t->dtype);
  return c.out(o);
}

// dot / vdot (1-D · 1-D of equal length) -> a 0-dim tensor (spectral norm's sigma = dot(u, mv(W, v)))
V dot(OpCall& c) {
  const TensorInfo& t = c.t();
  V b = c.arg(0, c.name == "dot" ? "tensor" : "other");
  if (!b || b->k != VK::Tensor) c.fail(fmt::format("{}: expected a tensor argument", c.name));
  if (t.shape.size() != 1 || b->t->shape.size() != 1)
    c.fail(fmt::format("1D tensors expected, but got {}D and {}D tensors", t.shape.size(), b->t->shape.size()));
  if (t.shape[0].v != b->t->shape[0].v)
    c.fail(fmt::format("inconsistent tensor size, expected tensor [{}] and src [{}] to have the same number of elements, but got {} and {} "
                       "elements respectively", t.shape[0].str(), b->t->shape[0].str(), t.shape[0].str(), b->t->shape[0].str()));
  TensorInfo o = c.like();
  o.shape = {};
  o.requires_grad = t.requires_grad || b->t->requires_grad;
  return c.out(o);
}

// input + a @ b: baddbmm(batch1 [b,n,m], batch2 [b,m,p]) -> [b,n,p]; addmm(mat1, mat2) -> [n,p];
// addbmm(batch1, batch2) -> [n,p] (summed over the batch); addmv(mat, vec) -> [n]
V bmm(OpCall& c) {
  const std::string& name = c.name;
  V a = c.arg(0, name == "addmm" ? "mat1" : name == "addmv" ? "mat" : "batch1");
  V b = c.arg(1, name == "addmm" ? "mat2" : name == "addmv" ? "vec" : "batch2");
  if (!a || !b || a->k != VK::Tensor || b->k != VK::Tensor) c.fail(fmt::format("{}: expected two tensors", name));
  const TensorInfo& x = *a->t;
  const TensorInfo& y = *b->t;
  TensorInfo o = c.like();
  if (name == "baddbmm" || name == "addbmm") {
    if (x.shape.size() != 3 || y.shape.size() != 3) c.fail(fmt::format("{}: expected 3-D tensors, got {} and {}", name, dims_str(x), dims_str(y)));
    if (x.shape[0].v != y.shape[0].v || x.shape[2].v != y.shape[1].v) c.fail(fmt::format("shape mismatch in {}: {} @ {}", name, dims_str(x), dims_str(y)));
    o.shape = name == "baddbmm" ? std::vector<Dim>{x.shape[0], x.shape[1], y.shape[2]} : std::vector<Dim>{x.shape[1], y.shape[2]};
  } else if (name == "addmm") {
    if (x.shape.size() != 2 || y.shape.size() != 2 || x.shape[1].v != y.shape[0].v) c.fail(fmt::format("shape mismatch in addmm: {} @ {}", dims_str(x), dims_str(y)));
    o.shape = {x.shape[0], y.shape[1]};
  } else {
    if (x.shape.size() != 2 || y.shape.size() != 1 || x.shape[1].v != y.shape[0].v) c.fail(fmt::format("shape mismatch in addmv: {} @ {}", dims_str(x), dims_str(y)));
    o.shape = {x.shape[0]};
  }
  broadcast(c.I, c.t().shape, o.shape, c.loc);  // the input must broadcast to the product
  o.requires_grad = o.requires_grad || x.requires_grad || y.requires_grad;
  return c.out(o);
}

// F.grouped_mm(a, b, offs=...) / torch._grouped_mm: one matmul per group of rows (transformers' MoE experts, eager
// on torch >= 2.10): 2-D (S, K) @ 3-D (G, K, N) -> (S, N); 3-D @ 3-D -> (G, M, N); 2-D (M, K) @ 2-D (K, N) with
// offs over K -> (G, M, N); 3-D (G, M, K) @ 2-D (K, N) with offs over N -> (M, N). The meta kernel pads the row
// stride of the result to 16 bytes.
V grouped_mm(OpCall& c) {
  V b = c.arg(0, "mat_b");
  if (!b || b->k != VK::Tensor) c.fail(fmt::format("{}: expected two tensors", c.name));
  const TensorInfo& x = c.t();
  const TensorInfo& y = *b->t;
  V offs = c.arg(1, "offs");
  const bool has_offs = offs && offs->k == VK::Tensor;
  const size_t ra = x.shape.size(), rb = y.shape.size();
  if ((ra != 2 && ra != 3) || (rb != 2 && rb != 3)) c.fail(fmt::format("{}: expected 2-D or 3-D tensors, got {} and {}", c.name, dims_str(x), dims_str(y)));
  if (x.shape.back().v != y.shape[rb - 2].v) c.fail(fmt::format("{}: contraction dimension of mat_a and mat_b must match, got {} and {}", c.name, dims_str(x), dims_str(y)));
  if ((ra == 2 || rb == 2) && !has_offs) c.fail(fmt::format("{}: offs must be given when a 2-D tensor is used", c.name));
  TensorInfo o = c.like();
  if (ra == 2 && rb == 3) o.shape = {x.shape[0], y.shape[2]};
  else if (ra == 3 && rb == 3) o.shape = {x.shape[0], x.shape[1], y.shape[2]};
  else if (ra == 2 && rb == 2) o.shape = {offs->t->shape[0], x.shape[0], y.shape[1]};
  else o.shape = {x.shape[1], y.shape[1]};
  V out_dtype = c.arg(3, "out_dtype");
  if (out_dtype && out_dtype->k == VK::DType) o.dtype = out_dtype->s;
  const long long align = std::max<long long>(1, 16 / static_cast<long long>(dtype_size(o.dtype)));
  o.stride = contiguous_strides(o.shape);
  const Dim& last = o.shape.back();
  Dim row = last.is_sym() ? last : Dim{(last.v + align - 1) / align * align, ""};
  o.stride[o.shape.size() - 2] = row;
  if (o.shape.size() == 3) o.stride[0] = dim_mul(row, o.shape[1]);
  o.requires_grad = x.requires_grad || y.requires_grad;
  return c.out(o);
}

namespace {

/// The output strides ATen's einsum gives two operands (Linear.cpp): every label gets a place, the output's first
/// (in output order, the `...` dims where the output has them), then the contracted ones in label order (A-Z,
/// a-z); a contracted label of one operand is summed there first; sumproduct_pair multiplies the rest with bmm
/// over (dims of both, left-only, summed, right-only), views the product to those sizes and permutes it back;
/// the summed dims (size 1 now) are dropped with a view. Empty where the rule is not modelled (a repeated
/// label, no contraction: the broadcast mul path, more operands): then the output is contiguous.
std::optional<std::vector<Dim>> einsum_pair_strides(const std::vector<std::string>& terms, const std::vector<V>& ops,
                                                    const std::string& rhs, size_t n_ell, const std::vector<Dim>& out) {
  if (ops.size() != 2) return std::nullopt;
  // the labels of each operand, `...` dims as labels of their own ('0' + k, right-aligned as broadcasting does)
  auto expand_term = [&](const std::string& term, size_t rank) -> std::optional<std::vector<char>> {
    std::vector<char> r;
    size_t e = term.find("...");
    size_t letters = term.size() - (e == std::string::npos ? 0 : 3);
    if (rank < letters || n_ell > 9) return std::nullopt;
    size_t mine = e == std::string::npos ? 0 : rank - letters;
    for (size_t k = 0; k < term.size(); ++k) {
      if (term.compare(k, 3, "...") == 0) {
        for (size_t j = 0; j < mine; ++j) r.push_back(static_cast<char>('0' + (n_ell - mine + j)));
        k += 2;
        continue;
      }
      r.push_back(term[k]);
    }
    std::set<char> seen(r.begin(), r.end());
    if (seen.size() != r.size()) return std::nullopt;  // a diagonal
    return r;
  };
  std::vector<char> outl;
  for (size_t k = 0; k < rhs.size(); ++k) {
    if (rhs.compare(k, 3, "...") == 0) { for (size_t j = 0; j < n_ell; ++j) outl.push_back(static_cast<char>('0' + j)); k += 2; continue; }
    outl.push_back(rhs[k]);
  }
  auto la = expand_term(terms[0], ops[0]->t->shape.size()), lb = expand_term(terms[1], ops[1]->t->shape.size());
  if (!la || !lb || outl.size() != out.size()) return std::nullopt;
  std::vector<char> perm = outl;
  std::set<char> contracted;
  for (const auto* l : {&*la, &*lb})
    for (char ch : *l) if (std::find(outl.begin(), outl.end(), ch) == outl.end()) contracted.insert(ch);
  auto label_index = [](char ch) { return std::isupper(static_cast<unsigned char>(ch)) ? ch - 'A' : 26 + (ch - 'a'); };
  std::vector<char> rest(contracted.begin(), contracted.end());
  std::sort(rest.begin(), rest.end(), [&](char x, char y) { return label_index(x) < label_index(y); });
  perm.insert(perm.end(), rest.begin(), rest.end());
  const size_t n = perm.size();
  auto sizes = [&](const std::vector<char>& l, const TensorInfo& t) {
    std::vector<Dim> r(n, Dim{1, ""});
    for (size_t i = 0; i < n; ++i)
      for (size_t j = 0; j < l.size(); ++j) if (l[j] == perm[i]) r[i] = t.shape[j];
    return r;
  };
  std::vector<Dim> a = sizes(*la, *ops[0]->t), b = sizes(*lb, *ops[1]->t);

  std::vector<bool> summed(n, false);
  bool any_sum = false;
  for (size_t d = outl.size(); d < n; ++d) {
    const bool ina = std::find(la->begin(), la->end(), perm[d]) != la->end(), inb = std::find(lb->begin(), lb->end(), perm[d]) != lb->end();
    if (a[d].v != 1 && b[d].v != 1) { summed[d] = true; any_sum = true; }
    else if (ina && inb) return std::nullopt;  // a contracted size 1 in one operand: not modelled
    else if (a[d].v != 1) a[d] = Dim{1, ""};   // summed out of the one operand that has it (keepdim)
    else if (b[d].v != 1) b[d] = Dim{1, ""};
  }
  if (!any_sum) return std::nullopt;  // the broadcast mul path
  std::vector<size_t> lro, lo, sums, ro;
  for (size_t i = 0; i < n; ++i) {
    const bool sl = a[i].v != 1, sr = b[i].v != 1;
    if (summed[i]) sums.push_back(i);
    else if (sl && sr) lro.push_back(i);
    else if (sl) lo.push_back(i);
    else ro.push_back(i);
  }
  std::vector<Dim> out_size;
  std::vector<size_t> order;
  // (sumproduct_pair swaps the operands when every right-only dim comes before every left-only one in the output:
  // bmm then lays the result out in output order, `'b s d, b n s -> b n d'` contiguous)
  const bool swap = !lo.empty() && !ro.empty() && *std::max_element(ro.begin(), ro.end()) < *std::min_element(lo.begin(), lo.end());
  for (size_t i : lro) { out_size.push_back(a[i]); order.push_back(i); }
  for (size_t i : swap ? ro : lo) { out_size.push_back(swap ? b[i] : a[i]); order.push_back(i); }
  for (size_t i : sums) { out_size.push_back(Dim{1, ""}); order.push_back(i); }
  for (size_t i : swap ? lo : ro) { out_size.push_back(swap ? a[i] : b[i]); order.push_back(i); }
  const std::vector<Dim> cst = contiguous_strides(out_size);
  std::vector<Dim> shape(n), stride(n);
  for (size_t p = 0; p < n; ++p) { shape[order[p]] = out_size[p]; stride[order[p]] = cst[p]; }
  if (n == outl.size()) return stride;
  return view_strides_ref(shape, stride, out);
}

}  // namespace

// torch.einsum(equation, *operands) (or one list of operands): the output has the dims of the letters
// after `->`; implicitly, the letters used once, sorted, after the broadcast `...` dims. A letter's
// sizes must agree (or be 1). Dynamo records torch.functional.einsum.
V einsum(OpCall& c) {
  auto& args = c.args;
  if (args.empty() || args[0]->k != VK::Str) c.fail("einsum(equation, *operands): the equation must be a string");
  std::vector<V> ops(args.begin() + 1, args.end());
  if (ops.size() == 1 && (ops[0]->k == VK::List || ops[0]->k == VK::Tuple)) ops = ops[0]->items;
  std::string eq;
  for (char ch : args[0]->s) if (ch != ' ') eq += ch;
  size_t arrow = eq.find("->");
  std::string lhs = eq.substr(0, arrow);
  std::vector<std::string> terms;
  for (size_t p = 0;;) {
    size_t q = lhs.find(',', p);
    terms.push_back(lhs.substr(p, q == std::string::npos ? std::string::npos : q - p));
    if (q == std::string::npos) break;
    p = q + 1;
  }
  if (terms.size() != ops.size()) c.fail(fmt::format("einsum(): {} operands for {} terms in '{}'", ops.size(), terms.size(), args[0]->s));
  // three operands or more: torch.functional.einsum asks opt_einsum for a contraction path from the operands' shapes as
  // ints, which specializes every symbolic size of them (real torch 2.11: a Mamba scan's
  // `einsum('b l d, b l d n, b l d -> b l d n', delta, B, u)` guards the batch `s77 == 3`, `Sym(3)` in the graph)
  if (ops.size() >= 3 && c.I.tracing())
    for (const V& op : ops)
      if (op && op->k == VK::Tensor)
        for (const Dim& d : op->t->shape)
          if (d.is_sym()) c.I.specialize_symbol(d.sym, c.loc);
  std::map<char, Dim> size;
  std::map<char, int> uses;
  std::vector<Dim> ell;  // the broadcast shape of the `...` dims
  bool any_ell = false;
  TensorInfo o;
  for (size_t i = 0; i < terms.size(); ++i) {
    if (ops[i]->k != VK::Tensor) c.fail("einsum(): operands must be tensors");
    const TensorInfo& t = *ops[i]->t;
    std::string term = terms[i];
    size_t e = term.find("...");
    size_t letters = term.size() - (e == std::string::npos ? 0 : 3);
    if (e == std::string::npos ? letters != t.shape.size() : letters > t.shape.size())
      c.fail(fmt::format("einsum(): the subscript '{}' has {} letters for an operand of {} dims", term, letters, t.shape.size()));
    size_t n_ell = e == std::string::npos ? 0 : t.shape.size() - letters;
    if (e != std::string::npos) {
      any_ell = true;
      std::vector<Dim> mine(t.shape.begin() + static_cast<long>(e), t.shape.begin() + static_cast<long>(e + n_ell));
      ell = broadcast(c.I, ell, mine, c.loc);
    }
    size_t dim = 0;
    for (size_t k = 0; k < term.size(); ++k) {
      if (term.compare(k, 3, "...") == 0) { k += 2; dim += n_ell; continue; }
      char ch = term[k];
      if (!std::isalpha(static_cast<unsigned char>(ch))) c.fail(fmt::format("einsum(): invalid subscript '{}' in the equation", ch));
      ++uses[ch];
      const Dim& d = t.shape[dim++];
      auto it = size.find(ch);
      if (it == size.end()) size[ch] = d;
      else if (it->second.v != d.v && it->second.v != 1 && d.v != 1)
        c.fail(fmt::format("einsum(): subscript {} has size {} for one operand and {} for another", ch, it->second.v, d.v));
      else if (it->second.v == 1) it->second = d;
      // (one letter's two symbolic sizes: the fake kernel's size check guards them equal, a replacement as a
      // broadcast's: `s97` -> `s52` of two dynamic operands' batches, program einsum3_specializes_dynamic)
      else if (d.v != 1 && it->second.is_sym() && d.is_sym() && it->second.sym != d.sym)
        it->second = broadcast(c.I, {it->second}, {d}, c.loc)[0];
    }
    o.dtype = i == 0 ? t.dtype : promote_dtype(o.dtype, t.dtype);
    o.device = t.device;
    o.requires_grad = o.requires_grad || t.requires_grad;
  }
  std::string rhs;
  if (arrow != std::string::npos) rhs = eq.substr(arrow + 2);
  else {
    if (any_ell) rhs = "...";
    for (auto& [ch, n] : uses) if (n == 1) rhs += ch;  // std::map: sorted letters
  }
  for (size_t k = 0; k < rhs.size(); ++k) {
    if (rhs.compare(k, 3, "...") == 0) { o.shape.insert(o.shape.end(), ell.begin(), ell.end()); k += 2; continue; }
    char ch = rhs[k];
    if (!size.count(ch)) c.fail(fmt::format("einsum(): output subscript {} does not appear in the equation for any input operand", ch));
    o.shape.push_back(size[ch]);
  }
  if (auto st = einsum_pair_strides(terms, ops, rhs, ell.size(), o.shape)) o.stride = *st;
  // one operand whose output only permutes its labels (no sum, no diagonal, no `...`): einsum returns its permute, a
  // view (MAE's unpatchify `'nhwpqc->nchpwq'`)
  if (ops.size() == 1 && terms[0].find("...") == std::string::npos && rhs.find("...") == std::string::npos &&
      terms[0].size() == rhs.size() && ops[0]->t->stride.size() == terms[0].size()) {
    std::vector<Dim> st;
    for (char ch : rhs) {
      size_t at = terms[0].find(ch);
      if (at == std::string::npos || terms[0].find(ch, at + 1) != std::string::npos) { st.clear(); break; }
      st.push_back(ops[0]->t->stride[at]);
    }
    if (st.size() == rhs.size()) o.stride = st;
  }
  return c.I.emit("call_function", "torch.functional.einsum", "einsum", false, args, c.kwargs, o, c.loc);
}

}  // namespace tparse::compiler::ops
