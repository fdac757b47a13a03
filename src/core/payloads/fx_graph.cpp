// FX print_readable parser: a line scanner with a little bracket/quote awareness. See fx_graph.hpp.
#include "fx_graph.hpp"

#include <array>
#include <cctype>
#include <cstring>
#include <unordered_map>

namespace tparse::fx {

const char* op_kind_name(OpKind k) {
  switch (k) {
    case OpKind::Placeholder: return "placeholder";
    case OpKind::CallFunction: return "call_function";
    case OpKind::CallMethod: return "call_method";
    case OpKind::CallModule: return "call_module";
    case OpKind::GetAttr: return "get_attr";
    case OpKind::Output: return "output";
  }
  return "?";
}

namespace {

// ASCII, as isalpha / isalnum in the "C" locale (tparse never sets another), without the libc call.
inline bool is_ident_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
inline bool is_ident(char c) { return is_ident_start(c) || (c >= '0' && c <= '9'); }
// isspace in the "C" locale: space, \t, \n, \v, \f, \r.
inline bool is_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

size_t indent_of(std::string_view line) {
  size_t i = 0;
  while (i < line.size() && line[i] == ' ') ++i;
  return i;
}

/// Index of the quote that closes a literal whose text starts at j (a backslash skips the
/// character after it), in one search; s.size() when the literal is not closed.
size_t string_end(std::string_view s, size_t j, char quote) {
  const char* base = s.data();
  for (;;) {
    const void* q = std::memchr(base + j, quote, s.size() - j);
    size_t k = q ? static_cast<size_t>(static_cast<const char*>(q) - base) : s.size();
    const void* b = std::memchr(base + j, '\\', k - j);
    if (!b) return k;
    j = static_cast<size_t>(static_cast<const char*>(b) - base) + 2;
    if (j >= s.size()) return s.size();
  }
}

/// Calls fn(i) for each character index outside string literals, with the bracket depth at i.
/// Stops when fn returns false.
template <typename Fn>
void scan_top(std::string_view s, Fn&& fn) {
  int depth = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '"' || c == '\'') {
      i = string_end(s, i + 1, c);  // the closing quote (or the end: unterminated)
      continue;
    }
    if (c == '(' || c == '[' || c == '{') ++depth;
    else if (c == ')' || c == ']' || c == '}') --depth;
    if (!fn(i, depth, c)) return;
  }
}

/// Quotes and brackets: the bytes that change scan_top's state (the rest only reach its callback).
constexpr auto kScanState = [] {
  std::array<bool, 256> t{};
  for (unsigned char c : std::string_view("\"'([{)]}")) t[c] = true;
  return t;
}();

/// Removes a trailing "# comment" outside strings.
std::string_view strip_comment(std::string_view s) {
  size_t cut = std::string_view::npos;
  scan_top(s, [&](size_t i, int, char c) {
    if (c == '#') { cut = i; return false; }
    return true;
  });
  return cut == std::string_view::npos ? s : s.substr(0, cut);
}

/// Splits on c at bracket depth 0 outside strings.
std::vector<std::string_view> split_top(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  size_t start = 0;
  scan_top(s, [&](size_t i, int depth, char c) {
    if (c == sep && depth == 0) {
      out.push_back(s.substr(start, i - start));
      start = i + 1;
    }
    return true;
  });
  out.push_back(s.substr(start));
  return out;
}

/// s up to its first `sep` at bracket depth 0 outside strings (split_top(s, sep).front()).
/// scan_top's walk, with the bytes that are neither state nor `sep` skipped by one table look-up.
std::string_view first_top(std::string_view s, char sep) {
  int depth = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (!kScanState[static_cast<unsigned char>(c)]) {
      if (c == sep && depth == 0) return s.substr(0, i);
      continue;
    }
    if (c == '"' || c == '\'') i = string_end(s, i + 1, c);
    else if (c == '(' || c == '[' || c == '{') ++depth;
    else --depth;
  }
  return s;
}

