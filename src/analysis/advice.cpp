// Break categories and fixes; see advice.hpp. Categories follow the gb ids and titles of PyTorch
// 2.11's graph_break_registry (../shared/docs/DYNAMO-SEMANTICS.md §2.3).
#include "advice.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace tparse::analysis {

namespace {

bool has(const std::string& s, std::string_view needle) { return s.find(needle) != std::string::npos; }

std::string gb(const GraphBreak& b) {
  std::string id = b.gb_id;
  std::transform(id.begin(), id.end(), id.begin(), [](unsigned char c) { return std::tolower(c); });
  return id;
}

// First `name` in backticks of the explanation: "builtin operator `print`" -> "print".
std::string backticked(const std::string& s) {
  size_t a = s.find('`');
  if (a == std::string::npos) return "";
  size_t e = s.find('`', a + 1);
  return e == std::string::npos ? "" : s.substr(a + 1, e - a - 1);
}

std::string user_code(const GraphBreak& b) {
  for (auto it = b.user_stack.rbegin(); it != b.user_stack.rend(); ++it)
    if (!it->code.empty()) return it->code;
  return "";
}

const std::vector<std::pair<std::string, std::string>>& cats() {
  static const std::vector<std::pair<std::string, std::string>> c = {
      {"data_dependent_branch", "data-dependent branch"},
      {"print_logging", "print / logging call"},
      {"scalar_output", ".item() / .tolist() / data-dependent scalar"},
      {"dynamic_output_shape", "dynamic output shape (nonzero, unique, masking)"},
      {"disabled_function", "call to a torch.compiler.disable'd function"},
      {"unsupported_builtin", "unsupported builtin or C function"},
      {"version_check", "version check (torch.__version__ / importlib.metadata.version)"},
      {"loop_frame_skip", "graph break in a loop: the whole frame was skipped"},
      {"tensor_backward", "Tensor.backward() inside the compiled region"},
      {"user_object_method", "unsupported method on a user or library object"},
      {"explicit_graph_break", "explicit torch._dynamo.graph_break()"},
      {"context_manager", "unsupported context manager"},
      {"generator", "generator compiled directly"},
      {"deepcopy", "copy.deepcopy()"},
      {"requires_grad_mutation", "requires_grad_() / requires_grad mutation"},
      {"numpy", "NumPy conversion"},
      {"recompile_limit", "recompile limit reached"},
      {"eager_error", "an op that fails on these inputs (eager too)"},
      {"other", "other unsupported construct"},
  };
  return c;
}

Advice make(const std::string& id, std::string fix) {
  for (const auto& [k, t] : cats())
    if (k == id) return {id, t, std::move(fix)};
  return {id, id, std::move(fix)};
}

bool is_version_check(const GraphBreak& b) {
  std::string all = b.context + " " + b.explanation + " " + user_code(b);
  return has(all, "TorchVersion") || has(all, "__version__") || has(all, "importlib") ||
         has(all, "metadata.version") || has(all, "version(") || has(all, "packaging.version");
}

}  // namespace

std::vector<std::pair<std::string, std::string>> break_categories() { return cats(); }

std::string pretty_source(const std::string& source) {
  std::string s = source;
  // L['x'] / G['x'] at the start -> x
  if ((s.starts_with("L['") || s.starts_with("G['")) ) {
    size_t e = s.find("']");
    if (e != std::string::npos) s = s.substr(3, e - 3) + s.substr(e + 2);
  }
  return s;
}

