// The Mersenne Twister as CPython's _randommodule.c runs it (init_genrand, init_by_array, genrand_uint32).
#include "runtime/mt19937.hpp"

#include <algorithm>

namespace tparse::compiler {

void Mt19937::init_genrand(uint32_t s) {
  mt_[0] = s;
  for (int i = 1; i < N; ++i) mt_[i] = 1812433253u * (mt_[i - 1] ^ (mt_[i - 1] >> 30)) + static_cast<uint32_t>(i);
  mti_ = N;
}

void Mt19937::seed_words(const std::vector<uint32_t>& key_in) {
  std::vector<uint32_t> key = key_in.empty() ? std::vector<uint32_t>{0} : key_in;
  init_genrand(19650218u);
  int i = 1;
  size_t j = 0;
  for (size_t k = std::max<size_t>(N, key.size()); k; --k) {
    mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1664525u)) + key[j] + static_cast<uint32_t>(j);
    ++i;
    ++j;
    if (i >= N) { mt_[0] = mt_[N - 1]; i = 1; }
    if (j >= key.size()) j = 0;
  }
  for (int k = N - 1; k; --k) {
    mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1566083941u)) - static_cast<uint32_t>(i);
    ++i;
    if (i >= N) { mt_[0] = mt_[N - 1]; i = 1; }
  }
  mt_[0] = 0x80000000u;
}

uint32_t Mt19937::next() {
  static const uint32_t mag01[2] = {0x0u, 0x9908b0dfu};
  constexpr uint32_t upper = 0x80000000u, lower = 0x7fffffffu;
  if (mti_ >= N) {
    int kk = 0;
    for (; kk < N - 397; ++kk) {
      uint32_t y = (mt_[kk] & upper) | (mt_[kk + 1] & lower);
      mt_[kk] = mt_[kk + 397] ^ (y >> 1) ^ mag01[y & 0x1u];
    }
    for (; kk < N - 1; ++kk) {
      uint32_t y = (mt_[kk] & upper) | (mt_[kk + 1] & lower);
      mt_[kk] = mt_[kk + (397 - N)] ^ (y >> 1) ^ mag01[y & 0x1u];
    }
    uint32_t y = (mt_[N - 1] & upper) | (mt_[0] & lower);
    mt_[N - 1] = mt_[396] ^ (y >> 1) ^ mag01[y & 0x1u];
    mti_ = 0;
  }
  uint32_t y = mt_[mti_++];
  y ^= (y >> 11);
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  y ^= (y >> 18);
  return y;
}

}  // namespace tparse::compiler
