// Dynamo-node runs inside the statements of AOT graphs; see aot_segments.hpp.
#include "aot_segments.hpp"

#include <algorithm>
#include <unordered_map>

#include "aot_anchors.hpp"

namespace tparse::graph {

namespace {

bool is_op(const fx::Node& n) { return n.op != fx::OpKind::Placeholder && n.op != fx::OpKind::Output; }

/// dtype and shape of an annotation (`f32[4, 32, 64][2048, 64, 1]cuda:0` -> `f32[4, 32, 64]`);
/// "" when the node has no tensor annotation (tuples, untyped nodes).
std::string_view shape_of(const std::string& type) {
  size_t b = type.find('['), e = type.find(']');
  if (b == std::string::npos || e == std::string::npos || e < b || type.compare(0, 4, "Sym(") == 0) return {};
  return std::string_view(type).substr(0, e + 1);
}

/// Ops that only re-view a tensor: a parameter seen through them is still the parameter.
bool is_view(const fx::Node& n) {
  static const char* kViews[] = {"aten.permute", "aten.t.", "aten.view", "aten.transpose", "aten.expand", "aten.reshape",
                                 "aten._unsafe_view", "aten.unsqueeze", "aten.squeeze", "prims.convert_element_type"};
  for (const char* v : kViews)
    if (n.target.find(v) != std::string::npos) return true;
  return false;
}

/// Per node of `g`: the group of the module whose parameter it reads (directly or through views of
/// it) or, in a backward graph, whose parameter's gradient it returns; -1 for none or several.
std::vector<int32_t> parameter_groups(const Hierarchy& h, const fx::Graph& g, std::string_view text,
                                      const fx::Graph& dynamo) {
  const size_t N = g.nodes.size();
  std::vector<std::string> mods = input_modules(dynamo);
  std::vector<int32_t> idx = aot_input_indices(g, text), out(N, -1);
  std::vector<char> param(N, 0);
  auto group_of_input = [&](int32_t k) -> int32_t {
    if (k < 0 || static_cast<size_t>(k) >= mods.size() || mods[static_cast<size_t>(k)] == "\x01") return -1;
    return h.find(mods[static_cast<size_t>(k)]);
  };
  for (size_t i = 0; i < N; ++i)
    if (g.nodes[i].op == fx::OpKind::Placeholder && (out[i] = group_of_input(idx[i])) >= 0) param[i] = 1;
  for (size_t i = 0; i < N; ++i) {
    const fx::Node& n = g.nodes[i];
    if (!is_op(n)) continue;
    int32_t m = -1;
    bool conflict = false, all_param = !n.inputs.empty();
    for (int32_t u : n.inputs) {
      if (!param[static_cast<size_t>(u)]) {
        all_param = false;
        continue;
      }
      int32_t a = out[static_cast<size_t>(u)];
      if (m >= 0 && a != m) conflict = true;
      m = a;
    }
    if (m < 0 || conflict) continue;
    out[i] = m;
    if (all_param && is_view(n)) param[i] = 1;
  }
  // The return of a backward graph: `mm_1,  # GradAOTOutput(grad_of=PlainAOTInput(idx=9))`.
  std::unordered_map<std::string_view, int32_t> by_name;
  for (size_t i = 0; i < N; ++i) by_name[g.nodes[i].name] = static_cast<int32_t>(i);
  constexpr std::string_view key = "GradAOTOutput(grad_of=PlainAOTInput(idx=";
  for (std::string_view l : lines_with(text, key)) {
    size_t gp = l.find(key), b = l.find_first_not_of(" \t"), c = l.find(',');
    if (gp == std::string_view::npos || b == std::string_view::npos || c == std::string_view::npos || c < b) continue;
    int32_t k = 0;
    size_t q = gp + key.size();
    while (q < l.size() && l[q] >= '0' && l[q] <= '9' && k < 100000000) k = k * 10 + (l[q++] - '0');
    auto it = by_name.find(l.substr(b, c - b));
    if (q < l.size() && l[q] == ')' && it != by_name.end() && is_op(g.nodes[static_cast<size_t>(it->second)])) {
      int32_t m = group_of_input(k);
      if (m >= 0) out[static_cast<size_t>(it->second)] = m;
    }
  }
  return out;
}

/// What the cut knows of one statement: ops A (program order) and Dynamo nodes D (in the order
/// their ops appear: program order forwards, reversed backwards).
struct Stmt {
  std::vector<int32_t> anchor;                   ///< per op: parameter module group, -1
  std::vector<std::string_view> shape;           ///< per op
  std::vector<std::vector<int32_t>> pre;         ///< per op: positions of its inputs among A
  std::vector<int32_t> dgroup;                   ///< per node: module group
  std::vector<std::vector<std::string_view>> ends;  ///< per node: shapes its run may end on
  std::vector<std::string_view> own;             ///< per node: its value's shape
  bool backward = false;
  std::vector<std::vector<char>> dep;            ///< dep[j][p]: node j reads node p's run's value
};

/// The monotone cut of A into runs of D: a dynamic programme over (run end, node) and the run's
/// start and previous node. Score: an op reading a parameter of module M in a node of M +2, of
/// another module -3; a run ending on one of its node's shapes +1, on another shape -1 (nodes
/// without a tensor annotation: 0); a tensor node left without ops -0.5 (a node may decompose to
/// nothing: `contiguous()` of a contiguous tensor); an op reading an earlier run's op that its
/// node cannot read -2 (data flow: forwards a node reads only its inputs' values, backwards only
/// the gradients its consumers computed); -2 for each op of a run, not its last, read after the
/// run (only a node's value leaves its run). Returns the D index per op; empty when too big.
std::vector<int32_t> cut(const Stmt& st) {
  const size_t m = st.anchor.size(), k = st.dgroup.size();
  if (m == 0 || k == 0 || m * m * k * k > (size_t{1} << 24)) return {};  // ~16 M steps at most
  constexpr double NEG = -1e300;
  auto anc = [&](size_t i, size_t j) { return st.anchor[i] < 0 ? 0.0 : st.anchor[i] == st.dgroup[j] ? 2.0 : -3.0; };
  auto endb = [&](size_t i, size_t j) {
    if (st.ends[j].empty()) return 0.0;
    for (auto s : st.ends[j])
      if (s == st.shape[i]) return 1.0;
    return -1.0;
  };
  auto flow = [&](size_t e, size_t s, size_t j, int32_t jp) {
    double pen = 0;
    for (int32_t u : st.pre[e]) {
      if (static_cast<size_t>(u) >= s) continue;  // inside the run
      bool ok = false;
      if (static_cast<size_t>(u) + 1 == s) ok = jp >= 0 && st.dep[j][static_cast<size_t>(jp)];
      else  // the value of another node it reads (forwards) / the gradient of its own value (backwards)
        for (size_t p = 0; p < j && !ok; ++p)
          ok = static_cast<int32_t>(p) != jp && st.dep[j][p] &&
               (st.backward ? st.own[j] : st.own[p]) == st.shape[static_cast<size_t>(u)];
      if (!ok) pen -= 2.0;
    }
    return pen;
  };
  // An op inside a run (not its last) read after the run's end: the run cannot end there (only a
  // node's value leaves its run). last_use per op; per start s, leak[e] = #{u in [s, e): last[u] > e}.
  std::vector<int32_t> last(m, -1);
  for (size_t i = 0; i < m; ++i)
    for (int32_t u : st.pre[i]) last[static_cast<size_t>(u)] = std::max(last[static_cast<size_t>(u)], static_cast<int32_t>(i));
  std::vector<int32_t> leak(m), at(m + 1);
  auto leaks_from = [&](size_t s) {
    std::fill(at.begin(), at.end(), 0);
    int32_t c = 0;
    leak[s] = 0;
    for (size_t e = s; e + 1 < m; ++e) {  // the run [s, e] grows to [s, e + 1]: u = e joins
      if (last[e] > static_cast<int32_t>(e)) ++c, ++at[static_cast<size_t>(last[e])];
      c -= at[e + 1];  // read at e + 1 at the latest: inside the run now
      leak[e + 1] = c;
    }
  };
  std::vector<double> S(k + 1, 0);  // skip penalties of D[0..j)
  for (size_t j = 0; j < k; ++j) S[j + 1] = S[j] + (st.ends[j].empty() ? 0.0 : 0.5);
  std::vector<double> dp(m * k, NEG);  // dp[e*k+j]: A[0..e] cut, D[j]'s run ends at e (its end bonus not yet in)
  std::vector<std::pair<int32_t, int32_t>> back(m * k, {-1, -1});
  for (size_t s = 0; s < m; ++s) {
    leaks_from(s);
    for (int32_t jp = s == 0 ? -1 : 0; jp < static_cast<int32_t>(k); ++jp) {
      double base = 0;
      if (s > 0) {
        double prev = dp[(s - 1) * k + static_cast<size_t>(jp)];
        if (prev == NEG) continue;
        base = prev + endb(s - 1, static_cast<size_t>(jp));
      }
      for (size_t j = static_cast<size_t>(jp + 1); j < k; ++j) {
        double acc = base - (S[j] - S[static_cast<size_t>(jp + 1)]);
        for (size_t e = s; e < m; ++e) {
          acc += anc(e, j) + flow(e, s, j, jp);
          double v = acc - 2.0 * leak[e];
          if (v > dp[e * k + j]) dp[e * k + j] = v, back[e * k + j] = {static_cast<int32_t>(s), jp};
        }
      }
    }
  }
  double fin = NEG;
  int32_t j = -1;
  for (size_t q = 0; q < k; ++q) {
    double v = dp[(m - 1) * k + q];
    if (v != NEG && v + endb(m - 1, q) - (S[k] - S[q + 1]) > fin) fin = v + endb(m - 1, q) - (S[k] - S[q + 1]), j = static_cast<int32_t>(q);
  }
  std::vector<int32_t> seg(m, -1);
  for (int32_t e = static_cast<int32_t>(m) - 1; e >= 0 && j >= 0;) {
    auto [s, jp] = back[static_cast<size_t>(e) * k + static_cast<size_t>(j)];
    for (int32_t i = s; i <= e; ++i) seg[static_cast<size_t>(i)] = j;
    e = s - 1, j = jp;
  }
  return seg;
}

}  // namespace

int32_t segment_aot_statements(Hierarchy& h, const fx::Graph& g, std::string_view text, const fx::Graph& dynamo,
                               const Hierarchy& dyn, const Alignment& al, const std::vector<char>* fixed,
                               std::vector<char>* placed) {
  const size_t N = g.nodes.size();
  if (h.node_group.size() != N || h.groups.size() <= 1) return 0;
  if (h.guessed.size() != N) h.guessed.assign(N, 0);
  std::vector<int32_t> pg = parameter_groups(h, g, text, dynamo);
  if (placed) placed->assign(N, 0);
  int32_t moved = 0;
  for (const auto& [arun, drun] : al.runs) {
    std::vector<int32_t> A, D;
    for (int32_t a : arun)
      if (!fixed || !(*fixed)[static_cast<size_t>(a)]) A.push_back(a);
    for (int32_t d : drun)
      if (is_op(dynamo.nodes[static_cast<size_t>(d)])) D.push_back(d);
    if (al.backward) std::reverse(D.begin(), D.end());
    if (D.size() < 2 || A.empty()) continue;
    Stmt st;
    st.backward = al.backward;
    std::unordered_map<int32_t, int32_t> apos, dpos;
    for (size_t i = 0; i < A.size(); ++i) apos[A[i]] = static_cast<int32_t>(i);
    for (size_t j = 0; j < D.size(); ++j) dpos[D[j]] = static_cast<int32_t>(j);
    for (int32_t a : A) {
      const fx::Node& n = g.nodes[static_cast<size_t>(a)];
      st.anchor.push_back(pg[static_cast<size_t>(a)]);
      st.shape.push_back(shape_of(n.type));
      std::vector<int32_t> pre;
      for (int32_t u : n.inputs)
        if (auto it = apos.find(u); it != apos.end()) pre.push_back(it->second);
      st.pre.push_back(std::move(pre));
    }
    st.dep.assign(D.size(), std::vector<char>(D.size(), 0));
    for (size_t j = 0; j < D.size(); ++j) {
      const fx::Node& n = dynamo.nodes[static_cast<size_t>(D[j])];
      st.dgroup.push_back(h.find(dyn.groups[static_cast<size_t>(dyn.node_group[static_cast<size_t>(D[j])])].path));
      std::vector<std::string_view> e;
      auto own = shape_of(n.type);
      std::vector<std::string_view> ins;
      for (int32_t u : n.inputs)
        if (auto s = shape_of(dynamo.nodes[static_cast<size_t>(u)].type); !s.empty()) ins.push_back(s);
      // Forwards a node's run ends on its value; backwards on the gradient of one of its inputs.
      if (!al.backward) {
        if (!own.empty()) e.push_back(own);
      } else if (!own.empty() || n.type.empty()) {
        e = ins;  // a tuple (no annotation: chunk, split) has gradients too; a Sym(...) has none
      }
      st.ends.push_back(std::move(e));
      st.own.push_back(own);
      for (int32_t u : n.inputs)
        if (auto it = dpos.find(u); it != dpos.end()) {
          if (!al.backward) st.dep[j][static_cast<size_t>(it->second)] = 1;
          else st.dep[static_cast<size_t>(it->second)][j] = 1;
        }
    }
    std::vector<int32_t> seg = cut(st);
    for (size_t i = 0; i < seg.size(); ++i) {
      size_t a = static_cast<size_t>(A[i]);
      if (seg[i] < 0) continue;
      int32_t grp = st.dgroup[static_cast<size_t>(seg[i])];
      if (grp < 0) continue;
      if (h.node_group[a] != grp) ++moved;
      h.node_group[a] = grp;
      h.guessed[a] = 0;
      if (placed) (*placed)[a] = 1;
    }
  }
  if (moved) refresh(h, g);
  return moved;
}

int32_t inherit_forward_ops(Hierarchy& h, const fx::Graph& g, const fx::Graph& fwd, const Hierarchy& fh) {
  const size_t N = g.nodes.size();
  if (h.node_group.size() != N || fh.node_group.size() != fwd.nodes.size()) return 0;
  if (h.guessed.size() != N) h.guessed.assign(N, 0);
  std::unordered_map<std::string_view, int32_t> fwd_ops;
  for (size_t i = 0; i < fwd.nodes.size(); ++i)
    if (is_op(fwd.nodes[i])) fwd_ops[fwd.nodes[i].name] = static_cast<int32_t>(i);
  int32_t moved = 0;
  for (size_t i = 0; i < N; ++i) {
    const fx::Node& n = g.nodes[i];
    if (!is_op(n)) continue;
    auto it = fwd_ops.find(n.name);
    if (it == fwd_ops.end() || fwd.nodes[static_cast<size_t>(it->second)].target != n.target) continue;
    size_t f = static_cast<size_t>(it->second);
    int32_t grp = add_group(h, fh.groups[static_cast<size_t>(fh.node_group[f])].path);
    if (h.node_group.size() != N) continue;
    if (h.node_group[i] != grp) ++moved;
    h.node_group[i] = grp;
    h.guessed[i] = f < fh.guessed.size() ? fh.guessed[f] : 0;
  }
  if (moved) refresh(h, g);
  return moved;
}

}  // namespace tparse::graph