Advice advise_break(const GraphBreak& b) {
  const std::string id = gb(b);
  const std::string& t = b.title;
  const std::string code = user_code(b);
  const std::string name = backticked(b.explanation);
  if (is_version_check(b))
    return make("version_check",
                "Move the version check into __init__ (or module level): compute it once, store the result "
                "(e.g. self.use_new_api = int(torch.__version__.split('.')[0]) >= 2) and branch on that "
                "attribute in forward.");
  if (id == "gb7000" || t == "graph break in loop")
    return make("loop_frame_skip",
                "Graph breaks inside a for/while loop skip the whole frame. Remove the unsupported call from "
                "the loop body (fix the inner break), or move the loop body into its own function so only "
                "that function breaks.");
  if (id == "gb0170" || t == "Data-dependent branching" || has(b.reason, "generic_jump"))
    return make("data_dependent_branch",
                "Express the branch with torch.cond(pred, true_fn, false_fn, (operands,)), or compute both "
                "branches and select with torch.where(pred, a, b).");
  if (id == "gb0291" || has(t, "logging.Logger"))
    return make("print_logging",
                "Remove the logging call from the compiled region, or add the logger method to "
                "torch._dynamo.config.ignore_logging_functions.");
  if ((id == "gb0059" || t == "Failed to trace builtin operator") &&
      (name == "print" || has(b.context, "builtin print") || has(b.explanation, "`print`")))
    return make("print_logging",
                "Remove the print() from the compiled function (or guard it with "
                "`if not torch.compiler.is_compiling():`), or add print to "
                "torch._dynamo.config.reorderable_logging_functions so it runs after the graph.");
  if (id == "gb0124" || has(t, "Tensor.item()"))
    return make("scalar_output",
                "Keep the value as a 0-d tensor instead of calling .item()/float()/int(), or set "
                "torch._dynamo.config.capture_scalar_outputs = True (env TORCHDYNAMO_CAPTURE_SCALAR_OUTPUTS=1) "
                "to trace it.");
  if (id == "gb0109" || has(t, "tolist"))
    return make("scalar_output",
                "Avoid .tolist() inside the compiled region (keep tensors), or for integer tensors set "
                "torch._dynamo.config.capture_scalar_outputs = True.");
  if (id == "gb0033" || t == "Data dependent operator")
    return make("scalar_output",
                "The op reads a tensor's value into Python; keep it a tensor op, or set "
                "torch._dynamo.config.capture_scalar_outputs = True.");
  if (id == "gb0036" || t == "Dynamic shape operator")
    return make("dynamic_output_shape",
                fmt::format("{} has a data-dependent output shape: set "
                            "torch._dynamo.config.capture_dynamic_output_shape_ops = True, or rewrite with a "
                            "fixed-shape op (torch.where / masked multiply instead of nonzero or boolean "
                            "indexing).",
                            name.empty() ? std::string("The operator") : name));
  if (id == "gb0098" || has(t, "torch.compiler.disable"))
    return make("disabled_function",
                "The called function is wrapped in torch.compiler.disable: remove the decorator if the code is "
                "traceable, or move the call outside the compiled function.");
  if (id == "gb0025" || has(t, "torch._dynamo.graph_break()"))
    return make("explicit_graph_break", "Remove the torch._dynamo.graph_break() call.");
  if (id == "gb0123" || has(t, "Tensor.backward()"))
    return make("tensor_backward",
                "Call loss.backward() outside the compiled function (compile the model / loss computation "
                "only), or use compiled autograd (torch._dynamo.config.compiled_autograd = True).");
  if (id == "gb0125" || id == "gb0206" || has(t, "requires_grad"))
    return make("requires_grad_mutation",
                "Set requires_grad before the compiled call (outside the region), not inside it.");
  if (id == "gb0142" || id == "gb0066" || has(t, "context manager"))
    return make("context_manager", "Move the `with` block outside the compiled function.");
  if (id == "gb0003" || has(t, "generator"))
    return make("generator", "Compile the function that consumes the generator, not the generator itself.");
  if (id == "gb0179")
    return make("deepcopy", "Copy outside the compiled region, or use tensor.clone().");
  if (id == "gb0105" || id == "gb0231" || has(t, "numpy"))
    return make("numpy", "Stay in torch ops, or set torch._dynamo.config.trace_numpy = True.");
  if (id == "gb0039" || has(t, "recompile limit"))
    return make("recompile_limit", "See the recompile reasons of this frame: make the changing input dynamic "
                                   "(mark_dynamic / dynamic=True) or stop it from changing.");
  if (id == "gb0007" || id == "gb0147" || id == "gb0008" || id == "gb0059" || id == "gb9198" ||
      has(t, "marked as skipped") || has(t, "Unsupported function call") || has(t, "builtin"))
    return make("unsupported_builtin",
                fmt::format("Dynamo cannot trace {}: move the call outside the compiled function (compute it "
                            "before the call and pass the result in), or wrap it as a custom op "
                            "(torch.library.custom_op) / mark it torch._dynamo.allow_in_graph if it is pure.",
                            name.empty() ? std::string("this builtin / C function") : "`" + name + "`"));
  if (id == "gb0156" || has(t, "Unsupported method call") || has(t, "user defined object") ||
      has(t, "UserDefinedObject"))
    return make("user_object_method",
                fmt::format("Dynamo cannot trace {} on this object: call it outside the compiled region and "
                            "pass the result in, or replace the object with tensors / plain Python values.",
                            name.empty() ? std::string("the method") : "`" + name + "`"));
  std::string fix;
  for (const auto& h : b.hints)
    if (!has(h, "report an issue") && !has(h, "fundamental")) fix += (fix.empty() ? "" : " ") + h;
  if (fix.empty()) fix = "Move the unsupported code outside the compiled function, or rewrite it with torch ops.";
  return make("other", fix);
}

