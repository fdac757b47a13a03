// The torch op table: every torch function, torch.nn.functional function and Tensor method the
// compiler models, with its spellings, its argument schema and its shape-rule family. The
// interpreter dispatches through it (Interp::torch_fn, Interp::tensor_method); the rules live in
// one file per family (torch/ops/*.cpp) and share the OpCall helpers below.
#pragma once

#include <string>
#include <vector>

#include "runtime/values/value.hpp"

namespace tparse::compiler {

class Interp;
using KW = std::vector<std::pair<std::string, V>>;

/// Shape-rule families (one rule file each, docs/compiler.md "Op table").
enum class Family {
  Value,        ///< Python result, no tensor node (size, item, torch.compile, is_tensor)
  Creation,     ///< factories: zeros, arange, *_like, new_*, tensor
  Elementwise,  ///< unary math and activations: same shape (dtype rules per op)
  Binary,       ///< broadcasting binary ops: add, mul, eq, where, maximum
  Reduction,    ///< sum/mean/amax/argmax...: dim, keepdim
  Sort,         ///< (values, indices) results and orderings: topk, sort, argsort, max(dim)
  Matmul,       ///< matmul, bmm, baddbmm, outer, einsum
  View,         ///< view/reshape/permute/transpose/flatten/squeeze/expand/repeat/flip/roll
  Join,         ///< cat, stack, split, chunk, unbind, meshgrid
  Index,        ///< getitem, setitem, gather, scatter, index_select, masked ops, searchsorted
  Conv,         ///< conv1d/2d/3d, pooling, interpolate, pad
  Norm,         ///< layer_norm, rms_norm, group_norm, batch_norm, normalize
  NN,           ///< linear, embedding, scaled_dot_product_attention, dropout
  Loss,         ///< cross_entropy, mse_loss, ...: reduction='mean' gives a 0-dim result
  Complex,      ///< view_as_complex, view_as_real, polar, complex, real/imag
  InPlace,      ///< Tensor.x_ variants: record the method, the tensor itself changes
};
const char* family_name(Family f);

/// Where a spelling is valid: torch.X, torch.nn.functional.X (F.X), Tensor.X.
enum Where : unsigned { kTorch = 1, kF = 2, kMethod = 4 };

struct OpCall;
using Rule = V (*)(OpCall&);

/// torch._prims_common.are_strides_like_channels_last: a 4-D (5-D) tensor laid out channels last (conv.cpp).
bool channels_last_like(const TensorInfo& t);
/// torch.autocast's cast of op `name`'s output (its lists, for the output's device) when autocast is on.
void autocast_dtype(const Interp& I, const std::string& name, TensorInfo& o);
/// A matrix product's operands of two floating dtypes (a float32 Linear on a float64 input): torch's RuntimeError
/// (addmm, a Linear with a bias: "mat1 and mat2 must have the same dtype, but got Double and Float"; mm / matmul:
/// "expected m1 and m2 to have the same dtype, but got: double != float"), a fake tensor's TorchRuntimeError in a
/// frame; under autocast the dtypes it casts them to (a double stays a double: torch/ops/nn.cpp).
void same_matmul_dtypes(Interp& I, const TensorInfo& a, const TensorInfo& b, Location loc, bool addmm = false);

/// One row of the table.
struct OpDef {
  std::vector<std::string> names;  ///< spellings sharing the rule (`cat`, `concat`, `concatenate`)
  unsigned where = 0;              ///< Where bits
  std::string schema;              ///< parameters after the input, torch's names: "dim=None, keepdim=False"
  Family family = Family::Value;
  Rule rule = nullptr;
  std::string target;              ///< graph target of the function form when not torch.<name> / torch.nn.functional.<name>
};

/// The row for `name` spelled as `where` (kTorch, kF or kMethod); null when not modelled.
/// A method `x_` with no row of its own is the in-place variant of an Elementwise/Binary row `x`.
const OpDef* find_op(unsigned where, const std::string& name);
const std::vector<OpDef>& op_table();
/// torch.nn classes nn_construct/nn_forward model (`Linear`, `Buffer`, ...).
bool nn_module_modelled(const std::string& cls);
/// torch.* calls the runtime models outside the table (finfo, no_grad, jit.script, nn.init.*).
bool runtime_modelled(const std::string& dotted);

/// One call being dispatched: the input tensor, the arguments after it, and helpers shared by rules.
struct OpCall {
  Interp& I;
  const OpDef* def;
  V self;                    ///< the input tensor (receiver of a method, args[0] of a function); may be null
  bool is_fn;                ///< torch.X / F.X (call_function) rather than a method (call_method)
  std::string target, name;  ///< graph target of a function; the spelling called
  std::vector<V>& args;      ///< as called (a function's input first)
  std::vector<V> rest;       ///< the arguments after the input
  KW& kwargs;
  Location loc;

  /// rest[i], else keyword `kw`; null when absent.
  V arg(size_t i, const char* kw) const;
  /// The argument bound to schema parameter `p` (positional slot from the schema, or keyword).
  V get(const std::string& p) const;
  V kw(const std::string& k) const;
  /// `v` as the int an int parameter takes: a 0-d tensor is read (in a frame a data-dependent break), else `v`
  V int_value(const V& v) const;
  /// `t` is a 0-d integer tensor the frame being compiled takes as a graph input (int_value makes it a SymInt)
  bool int_input(const V& t) const;
  const TensorInfo& t() const { return *self->t; }
  size_t rank() const { return self->t->shape.size(); }
  /// A fresh result like the input: shape, dtype, device, requires_grad.
  TensorInfo like() const;
  /// Records the node (call_function `target`, or call_method `name`) and returns the result tensor.
  V out(TensorInfo o);
  /// Wrapped dim in [0, rank) (rank 0 accepts -1/0), else "Dimension out of range".
  long long dim(long long d, size_t rank) const;
  [[noreturn]] void fail(const std::string& msg) const;
};

/// The result of a reduction over `dims` (all dims when empty) with keepdim.
std::vector<Dim> reduced_shape(const std::vector<Dim>& s, const std::vector<long long>& dims, bool keep);
/// torch's type promotion for two tensor dtypes (bool < ints < f16/bf16 < f32 < f64 < complex).
std::string promote_dtype(const std::string& a, const std::string& b);
/// A tensor's device from a device string: `cuda` is `cuda:0` (the current device; torch.device('cuda') stays
/// unindexed, a tensor's device never is), others as given.
inline std::string tensor_device(const std::string& d) { return d == "cuda" ? "cuda:0" : d; }
/// `[2, 3]` for messages.
std::string dims_str(const TensorInfo& t);

/// The dtype of a legacy tensor type name (torch.FloatTensor -> "float32", "LongTensor" -> "int64"); "" for any other
/// name (torch/ops/creation.cpp)
std::string legacy_type_dtype(const std::string& type_name);
/// torch.Tensor or one of the legacy typed constructors (torch.FloatTensor, ...): its dtype's name, float32 for
/// torch.Tensor; "" for any other name
inline std::string legacy_constructor_dtype(const std::string& name) { return name == "Tensor" ? "float32" : legacy_type_dtype(name); }

}  // namespace tparse::compiler