/// "name: "type"" -> (name, type); also strips a leading '*'.
std::pair<std::string, std::string> name_and_type(std::string_view p) {
  p = trim(p);
  while (!p.empty() && p.front() == '*') p.remove_prefix(1);
  size_t colon = p.find(':');
  std::string name(trim(p.substr(0, colon)));
  std::string type;
  if (colon != std::string_view::npos) {
    std::string_view t = trim(p.substr(colon + 1));
    size_t eq = t.find(" = ");  // default value
    if (eq != std::string_view::npos && (t.empty() || t.front() != '"')) t = trim(t.substr(0, eq));
    if (t.size() >= 2 && (t.front() == '"' || t.front() == '\'')) {
      size_t end = t.find(t.front(), 1);
      t = t.substr(1, end == std::string_view::npos ? std::string_view::npos : end - 1);
    }
    type = std::string(t);
  }
  return {name, type};
}

/// Index of the assignment '=' at depth 0 (not ==, <=, >=, !=), or npos.
size_t find_assign(std::string_view s) {
  size_t at = std::string_view::npos;
  scan_top(s, [&](size_t i, int depth, char c) {
    if (c != '=' || depth != 0) return true;
    char prev = i > 0 ? s[i - 1] : ' ';
    char next = i + 1 < s.size() ? s[i + 1] : ' ';
    if (next == '=' || prev == '=' || prev == '<' || prev == '>' || prev == '!') return true;
    at = i;
    return false;
  });
  return at;
}

/// A binary/unary operator at depth 0 -> FX-style target name ("add", "getitem"...), else "".
std::string operator_target(std::string_view rhs) {
  static const std::pair<const char*, const char*> kOps[] = {
      {" == ", "eq"}, {" != ", "ne"}, {" <= ", "le"}, {" >= ", "ge"}, {" < ", "lt"}, {" > ", "gt"},
      {" + ", "add"}, {" - ", "sub"}, {" // ", "floordiv"}, {" ** ", "pow"}, {" * ", "mul"},
      {" / ", "truediv"}, {" % ", "mod"}, {" @ ", "matmul"}, {" & ", "and_"}, {" | ", "or_"},
      {" ^ ", "xor"}, {" << ", "lshift"}, {" >> ", "rshift"}};
  // Only depth-0 occurrences count: blank out bracketed parts first.
  std::string flat(rhs);
  scan_top(rhs, [&](size_t i, int depth, char c) {
    if (depth > 0 || c == ')' || c == ']' || c == '}') flat[i] = 'x';
    return true;
  });
  for (auto& [tok, name] : kOps)
    if (flat.find(tok) != std::string::npos) return name;
  if (!rhs.empty() && rhs.front() == '-') return "neg";
  if (rhs.rfind("not ", 0) == 0) return "not_";
  if (rhs.rfind("~", 0) == 0) return "invert";
  if (!rhs.empty() && rhs.back() == ']') return "getitem";
  return "";
}

/// Looks names up by string_view (no string made per identifier read).
struct NameHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};

struct Parser {
  Graph g;
  std::unordered_map<std::string, int32_t, NameHash, std::equal_to<>> by_name;
  std::string file, function, code;
  int64_t line = -1;

  int32_t add(Node n) {
    auto id = static_cast<int32_t>(g.nodes.size());
    by_name[n.name] = id;
    g.nodes.push_back(std::move(n));
    return id;
  }

