// Custom operators: torch.library registrations and torch.ops.NS.OP calls. The registry is a dict kept on the run's
// torch module, {"NS::OP": [function, fake]}; a call of a registered op is one graph node `torch.ops.NS.OP` whose
// output is what its fake (else its real) function computes (Dynamo traces a custom op as one call and takes its
// metadata from the fake), eagerly the real function (else the fake). Fakes come from torch.library.custom_op /
// register_fake (transformers' integrations/moe.py) and from Library(NS, "IMPL", "Meta").impl(op, fn), which is how
// torchvision's _meta_registrations.py gives its C++ ops (nms, roi_align, ...) their shapes. A fake that asks its
// context for an unbacked size (nms's kept count) is data-dependent: in a frame the op breaks the graph as Dynamo's
// fake-tensor propagation does (GB0036, "Dynamic shape operator"), eagerly the size is guessed and noted.
// C extensions tparse gives ops to (torchvision's _C) are found by the importlib stub (__tparse_extension_known__).
#include <fmt/format.h>

#include <cstdlib>
#include <string>

#include "dynamo/messages.hpp"
#include "runtime/interp.hpp"
#include "torch/autograd/reach.hpp"

namespace tparse::compiler {

namespace {

// The C extensions whose ops tparse runs through the package's own fake / meta registrations: (package folder name,
// extension module name). Anything else is absent, as where the extension was not built.
bool extension_known(const std::string& dir, const std::string& name) {
  const std::string leaf = dir.substr(dir.find_last_of('/') + 1);
  return leaf == "torchvision" && (name == "_C" || name == "torchvision._C");
}

// The CUDA version an extension built against the run's torch reports (torch.ops.torchvision._cuda_version():
// major * 1000 + minor * 10, 13.0 -> 13000), read from torch.version.cuda
long long cuda_version_number(const std::string& v) {
  const size_t dot = v.find('.');
  if (dot == std::string::npos) return -1;
  return std::stoll(v.substr(0, dot)) * 1000 + std::stoll(v.substr(dot + 1)) * 10;
}

// Thrown by the fake's context when it is asked for an unbacked size while the op is traced in a frame; the op's call
// turns it into Dynamo's break at the user's line
struct DataDependentOutput {};

}  // namespace

V Interp::call_custom_op(const std::string& name, std::vector<V>& args, std::vector<std::pair<std::string, V>>& kwargs,
                         Location loc, bool& handled) {
  auto arg = [&](size_t i) -> V {
    if (i >= args.size()) error(loc, fmt::format("{}() missing argument {}", name, i + 1));
    return args[i];
  };
  Activation& act = *stack_.back();
  const bool in_compiled = act.ctx && act.ctx->mode != Mode::Eager;
  handled = true;
  if (name == "__tparse_extension_known__") return mk_bool(extension_known(py_str(arg(0)), py_str(arg(1))));
  // torch._custom_ops.get_ctx() / torch.library.get_ctx(): the context a fake function asks for unbacked sizes
  if (name == "torch._custom_ops.get_ctx" || name == "torch.library.get_ctx") return mk_builtin("torch._custom_ops.ctx");
  if (name == "torch._custom_ops.ctx.create_unbacked_symint" || name == "torch._custom_ops.ctx.new_dynamic_size") {
    if (custom_op_running_.empty()) error(loc, "get_ctx() outside a custom op's fake function");
    if (custom_op_in_frame_) throw DataDependentOutput{};
    // eagerly the real kernel decides the count from the data: taken as the first tensor argument's length
    note_unmodelled(loc, custom_op_running_ + ": an output size that depends on the data (taken as its input's length)");
    return mk_int(custom_op_guess_);
  }
  if (name == "torch.ops.load_library") return none();  // the library's ops are the registry's (fakes of the package)
  if (name == "torch.ops.torchvision._cuda_version")
    return mk_int(cuda_version_number(py_str(getattr(make_module("torch.version"), "cuda", loc))));
  if (!(name.rfind("torch.library.", 0) == 0 || name.rfind("customop:", 0) == 0 || name.rfind("torch.ops.", 0) == 0 ||
        name.rfind("customopdef:", 0) == 0)) {
    handled = false;
    return nullptr;
  }
  V torch_mod = make_module("torch");
  V& reg = torch_mod->attrs["__tparse_custom_ops__"];
  if (!reg) { reg = std::make_shared<Obj>(); reg->k = VK::Dict; }
  auto find = [&](const std::string& key) -> V {
    for (auto& kv : reg->dict) if (kv.first->s == key) return kv.second;
    return nullptr;
  };
  auto entry = [&](const std::string& key) -> V {
    if (V e = find(key)) return e;
    V e = mk_list({none(), none(), none(), none()});  // [function, fake, backward, setup_context]
    reg->dict.push_back({mk_str(key), e});
    return e;
  };
  // "torch.ops.NS.OP[.overload]" -> "NS::OP"
  auto op_key = [](std::string op) {
    op = op.substr(10);
    const size_t dot = op.find('.');
    if (dot == std::string::npos) return op;
    const size_t end = op.find('.', dot + 1);
    return op.substr(0, dot) + "::" + op.substr(dot + 1, end == std::string::npos ? std::string::npos : end - dot - 1);
  };
  std::string m = name.rfind("customop:", 0) == 0 ? name.substr(9) : name;
  if (m.rfind("passthrough|", 0) == 0) return !args.empty() && arg(0)->k == VK::Func ? arg(0) : mk_builtin(name);
  // custom_op returns a CustomOpDef (its register_* methods; called, the op `torch.ops.NS.OP.default`); register_fake
  // returns the function it was given
  if (m.rfind("custom_op|", 0) == 0 || m.rfind("register_fake|", 0) == 0) {  // the decorator form's second call
    bool fake = m.rfind("register_fake|", 0) == 0;
    const std::string key = m.substr(m.find('|') + 1);
    entry(key)->items[fake ? 1 : 0] = arg(0);
    return fake ? arg(0) : mk_builtin("customopdef:" + key);
  }
  if (name == "torch.library.custom_op" || name == "torch.library.register_fake") {
    bool fake = name == "torch.library.register_fake";
    std::string key = py_str(arg(0));
    V fn = args.size() > 1 ? args[1] : nullptr;
    for (auto& [k, v] : kwargs) if (k == "fn" || k == "func") fn = v;
    if (fn && fn->k != VK::None) { entry(key)->items[fake ? 1 : 0] = fn; return fake ? fn : mk_builtin("customopdef:" + key); }
    return mk_builtin(std::string("customop:") + (fake ? "register_fake|" : "custom_op|") + key);
  }
  // torch.library.impl(QUALNAME, TYPES[, func]): a kernel for a dispatch key, the Meta one a fake (decorator form too)
  if (name == "torch.library.impl") {
    const std::string key = py_str(arg(0)), types = args.size() > 1 ? py_str(arg(1)) : "";
    V fn = args.size() > 2 ? args[2] : nullptr;
    for (auto& [k, v] : kwargs) if (k == "func") fn = v;
    const std::string how = types == "Meta" ? "register_fake|" : "kernel|";
    if (fn && fn->k != VK::None) return call(mk_builtin("customop:" + how + key), {fn}, {}, loc);
    return mk_builtin("customop:" + how + key);
  }
  if (m.rfind("kernel|", 0) == 0) {  // a real kernel: eagerly the op runs it (unless torch.library.custom_op gave one)
    V e = entry(m.substr(7));
    if (e->items[0]->k == VK::None) e->items[0] = arg(0);
    return arg(0);
  }
  // torch.library.Library(NS, KIND, DISPATCH_KEY): a library object; .impl(op, fn) for the Meta key registers a fake
  if (name == "torch.library.Library") {
    std::string ns = py_str(arg(0)), key = args.size() > 2 ? py_str(arg(2)) : "";
    for (auto& [k, v] : kwargs) if (k == "dispatch_key") key = py_str(v);
    return mk_builtin("torch.library.Library|" + ns + "|" + key);
  }
  if (name.rfind("torch.library.Library|", 0) == 0) {
    const size_t dot = name.rfind('.'), bar = name.find('|', 22);
    const std::string ns = name.substr(22, bar - 22), key = name.substr(bar + 1, dot - bar - 1), method = name.substr(dot + 1);
    if (method == "impl" && !args.empty()) {
      // the op: an OpOverload / OpOverloadPacket (torch.ops.NS.OP[.overload]) or its name in this library
      std::string op;
      if (arg(0)->k == VK::Builtin && arg(0)->s.rfind("torch.ops.", 0) == 0) op = op_key(arg(0)->s);
      else if (arg(0)->k == VK::Str) op = ns + "::" + arg(0)->s.substr(0, arg(0)->s.find('.'));
      const std::string how = key == "Meta" ? "register_fake|" : "kernel|";
      if (op.empty()) return args.size() >= 2 ? none() : mk_builtin("customop:passthrough|");
      if (args.size() >= 2) return call(mk_builtin("customop:" + how + op), {arg(1)}, {}, loc), none();
      return mk_builtin("customop:" + how + op);  // the decorator form
    }
    return none();  // define, fallback, _destroy: nothing tparse traces
  }
  // register_autograd(backward, *, setup_context=None): CustomOpDef's method, or torch.library's function over the
  // op's name (or the op); the backward runs in an eager backward (torch/autograd/python_backward.cpp)
  if (m.rfind("register_autograd|", 0) == 0 || name == "torch.library.register_autograd") {
    std::string key = m.rfind("register_autograd|", 0) == 0 ? m.substr(18) : "";
    size_t at = 0;
    if (key.empty() && !args.empty()) {
      const V& op = args[0];
      if (op->k == VK::Str) key = op->s;
      else if (op->k == VK::Builtin && op->s.rfind("customopdef:", 0) == 0) key = op->s.substr(12);
      else if (op->k == VK::Builtin && op->s.rfind("torch.ops.", 0) == 0) key = op_key(op->s);
      at = 1;
    }
    V bwd = args.size() > at ? args[at] : nullptr, setup;
    for (auto& [k, v] : kwargs) {
      if (k == "backward") bwd = v;
      if (k == "setup_context") setup = v;
    }
    if (!key.empty() && bwd && bwd->k == VK::Func) {
      V e = entry(key);
      e->items[2] = bwd;
      e->items[3] = setup && setup->k == VK::Func ? setup : none();
    }
    return none();
  }
  if (name.rfind("torch.library.", 0) == 0) return none();  // register_kernel, impl, ...
  // NS.OP[.default]; a CustomOpDef called is its OpOverload, `torch.ops.NS.OP.default`
  const bool def = name.rfind("customopdef:", 0) == 0;
  std::string op = def ? name.substr(12) : name.substr(10);
  if (def) op.replace(op.find("::"), 2, ".");
  if (op.size() > 8 && op.ends_with(".default")) op = op.substr(0, op.size() - 8);
  const size_t dot = op.find('.');
  V e = dot == std::string::npos ? nullptr : find(op.substr(0, dot) + "::" + op.substr(dot + 1));
  if (!e) {
    handled = false;
    return nullptr;
  }
  // in a frame the fake decides the output (eagerly the real function where there is one)
  V impl = (in_compiled || e->items[0]->k == VK::None) && e->items[1]->k != VK::None ? e->items[1] : e->items[0];
  const std::string saved_op = custom_op_running_;
  const long long saved_guess = custom_op_guess_;
  const bool saved_in_frame = custom_op_in_frame_;
  auto restore = [&] {
    custom_op_running_ = saved_op;
    custom_op_guess_ = saved_guess;
    custom_op_in_frame_ = saved_in_frame;
  };
  custom_op_running_ = op;
  custom_op_in_frame_ = in_compiled;
  custom_op_guess_ = 0;
  for (auto& a : args)
    if (a->k == VK::Tensor && !a->t->shape.empty()) { custom_op_guess_ = a->t->shape[0].v; break; }
  V r;
  try {
    // a Python kernel the dispatcher calls eagerly is a frame Dynamo converts (as any Python function called from C);
    // a fake runs inside Dynamo's tracing, no frame of its own
    const bool real_kernel = impl == e->items[0] && !in_compiled;
    r = impl->k == VK::Func && !real_kernel ? call_user(impl, args, kwargs, nullptr, 0) : call(impl, args, kwargs, loc);
  } catch (DataDependentOutput&) {
    restore();
    graph_break("Dynamic shape operator", msg_nonzero(op + ".default"), loc);
  } catch (...) {
    restore();
    throw;
  }
  restore();
  // with a registered backward and grad on, the output requires grad when an input does: its node's backward is that
  // Python function, with the ctx its setup_context filled (run as the graph runs: no frame of its own)
  const bool py_grad = r->k == VK::Tensor && grad_enabled_ && e->items[2]->k == VK::Func && grad_edge_over(args, kwargs);
  if (py_grad) {
    TensorInfo ti = *r->t;
    ti.requires_grad = true;
    r = mk_tensor(ti);
  }
  if (r->k == VK::Tensor && in_compiled)
    r = emit("call_function", "torch.ops." + op + (def ? ".default" : ""), op.substr(dot + 1) + (def ? "_default" : ""), false,
             args, kwargs, *r->t, loc);
  if (py_grad) {  // (setup_context's `inputs` are every argument in the schema's order: `offs=offs` by keyword too)
    std::vector<V> inputs = args;
    const V& sig = e->items[0]->k == VK::Func ? e->items[0] : e->items[1];
    if (sig->k == VK::Func && sig->fn)
      for (size_t i = args.size(); i < sig->fn->params.size(); ++i) {
        V got = none();
        for (auto& [k, v] : kwargs) if (k == sig->fn->params[i].name) got = v;
        inputs.push_back(got);
      }
    attach_python_backward(r, e->items[2], e->items[3], inputs, loc);
  }
  return r;
}

}  // namespace tparse::compiler
