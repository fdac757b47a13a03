// Module hierarchy recovery; see hierarchy.hpp and docs/report.md ("Module hierarchy").
#include "hierarchy.hpp"

#include <cctype>
#include <algorithm>
#include <map>
#include <memory>
#include <unordered_map>

namespace tparse::graph {

namespace {

bool is_op(const fx::Node& n) { return n.op != fx::OpKind::Placeholder && n.op != fx::OpKind::Output; }

uint64_t mix(uint64_t h, std::string_view s) {
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return (h ^ 0xff) * 1099511628211ull;
}

/// One 64-bit word into the hash (multiply, then fold the high bits down).
uint64_t mix_word(uint64_t h, uint64_t v) {
  h = (h ^ v) * 0x9e3779b97f4a7c15ull;
  return h ^ (h >> 29);
}

std::string parent_path(const std::string& p) {
  size_t d = p.rfind('.');
  return d == std::string::npos ? std::string() : p.substr(0, d);
}

/// Appends the group of `path` (named by its last part) under `parent`; returns its id.
int32_t append_group(Hierarchy& h, const std::string& path, int32_t parent) {
  Group g;
  g.path = path;
  size_t d = path.rfind('.');
  g.name = d == std::string::npos ? path : path.substr(d + 1);
  g.parent = parent;
  g.depth = h.groups[static_cast<size_t>(parent)].depth + 1;
  h.groups.push_back(std::move(g));
  return static_cast<int32_t>(h.groups.size() - 1);
}

/// Builds groups on demand; owns the Hierarchy while it is filled.
struct Tree {
  Hierarchy h;
  std::unordered_map<std::string, int32_t> by_path;
  Tree() {
    h.groups.emplace_back();
    by_path[""] = 0;
  }
  int32_t group(const std::string& path) {
    auto it = by_path.find(path);
    if (it != by_path.end()) return it->second;
    int32_t parent = group(parent_path(path));
    int32_t id = append_group(h, path, parent);
    by_path[path] = id;
    return id;
  }
};

/// Statement index per node: a run of consecutive ops under one `# File:` line; -1 otherwise.
std::vector<int32_t> statements(const fx::Graph& g) {
  std::vector<int32_t> st(g.nodes.size(), -1);
  int32_t cur = -1;
  const fx::Node* prev = nullptr;
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    const fx::Node& n = g.nodes[i];
    if (!is_op(n)) {
      prev = nullptr;
      continue;
    }
    if (!prev || prev->file != n.file || prev->line != n.line || prev->function != n.function || n.file.empty()) ++cur;
    st[i] = cur;
    prev = &n;
  }
  return st;
}

std::vector<std::vector<int32_t>> consumers_of(const fx::Graph& g) {
  std::vector<std::vector<int32_t>> c(g.nodes.size());
  for (auto [a, b] : g.edges)
    if (a >= 0 && b >= 0 && static_cast<size_t>(a) < c.size()) c[static_cast<size_t>(a)].push_back(b);
  return c;
}

/// Hierarchy::relative without a copy (finish hashes it for every node of every subtree).
std::string_view relative_view(const Hierarchy& h, int32_t a, int32_t g) {
  if (a == g) return {};
  const std::string& base = h.groups[static_cast<size_t>(a)].path;
  std::string_view p = h.groups[static_cast<size_t>(g)].path;
  return base.empty() ? p : p.substr(std::min(p.size(), base.size() + 1));
}

/// Fills children, nodes, totals, signatures and twin marks once node_group is known.
void finish(Hierarchy& h, const fx::Graph& g) {
  h.refresh_due = false;
  // Twin marks are reset too: a group left without nodes (not a child) keeps none from an earlier
  // refresh, whether or not refreshes in between were folded (DeferRefresh).
  for (auto& gr : h.groups) gr.children.clear(), gr.nodes.clear(), gr.total_nodes = 0, gr.twins = 1, gr.first_twin = -1, gr.odd_one_out = false;
  std::vector<std::vector<int32_t>> subtree(h.groups.size());
  std::vector<char> seen(h.groups.size(), 0);
  seen[0] = 1;
  std::vector<int32_t> chain;
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    int32_t gi = h.node_group[i];
    h.groups[static_cast<size_t>(gi)].nodes.push_back(static_cast<int32_t>(i));
    // Children in order of their first node; an ancestor seen for the first time is linked too.
    for (int32_t a = gi; a >= 0; a = h.groups[static_cast<size_t>(a)].parent) {
      subtree[static_cast<size_t>(a)].push_back(static_cast<int32_t>(i));
      ++h.groups[static_cast<size_t>(a)].total_nodes;
    }
    chain.clear();
    for (int32_t a = gi; a >= 0 && !seen[static_cast<size_t>(a)]; a = h.groups[static_cast<size_t>(a)].parent) chain.push_back(a);
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      seen[static_cast<size_t>(*it)] = 1;
      h.groups[static_cast<size_t>(h.groups[static_cast<size_t>(*it)].parent)].children.push_back(*it);
    }
  }
  // Signatures: the subtree's nodes in order, with paths relative to the group and local edges.
  // What a node contributes apart from its path and edges (op, target or parameter name, dtype
  // and shape) is hashed once per node here, not once per ancestor: finish runs several times
  // per graph and this loop was 5-7% of a GPT-2 training trace's report.
  std::vector<uint64_t> own(g.nodes.size());
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    const fx::Node& n = g.nodes[i];
    uint64_t s = mix(1469598103934665603ull, fx::op_kind_name(n.op));
    if (n.op == fx::OpKind::Placeholder) {
      size_t p = n.name.rfind("_parameters_");
      if (p == std::string::npos) p = n.name.rfind("_buffers_");
      s = mix(s, p == std::string::npos ? std::string_view("input") : std::string_view(n.name).substr(p));
    } else {
      s = mix(s, n.target);
    }
    own[i] = mix(s, std::string_view(n.type).substr(0, n.type.find(']') + 1));  // dtype and shape, not strides
  }
  std::vector<int32_t> local(g.nodes.size(), -1);
  for (size_t gi = 0; gi < h.groups.size(); ++gi) {
    const auto& list = subtree[gi];
    for (size_t k = 0; k < list.size(); ++k) local[static_cast<size_t>(list[k])] = static_cast<int32_t>(k);
    uint64_t s = 1469598103934665603ull;
    int32_t last_group = -1;
    uint64_t last_rel = 0;  // the relative path's hash, reused while consecutive nodes share a group
    for (int32_t ni : list) {
      int32_t ng = h.node_group[static_cast<size_t>(ni)];
      if (ng != last_group) last_group = ng, last_rel = mix(1469598103934665603ull, relative_view(h, static_cast<int32_t>(gi), ng));
      s = mix_word(s, last_rel);
      s = mix_word(s, own[static_cast<size_t>(ni)]);
      for (int32_t u : g.nodes[static_cast<size_t>(ni)].inputs) s = mix_word(s, static_cast<uint64_t>(local[static_cast<size_t>(u)]) + 1);
      s = mix_word(s, 0);  // end of the node's inputs
    }
    for (int32_t ni : list) local[static_cast<size_t>(ni)] = -1;
    h.groups[gi].signature = s;
  }
  // Twins among siblings, and the odd one out among numbered siblings (layers.0 .. layers.27).
  for (auto& parent : h.groups) {
    if (parent.children.empty()) continue;  // a leaf: no siblings to compare
    std::map<uint64_t, std::vector<int32_t>> by_sig;
    size_t numbered = 0;
    for (int32_t c : parent.children) {
      by_sig[h.groups[static_cast<size_t>(c)].signature].push_back(c);
      const std::string& nm = h.groups[static_cast<size_t>(c)].name;
      if (!nm.empty() && std::all_of(nm.begin(), nm.end(), [](char ch) { return ch >= '0' && ch <= '9'; })) ++numbered;
    }
    size_t best = 0;
    uint64_t major = 0;
    for (auto& [sig, v] : by_sig) {
      for (int32_t c : v) {
        h.groups[static_cast<size_t>(c)].twins = static_cast<int32_t>(v.size());
        h.groups[static_cast<size_t>(c)].first_twin = v.front();
      }
      if (v.size() > best) best = v.size(), major = sig;
    }
    if (numbered >= 3 && numbered == parent.children.size() && best * 2 > numbered)
      for (int32_t c : parent.children)
        h.groups[static_cast<size_t>(c)].odd_one_out = h.groups[static_cast<size_t>(c)].signature != major;
  }
}

