// einops' rearrange / repeat / reduce (einops.einops), which public model code (diffusion, vision, many
// single-file models) calls on tensors. einops >= 0.7 registers them with torch._dynamo.allow_in_graph
// when it is imported under torch 2, so each call is one `call_function einops.einops.<name>` node of
// the graph (printed `einops_einops_rearrange(...)`); its output shape follows the pattern: the left side names the input's axes (a
// parenthesised group is a product of axes, `...` stands for the axes not named, `1` / `()` a unit
// axis), the right side composes them; repeat's new axes and a group's unknown member take their
// sizes from the keyword arguments (`h=8`). Other names of einops are opaque values.
#include <fmt/format.h>

#include <map>
#include <sstream>

#include "runtime/interp.hpp"

namespace tparse::compiler {

namespace {

struct Atom {
  std::string name;   ///< axis name, "..." or "" for a literal
  long long lit = 1;  ///< the size of a literal (`1`, `2`)
};
/// A group of axes: one axis, or a parenthesised composition (`(h w)`, `()`, `(...)`).
struct Group : std::vector<Atom> {
  bool paren = false;
  bool bare_ellipsis() const { return !paren && size() == 1 && (*this)[0].name == "..."; }
};

/// One side of a pattern as groups: `b (h w) c` -> [[b], [h, w], [c]]; `()` -> an empty group.
bool parse_side(const std::string& s, std::vector<Group>& out, std::string& err) {
  size_t i = 0;
  bool open = false;
  Group cur;
  auto atom = [&](const std::string& tok) {
    Atom a;
    if (tok == "..." || std::isalpha(static_cast<unsigned char>(tok[0])) || tok[0] == '_') a.name = tok;
    else {
      for (char c : tok) if (!std::isdigit(static_cast<unsigned char>(c))) { err = "bad axis '" + tok + "'"; return false; }
      if (tok.size() > 15) { err = "axis length '" + tok + "' too large"; return false; }
      a.lit = std::stoll(tok);
    }
    if (open) cur.push_back(a);
    else {
      Group g;
      g.push_back(a);
      out.push_back(g);
    }
    return true;
  };
  while (i < s.size()) {
    char c = s[i];
    if (std::isspace(static_cast<unsigned char>(c))) { ++i; continue; }
    if (c == '(') {
      if (open) { err = "nested parentheses"; return false; }
      open = true;
      cur = Group{};
      cur.paren = true;
      ++i;
      continue;
    }
    if (c == ')') {
      if (!open) { err = "unbalanced parentheses"; return false; }
      open = false;
      out.push_back(cur);
      ++i;
      continue;
    }
    size_t j = i;
    if (s.compare(i, 3, "...") == 0) j = i + 3;
    else while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_')) ++j;
    if (j == i) { err = fmt::format("unexpected '{}'", c); return false; }
    if (!atom(s.substr(i, j - i))) return false;
    i = j;
  }
  if (open) { err = "unbalanced parentheses"; return false; }
  return true;
}

/// a * b; a product beyond 64 bits sets `overflow` (the caller reports it) instead of wrapping.
Dim mul(const Dim& a, const Dim& b, bool& overflow) {
  long long v = 0;
  if (__builtin_mul_overflow(a.v, b.v, &v)) { overflow = true; v = 0; }
  if (!a.is_sym() && !b.is_sym()) return Dim{v, ""};
  if (!a.is_sym() && a.v == 1) return b;
  if (!b.is_sym() && b.v == 1) return a;
  return Dim{v, a.str() + "*" + b.str()};
}

}  // namespace

V Interp::call_einops(const std::string& name, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs,
                      Location loc, bool& handled) {
  handled = false;
  if (name != "einops.rearrange" && name != "einops.repeat" && name != "einops.reduce") return nullptr;
  if (args.size() < 2 || args[0]->k != VK::Tensor || args[1]->k != VK::Str) return nullptr;  // lists of tensors: opaque
  handled = true;
  const std::string fn = name.substr(7);
  const std::string& pattern = args[1]->s;
  const TensorInfo& in = *args[0]->t;
  size_t arrow = pattern.find("->");
  if (arrow == std::string::npos) error(loc, fmt::format("einops.{}: pattern '{}' has no '->'", fn, pattern));
  std::vector<Group> lhs, rhs;
  std::string err;
  if (!parse_side(pattern.substr(0, arrow), lhs, err) || !parse_side(pattern.substr(arrow + 2), rhs, err))
    error(loc, fmt::format("einops.{}: invalid pattern '{}': {}", fn, pattern, err));
  bool overflow = false;
  auto mul = [&](const Dim& a, const Dim& b) { return tparse::compiler::mul(a, b, overflow); };
  std::map<std::string, Dim> size;
  for (auto& [k, v] : kwargs)
    if (v->k == VK::Int) size[k] = Dim{v->i, ""};
  std::vector<Dim> ellipsis;
  // left side: one group per input axis, `...` takes the axes the others leave
  size_t named = 0;
  bool has_ell = false;
  for (auto& g : lhs) {
    if (g.bare_ellipsis()) has_ell = true;
    else ++named;
  }
  size_t rank = in.shape.size();
  if (has_ell ? named > rank : named != rank)
    error(loc, fmt::format("einops.{}: wrong shape: expected {}{} dims, got {}-dim tensor", fn, has_ell ? "at least " : "", named, rank));
  size_t ax = 0;
  for (auto& g : lhs) {
    if (g.bare_ellipsis()) {
      size_t k = rank - named;
      ellipsis.assign(in.shape.begin() + static_cast<long>(ax), in.shape.begin() + static_cast<long>(ax + k));
      ax += k;
      continue;
    }
    const Dim& d = in.shape[ax++];
    Dim known{1, ""};
    const Atom* unknown = nullptr;
    for (auto& a : g) {
      if (a.name.empty()) known = mul(known, Dim{a.lit, ""});
      else if (size.count(a.name)) known = mul(known, size[a.name]);
      else if (unknown) error(loc, fmt::format("einops.{}: could not infer sizes for {{{}, {}}}", fn, unknown->name, a.name));
      else unknown = &a;
    }
    if (overflow) error(loc, fmt::format("einops.{}: an axis length of '{}' overflows 64 bits", fn, pattern));
    if (unknown) {
      if (!d.is_sym() && !known.is_sym() && (known.v == 0 || d.v % known.v != 0))
        error(loc, fmt::format("einops.{}: shape mismatch, can't divide axis of length {} in chunks of {}", fn, d.v, known.v));
      size[unknown->name] = known.v == 1 && !known.is_sym() ? d : Dim{d.is_sym() || known.is_sym() ? 0 : d.v / known.v,
                                                                   d.is_sym() || known.is_sym() ? "(" + d.str() + ")//" + known.str() : ""};
    } else if (!d.is_sym() && !known.is_sym() && d.v != known.v) {
      error(loc, fmt::format("einops.{}: shape mismatch, {} != {}", fn, d.v, known.v));
    }
  }
  // right side: each group is the product of its axes; `...` alone is the ellipsis axes themselves
  TensorInfo o = in;
  o.is_param = o.is_buffer = false;
  o.fill.reset();
  o.marked_dynamic.clear();
  o.stride.clear();
  o.shape.clear();
  for (auto& g : rhs) {
    if (g.bare_ellipsis()) {
      o.shape.insert(o.shape.end(), ellipsis.begin(), ellipsis.end());
      continue;
    }
    Dim d{1, ""};
    for (auto& a : g) {
      if (a.name.empty()) d = mul(d, Dim{a.lit, ""});
      else if (a.name == "...") for (auto& e : ellipsis) d = mul(d, e);
      else if (size.count(a.name)) d = mul(d, size[a.name]);
      else error(loc, fmt::format("einops.{}: axis '{}' of the right side has no size (pass {}=N)", fn, a.name, a.name));
    }
    o.shape.push_back(d);
  }
  if (overflow) error(loc, fmt::format("einops.{}: an axis length of '{}' overflows 64 bits", fn, pattern));
  std::vector<V> a(args.begin(), args.end());
  // FX prints a function from outside torch under a global named after its qualified name (graph.py
  // add_global: einops.einops.rearrange -> einops_einops_rearrange)
  return emit("call_function", "einops_einops_" + fn, fn, false, a, kwargs, o, loc);
}

}  // namespace tparse::compiler
