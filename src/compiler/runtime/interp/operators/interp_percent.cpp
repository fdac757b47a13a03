// String formatting: printf-style `fmt % args` (the conversions, flags, width and precision model code uses), the
// format-spec mini-language of format() / f-strings, and str.format's fields.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "runtime/interp.hpp"

namespace tparse::compiler {

/// printf-style `fmt % args`: %s %r %d %i %f %e %g %x %o %c %% with flags, width and precision.
V Interp::percent_format(const std::string& f, const V& rhs, Location loc) {
  std::vector<V> xs = rhs->k == VK::Tuple ? rhs->items : std::vector<V>{rhs};
  size_t next = 0;
  std::string out;
  for (size_t i = 0; i < f.size(); ++i) {
    if (f[i] != '%') { out += f[i]; continue; }
    size_t j = i + 1;
    while (j < f.size() && std::string("-+ #0.123456789").find(f[j]) != std::string::npos) ++j;
    if (j >= f.size()) error(loc, "incomplete format");
    char conv = f[j];
    std::string spec = f.substr(i + 1, j - i - 1);
    i = j;
    if (conv == '%') { out += '%'; continue; }
    if (next >= xs.size()) error(loc, "not enough arguments for format string");
    V v = xs[next++];
    // a number conversion of an object: its __int__ / __float__ (a 0-d tensor's item, numpy's scalars, a class's own)
    if ((v->k == VK::Tensor || v->k == VK::Instance) && std::string("diuxXocfeEgG").find(conv) != std::string::npos)
      v = call(mk_builtin(std::string("feEgG").find(conv) != std::string::npos ? "float" : "int"), {v}, {}, loc);
    double d = v->k == VK::Float ? v->f : v->k == VK::Bool ? v->b : static_cast<double>(v->i);
    char buf[512];
    std::string cs = "%" + spec;
    if (conv == 's' || conv == 'r') {
      std::string s = conv == 's' ? py_str(v) : py_repr(v);
      std::snprintf(buf, sizeof buf, (cs + "s").c_str(), s.c_str());
    } else if (conv == 'd' || conv == 'i' || conv == 'x' || conv == 'X' || conv == 'o' || conv == 'c') {
      if (v->k != VK::Int && v->k != VK::Bool && v->k != VK::Float) error(loc, fmt::format("%{} format: a number is required, not {}", conv, type_name(v)));
      std::snprintf(buf, sizeof buf, (cs + "ll" + (conv == 'i' ? 'd' : conv)).c_str(), static_cast<long long>(d));
    } else if (std::string("feEgG").find(conv) != std::string::npos) {
      if (v->k != VK::Int && v->k != VK::Bool && v->k != VK::Float) error(loc, fmt::format("%{} format: a real number is required, not {}", conv, type_name(v)));
      std::snprintf(buf, sizeof buf, (cs + conv).c_str(), d);
    } else {
      error(loc, fmt::format("unsupported format character '{}'", conv));
    }
    out += buf;
  }
  if (next < xs.size() && rhs->k == VK::Tuple) error(loc, "not all arguments converted during string formatting");
  return mk_str(out);
}

}  // namespace tparse::compiler

namespace tparse::compiler {

namespace {

/// Python's thousands separators (`,` / `_`) in the integer part of a formatted number.
std::string group_digits(const std::string& num, char sep) {
  size_t start = num.find_first_of("0123456789");
  if (start == std::string::npos) return num;
  size_t end = num.find_first_not_of("0123456789", start);
  if (end == std::string::npos) end = num.size();
  std::string digits = num.substr(start, end - start), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += sep;
    out += digits[i];
  }
  return num.substr(0, start) + out + num.substr(end);
}

}  // namespace

