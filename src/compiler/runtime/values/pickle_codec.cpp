// CPython's pickle format for plain data: a reader of protocols 0 to 5 and a writer of 2 to 5 (pickle_codec.hpp).
// Opcodes and their operands as Lib/pickle.py and Modules/_pickle.c define them.
#include "runtime/values/pickle_codec.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <algorithm>
#include <cstring>
#include <map>
#include <vector>

#include "runtime/values/keys.hpp"
#include "runtime/values/unicode.hpp"

namespace tparse::compiler {

namespace {

// a global the data names (`collections OrderedDict`): a builtin called `pickle:<module>.<name>` until REDUCE calls it
V pickled_global(const std::string& module, const std::string& name) { return mk_builtin("pickle:" + module + "." + name); }

V empty_dict() {
  auto d = std::make_shared<Obj>();
  d->k = VK::Dict;
  return d;
}

V as_set(std::vector<V> items, bool frozen) {
  V s = mk_list({});
  s->is_set = true;
  for (auto& x : items) set_add(*s, x);
  (void)frozen;  // (a frozenset is a set to the interpreter)
  return s;
}

struct Reader {
  const std::string& d;
  size_t p = 0;
  std::vector<V> stack;
  std::vector<size_t> marks;
  std::map<long long, V> memo;
  std::string err;

  bool need(size_t n) {
    if (d.size() - p < n) { err = "pickle data was truncated"; return false; }
    return true;
  }
  unsigned long long uint_le(size_t n) {
    unsigned long long v = 0;
    for (size_t i = 0; i < n; ++i) v |= static_cast<unsigned long long>(static_cast<unsigned char>(d[p + i])) << (8 * i);
    p += n;
    return v;
  }
  bool line(std::string& out) {  // a text operand up to '\n' (protocol 0)
    size_t e = d.find('\n', p);
    if (e == std::string::npos) { err = "pickle data was truncated"; return false; }
    out = d.substr(p, e - p);
    p = e + 1;
    return true;
  }
  bool pop(V& v) {
    if (stack.empty() || (!marks.empty() && stack.size() <= marks.back())) { err = "unpickling stack underflow"; return false; }
    v = stack.back();
    stack.pop_back();
    return true;
  }
  bool pop_mark(std::vector<V>& items) {  // the items above the newest MARK
    if (marks.empty()) { err = "could not find MARK"; return false; }
    items.assign(stack.begin() + static_cast<long>(marks.back()), stack.end());
    stack.resize(marks.back());
    marks.pop_back();
    return true;
  }
  // a two's-complement little-endian integer of n bytes (LONG1 / LONG4)
  bool long_le(size_t n) {
    if (!need(n)) return false;
    if (n > 8) { err = "an integer beyond 64 bits"; return false; }
    unsigned long long v = uint_le(n);
    if (n > 0 && n < 8 && (v >> (8 * n - 1)) & 1) v |= ~0ULL << (8 * n);  // sign-extend
    stack.push_back(mk_int(static_cast<long long>(v)));
    return true;
  }
  bool text(size_t n, bool bytes) {
    if (!need(n)) return false;
    stack.push_back(bytes ? mk_bytes(d.substr(p, n)) : mk_str(d.substr(p, n)));
    p += n;
    return true;
  }
  // REDUCE / NEWOBJ of a global: the plain kinds a pickle builds by calling one
  bool call(const V& f, const std::vector<V>& args) {
    const std::string g = f && f->k == VK::Builtin && f->s.rfind("pickle:", 0) == 0 ? f->s.substr(7) : "";
    if (g == "collections.OrderedDict" || g == "collections.defaultdict" || g == "builtins.dict") {
      V r = empty_dict();
      if (!args.empty() && args[0]->k == VK::Dict) for (auto& [k, v] : args[0]->dict) dict_put(*r, k, v);
      stack.push_back(r);
      return true;
    }
    if (g == "builtins.set" || g == "builtins.frozenset" || g == "__builtin__.set" || g == "__builtin__.frozenset") {
      stack.push_back(as_set(args.empty() ? std::vector<V>{} : args[0]->items, g.find("frozen") != std::string::npos));
      return true;
    }
    if (g == "builtins.list") { stack.push_back(mk_list(args.empty() ? std::vector<V>{} : args[0]->items)); return true; }
    if (g == "builtins.tuple") { stack.push_back(mk_tuple(args.empty() ? std::vector<V>{} : args[0]->items)); return true; }
    if (g == "builtins.bytearray" || g == "builtins.bytes" || g == "__builtin__.bytes") {
      stack.push_back(mk_bytes(!args.empty() && args[0]->k == VK::Str ? args[0]->s : ""));
      return true;
    }
    if (g == "_codecs.encode" && !args.empty() && args[0]->k == VK::Str) {  // protocol 2's bytes: latin-1 code points
      std::string out;
      for (const std::string& c : utf8_chars(args[0]->s)) out += static_cast<char>(utf8_code_point(c) & 0xff);
      stack.push_back(mk_bytes(out));
      return true;
    }
    err = fmt::format("an object of class {} (not plain data)", g.empty() ? std::string("?") : g);
    return false;
  }

