// CPython's random generator (Modules/_randommodule.c): MT19937 seeded by init_by_array from an int's 32-bit words,
// so `random.seed(0); random.random()` gives CPython's values and data-dependent branches follow a real run.
#pragma once

#include <cstdint>
#include <vector>

namespace tparse::compiler {

class Mt19937 {
 public:
  Mt19937() { seed_words({0}); }
  /// random.seed(a) for an int a: the words of |a|, least significant first (one zero word for 0).
  void seed_int(unsigned long long a) {
    std::vector<uint32_t> key;
    do {
      key.push_back(static_cast<uint32_t>(a & 0xffffffffu));
      a >>= 32;
    } while (a);
    seed_words(key);
  }
  void seed_words(const std::vector<uint32_t>& key);
  /// numpy's legacy `RandomState.seed(s)` of an int: mt19937_seed, CPython's init_genrand
  void seed_genrand(uint32_t s) { init_genrand(s); }
  /// genrand_uint32: the next 32 bits.
  uint32_t next();

 private:
  static constexpr int N = 624;
  uint32_t mt_[N] = {};
  int mti_ = N + 1;
  void init_genrand(uint32_t s);
};

}  // namespace tparse::compiler