std::string format_with_spec(Interp& I, V v, const std::string& spec, Location loc) {
  // Tensor.__format__ of a 0-dim tensor formats self.item(), as a 0-d ndarray's does (STGCN's mean of
  // `loss.detach().cpu().numpy()` values); numpy's scalars are numbers already
  if (v->k == VK::Tensor && v->t->shape.empty()) {
    std::vector<V> no_args;
    std::vector<std::pair<std::string, V>> no_kw;
    v = I.tensor_method(v, "item", no_args, no_kw, loc);
  }
  // a class's own __format__ (numpy's ndarray: a 0-d array formats its item)
  if (v->k == VK::Instance && v->cls)
    if (V f = find_in_class(v->cls, "__format__"); f && f->k == VK::Func) {
      V r = I.call(f, {v, mk_str(spec)}, {}, loc);
      if (r->k != VK::Str) I.raise_exc("TypeError", "__format__ must return a str, not " + type_name(r), loc);
      return r->s;
    }
  if (spec.empty()) return I.str_of(v, loc);
  // parse [[fill]align][sign][z][#][0][width][grouping][.precision][type]
  size_t i = 0;
  std::string fill, align;
  auto is_align = [](char c) { return c == '<' || c == '>' || c == '^' || c == '='; };
  if (spec.size() >= 2 && is_align(spec[1])) { fill = spec.substr(0, 1); align = spec.substr(1, 1); i = 2; }
  else if (!spec.empty() && is_align(spec[0])) { align = spec.substr(0, 1); i = 1; }
  std::string sign;
  if (i < spec.size() && (spec[i] == '+' || spec[i] == '-' || spec[i] == ' ')) sign = spec.substr(i++, 1);
  if (i < spec.size() && spec[i] == 'z') ++i;
  bool alt = false, zero = false;
  if (i < spec.size() && spec[i] == '#') { alt = true; ++i; }
  if (i < spec.size() && spec[i] == '0') { zero = true; ++i; }
  size_t w0 = i;
  while (i < spec.size() && std::isdigit(static_cast<unsigned char>(spec[i]))) ++i;
  const int width = i > w0 ? std::atoi(spec.substr(w0, i - w0).c_str()) : 0;
  char group = 0;
  if (i < spec.size() && (spec[i] == ',' || spec[i] == '_')) group = spec[i++];
  int prec = -1;
  if (i < spec.size() && spec[i] == '.') {
    size_t p0 = ++i;
    while (i < spec.size() && std::isdigit(static_cast<unsigned char>(spec[i]))) ++i;
    prec = std::atoi(spec.substr(p0, i - p0).c_str());
  }
  char type = i < spec.size() ? spec[i++] : 0;
  if (i != spec.size()) I.raise_exc("ValueError", "Invalid format specifier '" + spec + "' for object of type '" + type_name(v) + "'", loc);
  std::string body;
  const bool number = v->k == VK::Int || v->k == VK::Float || v->k == VK::Bool;
  if (number) {
    const bool is_int = v->k != VK::Float && type != 'e' && type != 'E' && type != 'f' && type != 'F' && type != 'g' && type != 'G' && type != '%';
    if (v->k == VK::Float && (type == 'd' || type == 'x' || type == 'X' || type == 'o' || type == 'b' || type == 'c'))
      I.raise_exc("ValueError", fmt::format("Unknown format code '{}' for object of type 'float'", type), loc);
    if (is_int) {
      const long long n = v->k == VK::Bool ? v->b : v->i;
      std::string t = type == 0 || type == 'n' ? "d" : std::string(1, type);
      if (t == "c") body = std::string(1, static_cast<char>(n));
      else body = fmt::format(fmt::runtime("{:" + std::string(sign == "-" ? "" : sign) + (alt ? "#" : "") + t + "}"), n);
    } else {
      double d = v->k == VK::Float ? v->f : static_cast<double>(v->k == VK::Bool ? v->b : v->i);
      const bool pct = type == '%';
      if (pct) d *= 100;
      std::string t = pct ? "f" : type == 'n' ? "g" : type ? std::string(1, type) : "";
      std::string p = prec >= 0 ? "." + std::to_string(prec) : (t == "f" || t == "F" || t == "e" || t == "E") ? ".6" : "";
      if (t.empty() && prec < 0) body = I.str_of(mk_float(d), loc);  // (Python's repr: `1e-05`, `0.1`)
      else body = fmt::format(fmt::runtime("{:" + std::string(sign == "-" ? "" : sign) + (alt ? "#" : "") + p + t + "}"), d);
      // (no type with a precision is 'g' that keeps one decimal: `'{:.3}'.format(1.0)` is '1.0')
      if (t.empty() && prec >= 0 && body.find_first_of(".e") == std::string::npos && std::isfinite(d)) body += ".0";
      if (pct) body += "%";
      if (sign == "+" && t.empty() && prec < 0 && d >= 0) body = "+" + body;
    }
    if (group) body = group_digits(body, group);
  } else {
    body = I.str_of(v, loc);
    if (type && type != 's') I.raise_exc("ValueError", fmt::format("Unknown format code '{}' for object of type '{}'", type, type_name(v)), loc);
    if (prec >= 0 && static_cast<size_t>(prec) < body.size()) body = body.substr(0, static_cast<size_t>(prec));
  }
  // padding: numbers right-aligned, text left; `0` pads after the sign with zeros
  if (zero && align.empty() && number) { align = "="; if (fill.empty()) fill = "0"; }
  if (fill.empty()) fill = " ";
  if (align.empty()) align = number ? ">" : "<";
  const int len = static_cast<int>(body.size());
  if (width > len) {
    const int pad = width - len;
    if (align == "<") body += std::string(static_cast<size_t>(pad), fill[0]);
    else if (align == ">") body = std::string(static_cast<size_t>(pad), fill[0]) + body;
    else if (align == "^") body = std::string(static_cast<size_t>(pad / 2), fill[0]) + body + std::string(static_cast<size_t>(pad - pad / 2), fill[0]);
    else {  // '=': after the sign
      size_t at = !body.empty() && (body[0] == '-' || body[0] == '+' || body[0] == ' ') ? 1 : 0;
      body.insert(at, std::string(static_cast<size_t>(pad), fill[0]));
    }
  }
  return body;
}

