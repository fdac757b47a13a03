// The engines behind the bundled standard-library stubs (runtime/stubs): re on std::regex, inspect.signature's
// parameters, importlib's find_spec / import_module, copy.deepcopy inside a frame (a graph break) and copy.copy's
// instance copy, and @dataclass (its fields and generated __init__). `handled` says whether `name` was one of these.
#include <fmt/format.h>

#include <algorithm>
#include <regex>
#include <set>
#include <sstream>

#include "dynamo/messages.hpp"
#include "frontend/parser.hpp"
#include "runtime/interp.hpp"
#include "runtime/interp_helpers.hpp"

namespace tparse::compiler {

// The __init__ @dataclass generates, as CPython's dataclasses._create_fn makes it: Python source in a file "<string>"
// (`def __create_fn__(...):` on line 1, `def __init__(self, a, n=...)` on line 2, one `self.f=f` per field, the
// default factories called when their sentinel stands, `self.__post_init__()` last), run to a function. It is a frame of
// its own where eager code with eval_frame's callback builds a record (torch 2.11 compiles `__init__` of "<string>" line
// 2: program dataclass_init_frame_after_skip), and Dynamo inlines it inside a frame. Null when a field without a default
// follows one with (CPython's TypeError at decoration; tparse's field() stub gives None defaults): the builtin then.
V Interp::dataclass_init_function(const V& cls, const std::vector<std::string>& fields, const std::vector<std::string>& init_vars,
                                  Location loc) {
  std::vector<V> dflts;
  std::string params, body;
  bool any_default = false;
  for (size_t i = 0; i < fields.size(); ++i) {
    const std::string& f = fields[i];
    V d = find_in_class(cls, f);
    auto is_a = [](const V& v, const char* cname) { return v && v->k == VK::Instance && v->cls && v->cls->s == cname; };
    if (is_a(d, "_TparseValidated")) {  // huggingface_hub's validated_field (its stub): the default or factory it holds
      V fac = d->attrs.count("default_factory") ? d->attrs["default_factory"] : nullptr;
      V dv = d->attrs.count("default") ? d->attrs["default"] : nullptr;
      if (fac && !is_a(fac, "_MissingType") && fac->k != VK::None) {
        auto wrap = std::make_shared<Obj>();
        wrap->k = VK::Instance;
        wrap->cls = std::make_shared<Obj>();
        wrap->cls->k = VK::Class;
        wrap->cls->s = "_TparseFieldFactory";
        wrap->attrs["factory"] = fac;
        d = wrap;
      } else {
        d = !dv || is_a(dv, "_MissingType") ? none() : dv;
      }
    }
    const bool factory = is_a(d, "_TparseFieldFactory") && d->attrs.count("factory");
    const bool init_var = std::find(init_vars.begin(), init_vars.end(), f) != init_vars.end();
    if (!d) {
      if (any_default) return nullptr;
      params += ", " + f;
      if (!init_var) body += "  self." + f + "=" + f + "\n";
      dflts.push_back(none());
      continue;
    }
    any_default = true;
    dflts.push_back(factory ? d->attrs["factory"] : d);
    if (factory) {
      params += ", " + f + "=__dataclass_HAS_DEFAULT_FACTORY__";
      body += fmt::format("  self.{0}=__dataclass_dflts__[{1}]() if {0} is __dataclass_HAS_DEFAULT_FACTORY__ else {0}\n", f, i);
    } else {
      params += fmt::format(", {}=__dataclass_dflts__[{}]", f, i);
      if (!init_var) body += "  self." + f + "=" + f + "\n";
    }
  }
  if (find_in_class(cls, "__post_init__")) {  // InitVars go to __post_init__, in order
    std::string ivs;
    for (const auto& v : init_vars) ivs += (ivs.empty() ? "" : ",") + v;
    body += "  self.__post_init__(" + ivs + ")\n";
  }
  if (body.empty()) body = "  pass\n";
  const std::string src = "def __create_fn__(__dataclass_HAS_DEFAULT_FACTORY__, __dataclass_dflts__):\n def __init__(self" + params +
                          "):\n" + body + " return __init__\n";
  int file = static_cast<int>(files_.size());
  files_.push_back(SourceFile{"<string>", src, "<string>"});
  auto mod = std::make_shared<Module>(parse_module(src, file));
  eval_asts_.push_back(mod);
  Activation& act = *stack_.back();
  auto env = std::make_shared<Env>();
  env->parent = globals_;
  std::shared_ptr<Env> saved = act.env;
  act.env = env;
  struct Restore { Activation& a; std::shared_ptr<Env> e; ~Restore() { a.env = e; } } restore{act, saved};
  exec(mod->body[0]);
  auto sentinel = std::make_shared<Obj>();
  sentinel->k = VK::Instance;
  V init = call(env->get_local("__create_fn__"), {sentinel, mk_tuple(dflts)}, {}, loc);
  if (!init || init->k != VK::Func) return nullptr;
  init->attrs["__tparse_dataclass_init__"] = mk_bool(true);
  init->attrs["__qualname__"] = mk_str(cls->s + ".__init__");
  return init;
}

V Interp::call_stdlib_hook(const std::string& name, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs,
                           Location loc, V self, bool& handled) {
  auto arg = [&](size_t i) -> V {
    if (i >= args.size()) error(loc, fmt::format("{}() missing argument {}", name, i + 1));
    return args[i];
  };
  Activation& act = *stack_.back();
  bool in_compiled = act.ctx && act.ctx->mode != Mode::Eager;
  handled = true;
  if (name == "__tparse_re__") {  // the re stub's engine: (op, pattern, string, extra) on std::regex (ECMAScript)
    std::string op = arg(0)->s, pat = arg(1)->s;
    const std::string& str = arg(2)->s;
    static const std::regex named("\\(\\?P<[A-Za-z_][A-Za-z0-9_]*>");  // Python's (?P<name>...) -> a plain group
    std::regex re;
    try {
      re = std::regex(std::regex_replace(pat, named, "("));
    } catch (const std::regex_error&) {
      note_unmodelled(loc, "re pattern " + py_repr(arg(1)));
      return mk_opaque("re()");
    }
    // (positions are code points, the match runs over the UTF-8 bytes)
    const bool ascii = utf8_starts(str).empty();
    auto cp = [&](long long b) { return ascii ? b : static_cast<long long>(utf8_len(str.substr(0, static_cast<size_t>(b)))); };
    auto groups = [&](const std::smatch& m) {  // [start, end, group1, ...] (None for a group that did not take part)
      std::vector<V> xs{mk_int(cp(m.position(0))), mk_int(cp(m.position(0) + m.length(0)))};
      for (size_t i = 1; i < m.size(); ++i) xs.push_back(m[i].matched ? mk_str(m[i].str()) : none());
      return mk_list(xs);
    };
    std::smatch m;
    if (op == "match" || op == "fullmatch" || op == "search") {
      bool ok = op == "fullmatch" ? std::regex_match(str, m, re)
                : op == "match"   ? std::regex_search(str, m, re, std::regex_constants::match_continuous)
                                  : std::regex_search(str, m, re);
      return ok ? groups(m) : none();
    }
    if (op == "split" || op == "findall") {  // split keeps the groups' text between the pieces, as Python's
      std::vector<V> xs;
      long long maxsplit = args.size() > 3 && arg(3)->k == VK::Int ? arg(3)->i : 0, n = 0;
      auto begin = str.cbegin();
      for (auto it = std::sregex_iterator(str.begin(), str.end(), re); it != std::sregex_iterator(); ++it) {
        const std::smatch& x = *it;
        if (op == "findall") {
          if (x.size() <= 1) xs.push_back(mk_str(x.str(0)));
          else if (x.size() == 2) xs.push_back(mk_str(x.str(1)));
          else {
            std::vector<V> g;
            for (size_t i = 1; i < x.size(); ++i) g.push_back(mk_str(x.str(i)));
            xs.push_back(mk_tuple(g));
          }
          continue;
        }
        if (maxsplit > 0 && n >= maxsplit) break;
        if (x.length(0) == 0 && x.position(0) == 0 && str.empty()) break;
        xs.push_back(mk_str(std::string(begin, str.cbegin() + x.position(0))));
        for (size_t i = 1; i < x.size(); ++i) xs.push_back(x[i].matched ? mk_str(x.str(i)) : none());
        begin = str.cbegin() + x.position(0) + x.length(0);
        ++n;
      }
      if (op == "split") xs.push_back(mk_str(std::string(begin, str.cend())));
      return mk_list(xs);
    }
    if (op == "sub") {  // a string replacement (\\1 group references as $1); count 0: all
      std::string repl = std::regex_replace(arg(3)->s, std::regex("\\\\(\\d)"), "$$$1");
      long long count = args.size() > 4 && arg(4)->k == VK::Int ? arg(4)->i : 0;
      return mk_str(std::regex_replace(str, re, repl, count == 1 ? std::regex_constants::format_first_only : std::regex_constants::format_default));
    }
    error(loc, "re." + op + " is not modelled");
  }
  if (name == "__tparse_unicode__") {  // the unicodedata stub: ("category", ch) / ("normalize", form, text)
    const std::string op = arg(0)->s;
    if (op == "category") {
      if (arg(1)->k != VK::Str || utf8_len(arg(1)->s) != 1)
        raise_exc("TypeError", fmt::format("category() argument must be a unicode character, not {}", type_name(arg(1))), loc);
      return mk_str(unicode_category(utf8_code_point(arg(1)->s)));
    }
    // normalize: ASCII text is its own normal form in every form; other text is handed back as it is, noted (the
    // decomposition tables are not modelled)
    const std::string& text = arg(2)->s;
    if (!utf8_starts(text).empty()) note_unmodelled(loc, "unicodedata.normalize of non-ASCII text");
    return arg(2);
  }
  // inspect's frames (d2l's save_hyperparameters reads its caller's arguments: `inspect.currentframe().f_back`,
  // `inspect.getargvalues(frame)`): a frame is the index of a running activation, its locals a snapshot dict
  if (name == "__tparse_frame__") {  // the activation arg(0) levels above the one calling this; None past the bottom
    long long up = args.empty() ? 0 : arg(0)->i;
    long long idx = static_cast<long long>(stack_.size()) - 1 - up;
    return idx < 0 ? none() : mk_int(idx);
  }
  if (name == "__tparse_frame_info__") {  // (co_name, f_lineno, f_locals, co_filename, f_globals, args, varargs, varkw)
    long long idx = arg(0)->i;
    if (idx < 0 || idx >= static_cast<long long>(stack_.size())) return none();
    const Activation& a = *stack_[static_cast<size_t>(idx)];
    auto dict_of = [](const Env& e) {
      auto d = std::make_shared<Obj>();
      d->k = VK::Dict;
      for (const auto& n : e.order)
        if (auto it = e.vars.find(n); it != e.vars.end() && it->second) d->dict.push_back({mk_str(n), it->second});
      return d;
    };
    const Env* g = a.env.get();
    while (g->parent) g = g->parent.get();
    std::vector<V> names;
    V varargs = none(), varkw = none();
    if (a.fn)
      for (const Param& p : a.fn->params) {  // kinds: 0 positional-or-keyword, 1 *args, 2 **kwargs, 3 keyword-only
        if ((p.kind & 3) == 1) varargs = mk_str(p.name);
        else if ((p.kind & 3) == 2) varkw = mk_str(p.name);
        else names.push_back(mk_str(p.name));
      }
    return mk_tuple({mk_str(a.fn ? a.fn->name : "<module>"), mk_int(a.cur_line), dict_of(*a.env), mk_str(path_of(a.file)),
                     dict_of(*g), mk_list(names), varargs, varkw});
  }
  if (name == "__tparse_signature__") {  // inspect.signature's parameters: (name, kind, has default, default) each
    V f = arg(0);
    std::vector<V> out;
    // a class: its __init__ (self first; signature() drops it); a torch.nn class: torch 2.11's parameters of it
    if (f->k == VK::Class && !f->fn && !f->builtin_nn.empty()) {
      V N = none(), T = mk_bool(true), F = mk_bool(false);
      auto conv = [&](bool transposed) {
        std::vector<std::pair<std::string, V>> p = {{"in_channels", nullptr}, {"out_channels", nullptr}, {"kernel_size", nullptr},
                                                     {"stride", mk_int(1)}, {"padding", mk_int(0)}};
        if (transposed) p.push_back({"output_padding", mk_int(0)});
        p.push_back({"groups", mk_int(1)});
        p.push_back({"bias", T});
        p.push_back({"dilation", mk_int(1)});
        p.push_back({"padding_mode", mk_str("zeros")});
        if (!transposed) { std::swap(p[5], p[7]); std::swap(p[6], p[7]); }  // Conv: dilation, groups, bias
        return p;
      };
      const std::string& c = f->builtin_nn;
      std::vector<std::pair<std::string, V>> ps;
      if (c == "Linear") ps = {{"in_features", nullptr}, {"out_features", nullptr}, {"bias", T}};
      else if (c.rfind("ConvTranspose", 0) == 0) ps = conv(true);
      else if (c.rfind("Conv", 0) == 0) ps = conv(false);
      else if (c.rfind("BatchNorm", 0) == 0 || c.rfind("InstanceNorm", 0) == 0)
        ps = {{"num_features", nullptr}, {"eps", mk_float(1e-5)}, {"momentum", mk_float(0.1)}, {"affine", c[0] == 'B' ? T : F},
              {"track_running_stats", c[0] == 'B' ? T : F}};
      else if (c == "LayerNorm") ps = {{"normalized_shape", nullptr}, {"eps", mk_float(1e-5)}, {"elementwise_affine", T}, {"bias", T}};
      else if (c == "GroupNorm") ps = {{"num_groups", nullptr}, {"num_channels", nullptr}, {"eps", mk_float(1e-5)}, {"affine", T}};
      else if (c == "RMSNorm") ps = {{"normalized_shape", nullptr}, {"eps", N}, {"elementwise_affine", T}};
      else if (c == "Embedding") ps = {{"num_embeddings", nullptr}, {"embedding_dim", nullptr}, {"padding_idx", N}, {"max_norm", N},
                                       {"norm_type", mk_float(2.0)}, {"scale_grad_by_freq", F}, {"sparse", F}, {"_weight", N}, {"_freeze", F}};
      else if (c.rfind("Dropout", 0) == 0 || c == "AlphaDropout") ps = {{"p", mk_float(0.5)}, {"inplace", F}};
      else if (c == "ReLU" || c == "ReLU6" || c == "SiLU" || c == "Hardswish" || c == "Hardsigmoid" || c == "Mish" || c == "SELU")
        ps = {{"inplace", F}};
      else if (c == "GELU") ps = {{"approximate", mk_str("none")}};
      else if (c == "LeakyReLU") ps = {{"negative_slope", mk_float(0.01)}, {"inplace", F}};
      if (c == "Linear" || c.rfind("Conv", 0) == 0 || c.rfind("BatchNorm", 0) == 0 || c.rfind("InstanceNorm", 0) == 0 || c == "LayerNorm" ||
          c == "GroupNorm" || c == "RMSNorm" || c == "Embedding") {
        ps.push_back({"device", N});
        ps.push_back({"dtype", N});
      }
      out.push_back(mk_tuple({mk_str("self"), mk_int(1), F, N}));
      for (auto& [n, d] : ps) out.push_back(mk_tuple({mk_str(n), mk_int(1), mk_bool(d != nullptr), d ? d : N}));
      if (c == "Identity") { out.push_back(mk_tuple({mk_str("args"), mk_int(2), F, N})); out.push_back(mk_tuple({mk_str("kwargs"), mk_int(4), F, N})); }
      return mk_list(out);
    }
    if (f->k == VK::Class) {
      V init = find_in_class(f, "__init__");
      if (!init || init->k != VK::Func) return mk_list({mk_tuple({mk_str("self"), mk_int(1), mk_bool(false), none()})});
      f = init;
    }
    bool bound = f->k == VK::Bound;
    if (bound) f = f->func;
    if (f->k == VK::Func && f->fn)
      for (size_t i = bound ? 1 : 0; i < f->fn->params.size(); ++i) {
        const Param& p = f->fn->params[i];
        // inspect's kinds: POSITIONAL_OR_KEYWORD 1, VAR_POSITIONAL 2, KEYWORD_ONLY 3, VAR_KEYWORD 4
        static const int kinds[] = {1, 2, 4, 3};
        V d = i < f->defaults.size() ? f->defaults[i] : nullptr;
        out.push_back(mk_tuple({mk_str(p.name), mk_int(kinds[p.kind & 3]), mk_bool(d != nullptr), d ? d : none()}));
      }
    return mk_list(out);
  }
  if (name == "importlib.util.find_spec") {  // None when no search root, stub or modelled module has it
    std::string mod = py_str(arg(0));
    ModuleSource probe;
    // a module tparse models (torch, sys, einops, ...) is installed as far as the script can tell
    if (loaded_.count(mod) || find_module_source(mod, probe) || make_module(mod)) return mk_str(mod);
    return none();
  }
  if (name == "importlib.import_module") {  // import_module("a.b") or ("..x", package="a.b")
    std::string mod = py_str(arg(0));
    V pkg = args.size() > 1 ? args[1] : nullptr;
    for (auto& [k, v] : kwargs) if (k == "package") pkg = v;
    if (!mod.empty() && mod[0] == '.' && pkg && pkg->k == VK::Str) {
      size_t dots = mod.find_first_not_of('.');
      std::string base = pkg->s;
      for (size_t i = 1; i < dots; ++i) base = base.substr(0, base.rfind('.'));
      mod = base + "." + mod.substr(dots);
    }
    return import_module(mod, loc);
  }
  if (name == "__tparse_deepcopy_check__") {  // copy.deepcopy inside a compiled frame: Dynamo breaks the graph (GB0179)
    if (in_compiled && !args.empty()) {
      const V& a = args[0];
      std::string r = a->k == VK::Tensor ? "TensorVariable()"
                      : a->k == VK::Instance && a->cls && a->builtin_nn.empty() ? fmt::format("UserDefinedObjectVariable({})", a->cls->s)
                      : a->k == VK::List ? fmt::format("ListVariable(length={})", a->items.size())
                      : a->k == VK::Tuple ? fmt::format("TupleVariable(length={})", a->items.size())
                      : a->k == VK::Dict ? "ConstDictVariable()" : fmt::format("{}Variable()", type_name(a));
      graph_break("copy.deepcopy()", msg_deepcopy(r), loc);
    }
    return none();
  }
  if (name == "__tparse_copy_instance__") {  // a new object of x's class with x's attributes (copy.copy's __reduce_ex__ path)
    if (args.empty() || args[0]->k != VK::Instance) error(loc, "__tparse_copy_instance__ needs an instance");
    auto y = std::make_shared<Obj>(*args[0]);
    return y;
  }
  if (name == "dataclass_init") {  // the __init__ @dataclass generates: (self, *fields) of self's nearest dataclass
    if (self) args.insert(args.begin(), self);  // super().__init__(...) from a subclass's own __init__: bound
    if (args.empty() || (args[0]->k != VK::Instance && args[0]->k != VK::Dict) || !args[0]->cls) error(loc, "dataclass __init__ needs an instance");
    V inst = args[0];
    V callee;
    for (auto& c : class_mro(inst->cls)) if (c->k == VK::Class && !c->dc_fields.empty()) { callee = c; break; }
    if (!callee) error(loc, "dataclass __init__ of a class that is no dataclass");
    const auto& fields = callee->dc_fields;
    const size_t given = args.size() - 1;
    if (given > fields.size()) error(loc, fmt::format("{}.__init__() takes {} positional arguments but {} were given", callee->s, fields.size() + 1, given + 1));
    for (auto& [k, v] : kwargs)
      if (std::find(fields.begin(), fields.end(), k) == fields.end()) error(loc, fmt::format("{}.__init__() got an unexpected keyword argument '{}'", callee->s, k));
    V user_setattr = find_in_class(inst->cls, "__setattr__");  // a field assignment goes through it (@strict checks)
    if (user_setattr && user_setattr->k != VK::Func) user_setattr = nullptr;
    for (size_t i = 0; i < fields.size(); ++i) {
      V v = i < given ? args[i + 1] : nullptr;
      for (auto& [k, kv] : kwargs) if (k == fields[i]) v = kv;
      if (!v) {
        v = find_in_class(callee, fields[i]);  // the class default; field(default_factory=f): a fresh f()
        if (v && v->k == VK::Instance && v->cls && v->cls->s == "_TparseFieldFactory" && v->attrs.count("factory"))
          v = call(v->attrs["factory"], {}, {}, loc);
      }
      if (!v) error(loc, fmt::format("{}.__init__() missing 1 required positional argument: '{}'", callee->s, fields[i]));
      if (user_setattr) {
        call(user_setattr, {inst, mk_str(fields[i]), v}, {}, loc);
      } else {
        if (!inst->attrs.count(fields[i])) inst->order.push_back(fields[i]);
        inst->attrs[fields[i]] = v;
      }
    }
    if (V post = find_in_class(inst->cls, "__post_init__")) call(post, {inst}, {}, loc);
    return none();
  }
  // the transformers stub's output records (ModelOutput subclasses naming their `_field_names`): as the real @dataclass
  // ones, each class gets its own generated __init__ (`__init__ <string>:2`, a code of its own: a record built under
  // the callback is a frame per class), every field defaulting to None on the class, then __post_init__
  if (name == "__tparse_output_record__") {
    if (args.size() != 1 || args[0]->k != VK::Class) error(loc, "__tparse_output_record__(cls)");
    V cls = args[0];
    V names = find_in_class(cls, "_field_names");
    std::vector<std::string> fields;
    if (names && (names->k == VK::Tuple || names->k == VK::List))
      for (const V& n : names->items) if (n->k == VK::Str) fields.push_back(n->s);
    for (const auto& f : fields)
      if (!cls->attrs.count(f)) {
        cls->order.push_back(f);
        cls->attrs[f] = none();
      }
    cls->dc_fields = fields;
    if (V init = dataclass_init_function(cls, fields, {}, loc)) {
      if (!cls->attrs.count("__init__")) cls->order.push_back("__init__");
      cls->attrs["__init__"] = init;
    }
    auto df = std::make_shared<Obj>();
    df->k = VK::Dict;
    for (auto& f : fields) df->dict.push_back({mk_str(f), mk_str(f)});
    if (!cls->attrs.count("__dataclass_fields__")) cls->order.push_back("__dataclass_fields__");  // (in the class's __dict__ too)
    cls->attrs["__dataclass_fields__"] = df;
    return none();
  }
  if (name == "__tparse_dataclass__") {  // @dataclass: the annotated class attributes become __init__'s fields
    if (args.size() != 1 || args[0]->k != VK::Class || !args[0]->fn) error(loc, "@dataclass needs a class");
    V cls = args[0];
    std::vector<std::string> fields;
    for (auto& b : cls->bases)
      for (auto& f : b->dc_fields) if (std::find(fields.begin(), fields.end(), f) == fields.end()) fields.push_back(f);
    // (a `ClassVar[...]` annotation is a class variable, no field; an `InitVar[...]` one is an __init__ parameter passed
    // to __post_init__, no field either: dataclasses._process_class)
    auto annotation_is = [](const Stmt& st, const char* what) {
      const Expr* a = st.items.empty() ? nullptr : st.items[0].get();
      if (a && a->k == EK::Subscript && !a->a.empty()) a = a->a[0].get();
      return a && ((a->k == EK::Name && a->s == what) || (a->k == EK::Attr && a->s == what));
    };
    std::vector<std::string> init_vars, params = fields;  // __init__'s parameters: fields and InitVars in order
    for (auto& st : cls->fn->body)
      if (st->k == SK::AnnAssign && !st->targets.empty() && st->targets[0]->k == EK::Name &&
          std::find(fields.begin(), fields.end(), st->targets[0]->s) == fields.end()) {
        if (annotation_is(*st, "ClassVar")) continue;
        if (annotation_is(*st, "InitVar")) init_vars.push_back(st->targets[0]->s);
        else fields.push_back(st->targets[0]->s);
        params.push_back(st->targets[0]->s);
      }
    cls->dc_fields = fields;
    // the generated __init__ is the class's own attribute, as in CPython (a decorator such as huggingface_hub's
    // @strict wraps it), unless the class body defines one. Deviation: a class whose base defines __init__ keeps
    // that one (the transformers stub's ModelOutput builds every @dataclass output record through its own)
    V inherited = find_in_class(cls, "__init__");
    const bool own_init = cls->attrs.count("__init__") > 0;
    if (!inherited || (!own_init && inherited->attrs.count("__tparse_dataclass_init__"))) {
      V init = dataclass_init_function(cls, params, init_vars, loc);
      if (!cls->attrs.count("__init__")) cls->order.push_back("__init__");
      cls->attrs["__init__"] = init ? init : mk_builtin("dataclass_init");
    }
    auto df = std::make_shared<Obj>();  // dataclasses.fields(): __dataclass_fields__, names in order
    df->k = VK::Dict;
    for (auto& f : fields) df->dict.push_back({mk_str(f), mk_str(f)});
    if (!cls->attrs.count("__dataclass_fields__")) cls->order.push_back("__dataclass_fields__");  // (in the class's __dict__ too)
    cls->attrs["__dataclass_fields__"] = df;
    return cls;
  }
  handled = false;
  return nullptr;
}

V current_module_name(const Interp& I) {
  const Env* g = I.stack_.empty() ? nullptr : I.stack_.back()->env.get();
  while (g && g->parent) g = g->parent.get();
  return g ? g->get_local("__name__") : nullptr;
}

void show_warning(Interp& I, const std::string& text, const char* category, Location loc) {
  V module = current_module_name(I);
  I.call(I.getattr(I.import_module("warnings", loc), "_show_named", loc), {mk_str(text), mk_str(category), module ? module : none()}, {}, loc);
}

}  // namespace tparse::compiler
