// Element values of eager tensors: model code computes build-time Python numbers from small tensors
// (timm nest's `(4 ** torch.arange(n)).flip(0).tolist()`, regnet's `torch.unique(...)`, hiera's
// `torch.tensor(depths).cumsum(0).tolist()`). A tensor made outside any compiled frame from known numbers
// gets its values (Obj::vals); ops with a value rule (values_ops.cpp) carry them on, every other op leaves
// its result shape-only. Inside a compiled (or replayed) frame nothing reads or makes values: Dynamo's fake
// tensors have no data. An in-place op anywhere makes every recorded value stale (views alias storage).
#pragma once

#include "torch/op_table.hpp"

namespace tparse::compiler::values {

/// A floating-point dtype by name (`float32`, `float16`, ...)
inline bool is_float(const std::string& dt) { return dt.find("float") != std::string::npos; }

/// The most elements a tensor with values may have (bigger tensors stay shape-only: build-time numbers come
/// from small tensors, and a model's buffers should cost no data).
constexpr long long kMaxElems = 1 << 20;  // (a batch of 512 x 512 attention masks: Longformer pads to its window, its padding mask
                                           // goes through create_bidirectional_mask; the training loops use batch 2, 2 x 512 x 512)

/// Whether values are modelled at this point: everywhere (eager code and frames alike, on real inputs).
bool eager(const Interp& I);
/// The known values of tensor `t` (row-major), or null: not a tensor, not known, stale, or a symbolic shape.
const std::vector<double>* of(const Interp& I, const V& t);
/// The values an eager tensor holds wherever it is read (a frame's input: the branch a graph break leaves to
/// Python reads the real data), or null when not known or stale.
const std::vector<double>* data(const Interp& I, const V& t);
/// The guess `t`'s values rest on (-1: none); `used` notes it in the run's approximations (Interp::use_guess)
int guess_of(const V& t);
void used(Interp& I, const V& t);
/// Marks `t`'s values as resting on guess `g` (nothing when g < 0)
void set_guess(const V& t, int g);
/// `res`'s fresh values rest on a guess when an input's do (the first such input's, in lists and tuples too)
void carry_guess(const std::vector<V>& ins, const V& res);
/// The index arrays of an advanced index `idx` over leading dims (`t[rows, cols]`: ints, integer tensors of known
/// values, lists of ints), each with its shape, for layout::advanced_offsets; false for any other index.
bool index_arrays(const Interp& I, const V& idx, std::vector<std::vector<double>>& iv, std::vector<std::vector<long long>>& is);
/// Gives `t` the values `v` (row-major over its shape), each rounded to its dtype as torch stores it;
/// nothing when the count differs, the dtype is not modelled, or an integer is out of range.
void attach(Interp& I, const V& t, std::vector<double> v);
/// attach, for a view of `base` whose elements sit at flat offsets `offs` of base's values (null base: none); an
/// in-place write through the view writes them there too (write_in_place)
void attach_view(Interp& I, const V& t, std::vector<double> v, const V& base, std::vector<long long> offs);
/// A write of `nv` (t's new values, row-major) through a view: each base's new values in turn (t's base, then its
/// base's), computed while theirs are still fresh; attach them after mutated() with attach_linked
std::vector<std::pair<V, std::vector<double>>> bases_written(const Interp& I, const V& t, const std::vector<double>& nv);
/// attach, keeping x's own link to its base (a view stays a view of it)
void attach_linked(Interp& I, const V& x, std::vector<double> vals);
/// An uninitialized tensor (torch.empty, `torch.LongTensor(n)`): its values become known once every element has been
/// written by `t[idx] = v` of known values (a collate function's `lengths[i] = mel.size(1)`); until then unknown
void start_partial(Interp& I, const V& t);
/// Attach the range t's elements lie in (no values: torch.rand's [0, 1)).
void attach_range(Interp& I, const V& t, double lo, double hi);
/// `x` as dtype `dt` stores it (float32 rounding, integer truncation); false when not representable here.
bool fit(const std::string& dt, double& x);
/// `x op y` (+ - * / // trunc % ** max min, comparisons, & | ^) in compute dtype `cdt`, both already rounded to it, as
/// torch computes it; false where torch raises (an integer division by zero) or the op is not modelled.
bool arith(const std::string& op, double x, double y, const std::string& cdt, double& r);
/// A one-input elementwise op (neg, abs, sqrt, exp, sigmoid, ...) of x, in the result's float dtype `dt`; false when
/// not modelled (or an integer input of a float-only op).
bool unary_fn(const std::string& n, double x, const std::string& dt, double& r);
/// A Python number of dtype `dt` (int, float or bool) for item() / tolist().
V py_number(const std::string& dt, double x);
/// tolist(): nested lists of Python numbers over t's shape.
V py_list(const V& t, const std::vector<double>& v);
/// Python data (nested lists/tuples of numbers or known 0-d tensors, a numpy stub ndarray) flattened
/// row-major; false when any element is unknown.
bool from_data(const Interp& I, const V& d, std::vector<double>& out);
/// A numpy stub ndarray (runtime/stubs/numpy): its shape and dtype name.
bool ndarray_info(const V& d, std::vector<long long>& shape, std::string& dtype);
/// A numpy stub ndarray's element strides when it is a non-contiguous view (a transpose): false when row-major.
bool ndarray_strides(const V& d, std::vector<long long>& strides);

/// Before a torch call runs: an in-place call (`x_`, setitem, out=, inplace=True) marks values stale.
void before_call(OpCall& c);
/// After a torch call returned `res` in eager code: `res` gets values by the op's rule when known.
void after_call(OpCall& c, const V& res);
/// FakeTensorMode's constant propagation: `res` (one element at most, its value known) of inputs that are all constants
/// (FakeTensor constants, Python numbers) is a constant too (`torch.div(512, 256, rounding_mode="trunc") - 1`).
void const_result(const Interp& I, const std::vector<V>& inputs, const V& res);
/// An in-place `t op= x` (op: + - * / ...) writes t's storage: its values, when they and x's are known, become the
/// result's (kept on t and on `res`, the same tensor rebound); other values sharing the storage go stale
void write_in_place(Interp& I, const std::string& op, const V& t, const V& x, const V& res = nullptr);
/// After a Python operator on a tensor (`a op b`, reflected: `b op a`); `-x` / `~x` have no b.
void after_binop(Interp& I, const std::string& op, const V& a, const V& b, bool reflected, const V& res);
/// Marks recorded values stale: those sharing `t`'s storage (an in-place op on it, `t.data = u`), or every one when
/// the written tensor is not known (an unknown op, nn.init through a stub).
void mutated(Interp& I, const V& t = nullptr);
/// `res` (a view op's result: view, reshape, slicing, transpose, ...) shares `base`'s storage
void shares_storage(const V& res, const V& base);
/// A view op's result (or each piece of a split): its storage offset from its input's and the op's arguments
/// (storage_offset.cpp); 0 for an advanced index, which copies
/// A tensor's strides in elements: its own, else row-major of its sizes (torch/values/storage_offset.cpp)
std::vector<long long> strides_of(const TensorInfo& t);
void view_offset(OpCall& c, const V& res);
/// Tensor._base of a view op's result (or of each piece of a split): its input's root base sizes, as ATen's view kernels
/// make one (torch/values/view_base.cpp); also F.linear's fused path, a 2-D addmm result viewed back
void mark_view(OpCall& c, const V& res);
/// The same for an attribute view of `self` (`x.T`, `x.mT`, `x.real`)
void mark_attr_view(const V& res, const V& self);

/// How many entries of `t` are nonzero (nonzero / one-argument where / masked_select / a boolean-mask index): from
/// its known values, else its uniform fill; else every entry is taken as nonzero and the run lists the guess at `loc`
/// (`what` names the call): a count from data tparse does not have decides the shapes that follow.
long long true_count(Interp& I, const V& t, Location loc, const std::string& what);

/// torch.unique / unique_consecutive in eager code: (output[, inverse][, counts]) with the data's sizes
/// when the values are known, else the uniform fill decides as before.
V unique(OpCall& c);

/// torch.pow(number, tensor) (values_ops.cpp).
void pow_scalar_base(Interp& I, const V& base, const V& exponent, const V& res);
/// The op rules (values_ops.cpp): `res` gets values from the call's inputs; false when no rule applies.
bool op_rule(OpCall& c, const V& res);

}  // namespace tparse::compiler::values
