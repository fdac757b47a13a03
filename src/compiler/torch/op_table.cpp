// The op table (see op_table.hpp): one row per torch op with its spellings, schema, family and rule,
// the shared OpCall helpers, and the lists of nn modules / runtime-level torch calls that are modelled.
#include "torch/op_table.hpp"
#include "torch/tensor_attrs.hpp"

#include <fmt/format.h>

#include <map>
#include <mutex>
#include <set>

#include "runtime/interp.hpp"
#include "runtime/interp_helpers.hpp"
#include "torch/nn/nn_more.hpp"
#include "torch/symbols/sym_mono.hpp"
#include "torch/ops/rules.hpp"
#include "torch/values/values.hpp"
#include "dynamo/messages.hpp"

namespace tparse::compiler {

const char* family_name(Family f) {
  switch (f) {
    case Family::Value: return "value";
    case Family::Creation: return "creation";
    case Family::Elementwise: return "elementwise";
    case Family::Binary: return "binary";
    case Family::Reduction: return "reduction";
    case Family::Sort: return "sort";
    case Family::Matmul: return "matmul";
    case Family::View: return "view";
    case Family::Join: return "join";
    case Family::Index: return "index";
    case Family::Conv: return "conv/pool";
    case Family::Norm: return "norm";
    case Family::NN: return "nn";
    case Family::Loss: return "loss";
    case Family::Complex: return "complex";
    case Family::InPlace: return "in-place";
  }
  return "?";
}

namespace {
constexpr unsigned T = kTorch, F_ = kF, M = kMethod, TM = kTorch | kMethod, TF = kTorch | kF, TFM = kTorch | kF | kMethod;
using FA = Family;
namespace o = ops;

std::vector<OpDef> build_table() {
  // {spellings}, where, schema (after the input), family, rule[, graph target of the function form]
  return {
      // ---- value: Python results ----
      {{"size", "dim", "numel", "is_contiguous", "element_size", "is_floating_point", "ndimension", "nelement", "get_device", "data_ptr"}, M, "dim=None", FA::Value, o::size_like},
      {{"is_floating_point", "numel"}, T, "", FA::Value, o::size_like},
      {{"is_complex"}, TM, "", FA::Value, o::is_complex},
      {{"item", "tolist"}, M, "", FA::Value, o::item},
      {{"equal", "allclose"}, TM, "other, rtol=1e-05, atol=1e-08, equal_nan=False", FA::Value, o::equal},
      {{"nonzero", "unique", "masked_select"}, TM, "", FA::Value, o::dynamic_shape},
      {{"backward"}, M, "gradient=None", FA::Value, o::backward},
      {{"requires_grad_"}, M, "requires_grad=True", FA::Value, o::requires_grad_},
      {{"compile", "compile.partial"}, T, "model=None, *, fullgraph=False, dynamic=None, backend='inductor'", FA::Value, o::compile},
      {{"compiler.disable", "_dynamo.disable"}, T, "fn=None", FA::Value, o::disable},
      {{"_dynamo.graph_break"}, T, "", FA::Value, o::graph_break},
      {{"_dynamo.allow_in_graph", "compiler.allow_in_graph"}, T, "fn", FA::Value, o::allow_in_graph},
      {{"_dynamo.mark_dynamic"}, T, "t, index", FA::Value, o::mark_dynamic},
      {{"manual_seed", "_dynamo.reset", "set_float32_matmul_precision", "_C._set_grad_enabled", "_dynamo.mark_static_address",
        "cuda.manual_seed", "cuda.manual_seed_all"}, T, "", FA::Value, o::noop},  // (the CUDA seeds: queued until CUDA starts)
      {{"is_tensor"}, T, "obj", FA::Value, o::is_tensor},
      // (no accelerator on the machine tparse models: CUDA, MPS and XPU are absent, as on a Linux CPU host)
      {{"cuda.is_available"}, T, "", FA::Value, o::cuda_is_available},
      {{"accelerator.is_available", "mps.is_available", "backends.mps.is_available", "backends.mps.is_built",
        "xpu.is_available"}, T, "", FA::Value, o::false_value},
      {{"cuda.empty_cache", "cuda.memory.empty_cache"}, T, "", FA::Value, o::cuda_empty_cache},
      {{"broadcast_shapes", "functional.broadcast_shapes"}, T, "*shapes", FA::Value, o::broadcast_shapes},
      // the __torch_function__ dispatch test: False for plain tensors and Parameters (Dynamo folds it to a constant)
      {{"overrides.has_torch_function", "overrides.has_torch_function_unary", "overrides.has_torch_function_variadic",
        "_C._has_torch_function", "_C._has_torch_function_unary", "_C._has_torch_function_variadic"}, T, "", FA::Value, o::false_value},
      {{"has_torch_function", "has_torch_function_unary", "has_torch_function_variadic"}, F_, "", FA::Value, o::false_value},
      // torch.jit.trace's state: None outside a trace (torchvision's _is_tracing); Dynamo folds it
      {{"_C._get_tracing_state"}, T, "", FA::Value, o::none_value},
      {{"accelerator.current_accelerator", "accelerator.device_count", "accelerator.current_device_index"}, T, "", FA::Value, o::constant},
      {{"_canonical_mask"}, F_, "mask=None, mask_name='', other_type=None, other_name='', target_type=None, check_other=True", FA::Value, o::canonical_mask},
      // nn.TransformerEncoderLayer's eval fast path (transformer.py): one fused op, the input's shape
      {{"_transformer_encoder_layer_fwd"}, T, "", FA::NN, o::unary},
      {{"nn.Parameter", "nn.Buffer"}, T, "data=None, requires_grad=True", FA::Value, o::parameter},
      {{"jit.is_tracing", "jit.is_scripting", "compiler.is_compiling", "_dynamo.is_compiling", "compiler.is_dynamo_compiling",
        "compiler.is_exporting", "is_autocast_enabled", "is_grad_enabled",
        "get_default_dtype", "get_autocast_dtype", "get_autocast_gpu_dtype", "cuda.device_count", "is_autocast_cpu_enabled",
        "are_deterministic_algorithms_enabled", "is_inference_mode_enabled", "onnx.is_in_onnx_export"},
       T, "", FA::Value, o::constant},
      {{"device"}, T, "type, index=None", FA::Value, o::device},
      {{"promote_types"}, T, "type1, type2", FA::Value, o::promote_types},
      {{"qr", "linalg.qr", "slogdet", "linalg.slogdet", "linalg.lstsq", "det", "linalg.det", "logdet", "inverse", "linalg.inv",
        "linalg.eigh", "linalg.eigvalsh", "linalg.svd", "linalg.svdvals", "svd", "linalg.cholesky", "cholesky",
        "linalg.solve_triangular", "linalg.solve"}, TM, "", FA::Matmul, o::linalg},
      {{"tensordot"}, T, "", FA::Matmul, o::tensordot},
      {{"cdist"}, T, "x2, p=2.0, compute_mode='use_mm_for_euclid_dist_if_necessary'", FA::Matmul, o::cdist},
      {{"stride"}, M, "dim=None", FA::Value, o::stride},
      {{"unique_consecutive"}, TM, "", FA::Value, o::dynamic_shape},
      {{"hann_window", "hamming_window", "blackman_window", "bartlett_window", "kaiser_window"}, T, "window_length, periodic=True", FA::Creation, o::window},
      {{"fft.rfftfreq", "fft.fftfreq"}, T, "n, d=1.0", FA::Creation, o::fftfreq},
      {{"normal", "multinomial", "poisson", "bernoulli"}, T, "mean, std, size=None", FA::Creation, o::sample},
      {{"multinomial"}, M, "num_samples, replacement=False", FA::Creation, o::sample},
      {{"isin"}, T, "elements, test_elements", FA::Binary, o::isin},
      {{"_weight_norm"}, T, "g, dim=0", FA::Elementwise, o::unary},  // v's shape (torch/nn/parametrize.cpp)
      // ---- creation ----
      {{"randn", "rand", "zeros", "ones", "empty", "full", "arange", "randint", "tensor", "eye", "linspace", "as_tensor", "randperm", "logspace",
        "scalar_tensor", "FloatTensor", "DoubleTensor", "HalfTensor", "BFloat16Tensor", "LongTensor", "IntTensor", "ShortTensor",
        "CharTensor", "ByteTensor", "BoolTensor", "Tensor"},
       T, "*size, *, dtype=None, device=None, requires_grad=False", FA::Creation, o::factory},
      {{"sparse_coo_tensor"}, T, "indices, values, size=None, *, dtype=None, device=None", FA::Creation, o::sparse_coo_tensor},
      {{"coalesce", "to_dense"}, M, "", FA::Creation, o::sparse_coo_tensor},
      {{"sparse.softmax", "sparse.log_softmax"}, T, "dim, dtype=None", FA::Value, o::sparse_softmax},
      {{"zeros_like", "ones_like", "randn_like", "full_like", "empty_like", "rand_like", "randint_like"}, T, "input, *, dtype=None", FA::Creation, o::like_factory},
      {{"new_ones", "new_zeros", "new_empty", "new_full", "new_tensor", "new"}, M, "size, *, dtype=None, device=None", FA::Creation, o::new_factory},
      {{"meshgrid"}, T, "*tensors, indexing=None", FA::Join, o::meshgrid, "torch.functional.meshgrid"},
      {{"broadcast_tensors"}, T, "*tensors", FA::Join, o::broadcast_tensors, "torch.functional.broadcast_tensors"},
      {{"atleast_1d"}, T, "*tensors", FA::View, o::at_least_nd, "torch.functional.atleast_1d"},
      {{"atleast_2d"}, T, "*tensors", FA::View, o::at_least_nd, "torch.functional.atleast_2d"},
      {{"atleast_3d"}, T, "*tensors", FA::View, o::at_least_nd, "torch.functional.atleast_3d"},
      {{"block_diag"}, T, "*tensors", FA::Creation, o::block_diag, "torch.functional.block_diag"},
      {{"cartesian_prod"}, T, "*tensors", FA::Creation, o::cartesian_prod, "torch.functional.cartesian_prod"},
      {{"triu_indices", "tril_indices"}, T, "row, col, offset=0, *, dtype=None, device=None, layout=None", FA::Creation, o::tri_indices},
      {{"kron"}, TM, "other", FA::Matmul, o::kron},
      {{"diag"}, TM, "diagonal=0", FA::View, o::diag},
      {{"diag_embed"}, TM, "offset=0, dim1=-2, dim2=-1", FA::Creation, o::diag_embed},
      {{"fft.fft", "fft.ifft", "fft.rfft", "fft.irfft"}, T, "n=None, dim=-1, norm=None", FA::Complex, o::fft},
      {{"fft.fftn", "fft.ifftn", "fft.rfftn", "fft.irfftn", "fft.fft2", "fft.ifft2", "fft.rfft2", "fft.irfft2"}, T,
       "s=None, dim=None, norm=None", FA::Complex, o::fft},
      {{"fft.fftshift", "fft.ifftshift"}, T, "dim=None", FA::Complex, o::fft},
      {{"polar", "complex"}, T, "abs, angle", FA::Complex, o::polar},
      {{"bincount"}, TM, "weights=None, minlength=0", FA::Index, o::bincount},
      {{"histc"}, TM, "bins=100, min=0, max=0", FA::Index, o::histc},
      {{"histogram"}, TM, "bins, *, range=None, weight=None, density=False", FA::Index, o::histogram},
      // ---- elementwise ----
      {{"numpy", "cpu", "cuda", "detach", "clone", "contiguous", "float", "half", "double", "long", "int", "bool", "to", "type_as", "bfloat16", "type", "short", "byte", "char"},
       M, "dtype=None", FA::Elementwise, o::cast},
      {{"clone", "detach"}, T, "", FA::Elementwise, o::cast},
      // sparse layouts (whisper's `alignment_heads` buffer is `all_heads.to_sparse()`): the same shape and dtype
      {{"to_sparse", "to_dense", "coalesce"}, M, "sparse_dim=None", FA::Elementwise, o::cast},
      {{"indices", "values", "_indices", "_values", "_nnz"}, M, "", FA::Value, o::sparse_parts},
      {{"relu", "sigmoid", "tanh", "exp", "sin", "cos", "sqrt", "rsqrt", "abs", "neg", "log", "cumsum", "tril", "triu", "masked_fill",
        "clamp", "sign", "square", "reciprocal", "erf", "pow", "round", "floor", "ceil", "isnan", "exp2", "expm1", "log1p", "log2",
        "log10", "sinc", "tan", "atan", "asin", "acos", "sinh", "cosh", "asinh", "acosh", "atanh", "trunc", "frac", "clip", "sgn", "negative",
        "logit", "erfinv", "nan_to_num", "cumprod", "relu_", "clamp_min", "clamp_max", "float_power", "softmax",
        "log_softmax", "dropout", "absolute", "positive", "deg2rad", "rad2deg", "digamma", "lgamma",
        "masked_scatter"},
       TM, "", FA::Elementwise, o::unary},
      {{"relu", "gelu", "silu", "softmax", "log_softmax", "dropout", "logsigmoid", "softplus", "elu", "leaky_relu", "mish", "hardtanh",
        "sigmoid", "tanh", "softsign", "tanhshrink", "selu", "celu", "glu", "softmin", "relu6", "hardswish", "hardsigmoid", "gumbel_softmax",
        "dropout1d", "dropout2d", "dropout3d", "alpha_dropout", "threshold", "prelu", "rrelu", "hardshrink", "softshrink", "silu_", "relu_"},
       F_, "", FA::Elementwise, o::unary},
      {{"isinf", "isfinite", "isneginf", "isposinf", "__invert__", "bitwise_not", "logical_not", "signbit", "isreal"}, TM, "", FA::Elementwise, o::predicate},
      // ---- binary (broadcasting) ----
      {{"add", "sub", "mul", "div", "matmul", "mm", "spmm", "bmm", "maximum", "minimum", "eq", "gt", "lt", "ne", "ge", "le", "subtract", "multiply",
        "divide", "true_divide", "floor_divide", "remainder", "fmod", "atan2", "logical_and", "logical_or", "logical_xor", "bitwise_and",
        "bitwise_or", "bitwise_xor", "fmax", "fmin", "hypot", "xlogy", "greater", "less", "greater_equal", "less_equal", "not_equal",
        "lerp", "copysign", "heaviside", "mv", "addcmul", "addcdiv", "rsub", "bitwise_left_shift", "bitwise_right_shift", "isclose",
        "cross", "linalg.cross"},
       TM, "other", FA::Binary, o::binary},
      {{"where"}, TM, "input, other", FA::Binary, o::where},
      {{"__setitem__"}, M, "key, value", FA::Index, o::setitem},
      // ---- in place (the ones without an out-of-place row; `x_` of a row `x` is derived) ----
      {{"zero_", "fill_", "copy_", "normal_", "uniform_", "unsqueeze_", "squeeze_", "masked_fill_", "tril_", "triu_", "clamp_", "mul_", "add_",
        "sub_", "div_", "bernoulli_", "random_", "exponential_", "cauchy_", "geometric_", "log_normal_", "index_fill_", "index_copy_", "index_add_", "scatter_", "scatter_add_", "scatter_reduce_",
        "masked_scatter_", "clamp_min_", "clamp_max_", "pow_", "sqrt_", "neg_", "abs_", "log_", "lerp_",
        "addcmul_", "addcdiv_", "fill_diagonal_", "share_memory_", "set_", "transpose_", "swapaxes_", "swapdims_", "t_",
        "resize_", "resize_as_"},
       M, "", FA::InPlace, o::inplace},
      // ---- reductions ----
      {{"sum", "mean", "amax", "amin", "max", "min", "prod", "norm", "var", "std", "all", "any", "argmax", "argmin", "logsumexp", "nansum",
        "nanmean", "count_nonzero", "linalg.norm", "linalg.vector_norm"},
       TM, "dim=None, keepdim=False", FA::Reduction, o::reduce},
      {{"topk", "sort", "kthvalue", "mode", "cummax", "cummin", "median", "nanmedian"}, TM, "k, dim=-1, largest=True, sorted=True", FA::Sort, o::values_indices},
      {{"argsort", "msort"}, TM, "dim=-1, descending=False", FA::Sort, o::argsort},
      {{"quantile", "nanquantile"}, TM, "q, dim=None, keepdim=False", FA::Reduction, o::quantile},
      {{"logcumsumexp"}, TM, "dim", FA::Reduction, o::cumulative},
      {{"diff"}, TM, "n=1, dim=-1, prepend=None, append=None", FA::Reduction, o::cumulative},
      // ---- view / reshape ----
      // (Tensor.resize, torch/_tensor.py's deprecated method: a call_method node in a frame, real torch 2.11)
      {{"view", "reshape", "expand", "repeat", "view_as", "expand_as", "reshape_as", "tile", "broadcast_to", "resize"}, TM, "*shape", FA::View, o::reshape},
      {{"transpose", "swapaxes", "swapdims", "t", "mT", "permute", "movedim", "moveaxis", "adjoint", "mH", "H"}, TM, "dim0, dim1", FA::View, o::permute},
      {{"flatten", "ravel"}, TM, "start_dim=0, end_dim=-1", FA::View, o::flatten},
      {{"unflatten"}, TM, "dim, sizes", FA::View, o::unflatten},
      {{"unsqueeze"}, TM, "dim", FA::View, o::unsqueeze},
      {{"squeeze"}, TM, "dim=None", FA::View, o::squeeze},
      {{"flip", "roll", "fliplr", "flipud", "rot90", "detach_", "pin_memory"},
       TM, "shifts, dims=None", FA::View, o::same_shape},
      {{"narrow", "select", "diagonal", "as_strided", "unfold"}, TM, "dim, start, length", FA::View, o::narrow},
      // ---- join / split ----
      {{"cat", "stack", "concat", "concatenate", "hstack", "vstack", "column_stack"}, T, "tensors, dim=0", FA::Join, o::cat},
      // torch's whole _foreach_ family (native_functions.yaml): unary / binary / pointwise, each with its in-place form
      {{"_foreach_norm", "_foreach_mul_scalar", "_foreach_abs", "_foreach_abs_", "_foreach_acos", "_foreach_acos_",
        "_foreach_asin", "_foreach_asin_", "_foreach_atan", "_foreach_atan_", "_foreach_ceil", "_foreach_ceil_",
        "_foreach_cos", "_foreach_cos_", "_foreach_cosh", "_foreach_cosh_", "_foreach_erf", "_foreach_erf_",
        "_foreach_erfc", "_foreach_erfc_", "_foreach_exp", "_foreach_exp_", "_foreach_expm1", "_foreach_expm1_",
        "_foreach_floor", "_foreach_floor_", "_foreach_frac", "_foreach_frac_", "_foreach_lgamma", "_foreach_lgamma_",
        "_foreach_log", "_foreach_log_", "_foreach_log10", "_foreach_log10_", "_foreach_log1p", "_foreach_log1p_",
        "_foreach_log2", "_foreach_log2_", "_foreach_neg", "_foreach_neg_", "_foreach_reciprocal",
        "_foreach_reciprocal_", "_foreach_round", "_foreach_round_", "_foreach_sigmoid", "_foreach_sigmoid_",
        "_foreach_sign", "_foreach_sign_", "_foreach_sin", "_foreach_sin_", "_foreach_sinh", "_foreach_sinh_",
        "_foreach_sqrt", "_foreach_sqrt_", "_foreach_tan", "_foreach_tan_", "_foreach_tanh", "_foreach_tanh_",
        "_foreach_trunc", "_foreach_trunc_", "_foreach_rsqrt", "_foreach_rsqrt_", "_foreach_add", "_foreach_add_",
        "_foreach_sub", "_foreach_sub_", "_foreach_mul", "_foreach_mul_", "_foreach_div", "_foreach_div_",
        "_foreach_clamp_min", "_foreach_clamp_min_", "_foreach_clamp_max", "_foreach_clamp_max_", "_foreach_maximum",
        "_foreach_maximum_", "_foreach_minimum", "_foreach_minimum_", "_foreach_pow", "_foreach_pow_",
        "_foreach_addcdiv", "_foreach_addcdiv_", "_foreach_addcmul", "_foreach_addcmul_", "_foreach_lerp",
        "_foreach_lerp_", "_foreach_zero_", "_foreach_copy_", "_foreach_max"}, T, "", FA::Join, o::foreach},
      {{"chunk", "unbind", "tensor_split", "split_with_sizes"}, TM, "split_size_or_sections, dim=0", FA::Join, o::split},
      // torch.split and torch.meshgrid are Python functions of torch/functional.py: the graph names them there
      {{"split"}, TM, "split_size_or_sections, dim=0", FA::Join, o::split, "torch.functional.split"},
      // ---- indexing ----
      {{"__getitem__"}, M, "key", FA::Index, o::getitem},
      {{"gather", "take_along_dim"}, TM, "dim, index", FA::Index, o::gather},
      {{"scatter", "scatter_add", "scatter_reduce", "index_add", "index_copy", "index_fill", "index_put", "masked_scatter", "index_put_"},
       TM, "dim, index, src", FA::Index, o::scatter},
      {{"index_select"}, TM, "dim, index", FA::Index, o::index_select},
      {{"repeat_interleave"}, TM, "repeats, dim=None", FA::Index, o::repeat_interleave},
      {{"searchsorted", "bucketize"}, T, "sorted_sequence, input, *, right=False", FA::Index, o::searchsorted},
      // ---- matmul ----
      {{"outer", "ger"}, TM, "vec2", FA::Matmul, o::outer},
      {{"dot", "vdot"}, TM, "tensor", FA::Matmul, o::dot},
      {{"baddbmm", "addmm", "addbmm", "addmv"}, TM, "batch1, batch2, *, beta=1, alpha=1", FA::Matmul, o::bmm},
      {{"einsum"}, T, "equation, *operands", FA::Matmul, o::einsum, "torch.functional.einsum"},
      {{"grouped_mm"}, F_, "mat_b, *, offs=None, bias=None, out_dtype=None", FA::Matmul, o::grouped_mm},
      {{"_grouped_mm"}, T, "mat_b, offs=None, bias=None, out_dtype=None", FA::Matmul, o::grouped_mm},
      // ---- nn.functional ----
      {{"linear"}, F_, "weight, bias=None", FA::NN, o::linear},
      {{"layer_norm", "rms_norm", "group_norm", "normalize", "local_response_norm"}, TF, "normalized_shape, weight=None, bias=None, eps=1e-05", FA::Norm, o::norm},
      {{"batch_norm", "instance_norm"}, TF, "running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-05", FA::Norm, o::unary},
      {{"lstm_cell", "gru_cell", "rnn_tanh_cell", "rnn_relu_cell"}, T, "hx, w_ih, w_hh, b_ih=None, b_hh=None", FA::NN, o::rnn_cell},
      {{"embedding_bag"}, F_, "weight, offsets=None, max_norm=None, norm_type=2, scale_grad_by_freq=False, mode='mean', sparse=False, "
                              "per_sample_weights=None, include_last_offset=False, padding_idx=None", FA::NN, o::embedding_bag},
      {{"bilinear"}, TF, "input2, weight, bias=None", FA::NN, o::bilinear},
      {{"embedding"}, TF, "weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False, sparse=False", FA::NN, o::embedding},
      {{"scaled_dot_product_attention"}, F_, "key, value, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None, enable_gqa=False", FA::NN, o::sdpa},
      {{"cross_entropy", "nll_loss", "mse_loss", "l1_loss", "smooth_l1_loss", "huber_loss", "binary_cross_entropy", "binary_cross_entropy_with_logits",
        "kl_div", "cosine_embedding_loss", "margin_ranking_loss", "soft_margin_loss", "multilabel_soft_margin_loss", "poisson_nll_loss",
        "gaussian_nll_loss", "hinge_embedding_loss", "triplet_margin_loss", "ctc_loss", "multi_margin_loss", "cosine_similarity",
        "pairwise_distance"},
       TF, "target, weight=None, *, reduction='mean'", FA::Loss, o::loss},
      {{"one_hot"}, F_, "num_classes=-1", FA::NN, o::one_hot},
      {{"multi_head_attention_forward"}, F_,
       "key, value, embed_dim_to_check, num_heads, in_proj_weight, in_proj_bias, bias_k, bias_v, add_zero_attn, dropout_p, "
       "out_proj_weight, out_proj_bias, training=True, key_padding_mask=None, need_weights=True, attn_mask=None, "
       "use_separate_proj_weight=False, q_proj_weight=None, k_proj_weight=None, v_proj_weight=None, static_k=None, "
       "static_v=None, average_attn_weights=True, is_causal=False", FA::NN, o::mha},
      // ---- conv / pool ----
      {{"conv1d", "conv2d", "conv3d"}, TF, "weight, bias=None, stride=1, padding=0, dilation=1, groups=1", FA::Conv, o::conv},
      {{"max_pool1d", "max_pool2d", "avg_pool1d", "avg_pool2d", "max_pool3d", "avg_pool3d"}, TF, "kernel_size, stride=None, padding=0, dilation=1", FA::Conv, o::pool},
      {{"adaptive_avg_pool1d", "adaptive_avg_pool2d", "adaptive_max_pool2d", "adaptive_max_pool1d", "adaptive_avg_pool3d", "adaptive_max_pool3d"}, TF, "output_size", FA::Conv, o::adaptive_pool},
      {{"max_unpool1d", "max_unpool2d", "max_unpool3d"}, F_, "indices, kernel_size, stride=None, padding=0, output_size=None", FA::Conv, o::max_unpool},
      {{"pad"}, F_, "pad, mode='constant', value=None", FA::Conv, o::pad},
      {{"conv_transpose1d", "conv_transpose2d", "conv_transpose3d"}, TF, "weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1", FA::Conv, o::conv_transpose},
      {{"pixel_shuffle", "pixel_unshuffle"}, TF, "upscale_factor", FA::Conv, o::pixel_shuffle},
      {{"grid_sample"}, F_, "grid, mode='bilinear', padding_mode='zeros', align_corners=None", FA::Conv, o::grid_sample},
      {{"unfold", "fold"}, F_, "kernel_size, dilation=1, padding=0, stride=1", FA::Conv, o::im2col},
      {{"special.logit", "special.expit", "special.erf", "special.erfinv", "special.expm1", "special.exp2", "special.log1p",
        "special.sinc", "special.round", "special.erfc", "special.erfcx", "special.i0", "special.i0e", "special.i1",
        "special.i1e", "special.ndtr", "special.ndtri", "special.log_ndtr", "special.gammaln", "special.digamma",
        "special.psi", "special.entr", "special.bessel_j0", "special.bessel_j1"}, T, "", FA::Elementwise, o::unary},
      {{"interpolate", "upsample"}, F_, "size=None, scale_factor=None, mode='nearest', align_corners=None", FA::Conv, o::interpolate},
      // ---- complex ----
      {{"view_as_complex"}, T, "", FA::Complex, o::view_as_complex},
      {{"stft"}, TM, "n_fft, hop_length=None, win_length=None, window=None, center=True, pad_mode='reflect', normalized=False, "
                     "onesided=None, return_complex=None", FA::Complex, o::stft, "torch.functional.stft"},
      {{"istft"}, TM, "n_fft, hop_length=None, win_length=None, window=None, center=True, normalized=False, onesided=None, "
                      "length=None, return_complex=False", FA::Complex, o::istft},
      {{"view_as_real"}, T, "", FA::Complex, o::view_as_real},
      {{"real", "imag", "angle", "conj", "conj_physical", "resolve_conj", "resolve_neg"}, TM, "", FA::Complex, o::real_imag},
  };
}

struct Index {
  std::vector<OpDef> rows;
  std::map<std::pair<unsigned, std::string>, const OpDef*> by_name;
  std::map<std::string, OpDef> derived;  // `x_` in-place variants
};

Index& index() {
  static Index* ix = [] {
    auto* r = new Index;
    r->rows = build_table();
    for (auto& d : r->rows)
      for (auto& n : d.names)
        for (unsigned w : {kTorch, kF, kMethod})
          // (a row's method spelling only where torch.Tensor has that attribute: `torch.rsub` and `F.dropout` share
          // rows with methods but are no Tensor methods; tensor_attrs.cpp, torch 2.11's dir)
          if ((d.where & w) && (w != kMethod || tensor_has_attr(n))) r->by_name.emplace(std::make_pair(w, n), &d);  // first row wins
    return r;
  }();
  return *ix;
}
}  // namespace

const std::vector<OpDef>& op_table() { return index().rows; }

const OpDef* find_op(unsigned where, const std::string& name) {
  Index& ix = index();
  for (unsigned w : {kMethod, kTorch, kF}) {
    if (!(where & w)) continue;
    auto it = ix.by_name.find({w, name});
    if (it != ix.by_name.end()) return it->second;
  }
  // Tensor.x_: the in-place form of an elementwise / binary op x
  if ((where & kMethod) && name.size() > 1 && name.back() == '_' && tensor_has_attr(name)) {
    static std::mutex mu;
    std::lock_guard<std::mutex> lock(mu);
    auto d = ix.derived.find(name);
    if (d != ix.derived.end()) return &d->second;
    auto base = ix.by_name.find({kMethod, name.substr(0, name.size() - 1)});
    if (base != ix.by_name.end() && (base->second->family == Family::Elementwise || base->second->family == Family::Binary)) {
      OpDef row{{name}, kMethod, base->second->schema, Family::InPlace, ops::inplace, ""};
      return &ix.derived.emplace(name, row).first->second;
    }
  }
  // torch.x_: the function form of a unary op's in-place variant (torch.sqrt_(a), torch.relu_(a): HGCN's math_utils)
  if ((where & kTorch) && name.size() > 1 && name.back() == '_') {
    static std::mutex mu;
    std::lock_guard<std::mutex> lock(mu);
    auto d = ix.derived.find("torch." + name);
    if (d != ix.derived.end()) return &d->second;
    auto base = ix.by_name.find({kTorch, name.substr(0, name.size() - 1)});
    if (base != ix.by_name.end() && base->second->family == Family::Elementwise) {
      OpDef row{{name}, kTorch, base->second->schema, Family::InPlace, ops::inplace, ""};
      return &ix.derived.emplace("torch." + name, row).first->second;
    }
  }
  return nullptr;
}

bool nn_module_modelled(const std::string& cls) {
  static const std::set<std::string> s = {
      "Module", "Linear", "LayerNorm", "RMSNorm", "Embedding", "Dropout", "ReLU", "GELU", "SiLU", "Tanh", "Sigmoid", "Identity", "Softmax",
      "ReLU6", "Mish", "LeakyReLU", "Conv1d", "Conv2d", "Conv3d", "BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "SyncBatchNorm", "MaxPool1d", "MaxPool2d",
      "MaxPool3d", "AvgPool1d", "AvgPool2d", "AvgPool3d", "AdaptiveAvgPool1d", "AdaptiveAvgPool2d", "AdaptiveAvgPool3d",
      "AdaptiveMaxPool1d", "AdaptiveMaxPool2d", "AdaptiveMaxPool3d", "Flatten", "LSTM", "GRU", "RNN",
      "MultiheadAttention", "Sequential", "ModuleList", "ModuleDict", "ParameterList", "ParameterDict", "Parameter", "Buffer"};
  return s.count(cls) > 0 || nn_more_modelled(cls) || nn_lazy_class(cls);
}

bool runtime_modelled(const std::string& d) {
  static const std::set<std::string> s = {"torch.finfo", "torch.iinfo", "torch.no_grad", "torch.enable_grad", "torch.inference_mode",
                                          "torch.nn.utils.skip_init", "torch.nn.utils.weight_norm",
                                          "torch.nn.utils.parametrizations.weight_norm", "torch.jit.script", "torch.jit.script_method", "torch.jit.ignore", "torch.jit.unused", "torch.jit.export", "torch.jit.interface",
                                          "torch.jit._overload_method", "torch.jit._overload", "torch.jit._script_if_tracing", "torch.Size", "torch.fx.wrap", "torch._assert",
                                          "torch._check", "torch._check_with", "torch._check_tensor_all", "torch._check_tensor_all_with"};
  return s.count(d) > 0 || d.rfind("torch.nn.init.", 0) == 0 || d.rfind("torch._C._jit_", 0) == 0;
}

// ---- OpCall helpers ----

V OpCall::arg(size_t i, const char* k) const {
  if (i < rest.size()) return rest[i];
  if (k) return kw(k);
  return nullptr;
}

// A 0-d integer tensor that is a graph input (a frame's argument, a resume function's stack value or local): Dynamo's
// fake tensor of it memoizes its item() as a backed SymInt whose source is `L['n'].item()` (builder.py's
// CallMethodItemSource), dynamic from the first compile (no guard on the value) and not known to be a size (a stride
// reads `Max(1, s33)`). An op that takes it where an int goes traces with the tensor as its argument, no break (real
// torch 2.11: programs zero_dim_tensor_sizes_in_frame, resume_zero_dim_tensor_size; Longformer's global attention
// after its nonzero break). Null where `t` is no such input (a tensor the frame computed: a data-dependent break).
bool OpCall::int_input(const V& t) const {
  if (!t || t->k != VK::Tensor || !t->t->shape.empty() || t->t->dtype.find("int") == std::string::npos || t->t->dtype == "uint8")
    return false;
  if (I.stack_.empty() || !I.stack_.back()->ctx || I.stack_.back()->ctx->mode == Mode::Eager) return false;
  const FrameCtx& ctx = *I.stack_.back()->ctx;
  if (!ctx.sources.count(t.get())) return false;
  auto n = ctx.graph.tensor_node.find(t.get());
  return n == ctx.graph.tensor_node.end() || ctx.graph.nodes[static_cast<size_t>(n->second)].op == "placeholder";
}

static V item_symint(const OpCall& c, const V& t, Location loc) {
  Interp& I = c.I;
  if (!I.tracing() || !c.int_input(t)) return nullptr;
  FrameCtx& ctx = *I.stack_.back()->ctx;
  auto src = ctx.sources.find(t.get());
  if (auto it = ctx.item_syms.find(t.get()); it != ctx.item_syms.end()) return it->second;
  const std::vector<double>* known = values::data(I, t);
  long long hint = 1;
  if (known && known->size() == 1) hint = static_cast<long long>((*known)[0]);
  else if (t->t->fill) hint = static_cast<long long>(*t->t->fill);
  else I.note_unmodelled(loc, "an int read from a tensor whose value tparse does not know (taken as 1)");
  I.node_of(t);  // the tensor is a graph input
  const std::string& s = src->second;
  const std::string full = (s.rfind("G['", 0) == 0 ? s : local_source(s)) + ".item()";
  int id = sym_source_id(full);
  while (ctx.sym_info.count("s" + std::to_string(id))) ++id;
  V r = mk_int(hint);
  r->sym = "s" + std::to_string(id);
  ctx.sym_info[r->sym] = {full, hint};
  mark_non_size_symbol(r->sym);
  ctx.item_syms[t.get()] = r;
  ctx.held.push_back(t);  // (its address keys item_syms: alive while the frame traces)
  return r;
}

// a symbol int_value made for a 0-d tensor input's item(): a size of it is no contiguity guard (torch 2.11 keeps
// `f32[2, s33, 4][4*Max(1, s33), 4, 1]` at value 1)
static bool item_symbol(Interp& I, const std::string& sym) {
  const FrameCtx& ctx = *I.stack_.back()->ctx;
  return std::any_of(ctx.item_syms.begin(), ctx.item_syms.end(), [&](const auto& kv) { return kv.second->sym == sym; });
}

V OpCall::int_value(const V& v) const {
  if (!v || v->k != VK::Tensor || !v->t->shape.empty()) return v;
  if (V s = item_symint(*this, v, loc)) return s;
  // a 0-d tensor where the schema wants an int (Deformable-DETR's split sizes and linspace steps from a shapes
  // tensor): its __index__ reads the data, in a frame Dynamo's data-dependent break (GB0033, _local_scalar_dense)
  // (a FakeTensor constant's value is known to the kernel: `query.view(4, torch.div(512, 512, rounding_mode="trunc"), ...)`)
  const std::vector<double>* known = values::data(I, v);
  if (I.tracing() && !(v->t->fake_const && known && known->size() == 1))
    I.graph_break("Data dependent operator", msg_data_dependent_op("aten._local_scalar_dense.default"), loc);
  if (known && known->size() == 1) {
    V n = mk_int(static_cast<long long>((*known)[0]));
    n->guess = values::guess_of(v);
    return n;
  }
  if (v->t->fill) return mk_int(static_cast<long long>(*v->t->fill));
  I.note_unmodelled(loc, "an int read from a tensor whose value tparse does not know (taken as 1)");
  return mk_int(1);
}

V OpCall::kw(const std::string& k) const {
  for (auto& [n, v] : kwargs) if (n == k) return v;
  return nullptr;
}

V OpCall::get(const std::string& p) const {
  // the schema's positional slots: names before `*`, in order
  size_t slot = 0, pos = 0;
  const std::string& s = def ? def->schema : std::string();
  while (pos < s.size()) {
    size_t end = s.find(',', pos);
    std::string item = s.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
    pos = end == std::string::npos ? s.size() : end + 1;
    while (!item.empty() && item[0] == ' ') item.erase(0, 1);
    if (item == "*" || item[0] == '*') break;
    std::string n = item.substr(0, item.find('='));
    if (n == p) return slot < rest.size() ? rest[slot] : kw(p);
    ++slot;
  }
  return kw(p);
}

TensorInfo OpCall::like() const {
  TensorInfo o;
  o.shape = self->t->shape;
  o.dtype = self->t->dtype;
  o.device = self->t->device;
  o.requires_grad = self->t->requires_grad;
  return o;
}

// torch.autocast's op lists (aten/src/ATen/autocast_mode.cpp, torch 2.11): under an enabled autocast of the output's
// device an op of the lower-precision list casts its floating inputs (not float64) to the autocast dtype, one of
// the float32 list to float32; the output's dtype follows (FakeTensor runs the same casts in a frame)
void autocast_dtype(const Interp& I, const std::string& name, TensorInfo& o) {
  if (I.autocast_on_.empty()) return;
  const std::string lp = I.autocast_dtype(o.device);
  if (lp.empty() || o.dtype.find("float") == std::string::npos || o.dtype == "float64") return;
  static const std::set<std::string> cpu_lp = {
      "conv1d", "conv2d", "conv3d", "bmm", "mm", "linalg_vecdot", "baddbmm", "addmm", "addbmm", "linear", "matmul",
      "__matmul__", "__rmatmul__", "conv_tbc", "conv_transpose1d", "conv_transpose2d", "conv_transpose3d", "prelu",
      "scaled_dot_product_attention"};
  static const std::set<std::string> cuda_lp = {
      "conv1d", "conv2d", "conv3d", "conv_tbc", "conv_transpose1d", "conv_transpose2d", "conv_transpose3d", "prelu",
      "addmm", "addmv", "addr", "matmul", "__matmul__", "__rmatmul__", "einsum", "mm", "mv", "linalg_vecdot", "linear",
      "addbmm", "baddbmm", "bmm", "chain_matmul", "linalg_multi_dot", "lstm_cell", "gru_cell", "rnn_tanh_cell",
      "rnn_relu_cell", "scaled_dot_product_attention"};
  static const std::set<std::string> cpu_fp32 = {
      "avg_pool3d", "binary_cross_entropy", "grid_sample", "polar", "prod", "quantile", "nanquantile", "stft", "cdist",
      "trace", "view_as_complex", "cholesky", "cholesky_inverse", "cholesky_solve", "inverse", "lu_solve", "orgqr",
      "ormqr", "pinverse", "max_pool3d", "max_unpool2d", "max_unpool3d", "adaptive_avg_pool3d", "mse_loss",
      "cosine_embedding_loss", "nll_loss", "hinge_embedding_loss", "poisson_nll_loss", "smooth_l1_loss",
      "cross_entropy", "l1_loss", "huber_loss", "margin_ranking_loss", "soft_margin_loss", "triplet_margin_loss",
      "multi_margin_loss", "ctc_loss", "kl_div", "multilabel_margin_loss", "binary_cross_entropy_with_logits",
      "fractional_max_pool2d", "fractional_max_pool3d", "adaptive_max_pool3d", "qr", "svd", "geqrf"};
  static const std::set<std::string> cuda_fp32 = {
      "acos", "asin", "cosh", "erfinv", "exp", "expm1", "log", "log10", "log2", "log1p", "reciprocal", "rsqrt", "sinh",
      "tan", "pow", "softplus", "layer_norm", "group_norm", "norm", "nuclear_norm", "cosine_similarity",
      "poisson_nll_loss", "cosine_embedding_loss", "nll_loss", "hinge_embedding_loss", "kl_div", "l1_loss",
      "smooth_l1_loss", "huber_loss", "mse_loss", "margin_ranking_loss", "multilabel_margin_loss", "soft_margin_loss",
      "triplet_margin_loss", "multi_margin_loss", "binary_cross_entropy_with_logits", "dist", "pdist", "cdist", "renorm",
      "logsumexp", "sum", "prod", "cumprod", "cumsum", "softmax", "log_softmax", "cross_entropy", "interpolate"};
  const bool cuda = o.device.rfind("cuda", 0) == 0;
  if ((cuda ? cuda_lp : cpu_lp).count(name)) o.dtype = lp;
  else if ((cuda ? cuda_fp32 : cpu_fp32).count(name)) o.dtype = "float32";
}

// The backward node of a view op, as autograd names it: a view of a multi-output view keeps its creation meta
// (propagate_creation_meta), named after the newest view
static const char* view_backward(const std::string& op) {
  static const std::map<std::string, const char*> names = {
      {"view", "ViewBackward0"}, {"view_as", "ViewBackward0"}, {"reshape", "ViewBackward0"}, {"flatten", "ViewBackward0"},
      {"unflatten", "ViewBackward0"}, {"permute", "PermuteBackward0"}, {"movedim", "PermuteBackward0"},
      {"transpose", "TransposeBackward0"}, {"swapaxes", "TransposeBackward0"}, {"t", "TBackward0"},
      {"unsqueeze", "UnsqueezeBackward0"}, {"squeeze", "SqueezeBackward0"}, {"expand", "ExpandBackward0"},
      {"expand_as", "ExpandBackward0"}, {"narrow", "SliceBackward0"}, {"select", "SelectBackward0"},
      {"diagonal", "DiagonalBackward0"}, {"as_strided", "AsStridedBackward0"}, {"unfold", "UnfoldBackward0"}};
  auto it = names.find(op);
  return it == names.end() ? nullptr : it->second;
}

V OpCall::out(TensorInfo o) {
  o.nonzero.reset();  // (a fact of the tensor written in place only: the in-place rule sets it again)
  if (self && self->k == VK::Tensor && !self->t->multi_view_fn.empty() && o.multi_view_fn.empty())
    if (const char* vb = view_backward(name)) {
      o.multi_view_fn = vb;
      o.multi_view_nr = 0;
    }
  autocast_dtype(I, name, o);
  // only floating and complex tensors require grad: an integer or bool result never does (argmin of a differentiable
  // distance: the VQ-VAE's one-hot encodings built from it, and the EMA buffers computed from those, do not)
  if (!o.dtype.empty() && o.dtype.find("float") == std::string::npos && o.dtype.find("complex") == std::string::npos) {
    o.requires_grad = o.grad_fn = false;
    o.grad_edge = nullptr;
  }
  // a dynamic int of value 0 or 1 (automatic dynamic keeps its symbol: `L_n_`) that becomes a tensor's size: the fake
  // tensor's contiguity walk evaluates `size == 1`, an Eq guard that specializes the symbol to its value (the input
  // stays, typed `Sym(1)`; `L['n'] == 1` is guarded, so the next length recompiles; real torch 2.11: programs
  // int_arg_dynamic_value_one, size_local_across_break). As arithmetic only it stays a symbol (default_arg_automatic_dynamic).
  if (I.tracing())
    for (const Dim& d : o.shape)
      if (d.is_sym() && (d.v == 0 || d.v == 1) && sym_bare_symbol(d.sym) && !item_symbol(I, d.sym)) I.specialize_symbol(d.sym, loc);
  // an expression size of value 1 a batch norm takes over from its input (after a strided conv whose output is
  // 1 high at this input size): the meta's size-1 tests guard `Eq(expr, 1)` and the output is 1 there (real torch
  // 2.11: cirtorch's ResNet at a small scale, `(((s53 - 1)//32)) + 1` then 1 from layer4's bn1 on)
  // (batch_norm's meta; a view keeps the expression: program avgpool_view_batch)
  if (I.tracing() && (name == "batch_norm" || name == "instance_norm")) {
    auto has_dim = [&](const V& a, const std::string& sym) {
      if (!a || a->k != VK::Tensor) return false;
      for (const Dim& x : a->t->shape) if (x.sym == sym) return true;
      return false;
    };
    bool changed = false;
    const std::vector<Dim> before = o.shape;
    for (Dim& d : o.shape) {
      if (!d.is_sym() || d.v != 1 || sym_bare_symbol(d.sym)) continue;
      bool from_input = has_dim(self, d.sym);
      for (const V& a : rest) from_input = from_input || has_dim(a, d.sym);
      if (!from_input) continue;
      I.specialize_symbol(d.sym + " == 1", loc);
      d = Dim{1, ""};
      changed = true;
    }
    if (changed && o.stride == contiguous_strides(before)) o.stride = contiguous_strides(o.shape);
  }
  // a function of a torch submodule (`fft.irfft`) is named as FX names its C binding: `fft_irfft`
  if (is_fn) return I.emit("call_function", target, name.find('.') == std::string::npos ? name : target.substr(target.rfind('.') + 1),
                           false, args, kwargs, o, loc);
  std::vector<V> all{self};
  all.insert(all.end(), rest.begin(), rest.end());
  return I.emit("call_method", name, name == "__getitem__" ? "getitem" : name, false, all, kwargs, o, loc);
}

long long OpCall::dim(long long d, size_t rank) const {
  long long r = std::max<long long>(static_cast<long long>(rank), 1);
  if (d < -r || d >= r) fail(fmt::format("Dimension out of range (expected to be in range of [{}, {}], but got {})", -r, r - 1, d));
  return d < 0 ? d + static_cast<long long>(rank) : d;
}

void OpCall::fail(const std::string& msg) const { I.error(loc, msg); }

std::vector<Dim> reduced_shape(const std::vector<Dim>& s, const std::vector<long long>& dims, bool keep) {
  std::vector<Dim> r;
  for (size_t i = 0; i < s.size(); ++i) {
    bool red = dims.empty() || std::find(dims.begin(), dims.end(), static_cast<long long>(i)) != dims.end();
    if (!red) r.push_back(s[i]);
    else if (keep) r.push_back(Dim{1, ""});
  }
  return r;
}

std::string promote_dtype(const std::string& a, const std::string& b) {
  if (a == b) return a;
  auto rank = [](const std::string& d) {
    return d == "bool" ? 0 : d.find("int") != std::string::npos ? 1 : d == "float16" || d == "bfloat16" ? 2 : d == "float32" ? 3 : d == "float64" ? 4
           : d == "complex64" ? 5 : 6;
  };
  return rank(a) >= rank(b) ? a : b;
}

std::string dims_str(const TensorInfo& x) {
  std::string s = "[";
  for (size_t i = 0; i < x.shape.size(); ++i) s += (i ? ", " : "") + x.shape[i].str();
  return s + "]";
}

}  // namespace tparse::compiler