  bool run(V& out) {
    while (p < d.size()) {
      const unsigned char op = static_cast<unsigned char>(d[p++]);
      V a, b;
      std::vector<V> items;
      std::string s;
      switch (op) {
        case 0x80: if (!need(1)) return false; ++p; break;                       // PROTO
        case 0x95: if (!need(8)) return false; p += 8; break;                    // FRAME (its length: the data follows)
        case '.':                                                                  // STOP
          if (!pop(out)) return false;
          return true;
        case 'N': stack.push_back(none()); break;
        case 0x88: stack.push_back(mk_bool(true)); break;
        case 0x89: stack.push_back(mk_bool(false)); break;
        case 'K': if (!need(1)) return false; stack.push_back(mk_int(static_cast<long long>(uint_le(1)))); break;
        case 'M': if (!need(2)) return false; stack.push_back(mk_int(static_cast<long long>(uint_le(2)))); break;
        case 'J': if (!need(4)) return false; stack.push_back(mk_int(static_cast<int32_t>(uint_le(4)))); break;
        case 0x8a: if (!need(1)) return false; if (!long_le(uint_le(1))) return false; break;   // LONG1
        case 0x8b: if (!need(4)) return false; if (!long_le(uint_le(4))) return false; break;   // LONG4
        case 'I': case 'L':  // INT / LONG as text ("01" / "00" are True / False in protocol 0)
          if (!line(s)) return false;
          if (!s.empty() && s.back() == 'L') s.pop_back();
          if (op == 'I' && (s == "01" || s == "00")) { stack.push_back(mk_bool(s == "01")); break; }
          try { stack.push_back(mk_int(std::stoll(s))); } catch (...) { err = "invalid integer " + s; return false; }
          break;
        case 'G': {  // BINFLOAT: big-endian IEEE double
          if (!need(8)) return false;
          uint64_t bits = 0;
          for (int i = 0; i < 8; ++i) bits = (bits << 8) | static_cast<unsigned char>(d[p + static_cast<size_t>(i)]);
          p += 8;
          double f;
          std::memcpy(&f, &bits, 8);
          stack.push_back(mk_float(f));
          break;
        }
        case 'F':
          if (!line(s)) return false;
          try { stack.push_back(mk_float(std::stod(s))); } catch (...) { err = "invalid float " + s; return false; }
          break;
        case 0x8c: if (!need(1)) return false; if (!text(uint_le(1), false)) return false; break;  // SHORT_BINUNICODE
        case 'X': if (!need(4)) return false; if (!text(uint_le(4), false)) return false; break;   // BINUNICODE
        case 0x8d: if (!need(8)) return false; if (!text(uint_le(8), false)) return false; break;  // BINUNICODE8
        case 'C': if (!need(1)) return false; if (!text(uint_le(1), true)) return false; break;    // SHORT_BINBYTES
        case 'B': if (!need(4)) return false; if (!text(uint_le(4), true)) return false; break;    // BINBYTES
        case 0x8e: if (!need(8)) return false; if (!text(uint_le(8), true)) return false; break;   // BINBYTES8
        case 'U': if (!need(1)) return false; if (!text(uint_le(1), false)) return false; break;   // SHORT_BINSTRING (py2 str)
        case 'T': if (!need(4)) return false; if (!text(uint_le(4), false)) return false; break;   // BINSTRING
        case 'V':  // UNICODE: raw-unicode-escape text (ASCII in practice)
          if (!line(s)) return false;
          stack.push_back(mk_str(s));
          break;
        case ')': stack.push_back(mk_tuple({})); break;
        case ']': stack.push_back(mk_list({})); break;
        case '}': stack.push_back(empty_dict()); break;
        case 0x8f: stack.push_back(as_set({}, false)); break;  // EMPTY_SET
        case '(': marks.push_back(stack.size()); break;
        case 't': if (!pop_mark(items)) return false; stack.push_back(mk_tuple(items)); break;
        case 'l': if (!pop_mark(items)) return false; stack.push_back(mk_list(items)); break;
        case 0x91: if (!pop_mark(items)) return false; stack.push_back(as_set(items, true)); break;  // FROZENSET
        case 0x85: case 0x86: case 0x87: {  // TUPLE1 / TUPLE2 / TUPLE3
          const size_t n = op - 0x84u;
          if (stack.size() < n + (marks.empty() ? 0 : marks.back())) { err = "unpickling stack underflow"; return false; }
          items.assign(stack.end() - static_cast<long>(n), stack.end());
          stack.resize(stack.size() - n);
          stack.push_back(mk_tuple(items));
          break;
        }
        case 'd': {  // DICT: key, value pairs above the mark
          if (!pop_mark(items) || items.size() % 2) { if (err.empty()) err = "odd number of items for DICT"; return false; }
          V r = empty_dict();
          for (size_t i = 0; i < items.size(); i += 2) dict_put(*r, items[i], items[i + 1]);
          stack.push_back(r);
          break;
        }
        case 'a':  // APPEND
          if (!pop(a) || stack.empty()) { if (err.empty()) err = "unpickling stack underflow"; return false; }
          if (stack.back()->k != VK::List) { err = "APPEND to a non-list"; return false; }
          stack.back()->items.push_back(a);
          break;
        case 'e': case 0x90:  // APPENDS / ADDITEMS
          if (!pop_mark(items) || stack.empty()) { if (err.empty()) err = "unpickling stack underflow"; return false; }
          if (stack.back()->k != VK::List) { err = "APPENDS to a non-list"; return false; }
          for (auto& x : items) {
            if (stack.back()->is_set) set_add(*stack.back(), x);
            else stack.back()->items.push_back(x);
          }
          break;
        case 's':  // SETITEM
          if (!pop(b) || !pop(a) || stack.empty() || stack.back()->k != VK::Dict) { if (err.empty()) err = "SETITEM to a non-dict"; return false; }
          dict_put(*stack.back(), a, b);
          break;
        case 'u':  // SETITEMS
          if (!pop_mark(items) || items.size() % 2 || stack.empty() || stack.back()->k != VK::Dict) {
            if (err.empty()) err = "SETITEMS to a non-dict";
            return false;
          }
          for (size_t i = 0; i < items.size(); i += 2) dict_put(*stack.back(), items[i], items[i + 1]);
          break;
        case 0x94: if (stack.empty()) { err = "MEMOIZE of an empty stack"; return false; } memo[static_cast<long long>(memo.size())] = stack.back(); break;
        case 'q': if (!need(1) || stack.empty()) { if (err.empty()) err = "BINPUT of an empty stack"; return false; } memo[static_cast<long long>(uint_le(1))] = stack.back(); break;
        case 'r': if (!need(4) || stack.empty()) { if (err.empty()) err = "LONG_BINPUT of an empty stack"; return false; } memo[static_cast<long long>(uint_le(4))] = stack.back(); break;
        case 'p':
          if (!line(s) || stack.empty()) { if (err.empty()) err = "PUT of an empty stack"; return false; }
          try { memo[std::stoll(s)] = stack.back(); } catch (...) { err = "invalid memo key " + s; return false; }
          break;
        case 'h': case 'j': case 'g': {  // BINGET / LONG_BINGET / GET
          long long k = 0;
          if (op == 'g') {
            if (!line(s)) return false;
            try { k = std::stoll(s); } catch (...) { err = "invalid memo key " + s; return false; }
          } else {
            if (!need(op == 'h' ? 1 : 4)) return false;
            k = static_cast<long long>(uint_le(op == 'h' ? 1 : 4));
          }
          auto it = memo.find(k);
          if (it == memo.end()) { err = fmt::format("Memo value not found at index {}", k); return false; }
          stack.push_back(it->second);
          break;
        }
        case '0': if (!pop(a)) return false; break;                       // POP
        case '1': if (!pop_mark(items)) return false; break;             // POP_MARK
        case '2': if (stack.empty()) { err = "DUP of an empty stack"; return false; } stack.push_back(stack.back()); break;
        case 'c': {  // GLOBAL: module and name as text lines
          std::string m;
          if (!line(m) || !line(s)) return false;
          stack.push_back(pickled_global(m, s));
          break;
        }
        case 0x93:  // STACK_GLOBAL
          if (!pop(b) || !pop(a)) return false;
          if (a->k != VK::Str || b->k != VK::Str) { err = "STACK_GLOBAL requires str"; return false; }
          stack.push_back(pickled_global(a->s, b->s));
          break;
        case 'R':  // REDUCE: callable(*args)
          if (!pop(b) || !pop(a)) return false;
          if (!call(a, b->items)) return false;
          break;
        case 0x81:  // NEWOBJ: cls.__new__(cls, *args)
          if (!pop(b) || !pop(a)) return false;
          if (!call(a, b->items)) return false;
          break;
        case 'b':  // BUILD: a plain object's state (none for the kinds above)
          if (!pop(a)) return false;
          if (a->k != VK::None && !(a->k == VK::Dict && a->dict.empty())) { err = "BUILD of an object's state (not plain data)"; return false; }
          break;
        default:
          err = fmt::format("unsupported pickle opcode 0x{:02x}", op);
          return false;
      }
    }
    err = "pickle data was truncated";
    return false;
  }
};

struct Writer {
  static constexpr size_t kBatch = 1000;
  int proto;
  std::string out;
  std::string err;