/// True when `code` calls the module at `path` from its parent (`self.qkv(x)`, `self.mlp[0](x)`).
bool is_call_site(const std::string& code, const std::string& path) {
  size_t start = 0;
  while (start <= path.size()) {
    size_t d = path.find('.', start);
    std::string c = path.substr(start, d == std::string::npos ? std::string::npos : d - start);
    // `<name>.c(`, `<name>.c[`, `<name>.c.`: the parent's own variable (`self` by convention, any
    // name in Python) reading its submodule attribute.
    for (size_t at = c.empty() ? std::string::npos : code.find("." + c); at != std::string::npos; at = code.find("." + c, at + 1)) {
      size_t e = at + 1 + c.size();
      if (at == 0 || e >= code.size() || (code[e] != '(' && code[e] != '[' && code[e] != '.')) continue;
      char b = code[at - 1];
      if (std::isalnum(static_cast<unsigned char>(b)) || b == '_') return true;
    }
    if (d == std::string::npos) break;
    start = d + 1;
  }
  return false;
}

}  // namespace

const char* module_note(const Hierarchy& h, int32_t node) {
  if (node < 0 || static_cast<size_t>(node) >= h.guessed.size() || !h.guessed[static_cast<size_t>(node)]) return "";
  return h.guessed[static_cast<size_t>(node)] == 2
             ? " (module unknown: the trace does not say; drawn in the smallest module holding its neighbours)"
             : " (module guessed from the neighbouring ops)";
}

