// Runtime values of the abstract interpreter: Python objects and abstract tensors (shape, dtype).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "frontend/ast.hpp"
#include "runtime/values/heap.hpp"

namespace tparse::compiler {
struct GenState;  // runtime/generator.hpp

using V = std::shared_ptr<Obj>;

/// One tensor dimension: a static size, or a symbol (`s77`) with a hint value.
struct Dim {
  long long v = 0;
  std::string sym;  ///< empty = static
  bool is_sym() const { return !sym.empty(); }
  std::string str() const { return sym.empty() ? std::to_string(v) : sym; }
  bool operator==(const Dim& o) const { return v == o.v && sym == o.sym; }
};

/// A tensor's autograd ancestry (what backward() reaches from it): the edges of the inputs it was made from, or one
/// leaf (a tensor that requires grad and has no grad_fn); `unknown` when an input's ancestry was not recorded
struct GradEdge {
  std::vector<std::shared_ptr<const GradEdge>> in;
  std::weak_ptr<Obj> leaf;
  bool unknown = false;
  /// a node whose backward is a Python function the engine calls (a custom op's registered backward, an eagerly
  /// applied autograd.Function's): that function, its ctx, the output's shape / dtype / device (its grad's), the node's
  /// sequence number (the engine runs later nodes first); torch/autograd/python_backward.cpp
  std::shared_ptr<Obj> py_backward, py_ctx;
  std::vector<long long> py_out_shape;
  std::string py_out_dtype, py_out_device;
  long long seq = 0;
  bool function_hop = false;  ///< made by an autograd.Function Dynamo traced (autograd_function_apply)
  /// a node whose backward kernel raises (a RuntimeError's message): a backward() that reaches it fails there
  std::string backward_error;
};

/// Abstract tensor: what a FakeTensor knows, plus an optional uniform fill value so that simple
/// data-dependent branches (`if x.sum() > 0` on torch.ones) can be decided.
struct TensorInfo {
  std::vector<Dim> shape, stride;
  std::string dtype = "float32";
  std::string device = "cpu";
  bool requires_grad = false;
  bool grad_fn = false;            ///< made by an op from a tensor that requires grad (a non-leaf: its .grad_fn is a node)
  /// a view whose creation meta is MULTI_OUTPUT_NODE (an output of split / chunk / unbind made under grad mode, or a
  /// view of one): its grad_fn's name and output number, for autograd's in-place refusal (empty: none)
  std::string multi_view_fn;
  int multi_view_nr = 0;
  bool is_param = false;
  bool is_buffer = false;          ///< registered with register_buffer (source `._buffers['name']`)
  bool nn_buffer = false;          ///< made by nn.Buffer(t) (its `_is_buffer` / `persistent` attributes): isinstance(t, nn.Buffer)
  std::optional<double> fill;
  /// how many entries are nonzero where the data is unknown but the count is not: a one-hot `scatter_` of a nonzero
  /// value into zeros, one index per row (FCOS's `zeros_like(areas, dtype=bool).scatter_(-1, idx, 1)`: one True per
  /// row). A new tensor (OpCall::out) and any other write drop it (values::mutated)
  std::optional<long long> nonzero;
  std::set<int> marked_dynamic;
  bool approx = false;             ///< shape guessed by unknown_op (torch/unknown_op.cpp), kept by copies
  bool inference = false;          ///< an inference tensor (made under torch.inference_mode): no autograd dispatch keys
  bool sparse = false;             ///< a sparse COO tensor (torch.sparse_coo_tensor): Dynamo wraps none (GB0015)
  std::string np_refused;          ///< an ndarray torch.from_numpy refuses (a negative stride: `a[::-1]`): its str (GB0185)
  /// a FakeTensor constant: made in a frame by an op on constants only (Python numbers, other constants), one element
  /// at most (FakeTensorMode's constant propagation): kernels read its value as a size without a data-dependent break
  bool fake_const = false;
  std::shared_ptr<const GradEdge> grad_edge;  ///< a non-leaf's ancestry (torch/autograd/reach.cpp)
  bool user_leaf = false;          ///< made to require grad by the user (a factory's requires_grad=True, requires_grad_())
  signed char eq_cmp = 0;          ///< a one-element `==` (1) / `!=` (-1) of data tparse does not know: a branch on it
                                   ///< guesses the data unequal (`if num_pos == 0:` of a count, almost never 0)
  bool np_array = false;           ///< a numpy value traced in a frame (Dynamo's NumpyNdarrayVariable): its operators
                                   ///< are numpy_operator_wrapper nodes (`torch__dynamo_utils_wrapped_sub`)
};

/// The element values of an eager tensor (torch/values/values.hpp): row-major, as doubles (exact for integers up
/// to 2^53), recorded at mutation epoch `epoch`: stale once its storage (or an unknown target) was written after it.
struct TensorVals {
  std::vector<double> v;
  unsigned long long epoch = 0;
  /// no element values (v empty): the closed range every element lies in, when an op bounds it (torch.rand: [0, 1),
  /// randint(low, high): [low, high - 1]); lo > hi means none
  double lo = 1, hi = 0;
  /// the values rest on a guess (Interp::new_guess id; -1: none): an integer cast of data tparse does not have reads as
  /// ones, and what is computed from them carries the guess on (numbers read from them, item() / tolist(), too)
  int guess = -1;
  /// a basic-index view's (`m[2:]`): the tensor it was read from and each element's flat offset there, so an in-place
  /// write through the view writes those elements of the base too (`m[2:] += 1`: nflows' masks)
  std::shared_ptr<struct Obj> base;
  std::vector<long long> base_offsets;
};

enum class VK {
  None, Bool, Int, Float, Str, List, Tuple, Dict, Func, Builtin, Bound, Class, Instance, Module,
  Tensor, Slice, DType, Device, Compiled, Iterator,
  Complex,  ///< a Python complex: f = real part, im = imaginary part
  Opaque  ///< a value tparse does not model: from a module not found, or the result of calling one (`s`: its dotted name)
};

/// Options of torch.compile (backend is accepted and ignored: Dynamo's behaviour is backend-free).
struct CompileOpts {
  bool dynamic_false = false;
  bool dynamic_true = false;
  bool fullgraph = false;
  bool call_impl = false;  ///< Module.compile(): the compiled function is torch's Module._call_impl (a skipped frame)
  /// The backend callable this torch.compile call made (BACKEND_MATCH): a registered backend named by a string is one
  /// function ("eager"); the default inductor is a new _TorchCompileInductorWrapper per call ("inductor#3"); a callable
  /// is itself ("callable@0x..."). Empty: not known (no guard).
  std::string backend;
};

/// Positions of dict keys / set items by key hash (runtime/values/keys.hpp): the first `n` entries are indexed;
/// lookups extend it over entries appended since and rebuild it when entries were removed.
struct KeyIndex {
  std::unordered_multimap<size_t, size_t> pos;
  size_t n = 0;
};

/// A Python value. Its shared_ptr edges may form cycles; the run's Heap cuts them (heap.hpp).
struct Obj : HeapMember<Obj> {
  VK k = VK::None;
  bool b = false;
  long long i = 0;
  double f = 0;
  double im = 0;                          ///< complex: the imaginary part (f: the real part)
  std::string s;                          ///< str value, builtin/module/dtype/class name
  std::vector<V> items;                   ///< list/tuple/slice/iterator items
  size_t pos = 0;                         ///< iterator position
  std::vector<std::pair<V, V>> dict;      ///< dict entries in insertion order
  std::map<std::string, V> attrs;         ///< instance/module/class attributes
  std::vector<std::string> order;         ///< insertion order of attrs (modules, params)
  std::shared_ptr<FuncDef> fn;            ///< user function / class body
  std::shared_ptr<Env> closure;           ///< defining scope of a user function
  std::shared_ptr<Env> menv;              ///< globals of a module loaded from source (imports.cpp)
  std::vector<V> defaults;                ///< evaluated default values (per param index)
  V self, func;                           ///< bound method / compiled wrapper target
  V cls;                                  ///< class of an instance
  std::vector<V> bases;                   ///< class bases
  std::string builtin_nn;                 ///< built-in nn class name ("Linear") for instances/classes
  std::shared_ptr<TensorInfo> t;          ///< tensor
  std::shared_ptr<const TensorVals> vals; ///< tensor: its element values when known (eager only, torch/values.hpp)
  /// tensor: the tensor whose storage this view shares (null: its own), held so that its address, the storage's
  /// identity in the value model's write records, is not reused while a view of it lives (a freed base's address taken
  /// by a new tensor made that tensor's values look overwritten: KnowledgeGraphEmbedding's gamma)
  std::shared_ptr<const Obj> storage;
  long long storage_offset = 0;           ///< tensor: a view's first element in that storage (torch/values/storage_offset.cpp)
  std::shared_ptr<const std::vector<long long>> view_base;  ///< tensor: a view's root base sizes (`Tensor._base.size()`,
                                          ///< torch/values/view_base.cpp); null: no view
  std::shared_ptr<CompileOpts> copts;     ///< compiled wrapper
  bool disabled = false;                  ///< function wrapped by torch.compiler.disable
  bool jit_script = false;                ///< function decorated with @torch.jit.script
  bool script_method = false;             ///< function decorated with @torch.jit.script_method (a ScriptModule's)
  bool is_bytes = false;                  ///< str: a bytes object, `s` its raw bytes (len, items and slices by byte)
  bool np_bool = false;                   ///< bool: a numpy bool scalar (np.int64(1) == 1): not a Python bool
  bool np_int = false;                    ///< int: a numpy integer scalar (np.int64 of np.prod / sum): not a Python int
  bool np_float = false;                  ///< float: a numpy float scalar (np.float64 of np.sqrt, np.float64(x))
  unsigned char np_bits = 64;             ///< a numpy scalar's width (np.float32(x): 32): numpy promotes arrays with it
  std::string global_name;                ///< name under which a global was read (for guards)
  int sym_node = -1;                      ///< float: output of this node of the tracing graph (SymFloat)
  std::string sym;                        ///< int: a SymInt's expression (`s70`, `s70 + 1`); "" = a plain int
  bool size_tuple = false;                ///< tuple: a torch.Size (from .shape / .size(), kept by slicing and `+`)
  bool is_set = false;                    ///< list: made as a set / frozenset (a display, comprehension or set()): == ignores order
  std::string range_repr;                 ///< list: made by range(): its repr (`range(0, 4)`), how a graph argument prints it
  const char* traced_gen = nullptr;       ///< list: the items a generator traced in a frame yields one by one
                                          ///< ("enumerate", "parameters": Interp::yielded)
  const char* builtin_iter = nullptr;     ///< list: a builtin iterator made eagerly ("reversed"): a frame it reaches cannot iterate it
  const char* generator_of = nullptr;     ///< list: the items of a generator made eagerly (`Module.parameters`): a frame it is
                                          ///< passed into cannot iterate it (GB0253, call_method on generator)
  std::vector<std::string> dc_fields;     ///< class: @dataclass fields in order (bases first); empty = not a dataclass
  V view_of;                              ///< dict: the instance whose `__dict__` this is (stores go through to it)
  int guess = -1;                         ///< a number tparse guessed (Tensor.item() of unknown data): Interp::guesses_
  KeyIndex kix;                           ///< dict keys / set items by key (runtime/values/keys.cpp; large ones only)
  std::shared_ptr<GenState> gen;          ///< iterator: a lazy generator (runtime/generator.hpp), stepped by next()
};

/// A bytes object of raw bytes `b` (a VK::Str with is_bytes: runtime/builtins/bytes.cpp)
V mk_bytes(std::string b);

/// The `autograd_function_apply` builtin's attribute holding the Function instance it was read from (`Fn().apply`)
inline constexpr char kFunctionInstance[] = "__tparse_function_instance__";

/// An int's `s` when it is Tensor.data_ptr() read in a frame: Dynamo's DataPtrVariable, not a constant
inline constexpr char kDataPtrMark[] = "__tparse_data_ptr__";

/// A numpy scalar: np.int64, np.float64 or numpy.bool_ (an ndarray to Dynamo, no Python number).
inline bool is_np_scalar(const V& x) {
  return (x->k == VK::Int && x->np_int) || (x->k == VK::Float && x->np_float) || (x->k == VK::Bool && x->np_bool);
}

/// Lexical scope: a function's locals, chained to the defining scope; the module scope is globals.
struct Env : HeapMember<Env> {
  std::map<std::string, V> vars;
  std::vector<std::string> order;
  std::shared_ptr<Env> parent;
  std::set<std::string> globals_decl;
  std::set<std::string> nonlocal_decl;   ///< `nonlocal x`: assignments go to the enclosing function's scope
  bool comprehension = false;            ///< a comprehension's scope: `:=` inside binds in the enclosing one
  V get_local(const std::string& n) const {
    auto it = vars.find(n);
    return it == vars.end() ? nullptr : it->second;
  }
  void set(const std::string& n, V v) {
    if (!vars.count(n)) order.push_back(n);
    vars[n] = std::move(v);
  }
};

V none();
V mk_bool(bool b);
V mk_int(long long i);
V mk_float(double f);
V mk_complex(double re, double im);
V mk_str(std::string s);
V mk_list(std::vector<V> xs);
V mk_tuple(std::vector<V> xs);
V mk_tensor(TensorInfo t);
V mk_builtin(std::string name);
V mk_bound(V self, V func);  ///< a method bound to self
V mk_opaque(std::string name);  ///< an unmodelled value named `name` (runtime/opaque.cpp)
bool truthy_const(const V& v, bool& known);
/// `v` was given and is falsy as a constant (False, None, 0): `nn.Conv2d(..., bias=None)` makes no bias
inline bool given_false(const V& v) {
  bool known = false;
  return v && !truthy_const(v, known) && known;
}
std::string type_name(const V& v);
std::string py_repr(const V& v);
std::string py_str(const V& v);
std::string fmt_float(double f);
std::vector<Dim> contiguous_strides(const std::vector<Dim>& shape);
/// A float truncated to an int as Python's int() does, saturated where Python's int would not fit in 64 bits (NaN: 0);
/// a bare cast there is undefined behaviour (`int(1e30)`)
long long float_to_int(double f);
/// torch's is_contiguous: row-major strides, a size-1 dim's stride not counted.
bool is_contiguous_layout(const TensorInfo& t);
/// Bytes per element of a dtype by its name (`float32` 4, `complex128` 16, `bool` 1); 4 for an unknown name.
long long dtype_size(const std::string& dtype);
/// Symbols of dynamic int arguments (not sizes): no `>= 2` assumption, so a stride over one keeps sym_max's
/// `Max(1, s57)`. Marked when the symbol is made (dynamo.cpp); cleared with the run's graph values.
void mark_non_size_symbol(const std::string& sym);
bool non_size_symbol(const std::string& sym);
void clear_non_size_symbols();
/// The strides of `shape` (symbolic sizes) laid out in the order `like` (a concrete tensor's strides) has: innermost
/// the smallest stride, each next one the size times the stride of the dim inside it (a permuted input's dynamic
/// strides `[3*s27, 1, s27]`, as ShapeEnv builds them from the example); contiguous when `like` does not fit.
std::vector<Dim> ordered_strides(const std::vector<Dim>& shape, const std::vector<Dim>& like);
/// ATen's computeStride (TensorUtils.cpp): the strides of a tensor of `shape` / `stride` viewed as `to` (a split's
/// or a slice's strides carry over: `q.view(2, 8, 4, 8)` of a qkv split is [768, 96, 8, 1]; symbolic sizes as
/// monomials, `48*s75`), or nullopt when no view exists (reshape copies then) or a size is not a monomial.
std::optional<std::vector<Dim>> view_strides(const std::vector<Dim>& shape, const std::vector<Dim>& stride, const std::vector<Dim>& to);
/// The strides torch's fake tensors give `view` (torch._refs' _reshape_view_helper, the meta of aten.view): dims of
/// the right length keep their strides left to right, the others are collapsed and split (`[1, 12, 256]@[3072, 1, 12]`
/// viewed as (1, 12, 16, 16) is [3072, 1, 192, 12]; computeStride gives the leading 1 stride 12). Symbolic sizes:
/// view_strides.
std::optional<std::vector<Dim>> view_strides_ref(const std::vector<Dim>& shape, const std::vector<Dim>& stride, const std::vector<Dim>& to);
/// a * b as a size or stride: numbers multiplied, monomials as sympy prints their product (`8*s70`).
Dim dim_mul(const Dim& a, const Dim& b);
/// Dense strides for `shape` laid out in the order of `ref`'s strides (largest stride outermost; ties keep the
/// dim order), as `empty_like(ref)` with preserve_format makes them: a transposed query gives its attention
/// output the same transposed layout.
std::vector<Dim> dense_strides_like(const std::vector<Dim>& shape, const std::vector<Dim>& ref);
/// The output strides of an elementwise op over `inputs` broadcast to `shape`, as ATen's TensorIterator lays a
/// new output out (reorder_dimensions: the inputs' stride order decides, a broadcast dim defers to the next
/// input, equal strides put the smaller size inside): `q * cos` of a transposed q keeps q's layout.
std::vector<Dim> elementwise_strides(const std::vector<Dim>& shape, const std::vector<const TensorInfo*>& inputs);
/// Channels-last strides of a 4-D (5-D) shape: C innermost, then W, H (D), N (sizes as max(1, size)).
std::vector<Dim> channels_last_strides(const std::vector<Dim>& shape);
/// The output strides of add / sub / mul / div (aten's .Tensor overloads): with a symbolic size or stride among the
/// inputs FakeTensor takes fake_impls' fast binary path (contiguous when every input as given is contiguous, a
/// broadcast [1, C, 1, 1] scale included: `F.normalize(q).mul(scale)` of a size-1 dim strided 64 is contiguous),
/// else elementwise_strides.
std::vector<Dim> fast_binary_strides(const std::vector<Dim>& shape, const std::vector<const TensorInfo*>& inputs);
/// Non-overlapping and dense (c10's compute_non_overlapping_and_dense, by the hints): a permutation of the dims is
/// contiguous. No strides (contiguous) is dense.
bool is_dense_layout(const TensorInfo& t);
/// The strides of a copy made with `torch.preserve_format` (clone, empty_like and the *_like factories):
/// ATen's empty_like keeps a non-overlapping and dense input's strides as they are (size-1 dims included) and
/// lays any other input out as TensorIterator would (`randn_like(x.permute(1, 0, 2))` is permuted too).
/// An empty stride vector (contiguous) stays empty.
std::vector<Dim> preserve_format_strides(const TensorInfo& t);
std::string dtype_short(const std::string& dtype);   ///< float32 -> f32
std::string dtype_c10(const std::string& dtype);     ///< float32 -> Float

}  // namespace tparse::compiler
