// FX readable-graph parsing for explain's op counting; see graph_ops.hpp.
#include "graph_ops.hpp"

#include <array>
#include <cctype>
#include <set>

namespace tparse::analysis {

namespace {

size_t indent_of(std::string_view line) {
  size_t i = 0;
  while (i < line.size() && line[i] == ' ') ++i;
  return i;
}

bool is_ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

bool is_identifier(std::string_view s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s)
    if (!is_ident_char(c)) return false;
  return true;
}

bool is_dotted_name(std::string_view s) {
  if (s.empty() || s.front() == '.' || s.back() == '.') return false;
  for (char c : s)
    if (!is_ident_char(c) && c != '.') return false;
  return !std::isdigit(static_cast<unsigned char>(s[0]));
}

// Position of the bracket closing the one at `open`, skipping quoted strings; npos if none.
size_t match_close(std::string_view s, size_t open) {
  int depth = 0;
  char quote = 0;
  for (size_t i = open; i < s.size(); ++i) {
    char c = s[i];
    if (quote) {
      if (c == '\\') ++i;
      else if (c == quote) quote = 0;
      continue;
    }
    if (c == '"' || c == '\'') quote = c;
    else if (c == '(' || c == '[' || c == '{') ++depth;
    else if (c == ')' || c == ']' || c == '}') {
      if (--depth == 0) return i;
    }
  }
  return std::string_view::npos;
}

// First binary operator " op " at bracket depth 0 outside strings; returns operator name or "".
std::string binary_op(std::string_view e) {
  static const std::array<std::pair<std::string_view, std::string_view>, 21> ops = {{
      {" is not ", "is_not"}, {" // ", "floordiv"}, {" ** ", "pow"}, {" << ", "lshift"}, {" >> ", "rshift"},
      {" >= ", "ge"}, {" <= ", "le"}, {" == ", "eq"}, {" != ", "ne"}, {" is ", "is_"},
      {" + ", "add"}, {" - ", "sub"}, {" * ", "mul"}, {" / ", "truediv"}, {" % ", "mod"},
      {" @ ", "matmul"}, {" & ", "and_"}, {" | ", "or_"}, {" ^ ", "xor"}, {" > ", "gt"}, {" < ", "lt"},
  }};
  int depth = 0;
  char quote = 0;
  for (size_t i = 0; i < e.size(); ++i) {
    char c = e[i];
    if (quote) {
      if (c == '\\') ++i;
      else if (c == quote) quote = 0;
      continue;
    }
    if (c == '"' || c == '\'') { quote = c; continue; }
    if (c == '(' || c == '[' || c == '{') { ++depth; continue; }
    if (c == ')' || c == ']' || c == '}') { --depth; continue; }
    if (depth != 0 || c != ' ') continue;
    for (const auto& [tok, name] : ops)
      if (e.compare(i, tok.size(), tok) == 0) return std::string(name);
  }
  return "";
}

// FX prints an in-place operator node (torch/fx/graph.py inplace_methods: "{} += {}", "{}[{}] = {}", ...)
// as the statement itself, then `;  NAME = ARG0`. Returns the operator's name ("iadd", "setitem") when
// `stmt` (the part before the first ";  ") is such a statement, else "".
std::string inplace_op(std::string_view stmt) {
  static const std::array<std::pair<std::string_view, std::string_view>, 13> ops = {{
      {" //= ", "ifloordiv"}, {" **= ", "ipow"}, {" <<= ", "ilshift"}, {" >>= ", "irshift"}, {" += ", "iadd"},
      {" -= ", "isub"}, {" *= ", "imul"}, {" /= ", "itruediv"}, {" %= ", "imod"}, {" @= ", "imatmul"},
      {" &= ", "iand"}, {" |= ", "ior"}, {" ^= ", "ixor"},
  }};
  int depth = 0;
  char quote = 0;
  for (size_t i = 0; i < stmt.size(); ++i) {
    char c = stmt[i];
    if (quote) {
      if (c == '\\') ++i;
      else if (c == quote) quote = 0;
      continue;
    }
    if (c == '"' || c == '\'') { quote = c; continue; }
    if (c == '(' || c == '[' || c == '{') { ++depth; continue; }
    if (c == ')' || c == ']' || c == '}') { --depth; continue; }
    if (depth != 0 || c != ' ') continue;
    for (const auto& [tok, name] : ops)
      if (stmt.compare(i, tok.size(), tok) == 0) return std::string(name);
    // The first top-level " = ": a node's own assignment has a name (or `name: "annotation"`) on
    // the left; `target[index] = value` is operator.setitem.
    if (stmt.compare(i, 3, " = ") == 0) return i > 0 && stmt[i - 1] == ']' ? "setitem" : "";
  }
  return "";
}

// Python functions that live directly in the torch namespace (torch/functional.py and friends).
bool torch_python_function(std::string_view n) {
  static const std::array<std::string_view, 20> fns = {
      "atleast_1d", "atleast_2d", "atleast_3d", "block_diag", "broadcast_shapes", "broadcast_tensors",
      "cartesian_prod", "cdist", "chain_matmul", "einsum", "lu", "meshgrid", "norm", "split", "stft",
      "istft", "tensordot", "unique", "unique_consecutive", "unravel_index"};
  for (auto f : fns)
    if (f == n) return true;
  return false;
}

bool python_builtin(std::string_view n) {
  static const std::array<std::string_view, 16> b = {"getattr", "len", "abs", "min", "max", "isinstance",
                                                     "hasattr", "iter", "next", "round", "pow", "divmod",
                                                     "sum", "all", "any", "setattr"};
  for (auto f : b)
    if (f == n) return true;
  return false;
}

/// torch._dynamo.utils.wrapped_<numpy function>, mangled as a global of the graph module
constexpr std::string_view kNumpyWrapped = "torch__dynamo_utils_wrapped_";

/// A function the graph module reaches as a global is printed under its mangled qualified name
/// (`einops_einops_rearrange`: module einops.einops, function rearrange), which cannot be split into
/// module and name. Its __name__ is recovered from what names it: a callee `NAME(` in the node's source
/// line (`# File: ..., code: y = rearrange(x, ...)`), else the node's own name when FX kept the function's
/// (`rearrange_3`), provided the mangled name ends with `_NAME`.
std::string_view global_function_name(std::string_view callee, std::string_view node, std::string_view code) {
  if (callee.find('.') != std::string_view::npos || python_builtin(callee) || callee.starts_with(kNumpyWrapped)) return callee;
  auto suffix = [&](std::string_view n) {
    return !n.empty() && callee.size() > n.size() + 1 && callee.ends_with(n) && callee[callee.size() - n.size() - 1] == '_';
  };
  std::string_view best;
  for (size_t i = 0; i < code.size(); ++i) {  // identifiers directly followed by '('
    if (code[i] != '(') continue;
    size_t b = i;
    while (b > 0 && is_ident_char(code[b - 1])) --b;
    std::string_view n = code.substr(b, i - b);
    if (suffix(n) && n.size() > best.size()) best = n;
  }
  if (!best.empty()) return callee.substr(callee.size() - best.size());
  size_t u = node.rfind('_');
  if (u != std::string_view::npos && u + 1 < node.size() &&
      node.substr(u + 1).find_first_not_of("0123456789") == std::string_view::npos)
    node = node.substr(0, u);
  if (suffix(node)) return callee.substr(callee.size() - node.size());
  // nothing names it (`return fn(x, *args)` in a wrapper, a node named after a variable): the modules whose
  // functions torch 2.11 puts into graphs as globals are few; their mangled prefix is dropped
  for (std::string_view prefix : {"einops_einops_", "einops_packing_"})
    if (callee.size() > prefix.size() && callee.starts_with(prefix)) return callee.substr(prefix.size());
  return callee;
}

}  // namespace