int32_t Hierarchy::find(std::string_view path) const {
  for (size_t i = 0; i < groups.size(); ++i)
    if (groups[i].path == path) return static_cast<int32_t>(i);
  return -1;
}

bool Hierarchy::contains(int32_t a, int32_t g) const {
  for (; g >= 0; g = groups[static_cast<size_t>(g)].parent)
    if (g == a) return true;
  return false;
}

int32_t Hierarchy::lca(int32_t a, int32_t b) const {
  if (a < 0) return b;
  if (b < 0) return a;
  while (groups[static_cast<size_t>(a)].depth > groups[static_cast<size_t>(b)].depth) a = groups[static_cast<size_t>(a)].parent;
  while (groups[static_cast<size_t>(b)].depth > groups[static_cast<size_t>(a)].depth) b = groups[static_cast<size_t>(b)].parent;
  while (a != b) a = groups[static_cast<size_t>(a)].parent, b = groups[static_cast<size_t>(b)].parent;
  return a;
}

std::string Hierarchy::relative(int32_t a, int32_t g) const {
  if (a == g) return {};
  const std::string& base = groups[static_cast<size_t>(a)].path;
  const std::string& p = groups[static_cast<size_t>(g)].path;
  return base.empty() ? p : p.substr(std::min(p.size(), base.size() + 1));
}

bool module_of_placeholder(std::string_view name, std::string& path) {
  path.clear();
  std::string s(name);
  if (!s.empty()) s[0] = static_cast<char>(s[0] == 'L' ? 'l' : s[0]);
  // The root is the local holding the module: `self` (L['self']) in a method, any other name
  // (L['s'], L['model']) too. It ends where its first `_modules_` / `_parameters_` / `_buffers_` starts.
  if (s.rfind("l_", 0) != 0) return false;
  size_t root_end = std::string::npos;
  for (const char* sep : {"_modules_", "_parameters_", "_buffers_"}) root_end = std::min(root_end, s.find(sep, 2));
  if (root_end == std::string::npos || root_end <= 2) return false;
  s = s.substr(root_end + 1);
  size_t p = s.rfind("parameters_");
  if (p == std::string::npos) p = s.rfind("buffers_");
  if (p == std::string::npos || (p > 0 && s[p - 1] != '_')) return false;
  std::string mods = p == 0 ? "" : s.substr(0, p - 1);  // "modules_a_modules_b"
  if (mods.empty()) return true;
  if (mods.rfind("modules_", 0) != 0) return false;
  mods = mods.substr(8);
  for (size_t i = 0; i < mods.size();) {
    size_t d = mods.find("_modules_", i);
    if (!path.empty()) path += '.';
    path += mods.substr(i, d == std::string::npos ? std::string::npos : d - i);
    if (d == std::string::npos) break;
    i = d + 9;
  }
  return true;
}

