// torch's default CPU generator (ATen's CPUGeneratorImpl over at::mt19937) and the CPU kernels' use of it: which
// 32-bit draws each random factory takes and how it turns them into values, so that eager data made after
// torch.manual_seed(s) is known element for element (a quantile, a max, a branch on it). Checked bit for bit against
// torch 2.11 on the device (testdata/rng/rng_truth.json): uniform and normal floats and doubles (the AVX2 kernel's
// Box-Muller of 16 at a time, the cached second sample of normal_distribution<double>), randint, randperm, bernoulli,
// and the draws of nn.init and of the built-in layers' reset_parameters.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "runtime/mt19937.hpp"

namespace tparse::compiler::rng {

class CpuGenerator {
 public:
  /// torch.manual_seed(s): mt19937 seeded with the low 32 bits, the cached normal samples dropped
  void seed(uint64_t s);
  uint32_t random();    ///< one 32-bit draw
  uint64_t drawn() const { return drawn_; }  ///< draws since the seed
  uint64_t random64();  ///< two draws, the first the high word

  // ---- ATen's distributions (aten/src/ATen/core/DistributionsHelper.h, TransformationHelper.h) ----
  /// uniform_real_distribution<float>(from, to): 24 bits of one draw, scaled as x * (to - from) + from (fused)
  float uniform_float(float from = 0, float to = 1);
  /// uniform_real_distribution<double>: 53 bits of random64()
  double uniform_double(double from = 0, double to = 1);
  /// normal_distribution<double>: Box-Muller on two uniform doubles; the sine sample is cached for the next call
  double normal_double(double mean, double std);
  /// normal_kernel on `n` contiguous float32 elements: n >= 16 the AVX2 normal_fill (avx_mathfun's log and sincos,
  /// FMA as the kernel is compiled), else normal_distribution<double> per element
  std::vector<double> normal_float32(long long n, double mean, double std);
  /// normal_kernel on float64: n >= 16 normal_fill<double> (libm), else normal_distribution<double>
  std::vector<double> normal_float64(long long n, double mean, double std);
  /// random_from_to: `(draw % range) + base`, random64() for a range of 2^32 or more when 64-bit wide
  long long uniform_int(uint64_t range, long long base, bool wide);
  /// randperm_cpu: Fisher-Yates from the front, `random() % (n - i)`
  std::vector<double> randperm(long long n);
  /// the draws of a uniform (`normal` false) or normal fill of `n` elements, float32 or float64, without its values
  /// (a layer's initialisation: only the generator's state after it matters)
  void skip_fill(long long n, bool normal, bool float64);

 private:
  Mt19937 mt_;  ///< (CPython's and numpy's generator too: at::mt19937 is the same init_genrand / genrand_int32)
  std::optional<double> next_double_normal_;
  uint64_t drawn_ = 0;
};

/// avx_mathfun's log256_ps / sincos256_ps on one float (Cephes polynomials, fused multiply-adds as gcc contracts them)
float avx_logf(float x);
void avx_sincosf(float x, float& s, float& c);

}  // namespace tparse::compiler::rng
