// More torch.nn modules (losses, GroupNorm, ConvTranspose, activations, padding, ...): construction and
// forward, called by Interp::nn_construct / nn_forward for the classes nn_modules.cpp does not know.
#pragma once

#include <string>
#include <vector>

#include "torch/op_table.hpp"

namespace tparse::compiler {

/// Fills `inst` for torch.nn.`cls`; false when the class is not one of these.
bool nn_construct_more(Interp& I, const std::string& cls, std::vector<V>& args, KW& kwargs, Location loc, V inst);
/// The module's forward (the functional op it calls); null when the class is not one of these.
V nn_forward_more(Interp& I, V mod, std::vector<V>& args, KW& kwargs, Location loc);
bool nn_more_modelled(const std::string& cls);
/// _ConvTransposeNd._output_padding: the padding beyond the smallest output that makes it `output_size` (its last
/// spatial sizes); outside [min, min + stride - 1] a ValueError
V nn_conv_transpose_output_padding(Interp& I, const std::string& cls, const V& input, const V& output_size, const V& stride,
                                   const V& padding, const V& kernel_size, const V& dilation, Location loc);
/// The same for the rest of torch.nn (nn_rest.cpp): PReLU, the shrinks, RNN cells, EmbeddingBag, Bilinear, more losses.
bool nn_construct_rest(Interp& I, const std::string& cls, std::vector<V>& args, KW& kwargs, Location loc, V inst);
V nn_forward_rest(Interp& I, V mod, std::vector<V>& args, KW& kwargs, Location loc);
bool nn_rest_modelled(const std::string& cls);
/// Constructor parameters after the first positional ones, (name, default; null: required), bound into attributes.
using NnParams = std::vector<std::pair<std::string, V>>;
void nn_bind_params(Interp& I, const std::string& cls, V inst, std::vector<V>& args, KW& kwargs, const NnParams& ps, Location loc);
/// a loss module's legacy size_average / reduce, when given, turned into its reduction (_Loss.__init__)
void nn_legacy_reduction(Interp& I, V inst, Location loc);
/// RNNBase.forward's first steps (nn_rnn.cpp): _update_flat_weights (an own `flatten_parameters` called when weights
/// were assigned since), and the TypeError of _VF's parser for a non-bool bias / bidirectional / batch_first
void nn_rnn_update_flat_weights(Interp& I, const V& mod, Location loc);
void nn_rnn_check_flag_types(Interp& I, const V& mod, const std::string& cls, bool packed, Location loc);
/// A parameter of this shape (requires_grad), a module attribute registered in order, a fresh torch.nn instance of
/// `cls` in training mode: the pieces every constructor here and in nn_modules.cpp / parametrize.cpp builds from.
V nn_param(std::vector<Dim> shape);
void nn_add(const V& inst, const std::string& n, V v);
V nn_new_instance(const std::string& cls);
/// F._canonical_mask: a boolean mask as an additive mask of `dtype` (-inf where True); other masks as they are.
V nn_canonical_mask(Interp& I, V m, const std::string& dtype, Location loc);
/// torch.nn.utils.parametrize.register_parametrization(module, name, parametrization): the tensor becomes
/// `module.parametrizations.<name>.original` and every read of `module.<name>` runs the parametrization modules on it
/// (parametrize.cpp; vit-pytorch's normalized_vit: an L2 normalization of every weight).
V nn_register_parametrization(Interp& I, std::vector<V>& args, KW& kwargs, Location loc);
/// nn.MultiheadAttention's forward inside a compiled frame (nn_attention.cpp).
V nn_mha_forward(Interp& I, V mod, std::vector<V>& args, KW& kwargs, Location loc);

}  // namespace tparse::compiler
