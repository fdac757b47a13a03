// Ranges of random data through arithmetic, comparisons and the ops that keep them (values_range.hpp).
#include "torch/values/values_range.hpp"

#include <algorithm>
#include <optional>
#include <set>

#include "runtime/interp.hpp"
#include "torch/op_table.hpp"
#include "torch/values/values.hpp"

namespace tparse::compiler::values {

namespace {
bool number(const V& v) { return v && (v->k == VK::Int || v->k == VK::Float); }
double num_of(const V& v) { return v->k == VK::Float ? v->f : v->k == VK::Bool ? double(v->b) : static_cast<double>(v->i); }
/// a tensor known only by its range, valid now
bool ranged(const Interp& I, const V& a) {
  return a && a->k == VK::Tensor && a->vals && a->vals->lo <= a->vals->hi && a->vals->v.empty() && a->vals->epoch >= I.unknown_write_epoch_;
}
}  // namespace

bool range_binop(Interp& I, const std::string& op, const V& a, const V& b, bool reflected, const V& res) {
  if (!ranged(I, a) || !b || b->k == VK::Tensor || !(number(b) || b->k == VK::Bool)) return false;
  const double c = num_of(b), lo = a->vals->lo, hi = a->vals->hi;
  const bool arith = number(b);  // (a bool operand only compares)
  // a range moves with a number added or subtracted (nanoGPT's `i + block_size` of a randint start) and scales with
  // one (OpenVoice's test audio `torch.rand(1, n) * 1.6 - 0.8` lies in [-0.8, 0.8))
  if (arith && op == "+") { attach_range(I, res, lo + c, hi + c); return true; }
  if (arith && op == "-") { reflected ? attach_range(I, res, c - hi, c - lo) : attach_range(I, res, lo - c, hi - c); return true; }
  if (arith && (op == "*" || (op == "/" && !reflected && c != 0))) {
    const double k = op == "*" ? c : 1.0 / c;
    attach_range(I, res, std::min(lo * k, hi * k), std::max(lo * k, hi * k));
    return true;
  }
  // compared with a number, a range may decide every element (LayerDrop's `torch.rand([]) < self.layerdrop` of 0.0 is
  // False: transformers' bart / whisper / wav2vec2 in training)
  std::string o = op;
  if (reflected) o = op == "<" ? ">" : op == ">" ? "<" : op == "<=" ? ">=" : op == ">=" ? "<=" : op;  // `c < x` is `x > c`
  std::optional<bool> all;
  if (o == "<") all = hi < c ? std::optional<bool>(true) : lo >= c ? std::optional<bool>(false) : std::nullopt;
  else if (o == "<=") all = hi <= c ? std::optional<bool>(true) : lo > c ? std::optional<bool>(false) : std::nullopt;
  else if (o == ">") all = lo > c ? std::optional<bool>(true) : hi <= c ? std::optional<bool>(false) : std::nullopt;
  else if (o == ">=") all = lo >= c ? std::optional<bool>(true) : hi < c ? std::optional<bool>(false) : std::nullopt;
  // (== / != with a number outside the range: no element equals it; ranges are closed or half-open, so only outside)
  else if ((o == "==" || o == "!=") && (c < lo || c > hi)) all = o == "!=";
  else if (o != "==" && o != "!=") return false;  // (another operator: no range known for it)
  long long n = 1;
  for (const auto& d : res->t->shape) n *= d.v;
  if (all && n <= kMaxElems) attach(I, res, std::vector<double>(static_cast<size_t>(n), *all ? 1.0 : 0.0));
  return true;
}

bool range_op(OpCall& c, const V& res) {
  // a min / max / mean of it, a view or copy of it, lies in the same range (OpenVoice's `if torch.min(y) < -1.1:` on
  // such audio is decided: False)
  static const std::set<std::string> keep = {"min", "max", "amin", "amax", "mean", "median", "clone", "contiguous", "detach",
                                             "view", "reshape", "flatten", "squeeze", "unsqueeze", "transpose", "permute", "t",
                                             "expand", "expand_as", "view_as", "reshape_as", "float", "double"};
  if (!ranged(c.I, c.self) || res->k != VK::Tensor || res->t->dtype != c.self->t->dtype || !keep.count(c.name)) return false;
  attach_range(c.I, res, c.self->vals->lo, c.self->vals->hi);
  return true;
}

}  // namespace tparse::compiler::values