Advice advise_site(const BreakSite& s, const Model& m) {
  if (s.events.empty()) return make("other", "");
  // The root cause: an event of the site's most common gb id (each event keeps its own id; a loop's
  // GB7000 is only chained to it), not whichever event came first.
  const GraphBreak* rep = &m.breaks[static_cast<size_t>(s.events.front())];
  for (int32_t bi : s.events)
    if (m.breaks[static_cast<size_t>(bi)].gb_id == s.gb_id) {
      rep = &m.breaks[static_cast<size_t>(bi)];
      break;
    }
  Advice a = advise_break(*rep);
  // A break in DistributedDataParallel's own forward (a DDP-wrapped model compiled whole): torch's
  // code, not the user's, and by design (Dynamo skips `_inside_ddp_forward` and compiles the wrapped
  // module's forward as a frame of its own). Known from the break's user stack passing through
  // torch/nn/parallel/distributed.py while the break itself is not in the user's files.
  bool in_ddp = false;
  for (const auto& f : rep->user_stack) in_ddp |= f.file.ends_with("torch/nn/parallel/distributed.py");
  bool torch_site = s.user_file.find("/torch/") != std::string::npos || s.user_file.find("/lib/python3") != std::string::npos;
  if (in_ddp && torch_site)
    a.fix = "This break is inside DistributedDataParallel's own forward (torch/nn/parallel/distributed.py), not in "
            "your code: Dynamo does not trace DDP's bookkeeping (it skips `_inside_ddp_forward` on purpose) and "
            "compiles the wrapped module's forward as a frame of its own, which DDPOptimizer splits at gradient-bucket "
            "boundaries. Nothing to change here; the wrapped module's compiles are the ones to read.";
  int64_t in_loop = 0;
  for (int32_t bi : s.events) in_loop += m.breaks[static_cast<size_t>(bi)].chained_gb_id == "gb7000";
  if (in_loop > 0 && a.category != "loop_frame_skip")
    a.fix += fmt::format(" {} of these events were inside a for/while loop, where the break skipped the whole "
                         "frame (GB7000): fixing this break fixes that too.", in_loop);
  return a;
}