  void u_le(unsigned long long v, size_t n) { for (size_t i = 0; i < n; ++i) out += static_cast<char>((v >> (8 * i)) & 0xff); }
  unsigned memo = 0;
  void memoize() {  // (after each str / bytes / container, as CPython's memo does: the index is not read back here)
    if (proto >= 4) out += '\x94';
    else if (memo < 256) { out += 'q'; u_le(memo, 1); }
    else { out += 'r'; u_le(memo, 4); }
    ++memo;
  }
  void global(const char* module, const char* name) {  // GLOBAL (protocols 2 and 3)
    out += 'c';
    out += module;
    out += '\n';
    out += name;
    out += '\n';
    memoize();
  }
  void unicode(const std::string& s) {
    if (proto >= 4) sized('\x8c', 'X', s);
    else { out += 'X'; u_le(s.size(), 4); out += s; }
    memoize();
  }
  void sized(char small, char big, const std::string& s) {
    if (s.size() < 256) { out += small; u_le(s.size(), 1); }
    else { out += big; u_le(s.size(), 4); }
    out += s;
  }
  bool items_of(const std::vector<V>& xs) {
    for (const V& x : xs) if (!put(x)) return false;
    return true;
  }
  bool put(const V& v) {
    switch (v->k) {
      case VK::None: out += 'N'; return true;
      case VK::Bool: out += v->b ? '\x88' : '\x89'; return true;
      case VK::Int: {
        const long long i = v->i;
        if (i >= 0 && i < 256) { out += 'K'; u_le(static_cast<unsigned long long>(i), 1); }
        else if (i >= 0 && i < 65536) { out += 'M'; u_le(static_cast<unsigned long long>(i), 2); }
        else if (i >= INT32_MIN && i <= INT32_MAX) { out += 'J'; u_le(static_cast<uint32_t>(static_cast<int32_t>(i)), 4); }
        else {  // LONG1: the fewest bytes of two's complement that keep the sign
          size_t n = 1;
          while (n < 8 && !(i >= -(1LL << (8 * n - 1)) && i < (1LL << (8 * n - 1)))) ++n;
          out += '\x8a';
          u_le(n, 1);
          u_le(static_cast<unsigned long long>(i), n);
        }
        return true;
      }
      case VK::Float: {
        uint64_t bits;
        std::memcpy(&bits, &v->f, 8);
        out += 'G';
        for (int i = 7; i >= 0; --i) out += static_cast<char>((bits >> (8 * i)) & 0xff);
        return true;
      }
      case VK::Str:
        if (!v->is_bytes) { unicode(v->s); return true; }
        if (proto >= 3) { sized('C', 'B', v->s); memoize(); return true; }
        {  // protocol 2: `_codecs.encode(<the bytes as latin-1 text>, 'latin1')`
          global("_codecs", "encode");
          std::string text;
          for (unsigned char c : v->s) {
            if (c < 0x80) text += static_cast<char>(c);
            else { text += static_cast<char>(0xc0 | (c >> 6)); text += static_cast<char>(0x80 | (c & 0x3f)); }
          }
          unicode(text);
          unicode("latin1");
          out += '\x86';
          memoize();
          out += 'R';
          memoize();
        }
        return true;
      case VK::Tuple:
        if (v->items.empty()) { out += ')'; return true; }
        if (v->items.size() <= 3) {
          if (!items_of(v->items)) return false;
          out += static_cast<char>(0x84 + v->items.size());
        } else {
          out += '(';
          if (!items_of(v->items)) return false;
          out += 't';
        }
        memoize();
        return true;
      case VK::List:  // (batches of 1000 items, as _batch_appends / _batch_setitems; one item alone: APPEND / SETITEM)
        if (v->is_set && proto < 4) {  // `set([items])` by REDUCE
          global("__builtin__", "set");
          V l = mk_list(v->items);
          if (!put(l)) return false;
          out += '\x85';
          memoize();
          out += 'R';
          memoize();
          return true;
        }
        out += v->is_set ? '\x8f' : ']';
        memoize();
        for (size_t i = 0; i < v->items.size(); i += kBatch) {
          const size_t n = std::min(kBatch, v->items.size() - i);
          if (n == 1 && !v->is_set) {
            if (!put(v->items[i])) return false;
            out += 'a';
            continue;
          }
          out += '(';
          for (size_t j = i; j < i + n; ++j) if (!put(v->items[j])) return false;
          out += v->is_set ? '\x90' : 'e';
        }
        return true;
      case VK::Dict:
        if (v->cls) break;
        out += '}';
        memoize();
        for (size_t i = 0; i < v->dict.size(); i += kBatch) {
          const size_t n = std::min(kBatch, v->dict.size() - i);
          if (n > 1) out += '(';
          for (size_t j = i; j < i + n; ++j) if (!put(v->dict[j].first) || !put(v->dict[j].second)) return false;
          out += n > 1 ? 'u' : 's';
        }
        return true;
      default:
        break;
    }
    err = fmt::format("Can't pickle {} objects (tparse pickles plain data only)", type_name(v));
    return false;
  }
};

}  // namespace

bool pickle_loads(const std::string& data, V& out, std::string& err) {
  Reader r{data};
  if (r.run(out)) return true;
  err = r.err;
  return false;
}

bool pickle_dumps(const V& v, int protocol, std::string& out, std::string& err) {
  Writer w{protocol < 2 ? 2 : protocol > 5 ? 5 : protocol, {}, {}};
  if (!w.put(v)) {
    err = w.err;
    return false;
  }
  std::string body = std::move(w.out);
  body += '.';
  out.clear();
  out += '\x80';
  out += static_cast<char>(w.proto);
  if (w.proto >= 4 && body.size() >= 4) {  // one FRAME over the data (CPython frames each 64 KiB)
    out += '\x95';
    for (size_t i = 0; i < 8; ++i) out += static_cast<char>((static_cast<unsigned long long>(body.size()) >> (8 * i)) & 0xff);
  }
  out += body;
  return true;
}

}  // namespace tparse::compiler
