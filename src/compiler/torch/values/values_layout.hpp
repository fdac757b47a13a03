// Row-major element layout for the value rules (values_ops.cpp): a tensor's known values are a flat vector
// over its shape; these walk, broadcast, permute, slice, flip and index such vectors as torch's ops do.
#pragma once

#include <set>
#include <vector>

#include "runtime/values/value.hpp"

namespace tparse::compiler::values::layout {

using Shape = std::vector<long long>;

/// The static sizes of tensor `t`.
Shape shape_of(const V& t);
/// The element count of shape `s`.
long long count(const Shape& s);
/// Steps the multi-index `ix` over shape `s` in row-major order; false after the last.
bool step(Shape& ix, const Shape& s);
/// `v` of shape `s` broadcast to shape `r` (numpy rule, right-aligned).
std::vector<double> broadcast_to(const std::vector<double>& v, const Shape& s, const Shape& r);
/// Elements of `v` (shape `s`) in the order of `s` permuted by `perm` (out dim i = in dim perm[i]).
std::vector<double> permuted(const std::vector<double>& v, const Shape& s, const std::vector<size_t>& perm);
/// The elements of `v` (shape `s`) whose index along `dim` lies in [lo, lo + len).
std::vector<double> slab(const std::vector<double>& v, const Shape& s, size_t dim, long long lo, long long len);
/// flip(dims): every listed dim reversed.
std::vector<double> flipped(const std::vector<double>& v, const Shape& s, const std::set<size_t>& dims);
/// Basic indexing (ints, slices, None, ...): the selected elements in row-major order; false for others.
bool basic_index(const std::vector<double>& v, const Shape& s, const V& idx, std::vector<double>& out);
/// basic_index's positions: the selected elements' row-major offsets into a tensor of shape `s`.
bool basic_offsets(const Shape& s, const V& idx, std::vector<long long>& out);
/// Advanced indexing of the leading dims of shape `s` by integer index arrays (`iv[j]` of shape `is[j]`; an int is
/// one value of shape {}): they broadcast to one shape `b`, and each of its positions selects a block of the trailing
/// dims; `offs` gets every selected element's flat offset, row-major over b then the trailing dims. False when the
/// shapes do not broadcast or an index is out of range (negative ones count from the end).
bool advanced_offsets(const std::vector<std::vector<double>>& iv, const std::vector<Shape>& is, const Shape& s,
                      std::vector<long long>& offs, Shape& b);

/// A Python number's value (a SymInt / SymFloat is its hint: the frame runs on this call's real inputs), and whether
/// `v` is one (int, float, bool).
inline double num(const V& v) { return v->k == VK::Float ? v->f : v->k == VK::Bool ? v->b : static_cast<double>(v->i); }
inline bool is_num(const V& v) { return v && (v->k == VK::Int || v->k == VK::Float || v->k == VK::Bool); }

}  // namespace tparse::compiler::values::layout