Hierarchy build_hierarchy(const fx::Graph& g, bool defer) {
  Tree t;
  const size_t N = g.nodes.size();
  std::vector<int32_t> asg(N, -1);
  enum Kind : uint8_t { None, Leaf, Own, Other };
  std::vector<uint8_t> kind(N, None);
  std::vector<char> param(N, 0);
  bool any = false;
  std::string path;
  for (size_t i = 0; i < N; ++i) {
    const fx::Node& n = g.nodes[i];
    if (n.op == fx::OpKind::Placeholder) {
      if (module_of_placeholder(n.name, path)) param[i] = 1, any = true, asg[i] = t.group(path);
      else asg[i] = 0;
    } else if (n.op == fx::OpKind::Output) {
      asg[i] = 0;
    }
  }
  t.h.node_group.assign(N, 0);
  t.h.guessed.assign(N, 0);
  if (!any) {
    if (defer) t.h.refresh_due = true;
    else finish(t.h, g);
    return std::move(t.h);
  }
  t.h.source = "parameter names";
  Hierarchy& h = t.h;
  std::vector<int32_t> st = statements(g);
  auto cons = consumers_of(g);
  // 1. Anchors: an op that reads a parameter belongs to that parameter's module (the common
  //    ancestor when it reads several). Its statement tells whether the module is called from its
  //    parent (`self.qkv(x)`: a leaf module such as Linear) or the op is the module's own code.
  for (size_t i = 0; i < N; ++i) {
    const fx::Node& n = g.nodes[i];
    if (!is_op(n)) continue;
    int32_t m = -1;
    for (int32_t u : n.inputs)
      if (param[static_cast<size_t>(u)]) m = h.lca(m, asg[static_cast<size_t>(u)]);
    if (m < 0) continue;
    asg[i] = m;
    bool leaf = is_call_site(n.code, h.groups[static_cast<size_t>(m)].path);
    kind[i] = leaf ? Leaf : Own;
    if (leaf) h.groups[static_cast<size_t>(m)].leaf_call = true;
  }
  // 2. Own code grows: the rest of the anchor's statement, then (backwards) every op whose
  //    consumers all belong to that module and that sits in the same file and function, above them.
  for (size_t i = 0; i < N; ++i)
    if (kind[i] == Own)
      for (size_t j = i + 1; j < N && st[j] == st[i] && kind[j] == None; ++j) asg[j] = asg[i], kind[j] = Own;
  for (size_t k = N; k-- > 0;) {
    const fx::Node& n = g.nodes[k];
    if (kind[k] != None || !is_op(n) || cons[k].empty()) continue;
    int32_t m = -2;
    for (int32_t c : cons[k]) {
      const fx::Node& cn = g.nodes[static_cast<size_t>(c)];
      // Same file and function, and not below the consumer: inside one Python function earlier
      // statements have smaller line numbers (a parent's line after the call is not pulled in).
      if (kind[static_cast<size_t>(c)] != Own || cn.file != n.file || cn.function != n.function || n.line > cn.line ||
          (m != -2 && asg[static_cast<size_t>(c)] != m)) {
        m = -1;
        break;
      }
      m = asg[static_cast<size_t>(c)];
    }
    if (m >= 0) asg[k] = m, kind[k] = Own;
  }
  // 3. The rest, in program order: the common ancestor of the frames of the nearest assigned ops
  //    before and after (the frame of a leaf call is its caller), narrowed to the common frame of
  //    the op's producers when that lies inside it (a residual add after a layer's last linear).
  auto frame = [&](size_t i) {
    int32_t m = asg[i];
    return kind[i] == Leaf && h.groups[static_cast<size_t>(m)].parent >= 0 ? h.groups[static_cast<size_t>(m)].parent : m;
  };
  std::vector<int32_t> next(N + 1, -1);
  for (size_t k = N; k-- > 0;) next[k] = (kind[k] == Leaf || kind[k] == Own) ? static_cast<int32_t>(k) : next[k + 1];
  int32_t prev = -1;
  for (size_t i = 0; i < N; ++i) {
    const fx::Node& n = g.nodes[i];
    if (kind[i] == Leaf || kind[i] == Own) {
      prev = static_cast<int32_t>(i);
      continue;
    }
    if (!is_op(n)) continue;
    int32_t nx = next[i];
    int32_t L = prev >= 0 && nx >= 0 ? h.lca(frame(static_cast<size_t>(prev)), frame(static_cast<size_t>(nx))) : 0;
    int32_t P = -1;
    for (int32_t u : n.inputs) {
      size_t uu = static_cast<size_t>(u);
      if (!is_op(g.nodes[uu]) || asg[uu] < 0) continue;
      int32_t f = frame(uu);
      // A leaf call's result read by a different function, or far below the call: the caller's caller.
      const fx::Node& un = g.nodes[uu];
      if (kind[uu] == Leaf && f > 0 && !(un.file == n.file && un.function == n.function && n.line >= un.line && n.line - un.line <= 10))
        f = h.groups[static_cast<size_t>(f)].parent;
      P = h.lca(P, f);
    }
    asg[i] = (P >= 0 && P != L && prev >= 0 && nx >= 0 && h.contains(L, P)) ? P : L;
    kind[i] = Other;
    h.guessed[i] = 1;
  }
  for (size_t i = 0; i < N; ++i) h.node_group[i] = std::max(0, asg[i]);
  if (defer) h.refresh_due = true;
  else finish(h, g);
  return std::move(t.h);
}