Advice advise_guard(const FailedGuard& g, const std::string& frame_name) {
  const std::string src = pretty_source(g.source.empty() ? std::string("the input") : g.source);
  const std::string fn = frame_name.empty() ? std::string("the function") : frame_name;
  switch (g.change) {
    case GuardChange::Size:
      return {"size_change", "tensor size changed",
              fmt::format("{} dim {} changed ({} -> {}): call torch._dynamo.mark_dynamic({}, {}) before the "
                          "first call, or compile with torch.compile(..., dynamic=True), so one graph serves "
                          "every size.",
                          src, g.index < 0 ? 0 : g.index, g.expected, g.actual, src, g.index < 0 ? 0 : g.index)};
    case GuardChange::Stride:
      return {"stride_change", "tensor strides changed",
              fmt::format("{} arrived with different strides (e.g. transposed / sliced): pass "
                          "{}.contiguous() so the layout is always the same.", src, src)};
    case GuardChange::Dtype:
      return {"dtype_change", "tensor dtype changed",
              fmt::format("{} changed dtype ({} -> {}): cast it once before the call (e.g. {}.to(torch.float32)); "
                          "each dtype compiles its own graph.", src, g.expected, g.actual, src)};
    case GuardChange::Rank:
      return {"rank_change", "tensor rank changed",
              fmt::format("{} changed rank ({} -> {}): keep the number of dimensions fixed (reshape / "
                          "unsqueeze before the call); each rank compiles its own graph.", src, g.expected, g.actual)};
    case GuardChange::RequiresGrad:
      return {"requires_grad_change", "requires_grad changed",
              fmt::format("{} changed requires_grad ({} -> {}): a second graph is compiled for it. If {} is called "
                          "with both plain inputs and outputs of earlier layers, this happens once; otherwise "
                          "pass consistent inputs (.detach() or requires_grad_() before the call).",
                          src, g.expected.empty() ? "?" : g.expected, g.actual.empty() ? "?" : g.actual, fn)};
    case GuardChange::Device:
      // the same device key in both sets: only the autograd keys differ (an input passed under
      // torch.inference_mode() in one call and outside it in another, or an inference tensor)
      if (g.expected.find("DispatchKeySet(") != std::string::npos && g.actual.find("DispatchKeySet(") != std::string::npos &&
          g.expected.substr(0, g.expected.find(',')) == g.actual.substr(0, g.actual.find(',')))
        return {"inference_mode_change", "autograd dispatch keys changed (inference_mode)",
                fmt::format("{} was seen with and without autograd keys: the compiled code was called under "
                            "torch.inference_mode() and outside it (or {} was made under inference_mode). Each mode "
                            "compiles its own graph: call it in one mode (torch.no_grad() keeps the keys), or "
                            ".clone() an inference tensor outside inference_mode.", src, src)};
      return {"device_change", "device changed",
              fmt::format("{} moved to another device: keep inputs on one device, or compile one function per "
                          "device.", src)};
    case GuardChange::Global:
      if (g.text.find("GLOBAL_STATE changed:") != std::string::npos) {  // torch's global state: grad mode, autocast, ...
        std::string what = g.text.substr(g.text.find("GLOBAL_STATE changed:") + 21);
        while (!what.empty() && (what.front() == ' ')) what.erase(what.begin());
        while (!what.empty() && (what.back() == ' ' || what.back() == '\n')) what.pop_back();
        return {"global_state_change", "torch global state changed (" + (what.empty() ? std::string("state") : what) + ")",
                fmt::format("{} was called with a different torch global state ({}): under torch.no_grad() / "
                            "inference_mode() in one call and with grad enabled in another, or another autocast / "
                            "deterministic setting. Each state compiles its own graph: call it in one state.",
                            fn, what.empty() ? std::string("grad mode, autocast, ...") : what)};
      }
      return {"global_change", "global value changed",
              fmt::format("The global {} changed value and was baked into the graph: hoist the global — pass it "
                          "to {} as an argument (a tensor if it changes often) or stop mutating it between "
                          "calls.", src, fn)};
    case GuardChange::Value:
      return {"value_change", "Python value changed",
              fmt::format("{} is a Python constant that changed ({}) and is specialized into the graph: "
                          "pass it as a tensor, or hoist it (compute once, keep it fixed); strings and bools "
                          "always compile one graph per value.", src,
                          g.actual.empty() ? "was " + (g.expected.empty() ? std::string("?") : g.expected)
                                           : g.expected + " -> " + g.actual)};
    case GuardChange::Type:
      return {"type_change", "argument type changed",
              fmt::format("{} changed type between calls: always pass the same type (e.g. always a tensor).", src)};
    case GuardChange::Id:
      return {"object_change", "a different object",
              fmt::format("{} is a different object (e.g. another module instance or function): one graph per "
                          "object; compile the shared method once (inline_inbuilt_nn_modules) or raise "
                          "torch._dynamo.config.recompile_limit if there are many instances.", src)};
    default:
      break;
  }
  return {"other_guard", "guard failed",
          fmt::format("A guard on {} failed ({}): make that input stable between calls.", src, g.text)};
}

const FailedGuard* decisive_guard(const Recompile& r) {
  // Tensor checks run type -> dispatch keys -> dtype -> requires_grad -> rank -> size -> stride, so
  // the entry that failed latest in that order was the closest match: its failure is the delta.
  auto order = [](GuardChange c) {
    switch (c) {
      case GuardChange::Type: return 0;
      case GuardChange::Device: return 1;
      case GuardChange::Dtype: return 2;
      case GuardChange::RequiresGrad: return 3;
      case GuardChange::Rank: return 4;
      case GuardChange::Size: return 5;
      case GuardChange::Stride: return 6;
      default: return -1;
    }
  };
  const FailedGuard* best = r.reasons.empty() ? nullptr : &r.reasons.front();
  for (const auto& g : r.reasons)
    if (best && order(g.change) > order(best->change) && order(best->change) >= 0 && g.source == best->source) best = &g;
  return best;
}

