// Programs of several files: `import a.b [as c]`, `from a.b import c`, `from .x import y`, packages
// with `__init__.py` (and namespace packages), with Python's module cache and import order. Modules
// are searched, in order, in the script's folder, each --source-root, each --stub-path, then the
// bundled stubs (stubs.hpp); torch, math and the other built-in namespaces come from builtins.cpp.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "dynamo/messages.hpp"
#include "runtime/interp.hpp"
#include "runtime/values/keys.hpp"
#include "frontend/parser.hpp"
#include "runtime/installed_modules.hpp"
#include "runtime/stubs.hpp"

namespace tparse::compiler {

namespace fs = std::filesystem;

// A module's `__file__` (and a package's `__path__`): CPython 3.9+ gives the script and what it imports from sys.path
// (its folder, made absolute) absolute paths (`Path(__file__).parents[3]` of ifl-tpp's dataset module); a source that is
// not a file on disk (a bundled stub, a test's overlay) keeps its name
std::string Interp::python_file_name(const std::string& path) {
  std::error_code ec;
  if (path.empty() || path[0] == '<' || !fs::is_regular_file(path, ec)) return path;
  fs::path a = fs::absolute(path, ec);
  return ec ? path : a.lexically_normal().string();
}

namespace {

// The file's text, or its overlay's (Options::overlay, keys canonical) when it has one.
bool read_file(const fs::path& p, std::string& out, const std::map<std::string, std::string>& overlay) {
  std::error_code ec;
  if (!fs::is_regular_file(p, ec)) return false;
  if (!overlay.empty()) {
    auto it = overlay.find(fs::weakly_canonical(p, ec).string());
    if (!ec && it != overlay.end()) {
      out = it->second;
      return true;
    }
  }
  std::ifstream in(p, std::ios::binary);
  if (!in) return false;
  std::stringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

}  // namespace

namespace {

/// ROOT/REL/__init__.py (a package) or ROOT/REL.py.
bool find_in_root(const std::string& root, const std::string& rel, Interp::ModuleSource& out,
                  const std::map<std::string, std::string>& overlay) {
  fs::path base = fs::path(root) / rel;
  if (read_file(base / "__init__.py", out.source, overlay)) {
    out.path = (base / "__init__.py").lexically_normal().string();
    out.package = true;
    return true;
  }
  fs::path file = base;
  file += ".py";
  if (!read_file(file, out.source, overlay)) return false;
  out.path = file.lexically_normal().string();
  out.package = false;
  return true;
}

/// The stubs compiled into tparse (REL/__init__.py or REL.py).
bool find_in_bundled(const std::string& rel, Interp::ModuleSource& out) {
  for (const auto& [path, text] : bundled_stubs()) {
    if (path == rel + "/__init__.py" || path == rel + ".py") {
      out.path = "<tparse-stubs>/" + path;
      out.source = text;
      out.package = path.ends_with("__init__.py");
      return true;
    }
  }
  return false;
}

}  // namespace

void Interp::set_search_roots(std::vector<std::string> roots, size_t n_stub_roots) {
  roots_ = std::move(roots);
  stub_roots_.assign(roots_.end() - static_cast<std::ptrdiff_t>(std::min(n_stub_roots, roots_.size())), roots_.end());
}

bool Interp::find_stub_source(const std::string& rel, ModuleSource& out) const {
  for (const auto& root : stub_roots_)
    if (find_in_root(root, rel, out, file_overlay_)) return true;
  if (find_in_bundled(rel, out)) return true;
  return false;
}

// A stub package whose __init__.py sets `__tparse_overlay__ = True` (the bundled `transformers`) overlays
// the source roots: the modules it defines replace theirs, the others come from the source roots.
bool Interp::is_overlay_package(const std::string& top) const {
  auto it = overlay_cache_.find(top);
  if (it != overlay_cache_.end()) return it->second;
  ModuleSource init;
  bool yes = find_stub_source(top, init) && init.package && init.source.find("__tparse_overlay__ = True") != std::string::npos;
  overlay_cache_[top] = yes;
  return yes;
}

bool Interp::find_module_source(const std::string& dotted, ModuleSource& out) const {
  std::string rel = dotted;
  for (auto& c : rel) if (c == '.') c = '/';
  // the script's folder first (sys.path[0]), then an overlay stub package, then the source roots
  if (!roots_.empty() && roots_.size() > stub_roots_.size() && find_in_root(roots_.front(), rel, out, file_overlay_)) return true;
  const bool unstubbed = std::any_of(unstubbed_.begin(), unstubbed_.end(), [&](const std::string& u) {
    return dotted == u || dotted.starts_with(u + ".");
  });
  if (!unstubbed && is_overlay_package(rel.substr(0, rel.find('/'))) && find_stub_source(rel, out) &&
      out.source.find("__tparse_fallback__ = True") == std::string::npos)  // a fallback stub yields to the roots
    return true;
  for (const auto& root : roots_)
    if (find_in_root(root, rel, out, file_overlay_)) return true;
  if (sys_path_)  // folders a script put on sys.path (`sys.path.insert(0, os.path.dirname(__file__) + "/..")`)
    for (const auto& e : sys_path_->items)
      if (e->k == VK::Str && !e->s.empty() && std::find(roots_.begin(), roots_.end(), e->s) == roots_.end() &&
          find_in_root(e->s, rel, out, file_overlay_))
        return true;
  if (find_in_bundled(rel, out)) return true;
  std::vector<std::string> dirs = roots_;  // a folder without __init__.py: a namespace package (PEP 420), on any
  if (sys_path_)                          // search root or sys.path entry (PatchTST's and LTSF-Linear's models/)
    for (const auto& e : sys_path_->items)
      if (e->k == VK::Str && !e->s.empty()) dirs.push_back(e->s);
  for (const auto& root : dirs) {
    std::error_code ec;
    if (fs::is_directory(fs::path(root) / rel, ec)) {
      out.path = (fs::path(root) / rel).lexically_normal().string();
      out.source.clear();
      out.package = true;
      return true;
    }
  }
  return false;
}

bool Interp::unstub_package(const std::string& dotted) {
  if (unstubbed_.count(dotted)) return true;
  std::string rel = dotted;
  for (auto& c : rel) if (c == '.') c = '/';
  ModuleSource probe;
  bool found = false;
  for (size_t i = 0; i + stub_roots_.size() < roots_.size() && !found; ++i) found = find_in_root(roots_[i], rel, probe, file_overlay_);
  if (!found) return false;
  unstubbed_.insert(dotted);
  auto ours = [&](const std::string& name) { return name == dotted || name.starts_with(dotted + "."); };
  std::erase_if(loaded_, [&](const auto& kv) { return ours(kv.first); });
  if (sys_modules_) {
    std::erase_if(sys_modules_->dict, [&](const auto& kv) { return kv.first && kv.first->k == VK::Str && ours(kv.first->s); });
    keys_changed(*sys_modules_);
  }
  return true;
}

// A submodule found in a folder its package's __init__ added to its own `__path__` (importlib's path finder searches
// the package's __path__, not sys.path)
bool Interp::in_package_path(const V& parent, const std::string& leaf, ModuleSource& out) const {
  if (!parent || parent->k != VK::Module || !parent->menv) return false;
  V pp = parent->menv->get_local("__path__");
  if (!pp || pp->k != VK::List) return false;
  for (const V& d : pp->items)
    if (d && d->k == VK::Str && find_in_root(d->s, leaf, out, file_overlay_)) return true;
  return false;
}

// A submodule that the modelled install of torch / torchvision / numpy / einops lacks (`torch._six`, numpy 2's
// `numpy.lib.arraypad`): Python's ModuleNotFoundError, caught by the author's `except ImportError` or ending the run
// as it ends Python's (torch 2.11's list only: another profile's modules differ). The run lists the assumption.
void Interp::raise_if_not_installed(const std::string& dotted, Location loc) {
  std::string versions;
  if (prof_.major != 2 || prof_.minor != 11 || !absent_from_installed(dotted, &versions)) return;
  const std::string what = fmt::format("module '{}' is not in the modelled install ({}): ModuleNotFoundError", dotted, versions);
  if (std::none_of(assumed_.begin(), assumed_.end(), [&](const Unmodelled& a) { return a.name == what; }))
    assumed_.push_back(Unmodelled{loc.file, loc.line, what, false});
  raise_exc("ModuleNotFoundError", fmt::format("No module named '{}'", dotted), loc);
}

V Interp::import_module(const std::string& dotted, Location loc) {
  if (dotted == "torch" || dotted.rfind("torch.", 0) == 0) torch_imported_ = true;  // (sys.modules lists its submodules)
  // importlib's _find_and_load looks in sys.modules first: an object a script put there is what the import gives
  // (drivers stub optional packages so: `sys.modules["flash_attn"] = fake`); None there halts the import
  if (sys_modules_)
    if (V* pre = dict_find(*sys_modules_, mk_str(dotted)); pre && ((*pre)->k != VK::Module || (*pre)->s != dotted)) {
      if ((*pre)->k == VK::None) raise_exc("ModuleNotFoundError", fmt::format("import of {} halted; None in sys.modules", dotted), loc);
      return *pre;
    }
  auto cached = loaded_.find(dotted);
  if (cached != loaded_.end()) return cached->second;
  if (dotted == "__main__") {  // the running script (`from __main__ import parser, args`: IndRNN's model file)
    auto mm = std::make_shared<Obj>();
    mm->k = VK::Module;
    mm->s = "__main__";
    mm->menv = globals_;
    return loaded_[dotted] = mm;
  }
  // torch.distributions and each of its submodules: one Python module of ours (stubs/__tparse_torch_distributions__.py)
  if (dotted == "torch.distributions" || dotted.rfind("torch.distributions.", 0) == 0)
    return import_module("__tparse_torch_distributions__", loc);
  if (dotted == "torch.nn.utils.clip_grad") return import_module("__tparse_torch_clip_grad__", loc);
  // einops' functions live in einops/einops.py: `from einops.einops import rearrange` is einops.rearrange (LoFTR)
  if (dotted == "einops.einops") return import_module("einops", loc);
  // torch.utils._pytree (and its public alias torch.utils.pytree): Python of ours (stubs/__tparse_torch_pytree__.py)
  if (dotted == "torch.utils._pytree" || dotted == "torch.utils.pytree") return import_module("__tparse_torch_pytree__", loc);
  // torch.nn.quantized / torch.ao.nn.quantized (and their modules): FloatFunctional of ours (__tparse_torch_quantized__.py)
  for (const char* q : {"torch.nn.quantized", "torch.ao.nn.quantized"})
    if (dotted == q || dotted.rfind(std::string(q) + ".", 0) == 0) return import_module("__tparse_torch_quantized__", loc);
  if (dotted == "torch.ao" || dotted == "torch.ao.nn") return import_module("__tparse_torch_ao__", loc);
  // torch.utils.data (and its dataset / sampler / dataloader files): Python of ours
  if (dotted == "torch.utils.data" || dotted.rfind("torch.utils.data.", 0) == 0) return import_module("__tparse_torch_data__", loc);
  if (dotted == "torch.optim.lr_scheduler") return import_module("__tparse_lr_scheduler__", loc);
  if (dotted == "torch.optim.swa_utils") return import_module("__tparse_swa_utils__", loc);  // AveragedModel, SWALR
  // torch.nn.parallel (DataParallel on CPU): Python of ours; its other names (DistributedDataParallel) are opaque
  if (dotted == "torch.nn.parallel" || dotted == "torch.nn.parallel.data_parallel") return import_module("__tparse_torch_parallel__", loc);
  // torch.distributed.fsdp: FullyShardedDataParallel, an nn.Module subclass (isinstance checks); its other names opaque
  if (dotted == "torch.distributed.fsdp") return import_module("__tparse_torch_fsdp__", loc);
  // torch.optim and its optimizer files: Python of ours (stubs/__tparse_optim__.py); lr_scheduler (eager code Dynamo
  // skips) and the optimizers not written there are opaque names of it
  if (dotted == "torch.optim" || dotted == "torch.optim.optimizer" || dotted == "torch.optim.sgd" || dotted == "torch.optim.adam" ||
      dotted == "torch.optim.adamw")
    return import_module("__tparse_optim__", loc);
  if (dotted == "os.path" || dotted == "posixpath") return mk_builtin("os.path");  // posixpath: path functions of ours (builtins_more.cpp)
  if (V m = make_module(dotted)) return m;  // torch, math, ... (builtins.cpp)
  size_t dot = dotted.rfind('.');
  V parent = dot == std::string::npos ? nullptr : import_module(dotted.substr(0, dot), loc);
  // the package's own __init__ may have imported this submodule (`from . import models` -> `from ..inputs import X`):
  // importlib looks in sys.modules again after the parent's import, so the module body runs once
  if (parent)
    if (auto again = loaded_.find(dotted); again != loaded_.end()) return again->second;
  // Not found anywhere (or a submodule of a module tparse models in C++ or of an opaque one): an opaque
  // module, whose names are opaque values; a run never ends at an import (issue 22).
  // (a bundled stub may supply a submodule of a C++-modelled one: importlib.machinery)
  ModuleSource src;
  // a package object with a `__path__` (a types.ModuleType a script put in sys.modules, as torchtune's bootstraps do to
  // skip a heavy __init__): its submodules are searched in those folders, as importlib's path finder does
  bool in_path = false;
  if (parent && parent->k == VK::Instance)
    if (auto pp = parent->attrs.find("__path__"); pp != parent->attrs.end() && pp->second && (pp->second->k == VK::List || pp->second->k == VK::Tuple))
      for (const V& d : pp->second->items)
        if (!in_path && d && d->k == VK::Str) in_path = find_in_root(d->s, dotted.substr(dot + 1), src, file_overlay_);
  if (in_path) {
  } else if (parent && !parent->menv && parent->k != VK::Instance) {
    std::string rel = dotted;
    std::replace(rel.begin(), rel.end(), '.', '/');
    if (parent->k != VK::Module || !find_stub_source(rel, src)) {
      raise_if_not_installed(dotted, loc);
      return opaque_module(dotted);
    }
  } else if (!find_module_source(dotted, src) && !in_package_path(parent, dotted.substr(dot + 1), src)) {
    // under `try: ... except ImportError:` the author expected the module to be missing on some machines:
    // found nowhere here, it is taken as not installed (ModuleNotFoundError, the fallback runs: xformers,
    // flash_attn, apex) and the run lists that assumption; elsewhere an unknown module is opaque
    // (a top-level package only: a submodule missing from a package tparse has, a stub's above all, is its gap; and
    // never an import a bundled stub makes of its own hooks: `try: import numpy` imports numpy)
    if (import_error_handlers_ > 0 && dot == std::string::npos && !stdlib_module(dotted) && !is_stub(loc.file)) {
      const std::string& top = dotted;
      if (std::none_of(assumed_.begin(), assumed_.end(), [&](const Unmodelled& a) { return a.name.find("'" + top + "'") != std::string::npos; }))
        assumed_.push_back(Unmodelled{loc.file, loc.line, fmt::format("module '{}' not found: taken as not installed (its `except` branch runs)", top), false});
      raise_exc("ModuleNotFoundError", fmt::format("No module named '{}'", dotted), loc);
    }
    // a submodule missing from a package of Python source tparse reads (not a stub): Python's ModuleNotFoundError
    // where the author handles it (timm 1.0 has no timm/models/layers/helpers.py: EfficientFormer's fallback),
    // unless a compiled extension of that name sits beside the package's files (a C module tparse cannot read)
    if (import_error_handlers_ > 0 && parent && parent->menv && parent->k == VK::Module) {
      int f = file_of_module(dotted.substr(0, dot));
      bool stub = f <= 0 || is_stub(f) ||
                  std::any_of(stub_roots_.begin(), stub_roots_.end(), [&](const std::string& r) { return path_of(f).rfind(r, 0) == 0; });
      if (!stub && files_[static_cast<size_t>(f)].package) {
        std::error_code ec;
        const std::string leaf = dotted.substr(dot + 1);
        bool extension = false;
        for (fs::directory_iterator it(fs::path(path_of(f)).parent_path(), ec), end; !ec && it != end; it.increment(ec)) {
          std::string n = it->path().filename().string();
          extension = extension || (n.rfind(leaf + ".", 0) == 0 && (n.ends_with(".so") || n.ends_with(".pyd")));
        }
        if (!extension) raise_exc("ModuleNotFoundError", fmt::format("No module named '{}'", dotted), loc);
      }
    }
    raise_if_not_installed(dotted, loc);
    return opaque_module(dotted);
  }
  auto m = std::make_shared<Obj>();
  m->k = VK::Module;
  m->s = dotted;
  m->menv = std::make_shared<Env>();
  int file = static_cast<int>(files_.size());
  files_.push_back(SourceFile{src.path, src.source, dotted, src.package});
  m->menv->set("__name__", mk_str(dotted));
  m->menv->set("__file__", mk_str(python_file_name(src.path)));
  m->menv->set("__spec__", none());
  m->menv->set("__package__", mk_str(src.package ? dotted : dot == std::string::npos ? "" : dotted.substr(0, dot)));
  if (src.package)  // a package's __path__: its folder (an __init__ may add more: `__path__.append(...)`)
    m->menv->set("__path__", mk_list({mk_str(src.source.empty() && !src.path.ends_with(".py") ? src.path
                                                 : fs::path(python_file_name(src.path)).parent_path().string())}));
  loaded_[dotted] = m;  // before running the body: circular imports see the partial module, as in Python
  // the new module becomes an attribute of its package (a module, or the object the package put in sys.modules)
  auto bind_in_parent = [&](const V& mod) {
    if (!parent) return;
    if (parent->menv) parent->menv->set(dotted.substr(dot + 1), mod);
    else object_setattr(parent, dotted.substr(dot + 1), mod, loc);
  };
  bind_in_parent(m);
  try {
    std::shared_ptr<const Module> ast;
    try {
      ast = parse_module_cached(src.path, src.source, file);
    } catch (CompileError&) {
      parse_failed_ = true;
      throw;
    }
    module_asts_.push_back(ast);
    // an import Dynamo runs while it traces a frame (a lazy `import` inside the forward) executes with eval_frame's
    // callback off, as all of the compile does: the module's functions called at its top level are no frames
    // and a module of torch's own that tparse imports lazily (the `__tparse_torch*` stubs: torch imported them at
    // startup, before any callback: the namedtuple() behind PackedSequence is no frame)
    const int saved_callback = callback_active_;
    if (tracing() || dotted.rfind("__tparse_torch", 0) == 0) callback_active_ = 0;
    struct Back { int& c; int v; ~Back() { c = v; } } back{callback_active_, saved_callback};
    Activation act;
    act.env = m->menv;
    act.file = file;
    stack_.push_back(&act);
    try {
      exec_block(ast->body);
    } catch (...) {
      stack_.pop_back();
      throw;
    }
    stack_.pop_back();
  } catch (CompileError&) {
    loaded_.erase(dotted);  // a failed import leaves no module behind (Python removes it from sys.modules)
    err_ctx_ = fmt::format("{}:{}: note: while importing '{}'\n", path_of(loc.file), loc.line, dotted) + err_ctx_;
    throw;
  } catch (PyException& e) {
    loaded_.erase(dotted);
    e.chain = fmt::format("{}:{}: note: while importing '{}'\n", path_of(loc.file), loc.line, dotted) + e.chain;
    throw;
  } catch (...) {
    loaded_.erase(dotted);
    throw;
  }
  // Python's import returns sys.modules[name] after running the body: a module that replaced itself there
  // (transformers' lazy packages: `sys.modules[__name__] = _LazyModule(...)`) is that object from now on
  if (sys_modules_)
    for (auto& [k, v] : sys_modules_->dict)
      if (k->k == VK::Str && k->s == dotted && v && v != m && v->k == VK::Instance) {
        loaded_[dotted] = v;
        bind_in_parent(v);
        return v;
      }
  return m;
}

std::string Interp::resolve_relative(const std::string& name, Location loc) const {
  size_t dots = 0;
  while (dots < name.size() && name[dots] == '.') ++dots;
  if (dots == 0) return name;
  const SourceFile& f = files_[static_cast<size_t>(loc.file)];
  std::string pkg = f.package ? f.module : f.module.substr(0, f.module.rfind('.') == std::string::npos ? 0 : f.module.rfind('.'));
  if (f.module == "__main__" || pkg.empty()) {
    throw CompileError(loc, "attempted relative import with no known parent package");
  }
  for (size_t i = 1; i < dots; ++i) {
    size_t p = pkg.rfind('.');
    if (p == std::string::npos) throw CompileError(loc, "attempted relative import beyond top-level package");
    pkg = pkg.substr(0, p);
  }
  std::string rest = name.substr(dots);
  return rest.empty() ? pkg : pkg + "." + rest;
}

// Dynamo runs IMPORT_NAME for real (`__import__`): a module that fails to import in a traced frame is a graph break
// (GB0069, audiocraft's `try: from xformers.profiler import profiler / except ImportError`); the eager run after it
// raises the ImportError the code handles
V Interp::import_in_frame(const std::string& module, const std::string& fromlist, int level, Location loc) {
  if (stack_.empty() || !stack_.back()->ctx || stack_.back()->ctx->mode == Mode::Eager) return import_module(module, loc);
  try {
    V m = import_module(module, loc);
    // IMPORT_NAME accepts only an exact module: an instance of a types.ModuleType subclass in sys.modules (diffusers'
    // _LazyModule) is GB0022, an instruction-level break like the import failure below
    if (m && m->k == VK::Instance && m->cls && class_derives_from(m->cls, "ModuleType")) {
      instruction_break("Bad import result", gb_message("Bad import result", "Import result is not a Python module.\n", {}, m->cls->s, "GB0022"), loc);
    }
    return m;
  } catch (PyException& e) {
    if (!e.value || !e.value->cls || !class_derives_from(e.value->cls, "ImportError")) throw;
    // IMPORT_NAME is not a CALL: in the frame's own code the break is not resumable (step_break: the graph up to the
    // statement, or the frame skipped inside a try block: k-diffusion's `try: from flash_attn import ...`)
    instruction_break("Import failure", msg_import_failure(module, fromlist, level), loc);
  }
}

void Interp::exec_import(const Stmt& s) {
  Activation& act = *stack_.back();
  for (const auto& [name, as] : s.names) {
    V m = import_in_frame(name, "None", 0, s.loc);
    if (!as.empty()) {
      // `import a.b.c as x` is IMPORT_NAME then IMPORT_FROM per dotted part: getattr from the top package down, the
      // submodule where an attribute is missing; a package that re-exports a function under its submodule's name
      // binds the function (`import torch.nn.utils.weight_norm as wn` is the function weight_norm)
      if (name.find('.') != std::string::npos && m) {
        size_t dot = name.find('.');
        V cur = import_module(name.substr(0, dot), s.loc);
        while (cur && dot != std::string::npos) {
          const size_t next = name.find('.', dot + 1);
          const std::string part = name.substr(dot + 1, next == std::string::npos ? std::string::npos : next - dot - 1);
          const std::string path = name.substr(0, next);
          V sub;
          try {
            if (cur->k == VK::Module || cur->k == VK::Instance) sub = getattr(cur, part, s.loc);
          } catch (PyException&) {
            sub = nullptr;
          }
          cur = sub && sub->k != VK::Opaque ? sub : import_module(path, s.loc);
          dot = next;
        }
        if (cur) m = cur;
      }
      act.env->set(as, m);
    } else {
      std::string top = name.substr(0, name.find('.'));
      act.env->set(top, import_module(top, s.loc));
    }
  }
}

void Interp::exec_import_from(const Stmt& s) {
  Activation& act = *stack_.back();
  std::string mod = resolve_relative(s.module, s.loc);
  if (mod == "__future__")  // a compiler directive: annotations stay strings in this file (runtime/annotations.cpp)
    for (const auto& [name, as] : s.names) if (name == "annotations") future_annotations_.insert(act.file);
  std::string fromlist = "(";
  for (const auto& [name, as] : s.names) fromlist += "'" + name + "'" + (s.names.size() == 1 ? "," : ", ");
  if (s.names.size() > 1) fromlist.resize(fromlist.size() - 2);
  fromlist += ")";
  int level = 0;
  while (level < static_cast<int>(s.module.size()) && s.module[static_cast<size_t>(level)] == '.') ++level;
  V m = import_in_frame(level ? mod : s.module, fromlist, level, s.loc);
  for (const auto& [name, as] : s.names) {
    if (name == "*") {
      if (m->k == VK::Opaque) { note_unmodelled(s.loc, "from " + mod + " import *"); continue; }
      if (!m->menv) error(s.loc, fmt::format("'from {} import *' is not supported by tparse", mod));
      // the module's __all__ when it has one (underscored names included: `__all__ = ['_ConvBNReLU', ...]`), else
      // every name not starting with an underscore
      if (V all = m->menv->get_local("__all__"); all && (all->k == VK::List || all->k == VK::Tuple)) {
        for (const V& n : all->items) {
          if (!n || n->k != VK::Str) raise_exc("TypeError", fmt::format("Item in {}.__all__ must be str, not {}", mod, type_name(n)), s.loc);
          V v = m->menv->get_local(n->s);
          if (!v) raise_exc("AttributeError", fmt::format("module '{}' has no attribute '{}'", mod, n->s), s.loc);
          act.env->set(n->s, v);
        }
        continue;
      }
      for (const auto& n : m->menv->order)
        if (!n.empty() && n[0] != '_') act.env->set(n, m->menv->vars[n]);
      continue;
    }
    V v;
    if (m->k == VK::Opaque) {
      if (stdlib_package_lacks(mod, name))
        raise_exc("ImportError", fmt::format("cannot import name '{}' from '{}' (/usr/lib/python3.12/{}/__init__.py)", name, mod, mod), s.loc);
      v = mk_opaque(mod + "." + name);
    } else if (m->k == VK::Instance) {  // a package's sys.modules object: `from pkg import name` is getattr
      // (IMPORT_FROM falls back to importing `pkg.name` when the attribute is missing: a submodule of a package object
      // with a __path__)
      if (!m->attrs.count(name) && m->attrs.count("__path__")) {
        try {
          v = getattr(m, name, s.loc);
        } catch (PyException&) {
          v = import_module(mod + "." + name, s.loc);
        }
      } else {
        v = getattr(m, name, s.loc);
      }
    } else if (m->menv) {
      v = m->menv->get_local(name);
      if (!v) {
        ModuleSource probe;
        if (find_module_source(mod + "." + name, probe)) v = import_module(mod + "." + name, s.loc);
      }
      // then the module's own `__getattr__` (PEP 562: IMPORT_FROM is a getattr; transformers' lazy exports)
      if (V hook = v ? nullptr : m->menv->get_local("__getattr__"); hook && hook->k == VK::Func) {
        try {
          v = call(hook, {mk_str(name)}, {}, s.loc);
        } catch (PyException&) {
          v = nullptr;  // (its AttributeError: an ImportError, or opaque, below)
        }
      }
    } else {
      bool found = false;
      v = builtin_attr(m, name, s.loc, found);
      if (!found) v = make_module(mod + "." + name);
    }
    // a name a module of Python source does not define, under `except ImportError`: Python's ImportError
    // (a version check: `try: from .utils import new_helper`); a stub's or a C++-modelled module's missing
    // name is tparse's gap, opaque, never an ImportError (issue 22)
    if (!v && import_error_handlers_ > 0 && m->menv && m->k == VK::Module) {
      int f = file_of_module(mod);
      bool stub = f <= 0 || is_stub(f) ||
                  std::any_of(stub_roots_.begin(), stub_roots_.end(), [&](const std::string& r) { return path_of(f).rfind(r, 0) == 0; });
      if (!stub) raise_exc("ImportError", fmt::format("cannot import name '{}' from '{}' ({})", name, mod, path_of(f)), s.loc);
    }
    if (!v) {  // a name the stub or module does not define: opaque, never an ImportError (issue 22)
      note_unmodelled(s.loc, fmt::format("from {} import {}", mod, name));
      v = mk_opaque(mod + "." + name);
    }
    act.env->set(as.empty() ? name : as, v);
  }
}

int Interp::file_of_module(const std::string& dotted) const {
  for (size_t i = 0; i < files_.size(); ++i)
    if (files_[i].module == dotted) return static_cast<int>(i);
  return 0;
}

V Interp::import_preloaded(const std::string& dotted, Location loc) {
  const int saved = callback_active_;
  callback_active_ = 0;
  struct Back { int& r; int v; ~Back() { r = v; } } back{callback_active_, saved};
  return import_module(dotted, loc);
}

}  // namespace tparse::compiler