Hierarchy build_hierarchy_aligned(const fx::Graph& g, const fx::Graph& dynamo, const Hierarchy& dyn, Alignment* align,
                                  bool defer) {
  Tree t;
  for (size_t i = 1; i < dyn.groups.size(); ++i) t.group(dyn.groups[i].path);
  Hierarchy& h = t.h;
  const size_t N = g.nodes.size();
  h.node_group.assign(N, -1);
  h.guessed.assign(N, 0);
  // Statements of both graphs as (key, module).
  struct Run {
    std::string key;
    int32_t group = -1;
    std::vector<int32_t> nodes;
  };
  auto runs_of = [](const fx::Graph& fg, const std::vector<int32_t>& st) {
    std::vector<Run> r;
    for (size_t i = 0; i < fg.nodes.size(); ++i) {
      if (st[i] < 0) continue;
      if (static_cast<size_t>(st[i]) >= r.size()) {
        const fx::Node& n = fg.nodes[i];
        r.push_back({n.file + ":" + std::to_string(n.line) + ":" + n.function, -1, {}});
      }
      r.back().nodes.push_back(static_cast<int32_t>(i));
    }
    return r;
  };
  std::vector<Run> dr = runs_of(dynamo, statements(dynamo)), ar = runs_of(g, statements(g));
  for (auto& r : dr) {
    for (int32_t ni : r.nodes) r.group = dyn.lca(r.group, dyn.node_group[static_cast<size_t>(ni)]);
    r.group = t.group(dyn.groups[static_cast<size_t>(r.group)].path);
  }
  // In-order matching of the statement sequences, forwards and backwards (a backward graph runs
  // the statements in reverse); keep the direction that matches more. A longest common
  // subsequence of the statement keys (2 bits of back-pointer a cell); greedy first-fit when the
  // table would pass 32 M cells (a greedy match can lock onto a late statement and lose the rest).
  std::unordered_map<std::string, int32_t> key_id;
  auto id_of = [&](const std::string& k) {
    if (k.find(":-1:") != std::string::npos) return -1;  // no `# File:` line: never matches
    return key_id.emplace(k, static_cast<int32_t>(key_id.size())).first->second;
  };
  std::vector<int32_t> did, aid;
  for (auto& r : dr) did.push_back(id_of(r.key));
  for (auto& r : ar) aid.push_back(id_of(r.key));
  std::unique_ptr<uint8_t[]> dirbuf;  // match's table, n * m cells
  auto match = [&](bool reverse, std::vector<int32_t>& out) {
    out.assign(ar.size(), -1);
    const size_t n = ar.size(), m = dr.size();
    size_t matched = 0;
    auto at = [&](size_t i) { return reverse ? n - 1 - i : i; };  // i-th statement in match order
    if (n == 0 || m == 0) return matched;
    if (n * m > (size_t{1} << 25)) {
      for (size_t k = 0, p = 0; k < n; ++k) {
        if (aid[at(k)] < 0) continue;
        for (size_t q = p; q < m; ++q) {
          size_t dq = reverse ? m - 1 - q : q;
          if (did[dq] == aid[at(k)]) {
            out[at(k)] = static_cast<int32_t>(dq), p = q + 1, ++matched;
            break;
          }
        }
      }
      return matched;
    }
    // The Dynamo statements in program order against the AOT ones in match order (reversed for
    // a backward graph: reversing both would be the same as reversing neither).
    auto dat = [](size_t j) { return j; };
    std::vector<uint32_t> prev(m + 1, 0), cur(m + 1, 0);
    // 0: match, 1: skip the AOT statement, 2: skip the Dynamo one. Every cell is written below, so
    // the table is neither zeroed nor allocated twice (both directions share it).
    if (!dirbuf) dirbuf.reset(new uint8_t[n * m]);
    uint8_t* dir = dirbuf.get();
    for (size_t i = 1; i <= n; ++i) {
      int32_t ka = aid[at(i - 1)];
      for (size_t j = 1; j <= m; ++j) {
        uint8_t d;
        if (ka >= 0 && ka == did[dat(j - 1)]) cur[j] = prev[j - 1] + 1, d = 0;
        else if (prev[j] >= cur[j - 1]) cur[j] = prev[j], d = 1;
        else cur[j] = cur[j - 1], d = 2;
        dir[(i - 1) * m + (j - 1)] = d;
      }
      std::swap(prev, cur);
    }
    for (size_t i = n, j = m; i > 0 && j > 0;) {
      uint8_t d = dir[(i - 1) * m + (j - 1)];
      if (d == 0) out[at(i - 1)] = static_cast<int32_t>(dat(j - 1)), ++matched, --i, --j;
      else if (d == 1) --i;
      else --j;
    }
    return matched;
  };
  std::vector<int32_t> fw, bw;
  // The reverse match can only win when the forward one left a statement of the shorter sequence
  // unmatched (a match has at most min(n, m) pairs).
  size_t mf = match(false, fw);
  size_t mb = mf < std::min(ar.size(), dr.size()) ? match(true, bw) : 0;
  const std::vector<int32_t>& pick = mb > mf ? bw : fw;
  if (std::max(mf, mb) == 0) {
    h.node_group.assign(N, 0);
    if (defer) h.refresh_due = true;
    else finish(h, g);
    return std::move(t.h);
  }
  h.source = "aligned with the Dynamo graph";
  for (size_t k = 0; k < ar.size(); ++k) {
    int32_t grp = pick[k] < 0 ? -1 : dr[static_cast<size_t>(pick[k])].group;
    for (int32_t ni : ar[k].nodes) h.node_group[static_cast<size_t>(ni)] = grp;
    if (align && pick[k] >= 0) align->runs.push_back({ar[k].nodes, dr[static_cast<size_t>(pick[k])].nodes});
  }
  if (align) align->backward = mb > mf;
  // Unmatched ops: the common ancestor of the nearest matched ops around them.
  std::vector<int32_t> nextg(N + 1, -1);
  for (size_t k = N; k-- > 0;) nextg[k] = h.node_group[k] >= 0 && is_op(g.nodes[k]) ? h.node_group[k] : nextg[k + 1];
  int32_t prevg = -1;
  for (size_t i = 0; i < N; ++i) {
    if (!is_op(g.nodes[i])) continue;
    if (h.node_group[i] >= 0) prevg = h.node_group[i];
    else {
      h.node_group[i] = prevg >= 0 && nextg[i] >= 0 ? h.lca(prevg, nextg[i]) : 0;
      h.guessed[i] = 2;  // no matched statement: module unknown unless a parameter names it later
    }
  }
  // Placeholders (primals, tangents): the common module of their readers.
  auto cons = consumers_of(g);
  for (size_t i = 0; i < N; ++i) {
    if (g.nodes[i].op == fx::OpKind::Output) h.node_group[i] = 0;
    if (g.nodes[i].op != fx::OpKind::Placeholder) continue;
    int32_t m = -1;
    for (int32_t c : cons[i]) m = h.lca(m, std::max(0, h.node_group[static_cast<size_t>(c)]));
    h.node_group[i] = std::max(0, m);
  }
  if (defer) h.refresh_due = true;
  else finish(h, g);
  return std::move(t.h);
}

