// Guards Dynamo installs where torch.nn's own Python reads a module in a traced frame: a bool attribute
// (`self.training`), Conv's constants, a module's TYPE_MATCH, and zero_grad's `p.grad is None` on each parameter.
#include "torch/nn/module_guards.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "runtime/interp.hpp"
#include "runtime/interp_helpers.hpp"
#include "dynamo/messages.hpp"

namespace tparse::compiler {

std::string torch_forward_frame(const std::string& rel, int line, const std::string& code) {
  return fmt::format("\n  File \"/opt/torch/.venv/lib/python3.12/site-packages/torch/{}\", line {}, in forward\n    {}", rel, line, code);
}

std::string nn_guard_stack(Interp& I, const std::string& torch_frames) {
  const Activation& act = *I.stack_.back();
  return fmt::format("\nUser stack trace:\n  File \"{}\", line {}, in {}\n    {}{}", I.path_of(act.file), act.cur_line,
                     act.fn ? act.fn->name : "<module>", I.code_line(act.file, act.cur_line, true), torch_frames);
}

void guard_nn_attr(Interp& I, const V& mod, const std::string& attr, const std::string& comment, const std::string& torch_frames) {
  Activation& act = *I.stack_.back();
  if (!act.ctx || act.ctx->mode != Mode::Record) return;
  auto src = act.ctx->sources.find(mod.get());
  auto it = mod->attrs.find(attr);
  if (src == act.ctx->sources.end() || it == mod->attrs.end() || it->second->k != VK::Bool) return;
  const bool b = it->second->b;
  ValueGuard g;
  g.src = src->second + "." + attr;
  g.kind = "bool";
  g.value = mk_bool(b);
  g.code = g.src + " == " + (b ? "True" : "False");
  g.comment = comment;
  g.stack = nn_guard_stack(I, torch_frames);
  act.ctx->vguards.push_back(g);
}

// Conv{1,2,3}d._conv_forward reads `self.padding_mode`, then F.conv{n}d(input, weight, bias, self.stride, self.padding,
// self.dilation, self.groups): Dynamo guards each constant on the module's source (EQUALS_MATCH; its guard tree checks
// groups, stride, padding, dilation, then padding_mode). A frame compiled for one conv fails on another's padding
// (NanoFlow's WaveNet layer forward, one code for layers of different dilations: a recompile each, real torch 2.11).
// Checked with the module's TYPE_MATCH (guard_check.cpp), not rendered in the tree.
void guard_conv_attrs(Interp& I, const V& mod, const std::string& cls, Location) {
  Activation& act = *I.stack_.back();
  if (!act.ctx || act.ctx->mode != Mode::Record) return;
  auto src = act.ctx->sources.find(mod.get());
  if (src == act.ctx->sources.end()) return;
  const int n = cls[4] - '0';
  const int call_line = n == 1 ? 370 : n == 2 ? 548 : 718;
  std::string user;  // the guards' user stack (made once a guard is added)
  for (const char* a : {"groups", "stride", "padding", "dilation", "padding_mode"}) {
    auto it = mod->attrs.find(a);
    if (it == mod->attrs.end()) continue;
    const V& v = it->second;
    if (!(v->k == VK::Int || v->k == VK::Str || (v->k == VK::Tuple && std::all_of(v->items.begin(), v->items.end(), [](const V& x) { return x->k == VK::Int; }))))
      continue;
    ValueGuard g;
    g.src = src->second + "." + a;
    bool dup = false;
    for (auto& x : act.ctx->module_types) dup = dup || x.src == g.src;
    if (dup) continue;
    g.kind = "module_attr";
    g.value = v;
    g.code = g.src + " == " + py_repr(v);
    g.comment = std::string(a) == "padding_mode"
                    ? fmt::format("# if self.padding_mode != \"zeros\":  # nn/modules/conv.py:{} in _conv_forward", call_line - 13)
                    : fmt::format("# return F.conv{}d(  # nn/modules/conv.py:{} in _conv_forward", n, call_line);
    if (user.empty())
      user = fmt::format("\nUser stack trace:\n  File \"{}\", line {}, in {}\n    {}", I.path_of(act.file), act.cur_line,
                         act.fn ? act.fn->name : "<module>", I.code_line(act.file, act.cur_line, true));
    g.stack = user;
    act.ctx->module_types.push_back(g);
  }
}

// TYPE_MATCH's text for a built-in torch.nn module: its class in the torch.nn.modules file that defines it
std::string builtin_module_type_guard(const V& mod, const std::string& src) {
  static const std::vector<std::pair<const char*, const char*>> files = {
      {"ConvTranspose", "conv"}, {"Conv", "conv"}, {"BatchNorm", "batchnorm"}, {"SyncBatchNorm", "batchnorm"},
      {"InstanceNorm", "instancenorm"}, {"LayerNorm", "normalization"}, {"GroupNorm", "normalization"},
      {"RMSNorm", "normalization"}, {"LocalResponseNorm", "normalization"}, {"Linear", "linear"}, {"Bilinear", "linear"},
      {"Identity", "linear"}, {"Embedding", "sparse"}, {"Dropout", "dropout"}, {"AlphaDropout", "dropout"},
      {"MaxPool", "pooling"}, {"AvgPool", "pooling"}, {"AdaptiveAvgPool", "pooling"}, {"AdaptiveMaxPool", "pooling"},
      {"LPPool", "pooling"}, {"Flatten", "flatten"}, {"Unflatten", "flatten"}, {"Sequential", "container"},
      {"ModuleList", "container"}, {"ModuleDict", "container"}, {"ParameterList", "container"}, {"ParameterDict", "container"},
      {"LSTM", "rnn"}, {"GRU", "rnn"}, {"RNN", "rnn"}, {"Upsample", "upsampling"}, {"PixelShuffle", "pixelshuffle"},
      {"PixelUnshuffle", "pixelshuffle"}, {"Transformer", "transformer"}, {"ConstantPad", "padding"}, {"ReflectionPad", "padding"},
      {"ReplicationPad", "padding"}, {"ZeroPad", "padding"}, {"Lazy", "lazy"}};
  const std::string& c = mod->builtin_nn;
  const char* file = "activation";  // ReLU, GELU, Softmax, MultiheadAttention, ...
  if (c.find("Loss") != std::string::npos) file = "loss";
  else if (c == "Module") file = "module";
  else for (auto& [prefix, f] : files) if (c.rfind(prefix, 0) == 0) { file = f; break; }
  const long long id = 760000000LL + static_cast<long long>(std::hash<std::string>{}(c) % 1000000ULL);
  return fmt::format("___check_type_id({}, {}), type=<class 'torch.nn.modules.{}.{}'>", src, id, file, c);
}

void guard_module_type(Interp& I, const V& mod, const std::string& src, Location loc) {
  if (I.prof_.modules_id_matched() || !I.tracing() || (!mod->cls && mod->builtin_nn.empty())) return;
  FrameCtx& ctx = *I.stack_.back()->ctx;
  for (auto& g : ctx.module_types) if (g.src == src) return;
  ValueGuard g;
  g.src = src;
  g.kind = "type";
  g.value = mod;
  if (!mod->cls) {  // a built-in torch.nn module (a lazy one becomes its cls_to_become while the frame traces)
    g.code = builtin_module_type_guard(mod, src);
    g.comment = I.guard_comment(loc) + " (HINT: type " + mod->builtin_nn + ")";
  } else {
    std::string qual = mod->cls->fn ? I.path_of(mod->cls->fn->loc.file) : I.path_of(loc.file);  // the defining module
    qual = qual.substr(qual.rfind('/') == std::string::npos ? 0 : qual.rfind('/') + 1);
    if (qual.size() > 3 && qual.ends_with(".py")) qual.resize(qual.size() - 3);
    g.code = fmt::format("___check_type_id({}, {}), type=<class '{}.{}'>", src, I.obj_id(mod->cls.get()), qual, mod->cls->s);
    g.comment = I.guard_comment(loc) + " (HINT: type " + mod->cls->s + ")";
  }
  g.stack = I.guard_user_stack(loc);
  ctx.module_types.push_back(g);
}

void Interp::realize_module_local(const V& obj, Location loc) {
  Activation& a0 = *stack_.back();
  if (!a0.ctx || a0.ctx->mode != Mode::Record || !is_nn_instance(obj)) return;
  if (auto s0 = a0.ctx->sources.find(obj.get()); s0 != a0.ctx->sources.end() && s0->second.find_first_of(".[") == std::string::npos) {
    // an RNN argument is refused where it is first read (VariableBuilder.wrap_module, allow_rnn=False): GB0014 at that
    // instruction (real torch 2.11: VQ-CPC's get_gru_cell(gru) fails at `nn.GRUCell(gru.input_size, ...)`)
    if (is_rnn_module(obj) && s0->second != "self" && s0->second != "fn")
      instruction_break("Attempted to wrap RNN, GRU, or LSTM", msg_rnn(rnn_repr(obj)), loc);
    guard_module_type(*this, obj, s0->second, loc);
  }
}

void module_zero_grad(Interp& I, const V& mod, bool to_none, Location loc) {
  std::vector<V> a;
  std::vector<std::pair<std::string, V>> kw;
  bool handled = false;
  // (in a frame zero_grad is inlined: its `self.parameters()` walks named_modules, and an RNN child it reaches is
  // VariableBuilder's GB0014, that call's break, resumed after it: real torch 2.11's lstm-crf `self.zero_grad()` in
  // forward, a GRU encoder)
  V ps;
  try {
    ps = I.call_module_method("parameters", a, kw, loc, mod, handled);
    for (size_t i = 0; i <= ps->items.size(); ++i) I.traced_gen_advance(ps, i, loc);
  } catch (GraphBreak& gb) {
    gb.skip_frame = false;
    throw;
  }
  for (const V& p : ps->items) {
    if (p->k != VK::Tensor) continue;
    if (V g = grad_of(p)) {
      if (!to_none) continue;  // (zeroed in place: the same tensor stays)
      p->attrs["grad"] = none();
      p->attrs["__tparse_grad_epoch__"] = mk_int(I.backward_runs_);
      continue;
    }
    if (!I.tracing()) continue;
    FrameCtx& ctx = *I.stack_.back()->ctx;
    auto s = ctx.sources.find(p.get());
    if (s == ctx.sources.end()) continue;
    ValueGuard g;  // module.py's `if p.grad is not None:` (NONE_MATCH)
    g.src = s->second + ".grad";
    g.value = none();
    g.kind = "none";
    g.code = g.src + " is None";
    g.comment = "# if p.grad is not None:  # nn/modules/module.py:2968 in zero_grad";
    g.stack = I.guard_user_stack(loc);
    bool dup = false;
    for (auto& x : ctx.vguards) dup = dup || x.src == g.src;
    if (!dup) ctx.vguards.push_back(g);
  }
}

}  // namespace tparse::compiler
