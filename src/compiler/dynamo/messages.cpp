// Exact 2.11 texts, checked against the corpus's real counters (testdata/programs/truth).
#include "dynamo/messages.hpp"

#include <fmt/format.h>

namespace tparse::compiler {

const char* kHintFundamental =
    "This graph break is fundamental - it is unlikely that Dynamo will ever be able to trace through "
    "your code. Consider finding a workaround.";
const char* kHintSupportable =
    "It may be possible to write Dynamo tracing rules for this code. Please report an issue to "
    "PyTorch if you encounter this graph break often and it is causing performance issues.";
const char* kHintUserError =
    "Your code may result in an error when running in eager. Please double check that your code doesn't "
    "contain a similar error when actually running eager/uncompiled. You can do this by removing the "
    "`torch.compile` call, or by using `torch.compiler.set_stance(\"force_eager\")`. ";
const char* kHintDifficult = "This graph break may be difficult to debug. Please report an issue to PyTorch for assistance.";
const char* kHintEarlier =
    "This graph break may have been caused by an earlier graph break. Resolving the earlier graph "
    "break may resolve this one.";

std::string gb_message(const std::string& gb_type, const std::string& explanation,
                       const std::vector<std::string>& hints, const std::string& context,
                       const std::string& gb_id) {
  std::string s = gb_type + "\n  Explanation: " + explanation + "\n";
  for (auto& h : hints) s += "  Hint: " + h + "\n";
  s += "\n  Developer debug context: " + context + "\n";
  if (!gb_id.empty())
    s += fmt::format("\n For more details about this graph break, please visit: "
                     "https://meta-pytorch.github.io/compile-graph-break-site/gb/gb{}.html",
                     gb_id.substr(2));
  return s;
}

std::string msg_builtin_op(const std::string& fn, const std::vector<std::string>& types) {
  std::string tl = "[";
  std::string ctx = "[";
  for (size_t i = 0; i < types.size(); ++i) {
    // (a SymInt / SymFloat shows as its Python type, its variable a SymNodeVariable)
    const bool sym = types[i] == "SymInt" || types[i] == "SymFloat";
    // ("type|variable class": a type whose variable is named by the caller, an nn module's)
    const size_t bar = types[i].find('|');
    tl += (i ? ", '" : "'") + (sym ? types[i] == "SymInt" ? std::string("int") : std::string("float") : types[i].substr(0, bar)) + "'";
    std::string cls = bar != std::string::npos  ? types[i].substr(bar + 1)
                      : sym                     ? "torch._dynamo.variables.tensor.SymNodeVariable"
                      : types[i] == "Tensor"      ? "torch._dynamo.variables.tensor.TensorVariable"
                      : types[i] == "function"  ? "torch._dynamo.variables.functions.UserFunctionVariable"
                      : types[i] == "generator" ? "torch._dynamo.variables.functions.LocalGeneratorObjectVariable"
                      : types[i] == "Size"      ? "torch._dynamo.variables.lists.SizeVariable"
                                                : "torch._dynamo.variables.constant.ConstantVariable";
    ctx += (i ? ", " : "") + fmt::format("<class '{}'>", cls);
  }
  tl += "]";
  ctx += "]";
  return gb_message(
      "Failed to trace builtin operator",
      fmt::format("Dynamo does not know how to trace builtin operator `{}` with argument types {} (has_kwargs False)", fn, tl),
      {fmt::format("Avoid calling builtin `{0}` with argument types {1}. Consider using an equivalent alternative function/method to `{0}`.", fn, tl),
       "If you are attempting to call a logging function (e.g. `print`), you can try adding it to `torch._dynamo.config.reorderable_logging_functions`.",
       "Please report an issue to PyTorch."},
      fmt::format("builtin {} {} False", fn, ctx), "GB0059");
}

std::string msg_item() {
  return gb_message(
      "Unsupported Tensor.item() call with capture_scalar_outputs=False",
      "Dynamo does not support tracing `Tensor.item()` with config.capture_scalar_outputs=False.",
      {"Set `torch._dynamo.config.capture_scalar_outputs = True` or `export TORCHDYNAMO_CAPTURE_SCALAR_OUTPUTS=1` to include these operations in the captured graph."},
      "call_method TensorVariable() item () {}", "GB0124");
}

std::string msg_tolist() {
  return gb_message("Tensor.tolist() with non-integer tensor",
                    "Dynamo currently does not support tracing `tolist()` on non-integer tensors.",
                    {"Ensure the input tensor to `tolist()` is an integer type (e.g., int8, int16, int32, int64)."},
                    "call_method TensorVariable() to_list", "GB0109");
}

std::string msg_nonzero(const std::string& op) {
  return gb_message("Dynamic shape operator",
                    fmt::format("Operator `{}`'s output shape depends on input Tensor data.", op),
                    {"Enable tracing of dynamic shape operators with `torch._dynamo.config.capture_dynamic_output_shape_ops = True`"},
                    op, "GB0036");
}

std::string msg_generator_reconstruction(const std::string& mutating) {
  return gb_message("Generator reconstruction with mutations",
                    "Cannot reconstruct a generator with variable mutations. Dynamo needs to fully exhaust the generator, which may "
                    "cause unintended variable modifications.",
                    {"Remove mutations from the generator.",
                     "This graph break is fundamental - it is unlikely that Dynamo will ever be able to trace through your code. "
                     "Consider finding a workaround."},
                    "mutating object: " + mutating, "GB8335");
}

std::string msg_reconstruction_failure(const std::string& var) {
  return gb_message("Reconstruction failure",
                    "Dynamo has no bytecode reconstruction implemented for sourceless variable " + var + ".",
                    {"If Dynamo is attempting to trace a return statement and your code is attempting to return a variable "
                     "that Dynamo cannot reconstruct, then remove it from the return statement.",
                     "This graph break may have been caused by an earlier graph break. Resolving the earlier graph break may "
                     "resolve this one.",
                     "Report an issue to PyTorch if you need reconstrtuction support. Note that objects that don't have "
                     "reconstruction rules may be fundamentally unreconstructable."},
                    var, "GB0092");
}

std::string msg_sparse_wrap() {
  return gb_message("Attempted to wrap sparse Tensor", "torch.compile does not support sparse Tensors",
                    {"Sparse tensor operations are not yet fully supported in torch.compile with fullgraph=True. Consider using "
                     "fullgraph=False to allow graph breaks, or move sparse tensor creation outside the compiled region."},
                    "", "GB0015");
}

std::string msg_sparse_output(const std::vector<long long>& shape) {
  std::string size;
  for (size_t i = 0; i < shape.size(); ++i) size += (i ? ", " : "") + std::to_string(shape[i]);
  if (shape.size() == 1) size += ",";
  // a FakeTensor's repr: no stored entries, its indices (sparse_dim, 0) and values (0,), the dense size
  return gb_message("Attempted to wrap sparse Tensor with VariableTracker", "torch.compile does not support sparse Tensors with VariableTracker",
                    {"Sparse tensor operations are not yet fully supported in torch.compile with fullgraph=True. Consider using "
                     "fullgraph=False to allow graph breaks, or move sparse tensor creation outside the compiled region."},
                    fmt::format("FakeTensor(indices=tensor(..., size=({}, 0)),\n               values=tensor(..., size=(0,)),\n"
                                "               size=({}), layout=torch.sparse_coo)", shape.size(), size),
                    "GB0277");
}

std::string msg_tensor_grad_fn() {
  return gb_message("Tensor with grad_fn()", "Dynamo does not support tracing tensors with a grad_fn directly.", {},
                    "var_getattr TensorVariable() grad_fn", "GB0104");
}

std::string msg_observed_exception(const std::string& raised) {
  return gb_message("Observed exception",
                    "Dynamo found no exception handler at the top-level compiled function when encountering an exception. "
                    "Exception will propagate outside the compiled region.",
                    {kHintUserError,
                     "It may be possible to write Dynamo tracing rules for this code. Please report an issue to PyTorch if you "
                     "encounter this graph break often and it is causing performance issues."},
                    "raised exception " + raised, "GB0088");
}

std::string msg_import_failure(const std::string& module, const std::string& fromlist, int level) {
  return gb_message("Import failure", "Failure when attempting to import.",
                    {kHintUserError},
                    fmt::format("module_name: {}, fromlist: {}, level={}", module, fromlist, level), "GB0069");
}

std::string msg_list_index_tensor(const std::string& container, size_t length, bool ndarray) {
  return gb_message("Indexing list with non-scalar tensor", "Attempted to index list-like object with tensor with > 1 element.",
                    {kHintUserError},
                    fmt::format("call_method {}(length={}) __getitem__ [{}()] {{}}", container, length,
                                ndarray ? "NumpyNdarrayVariable" : "TensorVariable"),
                    "GB0070");
}

std::string msg_fake_missing_attr(const std::string& method, const std::string& args) {
  return gb_message("Missing attribute when running call_method node",
                    fmt::format("Dynamo failed to run FX node with fake tensors: call_method {}(*({}), **{{}}): got "
                                "'attribute not defined'", method, args),
                    {kHintUserError}, "", "GB0081");
}

std::string msg_symbool_arg(const std::string& callee, const std::string& fn, const std::string& arg) {
  return gb_message("TypeError when making fake tensor call", "",
                    {kHintUserError},
                    fmt::format("TypeError {}: {}(): argument '{}' must be bool, not SymBool", callee, fn, arg), "GB0112");
}

std::string msg_fake_type_error(const std::string& callee, const std::string& text) {
  return gb_message("TypeError when making fake tensor call", "", {kHintUserError}, fmt::format("TypeError {}: {}", callee, text), "GB0112");
}

std::string msg_unhandled_method_args(const std::string& name, const std::string& context) {
  // (no hints: torch's empty hint list leaves one more blank line)
  return gb_message("Unhandled args for method", fmt::format("Dynamo encountered an error while calling the method `{}`.\n", name),
                    {}, context, "GB0117");
}

std::string msg_assert_no_partial(const std::string& value) {
  return gb_message("Data-dependent assertion failed (cannot compile partial graph)",
                    "Dynamo has determined when encountering a data-dependent assert failure that it should not compile the "
                    "partial graph.",
                    {kHintFundamental,
                     "Use `torch._assert()` to raise a hard AssertionError when the check fails. This error will propagate "
                     "back the user code that called the compiled function (i.e. Dynamo will not trace any exception handling).",
                     "Remove the assert statement.",
                     "Move the assert statement outside of any context managers in order to graph break with partial graph "
                     "compilation (if fullgraph=False)."},
                    "value: " + value, "GB0034");
}

std::string msg_data_dependent_op(const std::string& op) {
  return gb_message("Data dependent operator",
                    fmt::format("Operator `{}` has a non-Tensor output whose value is dependent on the data of Tensor inputs.", op),
                    // (item()'s op can be captured; another data-dependent op can only be wrapped: aten.equal / allclose)
                    {op == "aten._local_scalar_dense.default"
                         ? "Enable tracing of data-dependent output operators with `torch._dynamo.config.capture_scalar_outputs = True`"
                         : "Consider wrapping the operator into a PyTorch-understood custom operator (see "
                           "https://pytorch.org/tutorials/advanced/custom_ops_landing_page.html)"},
                    op, "GB0033");
}

std::string msg_bind_failure(const std::string& func, const std::string& where, const std::string& args, const std::string& kwargs) {
  return gb_message("failed to bind arguments when attempting to inline", fmt::format("Argument mismatch when attempting to trace function {}.", func),
                    {kHintUserError}, fmt::format("func='{}' {}; args = {}; kwargs = {}", func, where, args, kwargs), "GB7312");
}

std::string msg_one_hot(const std::string& args, const std::string& kwargs) {
  return gb_message("Attempted to use `torch.nn.functional.one_hot` with data-dependent output shape", "Dynamo does not support this.",
                    {"Explicitly set the `num_classes` param of the function call `torch.nn.functional.one_hot` to something other than -1."},
                    fmt::format("args={}, kwargs={}", args, kwargs), "GB0246");
}

std::string msg_noncontiguous_out(const std::string& fn, const std::string& args, const std::string& kwargs) {
  return gb_message("Attempted to call op with non-contiguous `out=` tensor", "Dynamo does not support this.", {kHintSupportable},
                    fmt::format("self.value=<built-in method {} of type object at 0x7f0000000000>, args=[{}], kwargs={{{}}}", fn, args, kwargs),
                    "GB0242");
}

std::string msg_out_shape_mismatch(const std::string& fn, const std::string& args, const std::string& kwargs, const std::string& had,
                                   const std::string& got) {
  const std::string f = fmt::format("<built-in method {} of type object at 0x7f0000000000>", fn);
  return gb_message("Shape mismatch with out= tensor variant",
                    fmt::format("Shape mismatch when calling {} with `out=`. Provided `out=` shape: torch.Size({}). Actual shape: torch.Size({}).",
                                f, had, got),
                    {kHintSupportable}, fmt::format("fn={}, args=[{}], kwargs={{{}}}", f, args, kwargs), "GB0247");
}

std::string msg_disabled(const std::string& fn) {
  std::string f = fmt::format("<function {} at 0x7f0000000000>", fn);
  return gb_message("Skip calling `torch.compiler.disable()`d function",
                    fmt::format("Skip calling function `{}` since it was wrapped with `torch.compiler.disable` (reason: None)", f),
                    {"Remove the `torch.compiler.disable` call"}, f, "GB0098");
}

std::string msg_skipped_builtin(const std::string& module, const std::string& qualname) {
  return gb_message(
      "Attempted to call function marked as skipped",
      fmt::format("Dynamo does not know how to trace the builtin `{}.{}.` This function is either a Python builtin (e.g. _warnings.warn) or a third-party C/C++ Python extension (perhaps created with pybind).", module, qualname),
      {"If it is a Python builtin, please file an issue on GitHub so the PyTorch team can add support for it and see the next case for a workaround.",
       "If it is a third-party C/C++ Python extension, please either wrap it into a PyTorch-understood custom operator (see https://pytorch.org/tutorials/advanced/custom_ops_landing_page.html for more details) or, if it is traceable, use `torch.compiler.allow_in_graph`."},
      fmt::format("module: {}, qualname: {}, skip reason: <missing reason>", module, qualname), "GB0007");
}

namespace {
/// GB0008: a function trace_rules skips, reached by inlining; `where` is the debug context's name, file and rule
std::string skipped_inline(const std::string& qualname, const std::string& where) {
  return gb_message("Attempted to inline function marked as skipped",
                    fmt::format("Dynamo developers have intentionally marked that the function `{}` should not be traced.", qualname),
                    {fmt::format("Avoid calling the function `{}`.", qualname),
                     fmt::format("Apply `@torch._dynamo.dont_skip_tracing` to the function `{}` to force tracing into the function. More graph "
                                 "breaks may occur as a result of attempting to trace into the function.", qualname),
                     "Please file an issue to PyTorch."},
                    fmt::format("qualname: {}, {}", qualname, where), "GB0008");
}
}  // namespace

std::string msg_skipped_inline(const std::string& qualname) {
  return skipped_inline(qualname, "name: inner, filename: `/opt/torch/.venv/lib/python3.12/site-packages/torch/_compile.py`, "
                                  "skip reason: skipped according trace_rules.lookup MOD_SKIPLIST");
}

std::string msg_skipped_inline_file(const std::string& qualname, const std::string& name, const std::string& file,
                                    const std::string& rule) {
  return skipped_inline(qualname, fmt::format("name: {}, filename: `{}`, skip reason: skipped according trace_rules.lookup {}", name, file, rule));
}

std::string msg_skipped_torch_fn(const std::string& module, const std::string& fn, const std::string& file) {
  return gb_message("Attempted to call function marked as skipped",
                    fmt::format("Dynamo developers have intentionally marked that the function `{}` in file `{}` should not be traced.", fn, file),
                    {fmt::format("Avoid calling the function `{}`.", fn),
                     fmt::format("Apply `@torch._dynamo.dont_skip_tracing` to the function `{}` to force tracing into the function. More graph "
                                 "breaks may occur as a result of attempting to trace into the function.", fn),
                     "Please file an issue to PyTorch."},
                    fmt::format("module: {}, qualname: {}, skip reason: <missing reason>", module, fn), "GB0007");
}

std::string msg_symint_only_torch_fn(const std::string& fn, const std::string& args, const std::string& kwargs) {
  const std::string f = fmt::format("<built-in method {} of type object at 0x7f2f28a3e180>", fn);
  return gb_message("Attempted to call torch in-graph function on only torch.SymInt arguments",
                    fmt::format("Attempted to call {} (that should be put in the FX graph) on only torch.SymInt arguments. "
                                "Dynamo does not support this.", f),
                    {kHintSupportable}, fmt::format("fn={}, args=[{}], kwargs={{{}}}", f, args, kwargs), "GB0224");
}

std::string msg_autograd_grad() {
  return gb_message("using `torch.autograd.grad` with `torch._dynamo.config.trace_autograd_ops=False`",
                    "Attempted to call `torch.autograd.grad` with config `torch._dynamo.config.trace_autograd_ops` set to `False`.",
                    {"Change `torch._dynamo.config.trace_autograd_ops` to `True`."}, "trace_autograd_ops=False", "GB9186");
}

std::string msg_backward(const std::string& args) {
  return gb_message("Unsupported Tensor.backward() call",
                    "Dynamo currently does not support tracing `Tensor.backward()` when trace_autograd_ops is off.",
                    {"Set torch._dynamo.trace_autograd_ops=True"}, "call_method TensorVariable() backward " + args, "GB0123");
}

std::string msg_graph_break_call() {
  return gb_message("Call to `torch._dynamo.graph_break()`", "User-inserted graph break. Message: None",
                    {"Remove the `torch._dynamo.graph_break()` call."},
                    "Called `torch._dynamo.graph_break()` with args `[]`, kwargs `{}`", "GB0025");
}

std::string jump_context(bool np_array, bool lazy) {
  if (!np_array) return "attempted to jump with TensorVariable()";
  return lazy ? "attempted to jump with LazyVariableTracker(realized: NumpyNdarrayVariable())" : "attempted to jump with NumpyNdarrayVariable()";
}

std::string msg_data_dependent(const std::string& context) {
  return gb_message("Data-dependent branching",
                    "Detected data-dependent branching (e.g. `if my_tensor.sum() > 0:`). Dynamo does not support tracing dynamic control flow.",
                    {kHintFundamental, "Use `torch.cond` to express dynamic control flow."},
                    context, "GB0170");
}

std::string msg_loop(const std::string& co_name, const std::string& file, int line) {
  return gb_message("graph break in loop",
                    "torch.compile detected a graph break in a for/while loop. Skipping the frame and falling back to eager, as graph breaks in loops are not supported.",
                    {kHintEarlier}, fmt::format("frame skipped: {} ({} line {})", co_name, file, line), "GB7000");
}

std::string msg_recompile_limit() {
  return gb_message(
      "Dynamo recompile limit exceeded",
      "Dynamo attempted to recompile the code object too many times, exceeding the recompile_limit cache size limit (currently set to 8). Excessive recompilations can degrade performance due to the compilation overhead of each recompilation.",
      {"To monitor recompilations, enable TORCH_LOGS=recompiles. If recompilations are expected, consider increasing torch._dynamo.config.recompile_limit to an appropriate value.",
       "See https://docs.pytorch.org/docs/main/user_guide/torch_compiler/compile/programming_model.recompilation.html for tips on dealing with recompilations."},
      "Limit type: recompile_limit", "GB0039");
}

std::string msg_nn_param_ctor() {
  return gb_message("Attempted to use `torch.nn.Parameter()` constructor with Dynamo", "Dynamo does not support this",
                    {"Try to construct `torch.nn.Parameter()` outside the compiled region.",
                     "If this is not possible, turn `graph_break_on_nn_param_ctor` off",
                     "It may be possible to write Dynamo tracing rules for this code. Please report an issue to PyTorch if you encounter "
                     "this graph break often and it is causing performance issues."},
                    "", "GB0264");
}

std::string msg_unsupported_method(const std::string& cls, const std::string& method, const std::string& context) {
  return gb_message("Unsupported method call",
                    fmt::format("Dynamo does not know how to trace method `{}` of class `{}`", method, cls),
                    {fmt::format("Avoid calling `{}.{}` in your code.", cls, method), "Please report an issue to PyTorch."},
                    context, "GB0156");
}

std::string msg_builtin_iterator_iter(const std::string& cls) {
  return gb_message("Unsupported method call", fmt::format("Dynamo does not know how to trace method `__iter__` of class `{}`", cls),
                    {fmt::format("Avoid calling `{}.__iter__` in your code.", cls), "Please report an issue to PyTorch.",
                     "Dynamo does not fully support tracing builtin iterators (e.g. `map`, `zip`, `enumerate`) passed in from uncompiled to "
                     "compiled regions (e.g. `torch.compile(fn)(enumerate(...))`). This can happen unintentionally if a previous graph "
                     "break happens with a builtin iterator in the local scope.",
                     "List/dict comprehensions in Python <= 3.11 result in implicit function calls, which Dynamo cannot trace as a top "
                     "level frame. Possible workarounds are (1) use a loop instead of a comprehension, (2) fix any graph breaks in the "
                     "function above the comprehension, (3) wrap the comprehension in a function, or (4) use Python 3.12+."},
                    fmt::format("call_method UserDefinedObjectVariable({}) __iter__ [] {{}}", cls), "GB0156");
}

std::string msg_metadata_version() {
  return msg_unsupported_method("<unknown type>", "update",
                                "call_method GetAttrVariable(UserDefinedObjectVariable(Context), __dict__) update [ConstDictVariable()] {}");
}

std::string msg_version_split() {
  // torch < 2.4 (pre-structured messages): the short developer string was the whole reason.
  return "call_method UserDefinedObjectVariable(TorchVersion) split [ConstantVariable()] {}";
}

// DelayGraphBreakVariable called (GB0148): an in-place view op read off a tensor with a source (TensorVariable.var_getattr)
std::string msg_delayed_call(const std::string& fn_name, const std::string& reason, const std::string& debug) {
  return gb_message("Unsupported function call (delayed)",
                    "Dynamo determined that a graph break should occur when calling `" + fn_name + "`. Reason: " + reason, {},
                    debug, "GB0148");
}

std::string msg_rnn(const std::string& module_repr) {
  return gb_message("Attempted to wrap RNN, GRU, or LSTM", "Dynamo does not support RNN, GRU, or LSTM.",
                    {"Set torch._dynamo.config.allow_rnn=True to enable experimental support for RNN, GRU, and LSTM in Dynamo", kHintSupportable},
                    module_repr, "GB0014");
}

std::string msg_super_getattr(const std::string& name, const std::string& type_repr, const std::string& obj_class) {
  return gb_message("Unable to resolve super getattr",
                    fmt::format("Dynamo failed to trace attribute `{}` accessed via `super()` (for type `UserDefinedClassVariable({})` "
                                "and object `UserDefinedObjectVariable({})`) because the resolved attribute type is not supported.",
                                name, type_repr, obj_class),
                    {"Ensure the attribute exists in the parent class.", "Check the arguments passed to `super()`."}, "", "GB0113");
}

std::string msg_logger(const std::string& logger, const std::string& method, const std::string& args) {
  return gb_message("logging.Logger method not supported for non-export cases",
                    "logging.Logger methods are not supported for non-export cases.",
                    {"Add the logging method to `torch._dynamo.config.ignore_logging_functions`."},
                    fmt::format("method: <Logger {} (WARNING)>.{}, args: [{}], kwargs: {{}}", logger, method, args), "GB0291");
}

std::string msg_deepcopy(const std::string& arg) {
  return gb_message("copy.deepcopy()", "Dynamo does not support copy.deepcopy()", {"Avoid calling copy.deepcopy()", kHintSupportable},
                    "copy.deepcopy(" + arg + ")", "GB0179");
}

std::string msg_factory_requires_grad(const std::string& fn, const std::string& args, const std::string& kwargs) {
  return gb_message("Attempted to use tensor creation function with requires_grad=True", "Dynamo does not support this.",
                    {"Create the tensor outside the compiled region.", "Do not set `requires_grad=True`.", kHintSupportable},
                    fmt::format("fn={}, args={}, kwargs={}", fn, args, kwargs), "GB0225");
}

std::string msg_unpack_length(const std::string& var, size_t expected, size_t actual) {
  return gb_message("Length mismatch when unpacking object for UNPACK_SEQUENCE",
                    var + " unpacked to a list for the UNPACK_SEQUENCE bytecode (i.e. `a, b, c = d`) with unexpected length.",
                    {"This is likely to be a Dynamo bug. Please report an issue to PyTorch."},
                    fmt::format("expected length: {}, actual: {}", expected, actual), "GB0077");
}

std::string msg_requires_grad() {
  std::string s = gb_message("Unsupported Tensor.requires_grad_() call",
                             "Dynamo does not support changes to a Tensor's `requires_grad` through calling `requires_grad_()`.",
                             {}, "call_method TensorVariable() requires_grad_", "GB0125");
  s.insert(s.find("\n\n  Developer debug context"), "\n");  // no hint: torch keeps the empty hints line
  return s;
}

std::string msg_comprehension_captured(const std::vector<std::string>& captured) {
  std::string ctx = "[";
  for (size_t i = 0; i < captured.size(); ++i) ctx += (i ? ", '" : "'") + captured[i] + "'";
  ctx += "]";
  std::string s = gb_message("Comprehension graph break in resume function with captured variables",
                             "Cannot use comprehension optimization inside a resume function when there are captured variables. "
                             "This can cause issues with deeply nested source chains.",
                             {}, ctx, "GB2669");
  s.insert(s.find("\n\n  Developer debug context"), "\n");  // no hint: the empty hints line
  return s;
}

std::string gb_id_of(const std::string& msg) {
  size_t p = msg.find("/gb/gb");
  if (p == std::string::npos) return "";
  return "GB" + msg.substr(p + 6, 4);
}

}  // namespace tparse::compiler
