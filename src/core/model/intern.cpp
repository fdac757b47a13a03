// The process-wide pools behind IStr and Fields (intern.hpp): sharded hash sets under a mutex
// each, node-based so the addresses handed out stay valid as the sets grow.
#include "intern.hpp"

#include <array>
#include <mutex>
#include <unordered_set>

namespace tparse {
namespace {

struct SvHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>()(s); }
};
struct SvEq {
  using is_transparent = void;
  bool operator()(std::string_view a, std::string_view b) const noexcept { return a == b; }
};

constexpr size_t kShards = 32;

struct StringPool {
  struct Shard {
    std::mutex mu;
    std::unordered_set<std::string, SvHash, SvEq> set;
  };
  std::array<Shard, kShards> shards;
};

StringPool& string_pool() {
  static StringPool* p = new StringPool;  // never destroyed: IStr may be read by other statics' destructors
  return *p;
}

// Lists are keyed by their elements' pool addresses (equal text <=> equal address).
struct ListHash {
  size_t operator()(const Fields::List& l) const noexcept {
    size_t h = 1469598103934665603ull;
    for (const auto& [k, v] : l) {
      h = (h ^ reinterpret_cast<uintptr_t>(k.c_str())) * 1099511628211ull;
      h = (h ^ reinterpret_cast<uintptr_t>(v.c_str())) * 1099511628211ull;
    }
    return h;
  }
};

struct ListPool {
  struct Shard {
    std::mutex mu;
    std::unordered_set<Fields::List, ListHash> set;
  };
  std::array<Shard, kShards> shards;
};

ListPool& list_pool() {
  static ListPool* p = new ListPool;
  return *p;
}

}  // namespace

const std::string& IStr::none() {
  static const std::string e;
  return e;
}

const std::string* IStr::intern(std::string_view s) {
  if (s.empty()) return &none();
  size_t h = SvHash()(s);
  auto& shard = string_pool().shards[(h >> 7) % kShards];
  std::lock_guard<std::mutex> lock(shard.mu);
  auto it = shard.set.find(s);
  if (it == shard.set.end()) it = shard.set.emplace(s).first;
  return &*it;
}

size_t IStr::pool_size() {
  size_t n = 0;
  for (auto& s : string_pool().shards) {
    std::lock_guard<std::mutex> lock(s.mu);
    n += s.set.size();
  }
  return n;
}

const Fields::List& Fields::none() {
  static const List e;
  return e;
}

const Fields::List* Fields::intern(const List& l) {
  if (l.empty()) return &none();
  size_t h = ListHash()(l);
  auto& shard = list_pool().shards[(h >> 7) % kShards];
  std::lock_guard<std::mutex> lock(shard.mu);
  auto it = shard.set.find(l);
  if (it == shard.set.end()) {
    List copy(l);
    copy.shrink_to_fit();
    it = shard.set.insert(std::move(copy)).first;
  }
  return &*it;
}

}  // namespace tparse