  /// Node names read in `text` from `skip_prefix` on, outside string literals: an identifier not
  /// preceded by an identifier character or '.' (scan_top's walk; brackets do not matter here, and
  /// the rest of an identifier, whose bytes follow an identifier byte, is skipped at once).
  void set_inputs(Node& n, std::string_view text, size_t skip_prefix) {
    for (size_t i = 0; i < text.size(); ++i) {
      char c = text[i];
      if (c == '"' || c == '\'') {
        i = string_end(text, i + 1, c);
        continue;
      }
      if (!is_ident_start(c) || (i > 0 && (is_ident(text[i - 1]) || text[i - 1] == '.'))) continue;
      size_t j = i;
      while (j < text.size() && is_ident(text[j])) ++j;
      if (i >= skip_prefix) {
        auto it = by_name.find(text.substr(i, j - i));
        if (it != by_name.end()) {
          bool seen = false;
          for (int32_t k : n.inputs) seen |= k == it->second;
          if (!seen) n.inputs.push_back(it->second);
        }
      }
      i = j - 1;
    }
  }

  void source_comment(std::string_view c) {
    // "# File: /m.py:151 in forward, code: y = self.lin(x).relu()"
    file.clear(), function.clear(), code.clear(), line = -1;
    if (c.rfind("# File: ", 0) != 0) return;
    c.remove_prefix(8);
    size_t in = c.find(" in ");
    std::string_view loc = c.substr(0, in);
    size_t colon = loc.rfind(':');
    if (colon != std::string_view::npos) {
      file = std::string(loc.substr(0, colon));
      try { line = std::stoll(std::string(loc.substr(colon + 1))); } catch (...) { line = -1; }
    } else {
      file = std::string(loc);
    }
    if (in == std::string_view::npos) return;
    std::string_view rest = c.substr(in + 4);
    size_t cc = rest.find(", code: ");
    function = std::string(rest.substr(0, cc));
    if (cc != std::string_view::npos) code = std::string(rest.substr(cc + 8));
  }

  void statement(std::string_view s, int32_t text_line) {
    s = trim(first_top(s, ';'));
    if (s.empty()) return;
    Node n;
    n.text_line = text_line;
    n.file = file, n.line = line, n.function = function, n.code = code;
    if (s.rfind("return", 0) == 0 && (s.size() == 6 || !is_ident(s[6]))) {
      n.name = "output", n.op = OpKind::Output, n.target = "output";
      n.args = std::string(trim(s.substr(6)));
      set_inputs(n, n.args, 0);
      add(std::move(n));
      return;
    }
    size_t eq = find_assign(s);
    if (eq == std::string_view::npos) return;
    std::string_view lhs = trim(s.substr(0, eq)), rhs = trim(s.substr(eq + 1));
    auto targets = split_top(lhs, ',');
    if (targets.size() > 1) {  // "primals_1, tangents_1, = fx_pytree.tree_flatten_spec(...)"
      for (auto t : targets) {
        auto [name, type] = name_and_type(t);
        if (name.empty()) continue;
        Node p = n;
        p.name = name, p.type = std::move(type), p.op = OpKind::Placeholder, p.target = name;
        add(std::move(p));
      }
      return;
    }
    auto [name, type] = name_and_type(lhs);
    if (name.empty()) return;
    n.name = name, n.type = std::move(type);
    // Dynamo's "l_x_ = L_x_": the placeholder's node name.
    auto alias = by_name.find(rhs);
    if (alias != by_name.end() && g.nodes[static_cast<size_t>(alias->second)].op == OpKind::Placeholder &&
        g.nodes[static_cast<size_t>(alias->second)].name == rhs) {
      g.nodes[static_cast<size_t>(alias->second)].name = name;
      by_name[name] = alias->second;
      return;
    }
    // The callee: a dotted identifier path right before '('.
    size_t p = 0;
    while (p < rhs.size() && (is_ident(rhs[p]) || rhs[p] == '.')) ++p;
    std::string_view path = rhs.substr(0, p);
    bool call = p < rhs.size() && rhs[p] == '(' && !path.empty() && is_ident_start(path.front());
    if (path.rfind("self.", 0) == 0) {
      n.target = std::string(path.substr(5));
      n.op = call ? OpKind::CallModule : OpKind::GetAttr;
      n.args = call ? std::string(rhs.substr(p)) : std::string();
      if (call) set_inputs(n, rhs, p);
    } else if (call) {
      size_t dot = path.find('.');
      std::string_view head = path.substr(0, dot);
      if (dot != std::string_view::npos && by_name.find(head) != by_name.end() && path.find('.', dot + 1) == std::string_view::npos) {
        n.op = OpKind::CallMethod;
        n.target = std::string(path.substr(dot + 1));
        n.args = std::string(rhs.substr(p));
        set_inputs(n, rhs, 0);  // the receiver is an input too
      } else {
        n.op = OpKind::CallFunction;
        n.target = std::string(path);
        n.args = std::string(rhs.substr(p));
        set_inputs(n, rhs, p);
      }
    } else {
      n.op = OpKind::CallFunction;
      std::string op = operator_target(rhs);
      n.target = op.empty() ? std::string(rhs.substr(0, 40)) : op;
      n.args = std::string(rhs);
      set_inputs(n, rhs, 0);
    }
    add(std::move(n));
  }
};

}  // namespace

