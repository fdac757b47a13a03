// Declarations of the shape rules the op table (torch/op_table.cpp) points at; one file per family.
#pragma once

#include "torch/op_table.hpp"

namespace tparse::compiler::ops {

// value.cpp: Python results and torch-level switches
V size_like(OpCall& c);
V item(OpCall& c);
V equal(OpCall& c);
V dynamic_shape(OpCall& c);
V sparse_parts(OpCall& c);
V cuda_is_available(OpCall& c);
V backward(OpCall& c);
V requires_grad_(OpCall& c);
V compile(OpCall& c);
V disable(OpCall& c);
V allow_in_graph(OpCall& c);
V graph_break(OpCall& c);
V mark_dynamic(OpCall& c);
V noop(OpCall& c);
V is_tensor(OpCall& c);
V false_value(OpCall& c);
V none_value(OpCall& c);
V cuda_empty_cache(OpCall& c);
V broadcast_shapes(OpCall& c);
V canonical_mask(OpCall& c);
V parameter(OpCall& c);
V is_complex(OpCall& c);
V constant(OpCall& c);
V device(OpCall& c);
V promote_types(OpCall& c);
V stride(OpCall& c);
// creation.cpp
V factory(OpCall& c);
V like_factory(OpCall& c);
V new_factory(OpCall& c);
V meshgrid(OpCall& c);
V broadcast_tensors(OpCall& c);
V diag(OpCall& c);
V diag_embed(OpCall& c);
V fft(OpCall& c);
V linalg(OpCall& c);
V tensordot(OpCall& c);
V cdist(OpCall& c);
V polar(OpCall& c);
V bincount(OpCall& c);
V histc(OpCall& c);
V histogram(OpCall& c);
V sparse_coo_tensor(OpCall& c);
V sparse_softmax(OpCall& c);
V window(OpCall& c);
V fftfreq(OpCall& c);  ///< torch.fft.rfftfreq / fftfreq(n, d=1.0): the sample frequencies, [n//2 + 1] / [n]
V sample(OpCall& c);
// elementwise.cpp
V cast(OpCall& c);
V unary(OpCall& c);
V predicate(OpCall& c);
V binary(OpCall& c);
V where(OpCall& c);
V isin(OpCall& c);
V inplace(OpCall& c);
V setitem(OpCall& c);
// reduce.cpp
V reduce(OpCall& c);
V values_indices(OpCall& c);
V argsort(OpCall& c);
V quantile(OpCall& c);
V cumulative(OpCall& c);
// view.cpp
V reshape(OpCall& c);
V permute(OpCall& c);
V flatten(OpCall& c);
V unflatten(OpCall& c);
V unsqueeze(OpCall& c);
V squeeze(OpCall& c);
V same_shape(OpCall& c);
V narrow(OpCall& c);
// functional.cpp
V at_least_nd(OpCall& c);
V block_diag(OpCall& c);
V tri_indices(OpCall& c);
V cartesian_prod(OpCall& c);
V kron(OpCall& c);
// join.cpp
V cat(OpCall& c);
V split(OpCall& c);
V foreach(OpCall& c);
// index.cpp
V getitem(OpCall& c);
V gather(OpCall& c);
V scatter(OpCall& c);
V index_select(OpCall& c);
V repeat_interleave(OpCall& c);
V searchsorted(OpCall& c);
// matmul.cpp
V outer(OpCall& c);
V dot(OpCall& c);
V bmm(OpCall& c);
V grouped_mm(OpCall& c);
V einsum(OpCall& c);
// nn.cpp
V linear(OpCall& c);
V norm(OpCall& c);
/// F.rms_norm's body line in torch 2.11 (functional.py:2954): the frame of its torch.rms_norm node.
inline constexpr const char* kRmsNormCode = "return torch.rms_norm(input, normalized_shape, weight, eps)";
V embedding(OpCall& c);
V sdpa(OpCall& c);
V mha(OpCall& c);
V loss(OpCall& c);
V one_hot(OpCall& c);
V rnn_cell(OpCall& c);
V embedding_bag(OpCall& c);
V bilinear(OpCall& c);
// conv.cpp
V conv(OpCall& c);
V pool(OpCall& c);
V adaptive_pool(OpCall& c);
V max_unpool(OpCall& c);
V pad(OpCall& c);
V interpolate(OpCall& c);
V conv_transpose(OpCall& c);
V pixel_shuffle(OpCall& c);
V grid_sample(OpCall& c);
V im2col(OpCall& c);
/// The strides a `memory_format=` keyword asks for, of a result shaped as `src`: torch.contiguous_format is
/// row-major (an empty vector), torch.channels_last / channels_last_3d channels last, and
/// torch.preserve_format (also when the keyword is absent and `preserve` holds) the input's layout as
/// empty_like keeps it. nullopt when no keyword is given and `preserve` is false.
std::optional<std::vector<Dim>> memory_format_strides(OpCall& c, const TensorInfo& src, bool preserve);
// complex.cpp
V view_as_complex(OpCall& c);
V view_as_real(OpCall& c);
V real_imag(OpCall& c);
V stft(OpCall& c);
/// The real dtype of a complex one (complex64 -> float32): its parts, its magnitude.
std::string real_of(const std::string& complex_dtype);
V istft(OpCall& c);

}  // namespace tparse::compiler::ops
