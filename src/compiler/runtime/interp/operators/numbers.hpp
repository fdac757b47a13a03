// Python numbers as doubles / complex values, shared by the operator files (interp_arith.cpp, interp_compare.cpp).
#pragma once

#include <complex>

#include "runtime/values/value.hpp"

namespace tparse::compiler {

inline bool is_num(const V& v) { return v->k == VK::Int || v->k == VK::Float || v->k == VK::Bool; }
inline double num(const V& v) { return v->k == VK::Float ? v->f : v->k == VK::Bool ? v->b : static_cast<double>(v->i); }
inline bool is_num_or_complex(const V& v) { return is_num(v) || v->k == VK::Complex; }
inline std::complex<double> cnum(const V& v) { return v->k == VK::Complex ? std::complex<double>(v->f, v->im) : std::complex<double>(num(v), 0); }

}  // namespace tparse::compiler