std::string target_repr(std::string_view callee) {
  // a numpy function Dynamo traced (torch._dynamo.utils.numpy_to_tensor_wrapper, a global of the graph module)
  if (callee.starts_with(kNumpyWrapped)) {
    // numpy_operator_wrapper(op) reprs as `<Wrapped operator <original wrapped_sub>>`, numpy_to_tensor_wrapper(fn)
    // as `<Wrapped function <original exp>>`
    // (each wrapper is a new object: a graph's second `wrapped_mul` is the global `..._wrapped_mul_1`);
    // numpy_method_wrapper(name) as `<Wrapped method <original astype>>` for the names only an ndarray has
    std::string_view fn = callee.substr(kNumpyWrapped.size());
    if (size_t u = fn.rfind('_'); u != std::string_view::npos && u + 1 < fn.size() &&
        fn.substr(u + 1).find_first_not_of("0123456789") == std::string_view::npos)
      fn = fn.substr(0, u);
    static const std::set<std::string_view> ops = {"add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "lt", "gt", "le", "ge", "eq", "ne",
                                                   "getitem", "neg", "and_", "or_", "matmul", "invert"};
    static const std::set<std::string_view> methods = {"astype", "flatten", "item", "fill", "tolist", "tobytes", "view"};
    if (ops.count(fn)) return "<Wrapped operator <original wrapped_" + std::string(fn) + ">>";
    if (methods.count(fn)) return "<Wrapped method <original " + std::string(fn) + ">>";
    return "<Wrapped function <original " + std::string(fn) + ">>";
  }
  size_t dot = callee.rfind('.');
  std::string_view leaf = dot == std::string_view::npos ? callee : callee.substr(dot + 1);
  std::string_view mod = dot == std::string_view::npos ? std::string_view{} : callee.substr(0, dot);
  auto builtin_fn = [&] { return "<built-in function " + std::string(leaf) + ">"; };
  auto py_fn = [&] { return "<function " + std::string(leaf) + " at 0x…>"; };
  if (mod.empty()) return python_builtin(leaf) ? builtin_fn() : py_fn();
  if (mod == "operator" || mod == "_operator" || mod == "math" || mod == "builtins") return builtin_fn();
  if (mod.starts_with("torch.ops.higher_order")) return std::string(leaf);
  if (mod.starts_with("torch.ops.")) return std::string(callee.substr(10));
  // torch 2.11 binds _log_api_usage_once with pybind11 (explain.json of the transformers population)
  if (callee == "torch._C._log_api_usage_once")
    return "<built-in method _log_api_usage_once of pybind11_builtins.pybind11_detail_function_record_v1_system_libstdcpp_gxx_abi_1xxx_use_cxx11_abi_1 object at 0x…>";
  if (mod == "torch._C" || mod.starts_with("torch._C.")) return builtin_fn();
  // torch/nn/functional.py makes these with boolean_dispatch(...): the target is its inner `fn`
  if (mod == "torch.nn.functional" &&
      (leaf == "max_pool1d" || leaf == "max_pool2d" || leaf == "max_pool3d" || leaf == "adaptive_max_pool1d" ||
       leaf == "adaptive_max_pool2d" || leaf == "adaptive_max_pool3d" || leaf == "fractional_max_pool2d" || leaf == "fractional_max_pool3d"))
    return "<function boolean_dispatch.<locals>.fn at 0x…>";
  if (mod == "torch") {
    if (leaf == "Size" || leaf == "Tensor") return "<class 'torch." + std::string(leaf) + "'>";
    if (torch_python_function(leaf)) return py_fn();
    return "<built-in method " + std::string(leaf) + " of type object at 0x…>";
  }
  return py_fn();
}

