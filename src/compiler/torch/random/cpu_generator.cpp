// torch's CPU generator and its kernels' draws (cpu_generator.hpp). Arithmetic is written out operation by
// operation: every fused multiply-add is an explicit std::fma (as the AVX2 kernels are compiled), and this file is
// built with -ffp-contract=off so that the compiler adds none of its own.
#include "torch/random/cpu_generator.hpp"

#include <cmath>
#include <cstring>

namespace tparse::compiler::rng {

namespace {

constexpr double kPi = 3.14159265358979323846;

uint32_t bits_of(float x) {
  uint32_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}
float float_of(uint32_t b) {
  float x;
  std::memcpy(&x, &b, sizeof x);
  return x;
}

}  // namespace

void CpuGenerator::seed(uint64_t s) {
  mt_.seed_genrand(static_cast<uint32_t>(s & 0xffffffffu));
  next_double_normal_.reset();
  drawn_ = 0;
}

uint32_t CpuGenerator::random() {
  ++drawn_;
  return mt_.next();
}

uint64_t CpuGenerator::random64() {
  const uint64_t hi = random();
  const uint64_t lo = random();
  return (hi << 32) | lo;
}

float CpuGenerator::uniform_float(float from, float to) {
  const float x = static_cast<float>(random() & ((1u << 24) - 1)) * (1.0f / static_cast<float>(1u << 24));
  return std::fma(x, to - from, from);
}

double CpuGenerator::uniform_double(double from, double to) {
  const double x = static_cast<double>(random64() & ((uint64_t{1} << 53) - 1)) * (1.0 / static_cast<double>(uint64_t{1} << 53));
  return std::fma(x, to - from, from);
}

double CpuGenerator::normal_double(double mean, double std) {
  if (next_double_normal_) {
    const double r = *next_double_normal_;
    next_double_normal_.reset();
    return r * std + mean;
  }
  const double u1 = uniform_double();
  const double u2 = uniform_double();
  const double r = std::sqrt(-2.0 * std::log1p(-u2));
  const double theta = 2.0 * kPi * u1;
  next_double_normal_ = r * std::sin(theta);
  return r * std::cos(theta) * std + mean;
}

float avx_logf(float x) {
  const float min_norm = float_of(0x00800000u);
  if (x < min_norm) x = min_norm;  // (a non-positive input: NaN in the kernel; a uniform's 1 - u never is one)
  uint32_t b = bits_of(x);
  int emm0 = static_cast<int>(b >> 23) - 0x7f;
  x = float_of((b & ~0x7f800000u) | 0x3f000000u);  // the mantissa in [0.5, 1)
  float e = static_cast<float>(emm0) + 1.0f;
  const bool below = x < 0.707106781186547524f;
  const float tmp = below ? x : 0.0f;
  x = x - 1.0f;
  e = e - (below ? 1.0f : 0.0f);
  x = x + tmp;
  const float z = x * x;
  static const float p[] = {7.0376836292E-2f, -1.1514610310E-1f, 1.1676998740E-1f, -1.2420140846E-1f, 1.4249322787E-1f,
                            -1.6668057665E-1f, 2.0000714765E-1f, -2.4999993993E-1f, 3.3333331174E-1f};
  float y = p[0];
  for (int i = 1; i < 9; ++i) y = std::fma(y, x, p[i]);
  // (`y = y * z; y = y + e * q1` contracts into fma(y, z, e * q1), the product e * q1 rounded on its own: measured on
  // 20480 values of torch 2.11, testdata/rng/rng_truth_more.json)
  y = y * x;
  y = std::fma(y, z, e * -2.12194440e-4f);
  y = std::fma(-z, 0.5f, y);
  x = x + y;
  return std::fma(e, 0.693359375f, x);
}

void avx_sincosf(float x, float& s, float& c) {
  bool sign_sin = x < 0;
  x = std::fabs(x);
  float y = x * 1.27323954473516f;  // 4 / pi
  int imm2 = static_cast<int>(y);   // (truncation, cvttps)
  imm2 = (imm2 + 1) & ~1;
  y = static_cast<float>(imm2);
  const bool swap_sin = (imm2 & 4) != 0, poly = (imm2 & 2) == 0;
  x = std::fma(y, -0.78515625f, x);
  x = std::fma(y, -2.4187564849853515625e-4f, x);
  x = std::fma(y, -3.77489497744594108e-8f, x);
  const bool sign_cos = ((~(imm2 - 2)) & 4) != 0;
  sign_sin = sign_sin != swap_sin;
  const float z = x * x;
  float yc = std::fma(std::fma(2.443315711809948E-005f, z, -1.388731625493765E-003f), z, 4.166664568298827E-002f);
  yc = yc * z;
  yc = std::fma(yc, z, -(z * 0.5f));  // (likewise `y * z - z * 0.5`: the second product on its own)
  yc = yc + 1.0f;
  float ys = std::fma(std::fma(-1.9515295891E-4f, z, 8.3321608736E-3f), z, -1.6666654611E-1f);
  ys = ys * z;
  ys = std::fma(ys, x, x);
  s = poly ? ys : yc;
  c = poly ? yc : ys;
  if (sign_sin) s = -s;
  if (sign_cos) c = -c;
}

std::vector<double> CpuGenerator::normal_float32(long long n, double mean, double std) {
  std::vector<double> out;
  if (n <= 0) return out;
  out.reserve(static_cast<size_t>(n));
  if (n < 16) {
    for (long long i = 0; i < n; ++i) out.push_back(static_cast<double>(static_cast<float>(normal_double(mean, std))));
    return out;
  }
  std::vector<float> d(static_cast<size_t>(n));
  for (auto& x : d) x = uniform_float();
  const float two_pi = static_cast<float>(2.0f * kPi), m = static_cast<float>(mean), sd = static_cast<float>(std);
  auto fill16 = [&](size_t off) {
    for (size_t j = 0; j < 8; ++j) {
      const float u1 = 1.0f - d[off + j], u2 = d[off + j + 8];
      const float radius = std::sqrt(-2.0f * avx_logf(u1));
      float sn, cs;
      avx_sincosf(two_pi * u2, sn, cs);
      d[off + j] = std::fma(radius * cs, sd, m);
      d[off + j + 8] = std::fma(radius * sn, sd, m);
    }
  };
  for (long long i = 0; i + 15 < n; i += 16) fill16(static_cast<size_t>(i));
  if (n % 16 != 0) {  // the last 16 drawn again and transformed
    for (long long i = n - 16; i < n; ++i) d[static_cast<size_t>(i)] = uniform_float();
    fill16(static_cast<size_t>(n - 16));
  }
  for (float x : d) out.push_back(static_cast<double>(x));
  return out;
}

std::vector<double> CpuGenerator::normal_float64(long long n, double mean, double std) {
  std::vector<double> d;
  if (n <= 0) return d;
  if (n < 16) {
    for (long long i = 0; i < n; ++i) d.push_back(normal_double(mean, std));
    return d;
  }
  d.resize(static_cast<size_t>(n));
  for (auto& x : d) x = uniform_double();
  auto fill16 = [&](size_t off) {
    for (size_t j = 0; j < 8; ++j) {
      const double u1 = 1 - d[off + j], u2 = d[off + j + 8];
      const double radius = std::sqrt(-2 * std::log(u1));
      const double theta = 2.0f * kPi * u2;
      d[off + j] = radius * std::cos(theta) * std + mean;
      d[off + j + 8] = radius * std::sin(theta) * std + mean;
    }
  };
  for (long long i = 0; i + 15 < n; i += 16) fill16(static_cast<size_t>(i));
  if (n % 16 != 0) {
    for (long long i = n - 16; i < n; ++i) d[static_cast<size_t>(i)] = uniform_double();
    fill16(static_cast<size_t>(n - 16));
  }
  return d;
}

long long CpuGenerator::uniform_int(uint64_t range, long long base, bool wide) {
  const uint64_t v = wide && range >= (uint64_t{1} << 32) ? random64() : random();
  return static_cast<long long>(v % range) + base;
}

void CpuGenerator::skip_fill(long long n, bool normal, bool float64) {
  if (n <= 0) return;
  if (normal && n < 16) {  // normal_distribution<double> per element: the cached sample counts
    for (long long i = 0; i < n; ++i) normal_double(0, 1);
    return;
  }
  // a uniform per element; the normal fill's remainder redraws the last 16
  const long long uniforms = n + (normal && n % 16 != 0 ? 16 : 0);
  const long long draws = float64 ? 2 * uniforms : uniforms;
  for (long long i = 0; i < draws; ++i) random();
}

std::vector<double> CpuGenerator::randperm(long long n) {
  std::vector<double> r(static_cast<size_t>(n > 0 ? n : 0));
  for (size_t i = 0; i < r.size(); ++i) r[i] = static_cast<double>(i);
  for (long long i = 0; i + 1 < n; ++i) {
    const long long z = static_cast<long long>(random() % static_cast<uint64_t>(n - i));
    std::swap(r[static_cast<size_t>(i)], r[static_cast<size_t>(z + i)]);
  }
  return r;
}

}  // namespace tparse::compiler::rng
