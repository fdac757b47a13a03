// The rest of Python's builtins that model files name: the whole builtin exception hierarchy (names
// only; interp_exc.cpp matches by it), dir / hash / format / hex / oct / bin / issubclass / delattr /
// locals / ascii, and the ones a model cannot have a value for at build time (open, input, eval, exec,
// compile, bytes, ...), which give an opaque value and a note instead of stopping the run; torch.jit.annotate and
// torch.autocast (a context manager; interp.cpp records its nodes).
#include <fmt/format.h>

#include <filesystem>
#include <glob.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "frontend/diag.hpp"
#include "frontend/parser.hpp"
#include "runtime/interp.hpp"
#include "dynamo/messages.hpp"
#include "torch/values/values.hpp"
#include "runtime/values/keys.hpp"
#include "torch/op_table.hpp"

namespace tparse::compiler {

bool class_derives(const V& cls, const V& base) {
  if (!cls) return false;
  if (cls.get() == base.get()) return true;
  for (auto& b : cls->bases)
    if (b && b->k == VK::Class && class_derives(b, base)) return true;
  return false;
}

bool nn_class_derives(const std::string& cls, const std::string& base) {
  if (cls == base || base == "Module") return !cls.empty();
  // torch.nn's private intermediate bases (torch/nn/modules/*.py): `isinstance(m, nn.modules.conv._ConvNd)`,
  // `_BatchNorm`, `RNNBase` in weight-init and normalization helpers (encodec's get_norm_module)
  static const std::map<std::string, std::string> parent = {
      {"Conv1d", "_ConvNd"}, {"Conv2d", "_ConvNd"}, {"Conv3d", "_ConvNd"}, {"_ConvTransposeNd", "_ConvNd"},
      {"ConvTranspose1d", "_ConvTransposeNd"}, {"ConvTranspose2d", "_ConvTransposeNd"}, {"ConvTranspose3d", "_ConvTransposeNd"},
      {"BatchNorm1d", "_BatchNorm"}, {"BatchNorm2d", "_BatchNorm"}, {"BatchNorm3d", "_BatchNorm"}, {"SyncBatchNorm", "_BatchNorm"},
      {"_BatchNorm", "_NormBase"}, {"InstanceNorm1d", "_InstanceNorm"}, {"InstanceNorm2d", "_InstanceNorm"},
      {"InstanceNorm3d", "_InstanceNorm"}, {"_InstanceNorm", "_NormBase"},
      {"LSTM", "RNNBase"}, {"GRU", "RNNBase"}, {"RNN", "RNNBase"}, {"LSTMCell", "RNNCellBase"}, {"GRUCell", "RNNCellBase"},
      {"RNNCell", "RNNCellBase"},
      {"MaxPool1d", "_MaxPoolNd"}, {"MaxPool2d", "_MaxPoolNd"}, {"MaxPool3d", "_MaxPoolNd"},
      {"MaxUnpool1d", "_MaxUnpoolNd"}, {"MaxUnpool2d", "_MaxUnpoolNd"}, {"MaxUnpool3d", "_MaxUnpoolNd"},
      {"AvgPool1d", "_AvgPoolNd"}, {"AvgPool2d", "_AvgPoolNd"}, {"AvgPool3d", "_AvgPoolNd"},
      {"AdaptiveAvgPool1d", "_AdaptiveAvgPoolNd"}, {"AdaptiveAvgPool2d", "_AdaptiveAvgPoolNd"}, {"AdaptiveAvgPool3d", "_AdaptiveAvgPoolNd"},
      {"AdaptiveMaxPool1d", "_AdaptiveMaxPoolNd"}, {"AdaptiveMaxPool2d", "_AdaptiveMaxPoolNd"}, {"AdaptiveMaxPool3d", "_AdaptiveMaxPoolNd"},
      {"Dropout", "_DropoutNd"}, {"Dropout1d", "_DropoutNd"}, {"Dropout2d", "_DropoutNd"}, {"Dropout3d", "_DropoutNd"},
      {"AlphaDropout", "_DropoutNd"}, {"FeatureAlphaDropout", "_DropoutNd"}, {"ReLU6", "Hardtanh"},
      {"UpsamplingNearest2d", "Upsample"}, {"UpsamplingBilinear2d", "Upsample"},
      {"ConstantPad1d", "_ConstantPadNd"}, {"ConstantPad2d", "_ConstantPadNd"}, {"ConstantPad3d", "_ConstantPadNd"},
      {"ZeroPad1d", "ConstantPad1d"}, {"ZeroPad2d", "ConstantPad2d"}, {"ZeroPad3d", "ConstantPad3d"},
      {"ReflectionPad1d", "_ReflectionPadNd"}, {"ReflectionPad2d", "_ReflectionPadNd"}, {"ReflectionPad3d", "_ReflectionPadNd"},
      {"ReplicationPad1d", "_ReplicationPadNd"}, {"ReplicationPad2d", "_ReplicationPadNd"}, {"ReplicationPad3d", "_ReplicationPadNd"},
      {"CrossEntropyLoss", "_WeightedLoss"}, {"NLLLoss", "_WeightedLoss"}, {"BCELoss", "_WeightedLoss"},
      {"BCEWithLogitsLoss", "_Loss"}, {"_WeightedLoss", "_Loss"}, {"MSELoss", "_Loss"}, {"L1Loss", "_Loss"},
      {"SmoothL1Loss", "_Loss"}, {"HuberLoss", "_Loss"}, {"KLDivLoss", "_Loss"}};
  for (std::string c = cls;;) {
    auto it = parent.find(c);
    if (it == parent.end()) return false;
    if (it->second == base) return true;
    c = it->second;
  }
}

bool builtin_is_type(const std::string& name) {
  static const std::set<std::string> types = {"int", "float", "str", "bool", "list", "tuple", "dict", "set", "frozenset", "type",
                                              "object", "bytes", "complex", "range", "slice", "property", "super", "NoneType", "torch.Size"};
  return types.count(name) > 0;
}

bool abc_instance(const V& v, const std::string& abc) {
  auto has = [&](const char* m) { return v->k == VK::Instance && v->cls && find_in_class(v->cls, m) != nullptr; };
  bool list = v->k == VK::List, tuple = v->k == VK::Tuple, str = v->k == VK::Str, dict = v->k == VK::Dict;
  bool it = v->k == VK::Iterator;
  if (abc == "Iterable") return list || tuple || str || dict || it || v->k == VK::Tensor || has("__iter__");
  if (abc == "Iterator" || abc == "Generator") return it;
  if (abc == "Sized") return list || tuple || str || dict || v->k == VK::Tensor || has("__len__");
  if (abc == "Container") return list || tuple || str || dict || has("__contains__");
  if (abc == "Collection" || abc == "Reversible") return list || tuple || str || dict || (has("__len__") && has("__iter__"));
  if (abc == "Sequence") return list || tuple || str;
  if (abc == "MutableSequence") return list;
  if (abc == "Mapping" || abc == "MutableMapping") return dict;
  if (abc == "Callable")
    return v->k == VK::Func || v->k == VK::Builtin || v->k == VK::Bound || v->k == VK::Class || v->k == VK::Compiled ||
           (v->k == VK::Instance && !v->builtin_nn.empty()) || has("__call__");
  if (abc == "Hashable") return !list && !dict;
  // numbers (PEP 3141): int and bool are registered as Integral, float as Real (complex values are not modelled)
  if (abc == "Integral" || abc == "Rational") return v->k == VK::Int || v->k == VK::Bool;
  if (abc == "Real" || abc == "Complex" || abc == "Number") return v->k == VK::Int || v->k == VK::Bool || v->k == VK::Float;
  // types: a def / lambda is a FunctionType, one bound to an instance a MethodType; builtin functions (not types)
  if (abc == "FunctionType") return v->k == VK::Func;
  if (abc == "MethodType") return v->k == VK::Bound && v->func && v->func->k == VK::Func;
  if (abc == "ModuleType") return v->k == VK::Module;
  if (abc == "BuiltinFunctionType") return v->k == VK::Builtin && !builtin_is_type(v->s);
  return false;  // sets are lists here, views and async kinds are not modelled: answered as not an instance
}

// `xs[t] = v` of a list and a 0-d integer tensor in a frame: Dynamo's list __setitem__ wants a constant key (GB0156)
void Interp::list_setitem_break(const V& list, const V& v, Location loc) {
  graph_break("Unsupported method call",
              msg_unsupported_method("list", "__setitem__", fmt::format("call_method ListVariable(length={}) __setitem__ [TensorVariable(), {}] {{}}",
                                                                         list->items.size(), variable_repr(v))),
              loc);
}

bool python_builtin(const std::string& name) {
  static const std::set<std::string> s = {
      "print", "len", "range", "int", "float", "str", "bool", "list", "tuple", "dict", "isinstance", "issubclass", "enumerate",
      "zip", "sum", "max", "min", "abs", "getattr", "setattr", "hasattr", "delattr", "vars", "reversed", "sorted", "any",
      "all", "map", "filter", "round", "type", "id", "repr", "iter", "next", "set", "frozenset", "divmod", "pow", "callable",
      "hash", "format", "complex"};
  return s.count(name) > 0;
}

const std::set<std::string>& more_builtin_names() {
  static const std::set<std::string> s = {
      "dir", "ast.literal_eval", "hash", "format", "hex", "oct", "bin", "issubclass", "delattr", "locals", "ascii", "complex",
      "open", "input", "eval", "exec", "compile", "bytes", "bytearray", "memoryview", "breakpoint", "exit", "quit",
      "help", "aiter", "anext", "NotImplemented", "Ellipsis", "__import__",
      "torch.jit.annotate", "torch.autocast", "torch.amp.autocast", "torch.cuda.amp.autocast", "torch.cpu.amp.autocast",
      "sys.getrecursionlimit", "sys.setrecursionlimit", "sys.getdefaultencoding", "sys.getfilesystemencoding", "sys.stdout.write", "sys.stderr.write", "sys.stdout.flush",
      "sys.stderr.flush", "sys.stdout.isatty", "sys.stderr.isatty", "__tparse_deepcopy_obj__", "__tparse_sdpa_kernel__", "__tparse_getitem__", "__tparse_setitem__", "__tparse_buffer_setattr__", "__tparse_lambda_module_setattr__", "__tparse_requires_grad_setattr__", "__tparse_function_setattr__",
      "__tparse_mt_new__", "__tparse_mt_seed__", "__tparse_mt32__", "__tparse_read_file__", "__tparse_write_file__",
      "__tparse_file_written__", "__tparse_json_loads__", "__tparse_json_dumps__",
      "__tparse_pickle_loads__", "__tparse_pickle_dumps__", "__tparse_bytes_as_str__"};
  return s;
}

// eval(source[, globals[, locals]]) in eager code: the expression parsed as a file "<string>" and evaluated in
// the caller's scope, or in a scope of the given dicts' names (builtins stay visible, as Python adds them).
V Interp::eval_builtin(std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs, Location loc) {
  (void)kwargs;
  std::string src = args[0]->s;
  size_t a = src.find_first_not_of(" \t\n");
  src = a == std::string::npos ? "" : src.substr(a);
  int file = static_cast<int>(files_.size());
  files_.push_back(SourceFile{"<string>", src, "<string>"});
  auto mod = std::make_shared<Module>(parse_module(src, file));
  if (mod->body.size() != 1 || mod->body[0]->k != SK::Expr) error(loc, "eval() arg 1 must be an expression");
  eval_asts_.push_back(mod);  // lambdas made by it keep pointing into this tree
  // (the string's code object runs as a frame of its own: under the callback, one more frame handed to Dynamo, which
  // skips it; a new code object each call. Real torch 2.11: program eval_builtin_in_forward, frames.total 3)
  if (callback_active_ > 0 && !tracing() && run_only_depth_ == 0) {
    CodeState cs;
    cs.co_name = "<module>";
    cs.filename = "<string>";
    cs.firstlineno = 1;
    count_frame(cs, true);
  }
  Activation& act = *stack_.back();
  std::shared_ptr<Env> saved = act.env;
  if (args.size() > 1 && args[1]->k == VK::Dict) {
    auto env = std::make_shared<Env>();
    for (size_t i = 1; i < args.size() && i < 3; ++i)
      if (args[i]->k == VK::Dict)
        for (auto& [k, v] : args[i]->dict)
          if (k->k == VK::Str) { if (!env->vars.count(k->s)) env->order.push_back(k->s); env->vars[k->s] = v; }
    act.env = env;
  }
  struct Restore { Activation& a; std::shared_ptr<Env> e; ~Restore() { a.env = e; } } restore{act, saved};
  return eval(mod->body[0]->value);
}

// ast.literal_eval(text): the string parsed as an expression; only literals, containers of them, signed numbers and
// complex sums are accepted (CPython's _convert), else ValueError; a string that does not parse is a SyntaxError.
// (yacs configs read every value of a YAML config through it: a plain word such as 'exp' is kept as the string)
V Interp::literal_eval_builtin(const V& text, Location loc) {
  if (text->k != VK::Str) return text;  // (a node or a value already: CPython returns a Constant's value)
  std::string src = text->s;
  const size_t a = src.find_first_not_of(" \t");
  src = a == std::string::npos ? "" : src.substr(a);
  int file = static_cast<int>(files_.size());
  files_.push_back(SourceFile{"<unknown>", src, "<unknown>"});
  std::shared_ptr<Module> mod;
  try {
    mod = std::make_shared<Module>(parse_module(src, file));
  } catch (CompileError& e) {
    raise_exc("SyntaxError", e.what(), loc);
  }
  if (mod->body.size() != 1 || mod->body[0]->k != SK::Expr) raise_exc("SyntaxError", "invalid syntax", loc);
  std::function<const Expr*(const Expr&)> bad = [&](const Expr& e) -> const Expr* {
    switch (e.k) {
      case EK::None: case EK::True: case EK::False: case EK::Int: case EK::Float: case EK::Str: case EK::Imag: case EK::Ellipsis:
        return nullptr;
      case EK::Tuple: case EK::List: case EK::Set: case EK::Dict:
        for (const auto& x : e.a) if (const Expr* b = !x || x->k == EK::Starred ? &e : bad(*x)) return b;
        return nullptr;
      case EK::Call:  // `set()`, the empty set
        return e.a.size() == 1 && e.a[0]->k == EK::Name && e.a[0]->s == "set" ? nullptr : &e;
      case EK::UnaryOp:
        return (e.s == "-" || e.s == "+") && (e.a[0]->k == EK::Int || e.a[0]->k == EK::Float || e.a[0]->k == EK::Imag) ? nullptr : &e;
      case EK::BinOp: {  // a real number plus or minus an imaginary one
        const Expr& l = *e.a[0];
        const bool real = l.k == EK::Int || l.k == EK::Float ||
                          (l.k == EK::UnaryOp && (l.s == "-" || l.s == "+") && (l.a[0]->k == EK::Int || l.a[0]->k == EK::Float));
        return (e.s == "+" || e.s == "-") && real && e.a[1]->k == EK::Imag ? nullptr : &e;
      }
      default: return &e;
    }
  };
  if (const Expr* b = bad(*mod->body[0]->value)) {
    static const std::map<EK, std::string> names = {{EK::Name, "Name"}, {EK::Attr, "Attribute"}, {EK::Call, "Call"},
                                                   {EK::BinOp, "BinOp"}, {EK::UnaryOp, "UnaryOp"}, {EK::Subscript, "Subscript"},
                                                   {EK::Compare, "Compare"}, {EK::Starred, "Starred"}, {EK::Lambda, "Lambda"}};
    auto it = names.find(b->k);
    raise_exc("ValueError", fmt::format("malformed node or string on line 1: <ast.{} object>", it == names.end() ? "expr" : it->second), loc);
  }
  eval_asts_.push_back(mod);
  return eval(mod->body[0]->value);
}

// copy.deepcopy's copy of modules and tensors (and what they hold): every object reached is copied once (the
// memo keeps shared parts shared), a tensor is a new tensor of the same metadata (a Parameter stays one), classes,
// functions and other values are kept, as Python's deepcopy keeps them; a bound method is bound to its instance's copy.
V Interp::deep_copy(const V& v, std::map<const Obj*, V>& memo) {
  if (!v) return v;
  switch (v->k) {
    case VK::Instance: case VK::Tensor: case VK::List: case VK::Tuple: case VK::Dict: break;
    case VK::Bound: if (v->self && v->func && v->func->k == VK::Func) break; return v;  // (copy._deepcopy_method)
    default: return v;
  }
  if (auto it = memo.find(v.get()); it != memo.end()) return it->second;
  if (v->k == VK::Bound) {  // a bound method: the same function bound to the copy of its instance (a module's own
    // method registered as its submodule's forward hook: BYOL's `self._hook`)
    auto y = std::make_shared<Obj>(*v);
    memo[v.get()] = y;
    y->self = deep_copy(v->self, memo);
    return y;
  }
  auto y = std::make_shared<Obj>(*v);
  memo[v.get()] = y;
  if (v->k == VK::Tensor) {
    y->t = std::make_shared<TensorInfo>(*v->t);
    return y;
  }
  for (auto& x : y->items) x = deep_copy(x, memo);
  for (auto& [k, x] : y->dict) x = deep_copy(x, memo);
  for (auto& [k, x] : y->attrs) x = deep_copy(x, memo);
  return y;
}

// os.getenv, os.path's string functions, and the directory reads glob.glob / os.listdir.
V Interp::call_os_builtin(const std::string& name, std::vector<V>& args, Location loc, bool& handled) {
  handled = true;
  auto arg = [&](size_t i) -> V {
    if (i >= args.size()) error(loc, fmt::format("{}() missing argument", name));
    return args[i];
  };
  if (name == "os.getenv") {  // no variable is set for the run unless the driver stored it in os.environ
    if (os_environ_ && !args.empty())
      if (V* v = dict_find(*os_environ_, arg(0))) return *v;
    return args.size() > 1 ? arg(1) : none();
  }
  // glob.glob / os.listdir ask the file system where tparse runs, in its directory order as Python's os.scandir
  // (a package __init__ that lists its own modules: ReChorus' `glob.glob(join(dirname(__file__), "*.py"))`)
  if ((name == "glob.glob" || name == "os.listdir") && (args.empty() || arg(0)->k == VK::Str)) {
    std::vector<V> out;
    if (name == "os.listdir") {
      std::error_code ec;
      for (std::filesystem::directory_iterator it(args.empty() ? "." : arg(0)->s, ec), end; !ec && it != end; it.increment(ec))
        out.push_back(mk_str(it->path().filename().string()));
      return mk_list(std::move(out));
    }
    glob_t g{};
    if (!args.empty() && ::glob(arg(0)->s.c_str(), GLOB_NOSORT, nullptr, &g) == 0)
      for (size_t i = 0; i < g.gl_pathc; ++i) out.push_back(mk_str(g.gl_pathv[i]));
    globfree(&g);
    return mk_list(std::move(out));
  }
  if (name.rfind("os.path.", 0) == 0 && !args.empty() && arg(0)->k == VK::Str) {  // path strings, no file system
    std::string m = name.substr(8), p = arg(0)->s;
    if (m == "join") {
      for (size_t i = 1; i < args.size(); ++i) {
        if (arg(i)->k != VK::Str) break;
        const std::string& q = arg(i)->s;
        if (!q.empty() && q[0] == '/') p = q;
        else p += (p.empty() || p.back() == '/' ? "" : "/") + q;
      }
      return mk_str(p);
    }
    size_t sl = p.rfind('/');
    if (m == "basename") return mk_str(sl == std::string::npos ? p : p.substr(sl + 1));
    if (m == "dirname") return mk_str(sl == std::string::npos ? "" : sl == 0 ? "/" : p.substr(0, sl));
    if (m == "splitext") {
      size_t dot = p.rfind('.');
      if (dot == std::string::npos || (sl != std::string::npos && dot < sl) || dot == (sl == std::string::npos ? 0 : sl + 1))
        return mk_tuple({mk_str(p), mk_str("")});
      return mk_tuple({mk_str(p.substr(0, dot)), mk_str(p.substr(dot))});
    }
    if (m == "expanduser" || m == "normpath" || m == "abspath" || m == "realpath") return mk_str(p);
    if (m == "split") return mk_tuple({mk_str(sl == std::string::npos ? "" : sl == 0 ? "/" : p.substr(0, sl)), mk_str(sl == std::string::npos ? p : p.substr(sl + 1))});
    if (m == "isabs") return mk_bool(!p.empty() && p[0] == '/');
    if (m == "exists" || m == "isfile" || m == "isdir") {  // asked of the file system, as Python asks it where tparse runs
      if (m != "isdir" && file_written(p)) return mk_bool(true);
      std::error_code ec;
      std::filesystem::path fp(p);
      bool r = m == "exists" ? std::filesystem::exists(fp, ec) : m == "isfile" ? std::filesystem::is_regular_file(fp, ec)
                                                                             : std::filesystem::is_directory(fp, ec);
      return mk_bool(r && !ec);
    }
  }
  handled = false;
  return nullptr;
}

V Interp::call_more_builtin(const std::string& name, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs, Location loc, bool& handled) {
  handled = true;
  auto arg = [&](size_t i) -> V {
    if (i >= args.size()) error(loc, fmt::format("{}() missing argument", name));
    return args[i];
  };
  if (V r = call_file_builtin(name, args, loc, handled); handled) return r;  // open()'s and json's helpers: builtins_files.cpp
  handled = true;
  // open(): stubs/io.py's, which reads the file for real (a write stays in the run's memory)
  if (name == "open") return call(getattr(import_module("io", loc), "open", loc), args, kwargs, loc);
  // CPython's Mersenne Twister for stubs/random.py: a generator per id (0: the module's hidden instance)
  if (name == "__tparse_mt_new__") {
    mt_.emplace_back();
    return mk_int(static_cast<long long>(mt_.size()));
  }
  if (name == "__tparse_mt_seed__" || name == "__tparse_mt32__") {
    V id = arg(0);
    if (id->k != VK::Int || id->i < 0 || id->i > static_cast<long long>(mt_.size())) error(loc, name + ": no such generator");
    if (id->i == 0 && !mt0_) mt0_ = std::make_unique<Mt19937>();
    Mt19937& g = id->i == 0 ? *mt0_ : mt_[static_cast<size_t>(id->i - 1)];
    if (name == "__tparse_mt32__") return mk_int(static_cast<long long>(g.next()));
    V a = arg(1);
    // (a third argument "genrand": numpy's legacy seeding of an int, init_genrand; "array": init_by_array of a list)
    const std::string mode = args.size() > 2 && args[2]->k == VK::Str ? args[2]->s : "";
    if (mode == "array" && (a->k == VK::List || a->k == VK::Tuple)) {
      std::vector<uint32_t> key;
      for (const V& x : a->items) key.push_back(static_cast<uint32_t>(x->k == VK::Int ? x->i : 0));
      g.seed_words(key);
      return none();
    }
    long long v = a->k == VK::Int ? a->i : a->k == VK::Bool ? a->b : 0;
    if (mode == "genrand") g.seed_genrand(static_cast<uint32_t>(v));
    else g.seed_int(static_cast<unsigned long long>(v < 0 ? -v : v));
    return none();
  }
  // __import__(name, globals=None, locals=None, fromlist=(), level=0): the module imported; without a fromlist a
  // dotted name gives its top package (`__import__("os.path")` is os), as the import statement binds it
  if (name == "__import__") {
    V n = arg(0);
    if (n->k != VK::Str) raise_exc("TypeError", "__import__() argument 1 must be str", loc);
    V m = import_module(n->s, loc);
    V from = args.size() > 3 ? args[3] : nullptr;
    for (auto& [k, v] : kwargs) if (k == "fromlist") from = v;
    const bool has_from = from && (from->k == VK::List || from->k == VK::Tuple) && !from->items.empty();
    if (has_from || n->s.find('.') == std::string::npos) return m;
    return import_module(n->s.substr(0, n->s.find('.')), loc);
  }
  if (name == "sys.getrecursionlimit") return mk_int(static_cast<long long>(recursion_limit_));
  if (name == "sys.getdefaultencoding" || name == "sys.getfilesystemencoding") return mk_str("utf-8");  // CPython 3.12 on Linux
  if (name == "sys.setrecursionlimit") {  // Python's rule: a positive int; deeper calls than it raise RecursionError
    if (args.size() != 1 || arg(0)->k != VK::Int) raise_exc("TypeError", "setrecursionlimit() takes exactly one int argument", loc);
    if (arg(0)->i < 1) raise_exc("ValueError", "recursion limit must be greater or equal than 1", loc);
    recursion_limit_ = static_cast<size_t>(arg(0)->i);
    return none();
  }
  if (name == "sys.stdout.write" || name == "sys.stderr.write")  // the run prints nothing; write returns the length
    return mk_int(!args.empty() && arg(0)->k == VK::Str ? static_cast<long long>(arg(0)->s.size()) : 0);
  if (name == "sys.stdout.flush" || name == "sys.stderr.flush") return none();
  if (name == "sys.stdout.isatty" || name == "sys.stderr.isatty") return mk_bool(false);
  if (name == "torch.jit.annotate") {  // annotate(the_type, the_value): returns the_value (inlined by Dynamo, no node)
    if (args.size() < 2) error(loc, "torch.jit.annotate(the_type, the_value)");
    return args[1];
  }
  if (name == "torch.autocast" || name == "torch.amp.autocast" || name == "torch.cuda.amp.autocast" || name == "torch.cpu.amp.autocast") {
    // a context manager: Dynamo's AutocastModeVariable records _enter_autocast(device_type, dtype, enabled,
    // cache_enabled) on entry and _exit_autocast(<enter node>) on exit, enabled or not (interp.cpp with_autocast)
    auto kwarg = [&](const char* k, size_t pos, V dflt) -> V {
      for (auto& [n, v] : kwargs) if (n == k) return v;
      return pos < args.size() ? args[pos] : dflt;
    };
    bool implied = name != "torch.autocast" && name != "torch.amp.autocast";  // torch.cuda.amp.autocast(enabled, dtype, ...)
    V dev = implied ? mk_str(name == "torch.cuda.amp.autocast" ? "cuda" : "cpu") : kwarg("device_type", 0, mk_str("cuda"));
    auto c = mk_builtin("ctx:autocast");
    // (the deprecated torch.cuda.amp / torch.cpu.amp forms pass their own defaults on: dtype float16 / bfloat16,
    // cache_enabled True: `_enter_autocast('cuda', torch.float16, False, True)`)
    auto dt = std::make_shared<Obj>();
    dt->k = VK::DType;
    dt->s = name == "torch.cuda.amp.autocast" ? "float16" : "bfloat16";
    c->items = {dev, kwarg("dtype", 1, implied ? V(dt) : none()), kwarg("enabled", implied ? 0 : 2, mk_bool(true)),
                kwarg("cache_enabled", implied ? 2 : 3, implied ? mk_bool(true) : none())};
    return c;
  }
  if (name == "dir") {  // sorted names: an object's attributes and its class's, a module's globals
    std::set<std::string> names;
    if (args.empty()) {
      for (auto& [n, v] : stack_.back()->env->vars) names.insert(n);
    } else {
      V o = arg(0);
      for (auto& [n, v] : o->attrs) names.insert(n);
      for (V c = o->k == VK::Instance ? o->cls : o->k == VK::Class ? o : nullptr; c; c = c->bases.empty() ? nullptr : c->bases[0])
        for (auto& [n, v] : c->attrs) names.insert(n);
      if (o->k == VK::Module && o->menv) for (auto& [n, v] : o->menv->vars) names.insert(n);
      // torch / torch.nn.functional: the functions the op table models (timm: `'silu' in dir(torch.nn.functional)`)
      if ((o->k == VK::Module || o->k == VK::Builtin) && (o->s == "torch" || o->s == "torch.nn.functional")) {
        unsigned where = o->s == "torch" ? unsigned(kTorch) : unsigned(kF);
        for (const auto& d : op_table())
          if (d.where & where) names.insert(d.names.begin(), d.names.end());
      }
    }
    std::vector<V> xs;
    for (auto& n : names) xs.push_back(mk_str(n));
    return mk_list(xs);
  }
  if (name == "hash") {
    V o = arg(0);
    if (o->k == VK::Int) return mk_int(o->i);
    if (o->k == VK::Bool) return mk_int(o->b ? 1 : 0);
    return mk_int(static_cast<long long>(std::hash<std::string>{}(py_repr(o)) & 0x7fffffffffffffffULL));
  }
  if (name == "hex" || name == "oct" || name == "bin") {
    V o = arg(0);
    if (o->k != VK::Int) raise_exc("TypeError", fmt::format("'{}' object cannot be interpreted as an integer", type_name(o)), loc);
    long long v = o->i;
    std::string sign = v < 0 ? "-" : "";
    unsigned long long u = v < 0 ? 0ULL - static_cast<unsigned long long>(v) : static_cast<unsigned long long>(v);
    if (name == "hex") return mk_str(fmt::format("{}0x{:x}", sign, u));
    if (name == "oct") return mk_str(fmt::format("{}0o{:o}", sign, u));
    return mk_str(fmt::format("{}0b{:b}", sign, u));
  }
  if (name == "format") {  // format(v, spec): the format-spec mini-language
    std::string spec = args.size() > 1 && args[1]->k == VK::Str ? args[1]->s : "";
    return mk_str(format_with_spec(*this, arg(0), spec, loc));
  }
  if (name == "issubclass") {
    V c = arg(0), want = arg(1);
    std::vector<V> wants = want->k == VK::Tuple ? want->items : std::vector<V>{want};
    std::function<bool(const V&, const V&)> sub = [&](const V& a, const V& b) {
      if (!a) return false;
      if (a.get() == b.get() || (a->k == VK::Builtin && b->k == VK::Builtin && builtin_exception_is(a->s, b->s))) return true;
      if (a->k == VK::Builtin && b->k == VK::Builtin && a->s == b->s) return true;
      if (b->k == VK::Builtin && b->s == "object") return true;
      if (a->k == VK::Class && b->k == VK::Class && !a->fn && !b->fn && nn_class_derives(a->builtin_nn, b->builtin_nn)) return true;
      for (auto& base : a->bases) if (sub(base, b)) return true;
      return false;
    };
    for (auto& w : wants) if (sub(c, w)) return mk_bool(true);
    return mk_bool(false);
  }
  if (name == "delattr") {
    V o = arg(0);
    std::string n = arg(1)->s;
    o->attrs.erase(n);
    o->order.erase(std::remove(o->order.begin(), o->order.end(), n), o->order.end());
    return none();
  }
  if (name == "locals") {
    auto d = std::make_shared<Obj>();
    d->k = VK::Dict;
    for (auto& n : stack_.back()->env->order) d->dict.push_back({mk_str(n), stack_.back()->env->vars[n]});
    return d;
  }
  if (name == "ascii") return mk_str(arg(0)->k == VK::Str ? str_repr(arg(0)->s, true) : py_repr(arg(0)));
  // (in a frame Dynamo has no handler for eval: "Failed to trace builtin operator" at the call, which then runs
  // eagerly; loratorch's `eval(f'self.{name}')`, real torch 2.11: program eval_builtin_in_forward)
  if (name == "eval" && !args.empty() && args[0]->k == VK::Str && tracing()) {
    std::vector<std::string> types;
    for (const V& a : args) types.push_back(type_name(a));
    graph_break("Failed to trace builtin operator", msg_builtin_op("eval", types), loc);
  }
  if (name == "eval" && !args.empty() && args[0]->k == VK::Str && !tracing()) return eval_builtin(args, kwargs, loc);
  if (name == "ast.literal_eval" && args.size() == 1 && !tracing()) return literal_eval_builtin(args[0], loc);
  if (name == "__tparse_getitem__") return subscript(arg(0), arg(1), loc);  // a frame's own `x[i]` (interp_expr.cpp)
  if (name == "__tparse_setitem__") {  // a frame's own `t[i] = v` of a tensor (interp_expr.cpp)
    if (arg(0)->k == VK::List) {  // (`xs[t] = v` of a 0-d tensor t: eagerly, after the break, its __index__)
      if (tracing()) list_setitem_break(arg(0), arg(2), loc);
      long long i = list_index_of_tensor(arg(1), loc);
      const long long n = static_cast<long long>(arg(0)->items.size());
      if (i < 0) i += n;
      if (i < 0 || i >= n) raise_exc("IndexError", "list assignment index out of range", loc);
      arg(0)->items[static_cast<size_t>(i)] = arg(2);
      return none();
    }
    std::vector<V> a{arg(1), arg(2)};
    std::vector<std::pair<std::string, V>> kw;
    tensor_method(arg(0), "__setitem__", a, kw, loc);
    return none();
  }
  // `module.buf = t` where t is an nn.Buffer (interp_attr.cpp): Dynamo inlines Module.__setattr__, which reads
  // `persistent = value.persistent` (a GetAttrVariable) and register_buffer's `if persistent:` jumps on it (GB0170,
  // CTRL's `self.pos_encoding = self.pos_encoding.to(...)`); eagerly the plain store
  // `t.requires_grad = False` in a frame: GB0206 (Dynamo: mutating requires_grad mid-graph is not supported),
  // at the STORE_ATTR in the frame's own code, at the call that reached it otherwise (BasicSR's flow_warp)
  if (name == "__tparse_requires_grad_setattr__") {
    if (tracing())
      graph_break("setattr() on Tensor.requires_grad",
                  gb_message("setattr() on Tensor.requires_grad",
                             "setattr() on Tensor.requires_grad not supported. Mutating requires_grad can introduce a new leaf from non-leaf or vice "
                             "versa in the middle of the graph, which AOTAutograd does not currently know how to handle.",
                             {"It may be possible to write Dynamo tracing rules for this code. Please report an issue to PyTorch if you encounter "
                              "this graph break often and it is causing performance issues."},
                             fmt::format("setattr(TensorVariable(), requires_grad, ConstantVariable(bool: {}))", truthy(arg(1), loc) ? "True" : "False"),
                             "GB0206"),
                  loc);
    arg(0)->t->requires_grad = truthy(arg(1), loc);
    if (arg(0)->t->requires_grad && !arg(0)->t->grad_fn) arg(0)->t->user_leaf = true;  // (a leaf: the user's, interp_setattr.cpp)
    return none();
  }
  if (name == "__tparse_function_setattr__") {
    if (tracing()) graph_break("Failed to trace builtin operator", msg_builtin_op("setattr", {"function", "str", type_name(args[2])}), loc);
    object_setattr(args[0], args[1]->s, args[2], loc);
    return none();
  }
  if (name == "__tparse_buffer_setattr__") {
    if (tracing()) {
      static const std::string mod = "/opt/torch/.venv/lib/python3.12/site-packages/torch/nn/modules/module.py";
      GraphBreak gb;
      gb.gb_type = "Data-dependent branching";
      gb.msg = msg_data_dependent("attempted to jump with GetAttrVariable(TensorVariable(), persistent)");
      gb.loc = loc;
      gb.fn_name = stack_.back()->fn ? stack_.back()->fn->name : "<module>";
      gb.data_dependent = true;
      gb.at = mod + ":588";
      gb.traceback = user_traceback(loc) +
                     fmt::format("  File \"{}\", line 2061, in __setattr__\n    self.register_buffer(name, value, persistent)\n"
                                 "  File \"{}\", line 588, in register_buffer\n    if persistent:\n", mod, mod);
      throw gb;
    }
    object_setattr(arg(0), py_str(arg(1)), arg(2), loc);
    return none();
  }
  if (name == "__tparse_lambda_module_setattr__") {
    if (tracing()) {
      static const std::string mod = "/opt/torch/.venv/lib/python3.12/site-packages/torch/nn/modules/module.py";
      GraphBreak gb;
      gb.gb_type = "builtin isinstance() cannot determine type of argument";
      gb.msg = gb_message(gb.gb_type, "Dynamo doesn't have a rule to determine the type of argument LambdaVariable()",
                          {"This is likely to be a Dynamo bug. Please report an issue to PyTorch."},
                          "isinstance(LambdaVariable(), TorchInGraphFunctionVariable(<class 'torch.nn.parameter.Parameter'>, "
                          "kind=AllowInGraphKind.DEFAULT))", "GB0175");
      gb.loc = loc;
      gb.fn_name = stack_.back()->fn ? stack_.back()->fn->name : "<module>";
      gb.at = mod + ":1982";
      gb.traceback = user_traceback(loc) + fmt::format("  File \"{}\", line 1982, in __setattr__\n    if isinstance(value, Parameter):\n", mod);
      throw gb;
    }
    object_setattr(arg(0), py_str(arg(1)), arg(2), loc);
    return none();
  }
  if (name == "__tparse_sdpa_kernel__") {  // sdpa_kernel's enter / exit inside a frame: the nodes Dynamo records
    if (tracing() && !args.empty() && args[0]->k == VK::List) {
      Arg list;
      list.is_seq = true;
      for (const V& n : args[0]->items)
        list.seq.push_back(Arg{emit_ctx_node("torch.nn.attention._backend_from_string", "_backend_from_string",
                                             {Arg{-1, py_repr(n)}}, Location{}), ""});
      emit_ctx_node("torch.nn.attention._sdpa_kernel", "_sdpa_kernel", {list, Arg{-1, "False"}}, Location{});
    }
    return none();
  }
  if (name == "__tparse_deepcopy_obj__") {  // copy.deepcopy of a module or tensor: a new object graph
    std::map<const Obj*, V> memo;
    return deep_copy(arg(0), memo);
  }
  // no value at build time: opaque, noted
  note_unmodelled(loc, name + "()");
  return mk_opaque(name + "()");
}

// sys.platform / version_info / maxsize, sys.path (the search roots), sys.argv (the script alone) and sys.modules
// (the modules loaded from source and `__main__`; stores are kept); null for other names.
V Interp::sys_attr(const std::string& name) {
  if (name == "platform") return mk_str("linux");
  if (name == "version_info") {  // a struct sequence: a tuple with named fields (sys.version_info.minor)
    V v = mk_tuple({mk_int(3), mk_int(12), mk_int(3), mk_str("final"), mk_int(0)});
    const char* names[] = {"major", "minor", "micro", "releaselevel", "serial"};
    for (size_t i = 0; i < 5; ++i) v->attrs[names[i]] = v->items[i];
    return v;
  }
  if (name == "maxsize") return mk_int(9223372036854775807LL);
  if (name == "float_info") {  // a struct sequence of the C double's limits (IEEE 754 binary64)
    V v = mk_tuple({mk_float(1.7976931348623157e+308), mk_int(1024), mk_int(308), mk_float(2.2250738585072014e-308), mk_int(-1021),
                    mk_int(-307), mk_int(15), mk_int(53), mk_float(2.220446049250313e-16), mk_int(2), mk_int(1)});
    const char* names[] = {"max", "max_exp", "max_10_exp", "min", "min_exp", "min_10_exp", "dig", "mant_dig", "epsilon", "radix", "rounds"};
    for (size_t i = 0; i < 11; ++i) v->attrs[names[i]] = v->items[i];
    return v;
  }
  if (name == "path") {  // the search roots, script folder first; folders a script adds are searched too
    if (!sys_path_) {
      std::vector<V> xs;
      for (size_t i = 0; i + stub_roots_.size() < roots_.size(); ++i) xs.push_back(mk_str(roots_[i]));
      sys_path_ = mk_list(std::move(xs));
    }
    return sys_path_;
  }
  if (name == "argv") {  // the script alone: a driver run takes no command-line arguments
    if (!sys_argv_) sys_argv_ = mk_list({mk_str(path_)});
    return sys_argv_;
  }
  if (name == "modules") {  // a dict of the run: stores are kept (the lazy-module pattern), imports do not read it
    if (!sys_modules_) { sys_modules_ = std::make_shared<Obj>(); sys_modules_->k = VK::Dict; }
    // every module loaded from source so far, a partly run one included (it is there before its body runs,
    // as in Python: timm's register_model reads sys.modules[fn.__module__] while the module loads)
    for (auto& [n, mod] : loaded_) {
      bool have = false;
      for (auto& kv : sys_modules_->dict) have = have || (kv.first->k == VK::Str && kv.first->s == n);
      if (!have && mod && mod->k == VK::Module && mod->menv) sys_modules_->dict.push_back({mk_str(n), mod});
    }
    // `import torch` loads its submodules too (torch/__init__.py: nn, fft, linalg, ...): nnAudio checks
    // `"torch.fft" in sys.modules` before its STFT layers
    static const char* torch_subs[] = {"torch", "torch.nn", "torch.nn.functional", "torch.fft", "torch.linalg", "torch.autograd",
                                       "torch.optim", "torch.special", "torch.utils", "torch.utils.data", "torch.cuda"};
    if (torch_imported_)
      for (const char* n : torch_subs) {
        bool have = false;
        for (auto& kv : sys_modules_->dict) have = have || (kv.first->k == VK::Str && kv.first->s == n);
        if (!have) sys_modules_->dict.push_back({mk_str(n), import_module(n, Location{})});
      }
    // the script itself runs as module `__main__` (`sys.modules[__name__]` in a registry or a persistence helper)
    bool have_main = false;
    for (auto& kv : sys_modules_->dict) have_main = have_main || (kv.first->k == VK::Str && kv.first->s == "__main__");
    if (!have_main) {
      auto mm = std::make_shared<Obj>();
      mm->k = VK::Module;
      mm->s = "__main__";
      mm->menv = globals_;
      sys_modules_->dict.push_back({mk_str("__main__"), mm});
    }
    return sys_modules_;
  }
  return nullptr;
}

}  // namespace tparse::compiler
