// Matmul family: outer/ger, baddbmm/addmm/addbmm/addmv (input + batch products), and einsum in all its
// forms (explicit `->`, implicit output, `...` broadcast dims, repeated letters, list operands).
// matmul/mm/bmm/mv themselves share the `@` operator rule (elementwise.cpp, binary).
#include <fmt/format.h>

#include <map>

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
  return c.I.emit("call_function", "torch.functional.einsum", "einsum", false, args, c.kwargs, o, c.loc);
}

}  // namespace tparse::compiler::ops
