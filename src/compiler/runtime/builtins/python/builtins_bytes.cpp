// bytes: the builtin type, str.encode and the bytes methods a tokenizer uses (minbpe's and GPT-2's byte-level BPE:
// `text.encode("utf-8")`, `list(b)`, `bytes([i])`, `b"".join(...)`, `b.decode("utf-8", errors="replace")`). A bytes
// object is a str value with is_bytes: its `s` holds the raw bytes, its items are ints (CPython's bytes semantics;
// bytearray is taken as bytes, its mutation unmodelled).
#include <fmt/format.h>

#include <string>

#include "runtime/interp.hpp"
#include "runtime/interp_helpers.hpp"
#include "runtime/values/unicode.hpp"

namespace tparse::compiler {

namespace {

// an encoding name Python accepts for UTF-8 (the codecs registry's normalized aliases), or ASCII / Latin-1
std::string codec_of(const V& v) {
  std::string e = v && v->k == VK::Str ? v->s : "utf-8";
  for (char& c : e) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (char& c : e) if (c == '_') c = '-';
  if (e == "utf-8" || e == "utf8" || e == "u8" || e == "utf") return "utf-8";
  if (e == "ascii" || e == "us-ascii") return "ascii";
  if (e == "latin-1" || e == "latin1" || e == "iso-8859-1" || e == "iso8859-1") return "latin-1";
  return e;
}

}  // namespace

V Interp::call_bytes(const std::string& name, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs, Location loc, V self) {
  auto kw = [&](const char* k, size_t pos) -> V {
    for (auto& [n, v] : kwargs) if (n == k) return v;
    return pos < args.size() ? args[pos] : nullptr;
  };
  if (name == "bytes" || name == "bytearray") {
    V src = kw("source", 0);
    if (!src) return mk_bytes("");
    if (src->k == VK::Str && !src->is_bytes) {  // bytes(text, encoding)
      V enc = kw("encoding", 1);
      if (!enc) raise_exc("TypeError", "string argument without an encoding", loc);
      std::vector<V> a{enc};
      if (V err = kw("errors", 2)) a.push_back(err);
      std::vector<std::pair<std::string, V>> none;
      return call_bytes("bytes.__encode__", a, none, loc, src);
    }
    if (src->k == VK::Str) return mk_bytes(src->s);
    if (src->k == VK::Int) {  // bytes(n): n zero bytes
      if (src->i < 0) raise_exc("ValueError", "negative count", loc);
      return mk_bytes(std::string(static_cast<size_t>(src->i), '\0'));
    }
    std::string out;
    for (const V& x : iterate(src, loc)) {
      if (x->k != VK::Int && x->k != VK::Bool)
        raise_exc("TypeError", fmt::format("'{}' object cannot be interpreted as an integer", type_name(x)), loc);
      const long long b = x->k == VK::Bool ? x->b : x->i;
      if (b < 0 || b > 255) raise_exc("ValueError", "bytes must be in range(0, 256)", loc);
      out += static_cast<char>(b);
    }
    return mk_bytes(out);
  }
  const std::string m = name.substr(6);
  if (!self || self->k != VK::Str) error(loc, name + ": no receiver");
  const std::string& s = self->s;
  if (m == "__encode__") {  // str.encode(encoding='utf-8', errors='strict')
    const std::string codec = codec_of(kw("encoding", 0));
    if (codec == "utf-8") return mk_bytes(s);
    if (codec == "ascii" || codec == "latin-1") {
      const uint32_t top = codec == "ascii" ? 0x7F : 0xFF;
      V err = kw("errors", 1);
      const std::string mode = err && err->k == VK::Str ? err->s : "strict";
      std::string out;
      long long pos = 0;
      for (const std::string& c : utf8_chars(s)) {
        const uint32_t cp = utf8_code_point(c);
        if (cp <= top) out += static_cast<char>(cp);
        else if (mode == "ignore") {}
        else if (mode == "replace") out += '?';
        else
          raise_exc("UnicodeEncodeError", fmt::format("'{}' codec can't encode character '\\u{:04x}' in position {}: ordinal not in range({})",
                                                      codec == "ascii" ? "ascii" : "latin-1", cp, pos, top + 1), loc);
        ++pos;
      }
      return mk_bytes(out);
    }
    note_unmodelled(loc, "str.encode('" + codec + "')");
    return mk_bytes(s);
  }
  if (m == "decode") {  // bytes.decode(encoding='utf-8', errors='strict')
    const std::string codec = codec_of(kw("encoding", 0));
    V err = kw("errors", 1);
    const std::string mode = err && err->k == VK::Str ? err->s : "strict";
    if (codec == "utf-8") {
      bool valid = true;
      std::string text = utf8_decode_replace(s, valid);
      if (!valid && mode == "strict") raise_exc("UnicodeDecodeError", "'utf-8' codec can't decode bytes: invalid utf-8", loc);
      if (!valid && mode == "ignore") {  // (the replacements dropped)
        std::string kept;
        for (const std::string& c : utf8_chars(text)) if (utf8_code_point(c) != 0xFFFD) kept += c;
        text = kept;
      }
      return mk_str(text);
    }
    if (codec == "latin-1" || codec == "ascii") {
      std::string out;
      for (unsigned char c : s) {
        if (codec == "ascii" && c > 0x7F) {
          if (mode == "strict") raise_exc("UnicodeDecodeError", "'ascii' codec can't decode byte: ordinal not in range(128)", loc);
          if (mode == "replace") out += "\xEF\xBF\xBD";
          continue;
        }
        if (c < 0x80) out += static_cast<char>(c);
        else out += static_cast<char>(0xC0 | (c >> 6)), out += static_cast<char>(0x80 | (c & 0x3F));
      }
      return mk_str(out);
    }
    note_unmodelled(loc, "bytes.decode('" + codec + "')");
    return mk_str(s);
  }
  if (m == "join") {
    std::string out;
    const std::vector<V> xs = iterate(args.empty() ? mk_list({}) : args[0], loc);
    for (size_t i = 0; i < xs.size(); ++i) {
      if (xs[i]->k != VK::Str || !xs[i]->is_bytes)
        raise_exc("TypeError", fmt::format("sequence item {}: expected a bytes-like object, {} found", i, type_name(xs[i])), loc);
      out += (i ? s : "") + xs[i]->s;
    }
    return mk_bytes(out);
  }
  if (m == "hex") {
    std::string out;
    for (unsigned char c : s) out += fmt::format("{:02x}", c);
    return mk_str(out);
  }
  if (m == "startswith" || m == "endswith") {
    V x = args.empty() ? nullptr : args[0];
    std::vector<V> opts = x && x->k == VK::Tuple ? x->items : std::vector<V>{x};
    for (const V& o : opts) {
      if (!o || o->k != VK::Str || !o->is_bytes) raise_exc("TypeError", fmt::format("{} first arg must be bytes or a tuple of bytes", m), loc);
      if (o->s.size() <= s.size() && s.compare(m == "startswith" ? 0 : s.size() - o->s.size(), o->s.size(), o->s) == 0) return mk_bool(true);
    }
    return mk_bool(false);
  }
  if (m == "find" || m == "count" || m == "index") {
    V x = args.empty() ? nullptr : args[0];
    std::string needle = x && x->k == VK::Int ? std::string(1, static_cast<char>(x->i)) : x && x->k == VK::Str ? x->s : "";
    if (m == "count") {
      long long n = 0;
      if (needle.empty()) return mk_int(static_cast<long long>(s.size()) + 1);
      for (size_t at = s.find(needle); at != std::string::npos; at = s.find(needle, at + needle.size())) ++n;
      return mk_int(n);
    }
    size_t at = s.find(needle);
    if (at == std::string::npos && m == "index") raise_exc("ValueError", "subsection not found", loc);
    return mk_int(at == std::string::npos ? -1 : static_cast<long long>(at));
  }
  note_unmodelled(loc, "bytes." + m + "()");
  return mk_opaque("bytes." + m + "()");
}

}  // namespace tparse::compiler
