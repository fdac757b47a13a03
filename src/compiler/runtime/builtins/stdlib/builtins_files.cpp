// Files and JSON for the stubs of io / json (stubs/io.py's open, stubs/json): a program reads its config, vocabulary
// or data files for real, as Python would where tparse runs; what it writes goes to an in-memory file system of the
// run (read back by later opens, never written to disk). json.loads / json.dumps convert between JSON text and
// Python values (simdjson parses; dumps follows CPython's json.encoder: separators, indent, sort_keys, ensure_ascii).
#include <fmt/format.h>
#include <simdjson.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "runtime/interp.hpp"
#include "runtime/values/pickle_codec.hpp"
#include "runtime/values/keys.hpp"
#include "trace/trace_writer.hpp"

namespace tparse::compiler {

namespace fs = std::filesystem;

namespace {

constexpr std::uintmax_t kMaxRead = 64ull << 20;  // a bigger file (a dataset dump) is not read: an opaque value

std::string vfs_key(const std::string& p) {
  std::error_code ec;  // ('' has no absolute path: a key of its own, never a file)
  fs::path a = fs::absolute(fs::path(p), ec);
  return ec ? p : a.lexically_normal().string();
}

V from_json(simdjson::dom::element e) {
  using T = simdjson::dom::element_type;
  switch (e.type()) {
    case T::ARRAY: {
      std::vector<V> xs;
      simdjson::dom::array arr;
      if (e.get_array().get(arr) == simdjson::SUCCESS)
        for (simdjson::dom::element x : arr) xs.push_back(from_json(x));
      return mk_list(std::move(xs));
    }
    case T::OBJECT: {
      auto d = std::make_shared<Obj>();
      d->k = VK::Dict;
      simdjson::dom::object obj;
      if (e.get_object().get(obj) == simdjson::SUCCESS)
        for (auto field : obj) dict_put(*d, mk_str(std::string(field.key)), from_json(field.value));
      return d;
    }
    case T::INT64: return mk_int(e.get_int64().value_unsafe());
    case T::UINT64: return mk_float(static_cast<double>(e.get_uint64().value_unsafe()));  // (beyond int64: no big ints)
    case T::DOUBLE: return mk_float(e.get_double().value_unsafe());
    case T::STRING: return mk_str(std::string(e.get_string().value_unsafe()));
    case T::BOOL: return mk_bool(e.get_bool().value_unsafe());
    case T::NULL_VALUE: return none();
    default: return none();
  }
}

struct Dumper {
  Interp& I;
  Location loc;
  std::string indent;  // empty with has_indent false: one line
  bool has_indent = false, sort_keys = false, ascii = true;
  std::string item_sep, key_sep;