Graph parse_fx_graph(std::string_view text) {
  Parser ps;
  std::vector<std::pair<std::string_view, int32_t>> lines;
  for (size_t pos = 0, no = 1; pos <= text.size(); ++no) {
    size_t nl = text.find('\n', pos);
    std::string_view l = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
    lines.emplace_back(l, static_cast<int32_t>(no));
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
  }
  size_t i = 0;
  // Header: class name, then "def forward(".
  for (; i < lines.size(); ++i) {
    std::string_view t = trim(lines[i].first);
    if (t.rfind("class ", 0) == 0 && ps.g.name.empty()) {
      size_t end = t.find_first_of("(:", 6);
      ps.g.name = std::string(trim(t.substr(6, end == std::string_view::npos ? std::string_view::npos : end - 6)));
    }
    if (t.rfind("def forward(", 0) == 0) break;
  }
  if (i >= lines.size()) return std::move(ps.g);
  size_t def_indent = indent_of(lines[i].first);
  // Signature, possibly over several lines (one parameter a line, with "# comment"s).
  std::string sig;
  int depth = 0;
  bool done = false;
  for (; i < lines.size() && !done; ++i) {
    std::string_view l = strip_comment(lines[i].first);
    sig.append(l).push_back(' ');
    scan_top(l, [&](size_t, int, char c) {
      if (c == '(') ++depth;
      if (c == ')' && --depth == 0) done = true;
      return !done;
    });
  }
  size_t open = sig.find('('), close = sig.rfind(')');
  if (open != std::string::npos && close != std::string::npos && close > open) {
    for (auto prm : split_top(std::string_view(sig).substr(open + 1, close - open - 1), ',')) {
      auto [name, type] = name_and_type(prm);
      if (name.empty() || name == "self") continue;
      Node n;
      n.name = name, n.op = OpKind::Placeholder, n.target = name, n.type = std::move(type);
      ps.add(std::move(n));
    }
  }
  ps.g.ok = true;
  ps.g.nodes.reserve(ps.g.nodes.size() + (lines.size() - i) / 2);
  ps.by_name.reserve(ps.g.nodes.capacity());
  for (; i < lines.size(); ++i) {
    std::string_view l = lines[i].first;
    std::string_view t = trim(l);
    if (t.empty()) {
      ps.source_comment("");
      continue;
    }
    if (indent_of(l) <= def_indent) break;  // end of forward (e.g. a nested submodule class)
    if (t.front() == '#') {
      ps.source_comment(t);
      continue;
    }
    ps.statement(t, lines[i].second);
  }
  for (size_t k = 0; k < ps.g.nodes.size(); ++k)
    for (int32_t in : ps.g.nodes[k].inputs) ps.g.edges.emplace_back(in, static_cast<int32_t>(k));
  return std::move(ps.g);
}

}  // namespace tparse::fx
