// Grad-mode and autocast blocks (`with torch.no_grad()`, `torch.autocast`, decorators of the same): the mode
// switched while the body runs, and in a traced frame the context nodes Dynamo records (`_set_grad_enabled`,
// `_enter_autocast` / `_exit_autocast`).
#include "runtime/interp.hpp"
#include "torch/symbols/sym_mono.hpp"
#include "torch/values/values.hpp"

#include "dynamo/messages.hpp"

#include <fmt/format.h>

#include <cmath>
#include <functional>

namespace tparse::compiler {

int Interp::emit_ctx_node(const std::string& target, const std::string& base, std::vector<Arg> args, Location loc) {
  if (!tracing()) return -1;
  Graph& g = stack_.back()->ctx->graph;
  Node n;
  n.op = "call_function";
  n.target = target;
  n.name = g.unique_name(base);
  n.args = std::move(args);
  n.line = loc.line;
  if (loc.line > 0) {  // line 0: a decorator's manager, entered in torch's own frame (no user stack trace)
    n.fn_name = stack_.back()->fn ? stack_.back()->fn->name : "<module>";
    n.code = code_line(loc.file, loc.line, true);
    n.file = path_of(loc.file);
    torch_origin(loc.file, n);
  }
  g.nodes.push_back(n);
  return static_cast<int>(g.nodes.size()) - 1;
}

// GradModeVariable coalesces: `_set_grad_enabled(v)` only when the mode changes, on entry and on exit.
// InferenceModeVariable always records `_enter_inference_mode(True)` and, on exit,
// `_exit_inference_mode(<enter node>)` (torch/_dynamo/variables/ctx_manager.py).
V Interp::with_grad_ctx(const std::string& kind, Location loc, const std::function<V()>& body, const V& cm) {
  if (kind == "autocast") {  // AutocastModeVariable: _enter_autocast(args) ... _exit_autocast(<enter node>)
    std::vector<Arg> a;
    if (cm) for (auto& v : cm->items) a.push_back(Arg{-1, py_repr(v)});
    // (AutocastModeVariable's nodes carry no user stack trace in torch 2.11, a `with` in the frame or inlined, cpu or
    // cuda, enabled or not: programs autocast_enter_no_stack, cuda_amp_autocast_disabled)
    loc = Location{};
    int enter = emit_ctx_node("torch.amp.autocast_mode._enter_autocast", "_enter_autocast", a, loc);
    Activation& act = *stack_.back();
    const bool block = enter >= 0 && act.ctx && act.depth == 0 && act.ctx->mode == Mode::Record;
    const size_t at = grad_blocks_.size();
    FrameCtx* const act0 = act.ctx.get();
    if (block) grad_blocks_.push_back(GradBlock{&act, act.ctx.get(), grad_enabled_, grad_enabled_, true, a, enter});
    // the state ops see inside (autocast_mode.py's __enter__: the device's dtype when none is given, bfloat16 on
    // cpu and float16 on cuda; enabled=False turns it off for the block)
    const std::map<std::string, std::string> saved_autocast = autocast_on_;
    struct Back { Interp* I; std::map<std::string, std::string> v; ~Back() { I->autocast_on_ = v; } } back{this, saved_autocast};
    if (cm && cm->items.size() >= 3 && cm->items[0]->k == VK::Str) {
      const std::string dev = cm->items[0]->s;
      const bool on = !(cm->items[2]->k == VK::Bool && !cm->items[2]->b);
      std::string dt = cm->items[1]->k == VK::DType ? cm->items[1]->s : dev == "cuda" ? "float16" : "bfloat16";
      if (on) autocast_on_[dev] = dt;
      else autocast_on_.erase(dev);
    }
    struct Pop { Interp* I; bool on; size_t at; ~Pop() { if (on && I->grad_blocks_.size() > at) I->grad_blocks_.resize(at); } } pop{this, block, at};
    V r = body();
    // (after a break inside the block the resume function entered it again: its own enter node)
    bool resumed = false;  // the resume function leaves the block in code of its own: no user stack on the exit
    if (block && grad_blocks_.size() > at) {
      resumed = grad_blocks_[at].ctx != act0;
      enter = grad_blocks_[at].ctx == stack_.back()->ctx.get() ? grad_blocks_[at].enter : -1;
    }
    if (enter >= 0 && tracing()) emit_ctx_node("torch.amp.autocast_mode._exit_autocast", "_exit_autocast", {Arg{enter, ""}}, resumed ? Location{} : loc);
    return r;
  }
  bool saved = grad_enabled_;
  bool inner = kind == "enable_grad";
  int enter = -1;
  // set_grad_enabled switched the mode when it was made (its node too): the block restores the mode before it
  const bool made = kind == "set_grad_enabled" && cm && cm->items.size() == 2;
  if (made) {
    saved = cm->items[0]->b;
    inner = cm->items[1]->b;
  } else if (kind == "inference_mode") enter = emit_ctx_node("torch.autograd.grad_mode._enter_inference_mode", "_enter_inference_mode", {Arg{-1, "True"}}, loc);
  // GradModeVariable's `_set_grad_enabled` nodes carry no user stack trace, whether the mode is a `with` in the
  // frame or a decorator's (real torch 2.11: programs no_grad_ctx, compile_api_forms)
  else if (inner != saved) emit_ctx_node("torch._C._set_grad_enabled", "_set_grad_enabled", {Arg{-1, inner ? "True" : "False"}}, Location{});
  grad_enabled_ = inner;
  const bool saved_inference = inference_mode_;
  if (kind == "inference_mode") inference_mode_ = true;
  struct Inf { Interp* I; bool v; ~Inf() { I->inference_mode_ = v; } } inf{this, saved_inference};
  Activation& act = *stack_.back();
  const bool block = kind != "inference_mode" && inner != saved && act.ctx && act.depth == 0 && act.ctx->mode == Mode::Record;
  if (block) grad_blocks_.push_back(GradBlock{&act, act.ctx.get(), saved, inner});
  struct Pop { Interp* I; bool on; ~Pop() { if (on && !I->grad_blocks_.empty()) I->grad_blocks_.pop_back(); } } pop{this, block};
  V r;
  try { r = body(); } catch (...) { grad_enabled_ = saved; throw; }
  grad_enabled_ = saved;
  if (kind == "inference_mode") {
    if (enter >= 0) emit_ctx_node("torch.autograd.grad_mode._exit_inference_mode", "_exit_inference_mode", {Arg{enter, ""}}, loc);
  } else if (inner != saved) {
    emit_ctx_node("torch._C._set_grad_enabled", "_set_grad_enabled", {Arg{-1, saved ? "True" : "False"}}, Location{});
  }
  return r;
}

}  // namespace tparse::compiler