  std::string key_of(const V& k) {
    switch (k->k) {
      case VK::Str: return k->s;
      case VK::Int: return std::to_string(k->i);
      case VK::Float: return number(k);
      case VK::Bool: return k->b ? "true" : "false";
      case VK::None: return "null";
      default: I.raise_exc("TypeError", fmt::format("keys must be str, int, float, bool or None, not {}", type_name(k)), loc);
    }
  }
  static std::string number(const V& v) {
    double f = v->f;
    if (std::isnan(f)) return "NaN";
    if (std::isinf(f)) return f > 0 ? "Infinity" : "-Infinity";
    return py_repr(v);
  }
  void nl(std::string& o, int depth) {
    if (!has_indent) return;
    o += '\n';
    for (int d = 0; d < depth; ++d) o += indent;
  }
  void dump(const V& v, std::string& o, int depth) {
    switch (v->k) {
      case VK::None: o += "null"; return;
      case VK::Bool: o += v->b ? "true" : "false"; return;
      case VK::Int: o += std::to_string(v->i); return;
      case VK::Float: o += number(v); return;
      case VK::Str: o += json_escape(v->s, ascii); return;
      case VK::List: case VK::Tuple: {
        if (v->items.empty()) { o += "[]"; return; }
        o += '[';
        for (size_t i = 0; i < v->items.size(); ++i) {
          if (i) o += item_sep;
          nl(o, depth + 1);
          dump(v->items[i], o, depth + 1);
        }
        nl(o, depth);
        o += ']';
        return;
      }
      case VK::Dict: {
        if (v->dict.empty()) { o += "{}"; return; }
        std::vector<std::pair<std::string, V>> kv;
        for (auto& [k, x] : v->dict) kv.emplace_back(key_of(k), x);
        if (sort_keys) std::stable_sort(kv.begin(), kv.end(), [](auto& a, auto& b) { return a.first < b.first; });
        o += '{';
        for (size_t i = 0; i < kv.size(); ++i) {
          if (i) o += item_sep;
          nl(o, depth + 1);
          o += json_escape(kv[i].first, ascii) + key_sep;
          dump(kv[i].second, o, depth + 1);
        }
        nl(o, depth);
        o += '}';
        return;
      }
      default:
        I.raise_exc("TypeError", fmt::format("Object of type {} is not JSON serializable", type_name(v)), loc);
    }
  }
};

}  // namespace

bool Interp::file_written(const std::string& path) const { return written_files_.count(vfs_key(path)) > 0; }

V Interp::call_file_builtin(const std::string& name, std::vector<V>& args, Location loc, bool& handled) {
  handled = true;
  auto arg = [&](size_t i) -> V {
    if (i >= args.size()) error(loc, fmt::format("{}() missing argument", name));
    return args[i];
  };
  // (path, text): the file's content (text mode: universal newlines), the run's own written copy first; an errno
  // (int) where Python's open fails; None for a file too big to read
  if (name == "__tparse_read_file__") {
    if (arg(0)->k != VK::Str) raise_exc("TypeError", "expected str, bytes or os.PathLike object", loc);
    const std::string key = vfs_key(arg(0)->s);
    std::string text;
    if (auto it = written_files_.find(key); it != written_files_.end()) {
      text = it->second;
    } else {
      std::error_code ec;
      fs::path p(arg(0)->s);
      if (!fs::exists(p, ec)) return mk_int(ENOENT);
      if (fs::is_directory(p, ec)) return mk_int(EISDIR);
      if (fs::file_size(p, ec) > kMaxRead) return none();
      std::ifstream in(p, std::ios::binary);
      if (!in) return mk_int(EACCES);
      std::ostringstream ss;
      ss << in.rdbuf();
      text = ss.str();
    }
    if (args.size() > 1 && arg(1)->k == VK::Bool && arg(1)->b) {  // text: \r\n and \r read as \n
      std::string t;
      t.reserve(text.size());
      for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\r') {
          t += '\n';
          if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
        } else {
          t += text[i];
        }
      }
      text.swap(t);
    }
    return mk_str(std::move(text));
  }
  if (name == "__tparse_write_file__") {  // (path, content): kept in memory for the run's later reads
    if (arg(0)->k != VK::Str || arg(1)->k != VK::Str) raise_exc("TypeError", "write() argument must be str", loc);
    written_files_[vfs_key(arg(0)->s)] = arg(1)->s;
    return none();
  }
  if (name == "__tparse_file_written__") return mk_bool(arg(0)->k == VK::Str && file_written(arg(0)->s));
  // (text): (True, value) or (False, message, position) for stubs/json's JSONDecodeError
  if (name == "__tparse_json_loads__") {
    if (arg(0)->k != VK::Str) raise_exc("TypeError", fmt::format("the JSON object must be str, bytes or bytearray, not {}", type_name(arg(0))), loc);
    simdjson::dom::parser parser;
    simdjson::padded_string buf(arg(0)->s);
    simdjson::dom::element root;
    if (auto err = parser.parse(buf).get(root))
      return mk_tuple({mk_bool(false), mk_str(fmt::format("Expecting value: {}", simdjson::error_message(err)))});
    return mk_tuple({mk_bool(true), from_json(root)});
  }
  // (obj, indent, sort_keys, item_separator, key_separator, ensure_ascii)
  if (name == "__tparse_json_dumps__") {
    Dumper d{*this, loc};
    V ind = args.size() > 1 ? arg(1) : none();
    if (ind->k == VK::Int) { d.has_indent = true; d.indent = std::string(static_cast<size_t>(std::max(0LL, ind->i)), ' '); }
    else if (ind->k == VK::Str) { d.has_indent = true; d.indent = ind->s; }
    d.sort_keys = args.size() > 2 && arg(2)->k == VK::Bool && arg(2)->b;
    d.item_sep = args.size() > 3 && arg(3)->k == VK::Str ? arg(3)->s : (d.has_indent ? "," : ", ");
    d.key_sep = args.size() > 4 && arg(4)->k == VK::Str ? arg(4)->s : ": ";
    d.ascii = !(args.size() > 5 && arg(5)->k == VK::Bool && !arg(5)->b);
    std::string out;
    d.dump(arg(0), out, 0);
    return mk_str(std::move(out));
  }
  // (data): (True, object) or (False, message) for stubs/pickle.py's UnpicklingError (runtime/values/pickle_codec.hpp)
  if (name == "__tparse_pickle_loads__") {
    if (arg(0)->k != VK::Str) raise_exc("TypeError", fmt::format("a bytes-like object is required, not '{}'", type_name(arg(0))), loc);
    V out;
    std::string err;
    if (!pickle_loads(arg(0)->s, out, err)) return mk_tuple({mk_bool(false), mk_str(err)});
    return mk_tuple({mk_bool(true), out});
  }
  // (obj, protocol): (True, bytes) or (False, message) for PicklingError
  if (name == "__tparse_pickle_dumps__") {
    std::string out, err;
    const int proto = args.size() > 1 && arg(1)->k == VK::Int ? static_cast<int>(arg(1)->i) : 4;
    if (!pickle_dumps(arg(0), proto, out, err)) return mk_tuple({mk_bool(false), mk_str(err)});
    return mk_tuple({mk_bool(true), mk_bytes(std::move(out))});
  }
  if (name == "__tparse_bytes_as_str__") return mk_str(arg(0)->s);  // (raw bytes kept as a str: io.py's binary files)
  handled = false;
  return nullptr;
}

}  // namespace tparse::compiler