std::string str_format(Interp& I, const std::string& s, const std::vector<V>& args, const std::vector<std::pair<std::string, V>>& kwargs, Location loc) {
  std::string o;
  size_t auto_i = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '{' && i + 1 < s.size() && s[i + 1] == '{') { o += '{'; ++i; continue; }
    if (s[i] == '}' && i + 1 < s.size() && s[i + 1] == '}') { o += '}'; ++i; continue; }
    if (s[i] != '{') { o += s[i]; continue; }
    // the field runs to its matching brace (a spec may nest one level: `{:>{w}}`)
    size_t j = i + 1;
    int depth = 1;
    for (; j < s.size() && depth > 0; ++j) depth += s[j] == '{' ? 1 : s[j] == '}' ? -1 : 0;
    if (depth) I.raise_exc("ValueError", "expected '}' before end of string", loc);
    std::string field = s.substr(i + 1, j - i - 2), spec, conv;
    size_t colon = std::string::npos, bang = std::string::npos;
    for (size_t k = 0, br = 0; k < field.size(); ++k) {
      if (field[k] == '[') ++br;
      if (field[k] == ']' && br) --br;
      if (br) continue;
      if (field[k] == '!' && bang == std::string::npos && colon == std::string::npos) bang = k;
      if (field[k] == ':') { colon = k; break; }
    }
    if (colon != std::string::npos) spec = field.substr(colon + 1), field = field.substr(0, colon);
    if (bang != std::string::npos) conv = field.substr(bang + 1), field = field.substr(0, bang);
    // the argument: "" (the next), a number, or a name; then `.attr` and `[key]` steps
    size_t k = field.find_first_of(".[");
    std::string first = field.substr(0, k);
    V v;
    if (first.empty()) {
      if (auto_i >= args.size()) I.raise_exc("IndexError", fmt::format("Replacement index {} out of range for positional args tuple", auto_i), loc);
      v = args[auto_i++];
    } else if (std::isdigit(static_cast<unsigned char>(first[0]))) {
      size_t n = std::stoul(first);
      if (n >= args.size()) I.raise_exc("IndexError", fmt::format("Replacement index {} out of range for positional args tuple", n), loc);
      v = args[n];
    } else {
      for (auto& [kk, vv] : kwargs) if (kk == first) v = vv;
      if (!v) I.raise_exc("KeyError", mk_str(first), loc);
    }
    while (k != std::string::npos && k < field.size()) {
      if (field[k] == '.') {
        size_t e = field.find_first_of(".[", k + 1);
        v = I.getattr(v, field.substr(k + 1, e == std::string::npos ? std::string::npos : e - k - 1), loc);
        k = e;
      } else {
        size_t e = field.find(']', k);
        if (e == std::string::npos) I.raise_exc("ValueError", "Missing ']' in format string", loc);
        std::string key = field.substr(k + 1, e - k - 1);
        const bool digits = !key.empty() && key.find_first_not_of("0123456789") == std::string::npos;
        v = I.subscript_read(v, digits ? mk_int(std::stoll(key)) : mk_str(key), loc);
        k = e + 1 < field.size() ? e + 1 : std::string::npos;
      }
    }
    if (spec.find('{') != std::string::npos) {  // nested fields of the spec, numbered on from here
      std::vector<V> rest(args.begin() + static_cast<long>(std::min(auto_i, args.size())), args.end());
      std::string inner = spec;
      size_t used = std::count(inner.begin(), inner.end(), '{');
      spec = str_format(I, inner, rest, kwargs, loc);
      if (inner.find("{}") != std::string::npos) auto_i += used;
    }
    if (conv == "r" || conv == "a") v = mk_str(I.repr_of(v, loc));
    else if (conv == "s") v = mk_str(I.str_of(v, loc));
    o += format_with_spec(I, v, spec, loc);
    i = j - 1;
  }
  return o;
}

}  // namespace tparse::compiler