int32_t add_group(Hierarchy& h, const std::string& path) {
  int32_t id = h.find(path);
  if (id >= 0) return id;
  return append_group(h, path, add_group(h, parent_path(path)));
}

void refresh(Hierarchy& h, const fx::Graph& g) {
  if (h.defer_depth > 0) h.refresh_due = true;
  else finish(h, g);
}

DeferRefresh::~DeferRefresh() {
  if (--h_.defer_depth == 0 && h_.refresh_due) finish(h_, g_);
}

std::string dump_hierarchy(const Hierarchy& h, int32_t max_depth) {
  std::string out;
  auto rec = [&](auto&& self, int32_t gi) -> void {
    const Group& gr = h.groups[static_cast<size_t>(gi)];
    if (gr.depth > max_depth) return;
    out += std::string(static_cast<size_t>(gr.depth) * 2, ' ') + (gi == 0 ? "(graph)" : gr.name) + " " +
           std::to_string(gr.total_nodes) + " nodes";
    if (gr.twins > 1) out += ", " + std::to_string(gr.twins) + " x same graph";
    if (gr.odd_one_out) out += ", DIFFERS";
    if (gr.leaf_call) out += ", leaf";
    out += "\n";
    for (int32_t c : gr.children) self(self, c);
  };
  if (!h.groups.empty()) rec(rec, 0);
  return out;
}

}  // namespace tparse::graph