/// The symbolic_shape_specialization of the failed entry that made `g`'s dimension static, if any: the entry
/// was compiled with that size symbolic, and the code forced it back to one value.
static const ShapeEvent* specialization_of(const FailedGuard& g, const Recompile& r, const Model& m) {
  if (g.change != GuardChange::Size || r.frame < 0 || g.index < 0) return nullptr;
  std::string name = g.source;
  if (name.rfind("L['", 0) == 0 && name.size() > 5) name = name.substr(3, name.find("']") - 3);
  const std::string dim = fmt::format(".size()[{}]", g.index);
  for (int32_t ci : m.frames[static_cast<size_t>(r.frame)].compiles) {
    const Compile& c = m.compiles[static_cast<size_t>(ci)];
    if (c.id.key() != g.entry) continue;
    for (const auto& ev : c.shape_events)
      if (ev.kind == "symbolic_shape_specialization" && has(ev.source, "['" + name + "']" + dim)) return &ev;
  }
  return nullptr;
}

Advice advise_recompile(const Recompile& r, const Model& m) {
  std::string fn = r.frame >= 0 ? m.frames[static_cast<size_t>(r.frame)].name : std::string();
  const FailedGuard* g = decisive_guard(r);
  if (!g) return {"other_guard", "guard failed", "The recompile reason was not recorded."};
  if (const ShapeEvent* sp = specialization_of(*g, r, m)) {
    // mark_dynamic would not help: the entry was already dynamic, the code made the size a Python int
    std::string at = "in the compiled code";
    if (!sp->user_stack.empty()) {
      const StackFrame& f = sp->user_stack.back();
      at = fmt::format("at {}:{}", std::string_view(f.file), f.line);
      if (!std::string_view(f.code).empty()) at += fmt::format(" (`{}`)", std::string_view(f.code));
    }
    return {"size_specialized", "dynamic size specialized",
            fmt::format("{} dim {} was compiled dynamic ({}), but the code needed it as a Python int {} (a "
                        "`range(n)` loop over the size, or a branch on `n == value`), so Dynamo specialized it back to "
                        "{} and every new size compiles again. mark_dynamic does not help here: loop with a tensor op "
                        "instead of `range` over the size (a scan, cumsum, or a fixed chunk count), or branch on a "
                        "comparison (`n > k`) rather than equality.",
                        pretty_source(g->source), g->index, sp->symbol, at, g->expected)};
  }
  return advise_guard(*g, fn);
}

Advice advise_failure(const Failure& f) {
  // a fake-tensor error (Dynamo's TorchRuntimeError, gb4315): the op raises on these shapes / dtypes eagerly as well
  const std::string& r = f.fail_reason;
  if (has(r, "Cannot view a tensor") || has(r, "view size is not compatible"))
    return make("eager_error", "Tensor.view() of a tensor whose strides cannot give that shape (a transposed or "
                               "broadcast product): use .reshape(...) there, or .contiguous().view(...); the call raises "
                               "without torch.compile too.");
  if (f.fail_type == "TorchRuntimeError" || has(r, "fake tensor"))
    return make("eager_error", "An op of this frame raises on these inputs (" + r.substr(0, r.find('\n')) +
                               "): it fails without torch.compile too; fix the shapes or dtypes it is given.");
  return make("other", f.fail_type + ": " + r.substr(0, r.find('\n')));
}

Advice advise_recompile_limit(const Frame& f, const Model& m) {
  std::string why;
  for (auto it = f.compiles.rbegin(); it != f.compiles.rend() && why.empty(); ++it) {
    const Compile& c = m.compiles[static_cast<size_t>(*it)];
    if (c.recompile >= 0) why = advise_recompile(m.recompiles[static_cast<size_t>(c.recompile)], m).fix;
  }
  return make("recompile_limit",
              fmt::format("{} reached torch._dynamo.config.recompile_limit after {} compiles and now runs eagerly "
                          "for new inputs. {}{}",
                          f.name, f.compiles.size(), why.empty() ? "" : "Stop the recompiles: ", why));
}

}  // namespace tparse::analysis
