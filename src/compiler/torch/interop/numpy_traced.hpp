// numpy inside a compiled frame, as Dynamo traces it through torch._numpy (variables/misc.py NumpyVariable,
// variables/tensor.py NumpyNdarrayVariable, utils.py numpy_to_tensor_wrapper / numpy_method_wrapper /
// numpy_operator_wrapper / numpy_attr_wrapper): a numpy function, an ndarray method, an operator on an ndarray and
// the attributes T / real / imag are each one call_function node whose value is an ndarray, a tensor marked
// `np_array` here. Shapes and dtypes come from torch ops the numpy stub names (runtime/stubs/numpy/_traced.py),
// run on plain copies and discarded ("shadow" runs); the nodes made are torch._numpy's wrappers only.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "runtime/values/value.hpp"

namespace tparse::compiler {

class Interp;
struct Graph;

namespace np_traced {

using KW = std::vector<std::pair<std::string, V>>;

/// a numpy value traced in the running frame (NumpyNdarrayVariable)
bool is_np(const V& v);

/// The global name FX gives a wrapper object: each wrapper Dynamo makes is a new object, so the second
/// `wrapped_mul` of a graph is `torch__dynamo_utils_wrapped_mul_1` (numpy_array_frame's truth).
std::string wrapper_target(const Graph& g, const std::string& base);

/// np.array / asarray's argument is a sequence holding traced arrays that torch._numpy converts with _tolist and
/// as_tensor (not a flat list of arrays, which it stacks): on fake tensors that fails (numpy_fake_limits.cpp)
bool nested_array_sequence(const V& obj);
/// that failure: GB0087 at the call, with torch's message
[[noreturn]] void array_of_tensors_break(Interp& I, const V& obj, Location loc);

/// `__tparse_np_call__(name, impl, number_fn, args, kwargs)` of the numpy stub: a numpy function called in a
/// compiled frame. `number_fn` (or None) computes a 0-d result's value from numbers (np.log(16) keeps 2.77...).
V call(Interp& I, const std::vector<V>& bargs, Location loc);

/// An ndarray's method in a compiled frame (`a.astype('float32')`, `a.reshape(2, 5)`, `a[0]`); `handled` false
/// for the methods NumpyNdarrayVariable hands back to TensorVariable (`__len__`, `size`, `tolist`, `__iter__`).
V method(Interp& I, const V& self, const std::string& name, std::vector<V>& args, KW& kwargs, Location loc, bool& handled);

/// An ndarray's attribute in a compiled frame: T / real / imag (a numpy_attr_wrapper node), ndim / itemsize /
/// shape / size (numbers); `handled` false for the rest (methods).
V attr(Interp& I, const V& self, const std::string& name, Location loc, bool& handled);

/// A Python operator with an ndarray operand and no torch tensor (`np.exp(a) * 2`, `16 // top`):
/// numpy_operator_wrapper's node; nullptr when the operands are not such.
V binop(Interp& I, const std::string& op, const V& a, const V& b, bool reflected, Location loc);

/// `torch.from_numpy(a)` / `torch.as_tensor(a, dtype=...)` of an ndarray in a frame: Dynamo's `torch.as_tensor` node,
/// a tensor again
V to_tensor(Interp& I, const V& self, const KW& kwargs, Location loc);

/// A numpy array of eager code (the stub's ndarray) passed into a compiled frame: Dynamo wraps it as a tensor
/// input (`L_K_`, guarded as `___from_numpy(L['K'])`) seen as an ndarray; nullptr when `v` is not one.
V from_ndarray(const V& v);
/// from_ndarray, with the array's element values when all are known (the data a graph break leaves to Python reads)
V from_ndarray(Interp& I, const V& v);
/// A numpy bool scalar read from a source: VariableBuilder wraps np.bool_ (no np.number, so no unspecialized
/// primitive) as a 0-d ndarray, a bool tensor input seen as an ndarray holding its value; nullptr for anything else.
V from_np_bool(Interp& I, const V& v);
/// A numpy integer / float scalar read from a source in a compiled frame (np.int64 of np.random.choice passed in):
/// VariableBuilder's unspecialized primitive, a 0-d tensor graph input seen as an ndarray (`L_opt_: "i64[][]cpu"`,
/// guarded as `___from_numpy(opt)`) holding its value, one per source; nullptr for anything else or without a source.
V scalar_input(Interp& I, const V& v);
/// An operator's operands where one is numpy's own array and the other a tensor: the array becomes a tensor of the
/// other's kind (one standing in for an ndarray: an ndarray too; a torch tensor: torch converts the array)
void coerce_operands(Interp& I, V& a, V& b);

/// `int(nd)` / `float(nd)` of a 0-d ndarray in a frame: torch._numpy's item() as a wrapped-method node, an unbacked
/// SymFloat, then torch.sym_int for int() (no break; KAIR's `int(np.ceil(h / 8) * 8 - h)` pads). nullptr when not such.
V to_number(Interp& I, const V& self, const std::string& kind, Location loc);

/// `math.floor(nd)` / `nd.item()` in a frame: the node's value is a Python number, which Dynamo refuses
/// ("torch.* op returned non-Tensor", GB0208): the graph breaks at the call.
[[noreturn]] void non_tensor_break(Interp& I, const std::string& target, const std::string& type, Location loc);

}  // namespace np_traced
}  // namespace tparse::compiler
