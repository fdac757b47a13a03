// Graph-break messages of PyTorch 2.11 (gb_type, explanation, hints, context, registry link).
#pragma once

#include <string>
#include <vector>

namespace tparse::compiler {

/// torch/_dynamo/external_utils.py as torch 2.11 on the device names it (the `inner` frame's file).
inline constexpr char kExtUtils[] = "/opt/torch/.venv/lib/python3.12/site-packages/torch/_dynamo/external_utils.py";

/// exc.py format_graph_break_message: `{gb_type}\n  Explanation: ...\n  Hint: ...\n\n  Developer
/// debug context: ...\n\n For more details ... gb/gbNNNN.html` (link only when gb_id non-empty).
std::string gb_message(const std::string& gb_type, const std::string& explanation,
                       const std::vector<std::string>& hints, const std::string& context,
                       const std::string& gb_id);

/// GB0059 for a builtin Dynamo has no rule for with these argument types (`print`, `pow` of a tensor).
std::string msg_builtin_op(const std::string& fn, const std::vector<std::string>& arg_types);
std::string msg_delayed_call(const std::string& fn_name, const std::string& reason, const std::string& debug);
/// GB0224: torch.add / sub / mul / div of numbers only, a SymInt among them (args / kwargs: Dynamo's variable reprs)
std::string msg_symint_only_torch_fn(const std::string& fn, const std::string& args, const std::string& kwargs);
std::string msg_item();
/// GB0070: a list / tuple indexed by a tensor or ndarray in a frame (ListVariable.__getitem__)
std::string msg_list_index_tensor(const std::string& container, size_t length, bool ndarray);
std::string msg_requires_grad();
/// GB0081: a method the fake value lacks, run as a call_method node (`t[0]` of a SymFloat: `method` __getitem__,
/// `args` "zf57, 0" as the fake values print)
std::string msg_fake_missing_attr(const std::string& method, const std::string& args);
/// GB0077: `a, b, c = d` of a tuple / list of another length inside a frame
std::string msg_unpack_length(const std::string& var, size_t expected, size_t actual);
std::string msg_factory_requires_grad(const std::string& fn, const std::string& args, const std::string& kwargs);
/// torch 2.11 (3.12): a comprehension breaking inside a resume function reads locals of the frame (GB2669)
std::string msg_comprehension_captured(const std::vector<std::string>& captured);
std::string msg_tolist();
std::string msg_nonzero(const std::string& op);
/// `t.grad_fn` of a tensor that has one, in a frame (TensorVariable.method_attr_grad_fn; GB0104)
std::string msg_tensor_grad_fn();
std::string msg_sparse_wrap();
/// GB8335; `mutating` is the object Dynamo names (a parameter generator's memo set: "SetVariable()")
std::string msg_generator_reconstruction(const std::string& mutating = "SetVariable()");
/// GB0092: a value attempt 1 must put back on the stack has no source and no rule to rebuild it
std::string msg_reconstruction_failure(const std::string& var);
/// GB0242: a torch function called in a frame with a non-contiguous tensor as `out=` (`torch.mm(a, b, out=w[i])` of a
/// transposed `w`); `fn` the function's name, `args` / `kwargs` its arguments as Dynamo prints their variables
std::string msg_out_shape_mismatch(const std::string& fn, const std::string& args, const std::string& kwargs, const std::string& had,
                                   const std::string& got);
/// GB0277: a traced op's sparse result (VariableBuilder's handle_traced_output), `shape` its dense size
std::string msg_sparse_output(const std::vector<long long>& shape);
std::string msg_noncontiguous_out(const std::string& fn, const std::string& args, const std::string& kwargs);
/// GB0033: an op whose non-tensor output depends on tensor data (`aten._local_scalar_dense.default`)
std::string msg_data_dependent_op(const std::string& op);
/// GB0246: F.one_hot without num_classes (or a positional -1) in a frame; `args` / `kwargs` as Dynamo prints them
/// GB7312: an inlined call's arguments do not bind (`where` is FILE:FIRSTLINENO; `args` the Python types)
std::string msg_bind_failure(const std::string& func, const std::string& where, const std::string& args, const std::string& kwargs);
std::string msg_one_hot(const std::string& args, const std::string& kwargs);
/// GB0117: a TensorVariable.method_<name> handler raised TypeError on the arguments (a deprecated scalar-first
/// overload `add_(Number, T)`); `context` is `call_method TensorVariable() name [args] {}`.
std::string msg_unhandled_method_args(const std::string& name, const std::string& context);
/// GB0034: an assert whose test is a constant that fails, where no partial graph may be compiled (inside an inlined
/// call or a context manager); `value` is the VariableTracker (`ConstantVariable(bool: False)`).
std::string msg_assert_no_partial(const std::string& value);
std::string msg_disabled(const std::string& fn);
std::string msg_skipped_builtin(const std::string& module, const std::string& qualname);
/// GB0008: a function of torch wrapped by `torch._disable_dynamo` (its `inner` in torch/_compile.py, MOD_SKIPLIST)
/// called in a frame: `Optimizer.zero_grad`, `Optimizer.state_dict`
std::string msg_skipped_inline(const std::string& qualname);
/// GB0008 for a function of a file in trace_rules' SKIP_DIRS (a third-party package: `tqdm.__iter__`)
std::string msg_skipped_inline_file(const std::string& qualname, const std::string& name, const std::string& file,
                                    const std::string& rule = "SKIP_DIRS");
/// GB9186: torch.autograd.grad inside a frame while trace_autograd_ops is False (the default)
std::string msg_autograd_grad();
/// GB0007 for a torch function trace_rules marks skipped (`pack_padded_sequence` in torch/nn/utils/rnn.py)
std::string msg_skipped_torch_fn(const std::string& module, const std::string& fn, const std::string& file);
std::string msg_graph_break_call();
/// GB0123: `loss.backward()` inside a frame (trace_autograd_ops off); `args`: gradient, retain_graph, create_graph,
/// inputs as Dynamo prints them (`None None None None`)
std::string msg_backward(const std::string& args);
std::string msg_data_dependent(const std::string& context = "attempted to jump with TensorVariable()");
/// The variable a data-dependent jump names: TensorVariable(), or an ndarray's (an attribute's lazily realized one:
/// CUT's `if self.filt_odd:` of a numpy bool)
std::string jump_context(bool np_array, bool lazy);
/// GB0112: a SymBool (a comparison of symbolic sizes) passed where an ATen builtin takes a bool.
std::string msg_symbool_arg(const std::string& callee, const std::string& fn, const std::string& arg);
/// GB0112 for an ATen binding that refused the fake call's argument types (`TypeError <callee>: <text>`)
std::string msg_fake_type_error(const std::string& callee, const std::string& text);
/// GB0156: a method Dynamo cannot trace on a user-defined object (`_lru_cache_wrapper.__call__`)
std::string msg_unsupported_method(const std::string& cls, const std::string& method, const std::string& context);
/// GB0156 of a builtin iterator (`reversed`) made outside the frame and iterated in it (the iter_ polyfill's __iter__)
std::string msg_builtin_iterator_iter(const std::string& cls);
/// GB0088: an exception no handler of the frame catches (`raised`: `ValueError([ConstantVariable(str: 'x')])`)
std::string msg_observed_exception(const std::string& raised);
/// IMPORT_NAME of a module that fails to import inside a traced frame (GB0069)
std::string msg_import_failure(const std::string& module, const std::string& fromlist, int level);
std::string msg_loop(const std::string& co_name, const std::string& file, int line);
std::string msg_recompile_limit();
std::string msg_metadata_version();
std::string msg_nn_param_ctor();  ///< GB0264: torch.nn.Parameter() in a frame (Module._apply of .to() / .cuda() ...)
std::string msg_rnn(const std::string& module_repr);  ///< GB0014
std::string msg_version_split();   ///< torch < 2.4: str.split on TorchVersion
/// GB0291: a logging.Logger method called inside a compiled frame (hint and context paraphrased: no real trace).
/// GB0113: `super().name` where no class after the pivot in the MRO has `name` in its __dict__ (`object` has no
/// `__getattr__`: a config class's `super().__getattr__(key)`)
std::string msg_super_getattr(const std::string& name, const std::string& type_repr, const std::string& obj_class);
std::string msg_logger(const std::string& logger, const std::string& method, const std::string& args);
/// copy.deepcopy(x) in a compiled frame (GB0179); `arg` is x's VariableTracker repr (UserDefinedObjectVariable(Cfg))
std::string msg_deepcopy(const std::string& arg);
/// The link's GB id in a message (`GB0059`), or "" when none.
std::string gb_id_of(const std::string& msg);

extern const char* kHintFundamental;
extern const char* kHintSupportable;
extern const char* kHintEarlier;
/// "This graph break may be difficult to debug. ..." (graph_break_hints.DIFFICULT)
extern const char* kHintDifficult;
/// "Your code may result in an error when running in eager ..." (a fake run that fails as eager code would)
extern const char* kHintUserError;

}  // namespace tparse::compiler
