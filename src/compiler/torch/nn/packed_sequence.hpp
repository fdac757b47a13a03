// torch.nn.utils.rnn's PackedSequence: the four-field named tuple (data, batch_sizes, sorted_indices,
// unsorted_indices) that pack_padded_sequence / pack_sequence make, the RNN modules take and give back, and
// pad_packed_sequence / unpack_sequence turn into padded tensors again. Dynamo's trace_rules skip the packing
// functions and an RNN module breaks the graph, so all of this runs eagerly (torch_library.cpp breaks first).
#pragma once

#include <string>
#include <vector>

#include "torch/op_table.hpp"

namespace tparse::compiler {

/// Whether `v` is a PackedSequence (an instance of the stub's class, runtime/stubs/__tparse_torch__.py).
bool is_packed_sequence(const V& v);
/// pack_padded_sequence / pad_packed_sequence / pack_sequence / unpack_sequence called eagerly; null for another name.
V rnn_packing_call(Interp& I, const std::string& fn, std::vector<V>& args, KW& kwargs, Location loc);
/// The largest batch of a PackedSequence (its batch_sizes[0]: an RNN's hidden state has that many rows).
Dim packed_max_batch(Interp& I, const V& packed, Location loc);
/// A PackedSequence of `data` with `like`'s batch_sizes and indices (an RNN's output over a packed input).
V packed_like(Interp& I, const V& like, const V& data, Location loc);

}  // namespace tparse::compiler