GraphOps parse_graph_ops(std::string_view payload) {
  GraphOps g;
  bool in_forward = false, seen_forward = false;
  std::string_view code;  // the `code:` text of the latest `# File:` comment
  size_t pos = 0;
  while (pos <= payload.size()) {
    size_t nl = payload.find('\n', pos);
    std::string_view line = payload.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    pos = nl == std::string_view::npos ? payload.size() + 1 : nl + 1;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    size_t ind = indent_of(line);
    std::string_view body = line.substr(ind);
    if (body.empty()) continue;
    if (ind == 4 && body.starts_with("def forward(")) {
      if (seen_forward) break;  // a second top-level forward: stop
      in_forward = seen_forward = true;
      continue;
    }
    if (!in_forward) continue;
    if (ind <= 4) {  // left the top-level forward (nested class or end)
      in_forward = false;
      break;
    }
    if (ind == 8 && body.starts_with("# File: ")) {  // the source line of the nodes below
      size_t c = body.find(", code: ");
      code = c == std::string_view::npos ? std::string_view{} : body.substr(c + 8);
      continue;
    }
    if (ind != 8 || body.starts_with("#") || body.starts_with("return ") || body == "return") continue;
    size_t semi = body.find(";  ");
    std::string_view stmt = semi == std::string_view::npos ? body : body.substr(0, semi);
    if (semi != std::string_view::npos) {  // in-place operator: `x += y;  iadd = x`, `c[i] = v;  setitem = c`
      std::string op = inplace_op(stmt);
      if (!op.empty()) {
        g.call_functions.push_back("<built-in function " + op + ">");
        continue;
      }
    }
    // name[: "annotation"] = expr
    size_t k = 0;
    while (k < stmt.size() && is_ident_char(stmt[k])) ++k;
    if (k == 0) continue;
    size_t eq = std::string_view::npos;
    if (stmt.compare(k, 3, ": \"") == 0) {
      size_t endq = stmt.find('"', k + 3);
      if (endq != std::string_view::npos && stmt.compare(endq + 1, 3, " = ") == 0) eq = endq + 1;
    } else if (stmt.compare(k, 3, " = ") == 0) {
      eq = k;
    }
    if (eq == std::string_view::npos) continue;
    std::string_view e = stmt.substr(eq + 3);
    while (!e.empty() && e.back() == ' ') e.remove_suffix(1);
    if (e.empty()) continue;
    if (is_identifier(e)) { ++g.placeholders; continue; }      // placeholder alias: l_x_ = L_x_
    if (e.starts_with("self.") && e.find('(') == std::string_view::npos) continue;  // get_attr
    // call_function getattr with an identifier attribute prints as `NODE.attr` (torch/fx/graph.py): `w.T`
    if (size_t d = e.find('.'); d != std::string_view::npos && is_identifier(e.substr(0, d)) &&
                                is_identifier(e.substr(d + 1))) {
      g.call_functions.push_back("<built-in function getattr>");
      continue;
    }
    std::string op = binary_op(e);
    if (!op.empty()) { g.call_functions.push_back("<built-in function " + op + ">"); continue; }
    if (e[0] == '-' || e[0] == '+' || e[0] == '~' || e.starts_with("not ")) {  // magic_methods neg / pos / invert
      g.call_functions.push_back(e[0] == '-'   ? "<built-in function neg>"
                                 : e[0] == '+' ? "<built-in function pos>"
                                 : e[0] == '~' ? "<built-in function invert>" : "<built-in function not_>");
      continue;
    }
    size_t br = e.find_first_of("([");
    if (br == std::string_view::npos || match_close(e, br) + 1 != e.size()) continue;  // constant etc.
    std::string_view callee = e.substr(0, br);
    if (!is_dotted_name(callee)) continue;
    if (e[br] == '[') { g.call_functions.push_back("<built-in function getitem>"); continue; }
    size_t dot = callee.find('.');
    std::string_view root = dot == std::string_view::npos ? callee : callee.substr(0, dot);
    if (root == "self") ++g.call_modules;
    else if (dot == std::string_view::npos || root == "torch" || root == "operator" || root == "_operator" ||
             root == "math" || root == "builtins")
      g.call_functions.push_back(target_repr(global_function_name(callee, stmt.substr(0, k), code)));
    else ++g.call_methods;
  }
  return g;
}

}  // namespace tparse::analysis
