// Report-wide memo of what pages make from a payload's text (highlighted HTML, previews, graph
// drawings), keyed by the payload's verified MD5 (PayloadStore::key). A compile-dense log repeats
// the same graphs and code in thousands of compiles: each distinct text is then read, hashed,
// highlighted, parsed and laid out once, and later compiles reuse the HTML fragment without
// reading the payload again. Fragments depend only on the text and the key's other parts, so the
// pages are byte-identical to making them every time. Thread-safe (page workers share it).
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

namespace tparse::report {

class Memo {
 public:
  /// The fragment stored under `key`, or null.
  std::shared_ptr<const std::string> find(const std::string& key) const {
    std::lock_guard<std::mutex> lk(mu_);
    auto it = map_.find(key);
    return it == map_.end() ? nullptr : it->second;
  }
  void put(const std::string& key, std::string value) {
    auto v = std::make_shared<const std::string>(std::move(value));
    std::lock_guard<std::mutex> lk(mu_);
    map_.emplace(key, std::move(v));
  }

 private:
  mutable std::mutex mu_;
  std::unordered_map<std::string, std::shared_ptr<const std::string>> map_;
};

/// A memo key: `kind` + the payload key (16 bytes) + variant parts; "" when the payload has no
/// verified key (then nothing is memoized).
inline std::string memo_key(char kind, std::string_view payload_key, std::string_view variant) {
  if (payload_key.empty()) return {};
  std::string k(1, kind);
  k += payload_key;
  k += variant;
  return k;
}

}  // namespace tparse::report
