// torch._refs' _reshape_view_helper as FakeTensor runs it for a view / reshape in a frame: its walk of the target
// lengths over the input's dims, which gives the output's symbolic sizes and strides (ref_view) and, for a static input
// viewed with symbolic sizes, the guards that pin a symbol (static_view_walk).
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <optional>

#include "runtime/interp.hpp"
#include "torch/symbols/sym_expr.hpp"
#include "torch/ops/rules.hpp"
#include "torch/ops/view_walk.hpp"
#include "torch/symbols/sym_mono.hpp"

namespace tparse::compiler::ops {

/// a / b of two sizes where b divides a by value (a split dim's inner part): sympy's quotient where the factors
/// cancel, else its FloorDiv as printed (`(s27//((s27//4)))`)
static Dim dim_div(const Dim& a, const Dim& b) {
  Dim r{b.v ? a.v / b.v : 0, ""};
  if (!a.is_sym() && !b.is_sym()) return r;
  std::string x = a.is_sym() ? a.sym : std::to_string(a.v), y = b.is_sym() ? b.sym : std::to_string(b.v);
  if (auto q = sym_quotient({x}, {y})) {
    r.sym = *q;
    return r;
  }
  // a floor division divided again: sympy's FloorDiv(FloorDiv(n, d), c) is FloorDiv(n, d*c), and a common integer
  // factor of n and d*c cancels (`(((16*s77)//T))//4` is `((4*s77)//T)`: Swin's window_reverse)
  if (auto t = parse_sym(x); t && t->k == SymTree::K::FloorDiv && !b.is_sym() && b.v > 0) {
    auto num = parse_mono(t->kids[0].text);
    auto den = t->kids.size() > 1 ? parse_mono(t->kids[1].text) : std::optional<SymMono>(SymMono{t->n, {}});
    if (num && den)
      if (auto fd = mono_floordiv(*num, mono_mul(*den, SymMono{b.v, {}}))) {
        r.sym = floordiv_str(fd->first, fd->second);
        return r;
      }
  }
  auto atom = [](const std::string& e) {
    return std::all_of(e.begin(), e.end(), [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; });
  };
  r.sym = "(" + (atom(x) ? x : "(" + x + ")") + "//" + (atom(y) ? y : "(" + y + ")") + ")";
  return r;
}

/// A view / reshape of an input with symbolic sizes: FakeTensor runs torch._refs' _reshape_view_helper, whose core
/// walks the target lengths left to right over the input's dims. A length equal to the current dim (compared on the
/// values: a guard) takes the input's dim as it is, so `p.view(-1, 4, 1, 1)` of `[2, 4, (s-1)//32 + 1, ...]` keeps
/// the static 2 for the inferred `-1` and the pooled expressions for the 1s; else dims are flattened (prims'
/// collapse: a view only when they are contiguous with each other) until they divide by the length and split
/// (split_dim: the length outside, the quotient inside, `(s27//((s27//4)))`). A contiguous input flattened to 1-D is
/// `as_strided(a, [numel], [1])`; a 1-D one to 2-D takes the lengths. A literal length equal to a bare symbol pins
/// it (Eq(s, 2): ShapeEnv specializes it). nullopt when the dims cannot be collapsed as a view (reshape copies).
/// `infer`: the position of a -1 (its length inferred, -1 when none)
std::optional<RefView> ref_view(OpCall& c, const TensorInfo& t, const std::vector<Dim>& shape, int infer) {
  const std::vector<Dim>& in = t.shape;
  long long numel = 1;
  for (const Dim& d : in) numel *= d.v;
  std::vector<Dim> st = t.stride.size() == in.size() ? t.stride : contiguous_strides(in);
  if (numel == 0 || in.empty() || shape.empty()) return std::nullopt;
  bool contiguous = st == contiguous_strides(in);
  if (contiguous && shape.size() == 1 && in.size() > 1) {
    Dim n{1, ""};
    for (const Dim& d : in) n = dim_mul(n, d);
    return RefView{{n}, {Dim{1, ""}}};
  }
  if (contiguous && shape.size() == 2 && in.size() == 1) return RefView{shape, {shape[1], Dim{1, ""}}};
  RefView r;
  std::vector<Dim> cur = in;
  size_t idx = 0;
  for (const Dim& len : shape) {
    if (idx >= cur.size()) {  // a tail unsqueeze: split_dim(last, its size)
      cur.push_back(Dim{1, ""});
      st.push_back(st.back());
      r.shape.push_back(Dim{1, ""});
      ++idx;
      continue;
    }
    if (len.v == cur[idx].v) {
      Dim d = cur[idx];
      // an inferred -1 whose quotient had symbols the element count lacked (`view(nb, -1, 2, 8)` of [s91, s44, 16],
      // nb another input's batch s85): torch's FloorDiv(s44*s91, s85) becomes s44 once the walk unifies s91 with
      // s85 (their hints are equal), so the length is the input's dim, not a specialization of it (annotated-transformer)
      const bool inferred = static_cast<int>(r.shape.size()) == infer && !len.is_sym();
      if (d.is_sym() && !len.is_sym() && !inferred && sym_bare_symbol(d.sym) && c.I.tracing()) {
        c.I.specialize_symbol(d.sym, c.loc);
        d.sym.clear();
      }
      // a length given as another bare symbol of the same size (`t.reshape(B, 6, -1)`, B another input's batch): the
      // walk's equality makes the ShapeEnv replace the one that sorts last by the other (as a broadcast does)
      if (d.is_sym() && len.is_sym() && d.sym != len.sym && sym_bare_symbol(d.sym) && sym_bare_symbol(len.sym) && c.I.tracing()) {
        Graph& g = c.I.stack_.back()->ctx->graph;
        const std::string a = g.canon(d.sym), b = g.canon(len.sym);
        if (a != b && sym_bare_symbol(a) && sym_bare_symbol(b)) g.replacements[std::max(a, b)] = std::min(a, b);
      }
      r.shape.push_back(d);
      ++idx;
      continue;
    }
    if (len.v <= 0) return std::nullopt;
    Dim accum = cur[idx];
    size_t end = idx;
    while (accum.v % len.v != 0) {
      if (++end >= cur.size()) return std::nullopt;  // not a valid reshape: the caller's checks report it
      accum = dim_mul(accum, cur[end]);
    }
    if (end != idx) {
      for (size_t k = idx; k < end; ++k)  // prims' collapse: each dim steps over the next one's whole extent
        if (cur[k].v != 1 && cur[k + 1].v != 1 && st[k].v != st[k + 1].v * cur[k + 1].v) return std::nullopt;
      Dim inner = st[end];
      cur.erase(cur.begin() + static_cast<long>(idx) + 1, cur.begin() + static_cast<long>(end) + 1);
      st.erase(st.begin() + static_cast<long>(idx) + 1, st.begin() + static_cast<long>(end) + 1);
      cur[idx] = accum;
      st[idx] = inner;
    }
    if (accum.v != len.v) {
      Dim q = dim_div(accum, len);
      cur.insert(cur.begin() + static_cast<long>(idx) + 1, q);
      st.insert(st.begin() + static_cast<long>(idx) + 1, st[idx]);
      cur[idx] = len;
      st[idx] = dim_mul(q, st[idx + 1]);
    }
    r.shape.push_back(cur[idx]);
    ++idx;
  }
  while (idx < cur.size()) {  // tail squeeze of 1s
    cur.erase(cur.begin() + static_cast<long>(idx));
    st.erase(st.begin() + static_cast<long>(idx));
  }
  r.stride = st;
  if (r.stride.size() != r.shape.size()) return std::nullopt;
  return r;
}

// A static input viewed with a symbolic size: torch._refs' _reshape_view_helper walks the output sizes against the
// input's; where a bare symbol is compared equal to a static input dim (`length == a.shape[idx]`), or a run of
// merged static dims equals it (`accum != length` false), the Eq guard pins it and ShapeEnv specializes it
// (torchtune's rope `rope_cache.view(-1, seq_len, 1, 2 * d)` of a cache indexed by a static input_pos: real torch
// 2.11, range_refined_to_singleton). A dim split off a larger one (`scores.view(-1, t_k)` of a static [36, 1],
// pointer-generator) only gets divisibility guards: it stays a symbol.
void static_view_walk(OpCall& c, const TensorInfo& t, std::vector<Dim>& s, int infer) {
  if (std::any_of(t.shape.begin(), t.shape.end(), [](const Dim& d) { return d.is_sym(); })) return;
  // the walked input's dims by hint: static, a symbol's expression, or the quotient `num // sym` a split by a
  // bare symbol leaves (compared equal to a static length it bounds the symbol: Eq(768//s43, 256) is s43 = 3,
  // fake_constant_div_sizes' Longformer chunks)
  struct WalkDim { long long v; int kind; long long num; std::string sym; };  // kind 0 static, 1 symbolic, 2 quotient
  std::vector<WalkDim> a;
  for (const Dim& d : t.shape) a.push_back({d.v, 0, 0, ""});
  auto pin_sym = [&](const std::string& sym) {
    c.I.specialize_symbol(sym, c.loc);
    for (auto& d : s) if (d.sym == sym) d.sym.clear();
  };
  // (the -1 of a view with a symbolic size is inferred as a quotient of the symbol, symbolic whatever its hint:
  // `scores.view(-1, t_k)` of a static [36, 1] has 36//s7 rows)
  bool infer_sym = false;
  for (size_t j = 0; j < s.size(); ++j) infer_sym = infer_sym || (static_cast<int>(j) != infer && s[j].is_sym());
  size_t idx = 0;
  for (size_t di = 0; di < s.size(); ++di) {
    Dim& d = s[di];
    const long long len = d.v;
    const bool bare = d.is_sym() && sym_bare_symbol(d.sym);
    const bool dsym = d.is_sym() || (infer_sym && static_cast<int>(di) == infer);
    if (idx >= a.size()) {  // a tail unsqueeze
      a.push_back({1, 0, 0, ""});
      ++idx;
      continue;
    }
    if (len == a[idx].v) {
      if (bare && a[idx].kind == 0) pin_sym(d.sym);
      // a static length against `num // sym`: the symbols whose floor quotient is len; one left, it is pinned
      if (!dsym && a[idx].kind == 2 && len > 0) {
        const long long lo = a[idx].num / (len + 1) + 1, hi = a[idx].num / len;
        if (lo == hi) pin_sym(a[idx].sym);
      }
      ++idx;
      continue;
    }
    long long accum = a[idx].v;
    int kind = a[idx].kind;
    size_t end = idx;
    while (len != 0 && accum % len != 0 && end + 1 < a.size()) {
      ++end;
      accum *= a[end].v;
      kind = std::max(kind, a[end].kind == 0 ? 0 : 1);
    }
    if (end != idx) {
      a.erase(a.begin() + static_cast<long>(idx) + 1, a.begin() + static_cast<long>(end) + 1);
      a[idx] = {accum, kind ? 1 : 0, 0, ""};
    }
    if (accum != len) {  // split: [len, accum // len]
      WalkDim rest{len ? accum / len : 0, 1, 0, ""};
      if (!dsym) rest.kind = kind ? 1 : 0;
      else if (bare && kind == 0) rest = {len ? accum / len : 0, 2, accum, d.sym};
      a[idx] = {len, dsym ? 1 : 0, 0, ""};
      a.insert(a.begin() + static_cast<long>(idx) + 1, rest);
    } else if (bare && kind == 0) {
      pin_sym(d.sym);
    }
    ++idx;
  }
}

}  // namespace tparse::compiler::ops
